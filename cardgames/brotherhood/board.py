# mypy: ignore-errors
"""The Brotherhood's board: districts, prices, event cards, and the table of markers.

A :class:`Table` is the frozen picture of everything on the table (BH-4.9: all of it is
public except the order of the event deck).  :class:`Work` is its mutable twin used
while a resolution step runs; ``Work(table).freeze()`` gives a new Table.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.rng import generator

DISTRICTS = "abcdef"
CAPACITY = (3, 3, 4, 5, 7, 8)  # BH-2.3
SOURCE_COST = (10, 8, 6, 4, 2, 2)
YIELD = (5, 4, 3, 2, 1, 1)
INFLUENCE_COST = (11, 9, 7, 5, 3, 3)

# marker kinds: index into a player's 4-tuple in a district or in his stock
SRC, INF, THUG, KILLER = 0, 1, 2, 3
KIND_NAMES = ("source", "influence", "thug", "killer")
SHOOTER_KINDS = {"thug": THUG, "killer": KILLER}
FREE_PRICE = {THUG: 2, KILLER: 4}  # BH-2.4
DEPLOY_PRICE = {THUG: 2, KILLER: 4}
UPKEEP = {THUG: 2, KILLER: 4}
GODFATHER_FREE_PRICE = 10
HIT_ON = {THUG: 2, KILLER: 5}  # BH-4.12.3: a thug hits on 1-2, a killer on 1-5

# godfather locations besides the districts 0-5
STOCK, JAIL, DEAD = 6, 7, 8
PLACE_NAMES = DISTRICTS + "S"  # dest text: a-f or "stock"

START_GE = 20  # BH-3.2
SUPPLY = (12, 5, 12, 2)  # BH-2.1: sources, influence, thugs, killers
ROUNDS = 12  # BH-3.4

EVENTS = tuple(f"E{i:02d}" for i in range(1, 16))  # BH-2.5
EVENT_TEXT = {
    1: "every godfather goes to the Jail",
    2: "sources yield nothing in the next income phase",
    3: "sources yield half in the next income phase",
    4: "every source is removed",
    5: "each source is removed on 1-3",
    6: "each source is removed on 1-2",
    7: "no political influence this round",
    8: "every influence marker is removed unless the district is controlled",
    9: "each influence marker is removed on 1-3",
    10: "every thug goes to the Jail",
    11: "each thug goes to the Jail on 1-2",
    12: "each thug goes to the Jail on 3-6",
    13: "each killer goes to the Jail on 1-3",
    14: "no gang actions this round",
    15: "each source is removed and each thug jailed on 1",
}


def pname(p: int) -> str:
    """Seat 0 is P1 in the rules document's naming."""
    return f"P{p + 1}"


def place_name(loc: int) -> str:
    if loc < 6:
        return DISTRICTS[loc]
    return ("stock", "Jail", "dead")[loc - 6]


@dataclass(frozen=True, slots=True)
class Table:
    """Everything on the table at one moment."""

    ge: tuple[int, ...]
    elim: tuple[int, ...]  # 0: active; else the round of elimination (BH-4.13.1)
    gf: tuple[int, ...]  # godfather location: district 0-5, STOCK, JAIL or DEAD
    board: tuple[tuple[tuple[int, int, int, int], ...], ...]  # [district][player] -> (src, inf, thug, killer)
    stock: tuple[tuple[int, int, int, int], ...]  # [player] -> (src, inf, thug, killer)
    jail: tuple[tuple[int, int], ...]  # [player] -> (thugs, killers)
    deck: tuple[int, ...]  # event cards still in the deck, top first (hidden: BH-4.9)
    dice: int  # die rolls made so far (position in the roll sequence, BH-4.16)
    zero: tuple[int, ...] = ()  # districts hit by E02 last round (BH-4.2.1)
    half: tuple[int, ...] = ()  # districts hit by E03 last round
    event: tuple[int, int] | None = None  # the last event: (card 1-15, district)
    lost: tuple[int, ...] = ()  # per player: shooters lost in shootouts (settlement)
    income: tuple[int, ...] = ()  # per player: income earned over the game (settlement)
    fallen: tuple[int, ...] = ()  # eliminated players, in order of elimination

    @property
    def players(self) -> int:
        return len(self.ge)

    def active(self) -> tuple[int, ...]:
        return tuple(p for p, e in enumerate(self.elim) if not e)

    def controller(self, x: int) -> int:
        """BH-1.4: the player who alone has markers in district x, or -1."""
        owner = -1
        for p, m in enumerate(self.board[x]):
            if m[0] or m[1] or m[2] or m[3] or self.gf[p] == x:
                if owner >= 0:
                    return -1
                owner = p
        return owner


def new_table(players: int, deck: tuple[int, ...]) -> Table:
    z = (0,) * players
    return Table(
        ge=(START_GE,) * players,
        elim=z,
        gf=(STOCK,) * players,
        board=tuple(((0, 0, 0, 0),) * players for _ in range(6)),
        stock=(SUPPLY,) * players,
        jail=((0, 0),) * players,
        deck=deck,
        dice=0,
        lost=z,
        income=z,
    )


_DICE: dict[tuple[int, int], tuple[int, ...]] = {}


def seeded_die(seed: int, index: int) -> int:
    """Die roll number ``index`` of the game with ``seed`` (drawn in blocks of 256)."""
    key = (seed, index >> 8)
    block = _DICE.get(key)
    if block is None:
        if len(_DICE) > 4096:
            _DICE.clear()
        rng = generator(seed, "dice", index >> 8)
        block = _DICE[key] = tuple(rng.randint(1, 6) for _ in range(256))
    return block[index & 255]


class Work:
    """A mutable copy of a Table for one resolution step; ``freeze`` gives the next Table."""

    __slots__ = ("ge", "elim", "gf", "board", "stock", "jail", "deck", "dice", "zero", "half", "event",
                 "lost", "income", "fallen", "n", "seed", "stacked", "log")

    def __init__(self, t: Table, seed: int, stacked: tuple[int, ...]):
        self.n = len(t.ge)
        self.ge = list(t.ge)
        self.elim = list(t.elim)
        self.gf = list(t.gf)
        self.board = [[list(m) for m in row] for row in t.board]
        self.stock = [list(s) for s in t.stock]
        self.jail = [list(j) for j in t.jail]
        self.deck = t.deck
        self.dice = t.dice
        self.zero = t.zero
        self.half = t.half
        self.event = t.event
        self.lost = list(t.lost)
        self.income = list(t.income)
        self.fallen = t.fallen
        self.seed = seed
        self.stacked = stacked
        self.log: list[tuple] = []

    def freeze(self) -> Table:
        return Table(
            ge=tuple(self.ge),
            elim=tuple(self.elim),
            gf=tuple(self.gf),
            board=tuple(tuple(tuple(m) for m in row) for row in self.board),
            stock=tuple(tuple(s) for s in self.stock),
            jail=tuple(tuple(j) for j in self.jail),
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
        i = self.dice
        self.dice = i + 1
        if i < len(self.stacked):
            return self.stacked[i]
        return seeded_die(self.seed, i)

    # -- questions about the board -----------------------------------------
    def active(self) -> list[int]:
        return [p for p in range(self.n) if not self.elim[p]]

    def shooters(self, p: int, x: int) -> int:
        m = self.board[x][p]
        return m[THUG] + m[KILLER]

    def present(self, p: int, x: int) -> bool:
        m = self.board[x][p]
        return bool(m[0] or m[1] or m[2] or m[3] or self.gf[p] == x)

    def controlled(self, x: int) -> bool:
        return sum(1 for p in range(self.n) if self.present(p, x)) == 1


def _letter(x, what: str = "a district a-f") -> int:
    """A district letter in any case ('c' or 'C') as 0-5."""
    if isinstance(x, str) and len(x) == 1 and x.lower() in DISTRICTS:
        return DISTRICTS.index(x.lower())
    raise ValueError(f"a place is {what}, not {x!r}")


def build_table(players: int, *, ge=None, markers=None, godfathers=None, jail=None, stock=None,
                deck=None, elim=None) -> Table:
    """A table for a teaching scenario or a test.

    ``markers`` maps (seat, district letter) to (sources, influence, thugs, killers);
    ``godfathers`` maps seat to a district letter, "stock" or "jail"; ``jail`` maps seat
    to (thugs, killers); ``stock`` maps seat to (sources, influence, thugs, killers)
    (default: the BH-2.1 supply less what is on the board and in the Jail); ``ge`` is
    one number for all or a per-seat sequence; ``deck`` lists event cards (1-15) top first.
    """
    n = players
    ge = (START_GE,) * n if ge is None else ((ge,) * n if isinstance(ge, int) else tuple(ge))
    board = [[[0, 0, 0, 0] for _ in range(n)] for _ in range(6)]
    for (p, x), m in (markers or {}).items():
        board[_letter(x)][p] = list(m) + [0] * (4 - len(m))
    gf = [STOCK] * n
    for p, where in (godfathers or {}).items():
        gf[p] = {"stock": STOCK, "jail": JAIL, "dead": DEAD}.get(str(where).lower(), None)
        if gf[p] is None:
            gf[p] = _letter(where, "a district a-f, stock, jail or dead")
    jails = [[0, 0] for _ in range(n)]
    for p, j in (jail or {}).items():
        jails[p] = list(j)
    stocks = []
    for p in range(n):
        if stock and p in stock:
            stocks.append(tuple(stock[p]))
        else:
            used = [sum(board[x][p][k] for x in range(6)) for k in range(4)]
            used[THUG] += jails[p][0]
            used[KILLER] += jails[p][1]
            stocks.append(tuple(max(0, SUPPLY[k] - used[k]) for k in range(4)))
    return Table(
        ge=ge,
        elim=tuple(elim) if elim else (0,) * n,
        gf=tuple(gf),
        board=tuple(tuple(tuple(m) for m in row) for row in board),
        stock=tuple(stocks),
        jail=tuple(tuple(j) for j in jails),
        deck=tuple(deck) if deck is not None else tuple(range(1, 16)),
        dice=0,
        lost=(0,) * n,
        income=(0,) * n,
    )
