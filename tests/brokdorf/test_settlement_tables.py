"""Brokdorf: the per-player game table used by the settlement notebook (BK-5.1 read back from the log)."""

from __future__ import annotations

import cardgames
from cardgames.brokdorf.settlement import game_log, player_games

from .test_scoring import bk_8_7_state


def test_bk_8_7_player_games_name_every_role_and_change():
    g, s = bk_8_7_state()
    rows = {r["player"]: r for r in player_games(s)}
    assert [rows[p]["role"] for p in range(5)] == ["mit", "weg", "mit", "declarer", "mit"]
    assert [rows[p]["change"] for p in range(5)] == [-3, 0, 5, 3, 5]
    assert [rows[p]["plus_five"] for p in range(5)] == [False, False, True, True, True]
    assert rows[3]["made"] is False and rows[3]["contract"] == 3 and rows[3]["tricks"] == 2
    assert all(rows[p]["made"] is None for p in (0, 1, 2, 4))


def test_player_games_agree_with_the_game_log_of_a_seeded_round():
    game = cardgames.load("brokdorf", players=4)
    state = cardgames.playout(game, ["greedy", "random", "greedy", "random"], seed=11)
    rows = player_games(state)
    log = [g for g in game_log(state) if not g["decision"]]
    assert len(rows) == 4 * len(log)
    for g in log:
        mine = [r for r in rows if (r["round"], r["game"]) == (g["round"], g["game"])]
        assert [r["change"] for r in mine] == g["changes"]
        assert sum(r["role"] == "declarer" for r in mine) == 1
    assert sum(r["change"] for r in rows) == sum(state.sheet.points) - 15 * 4  # the decision game changes no points


def test_bk_5_12_a_caught_violator_counts_as_a_plus_five():
    g, s = bk_8_7_state(violation=True)
    rows = {r["player"]: r for r in player_games(s)}
    assert rows[0]["plus_five"] and rows[0]["change"] == 5 and rows[0]["tricks"] == 0
