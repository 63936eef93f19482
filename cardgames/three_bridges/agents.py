"""Agents for Three Bridges: random, greedy, montecarlo and expert.

The clever agents see only their view.  Greedy and montecarlo first *determinize* it
with :func:`.worlds.deal`: the cards they cannot see (the other hand, the pile, a
face-down card on the board) are dealt at random from the cards not visible to them, so
the rules engine can run on a full state; a face-down Chronist dealt so gets a random
declared suit (TB-4.12: the declaration is hidden until the card is revealed).  (That
quick deal uses only which cards are unseen; it does not infer anything from the
opponent's past decisions, e.g. a forced Ass that played nothing.)  The expert draws
complete worlds with :func:`.worlds.determinize`, which does.

* ``greedy`` tries every legal action and keeps the one with the best expected
  immediate evaluation: the bridge margins "if scored now" (TB-5), each capped, plus a
  bonus per bridge in the lead, averaged over 3 determinizations when an opponent's
  face-down card lies on the board (otherwise nothing unseen counts yet).
* ``montecarlo`` plays as greedy until round ``from_round`` (6); from then on it
  plays each of greedy's best candidates out to the end with random play on fresh
  determinizations (``budget`` = 1200 decisions per choice, at least 4 samples per
  candidate) and picks the best average outcome (result, then bridges, then margin).
  Earlier playouts were tried: with most of the game unknown, affordable numbers of
  random playouts only added noise to greedy's choice.
* ``expert`` plays greedy's best candidates out to the end of the game with greedy
  playing both seats, in worlds drawn from its view, from every round on (the core's
  determinized Monte Carlo, :class:`ThreeBridgesExpert`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from ..core.agents import Agent, RandomAgent
from ..core.expert import ExpertAgent, best
from ..core.game import Action
from .cards import FACE_DOWN
from .rules import OVER, State, ThreeBridgesRules
from .settlement import column_total
from .worlds import deal, unseen


def margin(state: State, seat: int, b: int) -> int:
    """Seat's total minus the opponent's at bridge ``b``, if scored now (TB-5)."""
    suit = state.bridges[b] >> 3
    mine, theirs = state.columns[b][seat], state.columns[b][1 - seat]
    return column_total(suit, mine, theirs) - column_total(suit, theirs, mine)


def margins(state: State, seat: int) -> list[int]:
    """Seat's total minus the opponent's at each bridge, if scored now (TB-5)."""
    return [margin(state, seat, 0), margin(state, seat, 1), margin(state, seat, 2)]


def bridge_value(m: int, cap: int = 8, lead_bonus: int = 4) -> int:
    """One bridge's part of greedy's evaluation: its margin capped, plus a bonus if in the lead."""
    v = max(-cap, min(cap, m))
    if m > 0:
        return v + lead_bonus
    if m < 0:
        return v - lead_bonus
    return v


def value(ms: list[int], cap: int = 8, lead_bonus: int = 4) -> int:
    """Greedy's evaluation of the margins: each capped, plus a bonus per bridge in the lead."""
    v = 0
    for m in ms:
        v += bridge_value(m, cap, lead_bonus)
    return v


def value_after(after: State, before: State, known: list[int], seat: int) -> int:
    """``value(margins(after, seat))``, given ``known``: each bridge's part of the value before.

    A bridge whose suit and columns are those of ``before`` (the very same column tuples: a
    step rebuilds only the columns it changes) keeps its known part; the others are scored.
    """
    v = 0
    for b in range(3):
        if after.columns[b] is before.columns[b] and after.bridges[b] >> 3 == before.bridges[b] >> 3:
            v += known[b]
        else:
            v += bridge_value(margin(after, seat, b))
    return v


def evaluate(state: State, seat: int, cap: int = 8, lead_bonus: int = 4) -> float:
    """Greedy's evaluation: capped margins plus a bonus per bridge in the lead."""
    return value(margins(state, seat), cap, lead_bonus)


def outcome(state: State, seat: int) -> float:
    """Montecarlo's value of a finished game: the result first, then bridges, then margin."""
    won = lost = total = 0
    for m in margins(state, seat):
        if m > 0:
            won += 1
        elif m < 0:
            lost += 1
        total += max(-10, min(10, m))
    result = (won > lost) - (won < lost)
    return result + 0.1 * (won - lost) + 0.002 * total


def greedy_scores(
    game: ThreeBridgesRules, view: State, seat: int, legal: Sequence[Action], rng: random.Random, samples: int
) -> list[float]:
    """Each legal action's evaluation after it, summed over determinizations of the view.

    Only a face-down card of the opponent on the board is unseen *and* counts now, so
    when there is none one determinization is exact and the others are skipped.
    """
    hidden_on_board = any(e & FACE_DOWN for b in view.columns for e in b[1 - seat])
    worlds = samples if hidden_on_board else 1
    cards = unseen(view, seat) if worlds > 1 else None  # found once for several worlds
    totals = [0] * len(legal)
    for _ in range(worlds):
        state = deal(view, seat, rng, cards)
        known = [bridge_value(m) for m in margins(state, seat)]  # an action changes one or two bridges
        for i, a in enumerate(legal):
            after = game._step(state, seat, a)  # legal actions: applied without checks
            totals[i] += value_after(after, state, known, seat)
    return [float(total) for total in totals]


def ranked(
    game: ThreeBridgesRules, view: State, seat: int, legal: Sequence[Action], rng: random.Random, samples: int = 3
) -> list[Action]:
    """The legal actions by greedy's expected evaluation, best first (earlier actions win ties)."""
    totals = greedy_scores(game, view, seat, legal, rng, samples)
    order = sorted(range(len(legal)), key=lambda i: (-totals[i], i))
    return [legal[i] for i in order]


class GreedyAgent(Agent):
    """Keeps the action with the best expected immediate evaluation (``samples`` determinizations)."""

    name = "greedy"
    samples: ClassVar[int] = 3

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        return legal_actions[best(greedy_scores(self.game, view, self.seat, legal_actions, rng, self.samples))]


def random_playout(game: ThreeBridgesRules, state: State, rng: random.Random) -> State:
    """Random play to the end, straight through the engine's step (the actions are legal)."""
    while state.phase != OVER:
        legal = game._legal(state, state.actor)
        state = game._step(state, state.actor, legal[rng.randrange(len(legal))])
    return state


class MonteCarloAgent(Agent):
    """Determinized Monte Carlo with random playouts, spending its effort where playouts are informative.

    Playouts start once ``from_round`` is reached (earlier, with most of the game
    unknown, a handful of random playouts only add noise to greedy's choice, which it
    then takes).  From there every legal action (at most ``candidates``, greedy's best)
    is played out on fresh determinizations; the number of samples is ``budget``
    decisions divided by the candidates and the expected playout length, at least
    ``min_samples``.
    """

    name = "montecarlo"
    from_round: ClassVar[int] = 6
    candidates: ClassVar[int] = 12
    budget: ClassVar[int] = 1200
    min_samples: ClassVar[int] = 4

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        game, seat = self.game, self.seat
        options = ranked(game, view, seat, legal_actions, rng, GreedyAgent.samples)
        if view.round < self.from_round:
            return options[0]
        options = options[: self.candidates]
        cards = unseen(view, seat)
        state = deal(view, seat, rng, cards)
        length = 7 * (7 - view.round)
        samples = max(self.min_samples, self.budget // (len(options) * length))
        totals = [0.0] * len(options)
        for k in range(samples):
            if k:
                state = deal(view, seat, rng, cards)
            for i, a in enumerate(options):
                totals[i] += outcome(random_playout(game, game._step(state, seat, a), rng), seat)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]


class ThreeBridgesExpert(ExpertAgent):
    """Determinized Monte Carlo over whole games: greedy's best candidates, each played to the end.

    At a decision with more than one legal action it keeps greedy's ``candidates`` best
    (greedy's ranking of its view), draws worlds consistent with its view
    (:func:`.worlds.determinize`: the unseen cards redrawn uniformly, with what the
    other player's Asses showed of his hand), plays each candidate in each world and
    lets greedy play both seats to the end of the game, and takes the candidate with the
    best mean outcome: the result first, then the bridges, then the capped margin
    (:func:`outcome`), so that among equally winning candidates the safer one counts.

    The number of worlds keeps the work per decision about even: ``effort`` divided by
    the candidates and the rounds still to play (this one included), at least ``worlds``;
    late decisions, with short rollouts, get more worlds.  ``worlds=`` given to the
    constructor fixes the number instead (tests, notebooks).
    """

    name = "expert"
    worlds: ClassVar[int] = 24
    policy: ClassVar[str] = "greedy"
    #: greedy's best actions that are played out
    candidates: ClassVar[int] = 8
    #: rollouts per decision times the rounds each runs
    effort: ClassVar[int] = 1800

    def __init__(self, game: Any, seat: int, worlds: int = 0) -> None:
        super().__init__(game, seat, worlds)
        self.fixed: bool = worlds > 0

    def shortlist(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Sequence[Any]:
        if len(legal_actions) <= self.candidates:
            return legal_actions
        return ranked(self.game, view, self.seat, legal_actions, rng, GreedyAgent.samples)[: self.candidates]

    def budget(self, view: Any, candidates: int) -> int:
        if self.fixed:
            return self.budget_worlds
        return max(self.worlds, self.effort // (candidates * (7 - view.round)))

    def value(self, start: Any, end: Any) -> float:
        return outcome(end, self.seat)


AGENTS: Final = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "montecarlo": MonteCarloAgent,
    "expert": ThreeBridgesExpert,
}
