"""Brokdorf, the whole game: the rules with their spec, agents, sentences, pictures and settlement."""

from __future__ import annotations

import numbers
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from ..core.facts import ActionParts
from ..core.game import GameSpec, Objective, Option, Rooms, boolean, integer
from ..core.i18n import N_
from .agents import AGENTS
from .cards import CATALOG
from .describe import action_parts, facts, layout
from .rules import MAX_ROUNDS, OPEN_DECISIONS, ROUND_DECISIONS, BrokdorfRules, State
from .settlement import settle
from .words import ACTION_WORDS
from .words import said as said_here
from .worlds import at_horizon, determinize, points_gained, won

_, ngettext = CATALOG.functions()

MAX_EUROS = 1_000  # start_euros and lower_bound lie within ±MAX_EUROS


def _euros(minimum: int, maximum: int) -> Any:
    """Option check: a whole number of euros (or a Fraction with a denominator up to 100) from minimum to maximum."""

    def check(value: Any) -> Any:
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            value = int(value)  # a numpy integer counts as the int it stands for
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, Fraction))
            or (isinstance(value, Fraction) and value.denominator > 100)
            or not minimum <= value <= maximum
        ):
            raise ValueError(
                _(
                    "must be a whole number of euros from {minimum} to {maximum} (or a Fraction with a denominator "
                    "of at most 100, such as Fraction(5, 2))"
                ).format(minimum=minimum, maximum=maximum)
            )
        return value

    return check


SPEC = GameSpec(
    name="brokdorf",
    title="Brokdorf",
    prefix="BK",
    min_players=2,
    max_players=6,
    default_players=4,
    options={
        "first_dealer": Option(
            None,
            N_("seat of the first dealer, 0 to players - 1 (BK-3.3); None draws it from the seed"),
            integer(0, optional=True),
        ),
        "tournament": Option(False, N_("play rounds until one player is left or max_rounds (BK-5.14)"), boolean),
        # the numbers in these texts are MAX_EUROS, MAX_ROUNDS and OPEN_SPREAD (tests/brokdorf/test_german.py checks
        # them): a text marked for translation is a plain literal, translated where the command line shows it
        "start_euros": Option(
            10, N_("tournament: euros each player starts with, 1 to 1000 (BK-5.14)"), _euros(1, MAX_EUROS)
        ),
        "lower_bound": Option(
            0,
            N_("tournament: a balance at or below this leaves, -1000 to 1000 (BK-5.14)"),
            _euros(-MAX_EUROS, MAX_EUROS),
        ),
        "max_rounds": Option(
            None,
            N_(
                "tournament: stop after this many rounds, 1 to 1,000; None: only when one player is left "
                "(BK-5.15), with at most 10 euros between start_euros and lower_bound"
            ),
            integer(1, optional=True, maximum=MAX_ROUNDS),
        ),
    },
    setup_keys=("deck", "draws"),
    zero_sum=("euros",),
    bounds={"points": (-4, 30)},
    # the longest tournament, with max_rounds or without; game.max_decisions follows the options
    max_decisions=max(ROUND_DECISIONS * MAX_ROUNDS, OPEN_DECISIONS),
    over_rule="BK-5.4",
    levels=("trick", "game", "round"),  # BK-3.1: a round is a sequence of games, a game five tricks
    agents=AGENTS,
    objective=Objective(
        name=N_("points"),
        horizon=N_("the end of the deal (BK-5.3)"),
        text=N_("the points the player gains in this deal; fewer is better (BK-1.3, BK-5.1)"),
        higher_is_better=False,
    ),
)


class Brokdorf(BrokdorfRules):
    """Brokdorf for 2-6 players: one round (Runde), or a tournament of rounds."""

    spec: ClassVar[GameSpec] = SPEC
    rooms: ClassVar[Rooms] = Rooms(facts=facts, layout=layout, settle=settle)
    action_words: ClassVar[Mapping[str, tuple[str, str]]] = ACTION_WORDS

    def said(self, action: Any) -> str:
        """A card as its picture prints it, a trump suit by its symbol and name, a seat by its name (words.py)."""
        return said_here(self, action)

    def _action_parts(self, action: Any) -> ActionParts:
        return action_parts(action)

    # -- hidden information and the objective of analysis (worlds.py) -------------------
    def _determinize(self, view: State, seat: int, rng: random.Random, policy: Any) -> State:
        return determinize(view, seat, rng, policy, self)

    def _horizon(self, start: State, state: State) -> bool:
        return at_horizon(start, state)

    def _score(self, start: State, state: State, seat: int) -> float:
        return float(points_gained(start, state, seat))

    def _won(self, start: State, state: State, seat: int) -> float:
        return won(start, state, seat)
