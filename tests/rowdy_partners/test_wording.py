"""Words for people: action texts in any case, describe sentences and refusal messages (issue
"The rules travel with the project"); the rules are cardgames/rowdy_partners/rules.md."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import cardgames
from cardgames import IllegalMove
from cardgames.rowdy_partners import stacked_deck
from cardgames.rowdy_partners.actions import Name, Play, UseCheat, UseSignature
from cardgames.rowdy_partners.cards import CARD, code, suit_name
from cardgames.rowdy_partners.state import NAMING

from .util import A1, A2, B1, B2, BURN4, HANDS4, act, deal, give, handed_out, load, reopen


def cases(text: str) -> list[str]:
    """The same text written in other cases."""
    return [text.lower(), text.upper(), text.swapcase(), text.title()]


# --- action texts in any case (RP-2.1 card codes; the action texts of every decision) -------------


def test_rp_2_1_card_codes_are_read_in_any_case():
    """RP-2.1: ``Ha5`` names Hat 5 whether written ha5, HA5 or hA5 (as Brokdorf reads ``play qh``)."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    for text in cases("play Ha5") + ["play hA5", "Play ha5"]:
        action = game.parse_action(s, text)
        assert action == Play(CARD["Ha5"]) and str(action) == "play Ha5"
    s = act(game, s, "play ha5", "play st2")
    assert [str(q) for q in s.row] == ["Ha5", "St2"]
    s = act(game, s, "PLAY GR5")  # counters Ha5: B1's St2 becomes the setter
    assert [str(q) for q in s.row] == ["[Ha5]", "St2", "[Gr5]"] and s.suit == 2
    with pytest.raises(IllegalMove) as err:  # a code in lower case is still judged by the rules
        game.parse_action(s, "play ha3")
    assert err.value.code == "X03"
    assert game.parse_action(s, "play st4") == Play(CARD["St4"])
    with pytest.raises(ValueError, match="not a Rowdy Partners card"):
        game.parse_action(s, "play hx5")


def test_rp_4_16_every_offered_action_is_read_back_in_any_case():
    """Every legal action's text, lowered, uppered, swapped or titled, parses to that action, in random
    games of 2, 3 and 4 players where tokens, cheats and signature moves are handed out freely."""
    rng = random.Random(5)
    seen = set()
    for players in (2, 3, 4):
        game = load(players)
        for seed in range(4):
            s = handed_out(game, game.new(seed=seed), 3, ("C04", "C07", "C08", "C09", "C01"))
            for _ in range(60):
                if not game.to_act(s):
                    break
                actions = game.legal_actions(s)
                for a in actions:
                    seen.add(str(a).split(" ")[0])
                    for text in cases(str(a)):
                        assert game.parse_action(s, text) == a, text
                s = game.apply(s, rng.choice(actions))
    assert seen >= {"play", "name", "tag", "pass", "coin", "damage", "cheat", "sig", "bury"}


def test_rp_4_16_keywords_and_arguments_in_any_case():
    """Keywords (tag, pass, damage, coin, cheat, sig, wrestler, name), cheat and wrestler ids, suits and
    CANCEL token kinds are read in any case and give the canonical action."""
    game, s = deal(4, hands=HANDS4, burn=BURN4, wrestlers=("W3", "W4", "W1", "W2"))
    s = give(
        s,
        coins={A1: 1, B1: 1},
        damage={A1: 1},
        cheats={A1: ("C04", "C07"), B1: ("C09",)},
        tags={B1: 1},
        unlocked=(True, True),
    )
    assert str(game.parse_action(s, "CHEAT c04 gR")) == "cheat C04 Gr"
    assert game.parse_action(s, "Cheat C07 1 COIN") == UseCheat("C07", "1 coin")
    assert game.parse_action(s, "SIG w3 ho") == UseSignature("W3", "Ho")
    assert str(game.parse_action(s, "DAMAGE")) == "damage"
    assert str(game.parse_action(s, "COIN -1")) == "coin -1"
    s2 = act(game, s, "Sig W3 sT", "play ha5")
    assert s2.row[0].suit == 2  # SUIT named in lower case made Ha5 a Star
    s2 = act(game, s2, "SIG W4 -2")
    assert s2.pending.val == -2
    s3 = reopen(game, give(s, leader=1))  # B1 leads and holds a Tag: the window asks him
    assert game.to_act(s3) == (B1,)
    assert str(game.parse_action(s3, "TAG")) == "tag" and str(game.parse_action(s3, "Pass")) == "pass"
    g = load(4, wrestlers=None, choose_wrestlers=True)
    c = g.new(seed=1)
    assert str(g.parse_action(c, "WRESTLER w5")) == "wrestler W5"
    with pytest.raises(ValueError, match="not a wrestler"):
        g.parse_action(c, "wrestler w9")
    with pytest.raises(ValueError, match="not a cheat"):
        game.parse_action(s, "cheat c11")


def test_rp_4_9_the_led_suit_is_named_in_any_case_and_a_non_suit_stays_x10():
    """RP-4.9, DP-6: ``name gr`` names Gravestone; ``name xx`` is still X10 SUIT_REQUIRED."""
    game, s = deal(4, hands=HANDS4, burn=BURN4, first_leader=1)
    s = act(game, s, "PLAY w2")
    assert s.phase == NAMING
    for text in cases("name Gr"):
        assert game.parse_action(s, text) == Name(3)
    with pytest.raises(IllegalMove) as err:
        game.parse_action(s, "NAME xx")
    assert err.value.code == "X10" and err.value.rule == "RP-4.9"
    assert "B1 must name" in str(err.value) and "your" not in str(err.value)


def test_rp_4_2_stacked_decks_take_codes_in_any_case_and_keep_them_canonical():
    """RP-4.2: a stacked deck (and stacked_deck's cards) may be written in any case; the setup and the
    record keep the canonical codes, so a replay deals the same cards."""
    deck = stacked_deck(4, hands=[["ha5", "W2"], ["ST2"]], burn=["gr8"])
    assert deck[:2] == ["Ha5", "W2"] and deck[8] == "St2" and deck[-4] == "Gr8"
    assert len(set(deck)) == 36
    with pytest.raises(ValueError, match="twice"):
        stacked_deck(4, hands=[["Ha5"], ["hA5"]])
    game = cardgames.load("rowdy_partners")
    s = game.new(seed=2, deck=[c.swapcase() for c in deck])
    assert s.setup.get("deck") == tuple(deck)
    assert s == game.new(seed=2, deck=deck)


# --- refusals cite the clause they enforce and say what is allowed ------------------------------


def test_rp_4_4_a_tag_without_a_tag_token_is_x05_under_rp_4_4():
    """RP-4.4 (RP-4.16 X05): an in-ring team wrestler without a Tag token cannot tag, whether the window
    asks his side, asks the other side first, or has closed before the first card; the refusal cites the
    tag-window clause RP-4.4 (not RP-4.7, the attachments of a play)."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    situations = [
        (s, A1),  # no Tag anywhere: the window closed at once, A1 is to play
        (s, B1),  # B1 is in the ring (#2) but holds no Tag
        (reopen(game, give(s, tags={A1: 1})), B1),  # the window asks A1; B1 is in the ring without a Tag
    ]
    g3, s3 = deal(3, hands=["Ha5", "Ha1", "Ha3"], diamonds=["Ha2"])
    for state, p in situations:
        with pytest.raises(IllegalMove) as err:
            game.parse_action(state, "tag", p)
        assert (err.value.code, err.value.rule, err.value.player) == ("X05", "RP-4.4", p)
        assert f"{game.labels[p]} holds no Tag token" in str(err.value)
    with pytest.raises(IllegalMove) as err:  # 3 players: A1 in the ring without a Tag
        g3.parse_action(s3, "tag", A1)
    assert (err.value.code, err.value.rule) == ("X05", "RP-4.4")


# --- describe: what a counter does to the led suit (RP-4.8, RP-4.9) -----------------------------


def say(game, s, text):
    """describe(text) in ``s`` and the state after it."""
    action = game.parse_action(s, text)
    return game.describe(s, action), game.apply(s, action)


def test_rp_8_2_describe_says_the_next_card_sets_the_suit_when_no_card_is_face_up():
    """RP-4.9, RP-8.2: B1's Ho5 counters the setter St5 and leaves no card face up: describe says that the
    led suit is undefined and that the next card, A2's, sets it; A2's Ha2 then sets Hat; B2's W2 flips
    the last face-up card and the trick ends with nobody winning."""
    game, s = deal(
        4,
        hands=[
            "St5 Ha1 Ha3 Ha4 Ha5 Ha6 Ha7 Ha8",
            "Ho5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8",
            "Ha2 Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7",
            "W2 St1 St2 St3 St4 St6 St7 St8",
        ],
        burn="Gr8 W4 W6 W8",
    )
    _, s = say(game, s, "play St5")
    text, s = say(game, s, "play Ho5")
    assert "counters A1's St5 (v = 5): both are flipped (RP-4.8)" in text
    assert "no card is face up" in text and "the led suit is undefined" in text
    assert "the next card, A2's, sets it (RP-4.9)" in text and "passes on" not in text
    text, s = say(game, s, "play Ha2")
    assert "it sets the led suit Hat (RP-4.9)" in text
    text, s = say(game, s, "play W2")
    assert "counters A2's Ha2" in text and "nobody wins the trick" in text
    assert "sets it" not in text and "passes on" not in text


def test_rp_8_12_describe_names_the_promoted_wildcard_and_who_names_the_suit():
    """RP-4.9, RP-8.12: the counter flips the setter Ha6; B1's W2 is the earliest face-up card: describe
    says it becomes the setter and that B1 names the led suit at once."""
    game, s = deal(
        4,
        hands=[
            "Ha6 Ho1 Ho2 Ho3 Ho4 Ho5 Ho6 Ho7",
            "W2 Ha1 Ha2 Ha3 Ha4 Ha5 Ha7 Ha8",
            "St6 St1 St2 St3 St4 St5 St7 St8",
            "Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8",
        ],
        burn="Ho8 W4 W6 W8",
    )
    s = act(game, s, "play Ha6", "play W2")
    text, s = say(game, s, "play St6")
    assert "counters A1's Ha6" in text
    assert "the earliest face-up card, B1's W2, becomes the setter and B1 names the led suit at once (RP-4.9)" in text
    text, s = say(game, s, "name Gr")
    assert "B1 names Gravestone" in text


def test_rp_8_6_describe_names_the_new_setter_when_the_suit_stays():
    """RP-4.9, RP-8.6: H2's W4 counters H1's setter Ho4; H1's Ho7 becomes the setter and S stays
    Horseshoe: describe says so instead of saying nothing about the suit."""
    game, s = deal(
        2,
        hands=["Ho4 Ha1 Ha2 Ha3 St1 St2 St3 Gr1", "W4 Ho1 Ho2 Ho3 Ha4 Ha5 St4 Gr2"],
        diamonds=["Ho7 Ha6 Ha7 St5 St6 Gr3 Gr4 Gr5", "Ho5 Ho6 Ho8 Ha8 St7 St8 Gr6 Gr7"],
        burn="Gr8 W2 W6 W8",
    )
    s = act(game, s, "play Ho4", "play Ho7")
    text, s = say(game, s, "play W4")
    assert "the earliest face-up card, H1's Ho7, becomes the setter and the led suit is Horseshoe (RP-4.9)" in text


def test_rp_4_9_describe_of_every_counter_matches_the_state_in_random_games():
    """RP-4.8, RP-4.9 in general: over random games of 2-4 players (Coins handed out, so counters come
    often), every play that flips the setter is described with what the state shows next: the next
    player who sets the suit when no card is face up, else the new setter and the led suit or who
    names it; a counter that leaves the setter alone says nothing about the suit."""
    rng = random.Random(11)
    checked = {"none": 0, "suited": 0, "wild": 0, "kept": 0}
    for players in (2, 3, 4):
        game = load(players)
        for seed in range(12):
            s = give(game.new(seed=seed), coins={p: 6 for p in range(players)})
            while game.to_act(s) and s.deal.round == 1:
                action = rng.choice(game.legal_actions(s))
                text = game.describe(s, action)
                nxt = game.apply(s, action)
                if isinstance(action, Play) and s.suit >= 0 and "counters" in text:
                    ended = len(nxt.score.log) > len(s.score.log)
                    row = nxt.score.log[-1].row if ended else nxt.row
                    flipped_setter = not row[s.setter].up
                    up = [q for q in row if q.up]
                    if not flipped_setter:
                        assert "setter" not in text and "led suit" not in text, text
                        checked["kept"] += 1
                    elif not up:
                        if not ended:
                            assert f"the next card, {game.labels[nxt.actor]}'s, sets it (RP-4.9)" in text, text
                        assert "passes on" not in text
                        checked["none"] += 1
                    else:
                        first = f"{game.labels[up[0].player]}'s {code(up[0].card)}"
                        assert f"the earliest face-up card, {first}, becomes the setter" in text, text
                        if up[0].suit < 0:
                            assert nxt.phase == NAMING and f"{game.labels[up[0].player]} names the led suit" in text
                            checked["wild"] += 1
                        else:
                            suit = nxt.score.log[-1].suit if ended else nxt.suit
                            assert f"the led suit is {suit_name(suit)}" in text
                            checked["suited"] += 1
                s = nxt
    assert min(checked.values()) > 0, checked


# --- refusals: the clause of the decision, the third person, what is allowed ---------------------

RULES_MD = Path(cardgames.rowdy_partners.__file__).with_name("rules.md").read_text()
CLAUSES = set(re.findall(r"\*\*(RP-[0-9]+(?:\.[0-9]+)*)\*\*", RULES_MD))
SECOND_PERSON = re.compile(r"\byou(r|rs|rself)?\b", re.IGNORECASE)


def refusal(game, s, text, player=None):
    """The IllegalMove that ``text`` by ``player`` (default: the player to act) raises in ``s``."""
    with pytest.raises(IllegalMove) as err:
        game.parse_action(s, text, game.to_act(s)[0] if player is None else player)
    return err.value


def test_rp_4_6_x03_names_the_player_in_the_third_person_and_what_he_may_play():
    """RP-4.6 X03: the refusal says who holds the led suit and what he must play (his suited cards, and
    his wildcards if he holds any), in the third person like every other refusal (it said 'you hold');
    a headliner's refusal says which source holds the suit."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = act(game, s, "play Ha5", "play St2", "play Gr5")  # Star is led; B2 holds St3 St4 St5
    err = refusal(game, s, "play Ha3")
    assert (err.code, err.rule) == ("X03", "RP-4.6")
    assert "Star was led and B2 holds St3 St4 St5: he must play one of them" in str(err)
    assert "wildcard" not in str(err) and not SECOND_PERSON.search(str(err))
    s = act(game, deal(4, hands=HANDS4, burn=BURN4)[1], "play Gr1")  # B1 holds Gr3 Gr4 and W2 W4
    assert "Gravestone was led and B1 holds Gr3 Gr4: he must play one of them or a wildcard (W2 W4)" in str(
        refusal(game, s, "play Ho4")
    )
    game, s = deal(
        2,
        hands=["Ho4 Ha1 Ha2 Ha3 St1 St2 St3 Gr1", "W4 Ho1 Ho2 Ho3 Ha4 Ha5 St4 Gr2"],
        diamonds=["Ho7 Ha6 Ha7 St5 St6 Gr3 Gr4 Gr5", "Ho5 Ho6 Ho8 Ha8 St7 St8 Gr6 Gr7"],
        burn="Gr8 W2 W6 W8",
    )
    s = act(game, s, "play Ho4", "play Ho7")
    err = refusal(game, s, "play Ha4")  # H2's hand holds Ho1 Ho2 Ho3 and W4
    assert "H2 holds Ho1 Ho2 Ho3 in his hand: he must play one of them or a wildcard (W4)" in str(err)


def test_rp_4_16_x01_cites_the_clause_of_the_decision_that_is_due():
    """RP-4.16 X01: a player acting out of turn is refused under the clause that says who decides now:
    the tag window RP-4.4, the play order RP-4.5, the wildcard setter's naming RP-4.9 (DP-6), the bury
    after a BURN_SWAP RP-2.6, the wrestler choice RP-3.2; the player to act trying another decision than
    the one due is refused under the same clause (RP-4.10 while he is to play)."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    assert refusal(game, s, "play St2", B1).rule == "RP-4.5"
    assert refusal(game, s, "bury Ha5").rule == "RP-4.10"
    w = reopen(game, give(s, tags={A1: 1}))  # the window asks A1
    for text, p in (("pass", B1), ("play St2", B1), ("play Ha5", A1), ("bury Ha5", A1)):
        err = refusal(game, w, text, p)
        assert (err.code, err.rule) == ("X01", "RP-4.4"), (text, str(err))
    assert "A1 must decide whether to tag" in str(refusal(game, w, "pass", B1))
    n = act(game, deal(4, hands=HANDS4, burn=BURN4, first_leader=1)[1], "play W2")  # B1 names the suit
    err = refusal(game, n, "play Gr5", A2)
    assert (err.code, err.rule) == ("X01", "RP-4.9") and "B1 must name the led suit" in str(err)
    b = act(game, give(s, cheats={A1: ("C08",)}), "cheat C08")  # A1 must bury a card
    for text, p in (("play St2", B1), ("play Ha5", A1), ("pass", A1)):
        err = refusal(game, b, text, p)
        assert (err.code, err.rule) == ("X01", "RP-2.6"), (text, str(err))
    g = load(4, wrestlers=None, choose_wrestlers=True)
    c = g.new(seed=1)
    err = refusal(g, c, "wrestler W2", B1)
    assert (err.code, err.rule) == ("X01", "RP-3.2") and "A1 must choose a wrestler" in str(err)


def test_rp_6_refusals_after_the_end_cite_how_the_game_ended():
    """RP-6.1 / RP-6.3: after a pin the refusal cites RP-6.1 and names the pinned wrestler; after the
    round cap it cites RP-6.3 (it cited RP-6.1 for both) and names the result."""
    game, s = deal(4, hands=["Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7 Ha8"])
    s = give(s, health={B1: 18}, damage={A1: 2})
    s = act(game, s, "damage", "damage", "play Ha1")
    while game.to_act(s):
        s = act(game, s, str(game.legal_actions(s)[-1]))
    with pytest.raises(IllegalMove) as err:
        game.apply(s, Play(CARD["Ha2"]), A1)
    assert err.value.rule == "RP-6.1" and "B1 was pinned and side A won" in str(err.value)
    game = load(4, round_cap=1)
    rng = random.Random(2)
    for seed in range(30):
        s = game.new(seed=seed)
        while game.to_act(s):
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        if s.score.result.reason == "cap":
            break
    assert s.score.result.reason == "cap"
    with pytest.raises(IllegalMove) as err:
        game.apply(s, Play(s.hands[0][0] if s.hands[0] else 0), A1)
    assert err.value.rule == "RP-6.3" and "round cap of 1 rounds" in str(err.value)
    outcome = "a draw" if s.score.result.winner < 0 else f"side {game.side_names[s.score.result.winner]} won"
    assert outcome in str(err.value)


def test_rp_4_16_refusals_say_what_is_allowed():
    """RP-4.16: a card not held lists the cards the player may play (or bury); a CANCEL target names
    the opponents by number and label and what the target holds; an unknown token kind lists the
    kinds; a cheat not held lists his cheats; a locked signature move gives the track's field; a
    second Tag of a side names the side; SUIT without a suit shows the text to write."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    err = refusal(game, s, "play St2")
    assert err.code == "X02" and "A1's hand; he may play Ha1 Ha2 Ha5 Ho1 Ho2 Ho3 Gr1 Gr2" in str(err)
    s2 = act(game, s, "play Ha5")
    assert "he may play W2 W4" not in str(refusal(game, s2, "play Ha1"))
    assert "B1's hand; he may play " in str(refusal(game, s2, "play Ha1"))
    r = give(s, cheats={A1: ("C07", "C01")}, coins={B1: 1}, tags={B2: 1})
    err = refusal(game, r, "cheat C07 2 coin")
    assert err.code == "X12" and "A2 is not an opponent of A1; CANCEL targets 1 (B1) or 3 (B2)" in str(err)
    assert "7 is not a player number" in str(refusal(game, r, "cheat C07 7 coin"))
    err = refusal(game, r, "cheat C07 1 tag")
    assert "B1 holds no Tag token; he holds: coin" in str(err)
    assert "'hay' is not a token kind" in str(refusal(game, r, "cheat C07 1 hay"))
    assert "B2 holds no cheat; he holds: tag" in str(refusal(game, r, "cheat C07 3 cheat"))
    err = refusal(game, r, "cheat C05")
    assert err.code == "X05" and "A1 holds no cheat C05; his cheats: C01 C07" in str(err)
    err = refusal(game, give(s, pop=(3, 0)), "sig W1")
    assert err.code == "X08" and "Side A's pop track (now 3) has not reached 10" in str(err)
    err = refusal(game, give(s, cheats={A1: ("C04",)}), "cheat C04")
    assert err.code == "X10" and "as in 'cheat C04 Gravestone'" in str(err)
    w = reopen(game, give(s, tags={A1: 1, A2: 1, B1: 1}))
    w = act(game, w, "tag")
    err = refusal(game, w, "tag", A2)
    assert err.code == "X07" and "Side A already tagged in this tag window" in str(err)
    b = act(game, give(s, cheats={A1: ("C08",)}), "cheat C08")
    err = refusal(game, b, "bury St2")
    hand = " ".join(code(c) for c in b.hands[A1])
    assert err.code == "X02" and f"he buries one of his hand cards: {hand}" in str(err)


def test_rp_4_16_every_refusal_cites_a_clause_of_the_rules_and_speaks_of_players_in_the_third_person():
    """RP-4.16 in general: in random games of 2-4 players, every action text of every kind tried by
    every seat either is legal or is refused with an X-code, a clause that exists in the shipped rules
    (cardgames/rowdy_partners/rules.md) and a message without 'you'."""
    texts = [f"play {c}" for c in cardgames.rowdy_partners.cards.CODES] + [
        "name Ha",
        "name Xx",
        "tag",
        "pass",
        "coin +1",
        "coin -1",
        "damage",
        "cheat C01",
        "cheat C04",
        "cheat C04 Gr",
        "cheat C07 1 coin",
        "cheat C07 0 tag",
        "cheat C08",
        "cheat C09",
        "cheat C09 1",
        "sig W1",
        "sig W3 Gr",
        "sig W4 -2",
        "bury Ha5",
        "bury W2",
        "wrestler W1",
    ]
    rng = random.Random(4)
    rules = set()
    for players in (2, 3, 4):
        game = load(players)
        for seed in range(3):
            s = game.new(seed=seed)
            s = give(s, coins={0: 1}, cheats={0: ("C04", "C08"), 1 % players: ("C07",)}, tags={0: 1, 2 % players: 1})
            for _ in range(40):
                if not game.to_act(s):
                    break
                for p in range(players):
                    for text in rng.sample(texts, 12):
                        try:
                            game.parse_action(s, text, p)
                        except IllegalMove as err:
                            assert err.code in cardgames.rowdy_partners.X_NAMES, str(err)
                            assert err.rule in CLAUSES, (text, err.rule)
                            assert not SECOND_PERSON.search(str(err)), str(err)
                            rules.add(err.rule)
                        except ValueError:
                            pass
                s = game.apply(s, rng.choice(game.legal_actions(s)))
    assert {"RP-4.4", "RP-4.5", "RP-4.6", "RP-4.7", "RP-2.6"} <= rules


# --- describe: what else happened automatically, and whose hand or token -------------------------


def test_rp_4_1_describe_tells_the_end_of_the_round_and_the_next_deal():
    """RP-4.1, RP-4.2: the play that ends the round's 8th trick says so and that the next round is dealt."""
    game = load(4)
    rng = random.Random(1)
    s = game.new(seed=4)
    while s.deal.round == 1:
        action = rng.choice(game.legal_actions(s))
        text = game.describe(s, action)
        nxt = game.apply(s, action)
        if nxt.deal.round == 2:
            assert "that was the round's last trick: round 2 is dealt (RP-4.1, RP-4.2)" in text
        else:
            assert "is dealt" not in text
        s = nxt


def test_rp_4_11_describe_says_when_damage_is_too_little_to_leave_a_stop_sign():
    """RP-4.11 step 4, RP-8.5 trick 4: 1 damage to A1 on STOP2 (needs 2) leaves him at 17, and describe
    says why instead of 'position 17 -> 17'."""
    game, s = deal(4, hands=["Ha5", "Ha1", "Ha6", "Ha7"])
    s = give(s, health={A1: 17})
    s = act(game, s, "play Ha5", "play Ha1", "play Ha6")
    text = game.describe(s, game.parse_action(s, "play Ha7"))
    assert (
        "B1 wins the trick and deals 1 damage to A1, too little to leave STOP2 (it needs 2): he stays at "
        "position 17 (RP-4.11)"
        in text
        and "17 -> 17" not in text
    )


def test_rp_6_3_describe_tells_the_result_at_the_round_cap():
    """RP-6.3: the last play under the round cap says who wins (or that it is a draw) and why."""
    game = load(3, round_cap=1)
    rng = random.Random(6)
    seen = set()
    for seed in range(40):
        s = game.new(seed=seed)
        while game.to_act(s):
            action = rng.choice(game.legal_actions(s))
            text = game.describe(s, action)
            s = game.apply(s, action)
        if s.score.result.reason == "cap":
            if s.score.result.winner < 0:
                assert "the round cap ends the game in a draw" in text
            else:
                assert (
                    f"the round cap ends the game and side {game.side_names[s.score.result.winner]} wins: its most "
                    f"hurt wrestler has the lower position (RP-6.3)"
                ) in text
            seen.add(s.score.result.winner < 0)
    assert False in seen


def test_rp_2_6_describe_says_whose_hand_a_peek_shows_what_a_cancel_discards_and_the_suit_named():
    """RP-2.6: PEEK names whose hand is seen (the partner's, or a headliner's chosen opponent); CANCEL
    of a cheat names the cheat the RNG picked and revealed; SUIT names the suit; Limbo its amount."""
    game, s = deal(4, hands=HANDS4, burn=BURN4, wrestlers=("W3", "W4", "W1", "W2"))
    s = give(s, cheats={A1: ("C09", "C07", "C04"), B1: ("C02", "C05")}, unlocked=(True, True))
    assert "he looks at his partner A2's hand" in game.describe(s, game.parse_action(s, "cheat C09"))
    text = game.describe(s, game.parse_action(s, "cheat C07 1 cheat"))
    nxt = game.apply(s, game.parse_action(s, "cheat C07 1 cheat"))
    shown = [c for c in ("C02", "C05") if c not in nxt.tokens.cheats[B1]][0]
    assert f"B1 discards a cheat, picked at random and revealed: {shown} " in text
    assert "his coming card counts as Gravestone" in game.describe(s, game.parse_action(s, "sig W3 Gr"))
    assert "his coming card counts as Star" in game.describe(s, game.parse_action(s, "cheat C04 St"))
    s = act(game, s, "play Ha5")
    assert "Limbo, value -2" in game.describe(s, game.parse_action(s, "sig W4 -2"))
    g2, s2 = deal(2)
    s2 = give(s2, cheats={0: ("C09",)})
    assert "he looks at H2's hand" in g2.describe(s2, g2.parse_action(s2, "cheat C09 1"))


def test_rp_4_4_describe_says_when_the_tagged_in_partner_leads():
    """RP-4.4.2, RP-8.13: a Tag by the wrestler at #1 puts his partner at #1, who leads: describe says so."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    w = reopen(game, give(s, tags={A1: 1, B1: 1}))
    text = game.describe(w, game.parse_action(w, "tag"))
    assert "swaps seats with his partner A2, who goes into the ring and leads the trick as #1 (RP-4.4)" in text
    w = act(game, w, "pass")
    text = game.describe(w, game.parse_action(w, "tag"))
    assert "with his partner B2, who goes into the ring (RP-4.4)" in text


def test_rp_4_12_describe_gives_the_pop_field_and_the_reset():
    """RP-4.12: a pop names the field the track reaches; at 12 it says the track starts again at 0."""
    game, s = deal(4, hands=HANDS4, burn=BURN4)
    s = give(s, pop=(11, 0))
    s = act(game, s, "play Ha5", "play St2")
    text = game.describe(s, game.parse_action(s, "play Gr6"))
    assert "its pop symbol moves track A to 12 (RP-4.12) and earns A2 a cheat, and the track starts again at 0" in text


def test_rp_4_10_every_describe_sentence_names_a_clause_and_speaks_in_the_third_person():
    """describe in general: over random games every sentence names an RP clause that exists in the rules
    and never says 'you'."""
    rng = random.Random(8)
    for players in (2, 3, 4):
        game = load(players, round_cap=2)
        s = give(
            game.new(seed=players),
            coins={p: 2 for p in range(players)},
            unlocked=(True, True),
            cheats={p: ("C04", "C07", "C08", "C09") for p in range(players)},
        )
        while game.to_act(s):
            action = rng.choice(game.legal_actions(s))
            text = game.describe(s, action)
            cited = re.findall(r"RP-[0-9]+(?:\.[0-9]+)*", text)
            assert cited and set(cited) <= CLAUSES, text
            assert not SECOND_PERSON.search(text), text
            s = game.apply(s, action)
