"""A German table served by Voila and clicked in headless Debian Chromium (issue 17).

The notebook ``demo_de.ipynb`` opens ``Table("brokdorf", players=4, seed=7, language="de")``
in a session that speaks English: the buttons, the head line, the log and the clause
tooltips are German, clicks keep them German, and the table's language dropdown switches
it to English in place.  Voila and the browser are started as in ``test_table_in_chromium``
(its helpers: Debian's chromium, a free port, Voila's log shown on failure).
"""

from __future__ import annotations

import pytest

from .chromium import ARTIFACTS
from .test_table_in_chromium import in_voila, log_items, opened_table, served_notebook

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture
def voila_de(tmp_path):
    """Voila serving the German demo notebook; yields its URL and the path of its log."""
    with served_notebook("demo_de.ipynb", tmp_path) as served:
        yield served


def test_a_german_table_in_a_real_browser(voila_de):
    in_voila(voila_de, click_a_german_table)


def click_a_german_table(url):
    from playwright.sync_api import expect

    with opened_table(url) as (page, step):
        expect(step).to_have_text("Schritt ▶")
        expect(page.locator(".cg-back")).to_have_text("◀ zurück")
        expect(page.locator(".cg-head")).to_contain_text("4 Spieler · Seed 7 · Schritt 0 · am Zug: Spieler 4")
        assert log_items(page) == []
        # a click: the game's sentence in German, its clause id with the German clause as tooltip
        step.click()
        expect(page.locator(".cg-log li")).to_have_count(1, timeout=15_000)
        assert log_items(page) == ["Spieler 4 sagt GUT und passt (BK-4.2)."]  # seat 3: people count from 1
        expect(page.locator(".cg-head")).to_contain_text("Schritt 1 · am Zug: Spieler 1")
        clause = page.locator(".cg-log abbr.cg-rule").first
        assert clause.get_attribute("data-clause") == "BK-4.2"
        assert "Eine Ansage ist entweder ein Gebot" in clause.get_attribute("title")
        step.click()
        expect(page.locator(".cg-log li")).to_have_count(2, timeout=15_000)
        assert log_items(page)[1].startswith("Spieler 1 ")
        # back to the start and one step back: the head says where the table is, in German
        page.locator(".cg-start").click()
        expect(page.locator(".cg-log li")).to_have_count(0, timeout=15_000)
        page.locator(".cg-step").click()
        expect(page.locator(".cg-log li")).to_have_count(1, timeout=15_000)
        page.locator(".cg-back").click()
        expect(page.locator(".cg-log li")).to_have_count(0, timeout=15_000)
        expect(page.locator(".cg-head")).to_contain_text("Schritt 0 von 2")
        page.screenshot(path=str(ARTIFACTS / "browser-table-de.png"), full_page=True)
        # the table's language dropdown: the same table in English, relabelled in place
        page.locator(".cg-language select").select_option(label="English")
        expect(page.locator(".cg-step")).to_have_text("step ▶", timeout=15_000)
        expect(page.locator(".cg-head")).to_contain_text("4 players · seed 7 · step 0 of 2")
        page.locator(".cg-step").click()
        expect(page.locator(".cg-log li")).to_have_count(1, timeout=15_000)
        assert log_items(page) == ["Player 4 says GUT, passing (BK-4.2)."]


#: a German human table of each kind the walk of issue 31 clicked: buttons and typed labels (Brokdorf), the
#: order form (The Brotherhood)
HUMAN_CELLS = [
    "from cardgames_widgets import Table",
    "Table('brokdorf', players=4, seed=2026, human=0, language='de')",
    "Table('brotherhood', seed=2026, human=0, language='de')",
]
#: does a button show its whole label (no "ausf…")?
CLIPPED = "el => el.scrollWidth > el.clientWidth + 1"


@pytest.fixture
def voila_human_de(tmp_path):
    """Voila serving a notebook of German human tables, written for the test; yields its URL and log path."""
    import nbformat

    from .chromium import voila_serving

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in HUMAN_CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, tmp_path / "human_de.ipynb")
    log_path = tmp_path / "voila.log"
    with voila_serving("human_de.ipynb", tmp_path, log_path) as url:
        yield url + "/", log_path


def test_a_german_human_table_at_400_px_takes_typed_labels(voila_human_de):
    in_voila(voila_human_de, type_at_a_german_human_table)


def type_at_a_german_human_table(url):
    """Issue 31, walk items 2, 10 and 17: what the chips show can be typed, and nothing is cut at 400 px."""
    from playwright.sync_api import expect

    from .chromium import chromium_page

    with chromium_page(400, 1400) as page:
        page.goto(url, timeout=90_000)
        roots = page.locator(".cg-root")
        expect(roots).to_have_count(2, timeout=120_000)
        brokdorf, brotherhood = roots.nth(0), roots.nth(1)
        head = brokdorf.locator(".cg-head")
        expect(head).to_contain_text("erlaubt für Spieler 1:")
        text = brokdorf.locator(".cg-human input[type=text]")
        assert "z. B. Gebot" in text.get_attribute("placeholder")
        # a text the game cannot read: said once, in lines of their own height
        text.fill("Gebot 9")
        brokdorf.locator(".cg-send").click()
        message = brokdorf.locator(".cg-message .cg-error")
        # a label of a bid the rules do not allow: the game's own refusal with its clause, not "not understood"
        expect(message).to_contain_text("Nicht erlaubt: Ein Gebot ist eine Stichzahl von 0 bis 5", timeout=30_000)
        expect(message).to_contain_text("(BK-4.2)")
        line = message.evaluate(
            "el => parseFloat(getComputedStyle(el).lineHeight) / parseFloat(getComputedStyle(el).fontSize)"
        )
        assert line < 1.6, f"the refusal's lines are {line:.2f} font sizes apart"
        # the label a button shows, typed in another case: played
        text.fill("GEBOT 3")
        brokdorf.locator(".cg-send").click()
        expect(brokdorf.locator(".cg-log li").filter(has_text="Spieler 1 bietet 3 Stiche")).to_have_count(
            1, timeout=30_000
        )
        # the hints switch says at once that it works, before its chart (seconds on a busy machine)
        brokdorf.locator(".cg-hints-switch").click()
        expect(brokdorf.locator(".cg-hints-status")).to_contain_text("…", timeout=10_000)
        brokdorf.locator(".cg-hints-switch").click()
        # The Brotherhood's form: the button shows its whole label, "passen" has no empty dropdown beside it
        send = brotherhood.locator(".cg-send-order")
        send.scroll_into_view_if_needed()
        assert send.inner_text().strip() == "ausführen"
        assert not send.evaluate(CLIPPED), "the label 'ausführen' is cut"
        assert not brotherhood.locator(".cg-send").evaluate(CLIPPED)
        brotherhood.locator(".cg-form select").first.select_option(label="passen")
        expect(brotherhood.locator(".cg-form select").nth(1)).to_be_hidden(timeout=15_000)
        expect(brotherhood.locator(".cg-legal-group").first).to_contain_text("Zahlung an P2: 1–20")
        page.screenshot(path=str(ARTIFACTS / "browser-human-table-de-400.png"), full_page=True)
