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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from cardgames.core import i18n
from cardgames.core.i18n import N_, NP_, Catalog

LOCALE = Path(__file__).resolve().parent / "locale"
CATALOG = Catalog("widgets", LOCALE)
_, ngettext = CATALOG.functions()
#: a message marked with ``N_`` where it is defined (a table of names), translated where it is shown
translated = CATALOG.gettext
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
    "translated",
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


def joined(items: Iterable[str]) -> str:
    """``"player 1 and player 2"``: the items joined by "and" (German "und")."""
    items = list(items)
    if not items:
        return ""
    return functools.reduce(lambda first, second: _("{first} and {second}").format(first=first, second=second), items)


def decimal(text: str) -> str:
    """A number written with a decimal point, as the language in use writes it (3.5 / 3,5)."""
    return text.replace(".", ",") if i18n.get_language() == "de" else text


_GAME_CATALOGS: dict[str, Catalog] = {}


def game_text(game: Any, text: str) -> str:
    """A text the game declares once (its objective's name and horizon) in the language in use.

    Looked up in the game's own catalog (the gettext domain named after the game), where the
    game marks such texts with ``N_``; a text it does not translate is shown as it is.
    """
    name = getattr(game, "name", game)
    if name not in i18n.DOMAINS or not text:
        return text
    if name not in _GAME_CATALOGS:
        _GAME_CATALOGS[name] = Catalog(name)
    return _GAME_CATALOGS[name].gettext(text)
