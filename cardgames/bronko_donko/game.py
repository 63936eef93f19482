"""Bronko-Donko as a game: the rules with their texts, settlement and agents attached."""

from __future__ import annotations

from typing import Final

from ..core.agents import RandomAgent
from ..core.game import Action, GameSpec, Line, Option, Settlement, integer
from .agents import GreedyAgent
from .describe import describe, layout
from .rules import BronkoDonkoRules, State
from .settlement import settle

AGENTS: Final = {"random": RandomAgent, "greedy": GreedyAgent}


class BronkoDonko(BronkoDonkoRules):
    """Bronko-Donko (BD-1): a climbing and shedding card game for 2-4 players, a match of G games."""

    spec = GameSpec(
        name="bronko_donko",
        title="Bronko-Donko",
        prefix="BD",
        min_players=2,
        max_players=4,
        default_players=4,
        options={"games": Option(5, "number of games G of the match, 1-5 (BD-4.1, BD-11.3)", integer(1, maximum=5))},
        setup_keys=("deck",),
        bounds={"hp_lost": (0, 385), "schlaeger_left": (0, 8), "orden": (0, 5), "fights_won": (0, 100_000)},
        max_decisions=200_000,
        over_rule="BD-11.3",
        levels=("round", "fight", "game"),
        agents=AGENTS,
    )

    def _describe(self, before: State, seat: int | None, action: Action, after: State) -> str:
        return describe(self, before, seat, action, after)

    def _layout(self, state: State, viewer: int | None) -> tuple[Line, ...]:
        return layout(self, state, viewer)

    def _settlement(self, state: State) -> Settlement:
        return settle(self, state)
