"""Bronko-Donko: a climbing and shedding card game for 2-4 players (rules: BD-... clauses).

>>> import cardgames
>>> game = cardgames.load("bronko_donko", players=3, games=1)
>>> state = game.new(seed=1)

Action texts (``str(action)``, accepted by ``parse_action``):

- ``open Ro5 Ge5`` / ``beat Bl7`` / ``box Gr4 Gr5 Wolf=Gr6``: place a formation (DP-3, DP-4;
  in the final gong only ``box``, DP-6). A placed Wolf is written with its declared card.
  Append ``vest-off`` to take off the vest with your first formation of the fight (BD-7.10).
- ``duck`` (DP-4), ``pass`` (final gong, DP-6), ``steal`` / ``decline`` (Wolfsblut, DP-5).
- ``give Bl7 Ro8`` (the Donko's betrayal, DP-1), ``return Bl7 Ge2`` (the Bronko's, DP-2).
- ``settle 2`` (the next loser to settle, DP-7), ``knock 20`` (knock out a Schläger, DP-8),
  ``donko 1`` (who gets the Donko-Haufen on a tie, DP-9/DP-10).
"""

from .game import BronkoDonko
from .rules import State, deck_for
from .settlement import fight_log, player_games, simulate_losers

GAME = BronkoDonko

__all__ = ["GAME", "BronkoDonko", "State", "deck_for", "fight_log", "player_games", "simulate_losers"]
