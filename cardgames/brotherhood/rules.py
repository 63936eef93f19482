"""The Brotherhood: the rules engine (clause ids refer to cardgames/brotherhood/rules.md).

A round has three parts, each a *stage* of the state:

* ``start``: phase (a) income and upkeep (BH-4.2) and the b0 transfer window (BH-4.3);
* ``orders``: every active player writes his sealed order set (BH-4.4) as atomic orders
  ending with ``submit`` (or one whole set in a line); when the last has submitted, the
  sets are executed together (BH-4.7);
* ``resolve``: event, influence, shootouts, estates, takeovers and fights (BH-4.10-4.15).

The automatic steps live in :mod:`.resolve` and stop at each decision of the BH-7 table;
a state keeps the answers given in its current part (:class:`Part`) and the question now
open.  The texts for people are in :mod:`.describe` and :mod:`.news`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from ..core.decks import check_deck
from ..core.errors import IllegalMove, InputError
from ..core.game import Action, Event, Game, Setup, Trail, entries, extend, trail_length, view_setup
from ..core.i18n import N_
from ..core.inputs import excerpt, thousands
from ..core.record import KEEP, Keep, Record
from ..core.rng import shuffle
from . import orders as od
from .board import (
    CATALOG,
    DISTRICTS,
    EVENTS,
    INF,
    JAIL,
    KILLER,
    ROUNDS,
    SRC,
    STOCK,
    THUG,
    Entry,
    Table,
    Work,
    new_table,
    pname,
    pnames,
)
from .news import explain
from .orders import Order, OrderError, OrderSet, parse_order, read_count, read_district, read_kind
from .resolve import (
    CONCEDE,
    DONE,
    FIGHT,
    PASS,
    SUBMIT,
    WORDS,
    Answer,
    Asker,
    Claim,
    Dismiss,
    Give,
    Influence,
    Pending,
    Propose,
    Question,
    Target,
    Transfer,
    Word,
    next_transferer,
    priority,
    run_resolve,
    run_start,
)

_, ngettext = CATALOG.functions()

# explain (news.py) and parse_order (orders.py) are imported from here too: notebooks/brotherhood/01-rules.ipynb, tests
__all__ = [
    "ORDERS",
    "OVER",
    "RESOLVE",
    "START",
    "TRANSFER",
    "BrotherhoodRules",
    "OrderSetRefused",
    "Part",
    "State",
    "explain",
    "parse_order",
    "winners",
]

START: Final = "start"
TRANSFER: Final = "transfer"
ORDERS: Final = "orders"
RESOLVE: Final = "resolve"
OVER: Final = "over"
OVER_RULE: Final = "BH-6.1"

TURN_RULE: Final = {  # the clause of each decision of the resolve stage (BH-7), named by its refusals
    "dismiss": "BH-4.2.4",
    "transfer": "BH-4.3",
    "influence": "BH-4.11.4",
    "targets": "BH-4.12.2",
    "claims": "BH-4.14.3",
    "propose": "BH-4.15.1",
    "fight": "BH-4.15.2",
}

Atoms = tuple[Action, ...]  # one player's sealed decisions in the open step, in the order written


class Part(Record):
    """The part of the round in progress (its start, the transfer window, the orders, the resolution)."""

    FIELDS = ("answers", "log", "cursor", "mult", "means", "sealed_from")
    answers: tuple[Answer, ...]  # the decisions answered so far in this part, in order (an Asker replays them)
    log: tuple[Entry, ...]  # what has happened in this part so far
    cursor: tuple[int, int, bool]  # transfer window: (pass, index in priority order, a transfer in this pass?)
    mult: tuple[tuple[int, ...], ...]  # orders: per seat, the BH-4.4 cost multipliers of the snapshot
    means: tuple[tuple[int, ...], ...]  # orders: per seat, what he has for his orders on the snapshot (BH-4.5)
    sealed_from: Trail  # the history when the open sealed step began (a view hides the others' decisions after it)

    def __init__(
        self,
        answers: tuple[Answer, ...] = (),
        log: tuple[Entry, ...] = (),
        cursor: tuple[int, int, bool] = (0, 0, False),
        mult: tuple[tuple[int, ...], ...] = (),
        means: tuple[tuple[int, ...], ...] = (),
        sealed_from: Trail = None,
    ) -> None:
        self.answers = answers
        self.log = log
        self.cursor = cursor
        self.mult = mult
        self.means = means
        self.sealed_from = sealed_from

    def replace(
        self,
        *,
        answers: tuple[Answer, ...] | Keep = KEEP,
        log: tuple[Entry, ...] | Keep = KEEP,
        cursor: tuple[int, int, bool] | Keep = KEEP,
        mult: tuple[tuple[int, ...], ...] | Keep = KEEP,
        means: tuple[tuple[int, ...], ...] | Keep = KEEP,
        sealed_from: Trail | Keep = KEEP,
    ) -> Part:
        return Part(
            answers=self.answers if answers is KEEP else answers,
            log=self.log if log is KEEP else log,
            cursor=self.cursor if cursor is KEEP else cursor,
            mult=self.mult if mult is KEEP else mult,
            means=self.means if means is KEEP else means,
            sealed_from=self.sealed_from if sealed_from is KEEP else sealed_from,
        )


@mypyc_attr(free_list_len=1)  # compiled: a step's new state reuses the memory of the one it replaced
class State(Record):
    """One moment of the game: the table, the round and its stage, and the decision open now (BH-7).

    The fields that change with every decision come first, those of a part of the round after them.
    """

    FIELDS = ("trail", "partial", "news", "acting", "table", "base", "question", "part", "round", "stage", "setup")
    trail: Trail
    partial: tuple[Atoms, ...]  # per seat: sealed atoms written so far (orders, targets, claims, ...)
    news: tuple[Entry, ...]  # what the decision that made this state caused
    acting: tuple[int, ...]  # who still has to decide
    table: Table  # the table now
    base: Table  # the table when this part of the round began (the snapshot, in the orders stage, BH-4.4)
    question: Question | None  # the open decision (None in the orders stage and at the end)
    part: Part
    round: int
    stage: str  # start, transfer, orders, resolve or over
    setup: Setup

    def __init__(
        self,
        trail: Trail,
        partial: tuple[Atoms, ...],
        news: tuple[Entry, ...],
        acting: tuple[int, ...],
        table: Table,
        base: Table,
        question: Question | None,
        part: Part,
        round: int,
        stage: str,
        setup: Setup,
    ) -> None:
        self.trail = trail
        self.partial = partial
        self.news = news
        self.acting = acting
        self.table = table
        self.base = base
        self.question = question
        self.part = part
        self.round = round
        self.stage = stage
        self.setup = setup

    def replace(
        self,
        *,
        trail: Trail | Keep = KEEP,
        partial: tuple[Atoms, ...] | Keep = KEEP,
        news: tuple[Entry, ...] | Keep = KEEP,
        acting: tuple[int, ...] | Keep = KEEP,
        table: Table | Keep = KEEP,
        base: Table | Keep = KEEP,
        question: Question | None | Keep = KEEP,
        part: Part | Keep = KEEP,
        round: int | Keep = KEEP,
        stage: str | Keep = KEEP,
        setup: Setup | Keep = KEEP,
    ) -> State:
        return State(
            trail=self.trail if trail is KEEP else trail,
            partial=self.partial if partial is KEEP else partial,
            news=self.news if news is KEEP else news,
            acting=self.acting if acting is KEEP else acting,
            table=self.table if table is KEEP else table,
            base=self.base if base is KEEP else base,
            question=self.question if question is KEEP else question,
            part=self.part if part is KEEP else part,
            round=self.round if round is KEEP else round,
            stage=self.stage if stage is KEEP else stage,
            setup=self.setup if setup is KEEP else setup,
        )


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
        clauses = {od.CODES[e.code][1] for e in errors}
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
        text = _("{what} refused: {errors}").format(what=what, errors="; ".join(shown))
        super().__init__(text, rule=rule, player=player, action=action, code=errors[0].code)
        self.errors = tuple(errors)
        self.codes = tuple([e.code for e in errors])


def winners(t: Table) -> tuple[int, ...]:
    """BH-5.1/5.2: the active players with the most GE (ties share the win); BH-6.2: a sole survivor wins."""
    active = t.active()
    if not active:
        return ()
    best = max([t.ge[p] for p in active])
    return tuple([p for p in active if t.ge[p] == best])


_MAX_ROLLS: Final = 1_000  # a long game rolls a few hundred times


def _check_rolls(rolls: object) -> tuple[int, ...]:
    """Stacked die results 1-6 (BH-2.6), in the order the rules roll them (BH-4.16)."""
    if rolls is None:
        return ()
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence):
        raise InputError(_("rolls is a list of die results 1-6, not {value}").format(value=excerpt(rolls)))
    if len(rolls) > _MAX_ROLLS:
        raise ValueError(
            _("at most {most} stacked die results; got {count}").format(
                most=thousands(_MAX_ROLLS), count=thousands(len(rolls))
            )
        )
    for r in rolls:
        if type(r) is not int or not 1 <= r <= 6:
            raise ValueError(_("a die shows 1 to 6, not {value}").format(value=excerpt(r)))
    return tuple(rolls)


def _event_card(code: str) -> int:
    """An event card's code, E01 to E15 in any case, as its number (BH-2.5)."""
    if code.upper() in EVENTS:
        return EVENTS.index(code.upper()) + 1
    raise ValueError(_("an event card is E01 to E15 (or 1 to 15); each is in the deck once (BH-2.5)"))


def _check_events(events: object) -> tuple[int, ...]:
    """Stacked event cards for the top of the deck (codes E01-E15, or 1-15), each once (BH-2.5)."""
    if events is None:
        return ()
    if isinstance(events, (list, tuple)):  # cards may be given by number too
        if len(events) > len(EVENTS):
            raise ValueError(
                _("the event deck has {size} cards; {count} were stacked").format(
                    size=len(EVENTS), count=thousands(len(events))
                )
            )
        events = [f"E{e:02d}" if type(e) is int else e for e in events]
    return check_deck(events, _event_card, len(EVENTS), example="['E03', 'E01']")


class BrotherhoodRules(Game):
    """The rules of The Brotherhood: states, the decisions of BH-7 and what each one does."""

    # -- setup ---------------------------------------------------------------
    def _new(self, seed: int, **setup: Any) -> State:
        """BH-3: the table set up, the event deck shuffled (``rolls`` and ``events`` stack dice and cards)."""
        stacked = _check_rolls(setup.get("rolls"))
        top = _check_events(setup.get("events"))
        rest = shuffle([c for c in range(1, 16) if c not in top], seed, "events")  # BH-3.3, BH-4.16 (1)
        extra: list[tuple[str, Any]] = []
        if stacked:
            extra.append(("rolls", stacked))
        if top:
            extra.append(("events", tuple([EVENTS[c - 1] for c in top])))
        table = new_table(self.players, top + tuple(rest))
        return self._run(Setup(seed=seed, extra=tuple(extra)), None, 1, START, table, (), 0, [])

    def scenario(
        self, table: object, round: object = 1, stage: str = ORDERS, seed: int = 0, rolls: object = ()
    ) -> State:
        """A state at the start of a stage with a given table (teaching scenarios and tests; not replayable)."""
        if stage not in (START, TRANSFER, ORDERS, RESOLVE):
            raise ValueError(
                _("a scenario starts at stage start, transfer, orders or resolve, not {stage}").format(
                    stage=repr(stage)
                )
            )
        if type(round) is not int or not 1 <= round <= ROUNDS:
            raise ValueError(_("round is 1 to {rounds}, not {value}").format(rounds=ROUNDS, value=repr(round)))
        if not isinstance(table, Table) or table.players != self.players:
            raise ValueError(
                _("the table must be a Table for {players} players (see build_table)").format(players=self.players)
            )
        setup = Setup(seed=seed, extra=(("rolls", _check_rolls(rolls)),) if rolls else ())
        if stage == ORDERS:
            return self._orders_state(setup, None, round, table, [])
        if stage == TRANSFER:
            return self._transfer_state(setup, None, round, table, [], 0, 0, False)
        return self._run(setup, None, round, stage, table, (), 0, [])

    def fallback(self, state: Any, player: Any) -> OrderSet:
        """BH-4.5: the fallback order set of ``player`` (for a table that gives up after refused sets)."""
        self._check_state(state)
        if state.stage != ORDERS:
            raise ValueError(_("a fallback order set exists only while orders are written"))
        return od.fallback_set(state.base, state.round, self.check_seat(player))

    def _stacked(self, setup: Setup) -> tuple[int, ...]:
        stacked: tuple[int, ...] = setup.get("rolls", ())
        return stacked

    # -- the parts of a round ------------------------------------------------
    def _run(
        self,
        setup: Setup,
        trail: Trail,
        rnd: int,
        stage: str,
        base: Table,
        answers: tuple[Answer, ...],
        skip: int,
        news: list[Entry],
    ) -> State:
        """Run the automatic part ``stage`` of round ``rnd`` from ``base`` with the ``answers`` given so far,
        on to the next question (or the orders, or the end); ``skip`` log entries were news before."""
        stacked = self._stacked(setup)
        while True:
            w = Work(base, setup.seed, stacked)
            try:
                if stage == START:
                    run_start(w, rnd, Asker(answers))
                else:
                    run_resolve(w, rnd, Asker(answers))
            except Pending as wait:
                q = wait.question
                log = tuple(w.log)
                news.extend(log[skip:])
                sealed_from = trail if q.simultaneous else None
                return State(
                    trail=trail,
                    partial=((),) * self.players,
                    news=tuple(news),
                    acting=q.players,
                    table=w.to_table(),
                    base=base,
                    question=q,
                    part=Part(answers=answers, log=log, sealed_from=sealed_from),
                    round=rnd,
                    stage=stage,
                    setup=setup,
                )
            news.extend(w.log[skip:])
            skip = 0
            table = w.to_table()
            if stage == START:
                return self._transfer_state(setup, trail, rnd, table, news, 0, 0, False)
            if rnd >= ROUNDS or len(table.active()) <= 1:  # BH-6.1, BH-6.2
                news.append(("over", rnd))
                return State(
                    trail=trail,
                    partial=(),
                    news=tuple(news),
                    acting=(),
                    table=table,
                    base=table,
                    question=None,
                    part=Part(),
                    round=rnd,
                    stage=OVER,
                    setup=setup,
                )
            rnd += 1
            stage, base, answers = START, table, ()

    def _orders_state(self, setup: Setup, trail: Trail, rnd: int, table: Table, news: list[Entry]) -> State:
        """BH-4.4: the snapshot is taken; every active player writes his sealed set."""
        mult = od.every_multiplier(table)
        means = tuple([od.snapshot_means(table, p) for p in range(self.players)])
        return State(
            trail=trail,
            partial=((),) * self.players,
            news=tuple(news),
            acting=table.active(),
            table=table,
            base=table,
            question=None,
            part=Part(mult=mult, means=means, sealed_from=trail),
            round=rnd,
            stage=ORDERS,
            setup=setup,
        )

    def _transfer_state(
        self, setup: Setup, trail: Trail, rnd: int, table: Table, news: list[Entry], pass_no: int, idx: int, moved: bool
    ) -> State:
        """BH-4.3: the next player asked in the transfer window, or the orders when it has closed."""
        nxt = next_transferer(table.ge, table.elim, rnd, pass_no, idx, moved)
        if nxt is None:
            return self._orders_state(setup, trail, rnd, table, news)
        pass_no, idx, moved, p = nxt
        receivers = tuple([q for q in range(self.players) if q != p and not table.elim[q]])
        q = Question(kind="transfer", players=(p,), info=receivers)
        return State(
            trail=trail,
            partial=(),
            news=tuple(news),
            acting=(p,),
            table=table,
            base=table,
            question=q,
            part=Part(cursor=(pass_no, idx, moved)),
            round=rnd,
            stage=TRANSFER,
            setup=setup,
        )

    # -- who decides, and what may he do -------------------------------------
    def _owns(self, state: Any) -> bool:
        return type(state) is State and len(state.table.ge) == self._players

    def _seats(self, state: Any) -> int:
        return len(state.table.ge)

    def _to_act(self, state: State) -> tuple[int, ...]:
        return state.acting

    def seat_name(self, seat: int) -> str:
        return pname(seat)

    def _turn_rule(self, state: State, seat: int) -> str:
        if state.stage == ORDERS:
            return "BH-4.4"
        if state.question is not None:
            return TURN_RULE[state.question.kind]
        return OVER_RULE

    def _legal(self, state: State, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now: the atoms of his sealed set (quantity 1) or his answer to the question."""
        if state.stage == ORDERS:  # BH-4.4/4.6: the atoms that keep his set valid, and submit
            return od.legal_orders(
                state.base,
                state.round,
                seat,
                _orders(state.partial[seat]),
                SUBMIT,
                state.part.mult[seat],
                state.part.means[seat],
            )
        q = state.question
        assert q is not None
        kind = q.kind
        if kind == "transfer":  # BH-4.3: 1 to all his GE, to another active player
            return _transfers(q.info, state.table.ge[seat])
        if kind == "dismiss":  # BH-4.2.4
            return tuple([_DISMISS[x][k] for x, k in q.info])
        if kind == "influence":  # BH-4.11.4
            _uses, remove, jail, close = q.info
            return (
                (DONE,)
                + tuple([_INF["inf_remove"][p] for p in remove])
                + tuple([_INF["inf_jail"][p] for p in jail])
                + tuple([_INF["inf_close"][p] for p in close])
            )
        mine = state.partial[seat]
        if kind == "targets":  # BH-4.12.2: each shooter at another participant
            thugs, killers = _unassigned(q, seat, mine)
            out: list[Action] = []
            for other in q.info[0]:
                if other != seat:
                    if thugs:
                        out.append(_TARGET[other][THUG])
                    if killers:
                        out.append(_TARGET[other][KILLER])
            return tuple(out)
        if kind == "claims":  # BH-4.14.3
            return (SUBMIT,) + tuple(
                [_CLAIM[o] for o in range(len(q.info[1])) if o != seat and _claim_room(q, seat, mine, o) > 0]
            )
        if kind == "propose":  # BH-4.15.1
            return _proposals(q, mine)
        return (FIGHT, CONCEDE)  # BH-4.15.2

    # -- the admission -------------------------------------------------------
    def _allows_unlisted(self, state: State, seat: int, action: Any) -> bool:
        """BH-4.4's wider choice: ``legal_actions`` offers quantity 1 only, but a player may write more.

        A larger quantity (``deploy e thug 2``, ``claim P3 2``), a whole order set in one line
        or a godfather order that changes nothing is admitted when the rules allow it, judged
        by the same means as the offer (``Means.allows``, the rooms of claims, targets and
        divisions).
        """
        return _unlisted(action) and self._allows(state, seat, action)

    def _asked(self, state: State, player: Any, action: object) -> int:
        """The seat that decides now, or the refusal: over, several decide and none is named, or not asked."""
        acting = state.acting
        if not acting:
            raise self._over_refusal(state, player, action)
        if player is None:
            if len(acting) != 1:
                raise ValueError(
                    _("several players act now ({players}): say which with player=").format(players=self._names(acting))
                )
            return acting[0]
        seat = self.check_seat(player)
        if seat not in acting:
            raise self._turn_refusal(state, seat, action, acting)
        return seat

    def _turn_refusal(self, state: State, seat: int, action: Any, acting: tuple[int, ...]) -> IllegalMove:
        """A player not asked now: who decides, and what (BH-7); an eliminated one decides nothing (BH-4.13)."""
        out = state.table.elim[seat]
        if out and state.stage == ORDERS:  # BH-4.6 V03: an order set of an eliminated player
            return OrderSetRefused(
                [
                    OrderError(
                        "V03",
                        _("{player} was eliminated in round {round} and writes no orders").format(
                            player=pname(seat), round=out
                        ),
                    )
                ],
                seat,
                None,
            )
        if out:
            return IllegalMove(
                _(
                    "{player} was eliminated in round {round} (his godfather was killed) and makes no more decisions"
                ).format(player=pname(seat), round=out),
                rule="BH-4.13",
                player=seat,
            )
        return IllegalMove(_not_your_turn(state, seat), rule=self._turn_rule(state, seat), player=seat)

    def _allows(self, state: State, seat: int, action: Action) -> bool:
        """Do the rules allow ``action``, which legal_actions does not list (see ``_admit``)?"""
        if state.stage == ORDERS:
            if isinstance(action, OrderSet):  # BH-4.5: the whole set is checked
                return not od.set_errors(state.base, state.round, seat, action.orders)
            if isinstance(action, Order):
                return od.Means(
                    state.base,
                    state.round,
                    seat,
                    _orders(state.partial[seat]),
                    state.part.mult[seat],
                    state.part.means[seat],
                ).allows(action)
            return False
        q = state.question
        if q is None or not q.simultaneous:
            return False
        mine = state.partial[seat]
        if isinstance(action, Target):
            n = action.n
            return (
                q.kind == "targets"
                and type(n) is int
                and n >= 1
                and action.target != seat
                and action.target in q.info[0]
                and action.kind in (THUG, KILLER)
                and n <= _unassigned(q, seat, mine)[action.kind - THUG]
            )
        if isinstance(action, Claim):
            n = action.n
            return (
                q.kind == "claims"
                and type(n) is int
                and n >= 1
                and action.target != seat
                and 0 <= action.target < self.players
                and n <= _claim_room(q, seat, mine, action.target)
            )
        if isinstance(action, Give):
            return q.kind == "propose" and _proposal_ok(q, mine, action)
        return False

    # -- what a decision does ------------------------------------------------
    def _step(self, state: State, seat: int | None, action: Action) -> State:
        assert seat is not None
        if state.stage == ORDERS:
            return self._write(state, seat, action)
        if state.stage == TRANSFER:
            return self._transfer(state, seat, action)
        return self._answer(state, seat, action)

    def _write(self, state: State, seat: int, action: Action) -> State:
        """BH-4.4: an order into the sealed set, or the set submitted (a whole set, or the atoms written)."""
        trail = extend(state.trail, seat, action)
        if isinstance(action, Order):
            return state.replace(
                trail=trail, partial=_set_at(state.partial, seat, state.partial[seat] + (action,)), news=()
            )
        mine: Atoms = action.orders if isinstance(action, OrderSet) else state.partial[seat]
        partial = _set_at(state.partial, seat, mine)
        acting = tuple([p for p in state.acting if p != seat])
        if acting:
            return state.replace(trail=trail, partial=partial, acting=acting, news=())
        # BH-4.7: the last set is in; all are revealed and executed together
        t, rnd = state.base, state.round
        w = Work(t, state.setup.seed, self._stacked(state.setup))
        od.execute(w, t, [_orders(atoms) for atoms in partial], priority(t.elim, rnd), state.part.mult)
        return self._run(state.setup, trail, rnd, RESOLVE, w.to_table(), (), 0, list(w.log))

    def _transfer(self, state: State, seat: int, action: Action) -> State:
        """BH-4.3: GE given at once, or a pass; the window moves on to the next player."""
        trail = extend(state.trail, seat, action)
        pass_no, idx, moved = state.part.cursor
        t = state.table
        if not isinstance(action, Transfer):  # pass
            return self._transfer_state(state.setup, trail, state.round, t, [], pass_no, idx + 1, moved)
        ge = list(t.ge)
        ge[seat] -= action.amount
        ge[action.to] += action.amount
        t = t.replace(ge=tuple(ge))
        news: list[Entry] = [("transfer", seat, action.to, action.amount)]
        if ge[seat] > 0:  # he may give more in this pass
            return state.replace(
                trail=trail, base=t, table=t, news=tuple(news), part=state.part.replace(cursor=(pass_no, idx, True))
            )
        return self._transfer_state(state.setup, trail, state.round, t, news, pass_no, idx + 1, True)

    def _answer(self, state: State, seat: int, action: Action) -> State:
        """An answer to the open question; a sealed step goes on when everybody asked has completed his."""
        q = state.question
        assert q is not None
        trail = extend(state.trail, seat, action)
        part = state.part
        if not q.simultaneous:
            return self._run(
                state.setup, trail, state.round, state.stage, state.base, part.answers + (action,), len(part.log), []
            )
        mine = state.partial[seat] + (action,)
        partial = _set_at(state.partial, seat, mine)
        if not _finished(q, seat, mine):
            return state.replace(trail=trail, partial=partial, news=())
        acting = tuple([p for p in state.acting if p != seat])
        if acting:
            return state.replace(trail=trail, partial=partial, acting=acting, news=())
        answer = tuple([partial[p] for p in q.players])  # BH-4.9: revealed together
        return self._run(
            state.setup, trail, state.round, state.stage, state.base, part.answers + (answer,), len(part.log), []
        )

    def _events(self, before: State, seat: int | None, action: Action, after: State) -> tuple[Event, ...]:
        """The order sets revealed (BH-4.9), a round ended, the game ended (BH-6) with its sole winner."""
        events: list[Event] = []
        ended = after.stage == OVER and before.stage != OVER
        if before.stage == ORDERS and (after.stage != ORDERS or after.round != before.round):
            events.append(Event("orders"))
        if after.round != before.round or ended:
            events.append(Event("round"))
        if ended:
            best = winners(after.table)
            events.append(Event("game", winner=best[0] if len(best) == 1 else None))
        return tuple(events)

    # -- refusals ------------------------------------------------------------
    def _refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """Why ``action`` is not allowed for ``seat`` now, with the clause and what he may do."""
        if state.stage == ORDERS:
            return self._order_refusal(state, seat, action)
        q = state.question
        assert q is not None
        bad = self._fault(state, q, seat, action) or _topic(q, seat)
        return IllegalMove(
            _("'{action}' is not allowed: {fault}. {player} may {help}").format(
                action=_text(action), fault=bad, player=pname(seat), help=_help(state, q, seat)
            ),
            rule=TURN_RULE[q.kind],
            player=seat,
            action=action,
        )

    def _order_refusal(self, state: State, seat: int, action: Any) -> IllegalMove:
        """BH-4.6: the errors of a refused order or set; anything else is not an order."""
        t, rnd = state.base, state.round
        mine = _orders(state.partial[seat])
        errors: list[OrderError] = []
        what = None  # the order set
        if isinstance(action, OrderSet):
            errors = od.set_errors(t, rnd, seat, action.orders)
        elif isinstance(action, Order):
            what = _("order '{order}'").format(order=_text(action))
            if od.must_place_first(t, rnd, seat, mine) and action.verb != od.GODFATHER:
                errors = [
                    OrderError(
                        "V09",
                        _("from round 5 your godfather must stand in a district: place him first (godfather a-f)"),
                    )
                ]
            else:
                errors = od.set_errors(t, rnd, seat, mine + (action,), complete=False, m=state.part.mult[seat])
        elif action == SUBMIT:
            errors = od.placement_error(t, rnd, seat, mine)  # every written order was checked already
        if errors:
            return OrderSetRefused(errors, seat, action, what=what)
        return IllegalMove(
            _("'{action}' is not allowed: the order sets are being written. {player} may {help}").format(
                action=_text(action), player=pname(seat), help=_help(state, None, seat)
            ),
            rule="BH-4.4",
            player=seat,
            action=action,
        )

    def _fault(self, state: State, q: Question, p: int, a: Any) -> str | None:
        """What is wrong with the answer ``a`` to ``q`` (None: nothing the explanation can name)."""
        kind = q.kind
        t = state.table
        if kind == "transfer":
            if not isinstance(a, Transfer):
                return _topic(q, p)
            if a.to not in q.info:
                if a.to == p:
                    return _("a player cannot give to himself")
                return _("{player} is not another active player").format(player=pname(a.to))
            return _("{player} has {ge} GE").format(player=pname(p), ge=t.ge[p])
        if kind == "dismiss":
            if not isinstance(a, Dismiss):
                return _topic(q, p)
            if a.kind == THUG:
                return _("{player} has no thug in {district}").format(player=pname(p), district=DISTRICTS[a.district])
            if a.kind == KILLER:
                return _("{player} has no killer in {district}").format(player=pname(p), district=DISTRICTS[a.district])
            return _("{player} has no shooter in {district}").format(player=pname(p), district=DISTRICTS[a.district])
        if kind == "propose":
            return _proposal_fault(q, p, state.partial[p], a)
        if kind == "influence":
            return _influence_fault(q, p, a) if isinstance(a, Influence) else _topic(q, p)
        if kind == "targets":
            if not isinstance(a, Target):
                return _topic(q, p)
            if a.target == p or a.target not in q.info[0]:
                return _("{player} is not another participant in {district}").format(
                    player=pname(a.target), district=DISTRICTS[q.district]
                )
            thugs, killers = _unassigned(q, p, state.partial[p])
            return _("{player} has {thugs} thug(s) and {killers} killer(s) left to assign").format(
                player=pname(p), thugs=thugs, killers=killers
            )
        if kind == "claims":
            return self._claim_fault(q, p, state.partial[p], a)
        return None  # fight: the topic says what is asked

    def _claim_fault(self, q: Question, p: int, mine: Atoms, a: Any) -> str | None:
        """Why a claim breaks BH-4.14.1-3."""
        limits, free = q.info
        x = DISTRICTS[q.district]
        if not isinstance(a, Claim):
            return _topic(q, p)
        if type(a.n) is not int or a.n < 1:
            return _("a claim is for a positive number of sources")
        if a.target == p:
            return _("a player cannot claim his own sources")
        if a.target not in range(self.players):
            return _("there is no player {player}").format(player=a.target)
        if not free[a.target]:
            return _(
                "{player} has no unprotected source in {district}: a source is protected while its owner has "
                "a godfather, thug, killer or influence marker in the district (BH-4.14.1)"
            ).format(player=pname(a.target), district=x)
        used, on = _claimed(mine, a.target)
        limit = limits[q.players.index(p)]
        if used + a.n > limit:
            return ngettext(
                "{player} may claim at most L = {limit} source(s) here and has claimed {used}",
                "{player} may claim at most L = {limit} source(s) here and has claimed {used}",
                limit,
            ).format(player=pname(p), limit=limit, used=used)
        return ngettext(
            "{target} has {free} unprotected source(s) in {district} and {player} has claimed {claimed} of them",
            "{target} has {free} unprotected source(s) in {district} and {player} has claimed {claimed} of them",
            free[a.target],
        ).format(target=pname(a.target), free=free[a.target], district=x, player=pname(p), claimed=on)

    # -- reading texts -------------------------------------------------------
    def _example_action(self) -> str:
        return "build_source c 1"

    def _parse(self, state: State, text: str, player: int | None) -> Action:
        # codes and keywords are read in any case: 'Build_Source C 1', 'CLAIM p3 1', 'give P2 JAIL Thug 1'
        words = text.lower().split()
        if not words:
            raise ValueError(_(_ALLOWED))
        verb = words[0]
        if (";" in text or verb in od.VERBS) and state.stage != ORDERS:
            raise self._not_orders(state, player, text, verb)
        if ";" in text:
            return self._parse_set(state, text, player)
        if len(words) == 1 and verb in WORDS:
            return WORDS[verb]
        if verb in od.VERBS:
            try:
                return parse_order(text)
            except OrderError as unreadable:
                raise OrderSetRefused(
                    [unreadable], player, text, what=_("order {text}").format(text=excerpt(text))
                ) from None
        try:
            if verb == "transfer" and len(words) == 3:
                return Transfer(self._seat_word(words[1]), read_count(words[2], _("the amount")))
            if verb == "dismiss" and len(words) == 3:
                return Dismiss(read_district(words[1]), read_kind(words[2]))
            if verb in _INF and len(words) == 2:
                return Influence(verb, self._seat_word(words[1]))
            if verb == "target" and len(words) in (3, 4):
                return Target(
                    self._seat_word(words[1]),
                    read_kind(words[2]),
                    read_count(words[3], _("the number of shooters")) if len(words) == 4 else 1,
                )
            if verb == "claim" and len(words) in (2, 3):
                return Claim(
                    self._seat_word(words[1]),
                    read_count(words[2], _("the number of sources")) if len(words) == 3 else 1,
                )
            if verb == "propose" and len(words) == 2:
                return Propose(self._seat_word(words[1]))
            if verb == "give" and len(words) in (2, 3):
                return Give(
                    self._seat_word(words[1]), n=read_count(words[2], _("the number")) if len(words) == 3 else 1
                )
            if verb == "give" and len(words) in (4, 5):
                place = {"stock": STOCK, "jail": JAIL}.get(words[2])
                if place is None:
                    if len(words[2]) != 1 or words[2] not in DISTRICTS:
                        raise ValueError(
                            _("a place is a district a-f, jail or stock, not {value}").format(
                                value=excerpt(text.split()[2])
                            )
                        )
                    place = DISTRICTS.index(words[2])
                if words[3] not in _KIND_WORDS:
                    raise ValueError(
                        _("a marker kind is source, influence, thug or killer, not {value}").format(
                            value=excerpt(text.split()[3])
                        )
                    )
                return Give(
                    self._seat_word(words[1]),
                    place,
                    _KIND_WORDS[words[3]],
                    read_count(words[4], _("the number")) if len(words) == 5 else 1,
                )
        except ValueError as error:  # OrderError is a ValueError too
            why = error.message if isinstance(error, OrderError) else str(error)
            raise ValueError(
                _("cannot read {text}: {why}; {usage}").format(text=excerpt(text), why=why, usage=_(_USAGE[verb]))
            ) from None
        if verb in _USAGE:
            raise ValueError(_("cannot read {text}: {usage}").format(text=excerpt(text), usage=_(_USAGE[verb])))
        acting = state.acting
        p = player if type(player) is int and player in acting else (acting[0] if len(acting) == 1 else None)
        if p is not None:  # what this player may do now: shorter and more to the point than every decision
            raise ValueError(
                _("cannot read {text}: {player} may {help}").format(
                    text=excerpt(text), player=pname(p), help=_help(state, state.question, p)
                )
            )
        raise ValueError(_("cannot read {text}. {allowed}").format(text=excerpt(text), allowed=_(_ALLOWED)))

    def _parse_set(self, state: State, text: str, player: int | None) -> OrderSet:
        """A whole order set in one line, ``;`` between the orders (a trailing ``submit`` is allowed)."""
        parts = [x.strip() for x in text.split(";") if x.strip()]
        if parts and parts[-1].lower() == "submit":
            parts = parts[:-1]
        found: list[Order] = []
        errors: list[OrderError] = []
        for part in parts:
            try:
                found.append(parse_order(part))
            except OrderError as e:
                errors.append(e)
        if errors:
            acting = state.acting
            p = player if player is not None else (acting[0] if len(acting) == 1 else None)
            if p is not None and p in acting:  # the readable orders are checked too: every error at once
                errors += od.set_errors(state.base, state.round, p, tuple(found))
            raise OrderSetRefused(errors, p, text)
        return OrderSet(tuple(found))

    def _not_orders(self, state: State, player: int | None, text: str, verb: str) -> IllegalMove:
        """An order, or a line of several decisions, while no order set is being written: say what is asked."""
        p = self._asked(state, player, text)  # the game is over, or not this player's decision: that error first
        q = state.question
        assert q is not None
        if verb in od.VERBS:
            why = _("orders are written only in the orders stage, after the transfer window (BH-4.4)")
            if q.kind == "transfer":
                why = _("the order sets are written when the transfer window has closed (BH-4.4)")
        else:
            why = _("decisions other than order sets are written one at a time")
        return IllegalMove(
            _("{text} is not allowed: {why}; now {topic}. {player} may {help}").format(
                text=excerpt(text), why=why, topic=_topic(q, p), player=pname(p), help=_help(state, q, p)
            ),
            rule=TURN_RULE[q.kind],
            player=p,
            action=text,
        )

    def _seat_word(self, word: str) -> int:
        """A player written P1 to PN, as his seat."""
        if len(word) >= 2 and word[0] in "pP" and word[1:].isdigit() and 1 <= int(word[1:]) <= self.players:
            return int(word[1:]) - 1
        raise ValueError(
            _("a player is written P1 to {last}, not {value}").format(
                last=pname(self.players - 1), value=excerpt(word.upper() if word[:1] in "pP" else word)
            )
        )

    # -- views ----------------------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        """BH-4.9: everything but the order of the event deck, the seed and the others' sealed decisions."""
        partial = tuple([atoms if p == player else () for p, atoms in enumerate(state.partial)])
        trail = state.trail
        q = state.question
        if state.stage == ORDERS or (q is not None and q.simultaneous):
            # the others' sealed decisions of this step stay hidden, in the history too
            start = state.part.sealed_from  # the history before the step, shown as it is
            step = step_entries(state)
            if any([who != player for who, _action in step]):
                trail = start
                for who, action in step:
                    trail = extend(trail, who, action if who == player else SEALED)
        base = self._hidden_base(state.base)
        return State(
            trail=trail,
            partial=partial,
            news=state.news,
            acting=state.acting,
            table=base if state.table is state.base else _hidden(state.table),
            base=base,
            question=q,
            part=state.part,
            round=state.round,
            stage=state.stage,
            setup=view_setup(player),  # the seed would tell the event deck and the dice (BH-4.9)
        )

    # The last snapshot hidden for a view, and its hidden copy.  The snapshot (``state.base``) stays the
    # same while the orders are written and while a part of the round is resolved, so the views of all
    # those decisions share one hidden copy.  Replaced as one tuple: threads sharing a game at worst miss it.
    _shown: tuple[Table | None, Table | None] = (None, None)

    def _hidden_base(self, base: Table) -> Table:
        """``_hidden(base)``, made again only for another snapshot than the last one."""
        shown, hidden = self._shown
        if shown is base and hidden is not None:
            return hidden
        hidden = _hidden(base)
        self._shown = (base, hidden)
        return hidden


def _hidden(t: Table) -> Table:
    """The table with the order of the event deck hidden (BH-4.9): its cards in card order.

    Which cards are left is public, since every card drawn was shown (BH-4.10); only
    their order is hidden.
    """
    return t.replace(deck=tuple(sorted(t.deck)))


def step_entries(state: State) -> list[tuple[int | None, Any]]:
    """The (player, action) entries of the history since the open sealed step began, oldest first.

    Read from the end of the trail, without flattening the whole history of the game.
    """
    return list(entries(state.trail, trail_length(state.part.sealed_from)))


def _orders(atoms: Atoms) -> tuple[Order, ...]:
    """A sealed set of the orders stage (it holds orders only)."""
    return cast(tuple[Order, ...], atoms)


def _set_at(partial: tuple[Atoms, ...], seat: int, atoms: Atoms) -> tuple[Atoms, ...]:
    """``partial`` with the atoms of ``seat`` replaced."""
    return partial[:seat] + (atoms,) + partial[seat + 1 :]


def _one(n: object) -> bool:
    """Is ``n`` the whole number 1 (not True, not 1.0)?"""
    return type(n) is int and n == 1


def _unlisted(action: object) -> bool:
    """Is ``action`` one the rules judge themselves, not by the offer (see ``_admit``)?

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


def _finished(q: Question, p: int, mine: Atoms) -> bool:
    """Has ``p`` completed his sealed decision of ``q``?"""
    if q.kind == "targets":  # every shooter has a target
        return _unassigned(q, p, mine) == (0, 0)
    if q.kind == "claims":
        return mine[-1] == SUBMIT
    if q.kind == "propose":
        if isinstance(mine[0], Propose) or mine[-1] == SUBMIT:
            return True
        if q.info[0] == "estate":
            return Division(q, mine).complete()
        return False
    return True


def _unassigned(q: Question, p: int, mine: Atoms) -> tuple[int, int]:
    """BH-4.12.2: p's thugs and killers in the shootout that have no target yet."""
    thugs, killers = q.info[1][q.players.index(p)]
    for a in mine:
        if isinstance(a, Target):
            if a.kind == THUG:
                thugs -= a.n
            else:
                killers -= a.n
    return thugs, killers


def _claimed(mine: Atoms, target: int) -> tuple[int, int]:
    """The sources p has claimed so far: in all, and from ``target``."""
    claims = [c for c in mine if isinstance(c, Claim)]
    return sum([c.n for c in claims]), sum([c.n for c in claims if c.target == target])


def _claim_room(q: Question, p: int, mine: Atoms, target: int) -> int:
    """BH-4.14.2-3: how many more sources p may claim from ``target``: within his limit L and its unprotected ones."""
    limits, free = q.info
    used, on = _claimed(mine, target)
    return min(limits[q.players.index(p)] - used, free[target] - on)


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


def _proposal_ok(q: Question, mine: Atoms, a: Give) -> bool:
    """May the line ``a`` (any quantity) be written into the proposed division?"""
    if type(a.n) is not int or a.n < 1 or a.to not in q.players:
        return False
    return a.n <= Division(q, mine).room(a.place, a.kind, a.to)


def _proposal_fault(q: Question, player: int, mine: Atoms, a: Any) -> str:
    """Why a line of a proposal (BH-4.15.1) does not fit."""
    if isinstance(a, Propose):
        if mine:
            return _("{player} has begun a division line by line; 'propose' is only a whole proposal").format(
                player=pname(player)
            )
        return _("{player} is not a contestant").format(player=pname(a.winner))
    if a == SUBMIT:
        return _("an estate division is complete when every marker is given; it has no 'submit'")
    if not isinstance(a, Give):
        return _topic(q, player)
    if a.to not in q.players:
        return _("{player} is not a contestant").format(player=pname(a.to))
    if type(a.n) is not int or a.n < 1:
        return _("a line gives a positive number")
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


def _influence_fault(q: Question, player: int, a: Influence) -> str:
    """Why a use of influence breaks BH-4.11.4."""
    left = q.info[0]
    x = DISTRICTS[q.district]
    if a.target == player:
        return _("influence acts only against other players")
    if a.verb == "inf_remove":
        if left < 2:
            return _("inf_remove uses 2 markers and {player} has {left} left to use in {district}").format(
                player=pname(player), left=left, district=x
            )
        return _(
            "inf_remove needs a player with less influence in {district} (at the start of the step) who still has a "
            "marker there; {target} is not one"
        ).format(district=x, target=pname(a.target))
    if a.verb == "inf_jail":
        return _("{target} has no thug in {district} (killers and godfathers cannot be jailed by influence)").format(
            target=pname(a.target), district=x
        )
    return _("{target} has no source in {district}").format(target=pname(a.target), district=x)


def _topic(q: Question, player: int, who: str | None = None) -> str:
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


def contest_text(q: Question) -> str:
    """What a proposal divides: an estate, or the contested sources of a takeover."""
    if q.info[0] == "estate":
        return _("dividing {victim}'s estate").format(victim=pname(q.info[1]))
    return _("dividing the contested sources of {victim} in {district}").format(
        victim=pname(q.info[1]), district=DISTRICTS[q.district]
    )


def _help(state: State, q: Question | None, player: int) -> str:
    """What ``player`` may do in the open decision, in plain words (a verb phrase).

    It ends a refusal whose clause is the decision's own (``TURN_RULE``, BH-4.4 for orders),
    which ``IllegalMove`` appends, so the phrase itself names only other clauses.
    """
    if state.stage == ORDERS or q is None:
        return _(
            "write his sealed order set one order at a time ('build_source c 1', 'deploy e thug 2', "
            "'godfather e', ...) and end it with 'submit', or write the whole set in one line separated by ';'"
        )
    t = state.table
    x = DISTRICTS[q.district] if q.district >= 0 else ""
    kind = q.kind
    if kind == "transfer":
        return _("give 1 to {ge} GE at once to another active player ({players}), as {example}, or 'pass'").format(
            ge=t.ge[player], players=pnames(q.info), example=f"'transfer {pname(q.info[0])} 5'"
        )
    if kind == "dismiss":
        return _(
            "withdraw one of his shooters to his stock, one at a time until his upkeep is covered: {choices}"
        ).format(choices=", ".join([f"'{_DISMISS[d][k]}'" for d, k in q.info]))
    if kind == "influence":
        left, remove, jail, close = q.info
        uses = []
        if remove:
            uses.append(
                _("'inf_remove P' (2 markers: an influence marker of a weaker player: {players})").format(
                    players=pnames(remove)
                )
            )
        if jail:
            uses.append(_("'inf_jail P' (1 marker: a thug of {players} to the Jail)").format(players=pnames(jail)))
        if close:
            uses.append(
                _("'inf_close P' (1 marker: a source of {players} back to its owner's stock)").format(
                    players=pnames(close)
                )
            )
        return ngettext(
            "use up to {left} more influence marker(s) in {district}: {uses}, or end with 'done'",
            "use up to {left} more influence marker(s) in {district}: {uses}, or end with 'done'",
            left,
        ).format(left=left, district=x, uses=", ".join(uses))
    if kind == "targets":
        thugs, killers = _unassigned(q, player, state.partial[player])
        others = [o for o in q.info[0] if o != player]
        example = f"'target {pname(others[0])} {'thug' if thugs else 'killer'} 1'"
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
            ).format(example=f"'claim {pname(next(iter(left)))} 1'", **fields)
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
                propose=f"'propose {pname(q.players[0])}'",
                give=f"'give {pname(q.players[0])} 1'",
            )
        return _(
            "propose how {victim}'s estate is divided among {players}: {propose} gives it all to one of them, or "
            "write lines such as {give} until every marker is given; identical proposals are executed, otherwise "
            "the claimants fight in {district}"
        ).format(
            victim=pname(q.info[1]),
            players=pnames(q.players),
            propose=f"'propose {pname(q.players[0])}'",
            give=f"'give {pname(q.players[0])} stock thug 2'",
            district=x,
        )
    return _(
        "declare 'fight' to stay in the decision fight in {district}, or 'concede' to leave it and give up his claim"
    ).format(district=x)


def _not_your_turn(state: State, player: int) -> str:
    """A player who is not to act now: who is, and for what."""
    acting = state.acting
    who = pnames(acting)
    one = len(acting) == 1
    q = state.question
    if state.stage == ORDERS or q is None:
        if one:
            return _("{player} has submitted his order set; {who} still writes his").format(
                player=pname(player), who=who
            )
        return _("{player} has submitted his order set; {who} still write theirs").format(player=pname(player), who=who)
    what = _topic(q, acting[0]) if one else _topic(q, acting[0], _("each"))
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
# Prebuilt decisions

_DISMISS: Final = tuple([{k: Dismiss(x, k) for k in (THUG, KILLER)} for x in range(6)])
_INF: Final = {v: tuple([Influence(v, p) for p in range(5)]) for v in ("inf_remove", "inf_jail", "inf_close")}
_TARGET: Final = tuple([{k: Target(p, k) for k in (THUG, KILLER)} for p in range(5)])
_CLAIM: Final = tuple([Claim(p) for p in range(5)])
_PROPOSE: Final = tuple([Propose(p) for p in range(5)])
SEALED: Final = Word("sealed")  # stands for another player's sealed decision in a view's history
_GIVE_SOURCE: Final = tuple([Give(p) for p in range(5)])  # a takeover's line: one contested source to P
_GIVE_MARKER: Final = tuple(
    [tuple([tuple([Give(p, place, kind) for kind in range(4)]) for place in range(8)]) for p in range(5)]
)  # an estate's line: one marker of a kind in a place to P
_KIND_WORDS: Final = {
    "source": SRC,
    "sources": SRC,
    "influence": INF,
    "thug": THUG,
    "thugs": THUG,
    "killer": KILLER,
    "killers": KILLER,
}


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


_USAGE: Final = {  # shown translated: _(_USAGE[verb])
    "transfer": N_("a transfer is written 'transfer P2 5': receiver and GE (BH-4.3)"),
    "dismiss": N_("a withdrawal for upkeep is written 'dismiss d thug' (BH-4.2.4)"),
    "inf_remove": N_("a use of influence is written 'inf_remove P2' (BH-4.11.4)"),
    "inf_jail": N_("a use of influence is written 'inf_jail P2' (BH-4.11.4)"),
    "inf_close": N_("a use of influence is written 'inf_close P2' (BH-4.11.4)"),
    "target": N_("a target line is written 'target P2 thug 1' or 'target P2 killer 1' (BH-4.12.2)"),
    "claim": N_(
        "a claim is written 'claim P2 1': the player whose unprotected sources you claim, and how many (BH-4.14.3)"
    ),
    "propose": N_("a proposal is written 'propose P2' (BH-4.15.1)"),
    "give": N_(
        "a line of a division is written 'give P2 1' (takeover) or 'give P2 b source 1', 'give P2 jail thug 1', "
        "'give P2 stock killer 1' (estate) (BH-4.15.1)"
    ),
}
_ALLOWED: Final = N_(  # shown translated: _(_ALLOWED)
    "Orders: free thug|killer <n>, free_godfather <a-f|stock>, close <a-f> <n>, build_source <a-f> <n>, "
    "build_influence <a-f> <n>, withdraw <a-f> thug|killer <n>, deploy <a-f> thug|killer <n>, "
    "godfather <a-f|stock>, submit, or a whole set separated by ';'. Other decisions: transfer P2 5, pass, "
    "dismiss d thug, inf_remove|inf_jail|inf_close P2, done, target P2 thug 1, claim P2 1, propose P2, "
    "give P2 1, give P2 b source 1, fight, concede"
)
