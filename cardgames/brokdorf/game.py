"""Brokdorf, the whole game: the rules with their spec, agents, sentences, pictures and settlement."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ..core.game import GameSpec, Line, Option, Settlement, boolean, integer
from .agents import AGENTS
from .describe import describe, layout
from .rules import BrokdorfRules, State
from .settlement import settle


def _euros(value: Any) -> Any:
    """Option check: a whole number of euros, or a Fraction."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError("must be a whole number of euros (or a Fraction)")
    return value


SPEC = GameSpec(
    name="brokdorf",
    title="Brokdorf",
    prefix="BK",
    min_players=2,
    max_players=6,
    default_players=4,
    options={
        "first_dealer": Option(
            None, "seat of the first dealer (BK-3.3); None draws it from the seed", integer(0, optional=True)
        ),
        "tournament": Option(False, "play rounds until one player is left or max_rounds (BK-5.14)", boolean),
        "start_euros": Option(10, "tournament: euros each player starts with (BK-5.14)", _euros),
        "lower_bound": Option(0, "tournament: a balance at or below this leaves (BK-5.14)", _euros),
        "max_rounds": Option(None, "tournament: stop after this many rounds (BK-5.15)", integer(1, optional=True)),
    },
    setup_keys=("deck", "draws"),
    zero_sum=("euros",),
    bounds={"points": (-4, 30)},
    max_decisions=200_000,
    over_rule="BK-5.4",
    levels=("trick", "game", "round"),  # BK-3.1: a round is a sequence of games, a game five tricks
    agents=AGENTS,
)


class Brokdorf(BrokdorfRules):
    """Brokdorf for 2-6 players: one round (Runde), or a tournament of rounds."""

    spec: ClassVar[GameSpec] = SPEC

    def _describe(self, before: State, seat: int | None, action: Any, after: State) -> str:
        return describe(self, before, seat, action, after)

    def _layout(self, state: State, viewer: int | None) -> tuple[Line, ...]:
        return layout(self, state, viewer)

    def _settlement(self, state: State) -> Settlement:
        return settle(self, state)
