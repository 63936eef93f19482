# mypy: ignore-errors
"""Rowdy Partners: the rules (RP-3, RP-4, RP-6) as a pure state machine.

A decision is one of: ``tag``/``pass`` in the tag window (RP-4.4); an attachment
declared before the card (``coin +1``, ``damage``, ``cheat C05``, ``sig W5`` ...;
RP-4.7), each its own decision so ``legal_actions`` never lists card x attachment
combinations; ``bury Ha5`` after a BURN_SWAP; ``play Ha5``; ``name Gr`` when a
wildcard becomes the setter (RP-4.9).  Counters, pops, awards, the winner and damage
follow automatically.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.agents import RandomAgent
from ..core.errors import IllegalMove
from ..core.game import (Action, Game, GameSpec, Option, Setup, boolean, extend, history, integer, masked_trail,
                         replace, updater)
from ..core.game import add_at as _add
from ..core.game import set_at as _set
from ..core.rng import generator, shuffle
from . import data
from .cards import (CARD, CODES_T, DECK, POP_T, SUIT_ANY_CASE, SUIT_INDEX, SUIT_T, SUITS, VALUE_T, card, code,
                    suit_name)

# ---------------------------------------------------------------------------
# Illegal actions (RP-4.16): every refusal names its X-code and the clause it enforces

X_NAMES = {
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


class RowdyIllegalMove(IllegalMove):
    """An IllegalMove that also carries the spec's illegal-action code (``.code == "X03"``)."""

    def __init__(self, code: str, message: str, *, rule: str, player=None, action=None):
        super().__init__(f"{code} {X_NAMES[code]}: {message}", rule=rule, player=player, action=action, code=code)


def illegal(code: str, message: str, rule: str, player=None, action=None) -> RowdyIllegalMove:
    return RowdyIllegalMove(code, message, rule=rule, player=player, action=action)


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand (or, for a headliner, the hand or the diamond)."""

    card: int

    def __str__(self):
        return "play " + code(self.card)


@dataclass(frozen=True, slots=True)
class Name(Action):
    """Name the led suit for a wildcard setter (RP-4.9)."""

    suit: int

    def __str__(self):
        return "name " + SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class Bury(Action):
    """Put a hand card face down into the burn pile after a BURN_SWAP (RP-2.6)."""

    card: int

    def __str__(self):
        return "bury " + code(self.card)


@dataclass(frozen=True, slots=True)
class Tag(Action):
    """Spend a Tag token in the tag window: swap seats with the partner (RP-4.4)."""

    def __str__(self):
        return "tag"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do not tag in this window (RP-4.4)."""

    def __str__(self):
        return "pass"


@dataclass(frozen=True, slots=True)
class Coin(Action):
    """Attach a Coin to the coming card: VAL(+1) or VAL(-1) (RP-2.6)."""

    sign: int

    def __str__(self):
        return "coin +1" if self.sign > 0 else "coin -1"


@dataclass(frozen=True, slots=True)
class DamageToken(Action):
    """Attach a Damage token to the coming card: DMG(1) (RP-2.6)."""

    def __str__(self):
        return "damage"


@dataclass(frozen=True, slots=True)
class UseCheat(Action):
    """Attach a hidden cheat (RP-2.7); ``arg`` is a suit, ``player kind`` for CANCEL, or a PEEK target."""

    cheat: str
    arg: str = ""

    def __str__(self):
        return f"cheat {self.cheat} {self.arg}" if self.arg else f"cheat {self.cheat}"


@dataclass(frozen=True, slots=True)
class UseSignature(Action):
    """Attach the wrestler's signature move (RP-2.8, RP-4.13); ``arg`` as for cheats, or a Limbo amount."""

    wrestler: str
    arg: str = ""

    def __str__(self):
        return f"sig {self.wrestler} {self.arg}" if self.arg else f"sig {self.wrestler}"


@dataclass(frozen=True, slots=True)
class ChooseWrestler(Action):
    """Choose a wrestler of the roster at setup (RP-3.2, DP-1), when the players choose."""

    wrestler: str

    def __str__(self):
        return "wrestler " + self.wrestler


def _arg_texts(eff: data.Effect) -> tuple[str, ...]:
    """Every argument text with which an effect can ever be attached (RP-2.6, RP-2.8); see _offers_now."""
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


# The argument texts of attachments, made once: a Limbo amount ("-2"), a CANCEL target
# ("1 coin", by seat and token kind), a headliner's PEEK target ("1").
_SEAT_TEXTS = tuple(str(q) for q in range(4))
_CANCEL_TEXTS = tuple({kind: f"{q} {kind}" for kind in data.TOKEN_KINDS} for q in range(4))
_AMOUNT_TEXTS = {w.effect.amount: tuple(f"{a:+d}" for a in w.effect.amount)
                 for w in (*data.WRESTLERS.values(), *data.CHEATS.values()) if isinstance(w.effect.amount, tuple)}
# Every attachment action legal_actions can offer, made once (a frozen dataclass is slow to build):
# all cheats and signature moves with every argument text their effect allows.
CHEAT_ACTIONS = {(cid, arg): UseCheat(cid, arg) for cid, c in data.CHEATS.items() for arg in _arg_texts(c.effect)}
SIGNATURE_ACTIONS = {(wid, arg): UseSignature(wid, arg) for wid, w in data.WRESTLERS.items()
                     for arg in _arg_texts(w.effect)}


def _offers(make, ident: str, eff: data.Effect) -> tuple[str | None, tuple, dict]:
    """How legal_actions offers a cheat or signature move: (kind, actions, action by argument text).

    kind is None for the effects offered whatever the state (VAL, DMG, DBL, IMMUNE): then
    ``actions`` is the whole offer.  Otherwise (SUIT, CANCEL, BURN_SWAP, PEEK) the offer
    depends on the state and _offers_now picks it from ``actions`` (all suits, or the one
    argument-less action) and the table.
    """
    by_arg = {arg: make[ident, arg] for arg in _arg_texts(eff)}
    kind = eff.kind if eff.kind in ("SUIT", "CANCEL", "BURN_SWAP", "PEEK") else None
    if kind == "SUIT":
        return kind, tuple(by_arg[s] for s in SUITS), by_arg
    if kind == "CANCEL":
        return kind, (), by_arg
    return kind, tuple(by_arg.values()) if kind is None else (by_arg[""],), by_arg


CHEAT_OFFERS = {cid: _offers(CHEAT_ACTIONS, cid, c.effect) for cid, c in data.CHEATS.items()}
SIGNATURE_OFFERS = {wid: _offers(SIGNATURE_ACTIONS, wid, w.effect) for wid, w in data.WRESTLERS.items()}

PLAY = tuple(Play(c) for c in DECK)
_PLAY_OF = PLAY.__getitem__  # card -> its Play action, for map()
_SUIT_OF = SUIT_T.__getitem__  # card -> printed suit, for map()
_SUITED = frozenset(c for c in DECK if SUIT_T[c] >= 0).__contains__  # not a wildcard, for map()
# RP-4.6 per led suit: does a card follow (its printed suit, or a wildcard)?  For filter().
_FOLLOWS = tuple(frozenset(c for c in DECK if SUIT_T[c] in (s, -1)).__contains__ for s in range(len(SUITS)))
BURY = tuple(Bury(c) for c in DECK)
HIDDEN_BURY = Bury(-1)
NAME = tuple(Name(s) for s in range(len(SUITS)))
TAG, PASS = Tag(), Pass()
COIN_UP, COIN_DOWN = Coin(1), Coin(-1)
DAMAGE = DamageToken()
TAG_ACTIONS = (TAG, PASS)
ATTACHMENTS = (Coin, DamageToken, UseCheat, UseSignature)

# ---------------------------------------------------------------------------
# State

TAGGING, PLAYING, BURYING, NAMING, OVER, CHOOSING = range(6)
PHASE_NAMES = ("tag window", "play", "bury", "name the suit", "over", "choose a wrestler")
# X01 cites the clause that says who decides now: the tag window (RP-4.4), the play order (RP-4.5),
# the bury after a BURN_SWAP (RP-2.6), the wildcard setter's player (RP-4.9), the wrestler choice (RP-3.2);
# a different decision by the player to act cites the clause of the decision that is due.
_TURN_RULE = {TAGGING: "RP-4.4", PLAYING: "RP-4.5", BURYING: "RP-2.6", NAMING: "RP-4.9", CHOOSING: "RP-3.2"}
_DECISION_RULE = {**_TURN_RULE, PLAYING: "RP-4.10"}


class Placed(NamedTuple):
    """A card in the row with its modified value, effective suit and attachments (RP-4.7)."""

    player: int
    card: int
    value: int  # modified value v
    suit: int  # effective suit; -1 for a wildcard (every suit)
    up: bool  # face up (False once flipped by a counter, RP-4.8)
    immune: bool
    dmg: int
    dbl: int
    source: int  # 0 hand, 1 diamond
    attached: tuple[str, ...] = ()
    award: str = ""  # the pop award this card caused (RP-4.12)

    def __str__(self):
        text = code(self.card)
        if self.value != VALUE_T[self.card]:
            text += f"(v={self.value})"
        if self.attached:
            text += "+" + "+".join(self.attached)
        return text if self.up else f"[{text}]"


class Pending(NamedTuple):
    """Attachments declared for the coming card (RP-4.7), and whether BURN_SWAP bound it to the hand."""

    val: int = 0
    dmg: int = 0
    dbl: int = 0
    immune: bool = False
    suit: int = -1
    swapped: bool = False
    attached: tuple[str, ...] = ()


NO_PENDING = Pending()
# Positional updates of the pending attachments: each attachment changes one modifier and the texts
_pending_attached = updater(Pending, "attached")
_pending_val = updater(Pending, "val", "attached")
_pending_dmg = updater(Pending, "dmg", "attached")
_pending_dbl = updater(Pending, "dbl", "attached")
_pending_immune = updater(Pending, "immune", "attached")
_pending_suit = updater(Pending, "suit", "attached")
_pending_swapped = updater(Pending, "swapped", "attached")
_TRICK_START = (0, (), -1, -1, -1, NO_PENDING, -1)  # turn .. swap of a trick before its first card


# Every card as placed with no attachment and no award, by source (hand, diamond), player
# and card: most placements, shared between states instead of built on every play.
PLAIN_PLACED = tuple(tuple(tuple(Placed(p, c, VALUE_T[c], SUIT_T[c], True, False, 0, 0, src, (), "") for c in DECK)
                           for p in range(4)) for src in (0, 1))


class TrickRecord(NamedTuple):
    """One finished trick for the result record (RP-5.2)."""

    round: int
    trick: int
    leader: int  # the seat that was #1
    ring: tuple[int, ...]  # in-ring player of each side
    row: tuple[Placed, ...]
    suit: int
    winner: int  # player, -1 if every card was flipped
    damage: int  # D
    target: int  # player damaged, -1 if none
    before: int
    after: int


class Result(NamedTuple):
    """How the game ended (RP-5.1, RP-6)."""

    winner: int  # winning side, -1 for a draw under RP-6.3
    pinned: int  # the pinned player, -1 if none
    round: int
    trick: int
    reason: str  # "pin" or "cap"


class State(NamedTuple):
    setup: Setup
    trail: Any
    phase: int
    actor: int  # the player to decide now, -1 when over
    round: int  # 1-based
    trick: int  # 1..8 within the round
    seat_of: tuple[int, ...]  # player -> seat
    at_seat: tuple[int, ...]  # seat -> player
    leader: int  # the seat that is #1
    hands: tuple[tuple[int, ...], ...]  # per player
    diamonds: tuple[tuple[int, ...], ...]  # per player; empty for team members
    burn: tuple[int, ...]
    health: tuple[int, ...]  # marker position per player (RP-2.3)
    pop: tuple[int, ...]  # per side
    unlocked: tuple[bool, ...]  # per side: the track has reached 10 (RP-4.13)
    coins: tuple[int, ...]
    damage: tuple[int, ...]
    tags: tuple[int, ...]
    cheats: tuple[tuple[str, ...], ...]  # hidden cheats per player
    pool: tuple[str, ...]  # the face-down cheat pool, top first
    used: tuple[str, ...]  # the used-cheat pile
    sig_used: tuple[bool, ...]  # per player, this round
    wrestlers: tuple[str, ...]  # per player
    draws: int  # random draws made during play (keys the next one, RP-4.17)
    window: int  # tag window: index of the side asked now (0 leader's side, 1 the other)
    ring: tuple[int, ...]  # in-ring player per side, fixed after the tag window
    order: tuple[int, ...]  # play order of this trick (a headliner twice)
    turn: int  # index into order of the current play
    row: tuple[Placed, ...]
    suit: int  # led suit S, -1 undefined
    setter: int  # index in row of the setter, -1 if none
    first_source: int  # a headliner's source of his first play this trick, -1 if none yet
    pending: Pending
    swap: int  # the card a BURN_SWAP brought (private), -1
    peeks: tuple[tuple[int, int, tuple[int, ...]], ...]  # (viewer, target, hand seen)
    won: tuple[int, ...]  # tricks won per player
    dealt: tuple[int, ...]  # damage D dealt per player
    gained: tuple[int, ...]  # tokens and cheats gained per player
    spent: tuple[int, ...]  # tokens, cheats and signature moves spent per player
    log: tuple[TrickRecord, ...]
    result: Result | None


_new_tuple = tuple.__new__

# The index of each State field.  A decision builds its new state as one list of the old
# state's values (``list(st)``), overwrites the fields it changes by index and makes one
# tuple at the end: a 44-field record copied once per decision, with no keyword dicts.
(_SETUP, _TRAIL, _PHASE, _ACTOR, _ROUND, _TRICK, _SEAT_OF, _AT_SEAT, _LEADER, _HANDS, _DIAMONDS, _BURN, _HEALTH,
 _POP, _UNLOCKED, _COINS, _DAMAGE, _TAGS, _CHEATS, _POOL, _USED, _SIG_USED, _WRESTLERS, _DRAWS, _WINDOW, _RING,
 _ORDER, _TURN, _ROW, _SUIT, _SETTER, _FIRST_SOURCE, _PENDING, _SWAP, _PEEKS, _WON, _DEALT, _GAINED, _SPENT, _LOG,
 _RESULT) = range(len(State._fields))
assert State._fields[_RESULT] == "result" and State._fields[_PENDING] == "pending"
# RP-4.10 step 3 for a new trick: turn, row, suit, setter, first_source, pending and swap
# are neighbours in State, so one slice assignment resets them.
assert State._fields[_TURN:_SWAP + 1] == ("turn", "row", "suit", "setter", "first_source", "pending", "swap")
_TOKEN_FIELD = {"coin": _COINS, "damage": _DAMAGE, "tag": _TAGS}  # RP-4.12 token awards -> the tally they raise
_TAG_FIELD = next(f for f, award in data.POP_AWARDS.items() if award == "tag")  # RP-4.12: where Tags are won
_UNLOCK_FIELD = next(f for f, award in data.POP_AWARDS.items() if award == "unlock")  # RP-4.13


def _flipped(q: Placed) -> Placed:
    """The placed card turned face down by a counter (RP-4.8)."""
    return _new_tuple(Placed, q[:4] + (False,) + q[5:])


# RP-4.12 the pop track, field -> (the field a pop symbol moves it to, the award given there)
_POP_STEP = tuple((f + 1 if f + 1 < data.POP_RESET else 0, data.POP_AWARDS.get(f + 1, "")) for f in range(data.POP_RESET))


def _remove(t: tuple, x) -> tuple:
    i = t.index(x)
    return t[:i] + t[i + 1:]


# ---------------------------------------------------------------------------
# Pure helpers shared by the rules, the agents and the tests


def legal_cards(cards: tuple[int, ...], led: int) -> tuple[int, ...]:
    """RP-4.6: the cards of ``cards`` that may be played when the led suit is ``led`` (-1 undefined)."""
    if led < 0:
        return cards
    suits = SUIT_T
    for c in cards:
        if suits[c] == led:
            return tuple([c for c in cards if suits[c] == led or suits[c] < 0])
    return cards


_SKULL, _LAST_REGULAR, _TRICKS_PER_ROUND = data.SKULL, data.LAST_REGULAR, data.TRICKS_PER_ROUND


def winning_index(row: tuple[Placed, ...], led: int) -> int:
    """RP-4.10 step 6: the index of the winning card of ``row``, -1 if no card is face up."""
    best = -1
    bv = 0
    for i, q in enumerate(row):
        if q.up:
            s = q.suit
            if s == led or s < 0:
                v = q.value
                if best < 0 or v < bv:
                    best, bv = i, v
    return best


def trick_damage(q: Placed) -> int:
    """RP-4.11 step 1: D for a winning card (0 when v <= 0, attached DMG/DBL then wasted)."""
    v = q.value
    if v <= 0:
        return 0
    return (v + q.dmg) << q.dbl


def move_marker(p: int, d: int) -> int:
    """RP-4.11 steps 2-4: the new marker position after a trick dealing ``d`` damage."""
    if d <= 0 or p >= _SKULL:
        return p
    if p <= _LAST_REGULAR:
        p += d
        return p if p <= _LAST_REGULAR else _LAST_REGULAR + 1
    t = data.STOP_THRESHOLDS.get(p)
    return p + 1 if t is not None and d >= t else p


def counter_index(row: tuple[Placed, ...], value: int) -> int:
    """RP-4.8: the earliest face-up, non-immune card of the row with modified value ``value``, or -1."""
    for i, q in enumerate(row):
        if q.up and not q.immune and q.value == value:
            return i
    return -1


def stacked_deck(players: int = 4, hands=(), diamonds=(), burn=()) -> list[str]:
    """A 36-card deck in draw order (RP-4.2) that deals the given cards.

    ``hands`` lists each seat's hand (codes), ``diamonds`` each headliner's diamond in
    seat order, ``burn`` the burn pile; missing cards are filled in from the rest of the
    deck, so a test names only the cards it is about.
    """
    cap = {2: (2, 2), 3: (3, 1), 4: (4, 0)}[players]
    canonical = lambda part: [CODES_T[card(c)] for c in part]  # noqa: E731 codes in any case, written as Ha5
    hands = [canonical(h) for h in hands] + [[] for _ in range(cap[0] - len(hands))]
    diamonds = [canonical(d) for d in diamonds] + [[] for _ in range(cap[1] - len(diamonds))]
    burn = canonical(burn)
    named = [c for part in hands + diamonds + [burn] for c in part]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice in the stacked deck")
    rest = [c for c in CODES_T if c not in set(named)]
    out = []
    for part, size in [(h, data.HAND_SIZE) for h in hands] + [(d, data.DIAMOND_SIZE) for d in diamonds] + [
        (burn, data.BURN_SIZE)
    ]:
        if len(part) > size:
            raise ValueError(f"{part} has more than {size} cards")
        out += part + [rest.pop(0) for _ in range(size - len(part))]
    return out


# ---------------------------------------------------------------------------
# Options


def _ids(catalog: dict, what: str, unique: bool):
    def check(value):
        if isinstance(value, str) or not hasattr(value, "__iter__"):
            raise ValueError(f"give a list of {what} ids such as {list(catalog)[:3]}")
        ids = tuple(value)
        bad = [i for i in ids if i not in catalog]
        if bad:
            raise ValueError(f"unknown {what} {bad}; known: {', '.join(catalog)}")
        if unique and len(set(ids)) != len(ids):
            raise ValueError(f"each {what} may appear only once")
        return ids

    return check


def _assignment(value):
    if value is None:
        return None
    ids = _ids(data.WRESTLERS, "wrestler", True)(value)
    return ids


OPTIONS = {
    "roster": Option(data.DEFAULT_ROSTER, "the wrestlers dealt to the players (RP-2.8, RP-3.2)",
                     _ids(data.WRESTLERS, "wrestler", True)),
    "cheat_pool": Option(data.DEFAULT_CHEAT_POOL, "the cheat tiles of the pool, repeats allowed (RP-2.7)",
                         _ids(data.CHEATS, "cheat", False)),
    "wrestlers": Option(None, "assign wrestlers by seat instead of dealing them (RP-3.2)", _assignment),
    "first_leader": Option(data.DEFAULT_FIRST_LEADER, "the seat that is #1 in the first trick (RP-3.4)",
                           integer(0)),
    "round_cap": Option(data.DEFAULT_ROUND_CAP, "simulation safety cap in rounds (RP-6.3)", integer(1)),
    "choose_wrestlers": Option(False, "players choose their wrestlers in seat order instead of a deal (RP-3.2, DP-1)",
                               boolean),
}

LABELS = {4: ("A1", "B1", "A2", "B2"), 3: ("A1", "H", "A2"), 2: ("H1", "H2")}
SIDE_NAMES = {4: ("A", "B"), 3: ("A", "H"), 2: ("H1", "H2")}
SIDE_OF = {4: (0, 1, 0, 1), 3: (0, 1, 0), 2: (0, 1)}
PARTNER = {4: (2, 3, 0, 1), 3: (2, -1, 0), 2: (-1, -1)}


# ---------------------------------------------------------------------------
# The game


class RowdyPartners(Game):
    spec = GameSpec(
        name="rowdy_partners",
        title="Rowdy Partners",
        prefix="RP",
        min_players=2,
        max_players=4,
        default_players=4,
        options=OPTIONS,
        setup_keys=("deck",),
        bounds={"position": (0, data.SKULL), "won": (0, 1)},
        max_decisions=200_000,
        over_rule="RP-6.1",
    )
    agents: dict = {"random": RandomAgent}

    # -- configuration -------------------------------------------------------
    def _configure(self):
        k = self.players
        o = self.options
        if len(o["roster"]) < k:
            raise ValueError(f"the roster has {len(o['roster'])} wrestlers; {k} players need at least {k}")
        if o["wrestlers"] is not None:
            if len(o["wrestlers"]) != k:
                raise ValueError(f"wrestlers assigns one wrestler per seat: {k} ids")
        if o["first_leader"] >= k:
            raise ValueError(f"first_leader must be a seat from 0 to {k - 1}")
        self.labels = LABELS[k]
        self.side_names = SIDE_NAMES[k]
        self.side_of = SIDE_OF[k]
        self.partner = PARTNER[k]
        self.headliner = tuple(p < 0 for p in self.partner)
        self.members = tuple(tuple(p for p in range(k) if self.side_of[p] == s) for s in range(2))
        self.opponents = tuple(self.members[1 - self.side_of[p]] for p in range(k))
        self._layouts = {}
        self._acting = {-1: ()} | {p: (p,) for p in range(k)}
        self._unused = (False,) * k  # sig_used at a round start
        self._effects = {cid: c.effect for cid, c in data.CHEATS.items()}
        self._sig = {wid: w.effect for wid, w in data.WRESTLERS.items()}

    def _example_action(self):
        return "play Ha5"

    # -- setup (RP-3) ------------------------------------------------------
    def _new(self, seed, deck=None):
        k = self.players
        decks = self._check_deck(deck)
        o = self.options
        if o["choose_wrestlers"]:
            wrestlers = ("",) * k  # DP-1: chosen before the first trick
        elif o["wrestlers"] is not None:
            wrestlers = tuple(o["wrestlers"])
        else:  # RP-3.2 dealt by the RNG without repetition
            wrestlers = tuple(generator(seed, "wrestlers").sample(list(o["roster"]), k))
        pool = list(o["cheat_pool"])
        shuffle(pool, seed, "cheats")  # RP-3.3
        extra = (("deck", decks),) if decks is not None else ()
        zero = (0,) * k
        new = list(State(
            setup=Setup(seed, extra), trail=None, phase=PLAYING, actor=-1, round=1, trick=1,
            seat_of=tuple(range(k)), at_seat=tuple(range(k)), leader=o["first_leader"],
            hands=((),) * k, diamonds=((),) * k, burn=(), health=zero, pop=(0, 0), unlocked=(False, False),
            coins=zero, damage=zero, tags=zero, cheats=((),) * k, pool=tuple(pool), used=(),
            sig_used=(False,) * k, wrestlers=wrestlers, draws=0, window=0, ring=(), order=(), turn=0,
            row=(), suit=-1, setter=-1, first_source=-1, pending=NO_PENDING, swap=-1, peeks=(),
            won=zero, dealt=zero, gained=zero, spent=zero, log=(), result=None,
        ))
        self._deal(new, 1)
        if o["choose_wrestlers"]:
            new[_PHASE] = CHOOSING
            new[_ACTOR] = 0
            return _new_tuple(State, new)
        return self._open_window(0, new)

    def _check_deck(self, deck):
        if deck is None:
            return None
        if isinstance(deck, str) or not hasattr(deck, "__iter__"):
            raise TypeError("deck is a list of 36 card codes in draw order (or a list of such lists, one per round)")
        deck = list(deck)
        rounds = [deck] if not deck or isinstance(deck[0], str) else deck
        out = []
        for d in rounds:
            if isinstance(d, str) or not hasattr(d, "__iter__"):
                raise TypeError("deck is a list of card codes, or a list of such lists")
            cards = [card(c) for c in d]  # codes in any case; the setup keeps them as Ha5
            if len(cards) != len(DECK) or len(set(cards)) != len(DECK):
                raise ValueError(
                    f"a stacked deck lists each of the {len(DECK)} cards exactly once (got {len(cards)} codes, "
                    f"{len(set(cards))} different); stacked_deck() fills in the rest"
                )
            out.append(tuple(CODES_T[c] for c in cards))
        return tuple(out) if len(out) > 1 else out[0]

    def _deal(self, new: list, rnd: int) -> None:
        """RP-4.2: shuffle all 36 cards and deal hands, diamonds and the burn pile by seat.

        ``new`` is the list of the new state's values; the deal is written into it.
        """
        k = self.players
        setup = new[_SETUP]
        at_seat = new[_AT_SEAT]
        decks = setup.get("deck")
        order = None
        if decks is not None:
            if decks and isinstance(decks[0], str):
                decks = (decks,)
            if rnd <= len(decks):
                order = [CARD[c] for c in decks[rnd - 1]]
        if order is None:
            order = shuffle(list(DECK), setup.seed, "deal", rnd)
        hands = [()] * k
        diamonds = [()] * k
        pos = 0
        for seat in range(k):
            hands[at_seat[seat]] = tuple(sorted(order[pos:pos + data.HAND_SIZE]))
            pos += data.HAND_SIZE
        for seat in range(k):
            p = at_seat[seat]
            if self.headliner[p]:
                diamonds[p] = tuple(sorted(order[pos:pos + data.DIAMOND_SIZE]))
                pos += data.DIAMOND_SIZE
        new[_ROUND] = rnd
        new[_TRICK] = 1
        new[_HANDS] = tuple(hands)
        new[_DIAMONDS] = tuple(diamonds)
        new[_BURN] = tuple(order[pos:pos + data.BURN_SIZE])
        new[_SIG_USED] = self._unused

    # -- positions and the ring (RP-4.3) -------------------------------------
    def in_ring(self, st: State, side: int, leader: int | None = None) -> int:
        """The side's wrestler in the ring for a trick led from seat ``leader`` (RP-4.3)."""
        return self._layout(st.at_seat, st.leader if leader is None else leader)[0][side]

    def _layout(self, at_seat: tuple[int, ...], leader: int) -> tuple[tuple[int, int], tuple[int, ...]]:
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

    def _open_window(self, w: int, new: list) -> State:
        """RP-4.4 the tag window from side ``w`` of (leader's side, other side); then fix ring and order.

        ``new`` is the list of the new state's values, built from the old state's by the
        decision that opens the window (one copy of the state per decision).
        """
        at_seat = new[_AT_SEAT]
        leader = new[_LEADER]
        tags = new[_TAGS]
        ring, order = self._layouts.get((at_seat, leader)) or self._layout(at_seat, leader)
        new[_TURN:_SWAP + 1] = _TRICK_START  # step 3
        if w < 2 and any(tags):
            leader_side = self.side_of[at_seat[leader]]
            while w < 2:
                side = leader_side if w == 0 else 1 - leader_side
                p = ring[side]
                if len(self.members[side]) == 2 and tags[p] > 0:
                    new[_PHASE] = TAGGING
                    new[_ACTOR] = p
                    new[_WINDOW] = w
                    return _new_tuple(State, new)
                w += 1
        new[_PHASE] = PLAYING
        new[_ACTOR] = order[0]
        new[_WINDOW] = 2
        new[_RING] = ring
        new[_ORDER] = order
        return _new_tuple(State, new)

    # -- the protocol ------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return self._acting[state.actor]

    def legal_actions(self, state: State, player: int | None = None) -> tuple:
        a = state.actor
        if a < 0 or (player is not None and player != a):
            return ()
        ph = state.phase
        if ph == PLAYING:  # most decisions: inline, with a team player's cards (RP-4.6) in C scans
            if self.headliner[a] or state.pending.suit >= 0:
                plays = tuple(map(_PLAY_OF, self._playable(state, a)))
            else:
                hand = state.hands[a]
                led = state.suit
                if led >= 0 and led in map(_SUIT_OF, hand):
                    plays = tuple(map(_PLAY_OF, filter(_FOLLOWS[led], hand)))
                else:
                    plays = tuple(map(_PLAY_OF, hand))
            coins, damage, cheats = state.coins[a], state.damage[a], state.cheats[a]
            unlocked = state.unlocked[self.side_of[a]]
            if not (coins or damage or cheats or unlocked):
                return plays
            return self._attachments(state, a, coins, damage, cheats, unlocked) + plays
        if ph == TAGGING:
            return TAG_ACTIONS
        if ph == NAMING:
            return NAME
        if ph == CHOOSING:
            return tuple(ChooseWrestler(w) for w in self.options["roster"] if w not in state.wrestlers)
        hand = state.hands[a]
        if state.pending.suit >= 0:
            return tuple(BURY[c] for c in hand if self._bury_keeps_suit_play(hand, c))
        return tuple(BURY[c] for c in hand)

    def _may_play(self, st: State, p: int) -> str:
        """The cards ``p`` may play now, as a refusal lists them (RP-4.6)."""
        return " ".join(code(c) for c in self._playable(st, p)) or "no card"

    def _sources(self, st: State, p: int) -> tuple[tuple[int, ...], ...]:
        """The card sources open to ``p``'s current play (RP-4.5, RP-4.14)."""
        if not self.headliner[p]:
            return (st.hands[p],)
        first = st.first_source
        if first == 0:
            return (st.diamonds[p],)
        if first == 1 or st.pending.swapped:
            return (st.hands[p],)
        return (st.hands[p], st.diamonds[p])

    def _playable(self, st: State, p: int) -> tuple[int, ...]:
        led = st.suit
        srcs = self._sources(st, p)
        cards = legal_cards(srcs[0], led)
        if len(srcs) == 2:
            cards = cards + legal_cards(srcs[1], led)
        if st.pending.suit >= 0:  # RP-2.6 SUIT is not allowed on a wildcard
            cards = tuple(c for c in cards if SUIT_T[c] >= 0)
        return cards

    def _attachments(self, st: State, p: int, coins: int, damage: int, cheats: tuple, unlocked: bool) -> tuple:
        """The attachments ``p`` may declare before his card (RP-4.7), offered ahead of the plays."""
        acts = []
        if coins:
            acts += (COIN_UP, COIN_DOWN)
        if damage:
            acts.append(DAMAGE)
        if cheats:
            for cid in cheats if len(cheats) == 1 else sorted(set(cheats)):
                kind, offers, by_arg = CHEAT_OFFERS[cid]
                acts += offers if kind is None else self._offers_now(st, p, kind, offers, by_arg)
        if unlocked and not st.sig_used[p]:
            kind, offers, by_arg = SIGNATURE_OFFERS[st.wrestlers[p]]
            acts += offers if kind is None else self._offers_now(st, p, kind, offers, by_arg)
        return tuple(acts)

    def _offers_now(self, st: State, p: int, kind: str, offers: tuple, by_arg: dict):
        """The attachments of a state-dependent effect that ``p`` may declare now (see _offers)."""
        if kind == "SUIT":  # RP-2.6 not on a wildcard: a suited card must be left to play
            return offers if self._suit_possible(st, p) else ()
        if kind == "BURN_SWAP":
            return offers if st.burn and self._swap_possible(st, p) else ()
        if kind == "PEEK":  # the partner's hand, or a headliner's choice of opponent (RP-4.14.5)
            return [by_arg[_SEAT_TEXTS[q]] for q in self.opponents[p]] if self.headliner[p] else offers
        # CANCEL: an opponent and a token kind he holds
        return [by_arg[_CANCEL_TEXTS[q][name]] for q in self.opponents[p] for name in data.TOKEN_KINDS
                if self._holds(st, q, name)]

    def _suit_possible(self, st: State, p: int) -> bool:
        """A SUIT attachment leaves a non-wild card to play (else it would be X11)."""
        for src in self._sources(st, p):
            if any(map(_SUITED, src)):
                return True
        return False

    def _swap_possible(self, st: State, p: int) -> bool:
        if self.headliner[p] and st.first_source == 0:
            return False  # RP-4.14.5 the diamond play cannot burn-swap
        if st.pending.suit >= 0:
            return any(SUIT_T[c] >= 0 for c in st.hands[p])
        return True

    @staticmethod
    def _bury_keeps_suit_play(hand, c) -> bool:
        return any(SUIT_T[x] >= 0 for x in hand if x != c) if SUIT_T[c] >= 0 else True

    def _numbers(self, players) -> str:
        """Player numbers as actions write them, with their labels: ``1 (B1) or 3 (B2)``."""
        return " or ".join(f"{q} ({self.labels[q]})" for q in players)

    @staticmethod
    def _holds(st: State, q: int, kind: str) -> bool:
        if kind == "coin":
            return st.coins[q] > 0
        if kind == "damage":
            return st.damage[q] > 0
        if kind == "tag":
            return st.tags[q] > 0
        return len(st.cheats[q]) > 0

    # -- apply -------------------------------------------------------------
    def apply(self, state: State, action, player: int | None = None) -> State:
        a = state.actor
        if a < 0:
            self._over(state, action, player)
        if player is None:
            player = a
        elif player != a:
            self.check_seat(player)
            self._not_your_turn(state, action, player)
        t = type(action)
        if t is Play:
            return self._play(state, action, player)
        if t in (Coin, DamageToken, UseCheat, UseSignature):
            return self._attach(state, action, player)
        if t is Name:
            return self._name(state, action, player)
        if t is Bury:
            return self._bury(state, action, player)
        if t is ChooseWrestler:
            return self._choose(state, action, player)
        if t is Tag or t is Pass:
            return self._tag(state, action, player)
        raise TypeError(f"{action!r} is not a Rowdy Partners action; use parse_action('play Ha5') and the like")

    def _over(self, st: State, action, player):
        """Refuse any action once the game is over, citing how it ended: the pin (RP-6.1) or the cap (RP-6.3)."""
        r = st.result
        if r is not None and r.reason == "cap":
            outcome = "a draw" if r.winner < 0 else f"side {self.side_names[r.winner]} won"
            raise IllegalMove(f"The game is over: the round cap of {self.options['round_cap']} rounds was reached "
                              f"({outcome}); no more actions", rule="RP-6.3", player=player, action=action)
        how = (f"{self.labels[r.pinned]} was pinned and side {self.side_names[r.winner]} won" if r is not None
               else "a wrestler was pinned")
        raise IllegalMove(f"The game is over: {how}; no more actions", rule="RP-6.1", player=player, action=action)

    def _not_your_turn(self, st: State, action, p: int):
        """Refuse an action of a player who is not to decide now, with the most telling X-code."""
        t = type(action)
        if t is Tag:
            self._tag_checks(st, action, p)
        if t in ATTACHMENTS:
            raise illegal("X06", f"{self.labels[p]} may attach tokens, cheats or a signature move only on his own "
                          f"play; now {self._who(st)}", "RP-4.7", p, action)
        raise illegal("X01", f"it is not {self.labels[p]}'s turn: {self._who(st)}", _TURN_RULE[st.phase], p, action)

    def _who(self, st: State) -> str:
        return f"{self.labels[st.actor]} must {self._task(st)}"

    def _task(self, st: State) -> str:
        ph = st.phase
        if ph == TAGGING:
            return "decide whether to tag (tag or pass)"
        if ph == NAMING:
            return "name the led suit for the wildcard setter (name Ha, Ho, St or Gr)"
        if ph == BURYING:
            return "bury a hand card after the BURN_SWAP (bury <card>)"
        if ph == CHOOSING:
            return "choose a wrestler (wrestler <id>)"
        return "play a card (play <card>), attaching tokens first if he likes"

    def _choose(self, st: State, action, p: int) -> State:
        """DP-1: each player in seat order takes one wrestler of the roster (RP-3.2)."""
        if st.phase != CHOOSING:
            self._wrong_phase(st, action, p)
        w = action.wrestler
        if w not in self.options["roster"] or w in st.wrestlers:
            free = [x for x in self.options["roster"] if x not in st.wrestlers]
            raise illegal("X05", f"{w} is not free to choose; the free wrestlers are {', '.join(free)}",
                          "RP-3.2", p, action)
        new = list(st)
        new[_TRAIL] = extend(st.trail, p, action)
        new[_WRESTLERS] = _set(st.wrestlers, p, w)
        seat = st.seat_of[p] + 1
        if seat < self.players:
            new[_ACTOR] = st.at_seat[seat]
            return _new_tuple(State, new)
        return self._open_window(0, new)

    def _wrong_phase(self, st: State, action, p: int):
        if st.phase == NAMING:
            raise illegal("X10", f"a suit must be named first: {self._who(st)}", "RP-4.9", p, action)
        if st.phase == CHOOSING:
            raise illegal("X01", f"the wrestlers are chosen first: {self._who(st)}", "RP-3.2", p, action)
        if type(action) in ATTACHMENTS:
            raise illegal("X06", f"attachments are declared on one's own play only; now {self._who(st)}",
                          "RP-4.7", p, action)
        raise illegal("X01", f"that is not the decision now: {self._who(st)}", _DECISION_RULE[st.phase], p, action)

    # RP-4.4 the tag window
    def _tag_checks(self, st: State, action, p: int):
        if self.headliner[p]:
            raise illegal("X07", f"{self.labels[p]} is a headliner and has no partner to tag", "RP-4.4", p, action)
        if st.phase == TAGGING:
            ring = self._layout(st.at_seat, st.leader)[0]
        elif st.phase == PLAYING and st.turn == 0 and not st.row and st.pending == NO_PENDING:
            ring = st.ring  # the window is closed, but no card of the trick is played yet
        else:
            raise illegal("X06", "a Tag is spent only in the tag window before the first card of a trick",
                          "RP-4.4", p, action)
        side = self.side_of[p]
        if p != ring[side]:
            raise illegal("X07", f"{self.labels[p]} is on the apron; only the in-ring wrestler "
                          f"{self.labels[ring[side]]} may tag for his team", "RP-4.4", p, action)
        if st.tags[p] <= 0:  # RP-4.4.1: the in-ring wrestler spends a Tag token he holds
            raise illegal("X05", f"{self.labels[p]} holds no Tag token; a team's in-ring wrestler may tag only "
                          f"with a Tag token of his own (one is won at {_TAG_FIELD} on the pop track)", "RP-4.4", p, action)
        # RP-4.4.3 at most one Tag per side per window (the side asked now has not tagged yet)
        if (p != st.actor or st.phase != TAGGING) and self._tagged_in_window(st, side):
            raise illegal("X07", f"side {self.side_names[side]} already tagged in this tag window; a side tags "
                          f"at most once per window", "RP-4.4", p, action)
        if st.phase != TAGGING:
            raise illegal("X06", "the tag window of this trick is over; a Tag is spent only in the tag window "
                          "before the first card of a trick", "RP-4.4", p, action)
        leader_side = self.side_of[st.at_seat[st.leader]]
        asked = leader_side if st.window == 0 else 1 - leader_side
        if side != asked and st.window == 1:
            raise illegal("X07", f"side {self.side_names[side]} passed in this tag window, which asks the leader's "
                          f"side first and then the other side; now {self._who(st)}", "RP-4.4", p, action)
        if side != asked:
            raise illegal("X01", f"the leader's side decides first in the tag window: {self._who(st)}",
                          "RP-4.4", p, action)

    def _tagged_in_window(self, st: State, side: int) -> bool:
        """Whether a member of ``side`` spent a Tag in the tag window of the current trick (RP-4.4.3)."""
        for q, a in reversed(history(st)):
            if type(a) is Tag:
                if self.side_of[q] == side:
                    return True
            elif type(a) is not Pass:
                return False
        return False

    def _tag(self, st: State, action, p: int) -> State:
        if type(action) is Tag:
            self._tag_checks(st, action, p)
        elif st.phase != TAGGING:
            self._wrong_phase(st, action, p)
        new = list(st)
        new[_TRAIL] = extend(st.trail, p, action)
        if type(action) is Pass:
            return self._open_window(st.window + 1, new)
        q = self.partner[p]  # RP-4.4.2 the partners exchange seats
        sp, sq = st.seat_of[p], st.seat_of[q]
        new[_SEAT_OF] = _set(_set(st.seat_of, p, sq), q, sp)
        new[_AT_SEAT] = _set(_set(st.at_seat, sp, q), sq, p)
        new[_TAGS] = _add(st.tags, p, -1)
        new[_SPENT] = _add(st.spent, p, 1)
        return self._open_window(st.window + 1, new)

    # RP-4.7 attachments
    def _attach(self, st: State, action, p: int) -> State:
        if st.phase != PLAYING:
            self._wrong_phase(st, action, p)
        t = type(action)
        pend = st.pending
        if t is Coin:
            if st.coins[p] <= 0:
                raise illegal("X05", f"{self.labels[p]} holds no Coin", "RP-4.7", p, action)
            new = list(st)
            new[_TRAIL] = extend(st.trail, p, action)
            coins, spent = st.coins, st.spent
            new[_COINS] = coins[:p] + (coins[p] - 1,) + coins[p + 1:]
            new[_PENDING] = _pending_val(pend, pend.val + action.sign, pend.attached + (str(action),))
            new[_SPENT] = spent[:p] + (spent[p] + 1,) + spent[p + 1:]
            return _new_tuple(State, new)
        if t is DamageToken:
            if st.damage[p] <= 0:
                raise illegal("X05", f"{self.labels[p]} holds no Damage token", "RP-4.7", p, action)
            new = list(st)
            new[_TRAIL] = extend(st.trail, p, action)
            damage, spent = st.damage, st.spent
            new[_DAMAGE] = damage[:p] + (damage[p] - 1,) + damage[p + 1:]
            new[_PENDING] = _pending_dmg(pend, pend.dmg + 1, pend.attached + ("damage",))
            new[_SPENT] = spent[:p] + (spent[p] + 1,) + spent[p + 1:]
            return _new_tuple(State, new)
        if t is UseCheat:
            if action.cheat not in st.cheats[p]:
                held = " ".join(sorted(st.cheats[p])) or "none"
                raise illegal("X05", f"{self.labels[p]} holds no cheat {action.cheat}; his cheats: {held}",
                              "RP-4.7", p, action)
            eff = self._effects[action.cheat]
            label = action.cheat
        else:
            wid = st.wrestlers[p]
            if action.wrestler != wid:
                raise illegal("X05", f"{self.labels[p]}'s wrestler is {wid} ({data.WRESTLERS[wid].name}), "
                              f"not {action.wrestler}: sig {wid} is his signature move", "RP-4.13", p, action)
            if not st.unlocked[self.side_of[p]]:
                side = self.side_of[p]
                raise illegal("X08", f"side {self.side_names[side]}'s pop track (now {st.pop[side]}) has not "
                              f"reached {_UNLOCK_FIELD} yet; signature moves unlock there", "RP-4.13", p, action)
            if st.sig_used[p]:
                raise illegal("X09", f"{self.labels[p]} has used his signature move this round", "RP-4.13", p, action)
            eff = self._sig[wid]
            label = "sig " + wid
        new = list(st)
        self._effect(st, p, eff, action, new, pend.attached + (label + (" " + action.arg if action.arg else ""),))
        new[_TRAIL] = extend(st.trail, p, action)
        spent = st.spent
        new[_SPENT] = spent[:p] + (spent[p] + 1,) + spent[p + 1:]
        if t is UseCheat:
            cheats = new[_CHEATS]
            new[_CHEATS] = _set(cheats, p, _remove(cheats[p], action.cheat))
            new[_USED] = new[_USED] + (action.cheat,)  # RP-4.7.4 face up to the used pile
        else:
            new[_SIG_USED] = _set(st.sig_used, p, True)
        return _new_tuple(State, new)

    def _effect(self, st: State, p: int, eff: data.Effect, action, new: list, attached: tuple) -> None:
        """RP-2.6: make the changes an effect makes when attached (pending modifiers or immediate actions).

        ``new`` is the list of the new state's values, built from ``st``'s; ``attached`` the
        pending attachment texts with this one, which every branch stores with its other changes.
        """
        kind, amount, arg = eff.kind, eff.amount, action.arg
        pend = st.pending
        if arg and kind in ("DMG", "DBL", "IMMUNE", "BURN_SWAP"):
            raise illegal("X05", f"{action} takes no argument", "RP-2.6", p, action)
        if kind == "VAL":
            if isinstance(amount, tuple):
                texts = _AMOUNT_TEXTS[amount]
                k = amount[texts.index(arg)] if arg in texts else None  # the canonical text only
                if k is None:
                    raise illegal("X05", f"choose the amount: {' or '.join(f'{a:+d}' for a in amount)}",
                                  "RP-2.8", p, action)
                amount = k
            elif arg:
                raise illegal("X05", f"{action} takes no argument", "RP-2.6", p, action)
            new[_PENDING] = _pending_val(pend, pend.val + amount, attached)
            return
        if kind == "SUIT":
            if arg not in SUIT_INDEX:
                verb = str(action).split(" ")[:2]
                raise illegal("X10", f"SUIT needs a suit: Ha, Ho, St or Gr, as in '{' '.join(verb)} Gr'",
                              "RP-2.6", p, action)
            if not self._suit_possible(st, p):
                raise illegal("X11", "only wildcards are left to play and SUIT may not go on a wildcard",
                              "RP-2.6", p, action)
            new[_PENDING] = _pending_suit(pend, SUIT_INDEX[arg], attached)
            return
        if kind == "DMG":
            new[_PENDING] = _pending_dmg(pend, pend.dmg + amount, attached)
            return
        if kind == "DBL":
            new[_PENDING] = _pending_dbl(pend, pend.dbl + 1, attached)
            return
        if kind == "IMMUNE":
            new[_PENDING] = _pending_immune(pend, True, attached)
            return
        if kind == "CANCEL":
            self._cancel(st, p, action, new)
            new[_PENDING] = _pending_attached(pend, attached)
            return
        if kind == "BURN_SWAP":
            if self.headliner[p] and st.first_source == 0:
                raise illegal("X13", f"BURN_SWAP works only with the hand play; {self.labels[p]}'s play now comes "
                              f"from his diamond", "RP-4.14", p, action)
            if st.pending.suit >= 0 and not any(SUIT_T[c] >= 0 for c in st.hands[p]):
                raise illegal("X11", "after the swap only wildcards could carry the SUIT", "RP-2.6", p, action)
            if not st.burn:
                raise illegal("X05", "the burn pile is empty", "RP-2.6", p, action)
            i = generator(st.setup.seed, "draw", st.draws).randrange(len(st.burn))  # RP-4.17
            got = st.burn[i]
            new[_PENDING] = _pending_swapped(pend, True, attached)
            new[_BURN] = st.burn[:i] + st.burn[i + 1:]
            new[_HANDS] = _set(st.hands, p, tuple(sorted(st.hands[p] + (got,))))
            new[_PHASE] = BURYING
            new[_SWAP] = got
            new[_DRAWS] = st.draws + 1
            return
        if kind == "PEEK":
            if self.headliner[p]:
                q = next((q for q in self.opponents[p] if arg == str(q)), -1)  # the canonical text only
                if q < 0:
                    raise illegal("X12", f"name the opponent to peek at: {self._numbers(self.opponents[p])}",
                                  "RP-2.6", p, action)
            else:
                if arg:
                    raise illegal("X12", "PEEK shows the partner's hand; it takes no target", "RP-2.6", p, action)
                q = self.partner[p]
            new[_PEEKS] = st.peeks + ((p, q, st.hands[q]),)
            new[_PENDING] = _pending_attached(pend, attached)
            return
        raise AssertionError(kind)  # pragma: no cover

    def _cancel(self, st: State, p: int, action, new: list) -> None:
        parts = action.arg.split(" ")
        try:
            q, kind = int(parts[0]), parts[1]
            assert len(parts) == 2 and parts[0] == str(q)  # the canonical text only ("1 coin", not "+1 coin")
        except (ValueError, IndexError, AssertionError):
            raise illegal("X12", f"CANCEL names an opponent and a token kind, such as "
                          f"'{self.opponents[p][0]} coin'", "RP-2.6", p, action) from None
        if q not in self.opponents[p]:
            who = (f"player {q} ({self.labels[q]}) is not an opponent of {self.labels[p]}" if 0 <= q < self.players
                   else f"{q} is not a player number")
            raise illegal("X12", f"{who}; CANCEL targets {self._numbers(self.opponents[p])}", "RP-2.6", p, action)
        if kind not in data.TOKEN_KINDS:
            raise illegal("X12", f"{kind!r} is not a token kind; CANCEL names coin, damage, tag or cheat",
                          "RP-2.6", p, action)
        if not self._holds(st, q, kind):
            kinds = [k for k in data.TOKEN_KINDS if self._holds(st, q, k)]
            what = "cheat" if kind == "cheat" else f"{kind.capitalize()} token"
            raise illegal("X12", f"{self.labels[q]} holds no {what}; he holds: "
                          f"{', '.join(kinds) if kinds else 'nothing to cancel'}", "RP-2.6", p, action)
        if kind == "coin":
            new[_COINS] = _add(st.coins, q, -1)
        elif kind == "damage":
            new[_DAMAGE] = _add(st.damage, q, -1)
        elif kind == "tag":
            new[_TAGS] = _add(st.tags, q, -1)
        else:
            held = st.cheats[q]
            i = generator(st.setup.seed, "draw", st.draws).randrange(len(held))  # RP-4.17 the CANCEL pick
            new[_CHEATS] = _set(st.cheats, q, held[:i] + held[i + 1:])
            new[_USED] = st.used + (held[i],)
            new[_DRAWS] = st.draws + 1

    def _bury(self, st: State, action, p: int) -> State:
        if st.phase != BURYING:
            self._wrong_phase(st, action, p)
        c = action.card
        hand = st.hands[p]
        if c not in hand or (st.pending.suit >= 0 and not self._bury_keeps_suit_play(hand, c)):
            allowed = " ".join(code(b.card) for b in self.legal_actions(st, p))
            if c not in hand:
                raise illegal("X02", f"{code(c)} is not in {self.labels[p]}'s hand; he buries one of his hand "
                              f"cards: {allowed}", "RP-2.6", p, action)
            raise illegal("X11", f"burying {code(c)} leaves {self.labels[p]} only wildcards, and the SUIT he "
                          f"attached may not go on a wildcard; he buries one of: {allowed}", "RP-2.6", p, action)
        new = list(st)
        new[_TRAIL] = extend(st.trail, p, action)
        new[_HANDS] = _set(st.hands, p, _remove(hand, c))
        new[_BURN] = st.burn + (c,)
        new[_PHASE] = PLAYING
        new[_SWAP] = -1
        return _new_tuple(State, new)

    def _name(self, st: State, action, p: int) -> State:
        if st.phase != NAMING:
            self._wrong_phase(st, action, p)
        new = list(st)
        new[_TRAIL] = extend(st.trail, p, action)
        new[_SUIT] = action.suit
        return self._next_play(st, new)

    # RP-4.10 step 4: one play
    def _play(self, st: State, action, p: int) -> State:
        if st.phase != PLAYING:
            self._wrong_phase(st, action, p)
        c = action.card
        pend = st.pending
        if not self.headliner[p]:
            cards = st.hands[p]
            try:
                k = cards.index(c)
            except ValueError:
                raise illegal("X02", f"{code(c)} is not in {self.labels[p]}'s hand; he may play "
                              f"{self._may_play(st, p)}", "RP-4.6", p, action) from None
            src = 0
        else:
            src = 0 if c in st.hands[p] else 1 if c in st.diamonds[p] else -1
            if src < 0:
                raise illegal("X02", f"{code(c)} is neither in {self.labels[p]}'s hand nor in his diamond; he may "
                              f"play {self._may_play(st, p)}", "RP-4.6", p, action)
            if src == st.first_source:
                where = "hand" if src == 0 else "diamond"
                raise illegal("X04", f"{self.labels[p]}'s first play of this trick came from his {where}; the second "
                              f"must come from his {'diamond' if src == 0 else 'hand'}: he may play "
                              f"{self._may_play(st, p)}", "RP-4.5", p, action)
            if src == 1 and pend.swapped:
                raise illegal("X13", f"after a BURN_SWAP {self.labels[p]}'s card must come from his hand: he may play "
                              f"{self._may_play(st, p)}", "RP-4.14", p, action)
            cards = st.hands[p] if src == 0 else st.diamonds[p]
            k = cards.index(c)
        led = st.suit
        s = SUIT_T[c]
        # RP-4.6: an off-suit card only when the source holds no card of the led suit
        # (``in`` over a map: the whole scan runs in C, no generator per play)
        if led >= 0 and s >= 0 and s != led and led in map(SUIT_T.__getitem__, cards):
            held = " ".join(code(x) for x in cards if SUIT_T[x] == led)
            wild = " ".join(code(x) for x in cards if SUIT_T[x] < 0)
            where = (" in his hand" if src == 0 else " in his diamond") if self.headliner[p] else ""
            raise illegal("X03", f"{suit_name(led)} was led and {self.labels[p]} holds {held}{where}: he must play "
                          f"one of them{' or a wildcard (' + wild + ')' if wild else ''}", "RP-4.6", p, action)
        if pend.suit >= 0 and s < 0:
            raise illegal("X11", f"a SUIT effect is attached to {self.labels[p]}'s coming card, and it may not go on "
                          f"a wildcard; he may play {self._may_play(st, p)}", "RP-2.6", p, action)
        # place the card (RP-4.10 step 4.4)
        left = cards[:k] + cards[k + 1:]
        new = list(st)
        new[_TRAIL] = extend(st.trail, p, action)
        if src == 0:
            hands = st.hands
            new[_HANDS] = hands[:p] + (left,) + hands[p + 1:]
        else:
            new[_DIAMONDS] = _set(st.diamonds, p, left)
        award = self._pop(st, p, new) if POP_T[c] else ""  # RP-4.12.1
        if pend is NO_PENDING:  # most cards carry no attachment: the printed value and suit
            v, eff, immune = VALUE_T[c], s, False
            placed = PLAIN_PLACED[src][p][c] if not award else _new_tuple(
                Placed, (p, c, v, s, True, False, 0, 0, src, (), award))
        else:
            v = VALUE_T[c] + pend.val
            eff = pend.suit if pend.suit >= 0 else s
            immune = pend.immune
            placed = _new_tuple(Placed, (p, c, v, eff, True, immune, pend.dmg, pend.dbl, src, pend.attached, award))
        row = st.row + (placed,)
        new[_ROW] = row
        new[_FIRST_SOURCE] = src
        if led < 0:  # RP-4.9 the card becomes the setter
            new[_SETTER] = len(row) - 1
            if s < 0:
                new[_PHASE] = NAMING
                return _new_tuple(State, new)
            new[_SUIT] = eff
        elif not immune:  # RP-4.8 counter
            i = -1
            for n, q in enumerate(st.row):  # counter_index inline: rows are short, most plays counter nothing
                if q.value == v and q.up and not q.immune:
                    i = n
                    break
            if i >= 0:
                row = row[:i] + (_flipped(row[i]),) + row[i + 1:-1] + (_flipped(placed),)
                new[_ROW] = row
                if i == st.setter:  # RP-4.9 a new setter
                    j = next((n for n, q in enumerate(row) if q.up), -1)
                    new[_SETTER] = j
                    if j < 0:
                        new[_SUIT] = -1
                    elif row[j].suit < 0:
                        new[_SUIT] = -1
                        new[_PHASE] = NAMING
                        new[_ACTOR] = row[j].player
                        return _new_tuple(State, new)
                    else:
                        new[_SUIT] = row[j].suit
        nxt = st.turn + 1  # RP-4.10 step 4: the next play, or the end of the trick
        order = st.order
        if nxt < len(order):
            q = order[nxt]
            new[_ACTOR] = q
            new[_TURN] = nxt
            new[_PENDING] = NO_PENDING
            if q != p:
                new[_FIRST_SOURCE] = -1
            return _new_tuple(State, new)
        return self._end_trick(st, new)

    def _pop(self, st: State, p: int, new: list) -> str:
        """RP-4.12: advance the side's pop track and give the award to ``p``; returns the award's name."""
        side = self.side_of[p]
        pop = st.pop
        field, award = _POP_STEP[pop[side]]
        new[_POP] = (field, pop[1]) if side == 0 else (pop[0], field)  # one track per side
        if not award:
            return ""
        if award == "tag" and self.headliner[p]:
            award = data.HEADLINER_TAG_AWARD
        if award == "unlock":
            if st.unlocked[side]:
                return ""  # RP-4.12.4 reaching 10 again changes nothing
            new[_UNLOCKED] = _set(st.unlocked, side, True)
            return award
        if award == "cheat":
            pool, used, draws = st.pool, st.used, st.draws
            if not pool:  # RP-4.12.3 reshuffle the used pile
                if not used:
                    return ""
                pool = list(used)
                shuffle(pool, st.setup.seed, "draw", draws)
                pool, used, draws = tuple(pool), (), draws + 1
            new[_CHEATS] = _set(st.cheats, p, st.cheats[p] + (pool[0],))
            new[_POOL], new[_USED], new[_DRAWS] = pool[1:], used, draws
        else:
            i = _TOKEN_FIELD[award]
            new[i] = _add(st[i], p, 1)
        new[_GAINED] = _add(st.gained, p, 1)
        return award

    def _next_play(self, st: State, new: list) -> State:
        """Finish the new state ``new`` (a list of values) of a finished play: pass the turn on or end the trick."""
        nxt = st.turn + 1
        order = st.order
        if nxt < len(order):
            p = order[nxt]
            new[_ACTOR] = p
            new[_TURN] = nxt
            new[_PENDING] = NO_PENDING
            new[_PHASE] = PLAYING
            if p != order[st.turn]:
                new[_FIRST_SOURCE] = -1
            return _new_tuple(State, new)
        return self._end_trick(st, new)

    # RP-4.10 steps 5-8 and RP-4.11
    def _end_trick(self, st: State, new: list) -> State:
        """RP-4.10 steps 5-8 for the trick whose last play made ``new`` (a list of values) from ``st``."""
        row = new[_ROW]
        suit = new[_SUIT]
        i = winning_index(row, suit)
        leader = st.leader
        target, d, w, before, after = -1, 0, -1, 0, 0
        if i >= 0:  # else RP-4.10 step 5: every card flipped, nobody wins, L stays #1
            q = row[i]
            w = q.player
            d = trick_damage(q)
            target = st.ring[1 - self.side_of[w]]
            health = st.health
            before = health[target]
            after = move_marker(before, d)
            if after != before:
                new[_HEALTH] = health[:target] + (after,) + health[target + 1:]
            won = st.won
            new[_WON] = won[:w] + (won[w] + 1,) + won[w + 1:]
            if d:
                dealt = st.dealt
                new[_DEALT] = dealt[:w] + (dealt[w] + d,) + dealt[w + 1:]
            new[_LEADER] = st.seat_of[w]
        new[_LOG] = st.log + (_new_tuple(TrickRecord, (st.round, st.trick, leader, st.ring, row, suit, w, d, target,
                                                         before, after)),)
        new[_PENDING] = NO_PENDING
        if after >= _SKULL:  # RP-4.11 step 5, RP-6.1
            new[_PHASE] = OVER
            new[_ACTOR] = -1
            new[_RESULT] = Result(1 - self.side_of[target], target, st.round, st.trick, "pin")
            return _new_tuple(State, new)
        trick = st.trick
        if trick < _TRICKS_PER_ROUND:
            new[_TRICK] = trick + 1
            return self._open_window(0, new)
        health = new[_HEALTH]
        if st.round >= self.options["round_cap"]:  # RP-6.3
            worst = [max(health[m] for m in self.members[s]) for s in range(2)]
            win = -1 if worst[0] == worst[1] else (0 if worst[0] < worst[1] else 1)
            new[_PHASE] = OVER
            new[_ACTOR] = -1
            new[_RESULT] = Result(win, -1, st.round, st.trick, "cap")
            return _new_tuple(State, new)
        self._deal(new, st.round + 1)
        return self._open_window(0, new)

    # -- parse, view, settlement ---------------------------------------------
    def _parse(self, state, text, player):
        # Action texts are read in any case ("PLAY ha5", "Cheat c04 gr"); the action is the canonical one.
        words = text.split(" ")
        low = text.lower().split(" ")
        verb = low[0]
        n = len(words)
        if verb == "name" and (n != 2 or low[1] not in SUIT_ANY_CASE) and getattr(state, "phase", None) == NAMING \
                and player in (None, state.actor):  # RP-4.16 X10: the wildcard setter waits for a suit
            raise illegal("X10", f"{self.labels[state.actor]} must name the led suit for his wildcard: "
                          f"Ha, Ho, St or Gr, as in 'name Gr' (not {text!r})", "RP-4.9", state.actor, text)
        try:
            if verb in ("play", "bury") and n == 2:
                return (PLAY if verb == "play" else BURY)[card(words[1])]
            if verb == "name" and n == 2:
                if low[1] not in SUIT_ANY_CASE:
                    raise ValueError(f"name takes a suit: Ha, Ho, St or Gr, not {words[1]!r}")
                return NAME[SUIT_ANY_CASE[low[1]]]
            if verb == "wrestler" and n == 2:
                return ChooseWrestler(_catalog_id(data.WRESTLERS, low[1], words[1], "wrestler"))
            if n == 1 and verb == "tag":
                return TAG
            if n == 1 and verb == "pass":
                return PASS
            if n == 1 and verb == "damage":
                return DAMAGE
            if verb == "coin" and n == 2 and words[1] in ("+1", "-1"):
                return COIN_UP if words[1] == "+1" else COIN_DOWN
            if verb == "cheat" and n >= 2:
                cid = _catalog_id(data.CHEATS, low[1], words[1], "cheat")
                kind = data.CHEATS[cid].effect.kind
                if " ".join(words[2:]) and kind not in _ARG_KINDS:
                    raise ValueError(f"cheat {cid} takes no argument")
                return UseCheat(cid, _arg_text(kind, words[2:]))
            if verb == "sig" and n >= 2:
                wid = _catalog_id(data.WRESTLERS, low[1], words[1], "wrestler")
                eff = data.WRESTLERS[wid].effect
                arg = " ".join(words[2:])
                if eff.kind == "VAL" and isinstance(eff.amount, tuple):
                    if arg not in _AMOUNT_TEXTS[eff.amount]:
                        raise ValueError(f"sig {wid} takes an amount: {', '.join(_AMOUNT_TEXTS[eff.amount])}")
                elif arg and eff.kind not in _ARG_KINDS:
                    raise ValueError(f"sig {wid} takes no argument")
                return UseSignature(wid, _arg_text(eff.kind, words[2:]) if eff.kind in _ARG_KINDS else arg)
        except ValueError as err:
            raise ValueError(f"cannot read {text!r}: {err}") from None
        raise ValueError(
            f"cannot read {text!r}; actions are: play <card>, name <suit>, bury <card>, tag, pass, coin +1, coin -1, "
            f"damage, cheat <C01-C10> [suit | player kind | player], sig <wrestler> [suit | amount], wrestler <id>"
        )

    def _validate(self, state, action, player):
        self.apply(state, action, player)

    def _view(self, st: State, p: int) -> State:
        hidden_hands = tuple(h if q == p else (-1,) * len(h) for q, h in enumerate(st.hands))
        cheats = tuple(c if q == p else ("?",) * len(c) for q, c in enumerate(st.cheats))
        return replace(
            st, setup=Setup(0), trail=_mask_trail(st, p), hands=hidden_hands, cheats=cheats,
            burn=(-1,) * len(st.burn), pool=("?",) * len(st.pool), swap=st.swap if st.actor == p else -1,
            peeks=tuple(x for x in st.peeks if x[0] == p),
        )

    def _settlement(self, st: State):
        from .settlement import settle

        return settle(self, st)

    # -- words for people ----------------------------------------------------
    def describe(self, state, action, player=None) -> str:
        from .describe import describe

        return describe(self, state, action, player)

    def render(self, state, player=None) -> str:
        from .describe import render

        return render(self, state, player)


_ARG_KINDS = ("SUIT", "CANCEL", "PEEK")


def _catalog_id(catalog: dict, lowered: str, written: str, what: str) -> str:
    """The id of a cheat or wrestler written in any case (``c04`` is ``C04``); ValueError if there is none."""
    for ident in catalog:
        if ident.lower() == lowered:
            return ident
    raise ValueError(f"{written!r} is not a {what}; the {what}s are {', '.join(catalog)}")


def _arg_text(kind: str, words: list[str]) -> str:
    """The argument of a cheat or signature move in its canonical case: a suit (``gr`` is ``Gr``), a
    CANCEL target's token kind (RP-2.6 writes Coin, Damage, Tag, Cheat; the action text says ``coin``).
    Anything else stays as written, so that apply refuses it with its X-code (X10, X12)."""
    if kind == "SUIT" and len(words) == 1 and words[0].lower() in SUIT_ANY_CASE:
        return SUITS[SUIT_ANY_CASE[words[0].lower()]]
    if kind == "CANCEL" and len(words) == 2:
        return f"{words[0]} {words[1].lower()}"
    return " ".join(words)


def _mask_trail(st: State, p: int):
    """The trail with other players' buried cards hidden (RP-4.15: burn-pile contents are hidden)."""
    if not any(type(a) is Bury and q != p for q, a in history(st)):
        return st.trail
    return masked_trail(st.trail, lambda i, q, a: HIDDEN_BURY if type(a) is Bury and q != p else a)
