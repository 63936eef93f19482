# mypy: ignore-errors
"""The Brotherhood: the rules engine (clause ids refer to cardgames/brotherhood/rules.md).

A round has three parts, each a *stage* of the state:

* ``start``: phase (a) income and upkeep (BH-4.2) and the b0 transfer window (BH-4.3);
* ``orders``: every active player writes his sealed order set (BH-4.4) as atomic orders
  ending with ``submit`` (or one whole set in a line); when the last has submitted, the
  sets are executed together (BH-4.7);
* ``resolve``: event, influence, shootouts, estates, takeovers and fights (BH-4.10-4.15).

The automatic steps live in :mod:`.resolve` and stop at each decision of the BH-7 table;
a state keeps the answers given in its current part and the question now open.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..core.errors import IllegalMove
from ..core.game import Action, Game, GameSpec, Setup, Trail, extend, history, masked_trail, replace, trail_length
from ..core.rng import generator
from . import orders as od
from .agents import BuilderAgent, GreedyAgent, RandomAgent
from .board import (
    CAPACITY, DISTRICTS, EVENT_TEXT, EVENTS, INF, INFLUENCE_COST, JAIL, KILLER, ROUNDS, SOURCE_COST, SRC, STOCK,
    THUG, YIELD, Table, Work, new_table, pname,
)
from .orders import Order, OrderError, OrderSet
from .resolve import (
    CONCEDE, DONE, FIGHT, KIND_TEXT, PASS, PLACE_TEXT, SUBMIT, WORDS, Asker, Claim, Dismiss, Give, Influence, Pending,
    Propose, Question, Target, Transfer, Word, next_transferer, priority, run_resolve, run_start,
)

START, TRANSFER, ORDERS, RESOLVE, OVER = "start", "transfer", "orders", "resolve", "over"

TURN_RULE = {  # the clause of each decision of the resolve stage (BH-7), named by its refusals
    "dismiss": "BH-4.2.4", "transfer": "BH-4.3", "influence": "BH-4.11.4", "targets": "BH-4.12.2",
    "claims": "BH-4.14.3", "propose": "BH-4.15.1", "fight": "BH-4.15.2",
}


@dataclass(frozen=True, slots=True)
class State:
    setup: Setup
    trail: Trail
    round: int
    stage: str
    base: Table  # the table when this part of the round began (the snapshot, in the orders stage)
    table: Table  # the table now
    answers: tuple = ()  # answers given in this part of the round
    question: Question | None = None  # the open decision (None in the orders stage and at the end)
    acting: tuple[int, ...] = ()  # who still has to decide
    partial: tuple = ()  # per seat: sealed atoms written so far (orders, targets, claims, ...)
    log: tuple = ()  # what happened in this part of the round so far
    news: tuple = ()  # what the action that made this state caused
    cursor: tuple = ()  # transfer window: (pass, index in priority order, a transfer in this pass?)
    mult: tuple = ()  # orders stage: per seat, the BH-4.4 cost multipliers of the snapshot
    sealed_at: int = 0  # decisions made before the current sealed step began (views mask what follows)


class OrderSetRefused(IllegalMove):
    """A refused order set (or order): ``errors`` lists every BH-4.6 error (V-code, clause, message).

    ``rule`` is the clause of the errors when they share one, else BH-4.6, the list of the
    codes; the message names each clause once (``IllegalMove`` adds ``rule`` at its end, so an
    error under that clause does not repeat it).  ``code`` is the first error's code.
    """

    def __init__(self, errors: list[OrderError], player: int | None, action: Any, what: str = "order set"):
        clauses = {od.CODES[e.code][1] for e in errors}
        rule = clauses.pop() if len(clauses) == 1 else "BH-4.6"
        text = f"{what} refused: " + "; ".join(e.text(rule) for e in errors)
        super().__init__(text, rule=rule, player=player, action=action, code=errors[0].code)
        self.errors = tuple(errors)
        self.codes = tuple(e.code for e in errors)


def _check_rolls(rolls) -> tuple[int, ...]:
    if rolls is None:
        return ()
    try:
        out = tuple(rolls)
    except TypeError:
        raise TypeError(f"rolls is a list of die results 1-6, not {rolls!r}") from None
    for r in out:
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 6:
            raise ValueError(f"a die shows 1 to 6, not {r!r}")
    return out


def _check_events(events) -> tuple[int, ...]:
    if events is None:
        return ()
    try:
        items = tuple(events)
    except TypeError:
        raise TypeError(f"events is a list of event cards E01-E15, not {events!r}") from None
    out = []
    for e in items:
        if isinstance(e, str) and e.upper() in EVENTS:
            out.append(EVENTS.index(e.upper()) + 1)
        elif isinstance(e, int) and not isinstance(e, bool) and 1 <= e <= 15:
            out.append(e)
        else:
            raise ValueError(f"an event card is E01 to E15 (or 1 to 15), not {e!r}")
    if len(set(out)) != len(out):
        raise ValueError("each event card is in the deck once (BH-2.5); the stacked events repeat a card")
    return tuple(out)


class Brotherhood(Game):
    spec = GameSpec(
        name="brotherhood",
        title="The Brotherhood",
        prefix="BH",
        min_players=2,
        max_players=5,
        default_players=4,
        options={},
        setup_keys=("rolls", "events"),
        simultaneous=True,
        bounds={"ge": (0, float("inf"))},
        max_decisions=200_000,
        over_rule="BH-6.1",
    )
    agents = {"random": RandomAgent, "greedy": GreedyAgent, "builder": BuilderAgent}

    # -- setup ---------------------------------------------------------------
    def _new(self, seed: int, rolls=None, events=None) -> State:
        stacked = _check_rolls(rolls)
        top = _check_events(events)
        rest = [c for c in range(1, 16) if c not in top]
        generator(seed, "events").shuffle(rest)  # BH-3.3, BH-4.16 (1)
        extra = []
        if stacked:
            extra.append(("rolls", stacked))
        if top:
            extra.append(("events", tuple(EVENTS[c - 1] for c in top)))
        setup = Setup(seed=seed, extra=tuple(extra))
        table = new_table(self.players, top + tuple(rest))
        return self._run(setup, None, 1, START, table, (), 0, [])

    def scenario(self, table: Table, round: int = 1, stage: str = ORDERS, seed: int = 0, rolls=()) -> State:
        """A state at the start of a stage with a given table (teaching scenarios and tests; not replayable)."""
        if stage not in (START, TRANSFER, ORDERS, RESOLVE):
            raise ValueError(f"a scenario starts at stage start, transfer, orders or resolve, not {stage!r}")
        if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= ROUNDS:
            raise ValueError(f"round is 1 to {ROUNDS}, not {round!r}")
        if not isinstance(table, Table) or table.players != self.players:
            raise ValueError(f"the table must be a Table for {self.players} players (see build_table)")
        setup = Setup(seed=seed, extra=(("rolls", _check_rolls(rolls)),) if rolls else ())
        if stage == ORDERS:
            return self._orders_state(setup, None, round, table, [])
        if stage == TRANSFER:
            return self._transfer_state(setup, None, round, table, [], 0, 0, False)
        return self._run(setup, None, round, stage, table, (), 0, [])

    def _stacked(self, setup: Setup) -> tuple[int, ...]:
        return setup.get("rolls", ())

    # -- running the automatic parts -----------------------------------------
    def _run(self, setup, trail, rnd, stage, base, answers, skip, news) -> State:
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
                return State(setup, trail, rnd, stage, base, w.freeze(), answers, q, q.players,
                             ((),) * self.players, log, tuple(news),
                             sealed_at=trail_length(trail) if q.simultaneous else 0)
            news.extend(w.log[skip:])
            skip = 0
            table = w.freeze()
            if stage == START:
                return self._transfer_state(setup, trail, rnd, table, news, 0, 0, False)
            if rnd >= ROUNDS or len(table.active()) <= 1:  # BH-6.1, BH-6.2
                news.append(("over", rnd))
                return State(setup, trail, rnd, OVER, table, table, (), None, (), (), (), tuple(news))
            rnd += 1
            stage, base, answers = START, table, ()

    def _orders_state(self, setup, trail, rnd, table, news) -> State:
        controllers = [table.controller(x) for x in range(6)]
        mult = tuple(od.multipliers(table, p, controllers) for p in range(self.players))
        return State(setup, trail, rnd, ORDERS, table, table, (), None, table.active(),
                     ((),) * self.players, (), tuple(news), (), mult, trail_length(trail))

    def _transfer_state(self, setup, trail, rnd, table, news, pass_no, idx, moved) -> State:
        nxt = next_transferer(table.ge, table.elim, rnd, pass_no, idx, moved)
        if nxt is None:
            return self._orders_state(setup, trail, rnd, table, news)
        pass_no, idx, moved, p = nxt
        receivers = _RECEIVERS.get((table.elim, p))
        if receivers is None:
            receivers = _RECEIVERS[(table.elim, p)] = tuple(
                q for q in range(self.players) if q != p and not table.elim[q])
        q = Question("transfer", (p,), -1, receivers)
        return State(setup, trail, rnd, TRANSFER, table, table, (), q, (p,), (), (), tuple(news),
                     (pass_no, idx, moved))

    def _apply_transfer(self, state: State, p: int, action: Action) -> State:
        self._check_answer(state, state.question, p, action)
        trail = extend(state.trail, p, action)
        pass_no, idx, moved = state.cursor
        t = state.table
        if action is PASS or action == PASS:
            return self._transfer_state(state.setup, trail, state.round, t, [], pass_no, idx + 1, moved)
        ge = list(t.ge)
        ge[p] -= action.amount
        ge[action.to] += action.amount
        t = replace(t, ge=tuple(ge))
        news = [("transfer", p, action.to, action.amount)]
        if ge[p] > 0:
            return replace(state, trail=trail, base=t, table=t, news=tuple(news), cursor=(pass_no, idx, True))
        return self._transfer_state(state.setup, trail, state.round, t, news, pass_no, idx + 1, True)

    # -- protocol ------------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return state.acting

    def is_over(self, state: State) -> bool:
        return not state.acting

    def legal_actions(self, state: State, player: int | None = None) -> tuple:
        if player is None:
            if len(state.acting) != 1:
                if not state.acting:
                    return ()
                raise ValueError(f"several players act now ({', '.join(map(str, state.acting))}): say which with player=")
            player = state.acting[0]
        if player not in state.acting:
            return ()
        if state.stage == ORDERS:
            legal = self._remembered(state, player)  # asked twice for one state: the tables ask, then the agents
            if legal is not None:
                return legal
            legal = od.legal_orders(state.base, state.round, player, state.partial[player], SUBMIT, state.mult[player])
            return self._remember(state, player, legal)
        q = state.question
        kind = q.kind
        t = state.table
        if kind == "transfer":
            return _transfers(q.info, t.ge[player])
        if kind == "dismiss":
            return tuple(_DISMISS[x][k] for x, k in q.info)
        if kind == "influence":
            left, remove, jail, close = q.info
            return ((DONE,) + tuple(_INF["inf_remove"][p] for p in remove)
                    + tuple(_INF["inf_jail"][p] for p in jail) + tuple(_INF["inf_close"][p] for p in close))
        if kind == "targets":
            parts, arms = q.info[0], q.info[1]
            i = q.players.index(player)
            thugs, killers = arms[i]
            for a in state.partial[player]:
                if a.kind == THUG:
                    thugs -= a.n
                else:
                    killers -= a.n
            out = []
            for other in parts:
                if other != player:
                    if thugs:
                        out.append(_TARGET[other][THUG])
                    if killers:
                        out.append(_TARGET[other][KILLER])
            return tuple(out)
        if kind == "claims":
            limits, free = q.info
            limit = limits[q.players.index(player)]
            mine = state.partial[player]
            mine = tuple(c for c in mine if c != SUBMIT)
            used = sum(c.n for c in mine)
            out = [SUBMIT]
            if used < limit:
                for other, f in enumerate(free):
                    if other != player and f > sum(c.n for c in mine if c.target == other):
                        out.append(_CLAIM[other])
            return tuple(out)
        if kind == "propose":
            return _proposals(q, player, state.partial[player])
        if kind == "fight":
            return (FIGHT, CONCEDE)
        raise AssertionError(kind)

    def _actor(self, state: State, player: int | None) -> int:
        if player.__class__ is int and player in state.acting:
            return player
        if player is not None and state.acting:
            self.check_seat(player)
            out = state.table.elim[player]
            if out and state.stage == ORDERS:  # BH-4.6 V03: an order set of an eliminated player
                raise OrderSetRefused([OrderError("V03", f"{pname(player)} was eliminated in round {out} and "
                                                         "writes no orders")], player, None)
            if out:
                raise IllegalMove(f"{pname(player)} was eliminated in round {out} (his godfather was killed) and "
                                  "makes no more decisions", rule="BH-4.13", player=player)
            rule = "BH-4.4" if state.stage == ORDERS else TURN_RULE[state.question.kind]
            raise IllegalMove(_not_your_turn(state, player), rule=rule, player=player)
        if state.stage == ORDERS:
            rule = "BH-4.4"
        elif state.question is not None:
            rule = TURN_RULE[state.question.kind]
        else:
            rule = self.spec.over_rule
        return self.actor(state, player, rule)

    def apply(self, state: State, action: Action, player: int | None = None) -> State:
        p = self._actor(state, player)
        if state.stage == ORDERS:
            return self._apply_order(state, p, action)
        if state.stage == TRANSFER:
            return self._apply_transfer(state, p, action)
        q = state.question
        self._check_answer(state, q, p, action)
        trail = extend(state.trail, p, action)
        if not q.simultaneous:
            return self._run(state.setup, trail, state.round, state.stage, state.base,
                             state.answers + (action,), len(state.log), [])
        mine = state.partial[p] + (action,)
        finished = self._finished(q, p, mine)
        partial = state.partial[:p] + (mine,) + state.partial[p + 1:]
        if not finished:
            return replace(state, trail=trail, partial=partial, news=())
        acting = tuple(x for x in state.acting if x != p)
        if acting:
            return replace(state, trail=trail, partial=partial, acting=acting, news=())
        answer = tuple(partial[x] for x in q.players)
        return self._run(state.setup, trail, state.round, state.stage, state.base,
                         state.answers + (answer,), len(state.log), [])

    def _finished(self, q: Question, p: int, mine: tuple) -> bool:
        if q.kind == "targets":
            thugs, killers = q.info[1][q.players.index(p)]
            return sum(a.n for a in mine) >= thugs + killers
        if q.kind == "claims":
            return mine[-1] == SUBMIT
        if q.kind == "propose":
            if isinstance(mine[0], Propose) or mine[-1] == SUBMIT:
                return True
            if q.info[0] == "estate":
                return sum(a.n for a in mine) >= sum(g[2] for g in q.info[2])
            return False
        return True

    def _check_answer(self, state: State, q: Question, p: int, a: Action) -> None:
        kind = q.kind
        bad = None
        t = state.table
        if kind == "transfer":
            if a == PASS:
                return
            if not isinstance(a, Transfer):
                bad = _topic(q, p)
            elif a.to not in q.info:
                bad = (f"{pname(a.to)} is not another active player" if a.to != p
                       else "a player cannot give to himself")
            elif a.amount.__class__ is not int or not 1 <= a.amount <= t.ge[p]:
                bad = f"{pname(p)} has {t.ge[p]} GE"
        elif kind == "dismiss":
            if not isinstance(a, Dismiss):
                bad = _topic(q, p)
            elif (a.district, a.kind) not in q.info:
                bad = f"{pname(p)} has no {_KIND.get(a.kind, 'shooter')} in {DISTRICTS[a.district]}"
        elif kind == "propose":
            if not _proposal_ok(q, p, state.partial[p], a):
                bad = _proposal_fault(q, p, state.partial[p], a)
        elif kind in ("influence", "fight"):
            if a not in self.legal_actions(state, p):
                bad = _topic(q, p) if not isinstance(a, Influence) else _influence_fault(q, p, a)
        elif kind == "targets":
            parts, arms = q.info[0], q.info[1]
            thugs, killers = arms[q.players.index(p)]
            done = [0, 0, 0, 0]
            for x in state.partial[p]:
                done[x.kind] += x.n
            if not isinstance(a, Target):
                bad = _topic(q, p)
            elif a.target == p or a.target not in parts:
                bad = f"{pname(a.target)} is not another participant in {DISTRICTS[q.district]}"
            elif a.n.__class__ is not int or a.kind not in (THUG, KILLER) or a.n < 1 \
                    or done[a.kind] + a.n > (thugs if a.kind == THUG else killers):
                bad = f"{pname(p)} has {thugs - done[THUG]} thug(s) and {killers - done[KILLER]} killer(s) left to assign"
        elif kind == "claims":
            if a == SUBMIT:
                return
            bad = self._claim_fault(state, q, p, a)
        if bad is not None:
            raise IllegalMove(f"'{_text(a)}' is not allowed: {bad}. {pname(p)} may {_help(state, q, p)}",
                              rule=_RULE_OF[kind], player=p, action=a)

    def _claim_fault(self, state: State, q: Question, p: int, a: Action) -> str | None:
        """Why a claim breaks BH-4.14.1-3, or None if it is allowed."""
        limits, free = q.info
        limit = limits[q.players.index(p)]
        mine = tuple(c for c in state.partial[p] if c != SUBMIT)
        x = DISTRICTS[q.district]
        if not isinstance(a, Claim):
            return _topic(q, p)
        if a.n.__class__ is not int or a.n < 1:
            return "a claim is for a positive number of sources"
        if a.target == p:
            return "a player cannot claim his own sources"
        if a.target not in range(self.players):
            return f"there is no player {a.target}"
        if not free[a.target]:
            return (f"{pname(a.target)} has no unprotected source in {x}: a source is protected while its owner has "
                    f"a godfather, thug, killer or influence marker in the district (BH-4.14.1)")
        used = sum(c.n for c in mine)
        if used + a.n > limit:
            return f"{pname(p)} may claim at most L = {limit} source(s) here and has claimed {used}"
        on = sum(c.n for c in mine if c.target == a.target)
        if on + a.n > free[a.target]:
            return (f"{pname(a.target)} has {free[a.target]} unprotected source(s) in {x} and {pname(p)} "
                    f"has claimed {on} of them")
        return None

    def _apply_order(self, state: State, p: int, action: Action) -> State:
        t, rnd = state.base, state.round
        mine = state.partial[p]
        if isinstance(action, OrderSet):
            errors = od.set_errors(t, rnd, p, action.orders)
            if errors:
                raise OrderSetRefused(errors, p, action)
            mine = action.orders
        elif isinstance(action, Order):
            if self._offered(state, p, action) is not None:  # just offered by legal_actions: legal
                partial = state.partial[:p] + (mine + (action,),) + state.partial[p + 1:]
                return replace(state, trail=extend(state.trail, p, action), partial=partial, news=())
            if od.must_place_first(t, rnd, p, mine) and action.verb != od.GODFATHER and t.gf[p] == STOCK:
                raise OrderSetRefused([OrderError("V09", "from round 5 your godfather must stand in a district: "
                                                         "place him first (godfather a-f)")], p, action,
                                      what=f"order '{_text(action)}'")
            errors = od.set_errors(t, rnd, p, mine + (action,), complete=False, m=state.mult[p])
            if errors:
                raise OrderSetRefused(errors, p, action, what=f"order '{_text(action)}'")
            partial = state.partial[:p] + (mine + (action,),) + state.partial[p + 1:]
            return replace(state, trail=extend(state.trail, p, action), partial=partial, news=())
        elif action == SUBMIT:
            errors = od.placement_error(t, rnd, p, mine)  # every written order was checked already
            if errors:
                raise OrderSetRefused(errors, p, action)
        else:
            raise IllegalMove(f"'{action}' is not allowed: the order sets are being written. "
                              f"{pname(p)} may {_help(state, None, p)}", rule="BH-4.4", player=p, action=action)
        trail = extend(state.trail, p, action)
        partial = state.partial[:p] + (mine,) + state.partial[p + 1:]
        acting = tuple(x for x in state.acting if x != p)
        if acting:
            return replace(state, trail=trail, partial=partial, acting=acting, news=())
        w = Work(t, state.setup.seed, self._stacked(state.setup))
        od.execute(w, t, partial, priority(t.elim, rnd), state.mult)
        table = w.freeze()
        return self._run(state.setup, trail, rnd, RESOLVE, table, (), 0, list(w.log))

    def fallback(self, state: State, player: int) -> OrderSet:
        """BH-4.5: the fallback order set of ``player`` (for a table that gives up after refused sets)."""
        if state.stage != ORDERS:
            raise ValueError("a fallback order set exists only while orders are written")
        return od.fallback_set(state.base, state.round, self.check_seat(player))

    def _validate(self, state: State, action: Any, player: int | None) -> None:
        self.apply(state, action, player)

    # -- parsing ---------------------------------------------------------------
    def _example_action(self) -> str:
        return "build_source c 1"

    def _parse(self, state: State, text: str, player: int | None) -> Action:
        # codes and keywords are read in any case: 'Build_Source C 1', 'CLAIM p3 1', 'give P2 JAIL Thug 1'
        words = text.lower().split()
        if not words:
            raise ValueError(_ALLOWED)
        verb = words[0]
        if (";" in text or verb in od.VERBS) and state.stage != ORDERS:
            self._not_orders(state, player, text, verb)
        if ";" in text:
            parts = [x.strip() for x in text.split(";") if x.strip()]
            if parts and parts[-1].lower() == "submit":
                parts = parts[:-1]
            found, errors = [], []
            for part in parts:
                try:
                    found.append(parse_order(part))
                except OrderError as e:
                    errors.append(e)
            if errors:
                p = player if player is not None else (state.acting[0] if len(state.acting) == 1 else None)
                if p is not None and p in state.acting:
                    errors += od.set_errors(state.base, state.round, p, tuple(found))
                raise OrderSetRefused(errors, p, text)
            return OrderSet(tuple(found))
        if len(words) == 1 and verb in WORDS:
            return WORDS[verb]
        if verb in od.VERBS:
            try:
                return parse_order(text)
            except OrderError as e:
                raise OrderSetRefused([e], player, text, what=f"order '{text}'") from None
        try:
            if verb == "transfer" and len(words) == 3:
                return Transfer(self._seat(words[1]), _count(words[2], "the amount"))
            if verb == "dismiss" and len(words) == 3:
                return Dismiss(_district(words[1]), _kind(words[2]))
            if verb in _INF and len(words) == 2:
                return Influence(verb, self._seat(words[1]))
            if verb == "target" and len(words) in (3, 4):
                return Target(self._seat(words[1]), _kind(words[2]),
                              _count(words[3], "the number of shooters") if len(words) == 4 else 1)
            if verb == "claim" and len(words) in (2, 3):
                return Claim(self._seat(words[1]), _count(words[2], "the number of sources") if len(words) == 3 else 1)
            if verb == "propose" and len(words) == 2:
                return Propose(self._seat(words[1]))
            if verb == "give" and len(words) in (2, 3):
                return Give(self._seat(words[1]), n=_count(words[2], "the number") if len(words) == 3 else 1)
            if verb == "give" and len(words) in (4, 5):
                place = {"stock": STOCK, "jail": JAIL}.get(words[2])
                if place is None:
                    if len(words[2]) != 1 or words[2] not in DISTRICTS:
                        raise ValueError(f"a place is a district a-f, jail or stock, not {text.split()[2]!r}")
                    place = DISTRICTS.index(words[2])
                if words[3] not in _KIND_WORDS:
                    raise ValueError(f"a marker kind is source, influence, thug or killer, not {text.split()[3]!r}")
                return Give(self._seat(words[1]), place, _KIND_WORDS[words[3]],
                            _count(words[4], "the number") if len(words) == 5 else 1)
        except ValueError as e:  # OrderError is a ValueError too
            why = e.message if isinstance(e, OrderError) else str(e)
            raise ValueError(f"cannot read {text!r}: {why}; {_USAGE[verb]}") from None
        if verb in _USAGE:
            raise ValueError(f"cannot read {text!r}: {_USAGE[verb]}")
        raise ValueError(f"cannot read {text!r}. {_ALLOWED}")

    def _not_orders(self, state: State, player: int | None, text: str, verb: str) -> None:
        """An order, or a line of several decisions, while no order set is being written: say what is asked."""
        p = self._actor(state, player)  # the game is over, or not this player's decision: that error first
        q = state.question
        if verb in od.VERBS:
            why = "orders are written only in the orders stage, after the transfer window (BH-4.4)"
            if q.kind == "transfer":
                why = "the order sets are written when the transfer window has closed (BH-4.4)"
        else:
            why = "decisions other than order sets are written one at a time"
        raise IllegalMove(f"'{text}' is not allowed: {why}; now {_topic(q, p)}. {pname(p)} may {_help(state, q, p)}",
                          rule=_RULE_OF[q.kind], player=p, action=text)

    def _seat(self, word: str) -> int:
        if len(word) >= 2 and word[0] in "pP" and word[1:].isdigit() and 1 <= int(word[1:]) <= self.players:
            return int(word[1:]) - 1
        raise ValueError(f"a player is written P1 to P{self.players}, not {word.upper() if word[:1] in 'pP' else word!r}")

    # -- explaining ------------------------------------------------------------
    def describe(self, state: State, action: Action, player: int | None = None) -> str:
        p = player if player is not None else (state.acting[0] if state.acting else 0)
        new = self.apply(state, action, p)
        head = _say(state, p, action)
        news = new.news
        if news and _restates(action, p, news[0]):  # the head already says it
            news = news[1:]
        ended = next((e[1] for e in news if e[0] == "over"), None)
        tail = "; ".join(explain(e, ended) for e in news)
        return head + (" — then: " + tail if tail else "") + "."

    def render(self, state: State, player: int | None = None) -> str:
        return render(self, state, player)

    # -- views and settlement --------------------------------------------------
    def _view(self, state: State, player: int) -> State:
        def hide(t: Table) -> Table:
            return replace(t, deck=(0,) * len(t.deck))

        partial = tuple(atoms if p == player else () for p, atoms in enumerate(state.partial))
        trail = state.trail
        if state.stage == ORDERS or (state.question is not None and state.question.simultaneous):
            # BH-4.9: the others' sealed decisions of this step stay hidden, in the history too
            if any(who != player for who, _ in history(state)[state.sealed_at:]):
                trail = masked_trail(trail, lambda i, who, action:
                                     action if i < state.sealed_at or who == player else SEALED)
        return replace(state, setup=Setup(seed=0), base=hide(state.base), table=hide(state.table), partial=partial,
                       trail=trail)

    def _settlement(self, state: State):
        from .settlement import settle

        return settle(state)


# ---------------------------------------------------------------------------
# Prebuilt decisions and parsing helpers

_DISMISS = tuple({k: Dismiss(x, k) for k in (THUG, KILLER)} for x in range(6))
_INF = {v: tuple(Influence(v, p) for p in range(5)) for v in ("inf_remove", "inf_jail", "inf_close")}
_TARGET = tuple({k: Target(p, k) for k in (THUG, KILLER)} for p in range(5))
_CLAIM = tuple(Claim(p) for p in range(5))
_PROPOSE = tuple(Propose(p) for p in range(5))
SEALED = Word("sealed")  # stands for another player's sealed decision in a view's history
_GIVE: dict[tuple[int, int, int], Give] = {}
_KIND_WORDS = {"source": SRC, "sources": SRC, "influence": INF, "thug": THUG, "thugs": THUG, "killer": KILLER,
               "killers": KILLER}


def _give(to: int, place: int = -1, kind: int = -1) -> Give:
    key = (to, place, kind)
    g = _GIVE.get(key)
    if g is None:
        g = _GIVE[key] = Give(to, place, kind)
    return g


def _given(mine: tuple) -> dict:
    out: dict[tuple, int] = {}
    for a in mine:
        if isinstance(a, Give):
            out[(a.to, a.place, a.kind)] = out.get((a.to, a.place, a.kind), 0) + a.n
    return out


def _proposals(q: Question, player: int, mine: tuple) -> tuple:
    """DP-7 / DP-9: propose one contestant, or write a division line by line."""
    out = [] if mine else [_PROPOSE[p] for p in q.players]
    given = _given(mine)
    if q.info[0] == "takeover":
        _, _, claimed, free = q.info
        total = sum(given.values())
        out.insert(0, SUBMIT)
        if total < free:
            for p, c in zip(q.players, claimed):
                if given.get((p, -1, -1), 0) < c:
                    out.append(_give(p))
        return tuple(out)
    for place, kind, count in q.info[2]:
        if sum(n for (to, pl, k), n in given.items() if pl == place and k == kind) < count:
            out.extend(_give(p, place, kind) for p in q.players)
    return tuple(out)


def _proposal_ok(q: Question, player: int, mine: tuple, a) -> bool:
    if isinstance(a, Propose):
        return not mine and a.winner in q.players
    if a == SUBMIT:
        return q.info[0] == "takeover"
    if not isinstance(a, Give) or a.to not in q.players or a.n.__class__ is not int or a.n < 1:
        return False
    given = _given(mine)
    if q.info[0] == "takeover":
        _, _, claimed, free = q.info
        if a.place != -1:
            return False
        mine_to = given.get((a.to, -1, -1), 0)
        return sum(given.values()) + a.n <= free and mine_to + a.n <= claimed[q.players.index(a.to)]
    for place, kind, count in q.info[2]:
        if place == a.place and kind == a.kind:
            done = sum(n for (to, pl, k), n in given.items() if pl == place and k == kind)
            return done + a.n <= count
    return False
def _proposal_fault(q: Question, player: int, mine: tuple, a) -> str:
    """Why a line of a proposal (BH-4.15.1) does not fit."""
    if isinstance(a, Propose):
        if mine:
            return f"{pname(player)} has begun a division line by line; 'propose' is only a whole proposal"
        return f"{pname(a.winner)} is not a contestant"
    if a == SUBMIT:
        return "an estate division is complete when every marker is given; it has no 'submit'"
    if not isinstance(a, Give):
        return _topic(q, player)
    if a.to not in q.players:
        return f"{pname(a.to)} is not a contestant"
    if a.n.__class__ is not int or a.n < 1:
        return "a line gives a positive number"
    if q.info[0] == "takeover":
        if a.place != -1:
            return "a takeover division gives sources by number only, as 'give P2 1'"
        return (f"the division gives at most the {q.info[3]} contested source(s), and each contestant at most "
                f"his claim ({', '.join(f'{pname(c)} {n}' for c, n in zip(q.players, q.info[2]))})")
    if a.place < 0:
        return "an estate division names the place and kind, as 'give P2 b source 1'"
    return f"{pname(q.info[1])}'s estate has no more {KIND_TEXT[a.kind] if 0 <= a.kind < 4 else 'marker'}(s) " \
           f"left to give in {PLACE_TEXT[a.place] if 0 <= a.place < len(PLACE_TEXT) else a.place}"


def _influence_fault(q: Question, player: int, a: Influence) -> str:
    """Why a use of influence breaks BH-4.11.4."""
    left, remove, jail, close = q.info
    x = DISTRICTS[q.district]
    if a.target == player:
        return "influence acts only against other players"
    if a.verb == "inf_remove":
        if left < 2:
            return f"inf_remove uses 2 markers and {pname(player)} has {left} left to use in {x}"
        return (f"inf_remove needs a player with less influence in {x} (at the start of the step) who still has a "
                f"marker there; {pname(a.target)} is not one")
    if a.verb == "inf_jail":
        return f"{pname(a.target)} has no thug in {x} (killers and godfathers cannot be jailed by influence)"
    return f"{pname(a.target)} has no source in {x}"


def _topic(q: Question, player: int) -> str:
    """What the open decision is, for a player who answered something else (no clause: the refusal names it)."""
    x = DISTRICTS[q.district] if q.district >= 0 else ""
    who = pname(player)
    kind = q.kind
    if kind == "transfer":
        return f"{who} is in the transfer window"
    if kind == "dismiss":
        return f"{who}'s upkeep exceeds his GE and he withdraws a shooter"
    if kind == "influence":
        return f"{who} uses his influence in {x}"
    if kind == "targets":
        return f"{who} assigns the targets of his shooters in {x}"
    if kind == "claims":
        return f"{who} writes his claims on unprotected sources in {x}"
    if kind == "propose":
        return f"{who} writes his proposal for {_contest(q)}"
    return f"{who} declares FIGHT or CONCEDE in the decision fight in {x}"


def _text(action) -> str:
    """The text of an action, or its repr when it is not well formed."""
    try:
        return str(action)
    except (KeyError, IndexError, TypeError, ValueError):
        return repr(action)


def _contest(q: Question) -> str:
    if q.info[0] == "estate":
        return f"dividing {pname(q.info[1])}'s estate"
    return f"dividing the contested sources of {pname(q.info[1])} in {DISTRICTS[q.district]}"


def _help(state: State, q: Question | None, player: int) -> str:
    """What ``player`` may do in the open decision, in plain words (a verb phrase).

    It ends a refusal whose clause is the decision's own (``TURN_RULE``, BH-4.4 for orders),
    which ``IllegalMove`` appends, so the phrase itself names only other clauses.
    """
    if state.stage == ORDERS:
        return ("write his sealed order set one order at a time ('build_source c 1', 'deploy e thug 2', "
                "'godfather e', ...) and end it with 'submit', or write the whole set in one line separated by ';'")
    t = state.table
    x = DISTRICTS[q.district] if q.district >= 0 else ""
    kind = q.kind
    if kind == "transfer":
        return (f"give 1 to {t.ge[player]} GE at once to another active player ({_names(q.info)}), as "
                f"'transfer {pname(q.info[0])} 5', or 'pass'")
    if kind == "dismiss":
        return ("withdraw one of his shooters to his stock, one at a time until his upkeep is covered: "
                + ", ".join(f"'{_DISMISS[d][k]}'" for d, k in q.info))
    if kind == "influence":
        left, remove, jail, close = q.info
        uses = []
        if remove:
            uses.append(f"'inf_remove P' (2 markers: an influence marker of a weaker player: {_names(remove)})")
        if jail:
            uses.append(f"'inf_jail P' (1 marker: a thug of {_names(jail)} to the Jail)")
        if close:
            uses.append(f"'inf_close P' (1 marker: a source of {_names(close)} back to its owner's stock)")
        return f"use up to {left} more influence marker(s) in {x}: " + ", ".join(uses) + ", or end with 'done'"
    if kind == "targets":
        parts, arms = q.info[0], q.info[1]
        thugs, killers = arms[q.players.index(player)]
        for a in state.partial[player]:
            if a.kind == THUG:
                thugs -= a.n
            else:
                killers -= a.n
        others = [o for o in parts if o != player]
        example = f"'target {pname(others[0])} {'thug' if thugs else 'killer'} 1'"
        return (f"assign each of his {thugs} unassigned thug(s) and {killers} unassigned killer(s) in {x} to "
                f"another participant ({_names(others)}), as {example}")
    if kind == "claims":
        limits, free = q.info
        limit = limits[q.players.index(player)]
        mine = tuple(c for c in state.partial[player] if c != SUBMIT)
        used = sum(c.n for c in mine)
        row = t.board[q.district][player]
        left = {o: f - sum(c.n for c in mine if c.target == o) for o, f in enumerate(free) if o != player}
        left = {o: n for o, n in left.items() if n > 0}
        where = ", ".join(f"{pname(o)}: {n}" for o, n in left.items()) or "none left"
        example = f"'claim {pname(next(iter(left)))} 1' (again for each more), then " if left and used < limit else ""
        return (f"claim other players' unprotected sources in {x} ({where}), in all at most L = {limit} (the fewer "
                f"of his {row[THUG] + row[KILLER]} shooter(s) here and {t.stock[player][SRC]} source(s) in stock, "
                f"BH-4.14.2; {used} claimed so far): write {example}'submit'")
    if kind == "propose":
        if q.info[0] == "takeover":
            _, _, claimed, free = q.info
            claims = ", ".join(f"{pname(c)} {n}" for c, n in zip(q.players, claimed))
            return (f"propose how the {free} contested source(s) of {pname(q.info[1])} in {x} are divided (claims: "
                    f"{claims}): 'propose {pname(q.players[0])}' gives one contestant his claim, or write "
                    f"'give {pname(q.players[0])} 1' line by line, then 'submit'; identical proposals are executed, "
                    f"otherwise the contestants fight in {x}")
        return (f"propose how {pname(q.info[1])}'s estate is divided among {_names(q.players)}: "
                f"'propose {pname(q.players[0])}' gives it all to one of them, or write lines such as "
                f"'give {pname(q.players[0])} stock thug 2' until every marker is given; identical proposals are "
                f"executed, otherwise the claimants fight in {x}")
    return f"declare 'fight' to stay in the decision fight in {x}, or 'concede' to leave it and give up his claim"


def _not_your_turn(state: State, player: int) -> str:
    """A player who is not to act now: who is, and for what."""
    who = _names(state.acting)
    verb = "decides" if len(state.acting) == 1 else "decide"
    q = state.question
    if state.stage == ORDERS:
        return f"{pname(player)} has submitted his order set; {who} still {'writes his' if len(state.acting) == 1 else 'write theirs'}"
    what = _topic(q, state.acting[0]) if len(state.acting) == 1 else _topic(q, state.acting[0]).replace(
        pname(state.acting[0]) + " ", "each ", 1)
    if q.simultaneous and player in q.players:
        return f"{pname(player)} has made his sealed decision in this step; {who} still {verb}"
    if q.simultaneous:
        return f"{pname(player)} is not asked in this step: {who} {verb} ({what})"
    return f"it is {who}'s decision now, not {pname(player)}'s: {what}"


_TRANSFERS: dict[tuple[int, int], tuple] = {}
_RECEIVERS: dict[tuple, tuple] = {}
_TRANSFER_ROWS: tuple[list, ...] = tuple([] for _ in range(5))  # shared Transfer objects per receiver
_ROWS_LOCK = threading.Lock()
_RULE_OF = TURN_RULE
_USAGE = {
    "transfer": "a transfer is written 'transfer P2 5': receiver and GE (BH-4.3)",
    "dismiss": "a withdrawal for upkeep is written 'dismiss d thug' (BH-4.2.4)",
    "inf_remove": "a use of influence is written 'inf_remove P2' (BH-4.11.4)",
    "inf_jail": "a use of influence is written 'inf_jail P2' (BH-4.11.4)",
    "inf_close": "a use of influence is written 'inf_close P2' (BH-4.11.4)",
    "target": "a target line is written 'target P2 thug 1' or 'target P2 killer 1' (BH-4.12.2)",
    "claim": "a claim is written 'claim P2 1': the player whose unprotected sources you claim, and how many "
             "(BH-4.14.3)",
    "propose": "a proposal is written 'propose P2' (BH-4.15.1)",
    "give": "a line of a division is written 'give P2 1' (takeover) or 'give P2 b source 1', 'give P2 jail thug 1', "
            "'give P2 stock killer 1' (estate) (BH-4.15.1)",
}
_ALLOWED = ("Orders: free thug|killer <n>, free_godfather <a-f|stock>, close <a-f> <n>, build_source <a-f> <n>, "
            "build_influence <a-f> <n>, withdraw <a-f> thug|killer <n>, deploy <a-f> thug|killer <n>, "
            "godfather <a-f|stock>, submit, or a whole set separated by ';'. Other decisions: transfer P2 5, pass, "
            "dismiss d thug, inf_remove|inf_jail|inf_close P2, done, target P2 thug 1, claim P2 1, propose P2, "
            "give P2 1, give P2 b source 1, "
            "fight, concede")



def _transfers(receivers: tuple[int, ...], ge: int) -> tuple:
    key = (receivers, ge)
    out = _TRANSFERS.get(key)
    if out is None:
        if len(_TRANSFERS) > 1000:
            _TRANSFERS.clear()
        rows = []
        for q in receivers:
            row = _TRANSFER_ROWS[q]
            if len(row) < ge:
                with _ROWS_LOCK:  # simulate() may run games in threads
                    while len(row) < ge:
                        row.append(Transfer(q, len(row) + 1))
            rows.extend(row[:ge])
        out = _TRANSFERS[key] = (PASS, *rows)
    return out


def _count(word: str, what: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise OrderError("V02", f"{what} must be a positive integer, not {word!r}")
    return int(word)


def _district(word: str) -> int:
    if len(word) == 1 and word in DISTRICTS:
        return DISTRICTS.index(word)
    raise OrderError("V01", f"a district is one of a-f, not {word!r}")


def _dest(word: str) -> int:
    if word == "stock":
        return STOCK
    if len(word) == 1 and word in DISTRICTS:
        return DISTRICTS.index(word)
    raise OrderError("V01", f"a destination is a district a-f or 'stock', not {word!r}")


def _kind(word: str) -> int:
    if word in ("thug", "thugs"):
        return THUG
    if word in ("killer", "killers"):
        return KILLER
    raise OrderError("V02", f"a shooter kind is thug or killer, not {word!r}")


def parse_order(text: str) -> Order:
    """One atomic order of BH-4.4 from its text (OrderError with V01/V02 if it cannot be read)."""
    words = text.lower().split()
    if not words:
        raise OrderError("V02", "an empty order")
    verb, args = words[0], words[1:]
    if verb == od.FREE and len(args) in (1, 2):
        return Order(verb, kind=_kind(args[0]), n=_count(args[1], "n") if len(args) == 2 else 1)
    if verb in (od.FREE_GF, od.GODFATHER) and len(args) == 1:
        return Order(verb, dest=_dest(args[0]))
    if verb in (od.CLOSE, od.BUILD_SRC, od.BUILD_INF) and len(args) in (1, 2):
        return Order(verb, district=_district(args[0]), n=_count(args[1], "n") if len(args) == 2 else 1)
    if verb in (od.WITHDRAW, od.DEPLOY) and len(args) in (2, 3):
        return Order(verb, district=_district(args[0]), kind=_kind(args[1]),
                     n=_count(args[2], "n") if len(args) == 3 else 1)
    raise OrderError("V02", f"cannot read the order {text!r}; orders are free, free_godfather, close, "
                            "build_source, build_influence, withdraw, deploy, godfather")


# ---------------------------------------------------------------------------
# Sentences for people (describe) and the map (render)

_KIND = {THUG: "thug", KILLER: "killer"}


def _restates(a: Action, p: int, e: tuple) -> bool:
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


def _say(state: State, p: int, a: Action) -> str:
    who = pname(p)
    q = state.question
    x = DISTRICTS[q.district] if q is not None and q.district >= 0 else ""
    if isinstance(a, Order):
        head = f"{who} writes '{a}' into his sealed order set (BH-4.4, executed in step {od.STEP[a.verb]}, BH-4.7)"
        if a.verb == od.GODFATHER and a.dest == state.base.gf[p]:
            head += f"; his godfather already is {'in' if a.dest == STOCK else 'in district'} {od.place_name(a.dest)}, " \
                    "so it changes nothing"
        return head
    if isinstance(a, OrderSet):
        written = len(state.partial[p])
        instead = f", in place of the {written} order(s) written before" if written else ""
        if not a.orders:
            return f"{who} submits an empty sealed order set{instead} (BH-4.4, validated by BH-4.5)"
        return f"{who} submits the sealed order set '{'; '.join(map(str, a.orders))}'{instead} (BH-4.4, validated by BH-4.5)"
    if state.stage == ORDERS and a == SUBMIT:
        return f"{who} submits {_orders_text(len(state.partial[p]))}, sealed (BH-4.4, BH-4.5)"
    if isinstance(a, Transfer):
        return f"{who} transfers {a.amount} GE to {pname(a.to)} at once (BH-4.3)"
    if a == PASS:
        return f"{who} makes no more transfers in this pass (BH-4.3)"
    if isinstance(a, Dismiss):
        return f"{who} withdraws a {_KIND[a.kind]} from {DISTRICTS[a.district]} to cut his upkeep (BH-4.2.4)"
    if isinstance(a, Influence):
        what = {"inf_remove": "2 markers remove an influence marker of", "inf_jail": "1 marker jails a thug of",
                "inf_close": "1 marker closes a source of"}[a.verb]
        return f"{who} uses influence in {x}: {what} {pname(a.target)} (BH-4.11.4)"
    if a == DONE:
        return f"{who} uses no more influence in {x} (BH-4.11.4)"
    if isinstance(a, Target):
        shots = f"{a.n} {_KIND[a.kind]}{'s' if a.n > 1 else ''}"
        if q is not None and len(q.info) > 2 and q.info[2] is not None:
            return (f"{who} secretly assigns {shots} to fire at {pname(a.target)} in the next volley of the decision "
                    f"fight in {x} (BH-4.15.5, BH-4.12.2)")
        return f"{who} secretly assigns {shots} to fire at {pname(a.target)} in the shootout in {x} (BH-4.12.2)"
    if isinstance(a, Claim):
        return f"{who} secretly claims {a.n} unprotected source(s) of {pname(a.target)} in {x} (BH-4.14.3)"
    if a == SUBMIT and q is not None and q.kind == "propose":
        return f"{who} submits his proposed division for {_contest(q)} (BH-4.15.1)"
    if a == SUBMIT:
        n = sum(c.n for c in state.partial[p] if isinstance(c, Claim))
        if not n:
            return f"{who} submits no claim in {x} (BH-4.14.3)"
        return f"{who} submits his claims in {x}: {n} source(s) in all (BH-4.14.3)"
    if isinstance(a, Propose):
        if q is not None and q.info[0] == "takeover":
            return (f"{who} secretly proposes that {pname(a.winner)} gets his claim on the contested sources of "
                    f"{pname(q.info[1])} (BH-4.15.1)")
        return f"{who} secretly proposes that {pname(a.winner)} inherits the whole estate (BH-4.15.1)"
    if isinstance(a, Give):
        return f"{who} secretly writes into his proposed division: {a} (BH-4.15.1)"
    if a == FIGHT:
        return f"{who} secretly declares FIGHT: he stays in the decision fight in {x} (BH-4.15.2)"
    if a == CONCEDE:
        return f"{who} secretly declares CONCEDE: he leaves the decision fight in {x} and gives up his claim (BH-4.15.2)"
    return f"{who}: {a} (BH-7)"


def _names(players) -> str:
    """P1, P2 and P3."""
    names = [pname(p) for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain(e: tuple, ended: int | None = None) -> str:
    """One log entry of a resolution step in words, with its clause.

    ``ended`` is the round after which the game ends, when the same news says so (an event
    stored for the next round then has no effect).
    """
    tag = e[0]
    if tag == "income":
        return f"{pname(e[1])} earns {e[2]} GE and has {e[3]} (BH-4.2)"
    if tag == "upkeep":
        return f"{pname(e[1])} pays {e[2]} GE upkeep, {e[3]} left (BH-4.2.3)"
    if tag == "dismiss":
        return f"{pname(e[1])} withdraws a {_KIND[e[3]]} from {DISTRICTS[e[2]]}: his upkeep exceeds his GE (BH-4.2.4)"
    if tag == "transfer":
        return f"{pname(e[1])} gives {e[3]} GE to {pname(e[2])} (BH-4.3)"
    if tag == "orders":
        return f"{pname(e[1])}'s orders revealed: {'; '.join(map(str, e[2]))} (BH-4.9)"
    if tag == "refused":
        return (f"{pname(e[1])}'s build of {e[3]} source(s) in {DISTRICTS[e[2]]} is refused: the district is full "
                f"(capacity {CAPACITY[e[2]]}), and a refused build is not paid (BH-4.7.3)")
    if tag == "event":
        card, x, rnd = e[1], e[2], e[3]
        text = EVENT_TEXT[card]
        if card in (2, 3):  # stored for the next round's income phase (BH-4.10), which may not come
            what = "yield nothing" if card == 2 else "yield half"
            if rnd >= ROUNDS:
                text = (f"sources there would {what} in the next round's income phase, but round {rnd} is the last "
                        f"and no income phase follows: no effect")
            elif ended == rnd:
                text = (f"sources there would {what} in round {rnd + 1}'s income phase, but the game ends after "
                        f"this round: no effect")
            else:
                text = f"sources there {what} in round {rnd + 1}'s income phase"
        return f"event E{card:02d} hits district {DISTRICTS[x]}: {text} (BH-4.10)"
    if tag == "removed":
        dice = f" (rolls {', '.join(map(str, e[5]))})" if e[5] else ""
        noun = "source(s)" if e[3] == "source" else "influence marker(s)"
        if not e[4]:
            return f"none of {pname(e[1])}'s {noun} in {DISTRICTS[e[2]]} is removed{dice} (BH-2.5)"
        return f"{e[4]} {noun} of {pname(e[1])} in {DISTRICTS[e[2]]} go back to his stock{dice} (BH-2.5)"
    if tag == "to_jail":
        dice = f" (rolls {', '.join(map(str, e[5]))})" if e[5] else ""
        if e[3] == "godfather":
            return f"{pname(e[1])}'s godfather in {DISTRICTS[e[2]]} goes to the Jail (BH-2.5, BH-4.8)"
        if not e[4]:
            return f"none of {pname(e[1])}'s {e[3]}s in {DISTRICTS[e[2]]} goes to the Jail{dice} (BH-2.5)"
        return f"{e[4]} {e[3]}(s) of {pname(e[1])} in {DISTRICTS[e[2]]} go to the Jail{dice} (BH-2.5)"
    if tag == "influence":
        return f"{pname(e[1])} uses {e[3]} on {pname(e[4])} in {DISTRICTS[e[2]]} (BH-4.11.4)"
    if tag == "shots":
        return (f"{pname(e[1])}'s {_KIND[e[4]]}s fire at {pname(e[2])} in {DISTRICTS[e[3]]}: "
                f"rolls {' '.join(map(str, e[5]))} give {e[6]} hit(s) (BH-4.12.3)")
    if tag == "losses":
        if e[5] and not (e[3] or e[4]):
            return (f"{pname(e[1])} has no thug or killer in {DISTRICTS[e[2]]} to lose, so the hit kills his godfather "
                    f"(BH-4.12.4, BH-4.12.5) and he is eliminated (BH-4.13.1)")
        gf = "; his godfather is killed and he is eliminated (BH-4.12.5, BH-4.13.1)" if e[5] else ""
        return f"{pname(e[1])} loses {e[3]} thug(s) and {e[4]} killer(s) in {DISTRICTS[e[2]]} (BH-4.12.4){gf}"
    if tag == "claimants":
        v, x, claimants = e[1], e[2], e[3]
        if not claimants:
            return (f"no other participant of the shootout in {DISTRICTS[x]} is still active, so nobody "
                    f"claims {pname(v)}'s estate (BH-4.13.2)")
        if len(claimants) == 1:
            return (f"{pname(claimants[0])}, the only other participant of the shootout in {DISTRICTS[x]} "
                    f"still active, is the only claimant of {pname(v)}'s estate (BH-4.13.2)")
        return (f"{_names(claimants)} took part in the shootout in {DISTRICTS[x]} and are still active: they "
                f"claim {pname(v)}'s estate and must agree on a division or fight for it in {DISTRICTS[x]} "
                f"(BH-4.13.2, BH-4.13.5)")
    if tag == "inherit":
        return f"{pname(e[2])} inherits the whole estate of {pname(e[1])}, every marker where it lies (BH-4.13.4)"
    if tag == "inherit_part":
        return f"{pname(e[2])} inherits {e[3]} marker(s) of {pname(e[1])}'s estate as agreed (BH-4.15.1)"
    if tag == "estate_removed":
        if len(e) > 2 and e[2] == "no winner":
            return (f"nobody wins the fight over {pname(e[1])}'s estate: his markers leave the game "
                    f"(BH-4.13.5, BH-4.13.3)")
        return f"nobody claims {pname(e[1])}'s estate: his markers leave the game (BH-4.13.3)"
    if tag == "agreement":
        if e[3] == "takeover":
            parts = ", ".join(f"{pname(p)} {n}" for p, n in zip(e[1], e[5]))
        else:
            heirs = sorted({d[2] for d in e[5]})
            parts = ", ".join(f"{pname(h)} {sum(d[3] for d in e[5] if d[2] == h)} markers" for h in heirs)
        what = f"{pname(e[4])}'s estate" if e[3] == "estate" else f"the contested sources of {pname(e[4])}"
        return f"{_names(e[1])} agree on dividing {what}: {parts or 'nothing to anybody'} (BH-4.15.1)"
    if tag == "concede":
        return f"{pname(e[1])} concedes in {DISTRICTS[e[2]]} (BH-4.15.2)"
    if tag == "fight_won":
        who = pname(e[3]) if e[3] is not None else "nobody"
        what = f"{pname(e[2][1])}'s estate" if e[2][0] == "estate" else f"the contested sources of {pname(e[2][1])}"
        return f"{who} wins the decision fight in {DISTRICTS[e[1]]} over {what} (BH-4.15.4)"
    if tag == "fight_cap":
        return f"the fight in {DISTRICTS[e[1]]} reaches 100 volleys: nobody wins (BH-4.15.6)"
    if tag == "takeover":
        short = (f"; the rest is skipped: he has no source left in his stock, already as many takeovers here as "
                 f"shooters, or {pname(e[2])} has no source left there" if e[4] < e[5] else "")
        return (f"{pname(e[1])} takes over {e[4]} of {e[5]} claimed source(s) of {pname(e[2])} in {DISTRICTS[e[3]]}"
                f"{short} (BH-4.14.5)")
    if tag == "over":
        if e[1] < ROUNDS:
            return f"the game ends early after round {e[1]}: at most one player is still active (BH-6.2)"
        return f"the game ends after round {e[1]} (BH-6.1)"
    return str(e)


def render(game: Brotherhood, state: State, player: int | None = None) -> str:
    t = state.table
    n = game.players
    ev = f"E{t.event[0]:02d} in {DISTRICTS[t.event[1]]}" if t.event else "none yet"
    lines = [f"Round {state.round}/{ROUNDS} · {state.stage}"
             + (f" ({state.question.kind})" if state.question and state.question.kind != state.stage else "")
             + f" · to act: {', '.join(map(pname, state.acting)) or 'nobody'} · last event: {ev}"
             + f" · deck {len(t.deck)}"]
    head = "  cap cost yld infl |" + "|".join(f" {pname(p):<13}" for p in range(n))
    lines.append(head)
    for x in range(6):
        cells = []
        for p in range(n):
            s, i, th, k = t.board[x][p]
            g = "G" if t.gf[p] == x else "-"
            cells.append(f" s{s} i{i} t{th} k{k} {g} ")
        mark = " ".join(filter(None, ("½" if x in t.half else "", "0" if x in t.zero else "")))
        lines.append(f"{DISTRICTS[x]} {CAPACITY[x]:>3} {SOURCE_COST[x]:>4} {YIELD[x]:>3} {INFLUENCE_COST[x]:>4} |"
                     + "|".join(cells) + (f" {mark}" if mark else ""))
    lines.append("Jail  " + "  ".join(
        f"{pname(p)}: t{t.jail[p][0]} k{t.jail[p][1]}{' G' if t.gf[p] == JAIL else ''}" for p in range(n)))
    lines.append("Stock " + "  ".join(
        f"{pname(p)}: s{t.stock[p][SRC]} i{t.stock[p][INF]} t{t.stock[p][THUG]} k{t.stock[p][KILLER]}"
        f"{' G' if t.gf[p] == STOCK else ''}" for p in range(n)))
    lines.append("GE    " + "  ".join(
        f"{pname(p)}: {t.ge[p]}" + (f" (out, round {t.elim[p]})" if t.elim[p] else "") for p in range(n)))
    if player is not None and state.partial and state.partial[player]:
        lines.append(f"{pname(player)}'s sealed: " + "; ".join(map(str, state.partial[player])))
    return "\n".join(lines)


GAME = Brotherhood
