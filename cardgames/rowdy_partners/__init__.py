"""Rowdy Partners: team trick-taking in wrestling dress where the lowest card wins.

>>> import cardgames
>>> game = cardgames.load("rowdy_partners", players=4)
>>> state = game.new(seed=7)
>>> game.to_act(state)
(0,)

Action texts (``str(action)``, accepted by ``parse_action`` in any case: ``play ha5`` is ``play Ha5``):

- ``play Ha5`` -- play a card (a headliner's card comes from his hand or diamond, wherever it lies)
- ``name Gr`` -- name the led suit when your wildcard becomes the setter (RP-4.9)
- ``tag`` / ``pass`` -- the tag window before a trick (RP-4.4)
- ``coin +1``, ``coin -1``, ``damage`` -- attach a token to your coming card (RP-4.7)
- ``cheat C01`` .. ``cheat C10`` -- attach a cheat; ``cheat C04 Ha`` (SUIT), ``cheat C07 1 coin``
  (CANCEL: opponent and token kind), ``cheat C09 1`` (a headliner's PEEK target)
- ``sig W5``, ``sig W3 Ha``, ``sig W4 -2`` -- attach your wrestler's signature move (RP-4.13)
- ``bury Ha5`` -- after a BURN_SWAP, put a hand card face down into the burn pile
- ``wrestler W3`` -- with ``choose_wrestlers=True``, choose a wrestler at setup (DP-1)

Illegal actions raise :class:`RowdyIllegalMove` (an ``IllegalMove``) with ``.code`` X01-X13
and ``.rule`` the clause it enforces (the rules ship as ``cardgames/rowdy_partners/rules.md``).

Attachments are separate decisions before the card, so ``legal_actions`` stays small.
Component details (our reconstruction) live in :mod:`cardgames.rowdy_partners.data`.
"""

from .agents import GreedyAgent
from .game import RowdyPartners
from .legality import X_NAMES, RowdyIllegalMove
from .rules import stacked_deck
from .state import State, legal_cards, move_marker, trick_damage, winning_index

GAME = RowdyPartners

__all__ = [
    "GAME",
    "X_NAMES",
    "GreedyAgent",
    "RowdyIllegalMove",
    "RowdyPartners",
    "State",
    "legal_cards",
    "move_marker",
    "stacked_deck",
    "trick_damage",
    "winning_index",
]
