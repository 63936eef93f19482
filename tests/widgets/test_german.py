"""The widgets in German (issue 17): ``Table(..., language="de")`` and the other entry points.

A table keeps the language it was opened in: its own labels and the game's sentences,
refusals, settlement and clauses are made inside ``cardgames.language(table.language)``,
in button clicks and in the background threads of hints and what-if too, so a German
table stays German in an English notebook and an English one English in a German notebook.
"""

from __future__ import annotations

import json
import random
from html import unescape

import pandas as pd
import pytest
from cardgames_widgets import Table, card_html, clause_html, compare_chart, hints_chart, picture, settlement_chart
from cardgames_widgets.hints import other_actions

import cardgames

from .conftest import GAMES

WAIT = 120  # seconds a background job may take (pure Python, two cores shared)


@pytest.fixture(autouse=True)
def english_session():
    """Every test starts in an English session and leaves it so (some switch the session to German)."""
    cardgames.set_language("en")
    yield
    cardgames.set_language("en")


def _steps(table: Table, n: int) -> Table:
    for _turn in range(n):
        table.step()
    return table


def _refusal(table: Table) -> str:
    """The message of a move that cannot be understood at the state shown."""
    assert table.play("xyzzy 42") is False
    return table.message


@pytest.mark.parametrize("name", GAMES)
def test_a_german_table_shows_german_labels_and_the_games_german_sentence(name):
    german = _steps(Table(name, seed=3, language="de"), 1)
    english = _steps(Table(name, seed=3), 1)
    assert german.language == "de" and english.language == "en"
    ui = german.ui
    labels = [b.description for b in (ui.start_button, ui.back_button, ui.step_button, ui.end_button)]
    assert labels == ["|◀ Anfang", "◀ zurück", "Schritt ▶", "Ende ▶|"]
    assert (ui.view.description, ui.speed.description, ui.rule_pick.description) == ("Ansicht", "Tempo", "Regel")
    # the teacher's view: every hand, or everything in a game without hands (The Brotherhood)
    assert ui.view.options[0][0] == ("alles offen (Lehrkraft)" if name == "brotherhood" else "alle Hände (Lehrkraft)")
    head = unescape(ui.head.value)
    assert f"{german.game.players} Spieler · Seed 3 · Schritt 1" in head
    assert "players" not in head and "step" not in head
    # the same move, told by the game in German: the sentence differs and names its players in German
    assert german.states[1] == english.states[1]
    sentence, told = german.log[0], english.log[0]
    assert sentence != told
    with cardgames.language("de"):
        first = german.game.seat_name(0)
    if first.startswith("Spieler"):  # games that name seats "player 2" (Rowdy Partners says A1, The Brotherhood P1)
        assert "Spieler" in sentence and "Player" not in sentence and "player" not in sentence
    assert cardgames.core.rulebook.cited(sentence) == cardgames.core.rulebook.cited(told), "the same clause ids"
    # the picture, its repr and the log are German too; the session stays English
    assert "Spieler" in german.picture().html and repr(german).startswith(f"<Tisch {name}, ")
    assert cardgames.get_language() == "en"


#: the German verb of each game's first move at seed 3 (the games' own catalogs tell it)
FIRST_VERB = {
    "brokdorf": "bietet",
    "bronko_donko": "eröffnet",
    "three_bridges": "legt",
    "brotherhood": "zahlt",
    "rowdy_partners": "spielt",
}


# the run buttons in each game's own German words: a whole game is a Partie, but a game of
# Brokdorf is one Spiel of a round (BK-3.1) and Bronko-Donko's round is a Kampfrunde (BD-5.1)
RUN_BUTTONS = {
    "brokdorf": (("Stich ▶▶", "bis zum Ende des Stichs"), ("Spiel ▶▶", "bis zum Ende des Spiels")),
    "bronko_donko": (
        ("Kampfrunde ▶▶", "bis zum Ende der Kampfrunde"),
        ("Schlägerei ▶▶", "bis zum Ende der Schlägerei"),
    ),
    "three_bridges": (("Runde ▶▶", "bis zum Ende der Runde"), ("Partie ▶▶", "bis zum Ende der Partie")),
    "brotherhood": (("Befehle ▶▶", "bis die Befehle aufgedeckt sind"), ("Runde ▶▶", "bis zum Ende der Runde")),
    "rowdy_partners": (("Stich ▶▶", "bis zum Ende des Stichs"), ("Runde ▶▶", "bis zum Ende der Runde")),
}


@pytest.mark.parametrize("name", GAMES)
def test_the_run_buttons_use_each_games_own_german_words(name):
    ui = Table(name, seed=3, language="de").ui
    found = tuple((b.description, b.tooltip) for b in (ui.trick_button, ui.round_button))
    assert found == RUN_BUTTONS[name]
    assert (ui.end_button.description, ui.end_button.tooltip) == ("Ende ▶|", "bis zum Ende der Partie")
    english = Table(name, seed=3, language="en")
    small, large = english.game.spec.levels[:2]
    assert (english.ui.trick_button.description, english.ui.round_button.description) == (f"{small} ▶▶", f"{large} ▶▶")


@pytest.mark.parametrize("name", GAMES)
def test_the_first_move_of_each_game_is_told_in_german(name):
    table = _steps(Table(name, seed=3, language="de"), 1)
    if name in FIRST_VERB:
        assert f" {FIRST_VERB[name]} " in table.log[0], table.log[0]
    assert unescape(table.ui.log.value).count("<li") == 1


def test_a_brokdorf_sentence_reads_exactly_as_the_german_catalog_says():
    table = _steps(Table("brokdorf", players=4, seed=7, language="de"), 1)
    assert table.log == ["Spieler 4 sagt GUT und passt (BK-4.2)."]  # seat 3: people count from 1
    assert _steps(Table("brokdorf", players=4, seed=7), 1).log == ["Player 4 says GUT, passing (BK-4.2)."]


@pytest.mark.parametrize("name", GAMES)
def test_a_refusal_is_german_at_a_german_table(name):
    german, english = Table(name, seed=3, language="de"), Table(name, seed=3)
    said, meant = _refusal(german), _refusal(english)
    assert said.startswith(("Nicht gespielt: ", "Nicht erlaubt: ")), said
    assert meant.startswith(("Not played: ", "Not allowed: ")), meant
    assert said.split(": ", 1)[1] != meant.split(": ", 1)[1], "the game's own words are German too"
    assert "xyzzy" in said
    assert german.ui.message.value and "Nicht" in german.ui.message.value


def test_a_brokdorf_refusal_names_the_player_to_act_and_the_clause_in_german():
    table = Table("brokdorf", players=4, seed=7, language="de")
    acting = table.to_act()[0]
    other = (acting + 1) % 4
    action = str(table.legal_actions()[0])
    assert table.play(action, other) is False
    with cardgames.language("de"):
        assert table.message.startswith(f"Nicht erlaubt: {table.game.seat_name(acting)} ")
    assert "(BK-" in table.message and "not" not in table.message.split()


def test_an_english_table_stays_english_in_a_german_session():
    english = _steps(Table("brokdorf", players=4, seed=7), 4)
    cardgames.set_language("de")
    table = _steps(Table("brokdorf", players=4, seed=7, language="en"), 4)
    default = _steps(Table("brokdorf", players=4, seed=7), 4)  # no language: the session's, German now
    assert table.language == "en" and default.language == "de"
    assert table.log == english.log
    assert default.log != english.log and "Spieler" in default.log[0]
    ui = table.ui
    assert ui.step_button.description == "step ▶" and ui.view.description == "view"
    assert "4 players · seed 7 · step 4" in ui.head.value
    ui.step_button.click()  # a click in the German session makes English text at the English table
    assert table.log[-1] == _steps(english, 1).log[-1]
    table.go_to(0)
    ui.back_button.click()
    assert table.message == "This is the start."
    assert "Not played" in _refusal(table)
    assert cardgames.get_language() == "de"


def test_clicks_at_a_german_table_stay_german_in_an_english_session():
    table = Table("brokdorf", players=4, seed=7, human=1, language="de")
    ui = table.ui
    assert cardgames.get_language() == "en"
    assert ui.send_text.description == "senden" and "z. B." in ui.text.placeholder
    before = len(table.log)
    legal = ui.legal_buttons()
    legal[0].click()  # a human move; the bots answer
    assert len(table.log) > before and all("Spieler" in line for line in table.log)
    illegal = [b for b in ui.hand_box.children if "cg-choice-illegal" in b._dom_classes]
    if illegal:
        assert illegal[0].tooltip.endswith("(jetzt nicht erlaubt)")
        assert ui.button(illegal[0].code) is illegal[0], "buttons are found by their card code in any language"
        illegal[0].click()
        assert table.message.startswith("Nicht erlaubt: ")
    table.go_to(0)
    ui.back_button.click()
    assert table.message == "Das ist der Anfang."


def test_a_bad_language_is_a_clear_value_error():
    with pytest.raises(ValueError, match="xx"):
        Table("brokdorf", language="xx")
    table = Table("brokdorf", seed=1)
    with pytest.raises(ValueError, match="xx"):
        table.set_language("xx")
    assert table.language == "en"
    state = table.state
    with pytest.raises(ValueError, match="xx"):
        picture(table.game, state, language="xx")
    with pytest.raises(ValueError, match="xx"):
        clause_html("BK-4.2", language="xx")
    with pytest.raises(TypeError):
        Table("brokdorf", language=7)


def test_a_language_code_may_be_written_as_the_locale_writes_it():
    assert Table("brokdorf", seed=1, language="de_DE.UTF-8").language == "de"
    assert Table("brokdorf", seed=1, language="EN").language == "en"


def test_set_language_tells_the_log_again_and_relabels_the_widget_in_place():
    table = _steps(Table("brokdorf", players=4, seed=7, language="de"), 6)
    english = _steps(Table("brokdorf", players=4, seed=7), 6)
    box = table.widget
    assert table.ui.step_button.description == "Schritt ▶"
    assert table.set_language("en") == "en"
    assert table.log == english.log, "the same moves told again in English"
    assert table.widget is box, "the widget on screen stays the same object"
    assert table.ui.step_button.description == "step ▶"
    assert table.ui.step_button in box.children[1].children, "the box shows the new buttons"
    # the language dropdown of the widget does the same
    table.ui.language.value = "de"
    assert table.language == "de" and "Spieler" in table.log[0]
    assert table.ui.step_button.description == "Schritt ▶" and table.widget is box
    table.ui.step_button.click()
    assert len(table.log) == 7 and "Spieler" in table.log[-1]


def test_the_settlement_and_the_clauses_of_a_german_table_are_german():
    table = Table("brokdorf", players=4, seed=7, language="de")
    table.run_to_end()
    assert table.is_over()
    html = table.html()
    assert "<b>Abrechnung</b>" in html and "Settlement" not in html
    assert "Partie vorbei" in table.ui.head.value
    # clause tooltips and the rules panel read the German rules document
    german, english = clause_html("BK-4.2", language="de"), clause_html("BK-4.2")
    assert german != english and 'data-clause="BK-4.2"' in german
    assert cardgames.rule("BK-4.2", language="de").text.split()[0] in unescape(german)
    table.ui.rule_pick.value = "BK-4.2"
    assert table.ui.rule_text.value == german
    log = table.log_html()
    assert cardgames.rule("BK-4.2", language="de").text.split()[0] in unescape(log)


def test_card_faces_and_pictures_take_a_language():
    assert "ohne Farbe" in card_html("three_bridges", "Chr", language="de")
    assert "no suit until played" in card_html("three_bridges", "Chr")
    assert "Hufeisen 6 (Pop-Symbol)" in card_html("rowdy_partners", "Ho6", language="de")
    assert "Horseshoe 6 (pop)" in card_html("rowdy_partners", "Ho6")
    assert "Ereignis E01: Paten ins Gefängnis" in card_html("brotherhood", "E01", language="de")
    game = cardgames.load("brokdorf")
    state = game.new(seed=2)
    german = picture(game, state, perspective=1, language="de")
    assert "verdeckte Karte" in german.html and "hidden card" not in german.html
    # seat 1 is the second player: Spieler 2, player 2 (people count from 1)
    assert repr(german).startswith("<Bild von brokdorf (Ansicht von Spieler 2, am Zug: Spieler ")
    assert repr(picture(game, state, perspective=1)).startswith("<picture of brokdorf (player 2's view, to act:")


def test_settlement_and_analysis_charts_take_a_language():
    df = cardgames.simulate("brokdorf", games=4, seed=3)
    spec = settlement_chart(df, language="de").to_dict()
    assert spec["title"] == "Euro je Agent · brokdorf · 4 Partien"  # the settlement column as people read it
    text = json.dumps(spec, ensure_ascii=False)
    assert '"Verteilung"' in text and '"Mittelwert ± 95 %"' in text and '"Anteil der Partien"' in text
    assert settlement_chart(df).to_dict()["title"] == "euros per agent · brokdorf · 4 games"
    frame = pd.DataFrame(
        {"action": ["play 7C", "play 8C"], "value": [1.5, 0.5], "low": [1.0, 0.0], "high": [2.0, 1.0]}
        | {"win": [float("nan")] * 2, "worlds": [7, 7]}
    )
    frame.attrs.update(player=1, objective="points", horizon="the end of the deal", higher_is_better=False)
    spec = hints_chart(frame, language="de").to_dict()
    assert spec["title"]["text"] == "Was jede Wahl von Spieler 2 wert ist"
    assert spec["title"]["subtitle"][0] == "nur mit dem Wissen von Spieler 2: 7 Welten"
    assert "(niedriger ist besser)" in spec["layer"][0]["encoding"]["x"]["title"]
    # any hints chart, not only the table's, names the agents that play on as the glossary does
    assert spec["title"]["subtitle"][1].endswith("alle spielen als gierige Bots weiter"), spec["title"]["subtitle"]


def _decided(table: Table) -> int:
    """A step of the timeline with a decision that has an alternative."""
    for step in range(len(table.states) - 1):
        if table._steps[step].seat is not None and other_actions(table, step):
            return step
    pytest.skip("no decision with an alternative in this timeline")


def test_hints_and_what_if_of_a_german_table_are_german_in_the_background():
    table = Table("brokdorf", players=4, seed=7, agents="greedy", language="de")
    table.go_to(8)
    ui = table.ui
    assert ui.hints.switch.description == "Tipps" and ui.whatif.switch.description == "was wäre, wenn"
    ui.hints.worlds.value = 3
    ui.hints.switch.value = True
    job = ui.hints.job
    assert job.wait(WAIT) and job.finished, job.error
    status = unescape(ui.hints.status.value)
    assert "nur mit dem Wissen von Spieler" in status and "3 Welten" in status, status
    assert ui.hints.spec["title"]["text"].startswith("Was jede Wahl von Spieler")
    ui.hints.switch.value = False
    step = _decided(table)
    table.go_to(step)
    ui.whatif.switch.value = True
    assert ui.whatif.prompt.value.startswith(f"Bei Schritt {step} wählte Spieler")
    ui.whatif.worlds.value = 2
    ui.whatif.run.click()
    job = ui.whatif.job
    assert job.wait(WAIT) and job.finished, job.error
    branches = unescape(ui.whatif.branches.value)
    assert "<b>gespielt</b>" in branches and "<b>was wäre, wenn</b>" in branches
    assert "Nur mit dem Wissen von Spieler" in branches and "von den Bots weitergespielt" in branches
    assert "Unterschied (was wäre, wenn − gespielt): " in branches and "minus" not in branches
    assert ui.whatif.spec["title"]["text"].startswith(f"Was wäre, wenn bei Schritt {step}")
    # the Python API gives the same words, whatever language the session uses
    comparison = table.compare(step, ui.whatif.action.value, worlds=2)
    assert comparison.language == "de" and repr(comparison).startswith(f"<Vergleich bei Schritt {step}:")
    assert comparison.frame["branch"].tolist()[:2] == ["played", "what-if"], "the data keep their values"
    spec = compare_chart(comparison.frame, comparison.difference, language="de").to_dict()
    assert spec["title"]["text"].startswith(f"Was wäre, wenn bei Schritt {step}")
    assert table.hints(worlds=2).attrs["information"].startswith("nur mit dem Wissen von Spieler")


def test_open_hands_speak_german_at_a_german_table():
    table = Table("brokdorf", players=4, seed=7, language="de")
    ui = table.ui
    assert ui.open_hands.switch.description == "offene Hände"
    ui.open_hands.switch.value = True
    table.go_to(8)
    line = unescape(ui.open_hands.line.value)
    with cardgames.language("de"):
        seat = table.game.seat_name(table.to_act()[0])
    assert f"offene Hände, {seat} ist am Zug:" in line and "Stich" in line
    table.perspective = 2
    assert "verbirgt die Karten der anderen" in unescape(ui.open_hands.line.value)


# ---------------------------------------------------------------------------
# typing what the table shows (issue 31, walk item 2)


def _typed_labels(table: Table) -> dict[str, str]:
    """Each legal action of the human (seat 0) -> its label as the buttons and the legal list show it."""
    from cardgames_widgets.actions import labels

    with cardgames.language(table.language):
        return labels(table.game, table.face, table.legal_actions(0))


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_typed_as_its_label_plays_that_action(name, language):
    """The text box takes each label a button or chip shows ("Gebot 2", "ducken", "legen E-VII A")."""
    table = Table(name, seed=4, human=0, language=language)
    ui = table.ui
    rng = random.Random(4)
    tried = 0
    for _turn in range(3):  # three decisions of the human, each with every legal action typed
        if table.is_over() or 0 not in table.to_act():
            break
        at = table.index
        shown = _typed_labels(table)
        for text, label in shown.items():
            typed = f"  {label.upper()} " if tried % 2 else label  # case and spacing forgiven
            ui.text.value = typed
            ui.send_text.click()
            assert table.index > at, f"{name}: {typed!r} was not played: {table.message}"
            assert str(table._steps[at].action) == text and table._steps[at].seat == 0, (typed, text)
            assert ui.text.value == "", "a played action empties the text box"
            tried += 1
            table.go_to(at)  # back to the same decision for the next label
        table.play(rng.choice(list(shown)), 0)
    assert tried > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_label_is_understood_at_every_decision_of_a_german_game(name):
    """At each decision of a whole game every legal action's label (German and English) and text name it."""
    from cardgames_widgets.actions import labels, typed_action

    table = Table(name, seed=6, human=0, agents="random", language="de")
    rng = random.Random(6)
    checked = 0
    for _turn in range(40):
        if table.is_over() or 0 not in table.to_act():
            break
        legal = table.legal_actions(0)
        with cardgames.language("de"):
            german = labels(table.game, table.face, legal)
            for text, label in german.items():
                assert typed_action(table.game, table.face, legal, label) == text, (label, text)
                assert typed_action(table.game, table.face, legal, text) == text
        with cardgames.language("en"):
            for text, label in labels(table.game, table.face, legal).items():
                with cardgames.language("de"):
                    assert typed_action(table.game, table.face, legal, label) == text, (label, text)
        checked += len(legal)
        table.play(rng.choice(list(german)), 0)
    assert checked > 0


def test_an_unknown_text_is_refused_once_not_twice_and_the_placeholder_is_german():
    table = Table("brokdorf", players=4, seed=2026, human=0, language="de")
    ui = table.ui
    assert "z. B. Gebot" in ui.text.placeholder and "bid" not in ui.text.placeholder
    ui.text.value = "Gebot 9"  # a bid the rules do not allow: the game's refusal with its clause
    ui.send_text.click()
    assert table.message.startswith("Nicht erlaubt: Ein Gebot ist eine Stichzahl von 0 bis 5"), table.message
    assert table.message.endswith("(BK-4.2)"), table.message
    assert ui.text.value == "Gebot 9", "a refused text stays in the box to be corrected"
    ui.text.value = "Gebott 3"
    ui.send_text.click()
    assert table.message.startswith("Nicht gespielt: "), table.message
    assert table.message.count("nicht verstanden") == 1 and "Nicht verstanden" not in table.message
    index = table.index
    ui.text.value = "gebot   3"
    ui.send_text.click()
    assert table.message == "" or table.message.startswith("Sie sind am Zug"), table.message
    assert str(table._steps[index].action) == "bid 3"


@pytest.mark.parametrize("name", GAMES)
def test_the_placeholder_example_is_a_legal_action_in_the_readers_language(name):
    from cardgames_widgets.actions import typed_action

    table = Table(name, seed=4, human=0, language="de")
    example = table.ui.text.placeholder.split("z. B. ", 1)[1]
    with cardgames.language("de"):
        assert typed_action(table.game, table.face, table.legal_actions(0), example) is not None, example
    assert example in _typed_labels(table).values()


#: the English words of the games' action texts that a German table must not show (the game's and its face's words)
def _english_verbs(name: str) -> set[str]:
    from cardgames_widgets import faces
    from cardgames_widgets.actions import vocabulary, word

    game = cardgames.load(name)
    with cardgames.language("de"):
        return {key for key in vocabulary(game, faces.for_game(name)) if word(game, key).casefold() != key.casefold()}


@pytest.mark.parametrize("name", GAMES)
def test_typed_text_that_names_no_move_gets_the_moves_in_german_labels(name):
    """Nonsense or a mistyped label is answered with the moves possible now as the buttons label them:
    no English action word, no action-text vocabulary of the parser."""
    table = Table(name, seed=4, human=0, language="de")
    if table.is_over() or 0 not in table.to_act():
        pytest.skip("the bots ended the game before the human's turn")
    state = table.state
    for typed in ("Unsinn 99", "wohin damit?", "Gebot"):
        table.ui.text.value = typed
        table.ui.send_text.click()
        assert table.state is state
        message = table.message
        if "wird nicht verstanden" not in message:  # a word of the game's moves: the game's own refusal
            assert message.startswith("Nicht erlaubt: "), message
            continue
        assert message.startswith(f"Nicht gespielt: „{typed}“ wird nicht verstanden; jetzt möglich: "), message
        listed = message.split("jetzt möglich: ", 1)[1]
        for english in _english_verbs(name):
            assert f"{english} " not in f"{listed} ".replace(",", " "), (english, message)


def test_a_label_of_a_move_that_is_illegal_now_gets_the_rule_that_forbids_it():
    """A German label of a move the rules forbid at this moment ("spielen ♦A" while Herz must be followed,
    or the hand button's "♦A" alone) gets the game's German refusal with its clause, not "not understood"."""
    from cardgames_widgets.actions import labels

    for seed in range(30):
        table = Table("brokdorf", players=4, seed=seed, human=0, agents="random", language="de")
        rng = random.Random(seed)
        for _turn in range(40):
            if table.is_over() or 0 not in table.to_act():
                break
            legal = table.legal_actions(0)
            hand = [c for c in table.game.hand(table.state, 0) or () if c is not None]
            plays = {
                c for a in legal if table.game.action_parts(a).verb == "play" for c in table.game.action_parts(a).cards
            }
            refused = [c for c in hand if plays and c not in plays]
            if refused:
                state = table.state
                with cardgames.language("de"):
                    shown = table.face.card_label(refused[0])
                for typed in (f"spielen {shown}", shown):
                    table.ui.text.value = typed
                    table.ui.send_text.click()
                    assert table.state is state
                    assert table.message.startswith("Nicht erlaubt: ") and "(BK-4.1" in table.message, table.message
                    assert "nicht verstanden" not in table.message
                return
            with cardgames.language("de"):
                table.play(rng.choice(list(labels(table.game, table.face, legal))), 0)
    pytest.fail("no decision with a card that may not be played in 30 games")


def test_a_three_bridges_card_not_in_hand_typed_as_a_label_is_refused_with_the_clause():
    """ "legen E-VII A" with E-VII not in hand: the game's refusal (it is an action of Three Bridges), in German."""
    table = Table("three_bridges", seed=4, human=0, language="de")
    hand = set(table.game.hand(table.state, 0) or ())
    missing = next(c for c in ("E-VII", "E-VIII", "H-IX", "S-A", "L-K") if c not in hand)
    table.ui.text.value = f"legen {missing} A"
    table.ui.send_text.click()
    assert table.message.startswith("Nicht erlaubt: ") and "TB-" in table.message, table.message
    assert "keine Aktion" not in table.message and "nicht verstanden" not in table.message


def test_legal_labels_are_the_buttons_labels_in_the_tables_language():
    """``Table.legal_labels()``: each legal action text -> its label, for printing the moves as a class reads them."""
    table = Table("brokdorf", players=4, seed=2026, human=0, language="de")
    shown = table.legal_labels()
    assert list(shown) == [str(a) for a in table.legal_actions()]
    assert shown["bid 3"] == "Gebot 3" and shown["gut"] == "gut"
    assert Table("brokdorf", players=4, seed=2026, human=0, language="en").legal_labels()["bid 3"] == "bid 3"


@pytest.mark.parametrize("name", GAMES)
def test_a_move_a_german_refusal_quotes_is_written_as_a_button_labels_it(name):
    """Where a German refusal or hint quotes a move („Wolf klauen“, „eröffnen Ro5 Ge5“), it quotes what the
    buttons show and the text box reads, so that typing the quote is that move (no 'steal' beside „klauen“)."""
    import re

    from cardgames_widgets.actions import typed_text, vocabulary

    from cardgames.core.catalogs import entries

    table = Table(name, seed=4, human=0, language="de")
    verbs = set(vocabulary(table.game, table.face))
    quoted = []
    for message in entries(name, "de"):
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            if any(word in (text or "") for word in ("keine Aktion", "eine Aktion ist", "geschrieben", "parse_action")):
                continue  # the parser's answers to text in action-text words speak of action texts by design
            # a move is quoted as an example or a way: "z. B. „…“", "(„…“)", "mit „…“", "ohne „…“"
            quoted += re.findall(r"(?:\(|z\. B\. |mit |ohne )„([^“{]+)", text or "")
            assert not re.search(rf"'({'|'.join(map(re.escape, verbs))})\b", text or ""), text
    with cardgames.language("de"):
        for quote in quoted:
            read = typed_text(table.game, table.face, table.state, 0, quote)
            assert read.split(" ")[0] in verbs, (quote, read)


def test_a_negative_amount_is_labelled_with_a_typographic_minus_and_typed_with_either():
    """Rowdy Partners' ``coin -1`` is labelled "Coin −1", as the pictures write a negative number; typing
    "Coin −1" or "coin -1" both name it."""
    from cardgames_widgets.actions import labels, typed_action

    from cardgames.rowdy_partners.actions import Coin

    game = cardgames.load("rowdy_partners")
    face = Table("rowdy_partners", seed=4, language="de").face
    offered = (Coin(1), Coin(-1))
    with cardgames.language("de"):
        assert labels(game, face, offered) == {"coin +1": "Coin +1", "coin -1": "Coin −1"}
        for typed in ("Coin −1", "coin -1", "COIN −1"):
            assert typed_action(game, face, offered, typed) == "coin -1", typed
