"""RP-5 settlement, RP-6 the end of the game, RP-7 decision points, RP-9 resolved ambiguities."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.rowdy_partners.actions import PLAY
from cardgames.rowdy_partners.cards import card

from .util import act, deal, give


def last_trick_state(health, **opts):
    game, s = deal(4, round_cap=1, **opts)
    hands = tuple((card(c),) for c in ("Ha1", "Ha2", "Ha3", "Ha4"))
    return game, give(s, number=8, hands=hands, health=health)


def random_game(players=4, seed=3, agents=None):
    game = cardgames.load("rowdy_partners", players=players)
    return game, cardgames.playout(game, agents or ["random"] * players, seed=seed)


def test_rp_5_1_the_result_is_the_winning_side():
    """RP-5.1: no points; the side opposing the pinned wrestler wins."""
    game, s = random_game()
    r = s.score.result
    assert r.reason == "pin" and r.winner == 1 - game.side_of[r.pinned]
    rows = game.settlement(s).rows()
    assert {row["winning_side"] for row in rows} == {game.side_names[r.winner]}
    assert [row["won"] for row in rows] == [float(game.side_of[p] == r.winner) for p in range(4)]


def test_rp_5_2_the_result_record_and_replay():
    """RP-5.2: winner, pinned wrestler, round and trick, positions, tracks, tokens, trick log, seed and decisions."""
    game, s = random_game(seed=8)
    st = game.settlement(s)
    assert st.result == s.score.result and st.log == s.score.log and st.pinned == s.score.result.pinned
    rows = st.rows()
    assert [row["position"] for row in rows] == list(s.score.health)
    assert rows[0]["rounds"] == s.score.result.round and rows[0]["tricks"] == len(s.score.log)
    rec = cardgames.record(game, s)
    assert cardgames.replay(rec)[-1] == s
    for t in s.score.log:
        assert t.winner == -1 or t.row and t.after >= t.before


def test_rp_5_3_statistics_per_player():
    """RP-5.3: tricks won, damage dealt, tokens gained and spent, per player."""
    game, s = random_game(seed=9)
    rows = game.settlement(s).rows()
    for p, row in enumerate(rows):
        assert row["tricks_won"] == sum(t.winner == p for t in s.score.log)
        assert row["damage_dealt"] == sum(t.damage for t in s.score.log if t.winner == p)
        assert row["tokens_gained"] >= 0 and row["tokens_spent"] >= 0
    assert list(rows[0]) == [
        "player",
        "label",
        "side",
        "wrestler",
        "position",
        "pinned",
        "tricks_won",
        "damage_dealt",
        "tokens_gained",
        "tokens_spent",
        "pop",
        "won",
        "winning_side",
        "rounds",
        "tricks",
    ]


def test_rp_6_1_the_game_ends_at_the_skull():
    """RP-6.1: the pin ends the game at once; no further card is played."""
    game, s = deal(4, hands=["Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7 Ha8"])
    s = give(s, health={1: 18}, damage={0: 2})
    s = act(game, s, "damage", "damage", "play Ha1")  # D = 1 + 2 = 3 leaves STOP3
    while game.to_act(s):  # the others play their highest card
        s = act(game, s, str(game.legal_actions(s)[-1]))
    assert s.score.health[1] == 19 and s.score.result.pinned == 1 and len(s.score.log) == 1
    assert game.to_act(s) == () and game.legal_actions(s, 0) == ()
    with pytest.raises(cardgames.IllegalMove) as err:
        game.apply(s, PLAY[card("Ha2")], 0)
    assert err.value.rule == "RP-6.1"


def test_rp_6_2_rounds_follow_one_another_until_a_pin():
    """RP-6.2: without a pin the game deals round after round."""
    game = cardgames.load("rowdy_partners", round_cap=50)
    longest = max(cardgames.playout(game, ["random"] * 4, seed=k).score.result.round for k in range(20))
    assert longest >= 2


def test_rp_6_3_round_cap_lower_most_advanced_wrestler_wins():
    """RP-6.3: at the cap the side whose most advanced wrestler has the lower position wins."""
    game, s = last_trick_state({0: 5, 1: 5, 2: 5, 3: 5})
    s = act(game, s, "play Ha1", "play Ha2", "play Ha3", "play Ha4")
    assert s.score.health == (5, 6, 5, 5) and s.score.result.reason == "cap" and s.score.result.winner == 0
    rows = game.settlement(s).rows()
    assert [r["won"] for r in rows] == [1.0, 0.0, 1.0, 0.0]


def test_rp_6_3_equal_positions_give_a_draw():
    """RP-6.3: equal most-advanced positions at the cap are a draw."""
    game, s = last_trick_state({0: 6, 1: 5, 2: 0, 3: 2})
    s = act(game, s, "play Ha1", "play Ha2", "play Ha3", "play Ha4")
    assert s.score.result.winner == -1
    rows = game.settlement(s).rows()
    assert {r["winning_side"] for r in rows} == {"draw"} and {r["won"] for r in rows} == {0.5}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_7_no_decision_is_simultaneous(players):
    """RP-7: every decision is taken in turn by one player (DP-1 to DP-6)."""
    game = cardgames.load("rowdy_partners", players=players)
    assert not game.spec.simultaneous
    rng = random.Random(players)
    s = game.new(seed=players)
    kinds = set()
    while game.to_act(s):
        assert len(game.to_act(s)) == 1
        a = rng.choice(game.legal_actions(s))
        kinds.add(type(a).__name__)
        s = game.apply(s, a)
    assert "Play" in kinds


def test_rp_9_r7_follow_is_judged_on_printed_suits():
    """RP-9 R-7: a Hat changed to Gravestone by SUIT still counts as a Hat for the follow obligation."""
    game, s = deal(4, hands=["Gr3 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7", "Gr4 Ha8 St1 St2 St3 St4 St5 St6"])
    s = give(s, cheats={1: ("C04",)})
    s = act(game, s, "play Gr3", "cheat C04 St")
    legal = [str(a) for a in game.legal_actions(s)]
    assert legal == ["play Gr4"]


def test_rp_4_16_views_cannot_replay_hidden_setup():
    """RP-4.15 and RP-4.16: a view hides the seed and the stacked deck, so hidden cards cannot be rebuilt."""
    game, s = deal(4)
    v = game.view(s, 2)
    assert v.setup.seed == 0 and v.setup.get("deck") is None
