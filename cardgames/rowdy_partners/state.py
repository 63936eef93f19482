"""Rowdy Partners: the state of a game and the records it is made of (RP-2, RP-4).

The state is split by how often its parts change: ``State`` (every decision: the
trail, who acts, the pending attachments, the hands, the row and the led suit),
``Trick`` (a trick's start: its ring and play order), ``Tokens`` (awards and
attachments), ``Seats`` (a tag or a trick's end), ``Score`` (a trick's end) and
``Deal`` (a round).  :class:`Seating` holds what the rules read besides the state: the
seating tables of the player count.  The pure helpers at the end work out a trick's row
(counters, the setter, the winner, damage); the rules, the agents and the tests share them.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..core.game import Setup, Trail
from ..core.i18n import N_
from ..core.record import KEEP, Keep, Record
from . import data
from .cards import DECK, SUIT_T, VALUE_T, code

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


def without(cards: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    """``cards`` without the first ``x``."""
    i = cards.index(x)
    return cards[:i] + cards[i + 1 :]


# ---------------------------------------------------------------------------
# The seating tables (RP-3.1)

LABELS: Final = {4: ("A1", "B1", "A2", "B2"), 3: ("A1", "H", "A2"), 2: ("H1", "H2")}
SIDE_NAMES: Final = {4: ("A", "B"), 3: ("A", "H"), 2: ("H1", "H2")}
SIDE_OF: Final = {4: (0, 1, 0, 1), 3: (0, 1, 0), 2: (0, 1)}
PARTNER: Final = {4: (2, 3, 0, 1), 3: (2, -1, 0), 2: (-1, -1)}


class Seating:
    """What the rules read besides the state: who plays with whom at this player count (RP-3.1), the
    ring and play order of each seating (RP-4.3, RP-4.5), and the options read during play."""

    players: int
    labels: tuple[str, ...]  # player -> label: A1 B1 A2 B2, H1 H2, A1 H A2
    side_names: tuple[str, ...]
    side_of: tuple[int, ...]  # player -> side
    partner: tuple[int, ...]  # player -> partner, -1 for a headliner
    headliner: tuple[bool, ...]  # RP-3.1 a player without partner, who plays hand and diamond
    members: tuple[tuple[int, ...], ...]  # side -> players
    opponents: tuple[tuple[int, ...], ...]  # player -> the other side's players
    roster: tuple[str, ...]  # the wrestlers to choose from (RP-3.2, DP-1)
    round_cap: int  # RP-6.3
    _layouts: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], tuple[int, ...]]]

    def __init__(self, players: int, roster: tuple[str, ...], round_cap: int) -> None:
        k = players
        self.players = k
        self.labels = LABELS[k]
        self.side_names = SIDE_NAMES[k]
        self.side_of = SIDE_OF[k]
        self.partner = PARTNER[k]
        self.headliner = tuple(p < 0 for p in self.partner)
        self.members = tuple(tuple(p for p in range(k) if self.side_of[p] == s) for s in range(2))
        self.opponents = tuple(self.members[1 - self.side_of[p]] for p in range(k))
        self.roster = roster
        self.round_cap = round_cap
        self._layouts = {}

    def ring_and_order(self, at_seat: tuple[int, ...], leader: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
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
