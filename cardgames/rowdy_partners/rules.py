"""Rowdy Partners: the rules (RP-3, RP-4, RP-6) as a pure state machine.

A decision is one of: ``tag``/``pass`` in the tag window (RP-4.4); an attachment
declared before the card (``coin +1``, ``damage``, ``cheat C05``, ``sig W5`` ...;
RP-4.7), each its own decision so ``legal_actions`` never lists card x attachment
combinations; ``bury Ha5`` after a BURN_SWAP; ``play Ha5``; ``name Gr`` when a
wildcard becomes the setter (RP-4.9).  Counters, pops, awards, the winner and damage
follow automatically.

The state is split by how often its parts change: ``State`` (every decision: the
trail, who acts, the pending attachments, the hands, the row and the led suit),
``Trick`` (a trick's start: its ring and play order), ``Tokens`` (awards and
attachments), ``Seats`` (a tag or a trick's end), ``Score`` (a trick's end) and
``Deal`` (a round).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..core.decks import check_decks
from ..core.errors import IllegalMove, InputError
from ..core.game import (
    Action,
    Game,
    Option,
    Setup,
    Trail,
    boolean,
    extend,
    history,
    integer,
    masked_trail,
    view_setup,
)
from ..core.i18n import N_
from ..core.inputs import excerpt, thousands
from ..core.record import KEEP, Keep, Record
from ..core.rng import randbelow, sample, shuffle
from . import data
from .cards import (
    CARD,
    CATALOG,
    CODES_T,
    DECK,
    POP_T,
    SUIT_ANY_CASE,
    SUIT_INDEX,
    SUIT_T,
    SUITS,
    VALUE_T,
    card,
    code,
    suit_name,
)

_, ngettext = CATALOG.functions()

# ---------------------------------------------------------------------------
# Illegal actions (RP-4.16): every refusal names its X-code and the clause it enforces

X_NAMES: Final = {
    "X01": "NOT_YOUR_TURN",
    "X02": "CARD_NOT_IN_SOURCE",
    "X03": "MUST_FOLLOW",
    "X04": "SOURCE_REPEATED",
    "X05": "NOT_HELD",
    "X06": "TIMING",
    "X07": "TAG_NOT_ALLOWED",
    "X08": "SIG_LOCKED",
    "X09": "SIG_USED",
    "X10": "SUIT_REQUIRED",
    "X11": "SUIT_ON_WILD",
    "X12": "CANCEL_TARGET",
    "X13": "DIAMOND_SWAP",
}


@mypyc_attr(native_class=False)  # an exception keeps its attributes in __dict__, for pickling (core.errors)
class RowdyIllegalMove(IllegalMove):
    """An IllegalMove that also carries the spec's illegal-action code (``.code == "X03"``)."""

    def __init__(self, code: str, message: str, *, rule: str, player: Any = None, action: Any = None) -> None:
        super().__init__(f"{code} {X_NAMES[code]}: {message}", rule=rule, player=player, action=action, code=code)


def illegal(code: str, message: str, rule: str, player: Any = None, action: Any = None) -> RowdyIllegalMove:
    """A refusal with its X-code and clause (the X-code and its name stay the same in every language)."""
    return RowdyIllegalMove(code, message, rule=rule, player=player, action=action)


def either(choices: list[str]) -> str:
    """Choices as a sentence offers them: ``+1 or -1``, ``1 (B1) or 3 (B2)``, in the language in use."""
    text = choices[0] if choices else ""
    for choice in choices[1:]:
        text = _("{first} or {second}").format(first=text, second=choice)
    return text


# X03 (RP-4.6): the refusal of an off-suit card, by where a headliner plays from (0 a team member, who
# has only his hand; 1 a headliner's hand; 2 his diamond) and whether the source holds wildcards
_MUST_FOLLOW: Final = (
    (
        N_("{suit} was led and {player} holds {held}: he must play one of them"),
        N_("{suit} was led and {player} holds {held}: he must play one of them or a wildcard ({wildcards})"),
    ),
    (
        N_("{suit} was led and {player} holds {held} in his hand: he must play one of them"),
        N_(
            "{suit} was led and {player} holds {held} in his hand: he must play one of them or a wildcard ({wildcards})"
        ),
    ),
    (
        N_("{suit} was led and {player} holds {held} in his diamond: he must play one of them"),
        N_(
            "{suit} was led and {player} holds {held} in his diamond: he must play one of them "
            "or a wildcard ({wildcards})"
        ),
    ),
)

# X12 (RP-2.6): a CANCEL that names a token kind the opponent does not hold
_HOLDS_NO: Final = {
    "coin": N_("{target} holds no Coin token; he holds: {held}"),
    "damage": N_("{target} holds no Damage token; he holds: {held}"),
    "tag": N_("{target} holds no Tag token; he holds: {held}"),
    "cheat": N_("{target} holds no cheat; he holds: {held}"),
}


# ---------------------------------------------------------------------------
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
_SEAT_TEXTS: Final = tuple(str(q) for q in range(4))
_CANCEL_TEXTS: Final = tuple({kind: f"{q} {kind}" for kind in data.TOKEN_KINDS} for q in range(4))
_EFFECTS: Final = [w.effect for w in data.WRESTLERS.values()] + [c.effect for c in data.CHEATS.values()]
_AMOUNT_TEXTS: Final = {e.amount: tuple([f"{a:+d}" for a in e.amount]) for e in _EFFECTS if isinstance(e.amount, tuple)}
_ARG_KINDS: Final = ("SUIT", "CANCEL", "PEEK")  # the effects whose attachment names a suit or a target


def _arg_texts(eff: data.Effect) -> tuple[str, ...]:
    """Every argument text with which an effect can ever be attached (RP-2.6, RP-2.8)."""
    kind = eff.kind
    if kind == "VAL" and isinstance(eff.amount, tuple):
        return _AMOUNT_TEXTS[eff.amount]
    if kind == "SUIT":
        return SUITS
    if kind == "CANCEL":
        return tuple(text for texts in _CANCEL_TEXTS for text in texts.values())
    if kind == "PEEK":
        return ("",) + _SEAT_TEXTS
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
_FIXED_KINDS: Final = ("VAL", "DMG", "DBL", "IMMUNE")

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

# ---------------------------------------------------------------------------
# State

# the phases (each name Final, so that the compiled rules read it as a constant, not from the module's dict)
TAGGING: Final = 0
PLAYING: Final = 1
BURYING: Final = 2
NAMING: Final = 3
OVER: Final = 4
CHOOSING: Final = 5
# the decisions of the phases for people (render's "to act" line), shown translated
PHASE_NAMES: Final = (
    N_("tag window"),
    N_("play"),
    N_("bury"),
    N_("name the suit"),
    N_("over"),
    N_("choose a wrestler"),
)
# X01 cites the clause that says who decides now: the tag window (RP-4.4), the play order (RP-4.5),
# the bury after a BURN_SWAP (RP-2.6), the wildcard setter's player (RP-4.9), the wrestler choice (RP-3.2);
# a different decision by the player to act cites the clause of the decision that is due.
_TURN_RULE: Final = {TAGGING: "RP-4.4", PLAYING: "RP-4.5", BURYING: "RP-2.6", NAMING: "RP-4.9", CHOOSING: "RP-3.2"}
_DECISION_RULE: Final = {**_TURN_RULE, PLAYING: "RP-4.10"}


class Placed(Record):
    """A card in the row with its modified value, effective suit and attachments (RP-4.7)."""

    FIELDS = ("player", "card", "value", "suit", "up", "immune", "dmg", "dbl", "source", "attached", "award")
    player: int
    card: int
    value: int  # modified value v
    suit: int  # effective suit; -1 for a wildcard (every suit)
    up: bool  # face up (False once flipped by a counter, RP-4.8)
    immune: bool
    dmg: int
    dbl: int
    source: int  # 0 hand, 1 diamond
    attached: tuple[str, ...]
    award: str  # the pop award this card caused (RP-4.12)

    def __init__(
        self,
        player: int,
        card: int,
        value: int,
        suit: int,
        up: bool = True,
        immune: bool = False,
        dmg: int = 0,
        dbl: int = 0,
        source: int = 0,
        attached: tuple[str, ...] = (),
        award: str = "",
    ) -> None:
        self.player = player
        self.card = card
        self.value = value
        self.suit = suit
        self.up = up
        self.immune = immune
        self.dmg = dmg
        self.dbl = dbl
        self.source = source
        self.attached = attached
        self.award = award

    def replace(
        self,
        *,
        player: int | Keep = KEEP,
        card: int | Keep = KEEP,
        value: int | Keep = KEEP,
        suit: int | Keep = KEEP,
        up: bool | Keep = KEEP,
        immune: bool | Keep = KEEP,
        dmg: int | Keep = KEEP,
        dbl: int | Keep = KEEP,
        source: int | Keep = KEEP,
        attached: tuple[str, ...] | Keep = KEEP,
        award: str | Keep = KEEP,
    ) -> Placed:
        return Placed(
            player=self.player if player is KEEP else player,
            card=self.card if card is KEEP else card,
            value=self.value if value is KEEP else value,
            suit=self.suit if suit is KEEP else suit,
            up=self.up if up is KEEP else up,
            immune=self.immune if immune is KEEP else immune,
            dmg=self.dmg if dmg is KEEP else dmg,
            dbl=self.dbl if dbl is KEEP else dbl,
            source=self.source if source is KEEP else source,
            attached=self.attached if attached is KEEP else attached,
            award=self.award if award is KEEP else award,
        )

    def __str__(self) -> str:
        text = code(self.card)
        if self.value != VALUE_T[self.card]:
            text += f"(v={self.value})"
        if self.attached:
            text += "+" + "+".join(self.attached)
        return text if self.up else f"[{text}]"


class Pending(Record):
    """Attachments declared for the coming card (RP-4.7), and whether BURN_SWAP bound it to the hand."""

    FIELDS = ("val", "dmg", "dbl", "immune", "suit", "swapped", "attached")
    val: int
    dmg: int
    dbl: int
    immune: bool
    suit: int  # a SUIT effect's suit, -1 if none
    swapped: bool
    attached: tuple[str, ...]  # the attachments' texts, as the placed card shows them

    def __init__(
        self,
        val: int = 0,
        dmg: int = 0,
        dbl: int = 0,
        immune: bool = False,
        suit: int = -1,
        swapped: bool = False,
        attached: tuple[str, ...] = (),
    ) -> None:
        self.val = val
        self.dmg = dmg
        self.dbl = dbl
        self.immune = immune
        self.suit = suit
        self.swapped = swapped
        self.attached = attached

    def replace(
        self,
        *,
        val: int | Keep = KEEP,
        dmg: int | Keep = KEEP,
        dbl: int | Keep = KEEP,
        immune: bool | Keep = KEEP,
        suit: int | Keep = KEEP,
        swapped: bool | Keep = KEEP,
        attached: tuple[str, ...] | Keep = KEEP,
    ) -> Pending:
        return Pending(
            val=self.val if val is KEEP else val,
            dmg=self.dmg if dmg is KEEP else dmg,
            dbl=self.dbl if dbl is KEEP else dbl,
            immune=self.immune if immune is KEEP else immune,
            suit=self.suit if suit is KEEP else suit,
            swapped=self.swapped if swapped is KEEP else swapped,
            attached=self.attached if attached is KEEP else attached,
        )


NO_PENDING: Final = Pending()


class TrickRecord(Record):
    """One finished trick for the result record (RP-5.2)."""

    FIELDS = ("round", "trick", "leader", "ring", "row", "suit", "winner", "damage", "target", "before", "after")
    round: int
    trick: int
    leader: int  # the seat that was #1
    ring: tuple[int, ...]  # in-ring player of each side
    row: tuple[Placed, ...]
    suit: int
    winner: int  # player, -1 if every card was flipped
    damage: int  # D
    target: int  # player damaged, -1 if none
    before: int  # the target's position before the trick
    after: int  # and after it

    def __init__(
        self,
        round: int,
        trick: int,
        leader: int,
        ring: tuple[int, ...],
        row: tuple[Placed, ...],
        suit: int,
        winner: int,
        damage: int,
        target: int,
        before: int,
        after: int,
    ) -> None:
        self.round = round
        self.trick = trick
        self.leader = leader
        self.ring = ring
        self.row = row
        self.suit = suit
        self.winner = winner
        self.damage = damage
        self.target = target
        self.before = before
        self.after = after

    def replace(
        self,
        *,
        round: int | Keep = KEEP,
        trick: int | Keep = KEEP,
        leader: int | Keep = KEEP,
        ring: tuple[int, ...] | Keep = KEEP,
        row: tuple[Placed, ...] | Keep = KEEP,
        suit: int | Keep = KEEP,
        winner: int | Keep = KEEP,
        damage: int | Keep = KEEP,
        target: int | Keep = KEEP,
        before: int | Keep = KEEP,
        after: int | Keep = KEEP,
    ) -> TrickRecord:
        return TrickRecord(
            round=self.round if round is KEEP else round,
            trick=self.trick if trick is KEEP else trick,
            leader=self.leader if leader is KEEP else leader,
            ring=self.ring if ring is KEEP else ring,
            row=self.row if row is KEEP else row,
            suit=self.suit if suit is KEEP else suit,
            winner=self.winner if winner is KEEP else winner,
            damage=self.damage if damage is KEEP else damage,
            target=self.target if target is KEEP else target,
            before=self.before if before is KEEP else before,
            after=self.after if after is KEEP else after,
        )


class Result(Record):
    """How the game ended (RP-5.1, RP-6)."""

    FIELDS = ("winner", "pinned", "round", "trick", "reason")
    winner: int  # winning side, -1 for a draw under RP-6.3
    pinned: int  # the pinned player, -1 if none
    round: int
    trick: int
    reason: str  # "pin" or "cap"

    def __init__(self, winner: int, pinned: int, round: int, trick: int, reason: str) -> None:
        self.winner = winner
        self.pinned = pinned
        self.round = round
        self.trick = trick
        self.reason = reason

    def replace(
        self,
        *,
        winner: int | Keep = KEEP,
        pinned: int | Keep = KEEP,
        round: int | Keep = KEEP,
        trick: int | Keep = KEEP,
        reason: str | Keep = KEEP,
    ) -> Result:
        return Result(
            winner=self.winner if winner is KEEP else winner,
            pinned=self.pinned if pinned is KEEP else pinned,
            round=self.round if round is KEEP else round,
            trick=self.trick if trick is KEEP else trick,
            reason=self.reason if reason is KEEP else reason,
        )


class Trick(Record):
    """RP-4.10 the trick at hand: its number, tag window, ring and play order; changes when a trick begins."""

    FIELDS = ("number", "window", "ring", "order", "swap")
    number: int  # 1..8 within the round
    window: int  # tag window: the side asked now (0 the leader's side, 1 the other; 2 closed)
    ring: tuple[int, ...]  # in-ring player per side, fixed when the tag window closes (RP-4.3)
    order: tuple[int, ...]  # play order of this trick (a headliner twice, RP-4.5)
    swap: int  # the card a BURN_SWAP brought (private), -1

    def __init__(
        self, number: int, window: int = 0, ring: tuple[int, ...] = (), order: tuple[int, ...] = (), swap: int = -1
    ) -> None:
        self.number = number
        self.window = window
        self.ring = ring
        self.order = order
        self.swap = swap

    def replace(
        self,
        *,
        number: int | Keep = KEEP,
        window: int | Keep = KEEP,
        ring: tuple[int, ...] | Keep = KEEP,
        order: tuple[int, ...] | Keep = KEEP,
        swap: int | Keep = KEEP,
    ) -> Trick:
        return Trick(
            number=self.number if number is KEEP else number,
            window=self.window if window is KEEP else window,
            ring=self.ring if ring is KEEP else ring,
            order=self.order if order is KEEP else order,
            swap=self.swap if swap is KEEP else swap,
        )


class Deal(Record):
    """RP-4.2 the round's deal besides the hands: diamonds, burn pile, signature moves used this round."""

    FIELDS = ("round", "diamonds", "burn", "sig_used")
    round: int  # 1-based
    diamonds: tuple[tuple[int, ...], ...]  # per player; empty for team members
    burn: tuple[int, ...]
    sig_used: tuple[bool, ...]  # per player, this round (RP-4.13)

    def __init__(
        self, round: int, diamonds: tuple[tuple[int, ...], ...], burn: tuple[int, ...], sig_used: tuple[bool, ...]
    ) -> None:
        self.round = round
        self.diamonds = diamonds
        self.burn = burn
        self.sig_used = sig_used

    def replace(
        self,
        *,
        round: int | Keep = KEEP,
        diamonds: tuple[tuple[int, ...], ...] | Keep = KEEP,
        burn: tuple[int, ...] | Keep = KEEP,
        sig_used: tuple[bool, ...] | Keep = KEEP,
    ) -> Deal:
        return Deal(
            round=self.round if round is KEEP else round,
            diamonds=self.diamonds if diamonds is KEEP else diamonds,
            burn=self.burn if burn is KEEP else burn,
            sig_used=self.sig_used if sig_used is KEEP else sig_used,
        )


class Seats(Record):
    """RP-3.2, RP-4.3: the wrestlers, who sits where, and the seat that is #1; changes at a tag or a trick's end."""

    FIELDS = ("wrestlers", "seat_of", "at_seat", "leader")
    wrestlers: tuple[str, ...]  # per player
    seat_of: tuple[int, ...]  # player -> seat
    at_seat: tuple[int, ...]  # seat -> player
    leader: int  # the seat that is #1

    def __init__(
        self, wrestlers: tuple[str, ...], seat_of: tuple[int, ...], at_seat: tuple[int, ...], leader: int
    ) -> None:
        self.wrestlers = wrestlers
        self.seat_of = seat_of
        self.at_seat = at_seat
        self.leader = leader

    def replace(
        self,
        *,
        wrestlers: tuple[str, ...] | Keep = KEEP,
        seat_of: tuple[int, ...] | Keep = KEEP,
        at_seat: tuple[int, ...] | Keep = KEEP,
        leader: int | Keep = KEEP,
    ) -> Seats:
        return Seats(
            wrestlers=self.wrestlers if wrestlers is KEEP else wrestlers,
            seat_of=self.seat_of if seat_of is KEEP else seat_of,
            at_seat=self.at_seat if at_seat is KEEP else at_seat,
            leader=self.leader if leader is KEEP else leader,
        )


class Tokens(Record):
    """RP-2.4 to RP-2.7, RP-4.12: pop tracks, tokens, cheats and what PEEKs showed; changes at an award or an
    attachment."""

    FIELDS = (
        "pop",
        "unlocked",
        "coins",
        "damage",
        "tags",
        "cheats",
        "pool",
        "used",
        "draws",
        "gained",
        "spent",
        "peeks",
    )
    pop: tuple[int, ...]  # per side
    unlocked: tuple[bool, ...]  # per side: the track has reached 10 (RP-4.13)
    coins: tuple[int, ...]  # per player, and so on
    damage: tuple[int, ...]
    tags: tuple[int, ...]
    cheats: tuple[tuple[str, ...], ...]  # hidden cheats per player
    pool: tuple[str, ...]  # the face-down cheat pool, top first
    used: tuple[str, ...]  # the used-cheat pile
    draws: int  # random draws made during play (keys the next one, RP-4.17)
    gained: tuple[int, ...]  # tokens and cheats gained per player
    spent: tuple[int, ...]  # tokens, cheats and signature moves spent per player
    peeks: tuple[tuple[int, int, tuple[int, ...]], ...]  # what a PEEK showed: (viewer, target, hand seen)

    def __init__(
        self,
        pop: tuple[int, ...],
        unlocked: tuple[bool, ...],
        coins: tuple[int, ...],
        damage: tuple[int, ...],
        tags: tuple[int, ...],
        cheats: tuple[tuple[str, ...], ...],
        pool: tuple[str, ...],
        used: tuple[str, ...],
        draws: int,
        gained: tuple[int, ...],
        spent: tuple[int, ...],
        peeks: tuple[tuple[int, int, tuple[int, ...]], ...] = (),
    ) -> None:
        self.pop = pop
        self.unlocked = unlocked
        self.coins = coins
        self.damage = damage
        self.tags = tags
        self.cheats = cheats
        self.pool = pool
        self.used = used
        self.draws = draws
        self.gained = gained
        self.spent = spent
        self.peeks = peeks

    def replace(
        self,
        *,
        pop: tuple[int, ...] | Keep = KEEP,
        unlocked: tuple[bool, ...] | Keep = KEEP,
        coins: tuple[int, ...] | Keep = KEEP,
        damage: tuple[int, ...] | Keep = KEEP,
        tags: tuple[int, ...] | Keep = KEEP,
        cheats: tuple[tuple[str, ...], ...] | Keep = KEEP,
        pool: tuple[str, ...] | Keep = KEEP,
        used: tuple[str, ...] | Keep = KEEP,
        draws: int | Keep = KEEP,
        gained: tuple[int, ...] | Keep = KEEP,
        spent: tuple[int, ...] | Keep = KEEP,
        peeks: tuple[tuple[int, int, tuple[int, ...]], ...] | Keep = KEEP,
    ) -> Tokens:
        return Tokens(
            pop=self.pop if pop is KEEP else pop,
            unlocked=self.unlocked if unlocked is KEEP else unlocked,
            coins=self.coins if coins is KEEP else coins,
            damage=self.damage if damage is KEEP else damage,
            tags=self.tags if tags is KEEP else tags,
            cheats=self.cheats if cheats is KEEP else cheats,
            pool=self.pool if pool is KEEP else pool,
            used=self.used if used is KEEP else used,
            draws=self.draws if draws is KEEP else draws,
            gained=self.gained if gained is KEEP else gained,
            spent=self.spent if spent is KEEP else spent,
            peeks=self.peeks if peeks is KEEP else peeks,
        )


class Score(Record):
    """RP-4.11, RP-5: the positions, the tallies of won tricks and the finished tricks; changes at a trick's end."""

    FIELDS = ("health", "won", "dealt", "log", "result")
    health: tuple[int, ...]  # marker position per player (RP-2.3)
    won: tuple[int, ...]  # tricks won per player
    dealt: tuple[int, ...]  # damage D dealt per player
    log: tuple[TrickRecord, ...]
    result: Result | None

    def __init__(
        self,
        health: tuple[int, ...],
        won: tuple[int, ...],
        dealt: tuple[int, ...],
        log: tuple[TrickRecord, ...] = (),
        result: Result | None = None,
    ) -> None:
        self.health = health
        self.won = won
        self.dealt = dealt
        self.log = log
        self.result = result

    def replace(
        self,
        *,
        health: tuple[int, ...] | Keep = KEEP,
        won: tuple[int, ...] | Keep = KEEP,
        dealt: tuple[int, ...] | Keep = KEEP,
        log: tuple[TrickRecord, ...] | Keep = KEEP,
        result: Result | None | Keep = KEEP,
    ) -> Score:
        return Score(
            health=self.health if health is KEEP else health,
            won=self.won if won is KEEP else won,
            dealt=self.dealt if dealt is KEEP else dealt,
            log=self.log if log is KEEP else log,
            result=self.result if result is KEEP else result,
        )


@mypyc_attr(free_list_len=1)  # compiled: a step's new state reuses the memory of the one it replaced
class State(Record):
    """A position of Rowdy Partners: what changes with every play sits here, the rest in records below it."""

    FIELDS = (
        "setup",
        "trail",
        "phase",
        "actor",
        "pending",
        "hands",
        "row",
        "turn",
        "suit",
        "setter",
        "trick",
        "deal",
        "seats",
        "tokens",
        "score",
    )
    setup: Setup
    trail: Trail
    phase: int
    actor: int  # the player to decide now, -1 when over
    pending: Pending  # attachments declared for the coming card
    hands: tuple[tuple[int, ...], ...]  # per player
    row: tuple[Placed, ...]  # the cards of the trick at hand, in play order
    turn: int  # index into trick.order of the current play
    suit: int  # led suit S, -1 undefined
    setter: int  # index in row of the setter, -1 if none
    trick: Trick
    deal: Deal
    seats: Seats
    tokens: Tokens
    score: Score

    def __init__(
        self,
        setup: Setup,
        trail: Trail,
        phase: int,
        actor: int,
        pending: Pending,
        hands: tuple[tuple[int, ...], ...],
        row: tuple[Placed, ...],
        turn: int,
        suit: int,
        setter: int,
        trick: Trick,
        deal: Deal,
        seats: Seats,
        tokens: Tokens,
        score: Score,
    ) -> None:
        self.setup = setup
        self.trail = trail
        self.phase = phase
        self.actor = actor
        self.pending = pending
        self.hands = hands
        self.row = row
        self.turn = turn
        self.suit = suit
        self.setter = setter
        self.trick = trick
        self.deal = deal
        self.seats = seats
        self.tokens = tokens
        self.score = score

    def replace(
        self,
        *,
        setup: Setup | Keep = KEEP,
        trail: Trail | Keep = KEEP,
        phase: int | Keep = KEEP,
        actor: int | Keep = KEEP,
        pending: Pending | Keep = KEEP,
        hands: tuple[tuple[int, ...], ...] | Keep = KEEP,
        row: tuple[Placed, ...] | Keep = KEEP,
        turn: int | Keep = KEEP,
        suit: int | Keep = KEEP,
        setter: int | Keep = KEEP,
        trick: Trick | Keep = KEEP,
        deal: Deal | Keep = KEEP,
        seats: Seats | Keep = KEEP,
        tokens: Tokens | Keep = KEEP,
        score: Score | Keep = KEEP,
    ) -> State:
        return State(
            setup=self.setup if setup is KEEP else setup,
            trail=self.trail if trail is KEEP else trail,
            phase=self.phase if phase is KEEP else phase,
            actor=self.actor if actor is KEEP else actor,
            pending=self.pending if pending is KEEP else pending,
            hands=self.hands if hands is KEEP else hands,
            row=self.row if row is KEEP else row,
            turn=self.turn if turn is KEEP else turn,
            suit=self.suit if suit is KEEP else suit,
            setter=self.setter if setter is KEEP else setter,
            trick=self.trick if trick is KEEP else trick,
            deal=self.deal if deal is KEEP else deal,
            seats=self.seats if seats is KEEP else seats,
            tokens=self.tokens if tokens is KEEP else tokens,
            score=self.score if score is KEEP else score,
        )


# Every card as placed with no attachment and no award, by source (hand, diamond), player
# and card: most placements, shared between states instead of built on every play.
PLAIN_PLACED: Final = tuple(
    tuple(tuple(Placed(player=p, card=c, value=VALUE_T[c], suit=SUIT_T[c], source=src) for c in DECK) for p in range(4))
    for src in (0, 1)
)

_TAG_FIELD: Final = next(f for f, award in data.POP_AWARDS.items() if award == "tag")  # RP-4.12: where Tags are won
_UNLOCK_FIELD: Final = next(f for f, award in data.POP_AWARDS.items() if award == "unlock")  # RP-4.13
# RP-4.12 the pop track, field -> (the field a pop symbol moves it to, the award given there)
_POP_STEP: Final = tuple(
    (f + 1 if f + 1 < data.POP_RESET else 0, data.POP_AWARDS.get(f + 1, "")) for f in range(data.POP_RESET)
)


def set_at(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``i`` replaced: a per-player tuple after one player's change."""
    items = list(values)
    items[i] = value
    return tuple(items)


def add_at(values: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
    """``values`` with ``amount`` added to item ``i`` (a per-player count)."""
    items = list(values)
    items[i] += amount
    return tuple(items)


def _each_once(ids: tuple[str, ...]) -> tuple[str, ...]:
    """Each id once, in id order: the cheats a player holds, offered once each (RP-4.7)."""
    if len(ids) < 2:  # most hands hold no cheat or one: nothing to sort
        return ids
    return tuple(sorted(set(ids)))


def without(cards: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    """``cards`` without the first ``x``."""
    i = cards.index(x)
    return cards[:i] + cards[i + 1 :]


# ---------------------------------------------------------------------------
# Pure helpers shared by the rules, the agents and the tests


def legal_cards(cards: tuple[int, ...], led: int) -> tuple[int, ...]:
    """RP-4.6: the cards of ``cards`` that may be played when the led suit is ``led`` (-1 undefined)."""
    if led >= 0:
        for c in cards:
            if SUIT_T[c] == led:  # he holds the led suit: that suit or a wildcard
                return tuple([x for x in cards if SUIT_T[x] == led or SUIT_T[x] < 0])
    return cards


def winning_index(row: tuple[Placed, ...], led: int) -> int:
    """RP-4.10 step 6: the index of the winning card of ``row``, -1 if no card is face up."""
    best = -1
    low = 0
    for i, q in enumerate(row):
        if q.up and (q.suit == led or q.suit < 0) and (best < 0 or q.value < low):
            best, low = i, q.value
    return best


def trick_damage(q: Placed) -> int:
    """RP-4.11 step 1: D for a winning card (0 when v <= 0, attached DMG/DBL then wasted)."""
    if q.value <= 0:
        return 0
    return (q.value + q.dmg) << q.dbl


def move_marker(p: int, d: int) -> int:
    """RP-4.11 steps 2-4: the new marker position after a trick dealing ``d`` damage."""
    if d <= 0 or p >= data.SKULL:
        return p
    if p <= data.LAST_REGULAR:  # a regular field moves on, at most onto the first stop sign
        return p + d if p + d <= data.LAST_REGULAR else data.LAST_REGULAR + 1
    needed = data.STOP_THRESHOLDS.get(p)
    return p + 1 if needed is not None and d >= needed else p


def counter_index(row: tuple[Placed, ...], value: int) -> int:
    """RP-4.8: the earliest face-up, non-immune card of the row with modified value ``value``, or -1."""
    for i, q in enumerate(row):
        if q.value == value and q.up and not q.immune:
            return i
    return -1


def face_down(q: Placed) -> Placed:
    """RP-4.8: a card of the row turned face down by a counter (all else as it was placed)."""
    return Placed(
        player=q.player,
        card=q.card,
        value=q.value,
        suit=q.suit,
        up=False,
        immune=q.immune,
        dmg=q.dmg,
        dbl=q.dbl,
        source=q.source,
        attached=q.attached,
        award=q.award,
    )


def flipped(row: tuple[Placed, ...], i: int) -> tuple[Placed, ...]:
    """RP-4.8: the row after its last card countered card ``i``: both turned face down."""
    last = len(row) - 1
    return tuple([face_down(q) if j == i or j == last else q for j, q in enumerate(row)])


def first_face_up(row: tuple[Placed, ...]) -> int:
    """RP-4.9: the index of the earliest face-up card (the setter after a counter flipped the setter), or -1."""
    for i, q in enumerate(row):
        if q.up:
            return i
    return -1


def placed_with(player: int, c: int, pend: Pending, source: int = 0, award: str = "") -> Placed:
    """RP-4.10 step 4.4: card ``c`` as ``player`` places it with the pending attachments: the modified
    value, the effective suit (RP-4.7), immunity and damage; ``source`` 1 for a headliner's diamond."""
    return Placed(
        player=player,
        card=c,
        value=VALUE_T[c] + pend.val,
        suit=pend.suit if pend.suit >= 0 else SUIT_T[c],
        immune=pend.immune,
        dmg=pend.dmg,
        dbl=pend.dbl,
        source=source,
        attached=pend.attached,
        award=award,
    )


def place(row: tuple[Placed, ...], suit: int, setter: int, placed: Placed) -> tuple[tuple[Placed, ...], int, int]:
    """RP-4.8, RP-4.9: the row, the led suit and the setter's index after ``placed`` joins the trick.

    The led suit comes out -1 with a setter when a wildcard became the setter: its player names the suit.
    """
    if suit < 0:  # RP-4.9 a card placed while S is undefined becomes the setter
        return row + (placed,), placed.suit, len(row)
    i = -1 if placed.immune else counter_index(row, placed.value)  # RP-4.8 the counter
    row = row + (placed,)
    if i >= 0:
        row = flipped(row, i)
        if i == setter:  # RP-4.9 the earliest face-up card becomes the setter
            setter = first_face_up(row)
            suit = row[setter].suit if setter >= 0 else -1
    return row, suit, setter


def stacked_deck(players: int = 4, hands: Any = (), diamonds: Any = (), burn: Any = ()) -> list[str]:
    """A 36-card deck in draw order (RP-4.2) that deals the given cards.

    ``hands`` lists each seat's hand (codes), ``diamonds`` each headliner's diamond in
    seat order, ``burn`` the burn pile; missing cards are filled in from the rest of the
    deck, so a test names only the cards it is about.
    """
    team, headliners = {2: (2, 2), 3: (3, 1), 4: (4, 0)}[players]

    def canonical(part: Any) -> list[str]:  # codes in any case, written as Ha5
        return [CODES_T[card(c)] for c in part]

    hand_parts = [canonical(h) for h in hands] + [[] for _n in range(team - len(hands))]
    diamond_parts = [canonical(d) for d in diamonds] + [[] for _n in range(headliners - len(diamonds))]
    burn_part = canonical(burn)
    named = [c for part in hand_parts + diamond_parts + [burn_part] for c in part]
    if len(set(named)) != len(named):
        raise ValueError(_("a card is named twice in the stacked deck"))
    rest = [c for c in CODES_T if c not in set(named)]
    out: list[str] = []
    parts = [(h, data.HAND_SIZE) for h in hand_parts] + [(d, data.DIAMOND_SIZE) for d in diamond_parts]
    for part, size in parts + [(burn_part, data.BURN_SIZE)]:
        if len(part) > size:
            raise ValueError(_("{cards} has more than {size} cards").format(cards=part, size=size))
        out += part + [rest.pop(0) for _n in range(size - len(part))]
    return out


# ---------------------------------------------------------------------------
# Options


# the refusals of an option that lists ids, by the kind of id (shown translated)
_ID_ERRORS: Final = {
    "wrestler": (
        N_("give a list of wrestler ids such as {examples}"),
        N_("unknown wrestler {ids}; known: {known}"),
        N_("each wrestler may appear only once"),
    ),
    "cheat": (
        N_("give a list of cheat ids such as {examples}"),
        N_("unknown cheat {ids}; known: {known}"),
        N_("each cheat may appear only once"),
    ),
}


MAX_IDS: Final = 100  # a roster or cheat pool longer than this is no game anyone plays (and is read at once)


def _ids(catalog: dict[str, Any], what: str, unique: bool) -> Callable[[Any], Any]:
    """Option check: a list of ids of ``catalog`` (each once when ``unique``); ``what`` is wrestler or cheat."""
    not_a_list, unknown, twice = _ID_ERRORS[what]

    def check(value: Any) -> Any:
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):  # an iterator may never end
            raise ValueError(_(not_a_list).format(examples=list(catalog)[:3]))
        if len(value) > MAX_IDS:
            raise ValueError(_("at most {limit} ids; got {count}").format(limit=MAX_IDS, count=thousands(len(value))))
        ids = tuple(value)
        bad = [i for i in ids if i not in catalog]
        if bad:
            raise ValueError(_(unknown).format(ids=bad, known=", ".join(catalog)))
        if unique and len(set(ids)) != len(ids):
            raise ValueError(_(twice))
        return ids

    return check


def _assignment(value: Any) -> Any:
    """Option check for ``wrestlers``: None, or one wrestler id per seat."""
    return None if value is None else _ids(data.WRESTLERS, "wrestler", True)(value)


# Each option's meaning is marked for translation: the command line's help shows it in the language in use.


OPTIONS: Final = {
    "roster": Option(
        data.DEFAULT_ROSTER,
        N_("the wrestlers dealt to the players (RP-2.8, RP-3.2)"),
        _ids(data.WRESTLERS, "wrestler", True),
    ),
    "cheat_pool": Option(
        data.DEFAULT_CHEAT_POOL,
        N_("the cheat tiles of the pool, repeats allowed (RP-2.7)"),
        _ids(data.CHEATS, "cheat", False),
    ),
    "wrestlers": Option(None, N_("assign wrestlers by seat instead of dealing them (RP-3.2)"), _assignment),
    "first_leader": Option(
        data.DEFAULT_FIRST_LEADER, N_("the seat that is #1 in the first trick, 0-3 (RP-3.4)"), integer(0, maximum=3)
    ),
    "round_cap": Option(
        data.DEFAULT_ROUND_CAP, N_("simulation safety cap in rounds, 1-1000 (RP-6.3)"), integer(1, maximum=1000)
    ),
    "choose_wrestlers": Option(
        False, N_("players choose their wrestlers in seat order instead of a deal (RP-3.2, DP-1)"), boolean
    ),
}

LABELS: Final = {4: ("A1", "B1", "A2", "B2"), 3: ("A1", "H", "A2"), 2: ("H1", "H2")}
SIDE_NAMES: Final = {4: ("A", "B"), 3: ("A", "H"), 2: ("H1", "H2")}
SIDE_OF: Final = {4: (0, 1, 0, 1), 3: (0, 1, 0), 2: (0, 1)}
PARTNER: Final = {4: (2, 3, 0, 1), 3: (2, -1, 0), 2: (-1, -1)}


# ---------------------------------------------------------------------------
# The rules


class RowdyPartnersRules(Game):
    """The rules of Rowdy Partners; game.py adds the words (describe, render) and the settlement."""

    labels: tuple[str, ...]  # player -> label: A1 B1 A2 B2, H1 H2, A1 H A2
    side_names: tuple[str, ...]
    side_of: tuple[int, ...]  # player -> side
    partner: tuple[int, ...]  # player -> partner, -1 for a headliner
    headliner: tuple[bool, ...]  # RP-3.1 a player without partner, who plays hand and diamond
    members: tuple[tuple[int, ...], ...]  # side -> players
    opponents: tuple[tuple[int, ...], ...]  # player -> the other side's players
    _layouts: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], tuple[int, ...]]]
    _acting: tuple[tuple[int, ...], ...]  # player -> (player,), as to_act answers
    _seen_tokens: list[tuple[Tokens, Tokens] | None]  # player -> the tokens of his last view, as he saw them

    # -- configuration -------------------------------------------------------
    def _configure(self) -> None:
        """Check the options against each other; the seating tables of this player count."""
        k = self.players
        o = self.options
        if len(o["roster"]) < k:
            raise ValueError(
                _("the roster has {wrestlers} wrestlers; {players} players need at least {players}").format(
                    wrestlers=len(o["roster"]), players=k
                )
            )
        if o["wrestlers"] is not None and len(o["wrestlers"]) != k:
            raise ValueError(_("wrestlers assigns one wrestler per seat: {players} ids").format(players=k))
        if o["first_leader"] >= k:
            raise ValueError(_("first_leader must be a seat from 0 to {last}").format(last=k - 1))
        self.labels = LABELS[k]
        self.side_names = SIDE_NAMES[k]
        self.side_of = SIDE_OF[k]
        self.partner = PARTNER[k]
        self.headliner = tuple(p < 0 for p in self.partner)
        self.members = tuple(tuple(p for p in range(k) if self.side_of[p] == s) for s in range(2))
        self.opponents = tuple(self.members[1 - self.side_of[p]] for p in range(k))
        self._layouts = {}
        self._acting = tuple([(p,) for p in range(k)])
        self._seen_tokens = [None] * k

    def _example_action(self) -> str:
        return "play Ha5"

    def rivals(self, seat: Any) -> tuple[int, ...]:
        """The other side's players: a partner shares ``seat``'s result (RP-2.3, RP-4.11)."""
        return self.opponents[self.check_seat(seat)]

    def seat_name(self, seat: int) -> str:
        return self.labels[seat]

    # -- setup (RP-3) ------------------------------------------------------
    def _new(self, seed: int, deck: Any = None, **setup: Any) -> State:
        """RP-3: wrestlers, the cheat pool, the first deal; then the tag window of the first trick (or DP-1)."""
        k = self.players
        o = self.options
        decks = self._check_deck(deck)
        if o["choose_wrestlers"]:
            wrestlers: tuple[str, ...] = ("",) * k  # DP-1: chosen before the first trick
        elif o["wrestlers"] is not None:
            wrestlers = tuple(o["wrestlers"])
        else:  # RP-3.2 dealt by the RNG without repetition
            wrestlers = tuple(sample(list(o["roster"]), k, seed, "wrestlers"))
        pool = list(o["cheat_pool"])
        shuffle(pool, seed, "cheats")  # RP-3.3
        zero = (0,) * k
        setup_ = Setup(seed, (("deck", decks),) if decks is not None else ())
        hands, deal = self._deal(setup_, tuple(range(k)), 1)
        state = State(
            setup=setup_,
            trail=None,
            phase=PLAYING,
            actor=-1,
            pending=NO_PENDING,
            hands=hands,
            row=(),
            turn=0,
            suit=-1,
            setter=-1,
            trick=Trick(number=1),
            deal=deal,
            seats=Seats(
                wrestlers=wrestlers, seat_of=tuple(range(k)), at_seat=tuple(range(k)), leader=o["first_leader"]
            ),
            tokens=Tokens(
                pop=(0, 0),
                unlocked=(False, False),
                coins=zero,
                damage=zero,
                tags=zero,
                cheats=((),) * k,
                pool=tuple(pool),
                used=(),
                draws=0,
                gained=zero,
                spent=zero,
            ),
            score=Score(health=zero, won=zero, dealt=zero),
        )
        if o["choose_wrestlers"]:
            return state.replace(phase=CHOOSING, actor=0)
        return self._open_window(state, None, state.seats, state.tokens, 0, 1)

    def _check_deck(self, deck: Any) -> Any:
        """The stacked deck (codes in draw order, or a list of them, one per round) in canonical codes."""
        if deck is None:
            return None
        try:
            decks = check_decks(deck, card, len(DECK), whole=True, example="['Ha5', 'W2', ...]")
        except ValueError as err:
            raise ValueError(
                _(
                    "{error} (a stacked deck lists each of the {cards} cards exactly once; "
                    "stacked_deck() fills in the rest)"
                ).format(error=err, cards=len(DECK))
            ) from None
        canonical = tuple(tuple(CODES_T[c] for c in one) for one in decks)
        return canonical if len(canonical) > 1 else canonical[0]  # the setup keeps one deck as a list of codes

    def _deal(self, setup: Setup, at_seat: tuple[int, ...], rnd: int) -> tuple[tuple[tuple[int, ...], ...], Deal]:
        """RP-4.2: shuffle all 36 cards and deal hands, diamonds and the burn pile by seat."""
        k = self.players
        decks = setup.get("deck")
        order: list[int] | None = None
        if decks is not None:
            if decks and isinstance(decks[0], str):
                decks = (decks,)
            if rnd <= len(decks):
                order = [CARD[c] for c in decks[rnd - 1]]
        if order is None:
            order = shuffle(list(DECK), setup.seed, "deal", rnd)
        hands: list[tuple[int, ...]] = [()] * k
        diamonds: list[tuple[int, ...]] = [()] * k
        pos = 0
        for seat in range(k):
            hands[at_seat[seat]] = tuple(sorted(order[pos : pos + data.HAND_SIZE]))
            pos += data.HAND_SIZE
        for seat in range(k):
            p = at_seat[seat]
            if self.headliner[p]:
                diamonds[p] = tuple(sorted(order[pos : pos + data.DIAMOND_SIZE]))
                pos += data.DIAMOND_SIZE
        deal = Deal(
            round=rnd, diamonds=tuple(diamonds), burn=tuple(order[pos : pos + data.BURN_SIZE]), sig_used=(False,) * k
        )
        return tuple(hands), deal

    # -- positions and the ring (RP-4.3) -------------------------------------
    def in_ring(self, st: State, side: int, leader: int | None = None) -> int:
        """The side's wrestler in the ring for a trick led from seat ``leader`` (RP-4.3)."""
        return self._ring_and_order(st.seats.at_seat, st.seats.leader if leader is None else leader)[0][side]

    def _ring_and_order(self, at_seat: tuple[int, ...], leader: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """RP-4.3 and RP-4.5: the in-ring player of each side and the play order, for a seating and #1."""
        key = (at_seat, leader)
        lay = self._layouts.get(key)
        if lay is None:
            k = self.players
            seat_of = [0] * k
            for seat, p in enumerate(at_seat):
                seat_of[p] = seat
            ring = tuple(min(self.members[side], key=lambda m: (seat_of[m] - leader) % k) for side in (0, 1))
            order = []
            for i in range(k):
                p = at_seat[(leader + i) % k]
                order.append(p)
                if self.headliner[p]:
                    order.append(p)  # RP-4.5 a headliner makes two plays in a row
            lay = self._layouts[key] = (ring, tuple(order))
        return lay

    def _open_window(self, st: State, trail: Trail, seats: Seats, tokens: Tokens, window: int, number: int) -> State:
        """``st`` with ``trail``, ``seats`` and ``tokens`` at the start of trick ``number``: its tag window from
        side ``window``, or its first play."""
        phase, actor, trick = self._window(seats, tokens.tags, window, number)
        return State(
            setup=st.setup,
            trail=trail,
            phase=phase,
            actor=actor,
            pending=NO_PENDING,
            hands=st.hands,
            row=(),
            turn=0,
            suit=-1,
            setter=-1,
            trick=trick,
            deal=st.deal,
            seats=seats,
            tokens=tokens,
            score=st.score,
        )

    def _window(self, seats: Seats, tags: tuple[int, ...], window: int, number: int) -> tuple[int, int, Trick]:
        """RP-4.10 steps 2-3 for trick ``number``: the tag window (RP-4.4) asks side ``window`` of (leader's
        side, other side) and then the other; when nobody may tag, the ring and the play order are fixed
        and #1 plays.  Returns the phase, the player to act and the fresh trick."""
        ring, order = self._ring_and_order(seats.at_seat, seats.leader)
        if any(tags):
            leader_side = self.side_of[seats.at_seat[seats.leader]]
            while window < 2:
                side = leader_side if window == 0 else 1 - leader_side
                p = ring[side]
                if len(self.members[side]) == 2 and tags[p] > 0:  # an in-ring team wrestler holding a Tag
                    return TAGGING, p, Trick(number=number, window=window)
                window += 1
        return PLAYING, order[0], Trick(number=number, window=2, ring=ring, order=order)

    # -- who acts and what he may do -----------------------------------------
    def _owns(self, state: Any) -> bool:
        return type(state) is State and len(state.hands) == self._players

    def _seats(self, state: Any) -> int:
        return len(state.hands)

    def _to_act(self, state: State) -> tuple[int, ...]:
        return self._acting[state.actor] if state.actor >= 0 else ()  # actor -1: the game is over

    def _turn_rule(self, state: State, seat: int) -> str:
        return _TURN_RULE.get(state.phase, "RP-6.1")

    def _legal(self, state: State, seat: int) -> tuple[Action, ...]:
        """What the player to act may do: the one source of legality (apply admits nothing else)."""
        phase = state.phase
        if phase == PLAYING:  # RP-4.7 the attachments first, then the cards (RP-4.6)
            plays = tuple([PLAY[c] for c in self._playable(state, seat)])
            tokens = state.tokens
            if tokens.coins[seat] or tokens.damage[seat] or tokens.cheats[seat] or tokens.unlocked[self.side_of[seat]]:
                return self._attachments(state, seat) + plays
            return plays
        if phase == TAGGING:
            return TAG_ACTIONS
        if phase == NAMING:
            return NAME
        if phase == CHOOSING:
            return tuple(ChooseWrestler(w) for w in self.options["roster"] if w not in state.seats.wrestlers)
        hand = state.hands[seat]  # BURYING
        return tuple([BURY[c] for c in hand if self._bury_keeps_suit_play(state, hand, c)])

    def _sources(self, st: State, p: int) -> tuple[tuple[int, ...], ...]:
        """The card sources open to ``p``'s current play (RP-4.5, RP-4.14)."""
        if not self.headliner[p]:
            return (st.hands[p],)
        first = self._first_source(st, p)
        if first == 0:
            return (st.deal.diamonds[p],)
        if first == 1 or st.pending.swapped:
            return (st.hands[p],)
        return (st.hands[p], st.deal.diamonds[p])

    def _first_source(self, st: State, p: int) -> int:
        """RP-4.5: when ``p`` makes a headliner's second play, the source of his first (0 hand, 1 diamond); else -1.

        His two plays follow each other, so his first card is the row's card of the turn before.
        """
        turn = st.turn
        if turn > 0 and st.trick.order[turn - 1] == p:
            return st.row[turn - 1].source
        return -1

    def _playable(self, st: State, p: int) -> tuple[int, ...]:
        """RP-4.6: the cards ``p`` may play now, from each source open to him."""
        led = st.suit
        if not self.headliner[p]:
            cards = legal_cards(st.hands[p], led)
        else:  # each source on its own: a headliner follows suit from the source he plays (RP-4.14)
            cards = ()
            for source in self._sources(st, p):
                cards += legal_cards(source, led)
        if st.pending.suit >= 0:  # RP-2.6 SUIT is not allowed on a wildcard
            return tuple([c for c in cards if SUIT_T[c] >= 0])
        return cards

    def _attachments(self, st: State, p: int) -> tuple[Action, ...]:
        """The attachments ``p`` may declare before his card (RP-4.7), offered ahead of the plays."""
        tokens = st.tokens
        cheats = tokens.cheats[p]
        unlocked = tokens.unlocked[self.side_of[p]] and not st.deal.sig_used[p]  # RP-4.13
        acts: list[Action] = []
        if tokens.coins[p]:
            acts += (COIN_UP, COIN_DOWN)
        if tokens.damage[p]:
            acts.append(DAMAGE)
        for cid in _each_once(cheats):
            acts += self._effect_offers(st, p, CHEAT_OFFERS[cid], CHEAT_ACTIONS, cid, data.CHEATS[cid].effect)
        if unlocked:
            wid = st.seats.wrestlers[p]
            acts += self._effect_offers(
                st, p, SIGNATURE_OFFERS[wid], SIGNATURE_ACTIONS, wid, data.WRESTLERS[wid].effect
            )
        return tuple(acts)

    def _effect_offers(
        self,
        st: State,
        p: int,
        offers: tuple[Action, ...],
        actions: dict[tuple[str, str], Any],
        ident: str,
        eff: data.Effect,
    ) -> Sequence[Action]:
        """The ways ``p`` may attach cheat or signature move ``ident`` now (RP-2.6), of all its ``offers``."""
        kind = eff.kind
        if kind in _FIXED_KINDS:
            return offers
        if kind == "SUIT":  # not on a wildcard: a suited card must be left to play
            return offers if self._suit_possible(st, p) else ()
        if kind == "BURN_SWAP":
            return offers if self._swap_refusal(st, p, None) is None else ()
        if kind == "PEEK":  # the partner's hand, or a headliner's choice of opponent (RP-4.14.5)
            if self.headliner[p]:
                return [actions[ident, _SEAT_TEXTS[q]] for q in self.opponents[p]]
            return [actions[ident, ""]]
        # CANCEL: an opponent and a token kind he holds
        return [
            actions[ident, _CANCEL_TEXTS[q][name]]
            for q in self.opponents[p]
            for name in data.TOKEN_KINDS
            if self._holds(st, q, name)
        ]

    def _suit_possible(self, st: State, p: int) -> bool:
        """A SUIT attachment leaves a non-wild card to play (else it would be X11)."""
        return any(SUIT_T[c] >= 0 for source in self._sources(st, p) for c in source)

    def _bury_keeps_suit_play(self, st: State, hand: tuple[int, ...], c: int) -> bool:
        """RP-2.6: with a SUIT pending, the bury must leave a suited card to play."""
        if st.pending.suit < 0 or SUIT_T[c] < 0:
            return True
        return any(SUIT_T[x] >= 0 for x in hand if x != c)

    @staticmethod
    def _holds(st: State, q: int, kind: str) -> bool:
        """Does ``q`` hold a token (or cheat) of ``kind``, so that a CANCEL may name it?"""
        tokens = st.tokens
        if kind == "coin":
            return tokens.coins[q] > 0
        if kind == "damage":
            return tokens.damage[q] > 0
        if kind == "tag":
            return tokens.tags[q] > 0
        return len(tokens.cheats[q]) > 0

    # -- a decision --------------------------------------------------------
    def _step(self, state: State, seat: int | None, action: Any) -> State:
        """The state after ``action`` of ``seat``, which the core admitted as one of ``_legal``'s offers."""
        assert seat is not None  # every decision is a player's
        trail = extend(state.trail, seat, action)
        if isinstance(action, Play):
            return self._play(state, seat, action.card, trail)
        if isinstance(action, (Coin, DamageToken, UseCheat, UseSignature)):
            return self._attach(state, seat, action, trail)
        if isinstance(action, Name):  # RP-4.9 the named suit is the led suit; the play goes on
            return self._next_play(
                state, trail, state.hands, state.deal, state.tokens, state.row, action.suit, state.setter
            )
        if isinstance(action, Bury):
            return self._bury(state, seat, action.card, trail)
        if isinstance(action, ChooseWrestler):
            return self._choose(state, seat, action.wrestler, trail)
        return self._tag(state, seat, isinstance(action, Tag), trail)

    def _choose(self, st: State, p: int, wrestler: str, trail: Trail) -> State:
        """DP-1: each player in seat order takes one wrestler of the roster (RP-3.2)."""
        seats = st.seats.replace(wrestlers=set_at(st.seats.wrestlers, p, wrestler))
        seat = st.seats.seat_of[p] + 1
        if seat < self.players:
            return st.replace(trail=trail, seats=seats, actor=st.seats.at_seat[seat])
        return self._open_window(st, trail, seats, st.tokens, 0, 1)

    def _tag(self, st: State, p: int, tags: bool, trail: Trail) -> State:
        """RP-4.4 the tag window: a Tag swaps the partners' seats (RP-4.4.2); then the next side is asked."""
        if not tags:
            return self._open_window(st, trail, st.seats, st.tokens, st.trick.window + 1, st.trick.number)
        q = self.partner[p]
        seats, tokens = st.seats, st.tokens
        sp, sq = seats.seat_of[p], seats.seat_of[q]
        seats = seats.replace(
            seat_of=set_at(set_at(seats.seat_of, p, sq), q, sp), at_seat=set_at(set_at(seats.at_seat, sp, q), sq, p)
        )
        tokens = tokens.replace(tags=add_at(tokens.tags, p, -1), spent=add_at(tokens.spent, p, 1))
        return self._open_window(st, trail, seats, tokens, st.trick.window + 1, st.trick.number)

    # RP-4.7 attachments
    def _attach(self, st: State, p: int, action: Any, trail: Trail) -> State:
        """An attachment for ``p``'s coming card: the token or cheat is spent and its effect waits (RP-2.6)."""
        tokens, pend = st.tokens, st.pending
        spent = add_at(tokens.spent, p, 1)
        t = type(action)
        if t is Coin:
            return st.replace(
                trail=trail,
                tokens=tokens.replace(coins=add_at(tokens.coins, p, -1), spent=spent),
                pending=pend.replace(val=pend.val + action.sign, attached=pend.attached + (str(action),)),
            )
        if t is DamageToken:
            return st.replace(
                trail=trail,
                tokens=tokens.replace(damage=add_at(tokens.damage, p, -1), spent=spent),
                pending=pend.replace(dmg=pend.dmg + 1, attached=pend.attached + ("damage",)),
            )
        if t is UseCheat:
            cheat = action.cheat
            tokens = tokens.replace(cheats=set_at(tokens.cheats, p, without(tokens.cheats[p], cheat)), spent=spent)
            return self._effect(st, p, data.CHEATS[cheat].effect, action.arg, cheat, trail, tokens, st.deal, cheat)
        deal = st.deal.replace(sig_used=set_at(st.deal.sig_used, p, True))  # RP-4.13 once per round
        return self._effect(
            st,
            p,
            data.WRESTLERS[action.wrestler].effect,
            action.arg,
            "sig " + action.wrestler,
            trail,
            tokens.replace(spent=spent),
            deal,
            "",
        )

    def _effect(
        self,
        st: State,
        p: int,
        eff: data.Effect,
        arg: str,
        label: str,
        trail: Trail,
        tokens: Tokens,
        deal: Deal,
        discard: str,
    ) -> State:
        """RP-2.6: what an effect does when attached: a pending modifier, or at once (CANCEL, BURN_SWAP, PEEK).

        ``tokens`` and ``deal`` are as the attachment left them; ``discard`` is the cheat that goes
        face up to the used pile once its effect is done (RP-4.7.4), "" for a signature move.
        """
        pend, hands, phase, trick = st.pending, st.hands, st.phase, st.trick
        kind, amount = eff.kind, eff.amount
        attached = pend.attached + (label + (" " + arg if arg else ""),)
        if kind == "VAL":  # Limbo: the amount chosen at use
            pend = pend.replace(attached=attached, val=pend.val + (int(arg) if arg else _fixed(amount)))
        elif kind == "SUIT":
            pend = pend.replace(attached=attached, suit=SUIT_INDEX[arg])
        elif kind == "DMG":
            pend = pend.replace(attached=attached, dmg=pend.dmg + _fixed(amount))
        elif kind == "DBL":
            pend = pend.replace(attached=attached, dbl=pend.dbl + 1)
        elif kind == "IMMUNE":
            pend = pend.replace(attached=attached, immune=True)
        elif kind == "CANCEL":
            pend = pend.replace(attached=attached)
            target, token = arg.split(" ")
            tokens = self._cancel(tokens, int(target), token, st.setup.seed)
        elif kind == "BURN_SWAP":  # RP-4.17 a random card of the burn pile into the hand; a bury follows
            burn = deal.burn
            i = randbelow(len(burn), st.setup.seed, "draw", tokens.draws)
            got = burn[i]
            pend = pend.replace(attached=attached, swapped=True)
            hands = set_at(hands, p, tuple(sorted(hands[p] + (got,))))
            deal = deal.replace(burn=burn[:i] + burn[i + 1 :])
            tokens = tokens.replace(draws=tokens.draws + 1)
            phase, trick = BURYING, trick.replace(swap=got)
        else:  # PEEK: the partner's hand, or the named opponent's for a headliner (RP-4.14.5)
            pend = pend.replace(attached=attached)
            q = int(arg) if arg else self.partner[p]
            tokens = tokens.replace(peeks=tokens.peeks + ((p, q, hands[q]),))
        if discard:
            tokens = tokens.replace(used=tokens.used + (discard,))
        return State(
            setup=st.setup,
            trail=trail,
            phase=phase,
            actor=st.actor,
            pending=pend,
            hands=hands,
            row=st.row,
            turn=st.turn,
            suit=st.suit,
            setter=st.setter,
            trick=trick,
            deal=deal,
            seats=st.seats,
            tokens=tokens,
            score=st.score,
        )

    def _cancel(self, tokens: Tokens, q: int, token: str, seed: int) -> Tokens:
        """RP-2.6 CANCEL: opponent ``q`` discards a token of the kind named (a cheat picked at random, RP-4.17)."""
        if token == "coin":
            return tokens.replace(coins=add_at(tokens.coins, q, -1))
        if token == "damage":
            return tokens.replace(damage=add_at(tokens.damage, q, -1))
        if token == "tag":
            return tokens.replace(tags=add_at(tokens.tags, q, -1))
        held = tokens.cheats[q]
        i = randbelow(len(held), seed, "draw", tokens.draws)
        return tokens.replace(
            cheats=set_at(tokens.cheats, q, held[:i] + held[i + 1 :]),
            used=tokens.used + (held[i],),
            draws=tokens.draws + 1,
        )

    def _bury(self, st: State, p: int, c: int, trail: Trail) -> State:
        """RP-2.6 BURN_SWAP: a hand card goes face down into the burn pile; the play goes on."""
        return st.replace(
            trail=trail,
            phase=PLAYING,
            hands=set_at(st.hands, p, without(st.hands[p], c)),
            deal=st.deal.replace(burn=st.deal.burn + (c,)),
            trick=st.trick.replace(swap=-1),
        )

    # RP-4.10 step 4: one play
    def _play(self, st: State, p: int, c: int, trail: Trail) -> State:
        """Place card ``c`` with the pending attachments: pop (RP-4.12), setter (RP-4.9), counter (RP-4.8)."""
        pend, hands, deal = st.pending, st.hands, st.deal
        if not self.headliner[p] or c in hands[p]:  # only a headliner has a diamond to play (RP-4.5)
            src = 0
            hands = set_at(hands, p, without(hands[p], c))  # RP-4.10 step 4.4 the card leaves the hand
        else:  # a headliner's diamond (RP-4.5)
            src = 1
            deal = deal.replace(diamonds=set_at(deal.diamonds, p, without(deal.diamonds[p], c)))
        award, tokens = self._pop(st.tokens, p, st.setup.seed) if POP_T[c] else ("", st.tokens)  # RP-4.12.1
        if pend is NO_PENDING and not award:  # most cards: the printed value and suit
            placed = PLAIN_PLACED[src][p][c]
        else:  # RP-4.10 step 4.4: the modified value, the effective suit and the attachments
            placed = placed_with(p, c, pend, src, award)
        row, suit, setter = place(st.row, st.suit, st.setter, placed)
        if suit < 0 and setter >= 0:  # RP-4.9 a wildcard setter: its player names the led suit at once
            return st.replace(
                trail=trail,
                phase=NAMING,
                actor=row[setter].player,
                hands=hands,
                deal=deal,
                tokens=tokens,
                row=row,
                suit=suit,
                setter=setter,
            )
        return self._next_play(st, trail, hands, deal, tokens, row, suit, setter)

    def _pop(self, tokens: Tokens, p: int, seed: int) -> tuple[str, Tokens]:
        """RP-4.12: a pop symbol advances the side's pop track; the field reached gives its award to ``p``."""
        side = self.side_of[p]
        field, award = _POP_STEP[tokens.pop[side]]
        unlocked, coins, damage, tags = tokens.unlocked, tokens.coins, tokens.damage, tokens.tags
        cheats, pool, used, draws = tokens.cheats, tokens.pool, tokens.used, tokens.draws
        if award == "tag" and self.headliner[p]:
            award = data.HEADLINER_TAG_AWARD
        if award == "unlock":
            if unlocked[side]:
                award = ""  # RP-4.12.4 reaching 10 again changes nothing
            unlocked = set_at(unlocked, side, True)
        elif award == "coin":
            coins = add_at(coins, p, 1)
        elif award == "damage":
            damage = add_at(damage, p, 1)
        elif award == "tag":
            tags = add_at(tags, p, 1)
        elif award == "cheat":  # the top of the pool
            if not pool and used:  # RP-4.12.3 reshuffle the used pile
                pool = tuple(shuffle(list(used), seed, "draw", draws))
                used, draws = (), draws + 1
            if pool:
                cheats = set_at(cheats, p, cheats[p] + (pool[0],))
                pool = pool[1:]
            else:
                award = ""  # no cheat left anywhere
        gained = add_at(tokens.gained, p, 1) if award and award != "unlock" else tokens.gained
        return award, Tokens(
            pop=set_at(tokens.pop, side, field),
            unlocked=unlocked,
            coins=coins,
            damage=damage,
            tags=tags,
            cheats=cheats,
            pool=pool,
            used=used,
            draws=draws,
            gained=gained,
            spent=tokens.spent,
            peeks=tokens.peeks,  # what PEEKs showed stays with their viewers (RP-4.7.6)
        )

    def _next_play(
        self,
        st: State,
        trail: Trail,
        hands: tuple[tuple[int, ...], ...],
        deal: Deal,
        tokens: Tokens,
        row: tuple[Placed, ...],
        suit: int,
        setter: int,
    ) -> State:
        """RP-4.10 step 4: after a play is complete (its suit named, if needed), the next play or the trick's end.

        ``st`` is the state before the play; the other arguments are what the play made of it.
        """
        turn = st.turn + 1
        if turn == len(st.trick.order):
            return self._end_trick(st, trail, hands, deal, tokens, row, suit, setter)
        return State(
            setup=st.setup,
            trail=trail,
            phase=PLAYING,
            actor=st.trick.order[turn],
            pending=NO_PENDING,
            hands=hands,
            row=row,
            turn=turn,
            suit=suit,
            setter=setter,
            trick=st.trick,
            deal=deal,
            seats=st.seats,
            tokens=tokens,
            score=st.score,
        )

    # RP-4.10 steps 5-8 and RP-4.11
    def _end_trick(
        self,
        st: State,
        trail: Trail,
        hands: tuple[tuple[int, ...], ...],
        deal: Deal,
        tokens: Tokens,
        row: tuple[Placed, ...],
        suit: int,
        setter: int,
    ) -> State:
        """RP-4.10 steps 5-8 after the trick's last play made ``row`` with led suit ``suit``: winner, damage,
        the pin, the next trick or the next deal.  ``st`` is the state before that play."""
        trick, score, seats = st.trick, st.score, st.seats
        health, won, dealt = score.health, score.won, score.dealt
        i = winning_index(row, suit)
        target, d, w, before, after = -1, 0, -1, 0, 0
        if i >= 0:  # else RP-4.10 step 5: every card flipped, nobody wins, L stays #1
            w = row[i].player
            d = trick_damage(row[i])
            target = trick.ring[1 - self.side_of[w]]
            before = health[target]
            after = move_marker(before, d)
            health, won, dealt = set_at(health, target, after), add_at(won, w, 1), add_at(dealt, w, d)
            # RP-4.10 step 7 the winner's seat is #1
            seats = Seats(
                wrestlers=seats.wrestlers, seat_of=seats.seat_of, at_seat=seats.at_seat, leader=seats.seat_of[w]
            )
        record = TrickRecord(
            round=deal.round,
            trick=trick.number,
            leader=st.seats.leader,
            ring=trick.ring,
            row=row,
            suit=suit,
            winner=w,
            damage=d,
            target=target,
            before=before,
            after=after,
        )
        score = Score(health=health, won=won, dealt=dealt, log=score.log + (record,))
        result = None
        if after >= data.SKULL:  # RP-4.11 step 5, RP-6.1 the pin
            result = Result(
                winner=1 - self.side_of[target], pinned=target, round=deal.round, trick=trick.number, reason="pin"
            )
        elif trick.number == data.TRICKS_PER_ROUND and deal.round >= self.options["round_cap"]:
            worst = [max(health[m] for m in self.members[s]) for s in range(2)]  # RP-6.3 the lower worst wins
            win = -1 if worst[0] == worst[1] else (0 if worst[0] < worst[1] else 1)
            result = Result(winner=win, pinned=-1, round=deal.round, trick=trick.number, reason="cap")
        if result is not None:  # the last trick stays on the table
            return State(
                setup=st.setup,
                trail=trail,
                phase=OVER,
                actor=-1,
                pending=NO_PENDING,
                hands=hands,
                row=row,
                turn=st.turn,
                suit=suit,
                setter=setter,
                trick=trick,
                deal=deal,
                seats=seats,
                tokens=tokens,
                score=score.replace(result=result),
            )
        number = trick.number + 1
        if number > data.TRICKS_PER_ROUND:  # RP-4.1 the round's last trick: the next deal
            hands, deal = self._deal(st.setup, seats.at_seat, deal.round + 1)
            number = 1
        phase, actor, trick = self._window(seats, tokens.tags, 0, number)
        return State(
            setup=st.setup,
            trail=trail,
            phase=phase,
            actor=actor,
            pending=NO_PENDING,
            hands=hands,
            row=(),
            turn=0,
            suit=-1,
            setter=-1,
            trick=trick,
            deal=deal,
            seats=seats,
            tokens=tokens,
            score=score,
        )

    # -- refusals (RP-4.16) ----------------------------------------------------
    def _over_refusal(self, state: State, player: Any, action: Any) -> IllegalMove:
        return self._over(state, action, player)

    def _turn_refusal(self, state: State, seat: int, action: Any, acting: tuple[int, ...]) -> IllegalMove:
        return self._not_your_turn(state, action, seat)

    def _over(self, st: State, action: Any, player: Any) -> IllegalMove:
        """Refuse any action once the game is over, citing how it ended: the pin (RP-6.1) or the cap (RP-6.3)."""
        r = st.score.result
        if r is not None and r.reason == "cap":
            if r.winner < 0:
                text = _("The game is over: the round cap of {cap} rounds was reached (a draw); no more actions")
            else:
                text = _(
                    "The game is over: the round cap of {cap} rounds was reached (side {side} won); no more actions"
                )
            return IllegalMove(
                text.format(cap=self.options["round_cap"], side=self.side_names[r.winner] if r.winner >= 0 else ""),
                rule="RP-6.3",
                player=player,
                action=action,
            )
        if r is not None:
            text = _("The game is over: {pinned} was pinned and side {side} won; no more actions").format(
                pinned=self.labels[r.pinned], side=self.side_names[r.winner]
            )
        else:
            text = _("The game is over: a wrestler was pinned; no more actions")
        return IllegalMove(text, rule="RP-6.1", player=player, action=action)

    def _not_your_turn(self, st: State, action: Any, p: int) -> IllegalMove:
        """Refuse an action of a player who is not to decide now, with the most telling X-code."""
        t = type(action)
        if t is Tag:
            refusal = self._tag_refusal(st, action, p)
            if refusal is not None:
                return refusal
        if t in ATTACHMENTS:
            return illegal(
                "X06",
                _("{player} may attach tokens, cheats or a signature move only on his own play; now {decision}").format(
                    player=self.labels[p], decision=self._who(st)
                ),
                "RP-4.7",
                p,
                action,
            )
        return illegal(
            "X01",
            _("it is not {player}'s turn: {decision}").format(player=self.labels[p], decision=self._who(st)),
            _TURN_RULE[st.phase],
            p,
            action,
        )

    def _refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """Why the player to act may not take ``action`` now (it is not among the legal actions)."""
        t = type(action)
        refusal: IllegalMove | None = None
        if t is Tag or t is Pass:
            refusal = self._tag_refusal(state, action, seat) if t is Tag else None
        elif t not in (Play, Name, Bury, ChooseWrestler) and t not in ATTACHMENTS:
            raise InputError(
                _("{action} is not a Rowdy Partners action; use parse_action('play Ha5') and the like").format(
                    action=excerpt(action)
                )
            )
        if refusal is None:
            refusal = self._phase_refusal(state, action, seat)
        if refusal is None:
            if t is Play:
                refusal = self._play_refusal(state, action, seat)
            elif t is Bury:
                refusal = self._bury_refusal(state, action, seat)
            elif t is ChooseWrestler:
                free = [x for x in self.options["roster"] if x not in state.seats.wrestlers]
                refusal = illegal(
                    "X05",
                    _("{wrestler} is not free to choose; the free wrestlers are {free}").format(
                        wrestler=action.wrestler, free=", ".join(free)
                    ),
                    "RP-3.2",
                    seat,
                    action,
                )
            elif t in ATTACHMENTS:
                refusal = self._attach_refusal(state, action, seat)
        if refusal is None:  # pragma: no cover - every action that is not offered has a reason above
            refusal = illegal(
                "X01",
                _("that is not the decision now: {decision}").format(decision=self._who(state)),
                _DECISION_RULE[state.phase],
                seat,
                action,
            )
        return refusal

    def _who(self, st: State) -> str:
        """Who must decide what now, for refusals: a whole clause in the language in use."""
        ph = st.phase
        if ph == TAGGING:
            text = _("{player} must decide whether to tag (tag or pass)")
        elif ph == NAMING:
            text = _("{player} must name the led suit for the wildcard setter (name Ha, Ho, St or Gr)")
        elif ph == BURYING:
            text = _("{player} must bury a hand card after the BURN_SWAP (bury <card>)")
        elif ph == CHOOSING:
            text = _("{player} must choose a wrestler (wrestler <id>)")
        else:
            text = _("{player} must play a card (play <card>), attaching tokens first if he likes")
        return text.format(player=self.labels[st.actor])

    def _phase_refusal(self, st: State, action: Any, p: int) -> IllegalMove | None:
        """The refusal of a decision that is not the one due now (X10, X01, X06), or None if it is due."""
        t = type(action)
        due = {Play: PLAYING, Name: NAMING, Bury: BURYING, ChooseWrestler: CHOOSING, Tag: TAGGING, Pass: TAGGING}
        if due.get(t, PLAYING) == st.phase:
            return None
        who = self._who(st)
        if st.phase == NAMING:
            return illegal("X10", _("a suit must be named first: {decision}").format(decision=who), "RP-4.9", p, action)
        if st.phase == CHOOSING:
            return illegal(
                "X01", _("the wrestlers are chosen first: {decision}").format(decision=who), "RP-3.2", p, action
            )
        if t in ATTACHMENTS:
            return illegal(
                "X06",
                _("attachments are declared on one's own play only; now {decision}").format(decision=who),
                "RP-4.7",
                p,
                action,
            )
        return illegal(
            "X01",
            _("that is not the decision now: {decision}").format(decision=who),
            _DECISION_RULE[st.phase],
            p,
            action,
        )

    # RP-4.4 the tag window
    def _tag_refusal(self, st: State, action: Any, p: int) -> IllegalMove | None:
        """Why ``p`` may not tag now (X05, X06, X07, X01), or None if he may."""
        if self.headliner[p]:
            return illegal(
                "X07",
                _("{player} is a headliner and has no partner to tag").format(player=self.labels[p]),
                "RP-4.4",
                p,
                action,
            )
        trick = st.trick
        if st.phase == TAGGING:
            ring = self._ring_and_order(st.seats.at_seat, st.seats.leader)[0]
        elif st.phase == PLAYING and st.turn == 0 and not st.row and st.pending == NO_PENDING:
            ring = trick.ring  # the window is closed, but no card of the trick is played yet
        else:
            return illegal(
                "X06", _("a Tag is spent only in the tag window before the first card of a trick"), "RP-4.4", p, action
            )
        side = self.side_of[p]
        if p != ring[side]:
            return illegal(
                "X07",
                _("{player} is on the apron; only the in-ring wrestler {ring} may tag for his team").format(
                    player=self.labels[p], ring=self.labels[ring[side]]
                ),
                "RP-4.4",
                p,
                action,
            )
        if st.tokens.tags[p] <= 0:  # RP-4.4.1: the in-ring wrestler spends a Tag token he holds
            return illegal(
                "X05",
                _(
                    "{player} holds no Tag token; a team's in-ring wrestler may tag only "
                    "with a Tag token of his own (one is won at {field} on the pop track)"
                ).format(player=self.labels[p], field=_TAG_FIELD),
                "RP-4.4",
                p,
                action,
            )
        # RP-4.4.3 at most one Tag per side per window (the side asked now has not tagged yet)
        if (p != st.actor or st.phase != TAGGING) and self._tagged_in_window(st, side):
            return illegal(
                "X07",
                _("side {side} already tagged in this tag window; a side tags at most once per window").format(
                    side=self.side_names[side]
                ),
                "RP-4.4",
                p,
                action,
            )
        if st.phase != TAGGING:
            return illegal(
                "X06",
                _(
                    "the tag window of this trick is over; a Tag is spent only in the tag window "
                    "before the first card of a trick"
                ),
                "RP-4.4",
                p,
                action,
            )
        leader_side = self.side_of[st.seats.at_seat[st.seats.leader]]
        asked = leader_side if trick.window == 0 else 1 - leader_side
        if side != asked and trick.window == 1:
            return illegal(
                "X07",
                _(
                    "side {side} passed in this tag window, which asks the leader's "
                    "side first and then the other side; now {decision}"
                ).format(side=self.side_names[side], decision=self._who(st)),
                "RP-4.4",
                p,
                action,
            )
        if side != asked:
            return illegal(
                "X01",
                _("the leader's side decides first in the tag window: {decision}").format(decision=self._who(st)),
                "RP-4.4",
                p,
                action,
            )
        return None

    def _tagged_in_window(self, st: State, side: int) -> bool:
        """Whether a member of ``side`` spent a Tag in the tag window of the current trick (RP-4.4.3)."""
        for q, a in history(st)[::-1]:  # the latest decisions first
            if type(a) is Tag:
                if q is not None and self.side_of[q] == side:
                    return True
            elif type(a) is not Pass:
                return False
        return False

    def _may_play(self, st: State, p: int) -> str:
        """The cards ``p`` may play now, as a refusal lists them (RP-4.6)."""
        return " ".join(code(c) for c in self._playable(st, p)) or _("no card")

    def _play_refusal(self, st: State, action: Any, p: int) -> IllegalMove | None:
        """Why ``p`` may not play this card (X02, X04, X13, X03, X11)."""
        c = action.card
        hand = st.hands[p]
        if not self.headliner[p]:
            if c not in hand:
                return illegal(
                    "X02",
                    _("{card} is not in {player}'s hand; he may play {cards}").format(
                        card=code(c), player=self.labels[p], cards=self._may_play(st, p)
                    ),
                    "RP-4.6",
                    p,
                    action,
                )
            src, cards = 0, hand
        else:
            diamond = st.deal.diamonds[p]
            src = 0 if c in hand else 1 if c in diamond else -1
            if src < 0:
                return illegal(
                    "X02",
                    _("{card} is neither in {player}'s hand nor in his diamond; he may play {cards}").format(
                        card=code(c), player=self.labels[p], cards=self._may_play(st, p)
                    ),
                    "RP-4.6",
                    p,
                    action,
                )
            if src == self._first_source(st, p):
                if src == 0:
                    text = _(
                        "{player}'s first play of this trick came from his hand; "
                        "the second must come from his diamond: he may play {cards}"
                    )
                else:
                    text = _(
                        "{player}'s first play of this trick came from his diamond; "
                        "the second must come from his hand: he may play {cards}"
                    )
                return illegal(
                    "X04",
                    text.format(player=self.labels[p], cards=self._may_play(st, p)),
                    "RP-4.5",
                    p,
                    action,
                )
            if src == 1 and st.pending.swapped:
                return illegal(
                    "X13",
                    _("after a BURN_SWAP {player}'s card must come from his hand: he may play {cards}").format(
                        player=self.labels[p], cards=self._may_play(st, p)
                    ),
                    "RP-4.14",
                    p,
                    action,
                )
            cards = hand if src == 0 else diamond
        led = st.suit
        if c not in legal_cards(cards, led):  # RP-4.6 an off-suit card only when the source holds no led suit
            held = " ".join(code(x) for x in cards if SUIT_T[x] == led)
            wild = " ".join(code(x) for x in cards if SUIT_T[x] < 0)
            where = (1 if src == 0 else 2) if self.headliner[p] else 0  # a headliner's source, named
            return illegal(
                "X03",
                _(_MUST_FOLLOW[where][bool(wild)]).format(
                    suit=suit_name(led), player=self.labels[p], held=held, wildcards=wild
                ),
                "RP-4.6",
                p,
                action,
            )
        if st.pending.suit >= 0 and SUIT_T[c] < 0:
            return illegal(
                "X11",
                _(
                    "a SUIT effect is attached to {player}'s coming card, and it may not go "
                    "on a wildcard; he may play {cards}"
                ).format(player=self.labels[p], cards=self._may_play(st, p)),
                "RP-2.6",
                p,
                action,
            )
        return None

    def _bury_refusal(self, st: State, action: Any, p: int) -> IllegalMove:
        """Why ``p`` may not bury this card (X02, X11)."""
        c = action.card
        hand = st.hands[p]
        allowed = " ".join(code(x) for x in hand if self._bury_keeps_suit_play(st, hand, x))
        if c not in hand:
            return illegal(
                "X02",
                _("{card} is not in {player}'s hand; he buries one of his hand cards: {allowed}").format(
                    card=code(c), player=self.labels[p], allowed=allowed
                ),
                "RP-2.6",
                p,
                action,
            )
        return illegal(
            "X11",
            _(
                "burying {card} leaves {player} only wildcards, and the SUIT he "
                "attached may not go on a wildcard; he buries one of: {allowed}"
            ).format(card=code(c), player=self.labels[p], allowed=allowed),
            "RP-2.6",
            p,
            action,
        )

    def _attach_refusal(self, st: State, action: Any, p: int) -> IllegalMove | None:
        """Why ``p`` may not attach this token, cheat or signature move now (RP-4.7, RP-4.13, RP-2.6)."""
        t = type(action)
        tokens = st.tokens
        if t is Coin:
            if tokens.coins[p] <= 0:
                return illegal("X05", _("{player} holds no Coin").format(player=self.labels[p]), "RP-4.7", p, action)
            return None
        if t is DamageToken:
            if tokens.damage[p] <= 0:
                return illegal(
                    "X05", _("{player} holds no Damage token").format(player=self.labels[p]), "RP-4.7", p, action
                )
            return None
        if t is UseCheat:
            if action.cheat not in tokens.cheats[p]:
                held = " ".join(sorted(tokens.cheats[p])) or _("none")
                return illegal(
                    "X05",
                    _("{player} holds no cheat {cheat}; his cheats: {held}").format(
                        player=self.labels[p], cheat=action.cheat, held=held
                    ),
                    "RP-4.7",
                    p,
                    action,
                )
            return self._effect_refusal(st, p, data.CHEATS[action.cheat].effect, action)
        wid = st.seats.wrestlers[p]
        side = self.side_of[p]
        if action.wrestler != wid:
            return illegal(
                "X05",
                _(
                    "{player}'s wrestler is {wrestler} ({name}), not {other}: sig {wrestler} is his signature move"
                ).format(player=self.labels[p], wrestler=wid, name=data.WRESTLERS[wid].name, other=action.wrestler),
                "RP-4.13",
                p,
                action,
            )
        if not tokens.unlocked[side]:
            return illegal(
                "X08",
                _(
                    "side {side}'s pop track (now {pop}) has not reached {field} yet; signature moves unlock there"
                ).format(side=self.side_names[side], pop=tokens.pop[side], field=_UNLOCK_FIELD),
                "RP-4.13",
                p,
                action,
            )
        if st.deal.sig_used[p]:
            return illegal(
                "X09",
                _("{player} has used his signature move this round").format(player=self.labels[p]),
                "RP-4.13",
                p,
                action,
            )
        return self._effect_refusal(st, p, data.WRESTLERS[wid].effect, action)

    def _effect_refusal(self, st: State, p: int, eff: data.Effect, action: Any) -> IllegalMove | None:
        """RP-2.6: why an effect may not be attached with this argument now."""
        kind, amount, arg = eff.kind, eff.amount, action.arg
        if arg and kind in ("DMG", "DBL", "IMMUNE", "BURN_SWAP"):
            return illegal("X05", _("{action} takes no argument").format(action=action), "RP-2.6", p, action)
        if kind == "VAL":
            if isinstance(amount, tuple):
                if arg not in _AMOUNT_TEXTS[amount]:  # the canonical text only
                    return illegal(
                        "X05",
                        _("choose the amount: {amounts}").format(amounts=either([f"{a:+d}" for a in amount])),
                        "RP-2.8",
                        p,
                        action,
                    )
            elif arg:
                return illegal("X05", _("{action} takes no argument").format(action=action), "RP-2.6", p, action)
            return None
        if kind == "SUIT":
            if arg not in SUIT_INDEX:
                verb = str(action).split(" ")[:2]
                return illegal(
                    "X10",
                    _("SUIT needs a suit: Ha, Ho, St or Gr, as in '{example}'").format(example=" ".join(verb) + " Gr"),
                    "RP-2.6",
                    p,
                    action,
                )
            if not self._suit_possible(st, p):
                return illegal(
                    "X11", _("only wildcards are left to play and SUIT may not go on a wildcard"), "RP-2.6", p, action
                )
            return None
        if kind == "CANCEL":
            return self._cancel_refusal(st, p, action)
        if kind == "BURN_SWAP":
            return self._swap_refusal(st, p, action)
        if kind == "PEEK":
            if self.headliner[p]:
                if arg not in [str(q) for q in self.opponents[p]]:  # the canonical text only
                    return illegal(
                        "X12",
                        _("name the opponent to peek at: {players}").format(players=self._numbers(self.opponents[p])),
                        "RP-2.6",
                        p,
                        action,
                    )
            elif arg:
                return illegal("X12", _("PEEK shows the partner's hand; it takes no target"), "RP-2.6", p, action)
        return None

    def _swap_refusal(self, st: State, p: int, action: Any) -> IllegalMove | None:
        """RP-2.6, RP-4.14: why a BURN_SWAP may not be attached now (X13, X11, X05), or None."""
        if self.headliner[p] and self._first_source(st, p) == 0:
            return illegal(
                "X13",
                _("BURN_SWAP works only with the hand play; {player}'s play now comes from his diamond").format(
                    player=self.labels[p]
                ),
                "RP-4.14",
                p,
                action,
            )
        if st.pending.suit >= 0 and not any(SUIT_T[c] >= 0 for c in st.hands[p]):
            return illegal("X11", _("after the swap only wildcards could carry the SUIT"), "RP-2.6", p, action)
        if not st.deal.burn:
            return illegal("X05", _("the burn pile is empty"), "RP-2.6", p, action)
        return None

    def _cancel_refusal(self, st: State, p: int, action: Any) -> IllegalMove | None:
        """RP-2.6 CANCEL: why this target and token kind may not be named (X12)."""
        parts = action.arg.split(" ")
        q = _number(parts[0])
        if len(parts) != 2 or q is None or parts[0] != str(q):  # the canonical text only ("1 coin", not "+1 coin")
            return illegal(
                "X12",
                _("CANCEL names an opponent and a token kind, such as '{example}'").format(
                    example=f"{self.opponents[p][0]} coin"
                ),
                "RP-2.6",
                p,
                action,
            )
        kind = parts[1]
        if q not in self.opponents[p]:
            targets = self._numbers(self.opponents[p])
            if 0 <= q < self.players:
                text = _("player {number} ({label}) is not an opponent of {player}; CANCEL targets {targets}").format(
                    number=q, label=self.labels[q], player=self.labels[p], targets=targets
                )
            else:
                text = _("{number} is not a player number; CANCEL targets {targets}").format(number=q, targets=targets)
            return illegal("X12", text, "RP-2.6", p, action)
        if kind not in data.TOKEN_KINDS:
            return illegal(
                "X12",
                _("{kind} is not a token kind; CANCEL names coin, damage, tag or cheat").format(kind=repr(kind)),
                "RP-2.6",
                p,
                action,
            )
        if not self._holds(st, q, kind):
            kinds = [k for k in data.TOKEN_KINDS if self._holds(st, q, k)]  # the action texts' token kinds
            held = ", ".join(kinds) if kinds else _("nothing to cancel")
            return illegal(
                "X12",
                _(_HOLDS_NO[kind]).format(target=self.labels[q], held=held),
                "RP-2.6",
                p,
                action,
            )
        return None

    def _numbers(self, players: tuple[int, ...]) -> str:
        """Player numbers as actions write them, with their labels: ``1 (B1) or 3 (B2)``."""
        return either([f"{q} ({self.labels[q]})" for q in players])

    # -- action texts -------------------------------------------------------
    def _parse(self, state: State, text: str, player: int | None) -> Action:
        """The action an action text names (RP-4.16 X10 for a setter's missing suit; ValueError otherwise)."""
        # Action texts are read in any case ("PLAY ha5", "Cheat c04 gr"); the action is the canonical one.
        words = text.split(" ")
        low = text.lower().split(" ")
        verb = low[0]
        n = len(words)
        if (
            verb == "name"
            and (n != 2 or low[1] not in SUIT_ANY_CASE)
            and state.phase == NAMING
            and player in (None, state.actor)
        ):  # RP-4.16 X10: the wildcard setter waits for a suit
            raise illegal(
                "X10",
                _(
                    "{player} must name the led suit for his wildcard: Ha, Ho, St or Gr, as in 'name Gr' (not {text})"
                ).format(player=self.labels[state.actor], text=excerpt(text)),
                "RP-4.9",
                state.actor,
                text,
            )
        try:
            if verb in ("play", "bury") and n == 2:
                return (PLAY if verb == "play" else BURY)[card(words[1])]
            if verb == "name" and n == 2:
                if low[1] not in SUIT_ANY_CASE:
                    raise ValueError(_("name takes a suit: Ha, Ho, St or Gr, not {word}").format(word=repr(words[1])))
                return NAME[SUIT_ANY_CASE[low[1]]]
            if verb == "wrestler" and n == 2:
                return ChooseWrestler(_catalog_id(list(data.WRESTLERS), low[1], words[1], "wrestler"))
            if n == 1 and verb == "tag":
                return TAG
            if n == 1 and verb == "pass":
                return PASS
            if n == 1 and verb == "damage":
                return DAMAGE
            if verb == "coin" and n == 2 and words[1] in ("+1", "-1"):
                return COIN_UP if words[1] == "+1" else COIN_DOWN
            if verb == "cheat" and n >= 2:
                cid = _catalog_id(list(data.CHEATS), low[1], words[1], "cheat")
                kind = data.CHEATS[cid].effect.kind
                if " ".join(words[2:]) and kind not in _ARG_KINDS:
                    raise ValueError(_("cheat {cheat} takes no argument").format(cheat=cid))
                return UseCheat(cid, _arg_text(kind, words[2:]))
            if verb == "sig" and n >= 2:
                wid = _catalog_id(list(data.WRESTLERS), low[1], words[1], "wrestler")
                eff = data.WRESTLERS[wid].effect
                arg = " ".join(words[2:])
                if eff.kind == "VAL" and isinstance(eff.amount, tuple):
                    if arg not in _AMOUNT_TEXTS[eff.amount]:
                        raise ValueError(
                            _("sig {wrestler} takes an amount: {amounts}").format(
                                wrestler=wid, amounts=", ".join(_AMOUNT_TEXTS[eff.amount])
                            )
                        )
                elif arg and eff.kind not in _ARG_KINDS:
                    raise ValueError(_("sig {wrestler} takes no argument").format(wrestler=wid))
                return UseSignature(wid, _arg_text(eff.kind, words[2:]) if eff.kind in _ARG_KINDS else arg)
        except ValueError as err:
            raise ValueError(_("cannot read {text}: {error}").format(text=excerpt(text), error=err)) from None
        raise ValueError(
            _(
                "cannot read {text}; actions are: play <card>, name <suit>, bury <card>, tag, pass, coin +1, coin -1, "
                "damage, cheat <C01-C10> [suit | player kind | player], sig <wrestler> [suit | amount], wrestler <id>"
            ).format(text=excerpt(text))
        )

    # -- what a player sees ----------------------------------------------------
    def _view(self, st: State, p: int) -> State:
        """RP-4.15: the other hands, the burn pile, the pool, other players' cheats and buried cards are hidden.

        A view is built for every decision of an agent that reads one, so it is made in one go and shares
        every part of the state that hides nothing.
        """
        trick = st.trick
        return State(
            setup=view_setup(p),  # neither the seed nor a stacked deck (RP-4.15)
            trail=_mask_trail(st, p),
            phase=st.phase,
            actor=st.actor,
            pending=st.pending,
            hands=tuple([h if q == p else (-1,) * len(h) for q, h in enumerate(st.hands)]),
            row=st.row,
            turn=st.turn,
            suit=st.suit,
            setter=st.setter,
            trick=trick if trick.swap < 0 or st.actor == p else trick.replace(swap=-1),
            deal=_hidden_deal(st.deal),
            seats=st.seats,
            tokens=self._tokens_seen(st.tokens, p),
            score=st.score,
        )

    def _tokens_seen(self, tokens: Tokens, p: int) -> Tokens:
        """The tokens as ``p`` sees them.  They change only at an award or an attachment, so each player's last
        answer is kept and given again while his views see the same tokens."""
        last = self._seen_tokens[p]
        if last is not None and last[0] is tokens:
            return last[1]
        seen = _hidden_tokens(tokens, p)
        self._seen_tokens[p] = (tokens, seen)
        return seen

    def _hand(self, state: State, p: int) -> tuple[str | None, ...] | None:
        """The cards ``p`` holds, hand then (a headliner's) diamond, as render shows them."""
        cards = state.hands[p] + state.deal.diamonds[p]
        return tuple([code(c) if c >= 0 else None for c in cards])


def _number(text: str) -> int | None:
    """The integer a text spells (``-1``, ``+1`` and ``01`` too), or None."""
    try:
        return int(text)
    except ValueError:
        return None


def _fixed(amount: int | tuple[int, ...]) -> int:
    """The amount of an effect whose amount is printed (not chosen at use)."""
    assert isinstance(amount, int)
    return amount


def _catalog_id(ids: list[str], lowered: str, written: str, what: str) -> str:
    """The id of a cheat or wrestler written in any case (``c04`` is ``C04``); ValueError if there is none."""
    for ident in ids:
        if ident.lower() == lowered:
            return ident
    if what == "cheat":
        text = _("{written} is not a cheat; the cheats are {ids}")
    else:
        text = _("{written} is not a wrestler; the wrestlers are {ids}")
    raise ValueError(text.format(written=repr(written), ids=", ".join(ids)))


def _arg_text(kind: str, words: list[str]) -> str:
    """The argument of a cheat or signature move in its canonical case: a suit (``gr`` is ``Gr``), a
    CANCEL target's token kind (RP-2.6 writes Coin, Damage, Tag, Cheat; the action text says ``coin``).
    Anything else stays as written, so that apply refuses it with its X-code (X10, X12)."""
    if kind == "SUIT" and len(words) == 1 and words[0].lower() in SUIT_ANY_CASE:
        return SUITS[SUIT_ANY_CASE[words[0].lower()]]
    if kind == "CANCEL" and len(words) == 2:
        return f"{words[0]} {words[1].lower()}"
    return " ".join(words)


def _mask_trail(st: State, p: int) -> Trail:
    """The trail with other players' buried cards hidden (RP-4.15: burn-pile contents are hidden)."""
    if st.tokens.draws == 0:  # a card is buried only after a BURN_SWAP, whose card is a draw (RP-4.17)
        return st.trail
    if not any(type(a) is Bury and q != p for q, a in history(st)):
        return st.trail
    return masked_trail(st.trail, lambda i, q, a: HIDDEN_BURY if type(a) is Bury and q != p else a)


def _hidden_deal(deal: Deal) -> Deal:
    """The deal as every player sees it: the burn pile face down (RP-4.15)."""
    return Deal(round=deal.round, diamonds=deal.diamonds, burn=(-1,) * len(deal.burn), sig_used=deal.sig_used)


def _hidden_tokens(tokens: Tokens, p: int) -> Tokens:
    """The tokens as ``p`` sees them: the pool and the others' cheats face down, only his own PEEKs (RP-4.15)."""
    return Tokens(
        pop=tokens.pop,
        unlocked=tokens.unlocked,
        coins=tokens.coins,
        damage=tokens.damage,
        tags=tokens.tags,
        cheats=tuple([c if q == p else ("?",) * len(c) for q, c in enumerate(tokens.cheats)]),
        pool=("?",) * len(tokens.pool),
        used=tokens.used,
        draws=tokens.draws,
        gained=tokens.gained,
        spent=tokens.spent,
        peeks=tuple([x for x in tokens.peeks if x[0] == p]),
    )
