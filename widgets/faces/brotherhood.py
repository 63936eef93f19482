"""The Brotherhood's faces: the 15 event cards (BH-2.5); orders are given through the order form.

The form's verbs and their words are the game's own (``game.order_grammar()``, BH-4.4).
"""

from __future__ import annotations

from ..texts import N_, _
from . import svg

ORDER_FORM = True  # a turn is several orders (build_source c 1, deploy e thug 2, ..., submit)
EVENTS = {
    1: N_("godfathers to Jail"),
    2: N_("sources yield nothing"),
    3: N_("sources yield half"),
    4: N_("sources removed"),
    5: N_("sources removed on 1-3"),
    6: N_("sources removed on 1-2"),
    7: N_("no political influence"),
    8: N_("influence removed unless controlled"),
    9: N_("influence removed on 1-3"),
    10: N_("thugs to Jail"),
    11: N_("thugs to Jail on 1-2"),
    12: N_("thugs to Jail on 3-6"),
    13: N_("killers to Jail on 1-3"),
    14: N_("no gang actions"),
    15: N_("sources/thugs hit on 1"),
}
_NUMBERS = {f"E{n:02d}": n for n in EVENTS}  # an event card's code -> its number


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    n = _NUMBERS.get(code)
    if n is None:
        return None
    return svg.card(
        code,
        code,
        "skull" if n in (1, 10, 11, 12, 13) else "square",
        svg.GREY,
        _("event {code}: {effect}").format(code=code, effect=_(EVENTS[n])),
        corner=_("event"),
        fill="#f4f1e8",
        size=size,
        legal=legal,
    )


CHART_VALUE = "ge"  # final GE (BH-5)
