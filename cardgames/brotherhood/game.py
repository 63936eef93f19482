"""The Brotherhood as it is loaded: the rules with their texts, settlement and agents attached."""

from __future__ import annotations

from typing import Any

from ..core.game import GameSpec, Line, Settlement
from .agents import BuilderAgent, GreedyAgent, RandomAgent
from .describe import describe, layout
from .rules import OVER_RULE, BrotherhoodRules, State
from .settlement import settle


class Brotherhood(BrotherhoodRules):
    """The Brotherhood (John Hill, GDW 1983): twelve months of organized crime for 2-5 players."""

    spec = GameSpec(
        name="brotherhood",
        title="The Brotherhood",
        prefix="BH",
        min_players=2,
        max_players=5,
        default_players=4,
        options={},
        setup_keys=("rolls", "events"),
        simultaneous=True,
        bounds={"ge": (0, float("inf"))},
        max_decisions=200_000,
        over_rule=OVER_RULE,
        levels=("orders", "round", "game"),  # the order sets revealed (BH-4.9), a round, the game (BH-6)
        agents={"random": RandomAgent, "greedy": GreedyAgent, "builder": BuilderAgent},
    )

    def _describe(self, before: State, seat: int | None, action: Any, after: State) -> str:
        return describe(self, before, seat, action, after)

    def _layout(self, state: State, viewer: int | None) -> tuple[Line, ...]:
        return layout(self, state, viewer)

    def _settlement(self, state: State) -> Settlement:
        return settle(self, state)
