"""Classroom questions about Rowdy Partners, answered exactly (Fractions) and by simulation.

>>> from cardgames.rowdy_partners.probability import counter_probability
>>> counter_probability(2)
Fraction(32, 315)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from ..core.probability import Estimate, estimate, mean_interval, side_by_side
from ..core.sampling import as_generator, sample_hands
from ..core.simulate import game_seed, playout
from .cards import CATALOG, DECK, POP_T, SUIT_T, VALUE_T

_, ngettext = CATALOG.functions()

VALUE_COUNTS = tuple(sorted(Counter(VALUE_T).items()))  # printed value -> number of cards (RP-2.1)


def _check_k(k: int, most: int) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= most:
        raise ValueError(
            _("the number of cards must be an integer from 0 to {most}, not {value}").format(most=most, value=repr(k))
        )
    return k


def distinct_value_sets(k: int) -> int:
    """How many k-card sets from the deck show k different printed values (elementary symmetric sum)."""
    e = [1] + [0] * k
    for _value, n in VALUE_COUNTS:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * n
    return e[k]


def counter_probability(cards_in_trick: int) -> Fraction:
    """Exercise 1: the chance that k uniformly random distinct cards hold two equal printed values (RP-4.8).

    Exact: 1 - (sets of k cards with k different values) / C(36, k).  With more cards than
    values (k > 8) a repeat is certain.
    """
    k = _check_k(cards_in_trick, len(DECK))
    return 1 - Fraction(distinct_value_sets(k), comb(len(DECK), k))


def counter_probability_simulated(cards_in_trick: int, samples: int = 100_000, seed: int | None = 0) -> Estimate:
    """The same chance by sampling random tricks (a 95 % Wilson interval)."""
    k = _check_k(cards_in_trick, len(DECK))
    if k < 2:
        return estimate(0, samples)
    hands = sample_hands(samples, len(DECK), k, seed)
    values = np.asarray(VALUE_T, dtype=np.int8)[hands]
    values.sort(axis=1)
    repeat = (values[:, 1:] == values[:, :-1]).any(axis=1)
    return estimate(int(repeat.sum()), samples)


def follow_probability(hand_size: int = 8) -> Fraction:
    """Exercise 2: the chance that a random hand can follow a led suited card (a card of its suit or a wildcard).

    The led card is known, so the hand comes from the other 35 cards, of which 7 share its
    suit and 4 are wildcards (RP-4.6).
    """
    h = _check_k(hand_size, len(DECK) - 1)
    rest = len(DECK) - 1
    helpful = 7 + 4
    return 1 - Fraction(comb(rest - helpful, h), comb(rest, h))


def follow_probability_simulated(hand_size: int = 8, samples: int = 100_000, seed: int | None = 0) -> Estimate:
    """The same chance by dealing random hands from the 35 cards other than a led Ha1."""
    h = _check_k(hand_size, len(DECK) - 1)
    others = np.asarray([c for c in DECK if c != 0])
    hands = others[sample_hands(samples, len(others), h, seed)]
    suits = np.asarray(SUIT_T)[hands]
    ok = ((suits == 0) | (suits < 0)).any(axis=1)
    return estimate(int(ok.sum()), samples)


def _final_states(
    agent_names: Sequence[str] | str, games: int, seed: int, players: int | None, **options: Any
) -> tuple[Any, list[Any]]:
    """The game and the last state of ``games`` seeded playouts by the named agents."""
    from ..core.registry import load

    names = [agent_names] * (players or 4) if isinstance(agent_names, str) else list(agent_names)
    game = load("rowdy_partners", players=players or len(names), **options)
    if len(names) != game.players:
        raise ValueError(
            ngettext(
                "give one agent name per seat: {n} name", "give one agent name per seat: {n} names", game.players
            ).format(n=game.players)
        )
    return game, [playout(game, names, game_seed(seed, i)) for i in range(games)]


def pin_distribution(
    agent_names: Sequence[str] | str = "random",
    games: int = 1000,
    seed: int = 0,
    players: int | None = None,
    **options: Any,
) -> Any:
    """Exercise 3: how many tricks it takes until someone is pinned, by simulation.

    Returns a pandas Series indexed by the number of tricks played (counted over all rounds)
    with the number of games that ended with a pin after exactly that many tricks; games
    that ended at the round cap instead are counted in ``series.attrs["capped"]``.
    """
    import pandas as pd

    game, finals = _final_states(agent_names, games, seed, players, **options)
    tricks = [len(s.score.log) for s in finals if s.score.result.reason == "pin"]
    series = pd.Series(Counter(tricks), name="games", dtype="int64").sort_index()
    series.index.name = "tricks"
    mean = mean_interval(tricks) if tricks else (float("nan"),) * 3
    series.attrs.update(capped=games - len(tricks), games=games, mean=mean[0], interval=(mean[1], mean[2]))
    return series


def winning_damage(
    agent_names: Sequence[str] | str = "random",
    games: int = 200,
    seed: int = 0,
    players: int | None = None,
    **options: Any,
) -> Any:
    """Exercise 3: the damage D dealt by winning cards (RP-4.11), as counts over all won tricks."""
    import pandas as pd

    game, finals = _final_states(agent_names, games, seed, players, **options)
    damage = [t.damage for s in finals for t in s.score.log if t.winner >= 0]
    series = pd.Series(Counter(damage), name="tricks", dtype="int64").sort_index()
    series.index.name = "damage"
    return series


def all_flipped_rate(
    players: int = 2, agent_names: Sequence[str] | str = "random", games: int = 200, seed: int = 0, **options: Any
) -> Estimate:
    """Exercise 4: how often a whole trick is flipped face down (RP-4.10 step 5), by simulation."""
    game, finals = _final_states(agent_names, games, seed, players, **options)
    tricks = [t for s in finals for t in s.score.log]
    return estimate(sum(t.winner < 0 for t in tricks), len(tricks))


# the names the other games use for simulated counterparts
estimate_counter_probability = counter_probability_simulated
estimate_follow_probability = follow_probability_simulated


# ---------------------------------------------------------------------------
# Notebook exercises (notebooks/rowdy_partners/02-probability.ipynb)

POP_CARDS = sum(POP_T)  # 12 suited cards of value 6-8 carry a pop symbol (RP-2.2)


def counter_table(sizes: Sequence[int] = (2, 3, 4, 5), samples: int = 100_000, seed: int = 0) -> list[dict]:
    """Exercise 1 for several trick sizes: P(at least one counter), exact and simulated."""
    return [
        {"cards": k, **side_by_side(counter_probability(k), counter_probability_simulated(k, samples, seed + k))}
        for k in sizes
    ]


def pop_card_distribution(cards: int = 8) -> dict[int, Fraction]:
    """Exercise 3: P(exactly j pop symbols among ``cards`` random cards), hypergeometric with 12 of 36."""
    k = _check_k(cards, len(DECK))
    total = comb(len(DECK), k)
    return {
        j: Fraction(comb(POP_CARDS, j) * comb(len(DECK) - POP_CARDS, k - j), total)
        for j in range(min(k, POP_CARDS) + 1)
    }


def pop_cards_at_least(needed: int, cards: int = 16) -> Fraction:
    """Exercise 3: P(at least ``needed`` pop symbols among ``cards`` random cards), e.g. a team's 16."""
    return sum((p for j, p in pop_card_distribution(cards).items() if j >= needed), Fraction(0))


def pop_cards_simulated(cards: int = 8, samples: int = 100_000, seed: int | None = 0) -> dict[int, Estimate]:
    """The pop-symbol counts of ``samples`` random ``cards``-card sets: one Estimate per count."""
    k = _check_k(cards, len(DECK))
    pops = np.asarray(POP_T, dtype=np.int8)[sample_hands(samples, len(DECK), k, seed)].sum(axis=1)
    counts = np.bincount(pops, minlength=min(k, POP_CARDS) + 1)
    return {j: estimate(int(counts[j]), samples) for j in range(min(k, POP_CARDS) + 1)}


def pop_card_table(cards: int = 8, samples: int = 100_000, seed: int = 0) -> list[dict]:
    """Exercise 3: P(j pop symbols in a ``cards``-card hand) for every j, exact and simulated."""
    simulated = pop_cards_simulated(cards, samples, seed)
    return [{"pops": j, **side_by_side(p, simulated[j])} for j, p in pop_card_distribution(cards).items()]


def pop_cards_at_least_simulated(
    needed: int, cards: int = 16, samples: int = 100_000, seed: int | None = 0
) -> Estimate:
    """The chance of at least ``needed`` pop symbols among ``cards`` random cards, by sampling."""
    simulated = pop_cards_simulated(cards, samples, seed)
    return estimate(sum(e.successes for j, e in simulated.items() if j >= needed), samples)


def all_flipped_probability(cards: int = 4) -> Fraction:
    """Exercise 4: the chance that a row of ``cards`` random cards ends entirely flipped (RP-4.8, RP-4.10 step 5).

    At most one face-up card of each value can lie in the row (a second one flips it), so
    the row ends face down exactly when every printed value occurs an even number of
    times: count those sets with a generating function (even powers only, per value).
    """
    k = _check_k(cards, len(DECK))
    poly = [1] + [0] * k
    for _value, n in VALUE_COUNTS:
        new = [0] * (k + 1)
        for i, c in enumerate(poly):
            if c:
                for j in range(0, n + 1, 2):
                    if i + j <= k:
                        new[i + j] += c * comb(n, j)
        poly = new
    return Fraction(poly[k], comb(len(DECK), k))


def flip_row(values: Sequence[int]) -> int:
    """RP-4.8/4.9 without attachments: place the values in order; return how many end face up."""
    up: list[int] = []
    for v in values:
        if up and v in up:  # S is defined while a card is face up; the match and the new card flip
            up.remove(v)
        else:
            up.append(v)
    return len(up)


def all_flipped_simulated(cards: int = 4, samples: int = 100_000, seed: int | None = 0) -> Estimate:
    """The same chance by placing random cards in random order, card by card, under the counter rule."""
    k = _check_k(cards, len(DECK))
    gen = as_generator(seed)
    rows = np.asarray(VALUE_T, dtype=np.int8)[sample_hands(samples, len(DECK), k, gen)]
    rows = gen.permuted(rows, axis=1)
    return estimate(sum(flip_row(r) == 0 for r in rows.tolist()), samples)


def all_flipped_table(sizes: Sequence[int] = (2, 4, 6), samples: int = 100_000, seed: int = 0) -> list[dict]:
    """Exercise 4 for rows of several sizes: the exact chance and the card-by-card simulation."""
    return [
        {"cards": k, **side_by_side(all_flipped_probability(k), all_flipped_simulated(k, samples, seed + k))}
        for k in sizes
    ]


def marker_moves(positions: Sequence[int] = (12, 15, 16, 17, 18), damages: Sequence[int] = range(0, 7)) -> Any:
    """Where one trick's damage D moves a marker from each position (RP-4.11), as a pandas table."""
    import pandas as pd

    from .state import move_marker

    table = pd.DataFrame({d: [move_marker(p, d) for p in positions] for d in damages}, index=list(positions))
    table.index.name, table.columns.name = "position", "D"
    return table


def fewest_tricks_to_pin(start: int = 0, most_damage: int = 64) -> int:
    """Exercise 5: the fewest lost tricks that take a wrestler from ``start`` to the SKULL (RP-4.11).

    A breadth-first search over the positions a trick with damage 1 .. ``most_damage`` can reach.
    """
    from . import data
    from .state import move_marker

    frontier, tricks = {start}, 0
    while data.SKULL not in frontier:
        frontier = {move_marker(p, d) for p in frontier for d in range(1, most_damage + 1)}
        tricks += 1
    return tricks


def damage_shares(**by_agents: Any) -> Any:
    """Exercise 5: ``winning_damage`` counts per agent kind as one long table (agents, damage, tricks, share)."""
    import pandas as pd

    frames = [
        pd.DataFrame({"agents": name, "damage": s.index, "tricks": s.values, "share": s.values / s.sum()})
        for name, s in by_agents.items()
    ]
    return pd.concat(frames, ignore_index=True)


def mean_damage(counts: Any) -> tuple[float, float, float]:
    """The mean damage of a ``winning_damage`` Series with its 95 % interval: (mean, low, high)."""
    return mean_interval(np.repeat(np.asarray(counts.index, dtype=float), np.asarray(counts.values)))
