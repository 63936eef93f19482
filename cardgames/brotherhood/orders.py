"""Order sets (BH-4.4 to BH-4.7): the atomic orders, their validation codes V01-V11, execution.

An order set is validated on the player's own snapshot (BH-4.5) by simulating his orders
on it: :class:`Means` is what he still has once the orders written so far are simulated,
and what each order takes and gives is written once, in :func:`effects` (with its price in
:func:`order_cost`).  A set is valid when none of its means falls below 0
(:func:`set_errors` names the error of each that does); the atomic orders offered to a
player (:func:`legal_orders`) are those his means still allow, so a set built from them is
never refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from ..core.game import Action
from ..core.i18n import N_
from ..core.inputs import EXCERPT, excerpt, quote
from .board import (
    CAPACITY,
    CATALOG,
    DEPLOY_PRICE,
    DISTRICTS,
    FREE_PRICE,
    GODFATHER_FREE_PRICE,
    INF,
    INFLUENCE_COST,
    JAIL,
    KILLER,
    KIND_NAMES,
    SOURCE_COST,
    SRC,
    STOCK,
    THUG,
    Table,
    Work,
    place_name,
    pname,
    said,
    word,
)

_, ngettext = CATALOG.functions()

FREE: Final = "free"
FREE_GF: Final = "free_godfather"
CLOSE: Final = "close"
BUILD_SRC: Final = "build_source"
BUILD_INF: Final = "build_influence"
WITHDRAW: Final = "withdraw"
DEPLOY: Final = "deploy"
GODFATHER: Final = "godfather"
VERBS: Final = (FREE, FREE_GF, CLOSE, BUILD_SRC, BUILD_INF, WITHDRAW, DEPLOY, GODFATHER)
STEP: Final = {
    FREE: "b1",
    FREE_GF: "b1",
    CLOSE: "b2",
    BUILD_SRC: "b3",
    BUILD_INF: "b4",
    WITHDRAW: "b5",
    DEPLOY: "b5",
    GODFATHER: "b5",
}

CODES: Final = {  # the clause of each validation code of BH-4.6 (the codes are the rules'; the messages say the rest)
    "V01": "BH-4.6",  # UNKNOWN_DISTRICT
    "V02": "BH-4.6",  # BAD_ORDER
    "V03": "BH-4.13",  # PLAYER_ELIMINATED
    "V04": "BH-4.8",  # GODFATHER_JAILED
    "V05": "BH-4.6",  # NOT_IN_JAIL
    "V06": "BH-4.6",  # NOT_IN_DISTRICT
    "V07": "BH-4.6",  # NOT_IN_STOCK
    "V08": "BH-4.6",  # CAPACITY
    "V09": "BH-4.4",  # GODFATHER_NOT_PLACED
    "V10": "BH-4.6",  # DUPLICATE_GODFATHER
    "V11": "BH-4.5",  # UNAFFORDABLE
}


@dataclass(frozen=True, slots=True)
class Order(Action):
    """One atomic order of BH-4.4: ``build_source c 1``, ``deploy e thug 2``, ``godfather e``."""

    verb: str
    district: int = -1  # 0-5 for close/build/withdraw/deploy
    kind: int = -1  # THUG or KILLER for free/withdraw/deploy
    n: int = 1
    dest: int = -1  # 0-5 or STOCK for free_godfather/godfather

    def words(self) -> tuple[str, ...]:
        """The words of its text, the verb first: ``("deploy", "e", "thug", "2")``."""
        v = self.verb
        if v == FREE:
            return (v, KIND_NAMES[self.kind], str(self.n))
        if v in (FREE_GF, GODFATHER):
            return (v, place_name(self.dest))
        if v in (WITHDRAW, DEPLOY):
            return (v, DISTRICTS[self.district], KIND_NAMES[self.kind], str(self.n))
        return (v, DISTRICTS[self.district], str(self.n))

    def __str__(self) -> str:
        return " ".join(self.words())

    def said(self) -> str:
        """The order as people read it, in the language in use: "build source c 1" ("Quelle bauen c 1")."""
        return said(self.words())


@dataclass(frozen=True, slots=True)
class OrderSet(Action):
    """A whole order set written in one line and submitted at once: ``build_source c 1; godfather e``."""

    orders: tuple[Order, ...]

    def __str__(self) -> str:
        text = "; ".join([str(o) for o in self.orders])
        return text + "; submit" if len(self.orders) < 2 else text


def said_orders(orders: Sequence[Order]) -> str:
    """Orders as people read them, in the language in use: "build source c 1; godfather to e"."""
    return "; ".join([o.said() for o in orders])


@mypyc_attr(native_class=False)  # an exception keeps its attributes in __dict__, for pickling (core.errors)
class OrderError(ValueError):
    """One validation error: a V-code, the clause and what went wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.text("")

    def text(self, rule: str) -> str:
        """The error inside a refusal whose clause is ``rule``: what went wrong, then its code, and its own clause
        only where it differs: "build source d: 0 + 6 exceeds capacity 5 (V08)", "... (V11, BH-4.5)"."""
        clause = CODES[self.code]
        return f"{self.message} ({self.code}{'' if clause == rule else f', {clause}'})"


# prebuilt atoms (n = 1), in the order legal_orders offers them
FREE_ORDERS: Final = {k: Order(FREE, kind=k) for k in (THUG, KILLER)}
FREE_GF_ORDERS: Final = tuple([Order(FREE_GF, dest=d) for d in range(7)])
CLOSE_ORDERS: Final = tuple([Order(CLOSE, district=x) for x in range(6)])
BUILD_SRC_ORDERS: Final = tuple([Order(BUILD_SRC, district=x) for x in range(6)])
BUILD_INF_ORDERS: Final = tuple([Order(BUILD_INF, district=x) for x in range(6)])
WITHDRAW_ORDERS: Final = tuple([{k: Order(WITHDRAW, district=x, kind=k) for k in (THUG, KILLER)} for x in range(6)])
DEPLOY_ORDERS: Final = tuple([{k: Order(DEPLOY, district=x, kind=k) for k in (THUG, KILLER)} for x in range(6)])
GODFATHER_ORDERS: Final = tuple([Order(GODFATHER, dest=d) for d in range(7)])


def multipliers(snapshot: Table, p: int, controllers: list[int] | None = None) -> tuple[int, ...]:
    """BH-4.4: m = 2 where another player controls the district in the snapshot, else 1."""
    if controllers is None:
        controllers = [snapshot.controller(x) for x in range(6)]
    return tuple([2 if c >= 0 and c != p else 1 for c in controllers])


def every_multiplier(snapshot: Table) -> tuple[tuple[int, ...], ...]:
    """The BH-4.4 multipliers of every player on the snapshot."""
    controllers = [snapshot.controller(x) for x in range(6)]
    return tuple([multipliers(snapshot, p, controllers) for p in range(snapshot.players)])


def order_cost(o: Order, m: Sequence[int]) -> int:
    """BH-4.4: the price of an order, doubled (m) where another player controls the district."""
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


# The means of an order set (BH-4.5): what the player still has for more orders once his
# orders are simulated on his snapshot in the order b1-b5.  Each entry counts one thing;
# an entry below 0 is an error of BH-4.6.  Stock, for example, counts markers freed in b1,
# closed in b2 and withdrawn in b5, since every use of them comes in a later step.
GE: Final = 0  # GE left (V11)
IN_STOCK: Final = 1  # + kind: markers in stock (V07)
IN_JAIL: Final = 5  # + kind - THUG: thugs, killers still in the Jail (V05)
SOURCES: Final = 7  # + district: own sources there not yet closed (V06)
SHOOTERS: Final = 13  # + 2 * district + kind - THUG: own thugs, killers there not yet withdrawn (V06)
ROOM: Final = 25  # + district: spaces under capacity left for his own sources there (V08)
GODFATHER_MOVES: Final = 31  # godfather orders the set may still hold: one (V10)


Effects = tuple[tuple[int, int], ...]  # (entry of the means, change) of one order


def effects(o: Order) -> Effects:
    """What order ``o`` takes from (-) and adds to (+) its player's means, GE aside (BH-4.4)."""
    v, n = o.verb, o.n
    if v == FREE:  # b1: from the Jail to his stock
        return (IN_JAIL + o.kind - THUG, -n), (IN_STOCK + o.kind, n)
    if v == CLOSE:  # b2: from X to his stock, which frees a space in X for his builds
        return (SOURCES + o.district, -n), (IN_STOCK + SRC, n), (ROOM + o.district, n)
    if v == BUILD_SRC:  # b3: from his stock into a space in X
        return (IN_STOCK + SRC, -n), (ROOM + o.district, -n)
    if v == BUILD_INF:  # b4
        return ((IN_STOCK + INF, -n),)
    if v == WITHDRAW:  # b5: from X to his stock
        return (SHOOTERS + 2 * o.district + o.kind - THUG, -n), (IN_STOCK + o.kind, n)
    if v == DEPLOY:  # b5, after the withdrawals: from his stock to X
        return ((IN_STOCK + o.kind, -n),)
    return ((GODFATHER_MOVES, -1),)  # FREE_GODFATHER (b1) or GODFATHER (b5)


def snapshot_means(t: Table, p: int) -> tuple[int, ...]:
    """BH-4.5: what player ``p`` has for his orders on the snapshot ``t``: GE, stock, Jail, sources and shooters
    per district, room per district, one godfather order (the entries above, in their order)."""
    left = [t.ge[p]]
    left.extend(t.stock[p])
    left.extend(t.jail[p])
    own = [row[p] for row in t.board]
    for mine in own:
        left.append(mine[SRC])
    for mine in own:
        left.append(mine[THUG])
        left.append(mine[KILLER])
    for x in range(6):
        left.append(CAPACITY[x] - own[x][SRC])
    left.append(1)
    return tuple(left)


class Means:
    """What player ``p`` still has for more orders once ``orders`` are simulated on his snapshot ``t``.

    ``start`` is his :func:`snapshot_means` where they are known already.
    """

    def __init__(
        self,
        t: Table,
        rnd: int,
        p: int,
        orders: Sequence[Order],
        m: tuple[int, ...],
        start: tuple[int, ...] | None = None,
    ) -> None:
        self.rnd = rnd
        self.m = m
        self.jailed = t.gf[p] == JAIL
        self.unplaced = must_place_first(t, rnd, p, orders)
        left = list(start if start is not None else snapshot_means(t, p))
        for o in orders:
            left[GE] -= order_cost(o, m)
            for entry, change in effects(o):
                left[entry] += change
        self.left = left

    def allows(self, o: Order) -> bool:
        """BH-4.6: can ``o`` be written into the set (any quantity), leaving it free of errors?"""
        return (
            not form_errors((o,))
            and self.writable(o)
            and bool(self.affordable(((o, effects(o)),), (order_cost(o, self.m),)))
        )

    def writable(self, o: Order) -> bool:
        """May an order of this verb (and destination) be written now at all (V04, V05, V09)?"""
        v = o.verb
        if self.jailed != (v == FREE_GF):
            return False  # V04: with the godfather in the Jail only FREE_GODFATHER (BH-4.8); V05: only then
        if self.rnd >= 5 and ((v in (FREE_GF, GODFATHER) and o.dest == STOCK) or (self.unplaced and v != GODFATHER)):
            return False  # V09: from round 5 he stands in a district, placed by the first order when in stock
        return True

    def affordable(self, atoms: tuple[tuple[Order, Effects], ...], costs: tuple[int, ...]) -> list[Order]:
        """Those ``atoms`` (with their effects and costs) that keep every means at 0 or above (V05-V08, V10, V11)."""
        left = self.left
        ge = left[GE]
        out: list[Order] = []
        for i in range(len(atoms)):
            if costs[i] > ge:
                continue
            o, change = atoms[i]
            fits = True
            for entry, amount in change:
                if left[entry] + amount < 0:
                    fits = False
                    break
            if fits:
                out.append(o)
        return out


_NEEDS_DISTRICT: Final = (CLOSE, BUILD_SRC, BUILD_INF, WITHDRAW, DEPLOY)
_STOCK_TEXT: Final = (  # V07 per kind of marker, shown translated
    (SRC, N_("the set uses more sources than your stock holds at that step")),
    (INF, N_("the set uses more influence markers than your stock holds at that step")),
    (THUG, N_("the set uses more thugs than your stock holds at that step")),
    (KILLER, N_("the set uses more killers than your stock holds at that step")),
)
_NEEDS_KIND: Final = (FREE, WITHDRAW, DEPLOY)


def _whole(value: object, low: int, high: int) -> bool:
    """An int (not a bool) from low to high."""
    return type(value) is int and low <= value <= high


def form_errors(orders: Sequence[object]) -> list[OrderError]:
    """V01/V02 for orders built as objects rather than read from text (the parser checks texts)."""
    errors: list[OrderError] = []
    for o in orders:
        if not isinstance(o, Order) or o.verb not in VERBS:
            errors.append(
                OrderError(
                    "V02",
                    _("unknown order {order}; orders are {verbs}").format(order=excerpt(o), verbs=", ".join(VERBS)),
                )
            )
            continue
        if o.verb in (FREE_GF, GODFATHER):
            if not _whole(o.dest, 0, STOCK):
                errors.append(
                    OrderError(
                        "V01",
                        _("{verb}: a destination is a district a-f or 'stock', not {value}").format(
                            verb=word(o.verb), value=excerpt(o.dest)
                        ),
                    )
                )
            continue
        if o.verb in _NEEDS_DISTRICT and not _whole(o.district, 0, 5):
            errors.append(
                OrderError(
                    "V01",
                    _("{verb}: a district is one of a-f, not {value}").format(
                        verb=word(o.verb), value=excerpt(o.district)
                    ),
                )
            )
        if o.verb in _NEEDS_KIND and not _whole(o.kind, THUG, KILLER):
            errors.append(
                OrderError(
                    "V02",
                    _("{verb}: a shooter kind is thug or killer, not {value}").format(
                        verb=word(o.verb), value=excerpt(o.kind)
                    ),
                )
            )
        if not (type(o.n) is int and o.n >= 1):
            errors.append(
                OrderError(
                    "V02",
                    _("{verb}: n must be a positive integer, not {value}").format(
                        verb=word(o.verb), value=excerpt(o.n)
                    ),
                )
            )
    return errors


def set_errors(
    t: Table, rnd: int, p: int, orders: Sequence[Order], complete: bool = True, m: tuple[int, ...] | None = None
) -> list[OrderError]:
    """Every BH-4.6 error of ``orders`` for player ``p`` on snapshot ``t`` (empty: valid)."""
    if t.elim[p]:
        return [
            OrderError(
                "V03",
                _("{player} was eliminated in round {round} and writes no orders").format(
                    player=pname(p), round=t.elim[p]
                ),
            )
        ]
    errors = form_errors(orders)
    if errors:  # the other checks need readable orders
        return errors
    means = Means(t, rnd, p, orders, multipliers(t, p) if m is None else m)
    left = means.left
    moves = [o for o in orders if o.verb in (FREE_GF, GODFATHER)]
    if means.jailed and (any([o.verb != FREE_GF for o in orders]) or left[GODFATHER_MOVES] < 0):
        errors.append(
            OrderError(
                "V04",
                _("your godfather is in the Jail, so the set may only hold a single order '{order}'").format(
                    order=word(FREE_GF)
                ),
            )
        )
    for k in (THUG, KILLER):
        if left[IN_JAIL + k - THUG] < 0:
            jailed = t.jail[p][k - THUG]
            errors.append(
                OrderError(
                    "V05",
                    _("{order}: you have {n} in the Jail").format(
                        order=said((FREE, KIND_NAMES[k], str(jailed - left[IN_JAIL + k - THUG]))), n=jailed
                    ),
                )
            )
    freed = [o for o in moves if o.verb == FREE_GF]
    if not means.jailed and freed:
        errors.append(OrderError("V05", _("{order}: your godfather is not in the Jail").format(order=freed[0].said())))
    for x in range(6):
        own = t.board[x][p]
        if left[SOURCES + x] < 0:
            errors.append(
                OrderError(
                    "V06",
                    ngettext(
                        "{order}: you have {n} source(s) there", "{order}: you have {n} source(s) there", own[SRC]
                    ).format(order=said((CLOSE, DISTRICTS[x], str(own[SRC] - left[SOURCES + x]))), n=own[SRC]),
                )
            )
        for k in (THUG, KILLER):
            here = left[SHOOTERS + 2 * x + k - THUG]
            if here < 0:
                errors.append(
                    OrderError(
                        "V06",
                        _("{order}: you have {n} there").format(
                            order=said((WITHDRAW, DISTRICTS[x], KIND_NAMES[k], str(own[k] - here))), n=own[k]
                        ),
                    )
                )
    for kind, what in _STOCK_TEXT:
        if left[IN_STOCK + kind] < 0:
            errors.append(OrderError("V07", _(what)))
    for x in range(6):
        own_sources = t.board[x][p][SRC]
        closed = own_sources - left[SOURCES + x]
        built = CAPACITY[x] - own_sources + closed - left[ROOM + x]
        if built and left[ROOM + x] < 0:
            errors.append(
                OrderError(
                    "V08",
                    _("{order}: {own} + {built} exceeds capacity {capacity}").format(
                        order=said((BUILD_SRC, DISTRICTS[x])),
                        own=own_sources - closed,
                        built=built,
                        capacity=CAPACITY[x],
                    ),
                )
            )
    if rnd >= 5 and (any([o.dest == STOCK for o in moves]) or (complete and ends_in_stock(t, rnd, p, orders))):
        errors.append(_unplaced())
    if left[GODFATHER_MOVES] < 0:
        errors.append(
            OrderError(
                "V10",
                _("{n} godfather orders; a set holds at most one ('{free}' or '{move}')").format(
                    n=1 - left[GODFATHER_MOVES], free=word(FREE_GF), move=word(GODFATHER)
                ),
            )
        )
    if left[GE] < 0:
        errors.append(
            OrderError("V11", _("the set costs {cost} GE; you have {ge}").format(cost=t.ge[p] - left[GE], ge=t.ge[p]))
        )
    return errors


def ends_in_stock(t: Table, rnd: int, p: int, orders: Sequence[Order]) -> bool:
    """V09 (BH-4.4): from round 5, would the set leave his godfather in stock at the end of b5?"""
    final = t.gf[p]
    for o in orders:
        if o.verb in (FREE_GF, GODFATHER):
            final = o.dest
    return rnd >= 5 and final == STOCK


def _unplaced() -> OrderError:
    return OrderError("V09", _("from round 5 your godfather must stand in a district"))


def placement_error(t: Table, rnd: int, p: int, orders: Sequence[Order]) -> list[OrderError]:
    """V09 alone, for a set whose orders were each checked when written."""
    return [_unplaced()] if ends_in_stock(t, rnd, p, orders) else []


def must_place_first(t: Table, rnd: int, p: int, orders: Sequence[Order]) -> bool:
    """Round 5+ with the godfather in stock: the first atomic order must place him (keeps submit legal)."""
    return rnd >= 5 and t.gf[p] == STOCK and not any([o.verb == GODFATHER for o in orders])


# every atom legal_orders may offer, in the order it offers them, with its effects
_ATOMS: Final = tuple(
    [
        (o, effects(o))
        for o in (
            *FREE_GF_ORDERS,
            FREE_ORDERS[THUG],
            FREE_ORDERS[KILLER],
            *CLOSE_ORDERS,
            *BUILD_SRC_ORDERS,
            *BUILD_INF_ORDERS,
            *[WITHDRAW_ORDERS[x][k] for x in range(6) for k in (THUG, KILLER)],
            *[DEPLOY_ORDERS[x][THUG] for x in range(6)],
            *[DEPLOY_ORDERS[x][KILLER] for x in range(6)],
            *GODFATHER_ORDERS,
        )
    ]
)
# the writable atoms of a situation (jailed, unplaced, round 5 or later: a number of 3 bits), and their costs
# under the multipliers m of a situation (a number of 3 + 6 bits)
_WRITABLE: dict[int, tuple[tuple[Order, Effects], ...]] = {}
_COSTS: dict[int, tuple[int, ...]] = {}


def legal_orders(
    t: Table,
    rnd: int,
    p: int,
    orders: Sequence[Order],
    submit: Action,
    m: tuple[int, ...] | None = None,
    start: tuple[int, ...] | None = None,
) -> tuple[Action, ...]:
    """The atomic orders (n = 1) that keep the partial set ``orders`` valid, and ``submit``.

    ``submit`` is offered unless the godfather must be placed first (V09).  A godfather order
    to where he already stands (``godfather stock`` with him in stock) is valid (BH-4.6 has no
    error for it) but changes nothing, so it is not offered.
    """
    m = multipliers(t, p) if m is None else m
    means = Means(t, rnd, p, orders, m, start)
    situation = 4 * means.jailed + 2 * means.unplaced + (rnd >= 5)
    atoms = _WRITABLE.get(situation)
    if atoms is None:  # the same few situations come back all game: remember their atoms
        atoms = tuple([(o, change) for o, change in _ATOMS if means.writable(o)])
        _WRITABLE[situation] = atoms
    priced = situation
    for x in range(6):
        priced = 2 * priced + (m[x] == 2)
    costs = _COSTS.get(priced)
    if costs is None:
        costs = tuple([order_cost(o, m) for o, _effects in atoms])
        _COSTS[priced] = costs
    here = t.gf[p]
    out: list[Action] = [] if means.unplaced else [submit]
    for o in means.affordable(atoms, costs):
        if not (o.verb == GODFATHER and o.dest == here):
            out.append(o)
    return tuple(out)


def execute(
    w: Work, snapshot: Table, sets: Sequence[Sequence[Order]], priority: list[int], ms: Sequence[Sequence[int]]
) -> None:
    """BH-4.7: execute all order sets together, step by step b1-b5, paying each executed order."""
    n = w.n
    for p in range(n):
        if sets[p]:
            w.log.append(("orders", p, tuple(sets[p])))
    # b1
    for p in range(n):
        for o in sets[p]:
            if o.verb == FREE:
                w.jail[p][o.kind - THUG] -= o.n
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
    wanted = [[0] * 6 for _i in range(n)]
    for p in range(n):
        for o in sets[p]:
            if o.verb == BUILD_SRC:
                wanted[p][o.district] += o.n
    for x in range(6):
        free = CAPACITY[x] - sum([w.board[x][q][SRC] for q in range(n)])
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
            if got < want:  # refused builds are not paid
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


# ---------------------------------------------------------------------------
# Reading orders (and the words other decisions share with them)


def read_count(word: str, what: str) -> int:
    """A positive whole number (V02 otherwise); ``what`` names it in the error, in the language in use."""
    if not (word.isascii() and word.isdigit()) or int(word) < 1:
        raise OrderError(
            "V02", _("{what} must be a positive integer, not {value}").format(what=what, value=excerpt(word))
        )
    if len(word) > 9:  # no count of the game comes near: a huge number is a typing slip, quoted short
        raise OrderError(
            "V02",
            _("{what} must be a positive integer of at most 9 digits, not {value}").format(
                what=what, value=excerpt(word)
            ),
        )
    return int(word)


def read_district(word: str) -> int:
    """A district a-f as 0-5 (V01 otherwise)."""
    if len(word) == 1 and word in DISTRICTS:
        return DISTRICTS.index(word)
    raise OrderError("V01", _("a district is one of a-f, not {value}").format(value=excerpt(word)))


def read_dest(word: str) -> int:
    """A godfather's destination: a district a-f or stock (V01 otherwise)."""
    if word == "stock":
        return STOCK
    if len(word) == 1 and word in DISTRICTS:
        return DISTRICTS.index(word)
    raise OrderError("V01", _("a destination is a district a-f or 'stock', not {value}").format(value=excerpt(word)))


def read_kind(word: str) -> int:
    """A shooter kind: thug or killer (V02 otherwise)."""
    if word in ("thug", "thugs"):
        return THUG
    if word in ("killer", "killers"):
        return KILLER
    raise OrderError("V02", _("a shooter kind is thug or killer, not {value}").format(value=excerpt(word)))


def parse_order(text: str) -> Order:
    """One atomic order of BH-4.4 from its text (OrderError with V01/V02 if it cannot be read)."""
    words = text.lower().split()
    if not words:
        raise OrderError("V02", _("an empty order"))
    verb, args = words[0], words[1:]
    if verb == FREE and len(args) in (1, 2):
        return Order(verb, kind=read_kind(args[0]), n=read_count(args[1], "n") if len(args) == 2 else 1)
    if verb in (FREE_GF, GODFATHER) and len(args) == 1:
        return Order(verb, dest=read_dest(args[0]))
    if verb in (CLOSE, BUILD_SRC, BUILD_INF) and len(args) in (1, 2):
        return Order(verb, district=read_district(args[0]), n=read_count(args[1], "n") if len(args) == 2 else 1)
    if verb in (WITHDRAW, DEPLOY) and len(args) in (2, 3):
        return Order(
            verb,
            district=read_district(args[0]),
            kind=read_kind(args[1]),
            n=read_count(args[2], "n") if len(args) == 3 else 1,
        )
    if verb in WRITTEN:  # a known order with the wrong words: how it is written
        raise OrderError(
            "V02",
            _("cannot read the order {text}; it is written {example}").format(
                text=quoted(text.split()), example=quoted(WRITTEN[verb].split())
            ),
        )
    raise OrderError(
        "V02",
        _("cannot read the order {text}; the orders are {orders}").format(
            text=quoted(text.split()), orders=", ".join([quoted((v,)) for v in VERBS])
        ),
    )


#: how each order is written: the example a refusal gives, said in the words of the buttons ("Quelle bauen c 1")
WRITTEN: Final = {
    FREE: "free thug 1",
    FREE_GF: "free_godfather a",
    CLOSE: "close c 1",
    BUILD_SRC: "build_source c 1",
    BUILD_INF: "build_influence c 1",
    WITHDRAW: "withdraw e thug 1",
    DEPLOY: "deploy e thug 2",
    GODFATHER: "godfather e",
}

QUOTED_WORDS: Final = 12  # the words of a move a message quotes: no order or decision has more
QUOTED_CHARACTERS: Final = EXCERPT  # and its characters, as much as a message quotes of anything typed


def quoted(words: Sequence[str]) -> str:
    """A move as people read it, in quotes as the language writes them: 'transfer P2 5' („Zahlung an P2 5“).

    A long text (pasted by mistake) is cut, as :func:`excerpt` cuts what a user typed."""
    move = said(words[:QUOTED_WORDS])
    return quote(move + "…" if len(words) > QUOTED_WORDS else move, QUOTED_CHARACTERS)
