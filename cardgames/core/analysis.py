"""What is each move worth?  Analysis of one decision from one player's information.

``analyse(game, state)`` answers "which card should she lead here, and how much does it
matter?" for the player to act.  It never looks at what that player cannot know:

1. it takes the player's view of ``state`` (``game.view``), which hides the others'
   cards, face-down cards, the seed and the sealed orders of others;
2. it draws ``worlds`` complete states consistent with that view (``Game._determinize``:
   the hidden cards dealt again uniformly among the deals that agree with everything the
   player has seen, all future chance drawn again);
3. in each world it plays every legal action and lets the ``policy`` agent play every
   seat on to the horizon of the game's objective (``game.objective``: the end of the
   Brokdorf deal, of the Bronko-Donko fight, of the game ...), and scores the result.

Every action meets the same worlds and the same random draws afterwards (common random
numbers), so differences between actions are measured more sharply than the values
themselves.  World ``i`` is drawn from ``seed`` and ``i`` alone: the same seed gives the
same numbers with or without an executor, and two states with the same view for the
player give the same table.

Of equal values the table ranks a complete decision before an action after which the same
player acts again at once (a part of a longer decision, such as an attachment before its card):
the attachment's row is the whole decision as the policy finishes it, and where it buys nothing
measurable the table does not recommend spending it.

The method's limits: the worlds are uniform over the hidden cards, not weighted by how
likely the others' past decisions made them (a card a player kept although it would have
won a trick is not counted as less likely); and the values are those of the ``policy``
playing on, so "best" means best if everybody then plays like that policy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from .agents import seated
from .errors import InputError
from .game import Game
from .i18n import Catalog
from .inputs import excerpt, integer
from .play import play_on
from .rng import check_seed, derive
from .simulate import submitted

if TYPE_CHECKING:
    import pandas as pd

_, ngettext = Catalog("cardgames").functions()

MAX_WORLDS = 1_000_000
Z95 = 1.959963984540054  # the two-sided 95 % quantile of the standard normal distribution


def _seat_to_decide(game: Game, state: Any, player: Any) -> int:
    """The seat whose decision is analysed, or a ValueError that says what to ask instead."""
    acting = game.to_act(state)
    if not acting:
        raise ValueError(
            _("this {game} game is over: there is no decision left to analyse").format(game=game.spec.title)
        )
    if player is None:
        if len(acting) > 1:
            raise ValueError(
                _("several players act now ({names}): say which with player=").format(names=", ".join(map(str, acting)))
            )
        return acting[0]
    seat = game.check_seat(player)
    if seat not in acting:
        raise ValueError(
            _("{seat} is not to act now (to act: {acting}); analyse the decision of a player who is").format(
                seat=game.seat_name(seat), acting=", ".join(map(str, acting))
            )
        )
    return seat


def _world_rows(
    game: Game, view: Any, seat: int, texts: Sequence[str], bots: Sequence[Any], policy: Any, seed: int, i: int
) -> list[tuple[int, int, float, float]]:
    """World ``i``: (world, action index, score, win) for every action, drawn from ``seed`` and ``i`` alone."""
    world = game._determinize(view, seat, random.Random(derive(seed, "world", i)), policy)
    actions = [game.parse_action(world, text, seat) for text in texts]
    return [
        (i, k, float(game._score(world, end, seat)), float(game._won(world, end, seat)))
        for k, end in enumerate(play_on(game, world, seat, actions, bots, derive(seed, "rollout", i)))
    ]


def _continuing(game: Game, view: Any, seat: int, texts: Sequence[str], policy: Any, seed: int) -> tuple[str, ...]:
    """The actions after which ``seat`` alone acts again at once (a part of a longer decision: an attachment
    before its card, say), judged in world 0 of ``seed``, so from the view and the seed alone."""
    world = game._determinize(view, seat, random.Random(derive(seed, "world", 0)), policy)
    out = []
    for text in texts:
        after = game.apply(world, game.parse_action(world, text, seat), seat)
        if tuple(game.to_act(after)) == (seat,):
            out.append(text)
    return tuple(out)


def _worlds_chunk(
    game: Game, view: Any, seat: int, texts: Sequence[str], policy: Any, seed: int, start: int, stop: int
) -> list[tuple[int, int, float, float]]:
    """Worlds ``start`` .. ``stop - 1``: (world, action index, score, win) for every action.

    A top-level function of plain arguments, so that a process pool can run it.
    """
    bots = [seated(game, policy, s) for s in range(game.players)]
    rows = []
    for i in range(start, stop):
        rows += _world_rows(game, view, seat, texts, bots, policy, seed, i)
    return rows


def _question(
    game: Game, state: Any, player: Any, policy: Any, seed: Any, actions: Sequence[Any] | None
) -> tuple[int, list[str], int]:
    """The checked arguments of an analysis: the deciding seat, the texts of the actions analysed, the seed."""
    if not isinstance(game, Game):
        raise InputError(
            _("analyse takes a loaded game (cardgames.load(...)), not {value}").format(value=excerpt(game))
        )
    seat = _seat_to_decide(game, state, player)
    seed = check_seed(seed)
    game._check_policy(policy)
    legal = game.legal_actions(state, seat)
    if actions is None:
        return seat, [str(a) for a in legal], seed
    offered = {str(a) for a in legal}
    texts = []
    for a in actions:
        text = str(game.parse_action(state, a, seat)) if isinstance(a, str) else str(a)
        if text not in offered:
            raise ValueError(
                _("{action} is not a legal action of {seat} here").format(
                    action=excerpt(text), seat=game.seat_name(seat)
                )
            )
        texts.append(text)
    return seat, texts, seed


def _frame(
    game: Game, rows: Sequence[tuple[int, int, float, float]], texts: Sequence[str], **attrs: Any
) -> pd.DataFrame:
    """The long DataFrame of ``rows`` (world, action index, value, win), its ``attrs`` naming the analysis."""
    import pandas as pd

    frame = pd.DataFrame(
        {
            "world": [r[0] for r in rows],
            "action": [texts[r[1]] for r in rows],
            "value": [r[2] for r in rows],
            "win": [r[3] for r in rows],
        }
    )
    objective = game.objective
    frame.attrs.update(
        game=game.name,
        player=attrs.pop("player"),
        objective=objective.name,
        horizon=objective.horizon,
        higher_is_better=objective.higher_is_better,
        **attrs,
    )
    return frame


def outcomes(
    game: Game,
    state: Any,
    player: Any = None,
    worlds: Any = 200,
    policy: Any = "greedy",
    seed: Any = 0,
    executor: Executor | None = None,
    progress: bool = False,
    actions: Sequence[Any] | None = None,
    first: Any = 0,
) -> pd.DataFrame:
    """Every world's outcome of every legal action (or of ``actions``): a long DataFrame.

    Columns ``world, action, value, win``: the objective that ``player`` reaches at the
    horizon in that world after that action, and 1/0 (0.5 shared, NaN without a winner)
    for a win.  :func:`analyse` summarises it; a what-if comparison plots it.  The worlds
    are numbers ``first`` to ``first + worlds - 1``: an analysis grown a batch at a time
    asks for the next numbers and gets exactly the rows that one call for all the worlds
    would give (:func:`outcomes_progressively` grows one so).
    """
    seat, texts, seed = _question(game, state, player, policy, seed, actions)
    worlds = integer(worlds, "worlds", 1, MAX_WORLDS)
    first = integer(first, "first", 0, MAX_WORLDS)
    if executor is not None and not (callable(getattr(executor, "submit", None)) and not isinstance(executor, type)):
        raise ValueError(
            _("executor must be a concurrent.futures.Executor instance, not {value}").format(value=excerpt(executor))
        )
    view = game.view(state, seat)
    # the worlds are drawn and played on the seat's own copy of the game (Game.agents_game): its
    # policy bots then reach nothing that bots of other seats kept on the game being played
    worker = game.agents_game(seat)
    from tqdm.auto import tqdm

    bar = tqdm(total=worlds, disable=not progress, desc=_("{game} worlds").format(game=game.name), unit=_("world"))
    step = max(1, min(64, math.ceil(worlds / 16)))
    end = first + worlds
    spans = [(start, min(end, start + step)) for start in range(first, end, step)]
    parts: dict[int, list] = {}
    if executor is None:
        for start, stop in spans:
            parts[start] = _worlds_chunk(worker, view, seat, texts, policy, seed, start, stop)
            bar.update(stop - start)
    else:
        futures = [
            (start, stop, submitted(executor, _worlds_chunk, worker, view, seat, texts, policy, seed, start, stop))
            for start, stop in spans
        ]
        for start, stop, future in futures:
            parts[start] = future.result()
            bar.update(stop - start)
    bar.close()
    rows = [row for start, _stop in spans for row in parts[start]]
    continuing = _continuing(worker, view, seat, texts, policy, seed)
    return _frame(
        game, rows, texts, player=seat, policy=policy, seed=seed, worlds=worlds, first=first, continuing=continuing
    )


def summarise(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per action of an :func:`outcomes` frame: mean, 95 % interval, win chance, worlds; best first."""
    import pandas as pd

    rows = []
    for action, group in frame.groupby("action", sort=False):
        values = group["value"].to_numpy(dtype=float)
        n = len(values)
        mean = float(values.mean())
        half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
        wins = group["win"].to_numpy(dtype=float)
        rows.append(
            {
                "action": action,
                "value": mean,
                "low": mean - half,
                "high": mean + half,
                "win": math.nan if any(math.isnan(w) for w in wins) else float(wins.mean()),
                "worlds": n,
            }
        )
    table = pd.DataFrame(rows, columns=["action", "value", "low", "high", "win", "worlds"])
    higher = frame.attrs.get("higher_is_better", True)
    # best first; of equal values, a complete decision before a part of a longer one (an attachment that
    # bought nothing measurable is not recommended over the same decision without it), then legal order
    continuing = set(frame.attrs.get("continuing", ()))
    order = sorted(
        range(len(rows)),
        key=lambda i: (-rows[i]["value"] if higher else rows[i]["value"], rows[i]["action"] in continuing),
    )
    table = table.iloc[order].reset_index(drop=True)
    table.attrs.update(frame.attrs)
    return table


def analyse(
    game: Game,
    state: Any,
    player: Any = None,
    worlds: Any = 200,
    policy: Any = "greedy",
    seed: Any = 0,
    executor: Executor | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """What each legal action of ``player`` (default: the player to act) is worth, from his information only.

    Returns a DataFrame, one row per legal action, best first: ``action`` (its text),
    ``value`` (the mean objective over the worlds, ``game.objective`` says what and at
    which horizon), ``low`` and ``high`` (its 95 % interval), ``win`` (the chance of
    winning where the objective has a winner, else NaN) and ``worlds``.  The frame's
    ``attrs`` name the game, player, objective, horizon, policy, seed and worlds.

    A finished game, a seat not to act, a seat out of range, an unknown policy or a
    number of worlds below 1 raise ``ValueError``.  ``state`` is never changed.
    """
    return summarise(outcomes(game, state, player, worlds, policy, seed, executor, progress))


def outcomes_progressively(
    game: Game,
    state: Any,
    player: Any = None,
    worlds: Any = 200,
    policy: Any = "greedy",
    seed: Any = 0,
    first: Any = 8,
    actions: Sequence[Any] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Iterator[Any]:
    """:func:`outcomes`' frame after ``first`` worlds, then after twice as many, ... and after ``worlds``.

    Each frame holds the rows of all the worlds so far and equals ``outcomes`` for that
    many worlds (its ``attrs["worlds"]`` says how many); the worlds already played are
    not played again.  ``stop``, when given, is asked before every world: once it
    answers True the generator ends at once, without a frame for the worlds it began
    (a widget cancels an analysis that no one will look at this way).
    """
    seat, texts, seed = _question(game, state, player, policy, seed, actions)
    total = integer(worlds, "worlds", 1, MAX_WORLDS)
    size = min(total, integer(first, "first", 1, MAX_WORLDS))
    view = game.view(state, seat)
    worker = game.agents_game(seat)  # as in outcomes
    bots = [seated(worker, policy, s) for s in range(game.players)]
    continuing = _continuing(worker, view, seat, texts, policy, seed)
    rows: list[tuple[int, int, float, float]] = []
    for i in range(total):
        if stop is not None and stop():
            return
        rows += _world_rows(worker, view, seat, texts, bots, policy, seed, i)
        done = i + 1
        if done == size or done == total:
            yield _frame(
                game, rows, texts, player=seat, policy=policy, seed=seed, worlds=done, first=0, continuing=continuing
            )
            size = min(total, 2 * size)


def analyse_progressively(
    game: Game,
    state: Any,
    player: Any = None,
    worlds: Any = 200,
    policy: Any = "greedy",
    seed: Any = 0,
    first: Any = 8,
    stop: Callable[[], bool] | None = None,
) -> Iterator[Any]:
    """:func:`analyse`'s table after ``first`` worlds, then after twice as many, ... and after ``worlds``.

    A generator: a notebook or a widget shows the first table at once (8 worlds take a
    fraction of a second) and refines it while the player thinks.  Every table is the one
    ``analyse`` gives for that many worlds with the same seed, the last equals
    ``analyse(game, state, player, worlds, policy, seed)``, and the worlds already played
    are not played again.  Its ``attrs`` say how many worlds it rests on (``worlds``).
    ``stop``: asked before every world; once it answers True no more tables come (see
    :func:`outcomes_progressively`).
    """
    for frame in outcomes_progressively(game, state, player, worlds, policy, seed, first, stop=stop):
        yield summarise(frame)
