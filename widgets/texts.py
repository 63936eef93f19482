"""The widgets' texts: the gettext catalog ``widgets`` and the language each table speaks.

Every label, tooltip and message of the widgets is written in English and marked
(``_("...")``, ``ngettext(...)``, ``N_("...")``); the German translations are in
``widgets/locale/de/LC_MESSAGES/widgets.po``.  A :class:`~cardgames_widgets.Table` keeps
the language it was opened in (``Table(..., language="de")``; by default the language in
use then) and makes every text inside ``cardgames.language(table.language)``: its own
labels, and the game's describe sentences, refusals, settlement notes and clauses, in
button clicks and in the background threads of hints and what-if alike.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from cardgames.core import i18n
from cardgames.core.game import game_text as core_game_text
from cardgames.core.game import joined
from cardgames.core.i18n import N_, NP_, Catalog, decimal

LOCALE = Path(__file__).resolve().parent / "locale"
CATALOG = Catalog("widgets", LOCALE)
_, ngettext = CATALOG.functions()
#: a message marked with ``NP_(context, message)``, shown in its context: ``in_context(*entry)``
in_context = CATALOG.pgettext

__all__ = [
    "LOCALE",
    "NP_",
    "N_",
    "_",
    "in_context",
    "chosen",
    "decimal",
    "game_text",
    "joined",
    "ngettext",
    "speaking",
]

F = TypeVar("F", bound=Callable[..., Any])


def chosen(code: Any) -> str:
    """The language a widget shows: ``code`` ("de", "en", "de_DE.UTF-8" ...), or None for the language in use now.

    An unknown language is a ValueError that names the languages there are texts for.
    """
    return i18n.get_language() if code is None else i18n.normalize(code)


def speaking(method: F) -> F:
    """Run a method of an object with a ``language`` attribute inside that language (its texts, the game's)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with i18n.language(self.language):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def game_text(game: Any, text: str) -> str:
    """A text the game declares once (its objective's name and horizon) in the language in use, from its catalog."""
    return core_game_text(getattr(game, "name", game), text) if text else text
