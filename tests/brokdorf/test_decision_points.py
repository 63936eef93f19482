"""Brokdorf: the decision points of BK-7 (who decides what, from which options) and the Stechen steps BK-5.8.

Seeded games with random legal moves, 2 to 6 players, with and without tournament mode, and a second
family of games that start at 25 points each (game 5 of a round) so that the first game ends the round,
often in a tie of two, three or four players and so in a Stechen.  At every decision the tests work out
from the state, by the rule text alone, who must act and which options the row of the BK-7 table
gives, compare that with ``to_act`` and ``legal_actions``, and apply every offered option.
The rare Stechen branches (two or more +5 in the decision game, a tie on the fewest tricks) are also
played on hand-built deals.
"""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from helpers import walk

import cardgames
from cardgames.brokdorf.rules import ANSWER, BID, DEALERS, PLAY, STECHEN_DEALER, TRUMP

from .helpers import game, legal_texts, play, stacked, with_points
from .test_scoring import run_tricks

IN_DEAL = (BID, TRUMP, ANSWER, PLAY)
RANKS = ("7", "8", "9", "J", "Q", "K", "10", "A")  # BK-2.2, low to high (Dame = Q, Bube = J)
DRAW_SUITS = ("D", "H", "S", "C")  # BK-2.3 / BK-5.8 step 1, low to high
TRUMP_CODES = "CSHD"  # the suit index of a deal's trump, as the action "trump X" names it


# -- the rules, written out from the text ------------------------------------------------------------------


def rank(card):
    return RANKS.index(str(card)[:-1])


def suit(card):
    return str(card)[-1]


def beats(x, w, trump):
    """BK-4.9: X beats W if X is trump and W is not, or both share a suit and X ranks higher."""
    return (suit(x) == trump and suit(w) != trump) or (suit(x) == suit(w) and rank(x) > rank(w))


def winning(cards, trump):
    """BK-4.9: the first card, replaced by each later card that beats it."""
    best = cards[0]
    for card in cards[1:]:
        if beats(card, best, trump):
            best = card
    return best


def legal_follow(hand, trick, trump):
    """BK-4.10 (obligation set A) and BK-4.11 (heading): the cards a follower may play."""
    led = suit(trick[0])
    obliged = [c for c in hand if suit(c) == led] or [c for c in hand if suit(c) == trump] or list(hand)
    best = winning(trick, trump)
    return [c for c in obliged if beats(c, best, trump)] or obliged


def draw_winner(draw):
    """BK-5.8 step 1: the highest drawn card, suit first (♣ > ♠ > ♥ > ♦), then rank."""
    return max(draw, key=lambda seat_card: (DRAW_SUITS.index(suit(seat_card[1])), rank(seat_card[1])))[0]


def from_left(seats, seat):
    """The seats in table order (BK-1.3: clockwise = rising seat number) from ``seat``'s left, ``seat`` last."""
    table = sorted(seats)
    i = table.index(seat)
    return table[i + 1 :] + table[: i + 1]


def plus_five(score, seat):
    """BK-5.1: a MIT player with no trick, or a declarer short of his contract, receives +5."""
    if seat == score.declarer:
        return score.tricks[seat] < score.contract
    return seat in score.mit and score.tricks[seat] == 0


def deal_seats(s):
    """Who is dealt in: the members of T in a decision game (BK-5.8 step 3), else the seated players."""
    return tuple(sorted(s.sheet.stechen.members)) if s.deal.decision else s.sheet.seated


def offers(g, s, seat, expected):
    """Check that ``seat`` alone may act and is offered exactly ``expected`` (action texts), each accepted by
    apply; return the state after each option, by its text."""
    assert g.to_act(s) == (seat,)
    texts = legal_texts(g, s)
    assert len(texts) == len(set(texts)) and set(texts) == set(expected), (texts, sorted(expected))
    for other in range(g.players):
        if other != seat:
            assert g.legal_actions(s, player=other) == ()
    return {str(a): g.apply(s, a, seat) for a in g.legal_actions(s)}


# -- seeded games with random legal moves ------------------------------------------------------------------


FAMILIES = (
    # (players, options, starting points or None, seeds)
    *[(n, {}, None, range(20)) for n in range(2, 7)],
    *[(n, {"tournament": True, "start_euros": 2, "max_rounds": 3}, None, range(12)) for n in range(2, 7)],
    *[(n, {}, 25, range(120)) for n in range(3, 7)],
    *[(n, {"tournament": True, "start_euros": 2, "max_rounds": 2}, 25, range(25)) for n in range(4, 7)],
)


@functools.cache
def walks():
    """Each walk: the game and its steps (state, seat to act, action taken); the last step is the end."""
    out = []
    for n, options, points, seeds in FAMILIES:
        g = game(n, **options)
        for seed in seeds:
            start = None if points is None else with_points(g.new(seed=seed), (points,) * n, games=4)
            out.append((g, walk(g, seed, start)))
    return tuple(out)


def decision_deal(s):
    return s.deal is not None and s.deal.decision


def any_deal(s):
    return True


def decisions(phase, which):
    """(game, state, seat, action) of every step of the walks at ``phase``, in the deals ``which`` selects.

    A walk starts with a fresh deal, so lists a check keeps per deal start over at its first call.
    """
    for g, steps in walks():
        for s, seat, action in steps:
            if s.phase == phase and which(s):
                yield g, s, seat, action


def check_bidding(which):
    """BK-7.3 at every call of the deals ``which`` selects; returns what was seen."""
    seen = Counter()
    callers = []
    for g, s, seat, _ in decisions(BID, which):
        d = s.deal
        seats = deal_seats(s)
        assert d.seats == seats and d.dealer in seats
        order = from_left(seats, d.dealer)  # BK-4.1: from the dealer's left, the dealer last
        if not d.calls:
            callers = []
        assert len(d.calls) == len(callers)
        bids = [b for b in d.calls if b is not None]
        low = max(bids) + 1 if bids else 0  # BK-4.2: higher than every earlier bid, 0 to 5
        after = offers(g, s, order[len(callers)], {"gut"} | {f"bid {b}" for b in range(low, 6)})
        callers.append(seat)
        seen["calls"] += 1
        seen["only gut after a 5"] += low == 6
        if len(callers) == len(order):
            assert callers == order  # every player called exactly once
            seen["rounds of calls"] += 1
            redeal = after["gut"]  # BK-4.3: all GUT voids the deal: the same dealer deals again
            if not bids:
                assert redeal.phase == BID and redeal.deal.calls == () and redeal.deal.dealer == d.dealer
                assert redeal.deal.seats == seats
                seen["all gut"] += 1
    return seen


def check_trump(which):
    """BK-7.4 at every trump decision of the deals ``which`` selects."""
    seen = Counter()
    for g, s, _, action in decisions(TRUMP, which):
        d = s.deal
        order = from_left(deal_seats(s), d.dealer)
        assert len(d.calls) == len(order)  # after the bidding, every player called
        bids = [(b, seat) for b, seat in zip(d.calls, order) if b is not None]
        contract, declarer = max(bids)  # BK-4.4: the highest bidder declares
        assert (d.declarer, d.contract) == (declarer, contract)
        after = offers(g, s, declarer, {f"trump {code}" for code in TRUMP_CODES})
        for code in TRUMP_CODES:
            assert after[f"trump {code}"].phase == ANSWER
            assert TRUMP_CODES[after[f"trump {code}"].deal.trump] == code
        seen[str(action)] += 1
    return seen


def check_answers(which):
    """BK-7.5 at every MIT/WEG answer of the deals ``which`` selects."""
    seen = Counter()
    answerers = []
    for g, s, seat, _ in decisions(ANSWER, which):
        d = s.deal
        order = from_left(deal_seats(s), d.declarer)[:-1]  # BK-4.6: the others, from the declarer's left
        if not d.answers:
            answerers = []
        assert len(d.answers) == len(answerers)
        offers(g, s, order[len(answerers)], {"mit", "weg"})  # both always legal
        answerers.append(seat)
        seen["answers"] += 1
        if len(answerers) == len(order):
            assert answerers == order
            seen["all others answered"] += 1
            seen["last answer after only WEG"] += not any(d.answers)
    return seen


def check_follows(which):
    """BK-7.7 at every card of a follower in the deals ``which`` selects."""
    seen = Counter()
    for g, steps in walks():
        trick = []  # (seat, card) played to the current trick so far
        for s, seat, action in steps:
            if s.phase != PLAY or not which(s):
                trick = []
                continue
            d = s.deal
            trump = TRUMP_CODES[d.trump]
            mit = {p for p, a in zip(d.answer_order, d.answers) if a}
            active = sorted({d.declarer} | mit)  # BK-4.8: the declarer and the MIT players
            if trick:
                cards = [card for _, card in trick]
                assert [str(c) for c in s.trick.cards] == [str(c) for c in cards]
                follower = from_left(active, trick[-1][0])[0]  # clockwise, skipping WEG players
                legal = legal_follow(s.hands[follower], cards, trump)
                offers(g, s, follower, {f"play {c}" for c in legal})
                seen["follows"] += 1
                seen["restricted"] += len(legal) < len(s.hands[follower])
                seen["WEG skipped"] += follower != from_left(d.seats, trick[-1][0])[0]
            trick.append((seat, action.card))
            if len(trick) == len(active):
                trick = []
    return seen


def test_bk_7_3_bidding_goes_once_round_from_the_dealers_left_each_offered_a_bid_or_gut():
    """BK-7.3: in the bidding each player, from the dealer's left, decides once: a bid or GUT (BK-4.2: a bid
    from 0 to 5 above every earlier bid; GUT always; only GUT once 5 is bid)."""
    seen = check_bidding(any_deal)
    assert seen["rounds of calls"] > 1000 and seen["only gut after a 5"] > 50 and seen["all gut"] > 10, seen


def test_bk_7_4_the_declarer_alone_chooses_among_the_four_trump_suits():
    """BK-7.4: after the bidding the declarer (the highest bidder, BK-4.4) names trump: ♣, ♠, ♥ or ♦."""
    seen = check_trump(any_deal)
    assert sum(seen.values()) > 1000 and len(seen) == 4, seen


def test_bk_7_5_each_non_declarer_from_the_declarers_left_answers_mit_or_weg():
    """BK-7.5: after trump, each non-declarer from the declarer's left decides MIT or WEG; both are always
    legal (also for the last one after everybody else dropped out)."""
    seen = check_answers(any_deal)
    assert seen["all others answered"] > 1000 and seen["last answer after only WEG"] > 100, seen


def test_bk_7_7_each_active_follower_plays_a_card_of_the_bk_4_10_4_11_set():
    """BK-7.7: in each trick each active follower (clockwise from the leader, WEG players skipped) plays a
    card of the legal set of BK-4.10 (follow suit, else trump, else any card) and BK-4.11 (head if he can)."""
    seen = check_follows(any_deal)
    assert seen["follows"] > 5000 and seen["restricted"] > 1000 and seen["WEG skipped"] > 500, seen


def test_bk_7_8_the_draw_winner_names_any_member_of_t_as_dealer_of_the_decision_game():
    """BK-7.8: at Stechen step 2 the draw winner decides the dealer of the decision game: any member of T."""
    sizes = Counter()
    for g, steps in walks():
        for s, _, _ in steps:
            if s.phase != STECHEN_DEALER:
                continue
            members = s.sheet.stechen.members
            draw = s.sheet.stechen.draw[-len(members) :]
            after = offers(g, s, draw_winner(draw), {f"dealer {m}" for m in members})
            for m in members:
                dealt = after[f"dealer {m}"]
                assert dealt.phase == BID and dealt.deal.decision and dealt.deal.dealer == m
            sizes[len(members)] += 1
    assert sizes[2] > 50 and sizes[3] > 3, sizes


def test_bk_7_9_members_of_t_alone_take_the_decisions_of_the_decision_game_as_in_bk_7_3_to_7_7():
    """BK-7.9: in the decision game the members of T decide as in BK-7.3-7.7 (calls from the dealer's left
    among them, the declarer's trump, MIT/WEG from his left, the followers' cards); nobody else acts."""
    calls, trumps, answers, follows = (
        check(decision_deal) for check in (check_bidding, check_trump, check_answers, check_follows)
    )
    assert calls["rounds of calls"] > 50 and sum(trumps.values()) > 50, (calls, trumps)
    assert answers["all others answered"] > 50 and follows["follows"] > 100, (answers, follows)
    for g, steps in walks():
        for s, seat, _ in steps:
            if s.phase in IN_DEAL and decision_deal(s):
                members = s.sheet.stechen.members
                assert seat in members
                assert all(s.hands[p] == () for p in range(g.players) if p not in members)


# -- BK-5.8: the Stechen -----------------------------------------------------------------------------------


def stechen_steps():
    """(game, state before, state in the Stechen) for every Stechen draw of the walks."""
    for g, steps in walks():
        for (before, _, _), (s, _, _) in zip(steps, steps[1:]):
            if s.phase == STECHEN_DEALER:
                yield g, before, s


def test_bk_5_8_1_each_member_of_t_draws_one_card_and_the_highest_suit_then_rank_wins():
    """BK-5.8 step 1: each member of the tied set T draws one card of a full deck; the highest card wins the
    draw, suit first (♣ > ♠ > ♥ > ♦), then rank.  T is the tied set: at the round end the players with the
    most points (BK-5.5), after a decision game the members still tied (step 4)."""
    kinds = Counter()
    for g, before, s in stechen_steps():
        members = s.sheet.stechen.members
        draw = s.sheet.stechen.draw[-len(members) :]
        assert len(members) >= 2 and [seat for seat, _ in draw] == list(members)
        assert len({str(card) for _, card in draw}) == len(members)  # distinct cards of one deck
        assert g.to_act(s) == (draw_winner(draw),) == (s.sheet.stechen.winner,)
        if decision_deal(before):
            assert set(members) < set(before.sheet.stechen.members)
            kinds["again"] += 1
        else:
            points = s.sheet.points
            top = max(points[p] for p in s.sheet.seated)
            assert members == tuple(p for p in s.sheet.seated if points[p] == top)
            kinds["first"] += 1
        kinds["won on suit"] += len({suit(c) for _, c in draw}) == len(draw)
    assert kinds["first"] > 50 and kinds["again"] > 3, kinds


@pytest.mark.parametrize(
    "draw, winner",
    [
        (("AH", "AD", "7S"), 2),  # ♠7 beats both aces: suit first
        (("KS", "AS", "10S"), 1),  # one suit: A > 10 > K
        (("10C", "AH", "KC"), 0),  # ♣10 beats ♣K and ♥A
    ],
)
def test_bk_5_8_1_the_draw_compares_suit_first_then_rank(draw, winner):
    """BK-5.8 step 1 on stacked draws among three tied players: suit first (♣ > ♠ > ♥ > ♦), then rank."""
    g, s = three_way_stechen(draws=(draw,))
    assert [(seat, str(card)) for seat, card in s.sheet.stechen.draw] == list(zip((0, 1, 2), draw))
    assert g.to_act(s) == (winner,)


def test_bk_5_8_2_the_draw_winner_names_the_dealer_among_t_himself_allowed():
    """BK-5.8 step 2: the draw winner chooses the dealer among the members of T, himself allowed; nobody else
    chooses, and no seat outside T can be named."""
    seen = 0
    for g, _, s in stechen_steps():
        members = s.sheet.stechen.members
        (winner,) = g.to_act(s)
        assert winner in members and f"dealer {winner}" in legal_texts(g, s)
        for seat in range(g.players):
            if seat not in members:
                with pytest.raises(cardgames.IllegalMove):
                    g.apply(s, DEALERS[seat], winner)
            elif seat != winner:
                with pytest.raises(cardgames.IllegalMove):
                    g.apply(s, DEALERS[winner], seat)
        assert g.apply(s, DEALERS[winner], winner).deal.dealer == winner
        seen += 1
    assert seen > 50
    g, s = three_way_stechen(draws=(("7D", "8D", "AC"),))  # seat 2 wins; seat 3 is not tied
    assert g.to_act(s) == (2,) and legal_texts(g, s) == ["dealer 0", "dealer 1", "dealer 2"]
    with pytest.raises(cardgames.IllegalMove) as err:
        g.apply(s, DEALERS[3], 2)
    assert err.value.rule == "BK-5.8"
    assert play(g, s, "dealer 2").deal.dealer == 2


def test_bk_5_8_3_only_t_plays_one_decision_game_in_table_order_and_round_points_stay():
    """BK-5.8 step 3: the members of T alone, in their table order, play one game under BK-3.5-BK-5.1
    (five cards each, calls from the dealer's left, redeals included); its point changes (scored by BK-5.1)
    are used only for step 4: the round's points do not change."""
    seen = Counter()
    for g, steps in walks():
        points = games = None
        for (s, _, _), (after, _, _) in zip(steps, steps[1:]):
            if s.phase == STECHEN_DEALER:
                points, games = s.sheet.points, s.sheet.games
            if not decision_deal(s):
                continue
            members = s.sheet.stechen.members
            assert s.deal.seats == tuple(sorted(members))
            assert s.sheet.points == points and s.sheet.games == games
            if s.phase == BID and not s.deal.calls:
                assert all(len(s.hands[p]) == (5 if p in members else 0) for p in range(g.players))
            if decision_deal(after) and after.phase == BID and not after.deal.calls:
                # a void decision deal (all GUT or a Luschen hand) is dealt again by the same dealer
                assert after.deal.dealer == s.deal.dealer and after.deal.seats == s.deal.seats
                seen["redeal"] += 1
            if len(after.sheet.scores) > len(s.sheet.scores):
                score = after.sheet.scores[-1]
                assert score.number == 0 and score.declarer in members
                for p in members:
                    bonus = 5 if plus_five(score, p) else 0
                    assert score.changes[p] == (0 if p in score.weg else bonus - score.tricks[p])
                if after.sheet.results and len(after.sheet.results) > len(s.sheet.results):
                    assert after.sheet.results[-1].points == points
                else:
                    assert after.sheet.points == points
                assert not decision_deal(after)  # one game, then step 4
                seen["decision games"] += 1
    assert seen["decision games"] > 50 and seen["redeal"] > 0, seen


def test_bk_5_8_3_a_void_decision_deal_is_dealt_again_among_t():
    g, s = three_way_stechen(draws=(("7D", "8D", "AC"),))
    s = play(g, s, "dealer 0")
    assert s.deal.decision and s.deal.seats == (0, 1, 2) and s.hands[3] == ()
    callers = []
    for _ in range(3):
        callers.append(g.to_act(s)[0])
        s = play(g, s, "gut")
    assert callers == [1, 2, 0]  # from the dealer's left among the members, the dealer last
    assert s.phase == BID and s.deal.decision and s.deal.dealer == 0 and s.deal.seats == (0, 1, 2)
    assert s.sheet.points == (26, 26, 26, 10) and s.sheet.games == 5


def test_bk_5_8_4_after_the_decision_game_one_plus_five_loses_else_fewest_tricks_ties_draw_again():
    """BK-5.8 step 4 in the walks: F5 = the members with a +5 in the decision game; one member: he loses;
    two or more: draw again among F5; none: F = the fewest tricks (WEG counts 0); one: he loses; more: draw
    again among F."""
    seen = Counter()
    for _g, steps in walks():
        trick, taken = [], Counter()
        for (s, seat, action), (after, _, _) in zip(steps, steps[1:]):
            if s.phase == BID and not s.deal.calls:
                taken = Counter()
            if s.phase == PLAY:  # count the tricks by BK-4.9
                trick.append((seat, action.card))
                active = {s.deal.declarer} | {p for p, a in zip(s.deal.answer_order, s.deal.answers) if a}
                if len(trick) == len(active):
                    best = winning([c for _, c in trick], TRUMP_CODES[s.deal.trump])
                    taken[next(p for p, c in trick if c == best)] += 1
                    trick = []
            if not decision_deal(s) or len(after.sheet.scores) == len(s.sheet.scores):
                continue
            score = after.sheet.scores[-1]
            members = s.sheet.stechen.members
            if not score.played:
                taken[score.declarer] = 5  # BK-4.7: everybody left
            assert all(score.tricks[p] == taken[p] for p in members)
            fives = [p for p in members if plus_five(score, p)]
            if fives:
                tied = fives
            else:
                fewest = min(taken[p] for p in members)
                tied = [p for p in members if taken[p] == fewest]
            if len(tied) == 1:
                result = after.sheet.results[-1]
                assert len(after.sheet.results) == len(s.sheet.results) + 1
                assert result.end == "normal" and result.loser == tied[0]
                assert result.euros[tied[0]] == -(len(result.seated) - 1)
            else:
                assert after.phase == STECHEN_DEALER and after.sheet.stechen.members == tuple(tied)
            seen[("+5" if fives else "fewest", "one" if len(tied) == 1 else "again")] += 1
    assert seen[("+5", "one")] > 10 and seen[("fewest", "one")] > 10 and sum(seen.values()) > 50, seen


# -- hand-built Stechen among three ---------------------------------------------------------------------


TOP = "AC 10C KC QC JC"


def three_way_stechen(decision=None, draws=(("7D", "8D", "AC"),)):
    """Four players at 21, 21, 21, 15 in game 5: seat 3 declares 1 in Kreuz with the five top Kreuz and
    takes every trick from three MIT players, who each receive +5: 26, 26, 26 -> Stechen among 0, 1, 2.
    ``decision`` stacks the decision game's hands when seat 0 deals it."""
    g = game(4, first_dealer=3)
    more = [(decision, 0, (0, 1, 2))] if decision else []
    hands = ["7C AH KH QH JH", "8C AS KS QS JS", "9C AD KD QD JD", TOP]
    s = stacked(g, hands, dealer=3, more=more, draws=[list(d) for d in draws])
    s = with_points(s, (21, 21, 21, 15), games=4)
    s = play(g, s, "gut", "gut", "gut", "bid 1", "trump C", "mit", "mit", "mit")
    s = run_tricks(g, s, {3: TOP})
    assert s.phase == STECHEN_DEALER and s.sheet.stechen.members == (0, 1, 2)
    assert s.sheet.points == (26, 26, 26, 10)
    return g, s


SWEEP = ["AH KH QH JH 10H", TOP, "AD KD QD JD 10D", None]  # seat 1 takes every trick it plays


def decision_game(hands, *moves, plan=None, draws=(("7D", "8D", "AC"), ("KS", "QS"))):
    """The three-way Stechen, seat 2 (♣A) naming seat 0 dealer; in the decision game the calls go 1, 2, 0."""
    g, s = three_way_stechen(decision=hands, draws=draws)
    s = play(g, s, "dealer 0", *moves)
    if s.phase == PLAY:
        s = run_tricks(g, s, plan or {1: TOP})
    assert s.sheet.points == (26, 26, 26, 10)  # step 3: the round's points stay
    return g, s


def test_bk_5_8_4_two_members_with_plus_five_draw_again_between_them():
    # seat 1 declares 1 and takes all five; seats 2 and 0 go along without a trick: F5 = {0, 2}
    g, s = decision_game(SWEEP, "bid 1", "gut", "gut", "trump C", "mit", "mit")
    assert s.phase == STECHEN_DEALER and s.sheet.stechen.members == (0, 2)
    assert [str(c) for _, c in s.sheet.stechen.draw[-2:]] == ["KS", "QS"] and g.to_act(s) == (0,)
    assert legal_texts(g, s) == ["dealer 0", "dealer 2"]


def test_bk_5_8_4_no_plus_five_and_a_tie_on_the_fewest_tricks_draw_again_among_f():
    # seat 1 declares 0 (no +5 possible), both others WEG: they count 0 tricks each, F = {0, 2}
    g, s = decision_game(SWEEP, "bid 0", "gut", "gut", "trump C", "weg", "weg")
    assert s.phase == STECHEN_DEALER and s.sheet.stechen.members == (0, 2) and g.to_act(s) == (0,)


def test_bk_5_8_4_a_single_plus_five_loses_the_round():
    # seat 2 goes along without a trick (+5), seat 0 drops his hand: F5 = {2}
    g, s = decision_game(SWEEP, "bid 1", "gut", "gut", "trump C", "mit", "weg")
    result = s.sheet.results[-1]
    assert result.loser == 2 and result.euros == (1, 1, -3, 1) and result.points == (26, 26, 26, 10)


def test_bk_5_8_4_no_plus_five_the_single_fewest_tricks_loses_and_weg_counts_zero():
    # seat 1 declares 1 and takes four tricks, seat 0 goes along and takes the last with ♠A, seat 2 WEG (0)
    hands = ["AS 7H 8H 9H 10H", "AC 10C KC QC 7S", "AD KD QD JD 10D", None]
    g, s = decision_game(
        hands, "bid 1", "gut", "gut", "trump C", "weg", "mit", plan={1: "AC 10C KC QC 7S", 0: "7H 8H 9H 10H AS"}
    )
    score = s.sheet.scores[-1]
    assert score.number == 0 and (score.tricks[0], score.tricks[1], score.tricks[2]) == (1, 4, 0)
    assert not any(plus_five(score, p) for p in (0, 1, 2))
    assert s.sheet.results[-1].loser == 2
