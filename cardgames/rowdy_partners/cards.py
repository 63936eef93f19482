# mypy: ignore-errors
"""Card codes <-> card numbers (RP-2.1): ``Ha5`` is Hat 5, ``W4`` the wildcard of value 4.

Cards are small ints for speed: suited cards are ``suit * 8 + value - 1`` (0-31),
wildcards follow (32-35).  The tables below answer "printed value", "printed suit"
(-1 for a wildcard, which counts as every suit) and "has a pop symbol".
"""
from __future__ import annotations

from . import data

SUITS = data.SUITS
SUIT_INDEX = {code: i for i, code in enumerate(SUITS)}
SUIT_ANY_CASE = {code.lower(): i for i, code in enumerate(SUITS)}  # action texts are read in any case

CODES: list[str] = []
VALUE: list[int] = []
SUIT: list[int] = []  # printed suit index, -1 for a wildcard
POP: list[bool] = []
for _s, _code in enumerate(SUITS):
    for _v in data.VALUES:
        CODES.append(f"{_code}{_v}")
        VALUE.append(_v)
        SUIT.append(_s)
        POP.append(_v in data.POP_VALUES)
for _v in data.WILDCARD_VALUES:
    CODES.append(f"W{_v}")
    VALUE.append(_v)
    SUIT.append(-1)
    POP.append(False)  # RP-2.2 wildcards carry no pop symbol

CODES_T = tuple(CODES)
VALUE_T = tuple(VALUE)
SUIT_T = tuple(SUIT)
POP_T = tuple(POP)
DECK = tuple(range(len(CODES)))
CARD = {code: i for i, code in enumerate(CODES)}
CARD_ANY_CASE = {code.lower(): i for i, code in enumerate(CODES)}  # "ha5", "HA5" and "Ha5" are one card
WILD = tuple(c for c in DECK if SUIT[c] < 0)


def card(code: str) -> int:
    """The card number of a code such as ``Ha5`` or ``W4``, in any case (ValueError otherwise)."""
    try:
        return CARD[code]
    except (KeyError, TypeError):
        pass
    try:
        return CARD_ANY_CASE[code.lower()]
    except (KeyError, AttributeError):
        raise ValueError(
            f"{code!r} is not a Rowdy Partners card; cards are a suit (Ha Ho St Gr) and a value 1-8, "
            f"such as Ha5, or a wildcard W2 W4 W6 W8"
        ) from None


def code(c: int) -> str:
    """The code of card number ``c`` (``??`` for a hidden card)."""
    return CODES[c] if c >= 0 else "??"


def pretty(c: int) -> str:
    """A card for people: ``Hat 5``, ``Wildcard 4``."""
    if c < 0:
        return "a hidden card"
    if SUIT[c] < 0:
        return f"Wildcard {VALUE[c]}"
    return f"{data.SUIT_NAMES[SUITS[SUIT[c]]]} {VALUE[c]}"


def suit_name(s: int) -> str:
    return data.SUIT_NAMES[SUITS[s]] if s >= 0 else "undefined"


def is_wild(c: int) -> bool:
    return SUIT[c] < 0
