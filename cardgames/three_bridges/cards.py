"""Cards of Three Bridges: a Hungarian 32-card deck plus two Chronisten (TB-2.1).

Internally a card is an int: ``suit * 8 + rank`` for the 32 suited cards (suits H E S L
= 0..3, ranks VII VIII IX X U O K A = 0..7), 32 and 33 for the two Chronisten, and
:data:`HIDDEN` (34) for a card a view does not show.

A card lying in a column is an *entry*: the card plus its orientation, whether it is
still face down, and (for a Chronist) its declared suit, packed into one int so that a
column is a plain tuple of ints:

    entry = card | SIDEWAYS | FACE_DOWN | (declared_suit + 1) << 8
"""

from __future__ import annotations

from typing import Final

from ..core.i18n import Catalog
from ..core.inputs import excerpt

_, ngettext = Catalog("three_bridges").functions()

# Tuples indexed by a variable are declared as tuples of any length: compiled, a fixed-length
# tuple type would be packed into a new tuple object each time it is indexed so.

SUITS: Final[tuple[str, ...]] = ("H", "E", "S", "L")
SUIT_NAMES: Final[tuple[str, ...]] = ("Herz", "Eichel", "Schellen", "Laub")
RANKS: Final[tuple[str, ...]] = ("VII", "VIII", "IX", "X", "U", "O", "K", "A")
RANK_NAMES: Final[tuple[str, ...]] = ("VII", "VIII", "IX", "X", "Unter", "Ober", "König", "Ass")
HERZ: Final = 0
EICHEL: Final = 1
SCHELLEN: Final = 2
LAUB: Final = 3
UNTER: Final = 4
OBER: Final = 5
KOENIG: Final = 6
ASS: Final = 7
CHR1: Final = 32  # the two Chronisten
CHR2: Final = 33
HIDDEN: Final = 34  # a card the viewer cannot see
DECK: Final = tuple(range(34))
BRIDGE_NAMES: Final[tuple[str, ...]] = ("A", "B", "C")

SIDEWAYS: Final = 64
FACE_DOWN: Final = 128
CARD_MASK: Final = 63


def bridge_name(bridge: int) -> str:
    """A bridge's letter in action texts (``A``, ``B``, ``C``); ``?`` for a number that names no bridge."""
    return BRIDGE_NAMES[bridge] if 0 <= bridge < 3 else "?"


def chronist_as_one(card: int) -> int:
    """The card as a choice: the two Chronisten are one (TB-7.2: either may be named, and which one a player
    placed is not recorded)."""
    return CHR1 if card == CHR2 else card


def code(card: int) -> str:
    """The machine code of a card in hand or pile: ``H-X``, ``Chr`` (``?`` if hidden)."""
    return _CODES[card]


_CODES: Final = tuple(f"{s}-{r}" for s in SUITS for r in RANKS) + ("Chr", "Chr", "?")
_BY_CODE: Final = {c.upper(): i for i, c in enumerate(_CODES[:32])}


def parse_card(text: str) -> int:
    """A hand card from its code (``H-X``, ``L-U``, ``Chr``); ValueError if it is none."""
    t = text.strip().upper()
    if t == "CHR":
        return CHR1
    try:
        return _BY_CODE[t]
    except KeyError:
        raise ValueError(
            _(
                "{text} is not a Three Bridges card; a card is suit-rank with suits H E S L and "
                "ranks VII VIII IX X U O K A (e.g. H-X, L-U, E-A), or Chr for a Chronist"
            ).format(text=excerpt(text))
        ) from None


def parse_suit(text: str) -> int:
    """A suit from its letter (H, E, S, L, any case); ValueError if it is none."""
    t = text.strip().upper()
    if t in SUITS:
        return SUITS.index(t)
    raise ValueError(
        _("{text} is not a suit; the suits are H (Herz), E (Eichel), S (Schellen), L (Laub)").format(text=excerpt(text))
    )


def parse_bridge(text: str) -> int:
    """A bridge from its letter (A, B, C, any case); ValueError if it is none."""
    t = text.strip().upper()
    if t in BRIDGE_NAMES:
        return BRIDGE_NAMES.index(t)
    raise ValueError(_("{text} is not a bridge; the bridges are A, B and C").format(text=excerpt(text)))


# -- entries -----------------------------------------------------------------


def entry(card: int | str, sideways: bool = False, face_down: bool = False, declared: int | str | None = None) -> int:
    """A column entry; ``card`` may be a code, ``Chr=E`` declares a Chronist."""
    if isinstance(card, str):
        text = card.strip()
        if text.upper().startswith("CHR="):
            declared = text[4:]
            text = "Chr"
        card = parse_card(text)
    suit = parse_suit(declared) if isinstance(declared, str) else declared
    e = card
    if sideways:
        e |= SIDEWAYS
    if face_down:
        e |= FACE_DOWN
    if suit is not None:
        e |= (suit + 1) << 8
    return e


def declared_of(e: int) -> int:
    """The declared suit of a Chronist entry, -1 if none (yet)."""
    return (e >> 8) - 1


def suit_of(e: int) -> int:
    """The suit of an entry (a Chronist's declared suit; -1 if undeclared or hidden)."""
    c = e & CARD_MASK
    if c < 32:
        return c >> 3
    if c == HIDDEN:
        return -1
    return (e >> 8) - 1


def rank_of(e: int) -> int:
    """The rank of an entry (a Chronist is an Ass, TB-4.12; -1 if hidden)."""
    c = e & CARD_MASK
    if c < 32:
        return c & 7
    return -1 if c == HIDDEN else ASS


def base_value(e: int) -> int:
    """TB-2.2: VII-X their number, pictures and Chronist 4."""
    c = e & CARD_MASK
    if c < 32 and (c & 7) < 4:
        return 7 + (c & 7)
    return 4


def entry_code(e: int) -> str:
    """The code of a card on the board: ``H-X``, ``Chr=E``, ``?`` when hidden (no orientation)."""
    c = e & CARD_MASK
    if c == CHR1 or c == CHR2:
        d = (e >> 8) - 1
        return "Chr" if d < 0 else "Chr=" + SUITS[d]
    return _CODES[c]


def entry_text(e: int) -> str:
    """For pictures: the code, ``/`` after a sideways card, ``[..]`` around a face-down one."""
    t = entry_code(e)
    if e & SIDEWAYS:
        t += "/"
    if e & FACE_DOWN:
        t = "[" + t + "]"
    return t


def pretty(card: int) -> str:
    """A card's German name for people: ``Herz X``, ``Laub Unter``, ``Chronist``."""
    if card >= 32:
        return "Chronist" if card < HIDDEN else _("a hidden card")
    return f"{SUIT_NAMES[card >> 3]} {RANK_NAMES[card & 7]}"
