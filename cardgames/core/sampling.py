"""Vectorised random hands and deals with numpy, for simulated probabilities.

Hands are drawn with Robert Floyd's subset algorithm run over all rows at once: k
steps of "draw t in [0, j]; take t unless already taken, else take j" give a uniform
k-subset, and a 64-bit mask per row answers "already taken" without a search.  That is
k vector passes instead of sorting a random key per card (numpy's argpartition way).
"""

from __future__ import annotations

import numpy as np

from .i18n import Catalog

_, ngettext = Catalog("cardgames").functions()


def as_generator(rng: int | np.random.Generator | None) -> np.random.Generator:
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


def sample_hands(
    count: int, deck_size: int, hand_size: int, rng: int | np.random.Generator | None = None
) -> np.ndarray:
    """``count`` uniform random hands of ``hand_size`` distinct cards from ``range(deck_size)``.

    Returns a ``(count, hand_size)`` uint8 array of card indices (order within a hand
    carries no meaning).
    """
    if not 0 <= hand_size <= deck_size <= 64:
        raise ValueError(
            _("need 0 <= hand_size <= deck_size <= 64, got hand {hand} of deck {deck}").format(
                hand=hand_size, deck=deck_size
            )
        )
    gen = as_generator(rng)
    masks = np.zeros(count, dtype=np.uint64)
    out = np.empty((count, hand_size), dtype=np.uint8)
    one = np.uint64(1)
    for i, j in enumerate(range(deck_size - hand_size, deck_size)):
        t = gen.integers(0, j + 1, size=count, dtype=np.uint8)
        taken = (masks >> t.astype(np.uint64)) & one
        pick = np.where(taken.astype(bool), np.uint8(j), t)
        masks |= one << pick.astype(np.uint64)
        out[:, i] = pick
    return out


def hand_masks(hands: np.ndarray) -> np.ndarray:
    """Bit masks (uint64) of hands given as card-index rows."""
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=-1)


def sample_deals(
    count: int, deck_size: int, players: int, hand_size: int, rng: int | np.random.Generator | None = None
) -> np.ndarray:
    """``count`` deals of disjoint hands: a ``(count, players, hand_size)`` uint8 array."""
    if players * hand_size > deck_size:
        raise ValueError(
            _("{players} hands of {hand} need {cards} cards; the deck has {deck}").format(
                players=players, hand=hand_size, cards=players * hand_size, deck=deck_size
            )
        )
    gen = as_generator(rng)
    decks = np.tile(np.arange(deck_size, dtype=np.uint8), (count, 1))
    decks = gen.permuted(decks, axis=1)
    return decks[:, : players * hand_size].reshape(count, players, hand_size)


def popcount(x: np.ndarray) -> np.ndarray:
    """Number of set bits of each uint64."""
    x = x.astype(np.uint64)
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(x)
    count = np.zeros(x.shape, dtype=np.uint8)
    while np.any(x):
        count += (x & np.uint64(1)).astype(np.uint8)
        x = x >> np.uint64(1)
    return count
