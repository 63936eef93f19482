"""Rowdy Partners' faces: Hat, Horseshoe, Star and Gravestone cards 1-8 and the wildcards W2 W4 W6 W8.

Cards of value 6-8 carry a pop symbol (RP-2.2), drawn as ``✸`` in the top corner.
"""

from __future__ import annotations

import re

from ..texts import N_, _
from . import svg

SUITS = {
    "Ha": ("hat", svg.PURPLE, N_("Hat")),
    "Ho": ("horseshoe", svg.ORANGE, N_("Horseshoe")),
    "St": ("star", svg.BLUE, N_("Star")),
    "Gr": ("grave", svg.GREY, N_("Gravestone")),
}
#: card codes in action texts such as ``play Ha5`` (the table's cards come from ``game.layout`` as Faces)
ACTION_CARD = re.compile(r"(?<![\w])(?:(?:Ha|Ho|St|Gr)[1-8]|W[2468])(?![\w])")


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    m = re.fullmatch(r"W([2468])", code)
    if m:
        return svg.card(
            code,
            m.group(1),
            "wild",
            svg.BLACK,
            _("Wildcard {value}").format(value=m.group(1)),
            corner="W",
            fill="#fff7d6",
            size=size,
            legal=legal,
        )
    m = re.fullmatch(r"(Ha|Ho|St|Gr)([1-8])", code)
    if not m:
        return None
    suit, value = m.group(1), int(m.group(2))
    shape, colour, name = SUITS[suit]
    pop = "✸" if value >= 6 else ""
    return svg.card(
        code,
        str(value),
        shape,
        colour,
        (_("{suit} {value} (pop)") if pop else _("{suit} {value}")).format(suit=_(name), value=value),
        corner=suit,
        note=pop,
        size=size,
        legal=legal,
    )


CHART_VALUE = "tricks"  # tricks played until the pin (RP-6)


def card_colour(code: str) -> str | None:
    suit = SUITS.get(code[:2])
    return svg.INK[suit[1]] if suit else None
