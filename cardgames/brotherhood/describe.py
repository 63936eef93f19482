"""The Brotherhood for people: one sentence per decision, and the map.

``describe`` says what a decision did from the states before and after it (the news of
the step, ``after.news``, tells what it set off); nothing is applied again.  ``layout``
gives the districts, the Jail, the stocks and the purses as lines (the last event card as a
:class:`~cardgames.core.game.Face`); the game's ``render`` prints them.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Face, Line
from . import orders as od
from .board import (
    CAPACITY,
    DISTRICTS,
    EVENTS,
    INF,
    INFLUENCE_COST,
    JAIL,
    KILLER,
    KIND_NAMES,
    ROUNDS,
    SOURCE_COST,
    SRC,
    STOCK,
    THUG,
    YIELD,
    Entry,
    place_name,
    pname,
)
from .news import explain
from .orders import Order, OrderSet
from .resolve import CONCEDE, DONE, FIGHT, PASS, SUBMIT, Claim, Dismiss, Give, Influence, Propose, Target, Transfer
from .rules import ORDERS, BrotherhoodRules, State, contest_text


def describe(rules: BrotherhoodRules, before: State, seat: int | None, action: Any, after: State) -> str:
    """What ``seat`` did with ``action`` and everything it set off, with the clauses."""
    p = seat if seat is not None else 0
    head = _say(before, p, action)
    news = after.news
    if news and _restates(action, p, news[0]):  # the head already says it
        news = news[1:]
    ended = next((e[1] for e in news if e[0] == "over"), None)
    tail = "; ".join([explain(e, ended) for e in news])
    return head + (" — then: " + tail if tail else "") + "."


def _restates(a: Any, p: int, e: Entry) -> bool:
    """Whether news entry ``e`` only records the decision ``a`` of player ``p`` itself."""
    if isinstance(a, Transfer):
        return e == ("transfer", p, a.to, a.amount)
    if isinstance(a, Dismiss):
        return e == ("dismiss", p, a.district, a.kind)
    if isinstance(a, Influence):
        return e[0] == "influence" and e[1] == p and e[3:] == (a.verb, a.target)
    return False


def _orders_text(n: int) -> str:
    return "an empty order set" if not n else f"an order set of {n} order{'s' if n > 1 else ''}"


def _say(state: State, p: int, a: Any) -> str:
    """The decision itself in words, with its clause."""
    who = pname(p)
    q = state.question
    x = DISTRICTS[q.district] if q is not None and q.district >= 0 else ""
    if isinstance(a, Order):
        head = f"{who} writes '{a}' into his sealed order set (BH-4.4, executed in step {od.STEP[a.verb]}, BH-4.7)"
        if a.verb == od.GODFATHER and a.dest == state.base.gf[p]:
            head += (
                f"; his godfather already is {'in' if a.dest == STOCK else 'in district'} {place_name(a.dest)}, "
                "so it changes nothing"
            )
        return head
    if isinstance(a, OrderSet):
        written = len(state.partial[p])
        instead = f", in place of the {written} order(s) written before" if written else ""
        if not a.orders:
            return f"{who} submits an empty sealed order set{instead} (BH-4.4, validated by BH-4.5)"
        return (
            f"{who} submits the sealed order set '{'; '.join([str(o) for o in a.orders])}'{instead} (BH-4.4, "
            f"validated by BH-4.5)"
        )
    if state.stage == ORDERS and a == SUBMIT:
        return f"{who} submits {_orders_text(len(state.partial[p]))}, sealed (BH-4.4, BH-4.5)"
    if isinstance(a, Transfer):
        return f"{who} transfers {a.amount} GE to {pname(a.to)} at once (BH-4.3)"
    if a == PASS:
        return f"{who} makes no more transfers in this pass (BH-4.3)"
    if isinstance(a, Dismiss):
        return f"{who} withdraws a {KIND_NAMES[a.kind]} from {DISTRICTS[a.district]} to cut his upkeep (BH-4.2.4)"
    if isinstance(a, Influence):
        what = {
            "inf_remove": "2 markers remove an influence marker of",
            "inf_jail": "1 marker jails a thug of",
            "inf_close": "1 marker closes a source of",
        }[a.verb]
        return f"{who} uses influence in {x}: {what} {pname(a.target)} (BH-4.11.4)"
    if a == DONE:
        return f"{who} uses no more influence in {x} (BH-4.11.4)"
    if isinstance(a, Target):
        shots = f"{a.n} {KIND_NAMES[a.kind]}{'s' if a.n > 1 else ''}"
        if q is not None and len(q.info) > 2 and q.info[2] is not None:
            return (
                f"{who} secretly assigns {shots} to fire at {pname(a.target)} in the next volley of the decision "
                f"fight in {x} (BH-4.15.5, BH-4.12.2)"
            )
        return f"{who} secretly assigns {shots} to fire at {pname(a.target)} in the shootout in {x} (BH-4.12.2)"
    if isinstance(a, Claim):
        return f"{who} secretly claims {a.n} unprotected source(s) of {pname(a.target)} in {x} (BH-4.14.3)"
    if a == SUBMIT and q is not None and q.kind == "propose":
        return f"{who} submits his proposed division for {contest_text(q)} (BH-4.15.1)"
    if a == SUBMIT:
        n = sum([c.n for c in state.partial[p] if isinstance(c, Claim)])
        if not n:
            return f"{who} submits no claim in {x} (BH-4.14.3)"
        return f"{who} submits his claims in {x}: {n} source(s) in all (BH-4.14.3)"
    if isinstance(a, Propose):
        if q is not None and q.info[0] == "takeover":
            return (
                f"{who} secretly proposes that {pname(a.winner)} gets his claim on the contested sources of "
                f"{pname(q.info[1])} (BH-4.15.1)"
            )
        return f"{who} secretly proposes that {pname(a.winner)} inherits the whole estate (BH-4.15.1)"
    if isinstance(a, Give):
        return f"{who} secretly writes into his proposed division: {a} (BH-4.15.1)"
    if a == FIGHT:
        return f"{who} secretly declares FIGHT: he stays in the decision fight in {x} (BH-4.15.2)"
    if a == CONCEDE:
        return (
            f"{who} secretly declares CONCEDE: he leaves the decision fight in {x} and gives up his claim (BH-4.15.2)"
        )
    return f"{who}: {a} (BH-7)"


def layout(rules: BrotherhoodRules, state: State, viewer: int | None = None) -> tuple[Line, ...]:
    """The map as lines: per district its capacity, costs and yield and every player's markers; the Jail, stocks, GE.

    The only card on the table is the last event card (BH-2.5), a :class:`Face` with its code (``E03``); it is
    public (BH-4.9), and the event deck is face down, so it is only counted, as text.
    """
    t = state.table
    n = rules.players
    q = state.question
    head = (
        f"Round {state.round}/{ROUNDS} · {state.stage}"
        + (f" ({q.kind})" if q and q.kind != state.stage else "")
        + f" · to act: {', '.join([pname(p) for p in state.acting]) or 'nobody'} · last event: "
    )
    deck = f" · deck {len(t.deck)}"
    first: Line
    if t.event:
        code = EVENTS[t.event[0] - 1]
        first = (head, Face(code, code), f" in {DISTRICTS[t.event[1]]}{deck}")
    else:
        first = (head + "none yet" + deck,)
    lines: list[Line] = [first]
    lines.append(("  cap cost yld infl |" + "|".join([f" {pname(p):<13}" for p in range(n)]),))
    for x in range(6):
        cells = []
        for p in range(n):
            s, i, th, k = t.board[x][p]
            g = "G" if t.gf[p] == x else "-"
            cells.append(f" s{s} i{i} t{th} k{k} {g} ")
        mark = " ".join([m for m in ("½" if x in t.half else "", "0" if x in t.zero else "") if m])
        lines.append(
            (
                f"{DISTRICTS[x]} {CAPACITY[x]:>3} {SOURCE_COST[x]:>4} {YIELD[x]:>3} {INFLUENCE_COST[x]:>4} |"
                + "|".join(cells)
                + (f" {mark}" if mark else ""),
            )
        )
    lines.append(
        (
            "Jail  "
            + "  ".join(
                [f"{pname(p)}: t{t.jail[p][0]} k{t.jail[p][1]}{' G' if t.gf[p] == JAIL else ''}" for p in range(n)]
            ),
        )
    )
    lines.append(
        (
            "Stock "
            + "  ".join(
                [
                    f"{pname(p)}: s{t.stock[p][SRC]} i{t.stock[p][INF]} t{t.stock[p][THUG]} k{t.stock[p][KILLER]}"
                    f"{' G' if t.gf[p] == STOCK else ''}"
                    for p in range(n)
                ]
            ),
        )
    )
    lines.append(
        (
            "GE    "
            + "  ".join(
                [f"{pname(p)}: {t.ge[p]}" + (f" (out, round {t.elim[p]})" if t.elim[p] else "") for p in range(n)]
            ),
        )
    )
    if viewer is not None and state.partial and state.partial[viewer]:
        lines.append((f"{pname(viewer)}'s sealed: " + "; ".join([str(a) for a in state.partial[viewer]]),))
    return tuple(lines)
