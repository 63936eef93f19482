"""Table: one game on screen, stepped by bots or played by people, with exact stepping back.

The logic is plain Python (``step``, ``back``, ``restart``, ``run_to_end``, ``play``) and
the widgets only call it, so everything a person can click is testable in pytest by
clicking the buttons in Python.  States are immutable; the table keeps every state it
has shown, so going back is exact and stepping forward again after going back replays
the same moves (bots' random generators are snapshotted with the states).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

import cardgames
from cardgames.core import i18n
from cardgames.core.agents import seated
from cardgames.core.errors import InputError
from cardgames.core.game import Game
from cardgames.core.inputs import excerpt
from cardgames.core.rng import generator
from cardgames.core.simulate import _agent_names

from . import faces as _faces
from .actions import empty_help, labels, typed_text, unknown_help
from .clauses import told_html
from .layout import CSS
from .picture import Picture, card_size_checked, picture, settlement_html, state_html
from .texts import _, chosen, joined, ngettext, speaking

LOG_LINES = 400  # the log shows at most this many latest sentences
_DEFAULT_SEED: Any = object()  # Table() without seed= starts from seed 0


class Table:
    """A game at a table: ``Table("brokdorf", players=4, seed=7, agents=["greedy", "random"])``.

    ``agents``: one agent per seat or one for all (default ``"random"``): the name of one of the
    game's agents, an agent class, an object with ``act(view, legal_actions, rng)`` or a plain
    function of those three (a bot of your own, which sees only its view).
    ``perspective``: None shows every hand (the teacher's view); a seat shows that player's view.
    ``human``: a seat (or several) played by clicking; bots answer after each human move.
    ``deck`` (and ``setup``, a dict of other ``new()`` keys such as ``rolls``/``events``)
    stack the deal; ``record`` (a ``cardgames.record`` dict, JSON text or path) opens a
    saved game at its last state (or at ``at``), with every earlier state one ``back()`` away.
    ``state`` opens a position built by the game itself, such as Three Bridges'
    ``game.position(...)`` or The Brotherhood's ``game.scenario(...)``; pass the game
    object that built it as the first argument (``Table(game, state=position)``).  Such a
    position has no seed behind it, so the table can step, go back and restart to it, but
    not save it as a record.
    ``card_size`` scales the card faces (1.2 or more for a projector).
    ``language``: the language of everything the table shows, ``"de"`` or ``"en"`` (default
    None: the language in use when the table is made, ``cardgames.get_language()``): its
    own labels and the game's sentences, refusals, settlement and clauses, in button clicks
    and background work alike, whatever language the rest of the notebook uses.
    ``set_language()`` (or the "language" dropdown) switches it later.
    Remaining keyword arguments are the game's options.
    ``hints()`` values the legal actions of the player to act and ``compare(step, action)``
    tries another action at a step (what-if), both from one player's information only,
    in games that declare an objective; the widget's "hints" and "what-if" switches do
    the same in the background.  ``open_hands()`` (Brokdorf, teacher's view only) gives each
    legal card's exact value with every hand open, as the "open hands" switch shows it.
    """

    def __init__(
        self,
        game_name: str | Game | None = None,
        players: int | None = None,
        seed: Any = _DEFAULT_SEED,
        agents: Any = "random",
        perspective: int | None = None,
        human: int | Sequence[int] | None = None,
        deck: Sequence[str] | None = None,
        record: Any = None,
        at: int | None = None,
        setup: dict | None = None,
        card_size: float = 0.8,
        state: Any = None,
        language: str | None = None,
        **options: Any,
    ):
        self.language = chosen(language)
        with i18n.language(self.language):
            self._open(
                game_name, players, seed, agents, perspective, human, deck, record, at, setup, card_size, state, options
            )

    def _open(
        self, game_name, players, seed, agents, perspective, human, deck, record, at, setup, card_size, state, options
    ):
        """The constructor's work, inside the table's language (its errors and the sentences of a record's moves)."""
        self._position = state is not None
        if record is not None and state is not None:
            raise InputError(_("Table opens either a record or a state, not both"))

        if isinstance(game_name, Game):
            if players is not None or options:
                raise InputError(_("pass players and options to cardgames.load(), or pass a game name, not both"))
            game_name, game = game_name.name, game_name
        else:
            game = None
        # a record or a state is a game already set up: arguments that set one up would be silently ignored
        given = {name for name, value in (("deck", deck), ("setup", setup)) if value is not None}
        given |= {"seed"} if seed is not _DEFAULT_SEED else set()
        if record is not None:
            given |= set(options) | ({"players"} if players is not None else set())
        if (record is not None or state is not None) and given:
            source = "record" if record is not None else "state"
            ignored = ", ".join(sorted(given))
            raise InputError(
                _(
                    "Table({source}=...) opens a game that is already set up, so {ignored} cannot apply; leave {ignored} out"
                ).format(source=source, ignored=ignored)
            )
        if seed is _DEFAULT_SEED:
            seed = 0
        if record is not None:
            states = cardgames.replay(record)
            game = _game_of(record)
            if game_name is not None and game_name != game.name:
                raise ValueError(_("the record is a game of {game}, not {name}").format(game=game.name, name=game_name))
        elif state is not None:
            if game_name is None:
                raise InputError(_("Table needs the game that built the state: Table(game, state=...)"))
            game = game or cardgames.load(game_name, players=players, **options)
            _check_position(game, state)
            states = [state]
        else:
            if game_name is None:
                raise InputError(_("Table needs a game name, e.g. Table('brokdorf'), or record=..."))
            game = game or cardgames.load(game_name, players=players, **options)
            extra = dict(setup or {})
            if deck is not None:
                extra["deck"] = deck
            states = [game.new(seed=seed, **extra)]
        self.game = game
        self.seed = states[0].setup.seed
        self.humans = _seats(game, human)
        self.agent_names = _agent_names(game, agents)
        self.bots = [None if s in self.humans else seated(game, a, s) for s, a in enumerate(self.agent_names)]
        self._rngs = self._fresh_generators()
        self.face = _faces.for_game(game.name)
        self.card_size = card_size_checked(card_size)
        self._perspective = (
            game.check_seat(perspective) if perspective is not None else (self.humans[0] if self.humans else None)
        )
        # the timeline: states[i]; steps[i] leads from states[i] to states[i+1] (its sentence and what it
        # ended); bot_seat[i] is the seat of the bot that chose move i (None: a human's or a recorded move)
        self._states = list(states)
        moves = cardgames.history(states[-1])[len(cardgames.history(states[0])) :]  # those between the states
        self._steps = [
            game.explain(before, action, after, player)
            for before, after, (player, action) in zip(states, states[1:], moves)
        ]
        self._log = [step.sentence for step in self._steps]
        self._bot_seat: list[int | None] = [None] * len(self._log)
        self._rng_upto = len(self._log)  # the generators hold the draws of the bot moves before this step
        self.index = len(states) - 1 if at is None else _index(at, len(states))
        self.message = ""
        self._ui = None
        if self.humans and record is None:
            self._bots_answer()

    # ------------------------------------------------------------------ state
    @property
    def state(self):
        """The state shown now."""
        return self._states[self.index]

    @property
    def states(self) -> tuple:
        """Every state of the timeline (the ones after ``index`` are what ``step`` replays)."""
        return tuple(self._states)

    @property
    def log(self) -> list[str]:
        """The describe sentences of the moves up to the state shown, oldest first."""
        return self._log[: self.index]

    @property
    def log_facts(self) -> list[tuple]:
        """What each sentence of ``log`` tells, as data (``step.facts``: clauses, seats, cards), oldest first."""
        return [step.facts for step in self._steps[: self.index]]

    @property
    def perspective(self) -> int | None:
        return self._perspective

    @perspective.setter
    @speaking
    def perspective(self, seat: int | None) -> None:
        self._perspective = None if seat is None else self.game.check_seat(seat)
        self._refresh()

    def set_language(self, code: str | None) -> str:
        """Show this table in ``code`` (``"de"``, ``"en"``; None: the language in use) from now on; returns it.

        Its labels change, and the log is told again in the new language (the moves stay the
        same: every sentence is made anew from the states).
        """
        code = chosen(code)
        if code != self.language:
            self.language = code
            with i18n.language(code):
                self._steps = [self.game.explain(s.before, s.action, s.after, s.seat) for s in self._steps]
            self._log = [step.sentence for step in self._steps]
            self.message = ""
            if self._ui is not None:
                self._ui.rebuild()
        return self.language

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    @speaking
    def legal_actions(self, seat: int | None = None) -> tuple:
        """The legal actions of ``seat`` (default: the first player to act)."""
        acting = self.to_act()
        if not acting:
            return ()
        return self.game.legal_actions(self.state, acting[0] if seat is None else seat)

    @speaking
    def legal_labels(self, seat: int | None = None) -> dict[str, str]:
        """The legal actions of ``seat`` (default: the first player to act) as the buttons label them.

        Each action text -> its label in the table's language: ``{"bid 4": "Gebot 4", "play 7H": "spielen ♥7"}``
        at a German table; ``", ".join(table.legal_labels().values())`` prints them as a class reads them.
        """
        return labels(self.game, self.face, self.legal_actions(seat))

    @speaking
    def settlement(self):
        return self.game.settlement(self.state)

    @speaking
    def record(self) -> dict:
        """The state shown as a ``cardgames.record`` (a scenario to save and reopen)."""
        if self._position:
            raise ValueError(
                _(
                    "this table started from a position (state=...), which has no seed behind it: "
                    "a record replays a game from its seed, so it cannot hold this one"
                )
            )
        return cardgames.record(self.game, self.state)

    # ------------------------------------------------------------- analysis
    @speaking
    def hints(self, worlds: Any = 200, seed: Any = 0, policy: Any = "greedy", player: Any = None):
        """What each legal action of the player to act is worth, from that player's information only.

        ``cardgames.analyse`` of the state shown (the same numbers): one row per legal
        action, best first, with ``value`` (the mean objective, ``self.game.objective``
        says what and at which horizon), its 95 % interval ``low``/``high``, the chance to
        ``win`` and the ``worlds``, and beside the action's text its ``label`` in the
        table's language (what the hints chart shows).  ``attrs["information"]`` says it in words: "from
        player 2's information only: 200 worlds".  ``player`` defaults to the player to
        act, at a table with human players to the human (hints are for the human, so a
        bot to act is refused unless named).  Synchronous; the widget's "hints" switch
        computes the same in the background.
        """
        from .hints import hint_seat, information, labelled

        seat = player
        if seat is None:
            seat, why = hint_seat(self)
            if seat is None:
                raise ValueError(why)
        frame = cardgames.analyse(self.game, self.state, seat, worlds, policy, seed)
        labelled(self.game, self.state, frame)
        frame.attrs.update(
            total=frame.attrs["worlds"],
            information=information(self.game, frame.attrs["player"], frame.attrs["worlds"]),
            players=self.game.players,  # the chart names the seat as the game does (game.seat_name)
            options=dict(self.game.options),
        )
        return frame

    @speaking
    def compare(self, step: Any, action: Any, worlds: Any = 100, seed: Any = 0, policy: Any = "greedy"):
        """What-if: the move made at ``step`` of the timeline against another legal ``action`` of the same player.

        ``step`` is a state index of the timeline (``table.index`` when that state is
        shown; its move is line ``step + 1`` of the log).  Returns a
        :class:`~cardgames_widgets.hints.Comparison`: ``.frame`` has one row per world and
        branch (``world``, ``branch`` "played" or "what-if", ``action``, ``value``: the
        player's objective at the horizon, ``win``), the worlds drawn from that player's
        information only and the same for both actions; ``.chart`` is its altair chart;
        ``.branches`` the real game played on from each action by the table's bots (a
        human's seat by ``policy``) to the objective's horizon, shown side by side by
        ``.html()``; ``.summary`` and ``.difference`` (paired by world) the numbers.
        The same seed gives the same comparison.

        A step outside the timeline, one where no move was made yet or the game is over,
        an action that is not legal there or is the move made, worlds below 1 or an
        unknown policy raise ``ValueError``.
        """
        from .hints import compare_batches, last

        return last(compare_batches(self, step, action, worlds, seed, policy))

    @speaking
    def open_hands(self) -> dict[str, int]:
        """Each legal card of the player to act -> the tricks he is sure of with every hand open (teacher's view).

        Brokdorf's open-hand solver (``cardgames.brokdorf.solve_actions``): the tricks he holds at
        the end of the deal, those taken included, when everybody else plays against him; keys are
        the legal action texts in the legal order.  The values read every hand, so they are only
        given when the table shows every hand (``perspective`` None) and no seat is played by a
        human; otherwise, in another game or outside card play a ``ValueError`` says why.
        """
        from .open_hands import values

        return values(self)

    # ------------------------------------------------------------- stepping
    @speaking
    def step(self) -> bool:
        """One decision forward: replay the next state of the timeline, or let a bot act.

        Returns False (and says why in ``message``) when nothing moved: the game is over
        or only human players are to act.
        """
        if self.index + 1 < len(self._states):
            self.index += 1
            self.message = ""
            self._refresh()
            return True
        moved = self._bot_move()
        self._refresh()
        return moved

    @speaking
    def back(self) -> bool:
        """One state back (exact: the earlier state object itself)."""
        if self.index == 0:
            self.message = _("This is the start.")
            self._refresh()
            return False
        self.index -= 1
        self.message = ""
        self._refresh()
        return True

    @speaking
    def restart(self) -> None:
        """Back to the start; ``step`` then replays the same moves."""
        self.index = 0
        self.message = ""
        self._refresh()

    @speaking
    def go_to(self, index: int) -> None:
        """Show state ``index`` of the timeline, stepping forward as far as needed."""
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise ValueError(_("a step index is a whole number from 0, not {value}").format(value=excerpt(index)))
        index = int(index)
        if index < 0:
            raise ValueError(_("a step index is 0 or more"))
        index = min(index, len(self._states) - 1 + self.game.max_decisions)
        while self.index < index and self._advance():
            pass
        if index < self.index:
            self.index = index
        self._refresh()

    def run_to_end(self, limit: int | None = None) -> int:
        """Step until the game is over (or a human must act); returns the number of steps."""
        return self._run(None, limit)

    def run_to_end_of_trick(self, limit: int | None = None) -> int:
        """Step until the smallest unit of play ends (a trick; a round in Three Bridges), or a human must act."""
        return self._run(0, limit)

    def run_to_end_of_round(self, limit: int | None = None) -> int:
        """Step until the next larger unit ends (a game of Brokdorf, a fight of Bronko-Donko, a round ...)."""
        return self._run(1, limit)

    @property
    def levels(self) -> tuple[str, ...]:
        """The units of play of this game, small to large (``game.spec.levels``): what the run buttons stop at."""
        return self.game.spec.levels

    @speaking
    def _run(self, level: int | None = None, limit: int | None = None) -> int:
        """Step until a step ends ``levels[level]`` or a larger unit (None: to the end), or nothing moves."""
        limit = self.game.max_decisions if limit is None else limit
        levels = self.levels
        target = levels[min(level, len(levels) - 1)] if level is not None and levels else None
        steps = 0
        while steps < limit and self._advance():
            steps += 1
            if target is not None and self._steps[self.index - 1].ended(target, levels):
                break
        self._refresh()
        return steps

    def _advance(self) -> bool:
        """``step`` without re-rendering (for runs)."""
        if self.index + 1 < len(self._states):
            self.index += 1
            return True
        return self._bot_move()

    # ---------------------------------------------------------------- bots
    def _fresh_generators(self) -> list:
        """One generator per seat, as cardgames.simulate gives its agents."""
        return [generator(self.seed, "agent", s) for s in range(self.game.players)]

    def _resync(self, upto: int) -> None:
        """Bring the bots' generators to step ``upto`` of this timeline by redrawing its bot moves.

        Needed only after a human changed the past (went back and played something
        else): the generators then hold draws of a future that no longer exists.
        Keeping generator snapshots instead would cost ~20 KB per step.
        """
        self._rngs = self._fresh_generators()
        game = self.game
        for j in range(upto):
            seat = self._bot_seat[j]
            if seat is not None:
                state, bot = self._states[j], self.bots[seat]
                assert bot is not None  # a seat the bots play has its bot
                view = game.view(state, seat) if getattr(bot, "uses_view", True) else None
                bot.act(view, game.legal_actions(state, seat), self._rngs[seat])
        self._rng_upto = upto

    def _bot_move(self) -> bool:
        state = self.state
        acting = self.game.to_act(state)
        if not acting:
            self.message = _("The game is over.")
            return False
        bots = [s for s in acting if s not in self.humans]
        if not bots:
            who = joined(self.game.seat_name(s) for s in acting)
            # "click a card" only where a card of the hand can be clicked (not The Brotherhood's orders)
            legal = self.game.legal_actions(state, acting[0])
            if any(self.game.action_parts(action).cards for action in legal):
                self.message = _("Your turn ({players}): click a card or an action.").format(players=who)
            else:
                self.message = _("Your turn ({players}): choose an action below.").format(players=who)
            return False
        seat = bots[0]
        if self._rng_upto != self.index:
            self._resync(self.index)
        bot = self.bots[seat]
        legal = self.game.legal_actions(state, seat)
        view = self.game.view(state, seat) if getattr(bot, "uses_view", True) else None
        try:
            action = bot.act(view, legal, self._rngs[seat])
            self._push(action, seat, bot=True)
        except Exception as error:  # noqa: BLE001 - a bot's mistake (one of the user's own, say) stops the table
            # the table stays as it was at this step, and says which bot failed where and why
            self.message = _(
                "The bot playing {seat} failed at step {step}: {kind}: {reason}. The table stopped here; "
                "go back, or play on with other agents."
            ).format(seat=self.game.seat_name(seat), step=self.index + 1, kind=type(error).__name__, reason=error)
            return False
        self.message = ""
        return True

    def _push(self, action, seat, bot: bool = False) -> None:
        step = self.game.advance(self.state, action, seat)  # applied once: the state, its sentence, what it ended
        i = self.index
        del self._states[i + 1 :], self._steps[i:], self._log[i:], self._bot_seat[i:]
        self._states.append(step.after)
        self._steps.append(step)
        self._log.append(step.sentence)
        self._bot_seat.append(seat if bot else None)
        # the generators stay right if they held no draws beyond step i (bot: this draw was step i)
        self._rng_upto = i + 1 if self._rng_upto == i or bot else -1
        self.index += 1

    def _bots_answer(self) -> None:
        """Bots act until a human must act or the game is over (``message`` then says which)."""
        for _turn in range(self.game.max_decisions):
            if not self._advance():
                break

    # --------------------------------------------------------------- humans
    @speaking
    def play(self, action, seat: int | None = None) -> bool:
        """A human move: an action or its text.  An illegal one changes nothing and sets ``message``.

        After a legal move the bots answer until a human must act again or the game ends.
        """
        acting = self.to_act()
        if seat is None:
            mine = [s for s in acting if s in self.humans] or list(acting)
            seat = mine[0] if mine else (self.humans[0] if self.humans else None)
        text = action if isinstance(action, str) else str(action)
        if isinstance(action, str) and not action.strip():  # an empty text box sent: a hint, not a refusal
            legal = self.game.legal_actions(self.state, seat) if seat in acting else ()
            self.message = empty_help(self.game, self.face, legal)
            self._refresh()
            return False
        if isinstance(action, str):  # a label as the table shows it ("Gebot 2", "legen E-VII A") or the action text
            text = typed_text(self.game, self.face, self.state, seat, action)
        try:
            parsed = self.game.parse_action(self.state, text, seat)
        except cardgames.IllegalMove as err:
            rule = f" ({err.rule})" if getattr(err, "rule", None) and err.rule not in str(err) else ""
            self.message = _("Not allowed: {error}").format(error=f"{err}{rule}")
            self._refresh()
            return False
        except (ValueError, TypeError) as err:
            legal = self.game.legal_actions(self.state, seat) if seat in self.to_act() else ()
            shown = unknown_help(self.game, self.face, legal, action) if isinstance(action, str) else None
            # the game's reason says itself that the text is not understood: no second "not understood" before it
            self.message = _("Not played: {error}").format(error=shown or err)
            self._refresh()
            return False
        self._push(parsed, seat)
        self.message = ""
        if self.humans:
            self._bots_answer()
        self._refresh()
        return True

    # ---------------------------------------------------------- the widget
    @property
    def widget(self):
        """The ipywidgets box (built on first use)."""
        if self._ui is None:
            from .ui import TableUI

            with i18n.language(self.language):
                self._ui = TableUI(self)
        return self._ui.box

    @property
    def ui(self):
        self.widget  # noqa: B018 - builds it
        return self._ui

    @speaking
    def _refresh(self) -> None:
        if self._ui is not None:
            self._ui.refresh()

    @speaking
    def html(self) -> str:
        """The table picture as HTML (what the table widget shows)."""
        return CSS + state_html(self.game, self.state, self._perspective, self.card_size)

    @speaking
    def settlement_html(self) -> str:
        """The settlement rows of a finished game as an HTML table (empty while the game goes on)."""
        return settlement_html(self.settlement(), self.game) if self.is_over() else ""

    @speaking
    def log_html(self) -> str:
        lines = self.log
        first = max(0, len(lines) - LOG_LINES)
        items = []
        for i, sentence in enumerate(lines[first:], first + 1):
            latest = ' class="cg-latest"' if i == len(lines) else ""
            items.append(f"<li{latest}>{told_html(sentence, self._steps[i - 1].facts)}</li>")
        return f'<div class="cg-log"><ol start="{first + 1}">{"".join(items)}</ol></div>'

    def picture(self) -> Picture:
        """A static picture of the state shown, with the latest sentence of the log under it."""
        return picture(
            self.game,
            self.state,
            self._perspective,
            self.card_size,
            caption=self.log[-1] if self.log else "",
            language=self.language,
        )

    @speaking
    def __repr__(self) -> str:
        fields = dict(game=self.game.name, n=self.game.players, seed=self.seed, step=self.index)
        if self.is_over():
            return ngettext(
                "<Table {game}, {n} player, seed {seed}, step {step}, over>",
                "<Table {game}, {n} players, seed {seed}, step {step}, over>",
                self.game.players,
            ).format(**fields)
        return ngettext(
            "<Table {game}, {n} player, seed {seed}, step {step}>",
            "<Table {game}, {n} players, seed {seed}, step {step}>",
            self.game.players,
        ).format(**fields)

    @speaking
    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and a static picture for viewers without a kernel (GitHub, nbviewer, exports)."""
        data = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            data = data[0]
        data = dict(data or {})
        data["text/plain"] = repr(self)
        data["text/html"] = self.picture().html
        return data


def _check_position(game, state) -> None:
    """A state of ``game``'s kind and table size, or a clear error."""
    kind = type(game.new(seed=0))
    if type(state) is not kind:
        raise InputError(
            _("state must be a {game} state (from {game}'s own position or scenario builder), not {kind}").format(
                game=game.name, kind=f"{type(state).__module__}.{type(state).__name__}"
            )
        )
    try:
        game.to_act(state)
        game.render(state)
    except Exception as error:
        raise ValueError(_("this state does not fit {game}: {error}").format(game=repr(game), error=error)) from None


def _game_of(record):
    from cardgames.core.replay import check_record

    rec = check_record(record)
    return cardgames.load(rec["game"], players=rec["players"], **rec["options"])


def _seats(game, human) -> tuple[int, ...]:
    if human is None:
        return ()
    seats = (human,) if isinstance(human, int) and not isinstance(human, bool) else tuple(human)
    return tuple(game.check_seat(s) for s in seats)


def _index(at: int, n: int) -> int:
    if isinstance(at, bool) or not isinstance(at, int):
        raise InputError(_("at is a step index, not {value}").format(value=repr(at)))
    if not -n <= at < n:
        raise ValueError(_("the record has states 0 to {last}; at={at} is outside").format(last=n - 1, at=at))
    return at % n
