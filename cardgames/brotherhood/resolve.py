"""The automatic parts of a round and the questions they ask (BH-4.2, BH-4.3, BH-4.10 to BH-4.15).

A round is run as straight-line code over a :class:`~.board.Work` table.  Where the
rules need a decision (the BH-7 table) the code asks an :class:`Asker`: the answer
comes from the answers already given in this part of the round, or the run stops
with :class:`Pending` and the state waits for that decision.  Because every die roll
is numbered (BH-4.16), running the same part again with one more answer repeats the
same rolls and reaches the next question.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Union

from ..core.game import Action
from ..core.record import KEEP, KEEP_INT, Keep, Record
from .board import (
    DEAD,
    DISTRICTS,
    HIT_ON,
    INF,
    JAIL,
    KILLER,
    KIND_NAMES,
    ROUNDS,
    SRC,
    STOCK,
    THUG,
    UPKEEP,
    YIELD,
    Work,
    pname,
)

# ---------------------------------------------------------------------------
# Decisions other than orders (BH-7)


class Decision(Action):
    """A decision of BH-7 other than an order: its text is its words (:func:`decision_words`)."""

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(decision_words(self))


@dataclass(frozen=True, slots=True)
class Word(Decision):
    """A one-word decision: submit, pass, done, fight, concede."""

    word: str


SUBMIT: Final = Word("submit")
PASS: Final = Word("pass")
DONE: Final = Word("done")
FIGHT: Final = Word("fight")
CONCEDE: Final = Word("concede")
WORDS: Final = {w.word: w for w in (SUBMIT, PASS, DONE, FIGHT, CONCEDE)}


@dataclass(frozen=True, slots=True)
class Transfer(Decision):
    """DP-2 (BH-4.3): give ``amount`` GE to another player at once: ``transfer P2 5``."""

    to: int
    amount: int


@dataclass(frozen=True, slots=True)
class Dismiss(Decision):
    """DP-1 (BH-4.2.4): withdraw one shooter to stock because upkeep exceeds GE: ``dismiss d thug``."""

    district: int
    kind: int


@dataclass(frozen=True, slots=True)
class Influence(Decision):
    """DP-5 (BH-4.11.4): inf_remove / inf_jail / inf_close against another player: ``inf_jail P2``."""

    verb: str
    target: int


@dataclass(frozen=True, slots=True)
class Target(Decision):
    """DP-6 / DP-10 (BH-4.12.2): assign ``n`` of one's thugs or killers to a target: ``target P2 thug 1``."""

    target: int
    kind: int
    n: int = 1


@dataclass(frozen=True, slots=True)
class Claim(Decision):
    """DP-8 (BH-4.14.3): claim ``n`` more of a player's unprotected sources: ``claim P2 1``."""

    target: int
    n: int = 1


@dataclass(frozen=True, slots=True)
class Propose(Decision):
    """DP-7 / DP-9 (BH-4.15.1): propose that ``winner`` gets the contested estate or claim: ``propose P2``."""

    winner: int


PLACE_TEXT: Final[tuple[str, ...]] = ("a", "b", "c", "d", "e", "f", "stock", "jail")


@dataclass(frozen=True, slots=True)
class Give(Decision):
    """DP-7 / DP-9 (BH-4.15.1): one line of a proposed division.

    Takeover: ``give P2 1`` (one more of the contested sources to P2; end with ``submit``).
    Estate: ``give P2 b source 1`` / ``give P2 jail thug 1`` / ``give P2 stock killer 1``
    (complete when every marker of the estate is given).
    """

    to: int
    place: int = -1  # estate: district 0-5, STOCK or JAIL; -1 in a takeover
    kind: int = -1
    n: int = 1


def decision_words(a: Decision) -> tuple[str, ...]:
    """The words of a decision's text, its verb first: ``("target", "P2", "thug", "1")``."""
    if isinstance(a, Word):
        return (a.word,)
    if isinstance(a, Transfer):
        return ("transfer", pname(a.to), str(a.amount))
    if isinstance(a, Dismiss):
        return ("dismiss", DISTRICTS[a.district], KIND_NAMES[a.kind])
    if isinstance(a, Influence):
        return (a.verb, pname(a.target))
    if isinstance(a, Target):
        return ("target", pname(a.target), KIND_NAMES[a.kind], str(a.n))
    if isinstance(a, Claim):
        return ("claim", pname(a.target), str(a.n))
    if isinstance(a, Propose):
        return ("propose", pname(a.winner))
    assert isinstance(a, Give)
    if a.place < 0:
        return ("give", pname(a.to), str(a.n))
    return ("give", pname(a.to), PLACE_TEXT[a.place], KIND_NAMES[a.kind], str(a.n))


class Question(Record):
    """A decision the rules wait for (BH-7): who decides, what about, and the facts that list the choices.

    ``info`` by kind: transfer (receivers); dismiss ((district, kind) of each shooter he may
    withdraw); influence (markers left, players he may inf_remove, inf_jail, inf_close);
    targets (participants, (thugs, killers) of each asked player, the fight or None);
    claims (limit L of each asked player, unprotected sources of each player); propose
    ("estate", V, (place, kind, count) groups) or ("takeover", Q, claims, contested sources);
    fight (the contest: ("estate", V) or ("takeover", Q)).
    """

    kind: str  # dismiss transfer influence targets claims propose fight
    players: tuple[int, ...]  # who decides
    district: int = -1  # where (-1: nowhere in particular)
    info: tuple[Any, ...] = ()
    simultaneous: bool = False  # sealed decisions of several players, revealed together (BH-4.9)

    # generated by scripts/records.py from the fields above; do not edit
    # fmt: off
    FIELDS = ("kind", "players", "district", "info", "simultaneous")

    def __init__(self, kind: str, players: tuple[int, ...], district: int = -1, info: tuple[Any, ...] = (), simultaneous: bool = False) -> None:
        self.kind = kind
        self.players = players
        self.district = district
        self.info = info
        self.simultaneous = simultaneous

    def replace(self, *, kind: str | Keep = KEEP, players: tuple[int, ...] | Keep = KEEP, district: int = KEEP_INT, info: tuple[Any, ...] | Keep = KEEP, simultaneous: bool | Keep = KEEP) -> Question:
        return Question(self.kind if kind is KEEP else kind, self.players if players is KEEP else players, self.district if district == KEEP_INT else district, self.info if info is KEEP else info, self.simultaneous if simultaneous is KEEP else simultaneous)
    # fmt: on


Sealed = tuple[tuple[Action, ...], ...]  # the sealed decisions of a question's players, in their order
# what answers a question: one decision, or everybody's sealed ones
Answer = Union[Action, Sealed]  # noqa: UP007 - kept as Union: a module-level alias the compiler reads
Killed = tuple[int, int, tuple[int, ...]]  # a godfather killed: (district, victim, his rivals, BH-4.12.5)


class Pending(Exception):
    """The run reached a question nobody has answered yet."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.kind)
        self.question = question


class Asker:
    """Hands out the answers given so far, in order; stops at the first question without one."""

    def __init__(self, answers: tuple[Answer, ...]) -> None:
        self.answers = answers
        self.pos = 0

    def _next(self, question: Question) -> Answer:
        pos = self.pos
        if pos < len(self.answers):
            self.pos = pos + 1
            return self.answers[pos]
        raise Pending(question)

    def one(self, question: Question) -> Action:
        """The decision of the one player ``question`` asks."""
        answer = self._next(question)
        assert isinstance(answer, Action)
        return answer

    def sealed(self, question: Question) -> Sealed:
        """The sealed decisions of every player ``question`` asks, in the order of ``question.players``."""
        answer = self._next(question)
        assert isinstance(answer, tuple)
        return answer


def priority(elim: Sequence[int], rnd: int) -> list[int]:
    """BH-1.4: active players in seat order, starting at seat (r - 1) mod N."""
    n = len(elim)
    start = (rnd - 1) % n
    return [(start + i) % n for i in range(n) if not elim[(start + i) % n]]


def upkeep(w: Work, p: int) -> int:
    """BH-4.2.3: what p's thugs and killers on the board cost this round."""
    thug, killer = UPKEEP[THUG], UPKEEP[KILLER]
    return sum([thug * row[p][THUG] + killer * row[p][KILLER] for row in w.board])


# ---------------------------------------------------------------------------
# Phase (a) and step b0


def run_start(w: Work, rnd: int, ask: Asker) -> None:
    """Phase (a) income and upkeep (BH-4.2); the b0 transfer window follows (:func:`next_transferer`)."""
    if rnd < 2:  # BH-3.2: no income phase in round 1
        return
    for p in priority(w.elim, rnd):
        income = 0
        for x in range(6):
            s = w.board[x][p][SRC]
            if s:
                amount = s * YIELD[x]
                if x in w.zero:  # E02 last round (BH-4.2.1)
                    amount = 0
                elif x in w.half:  # E03
                    amount //= 2
                income += amount
        w.ge[p] += income
        w.income[p] += income
        w.log.append(("income", p, income, w.ge[p]))
        while True:
            cost = upkeep(w, p)
            if cost <= w.ge[p]:
                break
            # BH-4.2.4: withdraw shooters one at a time until the upkeep is covered; he chooses which
            options = tuple([(x, k) for x in range(6) for k in (THUG, KILLER) if w.board[x][p][k]])
            if len(options) == 1:
                x, k = options[0]
            else:
                a = ask.one(Question(kind="dismiss", players=(p,), info=options))
                assert isinstance(a, Dismiss)
                x, k = a.district, a.kind
            w.board[x][p][k] -= 1
            w.stock[p][k] += 1
            w.log.append(("dismiss", p, x, k))
        w.ge[p] -= cost
        if cost:
            w.log.append(("upkeep", p, cost, w.ge[p]))
    w.zero = ()
    w.half = ()


def next_transferer(
    ge: Sequence[int], elim: Sequence[int], rnd: int, pass_no: int, idx: int, moved: bool
) -> tuple[int, int, bool, int] | None:
    """BH-4.3: the next player asked in the transfer window, as (pass, index, moved, player), or None.

    Passes go in priority order; the window closes after a pass without a transfer or after
    three passes.  A player without GE (or without anybody to give to) is not asked.
    """
    order = priority(elim, rnd)
    if len(order) < 2:
        return None
    while pass_no < 3:
        while idx < len(order):
            p = order[idx]
            if ge[p] > 0:
                return pass_no, idx, moved, p
            idx += 1
        if not moved:
            return None
        pass_no, idx, moved = pass_no + 1, 0, False
    return None


# ---------------------------------------------------------------------------
# Phases (c) and (d)


def run_resolve(w: Work, rnd: int, ask: Asker) -> None:
    """c1 event, c2 influence, d1 shootouts, d3 estates, d2 takeovers with d4 fights (BH-4.1)."""
    no_influence, no_gang = event(w, rnd)
    for x in range(6):
        if x != no_influence:
            influence(w, x, ask)
    killed: list[Killed] = []
    for x in range(6):
        if x != no_gang:
            killed.extend(shootout(w, rnd, x, ask))
    estates(w, rnd, killed, ask)
    for x in range(6):
        if x != no_gang:
            takeover(w, rnd, x, ask)


def _roll_count(w: Work, count: int, lo: int, hi: int) -> tuple[int, tuple[int, ...]]:
    """``count`` dice: how many show lo-hi, and the rolls."""
    rolls = tuple([w.roll() for _ in range(count)])
    return sum([1 for r in rolls if lo <= r <= hi]), rolls


def event(w: Work, rnd: int) -> tuple[int, int]:
    """BH-4.10 / BH-2.5: draw the top card, roll the district, apply the card there.

    Returns the districts without influence (E07) and without gang actions (E14) this round, or -1.
    """
    card = w.deck[0]
    w.deck = w.deck[1:]
    x = w.roll() - 1
    w.event = (card, x)
    w.log.append(("event", card, x, rnd))
    no_influence = no_gang = -1
    n = w.n
    row = w.board[x]
    if card == 1:
        for p in range(n):
            if w.gf[p] == x:
                w.gf[p] = JAIL
                w.log.append(("to_jail", p, x, "godfather", 1, ()))
    elif card in (2, 3):
        if rnd < ROUNDS:  # stored for the next round's income phase, if there is one
            if card == 2:
                w.zero = (x,)
            else:
                w.half = (x,)
    elif card == 4:
        for p in range(n):
            s = row[p][SRC]
            if s:
                row[p][SRC] = 0
                w.stock[p][SRC] += s
                w.log.append(("removed", p, x, "source", s, ()))
    elif card in (5, 6):
        hi = 3 if card == 5 else 2
        for p in range(n):
            s = row[p][SRC]
            if s:
                k, rolls = _roll_count(w, s, 1, hi)
                row[p][SRC] -= k
                w.stock[p][SRC] += k
                w.log.append(("removed", p, x, "source", k, rolls))
    elif card == 7:
        no_influence = x
    elif card == 8:
        if not w.controlled(x):
            for p in range(n):
                s = row[p][INF]
                if s:
                    row[p][INF] = 0
                    w.stock[p][INF] += s
                    w.log.append(("removed", p, x, "influence", s, ()))
    elif card == 9:
        for p in range(n):
            s = row[p][INF]
            if s:
                k, rolls = _roll_count(w, s, 1, 3)
                row[p][INF] -= k
                w.stock[p][INF] += k
                w.log.append(("removed", p, x, "influence", k, rolls))
    elif card in (10, 11, 12):
        lo, hi = {10: (1, 6), 11: (1, 2), 12: (3, 6)}[card]
        for p in range(n):
            s = row[p][THUG]
            if s:
                if card == 10:
                    k, rolls = s, ()
                else:
                    k, rolls = _roll_count(w, s, lo, hi)
                row[p][THUG] -= k
                w.jail[p][0] += k
                w.log.append(("to_jail", p, x, "thug", k, rolls))
    elif card == 13:
        for p in range(n):
            s = row[p][KILLER]
            if s:
                k, rolls = _roll_count(w, s, 1, 3)
                row[p][KILLER] -= k
                w.jail[p][1] += k
                w.log.append(("to_jail", p, x, "killer", k, rolls))
    elif card == 14:
        no_gang = x
    elif card == 15:
        for p in range(n):
            s, t = row[p][SRC], row[p][THUG]
            if s:
                k, rolls = _roll_count(w, s, 1, 1)
                row[p][SRC] -= k
                w.stock[p][SRC] += k
                w.log.append(("removed", p, x, "source", k, rolls))
            if t:
                k, rolls = _roll_count(w, t, 1, 1)
                row[p][THUG] -= k
                w.jail[p][0] += k
                w.log.append(("to_jail", p, x, "thug", k, rolls))
    return no_influence, no_gang


def influence(w: Work, x: int, ask: Asker) -> None:
    """BH-4.11: political influence in district x, strongest unblocked player first."""
    row = w.board[x]
    strength = {p: row[p][INF] for p in range(w.n) if not w.elim[p] and row[p][INF]}  # the snapshot (BH-4.11.1)
    if not strength:
        return
    values = list(strength.values())
    unblocked = sorted([p for p, s in strength.items() if values.count(s) == 1], key=lambda p: -strength[p])
    for p in unblocked:
        u = row[p][INF]
        used = 0
        while u - used > 0:
            left = u - used
            others = [q for q in range(w.n) if q != p and not w.elim[q]]
            remove = tuple([q for q in others if left >= 2 and strength.get(q, 0) < strength[p] and row[q][INF]])
            jail = tuple([q for q in others if row[q][THUG]])
            close = tuple([q for q in others if row[q][SRC]])
            if not (remove or jail or close):
                break
            a = ask.one(Question(kind="influence", players=(p,), district=x, info=(left, remove, jail, close)))
            if not isinstance(a, Influence):  # done
                break
            q = a.target
            if a.verb == "inf_remove":
                row[q][INF] -= 1
                w.stock[q][INF] += 1
                used += 2
            elif a.verb == "inf_jail":
                row[q][THUG] -= 1
                w.jail[q][0] += 1
                used += 1
            else:
                row[q][SRC] -= 1
                w.stock[q][SRC] += 1
                used += 1
            w.log.append(("influence", p, x, a.verb, q))


def participants(w: Work, x: int) -> list[int]:
    """BH-4.12.1: the active players with a godfather, thug or killer in x."""
    row = w.board[x]
    return [p for p in range(w.n) if not w.elim[p] and (w.gf[p] == x or row[p][THUG] or row[p][KILLER])]


def shootout(
    w: Work, rnd: int, x: int, ask: Asker, among: list[int] | None = None, about: tuple[Any, ...] | None = None
) -> list[Killed]:
    """BH-4.12 (or a BH-4.15.5 volley among ``among`` in the fight ``about``): returns the godfathers killed."""
    parts = participants(w, x) if among is None else among
    row = w.board[x]
    if len(parts) < 2 or not any([row[p][THUG] or row[p][KILLER] for p in parts]):
        return []
    assign: dict[int, dict[int, list[int]]] = {}  # shooter -> target -> [thugs, killers]
    if len(parts) == 2:
        a, b = parts
        assign[a] = {b: [row[a][THUG], row[a][KILLER]]}
        assign[b] = {a: [row[b][THUG], row[b][KILLER]]}
    else:  # BH-4.12.2: sealed target assignments
        shooters = tuple([p for p in parts if row[p][THUG] or row[p][KILLER]])
        info = (tuple(parts), tuple([(row[p][THUG], row[p][KILLER]) for p in shooters]), about)
        answer = ask.sealed(Question(kind="targets", players=shooters, district=x, info=info, simultaneous=True))
        for p, atoms in zip(shooters, answer):
            mine: dict[int, list[int]] = {}
            assign[p] = mine
            for t in atoms:
                assert isinstance(t, Target)
                mine.setdefault(t.target, [0, 0])[t.kind - THUG] += t.n
    return volley(w, rnd, x, parts, assign)


def volley(w: Work, rnd: int, x: int, parts: list[int], assign: dict[int, dict[int, list[int]]]) -> list[Killed]:
    """BH-4.12.3-5: every shooter rolls once; hits remove thugs, then killers, then the godfather.

    Returns the godfathers killed as (district, victim, rivals), rivals being every other
    participant of this shootout (BH-4.12.5).
    """
    n = w.n
    hits = [0] * n
    for p in parts:
        mine = assign.get(p)
        if not mine:
            continue
        for kind in (THUG, KILLER):  # BH-4.16: thugs before killers, grouped by target in seat order
            need = HIT_ON[kind]
            for q in sorted(mine):
                count = mine[q][kind - THUG]
                if not count:
                    continue
                rolls = tuple([w.roll() for _ in range(count)])
                h = sum([1 for r in rolls if r <= need])
                hits[q] += h
                w.log.append(("shots", p, q, x, kind, rolls, h))
    killed: list[Killed] = []
    row = w.board[x]
    for q in parts:
        h = hits[q]
        if not h:
            continue
        m = row[q]
        lt = min(h, m[THUG])
        h -= lt
        lk = min(h, m[KILLER])
        h -= lk
        m[THUG] -= lt
        m[KILLER] -= lk
        w.lost[q] += lt + lk
        dead = h > 0 and w.gf[q] == x
        if dead:
            w.gf[q] = DEAD
            w.elim[q] = rnd
            w.fallen = w.fallen + (q,)
            # BH-4.12.5: rivals(q) are all other participants of this shootout (or of this volley of a
            # decision fight, BH-4.15.5), whether or not they hit him
            killed.append((x, q, tuple([p for p in parts if p != q])))
        w.log.append(("losses", q, x, lt, lk, dead))
    return killed


def estates(w: Work, rnd: int, killed: list[Killed], ask: Asker) -> None:
    """BH-4.13: estates of killed godfathers, district a-f then seat order.

    The claimants of V's estate are the players of rivals(V) still active now (BH-4.13.2):
    a rival killed in the same shootout, later in d1 or in an earlier decision fight has no claim.
    """
    for x, v, rivals in sorted(killed):
        claimants = tuple([r for r in rivals if not w.elim[r]])
        w.log.append(("claimants", v, x, claimants))
        if not claimants:
            remove_estate(w, v, "no claimant")
            continue
        if len(claimants) == 1:
            inherit(w, v, claimants[0])
            continue
        groups = estate_groups(w, v)
        answer = ask.sealed(
            Question(kind="propose", players=claimants, district=x, info=("estate", v, groups), simultaneous=True)
        )
        divisions = {estate_division(atoms, groups) for atoms in answer}
        if len(divisions) == 1:  # BH-4.15.1: identical proposals are executed
            division = next(iter(divisions))
            w.log.append(("agreement", claimants, x, "estate", v, division))
            divide_estate(w, v, division)
            continue
        winner, newly = fight(w, rnd, x, claimants, ("estate", v), ask)
        if winner is None:
            remove_estate(w, v, "no winner")
        else:
            inherit(w, v, winner)
        estates(w, rnd, newly, ask)


def inherit(w: Work, v: int, h: int) -> None:
    """BH-4.13.4: every marker of v changes owner to h where it lies."""
    for row in w.board:
        for k in range(4):
            row[h][k] += row[v][k]
            row[v][k] = 0
    for k in range(2):
        w.jail[h][k] += w.jail[v][k]
        w.jail[v][k] = 0
    for k in range(4):
        w.stock[h][k] += w.stock[v][k]
        w.stock[v][k] = 0
    w.log.append(("inherit", v, h))


def remove_estate(w: Work, v: int, why: str) -> None:
    """BH-4.13.3 (no claimant) or BH-4.13.5 (nobody won the fight): every marker of v leaves the game."""
    for row in w.board:
        row[v] = [0, 0, 0, 0]
    w.jail[v] = [0, 0]
    w.stock[v] = [0, 0, 0, 0]
    w.log.append(("estate_removed", v, why))


def fight(
    w: Work, rnd: int, x: int, contestants: tuple[int, ...], about: tuple[Any, ...], ask: Asker
) -> tuple[int | None, list[Killed]]:
    """BH-4.15: decision fight in x; returns (winner or None, godfathers killed in it)."""
    remaining = list(contestants)
    newly: list[Killed] = []
    volleys = 0
    row = w.board[x]
    while True:
        # BH-4.15.3: a contestant without shooters here, or eliminated, leaves the contest
        remaining = [p for p in remaining if not w.elim[p] and (row[p][THUG] or row[p][KILLER])]
        if len(remaining) <= 1:
            break
        if volleys >= 100:  # BH-4.15.6
            remaining = []
            w.log.append(("fight_cap", x))
            break
        answer = ask.sealed(Question(kind="fight", players=tuple(remaining), district=x, info=about, simultaneous=True))
        for p, atoms in zip(remaining, answer):  # BH-4.15.2
            if atoms[0] == CONCEDE:
                w.log.append(("concede", p, x))
        remaining = [p for p, atoms in zip(remaining, answer) if atoms[0] == FIGHT]
        if len(remaining) <= 1:
            break
        newly.extend(shootout(w, rnd, x, ask, among=remaining, about=about))  # BH-4.15.5
        volleys += 1
    winner = remaining[0] if len(remaining) == 1 else None
    w.log.append(("fight_won", x, about, winner))
    return winner, newly


def unprotected(w: Work, q: int, x: int) -> int:
    """BH-4.14.1: q's sources in x if nothing else of his stands there (influence protects)."""
    m = w.board[x][q]
    if w.elim[q] or not m[SRC] or m[INF] or m[THUG] or m[KILLER] or w.gf[q] == x:
        return 0
    return m[SRC]


def takeover(w: Work, rnd: int, x: int, ask: Asker) -> None:
    """BH-4.14: claims on unprotected sources in x, granted or fought over."""
    row = w.board[x]
    n = w.n
    takers = [p for p in range(n) if not w.elim[p] and (row[p][THUG] or row[p][KILLER])]
    if not takers:
        return
    free = tuple([unprotected(w, q, x) for q in range(n)])
    if not any(free):
        return
    askers: list[int] = []
    limits: list[int] = []
    for p in takers:
        limit = min(row[p][THUG] + row[p][KILLER], w.stock[p][SRC])  # BH-4.14.2
        if limit and any([free[q] for q in range(n) if q != p]):
            askers.append(p)
            limits.append(limit)
    if not askers:
        return
    answer = ask.sealed(
        Question(kind="claims", players=tuple(askers), district=x, info=(tuple(limits), free), simultaneous=True)
    )
    claims = [[0] * n for _ in range(n)]  # claims[q][p]
    for p, atoms in zip(askers, answer):
        for c in atoms:
            if isinstance(c, Claim):
                claims[c.target][p] += c.n
    received = [0] * n
    for q in range(n):
        # a claimant killed in an earlier fight in x is eliminated and decides nothing more (BH-4.13.1)
        on_q = [(p, claims[q][p]) for p in range(n) if claims[q][p] and not w.elim[p]]
        if not on_q:
            continue
        free_now = unprotected(w, q, x)
        if sum([count for _, count in on_q]) <= free_now:  # BH-4.14.4: all granted
            for p, count in on_q:
                grant(w, x, p, q, count, received)
            continue
        contestants = tuple([p for p, _ in on_q])
        winner: int | None
        if len(contestants) == 1:
            winner = contestants[0]
        else:
            claimed = tuple([claims[q][p] for p in contestants])
            answer = ask.sealed(
                Question(
                    kind="propose",
                    players=contestants,
                    district=x,
                    info=("takeover", q, claimed, free_now),
                    simultaneous=True,
                )
            )
            divisions = {takeover_division(atoms, contestants, claimed, free_now) for atoms in answer}
            if len(divisions) == 1:  # BH-4.15.1: identical proposals are executed
                division = next(iter(divisions))
                w.log.append(("agreement", contestants, x, "takeover", q, division))
                for p, share in zip(contestants, division):
                    if share:
                        grant(w, x, p, q, share, received)
                continue
            winner, newly = fight(w, rnd, x, contestants, ("takeover", q), ask)
            estates(w, rnd, newly, ask)  # BH-4.1 (d3): right after the fight, before its claim is granted
        if winner is not None and not w.elim[winner]:
            grant(w, x, winner, q, min(claims[q][winner], unprotected(w, q, x)), received)


Group = tuple[int, int, int]  # (place, kind, count) of an estate's markers
Share = tuple[int, int, int, int]  # (place, kind, heir, count) of a division of an estate


def estate_groups(w: Work, v: int) -> tuple[Group, ...]:
    """V's markers as (place, kind, count): board a-f, then the Jail, then his stock."""
    groups: list[Group] = []
    for x in range(6):
        for k in range(4):
            if w.board[x][v][k]:
                groups.append((x, k, w.board[x][v][k]))
    for k in (THUG, KILLER):
        if w.jail[v][k - THUG]:
            groups.append((JAIL, k, w.jail[v][k - THUG]))
    for k in range(4):
        if w.stock[v][k]:
            groups.append((STOCK, k, w.stock[v][k]))
    return tuple(groups)


def estate_division(atoms: tuple[Action, ...], groups: tuple[Group, ...]) -> tuple[Share, ...]:
    """A proposal as ((place, kind, heir, count), ...): ``propose P2`` gives everything to P2."""
    first = atoms[0] if atoms else None
    if isinstance(first, Propose):
        return tuple([(place, kind, first.winner, count) for place, kind, count in groups])
    shares: dict[tuple[int, int, int], int] = {}
    for a in atoms:
        if isinstance(a, Give):
            key = (a.place, a.kind, a.to)
            shares[key] = shares.get(key, 0) + a.n
    return tuple(sorted([(place, kind, to, n) for (place, kind, to), n in shares.items()]))


def takeover_division(
    atoms: tuple[Action, ...], contestants: tuple[int, ...], claimed: tuple[int, ...], free: int
) -> tuple[int, ...]:
    """A proposal as the number of contested sources per contestant: ``propose P2`` gives P2 his claim."""
    first = atoms[0] if atoms else None
    if isinstance(first, Propose):
        return tuple([min(c, free) if p == first.winner else 0 for p, c in zip(contestants, claimed)])
    shares = dict.fromkeys(contestants, 0)
    for a in atoms:
        if isinstance(a, Give):
            shares[a.to] += a.n
    return tuple([shares[p] for p in contestants])


def divide_estate(w: Work, v: int, division: tuple[Share, ...]) -> None:
    """BH-4.15.1: execute an agreed division of v's estate (markers change owner where they lie)."""
    for place, kind, heir, n in division:
        if place == JAIL:
            w.jail[v][kind - THUG] -= n
            w.jail[heir][kind - THUG] += n
        elif place == STOCK:
            w.stock[v][kind] -= n
            w.stock[heir][kind] += n
        else:
            w.board[place][v][kind] -= n
            w.board[place][heir][kind] += n
    heirs = sorted({d[2] for d in division})
    if len(heirs) == 1:  # everything to one contestant: he inherits the whole estate
        w.log.append(("inherit", v, heirs[0]))
        return
    for heir in heirs:
        w.log.append(("inherit_part", v, heir, sum([d[3] for d in division if d[2] == heir])))


def grant(w: Work, x: int, p: int, q: int, count: int, received: list[int]) -> None:
    """BH-4.14.5: swap q's sources in x for p's, one at a time, while p can."""
    row = w.board[x]
    done = 0
    for _ in range(count):
        if not w.stock[p][SRC] or received[p] >= row[p][THUG] + row[p][KILLER] or not row[q][SRC]:
            break
        row[q][SRC] -= 1
        w.stock[q][SRC] += 1
        w.stock[p][SRC] -= 1
        row[p][SRC] += 1
        received[p] += 1
        done += 1
    w.log.append(("takeover", p, q, x, done, count))
