"""What a step caused, as data (Game.advance): the order sets revealed (BH-4.9), a round ended, the game (BH-6)."""

from __future__ import annotations

from .helpers import HARMLESS, do, scenario

A, B = 0, 1


def _both_submit(g, s, first="submit"):
    step = g.advance(s, g.parse_action(s, first, A), A)
    assert step.events == ()  # one sealed set is in: nothing is revealed yet
    return g.advance(step.after, g.parse_action(step.after, "submit", B), B)


def test_bh_4_9_the_last_order_set_in_reveals_them_all_and_the_round_ends():
    g, s = scenario(2, round=2, rolls=[1], deck=HARMLESS, ge=(20, 20))
    step = _both_submit(g, s, "build_source e 1; submit")
    assert [e.level for e in step.events] == ["orders", "round"]
    assert all(e.winner is None for e in step.events)
    assert step.after.round == 3 and "orders revealed: build source e 1 (BH-4.9)" in step.sentence


def test_bh_4_4_atoms_and_transfers_end_nothing():
    g, s = scenario(2, round=2, stage="transfer", ge=(20, 20))
    p = g.to_act(s)[0]
    step = g.advance(s, g.parse_action(s, f"transfer P{2 - p} 5", p), p)
    assert step.events == () and step.after.table.ge[p] == 15
    g, s = scenario(2, round=2, ge=(20, 20))
    assert g.advance(s, g.parse_action(s, "build_source e 1", A), A).events == ()


def test_bh_6_1_the_last_round_ends_the_game_and_names_its_sole_winner():
    g, s = scenario(2, round=12, rolls=[1], deck=HARMLESS, ge=(30, 10), godfathers={A: "a", B: "b"})
    step = _both_submit(g, s)
    assert [e.level for e in step.events] == ["orders", "round", "game"]
    assert step.events[-1].winner == A and not g.to_act(step.after)
    assert [r["winner"] for r in g.settlement(step.after).rows()] == [True, False]


def test_bh_5_2_a_shared_first_rank_names_no_single_winner():
    g, s = scenario(2, round=12, rolls=[1], deck=HARMLESS, ge=(25, 25), godfathers={A: "a", B: "b"})
    step = _both_submit(g, s)
    assert step.events[-1].level == "game" and step.events[-1].winner is None
    assert [r["winner"] for r in g.settlement(step.after).rows()] == [True, True]


def test_bh_6_2_a_sole_survivor_wins_whatever_his_ge():
    # round 2, d1 in c: A's two thugs hit B's lone godfather (rolls 1, 1); only A is left, so the game ends
    g, s = scenario(
        2, round=2, rolls=[1, 1, 1], deck=HARMLESS, ge=(5, 40), godfathers={B: "c"}, markers={(A, "c"): (0, 0, 2, 0)}
    )
    step = _both_submit(g, s)
    assert [e.level for e in step.events] == ["orders", "round", "game"] and step.events[-1].winner == A
    assert step.after.table.elim[B] == 2
    assert [r["winner"] for r in g.settlement(step.after).rows()] == [True, False]


def test_bh_3_1_sentences_name_seats_p1_to_pn_and_there_are_no_hands():
    g, s = scenario(3, round=2, ge=(20, 20, 20))
    assert [g.seat_name(p) for p in range(3)] == ["P1", "P2", "P3"]
    assert all(g.hand(s, p) is None for p in range(3))
    assert do(g, s, A, "submit").acting == (B, 2)
