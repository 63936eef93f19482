"""RP-8: every worked example of the rules document, from a stacked deck."""

from __future__ import annotations

import pytest

from .util import A1, A2, B1, B2, act, deal, example_8_1, example_8_2, give, refused, reopen


def test_rp_8_1_counter_changing_the_led_suit():
    """RP-8.1: a counter flips the setter; the earliest face-up card (St2) sets Star; B1 wins with 2."""
    game, s = example_8_1()
    assert s.trick.ring == (A1, B1)
    s = act(game, s, "play Ha5", "play St2", "play Gr5")
    assert [q.up for q in s.row] == [False, True, False]
    assert s.suit == 2 and s.setter == 1  # Star, set by B1's St2
    assert refused(game, s, "play Ha3").code == "X03"
    s = act(game, s, "play St4")
    rec = s.score.log[-1]
    assert rec.winner == B1 and rec.damage == 2 and rec.target == A1
    assert s.score.health[A1] == 2
    assert s.seats.leader == 1 and s.trick.ring == (A2, B1)  # A2 is #2 and in the ring


def test_rp_8_2_all_cards_countered():
    """RP-8.2: every card flipped: nobody wins, no damage, A1's seat leads again, the trick counts."""
    game, s = example_8_2()
    s = act(game, s, "play St5", "play Ho5")
    assert s.suit == -1 and s.setter == -1
    s = act(game, s, "play Ha2")
    assert s.suit == 0 and s.setter == 2
    s = act(game, s, "play W2")
    rec = s.score.log[-1]
    assert rec.winner == -1 and rec.damage == 0 and rec.target == -1
    assert all(not q.up for q in rec.row)
    assert s.score.health == (0, 0, 0, 0)
    assert s.seats.leader == 0 and s.trick.number == 2 and game.to_act(s) == (A1,)


def test_rp_8_3_wildcard_lead():
    """RP-8.3: B2 leads W4 naming Gravestone; the sloughed Ha1 is no candidate; A2 wins with Gr2."""
    game, s = deal(
        4,
        hands=[
            "Gr6 Gr7 Ha2 Ha3 Ho1 Ho2 St1 St2",
            "Ha1 Ha4 Ha5 Ho3 Ho4 St3 St4 W2",
            "Gr2 Gr3 Gr4 Gr5 Ha6 Ho5 St5 St6",
            "W4 Ha7 Ha8 Ho6 Ho7 Ho8 St7 St8",
        ],
        burn="Gr1 Gr8 W6 W8",
        first_leader=3,
    )
    assert s.trick.ring == (A1, B2) and s.trick.order == (B2, A1, B1, A2)
    s = act(game, s, "play W4")
    assert game.to_act(s) == (B2,) and game.legal_actions(s)[0].__class__.__name__ == "Name"
    s = act(game, s, "name Gr", "play Gr6")
    assert s.tokens.pop == (1, 0)
    s = act(game, s, "play Ha1", "play Gr2")
    rec = s.score.log[-1]
    assert rec.winner == A2 and rec.damage == 2 and rec.target == B2
    assert s.seats.leader == 2 and s.trick.ring == (A2, B2)


def test_rp_8_4_coin_creating_a_counter():
    """RP-8.4: A2's Coin as -1 makes St3 a 2 and counters B1's St2; A1 wins from the apron, B1 takes 1."""
    game, s = deal(
        4,
        hands=[
            "Gr1 Gr2 Ha1 Ha2 Ho1 Ho2 St4 St5",
            "St2 Ha3 Ha4 Ho3 Ho4 Gr3 W2 W4",
            "St3 Ha5 Ha6 Ho5 Ho6 Gr5 Gr6 W6",
            "Gr4 Ha7 Ha8 Ho7 Ho8 St6 St7 Gr7",
        ],
        burn="St1 St8 Gr8 W8",
        first_leader=1,
    )
    s = give(s, coins={A2: 1})
    assert s.trick.ring == (A2, B1)
    s = act(game, s, "play St2", "coin -1", "play St3")
    assert s.tokens.coins[A2] == 0 and [q.up for q in s.row] == [False, False] and s.suit == -1
    s = act(game, s, "play Gr4")
    assert s.suit == 3
    s = act(game, s, "play Gr1")
    rec = s.score.log[-1]
    assert rec.winner == A1 and rec.target == B1 and rec.damage == 1
    assert s.seats.leader == 0 and s.trick.ring == (A1, B1)


def test_rp_8_4_coin_dodging_a_counter():
    """RP-8.4 (second part): a Gr5 with a Coin as -1 (v = 4) does not counter a face-up 5."""
    game, s = deal(4, hands=["Ha5 Ha1 Ha2 Ho1 Ho2 Ho3 St1 St2", "Gr5 Ho4 Ho5 Ho6 Gr3 St3 W2 W4"], first_leader=0)
    s = give(s, coins={B1: 1})
    s = act(game, s, "play Ha5", "coin -1", "play Gr5")
    assert all(q.up for q in s.row) and s.row[1].value == 4


def test_rp_8_5_stop_sign_sequence():
    """RP-8.5: 13 -> 16 (STOP1), 16 (v <= 0), 17, 17 (1 < 2), 18 (one sign per trick), 19 SKULL."""
    game, s = deal(
        4,
        hands=[
            "Ho6 Ha3 St2 Gr2 Ha6 St5 Gr5 St8",
            "Ho7 Ha4 St3 Gr3 Ha7 St6 Gr6 Gr7",
            "Ho8 Ha5 St4 Gr4 Ha8 St7 Gr8 W8",
            "Ho4 Ha1 St1 Gr1 Ho5 Ha2 Ho1 Ho2",
        ],
        burn="Ho3 W2 W4 W6",
        first_leader=3,
    )
    s = give(s, health={A1: 13}, cheats={B2: ("C02",)}, damage={B2: 1})
    tricks = [
        (("play Ho4", "play Ho6", "play Ho7", "play Ho8"), 4, 16),
        (("cheat C02", "play Ha1", "play Ha3", "play Ha4", "play Ha5"), 0, 16),
        (("play St1", "play St2", "play St3", "play St4"), 1, 17),
        (("play Gr1", "play Gr2", "play Gr3", "play Gr4"), 1, 17),
        (("play Ho5", "play Ha6", "play Ha7", "play Ha8"), 5, 18),
        (("damage", "play Ha2", "play St5", "play St6", "play St7"), 3, 19),
    ]
    for texts, d, pos in tricks:
        assert s.trick.ring == (A1, B2)
        s = act(game, s, *texts)
        rec = s.score.log[-1]
        assert rec.winner == B2 and rec.damage == d and rec.target == A1
        assert s.score.health[A1] == pos
    assert s.score.log[1].row[0].value == -1
    assert game.is_over(s) and s.score.result.pinned == A1 and s.score.result.winner == 1
    rows = game.settlement(s).rows()
    assert rows[A1]["pinned"] and rows[B2]["won"] == 1.0 and rows[A1]["won"] == 0.0


def test_rp_8_6_headliner_two_card_trick():
    """RP-8.6: H1 must follow from his diamond with Ho7; H2's W4 counters Ho4; Ho7 becomes the setter."""
    game, s = deal(
        2,
        hands=["Ho4 Ha1 Ha2 Ha3 St1 St2 St3 Gr1", "W4 Ho1 Ho2 Ho3 Ha4 Ha5 St4 Gr2"],
        diamonds=["Ho7 Ha6 Ha7 St5 St6 Gr3 Gr4 Gr5", "Ho5 Ho6 Ho8 Ha8 St7 St8 Gr6 Gr7"],
        burn="Gr8 W2 W6 W8",
    )
    assert s.trick.ring == (0, 1) and s.trick.order == (0, 0, 1, 1)
    s = act(game, s, "play Ho4")
    assert s.suit == 1
    assert refused(game, s, "play Ha6").code == "X03"
    assert [str(a) for a in game.legal_actions(s)] == ["play Ho7"]
    s = act(game, s, "play Ho7")
    assert s.tokens.pop == (1, 0)
    s = act(game, s, "play W4")
    assert [q.up for q in s.row] == [False, True, False]
    assert s.setter == 1 and s.suit == 1
    s = act(game, s, "play Ho5")
    rec = s.score.log[-1]
    assert rec.winner == 1 and rec.damage == 5 and rec.target == 0
    assert s.score.health == (5, 0) and s.seats.leader == 1 and game.to_act(s) == (1,)


def test_rp_8_7_pop_track_awards():
    """RP-8.7: 6 gives a Tag, 7 nothing, 8 a cheat, 10 unlocks, 12 a cheat and reset, then 2 a Coin."""
    game, s = deal(
        4,
        hands=[
            "W8 St3 Gr2 Ho2 Gr4 St5 St8 W2",
            "Ha6 St1 Gr6 Ho7 St6 Ha1 Ha2 Ha3",
            "Ha7 St2 Gr1 Ho1 Gr3 Ha4 Ha5 Ho3",
            "Ha8 St7 Gr8 Ho6 Ho8 Ho4 Ho5 St4",
        ],
        burn="Gr5 Gr7 W4 W6",
        first_leader=1,
    )
    s = give(s, pop=(0, 5))
    s = act(game, s, "play Ha6")
    assert s.tokens.pop[1] == 6 and s.tokens.tags[B1] == 1
    s = act(game, s, "play Ha7", "play Ha8")
    assert s.tokens.pop[1] == 7 and s.tokens.tags[B2] == 0 and s.tokens.coins[B2] == 0 and not s.tokens.cheats[B2]
    s = act(game, s, "play W8")  # counters Ha8: the pop stays
    assert not s.score.log[-1].row[2].up and s.tokens.pop[1] == 7
    s = act(game, s, "pass", "play St1", "play St2", "play St7")
    assert s.tokens.pop[1] == 8 and len(s.tokens.cheats[B2]) == 1
    s = act(game, s, "play St3", "pass", "play Gr6", "play Gr1", "play Gr8")
    assert s.tokens.pop[1] == 10 and s.tokens.unlocked == (False, True)
    s = act(game, s, "play Gr2", "play Ho1", "play Ho6")
    assert s.tokens.pop[1] == 11
    s = act(game, s, "play Ho2", "play Ho7")
    assert s.tokens.pop[1] == 0 and len(s.tokens.cheats[B1]) == 1
    s = act(game, s, "play Gr3", "play Ho8")
    assert s.tokens.pop[1] == 1
    s = act(game, s, "play Gr4", "play St6")
    assert s.tokens.pop[1] == 2 and s.tokens.coins[B1] == 1


def test_rp_8_8_tag():
    """RP-8.8: A2 tags out; A1 takes seat 2 and the ring, so B1's win damages A1, not A2."""
    game, s = deal(
        4,
        hands=[
            "Gr5 Gr6 Gr7 Ha1 Ha2 Ho1 Ho2 St1",
            "Gr3 Gr1 Gr2 Ha5 Ha6 Ho5 Ho6 St4",
            "Gr4 Gr8 Ha3 Ha4 Ho3 Ho4 St2 St3",
            "Ha7 Ha8 Ho7 Ho8 St5 St6 St7 St8",
        ],
        burn="W2 W4 W6 W8",
        first_leader=1,
    )
    s = reopen(game, give(s, tags={B1: 1, A2: 1}, health={A2: 14}))
    assert game.to_act(s) == (B1,)
    s = act(game, s, "pass")
    assert game.to_act(s) == (A2,)
    s = act(game, s, "tag")
    assert s.seats.at_seat == (A2, B1, A1, B2) and s.trick.ring == (A1, B1)
    s = act(game, s, "play Gr3", "play Gr5", "play Ha7", "play Gr4")
    rec = s.score.log[-1]
    assert rec.winner == B1 and rec.target == A1 and rec.damage == 3
    assert s.score.health[A1] == 3 and s.score.health[A2] == 14
    assert s.seats.leader == 1 and game.in_ring(s, 0) == A1


def test_rp_8_9_stacked_damage_and_a_win_below_one():
    """RP-8.9: (3 + 1) x 2 = 8; then v = -2 wins but deals nothing, and both attachments are spent."""
    hands = ["Gr3 Ha1 Ho1 Ho2 St1 St2 Gr1 Gr2", "Gr4 Ha2 Ho3 Ho4 St3 St4 W2 W4"]  # A1, B1
    hands += ["Gr5 Ha3 Ho5 Ho6 St5 St6 W6 W8", "Gr6 Ha4 Ho7 Ho8 St7 St8 Gr7 Gr8"]  # A2, B2
    game, s = deal(4, hands=hands, burn="Ha5 Ha6 Ha7 Ha8")
    s = give(s, damage={A1: 2}, cheats={A1: ("C10", "C03")})
    s = act(game, s, "damage", "cheat C10", "play Gr3", "play Gr4", "play Gr5", "play Gr6")
    rec = s.score.log[-1]
    assert rec.winner == A1 and rec.damage == 8 and s.score.health[B1] == 8
    s = act(game, s, "cheat C03", "damage", "play Ha1", "play Ha2", "play Ha3", "play Ha4")
    rec = s.score.log[-1]
    assert rec.row[0].value == -2 and rec.winner == A1 and rec.damage == 0
    assert s.score.health[B1] == 8 and s.tokens.damage[A1] == 0 and s.tokens.cheats[A1] == ()
    assert s.tokens.used[-2:] == ("C10", "C03") and s.seats.leader == 0


def test_rp_8_10_immune_and_the_tie_rule():
    """RP-8.10: an immune 4 is not countered by another 4; the tie goes to the earlier card."""
    hands = ["Ha4 Ho1 Ho2 St1 St2 Gr1 Gr2 W2", "Ha5 Ho3 Ho4 St3 St4 Gr3 Gr4 W4"]  # A1, B1
    hands += ["Ha6 Ho5 Ho6 St5 St6 Gr5 Gr6 W6", "Ha7 Ho7 Ho8 St7 St8 Gr7 Gr8 W8"]  # A2, B2
    game, s = deal(4, hands=hands, burn="Ha1 Ha2 Ha3 Ha8")
    s = give(s, cheats={A1: ("C06",)}, coins={B1: 1})
    s = act(game, s, "cheat C06", "play Ha4", "coin -1", "play Ha5")
    assert all(q.up for q in s.row) and s.row[1].value == 4
    s = act(game, s, "play Ha6", "play Ha7")
    assert s.tokens.pop == (1, 1)
    rec = s.score.log[-1]
    assert rec.winner == A1 and rec.damage == 4 and rec.target == B1


@pytest.mark.parametrize(
    "leader, ring, order",
    [
        (0, (0, 1), (0, 1, 1, 2)),
        (1, (2, 1), (1, 1, 2, 0)),
        (2, (2, 1), (2, 0, 1, 1)),
    ],
)
def test_rp_8_11_three_player_ring(leader, ring, order):
    """RP-8.11: the ring and play order in the handicap match, for each leader."""
    game, s = deal(3, first_leader=leader)
    assert s.trick.ring == ring and s.trick.order == order


def test_rp_8_11_apron_win_damages_the_headliner_and_his_win_the_ring():
    """RP-8.11: a win by the apron partner damages H; H's win damages the team's in-ring wrestler."""
    game, s = deal(
        3,
        hands=["Ha5 Ha6 Ho1 Ho2 St5 St6 Gr5 Gr6", "Ha7 Ha8 Ho3 Ho4 St1 St2 Gr3 Gr4", "Ha1 Ha2 Ho5 Ho6 St3 St4 Gr1 Gr2"],
        diamonds=["Ha3 Ha4 Ho7 Ho8 St7 St8 Gr7 Gr8"],
        burn="W2 W4 W6 W8",
    )
    s = act(game, s, "play Ha5", "play Ha7", "play Ha3", "play Ha1")  # A1, H hand, H diamond, A2
    rec = s.score.log[-1]
    assert rec.winner == 2 and rec.target == 1 and s.score.health[1] == 1  # apron A2 damages H
    assert s.trick.ring == (2, 1) and s.trick.order == (2, 0, 1, 1)
    s = act(game, s, "play St3", "play St5", "play St1", "play St7")
    rec = s.score.log[-1]
    assert rec.winner == 1 and rec.target == 2 and s.score.health[2] == 1  # H damages the in-ring A2


def test_rp_8_12_promoted_wildcard():
    """RP-8.12: when the setter is flipped, B1's W2 becomes the setter and B1 names Gravestone at once."""
    hands = ["Ha6 Ha1 Ho1 Ho2 St1 St2 Gr2 Gr3", "W2 Ha2 Ha3 Ho3 Ho4 St3 Gr4 Gr5"]  # A1, B1
    hands += ["St6 St4 St5 Ho5 Ho6 Gr6 W4 W6", "Gr1 Gr7 Ha4 Ha5 Ho7 St7 St8 Ha7"]  # A2, B2
    game, s = deal(4, hands=hands, burn="Ha8 Ho8 Gr8 W8")
    s = act(game, s, "play Ha6", "play W2", "play St6")
    assert game.to_act(s) == (B1,) and s.suit == -1 and s.setter == 1
    s = act(game, s, "name Gr")
    assert s.suit == 3 and game.to_act(s) == (B2,)
    assert refused(game, s, "play Ha4").code == "X03"
    s = act(game, s, "play Gr1")
    rec = s.score.log[-1]
    assert rec.winner == B2 and rec.damage == 1 and rec.target == A1
    assert s.tokens.pop == (2, 0)


def test_rp_8_13_tag_by_the_leaders_side():
    """RP-8.13: A1 tags first, A2 leads from seat 0; B1 may still tag, putting B2 in the ring."""
    hands = ["Ha6 Ho1 Ho2 St1 St2 Gr1 Gr2 W2", "Ha7 Ho3 Ho4 St3 St4 Gr3 Gr4 W4"]  # A1, B1
    hands += ["Ha5 Ho5 Ho6 St5 St6 Gr5 Gr6 W6", "Ha1 Ho7 Ho8 St7 St8 Gr7 Gr8 W8"]  # A2, B2
    game, s = deal(4, hands=hands, burn="Ha2 Ha3 Ha4 Ha8")
    s = reopen(game, give(s, tags={A1: 1, B1: 1}))
    assert game.to_act(s) == (A1,)
    s = act(game, s, "tag")
    assert s.seats.at_seat[0] == A2 and s.seats.seat_of[A1] == 2 and game.to_act(s) == (B1,)
    s = act(game, s, "tag")
    assert s.seats.at_seat == (A2, B2, A1, B1) and s.trick.ring == (A2, B2)
    assert s.trick.order == (A2, B2, A1, B1)
    s = act(game, s, "play Ha5", "play Ha1", "play Ha6", "play Ha7")
    rec = s.score.log[-1]
    assert rec.winner == B2 and rec.target == A2 and s.score.health[A2] == 1
