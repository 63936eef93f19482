"""Three Bridges' faces: the Hungarian deck (Herz, Eichel, Schellen, Laub) and the two Chronisten."""

from __future__ import annotations

from ..texts import NP_, _
from . import svg

SUITS = {
    "H": ("heart", svg.VERMILLION, "Herz"),
    "E": ("acorn", svg.ORANGE, "Eichel"),
    "S": ("bell", svg.YELLOW, "Schellen"),
    "L": ("leaf", svg.GREEN, "Laub"),
}
RANKS = {"VII": "VII", "VIII": "VIII", "IX": "IX", "X": "X", "U": "Unter", "O": "Ober", "K": "König", "A": "Ass"}
# the cards an action uses come from ``game.action_parts`` (``place Chr=E B``), the table from ``game.layout()``


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    if code.startswith("Chr"):
        declared = code[4:] if code.startswith("Chr=") else ""
        if declared in SUITS:
            shape, colour, name = SUITS[declared]
            return svg.card(
                code,
                "Chr",
                shape,
                colour,
                _("Chronist as {suit} Ass").format(suit=name),
                corner=f"={declared}",
                fill="#f3e8f0",
                size=size,
                legal=legal,
            )
        return svg.card(
            code,
            "Chr",
            "wild",
            svg.PURPLE,
            _("Chronist (no suit until played)"),
            corner="?",
            fill="#f3e8f0",
            size=size,
            legal=legal,
        )
    suit, dash, rank = code.partition("-")
    if suit not in SUITS or not dash or rank not in RANKS:
        return None
    shape, colour, name = SUITS[suit]
    return svg.card(code, rank, shape, colour, f"{name} {RANKS[rank]}", corner=suit, size=size, legal=legal)


CHART_VALUE = "margin"  # bridge margin: own bridge points minus the opponent's (TB-5)


def chart_values(df, value):
    """Derived chart columns: ``margin`` = the player's bridge points minus the opponent's."""
    if value != "margin":
        return None
    bridges = [c for c in df.columns if c.startswith("bridge_") and c != "bridges_won"]
    if not bridges:
        return None
    own = df[bridges].sum(axis=1)
    total = own.groupby(df["game_id"]).transform("sum")
    return 2 * own - total


def card_colour(code: str) -> str | None:
    suit = SUITS.get(code[:1]) if not code.startswith("Chr") else None
    return svg.INK[suit[1]] if suit else None


#: the settlement's role of each seat by what it does (TB-4.1): P1 and P2 are the rules' names, which a
#: class told "seats count from 1" would read as player 1 and player 2
VALUES = {
    "role": {
        "P1": NP_("three_bridges", "leads rounds 1, 3, 5"),
        "P2": NP_("three_bridges", "leads rounds 2, 4, 6"),
    }
}
