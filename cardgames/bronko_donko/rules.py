"""Bronko-Donko rules: the records of a state, the actions and the rules (clause ids BD-... of
cardgames/bronko_donko/rules.md).

The state machine follows the decision-point table (section 12): every decision DP-1..DP-10
is an action; dealing, the betrayal's forced cards, round ends, the revolution check,
Schlagkraft, forced knock-outs, eliminations, the Donko-Haufen and the start of the next
fight or game happen automatically inside ``apply``.

A state is made of records that change at different paces: the hands and the :class:`Round`
with nearly every decision, the :class:`Fight` with the rounds, the :class:`Standing` and the
:class:`Match` between fights.  What is legal and why anything else is refused come from the same
judges (:mod:`.legality`, one per decision): ``_legal`` and ``_refusal`` ask them, and ``_step``
trusts the admission.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final, TypeVar

from mypy_extensions import mypyc_attr

from ..core.decks import check_decks
from ..core.errors import IllegalMove
from ..core.game import Action, Event, Game, Setup, Trail, extend, view_setup
from ..core.i18n import N_, Catalog
from ..core.inputs import excerpt
from ..core.record import KEEP, KEEP_INT, Keep, Record
from ..core.rng import shuffle
from . import cards as C
from .cards import (
    CODES,
    FORM_BY_KEY,
    FORMS,
    GANG,
    GANG_ALL,
    GANG_SIZE,
    KOSE,
    KOSE_BIT,
    SCHLAEGER,
    SOLO,
    SOLO_ALL,
    SOLO_OF,
    STREET_ALL,
    STREET_SIZE,
    STRENGTH_MASK,
    WOLF,
    WOLF_BIT,
    Formation,
    figure_masks,
)

T = TypeVar("T")

_ = Catalog("bronko_donko").gettext


# ---------------------------------------------------------------------------
# Actions

VERBS: Final[tuple[str, ...]] = ("open", "beat", "box")
OPEN: Final = 0
BEAT: Final = 1
BOX: Final = 2


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Open, beat or box with a formation (DP-3, DP-4, DP-6); ``vest`` takes off the vest (BD-7.10)."""

    verb: int
    cards: int  # mask of the real cards
    wolf: int  # declared card of the Wolf, or -1
    vest: bool = False
    form: Formation | None = field(default=None, compare=False, repr=False)  # None: no formation (refused)

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


DUCK: Final = Word("duck")
PASS: Final = Word("pass")
STEAL: Final[Word] = Word("steal")
DECLINE: Final[Word] = Word("decline")
WORDS: Final = {w.word: w for w in (DUCK, PASS, STEAL, DECLINE)}
# every placement, prebuilt: PLACE[verb][vest off][formation id]
PLACE: Final = tuple(
    tuple(tuple(Place(v, f.cards, f.wolf, vest == 1, f) for f in FORMS) for vest in (0, 1)) for v in (OPEN, BEAT, BOX)
)
KNOCK: Final = {hp: Pick("knock", hp) for hp in SCHLAEGER}
SETTLE: Final = tuple(Pick("settle", p) for p in range(4))
DONKO: Final = tuple(Pick("donko", p) for p in range(4))
# RANK_CARD[r]: the card of bit r of figure_masks (r = 4 * figure + colour: by strength, then colour)
RANK_CARD: Final = tuple(C.card(r % 4, r // 4 + 1) for r in range(32))
# the betrayal's actions (BD-10.7): GIVE_OF[mask of the two cards]; RETURN_OF[r][r2], r < r2: the cards of
# figure_masks bits r and r2
GIVE_OF: Final = {(1 << a) | (1 << b): Hand2("give", (1 << a) | (1 << b)) for a, b in combinations(range(32), 2)}
RETURN_OF: Final = tuple(
    tuple(Hand2("return", (1 << RANK_CARD[r]) | (1 << RANK_CARD[r2])) for r2 in range(32)) for r in range(32)
)

# ---------------------------------------------------------------------------
# Decisions: the phase says who decides what (section 12)

GIVE: Final = 0  # DP-1
RETURN: Final = 1  # DP-2
PLAY: Final = 2  # DP-3 / DP-4
WOLFSBLUT: Final = 3  # DP-5
GONG: Final = 4  # DP-6
ORDER: Final = 5  # DP-7
KNOCKOUT: Final = 6  # DP-8
HAUFEN: Final = 7  # DP-9 / DP-10
OVER: Final = 8
PHASE_NAMES: Final[tuple[str, ...]] = (  # as the table shows them (translated there: describe.layout)
    N_("betrayal: give"),
    N_("betrayal: return"),
    N_("round"),
    N_("Wolfsblut"),
    N_("final gong"),
    N_("settlement order"),
    N_("knock-out"),
    N_("Donko-Haufen"),
    N_("match over"),
)
TURN_RULE: Final[tuple[str, ...]] = (  # who decides in each phase
    "BD-10.7",
    "BD-10.7",
    "BD-5.7",
    "BD-6.5",
    "BD-8.3",
    "BD-9.1",
    "BD-9.4",
    "BD-10.3",
    "BD-11.3",
)
NONE: Final = -9  # no strength recorded (Schlagring, BD-7.6)

# ---------------------------------------------------------------------------
# Records


class Tally(Record):
    """Per-player totals over the match, for the settlement rows."""

    hp_lost: tuple[int, ...]
    fights: tuple[int, ...]
    fights_won: tuple[int, ...]
    times_donko: tuple[int, ...]
    fluchtkarten: tuple[int, ...]
    eliminated_in_fight: tuple[int, ...]  # fight number (in its game) of the last elimination; 0 = never
    damage: tuple[int, ...]  # damage suffered (BD-3.7), summed

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("hp_lost", "fights", "fights_won", "times_donko", "fluchtkarten", "eliminated_in_fight", "damage")

    def __init__(self, hp_lost: tuple[int, ...], fights: tuple[int, ...], fights_won: tuple[int, ...], times_donko: tuple[int, ...], fluchtkarten: tuple[int, ...], eliminated_in_fight: tuple[int, ...], damage: tuple[int, ...]) -> None:
        self.hp_lost = hp_lost
        self.fights = fights
        self.fights_won = fights_won
        self.times_donko = times_donko
        self.fluchtkarten = fluchtkarten
        self.eliminated_in_fight = eliminated_in_fight
        self.damage = damage

    def replace(self, *, hp_lost: tuple[int, ...] | Keep = KEEP, fights: tuple[int, ...] | Keep = KEEP, fights_won: tuple[int, ...] | Keep = KEEP, times_donko: tuple[int, ...] | Keep = KEEP, fluchtkarten: tuple[int, ...] | Keep = KEEP, eliminated_in_fight: tuple[int, ...] | Keep = KEEP, damage: tuple[int, ...] | Keep = KEEP) -> Tally:
        return Tally(self.hp_lost if hp_lost is KEEP else hp_lost, self.fights if fights is KEEP else fights, self.fights_won if fights_won is KEEP else fights_won, self.times_donko if times_donko is KEEP else times_donko, self.fluchtkarten if fluchtkarten is KEEP else fluchtkarten, self.eliminated_in_fight if eliminated_in_fight is KEEP else eliminated_in_fight, self.damage if damage is KEEP else damage)
    # fmt: on

    def settled(self, loser: int, hp: int, damage: int) -> Tally:
        """The totals after ``loser`` lost ``hp`` HP of Schläger and suffered ``damage`` in a settlement."""
        return self.replace(
            hp_lost=with_item(self.hp_lost, loser, self.hp_lost[loser] + hp),
            damage=with_item(self.damage, loser, self.damage[loser] + damage),
        )


class Settled(Record):
    """One settled loser of a fight (BD-9.2 - BD-9.5): an entry of the fight log."""

    game: int  # the game of the match, from 1
    fight: int  # the fight of the match, from 1
    bronko: int  # the Bronko of the fight
    loser: int
    schlagkraft: int  # after the vest doubling (BD-9.2)
    knocked_out: tuple[int, ...]  # HP of the Schläger knocked out, in order
    counted: int | None  # HP of the Schläger that became angezählt (BD-9.5), or None
    vest_off: bool

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("game", "fight", "bronko", "loser", "schlagkraft", "knocked_out", "counted", "vest_off")

    def __init__(self, game: int, fight: int, bronko: int, loser: int, schlagkraft: int, knocked_out: tuple[int, ...], counted: int | None, vest_off: bool) -> None:
        self.game = game
        self.fight = fight
        self.bronko = bronko
        self.loser = loser
        self.schlagkraft = schlagkraft
        self.knocked_out = knocked_out
        self.counted = counted
        self.vest_off = vest_off

    def replace(self, *, game: int = KEEP_INT, fight: int = KEEP_INT, bronko: int = KEEP_INT, loser: int = KEEP_INT, schlagkraft: int = KEEP_INT, knocked_out: tuple[int, ...] | Keep = KEEP, counted: int | None | Keep = KEEP, vest_off: bool | Keep = KEEP) -> Settled:
        return Settled(self.game if game == KEEP_INT else game, self.fight if fight == KEEP_INT else fight, self.bronko if bronko == KEEP_INT else bronko, self.loser if loser == KEEP_INT else loser, self.schlagkraft if schlagkraft == KEEP_INT else schlagkraft, self.knocked_out if knocked_out is KEEP else knocked_out, self.counted if counted is KEEP else counted, self.vest_off if vest_off is KEEP else vest_off)
    # fmt: on

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.FIELDS}


class GameResult(Record):
    """A finished game of the match (BD-11.2): its winner, the totals so far, who is left with what."""

    winner: int
    tally: Tally  # the match totals when the game ended
    schlaeger: tuple[tuple[int, ...], ...]  # HP values left per seat
    alive: int  # seats still in the game, a bit mask

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("winner", "tally", "schlaeger", "alive")

    def __init__(self, winner: int, tally: Tally, schlaeger: tuple[tuple[int, ...], ...], alive: int) -> None:
        self.winner = winner
        self.tally = tally
        self.schlaeger = schlaeger
        self.alive = alive

    def replace(self, *, winner: int = KEEP_INT, tally: Tally | Keep = KEEP, schlaeger: tuple[tuple[int, ...], ...] | Keep = KEEP, alive: int = KEEP_INT) -> GameResult:
        return GameResult(self.winner if winner == KEEP_INT else winner, self.tally if tally is KEEP else tally, self.schlaeger if schlaeger is KEEP else schlaeger, self.alive if alive == KEEP_INT else alive)
    # fmt: on


class Match(Record):
    """The match of G games (BD-11.3): the Orden, the totals and the fight log; changes between fights."""

    games: int  # G
    game: int  # games finished
    orden: tuple[int, ...]  # Bronko-Orden per seat (BD-11.2)
    tally: Tally
    log: tuple[Settled, ...]  # every settled loser so far, oldest first (fight_log())
    results: tuple[GameResult, ...]  # per finished game
    fights: int  # fights begun in the match so far

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("games", "game", "orden", "tally", "log", "results", "fights")

    def __init__(self, games: int, game: int, orden: tuple[int, ...], tally: Tally, log: tuple[Settled, ...], results: tuple[GameResult, ...], fights: int) -> None:
        self.games = games
        self.game = game
        self.orden = orden
        self.tally = tally
        self.log = log
        self.results = results
        self.fights = fights

    def replace(self, *, games: int = KEEP_INT, game: int = KEEP_INT, orden: tuple[int, ...] | Keep = KEEP, tally: Tally | Keep = KEEP, log: tuple[Settled, ...] | Keep = KEEP, results: tuple[GameResult, ...] | Keep = KEEP, fights: int = KEEP_INT) -> Match:
        return Match(self.games if games == KEEP_INT else games, self.game if game == KEEP_INT else game, self.orden if orden is KEEP else orden, self.tally if tally is KEEP else tally, self.log if log is KEEP else log, self.results if results is KEEP else results, self.fights if fights == KEEP_INT else fights)
    # fmt: on

    def logging(self, tally: Tally, entry: Settled) -> Match:
        """The match after a loser's settlement: the totals ``tally`` and ``entry`` at the end of the fight log."""
        return self.replace(tally=tally, log=self.log + (entry,))


class Standing(Record):
    """The game in progress: everyone's Schläger, who is still in (BD-11.1), who holds the tokens (BD-10)."""

    schlaeger: tuple[tuple[int, ...], ...]  # HP values left per seat, ascending
    counted: tuple[bool, ...]  # the weakest Schläger is angezählt (BD-9.5)
    alive: int  # seats still in the game, as a bit mask (BD-11.1)
    bronko: int = -1  # holder of the Bronko-Blut, -1 = centre
    donko: int = -1  # holder of the Donko-Haufen, -1 = centre
    flucht: int = 0  # Fluchtkarten held by the Donko (BD-9.3)

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("schlaeger", "counted", "alive", "bronko", "donko", "flucht")

    def __init__(self, schlaeger: tuple[tuple[int, ...], ...], counted: tuple[bool, ...], alive: int, bronko: int = -1, donko: int = -1, flucht: int = 0) -> None:
        self.schlaeger = schlaeger
        self.counted = counted
        self.alive = alive
        self.bronko = bronko
        self.donko = donko
        self.flucht = flucht

    def replace(self, *, schlaeger: tuple[tuple[int, ...], ...] | Keep = KEEP, counted: tuple[bool, ...] | Keep = KEEP, alive: int = KEEP_INT, bronko: int = KEEP_INT, donko: int = KEEP_INT, flucht: int = KEEP_INT) -> Standing:
        return Standing(self.schlaeger if schlaeger is KEEP else schlaeger, self.counted if counted is KEEP else counted, self.alive if alive == KEEP_INT else alive, self.bronko if bronko == KEEP_INT else bronko, self.donko if donko == KEEP_INT else donko, self.flucht if flucht == KEEP_INT else flucht)
    # fmt: on

    def knocked(self, q: int, left: tuple[int, ...], counted: bool) -> Standing:
        """Loser ``q`` keeps the Schläger ``left``, the weakest angezählt if ``counted`` (BD-9.4, BD-9.5)."""
        return self.replace(schlaeger=with_item(self.schlaeger, q, left), counted=with_item(self.counted, q, counted))


class Fight(Record):
    """One fight (BD-4.3 - BD-8): what holds from the deal until the fight ends, besides the hands."""

    number: int  # the fight of this game, from 1
    donko_at_start: int  # who held the Donko-Haufen when the fight began (-1: nobody; BD-10.2)
    public: int = 0  # cards exchanged in the betrayal and the Wolf after a steal (BD-4.5)
    revolution: bool = False  # BD-7.3
    vest_by: int = -1  # who turned the Weste-Aus card to "off", the first remover (-1: vest on; BD-7.11)
    vests: int = 0  # seats that took off their own vest in this fight, a bit mask (BD-7.10, BD-7.11)
    placed: int = 0  # seats that placed a formation in this fight, a bit mask (BD-7.10)
    required: int = -1  # card the first opening must contain (BD-4.3 step 6), or -1
    wolf_rest: int = 0  # round starts still to come before a stolen Wolf is usable (BD-6.6): 2 in the round of
    #                 the theft, 1 in the round after it, 0 = usable (also read in the final gong)

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("number", "donko_at_start", "public", "revolution", "vest_by", "vests", "placed", "required", "wolf_rest")

    def __init__(self, number: int, donko_at_start: int, public: int = 0, revolution: bool = False, vest_by: int = -1, vests: int = 0, placed: int = 0, required: int = -1, wolf_rest: int = 0) -> None:
        self.number = number
        self.donko_at_start = donko_at_start
        self.public = public
        self.revolution = revolution
        self.vest_by = vest_by
        self.vests = vests
        self.placed = placed
        self.required = required
        self.wolf_rest = wolf_rest

    def replace(self, *, number: int = KEEP_INT, donko_at_start: int = KEEP_INT, public: int = KEEP_INT, revolution: bool | Keep = KEEP, vest_by: int = KEEP_INT, vests: int = KEEP_INT, placed: int = KEEP_INT, required: int = KEEP_INT, wolf_rest: int = KEEP_INT) -> Fight:
        return Fight(self.number if number == KEEP_INT else number, self.donko_at_start if donko_at_start == KEEP_INT else donko_at_start, self.public if public == KEEP_INT else public, self.revolution if revolution is KEEP else revolution, self.vest_by if vest_by == KEEP_INT else vest_by, self.vests if vests == KEEP_INT else vests, self.placed if placed == KEEP_INT else placed, self.required if required == KEEP_INT else required, self.wolf_rest if wolf_rest == KEEP_INT else wolf_rest)
    # fmt: on

    def placing(self, p: int, vest: bool) -> Fight:
        """The fight after ``p`` placed a formation: his first of the fight is placed (BD-7.10), with ``vest`` he
        took off his vest (the Weste-Aus card turns "off" once, his hand is public: BD-7.11), and the first
        opening is made (BD-4.3 step 6)."""
        if not vest and self.placed >> p & 1 and self.required < 0:
            return self  # nothing new to record
        return self.replace(
            vest_by=p if vest and self.vest_by < 0 else self.vest_by,
            vests=self.vests | 1 << p if vest else self.vests,
            placed=self.placed | 1 << p,
            required=-1,
        )


class Round(Record):
    """The round being played (BD-5.6 - BD-5.12): its formation and the marks cleared when it ends."""

    owner: int  # owner of the current formation (BD-3.6); in the final gong: the Bronko of the fight
    current: Formation | None = None  # the current formation; in the final gong: the final formation (BD-8.2)
    ducked: int = 0  # seats that ducked in this round, a bit mask (BD-5.7)
    last: int = NONE  # strength of the round's latest entry (BD-7.6), NONE before the first
    last2: int = NONE  # strength of the entry before it
    ring: bool = False  # a Schlagring is active (BD-7.6)
    fours: int = 0  # 4-card Gängs placed in this round (BD-7.1 - BD-7.3)

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("owner", "current", "ducked", "last", "last2", "ring", "fours")

    def __init__(self, owner: int, current: Formation | None = None, ducked: int = 0, last: int = NONE, last2: int = NONE, ring: bool = False, fours: int = 0) -> None:
        self.owner = owner
        self.current = current
        self.ducked = ducked
        self.last = last
        self.last2 = last2
        self.ring = ring
        self.fours = fours

    def replace(self, *, owner: int = KEEP_INT, current: Formation | None | Keep = KEEP, ducked: int = KEEP_INT, last: int = KEEP_INT, last2: int = KEEP_INT, ring: bool | Keep = KEEP, fours: int = KEEP_INT) -> Round:
        return Round(self.owner if owner == KEEP_INT else owner, self.current if current is KEEP else current, self.ducked if ducked == KEEP_INT else ducked, self.last if last == KEEP_INT else last, self.last2 if last2 == KEEP_INT else last2, self.ring if ring is KEEP else ring, self.fours if fours == KEEP_INT else fours)
    # fmt: on

    def ducking(self, p: int) -> Round:
        """The round after ``p`` ducked: he is out of it (BD-5.7)."""
        return self.replace(ducked=self.ducked | 1 << p)


class Wolfsblut(Record):
    """The Wolfsblut window (BD-6.5): the formation with the Wolf just placed, until steal or decline."""

    placer: int
    verb: int  # OPEN, BEAT or BOX
    formation: Formation

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("placer", "verb", "formation")

    def __init__(self, placer: int, verb: int, formation: Formation) -> None:
        self.placer = placer
        self.verb = verb
        self.formation = formation

    def replace(self, *, placer: int = KEEP_INT, verb: int = KEEP_INT, formation: Formation | Keep = KEEP) -> Wolfsblut:
        return Wolfsblut(self.placer if placer == KEEP_INT else placer, self.verb if verb == KEEP_INT else verb, self.formation if formation is KEEP else formation)
    # fmt: on


class Settle(Record):
    """The end of one fight in progress: the final gong (BD-8.3) and the settlement (BD-9, BD-10)."""

    winner: int  # the Bronko of the fight
    todo: tuple[int, ...]  # losers not yet settled, clockwise from the winner (the order of the gong)
    damage: tuple[int, ...]  # damage suffered this fight, per seat
    loser: int = -1  # the loser being settled (-1 between losers)
    power: int = 0  # his Schlagkraft still to spend
    start: int = 0  # his Schlagkraft as computed (damage suffered)
    knocked: tuple[int, ...] = ()  # HP knocked out of him so far
    escaped: bool = False  # the Donko escaped (BD-9.3)
    emptied: bool = False  # the Donko emptied his hand in the final gong (BD-8.4)
    ties: tuple[int, ...] = ()  # candidates of a DP-9 / DP-10 choice

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("winner", "todo", "damage", "loser", "power", "start", "knocked", "escaped", "emptied", "ties")

    def __init__(self, winner: int, todo: tuple[int, ...], damage: tuple[int, ...], loser: int = -1, power: int = 0, start: int = 0, knocked: tuple[int, ...] = (), escaped: bool = False, emptied: bool = False, ties: tuple[int, ...] = ()) -> None:
        self.winner = winner
        self.todo = todo
        self.damage = damage
        self.loser = loser
        self.power = power
        self.start = start
        self.knocked = knocked
        self.escaped = escaped
        self.emptied = emptied
        self.ties = ties

    def replace(self, *, winner: int = KEEP_INT, todo: tuple[int, ...] | Keep = KEEP, damage: tuple[int, ...] | Keep = KEEP, loser: int = KEEP_INT, power: int = KEEP_INT, start: int = KEEP_INT, knocked: tuple[int, ...] | Keep = KEEP, escaped: bool | Keep = KEEP, emptied: bool | Keep = KEEP, ties: tuple[int, ...] | Keep = KEEP) -> Settle:
        return Settle(self.winner if winner == KEEP_INT else winner, self.todo if todo is KEEP else todo, self.damage if damage is KEEP else damage, self.loser if loser == KEEP_INT else loser, self.power if power == KEEP_INT else power, self.start if start == KEEP_INT else start, self.knocked if knocked is KEEP else knocked, self.escaped if escaped is KEEP else escaped, self.emptied if emptied is KEEP else emptied, self.ties if ties is KEEP else ties)
    # fmt: on

    def begin(self, loser: int, power: int, escaped: bool) -> Settle:
        """The settlement of ``loser`` begins with his Schlagkraft ``power`` (BD-9.2); ``escaped``: the Donko's
        Flucht (BD-9.3)."""
        todo = tuple([q for q in self.todo if q != loser])
        return self.replace(todo=todo, loser=loser, power=power, start=power, knocked=(), escaped=escaped)

    def knocking(self, power: int, knocked: tuple[int, ...]) -> Settle:
        """The Schlagkraft ``power`` left after the knock-outs ``knocked`` of the loser being settled (BD-9.4)."""
        return self.replace(power=power, knocked=knocked)

    def done(self) -> Settle:
        """The loser being settled is settled: nobody is until the next begins (BD-9.1)."""
        return self.replace(loser=-1, power=0, start=0, knocked=())


@mypyc_attr(free_list_len=1)  # compiled: a step's new state reuses the memory of the one it replaced
class State(Record):
    """The whole table: who decides what now, the hands, the round, the fight, the game and the match."""

    setup: Setup  # how the match was set up (seed, stacked decks)
    trail: Trail  # the history (core.game.history)
    phase: int  # which decision is asked (GIVE ... HAUFEN), OVER at the end
    turn: int  # who decides it
    hands: tuple[int, ...]  # the cards each seat holds, bit masks
    hidden: tuple[int, ...] | None  # in a view: how many unseen cards each hand holds (BD-4.5)
    match: Match
    standing: Standing
    fight: Fight
    round: Round
    wolfsblut: Wolfsblut | None = None  # the open Wolfsblut window (phase WOLFSBLUT)
    settle: Settle | None = None  # the end of the fight, from the final gong to the next deal

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("setup", "trail", "phase", "turn", "hands", "hidden", "match", "standing", "fight", "round", "wolfsblut", "settle")

    def __init__(self, setup: Setup, trail: Trail, phase: int, turn: int, hands: tuple[int, ...], hidden: tuple[int, ...] | None, match: Match, standing: Standing, fight: Fight, round: Round, wolfsblut: Wolfsblut | None = None, settle: Settle | None = None) -> None:
        self.setup = setup
        self.trail = trail
        self.phase = phase
        self.turn = turn
        self.hands = hands
        self.hidden = hidden
        self.match = match
        self.standing = standing
        self.fight = fight
        self.round = round
        self.wolfsblut = wolfsblut
        self.settle = settle

    def replace(self, *, setup: Setup | Keep = KEEP, trail: Trail | Keep = KEEP, phase: int = KEEP_INT, turn: int = KEEP_INT, hands: tuple[int, ...] | Keep = KEEP, hidden: tuple[int, ...] | None | Keep = KEEP, match: Match | Keep = KEEP, standing: Standing | Keep = KEEP, fight: Fight | Keep = KEEP, round: Round | Keep = KEEP, wolfsblut: Wolfsblut | None | Keep = KEEP, settle: Settle | None | Keep = KEEP) -> State:
        return State(self.setup if setup is KEEP else setup, self.trail if trail is KEEP else trail, self.phase if phase == KEEP_INT else phase, self.turn if turn == KEEP_INT else turn, self.hands if hands is KEEP else hands, self.hidden if hidden is KEEP else hidden, self.match if match is KEEP else match, self.standing if standing is KEEP else standing, self.fight if fight is KEEP else fight, self.round if round is KEEP else round, self.wolfsblut if wolfsblut is KEEP else wolfsblut, self.settle if settle is KEEP else settle)
    # fmt: on

    def in_round(self, trail: Trail, turn: int, hands: tuple[int, ...], fight: Fight, round: Round) -> State:
        """The state that asks ``turn`` to open (DP-3) or counter (DP-4) in ``round`` of ``fight``."""
        return self.replace(
            trail=trail, phase=PLAY, turn=turn, hands=hands, fight=fight, round=round, wolfsblut=None, settle=None
        )

    def seen_as(self, hands: tuple[int, ...], hidden: tuple[int, ...], viewer: int) -> State:
        """``viewer``'s view of this state (BD-4.5): the ``hands`` he sees, ``hidden`` cards in each, no seed."""
        return self.replace(setup=view_setup(viewer), hands=hands, hidden=hidden)

    @property
    def fights(self) -> int:
        """Fights begun in the match so far (the unit benchmarks count)."""
        return self.match.fights


# ---------------------------------------------------------------------------
# Seats


def _next_table() -> tuple[tuple[int, ...], ...]:
    """NEXT[mask][p]: the next seat clockwise after p among the seats of ``mask`` (-1: none)."""
    table = []
    for mask in range(16):
        row = []
        for p in range(4):
            nxt = -1
            for i in range(1, 5):
                q = (p + i) % 4
                if mask >> q & 1:
                    nxt = q
                    break
            row.append(nxt)
        table.append(tuple(row))
    return tuple(table)


NEXT: Final = _next_table()
SEATS: Final = tuple(tuple(p for p in range(4) if mask >> p & 1) for mask in range(16))  # seats of a mask, ascending
ONE: Final[tuple[tuple[int, ...], ...]] = tuple((p,) for p in range(4))  # to_act's answers, built once


def clockwise(mask: int, after: int, n: int) -> tuple[int, ...]:
    """Seats of ``mask`` clockwise, starting with the one after ``after``."""
    return tuple([q for q in ((after + i) % n for i in range(1, n + 1)) if mask >> q & 1])


def bits(mask: int) -> int:
    """How many seats or cards a mask holds.

    Counted a bit at a time (``mask & (mask - 1)`` clears the lowest one): compiled, that is plain
    C arithmetic on the mask, where ``mask.bit_count()`` is a Python method call on a boxed int,
    twice as slow on a hand of 34 possible cards (a view counts every hidden hand this way).
    """
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def with_item(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``i`` replaced: a per-seat tuple after one seat's change."""
    items = list(values)
    items[i] = value
    return tuple(items)


def vest_off(fight: Fight) -> bool:
    """The Weste-Aus card shows "off" in this fight (BD-7.11): somebody took off his vest."""
    return fight.vest_by >= 0 or fight.vests != 0


def vest_removers(fight: Fight) -> int:
    """The seats that took off their own vest in this fight, as a bit mask; their hands are public (BD-7.11)."""
    return fight.vests | (1 << fight.vest_by if fight.vest_by >= 0 else 0)


def turn_rule(s: State) -> str:
    """The clause that says whose decision it is now (for out-of-turn refusals)."""
    if s.phase == HAUFEN and s.fight.donko_at_start < 0:
        return "BD-10.2"  # DP-9: an unassigned Donko-Haufen, the Bronko of the fight chooses
    return TURN_RULE[s.phase]


def control_gained(before: State, seat: int, action: Action) -> int:
    """Who gains control when this decision ends the round (BD-5.8): the placer of the box or fist formation
    (after a Wolfsblut decision: the placer of the Wolf's formation), or the owner when everybody else ducked."""
    window = before.wolfsblut
    if window is not None:
        return window.placer
    return seat if isinstance(action, Place) else before.round.owner


def settling(s: State) -> Settle:
    """The end of the fight in progress (from the final gong to the next deal)."""
    settle = s.settle
    assert settle is not None, "no fight is being settled"
    return settle


# ---------------------------------------------------------------------------
# Formations a hand can place (BD-5.1, BD-5.5)


def openings(hand: int, wolf_ok: bool) -> list[Formation]:
    """Every formation that can be made from ``hand`` (BD-5.1): Solos, Gängs by figure, streets by colour (the
    order in which they are offered)."""
    w = 1 if wolf_ok else 0
    out = formations(hand, wolf_ok, SOLO, 1, False, 0, 8)
    packed = figure_masks(hand)
    for b in range(8):
        held = packed >> (4 * b) & 15
        if held:
            out += GANG_ALL[b][held][w]
    for col in range(4):
        held = hand >> (8 * col) & 255
        if held:
            out += STREET_ALL[col][held][w]
    return out


def formations(hand: int, wolf_ok: bool, kind: int, size: int, rev: bool, lo: int, hi: int) -> list[Formation]:
    """The formations of ``hand`` of ``kind`` and ``size`` with a strength from ``lo`` to ``hi`` (BD-5.3), in the
    order of ``openings``."""
    if kind == SOLO:  # by card index; never the Wolf (BD-6.3)
        cards = hand & STRENGTH_MASK[rev][lo][hi]
        solos = [
            *SOLO_ALL[0][cards & 255],
            *SOLO_ALL[1][cards >> 8 & 255],
            *SOLO_ALL[2][cards >> 16 & 255],
            *SOLO_ALL[3][cards >> 24 & 255],
        ]
        if cards & KOSE_BIT:
            solos.append(SOLO_OF[KOSE])
        return solos
    w = 1 if wolf_ok else 0
    out: list[Formation] = []
    if kind == GANG:
        # figure b (0-based) has strength b + 1, or 7 - b in a revolution (BD-3.4)
        first, last = (7 - hi, 7 - lo) if rev else (lo - 1, hi - 1)
        packed = figure_masks(hand)
        for b in range(max(first, 0), min(last, 7) + 1):
            held = packed >> (4 * b) & 15
            if held:
                out += GANG_SIZE[b][held][w][size]
        return out
    for col in range(4):
        held = hand >> (8 * col) & 255
        if held:
            for f in STREET_SIZE[col][held][w][size]:
                if lo <= f.strength[rev] <= hi:
                    out.append(f)
    return out


def give_options(hand: int) -> list[int]:
    """BD-10.7 (a): the 2-card sets of highest base strength (Kose and Wolf excluded).

    From the figure nibbles (``figure_masks``), strongest figure first: two or more cards of it
    give every pair of them; a single one pairs with each card of the next figure held. Colour
    order within a figure, as the pairs of the hand sorted by strength.
    """
    packed = figure_masks(hand)
    if not packed:
        return []
    b = (packed.bit_length() - 1) >> 2
    top = [1 << RANK_CARD[r] for r in range(4 * b, 4 * b + 4) if packed >> r & 1]
    if len(top) > 1:
        return [x | y for x, y in combinations(top, 2)]
    rest = packed & ((1 << (4 * b)) - 1)
    if not rest:
        return []
    b2 = (rest.bit_length() - 1) >> 2
    return [top[0] | 1 << RANK_CARD[r] for r in range(4 * b2, 4 * b2 + 4) if rest >> r & 1]


def return_options(hand: int) -> tuple[Hand2, ...]:
    """BD-10.7 (b): every pair of the hand's coloured cards, in the order of the hand sorted by strength."""
    packed = figure_masks(hand)  # its bits run by strength, then colour
    ranks = [r for r in range(32) if packed >> r & 1]
    return tuple([RETURN_OF[r][r2] for i, r in enumerate(ranks) for r2 in ranks[i + 1 :]])


def canonical(a: Place) -> Place:
    """The prebuilt action for a Place made by hand (same cards, Wolf and vest)."""
    f = FORM_BY_KEY.get((a.cards, a.wolf))
    return a if f is None else PLACE[a.verb][1 if a.vest else 0][f.id]


# ---------------------------------------------------------------------------
# The rules


class BronkoDonkoRules(Game):
    """The rules of Bronko-Donko: what may be done, what it does, and what follows automatically."""

    all_seats: int
    G: int

    def _configure(self) -> None:
        self.all_seats = (1 << self.players) - 1
        self.G = self.options["games"]

    def _example_action(self) -> str:
        return "open Ro5 Ge5"

    # -- setup (BD-4) ----------------------------------------------------------------
    def _new(self, seed: int, **setup: Any) -> State:
        """BD-4.2 - BD-4.3: the first fight of the match, dealt from the seed or the stacked deck(s)."""
        decks = self._decks(setup.get("deck"))
        n = self.players
        zeros = (0,) * n
        tally = Tally(
            hp_lost=zeros,
            fights=zeros,
            fights_won=zeros,
            times_donko=zeros,
            fluchtkarten=zeros,
            eliminated_in_fight=zeros,
            damage=zeros,
        )
        s = State(
            setup=Setup(seed, (("deck", decks),) if decks else ()),
            trail=None,
            phase=PLAY,
            turn=0,
            hands=zeros,
            hidden=None,
            match=Match(games=self.G, game=0, orden=zeros, tally=tally, log=(), results=(), fights=0),
            standing=Standing(schlaeger=(SCHLAEGER,) * n, counted=(False,) * n, alive=self.all_seats),
            fight=Fight(number=1, donko_at_start=-1),
            round=Round(owner=-1),
        )
        return self._start_fight(s)

    @staticmethod
    def _decks(deck: Any) -> tuple[tuple[str, ...], ...] | None:
        """The stacked deck(s): one order of all 34 codes, or a list of such orders (fights 1, 2, ...)."""
        if deck is None:
            return None
        try:
            decks = check_decks(deck, C.parse_card, C.NCARDS, whole=True, example="['Bl1', 'Gr1', ...]")
        except ValueError as error:
            raise ValueError(
                _("a stacked deck lists each of the 34 fighter cards exactly once (Table 2.1): {error}").format(
                    error=error
                )
            ) from None
        return tuple(tuple(CODES[c] for c in order) for order in decks)

    def _order(self, s: State, number: int) -> list[int]:
        """BD-4.3 step 3: the shuffled fighter cards of fight ``number`` of this game (or the stacked deck)."""
        decks = s.setup.get("deck")
        if decks and s.match.fights < len(decks):
            return [C.parse_card(code) for code in decks[s.match.fights]]
        return shuffle(list(range(C.NCARDS)), s.setup.seed, "deal", s.match.game, number)

    def _start_fight(self, s: State, number: int | None = None) -> State:
        """BD-4.3: vest on, deal, betrayal, first controller (fight ``number`` of the game, default the state's)."""
        if number is None:
            number = s.fight.number
        standing = s.standing
        alive, donko = standing.alive, standing.donko
        seats = SEATS[alive]
        k = len(seats)
        dealt = (10 if k <= 3 else 8) * k  # step 4
        dealer = donko if donko >= 0 else seats[0]  # step 2
        order = self._order(s, number)
        # one card at a time clockwise from the seat after the dealer: the j-th seat of that
        # rotation gets cards j, j + k, j + 2k, ... of the order
        dealing = [0] * self.players
        p = dealer
        for j in range(k):
            p = NEXT[alive][p]
            dealing[p] = sum([1 << c for c in order[j:dealt:k]])
        hands = tuple(dealing)
        t = s.match.tally
        tally = t.replace(
            fights=tuple([f + (alive >> q & 1) for q, f in enumerate(t.fights)]),
            times_donko=with_item(t.times_donko, donko, t.times_donko[donko] + 1) if donko >= 0 else t.times_donko,
        )
        fight = Fight(number=number, donko_at_start=donko)  # step 1: vest on; no Wolf resting
        s = State(
            setup=s.setup,
            trail=s.trail,
            phase=PLAY,
            turn=dealer,
            hands=hands,
            hidden=None,
            match=s.match.replace(fights=s.match.fights + 1, tally=tally),
            standing=standing,
            fight=fight,
            round=Round(owner=-1),
        )
        if donko >= 0 and standing.bronko >= 0 and donko != standing.bronko:  # step 5, BD-10.7
            options = give_options(hands[donko])
            if len(options) == 1:
                return self._give(s, s.trail, options[0])
            return s.replace(phase=GIVE, turn=donko)
        if donko >= 0:  # pragma: no cover - a Donko always has a Bronko opposite (BD-4.3 step 5)
            return self._open_round(s, s.trail, hands, fight, donko)
        # step 6 without a Donko: the weakest non-white card in play opens and must be in the opening;
        # the bits of figure_masks run by strength, then colour, so it is the lowest one
        packed = figure_masks(sum(hands))
        weakest = RANK_CARD[(packed & -packed).bit_length() - 1]
        holder = next(q for q in seats if hands[q] >> weakest & 1)
        return self._open_round(s, s.trail, hands, fight.replace(required=weakest), holder)

    def _give(self, s: State, trail: Trail, cards: int) -> State:
        """BD-10.7 (a): the Donko hands the Bronko two cards, face up; the Bronko returns two (DP-2)."""
        d, b = s.standing.donko, s.standing.bronko
        hands = with_item(s.hands, d, s.hands[d] & ~cards)
        hands = with_item(hands, b, hands[b] | cards)
        return s.replace(
            trail=trail, hands=hands, fight=s.fight.replace(public=s.fight.public | cards), phase=RETURN, turn=b
        )

    def _return(self, s: State, trail: Trail, cards: int) -> State:
        """BD-10.7 (b), BD-10.8: the Bronko hands back two cards, face up; the Donko opens the first round."""
        d, b = s.standing.donko, s.standing.bronko
        hands = with_item(s.hands, b, s.hands[b] & ~cards)
        hands = with_item(hands, d, hands[d] | cards)
        return self._open_round(s, trail, hands, s.fight.replace(public=s.fight.public | cards), d)

    # -- whose decision ------------------------------------------------------------
    def _owns(self, state: Any) -> bool:
        return type(state) is State and len(state.hands) == self._players

    def _seats(self, state: Any) -> int:
        return len(state.hands)

    def _to_act(self, state: State) -> tuple[int, ...]:
        return () if state.phase == OVER else ONE[state.turn]

    def _turn_rule(self, state: State, seat: int) -> str:
        return turn_rule(state)

    # -- the legal actions: the judge of the decision due (legality.py) ---------------------
    def _legal(self, state: State, seat: int) -> tuple[Action, ...]:
        return legal(self, state, seat)

    # -- what a decision does --------------------------------------------------------
    def _step(self, state: State, seat: int | None, action: Action) -> State:
        assert seat is not None
        trail = extend(state.trail, seat, action)
        phase = state.phase
        if phase == PLAY:
            if isinstance(action, Place):
                return self._place(state, seat, action, trail)
            return self._duck(state, seat, trail)
        if phase == WOLFSBLUT:
            return self._wolfsblut(state, trail, action == STEAL)
        if phase == GONG:
            return self._gong(state, trail, seat, action)
        if isinstance(action, Hand2):
            if phase == GIVE:
                return self._give(state, trail, action.cards)
            return self._return(state, trail, action.cards)
        assert isinstance(action, Pick)
        if phase == ORDER:
            return self._settle_loser(state, trail, action.value)
        if phase == KNOCKOUT:
            return self._knock(state, trail, action.value)
        return self._haufen_to(state, trail, action.value)  # HAUFEN

    def _place(self, s: State, p: int, a: Place, trail: Trail) -> State:
        """BD-5.11: a formation placed in a round (opening, beat or box)."""
        f = a.form
        assert f is not None
        hand = s.hands[p] & ~f.req  # step 1: its cards leave the hand
        hands = with_item(s.hands, p, hand)
        fight = s.fight.placing(p, a.vest)
        if not hand:  # step 2: the fight ends (BD-8.1)
            return self._fight_end(s.replace(trail=trail, hands=hands, fight=fight), p, f)
        rnd = s.round
        t = f.strength[fight.revolution]
        boxed = a.verb == BOX  # a box leaves the current formation and its owner (BD-5.7)
        ring = rnd.ring or (rnd.last == t - 1 and rnd.last2 == t - 2)  # step 4: the Schlagring (BD-7.6)
        fours = rnd.fours + 1 if f.kind == GANG and f.size == 4 else rnd.fours  # BD-7.1
        rnd = rnd.replace(
            owner=rnd.owner if boxed else p,
            current=rnd.current if boxed else f,
            last=t,
            last2=rnd.last,
            ring=ring,
            fours=fours,
        )
        if f.wolf >= 0:  # step 3: the Wolfsblut window (BD-6.5), unless the placer holds the card himself
            declared = 1 << f.wolf
            if not hand & declared:
                for q in range(self.players):
                    if q != p and hands[q] & declared:
                        return s.replace(
                            trail=trail,
                            hands=hands,
                            fight=fight,
                            round=rnd,
                            phase=WOLFSBLUT,
                            turn=q,
                            wolfsblut=Wolfsblut(placer=p, verb=a.verb, formation=f),
                        )
        if boxed or f.fist[fight.revolution]:  # step 5, BD-5.8 (a) and (c)
            return self._round_ends(s, trail, hands, fight, rnd, p)
        return s.in_round(trail, NEXT[s.standing.alive & ~rnd.ducked][p], hands, fight, rnd)

    def _duck(self, s: State, p: int, trail: Trail) -> State:
        """BD-5.7: out for the rest of the round; BD-5.8 (b) when only the owner is left in it."""
        rnd = s.round
        left = s.standing.alive & ~(rnd.ducked | 1 << p)
        if left == 1 << rnd.owner:  # BD-5.8 (b)
            return self._round_ends(s, trail, s.hands, s.fight, rnd, rnd.owner)
        return s.in_round(trail, NEXT[left][p], s.hands, s.fight, rnd.ducking(p))

    def _round_ends(
        self, s: State, trail: Trail, hands: tuple[int, ...], fight: Fight, rnd: Round, controller: int
    ) -> State:
        """BD-5.12: the revolution check (BD-7.3), then the controller opens the next round."""
        if rnd.fours == 1:
            fight = fight.replace(revolution=not fight.revolution)
        return self._open_round(s, trail, hands, fight, controller)

    def _open_round(self, s: State, trail: Trail, hands: tuple[int, ...], fight: Fight, controller: int) -> State:
        """BD-5.6: a new round; a stolen Wolf's rest counts down (BD-6.6); the Wolf trap passes the opening on
        (BD-6.8)."""
        if hands[controller] == WOLF_BIT:
            controller = NEXT[s.standing.alive][controller]
        if fight.wolf_rest > 0:
            fight = fight.replace(wolf_rest=fight.wolf_rest - 1)
        return s.in_round(trail, controller, hands, fight, Round(owner=controller))

    def _wolfsblut(self, s: State, trail: Trail, steal: bool) -> State:
        """BD-6.5: steal (the real card takes the Wolf's place, BD-6.6: it rests) or decline; then BD-5.11 goes on."""
        window = s.wolfsblut
        assert window is not None
        f, p = window.formation, window.placer
        hands, fight, rnd = s.hands, s.fight, s.round
        if steal:
            q = s.turn
            hands = with_item(hands, q, hands[q] & ~(1 << f.wolf) | WOLF_BIT)
            fight = fight.replace(public=fight.public | WOLF_BIT, wolf_rest=2)  # BD-6.6: this round and the next
            if window.verb != BOX:
                rnd = rnd.replace(current=FORMS[f.plain])
        if window.verb == BOX or f.fist[fight.revolution]:  # BD-5.8 (a), (c)
            return self._round_ends(s, trail, hands, fight, rnd, p)
        return s.in_round(trail, NEXT[s.standing.alive & ~rnd.ducked][p], hands, fight, rnd)

    # -- fight end, gong, settlement (BD-8 - BD-11) -------------------------------------
    def _fight_end(self, s: State, winner: int, final: Formation) -> State:
        """BD-8.1 - BD-8.3: the Bronko of the fight takes the Bronko-Blut; the final gong begins."""
        losers = clockwise(s.standing.alive & ~(1 << winner), winner, self.players)
        t = s.match.tally
        tally = t.replace(fights_won=with_item(t.fights_won, winner, t.fights_won[winner] + 1))
        return s.replace(
            match=s.match.replace(tally=tally),
            standing=s.standing.replace(bronko=winner),
            round=Round(owner=winner, current=final),
            phase=GONG,
            turn=losers[0],
            settle=Settle(winner=winner, todo=losers, damage=(0,) * self.players),
        )

    def _gong(self, s: State, trail: Trail, p: int, a: Action) -> State:
        """BD-8.3 - BD-8.5: one loser boxes or passes; after the last one the settlement begins."""
        settle = settling(s)
        hands = s.hands
        if isinstance(a, Place):
            assert a.form is not None
            hands = with_item(hands, p, hands[p] & ~a.form.req)
            if not hands[p] and p == s.standing.donko:  # BD-8.4
                settle = settle.replace(emptied=True)
        i = settle.todo.index(p)
        if i + 1 < len(settle.todo):  # each loser once, clockwise from the winner
            return s.replace(trail=trail, hands=hands, turn=settle.todo[i + 1], settle=settle)
        return self._start_settlement(s.replace(trail=trail, hands=hands, settle=settle))

    def _start_settlement(self, s: State) -> State:
        """BD-9.1 - BD-9.2: Schlagkraft of every loser; the Bronko orders the losers (DP-7)."""
        settle = settling(s)
        double = 2 if vest_off(s.fight) else 1  # BD-9.2: once, however many removed their vest (BD-7.11)
        damage = list(settle.damage)
        for q in settle.todo:
            damage[q] = C.hand_damage(s.hands[q]) * double
        return self._next_loser(s, settle.replace(damage=tuple(damage)))

    def _next_loser(self, s: State, settle: Settle) -> State:
        """BD-9.1: the Bronko chooses the next loser to settle (DP-7); the last one is settled without asking."""
        if not settle.todo:
            return self._after_settlement(s.replace(settle=settle))
        if len(settle.todo) == 1:
            return self._settle_loser(s, s.trail, settle.todo[0], settle)
        return s.replace(phase=ORDER, turn=settle.winner, settle=settle)

    def _settle_loser(self, s: State, trail: Trail, q: int, settle: Settle | None = None) -> State:
        """BD-9.2 - BD-9.3: Schlagkraft and Flucht of one loser, then his knock-outs."""
        if settle is None:
            settle = settling(s)
        power = settle.damage[q]
        escaped = settle.escaped
        standing = s.standing
        if q == standing.donko and s.hands[q] and power == 0:  # BD-9.3
            if standing.flucht < 3:
                t = s.match.tally
                s = s.replace(
                    match=s.match.replace(
                        tally=t.replace(fluchtkarten=with_item(t.fluchtkarten, q, t.fluchtkarten[q] + 1))
                    ),
                    standing=standing.replace(flucht=standing.flucht + 1),
                )
            else:
                escaped = True
        return self._knockouts(s, trail, settle.begin(q, power, escaped), standing.schlaeger[q], standing.counted[q])

    def _knock(self, s: State, trail: Trail, hp: int) -> State:
        """DP-8: the Bronko knocks out the Schläger ``hp``; the knock-outs go on (BD-9.4)."""
        settle = settling(s)
        q = settle.loser
        left = tuple([x for x in s.standing.schlaeger[q] if x != hp])
        return self._knockouts(
            s, trail, settle.knocking(settle.power - hp, settle.knocked + (hp,)), left, s.standing.counted[q]
        )

    def _knockouts(self, s: State, trail: Trail, settle: Settle, left: tuple[int, ...], counted: bool) -> State:
        """BD-9.4 - BD-9.5 against the loser being settled, who has the Schläger ``left`` (the weakest angezählt
        if ``counted``): forced knock-outs run automatically, a real choice is DP-8; at the end his damage,
        HP lost and log entry are recorded."""
        q = settle.loser
        power = settle.power
        knocked = settle.knocked
        while left:  # (a)
            if counted:  # (b): the angezählt Schläger first, or nothing
                if left[0] > power:
                    break
                power -= left[0]
                knocked += (left[0],)
                left = left[1:]
                counted = False
                continue
            affordable = [hp for hp in left if hp <= power]  # (c)
            if not affordable:
                break
            if len(affordable) > 1:  # the Bronko chooses (DP-8)
                if power != settle.power:  # knock-outs made without a choice so far
                    settle = settle.knocking(power, knocked)
                return s.replace(
                    trail=trail,
                    standing=s.standing.knocked(q, left, counted),
                    phase=KNOCKOUT,
                    turn=settle.winner,
                    settle=settle,
                )
            hp = affordable[0]
            power -= hp
            knocked += (hp,)
            left = tuple([x for x in left if x != hp])
        newly = None
        if power > 0 and left:  # BD-9.5: the leftover
            if counted:
                knocked += (left[0],)
                left = left[1:]
                counted = False
            else:
                counted = True
                newly = left[0]
        m = s.match
        entry = Settled(
            game=m.game + 1,
            fight=m.fights,
            bronko=settle.winner,
            loser=q,
            schlagkraft=settle.start,
            knocked_out=knocked,
            counted=newly,
            vest_off=vest_off(s.fight),
        )
        match = m.logging(m.tally.settled(q, sum(knocked), settle.start), entry)  # damage suffered: BD-3.7, BD-9.2
        return self._next_loser(
            s.replace(trail=trail, match=match, standing=s.standing.knocked(q, left, counted)), settle.done()
        )

    def _after_settlement(self, s: State) -> State:
        """BD-9.6, BD-11.1 - BD-11.3 and BD-10: eliminations, game end, the Donko-Haufen."""
        settle = settling(s)
        standing = s.standing
        alive = standing.alive
        out = 0
        for q in range(self.players):
            if alive >> q & 1 and not standing.schlaeger[q]:
                out |= 1 << q
        if out:  # BD-11.1: out of the game, holding no cards (his leftover cards leave with him)
            alive &= ~out
            t = s.match.tally
            number = s.fight.number
            s = s.replace(
                match=s.match.replace(
                    tally=t.replace(
                        eliminated_in_fight=tuple(
                            [number if out >> q & 1 else f for q, f in enumerate(t.eliminated_in_fight)]
                        )
                    )
                ),
                standing=standing.replace(alive=alive),
                hands=tuple([0 if out >> q & 1 else h for q, h in enumerate(s.hands)]),
            )
        if bits(alive) == 1:  # BD-11.2
            return self._game_end(s, alive.bit_length() - 1)
        donko, winner = standing.donko, settle.winner
        if s.fight.donko_at_start < 0:  # BD-10.2 unassigned
            return self._haufen(s, [q for q in range(self.players) if alive >> q & 1 and q != winner], winner)
        if donko == winner or settle.escaped or settle.emptied or not alive >> donko & 1:  # BD-10.3 departure
            s = s.replace(standing=s.standing.replace(flucht=0))  # BD-10.5
            candidates = [q for q in range(self.players) if alive >> q & 1 and q not in (donko, winner)] or [winner]
            return self._haufen(s, candidates, donko)
        return self._start_fight(s, s.fight.number + 1)  # BD-10.4

    def _haufen(self, s: State, candidates: list[int], chooser: int) -> State:
        """BD-10.2 / BD-10.3: the most damage suffered, then the most cards in hand; a tie is DP-9 / DP-10."""
        settle = settling(s)
        key = {q: (settle.damage[q], bits(s.hands[q])) for q in candidates}
        best = max(key.values())
        tied = tuple([q for q in candidates if key[q] == best])
        if len(tied) == 1:
            return self._haufen_to(s, s.trail, tied[0])
        return s.replace(phase=HAUFEN, turn=chooser, settle=settle.replace(ties=tied))

    def _haufen_to(self, s: State, trail: Trail, r: int) -> State:
        """The Donko-Haufen goes to ``r`` (BD-10.5: the Fluchtkarten return when it leaves its holder);
        BD-10.6 cancels both tokens with two players; the next fight begins."""
        standing = s.standing
        if r == standing.bronko and bits(standing.alive) == 2:
            standing = standing.replace(donko=-1, bronko=-1, flucht=0)
        else:
            standing = standing.replace(donko=r, flucht=standing.flucht if r == standing.donko else 0)
        return self._start_fight(s.replace(trail=trail, standing=standing), s.fight.number + 1)

    def _game_end(self, s: State, winner: int) -> State:
        """BD-11.2 - BD-11.3: one Orden to the last player standing; maybe a new game (BD-4.2)."""
        n = self.players
        m = s.match
        result = GameResult(winner=winner, tally=m.tally, schlaeger=s.standing.schlaeger, alive=s.standing.alive)
        m = m.replace(
            orden=with_item(m.orden, winner, m.orden[winner] + 1), game=m.game + 1, results=m.results + (result,)
        )
        if m.game >= m.games:
            return s.replace(match=m, phase=OVER, turn=-1, settle=settling(s).replace(ties=()))
        m = m.replace(tally=m.tally.replace(eliminated_in_fight=(0,) * n))
        standing = Standing(schlaeger=(SCHLAEGER,) * n, counted=(False,) * n, alive=self.all_seats)
        return self._start_fight(s.replace(match=m, standing=standing), 1)

    # -- why an action is refused (only when it is not among the legal actions) ------------
    def _refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """The clause ``action`` breaks for ``seat`` now, in plain words, with what is allowed instead: asked of
        the judge that makes the legal actions (legality.py)."""
        return refusal(self, state, seat, action)

    # -- action texts ---------------------------------------------------------------
    def _parse(self, state: State, text: str, player: int | None) -> Action:
        words = text.split(" ")
        verb = words[0].lower()
        allowed = _(
            "an action is 'open|beat|box <cards> [vest-off]' with card codes like Ro5, Kose, Wolf=Ge6; "
            "'duck', 'pass', 'steal', 'decline', 'give C C', 'return C C', 'settle N', 'knock HP', 'donko N'"
        )
        if verb in WORDS and len(words) == 1:
            return WORDS[verb]
        if verb in VERBS:
            items = words[1:]
            vest = False
            if items and items[-1].lower() == "vest-off":
                vest, items = True, items[:-1]
            if not items:
                raise ValueError(
                    _("{verb} needs the cards of a formation; {allowed}").format(verb=verb, allowed=allowed)
                )
            mask, wolf = 0, -1
            for item in items:
                if item.lower().startswith("wolf="):
                    if wolf != -1:
                        raise ValueError(_("there is only one Wolf (BD-5.2)"))
                    code = item[5:]
                    if code.lower() == "wolf":
                        raise ValueError(_("the Wolf is declared as a card such as Wolf=Ge6"))
                    wolf = C.parse_card(code)
                    continue
                c = C.parse_card(item)
                if c == WOLF:
                    raise ValueError(_("a placed Wolf is written with its declared card, e.g. Wolf=Ge6 (BD-5.2)"))
                if mask >> c & 1:
                    raise ValueError(_("{card} is named twice").format(card=CODES[c]))
                mask |= 1 << c
            return canonical(Place(VERBS.index(verb), mask, wolf, vest))
        if verb in ("give", "return") and len(words) == 3:
            a, b = C.parse_card(words[1]), C.parse_card(words[2])
            if a == b:
                raise ValueError(_("name two different cards"))
            return Hand2(verb, (1 << a) | (1 << b))
        if verb in ("settle", "knock", "donko") and len(words) == 2:
            try:
                value = int(words[1])
            except ValueError:
                raise ValueError(_("{verb} takes a number; {allowed}").format(verb=verb, allowed=allowed)) from None
            if verb == "knock":
                if value not in KNOCK:
                    raise ValueError(
                        _("a Schläger has HP {values}, not {value}").format(
                            values=", ".join(map(str, SCHLAEGER)), value=value
                        )
                    )
                return KNOCK[value]
            if not 0 <= value < self.players:
                raise ValueError(
                    _("there is no seat {value}: seats are 0 to {last}").format(value=value, last=self.players - 1)
                )
            return (SETTLE if verb == "settle" else DONKO)[value]
        raise ValueError(_("cannot read {text}: {allowed}").format(text=excerpt(text), allowed=allowed))

    # -- what a player sees (BD-4.5) ------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        """Other hands hidden except the hands of players who took off their vest (BD-7.11), the cards exchanged
        in the betrayal and a stolen Wolf; the seed is replaced by 0."""
        open_hands = vest_removers(state.fight) | (1 << player)
        public = state.fight.public
        before = state.hidden  # a view's own hidden counts: the view of a view is the view
        hands, hidden = [], []
        for q, h in enumerate(state.hands):
            unseen = before[q] if before is not None else 0
            if open_hands >> q & 1:
                hands.append(h)
                hidden.append(unseen)
            else:
                hands.append(h & public)
                hidden.append(bits(h & ~public) + unseen)
        return state.seen_as(tuple(hands), tuple(hidden), player)

    def _hand(self, state: State, seat: int) -> tuple[str | None, ...] | None:
        """The codes of ``seat``'s cards, weakest first as render shows them; None for each hidden card."""
        shown: tuple[str | None, ...] = tuple(CODES[c] for c in sorted(C.cards_of(state.hands[seat]), key=C.sort_key))
        return shown + (None,) * (state.hidden[seat] if state.hidden is not None else 0)

    # -- what a step ended ----------------------------------------------------------------
    def _events(self, before: State, seat: int | None, action: Action, after: State) -> tuple[Event, ...]:
        """A round (won by who gained control, BD-5.8), a fight (its Bronko, BD-8.1), a game (BD-11.2)."""
        out = []
        if before.phase in (PLAY, WOLFSBLUT):
            if after.phase == GONG:  # BD-5.8 (d): the round and the fight end together
                out += [Event("round", seat), Event("fight", seat)]
            elif after.phase == PLAY and after.round.current is None and seat is not None:
                out.append(Event("round", control_gained(before, seat, action)))
        if after.match.game != before.match.game:
            out.append(Event("game", after.match.results[-1].winner))
        return tuple(out)


# ---------------------------------------------------------------------------
# Stacked scenarios (for teaching and tests)


def deck_for(hands: Any, dealer: int = 0, out: Any = ()) -> list[str]:
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
        raise ValueError(_("give one hand for each of 2-4 seats, got {n}").format(n=n))
    per = 10 if n <= 3 else 8
    for seat, h in enumerate(named):
        if len(h) != per:
            raise ValueError(
                _("seat {seat} needs exactly {per} cards with {players} players (BD-4.3 step 4), got {got}").format(
                    seat=seat, per=per, players=n, got=len(h)
                )
            )
    idx = [[C.parse_card(code) for code in h] for h in named]
    rest = [C.parse_card(code) for code in (out.split() if isinstance(out, str) else out)]
    used = [c for h in idx for c in h] + rest
    if len(set(used)) != len(used):
        raise ValueError(_("a card appears twice; each fighter card exists once (BD-2.1)"))
    order = [idx[(dealer + 1 + k) % n][i] for i in range(per) for k in range(n)]
    order += rest + [c for c in range(C.NCARDS) if c not in set(used)]
    return [CODES[c] for c in order]


# The judges of each decision (what is legal, and why anything else is refused) use the records, actions and
# formations above: imported last, once these exist.
from .legality import legal, refusal  # noqa: E402
