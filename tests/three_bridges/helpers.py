"""Helpers for the Three Bridges tests: positions and scripted play by action text."""

from __future__ import annotations

import cardgames
from cardgames.three_bridges import score

GAME = cardgames.load("three_bridges", first_player=0)
P1, P2 = 0, 1  # with first_player=0, seat 0 is P1


def play(state, *texts, game=GAME):
    """Apply action texts in order, each by the player to act; return the final state."""
    for text in texts:
        seat = game.to_act(state)[0]
        state = game.apply(state, game.parse_action(state, text, seat), seat)
    return state


def legal_texts(state, game=GAME):
    return [str(a) for a in game.legal_actions(state)]


def column(state, bridge, seat):
    """A column as codes, '/' after sideways cards, [..] around face-down ones."""
    from cardgames.three_bridges.cards import entry_text

    return [entry_text(e) for e in state.columns["ABC".index(bridge)][seat]]


def totals(state, bridge):
    return score(state).bridges["ABC".index(bridge)].total


def board(*bridges):
    """score_board input: bridges as (suit, P1 codes, P2 codes); codes may end in '/' (sideways)."""
    from cardgames.three_bridges.cards import entry

    suits, columns = [], []
    for suit, mine, theirs in bridges:
        suits.append(suit)
        columns.append(tuple(tuple(_entry(entry, t) for t in col) for col in (mine, theirs)))
    return suits, tuple(columns)


def _entry(entry, text):
    sideways = text.endswith("/")
    return entry(text.rstrip("/"), sideways=sideways)
