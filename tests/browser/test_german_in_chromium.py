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
