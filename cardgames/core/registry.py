# mypy: ignore-errors
"""The registry: which games exist and how to load one."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import Any

from .errors import InputError
from .game import Game
from .i18n import Catalog

_, ngettext = Catalog("cardgames").functions()

# Every game of the project, in the order the documentation presents them.
# A game is listed by games() once its package is present.
_GAMES = ("brokdorf", "bronko_donko", "three_bridges", "brotherhood", "rowdy_partners")


@cache
def _present(name: str) -> bool:
    """A game is present once its package has an __init__ (a bare folder is work in progress)."""
    spec = importlib.util.find_spec(f"cardgames.{name}")
    return spec is not None and spec.origin is not None


def games() -> tuple[str, ...]:
    """The names of the registered games."""
    return tuple(name for name in _GAMES if _present(name))


def game_class(name: str) -> type[Game]:
    """The Game class of a registered game."""
    if not isinstance(name, str):
        raise InputError(
            _("a game name is a string, one of {games}; not {name}").format(games=", ".join(games()), name=repr(name))
        )
    if name not in games():
        close = [
            g for g in games() if g.replace("_", "") == name.lower().replace("-", "").replace("_", "").replace(" ", "")
        ]
        if close:
            message = _("unknown game {name}; the games are: {games}. Did you mean {close}?")
        else:
            message = _("unknown game {name}; the games are: {games}.")
        raise ValueError(
            message.format(name=repr(name), games=", ".join(games()), close=repr(close[0]) if close else "")
        )
    return importlib.import_module(f"cardgames.{name}").GAME


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game: ``load("brokdorf", players=4)``; options are the game's variants."""
    return game_class(name)(players, **options)


def agents(name: str) -> tuple[str, ...]:
    """The names of the agents a game offers, ``"random"`` first."""
    cls = game_class(name)
    return tuple(cls.spec.agents)
