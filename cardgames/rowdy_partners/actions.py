"""Rowdy Partners: the actions (RP-4.4 to RP-4.9) and the tables of them made once.

A decision is one of: ``tag``/``pass`` in the tag window (RP-4.4); an attachment
declared before the card (``coin +1``, ``damage``, ``cheat C05``, ``sig W5`` ...;
RP-4.7), each its own decision so ``legal_actions`` never lists card x attachment
combinations; ``bury Ha5`` after a BURN_SWAP; ``play Ha5``; ``name Gr`` when a
wildcard becomes the setter (RP-4.9); ``wrestler W3`` when the players choose (DP-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.game import Action
from . import data
from .cards import DECK, SUITS, code

# Actions


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand (or, for a headliner, the hand or the diamond)."""

    card: int

    def __str__(self) -> str:
        return "play " + code(self.card)


@dataclass(frozen=True, slots=True)
class Name(Action):
    """Name the led suit for a wildcard setter (RP-4.9)."""

    suit: int

    def __str__(self) -> str:
        return "name " + SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class Bury(Action):
    """Put a hand card face down into the burn pile after a BURN_SWAP (RP-2.6)."""

    card: int

    def __str__(self) -> str:
        return "bury " + code(self.card)


@dataclass(frozen=True, slots=True)
class Tag(Action):
    """Spend a Tag token in the tag window: swap seats with the partner (RP-4.4)."""

    def __str__(self) -> str:
        return "tag"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do not tag in this window (RP-4.4)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Coin(Action):
    """Attach a Coin to the coming card: VAL(+1) or VAL(-1) (RP-2.6)."""

    sign: int

    def __str__(self) -> str:
        return "coin +1" if self.sign > 0 else "coin -1"


@dataclass(frozen=True, slots=True)
class DamageToken(Action):
    """Attach a Damage token to the coming card: DMG(1) (RP-2.6)."""

    def __str__(self) -> str:
        return "damage"


@dataclass(frozen=True, slots=True)
class UseCheat(Action):
    """Attach a hidden cheat (RP-2.7); ``arg`` is a suit, ``player kind`` for CANCEL, or a PEEK target."""

    cheat: str
    arg: str = ""

    def __str__(self) -> str:
        return f"cheat {self.cheat} {self.arg}" if self.arg else f"cheat {self.cheat}"


@dataclass(frozen=True, slots=True)
class UseSignature(Action):
    """Attach the wrestler's signature move (RP-2.8, RP-4.13); ``arg`` as for cheats, or a Limbo amount."""

    wrestler: str
    arg: str = ""

    def __str__(self) -> str:
        return f"sig {self.wrestler} {self.arg}" if self.arg else f"sig {self.wrestler}"


@dataclass(frozen=True, slots=True)
class ChooseWrestler(Action):
    """Choose a wrestler of the roster at setup (RP-3.2, DP-1), when the players choose."""

    wrestler: str

    def __str__(self) -> str:
        return "wrestler " + self.wrestler


# The argument texts of attachments, made once: a Limbo amount ("-2"), a CANCEL target
# ("1 coin", by player number and token kind), a headliner's PEEK target ("1").
SEAT_TEXTS: Final = tuple(str(q) for q in range(4))
CANCEL_TEXTS: Final = tuple({kind: f"{q} {kind}" for kind in data.TOKEN_KINDS} for q in range(4))
_EFFECTS: Final = [w.effect for w in data.WRESTLERS.values()] + [c.effect for c in data.CHEATS.values()]
AMOUNT_TEXTS: Final = {e.amount: tuple([f"{a:+d}" for a in e.amount]) for e in _EFFECTS if isinstance(e.amount, tuple)}
ARG_KINDS: Final = ("SUIT", "CANCEL", "PEEK")  # the effects whose attachment names a suit or a target


def _arg_texts(eff: data.Effect) -> tuple[str, ...]:
    """Every argument text with which an effect can ever be attached (RP-2.6, RP-2.8)."""
    kind = eff.kind
    if kind == "VAL" and isinstance(eff.amount, tuple):
        return AMOUNT_TEXTS[eff.amount]
    if kind == "SUIT":
        return SUITS
    if kind == "CANCEL":
        return tuple(text for texts in CANCEL_TEXTS for text in texts.values())
    if kind == "PEEK":
        return ("",) + SEAT_TEXTS
    return ("",)


# Every attachment legal_actions can offer, made once: each cheat and signature move with
# every argument text its effect allows, by (id, argument text).
CHEAT_ACTIONS: Final = {
    (cid, arg): UseCheat(cid, arg) for cid, c in data.CHEATS.items() for arg in _arg_texts(c.effect)
}
SIGNATURE_ACTIONS: Final = {
    (wid, arg): UseSignature(wid, arg) for wid, w in data.WRESTLERS.items() for arg in _arg_texts(w.effect)
}
# Every way to attach each cheat and signature move, by id, in the order legal_actions offers them.
CHEAT_OFFERS: Final = {
    cid: tuple([CHEAT_ACTIONS[cid, arg] for arg in _arg_texts(c.effect)]) for cid, c in data.CHEATS.items()
}
SIGNATURE_OFFERS: Final = {
    wid: tuple([SIGNATURE_ACTIONS[wid, arg] for arg in _arg_texts(w.effect)]) for wid, w in data.WRESTLERS.items()
}
# The attachments whose offer does not depend on the table (VAL, DMG, DBL, IMMUNE): all of them, always.
FIXED_KINDS: Final = ("VAL", "DMG", "DBL", "IMMUNE")

PLAY: Final = tuple(Play(c) for c in DECK)
BURY: Final = tuple(Bury(c) for c in DECK)
HIDDEN_BURY: Final = Bury(-1)
NAME: Final = tuple(Name(s) for s in range(len(SUITS)))
TAG: Final = Tag()
PASS: Final = Pass()
COIN_UP: Final = Coin(1)
COIN_DOWN: Final = Coin(-1)
DAMAGE: Final = DamageToken()
TAG_ACTIONS: Final = (TAG, PASS)
ATTACHMENTS: Final = (Coin, DamageToken, UseCheat, UseSignature)
