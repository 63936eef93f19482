"""core.deals.ClassDeal: the exact count and the uniform draw of hidden cards among allowed places."""

import collections
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.deals import ClassDeal


def _deal(allowed, sizes, rest):
    """A ClassDeal of cards 0.. whose allowed places are ``allowed[card]`` (a mask), grouped by mask."""
    classes = collections.defaultdict(list)
    for card, mask in enumerate(allowed):
        classes[mask].append(card)
    masks = sorted(classes)
    return ClassDeal([classes[m] for m in masks], masks, tuple(sizes), rest)


def _all_deals(allowed, sizes, rest):
    """Every deal by brute force: each card to one allowed place (or left out, with ``rest``); exact sizes."""
    n = len(sizes)
    out = set()
    for where in itertools.product(range(-1, n), repeat=len(allowed)):
        if any(p < 0 and not rest or p >= 0 and not allowed[c] >> p & 1 for c, p in enumerate(where)):
            continue
        if all(where.count(j) == sizes[j] for j in range(n)):
            out.add(tuple(frozenset(c for c, p in enumerate(where) if p == j) for j in range(n)))
    return out


instances = st.integers(min_value=1, max_value=3).flatmap(
    lambda places: st.tuples(
        st.lists(st.integers(min_value=0, max_value=2**places - 1), min_size=0, max_size=6),
        st.lists(st.integers(min_value=0, max_value=3), min_size=places, max_size=places),
        st.booleans(),
    )
)


@settings(max_examples=150, deadline=None)
@given(instances)
def test_the_count_is_the_number_of_deals(instance):
    """The count is that of every assignment by brute force, with and without cards left out."""
    allowed, sizes, rest = instance
    assert _deal(allowed, sizes, rest).count() == len(_all_deals(allowed, sizes, rest))


@settings(max_examples=60, deadline=None)
@given(instances, st.integers(min_value=0, max_value=2**32))
def test_a_draw_is_one_of_the_deals(instance, seed):
    """A drawn deal fills every place with its number of cards, each card where its class may go."""
    allowed, sizes, rest = instance
    deal = _deal(allowed, sizes, rest)
    if deal.count() == 0:
        return
    placed, left_out = deal.draw(random.Random(seed))
    drawn = tuple(frozenset(cards) for cards in placed)
    assert drawn in _all_deals(allowed, sizes, rest)
    assert sorted([c for cards in placed for c in cards] + left_out) == list(range(len(allowed)))
    assert rest or not left_out


@pytest.mark.parametrize("rest, sizes", [(False, (2, 3)), (True, (2, 2))])
def test_draws_are_uniform_over_the_deals(rest, sizes):
    """Each deal comes up about equally often: classes of different sizes do not skew the draw."""
    allowed = [0b11, 0b11, 0b01, 0b10, 0b11]  # cards 0, 1, 4 anywhere; 2 only in place 0; 3 only in place 1
    deal = _deal(allowed, sizes, rest)
    every = _all_deals(allowed, sizes, rest)
    assert deal.count() == len(every) >= 3
    rng = random.Random(7)
    n = 600 * len(every)
    seen = collections.Counter(tuple(frozenset(c) for c in deal.draw(rng)[0]) for _ in range(n))
    assert set(seen) == every
    expected = n / len(every)
    assert all(abs(k - expected) < 0.15 * expected for k in seen.values())


def test_no_deal_is_a_count_of_zero():
    """A card that may go nowhere, and no rest to take it: no deal."""
    assert _deal([0b00], (0,), rest=False).count() == 0
    assert _deal([0b00], (0,), rest=True).count() == 1
