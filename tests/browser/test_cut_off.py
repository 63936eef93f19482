"""The cut-off check the site and Voila tests rely on still finds what it is for.

``cut_off`` waits for a page's fonts and frames and asks again while a scrollbar may still be on
its way; these pages show that waiting does not make it blind: a box that hides its overflow, or
that overflows without a scrollbar, is still reported, and one that scrolls with a bar is not.
"""

from __future__ import annotations

import pytest

from browser.chromium import cut_off, launched_chromium, scrollbars_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WIDE = "<pre style='margin:0'>" + "wide " * 80 + "</pre>"


@pytest.fixture(scope="module")
def shown():
    for browser in launched_chromium():
        with scrollbars_shown(browser) as drawn:
            yield drawn


def _found(browser, style: str) -> list[str]:
    page = browser.new_page(viewport={"width": 400, "height": 600})
    try:
        page.set_content(f"<main><div class='box' style='{style}'>{WIDE}</div></main>")
        return cut_off(page, "main", tries=2)
    finally:
        page.close()


def test_a_box_that_hides_its_overflow_is_reported_as_cut_off(shown):
    found = _found(shown, "overflow-x: hidden")
    assert len(found) == 1 and found[0].startswith("cut off (") and "DIV.box" in found[0], found


def test_a_box_that_scrolls_without_a_bar_is_reported(shown):
    found = _found(shown, "overflow-x: auto; scrollbar-width: none")
    assert found and all(f.startswith("scrolls with no visible scrollbar: DIV.box") for f in found), found


def test_a_box_that_scrolls_with_a_bar_is_not_reported(shown):
    assert _found(shown, "overflow-x: auto") == []
