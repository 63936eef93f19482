"""The prebuilt move tables give what the straightforward definitions give, in the same order."""
from __future__ import annotations

import random
from itertools import combinations

from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko.rules import BronkoDonko, Hand2


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
        assert BronkoDonko.give_options(hand) == give_options_by_definition(hand)


def test_return_actions_are_every_pair_in_strength_order():
    game = BronkoDonko(players=3)
    state = game.new(seed=3)
    from cardgames.bronko_donko.rules import RETURN, _rs
    for hand in hands(500):
        s = _rs(state, phase=RETURN, turn=0, hands=(hand,) + state.hands[1:])
        cs = sorted(C.cards_of(hand & ~C.WHITE), key=C.sort_key)
        want = tuple(Hand2("return", (1 << a) | (1 << b)) for a, b in combinations(cs, 2))
        assert game.legal_actions(s, 0) == want


def play_actions_by_formations(game, s, p):
    """DP-3 / DP-4 as first written: formations from openings / _matching, mapped to actions."""
    from cardgames.bronko_donko.rules import BEAT, BOX, DUCK, OPEN, PLACE, WOLF_BIT
    hand = s.hands[p]
    rev = s.revolution
    wolf_ok = (hand & WOLF_BIT) and not s.wolf_rest
    vest = not (s.placed >> p & 1)  # BD-7.10: every player's first formation of the fight
    cur = s.current
    if cur is None:
        forms = game.openings(hand, wolf_ok)
        if s.required >= 0:
            forms = [f for f in forms if f.cards >> s.required & 1]
        out = [PLACE[OPEN][0][f.id] for f in forms]
        if vest:
            out += [PLACE[OPEN][1][f.id] for f in forms]
        return tuple(out)
    mode = 2 if s.ring else (0 if cur.nobox[rev] else 1)
    beats, boxes = game._matching(hand, rev, wolf_ok, cur.kind, cur.size, cur.strength[rev], mode)
    ab, ax = PLACE[BEAT], PLACE[BOX]
    out = [ab[0][f.id] for f in beats] + [ax[0][f.id] for f in boxes]
    if vest and out:
        out += [ab[1][f.id] for f in beats] + [ax[1][f.id] for f in boxes]
    return tuple(out) + (DUCK,)


def test_play_actions_match_the_formation_lists():
    from cardgames.bronko_donko.rules import PLAY
    checked = 0
    for players in (2, 3, 4):
        game = BronkoDonko(players=players, games=1)
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new(seed=seed)
            while game.to_act(state):
                p = game.to_act(state)[0]
                legal = game.legal_actions(state, p)
                if state.phase == PLAY:
                    assert legal == play_actions_by_formations(game, state, p)
                    checked += 1
                state = game.apply(state, legal[rng.randrange(len(legal))], p)
    assert checked > 1000


def test_counters_to_every_formation_match_the_formation_lists():
    """Every formation as the current one, with and without revolution and Schlagring, random hands."""
    from cardgames.bronko_donko.rules import PLAY, _rs
    game = BronkoDonko(players=3)
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
                    s = _rs(state, phase=PLAY, turn=0, hands=(hand,) + state.hands[1:], current=f, owner=1,
                            revolution=rev, ring=ring, vest_by=vest_by, placed=0, wolf_rest=rng.random() < 0.2)
                    want = play_actions_by_formations(game, s, 0)
                    assert game._play_actions(s, 0) == want, (f.text, rev, ring)
                    answered += len(want) > 1
    assert answered > 1000
