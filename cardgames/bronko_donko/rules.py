# mypy: ignore-errors
"""Bronko-Donko rules: the State and the Game (clause ids BD-... of cardgames/bronko_donko/rules.md).

The state machine follows the decision-point table (section 12): every decision
DP-1..DP-10 is an action; dealing, the betrayal's forced cards, round ends, the
revolution check, Schlagkraft, forced knock-outs, eliminations, the Donko-Haufen
and the start of the next fight or game happen automatically inside ``apply``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..core.agents import RandomAgent
from ..core.errors import IllegalMove
from ..core.game import Action, Game, GameSpec, Option, Setup, extend, integer, replacer, transient, updater
from ..core.game import add_at as _add
from ..core.game import set_at as _set
from ..core.rng import shuffle
from . import cards as C
from .cards import (
    BASE, CODES, FORM_BY_KEY, FORMS, GANG, GANG_ALL, GANG_SIZE, KOSE, SCHLAEGER, SOLO, SOLO_OF, SPREAD_AT,
    STREET_ALL, STREET_SIZE, STRENGTH, WHITE, WOLF, WOLF_BIT, Formation, figure_masks,
)

# ---------------------------------------------------------------------------
# Actions


VERBS = ("open", "beat", "box")
OPEN, BEAT, BOX = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Open, beat or box with a formation (DP-3, DP-4, DP-6); ``vest`` takes off the vest (BD-7.10)."""

    verb: int
    cards: int  # mask of the real cards
    wolf: int  # declared card of the Wolf, or -1
    vest: bool = False
    form: Formation | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        body = self.form.text if self.form is not None else C._text(C.cards_of(self.cards), self.wolf)
        return f"{VERBS[self.verb]} {body}{' vest-off' if self.vest else ''}"


@dataclass(frozen=True, slots=True)
class Word(Action):
    """An action without arguments: duck, pass, steal, decline."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Hand2(Action):
    """Betrayal: ``give`` (DP-1, the Donko) or ``return`` (DP-2, the Bronko) two cards."""

    word: str
    cards: int

    def __str__(self) -> str:
        return f"{self.word} {C.codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """``settle N`` (DP-7), ``knock HP`` (DP-8), ``donko N`` (DP-9/DP-10)."""

    word: str
    value: int

    def __str__(self) -> str:
        return f"{self.word} {self.value}"


DUCK, PASS, STEAL, DECLINE = Word("duck"), Word("pass"), Word("steal"), Word("decline")
_WORDS = {w.word: w for w in (DUCK, PASS, STEAL, DECLINE)}
PLACE = tuple(tuple(tuple(Place(v, f.cards, f.wolf, bool(vest), f) for f in FORMS) for vest in (0, 1)) for v in range(3))
KNOCK = {hp: Pick("knock", hp) for hp in SCHLAEGER}
SETTLE = tuple(Pick("settle", p) for p in range(4))
DONKO = tuple(Pick("donko", p) for p in range(4))
DUCK_ONLY = (DUCK,)

# The betrayal (BD-10.7), by figure b (0-based) and the 4-bit mask of colours held of it:
# the card masks in colour order, and every pair of them. RANK_CARD[r]: the card of bit r of
# figure_masks (r = 4 * figure + colour, the order of strength then colour).
CARDS_IN = tuple(tuple(tuple(1 << C.card(col, b + 1) for col in range(4) if cm >> col & 1) for cm in range(16))
                 for b in range(8))
PAIRS_IN = tuple(tuple(tuple(x | y for x, y in combinations(CARDS_IN[b][cm], 2)) for cm in range(16)) for b in range(8))
RANK_CARD = tuple(C.card(r % 4, r // 4 + 1) for r in range(32))
GIVE_OF = {(1 << a) | (1 << b): Hand2("give", (1 << a) | (1 << b)) for a, b in combinations(range(32), 2)}
RETURN_BY_RANK = tuple(tuple(Hand2("return", (1 << RANK_CARD[i]) | (1 << RANK_CARD[j])) if i < j else None
                             for j in range(32)) for i in range(32))

# ---------------------------------------------------------------------------
# Prebuilt legal-action tables (small finite domains: the 256 ways to hold cards of one
# colour, the 16 ways to hold cards of one figure). They hold PLACE actions directly, so
# the move generator concatenates a few tuples instead of building formation lists and
# mapping each formation to its action.

assert all(SOLO_OF[c].id == c for c in range(33))  # the Solos are FORMS[0..32], by card index
# SOLO_T[verb][vest]: the Solos of a hand as five tables, one per colour byte of the hand
# (that colour's Solos, weakest first) and one for the Kose bit (bit 32)
SOLO_T = tuple(tuple(tuple(tuple(tuple(PLACE[v][x][col * 8 + i] for i in range(8) if m >> i & 1) for m in range(256))
                           for col in range(4)) + (((), (PLACE[v][x][C.KOSE],)),) for x in (0, 1)) for v in range(3))


def _open_tables(x: int, w: int) -> tuple:
    """OPEN_T[vest][wolf usable]: 13 tables whose entries, concatenated, are every opening of a
    hand in the order of ``BronkoDonko.openings``: the Solos (4 colour bytes and the Kose bit),
    the Gängs (4 bytes of figure_masks, two figures each) and the streets (4 colour bytes)."""
    act = PLACE[OPEN][x]
    gangs = tuple(tuple(tuple(act[f.id] for f in GANG_ALL[2 * i][m & 15][w] + GANG_ALL[2 * i + 1][m >> 4][w])
                        for m in range(256)) for i in range(4))
    streets = tuple(tuple(tuple(act[f.id] for f in STREET_ALL[col][m][w]) for m in range(256)) for col in range(4))
    return SOLO_T[OPEN][x] + gangs + streets


OPEN_T = tuple(tuple(_open_tables(x, w) for w in (0, 1)) for x in (0, 1))
# Cards (Kose included, never the Wolf) by current strength: ABOVE[rev][t] = stronger than t,
# EXACTLY[rev][t] = exactly t (t up to 9, so a Schlagring target + 1 always has an entry)
EXACTLY = tuple(tuple(sum(1 << c for c in range(33) if STRENGTH[rev][c] == t) for t in range(10)) for rev in (0, 1))
ABOVE = tuple(tuple(sum(1 << c for c in range(33) if STRENGTH[rev][c] > t) for t in range(10)) for rev in (0, 1))


def _solo_acts(mask: int, t: tuple) -> tuple:
    """The Solo actions (tables ``t`` = SOLO_T[verb][vest]) of the cards of ``mask``, by card index."""
    s0, s1, s2, s3, kose = t
    b0, b1, b2, b3, k = mask.to_bytes(5, "little")  # the colour bytes; Kose is bit 0 of k
    return s0[b0] + s1[b1] + s2[b2] + s3[b3] + kose[k & 1]


def _open_acts(hand: int, t: tuple) -> tuple:
    """Every opening of ``hand`` as actions (tables ``t`` = OPEN_T[vest][wolf usable])."""
    s0, s1, s2, s3, kose, g0, g1, g2, g3, r0, r1, r2, r3 = t
    b0, b1, b2, b3, k = hand.to_bytes(5, "little")
    f0, f1, f2, f3 = SPREAD_AT
    p0, p1, p2, p3 = (f0[b0] | f1[b1] | f2[b2] | f3[b3]).to_bytes(4, "little")  # figure_masks, by byte
    return (s0[b0] + s1[b1] + s2[b2] + s3[b3] + kose[k & 1]
            + g0[p0] + g1[p1] + g2[p2] + g3[p3]
            + r0[b0] + r1[b1] + r2[b2] + r3[b3])

# ---------------------------------------------------------------------------
# State

GIVE, RETURN, PLAY, WOLFSBLUT, GONG, ORDER, KNOCKOUT, HAUFEN, OVER = range(9)
PHASE_NAMES = ("betrayal: give", "betrayal: return", "round", "Wolfsblut", "final gong", "settlement order",
               "knock-out", "Donko-Haufen", "match over")
TURN_RULE = ("BD-10.7", "BD-10.7", "BD-5.7", "BD-6.5", "BD-8.3", "BD-9.1", "BD-9.4", "BD-10.3", "BD-11.3")
NONE = -9  # no strength recorded (Schlagring, BD-7.6)


def _turn_rule(s) -> str:
    """The clause that says whose decision it is now (for out-of-turn refusals)."""
    phase = s.phase
    if phase == HAUFEN and s.fight_donko < 0:
        return "BD-10.2"  # DP-9: an unassigned Donko-Haufen, the Bronko of the fight chooses
    return TURN_RULE[phase]


@dataclass(frozen=True, slots=True)
class Tally:
    """Per-player totals over the match, for the settlement rows."""

    hp_lost: tuple[int, ...]
    fights: tuple[int, ...]
    fights_won: tuple[int, ...]
    times_donko: tuple[int, ...]
    fluchtkarten: tuple[int, ...]
    eliminated_in_fight: tuple[int, ...]  # fight number (in its game) of the last elimination; 0 = never
    damage: tuple[int, ...]  # damage suffered (BD-3.7), summed


@dataclass(frozen=True, slots=True)
class Settle:
    """The settlement of one fight in progress (BD-9, BD-10)."""

    winner: int  # the Bronko of the fight
    todo: tuple[int, ...]  # losers not yet settled
    loser: int  # the loser being settled (-1 between losers)
    power: int  # his Schlagkraft still to spend
    start: int  # his Schlagkraft as computed (damage suffered)
    knocked: tuple[int, ...]  # HP knocked out of him so far
    damage: tuple[int, ...]  # damage suffered this fight, per seat
    escaped: bool  # the Donko escaped (BD-9.3)
    emptied: bool  # the Donko emptied his hand in the final gong (BD-8.4)
    ties: tuple[int, ...] = ()  # candidates of a DP-9 / DP-10 choice


@dataclass(frozen=True, slots=True)
class State:
    """The whole table. ``trail`` (history) and ``log`` are immutable cons lists: compared, not printed."""

    setup: Setup
    trail: Any = field(repr=False)
    # match (BD-11.3)
    games: int  # G
    game: int  # games finished
    orden: tuple[int, ...]
    tally: Tally
    log: Any = field(repr=False)  # cons list of fight-log entries (fight_log())
    results: tuple = field(repr=False)  # per finished game: (winner, Tally, Schläger left, seats in game)
    # game
    schlaeger: tuple[tuple[int, ...], ...]  # HP values left, ascending
    counted: tuple[bool, ...]  # the weakest Schläger is angezählt (BD-9.5)
    alive: int  # seats still in the game, as a bit mask (BD-11.1)
    bronko: int  # holder of the Bronko-Blut, -1 = centre
    donko: int  # holder of the Donko-Haufen, -1 = centre
    flucht: int  # Fluchtkarten held by the Donko
    fight: int  # fight number in this game, from 1
    fights: int  # fights in the match so far
    fight_donko: int  # the Donko when this fight began (-1: none; BD-10.2)
    # fight
    hands: tuple[int, ...]  # bit masks
    hidden: tuple[int, ...] | None  # in a view: how many unseen cards each hand holds
    public: int  # cards exchanged in the betrayal and the Wolf after a steal (BD-4.5)
    played: int  # cards placed in this fight
    revolution: bool
    vest_by: int  # who turned the Weste-Aus card to "off", the first remover (-1: vest on; BD-7.11)
    vests: int  # seats that took off their own vest in this fight, a bit mask (BD-7.10, BD-7.11)
    placed: int  # seats that placed a formation in this fight (bit mask)
    required: int  # card the first opening must contain (BD-4.3 step 6), or -1
    # decision
    phase: int
    turn: int
    owner: int  # owner of the current formation; after the fight: the Bronko of the fight
    current: Formation | None  # current formation; in the gong: the final formation
    ducked: int
    last: int  # strengths of the last two entries of the round (BD-7.6)
    last2: int
    ring: bool
    fours: int  # 4-card Gängs placed in this round (BD-7.3)
    wolf_rest: int  # round starts still to come before a stolen Wolf is usable (BD-6.6): 2 in the round
    #                 of the theft, 1 in the round after it, 0 = usable (also read in the final gong)
    pending: Any  # Wolfsblut: (placer, verb, formation); gong: seats still to ask
    settle: Settle | None


def _deepcopy_state(self, memo):
    """Copy every field but the history and the fight log, immutable cons lists that can be shared."""
    import copy
    from dataclasses import fields

    new = object.__new__(State)
    for f in fields(State):
        value = getattr(self, f.name)
        object.__setattr__(new, f.name, value if f.name in ("trail", "log", "results") else copy.deepcopy(value, memo))
    return new


State.__deepcopy__ = _deepcopy_state



# copies with some fields changed (core.game: built on a twin class, far cheaper than setting 37 frozen slots)
_rs = replacer(State)
_rt = replacer(Tally)
_rst = replacer(Settle)
# the Tally and Settle updates of every fight, fields by position
_u_tally_deal = updater(Tally, "fights", "times_donko")
_u_tally_won = updater(Tally, "fights_won")
_u_tally_damage = updater(Tally, "damage")
_u_tally_hp = updater(Tally, "hp_lost")
_u_settle_damage = updater(Settle, "damage")
_u_settle_loser = updater(Settle, "todo", "loser", "power", "start", "knocked", "escaped")
_u_settle_power = updater(Settle, "power", "knocked")
_u_settle_loser_done = updater(Settle, "loser", "power", "knocked")
# automatic chains (settlement, next deal) update one transient copy in place (core.game.transient)
_thaw, _freeze = transient(State)
# the updates made on most decisions, fields by position: a placement that keeps the round
# going, a duck, and a round end (BD-5.12: fresh round state, maybe the revolution toggled)
_u_counter = updater(State, "trail", "hands", "played", "placed", "vest_by", "vests", "required", "current",
                     "owner", "last", "last2", "ring", "fours", "turn")
_u_duck = updater(State, "trail", "ducked", "turn")
_u_round = updater(State, "trail", "hands", "played", "placed", "vest_by", "vests", "required", "revolution", "phase",
                   "turn", "owner", "current", "ducked", "last", "last2", "ring", "fours", "wolf_rest", "pending")


# next seat clockwise among a mask of seats: NEXT[mask][p]
def _next_table():
    table = []
    for mask in range(16):
        row = []
        for p in range(4):
            q = p
            nxt = -1
            for _ in range(4):
                q = (q + 1) % 4
                if mask >> q & 1:
                    nxt = q
                    break
            row.append(nxt)
        table.append(tuple(row))
    return tuple(table)


NEXT = _next_table()
SEATS = tuple(tuple(p for p in range(4) if mask >> p & 1) for mask in range(16))  # seats of a mask, ascending
CARD_BIT = tuple(1 << c for c in range(C.NCARDS))
ONE = tuple((p,) for p in range(4))


def _seats(mask: int, after: int, n: int) -> tuple[int, ...]:
    """Seats of ``mask`` clockwise, starting with the one after ``after``."""
    return tuple(q for q in ((after + i) % n for i in range(1, n + 1)) if mask >> q & 1)


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def vest_off(s) -> bool:
    """The Weste-Aus card shows "off" in this fight (BD-7.11): somebody took off his vest."""
    return s.vest_by >= 0 or s.vests != 0


def vest_removers(s) -> int:
    """The seats that took off their own vest in this fight, as a bit mask; their hands are public (BD-7.11)."""
    return s.vests | (1 << s.vest_by if s.vest_by >= 0 else 0)


# ---------------------------------------------------------------------------
# The game


class BronkoDonko(Game):
    spec = GameSpec(
        name="bronko_donko",
        title="Bronko-Donko",
        prefix="BD",
        min_players=2,
        max_players=4,
        default_players=4,
        options={"games": Option(5, "number of games G of the match, 1-5 (BD-4.1, BD-11.3)", integer(1, maximum=5))},
        setup_keys=("deck",),
        bounds={"hp_lost": (0, 385), "schlaeger_left": (0, 8), "orden": (0, 5), "fights_won": (0, 100_000)},
        max_decisions=200_000,
        over_rule="BD-11.3",
    )
    agents: dict = {"random": RandomAgent}  # completed in agents.py

    def _configure(self) -> None:
        n = self.players
        self.all_seats = (1 << n) - 1
        self.G = self.options["games"]

    def _example_action(self) -> str:
        return "open Ro5 Ge5"

    # -- setup ------------------------------------------------------------------
    def _new(self, seed: int, deck=None):
        decks = self._decks(deck)
        n = self.players
        zeros = (0,) * n
        s = State(
            setup=Setup(seed, (("deck", decks),) if decks else ()), trail=None,
            games=self.G, game=0, orden=zeros,
            tally=Tally(zeros, zeros, zeros, zeros, zeros, zeros, zeros), log=None, results=(),
            schlaeger=(SCHLAEGER,) * n, counted=(False,) * n, alive=self.all_seats,
            bronko=-1, donko=-1, flucht=0, fight=1, fights=0, fight_donko=-1,
            hands=zeros, hidden=None, public=0, played=0, revolution=False, vest_by=-1, vests=0, placed=0,
            required=-1, phase=PLAY, turn=0, owner=-1, current=None, ducked=0, last=NONE, last2=NONE, ring=False,
            fours=0, wolf_rest=0, pending=None, settle=None,
        )
        return _freeze(self._start_fight(_thaw(s)))

    def _decks(self, deck):
        """The stacked deck(s): one order of all 34 codes, or a list of such orders (fights 1, 2, ...)."""
        if deck is None:
            return None
        if isinstance(deck, str) or not hasattr(deck, "__iter__"):
            raise TypeError("deck is a list of the 34 card codes in draw order (or a list of such lists)")
        deck = list(deck)
        if deck and not isinstance(deck[0], str):
            orders = [list(d) for d in deck]
        else:
            orders = [deck]
        out = []
        for order in orders:
            idx = [C.parse_card(str(code)) for code in order]
            if sorted(idx) != list(range(C.NCARDS)):
                missing = [CODES[i] for i in range(C.NCARDS) if i not in idx]
                raise ValueError(
                    "a stacked deck lists each of the 34 fighter cards exactly once (Table 2.1); "
                    f"missing or repeated: {' '.join(missing) or 'duplicates'}"
                )
            out.append(tuple(CODES[i] for i in idx))
        return tuple(out)

    def _order(self, s: State) -> list[int]:
        """BD-4.3 step 3: the shuffled fighter cards of this fight (or the stacked deck)."""
        decks = s.setup.get("deck")
        number = s.fights  # 0-based fight of the match
        if decks and number < len(decks):
            return [C.CODE_INDEX[c.lower()] for c in decks[number]]
        return shuffle(list(range(C.NCARDS)), s.setup.seed, "deal", s.game, s.fight)  # generator(...).shuffle's draws

    def _start_fight(self, s: State) -> State:
        """BD-4.3: vest on, deal, betrayal, first controller.

        Like every step of the automatic chains below, it works on a transient (``_thaw``)
        and sets its fields in place; a finished State (tests, scenarios) is thawed first.
        """
        if type(s) is State:
            return _freeze(self._start_fight(_thaw(s)))
        n = self.players
        alive = s.alive
        seats = SEATS[alive]
        k = len(seats)
        dealt = (10 if k <= 3 else 8) * k  # BD-4.3 step 4
        dealer = s.donko if s.donko >= 0 else seats[0]  # step 2
        order = self._order(s)
        # one card at a time clockwise from the seat after the dealer: the j-th seat of that
        # rotation gets cards j, j + k, j + 2k, ... of the order (distinct bits: sum = or)
        hands = [0] * n
        p = dealer
        for j in range(k):
            p = NEXT[alive][p]
            hands[p] = sum(map(CARD_BIT.__getitem__, order[j:dealt:k]))
        t = s.tally
        fights = tuple(f + (alive >> q & 1) for q, f in enumerate(t.fights))
        times_donko = _add(t.times_donko, s.donko, 1) if s.donko >= 0 else t.times_donko
        s.hands, s.hidden, s.public, s.played, s.revolution, s.vest_by, s.vests, s.placed, s.required = \
            tuple(hands), None, 0, 0, False, -1, 0, 0, -1
        s.fight_donko, s.fights, s.tally = s.donko, s.fights + 1, _u_tally_deal(t, fights, times_donko)
        s.current, s.owner, s.ducked, s.last, s.last2, s.ring, s.fours, s.wolf_rest, s.pending, s.settle = \
            None, -1, 0, NONE, NONE, False, 0, 0, None, None  # BD-4.3 step 1: vest on, no Wolf resting
        if s.donko >= 0 and s.bronko >= 0 and s.donko != s.bronko:  # step 5, BD-10.7
            options = self.give_options(s.hands[s.donko])
            if len(options) == 1:
                return self._give(s, options[0])
            s.phase, s.turn = GIVE, s.donko
            return s
        if s.donko >= 0:  # pragma: no cover - a Donko always has a Bronko opposite (BD-4.3 step 5)
            return self._open_round(s, s.donko)
        # step 6 without a Donko: the weakest non-white card in play opens and must be in the opening;
        # the bits of figure_masks run by strength, then colour, so it is the lowest one
        packed = figure_masks(sum(hands))
        c = RANK_CARD[(packed & -packed).bit_length() - 1]
        holder = next(q for q in seats if hands[q] >> c & 1)
        s.required = c
        return self._open_round(s, holder)

    @staticmethod
    def give_options(hand: int) -> list[int]:
        """BD-10.7 (a): the 2-card sets of highest base strength (Kose and Wolf excluded).

        From the figure nibbles (``figure_masks``), strongest figure first: two or more cards
        of it give every pair of them; a single one pairs with each card of the next figure
        held.  Colour order within a figure, as the pairs of the hand sorted by strength.
        """
        packed = figure_masks(hand)
        if not packed:
            return []
        b = (packed.bit_length() - 1) >> 2
        cm = packed >> (4 * b) & 15
        if cm & (cm - 1):
            return list(PAIRS_IN[b][cm])
        rest = packed & ((1 << (4 * b)) - 1)
        if not rest:
            return []
        b2 = (rest.bit_length() - 1) >> 2
        x = CARDS_IN[b][cm][0]
        return [x | y for y in CARDS_IN[b2][rest >> (4 * b2) & 15]]

    def _give(self, s: State, mask: int) -> State:
        d, b = s.donko, s.bronko
        s.hands = _set(_set(s.hands, d, s.hands[d] & ~mask), b, s.hands[b] | mask)
        s.public, s.phase, s.turn = s.public | mask, RETURN, b
        return s

    def _open_round(self, s: State, controller: int) -> State:
        """A new round (BD-5.6); a stolen Wolf's rest counts down (BD-6.6); the Wolf trap passes the
        opening on (BD-6.8)."""
        if type(s) is State:
            return _freeze(self._open_round(_thaw(s), controller))
        if s.hands[controller] == WOLF_BIT:
            controller = NEXT[s.alive][controller]
        rest = s.wolf_rest - 1 if s.wolf_rest > 0 else 0
        s.phase, s.turn, s.owner, s.current, s.ducked, s.last, s.last2, s.ring, s.fours, s.wolf_rest, s.pending = \
            PLAY, controller, controller, None, 0, NONE, NONE, False, 0, rest, None
        return s

    # -- the protocol -------------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.phase == OVER else ONE[state.turn]

    def legal_actions(self, state: State, player: int | None = None) -> tuple:
        phase = state.phase
        if phase == OVER:
            return ()
        if player is None:
            player = state.turn
        elif player != state.turn:
            self.check_seat(player)
            return ()
        out = self._play_actions(state, player) if phase == PLAY else self._other_actions(state, player)
        return self._remember(state, player, out)  # apply need not validate these again

    def _other_actions(self, state: State, player: int) -> tuple:
        phase = state.phase
        if phase == WOLFSBLUT:
            return (STEAL, DECLINE)
        if phase == GONG:
            f = state.current
            rev = state.revolution
            if f.nobox[rev]:
                return (PASS,)
            hand = state.hands[player]
            forms = self._matching(hand, rev, (hand & WOLF_BIT) and not state.wolf_rest, f.kind, f.size, f.strength[rev], 1)[1]
            box = PLACE[BOX][0]
            return tuple(box[x.id] for x in forms) + (PASS,)
        if phase == GIVE:
            return tuple([GIVE_OF[m] for m in self.give_options(state.hands[player])])
        if phase == RETURN:
            # every pair of coloured cards, in the order of the hand sorted by (strength, colour):
            # the bits of figure_masks are in that order
            packed = figure_masks(state.hands[player])
            ranks = []
            while packed:
                low = packed & -packed
                ranks.append(low.bit_length() - 1)
                packed ^= low
            t = RETURN_BY_RANK
            return tuple([t[i][j] for i, j in combinations(ranks, 2)])
        if phase == ORDER:
            return tuple(SETTLE[q] for q in state.settle.todo)
        if phase == KNOCKOUT:
            st = state.settle
            return tuple(KNOCK[h] for h in state.schlaeger[st.loser] if h <= st.power)
        if phase == HAUFEN:
            return tuple(DONKO[q] for q in state.settle.ties)
        return ()  # pragma: no cover

    def _play_actions(self, s: State, p: int) -> tuple:
        """DP-3 / DP-4 from the prebuilt action tables below (same actions, same order as
        mapping ``openings`` / ``_matching`` formations to PLACE actions)."""
        hand = s.hands[p]
        rev = s.revolution
        vest = not (s.placed >> p & 1)  # BD-7.10: every player, with his first formation of the fight
        cur = s.current
        if cur is None:  # DP-3 opening
            w = 1 if (hand & WOLF_BIT and not s.wolf_rest) else 0
            out = _open_acts(hand, OPEN_T[0][w])
            if vest:
                out += _open_acts(hand, OPEN_T[1][w])
            if s.required >= 0:  # BD-4.3 step 6 (filtering keeps the order, vest-off half included)
                bit = 1 << s.required
                return tuple([a for a in out if a.cards & bit])
            return out
        # DP-4 counter
        if cur.fist[rev]:  # pragma: no cover - a fist ends its round at once
            return (DUCK,)
        target = cur.strength[rev]
        kind = cur.kind
        if kind == SOLO:
            # the Solos that beat / box are the hand's cards in a strength mask; order = card index
            beat = hand & (EXACTLY[rev][target + 1] if s.ring else ABOVE[rev][target])
            box = hand & EXACTLY[rev][target] if not (s.ring or cur.nobox[rev]) else 0
            if not box:  # the usual case: a box needs exactly equal strength
                if not beat:
                    return DUCK_ONLY
                if vest:
                    return _solo_acts(beat, SOLO_T[BEAT][0]) + _solo_acts(beat, SOLO_T[BEAT][1]) + DUCK_ONLY
                return _solo_acts(beat, SOLO_T[BEAT][0]) + DUCK_ONLY
            out = _solo_acts(beat, SOLO_T[BEAT][0]) + _solo_acts(box, SOLO_T[BOX][0])
            if vest:
                out += _solo_acts(beat, SOLO_T[BEAT][1]) + _solo_acts(box, SOLO_T[BOX][1])
            return out + DUCK_ONLY
        w = 1 if (hand & WOLF_BIT and not s.wolf_rest) else 0
        if kind == GANG:
            # figure b (0-based) has strength b + 1, or 7 - b in a revolution: only the figures in
            # [lo, hi) can beat (BD-5.5; Schlagring: exactly target + 1, BD-7.7), one figure can box
            if s.ring:
                lo = 6 - target if rev else target
                hi, bx = lo + 1, -1
            elif rev:
                lo, hi, bx = 0, 7 - target, 7 - target
            else:
                lo, hi, bx = target, 8, target - 1
            if cur.nobox[rev]:
                bx = -1
            packed = figure_masks(hand)
            size = cur.size
            beats = []
            for b in range(max(lo, 0), min(hi, 8)):
                cm = packed >> (4 * b) & 15
                if cm:
                    beats += GANG_SIZE[b][cm][w][size]
            boxes = GANG_SIZE[bx][packed >> (4 * bx) & 15][w][size] if 0 <= bx < 8 else ()
        else:
            mode = 2 if s.ring else (0 if cur.nobox[rev] else 1)
            beats, boxes = self._matching(hand, rev, w, kind, cur.size, target, mode)
        if not (beats or boxes):
            return DUCK_ONLY
        ab, ax = PLACE[BEAT], PLACE[BOX]
        a0, x0 = ab[0], ax[0]
        out = [a0[f.id] for f in beats] + [x0[f.id] for f in boxes]
        if vest:
            a1, x1 = ab[1], ax[1]
            out += [a1[f.id] for f in beats] + [x1[f.id] for f in boxes]
        out.append(DUCK)
        return tuple(out)

    @staticmethod
    def openings(hand: int, wolf_ok) -> list[Formation]:
        """Every formation that can be made from ``hand`` (BD-5.1), without enumerating subsets."""
        w = 1 if wolf_ok else 0
        out = []
        h = hand & ~WOLF_BIT
        while h:
            low = h & -h
            out.append(SOLO_OF[low.bit_length() - 1])
            h ^= low
        packed = figure_masks(hand)
        for b in range(8):
            cm = (packed >> (4 * b)) & 15
            if cm:
                out += GANG_ALL[b][cm][w]
        for col in range(4):
            m = (hand >> (8 * col)) & 255
            if m:
                out += STREET_ALL[col][m][w]
        return out

    @staticmethod
    def _matching(hand: int, rev: int, wolf_ok, kind: int, size: int, target: int, mode: int):
        """Formations of ``kind``/``size`` that beat ``target`` and that box it.

        mode 0: beats only (the target can never be boxed); 1: beats and boxes;
        2: Schlagring, beats of exactly target + 1 only (BD-7.7).
        """
        beats, boxes = [], []
        w = 1 if wolf_ok else 0
        if kind == SOLO:
            st = STRENGTH[rev]
            h = hand & ~WOLF_BIT
            while h:
                low = h & -h
                c = low.bit_length() - 1
                h ^= low
                t = st[c]
                if t > target:
                    if mode != 2 or t == target + 1:
                        beats.append(SOLO_OF[c])
                elif t == target:
                    boxes.append(SOLO_OF[c])
        elif kind == GANG:
            packed = figure_masks(hand)
            for b in range(8):
                cm = (packed >> (4 * b)) & 15
                if not cm:
                    continue
                t = 7 - b if rev else b + 1
                if t > target:
                    if mode != 2 or t == target + 1:
                        beats += GANG_SIZE[b][cm][w][size]
                elif t == target:
                    boxes += GANG_SIZE[b][cm][w][size]
        else:
            for col in range(4):
                m = (hand >> (8 * col)) & 255
                if not m:
                    continue
                for f in STREET_SIZE[col][m][w][size]:
                    t = f.strength[rev]
                    if t > target:
                        if mode != 2 or t == target + 1:
                            beats.append(f)
                    elif t == target:
                        boxes.append(f)
        return beats, (boxes if mode == 1 else [])

    # -- apply ----------------------------------------------------------------------
    def apply(self, state: State, action, player: int | None = None) -> State:
        phase = state.phase
        seat = self._offered(state, player, action)  # just offered by legal_actions: legal
        if seat is not None:
            player = seat
        else:
            if phase == OVER or player is None or player != state.turn:
                player = self.actor(state, player, _turn_rule(state))
            if type(action) is Place and action.form is None:
                action = self.canonical(action)
            self._check(state, action, player)
        trail = extend(state.trail, player, action)
        if phase == PLAY:
            if action is DUCK:
                return self._duck(state, player, trail)
            return self._place(state, player, action, trail)
        # The other decisions start chains of automatic steps (the settlement, the next deal):
        # they update one transient copy in place and freeze it at the end.
        s = _thaw(state)
        s.trail = trail
        if phase == WOLFSBLUT:
            return _freeze(self._wolfsblut(s, action is STEAL))
        if phase == GONG:
            return _freeze(self._gong(s, player, action))
        if phase == GIVE:
            return _freeze(self._give(s, action.cards))
        if phase == RETURN:
            d, b = s.donko, s.bronko
            m = action.cards
            s.hands = _set(_set(s.hands, b, s.hands[b] & ~m), d, s.hands[d] | m)
            s.public |= m
            return _freeze(self._open_round(s, d))  # BD-10.8
        if phase == ORDER:
            return _freeze(self._settle_loser(s, action.value))
        if phase == KNOCKOUT:
            return _freeze(self._knock(s, action.value))
        if phase == HAUFEN:
            return _freeze(self._haufen_to(s, action.value))
        raise AssertionError(phase)  # pragma: no cover

    def _place(self, s: State, p: int, a: Place, trail) -> State:
        """BD-5.11: a formation placed in a round (opening, beat or box)."""
        f = a.form
        req = f.req
        hands = list(s.hands)
        hand = hands[p] = hands[p] ^ req  # the cards leave the hand (a legal placement holds them all)
        hands = tuple(hands)
        played = s.played | req
        placed = s.placed | (1 << p)
        if a.vest:  # step 1, BD-7.10 / BD-7.11: the card turns "off" once; every remover's hand is public
            vest_by, vests = (p if s.vest_by < 0 else s.vest_by), s.vests | (1 << p)
        else:
            vest_by, vests = s.vest_by, s.vests
        if not hand:  # step 2: the fight ends (BD-8.1)
            s = _thaw(s)
            s.trail, s.hands, s.played, s.placed, s.vest_by, s.vests, s.required = \
                trail, hands, played, placed, vest_by, vests, -1
            return _freeze(self._fight_end(s, p, f))
        rev = s.revolution
        t = f.strength[rev]
        ring = s.ring or (s.last == t - 1 and s.last2 == t - 2)  # step 4, BD-7.6
        fours = s.fours + 1 if (f.kind == GANG and f.size == 4) else s.fours  # BD-7.1
        verb = a.verb
        if verb == BOX:
            current, owner = s.current, s.owner
        else:
            current, owner = f, p
        if f.wolf >= 0:  # step 3: Wolfsblut window (BD-6.5)
            bit = 1 << f.wolf
            if not hand & bit:
                for q in range(self.players):
                    if q != p and hands[q] & bit:
                        return _rs(s, trail=trail, hands=hands, played=played, placed=placed, vest_by=vest_by,
                                   vests=vests, required=-1, current=current, owner=owner, last=t, last2=s.last,
                                   ring=ring, fours=fours, phase=WOLFSBLUT, turn=q, pending=(p, verb, f))
        if verb == BOX or f.fist[rev]:  # step 5, BD-5.8 (a) and (c)
            return self._new_round(s, p, trail, hands, played, placed, vest_by, vests, -1, fours)
        return _u_counter(s, trail, hands, played, placed, vest_by, vests, -1, current, owner, t, s.last, ring, fours,
                          NEXT[s.alive & ~s.ducked][p])

    def _duck(self, s: State, p: int, trail) -> State:
        ducked = s.ducked | (1 << p)
        left = s.alive & ~ducked
        if left == 1 << s.owner:  # BD-5.8 (b)
            return self._new_round(s, s.owner, trail, s.hands, s.played, s.placed, s.vest_by, s.vests, s.required,
                                   s.fours)
        return _u_duck(s, trail, ducked, NEXT[left][p])

    def _new_round(self, s: State, controller: int, trail, hands, played, placed, vest_by, vests, required,
                   fours) -> State:
        """``_end_round`` for the round ends of a placement or a duck, as one positional update."""
        revolution = (not s.revolution) if fours == 1 else s.revolution  # BD-7.3
        if hands[controller] == WOLF_BIT:  # BD-6.8
            controller = NEXT[s.alive][controller]
        rest = s.wolf_rest - 1 if s.wolf_rest > 0 else 0  # BD-6.6
        return _u_round(s, trail, hands, played, placed, vest_by, vests, required, revolution, PLAY, controller,
                        controller, None, 0, NONE, NONE, False, 0, rest, None)

    def _end_round(self, s: State, controller: int) -> State:
        """BD-5.12: revolution check (BD-7.3), a stolen Wolf's rest counts down (BD-6.6), the controller opens."""
        if s.fours == 1:  # the new round starts with none
            s.revolution = not s.revolution
        return self._open_round(s, controller)

    def _wolfsblut(self, s: State, steal: bool) -> State:
        p, verb, f = s.pending
        s.pending = None
        if steal:
            q = s.turn
            bit = 1 << f.wolf
            s.hands = _set(s.hands, q, (s.hands[q] & ~bit) | WOLF_BIT)
            s.played = (s.played & ~WOLF_BIT) | bit
            s.public |= WOLF_BIT
            s.wolf_rest = 2  # BD-6.6: the rest of this round and the whole next round
            if verb != BOX:
                s.current = FORMS[f.plain]
        if verb == BOX or f.fist[s.revolution]:
            return self._end_round(s, p)
        s.phase, s.turn = PLAY, NEXT[s.alive & ~s.ducked][p]
        return s

    # -- fight end, gong, settlement -------------------------------------------------
    def _fight_end(self, s: State, winner: int, final: Formation) -> State:
        """BD-8.1 - BD-8.3: the Bronko of the fight takes the Bronko-Blut; the final gong."""
        n = self.players
        losers = _seats(s.alive & ~(1 << winner), winner, n)
        t = s.tally
        s.bronko, s.owner, s.current, s.ducked, s.pending, s.phase, s.turn = \
            winner, winner, final, 0, losers[1:], GONG, losers[0]
        s.tally = _u_tally_won(t, _add(t.fights_won, winner, 1))
        s.settle = Settle(winner, losers, -1, 0, 0, (), (0,) * n, False, False)
        return s

    def _gong(self, s: State, p: int, a) -> State:
        if a is not PASS:
            hand = s.hands[p] & ~a.form.req
            s.hands = _set(s.hands, p, hand)
            s.played |= a.form.req
            if not hand and p == s.donko:  # BD-8.4
                s.settle = _rst(s.settle, emptied=True)
        if s.pending:
            s.turn, s.pending = s.pending[0], s.pending[1:]
            return s
        return self._start_settlement(s)

    def _start_settlement(self, s: State) -> State:
        """BD-9.1 - BD-9.2: Schlagkraft of every loser; the Bronko orders the losers (DP-7)."""
        st = s.settle
        double = 2 if vest_off(s) else 1  # BD-9.2: once, however many removed their vest (BD-7.11)
        damage = list(st.damage)
        for q in st.todo:
            damage[q] = C.hand_damage(s.hands[q]) * double
        s.pending, s.settle = None, _u_settle_damage(st, tuple(damage))
        return self._next_loser(s)

    def _next_loser(self, s: State) -> State:
        st = s.settle
        if not st.todo:
            return self._after_settlement(s)
        if len(st.todo) == 1:
            return self._settle_loser(s, st.todo[0])
        s.phase, s.turn = ORDER, st.winner
        return s

    def _settle_loser(self, s: State, q: int) -> State:
        """BD-9.2 - BD-9.3: Schlagkraft and Flucht of one loser, then his knock-outs."""
        st = s.settle
        power = st.damage[q]
        t = s.tally
        t = _u_tally_damage(t, _add(t.damage, q, power))
        escaped = st.escaped
        flucht = s.flucht
        if q == s.donko and s.hands[q] and power == 0:  # BD-9.3
            if flucht < 3:
                flucht += 1
                t = _rt(t, fluchtkarten=_add(t.fluchtkarten, q, 1))
            else:
                escaped = True
        todo = tuple(x for x in st.todo if x != q)
        s.tally, s.flucht = t, flucht
        s.settle = _u_settle_loser(st, todo, q, power, power, (), escaped)
        return self._knockouts(s)

    def _knockouts(self, s: State) -> State:
        """BD-9.4 - BD-9.5: forced knock-outs run automatically; a real choice is DP-8."""
        st = s.settle
        q = st.loser
        sl = s.schlaeger[q]
        counted = s.counted[q]
        power = st.power
        knocked = st.knocked
        while sl:
            if counted:  # (b)
                if sl[0] > power:
                    break
                power -= sl[0]
                knocked += (sl[0],)
                sl = sl[1:]
                counted = False
                continue
            affordable = [h for h in sl if h <= power]  # (c)
            if not affordable:
                break
            if len(affordable) > 1:
                s.schlaeger, s.counted = _set(s.schlaeger, q, sl), _set(s.counted, q, counted)
                s.settle, s.phase, s.turn = _u_settle_power(st, power, knocked), KNOCKOUT, st.winner
                return s
            h = affordable[0]
            power -= h
            knocked += (h,)
            sl = tuple(x for x in sl if x != h)
        newly = None
        if power > 0 and sl:  # BD-9.5
            if counted:
                knocked += (sl[0],)
                sl = sl[1:]
                counted = False
            else:
                counted = True
                newly = sl[0]
        t = s.tally
        t = _u_tally_hp(t, _add(t.hp_lost, q, sum(knocked)))
        entry = (("game", s.game + 1), ("fight", s.fights), ("bronko", st.winner), ("loser", q),
                 ("schlagkraft", st.start), ("knocked_out", knocked), ("counted", newly), ("vest_off", vest_off(s)))
        s.schlaeger, s.counted, s.tally = _set(s.schlaeger, q, sl), _set(s.counted, q, counted), t
        s.log, s.settle = (s.log, entry), _u_settle_loser_done(st, -1, 0, ())
        return self._next_loser(s)

    def _knock(self, s: State, hp: int) -> State:
        st = s.settle
        q = st.loser
        s.schlaeger = _set(s.schlaeger, q, tuple(x for x in s.schlaeger[q] if x != hp))
        s.settle = _u_settle_power(st, st.power - hp, st.knocked + (hp,))
        return self._knockouts(s)

    def _after_settlement(self, s: State) -> State:
        """BD-9.6, BD-11.1 - BD-11.3 and BD-10: eliminations, game end, the Donko-Haufen."""
        st = s.settle
        alive = s.alive
        t = s.tally
        out = 0
        for q in range(self.players):
            if alive >> q & 1 and not s.schlaeger[q]:
                out |= 1 << q
                t = _rt(t, eliminated_in_fight=_set(t.eliminated_in_fight, q, s.fight))
        alive &= ~out
        s.alive, s.tally = alive, t
        if out:  # BD-11.1: a player out of the game holds no cards (his leftover cards leave with him)
            s.hands = tuple(0 if out >> q & 1 else h for q, h in enumerate(s.hands))
        if _bits(alive) == 1:  # BD-11.2
            return self._game_end(s, alive.bit_length() - 1)
        donko, winner = s.donko, st.winner
        if s.fight_donko < 0:  # BD-10.2 unassigned
            cands = [q for q in range(self.players) if alive >> q & 1 and q != winner]
            return self._haufen(s, cands, winner)
        if donko == winner or st.escaped or st.emptied or not alive >> donko & 1:  # BD-10.3 departure
            s.flucht = 0  # BD-10.5
            cands = [q for q in range(self.players) if alive >> q & 1 and q not in (donko, winner)] or [winner]
            return self._haufen(s, cands, donko)
        return self._next_fight(s)  # BD-10.4

    def _haufen(self, s: State, cands: list[int], chooser: int) -> State:
        st = s.settle
        key = {q: (st.damage[q], _bits(s.hands[q])) for q in cands}
        best = max(key.values())
        tied = tuple(q for q in cands if key[q] == best)
        if len(tied) == 1:
            return self._haufen_to(s, tied[0])
        s.phase, s.turn, s.settle = HAUFEN, chooser, _rst(st, ties=tied)
        return s

    def _haufen_to(self, s: State, r: int) -> State:
        """The Donko-Haufen goes to ``r``; BD-10.6 cancels both tokens with two players."""
        if r == s.bronko and _bits(s.alive) == 2:
            s.donko, s.bronko, s.flucht = -1, -1, 0
        else:
            if r != s.donko:
                s.flucht = 0
            s.donko = r
        return self._next_fight(s)

    def _next_fight(self, s: State) -> State:
        s.fight += 1
        return self._start_fight(s)

    def _game_end(self, s: State, winner: int) -> State:
        """BD-11.2 - BD-11.3: one Orden to the last player standing; maybe a new game (BD-4.2)."""
        n = self.players
        s.orden, s.game = _add(s.orden, winner, 1), s.game + 1
        s.results += ((winner, s.tally, s.schlaeger, s.alive),)
        if s.game >= s.games:
            s.phase, s.turn, s.pending, s.settle = OVER, -1, None, _rst(s.settle, ties=())
            return s
        s.schlaeger, s.counted, s.alive, s.bronko, s.donko, s.flucht, s.fight = \
            (SCHLAEGER,) * n, (False,) * n, self.all_seats, -1, -1, 0, 1
        s.tally = _rt(s.tally, eliminated_in_fight=(0,) * n)
        return self._start_fight(s)

    # -- checks ------------------------------------------------------------------------
    def _validate(self, state: State, action, player: int | None) -> None:
        player = self.actor(state, player, _turn_rule(state))
        if type(action) is Place and action.form is None:
            action = self.canonical(action)
        self._check(state, action, player)

    @staticmethod
    def canonical(a: Place) -> Place:
        """The prebuilt action for a Place made by hand (same cards, Wolf and vest)."""
        f = FORM_BY_KEY.get((a.cards, a.wolf))
        return a if f is None else PLACE[a.verb][1 if a.vest else 0][f.id]

    def _check(self, s: State, a, p: int) -> None:
        """Raise IllegalMove naming the clause unless ``a`` is legal for ``p`` now."""
        phase = s.phase
        if phase == PLAY:
            if a is DUCK:
                if s.current is None:
                    raise IllegalMove("You open this round: place a formation; ducking is only a counter",
                                      rule="BD-5.6", player=p, action=a)
                return
            if type(a) is not Place:
                raise self._wrong(s, a, p)
            self._check_place(s, a, p)
            return
        if phase == WOLFSBLUT:
            if a is STEAL or a is DECLINE:
                return
            raise self._wrong(s, a, p)
        if phase == GONG:
            if a is PASS:
                return
            if type(a) is not Place or a.verb != BOX:
                raise self._wrong(s, a, p)
            self._check_place(s, a, p)
            return
        if phase == GIVE:
            if type(a) is not Hand2 or a.word != "give":
                raise self._wrong(s, a, p)
            if a.cards not in self.give_options(s.hands[p]):
                raise IllegalMove("The Donko gives the two cards of highest base strength (Kose and Wolf excluded): "
                                  + " or ".join(C.codes(m) for m in self.give_options(s.hands[p])),
                                  rule="BD-10.7", player=p, action=a)
            return
        if phase == RETURN:
            if type(a) is not Hand2 or a.word != "return":
                raise self._wrong(s, a, p)
            if a.cards & WHITE or (a.cards & s.hands[p]) != a.cards or _bits(a.cards) != 2:
                raise IllegalMove("The Bronko hands back any two cards of his hand except Kose and the Wolf",
                                  rule="BD-10.7", player=p, action=a)
            return
        if phase == ORDER:
            if type(a) is not Pick or a.word != "settle":
                raise self._wrong(s, a, p)
            if a.value not in s.settle.todo:
                raise IllegalMove(f"Settle one of the losers not yet settled: {', '.join(map(str, s.settle.todo))}",
                                  rule="BD-9.1", player=p, action=a)
            return
        if phase == KNOCKOUT:
            if type(a) is not Pick or a.word != "knock":
                raise self._wrong(s, a, p)
            st = s.settle
            sl = s.schlaeger[st.loser]
            if s.counted[st.loser] and a.value != sl[0]:
                raise IllegalMove(f"The angezählt Schläger {sl[0]} of player {st.loser} goes first", rule="BD-9.4",
                                  player=p, action=a)
            if a.value not in sl or a.value > st.power:
                ok = [h for h in s.schlaeger[st.loser] if h <= st.power]
                raise IllegalMove(f"Knock out an affordable Schläger of player {st.loser} (Schlagkraft left "
                                  f"{st.power}): {', '.join(map(str, ok))}", rule="BD-9.4", player=p, action=a)
            return
        if phase == HAUFEN:
            if type(a) is not Pick or a.word != "donko":
                raise self._wrong(s, a, p)
            if a.value not in s.settle.ties:
                raise IllegalMove(f"Give the Donko-Haufen to one of the tied players: "
                                  f"{', '.join(map(str, s.settle.ties))}",
                                  rule="BD-10.3" if s.fight_donko >= 0 else "BD-10.2", player=p, action=a)
            return
        raise self._wrong(s, a, p)  # pragma: no cover

    def _wrong(self, s: State, a, p: int) -> IllegalMove:
        what = {
            GIVE: ("the Donko gives two cards, e.g. 'give Ro8 Bl7'", "BD-10.7"),
            RETURN: ("the Bronko returns two cards, e.g. 'return Bl7 Ge2'", "BD-10.7"),
            PLAY: (("open with a formation, e.g. 'open Ro5 Ge5'" if s.current is None
                    else "beat or box the current formation, or 'duck'"), "BD-5.7" if s.current else "BD-5.6"),
            WOLFSBLUT: ("'steal' the Wolf or 'decline'", "BD-6.5"),
            GONG: ("'box' the final formation or 'pass'", "BD-8.3"),
            ORDER: ("the Bronko chooses the next loser to settle, e.g. 'settle 1'", "BD-9.1"),
            KNOCKOUT: ("the Bronko chooses a Schläger to knock out, e.g. 'knock 20'", "BD-9.4"),
            HAUFEN: ("choose who gets the Donko-Haufen, e.g. 'donko 1'", _turn_rule(s)),
        }[s.phase]
        return IllegalMove(f"Now ({PHASE_NAMES[s.phase]}) {what[0]}, not {a}", rule=what[1], player=p, action=a)

    def _check_place(self, s: State, a: Place, p: int) -> None:
        f = a.form
        gong = s.phase == GONG
        cur = s.current
        if f is None:
            raise self._bad_formation(a, p)
        if not gong and cur is None and a.verb != OPEN:
            raise IllegalMove(f"You open this round: write 'open {f.text}'", rule="BD-5.6", player=p, action=a)
        if not gong and cur is not None and a.verb == OPEN:
            raise IllegalMove(f"The round is open: 'beat' or 'box' {cur.text}, or 'duck'", rule="BD-5.7",
                              player=p, action=a)
        # what the player may do instead, for the messages below
        instead = "box without it or pass" if gong else ("open without it" if cur is None else
                                                          "beat or box without it, or duck")
        hand = s.hands[p]
        if f.req & hand != f.req:
            missing = f.req & ~hand
            raise IllegalMove(f"You do not hold {C.codes(missing)}: place only cards of your hand", rule="BD-5.1",
                              player=p, action=a)
        if f.wolf >= 0 and s.wolf_rest:
            raise IllegalMove(self._resting(s, gong) + f": {instead}", rule="BD-6.6", player=p, action=a)
        if a.vest:
            if gong:
                raise IllegalMove("The vest cannot be taken off in the final gong: box without 'vest-off' or pass",
                                  rule="BD-7.10", player=p, action=a)
            if s.placed >> p & 1:
                raise IllegalMove("You can take off your vest only with your first formation of the fight, and you "
                                  "have placed one already: leave out 'vest-off'", rule="BD-7.10", player=p, action=a)
        rev = s.revolution
        if cur is None:
            if s.required >= 0 and not f.cards >> s.required & 1:
                raise IllegalMove(f"The first opening must contain {CODES[s.required]}, the weakest card in play",
                                  rule="BD-4.3", player=p, action=a)
            return
        other = "or pass" if gong else "or duck"
        if f.kind != cur.kind or f.size != cur.size:
            raise IllegalMove(f"A {'gong box' if gong else 'counter'} must match the type and size of {cur.text} "
                              f"({cur.kind_name}, {cur.size} card{'s' if cur.size > 1 else ''}): place such a "
                              f"formation {other}", rule="BD-8.3" if gong else "BD-5.5", player=p, action=a)
        t, target = f.strength[rev], cur.strength[rev]
        solo_donko = cur.kind == SOLO and rev and BASE[C.cards_of(cur.cards)[0]] == 1  # BD-5.10
        if a.verb == BEAT:
            if not gong and s.ring and t != target + 1:
                raise IllegalMove(f"Schlagring: beat with strength exactly {target + 1} or duck; {f.text} has "
                                  f"strength {t}", rule="BD-7.7", player=p, action=a)
            if t <= target:
                if solo_donko:
                    raise IllegalMove(f"In a revolution a Solo Donko card is beaten only by Kose (strength 8); "
                                      f"{f.text} has {t}: beat with Kose or duck", rule="BD-5.10", player=p, action=a)
                raise IllegalMove(f"To beat {cur.text} you need strength above {target}; {f.text} has {t}: beat "
                                  f"with a stronger {cur.kind_name} of {cur.size} card{'s' if cur.size > 1 else ''} "
                                  f"or duck", rule="BD-5.5", player=p, action=a)
            return
        # box
        if not gong and s.ring:
            raise IllegalMove(f"Schlagring: boxing is forbidden for the rest of the round; beat with strength exactly "
                              f"{target + 1} or duck", rule="BD-7.7", player=p, action=a)
        if cur.nobox[rev]:
            if solo_donko:
                raise IllegalMove("A Solo Donko card placed in a revolution can never be boxed: "
                                  + ("pass" if gong else "beat it with Kose or duck"), rule="BD-5.10",
                                  player=p, action=a)
            raise IllegalMove(f"{cur.text} is a fist formation and can never be boxed: "
                              + ("pass" if gong else "duck"), rule="BD-5.9", player=p, action=a)
        if t != target:
            raise IllegalMove(f"To box {cur.text} you need equal strength {target}; {f.text} has {t}: box with a "
                              f"formation of strength {target} {other}", rule="BD-8.3" if gong else "BD-5.5",
                              player=p, action=a)

    @staticmethod
    def _resting(s: State, gong: bool) -> str:
        """Why a stolen Wolf cannot be placed now (BD-6.6), right for the round or the final gong."""
        if gong:
            return ("The stolen Wolf rests for the rest of the round of its theft and the whole next round, and the "
                    "fight ended before its rest was over: it stays unusable in the final gong")
        if s.wolf_rest >= 2:
            return ("The stolen Wolf rests for the rest of this round, the round of its theft, and for the whole "
                    "next round")
        return "The stolen Wolf sits out this whole round, the round after its theft; it is usable from the next round"

    def _bad_formation(self, a: Place, p: int) -> IllegalMove:
        real = C.cards_of(a.cards)
        if a.wolf >= 0:
            if a.wolf >= KOSE:
                return IllegalMove("The Wolf is never declared as Kose; declare a colour and strength 1-8",
                                   rule="BD-5.2", player=p, action=a)
            if a.cards >> a.wolf & 1:
                return IllegalMove(f"The Wolf cannot be declared as {CODES[a.wolf]}, a real card of the formation",
                                   rule="BD-5.2", player=p, action=a)
            if not real:
                return IllegalMove("The Wolf is never a Solo: place it with real cards in a Gäng or a street",
                                   rule="BD-6.3", player=p, action=a)
        if KOSE in real and len(real) + (a.wolf >= 0) > 1:
            return IllegalMove("Kose only ever fights Solo: place him alone", rule="BD-6.1", player=p, action=a)
        return IllegalMove("Not a formation: a Solo, a Gäng (2-4 cards of equal strength) or a street "
                           "(3+ cards of one colour in an unbroken run)", rule="BD-5.1", player=p, action=a)

    # -- parsing -----------------------------------------------------------------------
    def _parse(self, state: State, text: str, player: int | None):
        words = text.split(" ")
        verb = words[0].lower()
        allowed = ("an action is 'open|beat|box <cards> [vest-off]' with card codes like Ro5, Kose, Wolf=Ge6; "
                   "'duck', 'pass', 'steal', 'decline', 'give C C', 'return C C', 'settle N', 'knock HP', 'donko N'")
        if verb in _WORDS and len(words) == 1:
            return _WORDS[verb]
        if verb in VERBS:
            items = words[1:]
            vest = False
            if items and items[-1].lower() == "vest-off":
                vest, items = True, items[:-1]
            if not items:
                raise ValueError(f"{verb} needs the cards of a formation; {allowed}")
            mask, wolf = 0, -1
            for item in items:
                if item.lower().startswith("wolf="):
                    if wolf != -1:
                        raise ValueError("there is only one Wolf (BD-5.2)")
                    code = item[5:]
                    if code.lower() == "wolf":
                        raise ValueError("the Wolf is declared as a card such as Wolf=Ge6")
                    wolf = C.parse_card(code)
                    continue
                c = C.parse_card(item)
                if c == WOLF:
                    raise ValueError("a placed Wolf is written with its declared card, e.g. Wolf=Ge6 (BD-5.2)")
                if mask >> c & 1:
                    raise ValueError(f"{CODES[c]} is named twice")
                mask |= 1 << c
            f = FORM_BY_KEY.get((mask, wolf))
            v = VERBS.index(verb)
            if f is not None:
                return PLACE[v][1 if vest else 0][f.id]
            return Place(v, mask, wolf, vest, None)
        if verb in ("give", "return") and len(words) == 3:
            a, b = C.parse_card(words[1]), C.parse_card(words[2])
            if a == b:
                raise ValueError("name two different cards")
            return Hand2(verb, (1 << a) | (1 << b))
        if verb in ("settle", "knock", "donko") and len(words) == 2:
            try:
                v = int(words[1])
            except ValueError:
                raise ValueError(f"{verb} takes a number; {allowed}") from None
            if verb == "knock":
                if v not in KNOCK:
                    raise ValueError(f"a Schläger has HP {', '.join(map(str, SCHLAEGER))}, not {v}")
                return KNOCK[v]
            if not 0 <= v < self.players:
                raise ValueError(f"there is no seat {v}: seats are 0 to {self.players - 1}")
            return (SETTLE if verb == "settle" else DONKO)[v]
        raise ValueError(f"cannot read {text!r}: {allowed}")

    # -- view, describe, render --------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        """BD-4.5: other hands hidden except the hands of players who took off their vest (BD-7.11), the cards
        exchanged in the betrayal and a stolen Wolf."""
        hands, hidden = [], []
        open_hands = vest_removers(state) | (1 << player)
        for q, h in enumerate(state.hands):
            if open_hands >> q & 1:
                hands.append(h)
                hidden.append(0)
            else:
                seen = h & state.public
                hands.append(seen)
                hidden.append(_bits(h) - _bits(seen))
        return _rs(state, setup=Setup(0), hands=tuple(hands), hidden=tuple(hidden))

    def describe(self, state: State, action, player: int | None = None) -> str:
        from .describe import describe

        return describe(self, state, action, player)

    def render(self, state: State, player: int | None = None) -> str:
        from .describe import render

        return render(self, state, player)

    def _settlement(self, state: State):
        from .settlement import settlement

        return settlement(self, state)


# ---------------------------------------------------------------------------
# Stacked scenarios (for teaching and tests)


def deck_for(hands, dealer: int = 0, out=()) -> list[str]:
    """A stacked deck (34 codes in draw order) that deals ``hands`` when ``dealer`` deals (BD-4.3).

    ``hands``: one entry per seat, a list of codes or a space-separated string, each of the
    hand size H (10 with 2-3 players, 8 with 4). The dealer deals one card at a time
    clockwise, beginning with the next seat (step 4). The cards no hand names are out of
    play: ``out`` first, then the rest in code order. Use it as
    ``game.new(seed=0, deck=deck_for([...], dealer=0))``, or as one entry of a list of decks.
    A first fight is dealt by seat 0 (step 2, no Donko yet).
    """
    named = [h.split() if isinstance(h, str) else list(h) for h in hands]
    n = len(named)
    if not 2 <= n <= 4:
        raise ValueError(f"give one hand for each of 2-4 seats, got {n}")
    per = 10 if n <= 3 else 8
    for seat, h in enumerate(named):
        if len(h) != per:
            raise ValueError(f"seat {seat} needs exactly {per} cards with {n} players (BD-4.3 step 4), got {len(h)}")
    idx = [[C.parse_card(code) for code in h] for h in named]
    rest = [C.parse_card(code) for code in (out.split() if isinstance(out, str) else out)]
    used = [c for h in idx for c in h] + rest
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice; each fighter card exists once (BD-2.1)")
    order = [idx[(dealer + 1 + k) % n][i] for i in range(per) for k in range(n)]
    order += rest + [c for c in range(C.NCARDS) if c not in set(used)]
    return [CODES[c] for c in order]
