"""The fallback that works for any game: the table's text in a <pre>, actions as buttons.

A game's face module (``faces/<game>.py``) overrides any of the names below; whatever
it leaves out comes from here.  This module uses only the public API of a game, so a
game that has no face module yet is still playable in a Table.
"""

from __future__ import annotations

#: more legal actions than this are offered as a form (verb + arguments) instead of buttons
MAX_BUTTONS = 30
#: True for games whose turns are composed of several orders (always show the form); the orders'
#: verbs and words come from the game (``game.order_grammar()``)
ORDER_FORM = False
#: ``open_hand_values(game, state, seat) -> {action text: value}``: each legal action's worth with every hand
#: open, for the teacher's "open hands" line (None: the game has no open-hand solver; Brokdorf has one)
open_hand_values = None


def card(code: str, size: float = 0.8, legal: bool = False) -> str | None:
    """The face of ``code`` as HTML, or None when this game has no face for it."""
    return None


def label(parts) -> str:
    """The button label of an action, from its parts (``game.action_parts``): its text."""
    return parts.text


def colour(parts) -> str | None:
    """The button text colour of an action from its parts (a card's suit colour), or None."""
    return None


def card_label(code: str) -> str:
    """The label of a hand-card button."""
    return code


def card_colour(code: str) -> str | None:
    """The text colour of a hand-card button (its suit's ink), or None."""
    return None


#: a game's verbs and words as a person reads them where the widgets' catalog holds them, each as (game, word) for
#: its context: ``{"tag": NP_("rowdy_partners", "tag")}``; the words a game says itself (``game.word``) come first
WORDS: dict[str, tuple[str, str]] = {}
#: the verbs whose first word is a seat (0-based in the action text), shown by the seat's name
SEAT_WORDS: frozenset[str] = frozenset()
#: settlement columns of the game's own, as a person reads them (the shared ones are in actions.COLUMNS)
COLUMNS: dict[str, tuple[str, str]] = {}
#: words of the game's own that a settlement column holds, as a person reads them: {column: {value: (game, word)}}
VALUES: dict[str, dict[str, tuple[str, str]]] = {}
