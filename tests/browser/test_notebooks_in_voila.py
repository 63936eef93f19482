"""Every notebook served by Voila as a class opens it: offline, with working links, no errors.

Voila serves the repository's root as Jupyter does on Binder (``/voila/render/notebooks/...``),
with the configuration that `make install` links into the environment (etc/jupyter/voila.py and
the ``cardgames`` template, scripts/install-voila.sh).  Debian's Chromium opens each notebook and
the test fails on

* a request that leaves the machine (Voila's stock template asks a CDN for Font Awesome),
* a response of 400 or more (the rules links answered 403),
* an error in the browser's console (JupyterLab extensions that cannot load into Voila; a widget
  whose model the page does not find, as altair's anywidget charts were on a busy machine),
* a widget that shows "Error displaying widget" instead of itself,
* a stored picture (a chart) wider than the page at 1300 px or, the same page narrowed, at 400 px,
* a cell that failed while Voila ran it,
* a link in the page to a file of the repository that does not open (checked by a request of its
  own; a link to another notebook is checked on disk, since opening it would run it).

A screenshot of each page goes to test-artifacts/voila/.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest

from .chromium import (
    ARTIFACTS,
    SPLIT_IDS,
    cut_off,
    launched_chromium,
    scrollbars_shown,
    voila_log_end,
    voila_serving,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "notebooks").rglob("*.ipynb"))
LOCAL = ("http://127.0.0.1", "data:", "blob:", "about:")

# its own group: the walk takes one pytest worker while the other runs the rest
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("voila-notebooks")]


def installed_configuration() -> Path:
    """The Voila configuration of this repository in the running environment, or a clear failure."""
    config = Path(sys.prefix) / "etc" / "jupyter" / "voila.py"
    template = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "cardgames"
    if not (config.exists() and (template / "index.html.j2").exists()):
        pytest.fail(f"Voila's configuration is not installed in {sys.prefix}: run `bash scripts/install-voila.sh`")
    return config


@pytest.fixture(scope="module")
def voila_root(tmp_path_factory):
    """Voila serving the repository's root; yields its base URL and the path of its log."""
    installed_configuration()
    log_path = tmp_path_factory.mktemp("voila-notebooks") / "voila.log"
    with voila_serving(".", ROOT, log_path) as base:
        yield base, log_path


@pytest.fixture(scope="module")
def browser():
    yield from launched_chromium()


def test_the_configuration_keeps_voila_offline_and_serves_the_rules():
    """What the walk below relies on, said in the configuration itself."""
    text = (ROOT / "etc" / "jupyter" / "voila.py").read_text()
    assert 'template = "cardgames"' in text
    assert r"md)" in text and "charset=utf-8" in text
    template = (ROOT / "share" / "jupyter" / "voila" / "templates" / "cardgames" / "index.html.j2").read_text()
    assert "fontawesome" in template  # the CDN links it removes


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_notebook_in_voila(voila_root, browser, notebook):
    base, log_path = voila_root
    problems: list[str] = []
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.on("console", lambda m: console_error(m, problems, notebook))
    page.on("pageerror", lambda e: page_error(e, problems, notebook))
    page.on(
        "request",
        lambda r: problems.append(f"outside request: {r.url}") if not r.url.startswith(LOCAL) else None,
    )
    page.on("response", lambda r: problems.append(f"{r.status} for {r.url}") if r.status >= 400 else None)
    try:
        rendered(page, base, notebook)
        body = page.inner_text("body")
        assert "There was an error when executing cell" not in body, body[:2000]
        problems.extend(f"a widget shows {line!r}" for line in body.splitlines() if "Error displaying widget" in line)
        problems.extend(pictures_cut(page, 1300))
        problems.extend(
            f"a picture without words: {src[:60]}"
            for src in page.eval_on_selector_all(
                "#rendered_cells .jp-RenderedImage img", "imgs => imgs.filter(i => !i.alt.trim()).map(i => i.src)"
            )
        )
        for link in links_to_check(page, notebook):
            problems.extend(check_link(page, base, link))
        shots = ARTIFACTS / "voila"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / (notebook.replace("/", "__") + ".png")))
        page.set_viewport_size({"width": 400, "height": 900})  # a phone, or a window beside the projector's
        page.wait_for_timeout(300)
        problems.extend(pictures_cut(page, 400))
    except Exception as err:
        raise AssertionError(f"{notebook}: {err}\n--- voila log (end) ---\n{voila_log_end(log_path)}") from err
    finally:
        page.close()
    assert problems == [], f"{notebook} in Voila:\n" + "\n".join(problems)


def rendered(page, base: str, notebook: str) -> None:
    """``notebook`` opened in ``page`` once Voila has run all its cells and the widgets' views have shown."""
    page.goto(f"{base}/voila/render/{notebook}", timeout=240_000)
    page.wait_for_selector("#rendered_cells", state="attached", timeout=240_000)
    # Voila fills the page cell by cell; its spinner goes when the last cell has run
    page.wait_for_function(
        "() => { const s = document.querySelector('#loading'); return !s || getComputedStyle(s).display === 'none'; }",
        timeout=240_000,
    )
    page.wait_for_timeout(500)  # the widgets' views render after their models arrive


#: German rules notebooks: clause ids in their Markdown, headings and printed output, settlement tables wider
#: than a phone (Brokdorf's name a seat "Spieler 1" in every row), and the live table
ON_A_PHONE = ("notebooks/brotherhood/01-regeln.ipynb", "notebooks/brokdorf/01-regeln.ipynb")


@pytest.mark.parametrize("notebook", ON_A_PHONE)
def test_a_rules_notebook_reads_on_a_phone(voila_root, browser, notebook):
    """At 400 px no clause id breaks at its hyphen ("BH-|3.2"), in the Markdown, its headings or the printed output
    (the template's keep_ids_whole.js), and a table wider than the phone scrolls with a scrollbar that shows,
    none is cut off (outputs.css; JupyterLab's phone layout cut the tables off with no scrollbar)."""
    base, log_path = voila_root
    with scrollbars_shown(browser) as shown:
        page = shown.new_page(viewport={"width": 400, "height": 900})
        try:
            rendered(page, base, notebook)
            split = page.evaluate(SPLIT_IDS, "#rendered_cells")
            cut = cut_off(page, "#rendered_cells")
            wide = page.eval_on_selector_all(
                "#rendered_cells .jp-OutputArea-output",
                "els => els.filter(e => e.scrollWidth > e.clientWidth + 2).length",
            )
            wrapped = page.eval_on_selector_all(  # a cell on two lines: "Spieler" above its "1"
                "#rendered_cells table.dataframe td",
                """tds => tds.filter(td => {
                    const range = document.createRange();
                    range.selectNodeContents(td);
                    return td.textContent.trim() && range.getClientRects().length > 1;
                }).map(td => td.textContent.trim())""",
            )
            page.screenshot(path=str(ARTIFACTS / f"voila-phone-{notebook.split('/')[1]}.png"), full_page=True)
        except Exception as err:
            raise AssertionError(f"{err}\n--- voila log (end) ---\n{voila_log_end(log_path)}") from err
    assert wide, "the notebook shows no table wider than a phone: the check below checks nothing"
    assert split == [], f"clause ids broken at their hyphen at 400 px: {split[:10]}"
    assert cut == [], f"at 400 px: {cut[:5]}"
    assert wrapped == [], f"table cells broken over two lines at 400 px: {wrapped[:5]}"


def console_error(message, problems: list[str], notebook: str) -> None:
    """Every error in the console fails, "Error: widget model not found" included.

    That one was altair's anywidget charts on a busy machine: anywidget gives a model two seconds
    to load its module (the whole offline vega bundle), and the chart's view then found no model.
    The charts are pictures now (cardgames_widgets.enable_offline_charts); a widget model missing
    again is a bug to fix, not a race to wait out.
    """
    if message.type == "error":
        problems.append(f"console error: {message.text[:300]}")


def page_error(error, problems: list[str], notebook: str) -> None:
    """An uncaught error of the page ("[anywidget] Failed to initialize model." was the charts' race)."""
    problems.append(f"page error: {error}")


def pictures_cut(page, width: int) -> list[str]:
    """The stored pictures (charts) of the page that stick out of their output box or the page at ``width`` px."""
    cut = page.eval_on_selector_all(
        "#rendered_cells .jp-RenderedImage img",
        """(imgs, pageWidth) => imgs.flatMap(img => {
            const box = img.getBoundingClientRect();
            const output = img.closest('.jp-OutputArea-output').getBoundingClientRect();
            const right = Math.min(output.right, pageWidth);
            return box.width > 0 && box.right > right + 1
                ? [`${Math.round(box.width)} px wide, ${Math.round(box.right - right)} px cut off`] : [];
        })""",
        width,
    )
    return [f"at {width} px a picture is {words}" for words in cut]


def links_to_check(page, notebook: str) -> list[str]:
    """The page's links to the repository's files, each once, without their anchors."""
    hrefs = page.eval_on_selector_all("#rendered_cells a[href]", "els => els.map(e => e.href)")
    seen: dict[str, None] = {}
    for href in hrefs:
        url, _anchor = urldefrag(href)
        if url.startswith("http://127.0.0.1") and not url.endswith("/" + notebook):
            seen[url] = None
    return list(seen)


def check_link(page, base: str, url: str) -> list[str]:
    path = unquote(urlparse(url).path)
    relative = path.removeprefix("/voila/render/").removeprefix("/voila/files/")
    if relative.endswith(".ipynb"):
        return [] if (ROOT / relative).is_file() else [f"link to a missing notebook: {url}"]
    response = page.request.get(url)
    try:
        if response.status != 200:
            return [f"link answers {response.status}: {url}"]
        kind = response.headers.get("content-type", "")
        if relative.endswith(".md") and "charset=utf-8" not in kind.lower():
            return [f"link {url} is served as {kind!r}, not as UTF-8 text"]
        return []
    finally:
        response.dispose()
