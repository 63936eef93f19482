"""TB-8: every worked example of the rules document, one test each."""

from __future__ import annotations

from cardgames.three_bridges import deck_for, score, score_board
from cardgames.three_bridges.cards import code

from .helpers import GAME, P1, P2, board, column, legal_texts, play, totals

REST = ["H-VII", "H-VIII", "H-IX", "E-VIII", "E-IX", "S-VII", "S-VIII", "L-VII"]  # the first hands


def test_tb_8_1_setup_chronist_shuffled_back():
    """TB-8.1 (TB-3.2): E-VII, Chr (back into the pile), L-O, H-X; after dealing 4 + 4 the pile holds 23."""
    state = GAME.new(seed=5, deck=["E-VII", "Chr", "L-O", "H-X"] + REST)
    assert [code(b) for b in state.bridges] == ["E-VII", "L-O", "H-X"]
    # the Chronist went back into the pile: it is in a hand or the pile, never a bridge
    cards = list(state.hands[0]) + list(state.hands[1]) + list(state.pile)
    assert sorted(cards + list(state.bridges)) == list(range(34))
    assert 32 in cards and 33 in cards
    # state is after round 1's draws (TB-4.2): 23 - 2
    assert len(state.pile) == 23 - 2
    assert len(state.hands[0]) == len(state.hands[1]) == 5


def test_tb_8_2_basic_bridge():
    """TB-8.2: bridge Herz, P1 [H-VIII, E-X] = 21, P2 [L-IX, H-VII] = 19; P1 wins."""
    sc = score_board(*board(("H", ["H-VIII", "E-X"], ["L-IX", "H-VII"]), ("E", [], []), ("S", [], [])))
    b = sc.bridges[0]
    assert [c.value for c in b.cards[0]] == [10, 10] and b.herz_bonus[0] == 1 and b.total[0] == 21
    assert [c.value for c in b.cards[1]] == [9, 9] and b.herz_bonus[1] == 1 and b.total[1] == 19
    assert b.winner == P1


def _tb_8_3_start():
    return GAME.position(
        ["H-A", "L-IX", "E-X"],
        [((), ()), (("E-VII",), ("H-VIII", "S-X")), ((), ())],
        hands=(("L-U", "E-VIII"), ("H-IX", "S-VII")),
    )


def test_tb_8_3_unter_swap():
    """TB-8.3 (TB-4.9): L-U swaps with L-IX, the old bridge card does not resolve; L-U turns S-X; P2 17 : P1 12."""
    state = play(_tb_8_3_start(), "place L-U B", "place H-IX A")
    assert legal_texts(state) == ["swap", "pass"]
    state = play(state, "swap")
    assert code(state.bridges[1]) == "L-U" and state.bridge_suit(1) == 3  # still Laub
    assert column(state, "B", P1) == ["E-VII", "L-IX"]
    # next: L-U's own suit ability (Laub) at B, not L-IX's: the old bridge card does not resolve
    assert "turn S-X" in legal_texts(state) and "pass" in legal_texts(state)
    state = play(state, "turn S-X")
    assert column(state, "B", P2) == ["H-VIII", "S-X/"]
    sc = score(state).bridges[1]
    assert [c.value for c in sc.cards[P1]] == [7, 5] and sc.cards[P1][1].halved_by == "S-X"
    assert sc.total == (12, 17) and sc.winner == P2
    # without the swap: 7 + (4+2)/2 = 10
    no_swap = play(_tb_8_3_start(), "place L-U B", "place H-IX A", "pass", "turn S-X")
    assert totals(no_swap, "B")[P1] == 10


def _tb_8_4_start():
    return GAME.position(
        ["H-A", "E-VII", "L-VII"],
        [(("S-IX", "H-X"), ("E-VIII", "L-X")), (("E-IX", "L-VIII"), ("H-VII",)), ((), ())],
        hands=(("H-IX", "S-VIII"), ("S-O", "E-X")),
        round=2,  # P2 leads
    )


def test_tb_8_4_ober_move_and_close_up():
    """TB-8.4 (TB-4.10, TB-4.8): S-O at B moves E-VIII from A on top; L-X slides to index 0 at A."""
    start = _tb_8_4_start()
    assert totals(start, "A") == (22, 14)  # before: E-VIII opposite S-IX -> 4, L-X 10
    state = play(start, "place S-O B", "place H-IX C")
    assert legal_texts(state) == ["move E-VIII", "move L-X", "pass"]
    state = play(state, "move E-VIII")
    assert column(state, "B", P2) == ["H-VII", "S-O", "E-VIII"]
    assert column(state, "A", P2) == ["L-X"]
    assert totals(state, "B") == (15, 22)
    assert totals(state, "A") == (22, 5)


def _tb_8_5_start():
    return GAME.position(
        ["H-VII", "E-VII", "S-VII"],
        [((), ("H-K",)), ((), ()), ((), ())],
        hands=(("L-A", "L-X", "E-VIII"), ("S-IX", "E-IX")),
    )


def test_tb_8_5_ass_chain_with_laub_turn():
    """TB-8.5 (TB-4.11, TB-4.5): L-A plays L-X at A, whose forced Laub turns H-K; P2 totals 16 at A."""
    state = play(_tb_8_5_start(), "place L-A C", "place S-IX A")
    assert "play L-X A" in legal_texts(state) and "pass" in legal_texts(state)
    state = play(state, "play L-X A")
    # forced: no pass; targets: own L-X, P2's H-K and the face-down S-IX
    assert legal_texts(state) == ["turn L-X", "turn H-K", "turn face-down"]
    state = play(state, "turn H-K")
    assert "pass" in legal_texts(state)  # back in L-A, step 3 at C: optional
    state = play(state, "pass")
    assert column(state, "A", P2) == ["H-K/", "S-IX"]
    sc = score(state).bridges[0]
    assert sc.total == (10, 16)
    assert [c.value for c in sc.cards[P2]] == [4, 9] and sc.koenig_bonus[P2] == 2 and sc.herz_bonus[P2] == 1
    other = play(_tb_8_5_start(), "place L-A C", "place S-IX A", "play L-X A", "turn face-down", "pass")
    assert column(other, "A", P2) == ["H-K", "S-IX/"]
    assert [c.value for c in score(other).bridges[0].cards[P2]] == [6, 7]
    assert totals(other, "A") == (10, 16)


def _tb_8_6_start():
    return GAME.position(
        ["H-VII", "E-VII", "S-X"],
        [(("L-VII",), ()), (("L-IX",), ()), ((), ("H-VIII",))],
        hands=(("S-VII", "H-IX"), ("Chr", "E-O", "L-X")),
        round=2,
    )


def test_tb_8_6_chronist_declared_eichel_when_placed():
    """TB-8.6 (revised, TB-4.12): Chr placed face down declared E (hidden from P1) plays E-O at A, which must move
    H-VIII and must draw; the Chr may draw."""
    start = _tb_8_6_start()
    state = play(start, "place Chr=E B")
    # hidden from P1: his view shows a face-down card at B and no suit; he places as he would against any card
    assert "Chr" not in GAME.render(state, P1) and "[?]" in GAME.render(state, P1)
    assert all(GAME.view(state, P1) == GAME.view(play(start, f"place Chr={suit} B"), P1) for suit in "HSL")
    state = play(state, "place S-VII C")
    # revealed: it is E-A, no declaration is asked for; step 2 at once
    assert column(state, "B", P2) == ["Chr=E"]
    assert "Chr=E" in GAME.render(state, P1)
    state = play(state, "play E-O A")
    # forced Ober: an own card from another bridge (the Chronist at B qualifies too), no pass
    assert legal_texts(state) == ["move Chr=E", "move H-VIII"]
    state = play(state, "move H-VIII")
    assert legal_texts(state) == ["draw"]  # E-O's Eichel, forced
    hand = len(state.hands[P2])
    state = play(state, "draw")
    assert legal_texts(state) == ["draw", "pass"]  # the Chronist's own Eichel, optional
    state = play(state, "draw")
    # S-VII has no ability; round 3 begins with its draws (TB-4.2): two Eichel draws + one round draw
    assert state.round == 3 and len(state.hands[P2]) == hand + 3
    sc = score(state)
    assert sc.bridges[0].total == (7, 15)
    assert sc.bridges[1].total == (9, 6)
    assert sc.bridges[2].total == (9, 0)


def test_tb_8_6_from_a_stacked_deck():
    """TB-8.6 (revised) dealt from a stacked deck and played from round 1 (without P1's L-IX at B): P2's
    Chronist is placed declared Eichel, P1 cannot tell its suit, and it resolves as the Eichel Ass."""
    deck = deck_for(["H-VII", "E-VII", "S-X"], ["L-VII", "S-VII", "L-IX", "H-IX"], ["H-VIII", "Chr", "E-O", "L-X"])
    round_2 = play(GAME.new(seed=3, deck=deck), "place L-VII A", "place H-VIII C", "pass")
    assert round_2.round == 2 and GAME.to_act(round_2) == (P2,)
    views = {GAME.view(play(round_2, f"place Chr={suit} B"), P1) for suit in "HESL"}
    assert len(views) == 1  # the four declarations look alike to P1
    state = play(round_2, "place Chr=E B", "place S-VII C", "play E-O A", "move H-VIII", "draw", "draw")
    assert state.round == 3
    assert column(state, "A", P2) == ["E-O", "H-VIII"] and column(state, "B", P2) == ["Chr=E"]
    assert [b.total for b in score(state).bridges] == [(7, 15), (0, 6), (9, 0)]
    assert "Player 2 places the Chronist face down on his column at bridge B, declared Eichel (Chr=E)" in GAME.describe(
        round_2, GAME.parse_action(round_2, "place Chr=E B")
    )


def test_tb_8_6_h_viii_left_at_c_would_be_halved():
    """TB-8.6: had H-VIII stayed at C, opposite S-VII it would count 4 + Herz 1 = 5."""
    sc = score_board(*board(("H", [], []), ("E", [], []), ("S", ["S-VII"], ["H-VIII"])))
    assert sc.bridges[2].total[P2] == 5


def test_tb_8_7_schellen_halves_sideways_matching_card():
    """TB-8.7 (TB-5.2): match and sideways before halving: P1 14, P2 24."""
    sc = score_board(
        *board(("H", ["H-X/", "H-VII", "E-IX/"], ["S-VII", "S-VIII", "S-IX"]), ("E", [], []), ("S", [], []))
    )
    b = sc.bridges[0]
    assert [c.value for c in b.cards[P1]] == [5, 4, 3]
    assert [c.halved_by for c in b.cards[P1]] == ["S-VII", "S-VIII", "S-IX"]
    assert b.herz_bonus[P1] == 2 and b.total == (14, 24)


def test_tb_8_8_koenig_and_herz_bonuses():
    """TB-8.8 (TB-5.3): P1 [L-K, S-K] = 14, P2 [H-K, H-VIII, E-IX] = 22."""
    sc = score_board(*board(("L", ["L-K", "S-K"], ["H-K", "H-VIII", "E-IX"]), ("E", [], []), ("S", [], [])))
    b = sc.bridges[0]
    assert [c.value for c in b.cards[P1]] == [6, 4] and b.koenig_bonus[P1] == 4 and b.total[P1] == 14
    assert [c.value for c in b.cards[P2]] == [4, 4, 9] and b.koenig_bonus[P2] == 3 and b.herz_bonus[P2] == 2
    assert b.total[P2] == 22 and b.winner == P2


def _tb_8_9(c_p2=("H-IX", "S-IX")):
    return board(
        ("H", ["H-X", "E-VIII"], ["S-VIII", "H-U"]),
        ("E", ["E-A", "L-IX", "E-IX"], ["E-K", "L-VIII"]),
        ("S", ["S-X", "L-VII"], list(c_p2)),
    )


def test_tb_8_9_final_board_with_tied_bridge():
    """TB-8.9 (TB-5.4, TB-5.5): A tied 15:15, B to P1 26:16, C to P2 15:16; 1-1 is a draw."""
    sc = score_board(*_tb_8_9())
    assert [b.total for b in sc.bridges] == [(15, 15), (26, 16), (15, 16)]
    assert [b.winner for b in sc.bridges] == [None, P1, P2]
    assert sc.won == (1, 1) and sc.winner is None


def test_tb_8_9_one_win_and_two_ties_wins():
    """TB-8.9, TB-5.5: had C also been tied, P1 would win 1-0."""
    suits, columns = _tb_8_9()
    # P2's C column one point weaker: H-IX opposite S-X 4 and S-IX 11 ... use S-VIII (10) + Herz 1 -> 15
    suits, columns = _tb_8_9(("H-IX", "S-VIII"))
    sc = score_board(suits, columns)
    assert sc.bridges[2].total == (15, 15)
    assert sc.won == (1, 0) and sc.winner == P1
