"""What a Brotherhood player can know: worlds drawn from his view, and the objective of analysis.

Almost everything in The Brotherhood is public (BH-4.9): GE, every marker and where it
stands, the Jail, the stored event effects, the event cards drawn so far and the number of
cards left.  A player's view (``game.view(state, seat)``) hides only three things, and
:func:`determinize` draws each of them again to make one complete state, a *world*, that
the player cannot tell apart from the real one:

1. **The order of the event deck.**  The view shows which cards are still in the deck
   (every card drawn was shown, BH-4.10) but not their order; the world shuffles those
   cards uniformly.  If the card of this round's event was drawn in the part of the round
   under way, it stays on top of the part's starting table, where the rules replay it from.
2. **All future dice.**  The world gets a fresh seed drawn from ``rng``, so every die not
   yet rolled (BH-2.6, BH-4.16) is new.  The dice already rolled in the part of the round
   under way are public (the news of the part shows each one) and are stacked at their
   places, because the rules engine replays a part of the round from its start whenever a
   decision is added (the same rolls lead to the same question again).
3. **The others' sealed decisions of the step under way** (order sets, target
   assignments, claims, proposals, FIGHT/CONCEDE: BH-4.4, BH-4.9).  Each other player of
   the step decides in the world as the agent ``policy`` would, from his own view of the
   world, and the world keeps what the view shows of the step: who has already completed
   his decision, and how many sealed lines each player has written (the view shows each
   line as ``sealed``).  Where the policy's decision has as many lines, it is taken as it
   is.  Otherwise it is rewritten into that many lines with the same effect where the
   rules allow: a completed order set becomes the written lines followed by the whole set
   in one line (``build_source c 1; godfather e``, which replaces what was written),
   target lines, claims and divisions are merged or split.  Only where no rewriting has
   that number of lines does the decision change: target lines or estate lines merged
   onto one target or heir, claims or takeover lines dropped or added, orders added (the
   cheapest valid ones, so that any number of lines that a real player could have
   written can be matched).

Inferred, therefore: the cards left in the deck, the rolls of the part under way, who has
completed his sealed decision and the number of lines of each.  Not inferred: nothing is
read into what the others decided earlier (their revealed order sets, transfers, targets
or claims say nothing about the hidden deck order, which nobody knows), and the sealed
decisions are the ``policy``'s, not weighted by how likely they make the number of lines
shown.  The deck order is drawn exactly uniformly (a Fisher-Yates shuffle of the cards
left); the dice are uniform by the fresh seed.

The objective of analysis (``Brotherhood.spec.objective``) is the GE a player gains by the
end of the game (BH-5.2: the most GE wins), an eliminated player's GE counting as 0 (BH-5.3:
he ranks below every survivor, his frozen GE are for information only; without this a
player about to lose GE would not mind being killed): :func:`ge_gained` from one state to another,
:func:`at_horizon` is the end of the game, :func:`won` reads the ranking of the end
(BH-5.1, BH-5.2, BH-6.2).  Why the whole game and not a shorter horizon: a source costs
twice its yield and pays only from the next round on (BH-8.1), so GE at the end of the
current round counts every source built as a loss and every guard as pure cost.  Measured
on the first 8 games of the strength benchmark, the same expert gained +24 GE more than its
greedy opponents with the horizon at the end of the round, +246 with the end of the game;
a greedy playout to the end costs about 5 ms from the first orders in pure Python (14
times one to the end of the round), which is affordable.

One exception: a decision of the transfer window (BH-4.3) is valued at the window's close, not
at the end of the game (:func:`at_horizon`).  A transfer buys nothing binding, so what it
certainly does is lose the GE given; its value at the end of the game would only measure
how a few GE less change the policy's later plans.  Valued so, a pass is worth 0 and a
transfer of n is worth -n, and analysis never recommends giving GE away.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from ..core.agents import seated
from ..core.game import Action, Setup, Trail
from ..core.rng import shuffle_with
from . import orders as od
from .orders import Order, OrderSet
from .resolve import SUBMIT, Claim, Give, Propose, Question, Target
from .rules import ORDERS, OVER, TRANSFER, BrotherhoodRules, State, step_entries, winners

Line = tuple[tuple[int, ...], int]  # one written line: its key (what it gives or targets) and its quantity
_LONGEST: Final = 1_000  # no sealed decision of one player is longer (a longer one is a bug)


# -- the event deck and the dice --------------------------------------------------------


def part_rolls(log: tuple[tuple[object, ...], ...]) -> tuple[int, ...]:
    """Every die rolled in a part of the round, in order, as its news shows them (BH-4.16).

    The event's district die (BH-4.10), the event card's rolls per marker (BH-2.5) and the
    shots of the shootouts and decision fights (BH-4.12, BH-4.15) are the only dice, and
    each is in the news of the part.
    """
    rolls: list[int] = []
    for entry in log:
        tag = entry[0]
        if tag == "event":
            district = entry[2]
            assert isinstance(district, int)
            rolls.append(district + 1)
        elif tag in ("removed", "to_jail", "shots"):
            shown = entry[5]
            assert isinstance(shown, tuple)
            for r in shown:
                assert isinstance(r, int)
                rolls.append(r)
    return tuple(rolls)


def _chance(view: State, rng: random.Random) -> State:
    """The view with the deck order drawn again and a fresh seed, the rolls of the part stacked."""
    left = list(view.table.deck)  # the cards still in the deck; the view shows them in no order
    shuffle_with(left, rng)
    deck = tuple(left)
    table = view.table.replace(deck=deck)
    if view.base is view.table:
        base = table
    else:  # the event of this part of the round was drawn from the deck of its starting table
        drawn = tuple([card for card in view.base.deck if card not in view.table.deck])
        base = view.base.replace(deck=drawn + deck)
    rolled = part_rolls(view.part.log)
    if len(rolled) != view.table.dice - view.base.dice:
        raise RuntimeError(f"the news of this part shows {len(rolled)} dice, the table counts {view.table.dice}")
    seed = rng.getrandbits(63)
    # the dice before this part are never rolled again (a part is replayed from its start): 1 holds their places
    setup = Setup(seed=seed, extra=(("rolls", (1,) * view.base.dice + rolled),)) if rolled else Setup(seed=seed)
    return view.replace(table=table, base=base, setup=setup)


# -- the sealed decisions of the step under way -------------------------------------------


def sealed_step(state: State) -> bool:
    """Is a sealed step under way: the order sets (BH-4.4) or a simultaneous question (BH-4.9)?"""
    q = state.question
    return state.stage == ORDERS or (q is not None and q.simultaneous)


def step_players(state: State) -> tuple[int, ...]:
    """Who decides in the sealed step under way: every active player (orders) or the question's players."""
    q = state.question
    if state.stage == ORDERS or q is None:
        return state.base.active()
    return q.players


def determinize(game: BrotherhoodRules, view: State, seat: int, rng: random.Random, policy: Any) -> State:
    """One world ``seat`` cannot tell apart from his ``view``: see the module's docstring."""
    world = _chance(view, rng)
    if not sealed_step(view):
        return world
    players = step_players(view)
    start_trail: Trail = view.part.sealed_from
    entries = step_entries(view)
    begun = world.replace(partial=((),) * game.players, acting=players, trail=start_trail)
    lines: dict[int, list[Action]] = {}
    for w in players:
        written = len([1 for who, _ in entries if who == w])
        if w != seat and written:
            decision = _decision(game, begun, w, rng, policy)
            lines[w] = _fit(game, begun, w, decision, written, w not in view.acting, rng)
    state = begun
    used = dict.fromkeys(lines, 0)
    for who, action in entries:
        assert who is not None
        if who in lines:
            action = lines[who][used[who]]
            used[who] += 1
        state = game.apply(state, action, who)
    if state.acting != view.acting:
        raise RuntimeError(f"the world's step left {state.acting} to act, the view {view.acting}")
    return world.replace(partial=state.partial, trail=state.trail)


def _same_step(state: State, begun: State) -> bool:
    """Is ``state`` still in the sealed step that ``begun`` began (its Part is carried along)?"""
    return state.part is begun.part


def _decision(game: BrotherhoodRules, begun: State, w: int, rng: random.Random, policy: Any) -> list[Action]:
    """The lines ``policy`` writes for ``w`` in the step begun at ``begun``, up to the one completing it."""
    agent = seated(game, policy, w)
    state = begun
    out: list[Action] = []
    for _ in range(_LONGEST):
        legal = game.legal_actions(state, w)
        action = agent.act(game.view(state, w) if getattr(agent, "uses_view", True) else None, legal, rng)
        out.append(action)
        state = game.apply(state, action, w)
        if not _same_step(state, begun) or w not in state.acting:
            return out
    raise RuntimeError(f"the {policy} policy wrote {_LONGEST} lines for P{w + 1} without completing them")


def _fit(
    game: BrotherhoodRules, begun: State, w: int, decision: list[Action], count: int, complete: bool, rng: random.Random
) -> list[Action]:
    """``count`` lines for ``w`` that complete his decision (``complete``) or leave it open, like ``decision``."""
    if complete and len(decision) == count:
        return decision
    if not complete and len(decision) > count:  # the first lines of a longer decision leave it open
        return decision[:count]
    if begun.stage == ORDERS:
        return _fit_orders(game, begun, w, decision, count, complete, rng)
    q = begun.question
    assert q is not None
    if q.kind == "targets":
        return _fit_targets(decision, count, complete)
    if q.kind == "claims":
        return _fit_claims(game, begun, w, decision, count, complete, rng)
    if q.kind == "propose" and q.info[0] == "estate":
        return _fit_estate(q, decision, count, complete)
    if q.kind == "propose":
        return _fit_takeover(q, decision, count, complete, rng)
    raise RuntimeError(f"a {q.kind} decision of P{w + 1} has {count} sealed line(s), which no decision has")


def _applied(game: BrotherhoodRules, state: State, w: int, actions: list[Action]) -> State:
    for a in actions:
        state = game.apply(state, a, w)
    return state


# orders (BH-4.4): the written atoms, then the whole set in one line


def _fit_orders(
    game: BrotherhoodRules, begun: State, w: int, decision: list[Action], count: int, complete: bool, rng: random.Random
) -> list[Action]:
    atoms = [a for a in decision if isinstance(a, Order)]
    last = decision[-1]
    final = last.orders if isinstance(last, OrderSet) else tuple(atoms)
    if not complete:
        return _order_lines(game, begun, w, atoms, count, rng)
    if count == 1:
        return [OrderSet(final)]
    written = _order_lines(game, begun, w, atoms, count - 1, rng)
    return [*written, OrderSet(final)]  # the whole set in one line replaces the lines written before it


def _order_lines(
    game: BrotherhoodRules, begun: State, w: int, atoms: list[Order], count: int, rng: random.Random
) -> list[Action]:
    """``count`` valid atomic orders: the policy's first ones, then the cheapest valid ones.

    A real player who wrote ``count`` orders could write them on this snapshot; taking the
    cheapest order each time (the free ones, then those of 2 GE, ...) writes as many orders
    as any sequence can, so it finds ``count`` if the policy's own orders run out.
    """
    if len(atoms) >= count:
        return list(atoms[:count])
    for head in (list(atoms), []):
        lines: list[Action] = list(head)
        state = _applied(game, begun, w, lines)
        while len(lines) < count:
            cheapest = _cheapest(game, state, w, rng)
            if cheapest is None:
                break
            lines.append(cheapest)
            state = _applied(game, state, w, [cheapest])
        if len(lines) == count:
            return lines
    raise RuntimeError(f"no {count} valid orders of P{w + 1} on this snapshot: the view cannot be of this game")


def _cheapest(game: BrotherhoodRules, state: State, w: int, rng: random.Random) -> Order | None:
    """One of the cheapest atomic orders ``w`` may write now (drawn among equals), or None."""
    m = state.part.mult[w]
    orders = [a for a in game.legal_actions(state, w) if isinstance(a, Order)]
    if not orders:
        return None
    low = min([od.order_cost(o, m) for o in orders])
    cheapest = [o for o in orders if od.order_cost(o, m) == low]
    return cheapest[rng.randrange(len(cheapest))]


# lines with a quantity: targets, claims, divisions


def _units(decision: list[Action]) -> list[tuple[int, ...]]:
    """The decision as single units: one key per shooter assigned, source claimed or marker given."""
    out: list[tuple[int, ...]] = []
    for a in decision:
        if isinstance(a, Target):
            out.extend([(a.target, a.kind)] * a.n)
        elif isinstance(a, Claim):
            out.extend([(a.target,)] * a.n)
        elif isinstance(a, Give):
            out.extend([(a.to, a.place, a.kind)] * a.n)
    return out


def _grouped(units: list[tuple[int, ...]]) -> list[Line]:
    """Units gathered by key, in the order of their first appearance."""
    keys: list[tuple[int, ...]] = []
    counts: list[int] = []
    for u in units:
        if u in keys:
            counts[keys.index(u)] += 1
        else:
            keys.append(u)
            counts.append(1)
    return [(keys[i], counts[i]) for i in range(len(keys))]


def _split(lines: list[Line], count: int) -> list[Line]:
    """The lines split (the largest first) until there are ``count`` of them; each keeps a quantity of 1 or more."""
    out = list(lines)
    while len(out) < count:
        i = max(range(len(out)), key=lambda j: out[j][1])
        key, n = out[i]
        if n < 2:
            raise RuntimeError(f"{count} lines cannot carry {sum([q for _, q in lines])} unit(s)")
        out[i] = (key, n - 1)
        out.insert(i + 1, (key, 1))
    return out


def _merged(lines: list[Line], count: int, same: int) -> list[Line]:
    """Lines merged until there are ``count``: a line joins the largest line whose key agrees in its
    last ``same`` places (a target line keeps its shooter kind, an estate line its place and kind)."""
    out = list(lines)
    while len(out) > count:
        best = -1
        for i in range(len(out)):
            partners = [j for j in range(len(out)) if j != i and out[j][0][-same:] == out[i][0][-same:]]
            if partners and (best < 0 or out[i][1] < out[best][1]):
                best = i
        if best < 0:
            raise RuntimeError(f"the lines {out} cannot be merged into {count}")
        key, n = out.pop(best)
        j = max(
            [j for j in range(len(out)) if out[j][0][-same:] == key[-same:]],
            key=lambda j: out[j][1],
        )
        out[j] = (out[j][0], out[j][1] + n)
    return out


def _fit_targets(decision: list[Action], count: int, complete: bool) -> list[Action]:
    """BH-4.12.2: every shooter assigned in ``count`` lines (same kind per line), or ``count`` lines of one."""
    units = _units(decision)
    if not complete:
        return [Target(u[0], u[1]) for u in units[:count]]
    lines = _split(_merged(_grouped(units), count, 1), count)
    return [Target(key[0], key[1], n) for key, n in lines]


def _fit_claims(
    game: BrotherhoodRules, begun: State, w: int, decision: list[Action], count: int, complete: bool, rng: random.Random
) -> list[Action]:
    """BH-4.14.3: ``count`` claim lines (then ``submit`` where he has submitted)."""
    wanted = count - 1 if complete else count
    units = _units(decision)
    if len(units) < wanted:  # more lines than the policy's claims: further single claims among those left
        state = _applied(game, begun, w, [Claim(u[0]) for u in units])
        while len(units) < wanted:
            more = [a for a in game.legal_actions(state, w) if isinstance(a, Claim)]
            if not more:
                raise RuntimeError(f"P{w + 1} cannot write {wanted} claims here")
            pick = more[rng.randrange(len(more))]
            units.append((pick.target,))
            state = game.apply(state, pick, w)
    lines = _grouped(units)[:wanted]  # fewer lines than the policy's targets: the first ones kept
    out: list[Action] = [Claim(key[0], n) for key, n in _split(lines, wanted)]
    return [*out, SUBMIT] if complete else out


def _fit_estate(q: Question, decision: list[Action], count: int, complete: bool) -> list[Action]:
    """BH-4.15.1: an estate's division in ``count`` lines (``propose`` for one), or ``count`` lines of one."""
    first = decision[0]
    if isinstance(first, Propose):  # everything to one claimant, marker by marker
        groups: tuple[tuple[int, int, int], ...] = q.info[2]
        units: list[tuple[int, ...]] = [(first.winner, place, kind) for place, kind, n in groups for _ in range(n)]
    else:
        units = _units(decision)
    if not complete:
        return [Give(u[0], u[1], u[2]) for u in units[:count]]
    if count == 1:
        return [Propose(_favourite(units))]
    lines = _split(_merged(_grouped(units), count, 2), count)
    return [Give(key[0], key[1], key[2], n) for key, n in lines]


def _fit_takeover(q: Question, decision: list[Action], count: int, complete: bool, rng: random.Random) -> list[Action]:
    """BH-4.15.1: a takeover's division in ``count`` lines with ``submit`` (``propose`` for one), or open."""
    _, _, claimed, free = q.info
    contestants: tuple[int, ...] = q.players
    first = decision[0]
    if isinstance(first, Propose):
        share = min(free, claimed[contestants.index(first.winner)])
        units: list[tuple[int, ...]] = [(first.winner, -1, -1)] * share
    else:
        units = _units(decision)
    if complete and count == 1:
        return [Propose(_favourite(units))] if units else [SUBMIT]
    wanted = count - 1 if complete else count
    while len(units) < wanted:  # more lines than sources given: one more source to a contestant with room
        got = [len([u for u in units if u[0] == c]) for c in contestants]
        room = [c for i, c in enumerate(contestants) if got[i] < claimed[i] and len(units) < free]
        if not room:
            raise RuntimeError(f"no division of {free} source(s) has {wanted} lines")
        units.append((room[rng.randrange(len(room))], -1, -1))
    lines = _grouped(units)[:wanted]
    out: list[Action] = [Give(key[0], n=n) for key, n in _split(lines, wanted)]
    return [*out, SUBMIT] if complete else out


def _favourite(units: list[tuple[int, ...]]) -> int:
    """The player who receives the most units (the first of equals)."""
    lines = _grouped([(u[0],) for u in units])
    return max(lines, key=lambda line: line[1])[0][0]


# -- the objective: GE gained by the end of the game -----------------------------------


def at_horizon(start: State, state: State) -> bool:
    """The horizon of analysis is the end of the game (BH-6.1, BH-6.2); from a transfer, the end of its window.

    A transfer buys nothing: no deal is binding and the engine records no promise (BH-4.3), so
    all a transfer certainly does is move GE from the giver to another player.  Played on to the
    end of the game, a transfer's value would be that of the policy playing on with a few GE
    less, which changes its plans (a source it can no longer afford, a build refused in a full
    district) and with them the whole game; those differences are the policy's luck, not the
    transfer's worth, and they ranked gifts above a pass.  So a decision of the transfer window
    is valued at the window's close (BH-4.1 b0): a pass keeps every GE, a transfer of n loses n.
    """
    if start.stage == TRANSFER:
        return state.stage != TRANSFER or state.round != start.round
    return state.stage == OVER


def holding(state: State, seat: int) -> int:
    """What ``seat``'s GE count for the objective: his GE while he is in the game, 0 once eliminated.

    An eliminated player keeps his GE frozen, for information only: he ranks below every
    player still in the game, whatever they hold (BH-5.3).
    """
    return 0 if state.table.elim[seat] else state.table.ge[seat]


def ge_gained(start: State, state: State, seat: int) -> float:
    """The GE ``seat`` gained from ``start`` to ``state`` (negative if he lost GE; all of them if he was eliminated)."""
    return float(holding(state, seat) - holding(start, seat))


def won(start: State, state: State, seat: int) -> float:
    """At the end of the game: 1 for the sole winner, 0.5 for a shared win, 0 for the others (BH-5.2, BH-6.2).

    A game with no survivor has no winner: everybody lost (0).  Before the end: nan.
    """
    if state.stage != OVER:
        return math.nan
    best = winners(state.table)
    if seat not in best:
        return 0.0
    return 1.0 if len(best) == 1 else 0.5


__all__ = ["at_horizon", "determinize", "ge_gained", "holding", "part_rolls", "sealed_step", "step_players", "won"]
