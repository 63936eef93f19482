"""``Game.rivals(seat)``: whom a seat plays against, as the strength benchmark measures it."""

from __future__ import annotations

import pytest

import cardgames

SOLO = ["brokdorf", "bronko_donko", "three_bridges", "brotherhood"]


@pytest.mark.parametrize("name", SOLO)
def test_every_other_seat_is_a_rival_where_everybody_plays_alone(name):
    spec = cardgames.load(name).spec
    for players in range(spec.min_players, spec.max_players + 1):
        game = cardgames.load(name, players=players)
        for seat in range(players):
            assert game.rivals(seat) == tuple(s for s in range(players) if s != seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rowdy_partners_rivals_are_the_other_side_not_the_partner(players):
    """RP-2.3, RP-4.11: partners share a side's result, so a partner is no rival."""
    game = cardgames.load("rowdy_partners", players=players)
    for seat in range(players):
        rivals = game.rivals(seat)
        assert seat not in rivals and rivals
        assert all(game.side_of[r] != game.side_of[seat] for r in rivals)
        assert set(rivals) | set(game.members[game.side_of[seat]]) == set(range(players))
        if game.partner[seat] >= 0:
            assert game.partner[seat] not in rivals
    if players == 4:
        assert game.rivals(0) == tuple(s for s in range(4) if game.side_of[s] != game.side_of[0])
        assert len(game.rivals(0)) == 2


def test_a_rival_is_asked_of_a_seat_of_the_game():
    game = cardgames.load("brokdorf", players=4)
    with pytest.raises(ValueError):
        game.rivals(4)
    with pytest.raises(ValueError):
        cardgames.load("rowdy_partners", players=4).rivals(-1)
