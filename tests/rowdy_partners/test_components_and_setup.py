"""RP-1, RP-2 and RP-3: the game, its components (our reconstruction in data.py) and the setup."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.rowdy_partners import data, move_marker
from cardgames.rowdy_partners.cards import CODES, POP, SUIT, VALUE, card, code, pretty

from .util import act, deal, give, load


def test_rp_1_1_a_team_trick_taker_for_two_to_four_players():
    """RP-1.1: Rowdy Partners loads for 2-4 players with clause prefix RP."""
    for n in (2, 3, 4):
        game = cardgames.load("rowdy_partners", players=n)
        assert game.players == n and game.spec.prefix == "RP"
    with pytest.raises(ValueError, match="played by"):
        cardgames.load("rowdy_partners", players=5)


def test_rp_1_2_the_seed_facts_rounds_of_eight_tricks_eight_cards_four_burned():
    """RP-1.2: rounds of exactly 8 tricks, 8 cards to each hand, 4 to the burn pile."""
    assert data.TRICKS_PER_ROUND == 8 and data.HAND_SIZE == 8 and data.BURN_SIZE == 4
    game, s = deal(4)
    assert all(len(h) == 8 for h in s.hands) and len(s.deal.burn) == 4


def test_rp_1_3_reconstructed_details_live_in_the_data_module():
    """RP-1.3: component counts, tracks, awards, cheats and signature moves come from data.py."""
    assert len(data.CHEATS) == 10 and len(data.WRESTLERS) == 6
    assert data.SKULL == 19 and data.POP_AWARDS[10] == "unlock"
    assert all(isinstance(c.effect, data.Effect) for c in data.CHEATS.values())


def test_rp_1_4_terms_wildcards_count_as_every_suit_and_values_may_leave_1_to_8():
    """RP-1.4: a wildcard has no suit (every suit); a modified value may exceed 8 or drop below 1."""
    assert SUIT[card("W4")] == -1 and VALUE[card("W4")] == 4
    game, s = deal(4, hands=["Ha8 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"])
    s = give(s, cheats={0: ("C01",)}, coins={0: 1})
    s = act(game, s, "cheat C01", "coin +1", "play Ha8")
    assert s.row[0].value == 11


def test_rp_2_1_the_deck_has_36_cards():
    """RP-2.1: four suits Ha Ho St Gr with values 1-8 and the wildcards W2 W4 W6 W8."""
    assert len(CODES) == 36 and len(set(CODES)) == 36
    assert [c for c in CODES if c.startswith("W")] == ["W2", "W4", "W6", "W8"]
    assert code(card("Gr5")) == "Gr5" and pretty(card("Ho3")) == "Horseshoe 3"
    with pytest.raises(ValueError, match="not a Rowdy Partners card"):
        card("Ha9")


def test_rp_2_2_pop_symbols_on_suited_sixes_sevens_and_eights():
    """RP-2.2: 12 cards carry a pop symbol; wildcards none; modifiers add or remove none."""
    assert sum(POP) == 12
    assert all(POP[card(f"{s}{v}")] for s in data.SUITS for v in (6, 7, 8))
    assert not any(POP[card(w)] for w in ("W2", "W4", "W6", "W8"))
    game, s = deal(4, hands=["Ha7 Ha5 Ha1 Ha2 Ha3 Ha4 Ho1 Ho2"])
    s = give(s, coins={0: 1})
    s1 = act(game, s, "coin -1", "play Ha7")  # v = 6, still one pop
    assert s1.tokens.pop == (1, 0)
    s = give(s, coins={0: 1})
    s2 = act(game, s, "coin +1", "play Ha5")  # v = 6, no pop symbol
    assert s2.tokens.pop == (0, 0)


@pytest.mark.parametrize(
    "start, damage, end",
    [
        (0, 0, 0),
        (0, 3, 3),
        (13, 4, 16),
        (15, 1, 16),
        (10, 20, 16),
        (16, 1, 17),
        (16, 9, 17),
        (17, 1, 17),
        (17, 2, 18),
        (18, 2, 18),
        (18, 3, 19),
    ],
)
def test_rp_2_3_health_track_and_stop_signs(start, damage, end):
    """RP-2.3: regular spaces to 15, STOP1/2/3 at 16-18 needing 1/2/3 damage, SKULL at 19."""
    assert move_marker(start, damage) == end


def test_rp_2_4_pop_track_fields_0_to_12():
    """RP-2.4: one pop track per side with fields 0-12."""
    game, s = deal(4)
    assert s.tokens.pop == (0, 0) and data.POP_RESET == 12
    game, s = deal(2)
    assert len(s.tokens.pop) == 2


def test_rp_2_5_tokens_belong_to_a_player_and_persist_across_rounds():
    """RP-2.5: tokens are held per player and carry over until spent."""
    game, s = deal(4, round_cap=5)
    s = give(s, coins={1: 2}, damage={2: 1})
    rng = __import__("random").Random(3)
    while s.deal.round == 1:
        legal = [a for a in game.legal_actions(s) if type(a).__name__ in ("Play", "Name", "Pass", "Bury")]
        s = game.apply(s, rng.choice(legal))
    assert s.tokens.coins[1] >= 2 and s.tokens.damage[2] >= 1


def test_rp_2_6_effect_vocabulary_val_dmg_dbl():
    """RP-2.6: VAL changes v, DMG adds damage, DBL doubles after DMG: (3 + 2 + 2) x 2 = 14."""
    game, s = deal(
        4,
        hands=[
            "Ha3 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7",
            "Ha6 St1 St2 St3 St4 St5 St6 St7",
            "Ha7 Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7",
            "Ha8 Ha1 Ha2 Ha4 Ha5 Ho8 St8 Gr8",
        ],
        burn="W2 W4 W6 W8",
    )
    s = give(s, cheats={0: ("C05", "C10", "C01")})
    s = act(game, s, "cheat C05", "cheat C10", "cheat C01", "play Ha3")
    q = s.row[0]
    assert (q.value, q.dmg, q.dbl, q.attached) == (5, 2, 1, ("C05", "C10", "C01"))
    s = act(game, s, "play Ha6", "play Ha7", "play Ha8")
    rec = s.score.log[-1]
    assert rec.winner == 0 and rec.damage == 14 and s.score.health[1] == 14


def test_rp_2_6_suit_changes_the_effective_suit_after_the_follow_check():
    """RP-2.6 SUIT: the card must still follow by printed suit; then its effective suit is the named one."""
    game, s = deal(4, hands=["Ha3 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7", "Ha4 Gr1 St2 St3 St4 St5 St6 St7"])
    s = give(s, cheats={1: ("C04",)})
    s = act(game, s, "play Ha3", "cheat C04 Gr")
    with pytest.raises(cardgames.IllegalMove) as err:
        act(game, s, "play Gr1")
    assert err.value.code == "X03"
    s = act(game, s, "play Ha4")
    assert s.row[1].suit == 3  # a Gravestone now: no longer a candidate for Hat


def test_rp_2_6_immune_is_never_flipped_and_flips_nothing():
    """RP-2.6 IMMUNE: an immune 4 flips nothing; a later 4 counters the plain 4, not the immune one."""
    game, s = deal(
        4,
        hands=[
            "Ha4 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7",
            "Ha5 Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7",
            "St4 St1 St2 St3 St5 St6 St7 St8",
            "Ha7 Ha1 Ha2 Ha3 Ha6 Ha8 Ho8 Gr8",
        ],
        burn="W2 W4 W6 W8",
    )
    s = give(s, cheats={1: ("C06",)}, coins={1: 1})
    s = act(game, s, "play Ha4", "cheat C06", "coin -1", "play Ha5")
    assert [q.up for q in s.row] == [True, True] and s.row[1].immune
    s = act(game, s, "play St4")
    assert [q.up for q in s.row] == [False, True, False]
    assert s.setter == 1 and s.suit == 0
    s = act(game, s, "play Ha7")
    assert s.score.log[-1].winner == 1


def test_rp_2_6_cancel_discards_an_opponents_token_or_a_random_hidden_cheat():
    """RP-2.6 CANCEL: the opponent discards one token of the named kind; a cheat is picked by the RNG."""
    game, s = deal(4)
    s = give(s, cheats={0: ("C07", "C07"), 1: ("C01", "C05")}, coins={3: 2})
    s2 = act(game, s, "cheat C07 3 coin")
    assert s2.tokens.coins[3] == 1 and s2.pending.attached == ("C07 3 coin",)
    s3 = act(game, s2, "cheat C07 1 cheat")
    assert len(s3.tokens.cheats[1]) == 1 and s3.tokens.used[-2] in ("C01", "C05") and s3.tokens.used[-1] == "C07"
    assert set(s3.tokens.cheats[1] + (s3.tokens.used[-2],)) == {"C01", "C05"}
    assert s3 == act(game, s2, "cheat C07 1 cheat")  # seeded: the same pick every time


def test_rp_2_6_burn_swap_takes_a_burn_card_and_buries_one():
    """RP-2.6 BURN_SWAP: a random burn card comes into the hand; one hand card goes face down."""
    game, s = deal(4, hands=["Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7 Ha8"], burn="W2 W4 W6 W8")
    s = give(s, cheats={0: ("C08",)})
    s = act(game, s, "cheat C08")
    assert s.trick.swap in (32, 33, 34, 35) and len(s.hands[0]) == 9 and len(s.deal.burn) == 3
    assert [type(a).__name__ for a in game.legal_actions(s)] == ["Bury"] * 9
    assert game.view(s, 1).trick.swap == -1  # private
    s = act(game, s, "bury Ha8")
    assert len(s.hands[0]) == 8 and len(s.deal.burn) == 4 and 7 in s.deal.burn
    assert "bury ??" in [str(a) for _, a in cardgames.history(game.view(s, 1))]


def test_rp_2_6_peek_shows_the_partners_hand_privately():
    """RP-2.6 PEEK: a team player sees his partner's hand; information only, seen by him alone."""
    game, s = deal(4)
    s = give(s, cheats={0: ("C09",)})
    s = act(game, s, "cheat C09")
    assert s.tokens.peeks == ((0, 2, s.hands[2]),)
    assert game.view(s, 0).tokens.peeks == s.tokens.peeks and game.view(s, 1).tokens.peeks == ()


def test_rp_4_7_6_what_a_peek_showed_stays_after_a_pop():
    """RP-4.7.6, RP-4.12: a pop symbol moves the pop track, and the record of a PEEK stays with its viewer
    (the track's new tokens once dropped it)."""
    game, s = deal(4, hands=["Ha6 Ho1 Ho2 Ho3 Ho4 Ho5 Ho7 Ho8"])
    s = give(s, cheats={0: ("C09",)})
    s = act(game, s, "cheat C09")
    seen = s.tokens.peeks
    s = act(game, s, "play Ha6")  # a pop symbol (RP-2.2): side A's track moves to 1
    assert s.tokens.pop[0] == 1
    assert s.tokens.peeks == seen == ((0, 2, s.hands[2]),)
    assert game.view(s, 0).tokens.peeks == seen


def test_rp_2_6_coin_is_plus_or_minus_one():
    """RP-2.6: a Coin is VAL(+1) or VAL(-1), chosen at use."""
    game, s = deal(4, hands=["Ha4 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7"])
    s = give(s, coins={0: 3})
    s = act(game, s, "coin +1", "coin +1", "coin -1", "play Ha4")
    assert s.row[0].value == 5 and s.tokens.coins[0] == 0


def test_rp_2_7_the_cheat_pool_is_a_load_option():
    """RP-2.7: ten tiles C01-C10 by default; any pool of known tiles (repeats allowed) may be loaded."""
    game, s = deal(4)
    assert sorted(s.tokens.pool) == sorted(data.CHEATS)
    g2 = load(4, cheat_pool=["C05", "C05", "C10"])
    assert sorted(g2.new(seed=3).tokens.pool) == ["C05", "C05", "C10"]
    with pytest.raises(ValueError, match="unknown cheat"):
        load(4, cheat_pool=["C99"])


def test_rp_2_8_the_roster_is_a_load_option_with_six_wrestlers():
    """RP-2.8: six wrestlers by default, each with one signature move; the roster is a load option."""
    game = cardgames.load("rowdy_partners")
    assert game.options["roster"] == ("W1", "W2", "W3", "W4", "W5", "W6")
    g2 = cardgames.load("rowdy_partners", players=2, roster=["W5", "W6"])
    assert sorted(g2.new(seed=4).seats.wrestlers) == ["W5", "W6"]
    with pytest.raises(ValueError, match="at least"):
        cardgames.load("rowdy_partners", players=4, roster=["W1", "W2"])
    assert data.WRESTLERS["W4"].effect.amount == (-1, -2, -3)


def test_rp_2_8_limbo_chooses_its_amount_at_use():
    """RP-2.8: Limbo is VAL(-1), VAL(-2) or VAL(-3), chosen at use."""
    game, s = deal(4, hands=["Ha6 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7"], wrestlers=("W4", "W1", "W2", "W3"))
    s = give(s, unlocked=(True, False))
    assert [str(a) for a in game.legal_actions(s)][:3] == ["sig W4 -1", "sig W4 -2", "sig W4 -3"]
    s = act(game, s, "sig W4 -3", "play Ha6")
    assert s.row[0].value == 3 and s.deal.sig_used[0]
    with pytest.raises(ValueError, match="amount"):
        game.parse_action(s, "sig W4 -4", 1)


def test_rp_2_9_one_seed_one_game():
    """RP-2.9: the same seed and decisions replay the same game; another seed deals differently."""
    game = cardgames.load("rowdy_partners")
    assert game.new(seed=5) == game.new(seed=5)
    assert game.new(seed=5).hands != game.new(seed=6).hands


def test_rp_3_1_modes_and_seating():
    """RP-3.1: 4 players A1 B1 A2 B2; 3 players A1 H A2; 2 players H1 H2."""
    for n, labels, sides, heads in [
        (4, ("A1", "B1", "A2", "B2"), (0, 1, 0, 1), (False,) * 4),
        (3, ("A1", "H", "A2"), (0, 1, 0), (False, True, False)),
        (2, ("H1", "H2"), (0, 1), (True, True)),
    ]:
        game = cardgames.load("rowdy_partners", players=n)
        assert game.labels == labels and game.side_of == sides and game.headliner == heads


def test_rp_3_2_wrestlers_dealt_without_repetition_or_assigned():
    """RP-3.2: each player gets a different wrestler by the RNG, unless the configuration assigns them."""
    game = cardgames.load("rowdy_partners")
    for seed in range(20):
        w = game.new(seed=seed).seats.wrestlers
        assert len(set(w)) == 4 and set(w) <= set(data.WRESTLERS)
    g2 = cardgames.load("rowdy_partners", wrestlers=["W6", "W5", "W4", "W3"])
    assert g2.new(seed=1).seats.wrestlers == ("W6", "W5", "W4", "W3")
    with pytest.raises(ValueError):
        cardgames.load("rowdy_partners", wrestlers=["W1", "W1", "W2", "W3"])


def test_rp_3_3_start_of_the_game():
    """RP-3.3: health and pop tracks at 0, no tokens, a shuffled cheat pool, no used cheats."""
    game = cardgames.load("rowdy_partners")
    s = game.new(seed=9)
    assert s.score.health == (0,) * 4 and s.tokens.pop == (0, 0)
    assert s.tokens.coins == s.tokens.damage == s.tokens.tags == (0,) * 4 and s.tokens.cheats == ((),) * 4
    assert s.tokens.used == () and sorted(s.tokens.pool) == sorted(data.CHEATS)
    pools = {game.new(seed=k).tokens.pool for k in range(10)}
    assert len(pools) > 1  # shuffled by the RNG


def test_rp_3_4_seat_0_is_first_leader_unless_configured():
    """RP-3.4: seat 0 is #1 for the first trick; the engine option first_leader changes it."""
    game = cardgames.load("rowdy_partners")
    assert game.to_act(game.new(seed=1)) == (0,)
    g2 = cardgames.load("rowdy_partners", first_leader=2)
    assert g2.to_act(g2.new(seed=1)) == (2,)


def test_rp_3_2_players_choose_their_wrestlers_in_seat_order():
    """RP-3.2 and DP-1: with choose_wrestlers each player in seat order takes a free wrestler."""
    game = cardgames.load("rowdy_partners", players=3, choose_wrestlers=True, roster=["W1", "W2", "W3", "W5"])
    s = game.new(seed=2)
    assert game.to_act(s) == (0,) and [str(a) for a in game.legal_actions(s)] == [
        "wrestler W1",
        "wrestler W2",
        "wrestler W3",
        "wrestler W5",
    ]
    s = act(game, s, "wrestler W5")
    assert game.to_act(s) == (1,)
    with pytest.raises(cardgames.IllegalMove) as err:
        act(game, s, "wrestler W5")
    assert err.value.code == "X05" and err.value.rule == "RP-3.2"
    with pytest.raises(cardgames.IllegalMove) as err:
        game.apply(s, game.parse_action(s, "wrestler W1", 1), 2)
    assert err.value.code == "X01"
    with pytest.raises(cardgames.IllegalMove) as err:
        act(game, s, "play Ha1")
    assert err.value.code == "X01"
    s = act(game, s, "wrestler W1", "wrestler W2")
    assert s.seats.wrestlers == ("W5", "W1", "W2") and s.phase == 1 and game.to_act(s) == (0,)
    assert "chooses W3" in game.describe(game.new(seed=2), game.parse_action(game.new(seed=2), "wrestler W3"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_3_2_chosen_wrestlers_games_replay(players):
    """RP-3.2: games with chosen wrestlers play to the end and replay from their record."""
    game = cardgames.load("rowdy_partners", players=players, choose_wrestlers=True)
    for agents in ("random", "greedy"):
        final = cardgames.playout(game, [agents] * players, seed=players)
        assert game.is_over(final) and "" not in final.seats.wrestlers
        assert cardgames.replay(cardgames.record(game, final))[-1] == final


def test_rp_4_7_a_cheat_held_twice_is_offered_once_and_cheats_in_id_order():
    """RP-4.7: the attachments offered ahead of the plays name each cheat held once, by increasing id."""
    game, s = deal(4, hands=["Ha3 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7"])
    s = give(s, cheats={0: ("C05", "C01", "C05")})
    offered = [str(a) for a in game.legal_actions(s) if str(a).startswith("cheat")]
    assert offered == ["cheat C01", "cheat C05"]
