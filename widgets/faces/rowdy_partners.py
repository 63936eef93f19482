"""Rowdy Partners' faces: Hat, Horseshoe, Star and Gravestone cards 1-8 and the wildcards W2 W4 W6 W8.

Cards of value 6-8 carry a pop symbol (RP-2.2), drawn as ``✸`` in the top corner.
"""

from __future__ import annotations

from ..texts import N_, _
from . import svg

SUITS = {
    "Ha": ("hat", svg.PURPLE, N_("Hat")),
    "Ho": ("horseshoe", svg.ORANGE, N_("Horseshoe")),
    "St": ("star", svg.BLUE, N_("Star")),
    "Gr": ("grave", svg.GREY, N_("Gravestone")),
}
# the cards an action uses come from ``game.action_parts``, the table's cards from ``game.layout`` as Faces
_WILD = {f"W{v}": str(v) for v in (2, 4, 6, 8)}
_VALUES = {str(v): v for v in range(1, 9)}


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    wild = _WILD.get(code)
    if wild is not None:
        return svg.card(
            code,
            wild,
            "wild",
            svg.BLACK,
            _("Wildcard {value}").format(value=wild),
            corner="W",
            fill="#fff7d6",
            size=size,
            legal=legal,
        )
    suit, digit = code[:2], code[2:]
    if suit not in SUITS or digit not in _VALUES:
        return None
    value = _VALUES[digit]
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
