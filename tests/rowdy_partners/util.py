"""Helpers for the Rowdy Partners rule tests: stacked deals and action scripts."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.core.errors import IllegalMove
from cardgames.rowdy_partners import stacked_deck
from cardgames.rowdy_partners.cards import CARD
from cardgames.rowdy_partners.state import Tokens
from cardgames.rowdy_partners.steps import open_window

WRESTLERS = {2: ("W1", "W2"), 3: ("W1", "W2", "W3"), 4: ("W1", "W2", "W3", "W4")}

A1, B1, A2, B2 = 0, 1, 2, 3  # the seats of the 4-player game: side A's first and second, side B's

# the stacked deals many tests start from: four hands and the burn pile of the 4-player game;
# two hands and two headliners' diamonds of the 2-player game
HANDS4 = [
    "Ha5 Ha1 Ha2 Ho1 Ho2 Ho3 Gr1 Gr2",
    "St2 Ho4 Ho5 Ho6 Gr3 Gr4 W2 W4",
    "Gr5 Gr6 Gr7 Gr8 Ho7 Ho8 St1 W6",
    "St4 St3 St5 Ha3 Ha4 Ha6 Ha7 Ha8",
]
BURN4 = "St6 St7 St8 W8"
HANDS2 = ["Ho4 Ha1 Ha2 Ha3 St1 St2 St3 Gr1", "W4 Ho1 Ho2 Ho3 Ha4 Ha5 St4 Gr2"]
DIAMONDS2 = ["Ho7 Ha6 Ha7 St5 St6 Gr3 Gr4 Gr5", "Ho5 Ho6 Ho8 Ha8 St7 St8 Gr6 Gr7"]


def load(players=4, **options):
    options.setdefault("wrestlers", WRESTLERS[players])
    return cardgames.load("rowdy_partners", players=players, **options)


def deal(players=4, hands=(), diamonds=(), burn=(), seed=1, **options):
    """A game and its first state from a stacked deck (hands by seat, space-separated codes)."""
    game = load(players, **options)
    split = lambda parts: [p.split() if isinstance(p, str) else list(p) for p in parts]  # noqa: E731
    deck = stacked_deck(players, split(hands), split(diamonds), burn.split() if isinstance(burn, str) else burn)
    return game, game.new(seed=seed, deck=deck)


def example_8_1():
    """RP-8.1's worked example: A1 leads Ha5, B1 counters with St2, A2 plays Gr5 and B2 follows the Star."""
    hands = ["Ha5 Ha1 Ha2 Ho1 Ho2 Ho3 Gr1 Gr2", "St2 Ho4 Ho5 Ho6 Gr3 Gr4 W2 W4"]  # A1, B1
    hands += ["Gr5 Gr6 Gr7 Gr8 Ho7 Ho8 St1 W6", "St4 St3 St5 Ha3 Ha4 Ha6 Ha7 Ha8"]  # A2, B2
    return deal(4, hands=hands, burn="St6 St7 St8 W8")


def example_8_2(**options):
    """RP-8.2's worked example: four hands in which St5, Ho5, Ha2 and W2 make a trick with every card flipped."""
    return deal(
        4,
        hands=[
            "St5 St1 St2 Ha1 Ho1 Gr1 Gr2 Gr3",
            "Ho5 Ho2 Ho3 Ha3 Ha4 Gr4 Gr5 W4",
            "Ha2 Ha5 Ha6 Ho4 Ho6 St3 St4 Gr6",
            "W2 Ha7 Ha8 Ho7 Ho8 St6 St7 Gr7",
        ],
        burn="St8 Gr8 W6 W8",
        **options,
    )


def refused(game, state, text):
    """The IllegalMove that ``act(game, state, text)`` raises."""
    with pytest.raises(IllegalMove) as err:
        act(game, state, text)
    return err.value


def act(game, state, *texts):
    """Apply action texts in turn, each by the player to act."""
    for text in texts:
        p = game.to_act(state)[0]
        state = game.apply(state, game.parse_action(state, text, p), p)
    return state


# where each field of the old flat state lives now: the record of the state that holds it
PART = {
    field: part
    for part, fields in {
        "trick": ("number",),
        "deal": ("round", "diamonds", "burn", "sig_used"),
        "seats": ("wrestlers", "seat_of", "at_seat", "leader"),
        "tokens": Tokens.FIELDS,
        "score": ("health", "won", "dealt", "log", "result"),
    }.items()
    for field in fields
}


def give(state, **changes):
    """The state with some per-player tallies changed, e.g. give(s, coins={1: 2}, health={0: 13}).

    Fields are named as in the state's records (``number`` is the trick's number)."""
    parts = {}
    top = {}
    for field, value in changes.items():
        part = PART.get(field)
        record = getattr(state, part) if part else state
        if isinstance(value, dict):
            cur = list(getattr(record, field))
            for i, v in value.items():
                cur[i] = tuple(v) if isinstance(v, list) else v
            value = tuple(cur)
        if part:
            parts.setdefault(part, {})[field] = value
        else:
            top[field] = value
    for part, fields in parts.items():
        top[part] = getattr(state, part).replace(**fields)
    return state.replace(**top)


def cards(*codes):
    return tuple(sorted(CARD[c] for c in codes))


def last_trick(state):
    return state.score.log[-1]


def handed_out(game, state, count, cheats):
    """``state`` with ``count`` coins, damage tokens and tags for every player, both signature moves unlocked and
    the ``cheats`` in every hand, the tag window opened again."""
    each = {p: count for p in range(game.players)}
    state = give(state, coins=each, damage=each, tags=each, unlocked=(True, True), cheats=dict.fromkeys(each, cheats))
    return reopen(game, state)


def reopen(game, state):
    """Open the tag window of the current trick again (after ``give`` handed out Tag tokens)."""
    return open_window(game.seating, state, state.trail, state.seats, state.tokens, 0, state.trick.number)
