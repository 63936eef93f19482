"""The fallback that works for any game: the table's text in a <pre>, actions as buttons.

A game's face module (``faces/<game>.py``) overrides any of the names below; whatever
it leaves out comes from here.  This module uses only the public API of a game, so a
game that has no face module yet is still playable in a Table.
"""

from __future__ import annotations

import re

#: card codes inside action texts such as ``play QH`` (None: the game's actions name no cards)
ACTION_CARD: re.Pattern | None = None
#: more legal actions than this are offered as a form (verb + arguments) instead of buttons
MAX_BUTTONS = 30
#: True for games whose turns are composed of several orders (always show the form)
ORDER_FORM = False
#: verb -> choices of each argument: an order form that can also write orders legal_actions does not list
ORDER_GRAMMAR: dict[str, tuple[tuple[str, ...], ...]] | None = None
#: ``open_hand_values(game, state, seat) -> {action text: value}``: each legal action's worth with every hand
#: open, for the teacher's "open hands" line (None: the game has no open-hand solver; Brokdorf has one)
open_hand_values = None


def to_code(token: str) -> str:
    """The card code of a token found in an action text (the code itself, for every game so far)."""
    return token


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    """The face of ``code`` as HTML, or None when this game has no face for it."""
    return None


def label(text: str) -> str:
    """The button label of an action text."""
    return text


def colour(text: str) -> str | None:
    """The button text colour of an action text (a card's suit colour), or None."""
    return None


def card_label(code: str) -> str:
    """The label of a hand-card button."""
    return code


def card_colour(code: str) -> str | None:
    """The text colour of a hand-card button (its suit's ink), or None."""
    return None
