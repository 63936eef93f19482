"""Rowdy Partners component details, in one place.

The original text gives the ideas (suits, wildcards, pop symbols, stop signs, cheats,
signature moves) but not the numbers; everything here is **our reconstruction**
(rules document RP-2, RP-4.12, RP-9).  Change a number here and the rules follow.
"""

from __future__ import annotations

from typing import Final

from ..core.i18n import N_
from ..core.record import Record

# RP-2.1 the deck: four suits with values 1-8, plus four wildcards
SUITS: Final[tuple[str, ...]] = ("Ha", "Ho", "St", "Gr")
# the suits' names for people, in English; shown translated (cards.suit_name)
SUIT_NAMES: Final[dict[str, str]] = {"Ha": N_("Hat"), "Ho": N_("Horseshoe"), "St": N_("Star"), "Gr": N_("Gravestone")}
VALUES: Final[tuple[int, ...]] = tuple(range(1, 9))
WILDCARD_VALUES: Final[tuple[int, ...]] = (2, 4, 6, 8)  # printed values of W2 W4 W6 W8

# RP-2.2 pop symbols: one on every suited card of these printed values; none on wildcards
POP_VALUES: Final[tuple[int, ...]] = (6, 7, 8)

# RP-4.2 the deal
HAND_SIZE: Final[int] = 8
DIAMOND_SIZE: Final[int] = 8
BURN_SIZE: Final[int] = 4
TRICKS_PER_ROUND: Final[int] = 8

# RP-2.3 the health track: 0 start, 1-15 regular, 16-18 stop signs, 19 skull
LAST_REGULAR: Final[int] = 15
STOP_THRESHOLDS: Final[dict[int, int]] = {16: 1, 17: 2, 18: 3}  # damage a single trick needs to leave the stop sign
SKULL: Final[int] = 19

# RP-2.4 / RP-4.12 the pop track and its awards (field reached -> award)
POP_AWARDS: Final[dict[int, str]] = {2: "coin", 4: "damage", 6: "tag", 8: "cheat", 10: "unlock", 12: "cheat"}
POP_RESET: Final[int] = 12  # reaching this field gives its award, then the track returns to 0
HEADLINER_TAG_AWARD: Final[str] = "coin"  # RP-4.12: a headliner has no partner to tag


class Effect(Record):
    """One entry of the effect vocabulary of RP-2.6.

    kind is VAL, SUIT, DMG, DBL, IMMUNE, CANCEL, BURN_SWAP or PEEK; amount is the k of
    VAL(k)/DMG(k), or a tuple of allowed amounts when the player chooses at use (Limbo).
    """

    FIELDS = ("kind", "amount")
    kind: str
    amount: int | tuple[int, ...]

    def __init__(self, kind: str, amount: int | tuple[int, ...] = 0) -> None:
        self.kind = kind
        self.amount = amount


class Cheat(Record):
    """RP-2.7 a cheat tile: its name and effect."""

    FIELDS = ("name", "effect")
    name: str
    effect: Effect

    def __init__(self, name: str, effect: Effect) -> None:
        self.name = name
        self.effect = effect


class Wrestler(Record):
    """RP-2.8 a wrestler: his name, his signature move and its effect."""

    FIELDS = ("name", "move", "effect")
    name: str
    move: str
    effect: Effect

    def __init__(self, name: str, move: str, effect: Effect) -> None:
        self.name = name
        self.move = move
        self.effect = effect


# RP-2.7 the cheat tiles (names are placeholders)
CHEATS: Final[dict[str, Cheat]] = {
    "C01": Cheat("Brass Knuckles", Effect("VAL", 2)),
    "C02": Cheat("Low Blow", Effect("VAL", -2)),
    "C03": Cheat("Eye Rake", Effect("VAL", -3)),
    "C04": Cheat("Costume Change", Effect("SUIT")),
    "C05": Cheat("Steel Chair", Effect("DMG", 2)),
    "C06": Cheat("Baby Oil", Effect("IMMUNE")),
    "C07": Cheat("Ref Distraction", Effect("CANCEL")),
    "C08": Cheat("Hidden Object", Effect("BURN_SWAP")),
    "C09": Cheat("Corner Whisper", Effect("PEEK")),
    "C10": Cheat("Foreign Object", Effect("DBL")),
}

# RP-2.8 the wrestler roster, each with a signature move (names are placeholders)
WRESTLERS: Final[dict[str, Wrestler]] = {
    "W1": Wrestler("Anvil Annie", "Anvil Drop", Effect("DBL")),
    "W2": Wrestler("Ghost Gordo", "Phase Out", Effect("IMMUNE")),
    "W3": Wrestler("Chameleon Chuck", "Switcheroo", Effect("SUIT")),
    "W4": Wrestler("Limbo Lou", "Limbo", Effect("VAL", (-1, -2, -3))),
    "W5": Wrestler("Bruiser Brenda", "Haymaker", Effect("DMG", 3)),
    "W6": Wrestler("Sly Sid", "Dumpster Dive", Effect("BURN_SWAP")),
}

DEFAULT_ROSTER: Final[tuple[str, ...]] = tuple(WRESTLERS)
DEFAULT_CHEAT_POOL: Final[tuple[str, ...]] = tuple(CHEATS)

# RP-3.4 and RP-6.3 engine options
DEFAULT_FIRST_LEADER: Final[int] = 0
DEFAULT_ROUND_CAP: Final[int] = 20

# RP-2.6 the token kinds a CANCEL may name
TOKEN_KINDS: Final[tuple[str, ...]] = ("coin", "damage", "tag", "cheat")
