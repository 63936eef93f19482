# mypy: ignore-errors
"""Agents for The Brotherhood: random (valid orders only) and greedy."""
from __future__ import annotations

from ..core.agents import Agent


STOP = {"submit": 0.5, "done": 0.5, "pass": 0.75}


class RandomAgent(Agent):
    """Picks uniformly among the legal decisions, but ends an order set, a claim list or an influence
    turn with probability 1/2 at each step and a transfer turn with probability 3/4, so its turns stay
    short.  It only uses listed decisions, so its order sets are never refused."""

    name = "random"
    uses_view = False

    def act(self, view, legal_actions, rng):
        first = legal_actions[0]
        stop = STOP.get(getattr(first, "word", None))
        if stop is not None and (len(legal_actions) == 1 or rng.random() < stop):
            return first
        return legal_actions[rng.randrange(len(legal_actions))]


class GreedyAgent(Agent):
    """Builds the best affordable sources while they still pay, protects them with influence or the
    godfather, keeps the godfather in stock until round 5 and then beside two guard thugs in the safest
    district, claims every source it can, fires at exposed godfathers and fights only when not outgunned."""

    name = "greedy"

    @staticmethod
    def plan(t, rnd, p):
        return plan_orders(t, rnd, p)

    def act(self, view, legal_actions, rng):
        if len(legal_actions) == 1:
            return legal_actions[0]
        p = self.seat
        if view.stage == "orders":
            return self._order(view, legal_actions)
        q = view.question
        kind = q.kind
        t = view.table
        if kind == "transfer":
            return legal_actions[0]  # pass
        if kind == "dismiss":
            return self._dismiss(t, legal_actions)
        if kind == "influence":
            order = {"inf_close": 0, "inf_jail": 1, "inf_remove": 2}
            scored = [a for a in legal_actions if getattr(a, "verb", None) in order]
            return min(scored, key=lambda a: (order[a.verb], -t.ge[a.target])) if scored else legal_actions[0]
        if kind == "targets":
            return self._target(t, q.district, legal_actions)
        if kind == "claims":
            claims = [a for a in legal_actions if getattr(a, "target", None) is not None]
            return claims[0] if claims else legal_actions[0]
        if kind == "propose":
            return next((a for a in legal_actions if getattr(a, "winner", None) == p), legal_actions[0])
        if kind == "fight":
            row = t.board[q.district]
            mine = row[p][2] + row[p][3]
            best = max(row[o][2] + row[o][3] for o in q.players if o != p)
            return legal_actions[0] if mine >= best else legal_actions[1]
        return legal_actions[0]

    def _dismiss(self, t, legal):
        gf = t.gf[self.seat]
        return min(legal, key=lambda a: (a.district == gf, -a.kind))

    def _target(self, t, x, legal):
        row = t.board[x]

        def score(a):
            o = a.target
            exposed = t.gf[o] == x
            guards = row[o][2] + row[o][3]
            return (not exposed, guards if exposed else -guards, o)

        best = min(legal, key=score)
        return best

    def _order(self, view, legal):
        plan = self.plan(view.base, view.round, self.seat)
        done = list(view.partial[self.seat])
        for item in plan:
            if item in done:
                done.remove(item)
                continue
            if item in legal:
                return item
        return legal[0]  # submit (or the forced godfather placement)


class BuilderAgent(GreedyAgent):
    """Classroom exercise 5: a pure "build sources" strategy. Builds every source it can afford while
    they still pay, places the godfather only when it must (round 5) and writes nothing else; passes,
    claims nothing, concedes every fight."""

    name = "builder"

    @staticmethod
    def plan(t, rnd, p):
        return plan_orders(t, rnd, p, protect=False)

    def act(self, view, legal_actions, rng):
        if view.stage == "orders" or len(legal_actions) == 1:
            return super().act(view, legal_actions, rng)
        kind = view.question.kind
        if kind == "fight":
            return legal_actions[1]  # concede
        if kind in ("targets", "dismiss", "propose"):
            return super().act(view, legal_actions, rng)
        return legal_actions[0]  # pass, done, submit


def plan_orders(t, rnd, p, protect=True):
    """The greedy order set for seat p on snapshot t, as a list of atomic orders."""
    from . import orders as od
    from .board import CAPACITY, INFLUENCE_COST, JAIL, KILLER, SOURCE_COST, SRC, STOCK, THUG, INF

    m = od.multipliers(t, p)
    ge = t.ge[p]
    gf = t.gf[p]
    plan = []
    enemy = [sum(row[o][THUG] + row[o][KILLER] for o in range(t.players) if o != p and not t.elim[o])
             for row in t.board]
    if gf == JAIL:
        if ge >= 10:
            home = min(range(6), key=lambda x: (enemy[x], -t.board[x][p][SRC]))
            plan.append(od.FREE_GF_ORDERS[home if rnd >= 5 else STOCK])
        return plan
    budget = ge
    home = None
    if rnd >= 5:
        home = min(range(6), key=lambda x: (enemy[x], -(t.board[x][p][SRC] + t.board[x][p][THUG]), m[x], x))
        if gf == STOCK or (gf != home and enemy[gf] > 0):
            plan.append(od.GODFATHER_ORDERS[home])
        else:
            home = gf
        if rnd <= 11 and protect:
            for _ in range(max(0, 2 - t.board[home][p][THUG])):
                if t.stock[p][THUG] and budget >= 2 * m[home] + 4:
                    plan.append(od.DEPLOY_ORDERS[home][THUG])
                    budget -= 2 * m[home]
    stock_src = t.stock[p][SRC]
    stock_inf = t.stock[p][INF]
    last = 9
    order = sorted(range(6), key=lambda x: (x != home, m[x], x))
    for x in order:
        if rnd > (last if m[x] == 1 else 7):
            continue
        room = CAPACITY[x] - sum(row[SRC] for row in t.board[x])
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
