"""Three Bridges' moves as people read them: the words of the table's buttons and of its refusals.

The action texts (``place E-VII A``, ``swap``) are the same in every language and are what code
and saved games hold; a person reads the verb in the language in use ("legen E-VII A",
"tauschen").  The widgets' buttons (``cardgames_widgets.faces.three_bridges``) and the refusals
take their words from here, so a refusal lists the moves as the buttons show them.
"""

from __future__ import annotations

from typing import Final

from ..core.game import said_word_by_word
from ..core.i18n import NP_, Catalog

CATALOG: Final = Catalog("three_bridges")

#: each word of the action texts that people read in other words, translated by the game's catalog
ACTION_WORDS: Final = {
    "place": NP_("three_bridges", "place"),
    "play": NP_("three_bridges", "play"),
    "turn": NP_("three_bridges", "turn"),
    "move": NP_("three_bridges", "move"),
    "swap": NP_("three_bridges", "swap"),
    "draw": NP_("three_bridges", "draw"),
    "pass": NP_("three_bridges", "pass"),
    "face-down": NP_("three_bridges", "face-down"),
}


def word(text: str) -> str:
    """A word of the action texts in the language in use (a card or a bridge as it is)."""
    return CATALOG.word(ACTION_WORDS, text)


def said(action: object) -> str:
    """An action as people read it: ``place E-VII A`` is "place E-VII A" ("legen E-VII A")."""
    return said_word_by_word(str(action).split(), word)
