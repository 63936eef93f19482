"""The Brotherhood as it is loaded: the rules with their texts, settlement and agents attached."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.facts import ActionParts
from ..core.game import GameSpec, Objective, Rooms
from ..core.i18n import N_
from .agents import BuilderAgent, ExpertAgent, GreedyAgent, RandomAgent
from .board import ACTION_WORDS
from .describe import ORDER_GRAMMAR, action_parts, facts, layout, said_action, tell
from .rules import OVER_RULE, BrotherhoodRules, State
from .settlement import settle
from .worlds import at_horizon, determinize, ge_gained, won


class Brotherhood(BrotherhoodRules):
    """The Brotherhood (John Hill, GDW 1983): twelve months of organized crime for 2-5 players."""

    spec = GameSpec(
        name="brotherhood",
        title="The Brotherhood",
        prefix="BH",
        min_players=2,
        max_players=5,
        default_players=4,
        setup_keys=("rolls", "events"),
        simultaneous=True,
        bounds={"ge": (0, float("inf"))},
        max_decisions=200_000,
        over_rule=OVER_RULE,
        levels=("orders", "round", "game"),  # the order sets revealed (BH-4.9), a round, the game (BH-6)
        agents={"random": RandomAgent, "greedy": GreedyAgent, "builder": BuilderAgent, "expert": ExpertAgent},
        objective=Objective(
            # marked for the catalog: shown in German through Catalog("brotherhood") where a person reads them
            name=N_("GE gained"),
            horizon=N_(
                "the close of the transfer window for a transfer decision (BH-4.3), "
                "the end of the game for every other decision (BH-6.1)"
            ),
            text=N_(
                "the GE the player gains from now to the end of the game, where the most GE wins (BH-5.2); "
                "an eliminated player's GE count as 0 (BH-5.3)"
            ),
            wins=True,
        ),
    )
    rooms = Rooms(facts=facts, layout=layout, settle=settle, tell=tell)
    action_words = ACTION_WORDS

    def said(self, action: Any) -> str:
        """The words of its :meth:`action_parts`, each said: an order set stays as written (describe.py)."""
        return said_action(action)

    def _action_parts(self, action: Any) -> ActionParts:
        return action_parts(action)

    def _order_grammar(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        return ORDER_GRAMMAR

    # -- hidden information and the objective of analysis (worlds.py) ---------------
    def _determinize(self, view: State, seat: int, rng: random.Random, policy: Any) -> State:
        return determinize(self, view, seat, rng, policy)

    def _horizon(self, start: State, state: State) -> bool:
        return at_horizon(start, state)

    def _score(self, start: State, state: State, seat: int) -> float:
        return ge_gained(start, state, seat)

    def _won(self, start: State, state: State, seat: int) -> float:
        return won(start, state, seat)
