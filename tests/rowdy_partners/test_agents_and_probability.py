"""Agents (random, greedy) and the classroom probability helpers."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

import cardgames
from cardgames.rowdy_partners import GreedyAgent
from cardgames.rowdy_partners import probability as pr
from cardgames.rowdy_partners.cards import VALUE_T

from .util import deal, give


def test_agents_are_registered_random_first():
    assert cardgames.agents("rowdy_partners") == ("random", "greedy", "expert")


def test_greedy_wins_cheaply_when_it_can():
    """Greedy as last player takes the trick with its highest winning card (most damage, RP-4.11)."""
    game, s = deal(
        4,
        hands=[
            "Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8",
            "Ha6 St1 St2 St3 St4 St6 St7 St8",
            "Ha7 Gr1 Gr2 Gr3 Gr4 Gr6 Gr7 Gr8",
            "Ha1 Ha2 Ha3 Ha4 Ha8 Ho5 St5 Gr5",
        ],
        burn="W2 W4 W6 W8",
    )
    for text in ("play Ha5", "play Ha6", "play Ha7"):
        s = game.apply(s, game.parse_action(s, text))
    bot = GreedyAgent(game, 3)
    choice = bot.act(game.view(s, 3), game.legal_actions(s), None)
    assert str(choice) == "play Ha4"


def test_greedy_uses_a_coin_when_it_decides_the_trick():
    """Greedy spends a Coin as -1 when that turns a lost trick into a win."""
    game, s = deal(
        4,
        hands=[
            "Ha4 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8",
            "Ha6 St1 St2 St3 St4 St6 St7 St8",
            "Ha7 Gr1 Gr2 Gr3 Gr4 Gr6 Gr7 Gr8",
            "Ha5 Ha1 Ha2 Ha3 Ha8 Ho5 St5 Gr5",
        ],
        burn="W2 W4 W6 W8",
    )
    s = game.apply(s, game.parse_action(s, "play Ha4"))
    s = give(s, coins={1: 1})
    bot = GreedyAgent(game, 1)
    # B1 holds only Ha6 in Hat: with a Coin as -1 it is a 5, still above 4; the Coin cannot decide
    assert str(bot.act(game.view(s, 1), game.legal_actions(s), None)) == "play Ha6"
    s2 = give(s, coins={1: 0}, cheats={1: ("C03",)})
    choice = bot.act(game.view(s2, 1), game.legal_actions(s2), None)
    assert str(choice) == "cheat C03"  # Eye Rake makes Ha6 a 3 and wins


@pytest.mark.slow
def test_greedy_beats_random_over_500_four_player_games():
    """Greedy (team A) beats random (team B) over 500 seeded 4-player games."""
    df = cardgames.simulate(
        "rowdy_partners", players=4, games=500, agents=["greedy", "random", "greedy", "random"], seed=11
    )
    rate = df[df.player == 0]["won"].mean()
    assert rate > 0.75, rate


def test_counter_probability_exact_matches_brute_force():
    """Exercise 1: the exact answer equals counting all pairs and triples."""
    for k in (2, 3):
        hits = sum(1 for cs in itertools.combinations(range(36), k) if len({VALUE_T[c] for c in cs}) < k)
        assert pr.counter_probability(k) == Fraction(hits, comb(36, k))
    assert pr.counter_probability(1) == 0 and pr.counter_probability(9) == 1
    with pytest.raises(ValueError):
        pr.counter_probability(-1)


@pytest.mark.parametrize("k", [2, 4, 6])
def test_counter_probability_simulation_agrees(k):
    est = pr.counter_probability_simulated(k, samples=40_000, seed=k)
    assert pr.counter_probability(k) in est


def test_follow_probability_exact_and_simulated():
    """Exercise 2: a random 8-card hand can follow a led suit (wildcards follow)."""
    p = pr.follow_probability(8)
    assert p == 1 - Fraction(comb(24, 8), comb(35, 8))
    assert p in pr.follow_probability_simulated(8, samples=40_000, seed=1)


def test_pin_distribution_by_simulation():
    """Exercise 3: tricks until a pin, counted over seeded games."""
    s = pr.pin_distribution("random", games=30, seed=2)
    assert s.sum() + s.attrs["capped"] == 30
    assert s.index.min() >= 5  # at least 5 tricks: 16 by damage, then one stop sign per trick
    assert s.attrs["interval"][0] <= s.attrs["mean"] <= s.attrs["interval"][1]
    again = pr.pin_distribution("random", games=30, seed=2)
    assert s.equals(again)


def test_winning_damage_and_all_flipped_rate():
    """Exercises 3 and 4: damage of winning cards; share of fully flipped tricks."""
    d = pr.winning_damage(games=10, seed=1)
    assert d.index.min() >= 0 and d.sum() > 0
    est = pr.all_flipped_rate(players=2, games=20, seed=1)
    assert 0 <= est.value < 0.2


def test_greedy_as_last_card_counters_the_winning_card_of_a_trick_it_cannot_win():
    """Seed 72, trick 7: the other side's St4 wins and B1 has only Hats to slough.  Neither card can win,
    but a Coin as -1 makes Ha5 a 4 that counters St4 (RP-4.8): every card is face down, nobody wins and
    the trick deals no damage (RP-4.10 step 5), so greedy spends the Coin on Ha5."""
    game = cardgames.load("rowdy_partners", players=4)
    s = game.new(seed=72)
    moves = "St1 St6 St8 St5 St2 Ho8 St3 Ha2 Gr1 Gr4 W8 Gr8 Ha3 W2 Ha1 coin_-1 Ha4 name_Ho Ho1 Ho4 Ha8 Ho6 Gr2 Gr3"
    for text in (moves + " St7 Gr6 W6 name_Ha Ha6 St4").split():
        seat = game.to_act(s)[0]
        text = text.replace("_", " ") if text.startswith(("coin", "name")) else "play " + text
        s = game.apply(s, game.parse_action(s, text, seat), seat)
    assert game.to_act(s) == (1,) and game.hand(s, 1) == ("Ha5", "Ha7")
    bot = GreedyAgent(game, 1)
    assert str(bot.act(game.view(s, 1), game.legal_actions(s, 1), None)) == "coin -1"
    s = game.apply(s, game.parse_action(s, "coin -1", 1), 1)
    assert str(bot.act(game.view(s, 1), game.legal_actions(s, 1), None)) == "play Ha5"
    s = game.apply(s, game.parse_action(s, "play Ha5", 1), 1)
    trick = s.score.log[-1]
    assert (trick.trick, trick.winner, trick.damage) == (7, -1, 0)
