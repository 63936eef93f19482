"""Open hands: what every legal card of the player to act is worth with all hands on the table.

A game whose face module defines ``open_hand_values`` (Brokdorf: the exact open-hand solver of
``cardgames.brokdorf.solve``, issue 16) can show, in card play, a line such as "open hands,
player 2 to play: ♥A 3 tricks · ♠K 3 tricks · ♠7 2 tricks": for each legal card, the tricks the
player to act is sure to hold at the end of the deal (those taken included) when every hand is
open and everybody else plays against him.  The cards that keep the best value come first and
in bold; a card that loses tricks says so.

It is the teacher's view only.  The values are read from every hand, so they appear only when
the table shows every hand face up (``perspective`` None) and nobody at it plays by clicking
(in play against bots they would show the human the others' cards); otherwise the line says
why it is hidden.  Everything here is plain Python; ``OpenHandsPanel`` is the switch and the
line under the table.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .clauses import linked_text
from .texts import _, ngettext


def supported(table) -> bool:
    """Does this table's game show open-hand values (its face module defines ``open_hand_values``)?"""
    return getattr(table.face, "open_hand_values", None) is not None


def reason(table) -> str:
    """Why the table shows no open-hand values now, in words, or "" when it does."""
    game = table.game
    if not supported(table):
        return _("{game} has no open-hand solver, so the table shows no open-hand values.").format(game=game.spec.title)
    if table.humans:
        return _(
            "Open-hand values are the teacher's view: in play against bots they would show "
            "the others' cards, so they stay hidden."
        )
    if table.perspective is not None:
        return _(
            "Open-hand values read every hand, and {player}'s view hides the others' "
            "cards: choose the teacher's view (all hands) to see them."
        ).format(player=game.seat_name(table.perspective))
    if not table.to_act():
        return _("The game is over: there is no card left to value.")
    return ""


def values(table) -> dict[str, int]:
    """For the player to act, each legal action's open-hand value (action text -> tricks), in the legal order.

    ``ValueError`` with the reason when the table shows none: another game, a player's view
    or play against bots (:func:`reason`), or a position outside card play (the solver's own
    message, which names the clause).
    """
    why = reason(table)
    if why:
        raise ValueError(why)
    state = table.state
    cached = getattr(table, "_open_hands", None)
    if cached is not None and cached[0] is state:
        return dict(cached[1])
    seat = table.to_act()[0]
    found = table.face.open_hand_values(table.game, state, seat)
    table._open_hands = (state, found)
    return dict(found)


def line_html(table) -> str:
    """The line for the state shown: the values of the legal cards, best first, or why there are none."""
    try:
        found = values(table)
    except ValueError as err:
        return f'<span class="cg-open-hands-why">{linked_text(str(err))}</span>'
    face, game = table.face, table.game
    seat = table.to_act()[0]
    best = max(found.values())
    order = sorted(found, key=lambda text: -found[text])  # stable: the legal order among equal values
    items = []
    cards = {str(a): game.action_parts(a).cards for a in game.legal_actions(table.state, seat)}
    for text in order:
        code = cards[text][0] if cards.get(text) else text
        colour = face.card_colour(code)
        style = f' style="color:{colour}"' if colour else ""
        tricks = found[text]
        value = ngettext("{n} trick", "{n} tricks", tricks).format(n=tricks)
        card = f'<span class="cg-open-card"{style} title="{escape(text)}">{escape(face.card_label(code))}</span>'
        if tricks == best:
            items.append(f'<b class="cg-open-best">{card} {value}</b>')
        else:
            lost = best - tricks
            items.append(f'{card} {value} <span class="cg-open-lost">(−{lost})</span>')
    meaning = _(
        "the tricks {player} is sure to hold at the end of the deal, those taken included, "
        "if every hand is open and everybody else plays against him"
    ).format(player=game.seat_name(seat))
    heading = escape(_("open hands, {player} to play:").format(player=game.seat_name(seat)), quote=False)
    return f'<span class="cg-open-hands-values" title="{escape(meaning)}">{heading} ' + " · ".join(items) + "</span>"


class OpenHandsPanel:
    """The "open hands" switch and its line; the whole panel is hidden in games without an open-hand solver."""

    def __init__(self, ui):
        self.ui = ui
        self.switch = w.ToggleButton(
            value=False,
            description=_("open hands"),
            tooltip=_("teacher's view: each legal card's tricks with every hand open (exact solver)"),
            layout=w.Layout(width="auto", min_width="110px"),
        ).add_class("cg-open-hands-switch")
        self.line = w.HTML().add_class("cg-open-hands")
        self.box = w.HBox([self.switch, self.line], layout=w.Layout(align_items="center")).add_class(
            "cg-open-hands-panel"
        )
        self.box.layout.display = "" if supported(ui.table) else "none"
        self.switch.observe(lambda _: self.ui._do(self.update), "value")

    def update(self) -> None:
        """Redraw the line for the state shown (nothing is computed while the switch is off)."""
        self.line.value = line_html(self.ui.table) if self.switch.value else ""
