"""Pictures and table heads read on a desk (1300 px) and on a phone (400 px), in headless Debian Chromium (issue 31).

A stored picture (``picture(...)``, what a notebook shows without a kernel) is opened as a
page of its own at both widths.  A hand stays on one row beside or under its label at
1300 px, even Rowdy Partners' longest; at 400 px it may wrap, but inside the box that
its label heads, and nothing runs off the page.  The head's legal-move chips never split
inside an action, and a settlement table's headings never break inside a word.  No Voila
is needed: the pictures are static HTML.  Chromium is started as in
``test_table_in_chromium`` (Debian's chromium; skipped with the reason where it is missing).
"""

from __future__ import annotations

import random

import pytest
from cardgames_widgets import Table, picture
from cardgames_widgets.layout import CSS

import cardgames

from .chromium import ARTIFACTS, launched_chromium

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WIDTHS = (1300, 400)
#: each run of cards: how many, on how many rows, its label and where both are; the label is the one of its group
#: (``Hand``), of its seat's row (``1``) or of its column (``player 1:``)
HANDS = """() => [...document.querySelectorAll('.cg-cards')].map(box => {
  const cards = [...box.querySelectorAll('.cg-card')];
  const holder = box.closest('.cg-group, tr.cg-seat, .cg-cell');
  const label = holder ? holder.querySelector('.cg-label') : null;
  const at = box.getBoundingClientRect();
  const head = label ? label.getBoundingClientRect() : null;
  return {
    cards: cards.length,
    rows: new Set(cards.map(c => Math.round(c.getBoundingClientRect().top))).size,
    label: label ? label.innerText.trim() : '',
    beside: head !== null && Math.abs(head.top + head.height / 2 - (at.top + at.height / 2)) < at.height / 2,
    under: head !== null && head.bottom <= at.top + 1,
    right: at.right,
  };
})"""
#: each seat's block (a wrestler of Rowdy Partners, a row of the seats' table): cards that lie outside it
SPILLED = """() => [...document.querySelectorAll('.cg-wide, tr.cg-seat')].flatMap(block => {
  const at = block.getBoundingClientRect();
  return [...block.querySelectorAll('.cg-card')].map(c => c.getBoundingClientRect())
    .filter(c => c.top < at.top - 1 || c.bottom > at.bottom + 1 || c.left < at.left - 1 || c.right > at.right + 1)
    .map(c => ({block: block.innerText.slice(0, 40), top: c.top, bottom: c.bottom, blockTop: at.top,
                blockBottom: at.bottom}));
})"""
#: the left edge of each cell of each row of the given tables (``.cg-board``, ``.cg-seats``): x positions per row
COLUMN_XS = """(selector) => [...document.querySelectorAll(selector)].map(table =>
  [...table.querySelectorAll('tr')].map(row => [...row.children].map(cell => Math.round(cell.getBoundingClientRect().left))))"""
#: each board cell's text on how many lines (1: the column is not wrapped)
BOARD_LINES = """() => [...document.querySelectorAll('.cg-board td')].map(cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
})"""
#: the clause ids that a line break cuts in two
SPLIT_CLAUSES = """() => [...document.querySelectorAll('abbr.cg-rule')]
  .filter(a => new Set([...a.getClientRects()].map(r => Math.round(r.top))).size > 1).map(a => a.innerText)"""
#: the words of each element matching the selector that a line break cuts in two (after a hyphen is no cut:
#: "Plus-Fünfer" may break as German breaks it)
SPLIT_WORDS = """(selector) => {
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) found.push(match[0]);
      }
    }
  }
  return found;
}"""
#: each chip that a line break cuts in two
SPLIT_CHIPS = """() => [...document.querySelectorAll('.cg-legal-list code')]
  .filter(chip => new Set([...chip.getClientRects()].map(r => Math.round(r.top))).size > 1)
  .map(chip => chip.innerText)"""


@pytest.fixture(scope="module")
def browser():
    yield from launched_chromium()


def _page(browser, width: int, html: str):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.set_content(f'<!doctype html><html><body style="margin: 8px">{html}</body></html>')
    return page


def _longest_hand(name: str, players: int | None = None, seeds: int = 30):
    """The state of a seeded random playout where one hand is longest (Rowdy Partners: nine cards)."""
    game = cardgames.load(name, players=players)
    best, most = None, -1
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while game.to_act(state):
            size = max(len(game.hand(state, seat) or ()) for seat in range(game.players))
            if size > most:
                best, most = state, size
            seat = game.to_act(state)[0]
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    return game, best, most


def _finished(name: str, seed: int = 2):
    game = cardgames.load(name)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    return game, state


def assert_no_page_scroll(page, width: int) -> None:
    """The page is no wider than the window: whatever is wider scrolls in its own box."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide at {width} px"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", WIDTHS)
def test_rowdy_partners_hands_stay_with_their_labels(browser, width, language):
    game, state, most = _longest_hand("rowdy_partners")
    assert most >= 9, "a playout deals a nine-card hand"
    page = _page(browser, width, picture(game, state, language=language).html)
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"picture-rowdy-{width}-{language}.png"), full_page=True)
        hands = [h for h in page.evaluate(HANDS) if h["label"] != "row:" and h["label"] != "Reihe:"]
        assert max(h["cards"] for h in hands) == most
        assert page.evaluate(SPILLED) == [], f"a card outside its wrestler's block at {width} px"
        wrestlers = page.locator(".cg-wide")
        assert wrestlers.count() == game.players
        for n in range(game.players):
            wrestler = wrestlers.nth(n)
            assert wrestler.locator(".cg-under > .cg-label").inner_text() == {"en": "hand", "de": "Hand"}[language]
            # each wrestler is set off from the line above by a rule
            assert wrestler.evaluate("el => getComputedStyle(el).borderTopStyle") != "none"
        for hand in hands:
            assert hand["label"], f"an unlabelled run of cards at {width} px: {hand}"
            assert hand["beside"] or hand["under"], f"a run of cards away from its label at {width} px: {hand}"
            assert hand["right"] <= width, f"a run of cards off the page at {width} px: {hand}"
            if width == 1300:
                assert hand["rows"] == 1, f"a hand on {hand['rows']} rows at 1300 px: {hand}"
        assert_no_page_scroll(page, width)
    finally:
        page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_legal_move_chips_never_split_inside_an_action(browser, width):
    for name, language in (("bronko_donko", "de"), ("brotherhood", "de"), ("three_bridges", "en")):
        table = Table(name, seed=3, language=language)
        for _turn in range(4):
            table.step()
        page = _page(browser, width, CSS + f'<div class="cg-root">{table.ui.head.value}</div>')
        try:
            assert page.locator(".cg-legal-list code").count() > 0
            assert page.evaluate(SPLIT_CHIPS) == [], f"{name} at {width} px"
        finally:
            page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_settlement_headings_never_break_inside_a_word(browser, width):
    for name in ("brotherhood", "brokdorf", "rowdy_partners"):
        game, end = _finished(name)
        for language in ("en", "de"):
            page = _page(browser, width, picture(game, end, language=language).html)
            try:
                assert page.locator(".cg-settlement-table th").count() > 3
                assert page.evaluate(SPLIT_WORDS, ".cg-settlement-table th") == [], f"{name} ({language})"
                if name == "brotherhood":
                    page.screenshot(path=str(ARTIFACTS / f"picture-settlement-{width}-{language}.png"))
            finally:
                page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_brotherhood_board_keeps_its_columns(browser, width):
    """Each column of the board keeps its x on every row; on a phone the board scrolls in its own box."""
    table = Table("brotherhood", seed=3, language="de")
    for _turn in range(6):
        table.step()
    page = _page(browser, width, table.picture().html)
    try:
        page.screenshot(path=str(ARTIFACTS / f"picture-brotherhood-{width}.png"), full_page=True)
        (rows,) = page.evaluate(COLUMN_XS, ".cg-board")
        assert len(rows) == 7 and all(row == rows[0] for row in rows), rows
        assert set(page.evaluate(BOARD_LINES)) == {1}, "a board cell wraps"
        scroll = page.locator(".cg-scroll").evaluate("el => [el.scrollWidth, el.clientWidth]")
        if width == 400:
            assert scroll[0] > scroll[1], "the board is wider than a phone: it scrolls in its box"
        else:
            assert scroll[0] <= scroll[1]
        assert_no_page_scroll(page, width)
    finally:
        page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_seats_keep_their_cards_and_notes_in_line(browser, width):
    """Brokdorf's and Bronko-Donko's seats: each hand in its row, the notes (MIT, Stiche) in one column."""
    shots = {
        "brokdorf": Table("brokdorf", players=3, seed=3, language="de"),
        "bronko_donko": Table("bronko_donko", seed=3, language="de"),
    }
    for name, table in shots.items():
        for _turn in range(12 if name == "brokdorf" else 6):
            table.step()
        page = _page(browser, width, table.picture().html)
        try:
            page.screenshot(path=str(ARTIFACTS / f"picture-{name}-{width}.png"), full_page=True)
            assert page.evaluate(SPILLED) == [], f"{name}: a card outside its seat's row at {width} px"
            (rows,) = page.evaluate(COLUMN_XS, ".cg-seats")
            assert len(rows) == table.game.players
            assert all(row == rows[0] for row in rows), f"{name}: the seats' columns do not line up: {rows}"
            for hand in page.evaluate(HANDS):
                assert hand["label"] and (hand["beside"] or hand["under"]), hand
            assert_no_page_scroll(page, width)
        finally:
            page.close()


#: how a notebook page sizes every table (mkdocs-jupyter's and JupyterLab's styles on the site), a picture's included
NOTEBOOK_TABLES = "<style>table {width: max-content;}</style>"


@pytest.mark.parametrize("width", (*WIDTHS, 320))
def test_three_bridges_columns_stay_whole(browser, width):
    """Each bridge's ``player N: … (x)`` column is whole on one line; the table is never cut on the right.

    The picture sits in a page that sizes tables to their content, as the site's notebook pages do:
    stacked on a phone, the bridges' table is still only as wide as its box (on the site at 400 px,
    whose box is as narrow as this page's at 320 px, it ran out of it by 6 to 28 px).
    """
    table = Table("three_bridges", seed=19, first_player=0, agents="greedy", language="de")
    table.run_to_end()
    page = _page(browser, width, NOTEBOOK_TABLES + table.picture().html)
    try:
        page.screenshot(path=str(ARTIFACTS / f"picture-three-bridges-{width}.png"), full_page=True)
        assert page.locator(".cg-cell").count() == 9
        assert page.evaluate(SPLIT_WORDS, ".cg-cell .cg-label, .cg-cell .cg-note") == []
        cells = page.evaluate("""() => [...document.querySelectorAll('.cg-cell')].map(cell => {
          const parts = [...cell.children].map(p => p.getBoundingClientRect());
          return {text: cell.innerText, lines: new Set(parts.map(p => Math.round(p.top + p.height / 2))).size};
        })""")
        assert all(cell["lines"] == 1 for cell in cells), cells
        box = page.locator(".cg-pre").evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert box[0] <= box[1], f"the table is cut on the right at {width} px: {box}"
        assert page.evaluate(SPLIT_CLAUSES) == []
    finally:
        page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_clause_ids_never_break_at_their_hyphen(browser, width):
    game, state, _most = _longest_hand("rowdy_partners", seeds=3)
    caption = "RP-4.9 " * 40  # a caption of clause ids that must wrap between them, never inside one
    page = _page(browser, width, picture(game, state, caption=caption, language="de").html)
    try:
        assert page.locator("abbr.cg-rule").count() >= 40
        assert page.evaluate(SPLIT_CLAUSES) == []
    finally:
        page.close()


def test_what_if_branches_stack_on_a_phone(browser):
    """The what-if's two branches sit side by side at 1300 px and one under the other at 400 px, neither cut."""
    from cardgames_widgets.hints import other_actions

    table = Table("three_bridges", seed=19, first_player=0, agents="greedy", language="de")
    for _turn in range(8):
        table.step()
    comparison = table.compare(6, other_actions(table, 6)[0], worlds=2, seed=1)
    for width in WIDTHS:
        page = _page(browser, width, comparison._repr_html_())
        try:
            page.screenshot(path=str(ARTIFACTS / f"picture-what-if-{width}.png"), full_page=True)
            played, other = (page.locator(f".cg-branch-{name}").bounding_box() for name in ("played", "what-if"))
            assert played and other
            if width == 400:
                assert other["y"] >= played["y"] + played["height"] - 1, (
                    f"the branches are not stacked: {played, other}"
                )
            else:
                assert other["y"] == played["y"] and other["x"] > played["x"], "the branches are not side by side"
            assert max(played["x"] + played["width"], other["x"] + other["width"]) <= width
            box = page.locator(".cg-branches").evaluate("el => [el.scrollWidth, el.clientWidth]")
            assert box[0] <= box[1], f"a branch is cut on the right at {width} px: {box}"
            assert_no_page_scroll(page, width)
        finally:
            page.close()


#: the flex boxes ipywidgets puts around an HTML widget (its CSS, as Voila and JupyterLab load it)
WIDGET_BOX = """<style>
.widget-inline-hbox {box-sizing: border-box; display: flex; flex-direction: row; align-items: baseline;}
.widget-html > .widget-html-content {align-self: stretch; flex-grow: 1; flex-shrink: 1; position: relative;}
.widget-vbox {display: flex; flex-direction: column; box-sizing: border-box; overflow: auto;}
</style><div class="widget-vbox cg-root"><div class="widget-html widget-inline-hbox cg-table">
<div class="widget-html-content">{html}</div></div></div>"""


def test_the_live_tables_picture_fits_a_phone(browser):
    """In the widget's flex boxes the finished Three Bridges table is as wide as the phone; only its
    settlement scrolls, inside its own box (the walk found the whole table cut on the right)."""
    table = Table("three_bridges", seed=19, first_player=0, agents="greedy", language="de")
    table.run_to_end()
    page = _page(browser, 400, WIDGET_BOX.replace("{html}", table.ui.picture.value))
    try:
        page.screenshot(path=str(ARTIFACTS / "picture-live-table-400.png"), full_page=True)
        for selector in (".widget-vbox", ".cg-pre"):
            box = page.locator(selector).evaluate("el => [el.scrollWidth, el.clientWidth]")
            assert box[0] <= box[1], f"{selector} is cut on the right: {box}"
        settlement = page.locator(".cg-settlement").evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert settlement[1] <= 400
    finally:
        page.close()
