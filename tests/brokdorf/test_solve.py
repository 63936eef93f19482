"""The open-hand solver (cardgames.brokdorf.solve): exact against a plain minimax over the engine's own
legal actions, consistent between solve and solve_actions, and right on stacked deals worked out by hand,
one for each card-play clause (BK-4.8 to BK-4.11, BK-7.6)."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.brokdorf import solve, solve_actions
from cardgames.brokdorf.cards import CARDS, parse_card
from cardgames.brokdorf.rules import ANSWER, BID, PLAY, PLAYS, TRUMP, legal_cards
from cardgames.brokdorf.solve import Solver, legal_mask

from .helpers import game, play, stacked
from .test_scoring import bk_8_10_state

# ---------------------------------------------------------------------------
# The reference: a plain minimax over game.legal_actions and game.apply


def minimax(g, state, player):
    """The tricks ``player`` holds at the end of the deal when he maximises them and everybody else
    minimises them, by trying every legal action of the engine (no pruning, no table)."""
    seat = g.to_act(state)[0]
    values = []
    for action in g.legal_actions(state):
        after = g.apply(state, action)
        if len(after.sheet.scores) > len(state.sheet.scores):  # the last card: the engine scored the deal
            values.append(after.sheet.scores[-1].tricks[player])
        else:
            values.append(minimax(g, after, player))
    return max(values) if seat == player else min(values)


def after_card(g, state, action, player):
    """The minimax value once ``action`` is played (the deal's score if it was the last card)."""
    after = g.apply(state, action)
    if len(after.sheet.scores) > len(state.sheet.scores):
        return after.sheet.scores[-1].tricks[player]
    return minimax(g, after, player)


def card_play(g, rng, seed):
    """A seeded deal brought to card play by random calls, most players going MIT; None if nobody plays."""
    state = g.new(seed=seed)
    while state.phase != PLAY:
        legal = g.legal_actions(state)
        if state.phase == ANSWER:
            action = legal[0] if rng.random() < 0.75 else legal[1]  # MIT, sometimes WEG
        else:
            action = rng.choice(legal)
        before = len(state.sheet.scores)
        state = g.apply(state, action)
        if len(state.sheet.scores) > before:  # everybody left (BK-4.7): no card play
            return None
    return state


def random_endings(players, count, most, seed):
    """``count`` card-play states with at most ``most`` cards in each active hand, reached by random legal
    play from random deals; some at the start of a trick, some in the middle."""
    g = game(players)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = card_play(g, rng, rng.randrange(2**32))
        if state is None:
            continue
        stop = rng.random()
        while max(len(state.hands[s]) for s in state.trick.turns) > most or rng.random() < stop:
            if len(state.hands[g.to_act(state)[0]]) == 1 and len(state.trick.cards) == len(state.trick.turns) - 1:
                break  # the last card of the deal: keep the position before it
            state = g.apply(state, rng.choice(g.legal_actions(state)))
        if max(len(state.hands[s]) for s in state.trick.turns) <= most:
            found.append(state)
    return g, found


# ---------------------------------------------------------------------------
# Exact: the same values as the plain minimax


def test_bk_4_10_bk_4_11_legal_mask_is_the_engines_legal_set():
    """The search's bit-set rule gives exactly the engine's legal cards, for random hands, tricks and trumps."""
    rng = random.Random(3)
    for _ in range(3000):
        cards = rng.sample(CARDS, rng.randint(2, 11))
        size = rng.randint(1, min(5, len(cards) - 1))
        hand, trick = tuple(cards[:size]), tuple(cards[size:])
        trump = rng.randrange(4)
        best = 0
        for i in range(1, len(trick)):
            if (trick[i] >> 3 == trump and trick[best] >> 3 != trump) or (
                trick[i] >> 3 == trick[best] >> 3 and trick[i] > trick[best]
            ):
                best = i
        engine = sum(1 << c for c in legal_cards(hand, trick, best, trump))
        bits = sum(1 << c for c in hand)
        assert legal_mask(bits, trick[0] >> 3, trick[best], trump) == engine, (hand, trick, trump)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_solve_matches_plain_minimax_on_random_endings(players):
    g, endings = random_endings(players, 24, 3, seed=players)
    for state in endings:
        for player in state.trick.turns:
            assert solve(state, player) == minimax(g, state, player), g.render(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_solve_actions_match_plain_minimax_after_each_card(players):
    g, endings = random_endings(players, 10, 3, seed=100 + players)
    for state in endings:
        to_act = g.to_act(state)[0]
        for player in state.trick.turns:
            values = solve_actions(state, player)
            assert list(values) == list(g.legal_actions(state))  # one row per legal card, in the engine's order
            for action, value in values.items():
                assert value == after_card(g, state, action, player), (g.render(state), action)
            best = max(values.values()) if player == to_act else min(values.values())
            assert best == solve(state, player)


def test_solve_matches_plain_minimax_on_whole_two_player_deals():
    g = game(2)
    rng = random.Random(5)
    checked = 0
    while checked < 4:
        state = card_play(g, rng, rng.randrange(2**32))
        if state is None:
            continue
        for player in state.trick.turns:
            assert solve(state, player) == minimax(g, state, player)
        checked += 1


# ---------------------------------------------------------------------------
# Bounds and consistency over whole deals


@pytest.mark.parametrize("players", [2, 4, 6])
def test_value_lies_between_tricks_held_and_tricks_held_plus_cards_left(players):
    g = game(players)
    rng = random.Random(players)
    for _ in range(12):
        state = card_play(g, rng, rng.randrange(2**32))
        if state is None:
            continue
        for _ in range(rng.randrange(5 * len(state.trick.turns))):
            state = g.apply(state, rng.choice(g.legal_actions(state)))
        to_act = g.to_act(state)[0]
        for player in state.trick.turns:
            held = state.tricks[player]
            # the player to act has not played to the trick yet: his hand counts the tricks still to come
            assert held <= solve(state, player) <= held + len(state.hands[to_act])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_best_card_keeps_the_value_and_no_reply_lowers_it(players):
    """Playing solve_actions' best card for the player keeps his value; every legal card of the others
    leaves it at least as high; so he ends the deal with at least the value he started with."""
    g = game(players)
    rng = random.Random(10 + players)
    deals = 0
    while deals < 3:
        state = card_play(g, rng, rng.randrange(2**32))
        if state is None:
            continue
        deals += 1
        player = rng.choice(state.trick.turns)
        value = solve(state, player)
        while True:
            seat = g.to_act(state)[0]
            values = solve_actions(state, player)
            if seat == player:
                action = max(values, key=values.get)
                assert values[action] == value
            else:
                assert min(values.values()) == value and all(v >= value for v in values.values())
                action = rng.choice(list(values))
            after = g.apply(state, action)
            if len(after.sheet.scores) > len(state.sheet.scores):
                assert after.sheet.scores[-1].tricks[player] >= value
                break
            assert solve(after, player) >= value
            if seat == player:
                assert solve(after, player) == value
            value = solve(after, player)
            state = after


def test_transposition_table_is_bounded_and_the_value_stays_exact():
    g = game(4)
    rng = random.Random(2)
    for _ in range(6):
        state = card_play(g, rng, rng.randrange(2**32))
        if state is None:
            continue
        for player in state.trick.turns:
            small = Solver(state, player, limit=3)
            assert small.value() == solve(state, player)
            assert len(small.table) <= 3 and small.nodes > 0


# ---------------------------------------------------------------------------
# Stacked deals worked out by hand. Seat 0 declares (bid 1) and leads; the first tricks are fillers that
# seat 0 wins (or, where said, loses), then the ending the test is about. Trump is Herz in every one.


def two(hands, *fillers):
    """Two players, seat 0 declares with trump Herz, seat 1 goes MIT, then ``fillers`` are played."""
    g = game(2, first_dealer=1)
    state = stacked(g, hands, dealer=1)
    return g, play(g, state, "bid 1", "gut", "trump H", "mit", *[f"play {c}" for c in fillers])


def three(hands, *fillers):
    """Three players, seat 0 declares with trump Herz, seats 1 and 2 go MIT, then ``fillers`` are played."""
    g = game(3, first_dealer=2)
    state = stacked(g, hands, dealer=2)
    return g, play(g, state, "bid 1", "gut", "gut", "trump H", "mit", "mit", *[f"play {c}" for c in fillers])


def codes(values):
    return {str(action.card): value for action, value in values.items()}


def test_bk_4_8_the_winner_of_a_trick_leads_the_next():
    """Ending: seat 0 ♠A ♠7, seat 1 ♠K ♦A, no trumps left.  With seat 0 to lead he takes both: ♠A draws
    the ♠K (seat 1 must follow), he wins and leads again, and seat 1 must throw the ♦A under ♠7.  With seat 1
    to lead, the ♦A wins first (seat 0 can neither follow nor trump) and seat 1 leads ♠K: seat 0 takes one."""
    hands = ["AC 10C KC AS 7S", "7C 8C 9C KS AD"]
    g, state = two(hands, "AC", "7C", "10C", "8C", "KC", "9C")  # seat 0 wins the three club tricks
    assert g.to_act(state) == (0,) and state.tricks == (3, 0)
    assert solve(state, 0) == 5 and solve(state, 1) == 0
    state = play(g, state, "play AS", "play KS")  # seat 0 wins with ♠A and leads again
    assert g.to_act(state) == (0,) and solve(state, 0) == 5

    # the same ending after seat 1 has won the third trick: now he leads it
    hands = ["AC KC 7C AS 7S", "10C QC 8C KS AD"]
    g, state = two(hands, "AC", "QC", "KC", "10C", "8C", "7C")  # ♣10 heads ♣K, then seat 1 leads ♣8
    assert g.to_act(state) == (1,) and state.tricks == (1, 2)
    assert solve(state, 0) == 1 + 1 and solve(state, 1) == 2 + 1
    assert codes(solve_actions(state, 0)) == {"KS": 1 + 2, "AD": 1 + 1}  # seat 1's ♦A first holds seat 0 to one


def test_bk_7_6_the_leader_may_lead_any_card():
    """In BK-4.8's ending with seat 0 to lead both of his cards are legal; ♠A keeps both tricks, ♠7 loses both
    (seat 1 heads it with ♠K and cashes the ♦A)."""
    g, state = two(["AC 10C KC AS 7S", "7C 8C 9C KS AD"], "AC", "7C", "10C", "8C", "KC", "9C")
    assert sorted(str(a.card) for a in g.legal_actions(state)) == ["7S", "AS"]
    assert codes(solve_actions(state, 0)) == {"AS": 3 + 2, "7S": 3 + 0}
    assert codes(solve_actions(state, 1)) == {"AS": 0, "7S": 2}  # seat 1's tricks after each lead of seat 0


def test_bk_4_9_a_trump_beats_and_another_suit_never_does():
    """Ending: seat 0 ♠7 ♥7, seat 1 ♦A ♣A, trump Herz.  ♥7 is a trump and beats any other card; ♠7 led is
    the winning card until a higher Pik or a trump beats it, and seat 1 has neither: two sevens take both
    tricks against two Aces, in either order."""
    g, state = two(["AS 10S KS 7S 7H", "8S 9S JS AD AC"], "AS", "8S", "10S", "9S", "KS", "JS")
    assert state.tricks == (3, 0) and g.to_act(state) == (0,)
    assert solve(state, 0) == 5 and codes(solve_actions(state, 0)) == {"7S": 5, "7H": 5}
    after = play(g, state, "play 7S", "play AD")
    assert after.tricks == (4, 0) and g.to_act(after) == (0,)  # ♠7 held against ♦A


def test_bk_4_10_a_a_follower_follows_suit_even_when_a_trump_would_win():
    """Ending: seat 0 ♦8 ♦Q, seat 1 ♥10 ♦J, trump Herz.  Seat 0 leads ♦Q: seat 1 holds a Karo, so he must play
    ♦J (his ♥10 would win but he may not trump); seat 0 wins and loses the last trick to the ♥10.  Leading ♦8
    loses both (♦J heads it).  So seat 0 takes one of the two."""
    g, state = two(["AS 10S KS 8D QD", "7S 8S 9S 10H JD"], "AS", "7S", "10S", "8S", "KS", "9S")
    assert state.tricks == (3, 0)
    assert solve(state, 0) == 3 + 1 and codes(solve_actions(state, 0)) == {"QD": 3 + 1, "8D": 3 + 0}
    led = play(g, state, "play QD")
    assert [str(a.card) for a in g.legal_actions(led)] == ["JD"]
    assert solve(led, 1) == 1


def test_bk_4_10_b_forced_undertrump():
    """Three players, trump Herz.  Ending: seat 0 ♠9 ♥J, seat 1 ♠K ♦7, seat 2 ♥10 ♦K, seat 0 to lead.
    ♠9: seat 1 must head it with ♠K; seat 2 cannot follow and must trump (BK-4.10(b)), and must beat ♠K, so he
    spends his ♥10 and leads ♦K, which seat 0 must trump with ♥J, the best trump left: one trick.  ♥J: seat 2
    heads it with ♥10 (10 ranks above the Bube) and wins the ♦K trick too: none.  So seat 0 takes one."""
    hands = ["AC 10C AH 9S JH", "7C 9C 7H KS 7D", "8C JC 8H 10H KD"]
    g, state = three(hands, "AC", "7C", "8C", "10C", "9C", "JC", "AH", "7H", "8H")
    assert state.tricks == (3, 0, 0) and g.to_act(state) == (0,)
    assert solve(state, 0) == 3 + 1 and codes(solve_actions(state, 0)) == {"9S": 3 + 1, "JH": 3 + 0}
    trick = play(g, state, "play 9S", "play KS")
    assert [str(a.card) for a in g.legal_actions(trick)] == ["10H"]  # must trump, no discard of ♦K
    assert solve(trick, 0) == 3 + 1
    # the undertrump itself (BK-8.4): Pik led, a trump on it, and the next player's only trump is lower
    g4 = game(4, first_dealer=3)
    state = stacked(g4, ["KS AD AC 8D 9D", "AH 7D 7C 8C 9C", "7H 10D 10C JC QC", None], dealer=3)
    state = play(g4, state, "bid 1", "gut", "gut", "gut", "trump H", "mit", "mit", "mit", "play KS", "play AH")
    assert [str(a.card) for a in g4.legal_actions(state)] == ["7H"]
    assert list(solve_actions(state, 2)) == [PLAYS[parse_card("7H")]]


def test_bk_4_10_c_a_player_who_can_neither_follow_nor_trump_discards_any_card():
    """Two players, trump Herz.  Ending: seat 0 ♠A ♦7 ♣K, seat 1 ♦A ♣A ♦8.  Seat 0 leads ♠A: seat 1 has no
    Pik and no trump, so any card is legal.  Throwing ♦8 or ♦A keeps an Ace over each of seat 0's cards: seat 0
    takes only the ♠A; throwing ♣A lets ♣K win too.  Leading ♦7 or ♣K first gives seat 0 nothing."""
    hands = ["AH 10H AS 7D KC", "7H 8H AD AC 8D"]
    g, state = two(hands, "AH", "7H", "10H", "8H")
    assert state.tricks == (2, 0)
    assert solve(state, 0) == 2 + 1
    assert codes(solve_actions(state, 0)) == {"KC": 2 + 0, "AS": 2 + 1, "7D": 2 + 0}
    led = play(g, state, "play AS")
    assert sorted(str(a.card) for a in g.legal_actions(led)) == ["8D", "AC", "AD"]
    assert codes(solve_actions(led, 0)) == {"AC": 2 + 2, "AD": 2 + 1, "8D": 2 + 1}


def test_bk_4_11_heading_makes_a_follower_spend_his_high_trump():
    """Three players, trump Herz.  Ending: seat 0 ♠7 ♥K, seat 1 ♥J ♥Q, seat 2 ♥8 ♥10.  Seat 0 leads ♠7:
    seat 1 must trump; seat 2 must overtrump when he can (BK-4.11), so he spends ♥10 and must lead ♥8, under
    seat 0's ♥K: one trick.  Leading ♥K gives none (seat 2 heads it with ♥10 and wins ♥8 back with seat 1)."""
    hands = ["AC 10C AD 7S KH", "7C 8C 7D JH QH", "9C JC 8D 8H 10H"]
    g, state = three(hands, "AC", "7C", "9C", "10C", "8C", "JC", "AD", "7D", "8D")
    assert state.tricks == (3, 0, 0)
    assert solve(state, 0) == 3 + 1 and codes(solve_actions(state, 0)) == {"7S": 3 + 1, "KH": 3 + 0}
    for trump in ("JH", "QH"):
        trick = play(g, state, "play 7S", f"play {trump}")
        assert [str(a.card) for a in g.legal_actions(trick)] == ["10H"]
        assert solve(trick, 0) == 3 + 1


# ---------------------------------------------------------------------------
# Who and when: the deal's players only, during card play only


def test_bk_5_8_decision_game_solves_its_members_and_refuses_the_others():
    g, state = bk_8_10_state()  # the Stechen decision game: only seats 0 and 1 are dealt in
    assert state.phase == PLAY and state.deal.seats == (0, 1)
    for player in (0, 1):
        assert solve(state, player) == minimax(g, state, player)
    assert solve(state, 0) + solve(state, 1) == 5  # two players: what one cannot be kept from, the other can
    with pytest.raises(ValueError, match=r"seat 2 is not dealt in.*BK-5\.8"):
        solve(state, 2)


def test_outside_card_play_is_a_value_error_that_says_why():
    g = game(3, first_dealer=2)
    state = stacked(g, ["AC 10C KC QC JC", None, None], dealer=2)
    with pytest.raises(ValueError, match=r"bidding is still open \(BK-4\.1"):
        solve(state, 0)
    state = play(g, state, "bid 1", "gut", "gut")
    assert state.phase == TRUMP
    with pytest.raises(ValueError, match=r"not named trump yet \(BK-4\.5\)"):
        solve_actions(state, 0)
    state = play(g, state, "trump C", "mit")
    assert state.phase == ANSWER
    with pytest.raises(ValueError, match=r"MIT/WEG answers .* \(BK-4\.6\)"):
        solve(state, 0)
    state = play(g, state, "weg")
    assert state.phase == PLAY
    with pytest.raises(ValueError, match=r"seat 2 answered WEG .* \(BK-4\.6\)"):
        solve(state, 2)
    assert solve(state, 0) == 5  # the five top trumps
    assert solve(state, 1) == 0


def test_bk_4_7_everybody_weg_leaves_no_card_play_to_solve():
    g = game(3, first_dealer=2)
    state = stacked(g, ["AC 10C KC QC JC", None, None], dealer=2)
    state = play(g, state, "bid 1", "gut", "gut", "trump C", "weg", "weg")
    assert state.phase == BID and state.sheet.scores[-1].tricks[0] == 5  # scored at once, dealt again
    with pytest.raises(ValueError, match="bidding is still open"):
        solve(state, 0)


def test_bad_arguments_are_refused_clearly():
    g = game(2)
    state = two(["AC 10C KC AS 7S", "7C 8C 9C KS AD"])[1]
    for player in (True, "0", 2, -1, 0.0):
        with pytest.raises(ValueError, match="seat"):
            solve(state, player)
    with pytest.raises(ValueError, match="Brokdorf state"):
        solve("AC", 0)
    with pytest.raises(ValueError, match="hidden"):
        solve(g.view(state, 0), 0)
    with pytest.raises(ValueError, match="hidden"):
        solve_actions(g.view(state, 1), 1)
    assert cardgames.brokdorf.solve is solve  # the function, not the module of the same name
