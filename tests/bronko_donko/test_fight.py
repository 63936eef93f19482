"""Setup (BD-3, BD-4), fight end and gong (BD-8), settlement (BD-9), Donko-Haufen and betrayal (BD-10),
game and match end (BD-11)."""

from __future__ import annotations

import pytest
from helpers import random_states

import cardgames
from cardgames.bronko_donko import fight_log
from cardgames.bronko_donko.cards import SCHLAEGER
from cardgames.bronko_donko.rules import GIVE, GONG, HAUFEN, KNOCKOUT, ORDER, OVER, PLAY, RETURN, Hand2, give_options

from .helpers import deck_for, form, legal, load, mask, play, second_seat_out, settle_all, standing, table

A, B, C_, D = 0, 1, 2, 3


def ended(game, hands, winner_card="Bl8", owner=C_, **fields):
    """Seat 0 ends the fight by beating ``owner``'s Gr5 with his last card; every loser passes."""
    state = table(game, hands, turn=A, current=form("Gr5"), owner=owner, placed=(1 << game.players) - 1, **fields)
    state = play(game, state, f"beat {winner_card}")
    while state.phase == GONG:
        state = play(game, state, "pass")
    return state


# -- terms and setup ------------------------------------------------------------------


def test_bd_3_1_match_game_fight_round_levels():
    game = load(3, games=2)
    states = random_states(game, 1)
    final = states[-1]
    assert final.match.game == 2 and sum(final.match.orden) == 2
    assert max(s.fight.number for s in states) >= 2 and final.match.fights >= 2


def test_bd_3_2_clockwise_skips_players_out_of_the_game():
    game = load(4)
    state = play(game, second_seat_out(game), "open Bl2")
    assert state.turn == C_


def test_bd_3_3_bronko_of_the_fight_takes_the_bronko_blut():
    game = load(3)
    state = ended(game, ["Bl8", "Gr1", "Ro1"], bronko=C_)
    assert state.standing.bronko == A


def test_bd_3_7_damage_suffered_is_schlagkraft_after_doubling():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4 Gr1", "Ge1"], vest_by=B))
    assert state.match.tally.damage == (0, 20, 0)


def test_bd_4_1_games_option_from_one_to_five():
    assert load(3).options["games"] == 1
    assert cardgames.load("bronko_donko").options["games"] == 5
    for bad in (0, 6, "two", True):
        with pytest.raises(ValueError, match="games"):
            cardgames.load("bronko_donko", games=bad)


def test_bd_4_2_every_game_starts_fresh_except_the_orden():
    game = load(2, games=2)
    state = ended(game, ["Bl8", "Ro6"], owner=B, schlaeger=((20,), (2,)), **standing(B, bronko=A))
    assert state.match.game == 1 and state.match.orden == (1, 0) and state.phase != OVER
    assert state.standing.schlaeger == (SCHLAEGER, SCHLAEGER) and state.standing.counted == (False, False)
    assert (state.standing.donko, state.standing.bronko, state.standing.flucht, state.fight.number) == (-1, -1, 0, 1)


def test_bd_4_3_deal_dealer_hand_sizes_and_first_controller():
    for players, per in ((2, 10), (3, 10), (4, 8)):
        game = load(players)
        for seed in range(5):
            state = game.new(seed=seed)
            sizes = [bin(h).count("1") for h in state.hands]
            assert sizes == [per] * players
            dealt = 0
            for h in state.hands:
                assert not dealt & h
                dealt |= h
            weakest = min((c for c in range(32) if dealt >> c & 1), key=lambda c: (c % 8, c // 8))
            assert state.fight.required == weakest and state.hands[state.turn] >> weakest & 1
    state = load(3).new(
        seed=0,
        deck=deck_for(
            [
                "Ge8 Ge7 Ge6 Ge5 Ge4 Ge3 Ge2 Ge1 Kose Wolf",
                "Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 Ro1 Ro2",
                "Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8 Ro3 Ro4",
            ]
        ),
    )
    assert state.hands[B] == mask("Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8 Ro1 Ro2")  # dealing starts after the dealer
    assert state.turn == B and state.fight.required == 0


def test_bd_4_4_same_seed_same_game():
    game = load(3)
    a, b = random_states(game, 9), random_states(game, 9)
    assert a[-1] == b[-1]
    assert game.new(seed=1).hands != game.new(seed=2).hands


def test_bd_4_5_views_hide_hands_but_not_public_information():
    game = load(3)
    state = game.new(seed=5)
    v = game.view(state, 0)
    assert v.hands[0] == state.hands[0] and v.hands[1] == 0 and v.hidden[1] == 10
    assert v.setup.seed == 0 and game.to_act(v) == game.to_act(state)
    assert "hidden" in game.render(state, 0)


# -- fight end and gong -------------------------------------------------------------------


def test_bd_8_1_fight_ends_when_a_hand_is_emptied_all_others_lose():
    game = load(4)
    state = table(game, ["Bl3", "Ro4", "Ge4 Gr1", "Gr2"], turn=A, current=form("Gr2"), owner=D, placed=0b1111)
    state = play(game, state, "beat Bl3")
    assert state.phase == GONG and state.settle.todo == (B, C_, D)


def test_bd_8_2_final_formation_keeps_the_strength_in_force():
    game = load(3)
    state = table(game, ["Bl3", "Ro3 Ge5", "Gr1"], turn=A, current=form("Gr4"), owner=C_, revolution=True, placed=0b111)
    state = play(game, state, "beat Bl3")
    assert state.round.current.strength[1] == 5 and "box Ro3" in legal(game, state)


def test_bd_8_3_gong_once_each_clockwise_from_the_winner():
    game = load(4)
    state = table(game, ["Bl3", "Ro3 Ge5", "Gr3 Gr1", "Ge3 Ge1"], turn=A, current=form("Bl2"), owner=D, placed=0b1111)
    state = play(game, state, "beat Bl3")
    order = []
    while state.phase == GONG:
        order.append(state.turn)
        state = play(game, state, "box " + [a for a in legal(game, state) if a.startswith("box")][0][4:])
    assert order == [B, C_, D]


def test_bd_8_4_donko_emptying_his_hand_in_the_gong_sheds_the_haufen():
    game = load(3)
    state = table(
        game, ["Ge6", "Ro6 Ro8", "Bl6"], turn=A, current=form("Gr5"), owner=C_, placed=0b111, **standing(C_, bronko=B)
    )
    state = play(game, state, "beat Ge6", "pass", "box Bl6")
    state = settle_all(game, state)
    assert state.standing.donko == B


def test_bd_8_5_settlement_follows_the_gong():
    game = load(3)
    state = table(game, ["Ge6", "Ro6 Ro4", "Bl1"], turn=A, current=form("Gr5"), owner=C_, placed=0b111)
    state = play(game, state, "beat Ge6", "pass")
    assert state.phase == GONG
    state = play(game, state, "pass")
    assert state.phase in (ORDER, KNOCKOUT)


# -- settlement --------------------------------------------------------------------------


def test_bd_9_1_bronko_chooses_the_order_of_the_losers():
    game = load(4)
    state = ended(game, ["Bl8", "Ro4", "Ge4", "Gr4"], owner=D)
    assert state.phase == ORDER and state.turn == A and legal(game, state) == {"settle 1", "settle 2", "settle 3"}
    state = play(game, state, "settle 3")
    assert state.settle.loser == D


def test_bd_9_2_schlagkraft_is_the_damage_left_in_hand():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro8 Ro4 Kose", "Wolf Gr7 Gr6 Gr5 Gr1"]))
    assert {e["loser"]: e["schlagkraft"] for e in fight_log(state)} == {B: 41, C_: 29}


def test_bd_9_3_flucht_for_a_starless_donko_and_escape_with_three():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro1 Ro2", "Ro4"], owner=C_, **standing(B, bronko=C_)))
    assert state.standing.donko == B and state.standing.flucht == 1 and state.match.tally.fluchtkarten[B] == 1
    state = settle_all(game, ended(game, ["Bl8", "Ro1 Ro2", "Ro4"], owner=C_, **standing(B, bronko=C_, flucht=3)))
    assert state.standing.donko == C_ and state.standing.flucht == 0  # escaped: departure (b)


def test_bd_9_4_knockouts_mandatory_angezaehlt_first_and_blocking():
    game = load(3)
    state = ended(game, ["Bl8", "Ro4 Ro5", "Gr1"], schlaeger=(SCHLAEGER, (15, 20), (2,)), counted=(False, True, False))
    state = settle_all(game, state)
    # 15* costs more than S = 12: it blocks every knock-out (b); the leftover then removes it (BD-9.5)
    assert state.standing.schlaeger[B] == (20,) and not state.standing.counted[B]
    assert fight_log(state)[0]["knocked_out"] == [15] and fight_log(state)[0]["counted"] is None
    state = ended(game, ["Bl8", "Ro4 Ro5", "Gr1"], schlaeger=(SCHLAEGER, (2, 4, 6, 8), (2,)))
    assert state.phase == ORDER
    state = play(game, state, "settle 1")
    assert state.phase == KNOCKOUT and legal(game, state) == {"knock 2", "knock 4", "knock 6", "knock 8"}
    state = play(game, state, "knock 8")
    assert legal(game, state) == {"knock 2", "knock 4"}
    state = play(game, state, "knock 2")  # S = 2 is left and nothing costs <= 2: the weakest, 4, is counted
    assert state.standing.schlaeger[B] == (4, 6) and state.standing.counted[B]


def test_bd_9_5_leftover_counts_or_knocks_out_the_weakest():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro6", "Gr1"], schlaeger=(SCHLAEGER, (4, 8), (2,))))
    assert state.standing.schlaeger[B] == (4, 8) and state.standing.counted[B] and fight_log(state)[0]["counted"] == 4
    state = settle_all(
        game, ended(game, ["Bl8", "Ro6", "Gr1"], schlaeger=(SCHLAEGER, (4, 8), (2,)), counted=(False, True, False))
    )
    assert state.standing.schlaeger[B] == (8,) and not state.standing.counted[B]


def test_bd_9_6_knocked_out_for_the_game_and_eliminated_without_schlaeger():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4", "Gr1"], schlaeger=(SCHLAEGER, (10,), (2, 4))))
    assert not state.standing.alive >> B & 1 and state.match.tally.hp_lost[B] == 10


def test_bd_9_7_settlement_outline_over_random_games():
    """BD-9.7 / BD-9.8: per loser, HP knocked out never exceed the Schlagkraft plus one counted leftover."""
    game = load(4)
    for seed in range(15):
        final = random_states(game, seed)[-1]
        for e in fight_log(final):
            assert sum(e["knocked_out"]) <= e["schlagkraft"] + max(e["knocked_out"] or [0])


def test_bd_9_8_at_most_one_angezaehlt_and_always_the_weakest():
    game = load(4, games=2)
    for s in random_states(game, 3):
        for q in range(4):
            if s.standing.counted[q]:
                assert s.standing.schlaeger[q]


# -- Donko-Haufen and betrayal -----------------------------------------------------------


def test_bd_10_1_no_haufen_when_the_game_is_over():
    game = load(2)
    state = ended(game, ["Bl8", "Ro6"], owner=B, schlaeger=(SCHLAEGER, (2,)), **standing(B, bronko=A))
    assert state.phase == OVER and state.standing.donko == B


def test_bd_10_2_unassigned_haufen_to_most_damage_then_most_cards():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4 Gr1", "Ge4 Gr2 Gr3"]))
    assert state.standing.donko == C_  # 10 each; C holds more cards
    state = settle_all(game, ended(game, ["Bl8", "Ro5 Gr1", "Ge4"]))
    assert state.standing.donko == C_  # most damage first


def test_bd_10_3_departure_recipient_excludes_donko_and_bronko():
    game = load(4)
    state = settle_all(game, ended(game, ["Bl8", "Ro1", "Ge4", "Gr8"], owner=B, **standing(A, bronko=B)))
    assert state.standing.donko == D  # (a): the Donko won; D suffered most


def test_bd_10_4_otherwise_the_donko_keeps_it():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4", "Ge8"], **standing(B, bronko=C_, flucht=2)))
    assert state.standing.donko == B and state.standing.flucht == 2


def test_bd_10_5_fluchtkarten_return_whenever_the_haufen_leaves():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4", "Ge8"], **standing(A, bronko=C_, flucht=2)))
    assert state.standing.donko == C_ and state.standing.flucht == 0


def test_bd_10_6_two_player_cancellation_restarts_like_a_first_fight():
    game = load(2)
    state = settle_all(game, ended(game, ["Bl8", "Ro1"], owner=B, **standing(B, bronko=A, flucht=3)))
    assert (state.standing.donko, state.standing.bronko) == (-1, -1)
    assert state.phase == PLAY and state.fight.required >= 0


def test_bd_10_7_betrayal_gives_the_two_strongest_and_returns_any_two():
    game = load(3)
    assert sorted(give_options(mask("Kose Wolf Ro8 Ge8 Bl7 Gr1"))) == [mask("Ro8 Ge8")]
    assert len(give_options(mask("Ro6 Ge6 Bl6 Gr1"))) == 3
    state = ended(game, ["Bl8", "Ro4", "Ge8"], **standing(B, bronko=C_))
    state = settle_all(game, state)
    assert state.phase in (GIVE, RETURN)
    if state.phase == GIVE:
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.turn == A and state.fight.public and bin(state.fight.public).count("1") == 2
    with pytest.raises(cardgames.IllegalMove) as err:
        game.apply(state, Hand2("return", mask("Kose Wolf")))
    assert err.value.rule == "BD-10.7"
    state = game.apply(state, game.legal_actions(state)[0])
    assert [bin(h).count("1") for h in state.hands] == [10, 10, 10]
    assert bin(state.fight.public).count("1") == 4 and state.turn == B


def test_bd_10_8_the_donko_deals_and_opens():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4", "Ge8"], **standing(B, bronko=C_)))
    while state.phase in (GIVE, RETURN):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.turn == B and state.phase == PLAY and state.fight.required == -1


def test_bd_10_9_haufen_outline_over_random_games():
    """BD-10.9 / BD-10.6: with three or more players the Bronko never holds both tokens."""
    game = load(3, games=2)
    for seed in range(10):
        for s in random_states(game, seed):
            if s.phase == PLAY and bin(s.standing.alive).count("1") >= 3 and s.standing.donko >= 0:
                assert s.standing.donko != s.standing.bronko


# -- game and match end ---------------------------------------------------------------------


def test_bd_11_1_eliminated_players_get_no_cards_and_no_turns():
    game = load(4)
    state = settle_all(game, ended(game, ["Bl8", "Ro4", "Ge1", "Gr1"], schlaeger=(SCHLAEGER, (4,), (2,), (2,))))
    assert not state.standing.alive >> B & 1 and state.hands[B] == 0
    assert all(bin(state.hands[q]).count("1") == 10 for q in (A, C_, D))
    while state.phase != OVER and state.match.fights == 2:
        assert state.turn != B
        state = game.apply(state, game.legal_actions(state)[0])


def test_bd_11_1_an_eliminated_donko_holds_no_cards_while_he_chooses_the_recipient():
    """The eliminated Donko still decides a DP-10 tie (BD-10.3), but his leftover cards are gone (BD-11.1)."""
    game = load(4)
    state = ended(
        game,
        ["Bl8", "Ro4 Gr1", "Ge4 Gr2", "Ro8 Ge2"],
        owner=D,
        schlaeger=(SCHLAEGER, SCHLAEGER, SCHLAEGER, (2, 4)),
        **standing(D, bronko=B),
    )
    while state.phase in (ORDER, KNOCKOUT):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.phase == HAUFEN and state.turn == D and not state.standing.alive >> D & 1
    assert state.hands[D] == 0 and state.hands[B] and state.hands[C_]


def test_bd_11_2_last_player_standing_wins_an_orden():
    game = load(3)
    state = settle_all(game, ended(game, ["Bl8", "Ro4", "Ge4"], schlaeger=(SCHLAEGER, (4,), (2,))))
    assert state.phase == OVER and state.match.orden == (1, 0, 0)


def test_bd_11_3_match_of_g_games():
    for g in (1, 3):
        game = load(2, games=g)
        final = random_states(game, 1)[-1]
        assert final.match.game == g and sum(final.match.orden) == g


def test_bd_11_4_most_orden_win_ties_share():
    game = load(3, games=2)
    final = random_states(game, 2)[-1]
    rows = game.settlement(final).rows()
    top = max(r["orden"] for r in rows)
    assert [r["winner"] for r in rows] == [r["orden"] == top for r in rows]


def test_settlement_rows_have_the_listed_keys():
    game = load(3)
    final = random_states(game, 4)[-1]
    rows = game.settlement(final).rows()
    for key in (
        "player",
        "hp_lost",
        "schlaeger_left",
        "fights",
        "fights_won",
        "times_donko",
        "fluchtkarten",
        "eliminated_in_fight",
        "orden",
        "winner",
    ):
        assert key in rows[0]
    assert sum(r["fights_won"] for r in rows) == final.match.fights
    log = fight_log(final)
    assert sum(len(e["knocked_out"]) for e in log) >= 8
    assert set(log[0]) == {"game", "fight", "bronko", "loser", "schlagkraft", "knocked_out", "counted", "vest_off"}


def test_bd_5_13_fight_flow_setup_rounds_gong_settlement_haufen():
    """BD-5.13: the phases of a fight come in the outlined order."""
    game = load(3)
    order = {"setup": 0, "round": 1, "gong": 2, "settle": 3}
    for seed in range(5):
        states = random_states(game, seed)
        fight, stage = 1, 0
        for s in states:
            if s.match.fights != fight:
                fight, stage = s.match.fights, 0
            kind = {0: "setup", 1: "setup", 2: "round", 3: "round", 4: "gong"}.get(s.phase, "settle")
            if s.phase == OVER:
                break
            assert order[kind] >= stage, (seed, s.match.fights, kind)
            stage = order[kind]


def test_bd_11_3_player_games_one_row_per_player_per_game():
    from cardgames.bronko_donko import player_games

    game = load(3, games=3)
    final = random_states(game, 6)[-1]
    rows = player_games(final)
    assert len(rows) == 9 and [r["game"] for r in rows] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    match = game.settlement(final).rows()
    for p in range(3):
        mine = [r for r in rows if r["player"] == p]
        for key in ("hp_lost", "fights", "fights_won", "times_donko", "fluchtkarten", "damage_suffered", "orden"):
            assert sum(r[key] for r in mine) == match[p][key]
        assert mine[-1]["schlaeger_left"] == match[p]["schlaeger_left"]
        assert mine[-1]["eliminated_in_fight"] == match[p]["eliminated_in_fight"]
    for g in (1, 2, 3):
        same = [r for r in rows if r["game"] == g]
        assert sum(r["winner"] for r in same) == 1
        assert all((r["schlaeger_left"] > 0) == r["winner"] for r in same)
        assert all((r["eliminated_in_fight"] == 0) == r["winner"] for r in same)
    assert game.settlement(final).games == rows
