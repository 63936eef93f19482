"""Three Bridges as a game: the rules with their words, pictures, settlement and agents."""

from __future__ import annotations

import random
from typing import Any

from ..core.facts import ActionParts
from ..core.game import Event, GameSpec, Objective, Option, Rooms, integer
from ..core.i18n import N_
from .agents import AGENTS
from .describe import action_parts, facts, layout
from .rules import OVER, State, ThreeBridgesRules
from .settlement import score, settle
from .words import ACTION_WORDS
from .worlds import at_horizon, determinize, result_score, won

# the texts for people are marked N_: shown in German where they are shown, with this game's catalog
OBJECTIVE = Objective(
    name=N_("result"),
    horizon=N_("the end of the game, after round 6 (TB-6.1)"),
    text=N_("the game's result for the player: +1 a win, 0 a draw, -1 a loss (more bridges won, TB-5.5)"),
    higher_is_better=True,
    wins=True,
)


class ThreeBridges(ThreeBridgesRules):
    """Three Bridges: a two-player duel over three bridges, six rounds of hidden placement."""

    spec = GameSpec(
        name="three_bridges",
        title="Three Bridges",
        prefix="TB",
        min_players=2,
        max_players=2,
        default_players=2,
        options={
            "first_player": Option(
                None,
                N_("seat (0 or 1) of the player who leads rounds 1, 3, 5 (None: drawn from the seed, TB-3.1)"),
                integer(0, optional=True, maximum=1),
            ),
        },
        zero_sum=("points",),
        bounds={"points": (-1, 1), "bridges_won": (0, 3)},
        max_decisions=2_000,
        over_rule="TB-6.1",
        levels=("round", "game"),  # TB-4.1: six rounds make the game
        agents=AGENTS,
        objective=OBJECTIVE,
    )
    rooms = Rooms(facts=facts, layout=layout, settle=settle)
    action_words = ACTION_WORDS

    def _action_parts(self, action: Any) -> ActionParts:
        return action_parts(action)

    def _events(self, before: State, seat: int | None, action: Any, after: State) -> tuple[Event, ...]:
        """A round ends when the next begins or the game ends (TB-4.1, TB-6.1); the game's winner by TB-5.5."""
        if after.phase == OVER:
            return (Event("round"), Event("game", score(after).winner))
        if after.round != before.round:
            return (Event("round"),)
        return ()

    # -- hidden information and the objective of analysis (worlds.py) -------------------
    def _determinize(self, view: State, seat: int, rng: random.Random, policy: Any) -> State:
        return determinize(view, seat, rng, policy, self)

    def _horizon(self, start: State, state: State) -> bool:
        return at_horizon(start, state)

    def _score(self, start: State, state: State, seat: int) -> float:
        return result_score(start, state, seat)

    def _won(self, start: State, state: State, seat: int) -> float:
        return won(start, state, seat)
