"""Seeded randomness: every random draw of a game is derived from its seed.

A state keeps its seed; each draw (a shuffle, a die roll, an agent's choice) asks for a
fresh generator keyed by the seed and by *what* is drawn (``derive(seed, "deal", 3)``).
So the same seed and the same actions give the same game on every machine, and a
state never carries a mutable generator.
"""

from __future__ import annotations

import _random
import numbers
import random
import secrets
from collections.abc import Callable
from hashlib import blake2b
from typing import Final

from .errors import InputError
from .i18n import Catalog

_, ngettext = Catalog("cardgames").functions()


def derive(seed: int, *keys: object) -> int:
    """A 64-bit seed for the draw named by ``keys`` (stable across machines and runs)."""
    text = repr((int(seed),) + keys).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "little")


def generator(seed: int, *keys: object) -> random.Random:
    """A fresh ``random.Random`` for one named draw."""
    return random.Random(derive(seed, *keys))


def source(seed: int, *keys: object) -> _random.Random:
    """The C generator under ``generator(seed, *keys)``: the same bits, seeded once and without Python-level calls.

    ``random.Random(x)`` seeds its generator twice (in ``__new__`` and again in its interpreted
    ``__init__``) and draws ``randrange`` and ``randint`` in Python; a game's setup draws from this
    one with ``random()`` (the same C method), :func:`below` (``randrange``) and
    :func:`shuffle_with` (``shuffle``), which draw the same numbers.
    """
    return _random.Random(derive(seed, *keys))


def below(rng: _random.Random, n: int) -> int:
    """An index from 0 to ``n - 1`` drawn from ``rng`` exactly as ``random.Random.randrange(n)`` draws it."""
    if n <= 0:
        raise ValueError(f"a draw below n needs a positive count, not {n}")
    return _below(rng.getrandbits, n)


def shuffle(items: list, seed: int, *keys: object) -> list:
    """Shuffle ``items`` in place exactly as ``generator(seed, *keys).shuffle(items)``; return it.

    It draws from ``_random.Random``, the C generator under ``random.Random``: seeded with the
    same number it gives the same bits, without the two Python-level calls that
    ``random.Random`` makes to seed it.  ``tests/core/test_rng.py`` checks the identity.
    """
    return shuffle_with(items, source(seed, *keys))


def randbelow(n: int, seed: int, *keys: object) -> int:
    """An index from 0 to ``n - 1`` drawn exactly as ``generator(seed, *keys).randrange(n)``.

    Like :func:`shuffle`, it draws from the C generator under ``random.Random``.  A game's single
    draws (a card from a pile, the first dealer) use it.
    """
    return below(source(seed, *keys), n)


def sample(items: list, k: int, seed: int, *keys: object) -> list:
    """``k`` of ``items``, drawn exactly as ``generator(seed, *keys).sample(items, k)``.

    ``random.Random.sample`` takes from a pool of up to 21 items by the walk below (each pick
    replaced by the pool's last item); a larger pool it leaves to ``random.Random``.  The
    rosters a game draws from are small, and a game's setup then skips seeding a
    ``random.Random`` in Python.
    """
    n = len(items)
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n} items")
    if n > _SMALL_POOL:
        return generator(seed, *keys).sample(items, k)
    getrandbits = source(seed, *keys).getrandbits
    pool = list(items)
    chosen = []
    for i in range(k):
        j = _below(getrandbits, n - i)
        chosen.append(pool[j])
        pool[j] = pool[n - i - 1]  # the item not yet chosen fills the gap
    return chosen


_SMALL_POOL: Final = 21  # random.Random.sample draws from a list of at most this many items, whatever k is


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """``Random._randbelow(n)``: ``n.bit_length()`` random bits, drawn again while they reach ``n``."""
    k = n.bit_length()
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return j


def shuffle_with(items: list, rng: _random.Random) -> list:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would; return it.

    The same Fisher-Yates walk and the same draws as ``random.Random.shuffle`` (each index
    drawn with ``getrandbits`` and rejection, as ``Random._randbelow`` does), written out in
    one loop (:func:`_below` inlined): dealing and determinizing are on hot paths, and the two
    method calls per card were a third of a deal's cost.
    """
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
    return items


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates steps of a list of ``size`` items: (index, range, bits of the range)."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if size <= 256:  # decks and pools: a handful of sizes
            _STEPS[size] = steps
    return steps


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def fresh_seed() -> int:
    """A seed from the operating system, for ``new()`` called without one."""
    return secrets.randbits(63)


MAX_SEED = 2**64 - 1  # simulate's game seeds are 64-bit; a longer one would only make records unwieldy


def check_seed(seed: object) -> int:
    """Accept a seed from 0 to 2**64 - 1 (numpy integers too, as simulate's frames hold them), or explain."""
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        text = repr(seed)
        raise InputError(_("seed must be a whole number from 0 to 2**64 - 1, not {value}").format(value=text[:40]))
    number = int(seed)
    if not 0 <= number <= MAX_SEED:
        shown = str(number) if number.bit_length() < 128 else _("a number of that size")
        raise ValueError(_("seed must be a whole number from 0 to 2**64 - 1, not {value}").format(value=shown))
    return number
