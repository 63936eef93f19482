"""The widgets of hints and what-if under the table (see ``hints`` for what they compute).

Both panels compute in a background :class:`~cardgames_widgets.hints.Worker`, so the
table stays responsive: the controls, auto-play and the human's buttons work while the
worlds are played out, a newer position (or comparison) cancels the older one at its
next world, and an error appears in the table's message line.  The charts appear after
the first 8 worlds and are redrawn after 16, 32, ... worlds (``analyse_progressively``).
Each is a picture (``charts.chart_html``: the chart's PNG, drawn by vl-convert, with its
words as alt text) in an HTML widget, as ``enable_offline_charts`` shows the settlement
charts: no widget model of its own to load, no vega bundle in the page, no network.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .actions import action_label, labels
from .hints import (
    Job,
    Worker,
    analysable,
    compare_batches,
    decision_at,
    hint_batches,
    hint_seat,
    information,
    other_actions,
)
from .texts import _

HINT_WORLDS = 100  # worlds per position, to start with (the box changes it)
WHATIF_WORLDS = 50
MAX_UI_WORLDS = 10_000


def _preparing(panel) -> None:
    """Make the panel's chart widget on first use, saying so first: the first chart of a kernel takes seconds
    (vl-convert starts its renderer), and the status line is what a person sees meanwhile."""
    if panel.chart is None:
        _say(panel.status, escape(_("preparing the chart (the first one takes a few seconds) …")))
        panel.chart = _chart_widget()
        panel.chart_box.children = (panel.chart,)


def _chart_widget() -> w.HTML:
    """The widget that shows the panel's chart as a picture, filled by the background thread."""
    return w.HTML().add_class("cg-chart-picture")


class HintsPanel:
    """The "hints" switch, the number of worlds, a status line in words and the chart of the actions' values."""

    def __init__(self, ui):
        self.ui = ui
        game = ui.table.game
        why = analysable(game)
        self.switch = w.ToggleButton(
            value=False,
            description=_("hints"),
            tooltip=why
            or _("what each legal action of the player to act is worth, from that player's information only"),
            disabled=bool(why),
            layout=w.Layout(width="auto", min_width="84px"),
        ).add_class("cg-hints-switch")
        self.worlds = w.BoundedIntText(
            value=HINT_WORLDS, min=1, max=MAX_UI_WORLDS, description=_("worlds"), layout=w.Layout(width="160px")
        ).add_class("cg-hints-worlds")
        self.status = w.HTML(layout=w.Layout(flex="1 1 220px")).add_class("cg-hints-status")
        self.chart: w.HTML | None = None  # the chart's picture, made when hints are first shown
        self.spec: dict = {}  # the Vega-Lite spec of the chart shown (its data, title and axes)
        self.chart_box = w.Box().add_class("cg-hints-chart")
        self.chart_box.layout.display = "none"
        self.box = w.VBox(
            [
                # the status goes under the switch where the line is too narrow (400 px), not squeezed beside it
                w.HBox(
                    [self.switch, self.worlds, self.status], layout=w.Layout(align_items="center", flex_flow="row wrap")
                ),
                self.chart_box,
            ]
        ).add_class("cg-hints")
        self.seed = 0
        self.policy = "greedy"
        self.worker = Worker("cardgames-hints")
        self.job: Job | None = None
        self._shown: tuple | None = None  # (state, seat, worlds) of the job running or done
        self.switch.observe(lambda _: self.ui._do(self.update), "value")
        self.worlds.observe(lambda _: self.ui._do(self.update), "value")

    def update(self) -> None:
        """Start the analysis of the position shown when the switch is on and it changed; stop it when off."""
        table = self.ui.table
        if not self.switch.value:
            self._stop("")
            return
        seat, why = hint_seat(table, in_view=True)
        if seat is None:
            self._stop(escape(why))
            return
        shown = self._shown
        if shown is not None and shown[0] is table.state and shown[1:] == (seat, self.worlds.value):
            return
        self._shown = (table.state, seat, self.worlds.value)
        total = self.worlds.value
        _preparing(self)  # says so in the status line first: the first chart widget takes seconds
        _say(self.status, f"{escape(information(table.game, seat, 0, total))} …")
        game, state, policy, seed = table.game, table.state, self.policy, self.seed

        def steps(stop):
            return hint_batches(game, state, seat, total, policy, seed, stop)

        self.job = self.worker.submit(Job(steps, self._publish, self._fail, table.language))

    def _stop(self, status: str) -> None:
        self.worker.cancel()
        self._shown = None
        _say(self.status, status)
        self.chart_box.layout.display = "none"

    def _publish(self, summary) -> None:
        """Runs in the worker thread after each batch: redraw the chart and say how far it is."""
        from .charts import hints_chart

        _show(
            self,
            hints_chart(summary),
            "hints",
            summary.attrs["information"],
            summary.attrs["worlds"] == summary.attrs["total"],
        )

    def _fail(self, err: Exception) -> None:
        self.status.value = ""
        self.ui.show_message(_("Hints failed: {kind}: {error}").format(kind=type(err).__name__, error=err))


class WhatIfPanel:
    """What-if at the step shown: another legal action than the move made there, both branches side by side."""

    def __init__(self, ui):
        self.ui = ui
        why = analysable(ui.table.game)
        self.switch = w.ToggleButton(
            value=False,
            description=_("what-if"),
            tooltip=why or _("try another action at this step and compare the two branches"),
            disabled=bool(why),
            layout=w.Layout(width="auto", min_width="84px"),
        ).add_class("cg-whatif-switch")
        self.prompt = w.HTML().add_class("cg-whatif-prompt")
        self.action = w.Dropdown(description=_("instead"), layout=w.Layout(width="300px")).add_class("cg-whatif-action")
        self.worlds = w.BoundedIntText(
            value=WHATIF_WORLDS, min=1, max=MAX_UI_WORLDS, description=_("worlds"), layout=w.Layout(width="160px")
        ).add_class("cg-whatif-worlds")
        self.run = w.Button(
            description=_("compare"), button_style="info", tooltip=_("play both branches on")
        ).add_class("cg-whatif-compare")
        self.run.on_click(lambda _: self.ui._do(self.compare))
        self.form = w.HBox([self.action, self.worlds, self.run], layout=w.Layout(flex_flow="row wrap"))
        self.status = w.HTML().add_class("cg-whatif-status")
        self.branches = w.HTML().add_class("cg-whatif-branches")
        self.chart: w.HTML | None = None  # the chart's picture, made when a comparison is first shown
        self.spec: dict = {}  # the Vega-Lite spec of the chart shown
        self.chart_box = w.Box().add_class("cg-whatif-chart")
        self.body = w.VBox([self.prompt, self.form, self.status, self.branches, self.chart_box])
        self.body.layout.display = "none"
        self.box = w.VBox([w.HBox([self.switch]), self.body]).add_class("cg-whatif")
        self.seed = 0
        self.policy = "greedy"
        self.worker = Worker("cardgames-what-if")
        self.job: Job | None = None
        self._step: int | None = None  # the step the form and the result are for
        self._state = None
        self.switch.observe(lambda _: self.ui._do(self.update), "value")

    def reason(self) -> str:
        """Why there is no what-if at the step shown, or "" when there is."""
        table = self.ui.table
        game, step = table.game, table.index
        why = analysable(game)
        if why:
            return why
        if step == len(table.states) - 1:
            if table.is_over():
                return _("The game is over here: go back to a step to try another move there.")
            return _(
                "No move has been made at this step yet: what-if compares a move made with another; go back a step."
            )
        if table.humans and not game.is_over(table.states[-1]):
            return _(
                "In play against bots the what-if opens when the game is over: "
                "its branches show how the real game goes on."
            )
        seat = decision_at(table, step).seat
        if table.perspective is not None and seat != table.perspective:
            me = game.seat_name(table.perspective)
            return _(
                "The move at step {step} was {player}'s; in {me}'s view what-if is for {me}'s own "
                "moves (choose the teacher's view for every move)."
            ).format(step=step, player=game.seat_name(seat), me=me)
        return ""

    def update(self) -> None:
        """Show the form for the step shown (its move and the other legal actions), or why there is none."""
        table = self.ui.table
        self.body.layout.display = "" if self.switch.value else "none"
        if not self.switch.value:
            return
        if self._step == table.index and self._state is table.state:
            return
        self.worker.cancel()
        self._step, self._state = table.index, table.state
        self.status.value = self.branches.value = ""
        self.chart_box.layout.display = "none"
        why = self.reason()
        self.form.layout.display = "none" if why else ""
        if why:
            self.prompt.value = escape(why)
            self.action.options = []
            return
        move = decision_at(table, table.index)
        game = table.game
        made = action_label(game, table.face, game.action_parts(move.action))
        self.prompt.value = _("At step {step} {player} played {action}. What if instead …").format(
            step=table.index,
            player=escape(game.seat_name(move.seat)),
            action=f'<code title="{escape(str(move.action))}">{escape(made)}</code>',
        )
        others = other_actions(table, table.index)
        # each action by its label in the table's language (the dropdown's value is its text)
        shown = labels(game, table.face, game.legal_actions(move.before, move.seat))
        self.action.options = [(shown.get(text, text), text) for text in others]
        self.action.value = others[0] if others else None
        self.run.disabled = not others
        if not others:
            self.prompt.value += " " + escape(_("Nothing: it was the only legal action."))

    def compare(self) -> None:
        """The compare button: both branches, computed in the background."""
        table = self.ui.table
        if self.action.value is None:
            return
        _preparing(self)
        _say(self.status, escape(_("playing both branches on …")))
        self.branches.value = ""
        step, action, worlds, seed, policy = table.index, self.action.value, self.worlds.value, self.seed, self.policy

        def steps(stop):
            return compare_batches(table, step, action, worlds, seed, policy, stop)

        self.job = self.worker.submit(Job(steps, self._publish, self._fail, table.language))

    def _publish(self, comparison) -> None:
        """Runs in the worker thread after each batch of worlds."""
        table = self.ui.table
        self.branches.value = comparison.html(table.perspective, min(table.card_size, 0.6))
        words = information(table.game, comparison.seat, comparison.worlds, comparison.total)
        _show(self, comparison.chart, "whatif", words, comparison.worlds == comparison.total)

    def _fail(self, err: Exception) -> None:
        self.status.value = ""
        self.ui.show_message(_("What-if failed: {kind}: {error}").format(kind=type(err).__name__, error=err))


def _say(status, html: str) -> None:
    """A panel's status line: ``html`` in lines of its own height (an HTML widget's is a button's, 28 px)."""
    status.value = f'<div style="line-height: 1.4">{html}</div>' if html else ""


def _show(panel, chart, kind: str, words: str, done: bool) -> None:
    """A panel's chart after a batch of worlds, and its status: how far it is (``cg-<kind>-done`` once complete)."""
    from .charts import chart_html

    assert panel.chart is not None  # made when the panel was shown, before any analysis ran
    panel.chart.value = chart_html(chart)
    panel.spec = chart.to_dict()  # what the picture shows, as data (its rows, title and axes)
    panel.chart_box.layout.display = ""
    words = escape(words)
    state = "done" if done else "running"
    _say(panel.status, f'<span class="cg-{kind}-{state}">{words}{"" if done else " …"}</span>')
