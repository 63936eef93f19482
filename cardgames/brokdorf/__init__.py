"""Brokdorf: a bidding trick-taking game for 2-6 players (rules: cardgames/brokdorf/rules.md).

``cardgames.load("brokdorf", players=4)`` is one round (Runde): games are dealt until a
player has 0 or fewer points or more than 25, and the round is settled in euros.  With
``tournament=True`` the game is a session of rounds (BK-5.14) until one player is left
or ``max_rounds`` have been played.

Options: ``first_dealer`` (seat, default drawn from the seed), ``tournament`` (False),
``start_euros`` (10), ``lower_bound`` (0), ``max_rounds`` (None).
``new(seed, deck=[...], draws=[...])``: ``deck`` stacks the first deal (card codes in
draw order, dealt 2-1-2 from the dealer's left) or, as a list of lists, successive deals;
``draws`` stacks the cards drawn in a Stechen.

Action texts (``str(action)`` and ``parse_action``):

==================  =============================================
``bid 3``           bid three tricks (BK-4.2)
``gut``             pass (BK-4.2)
``trump H``         name the trump suit: C, S, H or D (BK-4.5)
``mit`` / ``weg``   play this game / drop the hand (BK-4.6)
``play QH``         play a card (BK-4.8); codes rank+suit in any case, e.g. ``10C``, ``as``
``dealer 2``        name a dealer: decision game (BK-5.8) or next round (BK-6.4)
``misdeal``         table event, ``player=None`` (BK-5.11)
``violation 2``     table event: a caught rule violation (BK-5.12)
``expel 2``         table event: a repeated, intentional violation (BK-5.13)
==================  =============================================

``solve(state, player)`` and ``solve_actions(state, player)`` (``solve.py``) give the open-hand value
of card play; ``bidding.py`` builds the makeable-tricks table of a deal and analyses one hand.

The code: ``rules.py`` (the state records and :class:`~.rules.BrokdorfRules`),
``describe.py`` (sentences and the text picture), ``settlement.py``, ``agents.py`` and
``game.py`` (:class:`Brokdorf`, all of them together).
"""

from .agents import AGENTS as AGENTS  # the agents' names and factories, as before
from .agents import GreedyAgent
from .cards import CARDS, Card, parse_card
from .game import Brokdorf
from .rules import Deal, GameScore, RoundResult, State, deck_for, legal_cards
from .settlement import game_log, player_games, running_totals
from .solve import solve, solve_actions

GAME = Brokdorf

__all__ = [
    "Brokdorf",
    "Card",
    "CARDS",
    "Deal",
    "deck_for",
    "GameScore",
    "GreedyAgent",
    "RoundResult",
    "State",
    "game_log",
    "player_games",
    "running_totals",
    "legal_cards",
    "parse_card",
    "solve",
    "solve_actions",
]
