"""Many seeded games between agents, as one tidy pandas DataFrame."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, TypeAlias

from .agents import check_agent, label
from .game import Game
from .i18n import Catalog
from .inputs import excerpt, integer
from .play import AgentError, playout  # noqa: F401 - part of this module's interface
from .registry import load
from .rng import derive

if TYPE_CHECKING:
    import pandas as pd
    from tqdm.auto import tqdm

_, ngettext = Catalog("cardgames").functions()

# a chunk of games as columns: the integer columns as typed arrays, the settlement's own as lists
Columns: TypeAlias = "dict[str, array[int] | list[Any]]"

MAX_GAMES = 100_000_000  # a million-game study is the largest anyone asked for
MAX_WORKERS = 1024  # processes of one machine's pool


def game_seed(seed: int, game_id: int) -> int:
    """The seed of game ``game_id`` of a simulation seeded with ``seed``."""
    return derive(seed, "game", game_id)


def _agent_names(game: Game, agents: Any) -> tuple[Any, ...]:
    """One agent per seat: a name, an agent class, an object with ``act`` or a function (see ``check_agent``)."""
    if isinstance(agents, str) or not isinstance(agents, (list, tuple)):
        agents = (agents,) * game.players
    names = tuple(agents)
    if len(names) != game.players:
        raise ValueError(
            _("agents lists one agent per seat: {players} names for {players} players, got {count}").format(
                players=game.players, count=len(names)
            )
        )
    return tuple([check_agent(game, agent) for agent in names])


def _run_chunk(
    game: Game,
    agent_names: tuple[Any, ...],
    seed: int,
    start: int,
    stop: int,
    seconds: float,
) -> Columns:
    """Games start..stop-1 as columns: {column: values} (a top-level function, so process pools can pickle it).

    ``game`` travels to a worker process as its class, player count and options; a game added
    with ``cardgames.register`` in the parent is registered in the worker as it arrives
    (``Game.__reduce__``), so a pool of spawned processes plays it too.

    Columns rather than one dict per row: a row dict with its keys and boxed values
    costs about 650 bytes, several times what the finished frame needs, and a
    million-game study would hold millions of them at once.  The integer columns every
    simulation has are typed arrays (8 bytes a value); the settlement's own columns are
    lists, so pandas infers their types exactly as it would from rows.
    """
    labels = [label(agent) for agent in agent_names]
    ids, seeds, seats = array("q"), array("Q"), array("q")
    agents: list[str] = []
    columns: dict[str, list[Any]] | None = None
    for game_id in range(start, stop):
        s = game_seed(seed, game_id)
        final = playout(game, agent_names, s, seconds=seconds)
        for row in game.settlement(final).rows():
            player = row.pop("player")
            if columns is None:
                columns = {key: [] for key in row}
            ids.append(game_id)
            seeds.append(s)
            seats.append(player)
            agents.append(labels[player])
            for key, value in row.items():
                columns[key].append(value)
    return {"game_id": ids, "seed": seeds, "player": seats, "agent": agents, **(columns or {})}


def _concat(parts: list[Columns]) -> Columns:
    """Chunks' columns joined in order."""
    out = parts[0]
    for part in parts[1:]:
        for key, values in part.items():
            out[key].extend(values)  # arrays extend arrays, lists extend lists
    return out


def simulate(
    game: str | Game,
    players: int | None = None,
    games: int = 1000,
    agents: Any = "random",
    seed: int = 0,
    progress: bool = False,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    time_limit: float | None = None,
    workers: int = 1,
    **options: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded games and return one row per (game, player).

    Columns: ``game_id, seed, player, agent`` and then the game's settlement keys.
    ``agents`` is one agent or one per seat: the name of one of the game's agents, an agent
    class, an object with ``act(view, legal_actions, rng)`` or a plain function of those three
    (it sees only its view).  An agent that raises, plays an illegal action or takes more than
    ``time_limit`` seconds for one decision stops the run with an ``AgentError`` that names its
    seat, the decision and the game's seed; a bot that does not return is stopped at the limit
    (see :func:`cardgames.core.play.playout`).
    ``workers``: the number of processes that play the games (default 1: this process alone);
    ``workers=4`` plays them in a pool of four worker processes made for this call and closed
    after it, the simple form of ``executor=ProcessPoolExecutor(4)``.
    ``executor`` may be any ``concurrent.futures.Executor`` (a process pool, a Dask or
    Ray executor); the result is identical with or without one, and whatever the number of
    workers, because every game's seed is derived from ``seed`` and its ``game_id``.  A
    process plays a game added with ``cardgames.register`` too, also one that is spawned
    (macOS, Windows, ``mp_context=multiprocessing.get_context("spawn")``): the game's class
    must be importable there (defined in a module, or in the script that runs), not only in
    a notebook cell; so must a bot of one's own, which travels to the workers pickled.
    """
    import numpy as np
    import pandas as pd

    g = game if isinstance(game, Game) else load(game, players=players, **options)
    if isinstance(game, Game) and (players is not None or options):
        raise ValueError(_("pass players and options to load(), or pass a game name to simulate(), not both"))
    games = integer(games, "games", 0, MAX_GAMES)
    seed = integer(seed, "seed", 0, 2**64 - 1)
    if chunk_size is not None:
        chunk_size = integer(chunk_size, "chunk_size", 1, MAX_GAMES)
    if executor is not None and not (callable(getattr(executor, "submit", None)) and not isinstance(executor, type)):
        raise ValueError(
            _(
                "executor must be a concurrent.futures.Executor instance (e.g. ProcessPoolExecutor()), not {value}"
            ).format(value=excerpt(executor))
        )
    workers = integer(workers, "workers", 1, MAX_WORKERS)
    if workers > 1 and executor is not None:
        raise ValueError(_("pass workers= or executor=, not both: workers=N is executor=ProcessPoolExecutor(N)"))
    names = _agent_names(g, agents)
    seconds = 0.0
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit < 1e6:
            raise ValueError(
                _("time_limit is a number of seconds per decision, more than 0; not {value}").format(
                    value=excerpt(time_limit, 30)
                )
            )
        seconds = float(time_limit)
    if workers > 1 and games > 0:
        with ProcessPoolExecutor(min(workers, games)) as pool:
            return simulate(g, None, games, names, seed, progress, pool, chunk_size, time_limit)
    bar = _progress_bar(games, progress, g.name)
    parts: list[Columns]
    if executor is None:
        parts = []
        step = chunk_size or 50
        for start in range(0, games, step):
            stop = min(games, start + step)
            parts.append(_run_chunk(g, names, seed, start, stop, seconds))
            if len(parts) > 1:
                parts = [_concat(parts)]
            bar.update(stop - start)
    else:
        step = chunk_size or max(1, min(1000, math.ceil(games / 64)))
        futures = {
            submitted(executor, _run_chunk, g, names, seed, start, min(games, start + step), seconds): start
            for start in range(0, games, step)
        }
        done: dict[int, Columns] = {}
        for fut in as_completed(futures):
            start = futures[fut]
            done[start] = fut.result()
            bar.update(min(games, start + step) - start)
        parts = [done.pop(start) for start in sorted(done)]
    bar.close()
    if parts:
        columns = _concat(parts)
        frame = pd.DataFrame(
            {key: np.asarray(values) if isinstance(values, array) else values for key, values in columns.items()}
        )
    else:
        frame = pd.DataFrame(
            {
                "game_id": np.empty(0, "int64"),
                "seed": np.empty(0, "uint64"),
                "player": np.empty(0, "int64"),
                "agent": np.empty(0, object),
            }
        )
    frame.attrs.update(
        game=g.name, players=g.players, options=dict(g.options), agents=[label(a) for a in names], seed=seed
    )
    return frame


def submitted(executor: Executor, function: Callable[..., Any], *args: Any) -> Future[Any]:
    """``executor.submit(function, *args)``, checked to be a future (a ValueError naming the executor otherwise)."""
    future = executor.submit(function, *args)
    if not isinstance(future, Future):
        raise ValueError(
            _(
                "executor.submit() must return a concurrent.futures.Future, as every Executor does; "
                "{executor} returned {value}"
            ).format(executor=excerpt(executor, 40), value=excerpt(future, 40))
        )
    return future


def _progress_bar(total: int, enabled: bool, name: str) -> tqdm[Any]:
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not enabled, desc=f"{name}", unit=_("game"))
