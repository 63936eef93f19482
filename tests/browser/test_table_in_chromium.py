"""One end-to-end test: the demo notebook served by Voila, clicked in headless Debian Chromium.

Playwright drives the browser that Debian's ``chromium`` package installs (see
scripts/ensure-chromium.sh); Playwright's own browser download is never used.  Under
CI=true a missing browser is a failure, elsewhere the test is skipped with the reason.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from .chromium import ARTIFACTS, chromium_page, voila_log_end, voila_serving

HERE = Path(__file__).parent

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@contextlib.contextmanager
def served_notebook(notebook: str, folder: Path):
    """Voila serving ``notebook`` (a file in tests/browser); gives its URL and the path of its log."""
    log_path = folder / "voila.log"
    with voila_serving(notebook, HERE, log_path) as url:
        yield url + "/", log_path


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """One Voila server for the module's tests: each page load starts its own kernel, so the tests stay apart."""
    with served_notebook("demo.ipynb", tmp_path_factory.mktemp("voila")) as served:
        yield served


@contextlib.contextmanager
def opened_table(url: str, height: int = 1000):
    """The served demo notebook in Chromium once its Table shows; gives the page and its step button."""
    with chromium_page(1280, height) as page:
        page.goto(url, timeout=90_000)
        step = page.locator(".cg-step")
        step.wait_for(state="visible", timeout=90_000)  # the kernel starts first
        yield page, step


def log_items(page) -> list[str]:
    return page.locator(".cg-log li").all_inner_texts()


def in_voila(voila, clicks):
    """Run ``clicks(url)`` on the Voila page; a failure shows the end of Voila's log beside it."""
    url, voila_log = voila
    try:
        clicks(url)
    except Exception as err:
        raise AssertionError(f"{err}\n--- voila log (end) ---\n{voila_log_end(voila_log)}") from err


def test_step_and_back_in_a_real_browser(voila):
    in_voila(voila, click_step_and_back)


def click_step_and_back(url):
    from playwright.sync_api import expect

    with opened_table(url, 1000) as (page, step):
        table = page.locator(".cg-table")
        start_picture = table.inner_html()
        assert log_items(page) == []
        for n in range(1, 5):
            step.click()
            expect(page.locator(".cg-log li")).to_have_count(n, timeout=15_000)
        after_four = log_items(page)
        four_picture = table.inner_html()
        assert all("(BK-" in line for line in after_four), after_four
        assert four_picture != start_picture
        page.locator(".cg-back").click()
        expect(page.locator(".cg-log li")).to_have_count(3, timeout=15_000)
        assert log_items(page) == after_four[:3]
        expect(page.locator(".cg-head")).to_contain_text("step 3 of 4")
        assert table.inner_html() != four_picture
        page.screenshot(path=str(ARTIFACTS / "browser-table.png"), full_page=True)
        # every clause id in the log carries its clause as a tooltip, read from the shipped rules
        clause = page.locator(".cg-log abbr.cg-rule").first
        assert clause.get_attribute("data-clause") == "BK-4.2"
        assert "A call is either a bid" in clause.get_attribute("title")
        # the rules panel shows a clause on the table in full
        pick = page.locator(".cg-rule-pick input")
        pick.fill("BK-4.11")
        pick.press("Enter")
        expect(page.locator(".cg-rule-text .cg-clause")).to_contain_text("Heading duty", timeout=15_000)
        # auto-play: the Play widget's ticks step the game until it is stopped
        play = page.locator(".cg-root .widget-play button")
        play.first.click()
        page.wait_for_function("document.querySelectorAll('.cg-log li').length >= 6", timeout=30_000)
        play.nth(1).click()  # stop
        page.wait_for_timeout(1500)
        stopped = page.locator(".cg-log li").count()
        page.wait_for_timeout(1500)
        assert page.locator(".cg-log li").count() == stopped >= 6


def test_hints_and_what_if_in_a_real_browser(voila):
    in_voila(voila, click_hints_and_what_if)


def click_hints_and_what_if(url):
    from playwright.sync_api import expect

    with opened_table(url, 1400) as (page, step):
        # hints: a few worlds, switched on; the chart of the actions' values appears, drawn offline
        worlds = page.locator(".cg-hints-worlds input")
        worlds.fill("6")
        worlds.press("Enter")
        page.locator(".cg-hints-switch").click()
        status = page.locator(".cg-hints-status .cg-hints-done")
        expect(status).to_contain_text("from player 4's information only: 6 worlds", timeout=90_000)
        chart = page.locator(".cg-hints-chart img.cg-chart")
        expect(chart).to_be_visible(timeout=30_000)
        assert chart.evaluate("img => img.complete && img.naturalWidth > 0"), "the chart's picture loads"
        # the table stays usable with hints on: a step moves on and the hints follow the new decision
        step.click()
        expect(page.locator(".cg-log li")).to_have_count(1, timeout=15_000)
        expect(page.locator(".cg-hints-status .cg-hints-done")).not_to_contain_text("player 4's", timeout=90_000)
        page.screenshot(path=str(ARTIFACTS / "browser-hints.png"), full_page=True)
        page.locator(".cg-hints-switch").click()
        expect(page.locator(".cg-hints-chart")).to_be_hidden(timeout=15_000)
        # what-if: one step back, another action than the one made there, compared over a few worlds
        step.click()
        expect(page.locator(".cg-log li")).to_have_count(2, timeout=15_000)
        page.locator(".cg-back").click()
        expect(page.locator(".cg-log li")).to_have_count(1, timeout=15_000)
        page.locator(".cg-whatif-switch").click()
        expect(page.locator(".cg-whatif-prompt")).to_contain_text("At step 1", timeout=15_000)
        select = page.locator(".cg-whatif-action select")
        options = select.locator("option").all_inner_texts()
        assert options, "the what-if offers the other legal actions"
        select.select_option(label=options[-1])
        whatif_worlds = page.locator(".cg-whatif-worlds input")
        whatif_worlds.fill("4")
        whatif_worlds.press("Enter")
        page.locator(".cg-whatif-compare").click()
        expect(page.locator(".cg-whatif-status .cg-whatif-done")).to_contain_text("4 worlds", timeout=90_000)
        branches = page.locator(".cg-whatif-branches")
        expect(branches.locator(".cg-branch-played")).to_be_visible()
        expect(branches.locator(".cg-branch-what-if")).to_contain_text(options[-1])
        expect(page.locator(".cg-whatif-chart img.cg-chart")).to_be_visible(timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / "browser-what-if.png"), full_page=True)


def test_open_hands_in_a_real_browser(voila):
    in_voila(voila, click_open_hands)


def click_open_hands(url):
    """The teacher's "open hands" line (issue 16): the solver's value of every legal card, hidden in a player's view."""
    from playwright.sync_api import expect

    with opened_table(url, 1000) as (page, step):
        line = page.locator(".cg-open-hands")
        page.locator(".cg-open-hands-switch").click()
        expect(line).to_contain_text("the bidding is still open", timeout=15_000)
        for n in range(1, 9):  # seed 7: four calls, the trump, three answers, then player 3 (seat 2) leads
            step.click()
            expect(page.locator(".cg-log li")).to_have_count(n, timeout=15_000)
        expect(line.locator(".cg-open-hands-values")).to_contain_text("open hands, player 3 to play", timeout=15_000)
        assert line.locator(".cg-open-card").count() == 5, "one value per legal card of the five"
        expect(line).to_contain_text("trick")
        page.screenshot(path=str(ARTIFACTS / "browser-open-hands.png"), full_page=True)
        page.locator(".widget-dropdown", has_text="view").locator("select").select_option(label="player 3")
        expect(line).to_contain_text("view hides the others' cards", timeout=15_000)
        assert line.locator(".cg-open-card").count() == 0
