"""No module of the package remembers anything of a game it played (issue 29: a game is a value).

Every module of ``cardgames`` is imported and its globals are snapshotted; then each game is
played (random and greedy agents), and worlds are drawn from its players' views as the expert and
analysis draw them.  A module-level dict, list, set or object whose contents changed meanwhile
is state that outlives a game: what a game works out belongs to the game object or is passed
along.  The only exceptions are the memo tables below: caches of pure functions whose keys and
values are immutable (the same key always gives an equal value), each with the reason it exists.
"""

from __future__ import annotations

import collections
import functools
import importlib
import pkgutil
import random
import types

import pytest

import cardgames
from cardgames.core import registry

# module: {name: why this table may grow while games are played}.  Its values must be immutable.
MEMO_TABLES = {
    "cardgames.core.rng": {"_STEPS": "the derivation steps of a seed of each size, a pure function of the size"},
    "cardgames.core.i18n": {"_LOADED": "the message catalogs read from their files, once per language"},
    "cardgames.core.registry": {
        "_present": "whether a game's folder is in the installed package",
        "_plugins": "the entry points of the installed packages",
    },
    "cardgames.core.rulebook": {
        "_read": "the rules documents read from their files",
        "_registered_prefixes": "the clause prefixes of the registered games",
        "_cited": "the clause ids a text cites, a pure function of the text",
        "_parsed": "a rules document's clauses, a pure function of its text",
        "_entries_of": "a rules document's entries, a pure function of its text",
    },
    "cardgames.three_bridges.rules": {
        "_MOVES": "the one Move action of each (bridge, index, entry)",
        "_TURNS": "the one Turn action of each (owner, index, entry)",
    },
    "cardgames.brotherhood.legality": {
        "_TRANSFERS": "the transfer offers for receivers and GE, a pure function of the key"
    },
    "cardgames.brotherhood.orders": {
        "_WRITABLE": "the atomic orders a situation allows, a pure function of its key",
        "_COSTS": "the costs of a priced situation, a pure function of its key",
    },
}
MEMOS = {(module, name): why for module, tables in MEMO_TABLES.items() for name, why in tables.items()}


def package_modules() -> list[types.ModuleType]:
    """Every module of the package, imported."""
    modules = [cardgames]
    for info in pkgutil.walk_packages(cardgames.__path__, "cardgames."):
        if info.name.endswith("__main__"):
            continue
        modules.append(importlib.import_module(info.name))
    return modules


def _contents(value: object) -> object | None:
    """What a global holds that can change, as the identities of its parts (an equal state made again is a
    change too); None for a value that cannot change (or is not ours to watch)."""
    if isinstance(value, dict):
        return tuple([(id(k), id(v)) for k, v in value.items()])
    if isinstance(value, list | collections.deque | set):
        return tuple([id(item) for item in value])
    if isinstance(value, bytearray):
        return bytes(value)
    if isinstance(value, functools._lru_cache_wrapper):
        return value.cache_info().currsize
    if isinstance(value, types.ModuleType | type | types.FunctionType | types.BuiltinFunctionType | types.MethodType):
        return None
    attributes = getattr(value, "__dict__", None)
    if isinstance(attributes, dict) and type(value).__module__.startswith("cardgames"):
        return _contents(attributes)  # an object of the package's own: its attributes must not change
    return None


def snapshot(modules: list[types.ModuleType]) -> dict[tuple[str, str], object]:
    out = {}
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            contents = _contents(value)
            if contents is not None:
                out[module.__name__, name] = contents
    return out


def _changed(before: dict, after: dict, modules: dict[str, types.ModuleType]) -> list[str]:
    """The globals whose contents changed, each with what it holds now."""
    return [
        f"{module}.{name} = {getattr(modules[module], name)!r:.120}"
        for (module, name), was in before.items()
        if after.get((module, name)) != was
    ]


def _play(name: str, seed: int) -> None:
    """Games of ``name`` from ``seed`` on by random and greedy agents, and worlds drawn from views along one."""
    game = cardgames.load(name)
    cardgames.simulate(name, games=2, agents="random", seed=seed)
    cardgames.simulate(name, games=1, agents="greedy", seed=seed + 1)
    state = game.new(seed=seed + 2)
    for step in range(60):
        acting = game.to_act(state)
        if not acting:
            break
        if step % 15 == 5 and game.spec.objective is not None:
            seat = acting[0]
            view = game.view(state, seat)
            for k in range(3):  # as the expert does: several worlds from one view object
                game._determinize(view, seat, random.Random(k), "random")
            game.determinize(state, seat, seed=step)
        state = game.apply(state, game.legal_actions(state, acting[0])[0], acting[0])


@pytest.mark.parametrize("name", registry.builtin())
def test_playing_a_game_changes_no_module_level_state(name):
    modules = package_modules()
    _play(name, 1)  # the first games fill the memo tables and import what plays
    before = snapshot(package_modules())
    _play(name, 101)  # other games: nothing of the first may be kept, nor anything of these
    after = snapshot(package_modules())
    watched = {key: was for key, was in before.items() if key not in MEMOS}
    changed = _changed(watched, after, {module.__name__: module for module in modules})
    assert not changed, f"module-level state changed while {name} was played: {changed}"
    assert modules


def test_the_memo_tables_exist_and_hold_immutable_values():
    for name in registry.builtin():
        _play(name, 1)
    modules = {module.__name__: module for module in package_modules()}
    for (module, name), reason in MEMOS.items():
        table = getattr(modules[module], name, None)
        assert table is not None, f"{module}.{name} is gone ({reason}): take it out of MEMOS"
        if isinstance(table, dict) and module != "cardgames.core.i18n":  # catalogs are read-only objects
            for key, value in table.items():
                hash(key), hash(value)  # immutable keys and values: the same key always gives the same value
