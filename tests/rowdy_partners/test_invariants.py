"""General situations: invariants of RP-4 checked along many seeded random games of every size."""

from __future__ import annotations

import pytest
from helpers import random_states

import cardgames
from cardgames.rowdy_partners import move_marker, trick_damage, winning_index
from cardgames.rowdy_partners.cards import SUIT_T


def games(players, count=25):
    game = cardgames.load("rowdy_partners", players=players)
    for seed in range(count):
        yield game, random_states(game, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_8_no_two_face_up_cards_share_a_value_unless_immune(players):
    """RP-4.8: after every placement no two face-up, non-immune cards of a row have equal modified values."""
    for _game, states in games(players):
        for s in states:
            for row in [s.row] + [t.row for t in s.score.log[-1:]]:
                values = [q.value for q in row if q.up and not q.immune]
                assert len(values) == len(set(values))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_10_every_trick_is_won_by_the_lowest_candidate_and_damages_the_other_ring(players):
    """RP-4.10 and RP-4.11: the logged winner, D, target and positions follow the algorithm."""
    for game, states in games(players):
        final = states[-1]
        for t in final.score.log:
            i = winning_index(t.row, t.suit)
            if i < 0:
                assert t.winner == -1 and not any(q.up for q in t.row)
                continue
            q = t.row[i]
            assert t.winner == q.player and t.damage == trick_damage(q)
            assert q.suit < 0 or q.suit == t.suit
            assert t.target == t.ring[1 - game.side_of[q.player]]
            assert t.after == move_marker(t.before, t.damage)
            assert all(not (r.up and (r.suit < 0 or r.suit == t.suit)) or r.value >= q.value for r in t.row)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_2_cards_are_conserved_within_a_round(players):
    """RP-4.2 and RP-4.10 step 8: hands, diamonds, burn pile, row and the round's played cards make the deck."""
    for _game, states in games(players, 10):
        for s in states:
            played = [q.card for t in s.score.log if t.round == s.deal.round for q in t.row]
            if s.score.result is not None:
                continue
            allc = [c for h in s.hands for c in h] + [c for d in s.deal.diamonds for c in d] + list(s.deal.burn)
            allc += [q.card for q in s.row] + played
            assert sorted(allc) == list(range(36))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_2_3_and_rp_2_4_tracks_stay_in_range(players):
    """RP-2.3 and RP-2.4: health only grows, up to 19; pop tracks stay within 0-11 between plays."""
    for _game, states in games(players, 10):
        for a, b in zip(states, states[1:]):
            assert all(x <= y <= 19 for x, y in zip(a.score.health, b.score.health))
            assert all(0 <= p < 12 for p in b.tokens.pop)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_6_every_offered_card_follows_suit(players):
    """RP-4.6: the offered cards obey the follow rule for the current S and source."""
    for game, states in games(players, 10):
        for s in states:
            if s.phase != 1 or s.suit < 0:
                continue
            p = s.actor
            offered = [a.card for a in game.legal_actions(s) if type(a).__name__ == "Play"]
            for c in offered:
                src = s.hands[p] if c in s.hands[p] else s.deal.diamonds[p]
                if any(SUIT_T[x] == s.suit for x in src):
                    assert SUIT_T[c] in (s.suit, -1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_15_a_players_view_lists_the_same_actions(players):
    """RP-4.15: what a player sees is enough to know his legal actions (agents decide from their view)."""
    for game, states in games(players, 8):
        for s in states[:-1]:
            p = s.actor
            assert game._legal(game.view(s, p), p) == game.legal_actions(s, p)  # worked out from the view alone
