"""Agents for Rowdy Partners: random (from the core) and greedy."""
from __future__ import annotations

from ..core.agents import Agent, RandomAgent


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, view, legal_actions, rng):
        return legal_actions[0]


def _register():
    from .rules import RowdyPartners

    RowdyPartners.agents = {"random": RandomAgent, "greedy": GreedyAgent}


_register()
