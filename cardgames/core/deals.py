"""Dealing hidden cards uniformly among the deals that a player's view allows.

What play has shown rules some cards out of some places: a Brokdorf player who did not follow
suit holds none of it, a card buried by a Rowdy Partners player is in the burn pile.  The hidden
cards then fall into *classes*: the cards of a class may go to the same set of places (its
*mask*, one bit per place).  :class:`ClassDeal` counts the deals that give each place exactly
its number of cards, class by class, and draws one of them uniformly: each class's split among
its places is drawn with probability proportional to the number of deals that complete it, and
then the class's cards are shuffled into the places drawn.  Each split is counted once per way
of choosing which of the class's cards go where (a multinomial coefficient), so every deal of
the cards themselves is equally likely.

With ``rest=True`` a card may also stay out of the places: Brokdorf's hands that play has shown
nothing about take their cards later from what the counted places leave, together with the
undealt rest, and the number of ways to do that does not depend on which cards are left.
"""

from __future__ import annotations

import math
import random
from typing import Generic, TypeVar

T = TypeVar("T")  # a card, as the game codes it


class ClassDeal(Generic[T]):
    """The deals of ``classes`` of cards into places of ``sizes`` cards each (see the module).

    ``masks[k]`` says which places class ``k`` may go to (bit ``j``: place ``j``); the classes
    are dealt in the order given.  ``rest``: whether cards may stay out of the places.
    """

    def __init__(self, classes: list[list[T]], masks: list[int], sizes: tuple[int, ...], rest: bool) -> None:
        self.classes = classes
        self.masks = masks
        self.sizes = sizes
        self.rest = rest
        self._count: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(self) -> int:
        """The number of deals (0: no deal agrees with what the view shows)."""
        return self.completions(0, self.sizes)

    def completions(self, k: int, open_: tuple[int, ...]) -> int:
        """The number of ways to deal classes ``k``.. so that place ``j`` gets ``open_[j]`` more cards."""
        if k == len(self.classes):
            return 1 if not any(open_) else 0
        key = (k, open_)
        known = self._count.get(key)
        if known is not None:
            return known
        total = 0
        for split, ways in self.splits(k, open_):
            total += ways * self.completions(k + 1, tuple([o - x for o, x in zip(open_, split)]))
        self._count[key] = total
        return total

    def splits(self, k: int, open_: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Every split of class ``k`` among the places it may go to, with its number of ways."""
        size = len(self.classes[k])
        out: list[tuple[tuple[int, ...], int]] = []
        self._split(self.masks[k], open_, [0] * len(open_), 0, size, math.factorial(size), out)
        return out

    def _split(
        self,
        mask: int,
        open_: tuple[int, ...],
        split: list[int],
        j: int,
        left: int,
        ways: int,
        out: list[tuple[tuple[int, ...], int]],
    ) -> None:
        """Splits of ``left`` cards among places ``j``.. (``ways`` so far), appended to ``out``."""
        if j == len(open_):
            if self.rest:  # the cards left out, in any order: one way
                out.append((tuple(split), ways // math.factorial(left)))
            elif left == 0:
                out.append((tuple(split), ways))
            return
        most = min(open_[j], left) if mask >> j & 1 else 0
        if j == len(open_) - 1 and not self.rest:  # the last place takes all that is left, or the split fails
            if left <= most:
                split[j] = left
                out.append((tuple(split), ways // math.factorial(left)))
                split[j] = 0
            return
        for x in range(most + 1):
            split[j] = x
            self._split(mask, open_, split, j + 1, left - x, ways // math.factorial(x), out)
        split[j] = 0

    def draw(self, rng: random.Random) -> tuple[list[list[T]], list[T]]:
        """One deal, uniform among all: the cards of each place, and the cards left out (with ``rest``)."""
        placed: list[list[T]] = [[] for _ in self.sizes]
        left_out: list[T] = []
        open_ = self.sizes
        for k in range(len(self.classes)):
            options = [
                (split, ways * self.completions(k + 1, tuple([o - x for o, x in zip(open_, split)])))
                for split, ways in self.splits(k, open_)
            ]
            pick = rng.randrange(sum([w for _, w in options]))
            chosen = options[-1][0]
            for split, weight in options:
                if pick < weight:
                    chosen = split
                    break
                pick -= weight
            cards = list(self.classes[k])
            rng.shuffle(cards)
            top = 0
            for j, x in enumerate(chosen):
                placed[j].extend(cards[top : top + x])
                top += x
            left_out.extend(cards[top:])
            open_ = tuple([o - x for o, x in zip(open_, chosen)])
        return placed, left_out
