"""The Brotherhood for people: one sentence per decision, and the map.

:func:`facts` tells what a decision did from the states before and after it, as
:class:`~cardgames.core.facts.Fact` records: the decision itself, then one fact for each entry
of the news it set off (``after.news``, :func:`.news.entry_fact`); nothing is applied again.
The game's ``describe`` is :func:`tell` of them: one sentence, the decision and "then:" its news.  ``layout``
gives the districts, the Jail, the stocks and the purses as lines (the last event card as a
:class:`~cardgames.core.game.Face`); the game's ``render`` prints them.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.facts import ActionParts, Fact, words
from ..core.game import Face, Line
from ..core.i18n import N_
from . import orders as od
from .board import (
    CAPACITY,
    CATALOG,
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
    kind_text,
    place_name,
    pname,
    said,
)
from .news import INFLUENCE_TEXT, entry_fact
from .orders import Order, OrderSet
from .resolve import (
    CONCEDE,
    DONE,
    FIGHT,
    PASS,
    SUBMIT,
    Claim,
    Decision,
    Dismiss,
    Give,
    Influence,
    Propose,
    Target,
    Transfer,
    decision_words,
)
from .rules import ORDERS, BrotherhoodRules, State, contest_text

_, ngettext = CATALOG.functions()

#: the stages of a round and the decisions of the resolution, as the map's head line names them (translated)
STAGE_TEXT: Final = {
    "start": N_("start"),
    "transfer": N_("transfer"),
    "orders": N_("orders"),
    "resolve": N_("resolve"),
    "over": N_("over"),
}
QUESTION_TEXT: Final = {
    "transfer": N_("transfer"),
    "dismiss": N_("dismiss"),
    "influence": N_("influence"),
    "targets": N_("targets"),
    "claims": N_("claims"),
    "propose": N_("propose"),
    "fight": N_("fight"),
}


def tell(told: tuple[Fact, ...]) -> str:
    """The sentence of a step's facts: the decision (the first fact), then the news it set off, if any."""
    head = told[0].text
    if len(told) == 1:
        return head + "."
    tail = "; ".join([fact.text for fact in told[1:]])
    return _("{decision} — then: {news}").format(decision=head, news=tail) + "."


def facts(rules: BrotherhoodRules, before: State, seat: int | None, action: Any, after: State) -> tuple[Fact, ...]:
    """What a step did: the decision itself, then one fact for each entry of the news it set off (``after.news``).

    The news entry that only records the decision (a transfer, a dismissal, an influence
    used) is left out: the decision already says it.
    """
    p = seat if seat is not None else 0
    news = after.news
    if news and _restates(action, p, news[0]):  # the decision already says it
        news = news[1:]
    ended = next((e[1] for e in news if e[0] == "over"), None)
    return (_said(before, p, action), *[entry_fact(e, ended) for e in news])


def _restates(a: Any, p: int, e: Entry) -> bool:
    """Whether news entry ``e`` only records the decision ``a`` of player ``p`` itself."""
    if isinstance(a, Transfer):
        return e == ("transfer", p, a.to, a.amount)
    if isinstance(a, Dismiss):
        return e == ("dismiss", p, a.district, a.kind)
    if isinstance(a, Influence):
        return e[0] == "influence" and e[1] == p and e[3:] == (a.verb, a.target)
    return False


def _said(state: State, p: int, a: Any) -> Fact:
    """The decision itself in words, with its clauses, as one fact (its kind the action's verb)."""
    who = pname(p)
    q = state.question
    x = DISTRICTS[q.district] if q is not None and q.district >= 0 else ""
    if isinstance(a, Order):
        head = _(
            "{player} writes '{order}' into his sealed order set (BH-4.4, executed in step {step}, BH-4.7)"
        ).format(player=who, order=a.said(), step=od.STEP[a.verb])
        if a.verb == od.GODFATHER and a.dest == state.base.gf[p]:
            if a.dest == STOCK:
                head = _("{sentence}; his godfather already is in stock, so it changes nothing").format(sentence=head)
            else:
                head = _("{sentence}; his godfather already is in district {district}, so it changes nothing").format(
                    sentence=head, district=DISTRICTS[a.dest]
                )
        return Fact("order", head, ("BH-4.4", "BH-4.7"), (p,))
    if isinstance(a, OrderSet):
        return Fact("orders", _sealed(state, p, a), ("BH-4.4", "BH-4.5"), (p,), amounts={"orders": len(a.orders)})
    if state.stage == ORDERS and a == SUBMIT:
        n = len(state.partial[p])
        if not n:
            text = _("{player} submits an empty order set, sealed (BH-4.4, BH-4.5)").format(player=who)
        else:
            text = ngettext(
                "{player} submits an order set of {n} order, sealed (BH-4.4, BH-4.5)",
                "{player} submits an order set of {n} orders, sealed (BH-4.4, BH-4.5)",
                n,
            ).format(player=who, n=n)
        return Fact("submit", text, ("BH-4.4", "BH-4.5"), (p,), amounts={"orders": n})
    if isinstance(a, Transfer):
        text = _("{player} transfers {amount} GE to {to} at once (BH-4.3)").format(
            player=who, amount=a.amount, to=pname(a.to)
        )
        return Fact("transfer", text, ("BH-4.3",), _pair(p, a.to), amounts={"ge": a.amount})
    if a == PASS:
        return Fact(
            "pass", _("{player} makes no more transfers in this pass (BH-4.3)").format(player=who), ("BH-4.3",), (p,)
        )
    if isinstance(a, Dismiss):
        if a.kind == THUG:
            text = _("{player} withdraws a thug from {district} to cut his upkeep (BH-4.2.4)")
        else:
            text = _("{player} withdraws a killer from {district} to cut his upkeep (BH-4.2.4)")
        return Fact("dismiss", text.format(player=who, district=DISTRICTS[a.district]), ("BH-4.2.4",), (p,))
    if isinstance(a, Influence):
        text = _(INFLUENCE_TEXT.get(a.verb, INFLUENCE_TEXT["inf_close"]))
        return Fact(
            "influence", text.format(player=who, district=x, target=pname(a.target)), ("BH-4.11.4",), _pair(p, a.target)
        )
    if a == DONE:
        text = _("{player} uses no more influence in {district} (BH-4.11.4)").format(player=who, district=x)
        return Fact("done", text, ("BH-4.11.4",), (p,))
    if isinstance(a, Target):
        return _targeted(state, p, a)
    if isinstance(a, Claim):
        text = ngettext(
            "{player} secretly claims {n} unprotected source(s) of {target} in {district} (BH-4.14.3)",
            "{player} secretly claims {n} unprotected source(s) of {target} in {district} (BH-4.14.3)",
            a.n,
        ).format(player=who, n=a.n, target=pname(a.target), district=x)
        return Fact("claim", text, ("BH-4.14.3",), _pair(p, a.target), amounts={"sources": a.n})
    if a == SUBMIT and q is not None and q.kind == "propose":
        text = _("{player} submits his proposed division for {contest} (BH-4.15.1)").format(
            player=who, contest=contest_text(q)
        )
        return Fact("submit", text, ("BH-4.15.1",), (p,))
    if a == SUBMIT:
        n = sum([c.n for c in state.partial[p] if isinstance(c, Claim)])
        if not n:
            text = _("{player} submits no claim in {district} (BH-4.14.3)").format(player=who, district=x)
        else:
            text = ngettext(
                "{player} submits his claims in {district}: {n} source(s) in all (BH-4.14.3)",
                "{player} submits his claims in {district}: {n} source(s) in all (BH-4.14.3)",
                n,
            ).format(player=who, district=x, n=n)
        return Fact("submit", text, ("BH-4.14.3",), (p,), amounts={"sources": n})
    if isinstance(a, Propose):
        if q is not None and q.info[0] == "takeover":
            text = _(
                "{player} secretly proposes that {winner} gets his claim on the contested sources of "
                "{victim} (BH-4.15.1)"
            ).format(player=who, winner=pname(a.winner), victim=pname(q.info[1]))
            return Fact("propose", text, ("BH-4.15.1",), _pair(p, a.winner))
        text = _("{player} secretly proposes that {winner} inherits the whole estate (BH-4.15.1)").format(
            player=who, winner=pname(a.winner)
        )
        return Fact("propose", text, ("BH-4.15.1",), _pair(p, a.winner))
    if isinstance(a, Give):
        text = _("{player} secretly writes into his proposed division: {line} (BH-4.15.1)").format(
            player=who, line=said_action(a)
        )
        return Fact("give", text, ("BH-4.15.1",), _pair(p, a.to), amounts={"markers": a.n})
    if a == FIGHT:
        text = _("{player} secretly declares FIGHT: he stays in the decision fight in {district} (BH-4.15.2)").format(
            player=who, district=x
        )
        return Fact("fight", text, ("BH-4.15.2",), (p,))
    if a == CONCEDE:
        text = _(
            "{player} secretly declares CONCEDE: he leaves the decision fight in {district} and gives up his claim "
            "(BH-4.15.2)"
        ).format(player=who, district=x)
        return Fact("concede", text, ("BH-4.15.2",), (p,))
    return Fact("other", f"{who}: {a} (BH-7)", ("BH-7",), (p,))


def _pair(p: int, other: int) -> tuple[int, ...]:
    """The seats of a decision of ``p`` that names ``other``: both, ``p`` first (once if they are the same)."""
    return (p,) if other == p else (p, other)


def _sealed(state: State, p: int, a: OrderSet) -> str:
    """A whole order set submitted at once, and how many orders written before it replaces (BH-4.4, BH-4.5)."""
    who = pname(p)
    written = len(state.partial[p])
    orders = od.said_orders(a.orders)
    if not a.orders:
        if written:
            return ngettext(
                "{player} submits an empty sealed order set, in place of the {written} order(s) written before "
                "(BH-4.4, validated by BH-4.5)",
                "{player} submits an empty sealed order set, in place of the {written} order(s) written before "
                "(BH-4.4, validated by BH-4.5)",
                written,
            ).format(player=who, written=written)
        return _("{player} submits an empty sealed order set (BH-4.4, validated by BH-4.5)").format(player=who)
    if written:
        return ngettext(
            "{player} submits the sealed order set '{orders}', in place of the {written} order(s) written before "
            "(BH-4.4, validated by BH-4.5)",
            "{player} submits the sealed order set '{orders}', in place of the {written} order(s) written before "
            "(BH-4.4, validated by BH-4.5)",
            written,
        ).format(player=who, orders=orders, written=written)
    return _("{player} submits the sealed order set '{orders}' (BH-4.4, validated by BH-4.5)").format(
        player=who, orders=orders
    )


def _targeted(state: State, p: int, a: Target) -> Fact:
    """Shooters secretly assigned to a target, in a shootout (BH-4.12.2) or the next volley of a fight (BH-4.15.5)."""
    q = state.question
    x = DISTRICTS[q.district] if q is not None and q.district >= 0 else ""
    shots = kind_text(a.kind, a.n)
    if q is not None and len(q.info) > 2 and q.info[2] is not None:
        text = _(
            "{player} secretly assigns {shots} to fire at {target} in the next volley of the decision "
            "fight in {district} (BH-4.15.5, BH-4.12.2)"
        )
        clauses: tuple[str, ...] = ("BH-4.15.5", "BH-4.12.2")
    else:
        text = _("{player} secretly assigns {shots} to fire at {target} in the shootout in {district} (BH-4.12.2)")
        clauses = ("BH-4.12.2",)
    told = text.format(player=pname(p), shots=shots, target=pname(a.target), district=x)
    return Fact("target", told, clauses, _pair(p, a.target), amounts={"shooters": a.n})


def layout(rules: BrotherhoodRules, state: State, viewer: int | None = None) -> tuple[Line, ...]:
    """The map as lines: per district its capacity, costs and yield and every player's markers; the Jail, stocks, GE.

    The only card on the table is the last event card (BH-2.5), a :class:`Face` with its code (``E03``); it is
    public (BH-4.9), and the event deck is face down, so it is only counted, as text.
    """
    t = state.table
    n = rules.players
    q = state.question
    stage = _(STAGE_TEXT.get(state.stage, state.stage))
    if q and q.kind != state.stage:
        stage = _("{stage} ({question})").format(stage=stage, question=_(QUESTION_TEXT.get(q.kind, q.kind)))
    head = _("Round {round}/{rounds} · {stage} · to act: {acting} · last event: ").format(
        round=state.round, rounds=ROUNDS, stage=stage, acting=", ".join([pname(p) for p in state.acting]) or _("nobody")
    )
    first: Line
    if t.event:
        code = EVENTS[t.event[0] - 1]
        first = (
            head,
            Face(code, code),
            _(" in {district} · deck {deck}").format(district=DISTRICTS[t.event[1]], deck=len(t.deck)),
        )
    else:
        first = (head + _("none yet · deck {deck}").format(deck=len(t.deck)),)
    lines: list[Line] = [first]
    lines.append((_("  cap cost yld infl |") + "|".join([f" {pname(p):<13}" for p in range(n)]),))
    for x in range(6):
        cells = []
        for p in range(n):
            s, i, th, k = t.board[x][p]
            if t.gf[p] == x:
                cell = _(" s{sources} i{influence} t{thugs} k{killers} G ")
            else:
                cell = _(" s{sources} i{influence} t{thugs} k{killers} - ")
            cells.append(cell.format(sources=s, influence=i, thugs=th, killers=k))
        mark = " ".join([m for m in ("½" if x in t.half else "", "0" if x in t.zero else "") if m])
        lines.append(
            (
                f"{DISTRICTS[x]} {CAPACITY[x]:>3} {SOURCE_COST[x]:>4} {YIELD[x]:>3} {INFLUENCE_COST[x]:>4} |"
                + "|".join(cells)
                + (f" {mark}" if mark else ""),
            )
        )
    labels = (_("Jail"), _("Stock"), _("GE"))  # the rows' labels, in one column as wide as the longest
    width = max([len(label) for label in labels]) + 1
    jail: list[str] = []
    stock: list[str] = []
    purses: list[str] = []
    for p in range(n):
        jailed = {"player": pname(p), "thugs": t.jail[p][0], "killers": t.jail[p][1]}
        if t.gf[p] == JAIL:
            jail.append(_("{player}: t{thugs} k{killers} G").format(**jailed))
        else:
            jail.append(_("{player}: t{thugs} k{killers}").format(**jailed))
        held = t.stock[p]
        kept = {
            "player": pname(p),
            "sources": held[SRC],
            "influence": held[INF],
            "thugs": held[THUG],
            "killers": held[KILLER],
        }
        if t.gf[p] == STOCK:
            stock.append(_("{player}: s{sources} i{influence} t{thugs} k{killers} G").format(**kept))
        else:
            stock.append(_("{player}: s{sources} i{influence} t{thugs} k{killers}").format(**kept))
        if t.elim[p]:
            purses.append(_("{player}: {ge} (out, round {round})").format(player=pname(p), ge=t.ge[p], round=t.elim[p]))
        else:
            purses.append(f"{pname(p)}: {t.ge[p]}")
    for label, row in zip(labels, (jail, stock, purses)):
        lines.append((label.ljust(width) + "  ".join(row),))
    if viewer is not None and state.partial and state.partial[viewer]:
        lines.append(
            (
                _("{player}'s sealed: {orders}").format(
                    player=pname(viewer),
                    orders="; ".join([said_action(a) for a in state.partial[viewer]]),
                ),
            )
        )
    return tuple(lines)


def action_parts(action: object) -> ActionParts:
    """An action's verb and words: the words of its text (no action names a card)."""
    if isinstance(action, Order):
        return words(*action.words())
    if isinstance(action, Decision):
        return words(*decision_words(action))
    return words(str(action))  # a whole order set, as one


def said_action(action: object) -> str:
    """An action as people read it, in the language in use: the words of :func:`action_parts`, each said."""
    parts = action_parts(action)
    return said((parts.verb, *parts.args))


_COUNTS: Final = tuple(str(n) for n in range(1, 13))  # the numbers the order form offers
_KINDS: Final = (KIND_NAMES[THUG], KIND_NAMES[KILLER])
_DISTRICT_NAMES: Final = tuple(DISTRICTS)
#: BH-4.4: each order's verb and the choices of its words, in the order the form lists them
ORDER_GRAMMAR: Final[dict[str, tuple[tuple[str, ...], ...]]] = {
    od.BUILD_SRC: (_DISTRICT_NAMES, _COUNTS),
    od.BUILD_INF: (_DISTRICT_NAMES, _COUNTS),
    od.DEPLOY: (_DISTRICT_NAMES, _KINDS, _COUNTS),
    od.WITHDRAW: (_DISTRICT_NAMES, _KINDS, _COUNTS),
    od.CLOSE: (_DISTRICT_NAMES, _COUNTS),
    od.FREE: (_KINDS, _COUNTS),
    od.FREE_GF: (_DISTRICT_NAMES,),
    od.GODFATHER: (_DISTRICT_NAMES + (place_name(STOCK),),),
    str(SUBMIT): (),
}
