"""Shared helpers for the Brokdorf rule tests: stacked deals and scripted play."""

from __future__ import annotations

import cardgames
from cardgames.brokdorf import deck_for


def game(players=4, **options):
    return cardgames.load("brokdorf", players=players, **options)


def stacked(g, hands, dealer, more=(), draws=None, seed=0):
    """A new state whose first deal gives ``hands`` (one entry per seat, None = any cards).

    ``more`` lists later deals as (hands, dealer) or (hands, dealer, seats)."""
    decks = [deck_for(hands, dealer, g.players)] + [deck_for(m[0], m[1], g.players, *m[2:]) for m in more]
    return g.new(seed=seed, deck=decks, draws=draws)


def play(g, state, *texts):
    """Apply action texts in order, each by whoever is to act."""
    for text in texts:
        state = g.apply(state, g.parse_action(state, text))
    return state


def play_cards(g, state, codes):
    """Play the cards ``codes`` (e.g. "AH 7H 8H") in order, each by whoever is to act."""
    return play(g, state, *(f"play {code}" for code in codes.split()))


def with_points(state, points, games=None):
    """The same moment with other round points (a mid-round scenario)."""
    changes = {"points": tuple(points)}
    if games is not None:
        changes["games"] = games
    return state.replace(sheet=state.sheet.replace(**changes))


def legal_texts(g, state):
    return sorted(str(a) for a in g.legal_actions(state))


def cards(g, state):
    """The legal cards of the player to act, as codes."""
    return sorted(str(a.card) for a in g.legal_actions(state))


def before_last(g, state):
    """The state just before the last action of ``state`` (replayed from its setup), and that action."""
    import cardgames

    steps = cardgames.history(state)
    s = g.new(seed=state.setup.seed, **dict(state.setup.extra))
    for seat, action in steps[:-1]:
        s = g.apply(s, action, seat)
    return s, steps[-1]
