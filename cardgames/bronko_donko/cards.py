# mypy: ignore-errors
"""Fighter cards and formations of Bronko-Donko, as small integers and prebuilt tables.

A card is an index 0..33: the coloured cards are ``colour * 8 + strength - 1``
(colours Bl Gr Ge Ro = 0..3, base strengths 1..8), then Kose (32) and the Wolf (33).
A hand is a bit mask over these indices.

Every formation that can ever be placed (BD-5.1: Solo, Gäng, Straßenschläger, with or
without a declared Wolf) is built once at import as a :class:`Formation`; the legal
move generator only looks formations up in tables keyed by the cards of one figure
(Gäng) or one colour (street) in a hand, so it never enumerates subsets of a hand.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

COLOURS = ("Bl", "Gr", "Ge", "Ro")  # BD-2.1 tie-break order Blau < Grün < Gelb < Rot
COLOUR_NAMES = ("Blau", "Grün", "Gelb", "Rot")
FIGURES = {1: "Donko", 2: "Cobra", 3: "Hipster", 4: "Vertriebler", 5: "Hautz", 6: "Bunny", 7: "Moneyboy", 8: "Bronko"}
STAR = {8: 11, 7: 4, 6: 3, 5: 2, 4: 10, 3: 0, 2: 0, 1: 0}  # Table 2.1 damage by base strength

KOSE = 32
WOLF = 33
NCARDS = 34
KOSE_BIT = 1 << KOSE
WOLF_BIT = 1 << WOLF
ALL_CARDS = (1 << NCARDS) - 1
WHITE = KOSE_BIT | WOLF_BIT
SCHLAEGER = (2, 4, 6, 8, 10, 12, 15, 20)  # Table 2.2

SOLO, GANG, STREET = 0, 1, 2
KIND_NAMES = ("Solo", "Gäng", "Straßenschläger")


def card(colour: int, strength: int) -> int:
    return colour * 8 + strength - 1


CODES = tuple(f"{COLOURS[i // 8]}{i % 8 + 1}" for i in range(32)) + ("Kose", "Wolf")
CODE_INDEX = {code.lower(): i for i, code in enumerate(CODES)}
BASE = tuple(i % 8 + 1 for i in range(32)) + (0, -1)  # Kose 0; the Wolf has none
COLOUR = tuple(i // 8 for i in range(32)) + (-1, -1)
DAMAGE = tuple(STAR[i % 8 + 1] for i in range(32)) + (20, 20)
# current strength by revolution state (BD-3.4): [0] normal, [1] revolution
STRENGTH = (BASE[:33], tuple(8 - b for b in BASE[:33]))


def name(c: int) -> str:
    """The German name of a card: 'Hautz Rot', 'Dr. nar. Kose', 'Dünenwolf'."""
    if c == KOSE:
        return "Dr. nar. Kose"
    if c == WOLF:
        return "Dünenwolf"
    return f"{FIGURES[BASE[c]]} {COLOUR_NAMES[COLOUR[c]]}"


def parse_card(text: str) -> int:
    """The index of a card code such as 'Ro5' or 'Kose' (ValueError if unknown)."""
    try:
        return CODE_INDEX[text.lower()]
    except KeyError:
        raise ValueError(
            f"unknown card {text!r}: a card is a colour Bl Gr Ge Ro with a strength 1-8 (e.g. Ro5), Kose or Wolf"
        ) from None


def cards_of(mask: int) -> list[int]:
    """The card indices of a mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(mask: int) -> str:
    """Cards of a mask as text, weakest first (by base strength, then colour)."""
    return " ".join(CODES[c] for c in sorted(cards_of(mask), key=sort_key))


def sort_key(c: int) -> tuple[int, int]:
    return (BASE[c] if c < WOLF else 99, COLOUR[c])


def hand_damage(mask: int) -> int:
    return sum(DAMAGE[c] for c in cards_of(mask))


# ---------------------------------------------------------------------------
# Formations (BD-5.1 - BD-5.5, BD-3.5, BD-5.9, BD-5.10)


@dataclass(frozen=True, slots=True)
class Formation:
    """One placeable formation: its real cards, the Wolf's declared card, and what it is worth."""

    id: int
    kind: int  # SOLO, GANG, STREET
    size: int
    cards: int  # mask of the real cards
    wolf: int  # the card the Wolf is declared as, or -1
    req: int  # mask of the cards taken from the hand (real cards and the Wolf)
    strength: tuple[int, int]  # BD-5.3 by revolution state
    fist: tuple[bool, bool]  # BD-3.5 (the Solo Donko exception of BD-5.10 applied)
    nobox: tuple[bool, bool]  # BD-5.9 / BD-5.10: can never be boxed
    text: str
    plain: int  # id of the same formation with the declared card real instead of the Wolf (BD-6.5)

    def __str__(self) -> str:
        return self.text

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def __reduce__(self):
        return (_formation, (self.id,))

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]

    def members(self) -> tuple[int, ...]:
        """The cards it counts as (the Wolf as its declared card)."""
        ms = cards_of(self.cards) + ([self.wolf] if self.wolf >= 0 else [])
        return tuple(sorted(ms, key=sort_key))


def _formation(i: int) -> Formation:
    return FORMS[i]


FORMS: list[Formation] = []
FORM_BY_KEY: dict[tuple[int, int], Formation] = {}


def _text(real: list[int], wolf: int) -> str:
    items = [(sort_key(c), CODES[c]) for c in real]
    if wolf >= 0:
        items.append((sort_key(wolf), "Wolf=" + CODES[wolf]))
    return " ".join(t for _, t in sorted(items))


def _add(kind: int, real: list[int], wolf: int) -> None:
    members = real + ([wolf] if wolf >= 0 else [])
    strength, fist, nobox = [], [], []
    for rev in (0, 1):
        st = [STRENGTH[rev][c] for c in members]
        strength.append(min(st))
        if rev == 0:
            f = any(BASE[c] == 8 for c in members)
            nb = f
        else:
            donko = any(BASE[c] == 1 for c in members)
            f = donko and kind != SOLO  # BD-5.10: a Solo Donko card is no fist in a revolution
            nb = donko
        fist.append(f)
        nobox.append(nb)
    mask = 0
    for c in real:
        mask |= 1 << c
    f = Formation(
        id=len(FORMS), kind=kind, size=len(members), cards=mask, wolf=wolf,
        req=mask | (WOLF_BIT if wolf >= 0 else 0),
        strength=tuple(strength), fist=tuple(fist), nobox=tuple(nobox),
        text=_text(real, wolf), plain=-1,
    )
    FORMS.append(f)
    FORM_BY_KEY[(mask, wolf)] = f


# Solos: every card but the Wolf (BD-5.1 a, BD-6.3); Kose only ever as Solo (BD-6.1)
for _c in range(33):
    _add(SOLO, [_c], -1)
# Gängs: 2-4 cards of one figure, the Wolf possibly one of them (BD-5.1 b)
for _b in range(1, 9):
    for _k in range(1, 5):
        for _cols in combinations(range(4), _k):
            _real = [card(c, _b) for c in _cols]
            if _k >= 2:
                _add(GANG, _real, -1)
            if _k <= 3:
                for _d in range(4):
                    if _d not in _cols:
                        _add(GANG, _real, card(_d, _b))
# Streets: 3+ cards of one colour in an unbroken run; the Wolf fills one place (BD-5.1 c)
for _c in range(4):
    for _lo in range(1, 9):
        for _hi in range(_lo + 2, 9):
            _run = [card(_c, s) for s in range(_lo, _hi + 1)]
            _add(STREET, _run, -1)
            for _w in _run:
                _add(STREET, [x for x in _run if x != _w], _w)

for _i, _f in enumerate(FORMS):
    if _f.wolf >= 0:
        object.__setattr__(_f, "plain", FORM_BY_KEY[(_f.cards | (1 << _f.wolf), -1)].id)
    else:
        object.__setattr__(_f, "plain", _f.id)

FORMS = tuple(FORMS)
SOLO_OF = tuple(FORMS[c] for c in range(33))

# Lookup tables: [figure or colour][mask of that figure's colours / colour's strengths][wolf usable]
# -> all formations there; and the same split by size.
_SPREAD = tuple(sum(1 << (4 * b) for b in range(8) if m >> b & 1) for m in range(256))


# SPREAD_AT[colour][cards of that colour]: their figures as bit ``colour`` of each nibble
SPREAD_AT = tuple(tuple(s << col for s in _SPREAD) for col in range(4))


def figure_masks(hand: int) -> int:
    """Per figure b (0-based), a 4-bit mask of the colours held, packed in nibble b."""
    # to_bytes splits the (two-digit) int into its colour bytes in one C call
    b0, b1, b2, b3, _ = hand.to_bytes(5, "little")
    s0, s1, s2, s3 = SPREAD_AT
    return s0[b0] | s1[b1] | s2[b2] | s3[b3]


def _tables():
    gang = [[[[], []] for _ in range(16)] for _ in range(8)]
    street = [[[[], []] for _ in range(256)] for _ in range(4)]
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

    def split(forms):
        by = [[] for _ in range(9)]
        for f in forms:
            by[f.size].append(f)
        return tuple(tuple(x) for x in by)

    gang_all = tuple(tuple(tuple(tuple(w) for w in h) for h in fig) for fig in gang)
    gang_size = tuple(tuple(tuple(split(w) for w in h) for h in fig) for fig in gang)
    street_all = tuple(tuple(tuple(tuple(w) for w in h) for h in col) for col in street)
    street_size = tuple(tuple(tuple(split(w) for w in h) for h in col) for col in street)
    return gang_all, gang_size, street_all, street_size


GANG_ALL, GANG_SIZE, STREET_ALL, STREET_SIZE = _tables()
