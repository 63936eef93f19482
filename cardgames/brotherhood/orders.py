# mypy: ignore-errors
"""Order sets (BH-4.4 to BH-4.7): the atomic orders, their validation codes V01-V11, execution.

An order set is validated on the player's own snapshot (BH-4.5): :func:`set_errors`
lists every error of a whole set; :func:`legal_orders` lists the atomic orders that
keep a partly written set valid, so a set built from them is never refused.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.game import Action
from .board import (
    CAPACITY, DEPLOY_PRICE, DISTRICTS, FREE_PRICE, GODFATHER_FREE_PRICE, INF, INFLUENCE_COST, JAIL, KILLER,
    SOURCE_COST, SRC, STOCK, THUG, Table, Work, pname, place_name,
)

FREE, FREE_GF, CLOSE, BUILD_SRC, BUILD_INF, WITHDRAW, DEPLOY, GODFATHER = (
    "free", "free_godfather", "close", "build_source", "build_influence", "withdraw", "deploy", "godfather")
VERBS = (FREE, FREE_GF, CLOSE, BUILD_SRC, BUILD_INF, WITHDRAW, DEPLOY, GODFATHER)
STEP = {FREE: "b1", FREE_GF: "b1", CLOSE: "b2", BUILD_SRC: "b3", BUILD_INF: "b4", WITHDRAW: "b5", DEPLOY: "b5",
        GODFATHER: "b5"}
KIND_TEXT = {THUG: "thug", KILLER: "killer"}

CODES = {
    "V01": ("UNKNOWN_DISTRICT", "BH-4.6"),
    "V02": ("BAD_ORDER", "BH-4.6"),
    "V03": ("PLAYER_ELIMINATED", "BH-4.13"),
    "V04": ("GODFATHER_JAILED", "BH-4.8"),
    "V05": ("NOT_IN_JAIL", "BH-4.6"),
    "V06": ("NOT_IN_DISTRICT", "BH-4.6"),
    "V07": ("NOT_IN_STOCK", "BH-4.6"),
    "V08": ("CAPACITY", "BH-4.6"),
    "V09": ("GODFATHER_NOT_PLACED", "BH-4.4"),
    "V10": ("DUPLICATE_GODFATHER", "BH-4.6"),
    "V11": ("UNAFFORDABLE", "BH-4.5"),
}


@dataclass(frozen=True, slots=True)
class Order(Action):
    """One atomic order of BH-4.4: ``build_source c 1``, ``deploy e thug 2``, ``godfather e``."""

    verb: str
    district: int = -1  # 0-5 for close/build/withdraw/deploy
    kind: int = -1  # THUG or KILLER for free/withdraw/deploy
    n: int = 1
    dest: int = -1  # 0-5 or STOCK for free_godfather/godfather

    def __str__(self) -> str:
        v = self.verb
        if v == FREE:
            return f"free {KIND_TEXT[self.kind]} {self.n}"
        if v in (FREE_GF, GODFATHER):
            return f"{v} {place_name(self.dest)}"
        if v in (WITHDRAW, DEPLOY):
            return f"{v} {DISTRICTS[self.district]} {KIND_TEXT[self.kind]} {self.n}"
        return f"{v} {DISTRICTS[self.district]} {self.n}"


@dataclass(frozen=True, slots=True)
class OrderSet(Action):
    """A whole order set written in one line and submitted at once: ``build_source c 1; godfather e``."""

    orders: tuple[Order, ...]

    def __str__(self) -> str:
        text = "; ".join(map(str, self.orders))
        return text + "; submit" if len(self.orders) < 2 else text


class OrderError(ValueError):
    """One validation error: a V-code, the clause and what went wrong."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        name, clause = CODES[self.code]
        return f"{self.code} {name} ({clause}): {self.message}"

    def text(self, rule: str) -> str:
        """The error inside a refusal whose clause is ``rule``: its own clause only where it differs."""
        name, clause = CODES[self.code]
        return f"{self.code} {name}{'' if clause == rule else f' ({clause})'}: {self.message}"


# prebuilt atoms (n = 1) for legal_actions
FREE_ORDERS = {k: Order(FREE, kind=k) for k in (THUG, KILLER)}
FREE_GF_ORDERS = tuple(Order(FREE_GF, dest=d) for d in range(7))
CLOSE_ORDERS = tuple(Order(CLOSE, district=x) for x in range(6))
BUILD_SRC_ORDERS = tuple(Order(BUILD_SRC, district=x) for x in range(6))
BUILD_INF_ORDERS = tuple(Order(BUILD_INF, district=x) for x in range(6))
WITHDRAW_ORDERS = tuple({k: Order(WITHDRAW, district=x, kind=k) for k in (THUG, KILLER)} for x in range(6))
DEPLOY_ORDERS = tuple({k: Order(DEPLOY, district=x, kind=k) for k in (THUG, KILLER)} for x in range(6))
GODFATHER_ORDERS = tuple(Order(GODFATHER, dest=d) for d in range(7))
# the godfather orders offered with ``dests`` destinations (6: a-f, 7: also stock) to a godfather at ``here``:
# not the place where he already is (a move there changes nothing, BH-4.4)
MOVES = {(dests, here): tuple(o for o in GODFATHER_ORDERS[:dests] if o.dest != here)
         for dests in (6, 7) for here in range(9)}


def multipliers(snapshot: Table, p: int, controllers=None) -> tuple[int, ...]:
    """BH-4.4: m = 2 where another player controls the district in the snapshot, else 1."""
    if controllers is None:
        controllers = [snapshot.controller(x) for x in range(6)]
    return tuple(2 if c >= 0 and c != p else 1 for c in controllers)


def placement_error(t: Table, rnd: int, p: int, orders) -> list[OrderError]:
    """V09 alone, for a set whose orders were each checked when written."""
    if rnd < 5:
        return []
    final = t.gf[p]
    for o in orders:
        if o.verb in (FREE_GF, GODFATHER):
            final = o.dest
    if final == STOCK:
        return [OrderError("V09", f"from round 5 your godfather must stand in a district (round {rnd})")]
    return []


def order_cost(o: Order, m: tuple[int, ...]) -> int:
    v = o.verb
    if v == FREE:
        return FREE_PRICE[o.kind] * o.n
    if v == FREE_GF:
        return GODFATHER_FREE_PRICE
    if v == BUILD_SRC:
        return SOURCE_COST[o.district] * m[o.district] * o.n
    if v == BUILD_INF:
        return INFLUENCE_COST[o.district] * m[o.district] * o.n
    if v == DEPLOY:
        return DEPLOY_PRICE[o.kind] * m[o.district] * o.n
    return 0


class Sums:
    """What a (partial) order set asks for, step by step (BH-4.5)."""

    __slots__ = ("cost", "free", "close", "build", "infl", "wd", "dep", "gf", "others")

    def __init__(self, orders, m):
        self.cost = 0
        self.free = [0, 0, 0, 0]
        self.close = [0] * 6
        self.build = [0] * 6
        self.infl = [0] * 6
        self.wd = [[0, 0, 0, 0] for _ in range(6)]
        self.dep = [[0, 0, 0, 0] for _ in range(6)]
        self.gf: list[Order] = []
        self.others = 0
        for o in orders:
            self.add(o, m)

    def add(self, o: Order, m) -> None:
        self.cost += order_cost(o, m)
        v = o.verb
        if v in (FREE_GF, GODFATHER):
            self.gf.append(o)
            if v == GODFATHER:
                self.others += 1
            return
        self.others += 1
        if v == FREE:
            self.free[o.kind] += o.n
        elif v == CLOSE:
            self.close[o.district] += o.n
        elif v == BUILD_SRC:
            self.build[o.district] += o.n
        elif v == BUILD_INF:
            self.infl[o.district] += o.n
        elif v == WITHDRAW:
            self.wd[o.district][o.kind] += o.n
        elif v == DEPLOY:
            self.dep[o.district][o.kind] += o.n

    def available(self, t: Table, p: int, kind: int) -> int:
        """Markers of ``kind`` in stock when the set has used what it asks for (V07)."""
        stock = t.stock[p][kind]
        if kind == SRC:
            return stock + sum(self.close) - sum(self.build)
        if kind == INF:
            return stock - sum(self.infl)
        return stock + self.free[kind] + sum(w[kind] for w in self.wd) - sum(d[kind] for d in self.dep)


_NEEDS_DISTRICT = (CLOSE, BUILD_SRC, BUILD_INF, WITHDRAW, DEPLOY)
_NEEDS_KIND = (FREE, WITHDRAW, DEPLOY)


def _is_count(v) -> bool:
    return v.__class__ is int and v >= 1


def form_errors(orders) -> list[OrderError]:
    """V01/V02 for orders built as objects rather than read from text (the parser checks texts)."""
    errors: list[OrderError] = []
    for o in orders:
        if not isinstance(o, Order) or o.verb not in VERBS:
            errors.append(OrderError("V02", f"unknown order {o!r}; orders are {', '.join(VERBS)}"))
            continue
        if o.verb in (FREE_GF, GODFATHER):
            if not (o.dest.__class__ is int and 0 <= o.dest <= STOCK):
                errors.append(OrderError("V01", f"{o.verb}: a destination is a district a-f or 'stock', "
                                                f"not {o.dest!r}"))
            continue
        if o.verb in _NEEDS_DISTRICT and not (o.district.__class__ is int and 0 <= o.district < 6):
            errors.append(OrderError("V01", f"{o.verb}: a district is one of a-f, not {o.district!r}"))
        if o.verb in _NEEDS_KIND and o.kind not in KIND_TEXT:
            errors.append(OrderError("V02", f"{o.verb}: a shooter kind is thug or killer, not {o.kind!r}"))
        if not _is_count(o.n):
            errors.append(OrderError("V02", f"{o.verb}: n must be a positive integer, not {o.n!r}"))
    return errors


def set_errors(t: Table, rnd: int, p: int, orders, complete: bool = True, m=None) -> list[OrderError]:
    """Every BH-4.6 error of ``orders`` for player ``p`` on snapshot ``t`` (empty: valid)."""
    errors: list[OrderError] = []
    if t.elim[p]:
        return [OrderError("V03", f"{pname(p)} was eliminated in round {t.elim[p]} and writes no orders")]
    errors = form_errors(orders)
    if errors:  # the other checks need readable orders
        return errors
    if m is None:
        m = multipliers(t, p)
    s = Sums(orders, m)
    gf = t.gf[p]
    if gf == JAIL and (s.others or len(s.gf) > 1):
        errors.append(OrderError("V04", "your godfather is in the Jail: the set may only hold a single free_godfather"))
    for k in (THUG, KILLER):
        if s.free[k] > t.jail[p][k - 2]:
            errors.append(OrderError("V05", f"free {KIND_TEXT[k]} {s.free[k]}: you have {t.jail[p][k - 2]} in the Jail"))
    if gf != JAIL and any(o.verb == FREE_GF for o in s.gf):
        errors.append(OrderError("V05", "free_godfather: your godfather is not in the Jail"))
    for x in range(6):
        own = t.board[x][p]
        if s.close[x] > own[SRC]:
            errors.append(OrderError("V06", f"close {DISTRICTS[x]} {s.close[x]}: you have {own[SRC]} source(s) there"))
        for k in (THUG, KILLER):
            if s.wd[x][k] > own[k]:
                errors.append(OrderError(
                    "V06", f"withdraw {DISTRICTS[x]} {KIND_TEXT[k]} {s.wd[x][k]}: you have {own[k]} there"))
    for kind, what in ((SRC, "sources"), (INF, "influence markers"), (THUG, "thugs"), (KILLER, "killers")):
        if s.available(t, p, kind) < 0:
            errors.append(OrderError("V07", f"the set uses more {what} than your stock holds at that step"))
    for x in range(6):
        if s.build[x]:
            left = t.board[x][p][SRC] - s.close[x]
            if left + s.build[x] > CAPACITY[x]:
                errors.append(OrderError(
                    "V08", f"build_source {DISTRICTS[x]}: {left} + {s.build[x]} exceeds capacity {CAPACITY[x]}"))
    if rnd >= 5:
        final = s.gf[-1].dest if s.gf else gf
        if any(o.dest == STOCK for o in s.gf) or (complete and final == STOCK):
            errors.append(OrderError("V09", f"from round 5 your godfather must stand in a district (round {rnd})"))
    if len(s.gf) > 1:
        errors.append(OrderError("V10", f"{len(s.gf)} godfather orders; a set holds at most one "
                                        "(free_godfather or godfather)"))
    if s.cost > t.ge[p]:
        errors.append(OrderError("V11", f"the set costs {s.cost} GE; you have {t.ge[p]}"))
    return errors


def must_place_first(t: Table, rnd: int, p: int, orders) -> bool:
    """Round 5+ with the godfather in stock: the first atomic order must place him (keeps submit legal)."""
    return rnd >= 5 and t.gf[p] == STOCK and not any(o.verb == GODFATHER for o in orders)


_ZERO4 = (0, 0, 0, 0)
_NO_SUMS = None


def legal_orders(t: Table, rnd: int, p: int, orders, submit, m=None) -> tuple:
    """The atomic orders (n = 1) that keep the partial set ``orders`` valid, and ``submit``.

    A godfather order to where he already stands (``godfather stock`` with him in stock) is
    valid (BH-4.6 has no error for it) but changes nothing, so it is not offered.
    """
    if m is None:
        m = multipliers(t, p)
    gf = t.gf[p]
    dests = 6 if rnd >= 5 else 7
    if gf == JAIL:  # BH-4.8, V04: nothing but a single free_godfather
        if orders or t.ge[p] < GODFATHER_FREE_PRICE:
            return (submit,)
        return (submit,) + FREE_GF_ORDERS[:dests]
    stock = t.stock[p]
    if orders:
        s = Sums(orders, m)
        if rnd >= 5 and gf == STOCK and not s.gf:
            return GODFATHER_ORDERS[:6]
        left = t.ge[p] - s.cost
        freed_t, freed_k = s.free[THUG], s.free[KILLER]
        close, build, wd = s.close, s.build, s.wd
        src_av = s.available(t, p, SRC)
        inf_av = s.available(t, p, INF)
        thug_av = s.available(t, p, THUG)
        killer_av = s.available(t, p, KILLER)
        placed = bool(s.gf)
    else:
        if rnd >= 5 and gf == STOCK:
            return GODFATHER_ORDERS[:6]
        left = t.ge[p]
        freed_t = freed_k = 0
        close = build = (0, 0, 0, 0, 0, 0)
        wd = (_ZERO4,) * 6
        src_av, inf_av, thug_av, killer_av = stock
        placed = False
    out = [submit]
    jail = t.jail[p]
    if jail[0] > freed_t and left >= 2:
        out.append(FREE_ORDERS[THUG])
    if jail[1] > freed_k and left >= 4:
        out.append(FREE_ORDERS[KILLER])
    board = t.board
    for x in range(6):
        own = board[x][p]
        if own[SRC] > close[x]:
            out.append(CLOSE_ORDERS[x])
    if src_av > 0:
        for x in range(6):
            if left >= SOURCE_COST[x] * m[x] and board[x][p][SRC] - close[x] + build[x] < CAPACITY[x]:
                out.append(BUILD_SRC_ORDERS[x])
    if inf_av > 0:
        for x in range(6):
            if left >= INFLUENCE_COST[x] * m[x]:
                out.append(BUILD_INF_ORDERS[x])
    for x in range(6):
        own = board[x][p]
        if own[THUG] > wd[x][THUG]:
            out.append(WITHDRAW_ORDERS[x][THUG])
        if own[KILLER] > wd[x][KILLER]:
            out.append(WITHDRAW_ORDERS[x][KILLER])
    if thug_av > 0:
        for x in range(6):
            if left >= 2 * m[x]:
                out.append(DEPLOY_ORDERS[x][THUG])
    if killer_av > 0:
        for x in range(6):
            if left >= 4 * m[x]:
                out.append(DEPLOY_ORDERS[x][KILLER])
    if not placed:
        out.extend(MOVES[dests, gf])
    return tuple(out)


def execute(w: Work, snapshot: Table, sets: tuple, priority: list[int], ms=None) -> None:
    """BH-4.7: execute all order sets together, step by step b1-b5, paying each executed order."""
    n = w.n
    if ms is None:
        ms = [multipliers(snapshot, p) for p in range(n)]
    for p in range(n):
        if sets[p]:
            w.log.append(("orders", p, sets[p]))
    # b1
    for p in range(n):
        for o in sets[p]:
            if o.verb == FREE:
                w.jail[p][o.kind - 2] -= o.n
                w.stock[p][o.kind] += o.n
                w.ge[p] -= order_cost(o, ms[p])
            elif o.verb == FREE_GF:
                w.gf[p] = o.dest
                w.ge[p] -= GODFATHER_FREE_PRICE
    # b2
    for p in range(n):
        for o in sets[p]:
            if o.verb == CLOSE:
                w.board[o.district][p][SRC] -= o.n
                w.stock[p][SRC] += o.n
    # b3: capacity with rotating priority
    wanted = [[0] * 6 for _ in range(n)]
    for p in range(n):
        for o in sets[p]:
            if o.verb == BUILD_SRC:
                wanted[p][o.district] += o.n
    for x in range(6):
        free = CAPACITY[x] - sum(w.board[x][q][SRC] for q in range(n))
        for p in priority:
            want = wanted[p][x]
            if not want:
                continue
            got = min(want, max(free, 0))
            free -= got
            if got:
                w.board[x][p][SRC] += got
                w.stock[p][SRC] -= got
                w.ge[p] -= got * SOURCE_COST[x] * ms[p][x]
            if got < want:
                w.log.append(("refused", p, x, want - got))
    # b4
    for p in range(n):
        for o in sets[p]:
            if o.verb == BUILD_INF:
                w.board[o.district][p][INF] += o.n
                w.stock[p][INF] -= o.n
                w.ge[p] -= order_cost(o, ms[p])
    # b5: withdrawals, deployments, godfathers
    for p in range(n):
        for o in sets[p]:
            if o.verb == WITHDRAW:
                w.board[o.district][p][o.kind] -= o.n
                w.stock[p][o.kind] += o.n
    for p in range(n):
        for o in sets[p]:
            if o.verb == DEPLOY:
                w.board[o.district][p][o.kind] += o.n
                w.stock[p][o.kind] -= o.n
                w.ge[p] -= order_cost(o, ms[p])
    for p in range(n):
        for o in sets[p]:
            if o.verb == GODFATHER:
                w.gf[p] = o.dest


def fallback_set(t: Table, rnd: int, p: int) -> OrderSet:
    """BH-4.5: the fallback set: no orders, plus from round 5 a godfather in stock goes to the first
    district a-f holding any of his markers, else a."""
    if rnd >= 5 and t.gf[p] == STOCK:
        home = next((x for x in range(6) if any(t.board[x][p])), 0)
        return OrderSet((GODFATHER_ORDERS[home],))
    return OrderSet(())
