"""Worlds of Three Bridges (issue 15): what a player can know, and the objective.

A world keeps the view (TB-2.7) and redraws the other hand, his face-down card (a
Chronist with a declared suit, TB-4.12) and the pile.  The only fact play forces about
a hand is the Ass's (TB-4.11, TB-4.6): its owner decides if and only if he holds a card
of its suit or a Chronist.  The tests follow the other hand through real games, check
the draw against a count by brute force, and check the objective (TB-5.5, TB-6.1).
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter

import pytest
from helpers import chisquare_pvalue

import cardgames
from cardgames.core.game import history
from cardgames.three_bridges import worlds
from cardgames.three_bridges.cards import CARD_MASK, CHR1, CHR2, FACE_DOWN, HIDDEN, SIDEWAYS, code
from cardgames.three_bridges.rules import Place

from .helpers import GAME, P1, P2, play

BRIDGES = ("H-VII", "S-VII", "L-VII")


def test_the_chisquare_helper_agrees_with_known_quantiles():
    """chi2(1) exceeds 3.841 with probability 0.05, chi2(4) exceeds 13.277 with 0.01."""
    n = 10_000
    d = math.sqrt(3.841 * n / 4)  # counts (n/2 + d, n/2 - d) against (1/2, 1/2): statistic 4 d^2 / n
    assert chisquare_pvalue([n / 2 + d, n / 2 - d], [0.5, 0.5]) == pytest.approx(0.05, abs=1e-3)
    # five categories at 1/5, one count moved by d from the last to the first: statistic 2 d^2 / (n / 5)
    d = math.sqrt(13.277 * n / 5 / 2)
    counts = [n / 5 + d, n / 5, n / 5, n / 5, n / 5 - d]
    assert chisquare_pvalue(counts, [0.2] * 5) == pytest.approx(0.01, abs=1e-3)
    assert chisquare_pvalue([50, 50], [0.5, 0.5]) == 1.0


def games(count, agents=("random", "greedy")):
    """Every state of seeded games, random and greedy in turn: (seed, states)."""
    out = []
    for seed in range(count):
        name = agents[seed % len(agents)]
        bots = [GAME.agent(name, s) for s in (0, 1)]
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        states = [state]
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, bots[seat].act(GAME.view(state, seat), legal, rng), seat)
            states.append(state)
        out.append((seed, states))
    return out


GAMES = games(12)


def texts(actions):
    return [str(a) for a in actions]


def face_down(state, seat):
    """The face-down entries of ``seat``'s columns: (bridge, index, entry)."""
    return [(b, i, e) for b in range(3) for i, e in enumerate(state.columns[b][seat]) if e & FACE_DOWN]


def test_tb_2_7_a_world_shows_the_player_his_view_and_offers_his_choices():
    """In every phase, for both seats: the same view, the same legal actions, the same seat to act."""
    k = 0
    for _, states in GAMES:
        for state in states[:-1]:
            for seat in (0, 1):
                k += 1
                world = GAME.determinize(state, seat, seed=k)
                assert GAME.view(world, seat) == GAME.view(state, seat)
                assert texts(GAME.legal_actions(world, seat)) == texts(GAME.legal_actions(state, seat))
                assert GAME.to_act(world) == GAME.to_act(state)
                # the world's own ways for whoever acts, not the view's: no hidden card in them
                assert not any("?" in text for text in texts(GAME.legal_actions(world, world.actor)))


def test_tb_2_1_a_world_holds_every_card_once_and_keeps_what_the_player_sees():
    """The 34 cards once each; the sizes of the other hand and the pile; seen cards where they lie."""
    k = 0
    for _, states in GAMES[:6]:
        for state in states[:-1:3]:
            for seat in (0, 1):
                k += 1
                world = GAME.determinize(state, seat, seed=k)
                o = 1 - seat
                on_board = [e & CARD_MASK for b in world.columns for col in b for e in col]
                cards = on_board + list(world.bridges) + list(world.hands[0]) + list(world.hands[1]) + list(world.pile)
                assert sorted(cards) == list(range(34))
                assert world.hands[seat] == state.hands[seat]
                assert len(world.hands[o]) == len(state.hands[o]) and len(world.pile) == len(state.pile)
                assert list(world.hands[o]) == sorted(world.hands[o])
                seen = worlds.unseen(GAME.view(state, seat), seat)
                assert set(world.hands[o]) | set(world.pile) <= set(seen)
                for (b, i, e), (b2, i2, e2) in zip(face_down(world, o), face_down(state, o)):
                    assert (b, i, e & SIDEWAYS) == (b2, i2, e2 & SIDEWAYS)  # its bridge, place and orientation


def test_tb_4_12_a_face_down_chronist_is_drawn_with_a_declared_suit_and_its_placement_in_the_history():
    """The other player's face-down card is redrawn: a Chronist gets each suit; the history names the card placed."""
    s = GAME.position(list(BRIDGES), hands=(("L-IX", "L-O"), ("Chr", "H-IX")), round=1)
    s = play(s, "place L-IX B", "place Chr=E B")  # P2 follows face down; P1's L-IX is due (turn or pass)
    view = GAME.view(s, P1)
    declared = Counter()
    placed = set()
    for k in range(300):
        world = GAME.determinize(s, P1, seed=k)
        ((b, i, e),) = face_down(world, P2)
        card = e & CARD_MASK
        assert b == 1 and card != HIDDEN
        who, last = history(world)[-1]
        assert who == P2 and isinstance(last, Place) and last.bridge == 1
        assert str(last) == (f"place Chr={'HESL'[(e >> 8) - 1]} B" if card >= CHR1 else f"place {code(card)} B")
        if card >= CHR1:
            declared[(e >> 8) - 1] += 1
        placed.add(card)
        assert GAME.view(world, P1) == view
    assert sorted(declared) == [0, 1, 2, 3]
    assert len(placed) > 20  # any unseen card may lie there


def test_a_world_depends_on_the_seed_and_the_view_only():
    """Same seed, same world; a state with the same view gives the same world; the state is unchanged."""
    _, states = GAMES[1]
    for k, state in enumerate(states[5:-1:4]):
        seat = state.actor
        before = copy.deepcopy(state)
        world = GAME.determinize(state, seat, seed=k)
        assert state == before
        assert GAME.determinize(state, seat, seed=k) == world
        other = GAME.determinize(state, seat, seed=k + 1)  # another state with the same view for seat
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert GAME.determinize(other, seat, seed=k) == world
    worlds_drawn = {repr(GAME.determinize(states[3], states[3].actor, seed=k)) for k in range(10)}
    assert len(worlds_drawn) == 10


def test_a_finished_game_has_no_world():
    final = GAMES[0][1][-1]
    with pytest.raises(ValueError, match="over"):
        GAME.determinize(final, 0)


# ---------------------------------------------------------------------------
# The other hand through the history


def arrivals(states, o):
    """The other player's cards in the order he got them: his first hand, then each draw."""
    first = list(states[0].hands[o])
    later = []
    for before, after in zip(states, states[1:]):
        later += sorted(set(after.hands[o]) - set(before.hands[o]))
    return first, later


def walk(events, first, later):
    """Follow ``events`` with the real cards: the hand at the end, checking each fact on the way."""
    arriving = iter(later)
    hand = []
    for kind, value in events:
        if kind == worlds.ARRIVE:
            hand.append(first.pop(0) if first else next(arriving))
        elif kind == worlds.LEAVE:
            card = value
            if card >= CHR1:  # a Chronist: the first one he holds, as the engine takes it (TB-7.2)
                card = CHR1 if CHR1 in hand else CHR2
            assert card in hand, f"{card} left a hand that did not hold it"
            hand.remove(card)
        else:
            holds = any(c >= CHR1 or c >> 3 == value for c in hand)
            assert holds == (kind == worlds.HELD), (kind, value, hand)
    assert not first, "more first cards than the history has room for"
    return hand


def test_tb_4_11_the_replay_finds_each_ass_of_the_other_player_and_what_his_hand_held():
    """TB-4.11, TB-4.6: every Ass fact the worlds keep is true of the real hand at that moment."""
    facts = Counter()
    for _, states in GAMES:
        for n in range(1, len(states) - 1):
            state = states[n]
            for seat in (0, 1):
                o = 1 - seat
                events = worlds.hand_events(GAME.view(state, seat), seat)
                if not events:
                    continue
                first, later = arrivals(states[: n + 1], o)
                hand = walk(events, first, later)
                mine = list(state.hands[o]) + [e & CARD_MASK for _, _, e in face_down(state, o)]
                assert sorted(hand) == sorted(mine)
                facts.update(kind for kind, _ in events if kind in (worlds.HELD, worlds.VOID))
    assert facts[worlds.HELD] > 20 and facts[worlds.VOID] > 20


def test_tb_4_6_worlds_keep_the_ass_facts_in_every_drawn_history():
    """A world's hand fits the facts: a drawn hand that a void rules out never comes up (checked by counting)."""
    checked = 0
    for _, states in GAMES[:8]:
        for state in states[1:-1:2]:
            for seat in (0, 1):
                view = GAME.view(state, seat)
                events = worlds.hand_events(view, seat)
                if not any(kind == worlds.VOID for kind, _ in events):
                    continue
                tracked, counts = worlds.hand_counts(view, seat, events)
                for k in range(5):
                    world = GAME.determinize(state, seat, seed=k)
                    o = 1 - seat
                    mine = list(world.hands[o]) + [e & CARD_MASK for _, _, e in face_down(world, o)]
                    key = [0] * (len(tracked) + 1)
                    for c in mine:
                        key[worlds._group(c, tracked)] += 1
                    assert counts.get(tuple(key), 0) > 0
                    checked += 1
    assert checked > 20


def test_a_position_with_cards_on_the_board_has_no_history_to_replay():
    """A built position's history does not start from an empty board: its worlds keep cards seen and sizes only."""
    columns = [(("E-A",), ()), ((), ("S-A",)), ((), ())]
    s = GAME.position(list(BRIDGES), columns, hands=(("H-X", "E-IX"), ("L-A", "S-X")))
    s = play(s, "place H-X A", "place L-A C")  # P2's Laub Ass lapses (no Laub card, no Chronist); its turn is due
    assert s.actor == P2 and s.stack[-1].player == P2
    view = GAME.view(s, P1)
    assert worlds.hand_events(view, P1) == []
    world = GAME.determinize(s, P1, seed=3)
    assert GAME.view(world, P1) == view


# ---------------------------------------------------------------------------
# Uniform over the histories: the draw against a count by brute force


SEEN_BY_P1 = (
    # every card but the bridges, P2's E-A and the six below: P1 sees (holds) them, so the hidden part is small
    "H-VIII H-IX H-X H-U H-O H-K H-A E-X E-U E-O E-K S-IX S-X S-U S-O S-K S-A L-VIII L-U L-O L-K L-A Chr Chr"
).split()
UNKNOWN = ("E-VII", "E-VIII", "E-IX", "L-IX", "L-X", "S-VIII")


def scenario_start(p2_first, pile):
    """The built position: round 5, P1 (seat 0) holding every card in SEEN_BY_P1, P2 holding E-A and ``p2_first``."""
    return GAME.position(list(BRIDGES), hands=(SEEN_BY_P1, ("E-A",) + tuple(p2_first)), pile=list(pile), round=5)


def scenario(p2_first, pile, p2_moves):
    """Round 5 from a built position with an empty board: P1 places H-X at A, P2 his E-A at B, then ``p2_moves``.

    P1 (seat 0) leads round 5; P2 holds E-A and ``p2_first``; the pile is ``pile``, top
    first.  Returns the state in round 6 where P2 leads, or None if the moves are not
    legal with these cards (another history).
    """
    s = scenario_start(p2_first, pile)
    try:
        s = play(s, "place H-X A", "place E-A B", *p2_moves)
    except cardgames.IllegalMove:
        return None
    return s


def outcome(state):
    """What a world hides from P1: P2's face-down card and his hand."""
    ((_, _, e),) = face_down(state, P2)
    return e & CARD_MASK, tuple(sorted(state.hands[P2]))


def brute_force(real, p2_moves):
    """The exact distribution of ``outcome`` over every deal of the unknown cards that shows P1 the same view."""
    from itertools import combinations, permutations

    view = GAME.view(real, P1)
    weights = Counter()
    for first in combinations(UNKNOWN, 2):
        rest = [c for c in UNKNOWN if c not in first]
        for pile in permutations(rest):
            s = scenario(first, pile, p2_moves)
            if s is None:
                continue
            for card in s.hands[P2]:  # each card P2 might have placed face down at C
                placed = play(s, f"place {code(card)} C")
                if GAME.view(placed, P1) == view:
                    weights[outcome(placed)] += 1
    return weights


def test_tb_2_7_without_an_ass_fact_the_other_hand_is_any_of_the_unseen_cards_alike():
    """Round 5 of the built position, P1 to lead: P2's three cards are drawn uniformly from the seven unseen."""
    from itertools import combinations

    s = scenario_start(("L-X", "S-VIII"), ("E-VII", "E-VIII", "E-IX", "L-IX"))
    unseen = worlds.unseen(GAME.view(s, P1), P1)
    assert len(unseen) == 7 and worlds.hand_events(GAME.view(s, P1), P1) == []
    hands = Counter(GAME.determinize(s, P1, seed=k).hands[P2] for k in range(2100))
    cells = list(combinations(sorted(unseen), 3))
    assert set(hands) == set(cells)
    assert chisquare_pvalue([hands[c] for c in cells], [1 / len(cells)] * len(cells)) > 0.001


@pytest.mark.parametrize(
    "first, pile, p2_moves, fact",
    [
        # P2's E-A finds no Eichel card and no Chronist: the Ass lapses (a void), then the Eichel draw
        (("L-X", "S-VIII"), ("E-VII", "E-VIII", "E-IX", "L-IX"), ("draw",), worlds.VOID),
        # P2 holds an Eichel card: he is asked and passes, then draws
        (("E-IX", "L-X"), ("E-VII", "L-IX", "E-VIII", "S-VIII"), ("pass", "draw"), worlds.HELD),
    ],
)
def test_tb_4_11_worlds_are_drawn_uniformly_over_the_histories_that_agree(first, pile, p2_moves, fact):
    """The draw against the exact count by brute force (every deal of the unknown cards replayed by the engine)."""
    real = play(scenario(first, pile, p2_moves), "place L-X C")
    view = GAME.view(real, P1)
    assert (fact, 1) in worlds.hand_events(view, P1)  # the Eichel Ass's fact (suit 1)
    exact = brute_force(real, p2_moves)
    total = sum(exact.values())
    drawn = Counter(outcome(GAME.determinize(real, P1, seed=k)) for k in range(1500))
    assert set(drawn) <= set(exact)  # no world that the history rules out
    cells = sorted(exact)
    p = chisquare_pvalue([drawn[c] for c in cells], [exact[c] / total for c in cells])
    assert p > 0.001, p


# ---------------------------------------------------------------------------
# The objective: the result at the end of the game


def tb_8_9(c_p2=("H-IX", "S-IX")):
    """TB-8.9's board as a position (A tied 15:15, B to P1, C to P2 with these cards)."""
    columns = [
        (("H-X", "E-VIII"), ("S-VIII", "H-U")),
        (("E-A", "L-IX", "E-IX"), ("E-K", "L-VIII")),
        (("S-X", "L-VII"), c_p2),
    ]
    return GAME.position(["H-VII", "E-X", "S-U"], columns, hands=(("H-A",), ("L-A",)), round=6)


def test_tb_5_5_the_objective_is_the_result_a_draw_shares_the_win():
    """TB-8.9: 1-1 is a draw (0 each, half a win); with L-X for S-IX, C goes to P1 (19:15): +1 and a win, -1 a loss."""
    drawn = tb_8_9()
    assert [GAME._score(drawn, drawn, seat) for seat in (P1, P2)] == [0.0, 0.0]
    assert [GAME._won(drawn, drawn, seat) for seat in (P1, P2)] == [0.5, 0.5]
    won = tb_8_9(("H-IX", "L-X"))
    assert [GAME._score(won, won, seat) for seat in (P1, P2)] == [1.0, -1.0]
    assert [GAME._won(won, won, seat) for seat in (P1, P2)] == [1.0, 0.0]
    assert GAME.objective.wins and GAME.objective.higher_is_better and "TB-6.1" in GAME.objective.horizon


def test_tb_6_1_the_horizon_is_the_end_of_the_game_and_the_score_its_settlement():
    """The horizon is reached only when the game is over; a whole game scores its points and winner (TB-5.5)."""
    for _, states in GAMES[:4]:
        start, final = states[0], states[-1]
        assert [GAME._horizon(start, s) for s in states] == [False] * (len(states) - 1) + [True]
        rows = GAME.settlement(final).rows()
        for seat in (P1, P2):
            assert GAME._score(start, final, seat) == rows[seat]["points"]
            assert GAME._won(start, final, seat) == {"win": 1.0, "draw": 0.5, "loss": 0.0}[rows[seat]["result"]]
        assert GAME._score(start, start, P1) == 0.0  # nothing on the board yet


def test_analyse_a_position_rows_are_the_legal_actions_best_first_from_the_view_only():
    """cardgames.analyse on a round-6 decision: one row per legal action, best first, the same for the same view."""
    s = play(tb_8_9(), "place L-A C")  # P2 leads round 6; P1 (follower) decides where his H-A goes
    table = cardgames.analyse(GAME, s, worlds=6, seed=2)
    assert sorted(table["action"]) == sorted(texts(GAME.legal_actions(s)))
    assert list(table["value"]) == sorted(table["value"], reverse=True)
    assert (table["worlds"] == 6).all() and table["win"].between(0, 1).all()
    assert table.attrs["objective"] == "result" and table.attrs["player"] == P1
    again = cardgames.analyse(GAME, s, worlds=6, seed=2)
    assert table.equals(again)
    world = GAME.determinize(s, P1, seed=9)  # another state P1 cannot tell from s
    assert cardgames.analyse(GAME, world, worlds=6, seed=2).equals(table)
