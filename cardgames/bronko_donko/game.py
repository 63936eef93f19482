"""Bronko-Donko as a game: the rules with their texts, settlement and agents attached."""

from __future__ import annotations

import math
import random
from typing import Any, Final

from ..core.agents import RandomAgent
from ..core.facts import ActionParts
from ..core.game import GameSpec, Objective, Option, Rooms, integer, top_share
from ..core.i18n import N_
from .agents import ExpertAgent, GreedyAgent
from .describe import action_parts, facts, layout
from .rules import OVER, BronkoDonkoRules, State
from .settlement import settle
from .words import ACTION_WORDS
from .words import said as said_here
from .worlds import determinize

AGENTS: Final = {"random": RandomAgent, "greedy": GreedyAgent, "expert": ExpertAgent}
# the objective's texts and the option's description are shown to people where they are read:
# marked here, translated there with this game's catalog (Catalog("bronko_donko"))
OBJECTIVE: Final = Objective(
    name=N_("HP lost"),
    horizon=N_("the end of the fight, after its settlement (BD-3.1)"),
    text=N_(
        "the HP of the player's Schläger knocked out in the fight's settlement (BD-9.4, BD-9.5), "
        "fewer is better; a win is being the Bronko of the fight (BD-8.1), at the end of the match "
        "the most Bronko-Orden (BD-11.4)"
    ),
    higher_is_better=False,
    wins=True,
)


class BronkoDonko(BronkoDonkoRules):
    """Bronko-Donko (BD-1): a climbing and shedding card game for 2-4 players, a match of G games."""

    spec = GameSpec(
        name="bronko_donko",
        title="Bronko-Donko",
        prefix="BD",
        min_players=2,
        max_players=4,
        default_players=4,
        options={
            "games": Option(5, N_("number of games G of the match, 1-5 (BD-4.1, BD-11.3)"), integer(1, maximum=5))
        },
        bounds={"hp_lost": (0, 385), "schlaeger_left": (0, 8), "orden": (0, 5), "fights_won": (0, 100_000)},
        max_decisions=200_000,
        over_rule="BD-11.3",
        levels=("round", "fight", "game"),
        agents=AGENTS,
        objective=OBJECTIVE,
    )
    rooms = Rooms(facts=facts, layout=layout, settle=settle)
    action_words = ACTION_WORDS

    def said(self, action: Any) -> str:
        """Its words as the game says them, a settled or donko'd seat by its name (words.py)."""
        return said_here(action)

    def _action_parts(self, action: Any) -> ActionParts:
        return action_parts(action)

    # -- hidden information and the objective (issue 15; cardgames.core.analysis) ----------
    def _determinize(self, view: State, seat: int, rng: random.Random, policy: Any) -> State:
        return determinize(view, seat, rng, policy, self)

    def _horizon(self, start: State, state: State) -> bool:
        """The fight ``start`` is in has been settled: the next fight is dealt, or the match is over."""
        return state.phase == OVER or state.match.fights != start.match.fights

    def _score(self, start: State, state: State, seat: int) -> float:
        """HP of ``seat``'s Schläger knocked out from ``start`` to ``state`` (over a whole match: all of it)."""
        return float(state.match.tally.hp_lost[seat] - start.match.tally.hp_lost[seat])

    def _won(self, start: State, state: State, seat: int) -> float:
        """At the end of the match: a winner by Bronko-Orden (BD-11.4; 0.5 when shared); at the end of a fight:
        its Bronko (BD-8.1); NaN before the fight of ``start`` is settled."""
        if state.phase == OVER:
            return top_share(state.match.orden, seat)
        number = start.match.fights
        for entry in reversed(state.match.log):
            if entry.fight == number:
                return 1.0 if entry.bronko == seat else 0.0
            if entry.fight < number:
                break
        return math.nan
