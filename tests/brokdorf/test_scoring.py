"""Brokdorf: scoring, settlement, Stechen, table events, tournament and round end (BK-5 to BK-8)."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.brokdorf.rules import NEXT_DEALER, OVER, PLAY, STECHEN_DEALER, TableEvent

from .helpers import game, legal_texts, play, play_cards, stacked, with_points

A, B, C, D, E = range(5)


def run_tricks(g, s, plan):
    """Play out the current deal: seats in ``plan`` play their listed cards in order when legal,
    everybody else (and a planned seat whose next card is not legal) plays the first legal card."""
    plan = {seat: list(codes.split()) for seat, codes in plan.items()}
    scored = len(s.sheet.scores)
    while s.phase == PLAY and len(s.sheet.scores) == scored:
        seat = g.to_act(s)[0]
        legal = g.legal_actions(s)
        wanted = [a for a in legal if plan.get(seat) and str(a.card) == plan[seat][0]]
        if wanted:
            plan[seat].pop(0)
            s = g.apply(s, wanted[0])
        else:
            s = g.apply(s, legal[0])
    return s


# -- BK-5.1 to 5.3: scoring a game ------------------------------------------------------------------


def bk_8_7_state(violation=False):
    """BK-8.7: five players; D declares 3 in Kreuz; A, C, E MIT, B WEG; tricks D 2, A 3, C 0, E 0."""
    g = game(5, first_dealer=C)
    s = stacked(g, ["AH AD AS KH KD", None, "KS JS 9S JH JD", "AC 10C 7H 7D 7S", "8H 8D 8S QH QD"], dealer=C)
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "mit", "weg", "mit")
    s = play_cards(g, s, "AC 8H KH JH 10C 8D KD JD 7H QH AH 9S AD JS 7D QD")
    if violation:
        s = g.apply(s, g.parse_action(s, "violation 0", None), None)
    s = play_cards(g, s, "AS KS 7S 8S")
    return g, s


def test_bk_8_7_scoring_a_game():
    g, s = bk_8_7_state()
    score = s.sheet.scores[-1]
    assert score.tricks == (3, 0, 0, 2, 0)
    assert score.changes == (-3, 0, 5, 3, 5)
    assert s.sheet.points == (12, 15, 20, 18, 20)


def test_bk_5_1_point_changes_for_weg_mit_and_declarer():
    g, s = bk_8_7_state()
    score = s.sheet.scores[-1]
    assert score.changes[B] == 0  # WEG
    assert score.changes[A] == -3 and score.changes[C] == 5  # MIT: -t, +5 for no trick
    assert score.changes[D] == -2 + 5  # declarer short of his contract: -t and +5
    assert max(score.changes) == 5  # at most one +5 each


def test_bk_5_2_contract_zero_is_never_penalised_and_a_lone_declarer_loses_five():
    g = game(3, first_dealer=0)
    s = stacked(g, ["AC 10C KC AS 10S", "7C 8C 9C 7S 8S", "QC JC KS QS JS"], dealer=0)
    s = play(g, s, "bid 0", "gut", "gut", "trump D", "mit", "mit")  # seat 1 holds the lowest cards
    s = run_tricks(g, s, {})
    assert s.sheet.scores[-1].tricks[1] == 0 and s.sheet.scores[-1].changes[1] == 0
    s2 = play(g, g.new(seed=4), "bid 1", "gut", "gut", "trump D", "weg", "weg")
    assert s2.sheet.scores[-1].changes == (0, -5, 0)


def test_bk_5_3_points_change_only_after_the_fifth_trick():
    g, _ = bk_8_7_state()
    s = stacked(g, ["AH AD AS KH KD", None, "KS JS 9S JH JD", "AC 10C 7H 7D 7S", "8H 8D 8S QH QD"], dealer=C)
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "mit", "weg", "mit")
    for _ in range(19):
        s = g.apply(s, g.legal_actions(s)[0])
        assert s.sheet.points == (15,) * 5 and s.sheet.games == 0
    s = g.apply(s, g.legal_actions(s)[0])
    assert s.sheet.games == 1 and s.sheet.points != (15,) * 5


def test_bk_8_8_a_caught_violation_scores_exactly_plus_five():
    g, s = bk_8_7_state(violation=True)
    score = s.sheet.scores[-1]
    assert score.changes == (5, 0, 5, 3, 5)
    assert score.tricks[A] == 0 and score.tricks[D] == 2  # the voided tricks go to nobody


def test_bk_5_12_violation_whatever_the_role_and_counted_in_the_session():
    g2 = game(5, first_dealer=C)
    s = stacked(g2, ["AH AD AS KH KD", None, "KS JS 9S JH JD", "AC 10C 7H 7D 7S", "8H 8D 8S QH QD"], dealer=C)
    s = play(g2, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "mit", "weg", "mit", "play AC")
    s = g2.apply(s, g2.parse_action(s, "violation 3", None), None)  # the declarer himself
    assert s.sheet.violations[D] == 1
    s = run_tricks(g2, s, {})
    assert s.sheet.scores[-1].changes[D] == 5 and s.sheet.scores[-1].tricks[D] == 0
    weg = play(
        g2,
        stacked(g2, ["AH AD AS KH KD", None, "KS JS 9S JH JD", "AC 10C 7H 7D 7S", "8H 8D 8S QH QD"], dealer=C),
        "bid 3",
        "gut",
        "gut",
        "gut",
        "gut",
        "trump C",
        "mit",
        "mit",
        "weg",
        "mit",
    )
    with pytest.raises(cardgames.IllegalMove) as err:  # B said WEG: not an active player
        g2.apply(weg, g2.parse_action(weg, "violation 1", None), None)
    assert err.value.rule == "BK-5.12"


# -- BK-5.4 to 5.7, BK-6: round end and settlement --------------------------------------------------


def bk_8_9_state():
    """BK-8.9: A 21, B 18, C 4, D 12; C declares 2; A, B MIT, D WEG; tricks C 2, A 0, B 3."""
    g = game(4, first_dealer=B)
    s = stacked(g, ["8C 9C 8D 8S QS", "AC AD AS KC KD", "AH 10H 7C 7D 7S", None], dealer=B)
    s = with_points(s, (21, 18, 4, 12), games=6)
    s = play(g, s, "bid 2", "gut", "gut", "gut", "trump H", "weg", "mit", "mit")
    s = play_cards(g, s, "AH 8C KC 10H 9C KD 7C 8D AC AD 7D 8S AS 7S QS")
    return g, s


def test_bk_8_9_round_end_with_a_single_loser():
    g, s = bk_8_9_state()
    assert s.phase == OVER
    result = s.sheet.results[-1]
    assert result.points == (26, 15, 2, 12)
    assert result.end == "normal" and result.loser == A
    assert result.euros == (-3, 1, 1, 1)
    rows = g.settlement(s).rows()
    assert [r["euros"] for r in rows] == [-3.0, 1.0, 1.0, 1.0] and rows[0]["loser"]


def test_bk_6_1_round_end_check_zero_or_below_or_above_25_but_not_exactly_25():
    g = game(3, first_dealer=0)
    s = stacked(g, ["7C 8C 9C 10C JC", "AH 10H KH QH JH", "7S 8S 9S 10S JS"], dealer=0)
    s = with_points(s, (20, 15, 14), games=5)
    s = play(g, s, "bid 2", "gut", "gut", "trump H", "mit", "mit")  # seat 1 holds every Herz
    s = run_tricks(g, s, {})
    assert s.sheet.points[0] == 25 and s.phase != OVER  # 20 + 5: exactly 25 goes on
    s = stacked(g, ["7C 8C 9C 10C JC", "AH 10H KH QH JH", "7S 8S 9S 10S JS"], dealer=0)
    s = with_points(s, (21, 15, 14), games=5)
    s = play(g, s, "bid 2", "gut", "gut", "trump H", "mit", "mit")
    s = run_tricks(g, s, {})
    assert s.phase == OVER and s.sheet.results[-1].loser == 0  # 26 ends it
    s = stacked(g, ["7C 8C 9C 10C JC", "AH 10H KH QH JH", "7S 8S 9S 10S JS"], dealer=0)
    s = with_points(s, (14, 5, 15), games=5)
    s = play(g, s, "bid 2", "gut", "gut", "trump H", "weg", "weg")  # 5 - 5 = 0 ends it
    assert s.phase == OVER and s.sheet.results[-1].end == "normal" and s.sheet.results[-1].loser == 2


def test_bk_6_3_and_bk_5_5_normal_end_the_most_points_pays_everyone_one():
    g, s = bk_8_9_state()
    r = s.sheet.results[-1]
    assert r.end == "normal" and sum(r.euros) == 0 and r.euros[r.loser] == -(g.players - 1)


def bk_8_11_state(
    game2_bid="bid 2", game1_answers=("mit", "weg", "weg", "weg"), game2_answers=("weg", "weg", "mit", "weg")
):
    """BK-8.11: A sweeps games 1-3 of a five-player round."""
    g = game(5, first_dealer=E)
    top = "AC 10C KC QC JC"
    s = stacked(g, [top, None, None, None, None], dealer=E, more=[([top, None, None, None, None], A), ([None] * 5, C)])
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", *game1_answers)
    s = run_tricks(g, s, {A: "AC 10C KC QC JC"})
    s = play(g, s, "gut", game2_bid, "gut", "gut", "gut", "trump C", *game2_answers)
    s = run_tricks(g, s, {A: "AC 10C KC QC JC"})
    assert s.deal.dealer == C and s.sheet.games == 2
    s = play(g, s, "gut", "gut", "bid 5", "gut", "gut", "trump H", "weg", "weg", "weg", "weg")
    return g, s


def test_bk_6_2_durchmarsch_only_within_games_1_to_3():
    g, s = bk_8_11_state()
    assert s.sheet.results[-1].end == "durchmarsch" and s.sheet.results[-1].games == 3
    # the same sweep counted as game 9 is a normal end (BK-8.10 makes the same point)
    g = game(3, first_dealer=0)
    s = stacked(g, ["7C 8C 9C 10C JC", "AH 10H KH QH JH", "7S 8S 9S 10S JS"], dealer=0)
    s = with_points(s, (14, 5, 15), games=8)
    s = play(g, s, "bid 2", "gut", "gut", "trump H", "weg", "weg")
    assert s.sheet.results[-1].end == "normal"


def bk_8_10_state(decision=("bid 2", "gut", "trump D", "mit"), decision_hands=None, draw=("AH", "7S")):
    """BK-8.10: game 9; A 20, B 25, C 2, D 12; C declares 2 in Pik; tricks C 2, D 3, A 0 -> Stechen A, B."""
    g, s = bk_8_10_stechen(decision_hands, draw)
    assert s.sheet.points == (25, 25, 0, 9)
    assert s.phase == STECHEN_DEALER and s.sheet.stechen.members == (A, B)
    assert [(seat, str(card)) for seat, card in s.sheet.stechen.draw] == [(A, "AH"), (B, "7S")]
    assert g.to_act(s) == (B,)  # ♠7 beats ♥A: suit first
    s = play(g, s, "dealer 0")
    assert s.deal.decision and s.deal.seats == (A, B) and s.deal.dealer == A
    return g, play(g, s, *decision)


def bk_8_10_stechen(decision_hands=None, draw=("AH", "7S")):
    """BK-8.10 up to the Stechen draw: game 9 played, A and B tied at 25 (the drawn cards stacked)."""
    hands = decision_hands or ["AS KS 7C 8C 9C", "AD 10D KD 7S 8S", None, None]
    return bk_8_10_game_9(more=[(hands, A, (A, B))], draw=draw)


def bk_8_10_game_9(more=(), draw=("AH", "7S"), last_card=True):
    """BK-8.10's game 9 (A 20, B 25, C 2, D 12 before it; C declares 2 in Pik), with or without its last card."""
    g = game(4, first_dealer=B)
    game9 = ["8H 9H 8D 9D 10C", None, "AH AD 7C 8C 9C", "AS 10S KS 7H 7D"]
    s = stacked(g, game9, dealer=B, more=more, draws=[list(draw)])
    s = with_points(s, (20, 25, 2, 12), games=8)
    s = play(g, s, "bid 2", "gut", "gut", "gut", "trump S", "mit", "mit", "weg")
    return g, play_cards(g, s, "AH 7H 8H AD 7D 8D 7C AS 10C 10S 9H 8C KS 9D" + (" 9C" if last_card else ""))


def test_bk_8_10_round_end_with_tie_and_stechen():
    g, s = bk_8_10_state()
    s = run_tricks(g, s, {B: "AD 10D KD 7S", A: "7C 8C 9C AS KS"})
    r = s.sheet.results[-1]
    assert s.sheet.scores[-1].number == 0 and s.sheet.scores[-1].tricks[A] == 2 and s.sheet.scores[-1].tricks[B] == 3
    assert r.loser == A and r.euros == (-3, 1, 1, 1) and r.points == (25, 25, 0, 9)
    assert s.sheet.points == (25, 25, 0, 9)  # the decision game changes no round points


def test_bk_5_8_stechen_weg_counts_zero_tricks_and_plus_five_loses():
    g, s = bk_8_10_state(decision=("bid 2", "gut", "trump D", "weg"))
    assert s.sheet.results[-1].loser == A  # A said WEG: 0 tricks
    # B takes only one trick against his contract of 2: B receives +5 and loses
    hands = ["AS KS QS AH KH", "AD 7S 8S 7H 8H", None, None]
    g, s = bk_8_10_state(decision_hands=hands)
    s = run_tricks(g, s, {B: "AD 7S 8S 7H 8H"})
    assert s.sheet.scores[-1].tricks[B] == 1 and s.sheet.results[-1].loser == B


def test_bk_5_8_a_tie_in_the_decision_game_is_drawn_again_among_the_tied():
    g = game(3, first_dealer=0)
    s = with_points(g.new(seed=1), (30, 30, 30), games=4)
    s = play(g, s, "gut", "gut", "gut")  # a void deal, then force the round end by hand
    s = g._check_round_end(with_points(s, (26, 26, 26)))
    assert s.phase == STECHEN_DEALER and s.sheet.stechen.members == (0, 1, 2)
    s = g.apply(s, g.legal_actions(s)[0])
    # the decision game: the first caller declares, the others leave; two WEG players tie at 0
    s = play(g, s, "bid 1", "gut", "gut", "trump C", "weg", "weg")
    assert s.phase == STECHEN_DEALER and len(s.sheet.stechen.members) == 2
    s = g.apply(s, g.legal_actions(s)[0])
    assert s.deal.seats == s.sheet.stechen.members


def test_bk_5_9_two_members_are_always_decided_by_one_decision_game():
    g = game(4)
    seen = 0
    for seed in range(400):
        final = cardgames.playout(g, ["random"] * 4, seed=seed)
        r = final.sheet.results[-1]
        if r.stechen and len(r.stechen[0]) == 2:
            seen += 1
            decision_games = [sc for sc in final.sheet.scores if sc.number == 0]
            assert len(decision_games) == 1
    assert seen > 5


def test_bk_5_4_every_round_ends_one_of_four_ways_and_euros_sum_to_zero():
    ends = set()
    for n in range(2, 7):
        g = game(n)
        for seed in range(40):
            final = cardgames.playout(g, ["random"] * n, seed=seed)
            r = final.sheet.results[-1]
            ends.add(r.end)
            assert sum(r.euros) == 0
    assert {"normal"} <= ends <= {"normal", "durchmarsch", "misdeal", "expulsion"}


# -- table-keeping events BK-5.10 to 5.13 -----------------------------------------------------------


def test_bk_5_10_table_events_are_recorded_by_the_table_not_by_a_player():
    g = game(4)
    s = g.new(seed=1)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, g.parse_action(s, "misdeal", None), player=g.to_act(s)[0])
    assert err.value.rule == "BK-5.10"


def test_bk_5_11_misdeals_forgiven_then_plus_five_then_the_round_is_lost():
    g = game(4, first_dealer=2)
    s = g.new(seed=3)
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.deal.dealer == 2 and s.sheet.points == (15,) * 4 and s.sheet.misdeals[2] == 1
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.deal.dealer == 2 and s.sheet.points == (15, 15, 20, 15)
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    r = s.sheet.results[-1]
    assert s.phase == OVER and r.end == "misdeal" and r.loser == 2 and r.euros == (1, 1, -3, 1)


def test_bk_5_11_second_misdeal_penalty_can_end_the_round():
    g = game(3, first_dealer=1)
    s = with_points(g.new(seed=3), (15, 21, 15))
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == OVER and s.sheet.results[-1].end == "normal" and s.sheet.results[-1].loser == 1


def test_bk_5_11_a_misdeal_is_reported_while_the_deal_is_in_progress():
    g = game(5, first_dealer=C)
    s = stacked(g, ["AH AD AS KH KD", None, "KS JS 9S JH JD", "AC 10C 7H 7D 7S", "8H 8D 8S QH QD"], dealer=C)
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "mit", "weg", "mit", "play AC")
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)  # a wrong count found in the first trick
    assert s.sheet.misdeals[C] == 1 and s.deal.dealer == C and not s.trick.cards and s.sheet.games == 0


def test_bk_5_11_in_a_decision_game_a_misdeal_is_simply_dealt_again():
    g, s = bk_8_10_state(decision=())
    before = s.sheet.misdeals
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.deal.decision and s.sheet.misdeals == before and s.sheet.points == (25, 25, 0, 9)


def test_bk_5_13_expulsion_after_a_recorded_violation():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, g.parse_action(s, "expel 2", None), None)
    assert err.value.rule == "BK-5.13"
    s = g.apply(s, g.parse_action(s, "violation 2", None), None)
    s = g.apply(s, g.parse_action(s, "expel 2", None), None)
    r = s.sheet.results[-1]
    assert s.phase == OVER and r.end == "expulsion" and r.loser == 2 and r.euros[2] == -3 and 2 in r.left


def test_bk_5_7_misdeal_and_expulsion_have_no_stechen_even_on_tied_points():
    g = game(3, first_dealer=0)
    s = with_points(g.new(seed=2), (20, 20, 20))
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == OVER and s.sheet.results[-1].loser == 0 and not s.sheet.results[-1].stechen


def test_bk_7_10_table_events_never_appear_among_legal_actions_or_in_simulation():
    g = game(4)
    for seed in range(30):
        final = cardgames.playout(g, ["random", "greedy", "random", "greedy"], seed=seed)
        assert not any(isinstance(a, TableEvent) for _, a in cardgames.history(final))


# -- tournament mode BK-5.14 to 5.16, BK-6.4, BK-6.5 -----------------------------------------------------


def test_bk_8_12_tournament_a_player_at_the_bound_leaves():
    g = game(3, tournament=True, start_euros=1, lower_bound=0, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):  # three misdeals by the dealer: he loses the round
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    r = s.sheet.results[-1]
    assert r.loser == 0 and r.euros == (-2, 1, 1)
    assert s.sheet.balances == (-1, 2, 2) and s.sheet.seated == (1, 2) and r.left == (0,)
    assert s.phase not in (OVER,) and s.sheet.round == 2 and s.deal.seats == (1, 2)


def test_bk_5_14_and_bk_5_15_tournaments_run_until_one_is_left_or_max_rounds():
    for seed in range(10):
        g = game(4, tournament=True, start_euros=3)
        final = cardgames.playout(g, ["random"] * 4, seed=seed)
        assert all(final.sheet.balances[s] > 0 for s in final.sheet.seated)
        left = [s for s in range(4) if s not in final.sheet.seated]
        assert all(final.sheet.balances[s] <= 0 for s in left)
        assert len(final.sheet.seated) == 1
        rows = g.settlement(final).rows()
        assert [r["winner"] for r in rows] == [s in final.sheet.seated for s in range(4)]
        assert sum(r["euros"] for r in rows) == pytest.approx(0)
    g = game(4, tournament=True, max_rounds=2)
    final = cardgames.playout(g, ["random"] * 4, seed=1)
    assert final.sheet.round == 2 and len(final.sheet.results) == 2
    rows = g.settlement(final).rows()
    best = max(r["balance"] for r in rows)
    assert [r["winner"] for r in rows] == [r["balance"] == best for r in rows]  # equal highest share


def test_bk_5_16_without_tournament_each_round_reports_its_euros_and_running_totals():
    from cardgames.brokdorf import running_totals

    g = game(4)
    settlements = [g.settlement(cardgames.playout(g, ["random"] * 4, seed=s)) for s in range(3)]
    totals = running_totals(settlements)
    assert totals[-1] == {p: sum(st.euros[p] for st in settlements) for p in range(4)}
    assert all(len(st) == 4 for st in settlements)


def test_bk_6_4_the_loser_names_the_next_first_dealer():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.phase == NEXT_DEALER and g.to_act(s) == (0,)
    assert legal_texts(g, s) == ["dealer 0", "dealer 1", "dealer 2"]
    s = play(g, s, "dealer 2")
    assert s.deal.dealer == 2 and s.sheet.points == (15, 15, 15) and s.sheet.round == 2


def test_bk_6_4_a_departed_loser_is_replaced_by_the_next_seat_clockwise():
    g = game(3, tournament=True, start_euros=1, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert s.deal.dealer == 1 and s.phase != NEXT_DEALER


def test_bk_6_4_after_a_durchmarsch_the_last_declarer_deals():
    g = game(5, tournament=True, first_dealer=E)
    top = "AC 10C KC QC JC"
    s = stacked(g, [top, None, None, None, None], dealer=E, more=[([top, None, None, None, None], A)])
    s = play(g, s, "bid 3", "gut", "gut", "gut", "gut", "trump C", "mit", "weg", "weg", "weg")
    s = run_tricks(g, s, {A: top})
    s = play(g, s, "gut", "bid 2", "gut", "gut", "gut", "trump C", "weg", "weg", "mit", "weg")
    s = run_tricks(g, s, {A: top})
    s = play(g, s, "gut", "gut", "bid 5", "gut", "gut", "trump H", "weg", "weg", "weg", "weg")
    assert s.sheet.results[-1].end == "durchmarsch" and s.deal.dealer == A and s.sheet.round == 2


def test_bk_6_5_without_tournament_the_game_is_one_round():
    g = game(4)
    final = cardgames.playout(g, ["random"] * 4, seed=3)
    assert g.is_over(final) and len(final.sheet.results) == 1 and final.sheet.round == 1


# -- BK-7: decision points ------------------------------------------------------------------------------


def test_bk_7_1_session_options():
    g = game(4, first_dealer=1, tournament=True, start_euros=5, lower_bound=-2, max_rounds=3)
    s = g.new(seed=1)
    assert s.deal.dealer == 1 and s.sheet.balances == (5,) * 4
    with pytest.raises(ValueError, match="max_rounds"):
        game(4, max_rounds=0)
    with pytest.raises(ValueError, match="start_euros"):
        game(4, start_euros="ten")


def test_bk_7_2_to_7_9_every_decision_is_taken_by_the_right_player():
    """BK-7.2 dealer by the loser (tested above), 7.3 bids, 7.4 trump, 7.5 MIT/WEG always both,
    7.6 the leader may lead any card, 7.7 followers get the BK-4.10/4.11 set, 7.8 the draw winner
    names the dealer, 7.9 only the tied members play the decision game."""
    g = game(4, first_dealer=0)
    s = g.new(seed=12)
    assert g.to_act(s) == (1,) and "gut" in legal_texts(g, s)  # 7.3
    s = play(g, s, "bid 1", "gut", "gut", "gut")
    assert g.to_act(s) == (1,) and len(legal_texts(g, s)) == 4  # 7.4
    s = play(g, s, "trump S")
    for _ in range(3):
        assert legal_texts(g, s) == ["mit", "weg"]  # 7.5
        s = play(g, s, "mit")
    assert {a.card for a in g.legal_actions(s)} == set(s.hands[1])  # 7.6
    s = g.apply(s, g.legal_actions(s)[0])
    seat = g.to_act(s)[0]
    from cardgames.brokdorf import legal_cards

    assert {a.card for a in g.legal_actions(s)} == set(
        legal_cards(s.hands[seat], s.trick.cards, s.trick.best, s.deal.trump)
    )  # 7.7
    g2, s2 = bk_8_10_state(decision=())
    assert s2.deal.decision and set(s2.deal.seats) == {A, B}  # 7.8, 7.9
    assert g2.to_act(s2)[0] in (A, B)


# -- agents -----------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_greedy_beats_random_over_2000_seeded_rounds():
    df = cardgames.simulate("brokdorf", players=4, games=2000, agents=["greedy", "random", "random", "random"], seed=0)
    means = df.groupby("agent")["points"].mean()
    assert means["greedy"] < means["random"] - 2, means
    euros = df.groupby("agent")["euros"].mean()
    assert euros["greedy"] > 0 > euros["random"], euros


def test_greedy_sees_only_its_view():
    g = game(4)
    s = g.new(seed=1)
    agent = g.agent("greedy", g.to_act(s)[0])
    view = g.view(s, g.to_act(s)[0])
    assert all(c is None for seat, h in enumerate(view.hands) if seat != g.to_act(s)[0] for c in h)
    assert view.setup.seed == 0 and view.setup.extra == ()
    rng = random.Random(0)
    assert agent.act(view, g.legal_actions(s), rng) in g.legal_actions(s)


def test_greedy_leads_the_card_the_fewest_unseen_cards_beat_and_reads_voids():
    """Seed 27, the declarer's opponent on lead with 7S AH 10H, clubs trump: no card is sure, but only a
    trump beats AH, so greedy leads it, not the low spade; once the declarer discards on it (no heart, no
    trump, BK-4.10) the 10H can no longer be beaten and greedy cashes it too."""
    g = game(4)
    s = g.new(seed=27)
    moves = "bid 0,gut,gut,gut,trump S,weg,weg,weg,bid 0,gut,gut,gut,trump S,weg,weg,weg,bid 0,bid 1,gut,gut"
    moves += ",trump C,weg,weg,mit,play AC,play 8C,play 7D,play AD"
    for text in moves.split(","):
        seat = g.to_act(s)[0]
        s = g.apply(s, g.parse_action(s, text, seat), seat)
    bot = g.agent("greedy", 0)
    assert [str(c) for c in s.hands[0]] == ["7S", "AH", "10H"]
    assert str(bot.act(g.view(s, 0), g.legal_actions(s, 0), None)) == "play AH"
    s = g.apply(s, g.parse_action(s, "play AH", 0), 0)
    s = g.apply(s, g.parse_action(s, "play JD", 1), 1)  # a discard: the declarer holds no heart and no club
    assert str(bot.act(g.view(s, 0), g.legal_actions(s, 0), None)) == "play 10H"
