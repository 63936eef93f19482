"""Brokdorf in words: describe sentences and refusals name the duty and the clause that applies.

describe speaks about the players in the third person; a refusal (IllegalMove) speaks to the
player who tried.  A follower's card is refused under BK-4.10 when it breaks the obligation
set (not following suit, or not trumping when he cannot follow) and under BK-4.11 when it is
in that set but fails to head the trick although another card of the set would.
"""

from __future__ import annotations

import random
import re

import pytest

import cardgames
from cardgames.brokdorf import CARDS, parse_card
from cardgames.brokdorf.cards import beats
from cardgames.brokdorf.rules import PLAY, PLAYS, duty

from .helpers import before_last, game, play, stacked, with_points
from .test_durchmarsch import sweep
from .test_scoring import bk_8_10_game_9, bk_8_10_state, bk_8_11_state

CALLS = ["bid 1", "gut", "gut", "trump H", "mit", "mit"]  # Herz trump, both others go along
SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.I)


def playing(hands, dealer, calls, *cards, players=3):
    """A state in trick play: ``hands`` dealt by ``dealer``, then the ``calls`` and ``cards`` played."""
    g = game(players, first_dealer=dealer)
    s = stacked(g, hands, dealer=dealer)
    return g, play(g, s, *calls, *cards)


def described(g, s, text):
    return g.describe(s, g.parse_action(s, text))


# -- BK-4.10, BK-4.11 in describe: the duty he played under, never "free choice" when he was bound ----------


def test_bk_4_10_a_and_bk_4_11_a_whole_hand_that_must_follow_and_head_is_no_free_choice():
    # Herz trump; seat 1 leads ♦7; seat 2 holds only Karo, every one of them beats ♦7
    g, s = playing(["AC 10C KC QC JC", "7D 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS, "play 7D")
    assert len(g.legal_actions(s)) == 5  # all his cards qualify
    text = described(g, s, "play JD")
    assert "he must follow Karo and head the trick by beating ♦7" in text
    assert "BK-4.10(a), BK-4.11" in text and "free" not in text


def test_bk_4_10_a_a_whole_hand_that_must_follow_but_cannot_beat_is_no_free_choice():
    g, s = playing(["AC 10C KC QC JC", "AD 8S 9S 10S JS", "7D 8D 9D JD QD"], 0, CALLS, "play AD")
    text = described(g, s, "play 8D")
    assert text == "Player 3 plays ♦8 (he must follow Karo and cannot beat ♦A, BK-4.10(a))."
    assert "BK-4.11" not in text and "free" not in text


def test_bk_4_10_b_a_whole_hand_of_trumps_must_trump_and_say_so():
    g, s = playing(["AC 10C KC QC JC", "KS 8S 9S 10S JS", "AH KH QH JH 10H"], 0, CALLS, "play KS")
    text = described(g, s, "play JH")
    assert "he cannot follow Pik, so he must trump and beat ♠K" in text and "BK-4.10(b), BK-4.11" in text


def test_bk_4_10_b_forced_undertrump_and_overtrump_are_described():
    g, s = playing(["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"], 0, CALLS, "play KS", "play 7H")
    assert "(he cannot follow Pik, so he must trump and overtrump ♥7, BK-4.10(b), BK-4.11)" in described(
        g, s, "play AH"
    )
    g, s = playing(["7H 8C 8D 9D 10D", "KS QS JS 7C 9C", "AH 9H AD 10C JC"], 0, CALLS, "play KS", "play AH")
    assert "he cannot follow Pik, so he must trump, even under ♥A, BK-4.10(b))" in described(g, s, "play 7H")


def test_bk_4_10_c_only_a_player_who_can_neither_follow_nor_trump_has_a_free_discard():
    g, s = playing(["AC 10C KC QC JC", "KS 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS, "play KS")
    assert "he can neither follow Pik nor trump, so any card is allowed, BK-4.10(c))" in described(g, s, "play AD")
    # a trump lead: a player without trumps discards freely
    g, s = playing(["AC 10C KC QC JC", "KH 8S 9S 10S JS", "AD KD QD JD 10D"], 0, CALLS, "play KH")
    assert "he cannot follow Herz, the trump suit, so any card is allowed, BK-4.10(c))" in described(g, s, "play AD")


def test_bk_4_10_a_last_card_that_must_follow_is_described_by_its_duty():
    """Seat 1 leads four Kreuz, then ♠9; seat 2's last card must follow Pik (and head when it can)."""
    for last, duty_words in (
        ("8S", "he must follow Pik and cannot beat ♠9, BK-4.10(a)"),
        ("10S", "he must follow Pik and head the trick by beating ♠9, BK-4.10(a), BK-4.11"),
    ):
        tricks = [f"play {card}" for card in "AC 7C AD 10C 8C KD KC 9C QD QC JC JD 9S".split()]
        g, s = playing(["AD KD QD JD 10D", "AC 10C KC QC 9S", f"7C 8C 9C JC {last}"], 0, CALLS, *tricks)
        assert len(s.hands[2]) == 1 and len(g.legal_actions(s)) == 1
        text = described(g, s, f"play {last}")
        assert f"({duty_words})" in text and "free" not in text and "any card" not in text


def test_bk_4_10_describe_never_calls_a_bound_follower_free_over_seeded_games():
    for n in (2, 4, 6):
        g = game(n)
        for seed in range(6):
            s, rng = g.new(seed=seed), random.Random(seed)
            while not g.is_over(s):
                action = rng.choice(g.legal_actions(s))
                text = g.describe(s, action)
                if s.phase == PLAY and s.trick.cards:
                    d = duty(s.hands[g.to_act(s)[0]], s.trick.cards, s.trick.best, s.deal.trump)
                    assert ("any card is allowed" in text) == (d.case == "discard"), text
                    assert ("BK-4.11" in text.split(";")[0]) == d.heads, text
                s = g.apply(s, action)


# -- describe stays in the third person --------------------------------------------------------------------


def test_describe_speaks_of_players_in_the_third_person():
    g, s = playing(["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"], 0, CALLS, "play KS")
    text = described(g, s, "play 7H")
    assert text.startswith("Player 3 plays ♥7 (he cannot follow Pik, so he must trump and beat ♠K")
    for n in range(2, 7):
        g = game(n, tournament=n % 2 == 0, max_rounds=2)
        for seed in range(4):
            s, rng = g.new(seed=seed), random.Random(seed)
            while not g.is_over(s):
                action = rng.choice(g.legal_actions(s))
                text = g.describe(s, action)
                assert not SECOND_PERSON.search(text), text
                s = g.apply(s, action)


def test_bk_5_11_to_5_13_table_events_are_described_in_the_third_person():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit")
    for text in ("violation 2", "misdeal"):
        sentence = g.describe(s, g.parse_action(s, text, None), None)
        assert not SECOND_PERSON.search(sentence), sentence
    s = g.apply(s, g.parse_action(s, "violation 2", None), None)
    sentence = g.describe(s, g.parse_action(s, "expel 2", None), None)
    assert not SECOND_PERSON.search(sentence) and "he is expelled (BK-5.13)" in sentence


# -- refusals: BK-4.10 for the obligation set, BK-4.11 for heading -------------------------------------------


def refusal(g, s, code):
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, PLAYS[parse_card(code)])
    return err.value


def test_bk_4_10_a_card_that_does_not_follow_suit_is_refused_under_bk_4_10():
    g, s = playing(
        [None, "KS 9S 8S 7S 7C", "AS AD KD QD JD"], 0, ["bid 1", "gut", "gut", "trump H", "mit", "mit"], "play 9S"
    )
    err = refusal(g, s, "AD")  # he holds ♠A, which follows (and heads): failing to follow is BK-4.10
    assert err.rule == "BK-4.10" and str(err).startswith("You must follow Pik") and "play ♠A" in str(err)
    g, s = playing(["8H 8C 8D 9D 10D", "KS QS JS 7C 9C", "7S 9H AD 10C JC"], 0, CALLS, "play KS")
    err = refusal(g, s, "9H")  # trumping although he can follow
    assert err.rule == "BK-4.10" and "play ♠7" in str(err)


def test_bk_4_10_b_not_trumping_when_unable_to_follow_is_refused_under_bk_4_10():
    g, s = playing(["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"], 0, CALLS, "play KS")
    err = refusal(g, s, "AD")
    assert err.rule == "BK-4.10" and "You cannot follow Pik, so you must trump" in str(err)
    assert "play ♥9 or ♥7" in str(err)
    g, s = playing(["7H 8C 8D 9D 10D", "KS QS JS 7C 9C", "AH 9H AD 10C JC"], 0, CALLS, "play KS", "play AH")
    err = refusal(g, s, "8D")  # BK-8.4: he must undertrump
    assert err.rule == "BK-4.10" and "even under ♥A" in str(err) and "play ♥7" in str(err)


def test_bk_4_11_a_follower_who_can_head_must_head_and_an_undertrump_is_refused():
    # BK-8.5: Herz trump, ♦D led; hand ♦A ♦K ♦7 ♣8: ♦7 follows but does not beat
    g, s = playing(["QD AH 10H KH QH", "AD KD 7D 8C 9S", "9D 8D AS 7C 8S"], 2, CALLS, "play QD")
    err = refusal(g, s, "7D")
    assert err.rule == "BK-4.11" and "♦7 does not beat ♦Q" in str(err) and "play ♦A or ♦K" in str(err)
    err = refusal(g, s, "8C")
    assert err.rule == "BK-4.10" and "You must follow Karo and head the trick by beating ♦Q" in str(err)
    # BK-8.6(b): trick ♣A, ♥9; hand ♥10 ♥8 ♦7: ♥8 is a trump that does not overtrump
    g, s = playing(["AC 7S 8S 9S JS", "9H KS QS 8D 9D", "10H 8H 7D KD QD"], 2, CALLS, "play AC", "play 9H")
    err = refusal(g, s, "8H")
    assert err.rule == "BK-4.11" and "you must overtrump" in str(err) and "play ♥10" in str(err)
    assert refusal(g, s, "7D").rule == "BK-4.10"


def test_bk_4_13_every_refused_card_cites_the_clause_it_breaks_over_seeded_games():
    """Independently of the engine's wording: a held card that is not legal breaks BK-4.10 when it leaves
    the obligation set (off the led suit while holding it; no trump while holding one), else BK-4.11."""
    seen = set()
    for n in (3, 4, 5):
        g = game(n)
        for seed in range(5):
            s, rng = g.new(seed=seed), random.Random(seed)
            while not g.is_over(s):
                legal = g.legal_actions(s)
                if s.phase == PLAY and s.trick.cards:
                    hand = s.hands[g.to_act(s)[0]]
                    led, trump = s.trick.cards[0] >> 3, s.deal.trump
                    has_led = any(c >> 3 == led for c in hand)
                    has_trump = any(c >> 3 == trump for c in hand)
                    for card in hand:
                        if PLAYS[card] in legal:
                            continue
                        in_a = (card >> 3 == led) if has_led else (card >> 3 == trump) if has_trump else True
                        rule = refusal(g, s, str(card)).rule
                        assert rule == ("BK-4.11" if in_a else "BK-4.10"), (hand, s.trick.cards, card, rule)
                        seen.add(rule)
                s = g.apply(s, rng.choice(legal))
    assert seen == {"BK-4.10", "BK-4.11"}


def test_bk_4_10_the_duty_matches_the_legal_set_for_random_hands():
    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(CARDS, 10)
        hand, trick, trump = tuple(cards[:5]), tuple(cards[5 : 5 + rng.randint(1, 5)]), rng.randrange(4)
        best = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[best], trump):
                best = i
        d = duty(hand, trick, best, trump)
        beating = tuple(c for c in d.obliged if beats(c, trick[best], trump))
        assert d.allowed == (beating or d.obliged) and d.heads == bool(beating)
        assert (d.case == "discard") == (
            d.obliged == hand and not beating and not any(c >> 3 in (trick[0] >> 3, trump) for c in hand)
        )


def test_bk_4_8_a_card_not_held_is_refused_and_the_message_lists_what_may_be_played():
    g, s = playing([None, "KS 9S 8S 7S 7C", "AS AD KD QD JD"], 0, CALLS)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "play AH")
    assert err.value.rule == "BK-4.8" and "You do not hold ♥A" in str(err.value)
    assert "lead any card of your hand: ♣7 ♠K ♠9 ♠8 ♠7" in str(err.value)
    s = play(g, s, "play 9S")
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "play 7H")
    assert err.value.rule == "BK-4.8" and str(err.value).endswith("play ♠A (BK-4.8)")


# -- the other sentences: articles, signs, reasons, who pays and who deals next --------------------------------


def test_bk_4_5_and_bk_5_1_trump_is_named_as_trump_and_point_changes_carry_a_true_minus_sign():
    from .test_scoring import bk_8_7_state

    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut")
    assert described(g, s, "trump S") == "Player 2 names Pik ♠ as trump (BK-4.5)."
    g, s = bk_8_7_state()
    before, (seat, action) = before_last(g, s)
    assert "game 1 is scored, points: player 1 −3, player 3 +5, player 4 +3, player 5 +5 (BK-5.1)" in g.describe(
        before, action, seat
    )
    g, s = bk_8_7_state(violation=True)
    before, (seat, action) = before_last(g, s)
    assert "points: player 1 +5, player 3 +5, player 4 +3, player 5 +5 (BK-5.1, BK-5.12)" in g.describe(
        before, action, seat
    )


def test_bk_5_6_the_durchmarsch_sentence_says_who_pays_and_why():
    cases = [
        (
            {},
            "players 2 and 3, who received a +5 in games 1–3, share the most points (20) and split the 4 €: "
            "player 1 +4 €, player 2 −2 €, player 3 −2 €, player 4 0 €, player 5 0 € (BK-5.6)",
        ),
        ({"game2_bid": "bid 0"}, "player 2 alone received a +5 in games 1–3 and pays him 4 €"),
        (
            {"game2_bid": "bid 0", "game1_answers": ("weg",) * 4},
            "nobody else received a +5 in games 1–3, so every other player pays him 1 €",
        ),
        (
            {"game1_answers": ("mit", "mit", "weg", "weg"), "game2_answers": ("mit", "weg", "mit", "weg")},
            "of players 2, 3 and 4, who received a +5 in games 1–3, player 3 has the most points (25) and pays him 4 €",
        ),
        (
            {
                "game2_bid": "bid 0",
                "game1_answers": ("mit", "mit", "weg", "weg"),
                "game2_answers": ("mit", "weg", "mit", "weg"),
            },
            "split the 4 €: player 1 +4 €, player 2 −4/3 €, player 3 −4/3 €, player 4 −4/3 €, player 5 0 €",
        ),
    ]
    for options, words in cases:
        g, s = bk_8_11_state(**options)
        before, (seat, action) = before_last(g, s)
        text = g.describe(before, action, seat)
        assert "the round ends with a Durchmarsch (sweep) by player 1, who collects 4 €, and " in text
        assert words in text, text
    g, s = sweep(6, ({2, 4}, {4}, {2, 5}))
    before, (seat, action) = before_last(g, s)
    assert (
        "of players 3, 5 and 6, who received a +5 in games 1–3, players 3 and 5 share the most points (25) "
        "and split the 5 €"
    ) in g.describe(before, action, seat)


def game_9_of_bk_8_10():
    """BK-8.10 just before the last card of game 9 (A 20, B 25, C 2, D 12 before the game)."""
    return bk_8_10_game_9(last_card=False)


def test_bk_5_8_the_stechen_and_its_decision_say_why():
    g, s = game_9_of_bk_8_10()
    assert (
        "players 1 and 2 share the most points (25), so they draw for the Stechen: player 1 ♥A, player 2 ♠7, "
        "and player 2 wins the draw (BK-5.5, BK-5.8)"
    ) in described(g, s, "play 9C")
    s = play(g, s, "play 9C")
    assert (
        described(g, s, "dealer 0")
        == "Player 2, the winner of the draw, names player 1 as the dealer of the decision game (BK-5.8)."
    )
    assert described(g, s, "dealer 1").startswith("Player 2, the winner of the draw, names himself as the dealer")
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "dealer 2")
    assert str(err.value) == "The dealer of the decision game is one of the tied players: player 1 or player 2 (BK-5.8)"
    g, s = bk_8_10_state()
    plan = {1: "AD 10D KD 7S".split(), 0: "7C 8C 9C AS KS".split()}
    while True:  # the decision game up to its last card
        seat, legal = g.to_act(s)[0], g.legal_actions(s)
        action = next((a for a in legal if plan.get(seat) and str(a.card) == plan[seat][0]), legal[0])
        if plan.get(seat) and str(action.card) == plan[seat][0]:
            plan[seat].pop(0)
        if g.is_over(g.apply(s, action)):
            break
        s = g.apply(s, action)
    text = g.describe(s, action)
    assert "the decision game is scored, its points counting only for the Stechen: player 1 −2, player 2 −3" in text
    assert "the round ends and player 1, with the fewest tricks in the decision game, loses it: player 1 −3 €" in text


def test_bk_5_8_a_repeated_draw_says_the_players_are_still_tied():
    g = game(3, first_dealer=0)
    s = play(g, with_points(g.new(seed=1), (30, 30, 30), games=4), "gut", "gut", "gut")
    s = g._check_round_end(with_points(s, (26, 26, 26)))
    s = play(g, s, str(g.legal_actions(s)[0]), "bid 1", "gut", "gut", "trump C", "weg")
    text = described(g, s, "weg")
    assert "took the fewest tricks (0) in the decision game, so they draw again for the Stechen" in text


def test_bk_6_4_the_loser_names_himself_or_another_first_dealer():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    text = g.describe(s, g.parse_action(s, "misdeal", None), None)
    assert text.startswith(
        "The table reports misdeal number 3 by the dealer, player 1 (BK-5.11); the round ends and the dealer, player 1, "
        "with his third misdeal, loses it"
    )
    assert text.count("the round ends") == 1
    assert text.endswith("; player 1, the loser, is to name the first dealer of round 2 (BK-6.4).")
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    assert described(g, s, "dealer 0").startswith(
        "Player 1, the loser of round 1, names himself as the first dealer of round 2 (BK-6.4)"
    )
    assert described(g, s, "dealer 2").startswith(
        "Player 1, the loser of round 1, names player 3 as the first dealer of round 2 (BK-6.4)"
    )


def test_bk_5_14_and_bk_6_4_leaving_players_and_the_next_dealer_are_described():
    g = game(3, tournament=True, start_euros=1, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    text = g.describe(s, g.parse_action(s, "misdeal", None), None)
    assert "player 1 leaves the tournament with a balance of −1 €, at or below the lower bound of 0 € (BK-5.14)" in text
    assert "player 1 has left, so player 2, the next still seated clockwise, deals the first game of round 2" in text
    g, s = sweep(4, ({1, 2}, {1}, ()), tournament=True, start_euros=3)
    before, (seat, action) = before_last(g, s)
    text = g.describe(before, action, seat)
    assert "player 2 leaves the tournament with a balance of 0 €" in text
    assert text.endswith("player 1, the last declarer, deals the first game of round 2 (BK-6.4).")


def test_bk_5_15_the_end_of_a_tournament_names_the_winners():
    g = game(3, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    text = g.describe(s, g.parse_action(s, "misdeal", None), None)
    assert text.endswith("the tournament is over: players 2 and 3 share the win with a balance of 11 € (BK-5.15).")


def test_bk_3_6_a_luschen_redeal_is_counted_in_words():
    g = game(4, first_dealer=2)
    luschen = "7C 8C 9S 7H 8D"
    s = stacked(g, [None] * 4, dealer=2, more=[([None, None, None, luschen], 3), ([None, luschen, None, None], 3)])
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump H", "weg", "weg")
    text = described(g, s, "weg")  # seat 3 declared and deals game 2: two Luschen deals, then a clean one
    assert (
        "player 4, the declarer, deals game 2 (BK-3.4); a hand of five Luschen (low cards) without three of "
        "one suit: the deal is void and player 4 deals again (2 times) (BK-3.6)."
    ) in text
    s = play(g, s, "weg")
    assert s.deal.dealer == 3 and s.deal.luschen == 2


# -- refusals outside trick play ----------------------------------------------------------------------------


def test_bk_4_2_a_refused_bid_lists_the_calls_still_open():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "bid 7")
    assert str(err.value) == "A bid is a number of tricks from 0 to 5: bid 0, 1, 2, 3, 4 or 5, or say gut (BK-4.2)"
    s = play(g, s, "bid 3")
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "bid 3")
    assert str(err.value) == "A bid must be higher than 3: bid 4 or 5, or say gut (BK-4.2)"
    s = play(g, s, "bid 5")
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "bid 9")
    assert str(err.value) == "5 has been bid, so every later call must be GUT: say gut (BK-4.2)"
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "mit")
    assert str(err.value) == "Now player 4 chooses a call, not mit: gut (BK-4.2)"


def test_bk_6_4_a_refused_first_dealer_lists_the_choices():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "play AC")
    assert str(err.value) == (
        "Now player 1 chooses the first dealer of the next round, not play ♣A: "
        "dealer player 1, dealer player 2 or dealer player 3 (BK-6.4)"
    )


def test_bk_5_10_to_5_13_refused_table_events_say_what_is_allowed():
    g = game(4, first_dealer=0)
    s = g.new(seed=2)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, g.parse_action(s, "misdeal", None), player=1)
    assert str(err.value) == "The table records `misdeal`, not a player: apply it with player=None (BK-5.10)"
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "violation 1", None)
    assert "recorded during trick play, against an active player (the declarer or a MIT player)" in str(err.value)


def test_bk_4_9_the_sentence_of_the_last_card_of_a_deal_names_the_real_winner_of_that_trick():
    """The last trick of a deal was described by the cards before its last one (the winner could be wrong)."""
    import random

    checked = 0
    for seed in range(30):
        game = cardgames.load("brokdorf", players=4)
        state, rng = game.new(seed=seed), random.Random(seed)
        while game.to_act(state) and checked < 200:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            step = game.advance(state, legal[rng.randrange(len(legal))], seat)
            tricks = [e for e in step.events if e.level == "trick"]
            if tricks and any(e.level == "game" for e in step.events):
                assert f"{game.seat_name(tricks[0].winner)} wins the trick" in step.sentence, step.sentence
                checked += 1
            state = step.after
    assert checked > 20
