"""cardgames.core.rng.shuffle, randbelow, sample, source and below draw exactly what random.Random draws."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.core.rng import below, generator, randbelow, sample, shuffle, shuffle_with, source


@given(
    st.integers(min_value=0, max_value=2**63),
    st.integers(min_value=0, max_value=200),
    st.text(max_size=5),
    st.integers(min_value=0, max_value=50),
)
def test_shuffle_is_random_shuffle_of_the_derived_generator(seed, size, key, number):
    expected = list(range(size))
    generator(seed, key, number).shuffle(expected)
    items = list(range(size))
    assert shuffle(items, seed, key, number) is items
    assert items == expected


def test_shuffle_of_short_lists():
    assert shuffle([], 1, "x") == []
    assert shuffle(["a"], 1, "x") == ["a"]
    two = [shuffle([0, 1], seed, "deal") for seed in range(200)]
    assert {tuple(t) for t in two} == {(0, 1), (1, 0)}


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=60))
def test_shuffle_with_a_generator_is_its_shuffle_and_leaves_it_where_its_shuffle_would(seed, size):
    """shuffle_with(items, rng) (Three Bridges' determinizations) draws what rng.shuffle(items) draws."""
    expected, theirs = list(range(size)), random.Random(seed)
    theirs.shuffle(expected)
    items, ours = list(range(size)), random.Random(seed)
    assert shuffle_with(items, ours) is items
    assert items == expected and ours.getstate() == theirs.getstate()


@given(
    st.integers(min_value=1, max_value=2**40),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.text(max_size=5),
    st.integers(min_value=0, max_value=50),
)
def test_randbelow_is_randrange_of_the_derived_generator(n, seed, key, number):
    """randbelow (a card from the burn pile, the first dealer) draws what generator(...).randrange(n) draws."""
    assert randbelow(n, seed, key, number) == generator(seed, key, number).randrange(n)


def test_randbelow_of_one_is_zero_and_of_nothing_is_an_error():
    assert {randbelow(1, seed, "draw") for seed in range(50)} == {0}
    assert {randbelow(3, seed, "draw") for seed in range(200)} == {0, 1, 2}
    with pytest.raises(ValueError, match="positive count"):
        randbelow(0, 1, "draw")


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=0, max_value=40),
    st.data(),
)
def test_sample_is_sample_of_the_derived_generator(seed, n, data):
    """sample (Rowdy Partners' wrestlers) draws what generator(...).sample(items, k) draws, small pools or large."""
    k = data.draw(st.integers(min_value=0, max_value=n))
    items = [f"W{i}" for i in range(n)]
    assert sample(items, k, seed, "wrestlers") == generator(seed, "wrestlers").sample(items, k)
    assert items == [f"W{i}" for i in range(n)]  # the items themselves are left as they were


def test_sample_of_more_than_there_are_is_an_error():
    assert sample(["a", "b"], 2, 7, "x") in (["a", "b"], ["b", "a"])
    with pytest.raises(ValueError, match="cannot draw 3 of 2 items"):
        sample(["a", "b"], 3, 7, "x")


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.text(max_size=5),
    st.lists(st.integers(min_value=1, max_value=2**40), min_size=1, max_size=30),
)
def test_source_draws_what_the_derived_generator_draws(seed, key, counts):
    """Three Bridges' setup: random(), randrange(n) and randint(1, n) of generator(...) from source(...)."""
    ours, theirs = source(seed, key), generator(seed, key)
    for i, n in enumerate(counts):
        if i % 3 == 0:
            assert ours.random() == theirs.random()
        elif i % 3 == 1:
            assert below(ours, n) == theirs.randrange(n)
        else:
            assert 1 + below(ours, n) == theirs.randint(1, n)
    assert ours.getstate() == theirs.getstate()[1]  # random.Random adds a version and its gauss cache


def test_below_of_nothing_is_an_error():
    with pytest.raises(ValueError, match="positive count"):
        below(source(1, "x"), 0)
