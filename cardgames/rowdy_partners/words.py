"""Rowdy Partners' moves as people read them: the words of the table's buttons, of its refusals and of its parser.

The action texts (``play Ha5``, ``name Gr``, ``sig W4 -2``) are the same in every language and are
what code and saved games hold; a person reads the verb and a suit in words, in the language in use
("name Gravestone", "Signature Move W4 −2"; in German "Farbe nennen Grabstein", "spielen Ha5").  The widgets' buttons, the
refusals and the parser take their words from here: a refusal names a move as the buttons show
it, and what it names can be typed as it stands (:func:`read`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.i18n import NP_
from ..core.inputs import either, quote
from .cards import CATALOG, SUITS

#: each word of the action texts that people read in other words (a suit's code in its name, ``sig`` as the
#: Signature Move it is), translated by the game's catalog
ACTION_WORDS: Final = {
    "play": NP_("rowdy_partners", "play"),
    "tag": NP_("rowdy_partners", "tag"),
    "pass": NP_("rowdy_partners", "pass"),
    "name": NP_("rowdy_partners", "name"),
    "coin": NP_("rowdy_partners", "coin"),
    "damage": NP_("rowdy_partners", "damage"),
    "cheat": NP_("rowdy_partners", "cheat"),
    "sig": NP_("rowdy_partners", "Signature Move"),
    "bury": NP_("rowdy_partners", "bury"),
    "Ha": NP_("rowdy_partners", "Hat"),
    "Ho": NP_("rowdy_partners", "Horseshoe"),
    "St": NP_("rowdy_partners", "Star"),
    "Gr": NP_("rowdy_partners", "Gravestone"),
}
MINUS: Final = "\u2212"  # a negative amount is written with a typographic minus, as the pictures print it


def word(text: str) -> str:
    """A word of the action texts in the language in use (a card, a cheat or a wrestler as it is)."""
    return CATALOG.word(ACTION_WORDS, text)


def said_words(words: Sequence[str]) -> str:
    """The words of an action text as people read them: the verb and a suit in words, a negative amount with
    a typographic minus; ``sig W4 -2`` is "Signature Move W4 −2", ``name Gr`` "Farbe nennen Grabstein"."""
    return " ".join([MINUS + w[1:] if w[:1] == "-" and w[1:].isdigit() else word(w) for w in words])


def quoted(*words: str) -> str:
    """A move (the words of its action parts) as people read it, in quotes as the language writes them:
    ``quoted("play", "Ha5")`` is 'play Ha5' („spielen Ha5“)."""
    return quote(said_words(words))


def suits() -> str:
    """The four suits as a choice in words: "Hat, Horseshoe, Star or Gravestone" ("Hut, Hufeisen, Stern oder Grabstein")."""
    return either([word(s) for s in SUITS])


#: an example of each kind of move (the words of its action parts), for a text the parser cannot read: one of each
#: verb, and the forms that take more words (a cheat's suit and CANCEL target, a signature move's amount); the
#: message stays short enough to read (tests/hardening/test_messages.py)
EXAMPLES: Final = (
    ("play", "Ha5"),
    ("name", "Gr"),
    ("bury", "Ha5"),
    ("tag",),
    ("pass",),
    ("coin", "+1"),
    ("damage",),
    ("cheat", "C04", "Gr"),
    ("cheat", "C07", "1 coin"),
    ("sig", "W4", "-2"),
    ("wrestler", "W3"),
)


def examples() -> str:
    """An example of each kind of move in the words of the buttons, quoted: what a text the parser cannot read gets."""
    return ", ".join([quoted(*example) for example in EXAMPLES])


def read(text: str) -> str:
    """A move written in the words people read, in the words of its action text: "spielen Ha5" is ``play Ha5``,
    "Signature Move W4 −2" ``sig W4 -2``; an action text stays as it is (its words separated by single spaces)."""
    return CATALOG.action_text(ACTION_WORDS, text.replace(MINUS, "-"))


__all__ = ["ACTION_WORDS", "EXAMPLES", "examples", "quoted", "read", "said_words", "suits", "word"]
