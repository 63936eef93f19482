"""Audit of the Rowdy Partners engine against cardgames/rowdy_partners/rules.md (clause by clause)."""

from __future__ import annotations

import copy

import pytest

from cardgames import IllegalMove

from .util import A1, A2, B1, B2, BURN4, HANDS4, deal, give, reopen


def refused(game, s, text, player, code):
    before = copy.deepcopy(s)
    with pytest.raises(IllegalMove) as err:
        game.apply(s, game._parse(s, text, player), player)
    assert err.value.code == code, str(err.value)
    assert err.value.rule == "RP-4.4" or err.value.rule.startswith("RP-4.7")
    assert s == before
    return err.value


def test_rp_4_16_x07_apron_tag_before_the_first_card():
    """X07: an apron player's Tag before the first card is not his team's in-ring wrestler's Tag (RP-4.4)."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = give(s, tags={A2: 1, B2: 1})  # nobody in the ring holds a Tag: no window to ask anybody
    refused(game, s, "tag", A2, "X07")
    refused(game, s, "tag", B2, "X07")
    s = reopen(game, give(s, tags={A1: 1}))  # the window asks A1 first
    refused(game, s, "tag", B2, "X07")  # apron, although his side is asked later


def test_rp_4_16_x05_tag_without_a_token():
    """X05: the in-ring wrestler holds no Tag token (RP-4.4, RP-4.7)."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    refused(game, s, "tag", A1, "X05")
    refused(game, s, "tag", B1, "X05")
    s = reopen(game, give(s, tags={A1: 1}))
    refused(game, s, "tag", B1, "X05")


def test_rp_4_16_x06_tag_after_the_first_card():
    """X06: a Tag once the trick's first card is played stays a timing error (RP-4.4)."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = give(s, tags={B1: 1, A2: 1})
    from .util import act

    s = act(game, s, "play Ha5")
    refused(game, s, "tag", B1, "X06")
    refused(game, s, "tag", A2, "X06")


def test_rp_4_4_3_one_tag_per_side_also_after_the_window_closed():
    """RP-4.4.3 / X07: the partner tagged in cannot tag back in the same window, even once it has closed."""
    from .util import act

    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = reopen(game, give(s, tags={B1: 1, B2: 1}))
    assert game.to_act(s) == (B1,)
    s = act(game, s, "tag")  # B2 is in the ring now; the window closes
    assert s.trick.ring == (A1, B2) and game.to_act(s) == (A1,)
    refused(game, s, "tag", B2, "X07")
    refused(game, s, "tag", B1, "X07")  # on the apron


def test_rp_5_2_the_result_record_holds_tokens_and_cheats_left_and_both_pop_tracks():
    """RP-5.2: the result record also holds the tokens and cheats left and both pop tracks."""
    import cardgames

    game = cardgames.load("rowdy_partners", players=4)
    s = cardgames.playout(game, ["random"] * 4, seed=8)
    st = game.settlement(s)
    assert st.pop_tracks == {game.side_names[i]: s.tokens.pop[i] for i in range(2)}
    assert st.tokens_left == tuple(
        {
            "coins": s.tokens.coins[p],
            "damage": s.tokens.damage[p],
            "tags": s.tokens.tags[p],
            "cheats": s.tokens.cheats[p],
        }
        for p in range(4)
    )
    assert st.positions == s.score.health


def test_rp_2_6_cancel_names_the_token_kind_in_any_case():
    """RP-2.6 CANCEL: the kinds are Coin, Damage, Tag or Cheat; 'Coin' reads as the canonical 'coin'."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = give(s, cheats={A1: ("C07",)}, coins={B1: 1})
    action = game.parse_action(s, "cheat C07 1 Coin", A1)
    assert str(action) == "cheat C07 1 coin" and action in game.legal_actions(s)
    s = game.apply(s, action, A1)
    assert s.tokens.coins[B1] == 0


def test_rp_4_3_render_marks_the_wrestlers_in_the_ring_during_the_tag_window():
    """RP-4.3/RP-4.4: during the tag window the picture marks the ring of the coming trick, not the last one."""
    from .util import act

    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = give(s, tags={A2: 1, B1: 1})
    s = act(game, s, "play Ha5", "play St2", "play Gr5", "play St4")  # B1 wins with St2 and leads next
    assert game.to_act(s) == (B1,)  # the tag window of trick 2: ring B1 (#1) and A2 (#2)
    s = act(game, s, "pass")
    lines = game.render(s).splitlines()
    ring = {line.split()[1] for line in lines if "(in the ring)" in line}
    assert ring == {"B1", "A2"}
    s = act(game, s, "tag")  # A1 goes into the ring for team A
    lines = game.render(s).splitlines()
    ring = {line.split()[1] for line in lines if "(in the ring)" in line}
    assert ring == {"B1", "A1"}


def test_rp_4_16_x10_a_wildcard_setter_named_with_no_suit_or_a_non_suit():
    """X10 (RP-4.9, DP-6): the wildcard's player names no suit, or something that is not a suit."""
    game, s = deal(4, hands=HANDS4, burn=BURN4, first_leader=1)
    from .util import act

    s = act(game, s, "play W2")
    for text in ("name Xx", "name", "name Hot"):
        with pytest.raises(IllegalMove) as err:
            game.parse_action(s, text, B1)
        assert err.value.code == "X10" and err.value.rule == "RP-4.9", str(err.value)
        assert "Hat, Horseshoe, Star or Gravestone" in str(err.value)
    with pytest.raises(ValueError):  # outside the naming it stays malformed text
        game.parse_action(act(game, s, "name Gr"), "name Xx", A2)
