"""TB-5: final scoring as a pure function, and the settlement rows."""

from __future__ import annotations

import random

import pytest
from helpers import random_states

from cardgames.three_bridges import score, score_board
from cardgames.three_bridges.settlement import totals

from .helpers import GAME, P1, P2, board

EMPTY = (("E", [], []), ("S", [], []))


def one(suit, mine, theirs):
    return score_board(*board((suit, mine, theirs), *EMPTY)).bridges[0]


def test_tb_5_1_scoring_is_pure_and_ignores_hands_and_pile():
    """TB-5.1: the same board scores the same whatever the hands and pile."""
    a = GAME.position(["H-A", "E-A", "S-A"], [(("H-VII",), ("S-X",)), ((), ()), ((), ())], hands=(("L-A",), ("L-K",)))
    b = GAME.position(
        ["H-K", "E-K", "S-K"], [(("H-VII",), ("S-X",)), ((), ()), ((), ())], hands=(("L-VII", "L-VIII"), ())
    )
    assert score(a) == score(b)


def test_tb_5_2_match_and_sideways_before_halving_rounding_down():
    """TB-5.2: v0 = base + match - sideways; halved (rounded down) by an opposite Schellen card."""
    b = one("H", ["H-IX", "E-IX/", "L-VII"], ["S-VII", "S-K", "H-VIII"])
    assert [c.value for c in b.cards[P1]] == [(9 + 2) // 2, (9 - 2) // 2, 7]
    c = b.cards[P1][0]
    assert (c.base, c.match, c.sideways, c.halved_by) == (9, 2, 0, "S-VII")


def test_tb_5_2_a_sideways_schellen_card_still_halves_and_only_once():
    """TB-5.2: halving depends on the opposite card's suit alone; a card is halved at most once."""
    b = one("S", ["H-X"], ["S-VII/"])
    assert b.cards[P1][0].value == 5 and b.cards[P1][0].halved_by == "S-VII"
    assert b.cards[P2][0].value == 7 + 2 - 2  # S-VII: match, sideways, not halved by H-X
    b = one("S", ["S-X"], ["S-IX"])
    assert [b.cards[P1][0].value, b.cards[P2][0].value] == [6, 5]


def test_tb_5_2_floor_at_zero_and_the_opposite_is_the_same_index():
    """TB-5.2, TB-2.4: v1 >= 0; the opposite card is the one at the same index (none if shorter)."""
    b = one("H", ["E-U/", "E-O"], ["S-VII"])
    assert [c.value for c in b.cards[P1]] == [1, 4]  # (4-2)//2 = 1; E-O has no card opposite
    assert b.cards[P1][1].halved_by is None


def test_tb_5_3_koenig_and_herz_bonuses_never_halved():
    """TB-5.3: each König adds the column's card count; each Herz card +1; bonuses are not halved."""
    b = one("L", ["H-K", "H-K".replace("H", "E")], ["S-VII", "S-VIII"])
    # H-K 4 -> 2, E-K 4 -> 2; two Könige x 2 cards; one Herz
    assert b.card_sum[P1] == 4 and b.koenig_bonus[P1] == 4 and b.herz_bonus[P1] == 1 and b.total[P1] == 9


def test_tb_5_3_chronist_declared_herz_counts_for_herz_bonus():
    """TB-5.3, TB-4.12: a Chronist declared H is a Herz card."""
    b = one("H", ["Chr=H"], [])
    assert b.total[P1] == 4 + 2 + 1


def test_tb_5_4_higher_total_wins_ties_go_to_nobody_empty_is_zero():
    """TB-5.4: higher total wins the bridge; equal totals: nobody; an empty column totals 0."""
    assert one("H", [], []).winner is None and one("H", [], []).total == (0, 0)
    assert one("H", ["E-VII"], []).winner == P1
    assert one("H", ["E-VII"], ["L-VII"]).winner is None


def test_tb_5_5_more_bridges_wins_equal_counts_draw():
    """TB-5.5: more bridges won wins; 0-0 and 1-1 are draws; 1-0 with two ties wins."""
    assert score_board(*board(("H", [], []), *EMPTY)).winner is None
    sc = score_board(*board(("H", ["E-VII"], []), ("E", [], ["L-VII"]), ("S", [], [])))
    assert sc.won == (1, 1) and sc.winner is None
    sc = score_board(*board(("H", ["E-VII"], []), ("E", [], []), ("S", [], [])))
    assert sc.won == (1, 0) and sc.winner == P1
    sc = score_board(*board(("H", ["E-VII"], []), ("E", [], ["L-VII"]), ("S", [], ["L-VIII"])))
    assert sc.won == (1, 2) and sc.winner == P2


def test_tb_5_fast_totals_agree_with_the_explained_score():
    """TB-5: the agents' fast totals equal score() on random final boards."""
    for seed in range(60):
        s = random_states(GAME, seed)[-1]
        sc = score(s)
        assert totals([b >> 3 for b in s.bridges], s.columns) == tuple(b.total for b in sc.bridges)
        for b in sc.bridges:
            for seat in (0, 1):
                assert b.total[seat] == sum(c.value for c in b.cards[seat]) + b.koenig_bonus[seat] + b.herz_bonus[seat]
        assert str(sc).startswith("Bridge A")


def test_settlement_rows_bridge_totals_bridges_won_result():
    """TB-5, TB-6.1: rows per player with the three totals, bridges won, result and points."""
    rng = random.Random(1)
    s = GAME.new(seed=1)
    while GAME.to_act(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    st = GAME.settlement(s)
    rows = st.rows()
    assert list(rows[0]) == ["player", "role", "bridge_A", "bridge_B", "bridge_C", "bridges_won", "result", "points"]
    sc = st.score
    for r in rows:
        p = r["player"]
        assert (r["bridge_A"], r["bridge_B"], r["bridge_C"]) == tuple(b.total[p] for b in sc.bridges)
        assert r["bridges_won"] == sc.won[p]
        assert r["role"] == ("P1" if p == s.first else "P2")
    assert rows[0]["points"] + rows[1]["points"] == 0
    with pytest.raises(ValueError, match="not over"):
        GAME.settlement(GAME.new(seed=1))
