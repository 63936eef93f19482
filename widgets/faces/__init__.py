"""Card faces and table layouts, one module per game, with a generic fallback for any game.

``for_game(name)`` gives an object with the attributes of :mod:`.generic`, overridden by
those that ``faces/<name>.py`` defines for a game of the package, or by the faces a game
registered from outside brought (``cardgames.register(MyGame, faces=my_faces)``).  Faces are
functions of card *codes* (the machine form of api.md), so a face can be drawn and tested
before its game engine exists.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from types import ModuleType, SimpleNamespace

from cardgames.core import i18n, registry

from ..texts import _, chosen
from . import generic, svg

#: the games of the package that have a face module here (the others are drawn with the generic faces)
FACE_MODULES = tuple(name for name in registry.BUILTIN if importlib.util.find_spec(f"{__name__}.{name}") is not None)


@cache
def _own(name: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{name}")


def for_game(name: str) -> SimpleNamespace:
    """The faces of game ``name``: its own module's names, the generic ones for the rest."""
    names = {k: v for k, v in vars(generic).items() if not k.startswith("_")}
    own = _own(name) if name in FACE_MODULES else registry.faces(name)
    if own is not None:
        names.update({k: v for k, v in vars(own).items() if not k.startswith("_")})
    names["name"] = name
    return SimpleNamespace(**names)


def card_html(game_name: str, code: str, size: float = 1.0, legal: bool = False, language: str | None = None) -> str:
    """The face of one card of a game (a plain card with its code when the game has no face for it).

    ``language`` (``"de"``, ``"en"``; default the language in use): the language of its tooltip.
    """
    with i18n.language(chosen(language)):
        if game_name not in registry.games():
            raise ValueError(
                _("unknown game {game}; the games are {games}").format(
                    game=repr(game_name), games=", ".join(registry.games())
                )
            )
        if not isinstance(code, str) or not code or len(code) > 20:
            raise ValueError(
                _("a card code is a short text such as 'QH' or 'H-X', not {code}").format(code=f"{code!r:.40}")
            )
        face = for_game(game_name).card(code, size=size, legal=legal)
        return face if face is not None else svg.text_card(code, size=size, legal=legal)


def hand_html(game_name: str, codes, size: float = 1.0, language: str | None = None) -> str:
    """Several cards side by side, e.g. ``hand_html("brokdorf", ["AC", "10H", "QD"])``."""
    with i18n.language(chosen(language)):
        return '<div class="cg-hand">' + "".join(card_html(game_name, c, size) for c in codes) + "</div>"


__all__ = ["FACE_MODULES", "card_html", "for_game", "hand_html", "svg"]
