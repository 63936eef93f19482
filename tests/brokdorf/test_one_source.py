"""What is legal and why anything else is refused come from one judge per decision (issue 29).

cardgames/brokdorf/legality.py has one judge for each decision (the calls, the trump suit, MIT or
WEG, a card, a dealer) and one for the table's records.  Over seeded playouts of every player
count these tests check that whatever a judge offers, ``apply`` accepts, and that every other
action ``apply`` refuses with exactly the refusal the same judge gives when asked about it; then
one specific refusal of each clause a judge enforces.
"""

from __future__ import annotations

import pytest
from helpers import random_positions

import cardgames
from cardgames.brokdorf import legality, rules
from cardgames.brokdorf.rules import (
    BIDS,
    DEALERS,
    GUT,
    MIT,
    PLAYS,
    TRUMPS,
    WEG,
    Bid,
    Expel,
    Misdeal,
    Stechen,
    Violation,
)

from .helpers import game, play, stacked

JUDGES = {
    rules.BID: legality.calls,
    rules.TRUMP: legality.trumps,
    rules.ANSWER: legality.answers,
    rules.PLAY: legality.plays,
    rules.STECHEN_DEALER: legality.dealers,
    rules.NEXT_DEALER: legality.dealers,
}

# every action a player can name, and a few that no rule allows (a bid of 6 or -1)
CANDIDATES = (*BIDS, Bid(6), Bid(-1), GUT, *TRUMPS, MIT, WEG, *PLAYS, *DEALERS)


def refusal_of(call, *args):
    """The IllegalMove ``call(*args)`` raises, as (clause, message, player)."""
    with pytest.raises(cardgames.IllegalMove) as err:
        call(*args)
    return err.value.rule, err.value.message, err.value.player


def judged(g, state, seat, action):
    """The refusal the judge of the phase gives when asked about ``action``."""
    return refusal_of(JUDGES[state.phase], g, state, seat, action)


def refused_alike(g, state, seat, action):
    """The judge's refusal of ``action`` (clause, message, player), once ``apply`` has refused it with the same."""
    judgement = judged(g, state, seat, action)
    assert refusal_of(g.apply, state, action) == judgement
    return judgement


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_judges_offer_what_apply_accepts_and_refuse_the_rest_as_apply_does(players):
    # a tournament of a few rounds reaches the dealer choices (BK-5.8, BK-6.4) as well as the deals
    g = game(players, tournament=True, max_rounds=3)
    seen = set()
    for seed in range(2):
        run = random_positions(g, seed)
        dealer_choices = [
            (state, seat) for state, seat in run if state.phase in (rules.NEXT_DEALER, rules.STECHEN_DEALER)
        ]
        for state, seat in run[:: max(1, len(run) // 40)] + dealer_choices:
            seen.add(state.phase)
            offer = JUDGES[state.phase](g, state, seat, None)
            assert offer == g.legal_actions(state, seat)
            for action in offer:  # every action a judge offers is accepted
                g.apply(state, action, seat)
            for action in CANDIDATES:
                if action in offer:
                    continue
                assert refusal_of(g.apply, state, action, seat) == judged(g, state, seat, action), (
                    state.phase,
                    str(action),
                )
            for event in (Misdeal(), *(Violation(s) for s in range(players)), *(Expel(s) for s in range(players))):
                try:
                    legality.table_event(g, state, event)
                except cardgames.IllegalMove as refused:  # the table's judge refuses it: so does apply
                    assert refusal_of(g.apply, state, event, None) == (refused.rule, refused.message, None)
                else:  # the table's judge allows it: so does apply
                    g.apply(state, event, None)
                # BK-5.10: a player never records a table event
                assert refusal_of(g.apply, state, event, seat) == refusal_of(
                    legality.table_event, g, state, event, seat
                )
    assert {rules.BID, rules.TRUMP, rules.ANSWER, rules.PLAY, rules.NEXT_DEALER} <= seen


# ---------------------------------------------------------------------------
# One refusal of each clause, from its judge and through apply


def bidding(players=4):
    g = game(players, first_dealer=0)
    return g, g.new(seed=1)


def test_calls_bk_4_2_a_bid_must_be_higher_than_the_highest():
    g, s = bidding()
    s = play(g, s, "bid 3")
    assert judged(g, s, 2, Bid(2)) == (
        "BK-4.2",
        "A bid must be higher than 3: bid 4 or 5, or say gut",
        2,
    )
    assert refusal_of(g.apply, s, Bid(3)) == judged(g, s, 2, Bid(3))


def test_calls_bk_4_2_a_bid_is_zero_to_five_tricks():
    g, s = bidding()
    rule, message, _ = judged(g, s, 1, Bid(6))
    assert rule == "BK-4.2" and message.startswith("A bid is a number of tricks from 0 to 5: bid 0, 1, 2")


def test_calls_bk_4_2_after_a_bid_of_five_only_gut():
    g, s = bidding()
    s = play(g, s, "bid 5")
    assert judged(g, s, 2, Bid(5))[:2] == ("BK-4.2", "5 has been bid, so every later call must be GUT: say gut")


def test_calls_bk_4_2_a_card_while_the_calls_go_round_is_not_the_decision_due():
    g, s = bidding()
    rule, message, _ = refusal_of(g.apply, s, PLAYS[0])
    assert rule == "BK-4.2" and message.startswith("Now ") and "chooses a call, not play ♣7: gut, bid 0" in message
    assert (rule, message) == judged(g, s, 1, PLAYS[0])[:2]


def declared(players=3):
    """Seat 1 declares 1; the trump suit is due (BK-4.5)."""
    g = game(players, first_dealer=0)
    s = stacked(g, ["KD 10D 7D 10C JC", "KS 9S 8S 7S 7C", "AD QD JD 9C 8C"], dealer=0)
    return g, play(g, s, "bid 1", "gut", "gut")


def test_trumps_bk_4_5_the_declarer_names_a_suit_not_an_answer():
    g, s = declared()
    assert s.phase == rules.TRUMP
    rule, message, player = refused_alike(g, s, 1, MIT)
    assert (rule, player) == ("BK-4.5", 1) and "chooses the trump suit, not mit" in message


def test_answers_bk_4_6_the_others_answer_mit_or_weg_not_a_bid():
    g, s = declared()
    s = play(g, s, "trump H")
    assert s.phase == rules.ANSWER
    rule, message, _ = judged(g, s, g.to_act(s)[0], BIDS[2])
    assert rule == "BK-4.6" and "chooses MIT or WEG, not bid 2: mit or weg" in message
    assert refusal_of(g.apply, s, BIDS[2])[:2] == (rule, message)


def trick_play():
    """Seat 1 declares in Herz and leads ♠K; seat 2 holds Karo and Kreuz, seat 0 Karo (BK-4.8)."""
    g, s = declared()
    return g, play(g, s, "trump H", "mit", "mit", "play KS")


def card(code):
    return PLAYS[cardgames.brokdorf.parse_card(code)]


def test_plays_bk_4_8_a_card_he_does_not_hold():
    g, s = trick_play()
    rule, message, player = refused_alike(g, s, 2, card("AH"))
    assert (rule, player) == ("BK-4.8", 2) and message.startswith("You do not hold ♥A; your hand is ")


def test_plays_bk_4_10_he_must_trump_when_he_cannot_follow():
    g = game(3, first_dealer=0)
    s = stacked(g, ["KD 10D 7D 10H JC", "KS 9S 8S 7S 7C", "AD QD JD 9C 8C"], dealer=0)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit", "play KS")
    s = play(g, s, "play AD")  # seat 2 holds no Pik and no Herz: any card
    rule, message, _ = judged(g, s, 0, card("KD"))  # seat 0 holds no Pik but ♥10: he must trump
    assert rule == "BK-4.10" and message == "You cannot follow Pik, so you must trump and beat ♠K: play ♥10"
    assert refusal_of(g.apply, s, card("KD"))[:2] == (rule, message)


def test_plays_bk_4_11_he_must_head_the_trick_when_he_can():
    g = game(3, first_dealer=0)
    s = stacked(g, ["KD 10D 7D 10C JC", "QD 9S 8S 7S 7C", "AD KS JD 9C 8C"], dealer=0)
    s = play(g, s, "bid 1", "gut", "gut", "trump H", "mit", "mit", "play QD")
    rule, message, _ = judged(g, s, 2, card("JD"))  # ♦A beats the Dame: he must play it
    assert rule == "BK-4.11" and message == "♦J does not beat ♦Q, and you must head the trick when you can: play ♦A"
    assert refusal_of(g.apply, s, card("JD"))[:2] == (rule, message)


def round_over():
    """Three misdeals by the dealer end the round (BK-5.11); the loser names the next dealer (BK-6.4)."""
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, Misdeal(), None)
    assert s.phase == rules.NEXT_DEALER
    return g, s


def test_dealers_bk_6_4_the_next_dealer_is_a_player_still_seated():
    g, s = round_over()
    s = s.replace(sheet=s.sheet.replace(seated=(0, 1)))  # seat 2 has left the session
    seated = "The first dealer of the next round is a player still seated: player 1 or player 2"
    assert refused_alike(g, s, 0, DEALERS[2]) == ("BK-6.4", seated, 0)


def stechen():
    """A Stechen between seats 0 and 2, won by seat 2, who names the dealer (BK-5.8)."""
    g, s = round_over()
    s = s.replace(phase=rules.STECHEN_DEALER, sheet=s.sheet.replace(stechen=Stechen(members=(0, 2), draw=(), winner=2)))
    return g, s


def test_dealers_bk_5_8_the_decision_game_is_dealt_by_a_tied_player():
    g, s = stechen()
    assert legality.dealers(g, s, 2, None) == (DEALERS[0], DEALERS[2])
    tied = "The dealer of the decision game is one of the tied players: player 1 or player 3"
    assert refused_alike(g, s, 2, DEALERS[1]) == ("BK-5.8", tied, 2)


def test_table_event_bk_5_10_a_player_does_not_record_a_table_event():
    g, s = bidding()
    rule, message, player = refusal_of(legality.table_event, g, s, Misdeal(), 1)
    assert (rule, player) == ("BK-5.10", 1)
    assert message == "The table records `misdeal`, not a player: apply it with player=None"
    assert refusal_of(g.apply, s, Misdeal(), 1) == (rule, message, player)


def test_table_event_bk_5_11_a_misdeal_only_while_a_deal_is_on():
    g, s = stechen()
    rule, message, _ = refusal_of(legality.table_event, g, s, Misdeal())
    assert rule == "BK-5.11" and message.startswith("A misdeal is reported while a deal is in progress")
    assert refusal_of(g.apply, s, Misdeal(), None)[:2] == (rule, message)


def test_table_event_bk_5_12_a_violation_only_against_an_active_player_in_trick_play():
    g, s = bidding()
    rule, message, _ = refusal_of(legality.table_event, g, s, Violation(2))
    assert rule == "BK-5.12" and message.startswith("A violation is recorded during trick play")
    assert refusal_of(g.apply, s, Violation(2), None)[:2] == (rule, message)
    g, s = trick_play()
    legality.table_event(g, s, Violation(2))  # an active player in trick play: recorded
    assert 2 in g.apply(s, Violation(2), None).deal.violators


def test_table_event_bk_5_13_an_expulsion_needs_a_recorded_violation():
    g, s = trick_play()
    rule, message, _ = refusal_of(legality.table_event, g, s, Expel(2))
    assert rule == "BK-5.13" and "has no recorded violation yet: record `violation 2` first" in message
    assert refusal_of(g.apply, s, Expel(2), None)[:2] == (rule, message)
    s = g.apply(s, Violation(2), None)
    legality.table_event(g, s, Expel(2))  # a repeat: the table may expel him
    assert g.apply(s, Expel(2), None).sheet.results[-1].end == "expulsion"


def test_table_event_nothing_is_recorded_once_the_game_is_over():
    g = game(3, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(3):
        s = g.apply(s, Misdeal(), None)
    assert s.phase == rules.OVER
    rule, message, _ = refusal_of(legality.table_event, g, s, Misdeal())
    assert (rule, message) == (g.spec.over_rule, "The game is over: nothing more to record")
    assert refusal_of(g.apply, s, Misdeal(), None)[:2] == (rule, message)
