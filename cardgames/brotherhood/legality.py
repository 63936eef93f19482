"""The Brotherhood: what a player asked now may do, and why anything else is refused (BH-4.4 to BH-4.15, BH-7).

Both come from the same rules.  The order sets (BH-4.4) and each decision of the BH-7 table
have one judge.  Asked with ``refused`` None, a judge gives what ``legal_actions`` offers: the
atomic orders of quantity 1 and ``submit``, or the answers to the open question.  Asked with an
action, it returns ``()`` when the rules allow that action, offered or not: BH-4.4's wider
choice admits a larger quantity (``deploy e thug 2``, ``claim P3 2``), a whole order set in one
line, or a godfather order that changes nothing.  Otherwise it raises the refusal of the first
rule the action breaks, with that rule's clause (and the V-codes of BH-4.6 for orders).

:func:`legal`, :func:`check`, :func:`allows_unlisted` and :func:`refusal` only pick the judge
of the decision open now, so a refusal explains the very check that legality makes, and its
message is built only when a refusal is asked for.  A player who is not asked now is refused
by :func:`turn_refusal`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from mypy_extensions import mypyc_attr

from ..core.errors import IllegalMove
from ..core.game import Action
from ..core.i18n import N_
from . import orders as od
from .board import CATALOG, DISTRICTS, JAIL, KILLER, SRC, STOCK, THUG, pname, pnames, said
from .orders import Order, OrderError, OrderSet, quoted
from .resolve import (
    CONCEDE,
    DONE,
    FIGHT,
    PASS,
    SUBMIT,
    Claim,
    Dismiss,
    Give,
    Influence,
    Propose,
    Question,
    Target,
    Transfer,
)

if TYPE_CHECKING:
    from .rules import State

_, ngettext = CATALOG.functions()

Atoms = tuple[Action, ...]  # one player's sealed decisions in the open step, in the order written

TURN_RULE: Final = {  # the clause of each decision of the resolve stage (BH-7), named by its refusals
    "dismiss": "BH-4.2.4",
    "transfer": "BH-4.3",
    "influence": "BH-4.11.4",
    "targets": "BH-4.12.2",
    "claims": "BH-4.14.3",
    "propose": "BH-4.15.1",
    "fight": "BH-4.15.2",
}
ORDERS_RULE: Final = "BH-4.4"  # the clause of the orders stage, named by its refusals
OVER_RULE: Final = "BH-6.1"  # the clause of the game's end, named by a refusal when nobody decides any more

INF_VERBS: Final = ("inf_remove", "inf_jail", "inf_close")  # the uses of influence (BH-4.11.4), as q.info lists them


# ---------------------------------------------------------------------------
# The dispatchers: the judge of the decision open now
#
# The orders stage is the one part of a round in which players act with no question open
# (``State.question`` is None): they write their sealed order sets.


def legal(state: State, p: int) -> tuple[Action, ...]:
    """What ``p``, who is asked now, may do: the offer of the judge of the decision open now."""
    q = state.question
    if q is None:  # the hot path of every simulation: the atomic orders
        return _orders_judge(state, p, None)
    return _judge(state, q, p, None)


def allows_unlisted(state: State, p: int, action: Any) -> bool:
    """BH-4.4's wider choice: does the judge allow ``action``, which ``legal`` does not offer?

    Only the actions :func:`unlisted` names are judged so; any other action is allowed only
    as one of the offers.
    """
    if not unlisted(action):
        return False
    try:
        check(state, p, action)
    except IllegalMove:
        return False
    return True


def refusal(state: State, p: int, action: Any) -> IllegalMove:
    """Why ``p`` may not take ``action`` now: the refusal of the first rule it breaks, from the judge of the decision."""
    try:
        check(state, p, action)
    except IllegalMove as refused:
        return refused
    # every rule allows it, yet it was neither offered nor judged as unlisted (built by hand with the
    # offer's values but another text): what the decision open now is
    q = state.question
    if q is None:
        return _not_an_order(state, p, action)
    return _refused(state, q, p, action, topic(q, p))


def check(state: State, p: int, action: Any) -> None:
    """Raise the refusal of ``action`` of ``p``, who is asked now, if a rule refuses it (offered or not)."""
    q = state.question
    if q is None:
        _orders_judge(state, p, action)
    else:
        _judge(state, q, p, action)


def _judge(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """The judge of the open question ``q`` (the decisions of BH-7, each kind's in ``_JUDGES``)."""
    return _JUDGES[q.kind](state, q, p, refused)


def _refused(state: State, q: Question, p: int, action: Any, fault: str) -> IllegalMove:
    """The refusal of an answer to ``q``: what is wrong with it, under the clause of the decision, and what ``p`` may do."""
    return IllegalMove(
        _("{action} is not allowed: {fault}. {player} may {help}").format(
            action=quoted(_text(action).split()), fault=fault, player=pname(p), help=help_text(state, q, p)
        ),
        rule=TURN_RULE[q.kind],
        player=p,
        action=action,
    )


def unlisted(action: object) -> bool:
    """Is ``action`` one the judges admit although no offer equals it (BH-4.4's wider choice)?

    Those are whole order sets, godfather orders (one to where he already stands is valid but
    not offered), orders, targets, claims and division lines of a quantity other than 1, and
    any decision whose numbers are not whole numbers, which are never the offered ones even
    where Python finds them equal (True == 1, 2.0 == 2).
    """
    if isinstance(action, OrderSet):
        return True
    if isinstance(action, Order):
        return (
            action.verb == od.GODFATHER
            or not _one(action.n)
            or type(action.district) is not int
            or type(action.kind) is not int
            or type(action.dest) is not int
        )
    if isinstance(action, (Target, Claim, Give)):
        return not _one(action.n)
    if isinstance(action, Transfer):
        return type(action.amount) is not int
    return False


def _one(n: object) -> bool:
    """Is ``n`` the whole number 1 (not True, not 1.0)?"""
    return type(n) is int and n == 1


def _up_to(n: object, most: int) -> bool:
    """Is ``n`` a whole number from 1 to ``most`` (not a bool, not a float)?"""
    return type(n) is int and 1 <= n <= most


# ---------------------------------------------------------------------------
# BH-4.4 to BH-4.6 the order sets


def written_orders(atoms: Atoms) -> tuple[Order, ...]:
    """A sealed set of the orders stage (it holds orders only)."""
    return cast(tuple[Order, ...], atoms)


def _orders_judge(state: State, p: int, refused: Any) -> tuple[Action, ...]:
    """The atoms (quantity 1) that keep ``p``'s set valid, and ``submit`` (V01-V11 for any other order or set).

    The means of the set (``od.Means``, BH-4.5) decide both: the offer is what they still
    allow, and an order of any quantity is allowed when they allow it.
    """
    t, rnd, mine = state.base, state.round, written_orders(state.partial[p])
    mult, start = state.part.mult[p], state.part.means[p]
    if refused is None:
        return od.legal_orders(t, rnd, p, mine, SUBMIT, mult, start)
    if isinstance(refused, OrderSet):  # BH-4.5: the whole set, checked at once (every error named)
        errors = od.set_errors(t, rnd, p, refused.orders)
        if errors:
            raise OrderSetRefused(errors, p, refused)
        return ()
    if isinstance(refused, Order):  # BH-4.6: the order keeps the set written so far valid
        if od.Means(t, rnd, p, mine, mult, start).allows(refused):
            return ()
        what = _("order '{order}'").format(order=_said(refused))
        if od.must_place_first(t, rnd, p, mine) and refused.verb != od.GODFATHER:  # V09 (BH-4.4)
            errors = [
                OrderError(
                    "V09",
                    _("from round 5 your godfather must stand in a district; place him first ('{order}')").format(
                        order=said((od.GODFATHER, "a-f"))
                    ),
                )
            ]
        else:
            errors = od.set_errors(t, rnd, p, mine + (refused,), complete=False, m=mult)
        if errors:
            raise OrderSetRefused(errors, p, refused, what=what)
        raise _not_an_order(state, p, refused)
    if refused == SUBMIT:
        if od.must_place_first(t, rnd, p, mine):  # V09 (BH-4.4): from round 5 the godfather is placed first
            raise OrderSetRefused(od.placement_error(t, rnd, p, mine), p, refused)
        return ()
    raise _not_an_order(state, p, refused)  # BH-4.4: only orders are written now


def _not_an_order(state: State, p: int, action: Any) -> IllegalMove:
    """BH-4.4: an action other than an order, a set or ``submit`` while the order sets are written."""
    return IllegalMove(
        _("{action} is not allowed: the order sets are being written. {player} may {help}").format(
            action=quoted(_text(action).split()), player=pname(p), help=help_text(state, None, p)
        ),
        rule=ORDERS_RULE,
        player=p,
        action=action,
    )


# ---------------------------------------------------------------------------
# BH-4.3 the transfer window


def _transfer(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """Pass, or give 1 to all his GE at once to another active player (``q.info``: the receivers)."""
    receivers, ge = q.info, state.table.ge[p]
    if refused is None:
        return _transfers(receivers, ge)
    if refused == PASS:
        return ()
    if not isinstance(refused, Transfer):
        raise _refused(state, q, p, refused, topic(q, p))
    if refused.to not in receivers:  # BH-4.3: to another active player
        if refused.to == p:
            raise _refused(state, q, p, refused, _("a player cannot give to himself"))
        fault = _("{player} is not another active player").format(player=pname(refused.to))
        raise _refused(state, q, p, refused, fault)
    if not _up_to(refused.amount, ge):  # BH-4.3: 1 to all his GE
        raise _refused(state, q, p, refused, _("{player} has {ge} GE").format(player=pname(p), ge=ge))
    return ()


# ---------------------------------------------------------------------------
# BH-4.2.4 upkeep


def _dismissal(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """Withdraw one of his shooters to stock (``q.info``: the district and kind of each he has)."""
    if refused is None:
        return tuple([_DISMISS[x][k] for x, k in q.info])
    if not isinstance(refused, Dismiss):
        raise _refused(state, q, p, refused, topic(q, p))
    if (refused.district, refused.kind) in q.info:  # BH-4.2.4: a shooter he has, where he has it
        return ()
    x = DISTRICTS[refused.district]
    if refused.kind == THUG:
        fault = _("{player} has no thug in {district}").format(player=pname(p), district=x)
    elif refused.kind == KILLER:
        fault = _("{player} has no killer in {district}").format(player=pname(p), district=x)
    else:
        fault = _("{player} has no shooter in {district}").format(player=pname(p), district=x)
    raise _refused(state, q, p, refused, fault)


# ---------------------------------------------------------------------------
# BH-4.11.4 the use of influence


def _influence(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """``done``, or a use of influence against a player ``q.info`` lists for it (markers left, then the
    players he may inf_remove, inf_jail and inf_close)."""
    if refused is None:
        out: tuple[Action, ...] = (DONE,)
        for i, verb in enumerate(INF_VERBS):
            out += tuple([_INF[verb][target] for target in q.info[1 + i]])
        return out
    if refused == DONE:
        return ()
    if not isinstance(refused, Influence):
        raise _refused(state, q, p, refused, topic(q, p))
    verb = refused.verb
    if verb in INF_VERBS and refused.target in q.info[1 + INF_VERBS.index(verb)]:  # BH-4.11.4: a player it may hit
        return ()
    raise _refused(state, q, p, refused, _influence_fault(q, p, refused))


def _influence_fault(q: Question, player: int, a: Influence) -> str:
    """Why a use of influence breaks BH-4.11.4."""
    left = q.info[0]
    x = DISTRICTS[q.district]
    if a.target == player:
        return _("influence acts only against other players")
    if a.verb == "inf_remove":
        if left < 2:
            return _("{use} uses 2 markers and {player} has {left} left to use in {district}").format(
                use=quoted(("inf_remove",)), player=pname(player), left=left, district=x
            )
        return _(
            "{use} needs a player with less influence in {district} (at the start of the step) who still has a "
            "marker there; {target} is not one"
        ).format(use=quoted(("inf_remove",)), district=x, target=pname(a.target))
    if a.verb == "inf_jail":
        return _("{target} has no thug in {district} (killers and godfathers cannot be jailed by influence)").format(
            target=pname(a.target), district=x
        )
    return _("{target} has no source in {district}").format(target=pname(a.target), district=x)


# ---------------------------------------------------------------------------
# BH-4.12.2 the targets of a shootout


def _targets(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """Each of his shooters at another participant (``q.info[0]``), in lines of one shooter or more."""
    thugs, killers = unassigned(q, p, state.partial[p])
    if refused is None:
        out: list[Action] = []
        for other in q.info[0]:
            if other != p:
                if thugs:
                    out.append(_TARGET[other][THUG])
                if killers:
                    out.append(_TARGET[other][KILLER])
        return tuple(out)
    if not isinstance(refused, Target):
        raise _refused(state, q, p, refused, topic(q, p))
    if refused.target == p or refused.target not in q.info[0]:  # BH-4.12.2: at another participant
        fault = _("{player} is not another participant in {district}").format(
            player=pname(refused.target), district=DISTRICTS[q.district]
        )
        raise _refused(state, q, p, refused, fault)
    kind = refused.kind  # BH-4.12.2: no more shooters of a kind than he has left without a target
    left = (thugs, killers)[kind - THUG] if type(kind) is int and THUG <= kind <= KILLER else 0
    if not _up_to(refused.n, left):
        fault = _("{player} has {thugs} thug(s) and {killers} killer(s) left to assign").format(
            player=pname(p), thugs=thugs, killers=killers
        )
        raise _refused(state, q, p, refused, fault)
    return ()


def unassigned(q: Question, p: int, mine: Atoms) -> tuple[int, int]:
    """BH-4.12.2: p's thugs and killers in the shootout that have no target yet."""
    thugs, killers = q.info[1][q.players.index(p)]
    for a in mine:
        if isinstance(a, Target):
            if a.kind == THUG:
                thugs -= a.n
            else:
                killers -= a.n
    return thugs, killers


# ---------------------------------------------------------------------------
# BH-4.14.1 to BH-4.14.3 claims on unprotected sources


def _claims(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """``submit``, or a claim on another player's unprotected sources (``q.info``: the limit L of each
    asked player, the unprotected sources of each player), within L and those sources."""
    mine = state.partial[p]
    limits, free = q.info
    if refused is None:
        return (SUBMIT,) + tuple([_CLAIM[o] for o in range(len(free)) if o != p and _claim_room(q, p, mine, o) > 0])
    if refused == SUBMIT:
        return ()
    if not isinstance(refused, Claim):
        raise _refused(state, q, p, refused, topic(q, p))
    n, target = refused.n, refused.target
    x = DISTRICTS[q.district]
    if type(n) is not int or n < 1:
        raise _refused(state, q, p, refused, _("a claim is for a positive number of sources"))
    if target == p:
        raise _refused(state, q, p, refused, _("a player cannot claim his own sources"))
    if target not in range(len(free)):
        raise _refused(state, q, p, refused, _("there is no player {player}").format(player=pname(target)))
    if not free[target]:  # BH-4.14.1
        fault = _(
            "{player} has no unprotected source in {district}: a source is protected while its owner has "
            "a godfather, thug, killer or influence marker in the district (BH-4.14.1)"
        ).format(player=pname(target), district=x)
        raise _refused(state, q, p, refused, fault)
    used, on = _claimed(mine, target)
    limit = limits[q.players.index(p)]
    if used + n > limit:  # BH-4.14.2: at most L in all
        fault = ngettext(
            "{player} may claim at most L = {limit} source(s) here and has claimed {used}",
            "{player} may claim at most L = {limit} source(s) here and has claimed {used}",
            limit,
        ).format(player=pname(p), limit=limit, used=used)
        raise _refused(state, q, p, refused, fault)
    if on + n > free[target]:  # BH-4.14.3: no more of a player's sources than are unprotected
        fault = ngettext(
            "{target} has {free} unprotected source(s) in {district} and {player} has claimed {claimed} of them",
            "{target} has {free} unprotected source(s) in {district} and {player} has claimed {claimed} of them",
            free[target],
        ).format(target=pname(target), free=free[target], district=x, player=pname(p), claimed=on)
        raise _refused(state, q, p, refused, fault)
    return ()


def _claimed(mine: Atoms, target: int) -> tuple[int, int]:
    """The sources p has claimed so far: in all, and from ``target``."""
    claims = [c for c in mine if isinstance(c, Claim)]
    return sum([c.n for c in claims]), sum([c.n for c in claims if c.target == target])


def _claim_room(q: Question, p: int, mine: Atoms, target: int) -> int:
    """BH-4.14.2-3: how many more sources p may claim from ``target``: within his limit L and its unprotected ones."""
    limits, free = q.info
    used, on = _claimed(mine, target)
    return min(limits[q.players.index(p)] - used, free[target] - on)


# ---------------------------------------------------------------------------
# BH-4.15.1 proposals: an estate's division, or the contested sources of a takeover


def _proposal(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """One contestant proposed for the whole, or a division written line by line (DP-7, DP-9)."""
    mine = state.partial[p]
    if refused is None:
        return _proposals(q, mine)
    takeover = q.info[0] == "takeover"
    if isinstance(refused, Propose):  # BH-4.15.1: a whole proposal, before any line
        if mine:
            fault = _("{player} has begun a division line by line; 'propose' is only a whole proposal").format(
                player=pname(p)
            )
            raise _refused(state, q, p, refused, fault)
        if refused.winner not in q.players:
            raise _refused(state, q, p, refused, _("{player} is not a contestant").format(player=pname(refused.winner)))
        return ()
    if refused == SUBMIT:  # a takeover's division ends with submit; an estate's when every marker is given
        if takeover:
            return ()
        raise _refused(
            state, q, p, refused, _("an estate division is complete when every marker is given; it has no 'submit'")
        )
    if not isinstance(refused, Give):
        raise _refused(state, q, p, refused, topic(q, p))
    if refused.to not in q.players:
        raise _refused(state, q, p, refused, _("{player} is not a contestant").format(player=pname(refused.to)))
    n = refused.n
    if type(n) is not int or n < 1:
        raise _refused(state, q, p, refused, _("a line gives a positive number"))
    if n <= Division(q, mine).room(refused.place, refused.kind, refused.to):  # BH-4.15.1: nothing given twice
        return ()
    raise _refused(state, q, p, refused, _division_fault(q, refused))


def _division_fault(q: Question, a: Give) -> str:
    """Why the line ``a`` gives more than the division has left to give (BH-4.15.1)."""
    if q.info[0] == "takeover":
        if a.place != -1:
            return _("a takeover division gives sources by number only, as 'give P2 1'")
        return ngettext(
            "the division gives at most the {free} contested source(s), and each contestant at most his claim "
            "({claims})",
            "the division gives at most the {free} contested source(s), and each contestant at most his claim "
            "({claims})",
            q.info[3],
        ).format(free=q.info[3], claims=", ".join([f"{pname(c)} {n}" for c, n in zip(q.players, q.info[2])]))
    if a.place < 0:
        return _("an estate division names the place and kind, as 'give P2 b source 1'")
    if 0 <= a.place < 6:
        where = _("in {district}").format(district=DISTRICTS[a.place])
    elif a.place == STOCK:
        where = _("in stock")
    elif a.place == JAIL:
        where = _("in jail")
    else:
        where = _("in {district}").format(district=a.place)
    return _(_ESTATE_LEFT[a.kind if 0 <= a.kind < 4 else 4]).format(victim=pname(q.info[1]), where=where)


_ESTATE_LEFT: Final = (  # an estate's division gives no more of a kind in a place (shown translated)
    N_("{victim}'s estate has no more source(s) left to give {where}"),
    N_("{victim}'s estate has no more influence(s) left to give {where}"),
    N_("{victim}'s estate has no more thug(s) left to give {where}"),
    N_("{victim}'s estate has no more killer(s) left to give {where}"),
    N_("{victim}'s estate has no more marker(s) left to give {where}"),
)


class Division:
    """BH-4.15.1: a proposed division as written so far, line by line, and how much more it may give.

    An estate's division gives each group of its markers (``q.info[2]``: place, kind, count);
    a takeover's gives the contested sources (``q.info[3]``), nobody more than his claim.
    """

    def __init__(self, q: Question, mine: Atoms) -> None:
        self.players = q.players
        self.takeover = q.info[0] == "takeover"
        self.groups: tuple[tuple[int, int, int], ...] = () if self.takeover else q.info[2]
        self.claims: tuple[int, ...] = q.info[2] if self.takeover else ()
        self.free: int = q.info[3] if self.takeover else 0
        self.given = [0] * len(self.groups)  # estate: per group, how many markers are given
        self.got = [0] * len(self.players)  # takeover: per contestant, how many sources he is given
        for a in mine:
            if isinstance(a, Give):
                if self.takeover:
                    self.got[self.players.index(a.to)] += a.n
                else:
                    self.given[self.group(a.place, a.kind)] += a.n

    def group(self, place: int, kind: int) -> int:
        """The index of the estate's group of markers of ``kind`` in ``place``, or -1."""
        for i, (group_place, group_kind, _count) in enumerate(self.groups):
            if group_place == place and group_kind == kind:
                return i
        return -1

    def room(self, place: int, kind: int, to: int = -1) -> int:
        """How much more it may give of the ``place``/``kind`` group, or (place -1) of the contested sources
        to ``to``: nothing is given twice, and nobody more than his claim."""
        if self.takeover:
            if place != -1 or to not in self.players:
                return 0
            i = self.players.index(to)
            return min(self.free - sum(self.got), self.claims[i] - self.got[i])
        i = self.group(place, kind)
        return self.groups[i][2] - self.given[i] if i >= 0 else 0

    def complete(self) -> bool:
        """An estate's division is complete when every marker is given."""
        return all([self.given[i] >= count for i, (_place, _kind, count) in enumerate(self.groups)])


def _proposals(q: Question, mine: Atoms) -> tuple[Action, ...]:
    """DP-7 / DP-9: propose one contestant, or write a division line by line."""
    out: list[Action] = [] if mine else [_PROPOSE[p] for p in q.players]
    division = Division(q, mine)
    if division.takeover:
        out.insert(0, SUBMIT)
        out.extend([_GIVE_SOURCE[p] for p in q.players if division.room(-1, -1, p) > 0])
        return tuple(out)
    for place, kind, _count in division.groups:
        if division.room(place, kind) > 0:
            out.extend([_GIVE_MARKER[p][place][kind] for p in q.players])
    return tuple(out)


# ---------------------------------------------------------------------------
# BH-4.15.2 the decision fight


def _fight(state: State, q: Question, p: int, refused: Any) -> tuple[Action, ...]:
    """FIGHT to stay in the decision fight, or CONCEDE to leave it."""
    if refused is None:
        return (FIGHT, CONCEDE)
    if refused == FIGHT or refused == CONCEDE:
        return ()
    raise _refused(state, q, p, refused, topic(q, p))


Judge = Callable[["State", Question, int, Any], tuple[Action, ...]]
_JUDGES: Final[dict[str, Judge]] = {  # the judge of each kind of question (BH-7), as TURN_RULE names its clause
    "transfer": _transfer,
    "dismiss": _dismissal,
    "influence": _influence,
    "targets": _targets,
    "claims": _claims,
    "propose": _proposal,
    "fight": _fight,
}


# ---------------------------------------------------------------------------
# A player who is not asked now (BH-7, BH-4.13)


def turn_refusal(state: State, p: int, rule: str) -> IllegalMove:
    """A player not asked now: who decides, and what (under ``rule``); an eliminated one decides nothing."""
    out = state.table.elim[p]
    if out and state.question is None:  # V03 (BH-4.13): an eliminated player's orders, as BH-4.6 refuses them
        return OrderSetRefused(od.set_errors(state.base, state.round, p, ()), p, None)
    if out:
        return IllegalMove(
            _("{player} was eliminated in round {round} (his godfather was killed) and makes no more decisions").format(
                player=pname(p), round=out
            ),
            rule="BH-4.13",
            player=p,
        )
    return IllegalMove(not_your_turn(state, p), rule=rule, player=p)


# ---------------------------------------------------------------------------
# The refused order set (BH-4.6)

_SHOWN_CHARACTERS: Final = 600  # a refused order set lists its different errors up to about this length


@mypyc_attr(native_class=False)  # an exception keeps its attributes in __dict__, for pickling (core.errors)
class OrderSetRefused(IllegalMove):
    """A refused order set (or order): ``errors`` lists every BH-4.6 error (V-code, clause, message).

    ``what`` names what was refused, in the language in use (default: the order set).
    ``rule`` is the clause of the errors when they share one, else BH-4.6, the list of the
    codes; the message names each clause once (``IllegalMove`` adds ``rule`` at its end, so an
    error under that clause does not repeat it).  ``code`` is the first error's code.
    """

    def __init__(self, errors: list[OrderError], player: int | None, action: object, what: str | None = None) -> None:
        clauses = {od.CODES[e.code] for e in errors}
        rule = clauses.pop() if len(clauses) == 1 else "BH-4.6"
        shown: list[str] = []  # each different error once, up to a bounded length: a line of many orders
        size = 0
        for e in errors:
            line = e.text(rule)
            if line not in shown:
                if shown and size + len(line) > _SHOWN_CHARACTERS:
                    shown.append(_("and {n} more").format(n=len(errors) - len(shown)))
                    break
                shown.append(line)
                size += len(line)
        what = _("order set") if what is None else what  # what was refused: "order set", "order 'close c 1'"
        text = _("{what} refused — {errors}").format(what=what, errors="; ".join(shown))
        super().__init__(text, rule=rule, player=player, action=action, code=errors[0].code)
        self.errors = tuple(errors)
        self.codes = tuple([e.code for e in errors])


# ---------------------------------------------------------------------------
# What a refusal says: the decision open now, and what the player may do


def topic(q: Question, player: int, who: str | None = None) -> str:
    """What the open decision is, for a player who answered something else (no clause: the refusal names it).

    ``who`` names the one deciding, ``pname(player)`` unless given ("each", for several who decide at once).
    """
    x = DISTRICTS[q.district] if q.district >= 0 else ""
    who = pname(player) if who is None else who
    kind = q.kind
    if kind == "transfer":
        return _("{player} is in the transfer window").format(player=who)
    if kind == "dismiss":
        return _("{player}'s upkeep exceeds his GE and he withdraws a shooter").format(player=who)
    if kind == "influence":
        return _("{player} uses his influence in {district}").format(player=who, district=x)
    if kind == "targets":
        return _("{player} assigns the targets of his shooters in {district}").format(player=who, district=x)
    if kind == "claims":
        return _("{player} writes his claims on unprotected sources in {district}").format(player=who, district=x)
    if kind == "propose":
        return _("{player} writes his proposal for {contest}").format(player=who, contest=contest_text(q))
    return _("{player} declares FIGHT or CONCEDE in the decision fight in {district}").format(player=who, district=x)


def _text(action: object) -> str:
    """The text of an action, or its repr when it is not well formed."""
    try:
        return str(action)
    except (KeyError, IndexError, TypeError, ValueError):
        return repr(action)


def _said(order: Order) -> str:
    """An order as people read it (:meth:`Order.said`), or its repr when it is not well formed."""
    try:
        return order.said()
    except (KeyError, IndexError, TypeError, ValueError):
        return repr(order)


def contest_text(q: Question) -> str:
    """What a proposal divides: an estate, or the contested sources of a takeover."""
    if q.info[0] == "estate":
        return _("dividing {victim}'s estate").format(victim=pname(q.info[1]))
    return _("dividing the contested sources of {victim} in {district}").format(
        victim=pname(q.info[1]), district=DISTRICTS[q.district]
    )


def help_text(state: State, q: Question | None, player: int) -> str:
    """What ``player`` may do in the open decision, in plain words (a verb phrase).

    It ends a refusal whose clause is the decision's own (``TURN_RULE``, BH-4.4 for orders),
    which ``IllegalMove`` appends, so the phrase itself names only other clauses.
    """
    if q is None:  # the orders stage
        return _(
            "write his sealed order set one order at a time ({examples}, ...) and end it with {submit}, "
            "or write the whole set in one line separated by ';'"
        ).format(
            examples=", ".join([quoted(od.WRITTEN[v].split()) for v in (od.BUILD_SRC, od.DEPLOY, od.GODFATHER)]),
            submit=quoted(("submit",)),
        )
    t = state.table
    x = DISTRICTS[q.district] if q.district >= 0 else ""
    kind = q.kind
    if kind == "transfer":
        return _("give 1 to {ge} GE at once to another active player ({players}), as {example}, or 'pass'").format(
            ge=t.ge[player], players=pnames(q.info), example=quoted(("transfer", pname(q.info[0]), "5"))
        )
    if kind == "dismiss":
        return _(
            "withdraw one of his shooters to his stock, one at a time until his upkeep is covered: {choices}"
        ).format(choices=", ".join([quoted(str(_DISMISS[d][k]).split()) for d, k in q.info]))
    if kind == "influence":
        left, remove, jail, close = q.info
        uses = []
        if remove:
            uses.append(
                _("{use} (2 markers: an influence marker of a weaker player: {players})").format(
                    use=quoted(("inf_remove", "P")), players=pnames(remove)
                )
            )
        if jail:
            uses.append(
                _("{use} (1 marker: a thug of {players} to the Jail)").format(
                    use=quoted(("inf_jail", "P")), players=pnames(jail)
                )
            )
        if close:
            uses.append(
                _("{use} (1 marker: a source of {players} back to its owner's stock)").format(
                    use=quoted(("inf_close", "P")), players=pnames(close)
                )
            )
        return ngettext(
            "use up to {left} more influence marker(s) in {district}: {uses}, or end with {done}",
            "use up to {left} more influence marker(s) in {district}: {uses}, or end with {done}",
            left,
        ).format(left=left, district=x, uses=", ".join(uses), done=quoted(("done",)))
    if kind == "targets":
        thugs, killers = unassigned(q, player, state.partial[player])
        others = [o for o in q.info[0] if o != player]
        example = quoted(("target", pname(others[0]), "thug" if thugs else "killer", "1"))
        return _(
            "assign each of his {thugs} unassigned thug(s) and {killers} unassigned killer(s) in {district} to "
            "another participant ({players}), as {example}"
        ).format(thugs=thugs, killers=killers, district=x, players=pnames(others), example=example)
    if kind == "claims":
        limits, free = q.info
        limit = limits[q.players.index(player)]
        mine = state.partial[player]
        used = _claimed(mine, -1)[0]
        row = t.board[q.district][player]
        left = {o: f - _claimed(mine, o)[1] for o, f in enumerate(free) if o != player}
        left = {o: n for o, n in left.items() if n > 0}
        fields = {
            "district": x,
            "where": ", ".join([f"{pname(o)}: {n}" for o, n in left.items()]) or _("none left"),
            "limit": limit,
            "shooters": row[THUG] + row[KILLER],
            "stock": t.stock[player][SRC],
            "used": used,
        }
        if left and used < limit:
            return _(
                "claim other players' unprotected sources in {district} ({where}), in all at most L = {limit} (the "
                "fewer of his {shooters} shooter(s) here and {stock} source(s) in stock, BH-4.14.2; {used} claimed so "
                "far): write {example} (again for each more), then 'submit'"
            ).format(example=quoted(("claim", pname(next(iter(left))), "1")), **fields)
        return _(
            "claim other players' unprotected sources in {district} ({where}), in all at most L = {limit} (the "
            "fewer of his {shooters} shooter(s) here and {stock} source(s) in stock, BH-4.14.2; {used} claimed so "
            "far): write 'submit'"
        ).format(**fields)
    if kind == "propose":
        if q.info[0] == "takeover":
            claimed, free_now = q.info[2], q.info[3]
            claims = ", ".join([f"{pname(c)} {n}" for c, n in zip(q.players, claimed)])
            return ngettext(
                "propose how the {free} contested source(s) of {victim} in {district} are divided (claims: "
                "{claims}): {propose} gives one contestant his claim, or write {give} line by line, then 'submit'; "
                "identical proposals are executed, otherwise the contestants fight in {district}",
                "propose how the {free} contested source(s) of {victim} in {district} are divided (claims: "
                "{claims}): {propose} gives one contestant his claim, or write {give} line by line, then 'submit'; "
                "identical proposals are executed, otherwise the contestants fight in {district}",
                free_now,
            ).format(
                free=free_now,
                victim=pname(q.info[1]),
                district=x,
                claims=claims,
                propose=quoted(("propose", pname(q.players[0]))),
                give=quoted(("give", pname(q.players[0]), "1")),
            )
        return _(
            "propose how {victim}'s estate is divided among {players}: {propose} gives it all to one of them, or "
            "write lines such as {give} until every marker is given; identical proposals are executed, otherwise "
            "the claimants fight in {district}"
        ).format(
            victim=pname(q.info[1]),
            players=pnames(q.players),
            propose=quoted(("propose", pname(q.players[0]))),
            give=quoted(("give", pname(q.players[0]), "stock", "thug", "2")),
            district=x,
        )
    return _(
        "declare 'fight' to stay in the decision fight in {district}, or 'concede' to leave it and give up his claim"
    ).format(district=x)


def not_your_turn(state: State, player: int) -> str:
    """A player who is not to act now: who is, and for what."""
    acting = state.acting
    who = pnames(acting)
    one = len(acting) == 1
    q = state.question
    if q is None:  # the orders stage
        if one:
            return _("{player} has submitted his order set; {who} still writes his").format(
                player=pname(player), who=who
            )
        return _("{player} has submitted his order set; {who} still write theirs").format(player=pname(player), who=who)
    what = topic(q, acting[0]) if one else topic(q, acting[0], _("each"))
    if q.simultaneous and player in q.players:
        if one:
            return _("{player} has made his sealed decision in this step; {who} still decides").format(
                player=pname(player), who=who
            )
        return _("{player} has made his sealed decision in this step; {who} still decide").format(
            player=pname(player), who=who
        )
    if q.simultaneous:
        if one:
            return _("{player} is not asked in this step: {who} decides ({what})").format(
                player=pname(player), who=who, what=what
            )
        return _("{player} is not asked in this step: {who} decide ({what})").format(
            player=pname(player), who=who, what=what
        )
    return _("it is {who}'s decision now, not {player}'s: {what}").format(who=who, player=pname(player), what=what)


# ---------------------------------------------------------------------------
# Prebuilt decisions (the offers are these very objects)

_DISMISS: Final = tuple([{k: Dismiss(x, k) for k in (THUG, KILLER)} for x in range(6)])
_INF: Final = {v: tuple([Influence(v, p) for p in range(5)]) for v in INF_VERBS}
_TARGET: Final = tuple([{k: Target(p, k) for k in (THUG, KILLER)} for p in range(5)])
_CLAIM: Final = tuple([Claim(p) for p in range(5)])
_PROPOSE: Final = tuple([Propose(p) for p in range(5)])
_GIVE_SOURCE: Final = tuple([Give(p) for p in range(5)])  # a takeover's line: one contested source to P
_GIVE_MARKER: Final = tuple(
    [tuple([tuple([Give(p, place, kind) for kind in range(4)]) for place in range(8)]) for p in range(5)]
)  # an estate's line: one marker of a kind in a place to P


_TRANSFERS: dict[int, tuple[Action, ...]] = {}  # the offers of a transfer turn, by receivers and GE (key below)
_TRANSFER_ROWS: Final[tuple[list[Transfer], ...]] = tuple([[] for _i in range(5)])  # per receiver: 1, 2, ... GE
_ROWS_LOCK: Final = threading.Lock()


def _transfers(receivers: tuple[int, ...], ge: int) -> tuple[Action, ...]:
    """BH-4.3: pass, or 1 to ``ge`` GE to one of ``receivers`` (shared objects)."""
    key = ge * 32
    for q in receivers:
        key += 1 << q
    out = _TRANSFERS.get(key)
    if out is None:
        if len(_TRANSFERS) > 1000:
            _TRANSFERS.clear()
        rows: list[Action] = []
        for q in receivers:
            row = _TRANSFER_ROWS[q]
            if len(row) < ge:
                with _ROWS_LOCK:  # simulate() may run games in threads
                    while len(row) < ge:
                        row.append(Transfer(q, len(row) + 1))
            rows.extend(row[:ge])
        out = (PASS, *rows)
        _TRANSFERS[key] = out
    return out
