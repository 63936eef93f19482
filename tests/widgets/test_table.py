"""Table driven from Python as a person would drive it in a notebook: clicking its buttons.

Every test runs over every registered game, so a game added later is held to the same
promises: stepping, exact stepping back, runs to the end of a trick/round/game, the log
of describe sentences, the highlight of legal actions, auto-play and human play.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from cardgames_widgets import Table

import cardgames

from .conftest import GAMES

RULE = re.compile(r"\b[A-Z]{2}-\d+")


def actions(state):
    return [str(a) for _, a in cardgames.history(state)]


@pytest.mark.parametrize("name", GAMES)
def test_step_button_moves_one_decision_and_logs_its_sentence(name):
    table = Table(name, seed=1)
    ui = table.ui
    start = table.state
    for i in range(1, 6):
        ui.step_button.click()
        assert table.index == i
        assert len(table.log) == i
    assert table.state is not start
    assert actions(table.state)[:5] == actions(table.states[5])[:5]
    assert all(RULE.search(line) for line in table.log), table.log
    assert ui.log.value.count("<li") == 5 and 'class="cg-rule"' in ui.log.value
    assert table.log[-1].split(" (")[0][:20] in ui.log.value.replace("&#x27;", "'")


@pytest.mark.parametrize("name", GAMES)
def test_back_is_exact_and_step_after_back_replays_the_same_move(name):
    table = Table(name, seed=2)
    ui = table.ui
    for _ in range(6):
        ui.step_button.click()
    seen = table.states[:7]
    picture = ui.picture.value
    ui.back_button.click()
    assert table.index == 5 and table.state is seen[5]
    assert len(table.log) == 5 and ui.log.value.count("<li") == 5
    ui.step_button.click()
    assert table.state is seen[6]
    assert ui.picture.value == picture
    ui.start_button.click()
    assert table.index == 0 and table.state is seen[0] and table.log == []
    assert ui.back_button.disabled
    table.back()  # at the start: nothing moves
    assert table.index == 0


@pytest.mark.parametrize("name", GAMES)
def test_run_to_end_plays_what_simulate_plays_with_the_same_seed(name):
    game = cardgames.load(name)
    agents = [a for a in cardgames.agents(name) if a != "expert"]  # the expert's games are minutes long
    names = [agents[s % len(agents)] for s in range(game.players)]
    table = Table(name, seed=11, agents=names)
    table.ui.end_button.click()
    assert table.is_over()
    final = cardgames.playout(game, names, 11)
    assert actions(table.state) == actions(final)
    assert table.ui.step_button.disabled and "game over" in table.ui.head.value
    assert table.step() is False and "over" in table.message
    rows = table.settlement().rows()
    assert [r["player"] for r in rows] == list(range(game.players))
    # the settlement table: a heading row and a row per player (the picture above it may hold tables of its own)
    settlement = table.ui.picture.value.split('class="cg-settlement-table"', 1)
    assert len(settlement) == 2 and settlement[1].split("</table>", 1)[0].count("<tr>") == 1 + len(rows)


@pytest.mark.parametrize("name", GAMES)
def test_the_run_buttons_stop_where_the_game_says_a_unit_of_play_ended(name):
    """The trick/round buttons are named after the game's levels and stop at the step whose events end one."""
    table = Table(name, seed=5)
    levels = table.game.spec.levels
    assert table.ui.trick_button.description.startswith(levels[0])
    assert table.ui.round_button.description.startswith(levels[min(1, len(levels) - 1)])
    for level, run in ((0, table.run_to_end_of_trick), (1, table.run_to_end_of_round)):
        moved = run()
        assert moved >= 1
        last = table._steps[table.index - 1]
        ended = levels[min(level, len(levels) - 1)]
        assert (
            last.ended(ended, levels)
            or table.is_over()
            or table.to_act()
            and any(s in table.humans for s in table.to_act())
        )
        # no earlier step of the run ended that unit
        assert not any(step.ended(ended, levels) for step in table._steps[table.index - moved : table.index - 1])


@pytest.mark.parametrize("name", GAMES)
def test_run_to_end_of_trick_and_round_stop_before_the_end(name):
    table = Table(name, seed=5)
    steps = [table.run_to_end_of_trick() for _ in range(3)]
    assert all(s >= 1 for s in steps)
    assert table.index == sum(steps)
    before = table.index
    table.ui.round_button.click()
    assert table.index > before
    table.ui.trick_button.click()
    assert table.index > before


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_of_the_player_to_act_are_highlighted(name):
    table = Table(name, seed=3)
    for _ in range(4):
        table.step()
    if table.is_over():
        pytest.skip("game already over")
    seat = table.to_act()[0]
    legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
    head = unescape(table.ui.head.value)
    assert f"legal for {table.game.seat_name(seat)}:" in head
    # each action by its label, its text (what play() takes) in the tooltip; a run of numbers
    # ("transfer P2: 1–20") names its first and last action
    titles = re.findall(r'<code title="([^"]*)">', head)
    runs = [title.split(" … ") for title in titles if " … " in title]
    for text in legal[:24]:
        assert text in titles or any(legal.index(a) <= legal.index(text) <= legal.index(b) for a, b in runs), text
    # a card named by a legal action is marked on the table
    if any(table.game.action_parts(a).cards for a in table.game.legal_actions(table.state, seat)):
        assert "cg-legal" in table.ui.picture.value


@pytest.mark.parametrize("name", GAMES)
def test_perspective_hides_other_hands(name):
    table = Table(name, seed=4, perspective=0)
    teacher = Table(name, seed=4)
    assert table.ui.picture.value != teacher.ui.picture.value or table.game.render(table.state, 0) == table.game.render(
        table.state
    )
    table.ui.view.value = -1  # all hands
    assert table.perspective is None
    assert table.ui.picture.value == teacher.ui.picture.value


@pytest.mark.parametrize("name", GAMES)
def test_auto_play_steps_with_the_play_widget_until_the_end(name):
    table = Table(name, seed=6)
    ui = table.ui
    ui.speed.value = 100
    assert ui.play.interval == 100
    ui.play.value = 1  # a tick while not playing (a slider drag) moves nothing
    assert table.index == 0
    ui.play.playing = True
    for i in range(1, 4):
        ui.play.value += 1  # what the front end does on every tick
        assert table.index == i
    ui.play.playing = False  # pause
    ui.play.value += 1
    assert table.index == 3
    ui.play.playing = True
    for _ in range(table.game.spec.max_decisions):
        if not ui.play.playing:
            break
        ui.play.value += 1
    assert table.is_over() and ui.play.playing is False  # the player stops itself at the end
    index = table.index
    ui.play.value = 0  # the stop button: back to 0 ticks, the table stays
    assert table.index == index


def test_auto_play_stops_for_the_human():
    table = Table("brokdorf", seed=2, human=1)
    table.back()
    table.back()
    ui = table.ui
    ui.play.playing = True
    for _ in range(5):
        ui.play.value += 1
    assert 1 in table.to_act() and ui.play.playing is False and "Your turn" in table.message


@pytest.mark.parametrize("name", GAMES)
def test_human_plays_by_clicking_and_bots_answer(name):
    table = Table(name, seed=7, human=0)
    ui = table.ui
    clicks = 0
    while not table.is_over() and clicks < 40:
        assert 0 in table.to_act(), "bots stop only when the human must act"
        assert ui.human.layout.display != "none"
        before = table.index
        legal = ui.legal_buttons()
        if legal:
            legal[-1].click()
            if ui.option_box.children:  # a card with several actions: pick one of them
                assert table.index == before
                ui.legal_buttons()[0].click()
        else:
            ui.verb.value = ui.verb.options[-1][1]  # (label, verb)
            ui.send_form.click()
        assert table.message == "" or "Your turn" in table.message or table.is_over(), table.message
        assert table.index > before
        clicks += 1
    assert clicks >= 1


@pytest.mark.parametrize("name", GAMES)
def test_typed_illegal_action_shows_the_message_and_changes_nothing(name):
    table = Table(name, seed=8, human=0)
    if table.is_over():
        pytest.skip("the bots ended the game before the human's turn")
    ui = table.ui
    state, index = table.state, table.index
    ui.text.value = "fly to the moon"
    ui.send_text.click()
    assert table.state is state and table.index == index
    assert "Not played" in table.message or "Not allowed" in table.message
    assert "cg-error" in ui.message.value


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_card_click_shows_the_rule_and_changes_nothing(name):
    """Play legal clicks until the hand holds a card that may not be used, then click it."""
    prefix = cardgames.load(name).spec.prefix
    first = Table(name, seed=0, human=0)
    if first.game.hand(first.state, 0) is None:
        pytest.skip(f"{name} shows no hand to click")
    for seed in range(12):
        table = Table(name, seed=seed, human=0)
        ui = table.ui
        for _ in range(80):
            if table.is_over():
                break
            illegal = [b for b in ui.hand_box.children if "cg-choice-illegal" in b._dom_classes]
            if illegal:
                state, index = table.state, table.index
                illegal[0].click()
                assert table.state is state and table.index == index
                assert table.message.startswith("Not allowed"), table.message
                assert re.search(rf"{prefix}-\d+", table.message), table.message
                assert "Not allowed" in ui.message.value
                ui.legal_buttons()[0].click()  # a legal click afterwards still works
                if ui.option_box.children:
                    ui.legal_buttons()[0].click()
                assert table.index > index and "Not allowed" not in table.message
                return
            ui.legal_buttons()[0].click() if ui.legal_buttons() else ui.send_form.click()
            if ui.option_box.children:
                ui.legal_buttons()[0].click()
    pytest.skip(f"no illegal card came up in {name}'s first games")


def test_a_card_with_several_actions_offers_them():
    if "three_bridges" not in cardgames.games():
        pytest.skip("Three Bridges is not registered")
    table = Table("three_bridges", seed=5, human=0, first_player=0)
    ui = table.ui
    card = next(b for b in ui.hand_box.children if "cg-choice-legal" in b._dom_classes)
    card.click()
    texts = [b.tooltip for b in ui.option_box.children if "cg-choice" in b._dom_classes]
    assert texts == [f"place {card.tooltip} {bridge}" for bridge in "ABC"]
    before = table.index
    ui.option_box.children[1].click()
    assert table.index > before and f"{card.tooltip} face down on his column at bridge B" in table.log[before]
    assert ui.option_box.children == ()


def test_brotherhood_orders_through_the_form():
    if "brotherhood" not in cardgames.games():
        pytest.skip("The Brotherhood is not registered")
    table = Table("brotherhood", seed=1, human=0)
    ui = table.ui
    if table.is_over():
        pytest.skip("game over before the human's turn")
    assert ui.form.layout.display != "none"
    assert ui.verb.options
    label, verb = ui.verb.options[0]  # the verb by its label, the verb itself the value
    ui.verb.value = verb
    texts = [f"{verb} {a}".strip() for _label, a in ui.args.options]
    legal = {str(a) for a in table.game.legal_actions(table.state, 0)}
    assert set(texts) <= legal
    before = table.index
    ui.send_form.click()
    assert table.index > before


def test_human_and_agents_are_checked():
    with pytest.raises(ValueError, match="seat"):
        Table("brokdorf", human=9)
    with pytest.raises(ValueError, match="unknown agent"):
        Table("brokdorf", agents="genius")
    with pytest.raises(ValueError, match="one agent per seat"):
        Table("brokdorf", players=4, agents=["random", "random"])
    with pytest.raises(TypeError, match="game name"):
        Table()


@pytest.mark.parametrize("name", GAMES)
def test_text_repr_is_stable_for_nbval(name):
    table = Table(name, seed=9)
    table.step()
    bundle = table._repr_mimebundle_()
    assert bundle["text/plain"] == repr(table)
    assert re.fullmatch(rf"<Table {name}, \d players, seed 9, step 1>", repr(table))
    assert "application/vnd.jupyter.widget-view+json" in bundle


def brotherhood_order_form():
    """A Brotherhood table (seed 1, the human is P1) passed through the transfers to the order form."""
    table = Table("brotherhood", seed=1, human=0)
    for _ in range(40):
        if table.ui.orders.layout.display != "none" or table.is_over():
            break
        table.play("pass")
    return table


def test_brotherhood_order_form_writes_orders_and_shows_refusals():
    if "brotherhood" not in cardgames.games():
        pytest.skip("The Brotherhood is not registered")
    table = brotherhood_order_form()
    ui = table.ui
    assert ui.orders.layout.display != "none", table.game.render(table.state)
    ui.order_verb.value = "deploy"
    assert [box.layout.display for box in ui.order_args] == ["", "", ""]
    ui.order_args[0].value, ui.order_args[1].value, ui.order_args[2].value = "e", "thug", "12"
    state = table.state
    ui.write_order.click()  # twelve thugs cost more than the 20 GE at the start
    assert table.state is state and table.message.startswith("Not allowed") and "BH-" in table.message
    ui.order_args[2].value = "1"
    ui.write_order.click()
    assert table.state is not state and "deploy e thug 1" in table.log[-1]
    written = table.index
    ui.order_verb.value = "submit"
    assert [box.layout.display for box in ui.order_args] == ["none", "none", "none"]
    ui.write_order.click()
    assert table.log[written].startswith("P1 submits")


@pytest.mark.parametrize("name", GAMES)
def test_changing_the_past_gives_the_bots_the_draws_of_the_new_timeline(name):
    """Back three steps, play something else: the bots then act as in a game played that way from the start."""
    table = Table(name, seed=13)
    for _ in range(10):
        table.step()
    for _ in range(3):
        table.back()
    seat = table.to_act()[0]
    recorded = actions(table.states[8])[7]
    other = [str(a) for a in table.game.legal_actions(table.state, seat) if str(a) != recorded]
    if not other or table.is_over():
        pytest.skip("no other choice at step 7")
    assert table.play(other[0], seat)
    assert len(table.states) == 9  # the old future is gone
    table.step()
    table.step()
    fresh = Table(name, seed=13)
    for _ in range(7):
        fresh.step()
    fresh.play(other[0], seat)
    fresh.step()
    fresh.step()
    assert actions(table.state) == actions(fresh.state)


@pytest.mark.parametrize("name", GAMES)
def test_every_player_count_gets_a_table(name):
    spec = cardgames.load(name).spec
    for players in sorted({spec.min_players, spec.max_players}):
        table = Table(name, players=players, seed=3, human=players - 1)
        assert table.perspective == players - 1  # a human sees the table from his seat
        assert table.ui.view.value == players - 1
        assert table.is_over() or players - 1 in table.to_act()
        table.ui.view.value = -1
        assert table.perspective is None and "cg-pre" in table.ui.picture.value


@pytest.mark.parametrize(
    "name", [g for g in ("brokdorf", "bronko_donko", "three_bridges", "rowdy_partners") if g in cardgames.games()]
)
def test_the_hand_of_the_human_is_found_in_each_card_game(name):
    """Card clicks need the hand, which the game gives as data (game.hand)."""
    for seed in range(5):
        table = Table(name, seed=seed, human=0)
        if table.is_over():
            continue
        hand = [code for code in table.game.hand(table.state, 0) if code is not None]
        assert hand, f"{name}: no hand of player 0"
        assert all(table.face.card(code) is not None for code in hand), hand
        assert [b.tooltip.split(" ")[0] for b in table.ui.hand_box.children] == hand
        return
    pytest.skip("every game ended before the human's turn")


def test_a_failing_picture_is_shown_and_the_controls_keep_working(monkeypatch):
    import importlib

    drawing = importlib.import_module("cardgames_widgets.picture")  # the module, not the function of that name
    table = Table("brokdorf", seed=1)
    ui = table.ui

    def broken(*args, **kwargs):
        raise RuntimeError("no picture today")

    monkeypatch.setattr(drawing, "table_html", broken)
    ui.step_button.click()
    assert table.index == 1 and "no picture today" in ui.picture.value
    ui.back_button.click()
    assert table.index == 0


def test_go_to_moves_along_the_timeline():
    table = Table("brokdorf", seed=1)
    table.go_to(7)
    assert table.index == 7
    table.go_to(2)
    assert table.index == 2 and len(table.states) == 8


def test_step_on_a_humans_turn_says_what_to_do_in_words_that_fit_the_game():
    """Step ▶ moves nothing while a human must decide, and the message says so: "click a card"
    only where the decision plays a card of the hand (The Brotherhood's orders name none)."""
    orders = Table("brotherhood", players=4, seed=3, human=0)
    assert orders.step() is False and orders.index == 0
    assert "Your turn" in orders.message and "card" not in orders.message
    cards = Table("three_bridges", seed=3, human=0)
    while cards.step():
        pass
    legal = cards.game.legal_actions(cards.state, 0)
    assert any(cards.game.action_parts(action).cards for action in legal)
    assert "click a card" in cards.message


def test_a_bot_that_fails_stops_the_table_with_a_message_naming_its_seat():
    """A bot that raises or answers what is not a legal action does not crash the table: it stays at its step and says why."""

    def broken(view, legal, rng):
        raise ValueError("no idea what to play")

    def cheat(view, legal, rng):
        return "bid 9"

    for bot, kind in ((broken, "ValueError: no idea what to play"), (cheat, "InputError: apply takes an action")):
        table = Table("brokdorf", players=3, seed=1, agents="random")
        seat = table.game.to_act(table.state)[0]
        agents = ["random"] * 3
        agents[seat] = bot
        table = Table("brokdorf", players=3, seed=1, agents=agents)
        before = table.state
        assert table.step() is False
        assert table.state == before and table.index == 0
        assert f"The bot playing {table.game.seat_name(seat)} failed at step 1: {kind}" in table.message


# ---------------------------------------------------------------------------
# what the walk of issue 31 found at the human's table


@pytest.mark.parametrize("name", ["bronko_donko", "three_bridges"])
def test_a_refusal_goes_away_when_a_usable_card_is_clicked_next(name):
    """An illegal card's refusal does not stay above the choices a legal card opens (walk item 11)."""
    import random

    from cardgames_widgets.human import human_choices

    table = Table(name, seed=0, human=0, language="de")
    ui, rng = table.ui, random.Random(0)
    for _turn in range(40):
        choices = human_choices(table.face, table.game, table.state, 0)
        several = [c for c in choices.cards if len(c.actions) >= 2]
        illegal = [c for c in choices.cards if c.illegal_text]
        if several and illegal:
            break
        table.play(rng.choice(table.legal_actions(0)), 0)
    else:
        pytest.fail(f"{name}: no decision with an illegal card and a card of several actions")
    ui.button(illegal[0].code).click()
    assert table.message.startswith("Nicht erlaubt"), table.message
    assert ui.message.value
    ui.button(several[0].code).click()
    assert ui.option_box.children, "the card's actions are offered"
    assert table.message == "" and ui.message.value == "", "the refusal no longer holds"
    ui.button(illegal[0].code).click()  # a refusal again (it closes the choices)
    ui.button(several[0].code).click()
    ui.option_box.children[0].click()  # a choice played: the refusal is gone too
    assert not table.message.startswith("Nicht erlaubt"), table.message


def test_typed_text_that_fails_then_a_button_clears_the_refusal():
    table = Table("brokdorf", players=4, seed=2026, human=0, language="de")
    ui = table.ui
    ui.text.value = "Gebot 9"
    ui.send_text.click()
    assert table.message.startswith("Nicht erlaubt")
    ui.legal_buttons()[0].click()
    assert "Nicht" not in table.message and "cg-error" not in ui.message.value or "Sie sind am Zug" in table.message


def test_the_order_form_hides_an_empty_second_dropdown_and_its_button_fits_its_label():
    """'passen' has no words to choose: no empty dropdown beside it (walk item 17)."""
    table = Table("brotherhood", seed=2026, human=0, language="de")
    ui = table.ui
    assert ui.form.layout.display != "none"
    assert ui.send_form.layout.width == "auto" and ui.send_form.layout.min_width
    assert ui.form.layout.flex_flow == "row wrap", "the form wraps at 400 px instead of clipping its button"
    verbs = dict((value, label) for label, value in ui.verb.options)
    assert verbs["pass"] == "passen"
    ui.verb.value = "pass"
    assert ui.args.layout.display == "none"
    ui.verb.value = next(v for v in verbs if v != "pass")
    assert ui.args.layout.display == "" and ui.args.options


def test_the_legal_list_groups_labels_that_differ_in_their_last_word():
    """'Zahlung an P2: 1–20' instead of 20 chips; each chip keeps its action text as tooltip (walk item 17)."""
    table = Table("brotherhood", seed=2026, human=0, language="de")
    head = unescape(table.ui.head.value)
    assert re.search(
        r'<span class="cg-legal-group"[^>]*>Zahlung an P2: <code title="transfer P2 1 … transfer P2 20">1–20</code>',
        head,
    )
    assert "… und" not in head, "every legal action fits in the list once grouped"
    bridges = Table("three_bridges", seed=4, human=0, language="de")
    head = unescape(bridges.ui.head.value)
    group = re.search(r'<span class="cg-legal-group"[^>]*>legen ([^:]+): (.*?)</span>', head)
    assert group, head
    assert re.findall(r'<code title="place [^"]+ ([ABC])">\1</code>', group.group(2)) == ["A", "B", "C"]
    brokdorf = Table("brokdorf", players=4, seed=2026, human=0, language="de")
    head = unescape(brokdorf.ui.head.value)
    assert '<code title="bid 3">3</code><code title="bid 4">4</code><code title="bid 5">5</code>' in head


def test_the_rules_panel_reads_an_id_several_documents_define_in_the_tables_game():
    """DP-1 is in Bronko-Donko's, The Brotherhood's and Rowdy Partners' rules: the table's game decides."""
    for name in ("bronko_donko", "brotherhood"):
        table = Table(name, seed=1, language="de")
        ui = table.ui
        ui.rule_pick.value = "DP-1"
        assert 'data-clause="DP-1"' in ui.rule_text.value and "cg-error" not in ui.rule_text.value
        assert cardgames.rule("DP-1", game=name, language="de").game_title in unescape(ui.rule_text.value)
        ui.rule_pick.value = "BK-4.2"  # another game's clause is still found
        assert 'data-clause="BK-4.2"' in ui.rule_text.value
        ui.rule_pick.value = "DP-999"
        assert "cg-error" in ui.rule_text.value


def test_text_in_the_head_and_the_message_line_has_its_own_line_height():
    """An HTML widget's line height is a button's (28 px): two lines of a refusal looked double spaced."""
    table = Table("brokdorf", players=4, seed=2026, human=0, language="de")
    table.ui.text.value = "Gebot 9"
    table.ui.send_text.click()
    assert 'style="line-height: 1.4"' in table.ui.message.value
    assert 'style="line-height: 1.4"' in table.ui.head.value
