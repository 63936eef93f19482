"""Bronko-Donko's moves as people read them: the words of the table's buttons and of its refusals.

The action texts (``beat Ro6 Ro7``, ``settle 1``) are the same in every language and are what
code and saved games hold; a person reads the verb in the language in use and a seat by its
name: ``beat Ro6 Ro7`` is "schlagen Ro6 Ro7", ``settle 1`` "abrechnen mit Spieler 2".  The
widgets' buttons (``cardgames_widgets.faces.bronko_donko``) and the refusals take their words from
here, so a refusal names a move as the buttons show it.
"""

from __future__ import annotations

from typing import Final

from ..core.game import player_name, said_word_by_word
from ..core.i18n import NP_, Catalog

CATALOG: Final = Catalog("bronko_donko")

#: each word of the action texts that people read in other words, translated by the game's catalog
ACTION_WORDS: Final = {
    "open": NP_("bronko_donko", "open"),
    "beat": NP_("bronko_donko", "beat"),
    "box": NP_("bronko_donko", "box"),
    "duck": NP_("bronko_donko", "duck"),
    "pass": NP_("bronko_donko", "pass"),
    "knock": NP_("bronko_donko", "knock"),
    "settle": NP_("bronko_donko", "settle"),
    "give": NP_("bronko_donko", "give"),
    "return": NP_("bronko_donko", "return"),
    "steal": NP_("bronko_donko", "steal"),
    "decline": NP_("bronko_donko", "decline"),
    "donko": NP_("bronko_donko", "donko"),
    "vest-off": NP_("bronko_donko", "vest-off"),
}
#: the verbs whose word is a seat (0-based in the action text), read by the seat's name
SEAT_VERBS: Final = frozenset({"settle", "donko"})


def word(text: str) -> str:
    """A word of the action texts in the language in use (a card or a number as it is)."""
    return CATALOG.word(ACTION_WORDS, text)


def said(action: object) -> str:
    """An action as people read it: ``beat Ro6 Ro7`` is "beat Ro6 Ro7" ("schlagen Ro6 Ro7"), a seat by its name."""
    words = str(action).split()
    if words[:1] and words[0] in SEAT_VERBS and len(words) == 2 and words[1].isdigit():
        return f"{word(words[0])} {player_name(int(words[1]))}"
    return said_word_by_word(words, word)
