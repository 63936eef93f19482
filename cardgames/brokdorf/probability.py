"""Classroom probability in Brokdorf: exact answers by counting, and numpy simulations.

The redeal question (BK-3.6, worked in BK-8.2): a hand forces a redeal when it holds
five Luschen (7, 8, 9) with no three of a suit.  Counting those hands and the pairs of
disjoint such hands gives the chance per deal by inclusion-exclusion; three such hands
would need 15 of the 12 Luschen, so pairs are where the series stops.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from math import comb, prod
from typing import Any

import numpy as np

from ..core.probability import Estimate, estimate, side_by_side
from ..core.sampling import as_generator, sample_deals, sample_hands
from .cards import CATALOG

_, ngettext = CATALOG.functions()

DECK = 32
HAND = 5
SUIT_SIZE = 8
LUSCHEN_PER_SUIT = 3


def _suit_patterns(total: int, cap: int) -> list[tuple[int, ...]]:
    """Counts per suit (4 suits) of ``total`` cards with at most ``cap`` per suit."""
    return [p for p in product(range(cap + 1), repeat=4) if sum(p) == total]


def redeal_hands() -> int:
    """Number of 5-card hands that force a redeal: five Luschen, at most two per suit (648)."""
    return sum(prod(comb(LUSCHEN_PER_SUIT, k) for k in p) for p in _suit_patterns(HAND, 2))


def redeal_hand_pairs() -> int:
    """Ordered pairs of disjoint redeal hands (11664)."""
    total = 0
    for a in _suit_patterns(HAND, 2):
        for b in _suit_patterns(HAND, 2):
            if all(x + y <= LUSCHEN_PER_SUIT for x, y in zip(a, b)):
                total += prod(comb(LUSCHEN_PER_SUIT, x) * comb(LUSCHEN_PER_SUIT - x, y) for x, y in zip(a, b))
    return total


def hand_redeal_probability() -> Fraction:
    """The chance that *your* hand forces a redeal: 648 / C(32, 5) = 81/25172."""
    return Fraction(redeal_hands(), comb(DECK, HAND))


def redeal_probability(players: int) -> Fraction:
    """The exact chance that a deal to ``players`` (2-6) is void under BK-3.6."""
    _check_players(players)
    one = Fraction(redeal_hands(), comb(DECK, HAND))
    two = Fraction(redeal_hand_pairs(), comb(DECK, HAND) * comb(DECK - HAND, HAND))
    return players * one - comb(players, 2) * two


def redeal_mask(hands: np.ndarray) -> np.ndarray:
    """For card-index hands (..., 5): does each hand force a redeal?"""
    lusche = np.all((hands & 7) <= 2, axis=-1)
    suits = hands >> 3
    counts = np.stack([(suits == s).sum(axis=-1) for s in range(4)], axis=-1)
    mask: np.ndarray = lusche & (counts.max(axis=-1) <= 2)
    return mask


def estimate_redeal_probability(players: int, samples: int = 200_000, seed: int | None = 0) -> Estimate:
    """Simulated chance of a void deal, with its 95 % Wilson interval (vectorised)."""
    _check_players(players)
    rng = as_generator(seed)
    hits = 0
    for size in _batches(samples):
        deals = sample_deals(size, DECK, players, HAND, rng)
        hits += int(redeal_mask(deals).any(axis=1).sum())
    return estimate(hits, samples)


def trump_count_distribution() -> dict[int, Fraction]:
    """How many trumps a 5-card hand holds: hypergeometric, 8 trumps among 32 cards."""
    return {
        k: Fraction(comb(SUIT_SIZE, k) * comb(DECK - SUIT_SIZE, HAND - k), comb(DECK, HAND)) for k in range(HAND + 1)
    }


def expected_trumps() -> Fraction:
    """Mean number of trumps in a hand: 5 * 8/32."""
    return sum((k * p for k, p in trump_count_distribution().items()), Fraction(0))


def estimate_trump_counts(samples: int = 100_000, seed: int | None = 0) -> dict[int, Estimate]:
    """Simulated trump-count distribution (trump = Kreuz, cards 0-7), each with its interval."""
    hands = sample_hands(samples, DECK, HAND, as_generator(seed))
    counts = np.bincount((hands >> 3 == 0).sum(axis=1), minlength=HAND + 1)
    return {k: estimate(int(counts[k]), samples) for k in range(HAND + 1)}


def trump_ace_in_play_probability(players: int) -> Fraction:
    """The chance that the trump Ace is dealt at all: 5n of the 32 cards are dealt."""
    _check_players(players)
    return Fraction(HAND * players, DECK)


def estimate_trump_ace_in_play(players: int, samples: int = 100_000, seed: int | None = 0) -> Estimate:
    _check_players(players)
    deals = sample_deals(samples, DECK, players, HAND, as_generator(seed))
    return estimate(int((deals == 7).any(axis=(1, 2)).sum()), samples)  # card 7 is the Kreuz Ace


def opponent_void_probability() -> Fraction:
    """You hold no card of a suit: the chance that a given opponent holds none either.

    His five cards come from the 27 you cannot see, 8 of them of that suit.
    """
    return Fraction(comb(DECK - HAND - SUIT_SIZE, HAND), comb(DECK - HAND, HAND))


def estimate_opponent_void(samples: int = 100_000, seed: int | None = 0) -> Estimate:
    """Simulated: among deals where seat 0 has no Kreuz, how often seat 1 has none either."""
    rng = as_generator(seed)
    hits = total = 0
    while total < samples:
        deals = sample_deals(samples, DECK, 2, HAND, rng)
        no_kreuz = (deals >> 3 == 0).sum(axis=2) == 0
        mine = no_kreuz[:, 0]
        take = min(int(mine.sum()), samples - total)
        hits += int(no_kreuz[mine, 1][:take].sum())
        total += take
    return estimate(hits, total)


def _batches(samples: int, size: int = 250_000) -> Iterator[int]:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(_("samples must be a positive integer, not {value!r}").format(value=samples))
    while samples > 0:
        yield min(size, samples)
        samples -= size


def _check_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(_("Brokdorf is played by 2 to 6 players, not {value!r}").format(value=players))


# ---------------------------------------------------------------------------
# Exercise tables: the exact answer next to the simulated one


def redeal_table(samples: int = 200_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 1 for every table size: the chance of a Luschen redeal, exact and simulated."""
    return [
        {"players": n, **side_by_side(redeal_probability(n), estimate_redeal_probability(n, samples, seed + n))}
        for n in range(2, 7)
    ]


def trump_count_table(samples: int = 100_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 2: P(k trumps in a hand) for k = 0..5, exact and simulated."""
    simulated = estimate_trump_counts(samples, seed)
    return [{"trumps": k, **side_by_side(p, simulated[k])} for k, p in trump_count_distribution().items()]


def trump_ace_table(samples: int = 100_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 3 for every table size: is the trump Ace dealt at all?"""
    return [
        {
            "players": n,
            **side_by_side(trump_ace_in_play_probability(n), estimate_trump_ace_in_play(n, samples, seed + n)),
        }
        for n in range(2, 7)
    ]


# ---------------------------------------------------------------------------
# Exercise 6: the Durchmarsch (BK-6.2) needs three games


def fewest_games_to_zero(start: int = 15, tricks_per_game: int = HAND) -> int:
    """A player loses at most one point per trick, five per game: from 15 he needs 3 games to reach 0."""
    return -(-start // tricks_per_game)


# ---------------------------------------------------------------------------
# Exercise 5: what a bid above your counted tricks costs (by simulation)


def declarer_outcomes(
    players: int = 4, deals: int = 2000, seed: int = 0, agents: str = "greedy"
) -> list[dict[str, Any]]:
    """Seeded first games in which the first caller declares: what does his hand really take?

    In each deal the player left of the dealer bids 0 and everybody else says GUT, so he
    declares (BK-4.4); then ``agents`` name trump, answer MIT/WEG and play the game out.
    Neither agent looks at the contract when it answers or plays, so the tricks he takes
    do not depend on his bid, and the point change of every bid follows from BK-5.1
    (see :func:`bid_values`).  Row per deal: ``counted`` (the greedy agent's count of his
    hand for the trump he named, rounded down, as greedy bids it), ``trumps`` held,
    ``mit`` (how many went along) and ``tricks`` taken.
    """
    from ..core.registry import load
    from ..core.rng import derive
    from .agents import count_tricks
    from .rules import BID, GUT, Bid

    _check_players(players)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(_("deals must be a positive integer, not {value!r}").format(value=deals))
    game = load("brokdorf", players=players)
    rows = []
    for i in range(deals):
        s = derive(seed, "declarer", i)
        state = game.new(seed=s)
        caller = game.to_act(state)[0]
        hand = state.hands[caller]
        state = game.apply(state, Bid(0), caller)
        while state.phase == BID:
            state = game.apply(state, GUT, game.to_act(state)[0])
        state = _play_first_game(game, state, agents, s)
        score = state.sheet.scores[0]
        rows.append(
            {
                "deal": i,
                "counted": int(count_tricks(hand, score.trump, players)),
                "trumps": sum(1 for c in hand if c >> 3 == score.trump),
                "mit": len(score.mit),
                "tricks": score.tricks[caller],
            }
        )
    return rows


def _play_first_game(game: Any, state: Any, agents: str, seed: int) -> Any:
    """Let ``agents`` play until the first game of the round is scored."""
    from ..core.rng import generator

    bots = [game.agent(agents, seat) for seat in range(game.players)]
    rngs = [generator(seed, "agent", seat) for seat in range(game.players)]
    while not state.sheet.scores:
        seat = game.to_act(state)[0]
        bot = bots[seat]
        action = bot.act(game.view(state, seat) if bot.uses_view else None, game.legal_actions(state, seat), rngs[seat])
        state = game.apply(state, action, seat)
    return state


def bid_values(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For each count of sure tricks and each bid 0..5: the declarer's mean point change (BK-5.1).

    A declarer who takes t tricks with contract b changes by -t, plus 5 if t < b; fewer
    points are better.  ``made`` is the share of deals where t >= b; ``low``/``high`` a
    95 % interval of the mean change; ``extra`` is the bid minus the counted tricks.
    """
    from ..core.probability import mean_interval
    from .rules import point_change

    rows = []
    for k in sorted({o["counted"] for o in outcomes}):
        tricks = [o["tricks"] for o in outcomes if o["counted"] == k]
        for b in range(HAND + 1):
            changes = [point_change(t, b) for t in tricks]
            mean, low, high = mean_interval(changes)
            rows.append(
                {
                    "counted": k,
                    "bid": b,
                    "extra": b - k,
                    "deals": len(tricks),
                    "made": sum(t >= b for t in tricks) / len(tricks),
                    "mean change": mean,
                    "low": low,
                    "high": high,
                }
            )
    return rows
