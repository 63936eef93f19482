"""Classroom questions of Three Bridges: exact answers (Fractions) and simulated ones with intervals.

>>> from cardgames.three_bridges.probability import bridge_suit_pattern_distribution
>>> bridge_suit_pattern_distribution()
{3: Fraction(64, 155), 2: Fraction(84, 155), 1: Fraction(7, 155)}
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any, NamedTuple

from ..core.probability import Estimate, estimate, mean_interval, side_by_side
from ..core.simulate import game_seed

SUITS, RANKS = 4, 8


def bridge_suit_pattern_distribution() -> dict[int, Fraction]:
    """Exact probabilities that the three bridges show 3, exactly 2, or 1 suit(s).

    A revealed Chronist goes back into the pile (TB-3.2), so the bridges are the first
    three suited cards of a shuffled deck: a uniform 3-card subset of the 32 suited
    cards.  Count the subsets by their suit pattern.
    """
    total = comb(SUITS * RANKS, 3)
    three = comb(SUITS, 3) * RANKS**3  # three suits, one card each
    one = SUITS * comb(RANKS, 3)  # all of one suit
    two = total - three - one  # two of one suit and one of another
    assert two == SUITS * (SUITS - 1) * comb(RANKS, 2) * RANKS
    return {3: Fraction(three, total), 2: Fraction(two, total), 1: Fraction(one, total)}


def bridge_suit_pattern_estimate(samples: int = 10_000, seed: int = 0) -> dict[int, Estimate]:
    """The same by dealing ``samples`` real games (TB-3.2 with its Chronist re-shuffle)."""
    from ..core.registry import load

    game = load("three_bridges", first_player=0)
    counts = {3: 0, 2: 0, 1: 0}
    for i in range(samples):
        state = game.new(seed=game_seed(seed, i))
        counts[len({b >> 3 for b in state.bridges})] += 1
    return {k: estimate(v, samples) for k, v in counts.items()}


def chronist_at_setup_probability() -> Fraction:
    """Exercise 3: the chance that at least one Chronist is revealed (and shuffled back) during setup.

    The bridges are revealed until three suited cards have shown; no Chronist turns up
    exactly when the first three cards of the shuffled deck are all suited.
    """
    return 1 - Fraction(comb(32, 3), comb(34, 3))


def first_hand_matches_bridge_probability(chronist_counts: bool = False, cards: int = 4) -> Fraction:
    """Exercise 2: a player's first four dealt cards include a card of bridge A's suit.

    The bridges are 3 of the 32 suited cards; the other 31 cards (the Chronisten among
    them, TB-3.2) are shuffled, and a hand is any 4 of them (``cards=5``: with round 1's draw).  Condition on how many of
    the other two bridges share A's suit.  With ``chronist_counts`` a Chronist (which
    can be declared that suit) counts as a match too.
    """
    deck = 34 - 3
    total = Fraction(0)
    for shared in range(3):  # other bridges of A's suit
        p_shared = Fraction(
            comb(RANKS - 1, shared) * comb(SUITS * RANKS - RANKS, 2 - shared), comb(SUITS * RANKS - 1, 2)
        )
        matching = RANKS - 1 - shared + (2 if chronist_counts else 0)
        total += p_shared * (1 - Fraction(comb(deck - matching, cards), comb(deck, cards)))
    return total


def expected_card_value(schellen_opposite: bool = False) -> Fraction:
    """Exercise 4: the expected TB-5.2 value of a random card placed at a random bridge.

    The bridge card is any of the 32 suited cards, the placed card any of the other 33
    (a Chronist is declared the bridge's suit: 4 + 2); +2 for the bridge's suit, and
    halved (rounded down) if a Schellen card lies opposite.
    """
    total = Fraction(0)
    for bridge in range(SUITS * RANKS):
        suit = bridge // RANKS
        values = []
        for card in range(34):
            if card == bridge:
                continue
            if card >= 32:
                v = 4 + 2
            else:
                rank = card % RANKS
                v = (7 + rank if rank < 4 else 4) + (2 if card // RANKS == suit else 0)
            values.append(v // 2 if schellen_opposite else v)
        total += Fraction(sum(values), len(values))
    return total / (SUITS * RANKS)


def first_player_win_rate(
    agent_a: str = "random", agent_b: str = "random", games: int = 1000, seed: int = 0
) -> Estimate:
    """How often P1 (the first leader, played by ``agent_a``) beats P2 (``agent_b``), by simulation.

    A draw is not a win.  The result is an :class:`Estimate` with its 95 % Wilson interval.
    """
    from ..core.registry import load
    from ..core.simulate import simulate

    game = load("three_bridges", first_player=0)  # seat 0 is P1
    frame = simulate(game, games=games, agents=[agent_a, agent_b], seed=seed)
    p1 = frame[frame["player"] == 0]
    return estimate(int((p1["result"] == "win").sum()), len(p1))


# ---------------------------------------------------------------------------
# Simulated answers for the notebook exercises, and their rows side by side with the exact ones


class DealtSetup(NamedTuple):
    """One shuffled setup: bridges A, B, C, Chronisten revealed on the way, hands (P1, P2) and the pile."""

    bridges: tuple[int, ...]
    chronists_revealed: int
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]


def deal_setup(rng: random.Random) -> DealtSetup:
    """TB-3.2 and TB-3.3 done by hand with a shuffled deck, independently of the engine.

    Cards 0-31 are suited (suit = card // 8), 32 and 33 the Chronisten.  A revealed
    Chronist goes back into the pile at a random place below the top card (as the engine
    does), and may turn up again.
    """
    deck = list(range(34))
    rng.shuffle(deck)
    bridges: list[int] = []
    revealed = 0
    while len(bridges) < 3:
        c = deck.pop(0)
        if c >= 32:
            revealed += 1
            deck.insert(rng.randint(1, len(deck)), c)
        else:
            bridges.append(c)
    hands = (tuple(deck[0:8:2]), tuple(deck[1:8:2]))  # one at a time, P1 first
    return DealtSetup(tuple(bridges), revealed, hands, tuple(deck[8:]))


def chronist_at_setup_estimate(samples: int = 10_000, seed: int = 0) -> Estimate:
    """Exercise 3 by shuffling: how often a Chronist turns up while the bridges are revealed."""
    rng = random.Random(seed)
    return estimate(sum(deal_setup(rng).chronists_revealed > 0 for _ in range(samples)), samples)


def first_hand_matches_bridge_estimate(
    samples: int = 10_000, seed: int = 0, chronist_counts: bool = False, cards: int = 4
) -> Estimate:
    """Exercise 2 by shuffling: P1's first ``cards`` cards (4 dealt, 5 with round 1's draw) hold bridge A's suit."""
    rng = random.Random(seed)
    hits = 0
    for _ in range(samples):
        dealt = deal_setup(rng)
        hand = dealt.hands[0] + dealt.pile[: cards - 4]
        suit = dealt.bridges[0] // RANKS
        hits += any(c // RANKS == suit or (chronist_counts and c >= 32) for c in hand)
    return estimate(hits, samples)


def card_value_samples(samples: int = 10_000, seed: int = 0, schellen_opposite: bool = False) -> list[int]:
    """Exercise 4 by drawing: TB-5.2 values of a random card at a random bridge, scored by the engine's scoring."""
    from .cards import entry
    from .settlement import card_values

    rng = random.Random(seed)
    opposite = (entry("S-VII"),) if schellen_opposite else ()
    values = []
    for _ in range(samples):
        bridge = rng.randrange(SUITS * RANKS)
        card = rng.choice([c for c in range(34) if c != bridge])
        mine = (entry(card, declared=bridge // RANKS if card >= 32 else None),)  # a Chronist is declared its suit
        values.append(card_values(bridge // RANKS, mine, opposite)[0][0])
    return values


def bridge_suit_pattern_table(samples: int = 10_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 1: 3, 2 or 1 suits among the bridges, exact and from dealt games."""
    simulated = bridge_suit_pattern_estimate(samples, seed)
    return [{"suits": k, **side_by_side(p, simulated[k])} for k, p in bridge_suit_pattern_distribution().items()]


def first_hand_match_table(samples: int = 10_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 2: 4 or 5 first cards, Chronisten counting or not, exact and by shuffling."""
    return [
        {
            "cards": cards,
            "Chronist counts": chr_counts,
            **side_by_side(
                first_hand_matches_bridge_probability(chr_counts, cards),
                first_hand_matches_bridge_estimate(samples, seed + 2 * cards + chr_counts, chr_counts, cards),
            ),
        }
        for cards in (4, 5)
        for chr_counts in (False, True)
    ]


def chronist_at_setup_table(samples: int = 10_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 3: a Chronist turns up during setup, exact and by shuffling."""
    return [side_by_side(chronist_at_setup_probability(), chronist_at_setup_estimate(samples, seed))]


def card_value_table(samples: int = 10_000, seed: int = 0) -> list[dict[str, Any]]:
    """Exercise 4: expected TB-5.2 value, without and with a Schellen card opposite, exact and by drawing."""
    rows = []
    for halved in (False, True):
        exact = expected_card_value(halved)
        mean, low, high = mean_interval(card_value_samples(samples, seed + halved, halved))
        rows.append(
            {
                "Schellen opposite": halved,
                "exact": str(exact),
                "exact ≈": round(float(exact), 4),
                "simulated mean": round(mean, 4),
                "95% low": round(low, 4),
                "95% high": round(high, 4),
                "samples": samples,
                "exact inside": low <= exact <= high,
            }
        )
    return rows


def first_player_table(
    agents: Sequence[str] = ("random", "greedy"), games: int = 1000, seed: int = 0
) -> list[dict[str, Any]]:
    """Exercise 5: P1 and P2 played by the same agent; the shares of P1 wins, draws and P2 wins, with intervals."""
    from ..core.registry import load
    from ..core.simulate import simulate

    game = load("three_bridges", first_player=0)  # seat 0 is P1
    rows = []
    for agent in agents:
        frame = simulate(game, games=games, agents=[agent, agent], seed=seed)
        p1 = frame[frame["player"] == 0]["result"]
        first, second = estimate(int((p1 == "win").sum()), games), estimate(int((p1 == "loss").sum()), games)
        rows.append(
            {
                "agents": agent,
                "games": games,
                "P1 wins": round(first.value, 4),
                "P1 95%": f"{first.low:.3f}-{first.high:.3f}",
                "draws": round(float((p1 == "draw").mean()), 4),
                "P2 wins": round(second.value, 4),
                "P2 95%": f"{second.low:.3f}-{second.high:.3f}",
                "P1 - P2": round(first.value - second.value, 4),
            }
        )
    return rows
