"""The move generator's tables (formations by figure and colour, cards by strength) give what the
straightforward definitions give, in the same order."""

from __future__ import annotations

import random
from itertools import combinations

from helpers import random_states

from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko.rules import Hand2, give_options, openings

from .helpers import load, with_fields


def give_options_by_definition(hand: int) -> list[int]:
    """BD-10.7 (a) as first written: sort by base strength, keep the pairs of the top two."""
    coloured = sorted(C.cards_of(hand & ~C.WHITE), key=lambda c: -C.BASE[c])
    top = sorted(C.BASE[c] for c in coloured[:2])
    return [(1 << a) | (1 << b) for a, b in combinations(coloured, 2) if sorted((C.BASE[a], C.BASE[b])) == top]


def hands(n: int = 4000):
    rng = random.Random(7)
    for _ in range(n):
        k = rng.randrange(0, 12)
        yield sum(1 << c for c in rng.sample(range(C.NCARDS), k))


def test_give_options_match_the_definition():
    for hand in hands():
        assert give_options(hand) == give_options_by_definition(hand)


def test_return_actions_are_every_pair_in_strength_order():
    from cardgames.bronko_donko.rules import RETURN

    game = load(3)
    state = game.new(seed=3)
    for hand in hands(500):
        s = state.replace(phase=RETURN, turn=0, hands=(hand,) + state.hands[1:])
        cs = sorted(C.cards_of(hand & ~C.WHITE), key=C.sort_key)
        want = tuple(Hand2("return", (1 << a) | (1 << b)) for a, b in combinations(cs, 2))
        assert game.legal_actions(s, 0) == want


def play_actions_by_definition(s, p):
    """DP-3 / DP-4 written out: every formation of the hand (``openings``), for a counter those of the same
    type and size that are stronger (BD-5.5; Schlagring: exactly one stronger, BD-7.7) or equal (a box, never
    during a Schlagring nor of a formation that cannot be boxed, BD-5.9, BD-5.10), then all with 'vest-off'."""
    from cardgames.bronko_donko.rules import BEAT, BOX, DUCK, OPEN, PLACE, WOLF_BIT

    hand = s.hands[p]
    rev = s.fight.revolution
    forms = openings(hand, bool(hand & WOLF_BIT) and not s.fight.wolf_rest)
    vest = not (s.fight.placed >> p & 1)  # BD-7.10: every player's first formation of the fight
    cur = s.round.current
    if cur is None:
        if s.fight.required >= 0:
            forms = [f for f in forms if f.cards >> s.fight.required & 1]
        out = [PLACE[OPEN][0][f.id] for f in forms]
        if vest:
            out += [PLACE[OPEN][1][f.id] for f in forms]
        return tuple(out)
    target = cur.strength[rev]
    same = [f for f in forms if (f.kind, f.size) == (cur.kind, cur.size)]
    if s.round.ring:
        beats, boxes = [f for f in same if f.strength[rev] == target + 1], []
    else:
        beats = [f for f in same if f.strength[rev] > target]
        boxes = [] if cur.nobox[rev] else [f for f in same if f.strength[rev] == target]
    out = [PLACE[BEAT][0][f.id] for f in beats] + [PLACE[BOX][0][f.id] for f in boxes]
    if vest and out:
        out += [PLACE[BEAT][1][f.id] for f in beats] + [PLACE[BOX][1][f.id] for f in boxes]
    return tuple(out) + (DUCK,)


def test_play_actions_match_the_definition_in_random_play():
    from cardgames.bronko_donko.rules import PLAY

    checked = 0
    for players in (2, 3, 4):
        game = load(players)
        for seed in range(6):
            for state in random_states(game, seed)[:-1]:
                if state.phase == PLAY:
                    p = game.to_act(state)[0]
                    assert game.legal_actions(state, p) == play_actions_by_definition(state, p)
                    checked += 1
    assert checked > 1000


def test_counters_to_every_formation_match_the_definition():
    """Every formation as the current one, with and without revolution and Schlagring, random hands."""
    from cardgames.bronko_donko.rules import PLAY

    game = load(3)
    state = game.new(seed=11)
    rng = random.Random(5)
    answered = 0
    for f in C.FORMS:
        for rev in (False, True):
            if f.fist[rev]:
                continue  # a fist formation ends its round at once: nobody counters it
            for ring in (False, True):
                for vest_by in (-1, 1):
                    hand = sum(1 << c for c in rng.sample(range(C.NCARDS), rng.randrange(1, 12)))
                    hand |= sum(1 << c for c in C.cards_of(f.cards) if rng.random() < 0.7)  # related cards
                    s = with_fields(
                        state,
                        phase=PLAY,
                        turn=0,
                        hands=(hand,) + state.hands[1:],
                        current=f,
                        owner=1,
                        revolution=rev,
                        ring=ring,
                        vest_by=vest_by,
                        placed=0,
                        wolf_rest=int(rng.random() < 0.2),
                    )
                    want = play_actions_by_definition(s, 0)
                    assert game.legal_actions(s, 0) == want, (f.text, rev, ring)
                    answered += len(want) > 1
    assert answered > 1000


def test_bits_counts_the_cards_and_seats_of_a_mask():
    from cardgames.bronko_donko.rules import bits

    masks = [0, 1, 0b1011, (1 << C.NCARDS) - 1, 1 << (C.NCARDS - 1), 0b1111]  # none, every card, the last, 4 seats
    assert [bits(m) for m in masks] == [0, 1, 3, C.NCARDS, 1, 4]
    for hand in hands(2000):
        assert bits(hand) == hand.bit_count() == len(C.cards_of(hand))
