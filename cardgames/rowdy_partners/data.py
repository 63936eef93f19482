# mypy: ignore-errors
"""Rowdy Partners component details, in one place.

The seed text gives the ideas (suits, wildcards, pop symbols, stop signs, cheats,
signature moves) but not the numbers; everything here is **our reconstruction**
(rules document RP-2, RP-4.12, RP-9).  Change a number here and the rules follow.
"""
from __future__ import annotations

from typing import NamedTuple

# RP-2.1 the deck: four suits with values 1-8, plus four wildcards
SUITS = ("Ha", "Ho", "St", "Gr")
SUIT_NAMES = {"Ha": "Hat", "Ho": "Horseshoe", "St": "Star", "Gr": "Gravestone"}
VALUES = tuple(range(1, 9))
WILDCARD_VALUES = (2, 4, 6, 8)  # printed values of W2 W4 W6 W8

# RP-2.2 pop symbols: one on every suited card of these printed values; none on wildcards
POP_VALUES = (6, 7, 8)

# RP-4.2 the deal
HAND_SIZE = 8
DIAMOND_SIZE = 8
BURN_SIZE = 4
TRICKS_PER_ROUND = 8

# RP-2.3 the health track: 0 start, 1-15 regular, 16-18 stop signs, 19 skull
LAST_REGULAR = 15
STOP_THRESHOLDS = {16: 1, 17: 2, 18: 3}  # damage a single trick needs to leave the stop sign
SKULL = 19

# RP-2.4 / RP-4.12 the pop track and its awards (field reached -> award)
POP_AWARDS = {2: "coin", 4: "damage", 6: "tag", 8: "cheat", 10: "unlock", 12: "cheat"}
POP_RESET = 12  # reaching this field gives its award, then the track returns to 0
HEADLINER_TAG_AWARD = "coin"  # RP-4.12: a headliner has no partner to tag


class Effect(NamedTuple):
    """One entry of the effect vocabulary of RP-2.6.

    kind is VAL, SUIT, DMG, DBL, IMMUNE, CANCEL, BURN_SWAP or PEEK; amount is the k of
    VAL(k)/DMG(k), or a tuple of allowed amounts when the player chooses at use (Limbo).
    """

    kind: str
    amount: int | tuple[int, ...] = 0


class Cheat(NamedTuple):
    name: str
    effect: Effect


class Wrestler(NamedTuple):
    name: str
    move: str
    effect: Effect


# RP-2.7 the cheat tiles (names are placeholders)
CHEATS = {
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
WRESTLERS = {
    "W1": Wrestler("Anvil Annie", "Anvil Drop", Effect("DBL")),
    "W2": Wrestler("Ghost Gordo", "Phase Out", Effect("IMMUNE")),
    "W3": Wrestler("Chameleon Chuck", "Switcheroo", Effect("SUIT")),
    "W4": Wrestler("Limbo Lou", "Limbo", Effect("VAL", (-1, -2, -3))),
    "W5": Wrestler("Bruiser Brenda", "Haymaker", Effect("DMG", 3)),
    "W6": Wrestler("Sly Sid", "Dumpster Dive", Effect("BURN_SWAP")),
}

DEFAULT_ROSTER = tuple(WRESTLERS)
DEFAULT_CHEAT_POOL = tuple(CHEATS)

# RP-3.4 and RP-6.3 engine options
DEFAULT_FIRST_LEADER = 0
DEFAULT_ROUND_CAP = 20

# RP-2.6 the token kinds a CANCEL may name
TOKEN_KINDS = ("coin", "damage", "tag", "cheat")
