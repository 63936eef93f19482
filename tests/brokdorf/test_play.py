"""Brokdorf: components, setup, bidding and trick play (BK-2 to BK-4), each test named after its clause."""

from __future__ import annotations

import itertools

import pytest

import cardgames
from cardgames.brokdorf import CARDS, legal_cards, parse_card
from cardgames.brokdorf.cards import beats, draw_key
from cardgames.brokdorf.rules import ANSWER, BID, PLAY, TRUMP, _deal_slots, _is_redeal_hand

from .helpers import cards, game, legal_texts, play, stacked


def C(text):
    return tuple(parse_card(c) for c in text.split())


def legal(hand, trick, trump):
    """Legal codes for ``hand`` after ``trick`` (codes), trump a suit letter."""
    t = "CSHD".index(trump)
    trick = C(trick)
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], t):
            best = i
    return sorted(str(c) for c in legal_cards(C(hand), trick, best, t))


# -- BK-1, BK-2: components ------------------------------------------------------------


def test_bk_1_1_and_bk_1_3_seats_clockwise_and_a_full_round_plays_out():
    """BK-1.1: the engine covers deal to settlement; BK-1.3: seats 0..n-1, left = next clockwise."""
    g = game(4, first_dealer=1)
    s = g.new(seed=3)
    assert g.to_act(s) == (2,)  # the player to the dealer's left calls first
    final = cardgames.playout(g, ["random"] * 4, seed=3)
    assert g.is_over(final) and len(g.settlement(final)) == 4


def test_bk_1_2_and_bk_1_4_german_terms_are_the_action_words():
    """BK-1.2/1.4: the spec's German terms (GUT, MIT, WEG) are the canonical action texts."""
    g = game(3)
    s = g.new(seed=1)
    assert "gut" in legal_texts(g, s)
    s = play(g, s, "bid 0", "gut", "gut", "trump H")
    assert legal_texts(g, s) == ["mit", "weg"]


def test_bk_2_1_thirty_two_unique_cards():
    assert len(CARDS) == 32 and len({str(c) for c in CARDS}) == 32
    assert {c.suit for c in CARDS} == set("CSHD")
    with pytest.raises(ValueError, match="AC.* twice"):  # the core's stacked-deck check names the card
        game().new(seed=1, deck=["AC", "AC"])


def test_bk_2_2_rank_order_a_10_k_d_b_9_8_7_and_buben_are_ordinary():
    order = ["A", "10", "K", "Q", "J", "9", "8", "7"]
    for hi, lo in itertools.combinations(order, 2):
        assert beats(parse_card(hi + "S"), parse_card(lo + "S"), trump=2)
        assert not beats(parse_card(lo + "S"), parse_card(hi + "S"), trump=2)
    # a Bube is not a trump unless of the trump suit (unlike Skat)
    assert not beats(parse_card("JC"), parse_card("7H"), trump=2)
    assert parse_card("DH") == parse_card("QH") and parse_card("BD") == parse_card("JD")


def test_bk_2_3_suit_order_only_in_the_stechen_draw():
    assert (
        draw_key(parse_card("7C"))
        > draw_key(parse_card("AS"))
        > draw_key(parse_card("AH"))
        > draw_key(parse_card("AD"))
    )
    # in play no non-trump suit beats another
    assert not beats(parse_card("AC"), parse_card("7D"), trump=2)
    assert not beats(parse_card("7D"), parse_card("AC"), trump=2)


@pytest.mark.parametrize("n", range(2, 7))
def test_bk_2_4_a_deal_uses_5n_cards_and_the_rest_is_unseen(n):
    g = game(n)
    s = g.new(seed=n)
    hands = [h for h in s.hands if h is not None]
    assert len(hands) == n and all(len(h) == 5 for h in hands)
    assert len(set(itertools.chain(*hands))) == 5 * n


def test_bk_2_5_points_may_fall_below_zero_and_euros_are_exact():
    """BK-2.5: integer points that may go negative; euros as exact rationals (see BK-8.11: 4/3)."""
    from fractions import Fraction

    from .helpers import with_points

    g = game(3, first_dealer=2)
    s = stacked(g, ["AC 10C KC QC JC", None, None], dealer=2)
    s = with_points(s, (1, 15, 14), games=5)
    s = play(g, s, "bid 3", "gut", "gut", "trump C", "weg", "weg")
    assert s.phase == "over"
    r = g.settlement(s)
    assert r.rows()[0]["points"] == -4  # 1 - 5
    assert all(isinstance(e, Fraction) for e in r.euros)


# -- BK-3: setup ---------------------------------------------------------------------


def test_bk_3_1_a_game_is_deal_bidding_trump_answers_tricks_scoring():
    g = game(3, first_dealer=0)
    s = stacked(g, [None, "AH 10H KH QH JH", None], dealer=0)
    phases = [s.phase]
    s = play(g, s, "bid 2")
    s = play(g, s, "gut", "gut")
    phases.append(s.phase)
    s = play(g, s, "trump H")
    phases.append(s.phase)
    s = play(g, s, "mit", "mit")
    phases.append(s.phase)
    assert phases == [BID, TRUMP, ANSWER, PLAY]
    while s.phase == PLAY and s.sheet.games == 0:
        s = g.apply(s, g.legal_actions(s)[0])
    assert s.sheet.games == 1 and len(s.sheet.scores) == 1  # five tricks, then scoring


def test_bk_3_2_every_round_starts_at_15_points():
    g = game(5)
    assert g.new(seed=2).sheet.points == (15,) * 5


def test_bk_3_3_first_dealer_is_an_option_or_drawn_from_the_seed():
    assert game(4, first_dealer=3).new(seed=1).deal.dealer == 3
    dealers = {game(4).new(seed=s).deal.dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert game(4).new(seed=9).deal.dealer == game(4).new(seed=9).deal.dealer
    with pytest.raises(ValueError, match="first_dealer"):
        game(4, first_dealer=4)


def test_bk_3_4_the_declarer_deals_next_also_after_a_game_without_play():
    g = game(4, first_dealer=0)
    s = g.new(seed=5)
    s = play(g, s, "gut", "bid 1", "gut", "gut", "trump S", "weg", "weg", "weg")  # seat 2 declares, all leave
    assert s.sheet.games == 1 and s.deal.dealer == 2


def test_bk_3_5_deal_two_one_two_clockwise_from_the_dealers_left():
    g = game(4, first_dealer=0)
    # positions: 2 to each (seats 1,2,3,0), then 1 to each, then 2 to each
    assert _deal_slots(4) == ((0, 1, 8, 12, 13), (2, 3, 9, 14, 15), (4, 5, 10, 16, 17), (6, 7, 11, 18, 19))
    s = g.new(
        seed=0,
        deck=[
            "AC",
            "10C",
            "AS",
            "10S",
            "AH",
            "10H",
            "AD",
            "10D",
            "KC",
            "KS",
            "KH",
            "KD",
            "QC",
            "JC",
            "QS",
            "JS",
            "QH",
            "JH",
            "QD",
            "JD",
        ],
    )
    assert {str(c) for c in s.hands[1]} == {"AC", "10C", "KC", "QC", "JC"}
    assert {str(c) for c in s.hands[0]} == {"AD", "10D", "KD", "QD", "JD"}


def test_bk_3_6_luschen_hand_without_three_of_a_suit_is_redealt_by_the_same_dealer():
    assert _is_redeal_hand(C("7C 8C 9S 7H 8D"))  # BK-8.1
    g = game(4, first_dealer=2)
    s = stacked(g, [None, None, None, "7C 8C 9S 7H 8D"], dealer=2)
    assert s.deal.dealer == 2 and s.deal.redeals >= 1 and s.deal.luschen == s.deal.redeals
    assert not any(_is_redeal_hand(h) for h in s.hands)
    assert s.sheet.deals == 1 + s.deal.redeals and s.sheet.games == 0 and s.sheet.points == (15,) * 4  # no penalty
    clean = stacked(g, [None, None, None, "7C 8C 9C 7H 8D"], dealer=2)
    assert clean.deal.redeals == 0 and clean.sheet.deals == 1


def test_bk_3_7_void_deals_are_not_games():
    g = game(3, first_dealer=0)
    s = g.new(seed=4)
    s = play(g, s, "gut", "gut", "gut")
    assert s.sheet.games == 0 and s.sheet.points == (15, 15, 15) and s.deal.dealer == 0 and s.deal.redeals == 1


def test_bk_8_1_luschen_check_examples():
    assert _is_redeal_hand(C("7C 8C 9S 7H 8D"))  # 2-1-1-1: void
    assert not _is_redeal_hand(C("7C 8C 9C 7H 8D"))  # three Kreuz: a normal hand
    assert not _is_redeal_hand(C("7C 8C 9S 7H JD"))  # the Karo Bube is no Lusche
    # and in a real deal such a hand stands
    g = game(4, first_dealer=0)
    s = stacked(g, [None, "7C 8C 9C 7H 8D", None, None], dealer=0)
    assert s.deal.redeals == 0


# -- BK-4: bidding --------------------------------------------------------------------------


def test_bk_4_1_first_call_left_of_dealer_each_once_dealer_last():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    seen = []
    for _ in range(4):
        seen.append(g.to_act(s)[0])
        s = g.apply(s, g.parse_action(s, "gut" if len(seen) < 4 else "bid 0"))
    assert seen == [1, 2, 3, 0]
    s = g.new(seed=1)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, g.legal_actions(s)[0], player=2)
    assert err.value.rule == "BK-4.1" and err.value.player == 2


def test_bk_4_2_bids_rise_the_first_may_be_0_and_after_5_only_gut():
    g = game(4, first_dealer=0)
    s = g.new(seed=1)
    assert legal_texts(g, s) == ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "gut"]
    s = play(g, s, "bid 0")
    assert "bid 0" not in legal_texts(g, s) and "bid 1" in legal_texts(g, s)
    s = play(g, s, "bid 5")
    assert legal_texts(g, s) == ["gut"]
    with pytest.raises(cardgames.IllegalMove, match="5 has been bid") as err:
        g.parse_action(s, "bid 5")
    assert err.value.rule == "BK-4.2"


def test_bk_4_3_all_gut_voids_the_deal_and_the_same_dealer_deals_again():
    g = game(4, first_dealer=3)
    s = g.new(seed=8)
    first_hands = s.hands
    s = play(g, s, "gut", "gut", "gut", "gut")
    assert s.phase == BID and s.deal.dealer == 3 and s.hands != first_hands and s.sheet.games == 0


def test_bk_4_4_the_highest_bidder_declares_with_his_bid_as_contract():
    g = game(4, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "bid 3", "gut")
    assert s.phase == TRUMP and s.deal.declarer == 3 and s.deal.contract == 3 and g.to_act(s) == (3,)


def test_bk_4_5_the_declarer_names_any_suit():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut")
    assert legal_texts(g, s) == ["trump C", "trump D", "trump H", "trump S"]
    assert play(g, s, "trump D").deal.trump == 3


def test_bk_4_6_answers_clockwise_from_the_declarers_left_and_weg_drops_the_hand():
    g = game(5, first_dealer=0)
    s = play(g, g.new(seed=6), "gut", "bid 2", "gut", "gut", "gut", "trump H")
    order = []
    for text in ("mit", "weg", "mit", "weg"):
        order.append(g.to_act(s)[0])
        s = play(g, s, text)
    assert order == [3, 4, 0, 1]
    assert s.deal.active == (0, 2, 3)  # declarer 2, MIT 3 and 0; WEG players take no part
    for viewer in (0, 2, 3):
        assert all(c is None for c in g.view(s, viewer).hands[4])  # a WEG hand is never shown


def test_bk_4_7_if_everybody_leaves_the_declarer_takes_all_five_tricks():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 2", "gut", "gut", "trump C", "weg", "weg")
    score = s.sheet.scores[-1]
    assert not score.played and score.tricks[1] == 5 and score.changes == (0, -5, 0)


# -- BK-4: tricks --------------------------------------------------------------------------


def test_bk_4_8_declarer_leads_winner_leads_next_and_weg_players_are_skipped():
    g = game(4, first_dealer=0)
    s = stacked(g, [None, "AS 10S KS QS JS", "7H 8H 9H 10C JC", "AH 10H KH QH JH"], dealer=0)
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump S", "mit", "weg", "mit")
    assert g.to_act(s) == (1,)
    s = play(g, s, "play AS")
    assert g.to_act(s) == (2,)
    s = play(g, s, "play 7H")  # seat 2 has no Pik, no trump: free
    assert g.to_act(s) == (0,)  # seat 3 said WEG and is skipped
    s = g.apply(s, g.legal_actions(s)[0])
    assert g.to_act(s) == (1,) and s.tricks[1] == 1  # the Ace won, its player leads again


def test_bk_4_9_trump_beats_non_trump_and_higher_beats_lower_in_suit():
    assert beats(parse_card("7H"), parse_card("AS"), trump=2)
    assert beats(parse_card("AS"), parse_card("KS"), trump=2)
    assert not beats(parse_card("AD"), parse_card("7S"), trump=2)  # a different side suit never wins
    g = game(3, first_dealer=0)
    s = stacked(g, ["KD 10D 7D 10C JC", "KS 9S 8S 7S 7C", "AD QD JD 9C 8C"], dealer=0)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit", "play KS", "play AD", "play KD")
    assert s.tricks == (0, 1, 0) and g.to_act(s) == (1,)  # the led ♠K holds against two Aces of Karo


def test_bk_4_10_a_must_follow_suit():
    assert legal("9D 8D AS", "QD", "H") == ["8D", "9D"]


def test_bk_4_10_b_forced_undertrump_bk_8_4():
    """BK-8.4: no Pik, so he must trump; nothing beats ♥A, so ♥7."""
    assert legal("7H AD 10C", "KS AH", "H") == ["7H"]


def test_bk_4_10_c_neither_follow_nor_trump_any_card():
    assert legal("7C AD", "KS 9H", "H") == ["7C", "AD"]


def test_bk_4_11_heading_duty_bk_8_5():
    """BK-8.5: must beat the Dame when a Karo can; otherwise following is still compulsory."""
    assert legal("AD KD 7D 8C", "QD", "H") == ["AD", "KD"]
    assert legal("9D 8D AS", "QD", "H") == ["8D", "9D"]


def test_bk_4_12_and_bk_8_6_following_beats_heading_overtrump_free_discard():
    assert legal("AS 7S KH", "KS 9H", "H") == ["7S", "AS"]  # (a) follow; no Pik beats ♥9; ♥K barred
    assert legal("10H 8H 7D", "AC 9H", "H") == ["10H"]  # (b) must trump and overtrump
    assert legal("8H 7H AC", "KS AS", "H") == ["7H", "8H"]  # (c) any trump beats ♠A
    assert legal("7C AD", "KS 9H", "H") == ["7C", "AD"]  # (d) free discard
    assert legal("AH 7H AC", "KH", "H") == ["AH"]  # (e) trump led: follow and head
    trick = C("KS 9H AS 10H")
    best = 0
    for i in range(1, 4):
        if beats(trick[i], trick[best], 2):
            best = i
    assert str(trick[best]) == "10H"  # the trick is won by ♥10


def test_bk_4_13_an_illegal_card_is_refused_citing_the_clause_and_nothing_changes():
    from cardgames.brokdorf.rules import PLAYS

    g = game(3, first_dealer=0)
    s = stacked(g, [None, "KS 9S 8S 7S 7C", "AS AD KD QD JD"], dealer=0)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit", "play 9S")
    before = s
    with pytest.raises(cardgames.IllegalMove) as err:  # ♦A does not follow Pik: a BK-4.10 refusal
        g.apply(s, PLAYS[parse_card("AD")])
    assert err.value.rule == "BK-4.10" and "play ♠A" in str(err.value) and err.value.player == 2
    assert "You must follow Pik and head the trick by beating ♠9" in str(err.value)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "play 7H")
    assert err.value.rule == "BK-4.8" and "do not hold" in str(err.value)
    assert s == before


def test_bk_8_3_bidding_example():
    g = game(4, first_dealer=0)  # A = 0 deals; order B C D A
    s = play(g, g.new(seed=3), "bid 1", "gut", "bid 3")
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "bid 3")
    assert err.value.rule == "BK-4.2" and "higher than 3" in str(err.value)
    s = play(g, s, "gut")
    assert s.deal.declarer == 3 and s.deal.contract == 3
    s2 = play(g, g.new(seed=3), "gut", "gut", "gut", "gut")
    assert s2.deal.dealer == 0 and s2.phase == BID and s2.deal.redeals == 1
    s3 = play(g, g.new(seed=3), "bid 0", "gut", "gut", "gut")
    assert s3.deal.declarer == 1 and s3.deal.contract == 0


def test_bk_8_4_to_8_6_in_a_real_game_the_engine_offers_exactly_the_legal_set():
    g = game(3, first_dealer=0)
    # seat 1 leads ♠K; seat 2 has no Pik and must trump (Herz) and overtrump nothing yet
    s = stacked(g, ["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"], dealer=0)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit", "play KS")
    assert cards(g, s) == ["7H", "9H"]  # any trump beats ♠K, and he must head
    s = play(g, s, "play 7H")
    assert cards(g, s) == ["AH"]  # seat 0: no Pik; ♥A overtrumps ♥7


def test_bk_1_3_and_bk_1_4_card_codes_suits_and_action_words_are_case_insensitive():
    """BK-1.3's card codes and suit letters and BK-1.4's German words read the same in any case."""
    g = game(4, first_dealer=0)
    s = g.new(seed=3)
    for text in ("GUT", "Gut", "gUt", "PASS"):
        assert str(g.parse_action(s, text)) == "gut"
    for text in ("BID 3", "Bid 3", "bId 3"):
        assert str(g.parse_action(s, text)) == "bid 3"
    s = play(g, s, "Bid 1", "GUT", "gut", "Gut")
    for text in ("Trump h", "TRUMP H", "trump h", "trump HERZ", "Trump herz", "trump ♥"):
        assert str(g.parse_action(s, text)) == "trump H"
    s = play(g, s, "TRUMP h")
    for text in ("MIT", "Mit", "mIT"):
        assert str(g.parse_action(s, text)) == "mit"
    assert str(g.parse_action(s, "WEG")) == "weg" and str(g.parse_action(s, "Weg")) == "weg"
    s = play(g, s, "MIT", "Weg", "mit")
    for card in s.hands[g.to_act(s)[0]]:
        code = str(card)
        rank, suit = code[:-1], code[-1]
        for text in (
            f"PLAY {code}",
            f"play {code.lower()}",
            f"Play {rank.lower()}{suit}",
            f"pLAY {card.pretty.lower()}",
        ):
            assert g.parse_action(s, text).card == card, text
    assert g.parse_action(s, "MISDEAL", None) == g.parse_action(s, "misdeal", None)
    assert str(g.parse_action(s, "Violation 2", None)) == "violation 2"
    # a ten and the German letters (D = Dame, B = Bube) in lower case; stacked decks too
    assert parse_card("10h") == parse_card("10H") == parse_card("th")
    assert parse_card("dh") == parse_card("QH") and parse_card("bd") == parse_card("JD")
    codes = "AC 10C KC QC JC AS 10S KS QS JS AH 10H KH QH JH".split()
    g3 = game(3, first_dealer=0)
    lower = g3.new(seed=1, deck=[c.lower() for c in codes], draws=[["ah", "7s"]])
    assert lower.hands == g3.new(seed=1, deck=codes).hands
    s3 = stacked(g3, [None, "ac 10c kc qc jc", "7c ad kd qd jd"], dealer=0)
    s3 = play(g3, s3, "BID 1", "GUT", "Gut", "trump h", "Mit", "MIT")
    assert g3.parse_action(s3, "PLAY 10c").card == parse_card("10C")
    s3 = play(g3, s3, "play 10C")
    with pytest.raises(cardgames.IllegalMove) as err:  # refusals read lower-case codes just the same
        g3.parse_action(s3, "play ad")
    assert err.value.rule == "BK-4.10" and str(err.value).endswith("play ♣7 (BK-4.10)")
