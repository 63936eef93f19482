"""Bronko-Donko's faces: coloured fighters with strength, revolution strength and damage; Kose and the Wolf.

Each colour has its own shape (Blau circle, Grün triangle, Gelb square, Rot diamond), so
the colour is never the only clue.  The big number is the base strength, ``⟲`` the
revolution strength (8 − base) and ``★`` the damage (star value) of BD table 2.1.
"""

from __future__ import annotations

from cardgames.bronko_donko.words import SEAT_VERBS

from ..texts import _
from . import svg

COLOURS = {
    "Bl": ("circle", svg.BLUE, "Blau"),
    "Gr": ("triangle", svg.GREEN, "Grün"),
    "Ge": ("square", svg.YELLOW, "Gelb"),
    "Ro": ("rhombus", svg.VERMILLION, "Rot"),
}
# base strength -> (figure, damage)
FIGURES = {
    8: ("Bronko", 11),
    7: ("Moneyboy", 4),
    6: ("Bunny", 3),
    5: ("Hautz", 2),
    4: ("Vertriebler", 10),
    3: ("Hipster", 0),
    2: ("Cobra", 0),
    1: ("Donko", 0),
}
#: the cards an action uses come from ``game.action_parts`` (``box Gr4 Gr5 Wolf=Gr6``), the table's from
#: ``game.layout`` as Faces
_BASES = {str(b): b for b in FIGURES}


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    if code == "Kose":
        return svg.card(
            code, "0", "skull", svg.GREY, _("Dr. nar. Kose (white)"), note="⟲8", corner="★20", size=size, legal=legal
        )
    if code == "Wolf":
        return svg.card(code, "W", "wild", svg.GREY, _("Dünenwolf (white joker)"), corner="★20", size=size, legal=legal)
    wolf, declared = code.startswith("Wolf="), code.removeprefix("Wolf=")
    col, digits = declared[:2], declared[2:]
    if col not in COLOURS or digits not in _BASES:
        return None
    base = _BASES[digits]
    shape, colour, name = COLOURS[col]
    figure, damage = FIGURES[base]
    if wolf:
        return svg.card(
            code,
            str(base),
            shape,
            colour,
            _("Wolf declared as {figure} {colour}").format(figure=figure, colour=name),
            note="Wolf",
            corner="★20",
            fill="#e8e8e8",
            size=size,
            legal=legal,
        )
    return svg.card(
        code,
        str(base),
        shape,
        colour,
        f"{figure} {name}",
        note=f"⟲{8 - base}",
        corner=f"★{damage}" if damage else col,
        size=size,
        legal=legal,
    )


CHART_VALUE = "hp_lost"  # hit points lost over the game (BD-9)


def card_colour(code: str) -> str | None:
    colour = COLOURS.get(code[:2])
    return svg.INK[colour[1]] if colour else None


#: the verbs whose first word is a seat (0-based in the action text), shown by the seat's name
SEAT_WORDS = SEAT_VERBS
