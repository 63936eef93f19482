"""Rowdy Partners as the library offers it: the rules with their words, settlement and agents."""

from __future__ import annotations

import random
from typing import Any, Final

from ..core.agents import RandomAgent
from ..core.facts import ActionParts
from ..core.game import Event, GameSpec, Objective, Rooms
from ..core.i18n import N_
from . import data
from .agents import ExpertAgent, GreedyAgent
from .describe import action_parts, facts, layout, tell
from .rules import OPTIONS, RowdyPartnersRules, State
from .settlement import settle
from .words import ACTION_WORDS, said_words
from .worlds import at_horizon, determinize, lead_gained, won

AGENTS: Final = {"random": RandomAgent, "greedy": GreedyAgent, "expert": ExpertAgent}


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
        bounds={"position": (0, data.SKULL), "won": (0, 1)},
        max_decisions=200_000,
        over_rule="RP-6.1",
        levels=("trick", "round", "game"),
        agents=AGENTS,
        # the objective's words are marked for translation; where they are shown, the game's catalog translates them
        objective=Objective(
            name=N_("position lead"),
            horizon=N_("the end of the round (RP-4.1: its 8th trick) or the pin that ends the game first (RP-6.1)"),
            text=N_(
                "the marker positions the opposing wrestlers advanced minus those the player's own side "
                "advanced (RP-2.3, RP-4.11); partners share it"
            ),
        ),
    )
    rooms = Rooms(facts=facts, layout=layout, settle=settle, tell=tell)
    action_words = ACTION_WORDS

    def said(self, action: Any) -> str:
        """Its verb and a suit in words, a negative amount with a typographic minus, as its button (words.py)."""
        parts = self.action_parts(action)
        return said_words((parts.verb, *parts.args))

    def _action_parts(self, action: Any) -> ActionParts:
        return action_parts(action)

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

    # -- hidden information and the objective of analysis (worlds.py) -------------------
    def _determinize(self, view: State, seat: int, rng: random.Random, policy: Any) -> State:
        return determinize(self, view, seat, rng, policy)

    def _horizon(self, start: State, state: State) -> bool:
        return at_horizon(start, state)

    def _score(self, start: State, state: State, seat: int) -> float:
        return float(lead_gained(self, start, state, seat))

    def _won(self, start: State, state: State, seat: int) -> float:
        return won(self, state, seat)
