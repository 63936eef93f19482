"""The Brotherhood's board: districts, prices, event cards, and the table of markers.

A :class:`Table` is the record of everything on the table at one moment (BH-4.9: all of
it is public except the order of the event deck).  :class:`Work` is the scratch copy that
one automatic part of a round (income and upkeep, the execution of the order sets, the
resolution) changes marker by marker; ``work.to_table()`` records what it made.  A Work
never leaves the step that made it: states hold Tables only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..core.game import said_word_by_word
from ..core.i18n import N_, NP_, Catalog
from ..core.inputs import excerpt
from ..core.record import KEEP, KEEP_INT, Keep, Record
from ..core.rng import source

CATALOG: Final = Catalog("brotherhood")  # the game's German texts, shared by its modules
_, ngettext = CATALOG.functions()

DISTRICTS: Final = "abcdef"
# per district a-f (BH-2.3); typed as tuples of any length, which compiled code indexes as they are (a
# fixed-length tuple type would be packed into a new tuple object for every index that is not a constant)
CAPACITY: Final[tuple[int, ...]] = (3, 3, 4, 5, 7, 8)
SOURCE_COST: Final[tuple[int, ...]] = (10, 8, 6, 4, 2, 2)
YIELD: Final[tuple[int, ...]] = (5, 4, 3, 2, 1, 1)
INFLUENCE_COST: Final[tuple[int, ...]] = (11, 9, 7, 5, 3, 3)

# marker kinds: the index into a player's 4-tuple in a district or in his stock
SRC: Final = 0
INF: Final = 1
THUG: Final = 2
KILLER: Final = 3
KIND_NAMES: Final[tuple[str, ...]] = ("source", "influence", "thug", "killer")
FREE_PRICE: Final = {THUG: 2, KILLER: 4}  # BH-2.4
DEPLOY_PRICE: Final = {THUG: 2, KILLER: 4}
UPKEEP: Final = {THUG: 2, KILLER: 4}
GODFATHER_FREE_PRICE: Final = 10
HIT_ON: Final = {THUG: 2, KILLER: 5}  # BH-4.12.3: a thug hits on 1-2, a killer on 1-5

# godfather locations besides the districts 0-5
STOCK: Final = 6
JAIL: Final = 7
DEAD: Final = 8

START_GE: Final = 20  # BH-3.2
SUPPLY: Final[tuple[int, ...]] = (12, 5, 12, 2)  # BH-2.1: sources, influence, thugs, killers
ROUNDS: Final = 12  # BH-3.4

EVENTS: Final = tuple(f"E{i:02d}" for i in range(1, 16))  # BH-2.5
EVENT_TEXT: Final = {  # shown translated: _(EVENT_TEXT[card])
    1: N_("every godfather goes to the Jail"),
    2: N_("sources yield nothing in the next income phase"),
    3: N_("sources yield half in the next income phase"),
    4: N_("every source is removed"),
    5: N_("each source is removed on 1-3"),
    6: N_("each source is removed on 1-2"),
    7: N_("no political influence this round"),
    8: N_("every influence marker is removed unless the district is controlled"),
    9: N_("each influence marker is removed on 1-3"),
    10: N_("every thug goes to the Jail"),
    11: N_("each thug goes to the Jail on 1-2"),
    12: N_("each thug goes to the Jail on 3-6"),
    13: N_("each killer goes to the Jail on 1-3"),
    14: N_("no gang actions this round"),
    15: N_("each source is removed and each thug jailed on 1"),
}

# (sources, influence, thugs, killers) of one player in one place: typed as a tuple of any length, which
# compiled code passes on as it is (a fixed-length tuple type would be unpacked and packed again)
Markers = tuple[int, ...]
Entry = tuple[Any, ...]  # one log entry of a step: ("income", p, amount, ge), ("shots", ...) ... (news.py)


def pname(p: int) -> str:
    """Seat 0 is P1 in the rules document's naming."""
    return f"P{p + 1}"


def pnames(players: Sequence[int]) -> str:
    """P1, P2 and P3."""
    names = [pname(p) for p in players]
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def place_name(loc: int) -> str:
    """A godfather's place as action texts write it: a district a-f, stock, Jail or dead."""
    if loc < 6:
        return DISTRICTS[loc]
    return ("stock", "Jail", "dead")[loc - 6]


#: the words of the action texts (``build_source e 1``, ``deploy e thug 2``, ``godfather stock``) as people read
#: them, said by :func:`said` in the log and the refusals, and by the buttons of the widgets (their face of the
#: game), so each is said the same everywhere: "build source e 1", "Quelle bauen e 1"
ACTION_WORDS: Final = {
    "free": NP_("brotherhood", "free"),
    "free_godfather": NP_("brotherhood", "free godfather to"),
    "close": NP_("brotherhood", "close"),
    "build_source": NP_("brotherhood", "build source"),
    "build_influence": NP_("brotherhood", "build influence"),
    "withdraw": NP_("brotherhood", "withdraw"),
    "deploy": NP_("brotherhood", "deploy"),
    "godfather": NP_("brotherhood", "godfather to"),
    "submit": NP_("brotherhood", "submit"),
    "transfer": NP_("brotherhood", "transfer"),
    "pass": NP_("brotherhood", "pass"),
    "dismiss": NP_("brotherhood", "dismiss"),
    "inf_jail": NP_("brotherhood", "influence: jail"),
    "inf_close": NP_("brotherhood", "influence: close source"),
    "inf_remove": NP_("brotherhood", "influence: remove marker"),
    "done": NP_("brotherhood", "done"),
    "target": NP_("brotherhood", "target"),
    "claim": NP_("brotherhood", "claim"),
    "give": NP_("brotherhood", "give"),
    "propose": NP_("brotherhood", "propose"),
    "fight": NP_("brotherhood", "fight"),
    "concede": NP_("brotherhood", "concede"),
    "source": NP_("brotherhood", "source"),
    "influence": NP_("brotherhood", "influence"),
    "thug": NP_("brotherhood", "thug"),
    "killer": NP_("brotherhood", "killer"),
    "stock": NP_("brotherhood", "stock"),
    "jail": NP_("brotherhood", "jail"),
}


def word(text: str) -> str:
    """A word of the action texts as people read it in the language in use (a district, a number as it is)."""
    return CATALOG.word(ACTION_WORDS, text)


def said(words: Sequence[str]) -> str:
    """The words of an action text as people read them: ``build_source e 1`` is "build source e 1"."""
    return said_word_by_word(words, word)


def kind_text(kind: int, n: int) -> str:
    """``n`` markers of ``kind`` in words, for people: "1 thug", "2 thugs" ("2 Schläger")."""
    if kind == SRC:
        return ngettext("{n} source", "{n} sources", n).format(n=n)
    if kind == INF:
        return ngettext("{n} influence marker", "{n} influence markers", n).format(n=n)
    if kind == THUG:
        return ngettext("{n} thug", "{n} thugs", n).format(n=n)
    return ngettext("{n} killer", "{n} killers", n).format(n=n)


class Table(Record):
    """Everything on the table at one moment."""

    ge: tuple[int, ...]  # per player: his GE (BH-1.4)
    elim: tuple[int, ...]  # per player: 0 while active, else the round of his elimination (BH-4.13.1)
    gf: tuple[int, ...]  # per player: where his godfather is: district 0-5, STOCK, JAIL or DEAD
    board: tuple[tuple[Markers, ...], ...]  # [district][player]: his markers there
    stock: tuple[Markers, ...]  # [player]: his markers in stock
    jail: tuple[tuple[int, ...], ...]  # [player]: (thugs, killers) in the Jail
    deck: tuple[int, ...]  # event cards still in the deck, top first (hidden: BH-4.9)
    dice: int  # die rolls made so far: the position in the roll sequence (BH-4.16)
    zero: tuple[int, ...] = ()  # districts hit by E02 last round (BH-4.2.1)
    half: tuple[int, ...] = ()  # districts hit by E03 last round
    event: tuple[int, int] | None = None  # the last event: (card 1-15, district)
    lost: tuple[int, ...] = ()  # per player: shooters lost in shootouts (settlement)
    income: tuple[int, ...] = ()  # per player: income earned over the game (settlement)
    fallen: tuple[int, ...] = ()  # eliminated players, in order of elimination

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("ge", "elim", "gf", "board", "stock", "jail", "deck", "dice", "zero", "half", "event", "lost", "income", "fallen")

    def __init__(self, ge: tuple[int, ...], elim: tuple[int, ...], gf: tuple[int, ...], board: tuple[tuple[Markers, ...], ...], stock: tuple[Markers, ...], jail: tuple[tuple[int, ...], ...], deck: tuple[int, ...], dice: int, zero: tuple[int, ...] = (), half: tuple[int, ...] = (), event: tuple[int, int] | None = None, lost: tuple[int, ...] = (), income: tuple[int, ...] = (), fallen: tuple[int, ...] = ()) -> None:
        self.ge = ge
        self.elim = elim
        self.gf = gf
        self.board = board
        self.stock = stock
        self.jail = jail
        self.deck = deck
        self.dice = dice
        self.zero = zero
        self.half = half
        self.event = event
        self.lost = lost
        self.income = income
        self.fallen = fallen

    def replace(self, *, ge: tuple[int, ...] | Keep = KEEP, elim: tuple[int, ...] | Keep = KEEP, gf: tuple[int, ...] | Keep = KEEP, board: tuple[tuple[Markers, ...], ...] | Keep = KEEP, stock: tuple[Markers, ...] | Keep = KEEP, jail: tuple[tuple[int, ...], ...] | Keep = KEEP, deck: tuple[int, ...] | Keep = KEEP, dice: int = KEEP_INT, zero: tuple[int, ...] | Keep = KEEP, half: tuple[int, ...] | Keep = KEEP, event: tuple[int, int] | None | Keep = KEEP, lost: tuple[int, ...] | Keep = KEEP, income: tuple[int, ...] | Keep = KEEP, fallen: tuple[int, ...] | Keep = KEEP) -> Table:
        return Table(self.ge if ge is KEEP else ge, self.elim if elim is KEEP else elim, self.gf if gf is KEEP else gf, self.board if board is KEEP else board, self.stock if stock is KEEP else stock, self.jail if jail is KEEP else jail, self.deck if deck is KEEP else deck, self.dice if dice == KEEP_INT else dice, self.zero if zero is KEEP else zero, self.half if half is KEEP else half, self.event if event is KEEP else event, self.lost if lost is KEEP else lost, self.income if income is KEEP else income, self.fallen if fallen is KEEP else fallen)
    # fmt: on

    @property
    def players(self) -> int:
        return len(self.ge)

    def active(self) -> tuple[int, ...]:
        """The players not eliminated, in seat order."""
        return tuple([p for p, e in enumerate(self.elim) if not e])

    def controller(self, x: int) -> int:
        """BH-1.4: the player who alone has markers in district x, or -1."""
        owner = -1
        gf = self.gf
        for p, m in enumerate(self.board[x]):
            if m[0] or m[1] or m[2] or m[3] or gf[p] == x:
                if owner >= 0:
                    return -1
                owner = p
        return owner


def new_table(players: int, deck: tuple[int, ...]) -> Table:
    """BH-3.2: the table at the start: 20 GE each, the BH-2.1 supply in stock, godfathers in stock."""
    z = (0,) * players
    return Table(
        ge=(START_GE,) * players,
        elim=z,
        gf=(STOCK,) * players,
        board=tuple([((0, 0, 0, 0),) * players for _i in range(6)]),
        stock=(SUPPLY,) * players,
        jail=((0, 0),) * players,
        deck=deck,
        dice=0,
        lost=z,
        income=z,
    )


DICE_BLOCK: Final = 256  # the seeded dice come in blocks of this many rolls, each from its own generator (BH-4.16)


class SeededDice:
    """The seeded dice of the game with ``seed`` (BH-4.16): roll ``index`` is in block ``index // 256``, and
    each block is drawn from its own generator, only as far as the game gets.

    It holds the block it draws from.  The rules keep the dice of the game they last stepped
    (``BrotherhoodRules._dice_of``), so a step rolls on where the step before it stopped instead of
    drawing the block again from its first roll; the rolls are a function of the seed alone, so
    which steps share one changes no roll.
    """

    def __init__(self, seed: int) -> None:
        self.seed: int = seed
        self.block: int = -1  # the block drawn from, and its rolls so far
        self.bits: Callable[[int], int] = _no_bits
        self.rolls: list[int] = []

    def die(self, index: int) -> int:
        """Roll number ``index`` of the game."""
        block = index // DICE_BLOCK
        if block != self.block:
            self.block = block
            self.bits = source(self.seed, "dice", block).getrandbits
            self.rolls = []
        i = index % DICE_BLOCK
        rolls = self.rolls
        bits = self.bits
        while len(rolls) <= i:
            # a die: 3 random bits until they are below 6, plus 1, which is how random.randint(1, 6)
            # draws (Random._randbelow), without its three Python-level calls per roll
            r = bits(3)
            while r >= 6:
                r = bits(3)
            rolls.append(r + 1)
        return rolls[i]


def _no_bits(k: int) -> int:
    raise AssertionError("no block of dice drawn yet")


def seeded_die(seed: int, index: int) -> int:
    """Die roll number ``index`` of the game with ``seed`` (BH-4.16); for many rolls, one :class:`SeededDice`."""
    return SeededDice(seed).die(index)


class Work:
    """The table of one automatic step, changed marker by marker; ``to_table`` records the result."""

    def __init__(self, t: Table, seeded: SeededDice, stacked: tuple[int, ...]) -> None:
        self.n: int = len(t.ge)
        self.ge: list[int] = list(t.ge)
        self.elim: list[int] = list(t.elim)
        self.gf: list[int] = list(t.gf)
        self.board: list[list[list[int]]] = [[list(m) for m in row] for row in t.board]
        self.stock: list[list[int]] = [list(s) for s in t.stock]
        self.jail: list[list[int]] = [list(j) for j in t.jail]
        self.deck: tuple[int, ...] = t.deck
        self.dice: int = t.dice
        self.zero: tuple[int, ...] = t.zero
        self.half: tuple[int, ...] = t.half
        self.event: tuple[int, int] | None = t.event
        self.lost: list[int] = list(t.lost)
        self.income: list[int] = list(t.income)
        self.fallen: tuple[int, ...] = t.fallen
        self.stacked: tuple[int, ...] = stacked  # the die results given at setup (BH-2.6), then seeded dice
        self.seeded: SeededDice = seeded  # the dice of the game's seed (BH-4.16)
        self.log: list[Entry] = []  # what happened, in order: the news of the step

    def to_table(self) -> Table:
        """The Table as this work left it."""
        return Table(
            ge=tuple(self.ge),
            elim=tuple(self.elim),
            gf=tuple(self.gf),
            board=tuple([tuple([tuple(m) for m in row]) for row in self.board]),
            stock=tuple([tuple(s) for s in self.stock]),
            jail=tuple([tuple(j) for j in self.jail]),
            deck=self.deck,
            dice=self.dice,
            zero=self.zero,
            half=self.half,
            event=self.event,
            lost=tuple(self.lost),
            income=tuple(self.income),
            fallen=self.fallen,
        )

    # -- dice (BH-2.6, BH-4.16) ---------------------------------------------
    def roll(self) -> int:
        """The next die of the game: a stacked one while they last, then the seeded dice."""
        i = self.dice
        self.dice = i + 1
        if i < len(self.stacked):
            return self.stacked[i]
        return self.seeded.die(i)

    # -- questions about the board -----------------------------------------
    def present(self, p: int, x: int) -> bool:
        """Has p a marker or his godfather in district x (BH-1.4)?"""
        m = self.board[x][p]
        return bool(m[0] or m[1] or m[2] or m[3] or self.gf[p] == x)

    def controlled(self, x: int) -> bool:
        """BH-1.4: exactly one player has markers in district x."""
        return sum([1 for p in range(self.n) if self.present(p, x)]) == 1


def _letter(x: object, godfather: bool = False) -> int:
    """A district letter in any case ('c' or 'C') as 0-5 (``godfather``: the error names his other places)."""
    if isinstance(x, str) and len(x) == 1 and x.lower() in DISTRICTS:
        return DISTRICTS.index(x.lower())
    if godfather:
        raise ValueError(_("a place is a district a-f, stock, jail or dead, not {value}").format(value=excerpt(x)))
    raise ValueError(_("a place is a district a-f, not {value}").format(value=excerpt(x)))


def _markers(m: Sequence[int]) -> Markers:
    """(sources, influence, thugs, killers), the missing ones 0."""
    return tuple((list(m) + [0] * 4)[:4])


def build_table(
    players: int,
    *,
    ge: int | Sequence[int] | None = None,
    markers: Mapping[tuple[int, str], Sequence[int]] | None = None,
    godfathers: Mapping[int, str] | None = None,
    jail: Mapping[int, Sequence[int]] | None = None,
    stock: Mapping[int, Sequence[int]] | None = None,
    deck: Sequence[int] | None = None,
    elim: Sequence[int] | None = None,
) -> Table:
    """A table for a teaching scenario or a test.

    ``markers`` maps (seat, district letter) to (sources, influence, thugs, killers);
    ``godfathers`` maps seat to a district letter, "stock" or "jail"; ``jail`` maps seat
    to (thugs, killers); ``stock`` maps seat to (sources, influence, thugs, killers)
    (default: the BH-2.1 supply less what is on the board and in the Jail); ``ge`` is
    one number for all or a per-seat sequence; ``deck`` lists event cards (1-15) top first.
    """
    n = players
    purse = (START_GE,) * n if ge is None else ((ge,) * n if isinstance(ge, int) else tuple(ge))
    board: list[list[Markers]] = [[(0, 0, 0, 0)] * n for _i in range(6)]
    for (p, x), m in (markers or {}).items():
        board[_letter(x)][p] = _markers(m)
    gf = [STOCK] * n
    for p, where in (godfathers or {}).items():
        special = {"stock": STOCK, "jail": JAIL, "dead": DEAD}.get(str(where).lower())
        gf[p] = special if special is not None else _letter(where, godfather=True)
    jails: list[tuple[int, ...]] = [(0, 0)] * n
    for p, j in (jail or {}).items():
        jails[p] = tuple(j)
    stocks = []
    for p in range(n):
        if stock and p in stock:
            stocks.append(_markers(stock[p]))
        else:
            used = [sum([board[x][p][k] for x in range(6)]) for k in range(4)]
            used[THUG] += jails[p][0]
            used[KILLER] += jails[p][1]
            stocks.append(_markers([max(0, SUPPLY[k] - used[k]) for k in range(4)]))
    return Table(
        ge=purse,
        elim=tuple(elim) if elim else (0,) * n,
        gf=tuple(gf),
        board=tuple([tuple(row) for row in board]),
        stock=tuple(stocks),
        jail=tuple(jails),
        deck=tuple(deck) if deck is not None else tuple(range(1, 16)),
        dice=0,
        lost=(0,) * n,
        income=(0,) * n,
    )
