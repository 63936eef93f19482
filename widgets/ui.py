"""The ipywidgets face of a Table: controls, the table picture, the human's choices and the log.

Handlers are small and only call Table methods; errors raised inside a handler are
shown in the message line (an ``Output`` would hide them in Voila).  Every handler runs
inside the table's language (``cardgames.language(table.language)``), so a click makes
its texts in the table's language whatever the notebook uses.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from cardgames.core import i18n, rulebook
from cardgames.core.facts import clauses_of

from .actions import action_label, grouped, labels, typed_action, word
from .clauses import clause_html, linked_text
from .hints_ui import HintsPanel, WhatIfPanel
from .human import human_choices
from .open_hands import OpenHandsPanel
from .texts import N_, NP_, _, in_context, ngettext

#: the units of play the run buttons stop at (``game.spec.levels``): button label and tooltip
LEVELS = {
    "trick": (N_("trick ▶▶"), N_("run to the end of the trick")),
    "game": (N_("game ▶▶"), N_("run to the end of the game")),
    "round": (N_("round ▶▶"), N_("run to the end of the round")),
    "fight": (N_("fight ▶▶"), N_("run to the end of the fight")),
    "orders": (N_("orders ▶▶"), N_("run to the end of the orders")),
    "deal": (N_("deal ▶▶"), N_("run to the end of the deal")),
}
#: where a game calls a unit of play by its own word: German says Partie for a whole game, but a
#: game of Brokdorf is one Spiel of a round (BK-3.1), and Bronko-Donko's round is a Kampfrunde
OWN_WORDS = {
    ("brokdorf", "game"): (NP_("brokdorf", "game ▶▶"), NP_("brokdorf", "run to the end of the game")),
    ("bronko_donko", "round"): (NP_("bronko_donko", "round ▶▶"), NP_("bronko_donko", "run to the end of the round")),
}

SPEEDS = (2000, 1000, 500, 250, 100, 50)  # ms per step, slow to fast
LEGAL_SHOWN = 24  # the legal list in the head shows this many chips (a group's run of numbers is one)
#: text in an HTML widget keeps its own line height (the widget's is the height of a button: 28 px)
LINES = "line-height: 1.4"
GROUP = "display: inline-block"


class TableUI:
    """Builds the widgets of one Table and redraws them after every change."""

    def __init__(self, table):
        self.table = table
        game = table.game
        button = dict(layout=w.Layout(width="auto", min_width="84px"))
        self.start_button = w.Button(description=_("|◀ start"), tooltip=_("back to the start"), **button)
        self.back_button = w.Button(description=_("◀ back"), tooltip=_("one step back"), **button)
        self.step_button = w.Button(description=_("step ▶"), tooltip=_("one decision forward"), **button)
        # the run buttons stop at the game's own units of play: a trick, a game of Brokdorf, a fight ...
        levels = tuple(game.spec.levels) or ("round", "game")
        small, large = levels[0], levels[1] if len(levels) > 1 else levels[0]
        self.trick_button = w.Button(description=_level(small, game)[0], tooltip=_level(small, game)[1], **button)
        self.round_button = w.Button(description=_level(large, game)[0], tooltip=_level(large, game)[1], **button)
        self.end_button = w.Button(description=_("end ▶|"), tooltip=_("run to the end of the game"), **button)
        for b, cls in (
            (self.start_button, "start"),
            (self.back_button, "back"),
            (self.step_button, "step"),
            (self.trick_button, "trick"),
            (self.round_button, "round"),
            (self.end_button, "end"),
        ):
            b.add_class(f"cg-{cls}")
        self.start_button.on_click(lambda _: self._do(table.restart))
        self.back_button.on_click(lambda _: self._do(table.back))
        self.step_button.on_click(lambda _: self._do(table.step))
        self.trick_button.on_click(lambda _: self._do(table.run_to_end_of_trick))
        self.round_button.on_click(lambda _: self._do(table.run_to_end_of_round))
        self.end_button.on_click(lambda _: self._do(table.run_to_end))

        # the Play widget is a metronome: its value counts ticks, each tick while playing is one step
        self.play = w.Play(
            value=0,
            min=0,
            max=game.max_decisions,
            step=1,
            interval=500,
            description=_("auto-play"),
            show_repeat=False,
        )
        self.speed = w.SelectionSlider(
            options=[(f"{1000 / ms:g}/s", ms) for ms in SPEEDS],
            value=500,
            description=_("speed"),
            continuous_update=False,
        )
        w.dlink((self.speed, "value"), (self.play, "interval"))
        self.play.observe(self._on_play, "value")
        # -1 stands for "no player" (a Dropdown treats the value None as "nothing selected")
        # the teacher's view shows every hand; in a game without hands (The Brotherhood), everything
        teacher = _("all hands (teacher)") if game.hand(table.state, 0) is not None else _("everything open (teacher)")
        seats = [(teacher, -1)] + [(game.seat_name(s), s) for s in range(game.players)]
        self.view = w.Dropdown(
            options=seats,
            value=-1 if table.perspective is None else table.perspective,
            description=_("view"),
            layout=w.Layout(width="260px"),
        )
        self.view.observe(self._on_view, "value")
        # the language of everything the table shows (the log is told again in the new one)
        self.language = w.Dropdown(
            options=[(name, code) for code, name in i18n.LANGUAGES.items()],
            value=table.language,
            description=_("language"),
            layout=w.Layout(width="200px"),
        ).add_class("cg-language")
        self.language.observe(self._on_language, "value")

        self.head = w.HTML().add_class("cg-head")
        self.picture = w.HTML().add_class("cg-table")
        self.message = w.HTML().add_class("cg-message")
        self.log = w.HTML().add_class("cg-log")
        log_box = w.Box(
            [self.log], layout=w.Layout(max_height="260px", overflow="auto", border="1px solid #ccc", padding="4px")
        )

        # what a human can do: buttons (cards, bids), a form for many or composed orders, free text
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("cg-hand-buttons")
        self.option_box = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("cg-options")
        self.choice_box = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("cg-choices")
        # any game's legal actions by verb and words (many, or a game that always asks through a form)
        self.verb = w.Dropdown(description=_("action"), layout=w.Layout(width="220px"))
        self.args = w.Dropdown(description="", layout=w.Layout(width="260px"))
        # a button as wide as its label ("ausführen" at 400 px), the form wrapping where it does not fit
        self.send_form = w.Button(
            description=_("carry out"),
            tooltip=_("play the action chosen"),
            button_style="primary",
            layout=w.Layout(width="auto", min_width="84px"),
        ).add_class("cg-send-order")
        self.verb.observe(lambda _: self._fill_args(), "value")
        self.send_form.on_click(lambda _: self._do(self._send_form))
        self.form = w.HBox([self.verb, self.args, self.send_form], layout=w.Layout(flex_flow="row wrap"))
        self.form.add_class("cg-form")
        # a game with an order grammar (The Brotherhood) gets a form that writes any order of it
        self.order_verb = w.Dropdown(description=_("order"), layout=w.Layout(width="220px"))
        self.order_args = [w.Dropdown(layout=w.Layout(width="110px")) for _slot in range(3)]
        self.write_order = w.Button(
            description=_("write order"), button_style="primary", layout=w.Layout(width="auto", min_width="84px")
        ).add_class("cg-write-order")
        self.order_verb.observe(lambda _: self._fill_order_args(), "value")
        self.write_order.on_click(lambda _: self._do(self._send_order))
        self.orders = w.HBox(
            [self.order_verb, *self.order_args, self.write_order], layout=w.Layout(flex_flow="row wrap")
        ).add_class("cg-orders")
        self.orders.layout.display = "none"
        self.text = w.Text(
            placeholder=_("type an action, e.g. {example}").format(example=self._example()),
            layout=w.Layout(width="auto", flex="1 1 260px", max_width="420px"),
        )
        self.send_text = w.Button(
            description=_("send"), tooltip=_("play the typed action"), layout=w.Layout(width="auto", min_width="84px")
        ).add_class("cg-send")
        self.send_text.on_click(lambda _: self._do(self._send_text))
        self.human = w.VBox(
            [
                self.hand_box,
                self.option_box,
                self.choice_box,
                self.orders,
                self.form,
                w.HBox([self.text, self.send_text], layout=w.Layout(flex_flow="row wrap")),
            ]
        ).add_class("cg-human")

        # the rules panel: any clause shown on the table (log, refusal, settlement), or one typed in
        self.rule_pick = w.Combobox(
            description=_("rule"),
            # short enough for the box on a phone: its label already says "rule"
            placeholder=_("e.g. {example}").format(example=self._clause_example()),
            ensure_option=False,
            continuous_update=False,
            layout=w.Layout(width="260px"),
        )
        self.rule_pick.add_class("cg-rule-pick")
        self.rule_pick.observe(lambda _change: self._speaking(self._show_clause), "value")
        self.rule_text = w.HTML().add_class("cg-rule-text")
        self.rules = w.VBox([self.rule_pick, self.rule_text]).add_class("cg-rules")

        controls = w.HBox(
            [
                self.start_button,
                self.back_button,
                self.step_button,
                self.trick_button,
                self.round_button,
                self.end_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        auto = w.HBox([self.play, self.speed, self.view, self.language], layout=w.Layout(flex_flow="row wrap"))
        # hints for the player to act and what-if at the step shown, computed in the background (hints_ui)
        self.hints = HintsPanel(self)
        self.whatif = WhatIfPanel(self)
        # the teacher's open-hand value of each legal card (Brokdorf's solver; hidden in other games)
        self.open_hands = OpenHandsPanel(self)
        self.box = w.VBox(
            [
                self.head,
                controls,
                auto,
                self.picture,
                self.open_hands.box,
                self.message,
                self.human,
                self.hints.box,
                self.whatif.box,
                log_box,
                self.rules,
            ]
        )
        self.box.add_class("cg-root")
        self._legal_parts: list = []  # the parts of the actions the form offers (game.action_parts)
        self.refresh()

    def rebuild(self) -> None:
        """Make every widget anew in the table's (new) language, inside the same box that is on screen."""
        self.play.playing = False
        for panel in (self.hints, self.whatif):
            panel.worker.cancel()
        with i18n.language(self.table.language):
            new = TableUI(self.table)
        self.box.children = new.box.children
        new.box = self.box
        self.table._ui = new

    # ------------------------------------------------------------ handlers
    def _speaking(self, method):
        """``method()`` inside the table's language (a widget's callback runs outside any table)."""
        with i18n.language(self.table.language):
            return method()

    def _do(self, method):
        with i18n.language(self.table.language):
            try:
                method()
            except Exception as err:  # shown, not lost in a log nobody reads
                self.table.message = _("Error: {kind}: {error}").format(kind=type(err).__name__, error=err)
                self.refresh()

    def show_message(self, text: str) -> None:
        """Put ``text`` in the message line without redrawing the rest (the background panels' errors)."""
        self.table.message = text
        self.message.value = _message_html(text)

    def _on_play(self, change):
        """Each tick of the playing Play widget is one step; stop (value back to 0) and pause move nothing."""
        if not self.play.playing or change["new"] <= change["old"]:
            return
        if not self.table.step():
            self.play.playing = False

    def _on_view(self, change):
        self.table.perspective = None if change["new"] == -1 else change["new"]

    def _on_language(self, change):
        if change["new"] != self.table.language:
            self._do(lambda: self.table.set_language(change["new"]))

    def _send_text(self):
        """Play the typed action: what a button or the legal list shows (its label), or the action text."""
        typed, seat = self.text.value.strip(), self._seat()
        t = self.table
        legal = t.game.legal_actions(t.state, seat) if seat in t.to_act() else ()
        if t.play(typed_action(t.game, t.face, legal, typed) or typed, seat):
            self.text.value = ""

    def _send_form(self):
        text = f"{self.verb.value or ''} {self.args.value or ''}".strip()
        self.table.play(text, self._seat())

    def _seat(self):
        acting = self.table.to_act()
        mine = [s for s in acting if s in self.table.humans]
        return mine[0] if mine else (acting[0] if acting else None)

    def _click(self, text):
        return lambda _: self._do(lambda: self.table.play(text, self._seat()))

    # --------------------------------------------------------------- drawing
    def refresh(self):
        t = self.table
        view = -1 if t.perspective is None else t.perspective
        if self.view.value != view:
            self.view.value = view
        acting = t.to_act()
        title = escape(t.game.spec.title)
        last = len(t.states) - 1
        if last > t.index:
            where = _("step {step} of {last}").format(step=t.index, last=last)
        else:
            where = _("step {step}").format(step=t.index)
        if acting:
            names = [
                _("{player} (you)").format(player=t.game.seat_name(s)) if s in t.humans else t.game.seat_name(s)
                for s in acting
            ]
            status = escape(_("to act: {players}").format(players=", ".join(names)))
        else:
            status = "<b>" + escape(_("game over")) + "</b>"
        legal = ""
        p = t.perspective
        if acting and (p is None or p in acting):
            seat = acting[0] if p is None else p
            # each legal action by its label, its text in the tooltip (what the text box takes)
            texts = labels(t.game, t.face, t.game.legal_actions(t.state, seat))
            shown, told = _legal_chips(texts)
            more = " " + escape(_("… and {n} more").format(n=len(texts) - told)) if told < len(texts) else ""
            words = escape(_("legal for {player}:").format(player=t.game.seat_name(seat)))
            legal = f'<div class="cg-legal-list">{words} {shown}{more}</div>'
        players = escape(ngettext("{n} player", "{n} players", t.game.players).format(n=t.game.players))
        seed = escape(_("seed {seed}").format(seed=t.seed))
        self.head.value = (
            f'<div style="{LINES}"><b>{title}</b> · {players} · {seed} · {escape(where)} · {status}{legal}</div>'
        )
        try:
            self.picture.value = t.html()
        except Exception as err:  # a game's layout failing must not take the controls down with it
            failed = _("the picture failed: {kind}: {error}").format(kind=type(err).__name__, error=err)
            self.picture.value = (
                f'<div class="cg-error">{escape(failed)}</div><pre>{escape(repr(t.state))[:4000]}</pre>'
            )
        self.message.value = _message_html(t.message)
        self.log.value = t.log_html()
        self.rule_pick.options = self._clauses_shown()
        self.back_button.disabled = self.start_button.disabled = t.index == 0
        over = not acting
        self.end_button.disabled = self.trick_button.disabled = self.round_button.disabled = over and (
            t.index + 1 >= len(t.states)
        )
        self.step_button.disabled = self.end_button.disabled
        self._draw_human(acting)
        for panel in (self.open_hands, self.hints, self.whatif):
            try:
                panel.update()
            except Exception as err:  # a failing analysis must not take the table down with it
                self.show_message(_("Error: {kind}: {error}").format(kind=type(err).__name__, error=err))

    def _draw_human(self, acting):
        t = self.table
        seats = [s for s in acting if s in t.humans]
        self.human.layout.display = "" if seats else "none"
        self.option_box.children = ()
        if not seats:
            self.hand_box.children = self.choice_box.children = ()
            return
        face = t.face
        self.text.placeholder = _("type an action, e.g. {example}").format(example=self._example())
        choices = human_choices(face, t.game, t.state, seats[0])
        self.hand_box.children = tuple(self._card_button(c) for c in choices.cards)
        others = list(choices.others)
        parts = {str(a): t.game.action_parts(a) for a in t.game.legal_actions(t.state, seats[0])}
        grammar = t.game.order_grammar() or {}
        ordering = any(parts[x].verb in grammar for x in others)
        self.orders.layout.display = "" if ordering else "none"
        verbs = [(word(t.game, verb), verb) for verb in grammar]
        if ordering and tuple(self.order_verb.options) != tuple(verbs):
            self.order_verb.options = verbs
            self.order_verb.value = next(iter(grammar))
            self._fill_order_args()
        use_form = face.ORDER_FORM or len(others) > face.MAX_BUTTONS
        self.form.layout.display = "" if use_form else "none"
        if use_form:
            self.choice_box.children = ()
            self._legal_parts = [parts[x] for x in others]
            offered = list(dict.fromkeys(p.verb for p in self._legal_parts))
            keep = self.verb.value if self.verb.value in offered else (offered[0] if offered else None)
            self.verb.options = [(word(t.game, verb), verb) for verb in offered]
            self.verb.value = keep
            self._fill_args()
            return
        self.choice_box.children = tuple(self._action_button(text, parts[text]) for text in others)

    def _action_button(self, text, parts, legal=True):
        """A button for one action: its label in the table's language, its text (what ``play`` takes) as the tooltip."""
        label = action_label(self.table.game, self.table.face, parts)
        b = w.Button(
            description=label,
            tooltip=text,
            button_style="success" if legal else "",
            layout=w.Layout(width="auto", min_width="56px", height="40px"),
        )
        b.style.font_size = "18px" if len(label) <= 4 else "15px"
        b.style.font_weight = "bold"
        b.add_class("cg-choice")
        b.add_class("cg-choice-legal" if legal else "cg-choice-illegal")
        b.on_click(self._click(text))
        return b

    def _card_button(self, choice):
        b = w.Button(
            description=choice.label,
            tooltip=choice.code if choice.legal else _("{code} (not allowed now)").format(code=choice.code),
            button_style="success" if choice.legal else "",
            layout=w.Layout(width="auto", min_width="56px", height="44px"),
        )
        b.style.font_size = "20px"
        b.style.font_weight = "bold" if choice.legal else "normal"
        if choice.colour and not choice.legal and not choice.idle:
            b.style.text_color = choice.colour
        b.add_class("cg-card-button")
        b.code = choice.code  # the card code, whatever language the tooltip is in
        if choice.idle:
            b.disabled = True
            b.add_class("cg-card-idle")
        else:
            b.add_class("cg-choice-legal" if choice.legal else "cg-choice-illegal")
        b.on_click(lambda _: self._do(lambda: self._pick(choice)))
        return b

    def _pick(self, choice):
        """A card was clicked: play its one action, offer its several, or let the game explain why not."""
        if len(choice.actions) == 1:
            self.table.play(choice.actions[0], self._seat())
        elif choice.actions:
            self.show_message("")  # a card that can be used: an earlier refusal no longer holds
            cancel = w.Button(description=_("cancel"), layout=w.Layout(width="auto", height="40px"))
            cancel.on_click(lambda _: setattr(self.option_box, "children", ()))
            game, seat = self.table.game, self._seat()
            parts = {str(a): game.action_parts(a) for a in game.legal_actions(self.table.state, seat)}
            self.option_box.children = tuple(self._action_button(t, parts[t]) for t in choice.actions) + (cancel,)
        elif choice.illegal_text:
            self.table.play(choice.illegal_text, self._seat())
        else:
            self.table.message = _("Not allowed: {code} cannot be used now.").format(code=choice.code)
            self.refresh()

    def _fill_order_args(self):
        spec = (self.table.game.order_grammar() or {}).get(self.order_verb.value, ())
        for i, box in enumerate(self.order_args):
            choices = spec[i] if i < len(spec) else ()
            box.options = [(word(self.table.game, choice), choice) for choice in choices]
            box.value = choices[0] if choices else None
            box.layout.display = "" if choices else "none"

    def _send_order(self):
        spec = (self.table.game.order_grammar() or {}).get(self.order_verb.value, ())
        words = [self.order_verb.value] + [box.value for box in self.order_args[: len(spec)]]
        self.table.play(" ".join(words), self._seat())

    def _fill_args(self):
        verb = self.verb.value
        game, face = self.table.game, self.table.face
        # each choice shows the action's words as its label says them (the verb is the first dropdown's)
        rest = {
            " ".join(p.args): action_label(game, face, p).removeprefix(word(game, verb)).strip()
            for p in self._legal_parts
            if p.verb == verb
        }
        self.args.options = [(label or text, text) for text, label in rest.items()]
        self.args.value = next(iter(rest), None)
        # an action without words ("passen") has nothing to choose: no empty second dropdown
        self.args.layout.display = "none" if not any(rest) else ""

    def _clauses_shown(self) -> list[str]:
        """The clause ids on the table now, the most recent first: refusal, log (newest first), settlement."""
        t = self.table
        told = list(zip(t.log, t.log_facts))[::-1]
        # a step's clauses come from its facts; a game that gives none has them found in its sentence
        texts = [t.message] + [sentence for sentence, facts in told if not facts]
        if t.is_over():
            texts += [str(value) for row in t.settlement().rows() for value in row.values()]
        from_facts = [clause for _sentence, facts in told for clause in clauses_of(facts)]
        return list(dict.fromkeys(rulebook.cited(t.message) + from_facts + rulebook.cited(" ".join(texts[1:]))))

    def _show_clause(self):
        wanted = (self.rule_pick.value or "").strip()
        if not wanted:
            self.rule_text.value = ""
            return
        try:
            self.rule_text.value = clause_html(wanted, game=self.table.game.name)
        except ValueError as err:
            self.rule_text.value = f'<div class="cg-error">{escape(str(err))}</div>'

    def _clause_example(self) -> str:
        prefix = self.table.game.spec.prefix
        try:
            clauses = rulebook.clauses(self.table.game.name)
        except ValueError:  # a game registered without a rules document
            clauses = ()
        return next((c.id for c in clauses if c.id.count(".") == 1), f"{prefix}-1")

    def _example(self):
        """A legal action as the reader would type it: its label in the table's language ("Gebot 5").

        The shortest label of more than one word (it shows that the words are typed too), else the shortest:
        the placeholder is read in a narrow text box.
        """
        t = self.table
        acting = t.to_act()
        if acting:
            mine = [s for s in acting if s in t.humans]
            shown = list(labels(t.game, t.face, t.game.legal_actions(t.state, (mine or list(acting))[0])).values())
            if shown:
                return min(shown, key=lambda label: (" " not in label, len(label)))
        return _("an action")

    # buttons by their text, for tests and notebooks
    def button(self, text: str):
        """The human's button (card, option or action) whose label, card code or action text is ``text``."""
        for b in self.hand_box.children + self.option_box.children + self.choice_box.children:
            if text in (b.description, getattr(b, "code", b.tooltip)):
                return b
        raise LookupError(f"no button {text!r}")

    def legal_buttons(self) -> list:
        """The buttons a human may click with effect now: options first, then cards, then other actions."""
        return [
            b
            for b in self.option_box.children + self.hand_box.children + self.choice_box.children
            if "cg-choice-legal" in b._dom_classes
        ]


def _message_html(text: str) -> str:
    """The message line: a refusal or whose turn it is, its clause ids with tooltips (empty: nothing)."""
    return f'<div class="cg-error" style="{LINES}">{linked_text(text)}</div>' if text else ""


def _legal_chips(shown: dict[str, str]) -> tuple[str, int]:
    """The legal list's chips (HTML) and how many actions they show: labels that share all but the last word
    as one group ("Zahlung an P2: 1–20", "legen E-VII: A B C"), each chip with its action text as its tooltip."""
    chips: list[str] = []
    told = count = 0
    for head, members in grouped(shown):
        if count >= LEGAL_SHOWN:
            break
        codes = []
        for last, text in members[: LEGAL_SHOWN - count]:
            codes.append(f'<code title="{escape(text)}">{escape(last)}</code>')
            told += _run_length(last) if " … " in text else 1
        count += len(codes)
        if head:
            # a group stays on one line where it fits ("legen H-X:" not cut after "legen")
            chips.append(f'<span class="cg-legal-group" style="{GROUP}">{escape(head)}: {"".join(codes)}</span>')
        else:
            chips.extend(codes)
    return " ".join(chips), told


def _run_length(shown: str) -> int:
    """How many actions a run "1–20" stands for."""
    first, last = shown.split("–")
    return int(last) - int(first) + 1


def _level(level: str, game) -> tuple[str, str]:
    """The run button of a unit of play: its label and tooltip in the language in use, in the game's own words."""
    own = OWN_WORDS.get((game.name, level))
    if own is not None:
        label, tooltip = own
        return in_context(*label), in_context(*tooltip)
    if level in LEVELS:
        text, tip = LEVELS[level]
        return _(text), _(tip)
    return f"{level} ▶▶", _("run to the end of the {level}").format(level=level)
