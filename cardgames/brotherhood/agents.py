"""Agents for The Brotherhood: random (valid orders only), greedy and the source builder."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from ..core.agents import Agent
from ..core.expert import ExpertAgent as DeterminizedAgent
from ..core.game import Action
from . import orders as od
from .board import (
    CAPACITY,
    DEPLOY_PRICE,
    GODFATHER_FREE_PRICE,
    INF,
    INFLUENCE_COST,
    JAIL,
    KILLER,
    ROUNDS,
    SOURCE_COST,
    SRC,
    STOCK,
    THUG,
    UPKEEP,
    Table,
)
from .resolve import Claim, Dismiss, Influence, Propose, Target, Word, priority
from .rules import ORDERS, TRANSFER, State

STOP: Final = {"submit": 0.5, "done": 0.5, "pass": 0.75}


class RandomAgent(Agent):
    """Picks uniformly among the legal decisions, but ends an order set, a claim list or an influence
    turn with probability 1/2 at each step and a transfer turn with probability 3/4, so its turns stay
    short.  It only uses listed decisions, so its order sets are never refused."""

    name = "random"
    uses_view = False

    def act(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        first = legal_actions[0]
        stop = STOP.get(first.word) if isinstance(first, Word) else None
        if stop is not None and (len(legal_actions) == 1 or rng.random() < stop):
            return first
        return legal_actions[rng.randrange(len(legal_actions))]


class GreedyAgent(Agent):
    """Builds the best affordable sources while they still pay, protects them with influence or the
    godfather, keeps the godfather in stock until round 5 and then beside two guard thugs in the safest
    district (one no other greedy godfather goes to), claims every source it can, fires at exposed
    godfathers and fights only when not outgunned.  It never spends the GE that the next upkeep needs
    (before round 5 also the guards' price, :func:`reserve`), so the rules never take its guards away."""

    name = "greedy"
    uses_rng = False  # it decides from the view alone

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        # the plan of the orders stage under way: (snapshot, round, plan); the snapshot stays the same while
        # the orders are written, so the plan is made once per stage, not once per order
        self._planned: tuple[Table, int, list[od.Order]] | None = None

    def plan(self, t: Table, rnd: int, p: int) -> list[od.Order]:
        """The order set it writes on snapshot ``t``."""
        return plan_orders(t, rnd, p)

    def _plan(self, t: Table, rnd: int) -> list[od.Order]:
        """``plan(t, rnd, seat)``, made again only when the snapshot or the round differs from the last one."""
        planned = self._planned
        if planned is not None and planned[1] == rnd and (planned[0] is t or planned[0] == t):
            return planned[2]
        plan = self.plan(t, rnd, self.seat)
        self._planned = (t, rnd, plan)
        return plan

    def act(self, view: State, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        p = self.seat
        if view.stage == ORDERS:
            return self._order(view, legal_actions)
        q = view.question
        assert q is not None
        kind = q.kind
        t = view.table
        if kind == "transfer":
            return legal_actions[0]  # pass
        if kind == "dismiss":
            return self._dismiss(t, legal_actions)
        if kind == "influence":
            order = {"inf_close": 0, "inf_jail": 1, "inf_remove": 2}
            uses = [a for a in legal_actions if isinstance(a, Influence)]
            return min(uses, key=lambda a: (order[a.verb], -t.ge[a.target])) if uses else legal_actions[0]
        if kind == "targets":
            return self._target(t, q.district, legal_actions)
        if kind == "claims":
            claims = [a for a in legal_actions if isinstance(a, Claim)]
            return claims[0] if claims else legal_actions[0]
        if kind == "propose":
            return next((a for a in legal_actions if isinstance(a, Propose) and a.winner == p), legal_actions[0])
        if kind == "fight":
            row = t.board[q.district]
            mine = row[p][THUG] + row[p][KILLER]
            best = max([row[o][THUG] + row[o][KILLER] for o in q.players if o != p])
            return legal_actions[0] if mine >= best else legal_actions[1]
        return legal_actions[0]

    def _dismiss(self, t: Table, legal: Sequence[Action]) -> Action:
        """The shooter away from his godfather, killers first."""
        gf = t.gf[self.seat]

        def key(a: Action) -> tuple[bool, int]:
            assert isinstance(a, Dismiss)
            return (a.district == gf, -a.kind)

        return min(legal, key=key)

    def _target(self, t: Table, x: int, legal: Sequence[Action]) -> Action:
        """An exposed godfather with the fewest guards, else the strongest gang."""
        row = t.board[x]

        def score(a: Action) -> tuple[bool, int, int]:
            o = a.target if isinstance(a, Target) else -1
            exposed = t.gf[o] == x
            guards = row[o][THUG] + row[o][KILLER]
            return (not exposed, guards if exposed else -guards, o)

        return min(legal, key=score)

    def _order(self, view: State, legal: Sequence[Action]) -> Action:
        """The next order of its plan that is still open, else submit (or the forced godfather placement)."""
        plan = self._plan(view.base, view.round)
        done = list(view.partial[self.seat])
        for item in plan:
            if item in done:
                done.remove(item)
                continue
            if item in legal:
                return item
        return legal[0]


class BuilderAgent(GreedyAgent):
    """Classroom exercise 5: a pure "build sources" strategy. Builds every source it can afford while
    they still pay, places the godfather only when it must (round 5) and writes nothing else; passes,
    claims nothing, concedes every fight."""

    name = "builder"

    def plan(self, t: Table, rnd: int, p: int) -> list[od.Order]:
        return plan_orders(t, rnd, p, protect=False)

    def act(self, view: State, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if view.stage == ORDERS or len(legal_actions) == 1:
            return super().act(view, legal_actions, rng)
        q = view.question
        assert q is not None
        if q.kind == "fight":
            return legal_actions[1]  # concede
        if q.kind in ("targets", "dismiss", "propose"):
            return super().act(view, legal_actions, rng)
        return legal_actions[0]  # pass, done, submit


#: guard thugs greedy keeps beside its godfather from round 5 on
GUARDS: Final = 2


def upkeep(t: Table, p: int) -> int:
    """BH-4.2.3: what p's shooters on the board cost in the next income phase."""
    return sum([UPKEEP[THUG] * row[p][THUG] + UPKEEP[KILLER] * row[p][KILLER] for row in t.board])


def reserve(t: Table, rnd: int, p: int) -> int:
    """The GE greedy keeps back from its orders in round ``rnd``: the costs the rules will impose.

    The upkeep of its shooters on the board is due at the start of the next round, before any
    order (BH-4.2.3); what cannot be paid withdraws shooters, the godfather's guards among them
    (BH-4.2.4), so it is kept whole, not counted on income that an event may stop (E02-E06).
    Before round 5 it also keeps the deploy price of the guards that go with the godfather
    when he must stand in a district (BH-4.4, BH-2.4): a godfather placed alone where others'
    shooters come is shot (BH-4.12.4), and the player is eliminated (BH-4.13.1).
    """
    if rnd >= ROUNDS:
        return 0  # no income phase follows round 12 (BH-6.1)
    keep = upkeep(t, p)
    if rnd < 5:
        keep += GUARDS * DEPLOY_PRICE[THUG]
    return keep


def _shooters(t: Table, x: int, p: int) -> int:
    return t.board[x][p][THUG] + t.board[x][p][KILLER]


def _targets(t: Table, x: int, p: int) -> bool:
    """Has another active player unprotected sources in x that p's shooters could take over (BH-4.14.1)?"""
    for o in t.active():
        theirs = t.board[x][o]
        if o != p and theirs[SRC] and not (theirs[INF] or theirs[THUG] or theirs[KILLER] or t.gf[o] == x):
            return True
    return False


def _enemy(t: Table, p: int) -> list[int]:
    """Per district: the shooters of p's active opponents there (BH-4.12.1)."""
    others = [o for o in t.active() if o != p]
    return [sum([row[o][THUG] + row[o][KILLER] for o in others]) for row in t.board]


def homes(t: Table, rnd: int) -> list[int]:
    """Where every active greedy player wants his godfather after this round's orders (round 5 on), -1 for none.

    A godfather stays where no enemy shooter stands; the others choose, in the round's priority order
    (BH-1.4), the district with the fewest enemy shooters, then the fewest godfathers already there,
    then the most of their own sources and thugs.  Two gangs in one district shoot it out every round
    (BH-4.12.1) and a godfather shot eliminates his player (BH-4.13.1): orders are written at the same time
    (BH-4.4), but every greedy player reads the same snapshot, so each can tell where the others go and
    they do not all choose the same district.  A jailed godfather (BH-4.8) stays where he is.
    """
    out = [-1] * t.players
    taken = [0] * 6
    movers: list[int] = []
    for o in priority(t.elim, rnd):
        gf = t.gf[o]
        if 0 <= gf < 6 and not _enemy(t, o)[gf]:
            out[o] = gf
            taken[gf] += 1
        elif gf != JAIL:
            movers.append(o)
    for o in movers:
        enemy = _enemy(t, o)
        m = od.multipliers(t, o)
        own = [t.board[x][o][SRC] + t.board[x][o][THUG] for x in range(6)]
        out[o] = min(range(6), key=lambda x: (enemy[x], taken[x], -own[x], m[x], x))
        taken[out[o]] += 1
    return out


def plan_orders(t: Table, rnd: int, p: int, protect: bool = True) -> list[od.Order]:
    """The greedy order set for seat p on snapshot t, as a list of atomic orders.

    It never spends the GE of :func:`reserve` (the next upkeep, before round 5 the guards' price),
    so its own orders never leave it unable to pay what the rules charge next, and it places its
    godfather where :func:`homes` says.
    """
    m = od.multipliers(t, p)
    ge = t.ge[p]
    gf = t.gf[p]
    plan: list[od.Order] = []
    enemy = _enemy(t, p)
    keep = reserve(t, rnd, p) if protect else 0  # the builder of exercise 5 spends all (it deploys no guards)
    if gf == JAIL:
        if ge >= GODFATHER_FREE_PRICE + keep:  # the next upkeep stays paid (BH-4.2.3)
            if protect:  # beside his guards, away from the others' godfathers
                wanted = homes(t, rnd)
                taken = [int(x in wanted) for x in range(6)]
                home = min(range(6), key=lambda x: (enemy[x], taken[x], -_shooters(t, x, p), -t.board[x][p][SRC], x))
            else:
                home = min(range(6), key=lambda x: (enemy[x], -t.board[x][p][SRC]))
            plan.append(od.FREE_GF_ORDERS[home if rnd >= 5 else STOCK])
        return plan
    budget = ge - keep
    home = -1
    if rnd >= 5:
        if protect:
            home = homes(t, rnd)[p]
        else:
            home = min(range(6), key=lambda x: (enemy[x], -(t.board[x][p][SRC] + t.board[x][p][THUG]), m[x], x))
        if gf == STOCK or (gf != home and enemy[gf] > 0):
            plan.append(od.GODFATHER_ORDERS[home])
        else:
            home = gf
    withdrawn = 0
    if protect and rnd < ROUNDS:
        # shooters that neither guard the godfather, protect a source (BH-4.14.1) nor can take one over
        # (BH-4.14.2) only cost upkeep (BH-4.2.3): withdrawn for free in b5 (BH-4.4)
        for x in range(6):
            own = t.board[x][p]
            if x == home or own[SRC] or not (own[THUG] or own[KILLER]) or _targets(t, x, p):
                continue
            for kind in (KILLER, THUG):
                for _ in range(own[kind]):
                    plan.append(od.WITHDRAW_ORDERS[x][kind])
                    budget += UPKEEP[kind]  # no longer kept for the next upkeep
                    withdrawn += 1 if kind == THUG else 0
    if 5 <= rnd <= 11 and protect:
        price = DEPLOY_PRICE[THUG] * m[home] + UPKEEP[THUG]  # paid now, and kept for the next upkeep
        stock_thugs = t.stock[p][THUG] + withdrawn  # a withdrawn thug is in stock for the deployments (BH-4.6 V07)
        for _ in range(max(0, GUARDS - t.board[home][p][THUG])):
            if stock_thugs and budget >= price:
                plan.append(od.DEPLOY_ORDERS[home][THUG])
                budget -= price
                stock_thugs -= 1
    stock_src = t.stock[p][SRC]
    stock_inf = t.stock[p][INF]
    last = 9
    for x in sorted(range(6), key=lambda x: (x != home, m[x], x)):
        if rnd > (last if m[x] == 1 else 7):
            continue
        room = CAPACITY[x] - sum([row[SRC] for row in t.board[x]])
        price = SOURCE_COST[x] * m[x]
        k = 0
        while k < room and stock_src and budget >= price:
            plan.append(od.BUILD_SRC_ORDERS[x])
            budget -= price
            stock_src -= 1
            k += 1
        own = t.board[x][p]
        protected = own[INF] or own[THUG] or own[KILLER] or x == home or gf == x
        if protect and (k or own[SRC]) and not protected and stock_inf and budget >= INFLUENCE_COST[x] * m[x]:
            plan.append(od.BUILD_INF_ORDERS[x])
            budget -= INFLUENCE_COST[x] * m[x]
            stock_inf -= 1
    return plan


class ExpertAgent(DeterminizedAgent):
    """Determinized Monte Carlo (:mod:`cardgames.core.expert`): its candidate decisions are played on
    to the end of the game by greedy players in worlds drawn from its view; it takes the best mean GE.

    Where there are many candidates (the thirty-odd orders of a fresh snapshot) it first plays
    each of them in a couple of worlds and keeps the best few, with greedy's own choice always
    among them and first, so that a tie, or a move that only looked good in lucky worlds, does
    not lead it away from the baseline; the finalists then meet in more worlds.  It never gives
    GE away in the transfer window (nothing in the rules makes a deal binding, BH-4.3), and it
    chooses among the listed decisions only (one unit of each order, BH-4.4).
    """

    #: candidates kept for the final comparison (greedy's choice among them)
    finalists: ClassVar[int] = 4
    #: worlds in which every candidate is played when there are more than ``finalists``
    screening: ClassVar[int] = 3
    #: playouts of the final comparison, shared among the candidates
    playouts: ClassVar[int] = 128
    #: the fewest and the most worlds of the final comparison
    least: ClassVar[int] = 6
    most: ClassVar[int] = 32

    def __init__(self, game: Any, seat: int, worlds: int = 0) -> None:
        super().__init__(game, seat, worlds)
        #: worlds asked for by the caller (tests, notebooks): every final comparison draws that many,
        #: a screening one
        self.fixed: bool = worlds > 0
        self.greedy: GreedyAgent = GreedyAgent(game, seat)

    def shortlist(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Sequence[Any]:
        if view.stage == TRANSFER:
            return legal_actions[:1]  # pass
        choice = self.greedy.act(view, legal_actions, rng)
        anchor = next((a for a in legal_actions if a == choice), legal_actions[0])
        others = [a for a in legal_actions if a is not anchor]
        if len(legal_actions) > self.finalists:
            totals = self.totals(view, others, 1 if self.fixed else self.screening, rng)
            ranked = sorted(range(len(others)), key=lambda i: -totals[i])
            others = [others[i] for i in ranked[: self.finalists - 1]]
        return [anchor, *others]

    def budget(self, view: Any, candidates: int) -> int:
        if self.fixed:
            return self.budget_worlds
        return max(self.least, min(self.most, self.playouts // candidates))
