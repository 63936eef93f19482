"""Classroom answers: exact Fractions agree with simulation."""

from __future__ import annotations

from fractions import Fraction

from cardgames.core.simulate import game_seed
from cardgames.three_bridges import probability as pr

from .helpers import GAME


def test_bridge_suit_pattern_distribution_is_exact_and_sums_to_one():
    """TB-3.2: 3, 2 or 1 suits among the bridges."""
    dist = pr.bridge_suit_pattern_distribution()
    assert all(isinstance(v, Fraction) for v in dist.values())
    assert sum(dist.values()) == 1
    assert dist == {3: Fraction(64, 155), 2: Fraction(84, 155), 1: Fraction(7, 155)}


def test_bridge_suit_pattern_agrees_with_dealt_games():
    """TB-3.2: the exact answer lies in the 95 % intervals of 4,000 dealt games."""
    est = pr.bridge_suit_pattern_estimate(samples=4000, seed=1)
    for k, p in pr.bridge_suit_pattern_distribution().items():
        assert p in est[k], (k, float(p), str(est[k]))


def test_chronist_turns_up_during_setup():
    """TB-3.2: P(a Chronist is revealed during setup), exact and by dealing."""
    p = pr.chronist_at_setup_probability()
    assert p == 1 - Fraction(32 * 31 * 30, 34 * 33 * 32)
    import random

    from cardgames.core.probability import estimate

    hits = 0
    n = 4000
    rng = random.Random(2)
    for _ in range(n):  # a shuffled deck: is a Chronist among the first three cards?
        deck = list(range(34))
        rng.shuffle(deck)
        hits += any(c >= 32 for c in deck[:3])
    assert p in estimate(hits, n)


def test_first_player_win_rate_has_an_interval():
    """TB-4.1: P1's win rate by simulation, with a 95 % interval."""
    est = pr.first_player_win_rate("random", "random", games=200, seed=3)
    assert 0 <= est.low <= est.value <= est.high <= 1 and est.samples == 200
    assert est.value == pr.first_player_win_rate("random", "random", games=200, seed=3).value


def test_first_hand_matches_a_bridge_exact_and_simulated():
    """TB-3.2, TB-3.3: P(P1's cards hold one of bridge A's suit), exact vs dealt games.

    A game is dealt with its Chronist re-shuffle; P1's five cards after round 1's draw are
    compared with the exact answer for five cards (the four dealt ones are as random).
    """
    from cardgames.core.probability import estimate

    exact = pr.first_hand_matches_bridge_probability()
    with_chr = pr.first_hand_matches_bridge_probability(chronist_counts=True)
    assert 0 < exact < with_chr < 1
    five = pr.first_hand_matches_bridge_probability(cards=5)
    five_chr = pr.first_hand_matches_bridge_probability(chronist_counts=True, cards=5)
    hits = hits_chr = 0
    n = 5000
    for i in range(n):
        s = GAME.new(seed=game_seed(6, i))
        suit = s.bridges[0] // 8
        hand = s.hands[s.first]
        hits += any(c < 32 and c // 8 == suit for c in hand)
        hits_chr += any(c >= 32 or c // 8 == suit for c in hand)
    assert five in estimate(hits, n) and five_chr in estimate(hits_chr, n)


def test_expected_card_value_exact_and_by_enumeration_of_a_sample():
    """TB-5.2: expected value of a random card at a random bridge, with and without a Schellen opposite."""
    import random

    from cardgames.core.probability import mean_interval
    from cardgames.three_bridges.cards import entry
    from cardgames.three_bridges.settlement import card_values

    plain, halved = pr.expected_card_value(), pr.expected_card_value(schellen_opposite=True)
    assert plain == Fraction(293, 44) and halved < plain / 2
    rng = random.Random(8)
    values = []
    for _ in range(20000):
        bridge = rng.randrange(32)
        card = rng.choice([c for c in range(34) if c != bridge])
        e = entry(card, declared=bridge // 8 if card >= 32 else None)
        values.append(card_values(bridge // 8, (e,), ())[0][0])
    mean, low, high = mean_interval(values)
    assert low <= float(plain) <= high
