"""TB-4, TB-6 and TB-7: rounds, placement, reveal and every ability as a decision."""

from __future__ import annotations

import pytest
from helpers import random_states, random_steps

import cardgames
from cardgames.three_bridges.cards import FACE_DOWN, SIDEWAYS, code
from cardgames.three_bridges.rules import OVER, PLACE, Place

from .helpers import GAME, P1, P2, column, legal_texts, play
from .test_setup import DECK


def test_tb_4_1_six_rounds_p1_leads_odd_rounds():
    """TB-4.1: exactly 6 rounds; P1 leads rounds 1, 3, 5 and P2 rounds 2, 4, 6."""
    for seed in range(20):
        states = random_states(GAME, seed)
        places = [(p, a) for p, a in cardgames.history(states[-1]) if type(a) is Place]
        assert len(places) == 12
        leaders = [p for p, _ in places[0::2]]
        first = states[0].first
        assert leaders == [first, 1 - first] * 3
        assert [p for p, _ in places[1::2]] == [1 - first, first] * 3


def test_tb_4_2_draw_at_round_start_leader_first():
    """TB-4.2: every round, round 1 included, the leader draws first, then the follower."""
    s = GAME.new(seed=0, deck=DECK)
    assert "H-X" in [code(c) for c in s.hands[P1]] and "H-U" in [code(c) for c in s.hands[P2]]
    s = play(s, "place S-VII A", "place L-VII A", "pass")  # L-VII may turn a card: declined
    assert s.round == 2 and s.phase == PLACE and GAME.to_act(s) == (P2,)
    assert "H-O" in [code(c) for c in s.hands[P2]] and "H-K" in [code(c) for c in s.hands[P1]]


def test_tb_4_2_no_draw_from_an_empty_pile():
    """TB-4.2, TB-4.13: an empty pile gives nothing and no Eichel decision."""
    s = GAME.position(["H-A", "S-A", "L-A"], hands=(("E-VII", "H-VII"), ("E-VIII", "H-VIII")), pile=[])
    s = play(s, "place E-VII A", "place E-VIII B")
    assert s.round == 2 and len(s.hands[P1]) == 1 and len(s.hands[P2]) == 1


def test_tb_4_3_leader_then_follower_place_face_down():
    """TB-4.3, TB-7.2, TB-7.3: leader places, then the follower; any hand card at A, B or C."""
    s = GAME.new(seed=0, deck=DECK)
    assert GAME.to_act(s) == (P1,)
    assert len(GAME.legal_actions(s)) == 3 * len(s.hands[P1])
    s = play(s, "place S-X C")
    assert GAME.to_act(s) == (P2,) and column(s, "C", P1) == ["[S-X]"]
    assert GAME.legal_actions(s, P1) == ()
    assert len(GAME.legal_actions(s)) == 3 * len(s.hands[P2])


def test_tb_7_2_two_chronisten_are_one_choice():
    """TB-7.2, TB-7.4: Chronisten are alike: each 'place Chr=<suit> <bridge>' once even with both in hand."""
    s = GAME.position(["H-A", "S-A", "L-A"], hands=(("Chr", "Chr", "H-VII"), ("H-VIII",)))
    assert legal_texts(s) == ["place H-VII A", "place H-VII B", "place H-VII C"] + [
        f"place Chr={suit} {bridge}" for suit in "HESL" for bridge in "ABC"
    ]
    s = play(s, "place Chr=S A")
    assert len(s.hands[P1]) == 2 and (32 in s.hands[P1]) != (33 in s.hands[P1])
    assert column(s, "A", P1) == ["[Chr=S]"]


def test_tb_4_4_leader_resolves_fully_before_follower_is_revealed():
    """TB-4.4: the follower's card stays face down while the leader's card resolves."""
    s = GAME.position(["H-A", "S-A", "L-A"], hands=(("E-VII",), ("L-VIII",)))
    s = play(s, "place E-VII A", "place L-VIII A")
    assert legal_texts(s) == ["draw", "pass"] and GAME.to_act(s) == (P1,)
    assert s.columns[0][P2][0] & FACE_DOWN
    assert "[?]" in GAME.render(s, P1)
    s = play(s, "draw")
    assert GAME.to_act(s) == (P2,) and not s.columns[0][P2][0] & FACE_DOWN
    assert legal_texts(s) == ["turn L-VIII", "turn E-VII", "pass"]


def test_tb_4_5_x_follows_a_card_moved_by_its_own_chain():
    """TB-4.5: X is where c lies when the step runs: an Ass moved by the Ober it played turns at its new bridge."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-O"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII C", "play L-O B")
    assert legal_texts(s) == ["move L-A"]  # forced Ober: the only own card elsewhere is the Ass itself
    s = play(s, "move L-A")
    assert column(s, "B", P1) == ["L-O", "L-A"] and column(s, "A", P1) == []
    assert legal_texts(s) == ["turn L-O", "turn L-A"]  # L-O's forced Laub at B
    s = play(s, "turn L-O")
    assert legal_texts(s) == ["turn L-A", "pass"]  # L-A's own Laub, optional, at B where it lies now


def test_tb_4_5_order_chronist_revealed_then_rank_then_suit():
    """TB-4.5: a revealed Chronist shows the suit declared with its placement, then its Ass ability, then its
    suit ability; no decision is asked for its suit."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("Chr", "L-VII"), ("H-VII",)))
    s = play(s, "place Chr=L A", "place H-VII B")
    assert column(s, "A", P1) == ["Chr=L"]
    assert legal_texts(s) == ["play L-VII A", "play L-VII B", "play L-VII C", "pass"]
    s = play(s, "pass")
    assert legal_texts(s) == ["turn Chr=L", "pass"]


def test_tb_4_6_forced_abilities_offer_no_pass_and_lapse_without_a_way():
    """TB-4.6, TB-7.6, TB-7.8: a card played by an Ass must use each ability with a legal way; else it lapses."""
    s = GAME.position(["H-A", "S-A", "L-A"], hands=(("E-A", "E-O"), ("H-VII",)))
    s = play(s, "place E-A A", "place H-VII B", "play E-O A")
    # E-O's Ober: no own card at another bridge -> lapses; its Eichel must draw
    assert legal_texts(s) == ["draw"]
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.apply(s, cardgames.three_bridges.Pass())
    assert err.value.rule == "TB-4.6"
    s = play(s, "draw")
    assert legal_texts(s) == ["draw", "pass"]  # the Ass's own Eichel is optional


def test_tb_4_7_a_moved_card_does_not_resolve_again():
    """TB-4.7: E-VIII moved by an Ober does not draw; the follower's card comes next."""
    s = GAME.position(["H-A", "S-A", "L-A"], [(("E-VIII",), ()), ((), ()), ((), ())], hands=(("S-O",), ("H-VII",)))
    s = play(s, "place S-O B", "place H-VII C", "move E-VIII")
    assert s.round == 2 and s.phase == PLACE


def test_tb_4_8_cards_above_a_moved_card_close_up():
    """TB-4.8: after an Ober takes a card, the cards above it move down one index."""
    s = GAME.position(
        ["H-A", "E-A", "L-A"],
        [(("H-VII", "H-VIII", "H-IX"), ("S-VII", "S-VIII", "S-IX")), ((), ()), ((), ())],
        hands=(("H-O",), ("H-X",)),
    )
    s = play(s, "place H-O B", "place H-X C", "move H-VIII")
    assert column(s, "A", P1) == ["H-VII", "H-IX"] and column(s, "B", P1) == ["H-O", "H-VIII"]


def test_tb_4_9_unter_swap_only_on_its_suit_and_drops_sideways():
    """TB-4.9, TB-7.5, TB-2.6: swap only at a bridge of the Unter's suit; a sideways Unter is upright no more."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("S-U", "E-U")))
    s = play(s, "place L-VII C", "place S-U C")
    assert legal_texts(s) == ["turn L-VII", "turn face-down", "pass"]
    s = play(s, "turn face-down")
    assert column(s, "C", P2) == ["S-U/"]  # revealed after the leader's card, sideways
    assert legal_texts(s) == ["swap", "pass"]
    s = play(s, "swap")
    assert code(s.bridges[2]) == "S-U" and s.bridge_suit(2) == 2
    assert column(s, "C", P2) == ["S-A"]  # the old bridge card, upright, owned by P2
    # a wrong-suit Unter gets no swap
    t = GAME.position(["H-A", "E-A", "S-A"], hands=(("E-U",), ("H-VII",)))
    t = play(t, "place E-U A", "place H-VII B")
    assert legal_texts(t) == ["draw", "pass"]  # no swap at a Herz bridge (TB-4.9), straight to Eichel
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.parse_action(t, "swap")
    assert err.value.rule == "TB-4.9"


def test_tb_4_9_unter_in_a_chain_must_swap():
    """TB-4.9, TB-7.5: an Unter played by an Ass at a bridge of its suit must swap."""
    s = GAME.position(["H-VII", "E-A", "S-A"], hands=(("H-A", "H-U"), ("S-VII",)))
    s = play(s, "place H-A B", "place S-VII C", "play H-U A")
    assert legal_texts(s) == ["swap"]
    s = play(s, "swap")
    assert code(s.bridges[0]) == "H-U" and column(s, "A", P1) == ["H-VII"]


def test_tb_4_10_ober_moves_only_own_cards_from_other_bridges_keeping_orientation():
    """TB-4.10, TB-2.5: own cards at other bridges only; a sideways card stays sideways."""
    s = GAME.position(
        ["H-A", "E-A", "L-A"], [(("H-VII/",), ("S-VII",)), (("H-VIII",), ()), ((), ())], hands=(("H-O",), ("H-X",))
    )
    s = play(s, "place H-O B", "place H-X A")
    assert legal_texts(s) == ["move H-VII", "pass"]  # not S-VII (P2's), not H-VIII (same bridge)
    s = play(s, "move H-VII")
    assert column(s, "B", P1) == ["H-VIII", "H-O", "H-VII/"]


def test_tb_4_11_ass_plays_a_card_of_its_suit_or_a_chronist_declared_so():
    """TB-4.11, TB-7.7: cards of the Ass's suit, at any bridge; a Chronist is declared the Ass of that suit."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-VIII", "Chr", "H-VII"), ("H-VIII",)))
    s = play(s, "place L-A A", "place H-VIII B")
    assert legal_texts(s) == [
        "play L-VIII A",
        "play L-VIII B",
        "play L-VIII C",
        "play Chr=L A",
        "play Chr=L B",
        "play Chr=L C",
        "pass",
    ]
    s = play(s, "play Chr=L C")
    assert column(s, "C", P1) == ["Chr=L"]
    # the Chronist is now a Laub Ass resolving forced: it must play L-VIII
    assert legal_texts(s) == ["play L-VIII A", "play L-VIII B", "play L-VIII C"]
    s = play(s, "play L-VIII C")
    assert legal_texts(s) == ["turn Chr=L", "turn L-VIII"]  # L-VIII's forced Laub at C


def test_tb_4_12_chronist_declared_at_placement_counts_as_that_ass():
    """TB-4.12, TB-7.4: four suits, chosen with the placement; the Chronist is then that Ass: value 4, match +2,
    suit ability; the declaration never changes."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("Chr",), ("H-VII",)))
    assert legal_texts(s) == [f"place Chr={suit} {bridge}" for suit in "HESL" for bridge in "ABC"]
    s = play(s, "place Chr=E B", "place H-VII A")
    assert legal_texts(s) == ["draw", "pass"]  # Eichel ability, at once: there is no declaration to make
    s = play(s, "pass")
    sc = cardgames.three_bridges.score(s)
    assert sc.bridges[1].cards[P1][0].card == "Chr=E" and sc.bridges[1].cards[P1][0].value == 6
    assert column(s, "B", P1) == ["Chr=E"]


def test_tb_4_13_eichel_draws_one_card():
    """TB-4.13, TB-7.8: Eichel may draw 1 card from the pile."""
    s = GAME.position(["H-A", "S-A", "L-A"], hands=(("E-VII",), ("H-VIII",)))
    s = play(s, "place E-VII A", "place H-VIII B")
    top = s.pile[0]
    s2 = play(s, "draw")
    assert top in s2.hands[P1] and len(s2.pile) == len(s.pile) - 1 - 2  # and round 2's two draws


def test_tb_4_14_laub_turns_an_upright_card_at_its_bridge_once():
    """TB-4.14, TB-7.9: either side, face-down included (it stays face down), never the bridge card, never twice."""
    s = GAME.position(
        ["L-K", "S-A", "H-A"],
        [(("H-VII/",), ("E-VII",)), ((), ()), ((), ())],
        hands=(("L-A", "L-X"), ("E-VIII", "S-VIII")),
    )
    s = play(s, "place L-A A", "place E-VIII A", "play L-X A")
    # forced: no pass; H-VII is sideways already; the bridge card L-K is never a target
    assert legal_texts(s) == ["turn L-A", "turn L-X", "turn E-VII", "turn face-down"]
    s = play(s, "turn face-down")
    assert s.columns[0][P2][1] & SIDEWAYS and s.columns[0][P2][1] & FACE_DOWN
    assert column(s, "A", P2) == ["E-VII", "[E-VIII/]"]
    # L-A's own Laub: the turned card cannot be turned again
    assert legal_texts(s) == ["turn L-A", "turn L-X", "turn E-VII", "pass"]
    s = play(s, "pass")
    assert column(s, "A", P2) == ["E-VII", "E-VIII/"]  # revealed, still sideways (TB-2.5)


def test_tb_4_15_herz_schellen_koenig_have_no_reveal_decision():
    """TB-4.15: Herz, Schellen and König act only at scoring."""
    s = GAME.position(["E-A", "E-K", "L-A"], hands=(("H-K",), ("S-VII",)))
    s = play(s, "place H-K A", "place S-VII A")
    assert s.round == 2 and s.phase == PLACE


def test_tb_4_16_forced_laub_can_always_turn_itself():
    """TB-4.16: a forced Laub always has a target, the Laub card itself."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-X"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII B", "play L-X C")
    assert legal_texts(s) == ["turn L-X"]


def test_tb_6_1_game_ends_after_round_six_follower_card():
    """TB-6.1: the game ends when round 6's follower card is resolved, never earlier."""
    for seed in range(10):
        states = random_states(GAME, seed)
        assert all(not GAME.is_over(s) for s in states[:-1])
        final = states[-1]
        assert final.phase == OVER and final.round == 6 and GAME.to_act(final) == ()
        rows = GAME.settlement(final).rows()
        assert {r["result"] for r in rows} <= {"win", "draw", "loss"}


def test_describe_names_the_clause_for_every_kind_of_action():
    """TB-7: every decision is explained with its clause."""
    seen = set()
    for seed in range(30):
        for s, a, _ in random_steps(GAME, seed)[0]:
            assert "TB-4." in GAME.describe(s, a)
            seen.add(type(a).__name__)
    assert seen == {"Place", "Swap", "Move", "Play", "Draw", "Turn", "Pass"}


def test_tb_4_10_tb_4_14_like_declared_chronisten_are_told_apart_by_place():
    """TB-4.10, TB-4.14, TB-4.12: two Chronisten declared alike get their place in the action text."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [((), ()), (("Chr=E",), ()), (("Chr=E",), ())], hands=(("S-O",), ("H-VII",))
    )
    s = play(s, "place S-O A", "place H-VII B")
    assert legal_texts(s) == ["move Chr=E@B0", "move Chr=E@C0", "pass"]
    for a in GAME.legal_actions(s):
        assert GAME.parse_action(s, str(a)) == a
    s = play(s, "move Chr=E@C0")
    assert column(s, "A", P1) == ["S-O", "Chr=E"] and column(s, "C", P1) == []
    t = GAME.position(
        ["H-A", "E-A", "S-A"], [(("Chr=E",), ("Chr=E",)), ((), ()), ((), ())], hands=(("L-VII",), ("H-VII",))
    )
    t = play(t, "place L-VII A", "place H-VII A")
    assert legal_texts(t) == ["turn Chr=E@seat0:0", "turn L-VII", "turn Chr=E@seat1:0", "turn face-down", "pass"]
    t = play(t, "turn Chr=E@seat1:0")
    assert column(t, "A", P2) == ["Chr=E/", "H-VII"]
