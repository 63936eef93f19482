"""The Brotherhood (John Hill, GDW 1983): twelve months of organized crime for 2-5 players.

>>> import cardgames
>>> game = cardgames.load("brotherhood", players=3)
>>> state = game.new(seed=1)

Action texts (``str(action)``, read back by ``parse_action``); players are written P1..PN
(seat 0 is P1):

* orders (BH-4.4), one atomic order at a time, ending with ``submit``:
  ``free thug 1``, ``free killer 1``, ``free_godfather d``, ``close c 1``,
  ``build_source c 1``, ``build_influence e 1``, ``withdraw e thug 1``,
  ``deploy e killer 1``, ``godfather e`` (``stock`` allowed in rounds 1-4), ``submit``;
  or a whole set in one line, ``build_source c 1; deploy e thug 2; godfather e``;
* ``transfer P2 5`` / ``pass`` (BH-4.3), ``dismiss d thug`` (BH-4.2.4),
  ``inf_remove P2`` / ``inf_jail P2`` / ``inf_close P2`` / ``done`` (BH-4.11),
  ``target P3 thug 1`` (BH-4.12.2), ``claim P3 1`` / ``submit`` (BH-4.14.3),
  ``propose P2`` or a division ``give P2 1`` ... ``submit`` / ``give P2 b source 1`` ... (BH-4.15.1),
  ``fight`` / ``concede`` (BH-4.15.2).

The rules specification ships beside this module as cardgames/brotherhood/rules.md; every
clause id (BH-4.12) and validation code (V01-V11) in messages and descriptions refers to it.
See docs/games/brotherhood.md for the stages of a round, settlement keys, agents and
the probability helpers in :mod:`cardgames.brotherhood.probability`.
"""

from . import probability
from .agents import GreedyAgent, RandomAgent
from .board import Table, build_table
from .game import Brotherhood
from .rules import OrderSetRefused, State

GAME = Brotherhood

__all__ = [
    "GAME",
    "Brotherhood",
    "GreedyAgent",
    "OrderSetRefused",
    "RandomAgent",
    "State",
    "Table",
    "build_table",
    "probability",
]
