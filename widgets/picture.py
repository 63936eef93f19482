"""Static pictures of a game state: HTML and inline SVG that show without a kernel.

A live widget needs a running kernel; GitHub, nbviewer, an HTML export and the docs site
show only what a notebook stored.  :func:`picture` draws any state as self-contained HTML
(the card faces are inline SVG), and a :class:`~cardgames_widgets.Table` stores such a
picture beside its live view, so a notebook shows the table wherever it is opened.
"""

from __future__ import annotations

import numbers
from html import escape

from cardgames.core import i18n
from cardgames.core.inputs import excerpt

from . import faces as _faces
from .actions import settlement_rows
from .clauses import linked_text
from .layout import CSS, table_html
from .texts import _, chosen, ngettext, speaking


class Picture:
    """A picture of one state; displays as HTML in a notebook (``_repr_html_``)."""

    def __init__(self, html: str, description: str, language: str | None = None):
        self.html = html
        self._description = description
        self.language = chosen(language)

    def _repr_html_(self) -> str:
        return self.html

    @speaking
    def __repr__(self) -> str:
        return _("<picture of {description}>").format(description=self._description)


def picture(
    game,
    state,
    perspective: int | None = None,
    card_size: float = 0.8,
    caption: str = "",
    language: str | None = None,
) -> Picture:
    """A static picture of ``state``: ``picture(game, state)`` (every hand) or for one seat's view.

    The cards that the legal actions of the player to act name are marked; a finished game
    shows its settlement.  ``caption`` (plain text, clause ids get tooltips) is printed under it.
    ``language`` (``"de"``, ``"en"``; default the language in use) is the language of its
    labels and of the game's table text and settlement.
    """
    with i18n.language(chosen(language)):
        if perspective is not None:
            perspective = game.check_seat(perspective)
        size = card_size_checked(card_size)
        acting = game.to_act(state)
        if acting:
            status = _("to act: {players}").format(players=", ".join(game.seat_name(s) for s in acting))
        else:
            status = _("game over")
        # who acts is also in the game's own table text, named as the game names its seats (game.seat_name)
        players = ngettext("{n} player", "{n} players", game.players).format(n=game.players)
        over = " · " + _("game over") if not acting else ""
        head = f'<div class="cg-head"><b>{escape(game.spec.title)}</b> · {escape(players)}{escape(over)}</div>'
        body = state_html(game, state, perspective, size)
        note = f'<div class="cg-caption">{linked_text(caption)}</div>' if caption else ""
        html = f'{CSS}<div class="cg-root cg-picture">{head}{body}{note}</div>'
        view = (
            _("every hand") if perspective is None else _("{player}'s view").format(player=game.seat_name(perspective))
        )
        description = _("{game} ({view}, {status})").format(game=game.name, view=view, status=status)
        return Picture(html, description, i18n.get_language())


def card_size_checked(value) -> float:
    """A card scale from 0.3 (tiny) to 4 (a wall projector), else a ValueError (nan and infinity too)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or value < 0.3 or not value <= 4:
        raise ValueError(
            _("card_size scales the card faces, from 0.3 to 4 (1.2 or more for a projector); not {value}").format(
                value=excerpt(value)
            )
        )
    return float(value)


def state_html(game, state, perspective: int | None, card_size: float = 0.8) -> str:
    """The table drawing of a state (without the stylesheet): cards as faces, legal cards marked, settlement."""
    acting = game.to_act(state)
    legal: tuple = ()
    if acting and (perspective is None or perspective in acting):
        seat = acting[0] if perspective is None else perspective
        legal = game.legal_actions(state, seat)
    drawing = table_html(game, state, perspective, legal, _faces.for_game(game.name), size=card_size)
    if not acting:
        heading = escape(_("Settlement"))
        drawing += (
            f'<div class="cg-settlement"><b>{heading}</b>' + settlement_html(game.settlement(state), game) + "</div>"
        )
    return drawing


def settlement_html(settlement, game=None) -> str:
    """Settlement rows as an HTML table in the language in use, clause ids with tooltips.

    Each column under a readable heading and its values as words (yes/no, – for none); with
    ``game``, the player column names each seat as the game does (``game.seat_name``).
    """
    headings, rows = settlement_rows(settlement, game)
    head = "".join(f'<th scope="col">{escape(k)}</th>' for k in headings)
    body = "".join("<tr>" + "".join(f"<td>{linked_text(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return f'<table class="cg-settlement-table"><tr>{head}</tr>{body}</table>'
