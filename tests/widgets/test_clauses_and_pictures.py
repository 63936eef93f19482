"""Clause ids can be read where a table shows them, and every table has a picture that needs no kernel."""

from __future__ import annotations

import html
import re

import pytest
from cardgames_widgets import Table, clause_html, picture

import cardgames

from .conftest import GAMES

ABBR = re.compile(r'<abbr class="cg-rule" data-clause="([^"]+)" title="([^"]*)">([^<]+)</abbr>')


@pytest.mark.parametrize("name", GAMES)
def test_every_clause_id_in_the_log_has_its_clause_as_tooltip(name):
    table = Table(name, seed=3)
    table.run_to_end(limit=40)
    linked = ABBR.findall(table.log_html())
    assert linked, "the log names clauses, and each shows its text on hover"
    for clause_id, tooltip, shown in linked:
        clause = cardgames.rule(shown)
        assert clause.id == clause_id
        assert html.unescape(tooltip).startswith(clause.id)
        assert clause.text.replace("*", "").replace("`", "")[:40] in html.unescape(tooltip)


def test_a_refusal_names_its_clause_with_the_clause_as_tooltip():
    table = Table("brokdorf", players=4, seed=3, first_dealer=0)
    table.play("bid 3")
    assert not table.play("bid 2")
    message = table.ui.message.value
    assert 'data-clause="BK-4.2"' in message
    assert "A call is either a bid" in html.unescape(message)


def test_the_rules_panel_lists_the_clauses_on_the_table_and_shows_any_clause():
    table = Table("brokdorf", players=4, seed=3, first_dealer=0)
    table.play("bid 3")
    table.play("bid 2")  # refused under BK-4.2
    ui = table.ui
    assert ui.rule_pick.options[0] == "BK-4.2"  # the refusal first, then the log
    ui.rule_pick.value = "BK-4.11"
    assert "Heading duty" in ui.rule_text.value and 'data-clause="BK-4.11"' in ui.rule_text.value
    ui.rule_pick.value = "BK-4.111"
    assert "nearest ids: BK-4.11" in ui.rule_text.value and "cg-error" in ui.rule_text.value
    ui.rule_pick.value = ""
    assert ui.rule_text.value == ""


def test_a_finished_game_offers_the_clauses_of_its_settlement():
    table = Table("three_bridges", seed=2)
    table.run_to_end()
    offered = table.ui.rule_pick.options
    cells = " ".join(str(v) for row in table.settlement().rows() for v in row.values())
    assert set(cardgames.core.rulebook.cited(cells)) <= set(offered)


def test_clause_html_shows_text_heading_and_resolved_ambiguities():
    block = clause_html("BK-5.6")
    assert "<b>BK-5.6</b>" in block and "Durchmarsch" in block
    assert "Where the original text is unclear (decision 10)" in block  # the decision, apart from the clause text
    assert "<i>" in clause_html("BH-4.12.5")  # markdown italics become HTML
    with pytest.raises(ValueError, match="nearest ids"):
        clause_html("BK-4.111")


@pytest.mark.parametrize("name", GAMES)
def test_a_table_stores_a_static_picture_beside_its_live_view(name):
    table = Table(name, seed=1)
    table.step()
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    stored = bundle["text/html"]
    assert stored.startswith("<style>") and "cg-picture" in stored
    shown = html.unescape(re.sub(r"<[^>]+>", "", stored))  # the text a reader sees
    assert table.game.spec.title in stored and table.game.render(table.state).splitlines()[0] in shown
    caption = re.search(r"<div class=\"cg-caption\">(.*?)</div>", stored, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", html.unescape(caption)) == table.log[-1]  # the latest sentence under it
    again = Table(name, seed=1)
    again.step()
    assert again._repr_mimebundle_()["text/html"] == stored, "the picture is the same every run (nbval compares it)"


@pytest.mark.parametrize("name", ["brokdorf", "bronko_donko", "three_bridges", "rowdy_partners"])
def test_card_games_are_drawn_with_inline_svg_faces(name):
    game = cardgames.load(name)
    shown = picture(game, game.new(seed=5))
    assert shown.html.count("<svg") >= 5
    assert "http" not in shown.html.replace("http://www.w3.org", ""), "nothing is fetched from the network"
    assert shown._repr_html_() == shown.html
    seat = game.to_act(game.new(seed=5))[0]
    assert repr(shown) == f"<picture of {name} (every hand, to act: {game.seat_name(seat)})>"


def test_a_picture_from_one_seat_hides_the_other_hands():
    game = cardgames.load("brokdorf", players=4)
    state = game.new(seed=5)
    teacher, seat0 = picture(game, state).html, picture(game, state, perspective=0).html
    assert teacher.count("<svg") > seat0.count("<svg") > 0
    assert f"{game.seat_name(0)}'s view" in repr(picture(game, state, perspective=0))
    with pytest.raises(ValueError):
        picture(game, state, perspective=9)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_is_pictured_with_its_settlement(name):
    game = cardgames.load(name)
    state = cardgames.replay(cardgames.record(game, _finished(game)))[-1]
    shown = picture(game, state, caption="over (BK-6.1)" if name == "brokdorf" else "")
    assert "game over" in shown.html and "cg-settlement-table" in shown.html
    for row in game.settlement(state).rows():
        assert str(row["player"]) in shown.html


def _finished(game):
    import random

    state, rng = game.new(seed=11), random.Random(0)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, legal[rng.randrange(len(legal))], seat)
    return state


def test_a_card_offered_with_a_declaration_is_marked_in_the_hand():
    """`place Chr=E B` (Three Bridges) and `Wolf=Ge6` formations name the plain card the hand shows."""
    from cardgames_widgets.layout import legal_codes

    import cardgames

    bridges, bronko = cardgames.load("three_bridges"), cardgames.load("bronko_donko")
    chronist = _placed_chronist()
    assert {"Chr", "Chr=E"} <= legal_codes(bridges, [chronist])
    wolf = _wolf_formation(bronko)
    assert {"Wolf", "Wolf=Ge5", "Ro5"} <= legal_codes(bronko, [wolf])  # open Wolf=Ge5 Ro5


def _placed_chronist():
    from cardgames.three_bridges.rules import PLACE_CHR

    return next(a for a in PLACE_CHR[1] if str(a) == "place Chr=E B")


def _wolf_formation(game):
    from cardgames.bronko_donko.rules import PLACE

    return next(a for verb in PLACE for vest in verb for a in vest if str(a) == "open Wolf=Ge5 Ro5")


# --- how a picture lays out its lines (issue 31): each hand in one labelled element, nothing cryptic ---

PYTHON_LIST = re.compile(r"\[\d+(?:, \d+)+\]")  # [0, 0, 0]: how Python prints a list, not how a person writes
SEAT_COLON = re.compile(r"(?<![\w:])\d:(?:\d|GUT)")  # 4:0, 1:GUT: a seat number glued to its value


def _playout(name: str, seed: int = 3, steps: int = 200):
    """The states of a seeded random playout of ``name``."""
    import random

    game = cardgames.load(name)
    state, rng = game.new(seed=seed), random.Random(seed)
    states = [state]
    for _turn in range(steps):
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        states.append(state)
    return game, states


def _board_text(shown: str) -> str:
    """The text a reader sees in a picture's table box (``cg-pre``), without tags."""
    box = shown[shown.index('<div class="cg-pre">') :]
    return html.unescape(re.sub(r"<[^>]+>", " ", box))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", GAMES)
def test_no_picture_prints_a_python_list_a_glued_seat_or_an_undefined_suit(name, language):
    game, states = _playout(name)
    for state in states[::7]:
        text = _board_text(picture(game, state, language=language).html)
        assert not PYTHON_LIST.search(text), text
        assert not SEAT_COLON.search(text), text
        assert "undefined" not in text and "undefiniert" not in text, text


@pytest.mark.parametrize("language", ["en", "de"])
def test_brokdorf_names_each_seat_in_its_points_and_calls(language):
    table = Table("brokdorf", players=4, seed=2026, language=language)
    table.step()  # player 4 calls first
    text = _board_text(table.picture().html)
    called = {"en": "calls: player\xa04:\xa0bid\xa0", "de": "Ansagen: Spieler\xa04:\xa0Gebot\xa0"}[language]
    points = {"en": "points: player\xa01:\xa015, ", "de": "Punkte: Spieler\xa01:\xa015, "}[language]
    assert called in text and points in text
    tournament = cardgames.load("brokdorf", players=4, tournament=True)
    text = _board_text(picture(tournament, tournament.new(seed=1), language=language).html)
    euros = {"en": r"euros: player\xa01:\xa010\.00, ", "de": r"Euro: Spieler\xa01:\xa010,00, "}[language]
    assert re.search(euros, text) and not SEAT_COLON.search(text)


@pytest.mark.parametrize("language", ["en", "de"])
def test_bronko_donko_names_each_seat_in_its_orden(language):
    game = cardgames.load("bronko_donko")
    text = _board_text(picture(game, game.new(seed=3), language=language).html)
    seat = {"en": "player", "de": "Spieler"}[language]
    assert f"Orden: {seat}\xa01:\xa00, {seat}\xa02:\xa00, {seat}\xa03:\xa00" in text


def test_brokdorf_seats_are_rows_of_one_table_so_their_roles_line_up():
    table = Table("brokdorf", players=3, seed=3)
    for _turn in range(12):
        table.step()
    shown = table.picture().html
    seats = re.findall(r'<table class="cg-seats">(.*?)</table>', shown, re.S)
    assert len(seats) == 1, "the seats' lines are one table"
    rows = re.findall(
        r'<tr class="cg-seat"><th class="cg-label" scope="row">(\d)</th><td>(.*?)</td>'
        r'<td class="cg-note">(.*?)</td></tr>',
        seats[0],
        re.S,
    )
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert {"MIT", "WEG"} & {note.split()[0] for _seat, _cards, note in rows if note}, rows


def test_rowdy_partners_gives_each_wrestler_a_block_with_his_hand_under_its_label():
    game, states = _playout("rowdy_partners")
    shown = picture(game, states[20], language="de").html
    blocks = re.findall(r'<div class="cg-line cg-wide">(.*?)</div>(?=<div|<table|</div>)', shown, re.S)
    assert len(blocks) == game.players
    for block in blocks:
        hands = re.findall(r'<span class="cg-group cg-under"><span class="cg-label">([^<]*)</span>', block)
        assert hands == ["Hand"], block[:300]


def test_marks_written_against_a_card_stay_with_it():
    """Bronko-Donko's ``[ … ]`` around a hand and Three Bridges' face-down ``[H-X]`` never start a line alone."""
    game = cardgames.load("bronko_donko")
    shown = picture(game, game.new(seed=3)).html
    assert re.search(r'<span class="cg-unit">\[<span class="cg-card', shown)
    assert re.search(r"</svg></span>\]</span>", shown)
    assert "] Schläger" not in shown and ": [" not in shown

    from cardgames_widgets.faces import for_game
    from cardgames_widgets.layout import table_html

    from cardgames.core.game import Face

    class Row:  # Rowdy Partners' row: who placed each card is written against it, and what is attached after it
        def layout(self, state, player=None):
            card = Face("Ha2", "Ha2")
            return ((" row: B2:", card, "  A2:", card, "+sig W3 St  B1:", card),)

    units = re.findall(
        r'<span class="cg-unit">([^<]*)<span class="cg-card.*?</svg></span>([^<]*)</span>',
        table_html(Row(), None, None, [], for_game("rowdy_partners")),
    )
    assert units == [("B2:", ""), ("A2:", "+sig W3 St"), ("B1:", "")]


def test_clause_ids_in_a_picture_never_break_at_their_hyphen():
    game = cardgames.load("rowdy_partners")
    shown = picture(game, game.new(seed=3), caption="see RP-4.9").html
    box = shown[shown.index('<div class="cg-pre">') :]
    assert re.search(r'<abbr class="cg-rule" data-clause="RP-4.9" title="[^"]*">RP-4.9</abbr>', box)
    rule = re.search(r"\.cg-rule \{([^}]*)\}", shown)
    assert rule is not None and "white-space: nowrap" in rule.group(1)


def test_the_brotherhood_board_is_a_table_that_scrolls_in_its_own_box():
    table = Table("brotherhood", seed=3)
    shown = table.picture().html
    board = re.search(r'<div class="cg-scroll"><table class="cg-board">(.*?)</table></div>', shown, re.S)
    assert board is not None
    rows = re.findall(r'<tr class="cg-board-row">(.*?)</tr>', board.group(1))
    assert len(rows) == 7 and {row.count("<td>") for row in rows} == {table.game.players + 1}
