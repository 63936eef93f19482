"""Static pictures of a game state: HTML and inline SVG that show without a kernel.

A live widget needs a running kernel; GitHub, nbviewer, an HTML export and the docs site
show only what a notebook stored.  :func:`picture` draws any state as self-contained HTML
(the card faces are inline SVG), and a :class:`~cardgames_widgets.Table` stores such a
picture beside its live view, so a notebook shows the table wherever it is opened.
"""

from __future__ import annotations

from html import escape

from . import faces as _faces
from .clauses import linked_text
from .layout import CSS, table_html


class Picture:
    """A picture of one state; displays as HTML in a notebook (``_repr_html_``)."""

    def __init__(self, html: str, description: str):
        self.html = html
        self._description = description

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<picture of {self._description}>"


def picture(game, state, perspective: int | None = None, card_size: float = 0.8, caption: str = "") -> Picture:
    """A static picture of ``state``: ``picture(game, state)`` (every hand) or for one seat's view.

    The cards that the legal actions of the player to act name are marked; a finished game
    shows its settlement.  ``caption`` (plain text, clause ids get tooltips) is printed under it.
    """
    if perspective is not None:
        perspective = game.check_seat(perspective)
    acting = game.to_act(state)
    status = ("to act: " + ", ".join(f"player {s}" for s in acting)) if acting else "game over"
    # who acts is in the game's own table text, in the game's own seat names (P1, A1, seat 0, ...)
    over = " · game over" if not acting else ""
    head = f'<div class="cg-head"><b>{escape(game.spec.title)}</b> · {game.players} players{over}</div>'
    body = state_html(game, state, perspective, card_size)
    note = f'<div class="cg-caption">{linked_text(caption)}</div>' if caption else ""
    html = f'{CSS}<div class="cg-root cg-picture">{head}{body}{note}</div>'
    view = "every hand" if perspective is None else f"player {perspective}'s view"
    return Picture(html, f"{game.name} ({view}, {status})")


def state_html(game, state, perspective: int | None, card_size: float = 0.8) -> str:
    """The table drawing of a state (without the stylesheet): cards as faces, legal cards marked, settlement."""
    acting = game.to_act(state)
    legal: list[str] = []
    if acting and (perspective is None or perspective in acting):
        seat = acting[0] if perspective is None else perspective
        legal = [str(a) for a in game.legal_actions(state, seat)]
    drawing = table_html(game, state, perspective, legal, _faces.for_game(game.name), size=card_size)
    if not acting:
        drawing += '<div class="cg-settlement"><b>Settlement</b>' + settlement_html(game.settlement(state)) + "</div>"
    return drawing


def settlement_html(settlement) -> str:
    """Settlement rows as an HTML table, clause ids with tooltips."""
    rows = settlement.rows()
    keys = list(rows[0]) if rows else []
    head = "".join(f"<th>{escape(str(k))}</th>" for k in keys)
    body = "".join("<tr>" + "".join(f"<td>{linked_text(_cell(r[k]))}</td>" for k in keys) + "</tr>" for r in rows)
    return f'<table class="cg-settlement-table"><tr>{head}</tr>{body}</table>'


def _cell(value) -> str:
    return f"{value:.2f}" if isinstance(value, float) else str(value)
