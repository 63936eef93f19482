"""describe, render, parse_action, options and stacked decks: words for people and bad input."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.rowdy_partners import stacked_deck

from .util import act, deal, give

HANDS = [
    "Ha5 Ha1 Ha2 Ho1 Ho2 Ho3 Gr1 Gr2",
    "St2 Ho4 Ho5 Ho6 Gr3 Gr4 W2 W4",
    "Gr5 Gr6 Gr7 Gr8 Ho7 Ho8 St1 W6",
    "St4 St3 St5 Ha3 Ha4 Ha6 Ha7 Ha8",
]


def test_rp_4_10_describe_tells_the_counter_and_the_trick_result():
    """RP-4.10: describe names the clauses and what happened automatically."""
    game, s = deal(4, hands=HANDS, burn="St6 St7 St8 W8")
    text = game.describe(s, game.parse_action(s, "play Ha5"))
    assert "RP-4.10" in text and "sets the led suit Hat" in text
    s = act(game, s, "play Ha5", "play St2")
    text = game.describe(s, game.parse_action(s, "play Gr5"))
    assert "counters A1's Ha5" in text and "RP-4.8" in text and "Star" in text
    s = act(game, s, "play Gr5")
    text = game.describe(s, game.parse_action(s, "play St4"))
    assert "B1 wins the trick" in text and "2 damage to A1" in text and "RP-4.11" in text


def test_rp_4_7_describe_attachments():
    """RP-4.7: attachments are described with their effect and clause."""
    game, s = deal(4, hands=HANDS, burn="St6 St7 St8 W8")
    s = give(s, coins={0: 1}, cheats={0: ("C10",)})
    assert "attaches a Coin as -1 to his coming card (RP-2.6, RP-4.7)" in game.describe(
        s, game.parse_action(s, "coin -1")
    )
    assert "Foreign Object" in game.describe(s, game.parse_action(s, "cheat C10"))


def test_rp_4_15_render_shows_the_table_and_hides_other_hands():
    """RP-4.15: render draws seats, health, tokens, the row and who acts; a player's render hides the rest."""
    game, s = deal(4, hands=HANDS, burn="St6 St7 St8 W8")
    s = act(game, s, "play Ha5")
    full = game.render(s)
    assert "Ha5" in full and "St2" in full and "to act: B1" in full
    mine = game.render(s, 1)
    assert "St2" in mine and "Ho7" not in mine and "??" in mine


def test_rp_4_16_parse_rejects_malformed_text_with_what_is_allowed():
    """RP-4.16: malformed action texts are ValueErrors that list the action forms."""
    game, s = deal(4)
    for text in (
        "jump",
        "play",
        "play Ha9",
        "coin 2",
        "cheat C99",
        "sig W9",
        "name Xx",
        "cheat C01 Ha",
        "sig W4",
        "sig W4 -7",
    ):
        with pytest.raises(ValueError):
            game.parse_action(s, text, 0)
    with pytest.raises(ValueError, match="written as in 'play Ha5', 'name Gravestone', 'bury Ha5', 'tag', 'pass'"):
        game.parse_action(s, "jump", 0)


def test_rp_3_4_options_are_checked():
    """RP-3.4 and RP-6.3: first_leader must be a seat and round_cap positive."""
    with pytest.raises(ValueError, match="first_leader"):
        cardgames.load("rowdy_partners", players=2, first_leader=3)
    with pytest.raises(ValueError, match="round_cap"):
        cardgames.load("rowdy_partners", round_cap=0)
    with pytest.raises(ValueError, match="wrestler"):
        cardgames.load("rowdy_partners", players=2, wrestlers=["W1"])


def test_rp_4_2_stacked_decks_per_round_and_records_replay_them():
    """RP-4.2: a stacked deck (or one per round) survives record and replay."""
    game = cardgames.load("rowdy_partners")
    d1 = stacked_deck(4, hands=[HANDS[0].split()])
    d2 = list(reversed(d1))
    s = game.new(seed=3, deck=[d1, d2])
    rng = __import__("random").Random(1)
    while s.deal.round < 2 and game.to_act(s):
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    assert sorted(s.hands[0]) == sorted(cardgames.rowdy_partners.cards.CARD[c] for c in d2[:8])
    rec = cardgames.record(game, s)
    assert cardgames.replay(rec)[-1] == s
    with pytest.raises(ValueError, match="exactly once"):
        game.new(seed=1, deck=d1[:-1])
    with pytest.raises(ValueError, match="twice"):
        stacked_deck(4, hands=[["Ha1"], ["Ha1"]])
