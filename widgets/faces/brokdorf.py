"""Brokdorf's faces: the French 32-card deck, German suit names, four colours and four shapes."""

from __future__ import annotations

import re

from ..texts import _, game_text
from . import svg

# code letter -> (symbol, shape, colour, German name); the four-colour deck: ♣ green, ♠ black, ♥ red, ♦ blue
SUITS = {
    "C": ("♣", "club", svg.GREEN, "Kreuz"),
    "S": ("♠", "spade", svg.BLACK, "Pik"),
    "H": ("♥", "heart", svg.VERMILLION, "Herz"),
    "D": ("♦", "diamond", svg.BLUE, "Karo"),
}
RANKS = {"A": "Ass", "10": "Zehn", "K": "König", "Q": "Dame", "J": "Bube", "9": "Neun", "8": "Acht", "7": "Sieben"}
_SYMBOL_TO_SUIT = {v[0]: k for k, v in SUITS.items()}
# card codes in action texts (play QH); the table itself comes as data from game.layout
ACTION_CARD = re.compile(r"(?<![\w])(?:10|[AKQJ987])[CSHD](?![\w])")
CODE = re.compile(r"^(10|[AKQJ987])([CSHD])$")


def to_code(token: str) -> str:
    if token[:1] in _SYMBOL_TO_SUIT:
        return token[1:] + _SYMBOL_TO_SUIT[token[0]]
    return token


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    m = CODE.match(to_code(code))
    if not m:
        return None
    rank, suit = m.groups()
    symbol, shape, colour, name = SUITS[suit]
    # the rank as the game's own pictures print it: German D (Dame) and B (Bube) for Q and J (BK-1.3,
    # cards.RANK_FACES); the code stays QH
    shown = game_text("brokdorf", rank)
    return svg.card(rank + suit, shown, shape, colour, f"{name} {RANKS[rank]}", corner=symbol, size=size, legal=legal)


def card_label(code: str) -> str:
    m = CODE.match(code)
    return f"{SUITS[m.group(2)][0]}{m.group(1)}" if m else code


def card_colour(code: str) -> str | None:
    m = CODE.match(code)
    return svg.INK[SUITS[m.group(2)][2]] if m else None


def label(text: str) -> str:
    m = re.fullmatch(r"trump ([CSHD])", text)
    if m:
        symbol, _shape, _colour, name = SUITS[m.group(1)]
        return _("trump {symbol} {suit}").format(symbol=symbol, suit=name)
    return text


def colour(text: str) -> str | None:
    m = re.fullmatch(r"trump ([CSHD])", text)
    return svg.INK[SUITS[m.group(1)][2]] if m else None


CHART_VALUE = "euros"  # the round's settlement in euros (BK-5.4 to BK-5.7)


def open_hand_values(game, state, seat: int) -> dict[str, int]:
    """Each legal card of ``seat`` (action text) -> the tricks he is sure of with every hand open (issue 16).

    ``cardgames.brokdorf.solve_actions`` for the player to act: the tricks he holds at the end of
    the deal, those taken included, when everybody else plays against him.  Outside card play the
    solver's ValueError says why (it names the clause).
    """
    from cardgames.brokdorf.solve import solve_actions

    return {str(action): tricks for action, tricks in solve_actions(state, seat).items()}
