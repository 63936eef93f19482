"""Card codes <-> card numbers (RP-2.1): ``Ha5`` is Hat 5, ``W4`` the wildcard of value 4.

Cards are small ints: suited cards are ``suit * 8 + value - 1`` (0-31), wildcards
follow (32-35).  The tables below answer "printed value", "printed suit" (-1 for a
wildcard, which counts as every suit) and "has a pop symbol".
"""

from __future__ import annotations

from typing import Final

from ..core.i18n import Catalog
from ..core.inputs import excerpt
from . import data

# the game's texts in the language in use: one catalog for all its modules (``CATALOG.gettext``
# translates a message marked with N_ in a table, such as data.SUIT_NAMES)
CATALOG: Final = Catalog("rowdy_partners")
_, ngettext = CATALOG.functions()

SUITS: Final[tuple[str, ...]] = data.SUITS
SUIT_INDEX: Final = {code: i for i, code in enumerate(SUITS)}
SUIT_ANY_CASE: Final = {code.lower(): i for i, code in enumerate(SUITS)}  # action texts are read in any case


def _table() -> list[tuple[str, int, int, bool]]:
    """(code, printed value, printed suit, pop symbol) of every card in card-number order."""
    out = [
        (f"{suit}{value}", value, s, value in data.POP_VALUES) for s, suit in enumerate(SUITS) for value in data.VALUES
    ]
    # RP-2.2 wildcards carry no pop symbol; their suit is -1 (every suit)
    return out + [(f"W{value}", value, -1, False) for value in data.WILDCARD_VALUES]


_CARDS: Final = _table()
CODES: Final[list[str]] = [c[0] for c in _CARDS]
VALUE: Final[list[int]] = [c[1] for c in _CARDS]
SUIT: Final[list[int]] = [c[2] for c in _CARDS]  # printed suit index, -1 for a wildcard
POP: Final[list[bool]] = [c[3] for c in _CARDS]

CODES_T: Final = tuple(CODES)
VALUE_T: Final = tuple(VALUE)
SUIT_T: Final = tuple(SUIT)
POP_T: Final = tuple(POP)
DECK: Final = tuple(range(len(CODES)))
CARD: Final = {code: i for i, code in enumerate(CODES)}
CARD_ANY_CASE: Final = {code.lower(): i for i, code in enumerate(CODES)}  # "ha5", "HA5" and "Ha5" are one card


def card(code: str) -> int:
    """The card number of a code such as ``Ha5`` or ``W4``, in any case (ValueError otherwise)."""
    number = CARD.get(code) if isinstance(code, str) else None
    if number is None and isinstance(code, str):
        number = CARD_ANY_CASE.get(code.lower())
    if number is None:
        raise ValueError(
            _(
                "{text} is not a Rowdy Partners card; cards are a suit (Ha Ho St Gr) and a value 1-8, "
                "such as Ha5, or a wildcard W2 W4 W6 W8"
            ).format(text=excerpt(code))
        )
    return number


def code(c: int) -> str:
    """The code of card number ``c`` (``??`` for a hidden card)."""
    return CODES_T[c] if c >= 0 else "??"


def pretty(c: int) -> str:
    """A card for people: ``Hat 5``, ``Wildcard 4`` (in the language in use: ``Hut 5``)."""
    if c < 0:
        return _("a hidden card")
    if SUIT_T[c] < 0:
        return _("Wildcard {value}").format(value=VALUE_T[c])
    return _("{suit} {value}").format(suit=suit_name(SUIT_T[c]), value=VALUE_T[c])


def suit_name(s: int) -> str:
    """A suit for people: ``Hat``; ``undefined`` for no suit (-1); in the language in use (``Hut``)."""
    return _(data.SUIT_NAMES[SUITS[s]]) if s >= 0 else _("undefined")
