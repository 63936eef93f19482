"""Three Bridges: a card duel for two over three bridges (rules: TB clauses).

>>> import cardgames
>>> game = cardgames.load("three_bridges", first_player=0)
>>> state = game.new(seed=1)
>>> game.to_act(state)
(0,)

Action texts (``str(action)``, accepted by ``parse_action``):

* ``place H-X A`` -- put a hand card face down on your column at bridge A, B or C
  (TB-4.3); ``place Chr=E B`` places a Chronist declared Eichel: its suit is declared
  with the placement, H E S or L, and hidden from the opponent until the card is
  revealed (TB-4.12).
* ``swap`` -- Unter: swap with the bridge card of its own suit (TB-4.9).
* ``move H-VIII`` -- Ober: move your own card from another bridge on top of the
  Ober's bridge (TB-4.10).
* ``play L-X A`` / ``play Chr=E B`` -- Ass: play a further card of its suit face up at
  a bridge; a Chronist is declared that suit (TB-4.11).
* ``draw`` -- Eichel: draw a card (TB-4.13).
* ``turn S-X`` / ``turn face-down`` -- Laub: turn an upright card at its bridge
  sideways (TB-4.14).
* ``pass`` -- decline an optional ability (TB-4.6); never offered when it is forced.

Two Chronisten that would get the same text (both declared the same suit) are told
apart by their place: ``move Chr=E@A0`` (bridge A, index 0), ``turn Chr=E@seat1:2``.

Public helpers: :func:`deck_for` (a stacked deck for a teaching scenario),
:func:`score` (TB-5 with every card's value explained), :func:`score_board`, the card
helpers in :mod:`.cards`, and :mod:`.probability`.
"""

from .cards import entry
from .game import ThreeBridges
from .rules import Draw, Move, Pass, Place, Play, State, Swap, Turn, deck_for
from .settlement import Score, score, score_board, settlement

GAME = ThreeBridges

__all__ = [
    "GAME",
    "Draw",
    "Move",
    "Pass",
    "Place",
    "Play",
    "Score",
    "State",
    "Swap",
    "ThreeBridges",
    "Turn",
    "deck_for",
    "entry",
    "score",
    "score_board",
    "settlement",
]
