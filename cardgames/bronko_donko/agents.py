"""Agents for Bronko-Donko: random and greedy."""
from __future__ import annotations

from ..core.agents import Agent, RandomAgent
from .rules import BronkoDonko

BronkoDonko.agents = {"random": RandomAgent}
