"""Hold a game to the protocol every game of cardgames keeps: the conformance checks, for any registered game.

The games of the package pass these checks (``tests/conformance`` runs the same ones at
greater length); a game of one's own (:func:`cardgames.register`) runs them in one line::

    import cardgames.testing

    def test_goofspiel_keeps_the_protocol():
        cardgames.testing.check_game("goofspiel")

or one test per check, so that a report names the broken promise::

    @pytest.mark.parametrize("check", cardgames.testing.CHECKS)
    def test_goofspiel(check):
        cardgames.testing.check_game("goofspiel", checks=[check])

Each check plays seeded random games, so a failure repeats; its :class:`ConformanceError`
(an AssertionError) says which game, player count, seed and step broke which promise.
Nothing here needs pytest.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .core import registry
from .core.errors import IllegalMove
from .core.game import Game, history
from .core.play import playout, rollout
from .core.replay import record, replay
from .core.simulate import game_seed, simulate


class ConformanceError(AssertionError):
    """A game broke a promise of the shared protocol (the message says which, and where)."""


def check_game(game: Any, *, playouts: int = 24, seed: int = 0, checks: Iterable[str] | None = None) -> tuple[str, ...]:
    """Run the conformance checks on a registered game; return the names of the checks run.

    ``game`` is its name, its class or a loaded game; it must be registered (record, replay and
    simulate find a game by its name).  ``playouts`` seeded random games are played in each check
    that plays whole games, spread over the player counts; ``checks`` picks some of :data:`CHECKS`.
    The hidden-information checks run where the game declares an objective.  Raises
    :class:`ConformanceError` at the first broken promise.
    """
    name = _registered_name(game)
    chosen = tuple(CHECKS) if checks is None else tuple(checks)
    unknown = [c for c in chosen if c not in CHECKS]
    if unknown:
        raise ValueError(f"unknown checks {unknown}; the checks are: {', '.join(CHECKS)}")
    for check in chosen:
        CHECKS[check](name, max(1, playouts), seed)
    return chosen


# ---------------------------------------------------------------------------
# The checks: each takes the game's name, the number of playouts and a seed


def check_spec(name: str, playouts: int, seed: int) -> None:
    """The spec is consistent: name, player counts, clause prefix, the rule that ends the game, agents."""
    spec = registry.game_class(name).spec
    _expect(spec.name == name, f"{name}: spec.name is {spec.name!r}")
    _expect(spec.min_players <= spec.default_players <= spec.max_players, f"{name}: player counts out of order")
    _expect(re.fullmatch(r"[A-Z]{2}", spec.prefix) is not None, f"{name}: prefix {spec.prefix!r} is not two capitals")
    _expect(spec.over_rule.startswith(spec.prefix + "-"), f"{name}: over_rule {spec.over_rule!r} is not a clause id")
    _expect(tuple(spec.agents)[:1] == ("random",), f"{name}: spec.agents must start with 'random'")
    game = registry.load(name)
    _expect(game.players == spec.default_players, f"{name}: load() does not seat the default player count")
    _expect(game.agent_names() == tuple(spec.agents) == registry.agents(name), f"{name}: agents disagree")


def check_playouts(name: str, playouts: int, seed: int) -> None:
    """Seeded random games end; legal actions exist until the end and none after; settlements are well-formed."""
    spec = registry.game_class(name).spec
    for i, game in enumerate(_games(name, playouts)):
        final = random_playout(game, game_seed(seed, i))
        where = f"{game!r}, seed {game_seed(seed, i)}"
        _expect(game.is_over(final) and game.to_act(final) == (), f"{where}: the final state is not over")
        for p in range(game.players):
            _expect(game.legal_actions(final, p) == (), f"{where}: player {p} has legal actions after the end")
        rows = game.settlement(final).rows()
        _expect([r["player"] for r in rows] == list(range(game.players)), f"{where}: settlement rows not in seat order")
        for key in spec.zero_sum:
            _expect(abs(sum(r[key] for r in rows)) < 1e-9, f"{where}: {key} does not sum to 0: {rows}")
        for key, (low, high) in spec.bounds.items():
            _expect(all(low <= r[key] <= high for r in rows), f"{where}: {key} outside [{low}, {high}]: {rows}")


def check_steps(name: str, playouts: int, seed: int) -> None:
    """apply never changes its state; every step is described naming a clause; every action text parses back."""
    for i, game in enumerate(_games(name, max(2, playouts // 4))):
        cited = re.compile(rf"\b{game.spec.prefix}-\d+")
        where = f"{game!r}, seed {game_seed(seed + 1, i)}"

        def check(
            state: Any,
            seat: int,
            legal: Sequence[Any],
            action: Any,
            where: str = where,
            game: Game = game,
            cited: re.Pattern[str] = cited,
        ) -> None:
            before = copy.deepcopy(state)
            text = game.describe(state, action, seat)
            _expect(isinstance(text, str) and bool(cited.search(text)), f"{where}: {text!r} names no clause")
            _expect(isinstance(game.render(state), str) and isinstance(game.render(state, seat), str), where)
            for offered in legal:
                again = game.parse_action(state, str(offered), seat)
                _expect(again == offered, f"{where}: {str(offered)!r} parses to {again!r}")
            game.apply(state, action, seat)
            _expect(state == before, f"{where}: apply changed the state it was given ({action})")

        random_playout(game, game_seed(seed + 1, i), check)


def check_illegal_moves(name: str, playouts: int, seed: int) -> None:
    """An illegal action raises IllegalMove naming a clause and changes nothing; so do moves out of turn."""
    for i, game in enumerate(_games(name, max(2, playouts // 4))):
        pool = _actions_seen(game, seed)
        prefix = game.spec.prefix + "-"
        for state in _positions(game, game_seed(seed + 2, i)):
            before = copy.deepcopy(state)
            acting = game.to_act(state)
            where = f"{game!r}, seed {game_seed(seed + 2, i)}, after {len(history(state))} actions"
            if not acting:
                error = _raises(IllegalMove, game.apply, state, pool[0], 0, where=where)
                _expect(error.rule == game.spec.over_rule, f"{where}: a move after the end cites {error.rule}")
                continue
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            illegal = [a for a in pool if a not in legal and not game._allows_unlisted(state, seat, a)]
            for action in illegal[:3]:
                error = _raises(IllegalMove, game.apply, state, action, seat, where=f"{where}: {action}")
                _expect(error.rule.startswith(prefix), f"{where}: refusing {action} cites {error.rule!r}")
                _raises(IllegalMove, game.parse_action, state, str(action), seat, where=f"{where}: {action}")
            for wrong in [p for p in range(game.players) if p not in acting][:1]:
                error = _raises(IllegalMove, game.apply, state, legal[0], wrong, where=f"{where}: out of turn")
                _expect(error.player == wrong, f"{where}: a move out of turn names player {error.player}")
            _raises(ValueError, game.apply, state, legal[0], game.players, where=f"{where}: no such seat")
            _expect(state == before, f"{where}: a refused move changed the state")


def check_views(name: str, playouts: int, seed: int) -> None:
    """A view is the same kind of state, rendered and asked who acts; nobody plays on it; its view is itself."""
    for i, game in enumerate(_games(name, max(2, playouts // 4))):
        for state in _positions(game, game_seed(seed + 3, i), every=3):
            where = f"{game!r}, seed {game_seed(seed + 3, i)}, after {len(history(state))} actions"
            for p in range(game.players):
                view = game.view(state, p)
                _expect(type(view) is type(state), f"{where}: the view of player {p} is a {type(view).__name__}")
                _expect(isinstance(game.render(view, p), str), where)
                _expect(game.to_act(view) == game.to_act(state), f"{where}: the view of {p} changes who acts")
                _expect(game.view(view, p) == view, f"{where}: the view of a view of {p} differs from it")
                if game.to_act(state):
                    _raises(ValueError, game.legal_actions, view, where=f"{where}: legal_actions on a view")
                    _raises(ValueError, record, game, view, where=f"{where}: record of a view")


def check_records(name: str, playouts: int, seed: int) -> None:
    """The same seed gives the same game; a record round-trips through JSON and replays every state."""
    for i, game in enumerate(_games(name, max(2, playouts // 2))):
        number = game_seed(seed + 4, i)
        where = f"{game!r}, seed {number}"
        first, second = random_playout(game, number), random_playout(game, number)
        _expect(first == second and history(first) == history(second), f"{where}: the same seed played differently")
        rec = json.loads(json.dumps(record(game, first)))
        states = replay(rec)
        _expect(states[-1] == first, f"{where}: the replayed game ends elsewhere")
        _expect(len(states) == len(history(first)) + 1, f"{where}: replay gives {len(states)} states")
        _expect(game.settlement(states[-1]) == game.settlement(first), f"{where}: the replay settles differently")
        middle = states[len(states) // 2]
        _expect(replay(record(game, middle))[-1] == middle, f"{where}: a game half played does not round-trip")


def check_bad_input(name: str, playouts: int, seed: int) -> None:
    """Bad arguments are clear ValueErrors (player counts, options, seeds, setup, action texts, early settlement)."""
    spec = registry.game_class(name).spec
    for players in (spec.min_players - 1, spec.max_players + 1, "four"):
        _raises(ValueError, registry.load, name, players=players, where=f"{name}: players={players!r}")
    _raises(ValueError, registry.load, name, no_such_option=1, where=f"{name}: an unknown option")
    game = registry.load(name)
    for bad in (-1, "seven", 2**64):
        _raises(ValueError, game.new, seed=bad, where=f"{name}: seed={bad!r}")
    _raises(ValueError, game.new, seed=1, no_such_setup=True, where=f"{name}: an unknown setup key")
    state = game.new(seed=seed)
    seat = game.to_act(state)[0]
    for text in ("", "fly to the moon", "12 34", "x" * 2000):
        _raises(ValueError, game.parse_action, state, text, seat, where=f"{name}: parse_action({text[:20]!r})")
    _raises(ValueError, game.parse_action, state, 42, seat, where=f"{name}: parse_action(42)")
    _raises(ValueError, game.settlement, state, where=f"{name}: settlement before the end")
    _raises(ValueError, game.view, state, game.players, where=f"{name}: view of no seat")


def check_simulate(name: str, playouts: int, seed: int) -> None:
    """simulate gives each seeded game's settlement rows, the same with an executor; every agent finishes games."""
    game = registry.load(name)
    frame = simulate(name, games=4, seed=seed, chunk_size=3)
    _expect(list(frame.columns[:4]) == ["game_id", "seed", "player", "agent"], f"{name}: simulate's columns")
    _expect(len(frame) == 4 * game.players, f"{name}: simulate gives {len(frame)} rows for 4 games")
    with ThreadPoolExecutor(2) as pool:
        pooled = simulate(name, games=4, seed=seed, chunk_size=1, executor=pool)
    _expect(frame.equals(pooled), f"{name}: simulate differs with an executor")
    for game_id in range(4):
        final = playout(game, ["random"] * game.players, seed=game_seed(seed, game_id))
        rows = frame[frame["game_id"] == game_id].drop(columns=["game_id", "seed", "agent"]).to_dict("records")
        _expect(_plain(rows) == _plain(game.settlement(final).rows()), f"{name}: simulate's game {game_id} differs")
    for agent in game.agent_names():
        if agent != "expert":  # every seat an expert is slow; check_worlds plays one small expert
            _expect(game.is_over(playout(game, [agent] * game.players, seed=seed)), f"{name}: {agent} did not end")


def check_worlds(name: str, playouts: int, seed: int) -> None:
    """Where the game declares an objective: determinize draws worlds the player cannot tell apart, and the
    expert agent and analysis play on them to the horizon."""
    spec = registry.game_class(name).spec
    if spec.objective is None:
        return
    game = registry.load(name)
    redrawn = 0
    for i in range(max(2, playouts // 6)):
        for k, state in enumerate(_positions(game, game_seed(seed + 5, i), every=2)):
            for seat in game.to_act(state):
                where = f"{game!r}, seed {game_seed(seed + 5, i)}, after {len(history(state))} actions, seat {seat}"
                before = copy.deepcopy(state)
                world = game.determinize(state, seat, seed=k)
                _expect(state == before, f"{where}: determinize changed the state")
                _expect(game.view(world, seat) == game.view(state, seat), f"{where}: the world looks different")
                _expect(
                    [str(a) for a in game.legal_actions(world, seat)]
                    == [str(a) for a in game.legal_actions(state, seat)],
                    f"{where}: the world offers other actions",
                )
                _expect(game.to_act(world) == game.to_act(state), f"{where}: in the world others act")
                _expect(game.determinize(state, seat, seed=k) == world, f"{where}: the same seed drew another world")
                view = game.view(state, seat)
                _expect(game.determinize(view, seat, seed=k) == world, f"{where}: the view draws another world")
                redrawn += len({repr(game.determinize(state, seat, seed=s)) for s in range(4)}) > 1
                bots = [game.agent("random", s) for s in range(game.players)]
                end = rollout(game, world, bots, random.Random(k), world)
                _expect(math.isfinite(game._score(world, end, seat)), f"{where}: the objective is not a number")
    _expect(redrawn > 0, f"{name}: no position had more than one world: nothing hidden was redrawn")
    if "expert" in spec.agents:
        small = spec.agents["expert"]
        names = ["random"] * game.players
        expert = small(game, 0, worlds=2) if _takes_worlds(small) else small(game, 0)
        final = _play_with(game, expert, names, seed)
        _expect(game.is_over(final), f"{name}: the expert did not finish a game")


#: every check, by name, in the order :func:`check_game` runs them
CHECKS: dict[str, Callable[[str, int, int], None]] = {
    "spec": check_spec,
    "playouts": check_playouts,
    "steps": check_steps,
    "illegal moves": check_illegal_moves,
    "views": check_views,
    "records": check_records,
    "bad input": check_bad_input,
    "simulate": check_simulate,
    "worlds": check_worlds,
}


# ---------------------------------------------------------------------------
# Playing


def random_playout(game: Game, seed: int, check: Callable[..., Any] | None = None) -> Any:
    """A seeded random game to its end; ``check(state, seat, legal, action)`` is called before each step."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(game.max_decisions):
        acting = game.to_act(state)
        if not acting:
            return state
        _expect(len(acting) == 1 or game.spec.simultaneous, f"{game!r}: several act at once, {acting}")
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        _expect(bool(legal), f"{game!r} seed {seed}: player {seat} is to act but has no legal action")
        action = legal[rng.randrange(len(legal))]
        if check is not None:
            check(state, seat, legal, action)
        state = game.apply(state, action, seat)
    raise ConformanceError(f"{game!r} seed {seed} did not end within max_decisions ({game.max_decisions})")


def _games(name: str, count: int) -> list[Game]:
    """``count`` games spread over every player count."""
    spec = registry.game_class(name).spec
    counts = list(range(spec.min_players, spec.max_players + 1))
    return [registry.load(name, players=counts[i % len(counts)]) for i in range(count)]


def _positions(game: Game, seed: int, every: int = 5) -> list[Any]:
    """States along a seeded random game, every ``every``-th decision, and its end."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    out: list[Any] = []
    for k in range(game.max_decisions):
        acting = game.to_act(state)
        if not acting:
            return out + [state]
        if k % every == 0:
            out.append(state)
        legal = game.legal_actions(state, acting[0])
        state = game.apply(state, legal[rng.randrange(len(legal))], acting[0])
    raise ConformanceError(f"{game!r} seed {seed} did not end")


def _actions_seen(game: Game, seed: int, games: int = 4) -> list[Any]:
    """Actions that were legal somewhere in a few random games: the makings of illegal ones elsewhere."""
    pool: dict[str, Any] = {}
    for i in range(games):
        random_playout(
            game, game_seed(seed + 6, i), lambda state, seat, legal, action: pool.update({str(a): a for a in legal})
        )
    return list(pool.values())


def _play_with(game: Game, agent: Any, names: list[str], seed: int) -> Any:
    """A game with ``agent`` at seat 0 and agents ``names`` elsewhere; every action goes through apply."""
    bots = [agent] + [game.agent(n, s) for s, n in enumerate(names) if s > 0]
    rng = random.Random(seed)
    state = game.new(seed=seed)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = bots[seat].act(game.view(state, seat), game.legal_actions(state, seat), rng)
        state = game.apply(state, action, seat)
    return state


def _takes_worlds(factory: Any) -> bool:
    import inspect

    try:
        return "worlds" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


# ---------------------------------------------------------------------------
# Helpers


def _registered_name(game: Any) -> str:
    """The registered name of ``game`` (a name, a class or a loaded game), or a ValueError saying to register it."""
    if isinstance(game, str):
        registry.game_class(game)  # an unknown name is refused here, naming the games
        return game
    cls = type(game) if isinstance(game, Game) else game
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ValueError(f"check_game takes a game's name, its class or a loaded game; not {game!r:.60}")
    name = cls.spec.name
    if name not in registry.games() or registry.game_class(name) is not cls:
        raise ValueError(f"{cls.__name__} is not registered: call cardgames.register({cls.__name__}) first")
    return name


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _raises(kind: type[BaseException], function: Callable[..., Any], *args: Any, where: str, **kwargs: Any) -> Any:
    """The error of ``kind`` that ``function(*args, **kwargs)`` raises; ConformanceError if it raises none or another."""
    try:
        function(*args, **kwargs)
    except kind as error:
        return error
    except Exception as error:  # noqa: BLE001 - reported as the broken promise it is
        raise ConformanceError(f"{where}: expected {kind.__name__}, got {type(error).__name__}: {error}") from error
    raise ConformanceError(f"{where}: expected {kind.__name__}, nothing was raised")


def _plain(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows as pandas gives them back: a missing number is NaN, numbers are numpy numbers."""
    out = []
    for row in rows:
        clean = {}
        for key, value in row.items():
            if value is None or (isinstance(value, float) and value != value):
                value = None
            elif hasattr(value, "item"):
                value = value.item()
            clean[key] = value
        out.append(clean)
    return out


__all__ = ["CHECKS", "ConformanceError", "check_game", "random_playout"]
