"""Helpers of the Bronko-Donko notebooks: stacked scenarios, exercise tables, loser rows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardgames.bronko_donko import deck_for, fight_log
from cardgames.bronko_donko import probability as P
from cardgames.bronko_donko import settlement as S
from cardgames.core.simulate import game_seed, playout

from .helpers import load, mask

HANDS = [
    "Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 Ro8 Gr8",
    "Ro4 Ro6 Gr1 Gr2 Gr3 Ro1 Ro2 Ro3 Ge1 Ge2",
    "Ge3 Gr5 Ro5 Ge5 Gr6 Ge6 Gr7 Ro7 Ge7 Gr4",
]


def test_bd_4_3_deck_for_deals_the_named_hands_from_the_left_of_the_dealer():
    game = load(players=3)
    state = game.new(seed=0, deck=deck_for(HANDS, dealer=0, out="Kose"))
    assert [state.hands[p] for p in range(3)] == [mask(h) for h in HANDS]
    assert deck_for(HANDS, out="Kose")[30] == "Kose"  # out of play, first after the deal
    assert state.turn == 0 and state.fight.required >= 0  # Bl1, the weakest card, opens (step 6)


def test_deck_for_four_players_deals_eight_each_and_checks_the_hands():
    hands = [
        "Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8",
        "Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8",
        "Ge1 Ge2 Ge3 Ge4 Ge5 Ge6 Ge7 Ge8",
        "Ro1 Ro2 Ro3 Ro4 Ro5 Ro6 Ro7 Ro8",
    ]
    state = load(players=4).new(seed=0, deck=deck_for(hands, dealer=0))
    assert [state.hands[p] for p in range(4)] == [mask(h) for h in hands]
    with pytest.raises(ValueError, match="exactly 8"):
        deck_for(hands[:3] + ["Ro1 Ro2"])
    with pytest.raises(ValueError, match="twice"):
        deck_for([HANDS[0], HANDS[0], HANDS[2]])


def test_simulated_street_agrees_with_the_exact_count():
    for h, k in ((8, 3), (10, 4)):
        assert P.street_probability(h, k) in P.simulate_street(h, k, samples=100_000, seed=3)


def test_hand_damage_at_least_sums_the_distribution_and_agrees_with_simulation():
    assert P.hand_damage_at_least(10, 0) == 1
    assert P.hand_damage_at_least(10, 77) == sum(p for d, p in P.hand_damage_distribution(10).items() if d >= 77)
    assert P.hand_damage_at_least(10, 39) in P.simulate_hand_damage_at_least(10, 39, samples=100_000, seed=4)


def test_exercise_tables_put_exact_and_simulated_side_by_side():
    for rows in (
        P.hand_damage_table(samples=20_000),
        P.opener_table(2, samples=20_000),
        P.revolution_table(samples=20_000),
        P.street_table(samples=20_000),
    ):
        assert rows and all({"exact", "simulated", "95% low", "95% high", "exact inside"} <= set(r) for r in rows)
        assert sum(r["exact inside"] for r in rows) >= len(rows) - 1
    assert sum(Fraction(r["exact"]) for r in P.opener_table(2, samples=1000)) == 1
    chart = P.hand_damage_rows(10, samples=20_000)
    assert abs(sum(r["exact"] for r in chart) - 1) < 1e-9 and abs(sum(r["simulated"] for r in chart) - 1) < 1e-9


def test_loser_rows_flatten_the_fight_log_with_agents():
    game = load(players=3)
    agents = ("greedy", "random", "random")
    final = playout(game, agents, game_seed(5, 0))
    rows = S.loser_rows(final, agents, game_id=0)
    log = fight_log(final)
    assert len(rows) == len(log)
    for r, e in zip(rows, log):
        assert r["hp_lost"] == sum(e["knocked_out"]) and r["knocked_out"] == len(e["knocked_out"])
        assert r["agent"] == agents[e["loser"]] and r["bronko_agent"] == agents[e["bronko"]]
        assert r["counted"] == (e["counted"] is not None) and r["loser"] != r["bronko"]


def test_simulate_losers_is_seeded_and_its_shares_sum_to_one_per_group():
    rows = S.simulate_losers(3, 20, ["greedy", "random", "random"], seed=2)
    assert rows == S.simulate_losers(3, 20, ["greedy", "random", "random"], seed=2)
    assert {r["game_id"] for r in rows} == set(range(20))
    dist = S.shares(rows, "hp_lost", "agent")
    for agent in ("greedy", "random"):
        assert abs(sum(d["share"] for d in dist if d["agent"] == agent) - 1) < 1e-9
    summary = {s["agent"]: s for s in S.summary(rows, "hp_lost", "agent")}
    assert summary["random"]["losers"] == sum(r["agent"] == "random" for r in rows)
    assert summary["random"]["low"] <= summary["random"]["mean"] <= summary["random"]["high"]


def test_shares_and_summary_group_by_several_keys_and_bin_values():
    rows = [{"agent": "a", "vest_off": v, "hp_lost": h} for v, h in ((True, 0), (True, 12), (False, 7), (False, 9))]
    dist = S.shares(rows, "hp_lost", ("agent", "vest_off"), step=10)
    assert dist == [
        {"agent": "a", "vest_off": False, "hp_lost": 0, "losers": 2, "share": 1.0},
        {"agent": "a", "vest_off": True, "hp_lost": 0, "losers": 1, "share": 0.5},
        {"agent": "a", "vest_off": True, "hp_lost": 10, "losers": 1, "share": 0.5},
    ]
    [off, on] = S.summary(rows, "hp_lost", ("agent", "vest_off"))
    assert (off["vest_off"], off["mean"], off["zero"], on["zero"]) == (False, 8.0, 0.0, 0.5)


def test_bd_11_2_game_results_name_the_bronko_of_the_last_fight_as_winner():
    game = load(players=3)
    agents = ("greedy", "random", "random")
    rows = S.simulate_losers(3, 10, agents, seed=4)
    results = S.game_results(rows)
    assert [r["game_id"] for r in results] == list(range(10))
    for r in results:
        final = playout(game, agents, game_seed(4, r["game_id"]))
        assert final.match.orden[r["winner"]] == 1 and r["winner_agent"] == agents[r["winner"]]
        assert r["fights"] == max(e["fight"] for e in fight_log(final))
