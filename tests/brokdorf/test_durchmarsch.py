"""Brokdorf: the Durchmarsch (sweep) and who pays for it (BK-5.6, BK-6.2, BK-8.11; revised reading, BK-9 row 10).

Among the other players with a game +5 (BK-5.1, or a caught violation, BK-5.12) in games 1-3,
the one(s) with the most points pay the sweeper n-1 euros, split equally on a tie; nobody
else pays.  Without such a player every other player pays 1.  A misdeal +5 (BK-5.11) is no
"going along": it counts in the points but does not make a payer.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from cardgames.brokdorf.rules import OVER

from .helpers import game, play, stacked
from .test_scoring import bk_8_11_state, run_tricks

A, B, C, D, E = range(5)
TOP = "AC 10C KC QC JC"  # the five highest Kreuz: declaring 5 in Kreuz, seat 0 takes every trick


def sweep(n, mit=((), (), ()), misdeals=0, **options):
    """Seat 0 declares 5 in Kreuz in games 1-3 and takes all 15 tricks; the seats in ``mit[i]``
    go along (MIT, so +5 each) in game i+1, the others drop their hands.  ``misdeals`` are
    reported before game 1 against its dealer, seat n-1 (two give him +5, BK-5.11)."""
    g = game(n, first_dealer=n - 1, **options)
    hands = [TOP] + [None] * (n - 1)
    decks = [(hands, n - 1)] * (misdeals + 1) + [(hands, 0), (hands, 0)]
    s = stacked(g, decks[0][0], decks[0][1], more=decks[1:])
    for _ in range(misdeals):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    for number, going in enumerate(mit):
        calls = ["bid 5"] + ["gut"] * (n - 1) if number == 0 else ["gut"] * (n - 1) + ["bid 5"]
        answers = ["mit" if seat in going else "weg" for seat in range(1, n)]
        s = play(g, s, *calls, "trump C", *answers)
        s = run_tricks(g, s, {0: TOP})
    return g, s


# -- the worked example BK-8.11 ------------------------------------------------------------------------


def test_bk_8_11_durchmarsch_the_penalised_with_the_most_points_split_the_payment():
    g, s = bk_8_11_state()
    assert [sc.changes for sc in s.sheet.scores] == [(-5, 5, 0, 0, 0), (-5, 0, 5, 0, 0), (-5, 0, 0, 0, 0)]
    r = s.sheet.results[-1]
    assert r.end == "durchmarsch" and r.winner == A and r.loser is None and r.games == 3
    assert r.points == (0, 20, 20, 15, 15)
    assert r.penalised == (B, C) and r.payers == (B, C)  # P = {B, C}, tied on 20 points
    assert r.euros == (4, -2, -2, 0, 0)
    rows = g.settlement(s).rows()
    assert rows[A]["durchmarsch"] and [row["euros"] for row in rows] == [4.0, -2.0, -2.0, 0.0, 0.0]


def bk_8_11_with_top(game2_bid, game3_answers, violation=False):
    """BK-8.11 with A dealt ``TOP`` in all three games: B goes along in game 1 (A declares 3), C in game 2
    (C declares ``game2_bid``, caught violating if ``violation``), A declares 5 in game 3 and sweeps."""
    g = game(5, first_dealer=E)
    s = stacked(
        g,
        [TOP, None, None, None, None],
        dealer=E,
        more=[([TOP, None, None, None, None], A), ([TOP, None, None, None, None], C)],
    )
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "weg", "weg", "weg")
    s = run_tricks(g, s, {A: TOP})
    s = play(g, s, "gut", game2_bid, "gut", "gut", "gut", "trump C", "weg", "weg", "mit", "weg")
    if violation:
        s = g.apply(s, g.parse_action(s, "violation 2", None), None)
    s = run_tricks(g, s, {A: TOP})
    s = play(g, s, "gut", "gut", "bid 5", "gut", "gut", "trump C", *game3_answers)
    return g, run_tricks(g, s, {A: TOP})


def test_bk_8_11_had_b_also_gone_mit_in_game_3_b_alone_pays():
    g, s = bk_8_11_with_top("bid 2", ("mit", "weg", "weg", "weg"))  # B goes along in game 3
    r = s.sheet.results[-1]
    assert r.end == "durchmarsch" and r.points == (0, 25, 20, 15, 15) and r.penalised == (B, C)
    assert r.payers == (B,) and r.euros == (4, -4, 0, 0, 0)  # C, also penalised, pays nothing


def test_bk_8_11_only_b_penalised_pays_everything_and_nobody_penalised_means_one_each():
    g, s = bk_8_11_state(game2_bid="bid 0")  # C's contract 0 with no trick: no +5 for C
    assert s.sheet.results[-1].penalised == (B,) and s.sheet.results[-1].euros == (4, -4, 0, 0, 0)
    g, s = bk_8_11_state(game2_bid="bid 0", game1_answers=("weg", "weg", "weg", "weg"))
    assert s.sheet.results[-1].penalised == () and s.sheet.results[-1].euros == (4, -1, -1, -1, -1)


def test_bk_8_11_three_penalised_players_tied_on_points_pay_four_thirds_each():
    # C declares 0 in game 2 (no +5); B and C went along in game 1, D in game 2: all three at 20
    g, s = bk_8_11_state(
        game2_bid="bid 0", game1_answers=("mit", "mit", "weg", "weg"), game2_answers=("mit", "weg", "mit", "weg")
    )
    r = s.sheet.results[-1]
    assert r.points == (0, 20, 20, 20, 15) and r.payers == (B, C, D)
    assert r.euros == (4, -F(4, 3), -F(4, 3), -F(4, 3), 0) and sum(r.euros) == 0


def test_bk_5_6_the_penalised_player_with_the_most_points_pays_alone_not_all_penalised():
    # the earlier reading split among B, C and D; now C (25: +5 twice) pays alone
    g, s = bk_8_11_state(game1_answers=("mit", "mit", "weg", "weg"), game2_answers=("mit", "weg", "mit", "weg"))
    r = s.sheet.results[-1]
    assert r.points == (0, 20, 25, 20, 15) and r.penalised == (B, C, D)
    assert r.payers == (C,) and r.euros == (4, 0, -4, 0, 0)


# -- broader cases: 2 to 6 players, ties, a player above 25 ------------------------------------------------


@pytest.mark.parametrize(
    "n, mit, euros",
    [
        (2, ({1}, (), ()), (1, -1)),
        (2, ((), (), ()), (1, -1)),
        (3, ({1}, {1, 2}, ()), (2, -2, 0)),
        (3, ({1}, {2}, ()), (2, -1, -1)),
        (3, ((), (), ()), (2, -1, -1)),
        (4, ({1, 2, 3}, {1}, ()), (3, -3, 0, 0)),
        (4, ({1, 2}, (), ()), (3, -F(3, 2), -F(3, 2), 0)),
        (4, ({1}, {2}, {3}), (3, -1, -1, -1)),
        (4, ({3}, (), ()), (3, 0, 0, -3)),
        (5, ({1}, {2}, ()), (4, -2, -2, 0, 0)),
        (5, ({1, 2, 3}, (), ()), (4, -F(4, 3), -F(4, 3), -F(4, 3), 0)),
        (5, ({1}, {2}, {1}), (4, -4, 0, 0, 0)),
        (6, ({1, 2}, {3}, {4}), (5, -F(5, 4), -F(5, 4), -F(5, 4), -F(5, 4), 0)),
        (6, ({2, 4}, {4}, {2, 5}), (5, 0, -F(5, 2), 0, -F(5, 2), 0)),
        (6, ((), (), ()), (5, -1, -1, -1, -1, -1)),
    ],
)
def test_bk_5_6_payers_are_the_penalised_with_the_most_points_for_2_to_6_players(n, mit, euros):
    g, s = sweep(n, mit)
    r = s.sheet.results[-1]
    assert s.phase == OVER and r.end == "durchmarsch" and r.winner == 0 and r.games == 3
    penalised = tuple(sorted(set().union(*map(set, mit))))
    assert r.penalised == penalised
    assert r.euros == tuple(F(e) for e in euros) and sum(r.euros) == 0
    assert r.payers == tuple(p for p in range(n) if r.euros[p] < 0)


def test_bk_5_6_and_bk_6_2_a_penalised_player_above_25_still_pays_the_sweep_alone():
    # seats 1-5 go along in games 1 and 2 (25 each, which does not end the round), seat 5 again in game 3
    g, s = sweep(6, ({1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, {5}))
    r = s.sheet.results[-1]
    assert r.points == (0, 25, 25, 25, 25, 30)
    assert r.end == "durchmarsch" and r.payers == (5,) and r.euros == (5, 0, 0, 0, 0, -5)


# -- what counts as a penalty: violations yes, misdeals no --------------------------------------------------


def test_bk_5_6_a_caught_violation_in_games_1_to_3_makes_a_payer():
    """C declares 0 in game 2 and takes no trick: no +5 (BK-5.2), unless he is caught violating (BK-5.12)."""

    def round_with(violation):
        g, s = bk_8_11_with_top("bid 0", ("weg", "weg", "weg", "weg"), violation)
        return s.sheet.results[-1]

    clean, caught = round_with(False), round_with(True)
    assert clean.points == (0, 20, 15, 15, 15) and clean.penalised == (B,) and clean.euros == (4, -4, 0, 0, 0)
    assert caught.points == (0, 20, 20, 15, 15) and caught.penalised == (B, C)
    assert caught.euros == (4, -2, -2, 0, 0)


def test_bk_5_6_a_misdeal_plus_five_is_not_going_along():
    # seat 3 deals game 1 and misdeals twice: +5 (BK-5.11), 20 points like the penalised seat 1
    g, s = sweep(4, ({1}, (), ()), misdeals=2)
    r = s.sheet.results[-1]
    assert r.points == (0, 20, 15, 20) and r.penalised == (1,)
    assert r.payers == (1,) and r.euros == (3, -3, 0, 0)


def test_bk_5_6_misdeal_points_still_count_among_the_penalised():
    # seats 1 and 3 both went along in game 1; seat 3's misdeal +5 puts him alone at the top
    g, s = sweep(4, ({1, 3}, (), ()), misdeals=2)
    r = s.sheet.results[-1]
    assert r.points == (0, 20, 15, 25) and r.penalised == (1, 3)
    assert r.payers == (3,) and r.euros == (3, 0, 0, -3)


# -- tournament settlement (BK-5.14) and the next round (BK-6.4) -------------------------------------------


def test_bk_5_14_a_durchmarsch_in_a_tournament_charges_only_the_payers_balances():
    g, s = sweep(5, ({1, 2, 3}, (), ()), tournament=True, start_euros=10)
    r = s.sheet.results[0]
    assert r.payers == (1, 2, 3) and r.left == ()
    assert s.sheet.balances == (14, F(26, 3), F(26, 3), F(26, 3), 10)
    assert s.sheet.round == 2 and s.deal.dealer == 0 and s.sheet.points == (15,) * 5  # BK-6.4: the last declarer deals


def test_bk_5_14_a_sole_durchmarsch_payer_at_the_bound_leaves_the_others_stay():
    g, s = sweep(4, ({1, 2}, {1}, ()), tournament=True, start_euros=3, lower_bound=0)
    r = s.sheet.results[0]
    assert r.payers == (1,) and r.euros == (3, -3, 0, 0)
    assert s.sheet.balances == (6, 0, 3, 3) and r.left == (1,) and s.sheet.seated == (0, 2, 3)
    assert s.deal.seats == (0, 2, 3) and s.deal.dealer == 0
