"""Brokdorf's faces: the French 32-card deck, German suit names, four colours and four shapes."""

from __future__ import annotations

from cardgames.brokdorf.words import SEAT_VERBS, trump_words

from ..texts import NP_, game_text
from . import svg

# code letter -> (symbol, shape, colour, German name); the four-colour deck: ♣ green, ♠ black, ♥ red, ♦ blue
SUITS = {
    "C": ("♣", "club", svg.GREEN, "Kreuz"),
    "S": ("♠", "spade", svg.BLACK, "Pik"),
    "H": ("♥", "heart", svg.VERMILLION, "Herz"),
    "D": ("♦", "diamond", svg.BLUE, "Karo"),
}
RANKS = {"A": "Ass", "10": "Zehn", "K": "König", "Q": "Dame", "J": "Bube", "9": "Neun", "8": "Acht", "7": "Sieben"}
# which cards an action uses comes from game.action_parts, the table as data from game.layout


def _split(code: str) -> tuple[str, str] | None:
    """A card code's rank and suit (``10H`` is ``10``, ``H``), or None for what is no card code."""
    rank, suit = code[:-1], code[-1:]
    return (rank, suit) if rank in RANKS and suit in SUITS else None


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    split = _split(code)
    if split is None:
        return None
    rank, suit = split
    symbol, shape, colour, name = SUITS[suit]
    # the rank as the game's own pictures print it: German D (Dame) and B (Bube) for Q and J (BK-1.3,
    # cards.RANK_FACES); the code stays QH
    shown = game_text("brokdorf", rank)
    return svg.card(rank + suit, shown, shape, colour, f"{name} {RANKS[rank]}", corner=symbol, size=size, legal=legal)


def card_label(code: str) -> str:
    """A hand button's label: the suit symbol and the rank as the card's picture prints it (♣D, ♣B in German)."""
    split = _split(code)
    return f"{SUITS[split[1]][0]}{game_text('brokdorf', split[0])}" if split else code


def card_colour(code: str) -> str | None:
    split = _split(code)
    return svg.INK[SUITS[split[1]][2]] if split else None


def _trump(parts) -> str | None:
    """The suit letter a ``trump`` action names, else None."""
    return parts.args[0] if parts.verb == "trump" and parts.args and parts.args[0] in SUITS else None


def label(parts) -> str:
    """A trump choice as the game says it ("trump ♣ Kreuz"); the other moves are labelled word by word."""
    suit = _trump(parts)
    return trump_words(suit) if suit is not None else parts.text


def colour(parts) -> str | None:
    suit = _trump(parts)
    return svg.INK[SUITS[suit][2]] if suit is not None else None


CHART_VALUE = "euros"  # the round's settlement in euros (BK-5.4 to BK-5.7)


def open_hand_values(game, state, seat: int) -> dict[str, int]:
    """Each legal card of ``seat`` (action text) -> the tricks he is sure of with every hand open (issue 16).

    ``cardgames.brokdorf.solve_actions`` for the player to act: the tricks he holds at the end of
    the deal, those taken included, when everybody else plays against him.  Outside card play the
    solver's ValueError says why (it names the clause).
    """
    from cardgames.brokdorf.solve import solve_actions

    return {str(action): tricks for action, tricks in solve_actions(state, seat).items()}


#: the verbs whose first word is a seat: ``dealer 2`` is "dealer player 3" (Geber Spieler 3)
SEAT_WORDS = SEAT_VERBS

#: settlement columns of this game's own, as a person reads them
COLUMNS = {"games": NP_("brokdorf", "games")}
