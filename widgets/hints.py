"""Hints and what-if at the table: the analysis of one decision (``cardgames.analyse``) for people.

**Hints** say what each legal action of the player to act is worth, from that player's
information only: ``cardgames.core.analysis`` draws worlds from the player's view (the
others' cards dealt again among those the player cannot see, all future chance drawn
again), plays every action in each world and lets ``policy`` agents play on to the
horizon of the game's objective.  The widget computes them progressively with
``cardgames.analyse_progressively``, in a background thread: the chart is drawn after 8
worlds and redrawn after 16, 32, ... and all of them.  World ``i`` is drawn from the seed
and ``i`` alone, so every chart shows exactly ``cardgames.analyse(game, state, player,
worlds, policy, seed)`` for the worlds done, and the last one for all the worlds asked.

**What-if** compares the move made at a step of the timeline with another legal action
of the same player: both branches are played on in the real game by the table's bots to
the objective's horizon (two short logs and pictures), and both actions meet the same
worlds drawn from that player's information (the distribution of outcomes over worlds).

Everything here is plain Python; the widgets (``hints_ui``) only start it in a
:class:`Worker` and draw what it yields.  A newer position cancels the analysis of the
older one before its next world, not only at its next chart.  A :class:`Job` carries the language of the table
that started it, and the worker runs it inside that language (a thread starts with none).
"""

from __future__ import annotations

import math
import numbers
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from cardgames.core import i18n
from cardgames.core.analysis import MAX_WORLDS, Z95, analyse_progressively, outcomes_progressively, summarise
from cardgames.core.game import history
from cardgames.core.inputs import excerpt, integer
from cardgames.core.play import rollout
from cardgames.core.rng import check_seed, generator

from .clauses import told_html
from .picture import state_html
from .texts import N_, _, decimal, game_text, joined, ngettext

BRANCHES = ("played", "what-if")  # the values of the frame's "branch" column (the same in every language)
#: how each branch is named where a person reads it
BRANCH_NAMES = {"played": N_("played"), "what-if": N_("what-if")}


def branch_name(branch: str) -> str:
    """A branch ("played", "what-if") in the language in use."""
    return _(BRANCH_NAMES[branch]) if branch in BRANCH_NAMES else branch


# ---------------------------------------------------------------------------
# who may be hinted, and in words


def analysable(game) -> str:
    """Why ``game`` cannot be analysed (it declares no objective yet), or "" when it can."""
    if game.spec.objective is None:
        return _("{game} declares no objective for analysis yet, so it has no hints or what-if").format(
            game=game.spec.title
        )
    return ""


def hint_seat(table, in_view: bool = False) -> tuple[int | None, str]:
    """The seat whose decision the hints analyse now, or None and the reason in words.

    The player to act; at a table with human players only a human (hints are for the
    human, never for the bots).  ``in_view``: also only a seat that the table's
    perspective may see (in player 1's view, player 2's choices would show his hand).
    """
    game = table.game
    why = analysable(game)
    if why:
        return None, why
    acting = table.to_act()
    if not acting:
        return None, _("The game is over: there is no decision left to hint.")
    seats = list(acting)
    if table.humans:
        seats = [s for s in seats if s in table.humans]
        if not seats:
            bots = joined(game.seat_name(s) for s in acting)
            humans = joined(game.seat_name(s) for s in table.humans)
            return None, _("Hints are for {humans} (you); {bots} (a bot) is to act now.").format(
                humans=humans, bots=bots
            )
    if in_view and table.perspective is not None:
        if table.perspective not in seats:
            who = joined(game.seat_name(s) for s in seats)
            return None, _(
                "{who} is to act; in {me}'s view hints are only for {me}'s own decisions "
                "(choose the teacher's view to see them)."
            ).format(who=who, me=game.seat_name(table.perspective))
        seats = [table.perspective]
    return seats[0], ""


def information(game, seat: int, worlds: int, total: int | None = None) -> str:
    """The words that say whose information an analysis uses: "from player 2's information only: 40 worlds"."""
    who = game.seat_name(seat)
    if total is not None and total != worlds:
        return ngettext(
            "from {player}'s information only: {worlds} of {total} world",
            "from {player}'s information only: {worlds} of {total} worlds",
            total,
        ).format(player=who, worlds=worlds, total=total)
    return ngettext(
        "from {player}'s information only: {worlds} world",
        "from {player}'s information only: {worlds} worlds",
        worlds,
    ).format(player=who, worlds=worlds)


def labelled(game, state, summary) -> None:
    """Add to an analysis table the column ``label``: each action as a person reads it (``hints_chart`` shows it)."""
    from .actions import labels
    from .faces import for_game

    seat = summary.attrs["player"]
    shown = labels(game, for_game(game.name), game.legal_actions(state, seat))
    summary["label"] = summary["action"].map(lambda text: shown.get(text, text))


# ---------------------------------------------------------------------------
# the worlds, a batch at a time


def hint_batches(
    game,
    state,
    seat: int | None,
    worlds: Any,
    policy: Any = "greedy",
    seed: Any = 0,
    stop: Callable[[], bool] | None = None,
) -> Iterator[Any]:
    """The hints (``cardgames.analyse_progressively``'s tables: 8, 16, 32 ... worlds); the last is complete.

    Each frame's ``attrs`` hold, besides analyse's, ``total`` (the worlds asked for) and
    ``information``: "from player 2's information only: 40 of 200 worlds".  ``stop`` is
    asked before every world: once it answers True, no more tables come.
    """
    total = integer(worlds, "worlds", 1, MAX_WORLDS)
    for summary in analyse_progressively(game, state, seat, total, policy, seed, stop=stop):
        done = summary.attrs["worlds"]
        labelled(game, state, summary)
        summary.attrs.update(
            total=total,
            information=information(game, summary.attrs["player"], done, total),
            players=game.players,  # the chart names the seat as the game does (game.seat_name)
            options=dict(game.options),
        )
        yield summary


# ---------------------------------------------------------------------------
# what-if


@dataclass(frozen=True)
class Branch:
    """One branch of a what-if: an action at the step, then the game played on by the table's bots to the horizon."""

    branch: str  # "played" or "what-if"
    action: str
    steps: tuple  # the game's Steps from the branch point on (the first is the action itself)
    end: Any  # the state at the objective's horizon
    value: float  # the objective of the deciding player in this real game
    win: float  # 1 won, 0 lost, 0.5 shared, nan without a winner

    @property
    def sentences(self) -> list[str]:
        return [step.sentence for step in self.steps]


@dataclass(frozen=True)
class Comparison:
    """A what-if: the move made at ``step`` against another legal action of the same player.

    ``frame``: one row per world and branch, columns ``world``, ``branch`` ("played" or
    "what-if"), ``action``, ``value`` (the player's objective at the horizon in that
    world) and ``win`` (1/0, 0.5 shared, NaN where the objective has no winner); its
    ``attrs`` name the game, player, step, objective, horizon, policy, seed and worlds.
    The worlds are drawn from the deciding player's information only, and both actions
    meet the same worlds and the same draws afterwards.
    ``chart``: the altair chart of ``frame`` (distribution per branch, means with 95 %
    intervals, the paired difference in the title).  ``summary``: one row per branch.
    ``difference``: what-if minus played, paired by world: mean, low, high.
    ``branches``: the two :class:`Branch` es, the real game played on by the table's bots.
    ``html()`` (and the notebook display) shows both branches side by side.
    ``language``: the language its words are shown in (the table's; None: the language in use).
    """

    game: Any
    step: int
    seat: int
    frame: Any
    branches: tuple[Branch, Branch]
    total: int  # the worlds asked for (``frame`` may hold fewer while it is being computed)
    language: str | None = None

    @property
    def worlds(self) -> int:
        return int(self.frame["world"].nunique())

    @property
    def summary(self):
        """Per branch: its action, mean objective, 95 % interval, win chance, worlds (played first)."""
        table = summarise(self.frame.assign(action=self.frame["branch"]))
        table = table.rename(columns={"action": "branch"}).set_index("branch").loc[list(BRANCHES)].reset_index()
        table.insert(1, "action", [b.action for b in self.branches])
        table.attrs.update(self.frame.attrs)
        return table

    @property
    def difference(self) -> dict[str, float]:
        """What-if minus played over the same worlds: ``mean``, ``low``, ``high`` (95 %), ``worlds``."""
        wide = self.frame.pivot(index="world", columns="branch", values="value")
        diff = (wide["what-if"] - wide["played"]).to_numpy(dtype=float)
        n = len(diff)
        mean = float(diff.mean())
        half = Z95 * float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
        return {"mean": mean, "low": mean - half, "high": mean + half, "worlds": n}

    @property
    def chart(self):
        from .charts import compare_chart

        with i18n.language(self.language):  # each action by its label in the what-if's language
            labels = {branch.action: self._label(branch) for branch in self.branches}
        frame = self.frame.copy()
        frame.attrs = dict(self.frame.attrs, labels=labels)
        return compare_chart(frame, self.difference, language=self.language)

    def html(self, perspective: int | None = None, card_size: float = 0.6) -> str:
        """Both branches side by side: the action, the real game's outcome, the picture at the horizon, the log."""
        with i18n.language(self.language):
            return self._html(perspective, card_size)

    def _html(self, perspective: int | None, card_size: float) -> str:
        game = self.game
        objective = game.objective
        name, horizon = game_text(game, objective.name), game_text(game, objective.horizon)
        who = game.seat_name(self.seat)
        columns = []
        for branch in self.branches:
            outcome = {  # nan: no winner
                1.0: _("{player}: {value} {objective} · won in this game, played on by the bots to {horizon}"),
                0.0: _("{player}: {value} {objective} · lost in this game, played on by the bots to {horizon}"),
                0.5: _("{player}: {value} {objective} · shared win in this game, played on by the bots to {horizon}"),
            }.get(branch.win, _("{player}: {value} {objective} in this game, played on by the bots to {horizon}"))
            result = outcome.format(player=who, value=_number(branch.value), objective=name, horizon=horizon)
            lines = "".join(f"<li>{told_html(step.sentence, step.facts)}</li>" for step in branch.steps)
            columns.append(
                f'<div class="cg-branch cg-branch-{branch.branch}" style="flex:1 1 0; min-width:18em">'
                f"<b>{escape(branch_name(branch.branch))}</b>: "
                f'<code title="{escape(branch.action)}">{escape(self._label(branch))}</code><br>'
                f"{escape(result, quote=False)}"
                f"{state_html(game, branch.end, perspective, card_size)}"
                f'<div class="cg-log" style="max-height:180px; overflow:auto">'
                f'<ol start="{self.step + 1}">{lines}</ol></div></div>'
            )
        d = self.difference
        fields = dict(player=who, worlds=d["worlds"], mean=_number(d["mean"], sign=True), objective=name)
        if math.isnan(d["low"]):
            summary = ngettext(
                "From {player}'s information only ({worlds} world, the same for both actions), "
                "what-if minus played: {mean} {objective}.",
                "From {player}'s information only ({worlds} worlds, the same for both actions), "
                "what-if minus played: {mean} {objective}.",
                int(d["worlds"]),
            ).format(**fields)
        else:
            summary = ngettext(
                "From {player}'s information only ({worlds} world, the same for both actions), "
                "what-if minus played: {mean} {objective} (95 %: {low} to {high}).",
                "From {player}'s information only ({worlds} worlds, the same for both actions), "
                "what-if minus played: {mean} {objective} (95 %: {low} to {high}).",
                int(d["worlds"]),
            ).format(low=_number(d["low"]), high=_number(d["high"]), **fields)
        head = f'<div class="cg-whatif-summary">{escape(summary, quote=False)}</div>'
        return f'{head}<div class="cg-branches" style="display:flex; gap:12px">{"".join(columns)}</div>'

    def _label(self, branch: Branch) -> str:
        """A branch's action by its label in the language in use (its text is the tooltip)."""
        from .actions import action_label
        from .faces import for_game

        first = branch.steps[0] if branch.steps else None
        if first is None:
            return branch.action
        return action_label(self.game, for_game(self.game.name), self.game.action_parts(first.action))

    def _repr_html_(self) -> str:
        from .layout import CSS

        return CSS + '<div class="cg-root">' + self.html() + "</div>"

    def __repr__(self) -> str:
        played, other = (b.action for b in self.branches)
        with i18n.language(self.language):
            return ngettext(
                "<Comparison at step {step}: {played} played, {other} instead, {worlds} world>",
                "<Comparison at step {step}: {played} played, {other} instead, {worlds} worlds>",
                self.worlds,
            ).format(step=self.step, played=repr(played), other=repr(other), worlds=self.worlds)


def _number(x: float, sign: bool = False) -> str:
    """A value as the what-if shows it: three significant digits, a decimal comma in German."""
    if math.isnan(x):
        return _("n/a")
    return decimal(f"{x:+.3g}" if sign else f"{x:.3g}")


def decision_at(table, step: Any):
    """The move made at ``step`` of the table's timeline (a ``Step``: seat, action), or a clear ValueError."""
    if isinstance(step, bool) or not isinstance(step, numbers.Integral):
        raise ValueError(
            _("step is a state index of the timeline (0 for the start), not {value}").format(value=excerpt(step))
        )
    step = int(step)
    last = len(table.states) - 1
    if not 0 <= step <= last:
        raise ValueError(
            _("step {step} is outside the timeline: it has steps 0 to {last}").format(step=step, last=last)
        )
    if step == last:
        if table.game.is_over(table.states[last]):
            if last:
                raise ValueError(
                    _(
                        "the game is over at step {step}: there is no decision there to change; "
                        "choose an earlier step (0 to {last})"
                    ).format(step=step, last=last - 1)
                )
            raise ValueError(
                _(
                    "the game is over at step {step}: there is no decision there to change; the timeline has no move"
                ).format(step=step)
            )
        raise ValueError(
            _(
                "no move has been made at step {step} yet: what-if compares a move that was made with another; "
                "step forward first, or choose an earlier step"
            ).format(step=step)
        )
    move = table._steps[step]
    if move.seat is None:
        raise ValueError(
            _("the move at step {step} was nobody's decision, so it has no alternatives").format(step=step)
        )
    return move


def other_actions(table, step: int) -> list[str]:
    """The legal actions at ``step`` other than the one made there (their texts)."""
    move = decision_at(table, step)
    made = str(move.action)
    return [str(a) for a in table.game.legal_actions(move.before, move.seat) if str(a) != made]


def _alternative(table, step: int, move, action: Any) -> str:
    game = table.game
    text = action if isinstance(action, str) else str(action)
    try:
        parsed = game.parse_action(move.before, text, move.seat)
    except (ValueError, TypeError) as err:  # IllegalMove is a ValueError
        raise ValueError(
            _("{action} is not a legal action of {player} at step {step}: {error}").format(
                action=excerpt(text), player=game.seat_name(move.seat), step=step, error=err
            )
        ) from None
    if str(parsed) == str(move.action):
        raise ValueError(
            _("{action} is the move made at step {step}; what-if needs another legal action, such as {others}").format(
                action=excerpt(str(parsed)), step=step, others=excerpt(", ".join(other_actions(table, step)[:5]))
            )
        )
    return str(parsed)


def play_on(game, before, action: str, seat: int, agents: Sequence[str], seed: int, branch: str) -> Branch:
    """``action`` at ``before``, then every seat's agent plays on to the objective's horizon (from ``seed``)."""
    bots = [game.agent(name, s) for s, name in enumerate(agents)]
    first = game.advance(before, game.parse_action(before, action, seat), seat)
    end = rollout(game, first.after, bots, generator(seed, "what-if"), before)
    steps = [first]
    state = first.after
    for player, move in history(end)[len(history(state)) :]:
        step = game.advance(state, move, player)
        steps.append(step)
        state = step.after
    return Branch(
        branch,
        action,
        tuple(steps),
        state,
        float(game._score(before, state, seat)),
        float(game._won(before, state, seat)),
    )


def compare_batches(
    table,
    step: Any,
    action: Any,
    worlds: Any = 100,
    seed: Any = 0,
    policy: Any = "greedy",
    stop: Callable[[], bool] | None = None,
) -> Iterator[Comparison]:
    """The :class:`Comparison` after 8, 16, 32 ... worlds (the last is complete); arguments checked first.

    ``stop`` is asked before every world: once it answers True, no more comparisons come.
    """
    game = table.game
    game.objective  # noqa: B018 - a game without an objective says so here
    move = decision_at(table, step)
    step = int(step)
    total = integer(worlds, "worlds", 1, MAX_WORLDS)
    seed = check_seed(seed)
    game._check_policy(policy)
    alternative = _alternative(table, step, move, action)
    played = str(move.action)
    # the table's bots play on; a human's seat is played by the policy agent
    agents = [policy if s in table.humans else name for s, name in enumerate(table.agent_names)]
    branches = (
        play_on(game, move.before, played, move.seat, agents, seed, BRANCHES[0]),
        play_on(game, move.before, alternative, move.seat, agents, seed, BRANCHES[1]),
    )
    names = {played: BRANCHES[0], alternative: BRANCHES[1]}
    frames = outcomes_progressively(
        game, move.before, move.seat, total, policy, seed, actions=[played, alternative], stop=stop
    )
    for frame in frames:
        wide = frame.assign(branch=frame["action"].map(names))[["world", "branch", "action", "value", "win"]]
        wide.attrs = dict(frame.attrs, step=step, information=information(game, move.seat, frame.attrs["worlds"]))
        yield Comparison(game, step, move.seat, wide, branches, total, i18n.get_language())


def last(frames: Iterator[Any]) -> Any:
    """The last item of a progressive computation (run synchronously)."""
    result = None
    for result in frames:  # noqa: B007 - only the last one is kept
        pass
    return result


# ---------------------------------------------------------------------------
# the background thread


class Job:
    """One progressive computation: ``publish`` gets each partial result, ``fail`` an error; ``wait`` for its end.

    ``steps``: a function of one argument, ``stop`` (a function that answers whether the
    job was cancelled), that returns the iterator of partial results; the computation
    asks ``stop`` as often as it can stop cheaply, so a cancelled job ends at once.
    ``language``: the language its texts are made in, in the worker's thread (None: the
    language in use when the job is made).
    """

    def __init__(
        self,
        steps: Callable[[Callable[[], bool]], Iterator[Any]],
        publish: Callable[[Any], None],
        fail: Callable[[Exception], None],
        language: str | None = None,
    ):
        self.steps = steps
        self.publish = publish
        self.fail = fail
        self.language = i18n.get_language() if language is None else i18n.normalize(language)
        self.cancelled = False
        self.result: Any = None  # the latest partial result published
        self.published = 0
        self.error: Exception | None = None
        self.done = threading.Event()

    def stopped(self) -> bool:
        """Was the job cancelled (its computation should stop)?"""
        return self.cancelled

    @property
    def finished(self) -> bool:
        """Did it run to its last batch (not cancelled, no error)?"""
        return self.done.is_set() and not self.cancelled and self.error is None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job ended (complete, cancelled or failed); False if ``timeout`` seconds passed first."""
        return self.done.wait(timeout)


class Worker:
    """One daemon thread that runs the latest submitted job, a batch at a time.

    A newer job cancels the older one: it stops as soon as its computation asks
    (``Job.stopped``: before each world of an analysis) and publishes nothing more.  Publishing happens under the worker's lock, so a cancelled job never draws
    over a newer one.  The thread ends after a minute without work and starts again
    with the next job.
    """

    IDLE_SECONDS = 60

    def __init__(self, name: str):
        self.name = name
        self._lock = threading.Condition()
        self._pending: Job | None = None
        self._current: Job | None = None
        self._thread: threading.Thread | None = None

    def submit(self, job: Job) -> Job:
        with self._lock:
            self._cancel_all()
            self._pending = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                self._thread.start()
            self._lock.notify()
        return job

    def cancel(self) -> None:
        """Stop whatever runs or waits (at its next batch)."""
        with self._lock:
            self._cancel_all()

    def _cancel_all(self) -> None:
        if self._pending is not None:
            self._pending.cancelled = True
            self._pending.done.set()
            self._pending = None
        if self._current is not None:
            self._current.cancelled = True

    def _loop(self) -> None:
        while True:
            with self._lock:
                while self._pending is None:
                    if not self._lock.wait(self.IDLE_SECONDS) and self._pending is None:
                        self._thread = None
                        return
                job, self._pending = self._pending, None
                self._current = job
            self._run(job)

    def _run(self, job: Job) -> None:
        try:
            with i18n.language(job.language):  # a thread starts in no language block: the job's
                for partial in job.steps(job.stopped):
                    with self._lock:
                        if job.cancelled:
                            break
                        job.result = partial
                        job.publish(partial)
                        job.published += 1
        except Exception as err:  # shown by the widget in the message line
            with self._lock:
                if not job.cancelled:
                    job.error = err
                    with i18n.language(job.language):
                        job.fail(err)
        finally:
            with self._lock:
                if self._current is job:
                    self._current = None
            job.done.set()
