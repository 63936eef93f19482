"""Fighter cards and formations of Bronko-Donko, as small integers and prebuilt tables.

A card is an index 0..33: the coloured cards are ``colour * 8 + strength - 1``
(colours Bl Gr Ge Ro = 0..3, base strengths 1..8), then Kose (32) and the Wolf (33).
A hand is a bit mask over these indices.

Every formation that can ever be placed (BD-5.1: Solo, Gäng, Straßenschläger, with or
without a declared Wolf) is built once at import as a :class:`Formation`; the legal
move generator looks formations up in tables keyed by the cards of one figure (Gäng)
or one colour (street) in a hand, so it never enumerates subsets of a hand.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from ..core.i18n import Catalog
from ..core.inputs import excerpt
from ..core.record import Record

_, ngettext = Catalog("bronko_donko").functions()

COLOURS: Final = ("Bl", "Gr", "Ge", "Ro")  # BD-2.1 tie-break order Blau < Grün < Gelb < Rot
FIGURES: Final = {
    1: "Donko",
    2: "Cobra",
    3: "Hipster",
    4: "Vertriebler",
    5: "Hautz",
    6: "Bunny",
    7: "Moneyboy",
    8: "Bronko",
}
STAR: Final = {8: 11, 7: 4, 6: 3, 5: 2, 4: 10, 3: 0, 2: 0, 1: 0}  # Table 2.1 damage by base strength

KOSE: Final = 32
WOLF: Final = 33
NCARDS: Final = 34
KOSE_BIT: Final = 1 << KOSE
WOLF_BIT: Final = 1 << WOLF
WHITE: Final = KOSE_BIT | WOLF_BIT
SCHLAEGER: Final[tuple[int, ...]] = (2, 4, 6, 8, 10, 12, 15, 20)  # Table 2.2

SOLO: Final = 0
GANG: Final = 1
STREET: Final = 2
KIND_NAMES: Final[tuple[str, ...]] = ("Solo", "Gäng", "Straßenschläger")


def card(colour: int, strength: int) -> int:
    """The index of the coloured card of ``colour`` (0..3) and base ``strength`` (1..8)."""
    return colour * 8 + strength - 1


CODES: Final[tuple[str, ...]] = tuple(f"{COLOURS[i // 8]}{i % 8 + 1}" for i in range(32)) + ("Kose", "Wolf")
CODE_INDEX: Final[dict[str, int]] = {code.lower(): i for i, code in enumerate(CODES)}
BASE: Final[tuple[int, ...]] = tuple(i % 8 + 1 for i in range(32)) + (0, -1)  # Kose 0; the Wolf has none
COLOUR: Final[tuple[int, ...]] = tuple(i // 8 for i in range(32)) + (-1, -1)
DAMAGE: Final[tuple[int, ...]] = tuple(STAR[i % 8 + 1] for i in range(32)) + (20, 20)
# current strength by revolution state (BD-3.4): [0] normal, [1] revolution
STRENGTH: Final[tuple[tuple[int, ...], ...]] = (BASE[:33], tuple(8 - b for b in BASE[:33]))


def parse_card(text: str) -> int:
    """The index of a card code such as 'Ro5' or 'Kose', in any letter case (ValueError if unknown)."""
    index = CODE_INDEX.get(text.lower())
    if index is None:
        raise ValueError(
            _(
                "unknown card {text}: a card is a colour Bl Gr Ge Ro with a strength 1-8 (e.g. Ro5), Kose or Wolf"
            ).format(text=excerpt(text))
        )
    return index


def cards_of(mask: int) -> list[int]:
    """The card indices of a mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sort_key(c: int) -> tuple[int, int]:
    """Weakest first: by base strength, then colour; the Wolf last."""
    return (BASE[c] if c < WOLF else 99, COLOUR[c])


def codes(mask: int) -> str:
    """Cards of a mask as text, weakest first (by base strength, then colour)."""
    return " ".join(CODES[c] for c in sorted(cards_of(mask), key=sort_key))


def hand_damage(mask: int) -> int:
    """The summed damage values of the cards of ``mask`` (BD-9.2)."""
    return sum(DAMAGE[c] for c in cards_of(mask))


# ---------------------------------------------------------------------------
# Formations (BD-5.1 - BD-5.5, BD-3.5, BD-5.9, BD-5.10)


class Formation(Record):
    """One placeable formation: its real cards, the Wolf's declared card, and what it is worth."""

    FIELDS = ("id", "kind", "size", "cards", "wolf", "req", "strength", "fist", "nobox", "text", "plain")
    id: int  # its index in FORMS
    kind: int  # SOLO, GANG, STREET
    size: int
    cards: int  # mask of the real cards
    wolf: int  # the card the Wolf is declared as, or -1
    req: int  # mask of the cards taken from the hand (real cards and the Wolf)
    # by revolution state, [0] normal and [1] revolution (tuples of any length, so that mypyc keeps them as
    # Python tuples: indexing a fixed-length tuple type by a variable rebuilds it each time)
    strength: tuple[int, ...]  # BD-5.3
    fist: tuple[bool, ...]  # BD-3.5 (the Solo Donko exception of BD-5.10 applied)
    nobox: tuple[bool, ...]  # BD-5.9 / BD-5.10: can never be boxed
    text: str
    plain: int  # id of the same formation with the declared card real instead of the Wolf (BD-6.5)

    def __init__(
        self,
        id: int,
        kind: int,
        size: int,
        cards: int,
        wolf: int,
        req: int,
        strength: tuple[int, ...],
        fist: tuple[bool, ...],
        nobox: tuple[bool, ...],
        text: str,
        plain: int,
    ) -> None:
        self.id = id
        self.kind = kind
        self.size = size
        self.cards = cards
        self.wolf = wolf
        self.req = req
        self.strength = strength
        self.fist = fist
        self.nobox = nobox
        self.text = text
        self.plain = plain

    def __str__(self) -> str:
        return self.text

    # a formation is one of the prebuilt FORMS: copies and pickles are that very object
    def __reduce__(self) -> tuple[Any, ...]:
        return (_formation, (self.id,))

    def __copy__(self) -> Formation:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Formation:
        return self

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]

    def members(self) -> tuple[int, ...]:
        """The cards it counts as (the Wolf as its declared card), weakest first."""
        ms = cards_of(self.cards) + ([self.wolf] if self.wolf >= 0 else [])
        return tuple(sorted(ms, key=sort_key))


def _formation(i: int) -> Formation:
    return FORMS[i]


def _text(real: list[int], wolf: int) -> str:
    """How a formation is written: its cards weakest first, the Wolf as 'Wolf=' its declared card."""
    items = [(sort_key(c), CODES[c]) for c in real]
    if wolf >= 0:
        items.append((sort_key(wolf), "Wolf=" + CODES[wolf]))
    return " ".join(t for _key, t in sorted(items))


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _shapes() -> list[tuple[int, list[int], int]]:
    """(kind, real cards, declared card or -1) of every formation, in the order of FORMS."""
    shapes: list[tuple[int, list[int], int]] = []
    # Solos: every card but the Wolf (BD-5.1 a, BD-6.3); Kose only ever as Solo (BD-6.1)
    for c in range(33):
        shapes.append((SOLO, [c], -1))
    # Gängs: 2-4 cards of one figure, the Wolf possibly one of them (BD-5.1 b)
    for b in range(1, 9):
        for k in range(1, 5):
            for cols in combinations(range(4), k):
                real = [card(c, b) for c in cols]
                if k >= 2:
                    shapes.append((GANG, real, -1))
                if k <= 3:
                    for d in range(4):
                        if d not in cols:
                            shapes.append((GANG, real, card(d, b)))
    # Streets: 3+ cards of one colour in an unbroken run; the Wolf fills one place (BD-5.1 c)
    for c in range(4):
        for lo in range(1, 9):
            for hi in range(lo + 2, 9):
                run = [card(c, s) for s in range(lo, hi + 1)]
                shapes.append((STREET, run, -1))
                for w in run:
                    shapes.append((STREET, [x for x in run if x != w], w))
    return shapes


def _build() -> tuple[Formation, ...]:
    """Every formation, with its strength, fist and box status in both revolution states."""
    shapes = _shapes()
    index = {(_mask(real), wolf): i for i, (_kind, real, wolf) in enumerate(shapes)}
    out = []
    for i, (kind, real, wolf) in enumerate(shapes):
        members = real + ([wolf] if wolf >= 0 else [])
        mask = _mask(real)
        normal = [STRENGTH[0][c] for c in members]
        revolution = [STRENGTH[1][c] for c in members]
        fist = any(BASE[c] == 8 for c in members)  # BD-3.5: a Bronko card
        donko = any(BASE[c] == 1 for c in members)  # BD-3.5 in a revolution: a Donko card
        out.append(
            Formation(
                id=i,
                kind=kind,
                size=len(members),
                cards=mask,
                wolf=wolf,
                req=mask | (WOLF_BIT if wolf >= 0 else 0),
                strength=(min(normal), min(revolution)),
                fist=(fist, donko and kind != SOLO),  # BD-5.10: a Solo Donko card is no fist in a revolution
                nobox=(fist, donko),  # BD-5.9, BD-5.10
                text=_text(real, wolf),
                plain=index[(mask | (1 << wolf), -1)] if wolf >= 0 else i,
            )
        )
    return tuple(out)


Forms = tuple[Formation, ...]
FORMS: Final = _build()
FORM_BY_KEY: Final[dict[tuple[int, int], Formation]] = {(f.cards, f.wolf): f for f in FORMS}
SOLO_OF: Final = FORMS[:33]  # the Solos are FORMS[0..32], by card index
# STRENGTH_MASK[revolution][lo][hi]: the cards (Kose, never the Wolf) of current strength lo to hi (0..9)
STRENGTH_MASK: Final = tuple(
    tuple(tuple(sum(1 << c for c in range(33) if lo <= STRENGTH[rev][c] <= hi) for hi in range(10)) for lo in range(10))
    for rev in (0, 1)
)
# SOLO_ALL[colour][cards of that colour held]: their Solos, weakest first
SOLO_ALL: Final = tuple(
    tuple(tuple(SOLO_OF[col * 8 + i] for i in range(8) if held >> i & 1) for held in range(256)) for col in range(4)
)

# SPREAD_AT[colour][cards of that colour]: their figures as bit ``colour`` of each nibble
_SPREAD: Final = tuple(sum(1 << (4 * b) for b in range(8) if m >> b & 1) for m in range(256))
SPREAD_AT: Final = tuple(tuple(s << col for s in _SPREAD) for col in range(4))


def figure_masks(hand: int) -> int:
    """Per figure b (0-based), a 4-bit mask of the colours held, packed in nibble b."""
    blue, green, yellow, red = SPREAD_AT
    return blue[hand & 255] | green[hand >> 8 & 255] | yellow[hand >> 16 & 255] | red[hand >> 24 & 255]


# Lookup tables [figure or colour][mask of that figure's colours / colour's strengths held][wolf usable]:
# every formation there (the ``_ALL`` tables), and the same split by size (``_SIZE``, index = size)
Table = tuple[tuple[tuple[Forms, ...], ...], ...]
SizeTable = tuple[tuple[tuple[tuple[Forms, ...], ...], ...], ...]


def _tables() -> tuple[Table, SizeTable, Table, SizeTable]:
    gang: list[list[tuple[list[Formation], list[Formation]]]] = [[([], []) for _h in range(16)] for _b in range(8)]
    street: list[list[tuple[list[Formation], list[Formation]]]] = [[([], []) for _h in range(256)] for _c in range(4)]
    for f in FORMS:
        if f.kind == GANG:
            b = BASE[f.members()[0]] - 1
            cm = 0
            for c in cards_of(f.cards):
                cm |= 1 << COLOUR[c]
            for held in range(16):
                if held & cm == cm:
                    if f.wolf < 0:
                        gang[b][held][0].append(f)
                    gang[b][held][1].append(f)
        elif f.kind == STREET:
            col = COLOUR[f.members()[0]]
            m = (f.cards >> (8 * col)) & 255
            for held in range(256):
                if held & m == m:
                    if f.wolf < 0:
                        street[col][held][0].append(f)
                    street[col][held][1].append(f)

    def split(forms: list[Formation]) -> tuple[Forms, ...]:
        return tuple(tuple(f for f in forms if f.size == size) for size in range(9))

    def whole(rows: list[list[tuple[list[Formation], list[Formation]]]]) -> Table:
        return tuple(tuple((tuple(w0), tuple(w1)) for w0, w1 in row) for row in rows)

    def sized(rows: list[list[tuple[list[Formation], list[Formation]]]]) -> SizeTable:
        return tuple(tuple((split(w0), split(w1)) for w0, w1 in row) for row in rows)

    return whole(gang), sized(gang), whole(street), sized(street)


# each table Final, so that the compiled rules read it as a constant, not from the module's dict
_TABLES: Final = _tables()
GANG_ALL: Final = _TABLES[0]
GANG_SIZE: Final = _TABLES[1]
STREET_ALL: Final = _TABLES[2]
STREET_SIZE: Final = _TABLES[3]
