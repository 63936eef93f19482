"""Issue 31: one name for each seat, and German widgets that are German through and through.

Everything a widget shows names a seat as the game does (``game.seat_name``: people count
from 1; The Brotherhood says P1, Rowdy Partners A1 B1 ...), never by its 0-based API number.
A German table labels its action buttons, lists and forms in German (the action's canonical
text stays in the tooltip, which is what ``play`` takes), shows Brokdorf's cards with the
letters its pictures print (♣D, ♣B), and a German settlement table has German headings and
ja/nein/– for its values.
"""

from __future__ import annotations

import random
import re
from functools import cache
from html import unescape

import pytest
from cardgames_widgets import Table, picture
from cardgames_widgets.actions import COLUMNS
from cardgames_widgets.faces import card_html

import cardgames
from cardgames.core.game import Game

from .conftest import GAMES

#: Brokdorf's calls are German words in both languages (BK-4.2, BK-4.6): GUT, MIT, WEG
GERMAN_CALLS = {"gut", "mit", "weg"}
#: settlement headings that German writes as English does (names and abbreviations of the games)
GERMAN_SAME = {"Durchmarsch", "Fluchtkarten", "Orden", "GE", "Position", "Wrestler", "Pop"}
SEAT_WORDS = re.compile(r"\b(?:[Pp]layer|Spieler) (\d+)\b")
TAGS = re.compile(r"<[^>]+>")


@pytest.fixture(autouse=True)
def english_session():
    cardgames.set_language("en")
    yield
    cardgames.set_language("en")


def _counts(name: str) -> range:
    spec = cardgames.load(name).spec
    return range(spec.min_players, spec.max_players + 1)


def _text(html: str) -> str:
    """What a person reads in an HTML fragment: its text, without tags, tooltips and stylesheets."""
    return unescape(TAGS.sub(" ", re.sub(r"<style>.*?</style>", "", html, flags=re.S)))


def _played_out(game: Game, seed: int, limit: int = 4000):
    """A seeded random playout's states (every state, the last one over if the game ended in time)."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state]
    for _turn in range(limit):
        acting = game.to_act(state)
        if not acting:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state, acting[0])), acting[0])
        states.append(state)
    return states


def _check_seat_names(game: Game, text: str, where: str) -> None:
    """Every "player N" / "Spieler N" in ``text`` is a seat's name as the game says it, and none is 0-based."""
    names = {game.seat_name(s) for s in range(game.players)}
    for match in SEAT_WORDS.finditer(text):
        said = match.group(0)
        assert said[:1].lower() + said[1:] in {n[:1].lower() + n[1:] for n in names}, f"{where}: {said!r} in {text!r}"
    assert not re.search(r"\b(?:[Pp]layer|Spieler) 0\b", text), f"{where}: a 0-based seat in {text!r}"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", GAMES)
def test_every_seat_a_table_names_is_named_as_the_game_names_it(name, language):
    for players in _counts(name):
        table = Table(name, players=players, seed=1, human=0, language=language)
        game = table.game
        ui = table.ui
        with cardgames.language(language):
            names = [game.seat_name(s) for s in range(players)]
            assert [label for label, seat in ui.view.options if seat >= 0] == names
            head = _text(ui.head.value)
            if not table.is_over():
                # the human to act is "(you)", named as the game names seat 0
                you = "(you)" if language == "en" else "(Sie)"
                assert f"{names[0]} {you}" in head, head
                assert names[0] in table.message, table.message
            shown = {
                "head": head,
                "message": _text(ui.message.value),
                "picture": _text(re.search(r'<div class="cg-head">.*?</div>', table.picture().html).group(0)),
                "repr": repr(picture(game, table.state, perspective=players - 1, language=language)),
            }
            assert f"{names[-1]}" in shown["repr"]
            for where, text in shown.items():
                _check_seat_names(game, text, f"{name}, {players} players, {where}")


@pytest.mark.parametrize("name", GAMES)
def test_a_settlement_table_names_the_seats_and_reads_as_words(name):
    for players in _counts(name):
        game = cardgames.load(name, players=players)
        end = _played_out(game, seed=2)[-1]
        if not game.is_over(end):
            continue
        keys = list(game.settlement(end).rows()[0])
        for language in ("en", "de"):
            html = picture(game, end, language=language).html
            table = re.search(r'<table class="cg-settlement-table">.*?</table>', html).group(0)
            headings = [unescape(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", table)]
            cells = [_text(row).split() for row in re.findall(r"<tr>(.*?)</tr>", table)[1:]]
            with cardgames.language(language):
                seats = [game.seat_name(s) for s in range(players)]
                _check_seat_names(game, _text(table), f"{name} settlement ({language})")
            assert [" ".join(row[: len(seats[i].split())]) for i, row in enumerate(cells)] == seats
            assert not any("_" in h for h in headings), headings
            words = set(_text(table).split())
            assert not words & {"True", "False", "None"}, words
            if language == "de":
                assert not words & {"yes", "no"}, words
                # every column the widgets know is under its German heading, not its English one
                for key, heading in zip(keys, headings, strict=True):
                    assert key in COLUMNS, f"{name}'s settlement column {key} has no heading in the widgets"
                    assert heading != COLUMNS[key] or heading in GERMAN_SAME, (key, heading)


@cache
def _english_words() -> frozenset[str]:
    """The English words of every game's action texts: each verb, and each word of its arguments that is a word.

    Gathered from the legal actions of seeded random playouts of every game at every table size.
    """
    found: set[str] = set()
    for name in cardgames.games():
        for players in _counts(name):
            game = cardgames.load(name, players=players)
            for state in _played_out(game, seed=1, limit=1500):
                acting = game.to_act(state)
                if not acting:
                    continue
                for action in game.legal_actions(state, acting[0]):
                    parts = game.action_parts(action)
                    found.add(parts.verb)
                    found.update(a for a in parts.args if re.fullmatch(r"[a-z][a-z_-]+", a))
            for verb, words in (game.order_grammar() or {}).items():
                found.add(verb)
                found.update(w for choices in words for w in choices if re.fullmatch(r"[a-z][a-z_-]+", w))
    return frozenset(found - GERMAN_CALLS)


def _visible(table: Table) -> dict[str, str]:
    """The texts of a table's buttons, lists and forms that a person reads (tooltips are not read)."""
    ui = table.ui
    buttons = ui.hand_box.children + ui.option_box.children + ui.choice_box.children
    legal = re.search(r'<div class="cg-legal-list">.*?</div>', ui.head.value)
    return {
        "buttons": " | ".join(b.description for b in buttons),
        "legal list": _text(legal.group(0)) if legal else "",
        "form": " | ".join(label for label, _value in list(ui.verb.options) + list(ui.args.options)),
        "orders": " | ".join(label for box in (ui.order_verb, *ui.order_args) for label, _value in box.options),
    }


@pytest.mark.parametrize("name", GAMES)
def test_a_german_table_shows_no_english_action_word(name):
    english = _english_words()
    assert {"bid", "duck", "steal", "decline", "draw", "tag", "pass", "coin", "transfer", "build_source"} <= english
    checked = 0
    for players in (min(_counts(name)), max(_counts(name))):
        table = Table(name, players=players, seed=4, human=0, language="de")
        rng = random.Random(4)
        for _turn in range(25):
            if table.is_over():
                break
            for where, text in _visible(table).items():
                said = set(re.findall(r"[^\W\d][\w-]*", text))
                assert not said & english, f"{name}, {players} players, {where}: {sorted(said & english)} in {text!r}"
            checked += 1
            legal = table.legal_actions(0)
            assert table.play(rng.choice(legal), 0), table.message
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_german_button_keeps_the_action_text_in_its_tooltip_and_plays_it(name):
    table = Table(name, seed=4, human=0, language="de")
    ui = table.ui
    rng = random.Random(4)
    for _turn in range(60):  # on to a turn with action buttons (not only cards or the order form)
        if table.is_over() or ui.choice_box.children or ui.form.layout.display != "none":
            break
        table.play(rng.choice(table.legal_actions(0)), 0)
    buttons = ui.choice_box.children
    if not buttons:  # a game whose every decision goes through the form (The Brotherhood's orders)
        assert ui.form.layout.display != "none", f"{name} offered neither buttons nor the form"
        assert ui.verb.options
        assert all(label != value for label, value in ui.verb.options), ui.verb.options  # German words
        before = table.index
        ui.send_form.click()
        assert table.index > before, table.message
        return
    legal = {str(a) for a in table.legal_actions(0)}
    assert all(b.tooltip in legal for b in buttons)
    label, text = buttons[0].description, buttons[0].tooltip
    assert ui.button(label) is buttons[0] and ui.button(text) is buttons[0]
    before = table.index
    buttons[0].click()
    assert table.index > before
    assert table.message == "" or table.message.startswith("Sie sind am Zug"), table.message


def test_german_labels_of_each_games_words():
    """A few labels as a German player reads them, the action text unchanged in the tooltip."""
    from cardgames_widgets.actions import action_label
    from cardgames_widgets.faces import for_game

    def label(name: str, text: str, players: int | None = None) -> str:
        game = cardgames.load(name, players=players)
        action = _action(game, text)
        with cardgames.language("de"):
            return action_label(game, for_game(name), game.action_parts(action))

    assert label("brokdorf", "bid 3") == "Gebot 3"
    assert label("brokdorf", "play QC") == "spielen ♣D"
    assert label("bronko_donko", "duck") == "ducken"
    assert label("bronko_donko", "settle 3") == "abrechnen mit Spieler 4"  # seat 3, counted from 1
    assert label("brotherhood", "build_source a 1") == "Quelle bauen a 1"
    assert label("rowdy_partners", "coin +1") == "Coin +1"
    assert label("rowdy_partners", "name Gr") == "Farbe nennen Grabstein"
    with cardgames.language("en"):
        game = cardgames.load("bronko_donko")
        assert action_label(game, for_game("bronko_donko"), game.action_parts(_action(game, "settle 3"))) == (
            "settle player 4"
        )


def _action(game: Game, text: str):
    """The action of ``game`` whose text is ``text``, from the legal actions of a seeded playout's states."""
    for seed in range(40):
        for state in _played_out(game, seed, limit=3000):
            acting = game.to_act(state)
            for seat in acting:
                for action in game.legal_actions(state, seat):
                    if str(action) == text:
                        return action
    raise LookupError(text)


def test_brokdorfs_hand_buttons_print_the_letters_of_its_pictures():
    for language, queen, jack in (("de", "D", "B"), ("en", "Q", "J")):
        table = Table("brokdorf", players=4, seed=7, human=0, language=language)
        codes = {b.code: b.description for b in table.ui.hand_box.children}
        for code, label in codes.items():
            rank = code[:-1]
            shown = {"Q": queen, "J": jack}.get(rank, rank)
            assert label.endswith(shown), (code, label)
            face = card_html("brokdorf", code, language=language)
            assert f">{shown}</text>" in face, (code, face)


@pytest.mark.parametrize("name", GAMES)
def test_no_text_of_a_table_names_a_seat_by_its_0_based_number(name):
    """The log, the picture, the head and the message: no "player 0" / "Spieler 0" anywhere, in either language."""
    for players in _counts(name):
        for language in ("en", "de"):
            table = Table(name, players=players, seed=1, language=language)
            table.run_to_end(limit=120)
            ui = table.ui
            text = _text(ui.log.value + ui.head.value + ui.message.value + table.html())
            # the game's sentences say "Spieler 10 Karten" (ten cards each): only a seat 0 is surely wrong here
            found = re.findall(r".{0,40}\b(?:[Pp]layer|Spieler) 0\b.{0,20}", text)
            assert not found, f"{name}, {players} players ({language}): {found[:3]}"


def test_charts_name_the_seats_and_the_settlement_columns_as_people_read_them():
    from cardgames_widgets import hints_chart, settlement_chart

    df = cardgames.simulate("rowdy_partners", players=3, games=3, seed=1)
    game = cardgames.load("rowdy_partners", players=3)
    for language in ("en", "de"):
        spec = settlement_chart(df, by="player", language=language).to_dict()
        with cardgames.language(language):
            names = [game.seat_name(s) for s in range(3)]
        assert spec["hconcat"][0]["encoding"]["color"]["scale"]["domain"] == names  # A1, H, A2 in seat order
    german = settlement_chart(cardgames.simulate("bronko_donko", games=2, seed=1), language="de").to_dict()
    assert german["title"].startswith("HP verloren je Agent"), german["title"]
    # the table's hints: each action by its German label, the seat by its name
    table = Table("brokdorf", players=4, seed=7, language="de")
    hints = table.hints(worlds=2)
    spec = hints_chart(hints, language="de").to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert {row["label"] for row in rows} == set(hints["label"]) and all("bid" not in r["label"] for r in rows)
    with cardgames.language("de"):
        assert spec["title"]["text"] == f"Was jede Wahl von {table.game.seat_name(table.to_act()[0])} wert ist"


def test_a_german_what_if_names_both_actions_by_their_labels():
    from cardgames_widgets.actions import labels

    table = Table("brokdorf", players=4, seed=7, language="de")
    table.go_to(3)
    step = 1  # a bid: Brokdorf's second call
    move = table._steps[step]
    others = [str(a) for a in table.game.legal_actions(move.before, move.seat) if str(a) != str(move.action)]
    comparison = table.compare(step, others[-1], worlds=2)
    with cardgames.language("de"):
        shown = labels(table.game, table.face, table.game.legal_actions(move.before, move.seat))
    assert shown[others[-1]] != others[-1], "the alternative has a German label of its own"
    title = comparison.chart.to_dict()["title"]["text"]
    assert shown[others[-1]] in title and shown[str(move.action)] in title, title
    html = comparison.html()
    assert f'<code title="{others[-1]}">{shown[others[-1]]}</code>' in unescape(html)
