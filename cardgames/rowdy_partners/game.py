"""Rowdy Partners as the library offers it: the rules with their words, settlement and agents."""

from __future__ import annotations

from typing import Any, Final

from ..core.agents import RandomAgent
from ..core.game import Event, GameSpec, Line, Settlement
from . import data
from .agents import GreedyAgent
from .describe import describe, layout
from .rules import OPTIONS, RowdyPartnersRules, State
from .settlement import settle

AGENTS: Final = {"random": RandomAgent, "greedy": GreedyAgent}


class RowdyPartners(RowdyPartnersRules):
    """Rowdy Partners: team trick-taking in wrestling dress where the lowest card wins."""

    spec = GameSpec(
        name="rowdy_partners",
        title="Rowdy Partners",
        prefix="RP",
        min_players=2,
        max_players=4,
        default_players=4,
        options=OPTIONS,
        setup_keys=("deck",),
        bounds={"position": (0, data.SKULL), "won": (0, 1)},
        max_decisions=200_000,
        over_rule="RP-6.1",
        levels=("trick", "round", "game"),
        agents=AGENTS,
    )

    def _describe(self, before: State, seat: int | None, action: Any, after: State) -> str:
        return describe(self, before, seat, action, after)

    def _layout(self, state: State, viewer: int | None) -> tuple[Line, ...]:
        return layout(self, state, viewer)

    def _settlement(self, state: State) -> Settlement:
        return settle(self, state)

    def _events(self, before: State, seat: int | None, action: Any, after: State) -> tuple[Event, ...]:
        """A trick ended (and who won it), a round ended (the next deal, or the game's end), the game ended."""
        if len(after.score.log) == len(before.score.log):
            return ()
        winner = after.score.log[-1].winner
        events = [Event("trick", winner if winner >= 0 else None)]
        if after.deal.round > before.deal.round or after.score.result is not None:
            events.append(Event("round"))
        if after.score.result is not None:
            events.append(Event("game"))
        return tuple(events)
