"""Brokdorf's moves as people read them: the words of the table's buttons, its refusals and its prompts.

The action texts (``bid 3``, ``play QH``) are the same in every language and are what code and
saved games hold; a person reads a move in words of the language in use, with the card as the
pictures print it: "bid 3" is *Gebot 3*, ``play QH`` is "play ♥Q" (*spielen ♥D*), ``trump C``
"trump ♣ Kreuz" and ``dealer 2`` "dealer player 3" (*Geber Spieler 3*).  The widgets' buttons
(``cardgames_widgets.faces.brokdorf``) and the refusals both take their words from here, so a
refusal names a move as the button shows it and the text box reads it.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.i18n import NP_
from .cards import CATALOG, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from .rules import Bid, Dealer, Expel, Play, Trump, Violation

_ = CATALOG.functions()[0]

#: each verb of the action texts -> its word for people, translated by the game's catalog
ACTION_WORDS: Final = {
    "play": NP_("brokdorf", "play"),
    "bid": NP_("brokdorf", "bid"),
    "trump": NP_("brokdorf", "trump"),
    "dealer": NP_("brokdorf", "dealer"),
    "violation": NP_("brokdorf", "violation by"),
    "expel": NP_("brokdorf", "expel"),
}
#: the verbs whose word is a seat (0-based in the action text), read by the seat's name
SEAT_VERBS: Final = frozenset({"dealer", "violation", "expel"})


def word(text: str) -> str:
    """A verb of the action texts in the language in use (a word it does not know as it is)."""
    return CATALOG.word(ACTION_WORDS, text)


def trump_words(suit: str) -> str:
    """The choice of a trump suit in words: ``C`` is "trump ♣ Kreuz" (the suits keep their German names, BK-1.3)."""
    at = SUITS.index(suit)
    return _("trump {symbol} {suit}").format(symbol=SUIT_SYMBOLS[at], suit=SUIT_NAMES[at])


def said(game: Any, action: Any) -> str:
    """``action`` as people read it: its verb in words, a card as its picture prints it, a seat by its name."""
    if isinstance(action, Play):
        return f"{word('play')} {action.card.pretty}"
    if isinstance(action, Bid):
        return f"{word('bid')} {action.tricks}"
    if isinstance(action, Trump):
        return trump_words(SUITS[action.suit])
    if isinstance(action, (Dealer, Violation, Expel)):
        verb = str(action).split(" ", 1)[0]
        return f"{word(verb)} {game.seat_name(action.seat)}"
    return str(action)  # gut, mit, weg and the table's misdeal: the same word in every language


__all__ = ["ACTION_WORDS", "SEAT_VERBS", "said", "trump_words", "word"]
