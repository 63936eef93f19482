"""The 32-card French-suited deck of Brokdorf (BK-2.1, BK-2.2).

A card is a small int ``suit * 8 + strength``: suits in the order C S H D (Kreuz,
Pik, Herz, Karo; BK-2.3's Stechen order, highest first) and strength 0..7 for the
ranks 7 8 9 J Q K 10 A (BK-2.2, low to high).  So ``card >> 3`` is its suit and
``card & 7`` its strength.  :class:`Card` is that int with the card code as its text
(``QH``), so cards index tables directly and still print as people expect.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mypy_extensions import mypyc_attr

from ..core.errors import InputError
from ..core.i18n import N_, Catalog
from ..core.inputs import excerpt

CATALOG: Final = Catalog("brokdorf")  # the game's texts in German, one catalog for all its modules
_, ngettext = CATALOG.functions()

SUITS: Final = ("C", "S", "H", "D")
SUIT_SYMBOLS: Final = ("♣", "♠", "♥", "♦")
SUIT_NAMES: Final = ("Kreuz", "Pik", "Herz", "Karo")
RANKS: Final = ("7", "8", "9", "J", "Q", "K", "10", "A")  # strength 0..7
# the ranks as a card's picture shows them (``♥Q``): German shows the Dame as D and the Bube as B (BK-1.3)
RANK_FACES: Final = ("7", "8", "9", N_("J"), N_("Q"), "K", "10", "A")
# Rank letters of the German rule text (D = Dame, B = Bube) are accepted when parsing.
_RANK_ALIASES: Final = {"D": "Q", "B": "J", "T": "10"}
_SUIT_ALIASES: Final = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
LUSCHEN: Final = (0, 1, 2)  # BK-1.4: the low cards 7, 8, 9


@mypyc_attr(native_class=False)  # an int subclass: compiled code keeps it an ordinary Python class
class Card(int):
    """One card: an int 0..31 whose text is its code (``AC``, ``10H``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return CODES[self]

    @property
    def suit(self) -> str:
        return SUITS[self >> 3]

    @property
    def rank(self) -> str:
        return RANKS[self & 7]

    @property
    def pretty(self) -> str:
        """Suit symbol and rank, e.g. ``♥Q`` (``♥D``, Dame, in German: BK-1.3)."""
        return SUIT_SYMBOLS[self >> 3] + _(RANK_FACES[self & 7])

    @property
    def is_lusche(self) -> bool:
        """BK-1.4: a 7, 8 or 9."""
        return (self & 7) in LUSCHEN


CODES: Final = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARDS: Final = tuple(Card(i) for i in range(32))
BY_CODE: Final = {code: CARDS[i] for i, code in enumerate(CODES)}

CARD_HELP: Final = N_("a card is a rank (A 10 K Q J 9 8 7) and a suit (C Kreuz, S Pik, H Herz, D Karo), e.g. QH or 10C")
SUIT_HELP: Final = N_("a suit is C (Kreuz), S (Pik), H (Herz) or D (Karo)")


def parse_suit(text: str) -> int:
    """Suit index of ``C``/``S``/``H``/``D`` (or a suit symbol or German name)."""
    t = text.strip()
    t = _SUIT_ALIASES.get(t, t)
    for i, name in enumerate(SUIT_NAMES):
        if t.lower() == name.lower():
            return i
    if t.upper() in SUITS:
        return SUITS.index(t.upper())
    raise ValueError(_("unknown suit {text}: {help}").format(text=excerpt(text), help=_(SUIT_HELP)))


def parse_card(text: object) -> Card:
    """The card of a code like ``QH``; also ``♥Q`` and the German ``DH`` (Herz Dame)."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise InputError(
            _("a card code is a string: {help}; not {value}").format(help=_(CARD_HELP), value=excerpt(text))
        )
    t = text.strip()
    if t[:1] in _SUIT_ALIASES:  # symbol first: ♥Q
        t = t[1:] + _SUIT_ALIASES[t[0]]
    t = t.upper()
    if len(t) >= 2:
        rank, suit = t[:-1], _SUIT_ALIASES.get(t[-1], t[-1])
        rank = _RANK_ALIASES.get(rank, rank)
        card = BY_CODE.get(rank + suit)
        if card is not None:
            return card
    raise ValueError(_("unknown card code {text}: {help}").format(text=excerpt(text), help=_(CARD_HELP)))


def parse_cards(codes: str | Iterable[object]) -> tuple[Card, ...]:
    """Cards of a sequence of codes (or one space-separated string), all different."""
    if isinstance(codes, str):
        codes = codes.split()
    cards = tuple(parse_card(c) for c in codes)
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise ValueError(_("card {card} appears twice; every card of the deck is unique (BK-2.1)").format(card=c))
        seen.add(c)
    return cards


# each card's place in a sorted hand: suit first (C S H D), then high to low within the suit
HAND_ORDER: Final = tuple((c >> 3) * 8 + 7 - (c & 7) for c in range(32))


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards grouped by suit (C S H D), high to low within a suit."""
    return tuple(sorted(cards, key=HAND_ORDER.__getitem__))


def suit(card: int) -> int:
    """The suit of a card: 0 Kreuz, 1 Pik, 2 Herz, 3 Karo."""
    return card >> 3


def beats(x: int, w: int, trump: int) -> bool:
    """BK-4.9: card x beats card w if x is trump and w is not, or x is of w's suit and ranks higher."""
    sx, sw = x >> 3, w >> 3
    return (sx == trump and sw != trump) or (sx == sw and x > w)


def draw_key(card: int) -> int:
    """BK-5.8 step 1: suit first (♣ > ♠ > ♥ > ♦), then rank."""
    return (3 - (card >> 3)) * 8 + (card & 7)
