"""The documentation site: `mkdocs build --strict` into a temporary folder, served on 127.0.0.1, read in headless Chromium.

The build is the one `make docs` runs (mkdocs.yml, docs/hooks.py): the README, docs/, the rules
documents that ship with the package and every notebook with its stored outputs.  The browser
checks what a reader meets: no link that goes nowhere, the clause anchors, the stored card
pictures and charts, and search; every request the pages make is routed, and one to any
host but 127.0.0.1 fails the test (the site must work with no network).

Playwright drives the browser that Debian's ``chromium`` package installs (see
scripts/ensure-chromium.sh); Playwright's own browser download is never used.  Under
CI=true a missing browser is a failure, elsewhere the browser checks are skipped with the reason.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import urlopen

import pytest

# the browser tests' Chromium (tests/browser/chromium.py; pytest puts tests/ on the path)
from browser.chromium import ARTIFACTS, cut_off, launched_chromium, scrollbars_shown

from cardgames.core import rulebook

ROOT = Path(__file__).resolve().parents[2]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
# any URL but one of the local site or one without a host (data:, blob:, about:): what the guard routes
OUTSIDE = re.compile(r"^(?!(https?://(127\.0\.0\.1|localhost)(:\d+)?(/|$)|data:|blob:|about:))")

# the notebooks whose stored outputs the picture and chart checks read (the page of a notebook
# notebooks/<game>/<name>.ipynb is notebooks/<game>/<name>/)
PICTURE_PAGE = "notebooks/brokdorf/01-rules/"  # Table(...) outputs store a .cg-picture beside the widget
CHART_PAGE = "notebooks/brokdorf/03-settlement/"  # settlement_chart(...) outputs store the chart's picture
# (page, clause id, the text the anchored element shows): a clause, a numbered part, Bronko-Donko's
# unprefixed worked example, a lettered part, a section
CLAUSES = [
    ("rules/brokdorf/", "BK-4.11", "BK-4.11"),
    ("rules/brotherhood/", "BH-4.12.5", "BH-4.12.5"),
    ("rules/bronko_donko/", "BD-13.8", "13.8"),
    ("rules/bronko_donko/", "BD-5.8(a)", "(a)"),
    ("rules/brokdorf/", "BK-4", "BK-4 Play"),
]

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


# ---------------------------------------------------------------------------
# The site, built once for the module and served from a thread


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    took = time.monotonic() - started
    if done.returncode != 0:
        pytest.fail(
            f"mkdocs build --strict failed (code {done.returncode}, {took:.0f} s):\n{done.stdout[-4000:]}"
            f"\n{done.stderr[-6000:]}"
        )
    print(f"mkdocs build --strict: {took:.1f} s")
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server(site):
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    yield from launched_chromium()


class Guard:
    """A browser context whose requests to another host are aborted and remembered.

    Only those requests are routed (the browser matches ``OUTSIDE``): a request to the local site goes
    on without a round trip through Python, which made every page load several times slower.
    """

    def __init__(self, browser):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.outside: list[str] = []
        self.failed: list[str] = []
        self.context.route(OUTSIDE, self._route)
        self.context.on("response", self._response)

    def _route(self, route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def _response(self, response):
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def page(self):
        return self.context.new_page()

    def check(self):
        assert not self.outside, f"requests that would leave the machine: {sorted(set(self.outside))}"
        assert not self.failed, f"requests that failed on the local server: {sorted(set(self.failed))}"

    def close(self):
        self.context.close()


@pytest.fixture
def guard(browser):
    guard = Guard(browser)
    try:
        yield guard
    finally:
        guard.close()


# ---------------------------------------------------------------------------
# Checks without a browser: the built files


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.ids += [value for name, value in attrs if name == "id" and value]


def _ids(path: Path) -> list[str]:
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.ids


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", rulebook.NAMES)
def test_every_clause_of_the_rules_has_its_anchor(site, game, language):
    """The English rules at rules/<game>/, the German ones (rules.de.md) at rules/de/<game>/, with the same ids."""
    folder = f"rules/{game}" if language == "en" else f"rules/de/{game}"
    ids = _ids(site / folder / "index.html")
    wanted = [clause.id for clause in rulebook.clauses(game, language)]
    missing = [clause_id for clause_id in wanted if clause_id not in ids]
    assert not missing, f"{folder}/ has no element with the id of {missing}"
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"{folder}/ has ids more than once: {twice}"


def test_german_pages_link_clauses_to_the_german_rules(site):
    """A clause id on the German overview and in a German rules notebook links to rules/de/, never to the English page."""
    overview = (site / "de" / "index.html").read_text(encoding="utf-8")
    assert 'href="../rules/de/brokdorf/#BK-4.11"' in overview
    links = 0
    for notebook in sorted((ROOT / "notebooks").glob("*/01-regeln.ipynb")):
        page = (site / notebook.relative_to(ROOT).with_suffix("") / "index.html").read_text(encoding="utf-8")
        found = re.findall(r'class="cg-clause-link" href="([^"]+)"', page)
        assert all("/rules/de/" in href for href in found), f"{notebook.name}: {found[:3]}"
        links += len(found)
    english = (site / "games" / "brokdorf" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../rules/brokdorf/#BK-6.1"' in english  # English pages keep the English rules


# Material's own words as a page shows them: the search box, the search's texts (its configuration) and the
# page's language, English and German (Material's partials/languages/de.html)
_THEME_WORDS = {
    "en": ('<html lang="en"', 'placeholder="Search"', "No matching documents", "# matching documents"),
    "de": ('<html lang="de"', 'placeholder="Suche"', "Keine Suchergebnisse", "# Suchergebnisse"),
}
_THEME_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("de/index.html", "de"),
        ("rules/de/brokdorf/index.html", "de"),
        ("notebooks/three_bridges/01-regeln/index.html", "de"),
        ("index.html", "en"),
        ("notebooks/three_bridges/01-rules/index.html", "en"),
    ],
)
def test_german_pages_speak_german_in_the_themes_words(site, path, language):
    """A German page (under de/, a German rules page, a German notebook) says ``<html lang="de">`` and searches in German."""
    page = (site / path).read_text(encoding="utf-8")
    tag, box, none, found = _THEME_WORDS[language]
    assert tag in page and box in page, f"{path}: {re.search(r'<html[^>]*>', page).group(0)}"
    translations = json.loads(_THEME_CONFIG.search(page).group(1))["translations"]
    assert translations["search.result.none"] == none
    assert translations["search.result.other"] == found


def test_every_notebook_has_a_page(site):
    notebooks = sorted(
        p.relative_to(ROOT) for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    assert notebooks
    for notebook in notebooks:
        page = site / notebook.with_suffix("") / "index.html"
        if notebook.name == "index.ipynb":
            page = site / notebook.parent / "index.html"
        assert page.exists(), f"{notebook} has no page on the site ({page.relative_to(site)})"


# ---------------------------------------------------------------------------
# In the browser


_LINKS_AND_IDS = """() => ({
    links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
    ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id)
         .concat(Array.from(document.querySelectorAll('a[name]')).map(a => a.name)),
})"""


def _is_page(path: str) -> bool:
    return path.endswith("/") or path.endswith(".html")


def test_the_guard_stops_and_names_a_request_that_would_leave_the_machine(server, guard):
    """What every browser check here relies on: a request to another host is aborted and listed, one to the
    local site is served, and a data: URL needs no host."""
    page = guard.page()
    page.goto(server, wait_until="load")
    page.evaluate(
        """async (local) => {
            const load = (src) => new Promise((done) => { const img = new Image(); img.onload = img.onerror = done; img.src = src; });
            await load("https://cdn.example.org/font.png");
            await load("http://localhost.example.org/x.png");
            await load(local + "sitemap.xml");
            await load("data:image/gif;base64,R0lGODlhAQABAAAAACw=");
        }""",
        server,
    )
    assert sorted(guard.outside) == ["http://localhost.example.org/x.png", "https://cdn.example.org/font.png"]
    guard.outside.clear()
    guard.check()


def test_no_internal_link_is_broken(server, site, guard):
    """Crawl every page from the home page: each internal href is a page (or file) of the site, each #fragment an id on it."""
    started = time.monotonic()
    page = guard.page()
    ids: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []  # (page, href)
    queue, seen = deque([server]), {server}
    while queue:
        url = queue.popleft()
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, f"{url}: {response and response.status}"
        found = page.evaluate(_LINKS_AND_IDS)
        ids[url] = set(found["ids"])
        for href in found["links"]:
            parts = urlsplit(href)
            if parts.scheme not in ("http", "https") or parts.hostname not in LOCAL_HOSTS:
                continue
            links.append((url, href))
            target = href.split("#", 1)[0]
            if _is_page(parts.path) and target not in seen:
                seen.add(target)
                queue.append(target)
    pages_on_disk = {
        server + p.relative_to(site).as_posix().removesuffix("index.html") for p in site.rglob("index.html")
    }
    unreached = sorted(pages_on_disk - set(ids))
    assert not unreached, f"pages that no link reaches: {unreached}"

    broken = []
    for source, href in links:
        target, _, fragment = href.partition("#")
        path = urlsplit(target).path
        if _is_page(path):
            if target not in ids:
                broken.append(f"{source} -> {href}: no such page")
            elif fragment and unquote(fragment) not in ids[target]:
                broken.append(f"{source} -> {href}: no element with id {unquote(fragment)!r} there")
        else:
            with urlopen(target) as answer:  # a file of the site (sitemap, a download): it must be served
                if answer.status != 200:
                    broken.append(f"{source} -> {href}: {answer.status}")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:50])
    guard.check()
    print(f"crawled {len(ids)} pages, {len(links)} internal links in {time.monotonic() - started:.1f} s")


def test_clause_anchors_land_on_their_clause(server, guard):
    page = guard.page()
    for path, clause_id, text in CLAUSES:
        page.goto(f"{server}{path}#{clause_id}", wait_until="load")
        target = page.locator(f'[id="{clause_id}"]')
        assert target.count() == 1, f"{path}#{clause_id}: {target.count()} elements with that id"
        assert target.is_visible(), f"{path}#{clause_id} is not visible"
        page.wait_for_function(  # the browser scrolled to it: it is on the screen, below the sticky header
            """id => { const r = document.getElementById(id).getBoundingClientRect();
                       return r.top >= 0 && r.bottom <= window.innerHeight; }""",
            arg=clause_id,
            timeout=5000,
        )
        assert text in target.inner_text(), f"{path}#{clause_id} shows {target.inner_text()!r}"
    # a clause id in running text links to its clause: a game page names BK-4.11's neighbours
    page.goto(f"{server}games/brokdorf/", wait_until="load")
    link = page.locator('a.cg-clause-link[href$="#BK-6.1"]').first
    link.click()
    page.wait_for_url(re.compile(r"/rules/brokdorf/#BK-6\.1$"))
    assert page.locator('[id="BK-6.1"]').is_visible()
    guard.check()


def first_stored(guard, server: str, path: str, selector: str, missing: str):
    """The first stored output of the page at ``path`` that ``selector`` finds, scrolled to and visible.

    ``missing`` says why the page has none (its notebook must be re-executed with what is missing).
    """
    page = guard.page()
    page.goto(server + path, wait_until="load")
    found = page.locator(selector)
    assert found.count() > 0, f"{path} shows no stored {missing} (re-execute it)"
    first = found.first
    first.scroll_into_view_if_needed()
    assert first.is_visible()
    return first


def test_stored_card_pictures_show(server, guard):
    first = first_stored(
        guard,
        server,
        PICTURE_PAGE,
        ".cg-picture",
        "table picture (.cg-picture): its notebook must be stored with the text/html picture that "
        "cardgames_widgets.Table keeps beside the widget view",
    )
    cards = first.locator("svg")
    assert cards.count() > 0, f"{PICTURE_PAGE}: the picture has no card faces (svg)"
    visible = [i for i in range(min(cards.count(), 20)) if cards.nth(i).is_visible()]
    assert visible, f"{PICTURE_PAGE}: no card face (svg) of the picture is visible"
    box = cards.nth(visible[0]).bounding_box()
    assert box and box["width"] > 10 and box["height"] > 10, box
    ARTIFACTS.mkdir(exist_ok=True)
    first.screenshot(path=str(ARTIFACTS / "docs-picture.png"))
    guard.check()


def test_stored_charts_show(server, guard):
    chart = first_stored(
        guard,
        server,
        CHART_PAGE,
        '.jp-OutputArea-output:has(img[src^="data:image/png"])',
        "chart: its notebook must be stored with the chart pictures that cardgames_widgets.enable_offline_charts draws",
    )
    drawing = chart.locator("img").first
    assert drawing.is_visible()
    # its alt text says what the chart shows (the picture's own, or docs/hooks.py's from the output's words)
    assert (drawing.get_attribute("alt") or "").startswith("chart: "), drawing.get_attribute("alt")
    assert drawing.evaluate("img => img.complete && img.naturalWidth > 100"), "the chart image did not load"
    box = drawing.bounding_box()
    assert box and box["width"] > 100 and box["height"] > 50, box
    ARTIFACTS.mkdir(exist_ok=True)
    chart.screenshot(path=str(ARTIFACTS / "docs-chart.png"))
    guard.check()


def test_search_works_offline(server, guard):
    page = guard.page()
    page.goto(server, wait_until="load")
    # the index is built by a web worker after the page loads; _search types the query again until it answers
    # (up to three minutes: under a full parallel test run the worker shares two cores with the other tests)
    assert _search(page, "Durchmarsch"), "search found nothing for 'Durchmarsch' within three minutes"
    assert page.locator(".md-search-result__item").count() > 0
    guard.check()


def test_search_on_a_german_page_answers_in_german(server, guard):
    """The search of a German page counts its results in German ("12 Suchergebnisse", not "12 matching documents")."""
    page = guard.page()
    page.goto(server + "de/", wait_until="load")
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "Suche"
    assert _search(page, "Stich"), "search found nothing for 'Stich' within three minutes"
    meta = page.locator(".md-search-result__meta").inner_text()
    assert re.fullmatch(r"\d+ Suchergebnisse?", meta.strip()), meta
    guard.check()


def _result_links(page) -> list:
    """The result links shown now, read in one step: the list is redrawn whenever the search answers a
    query (one per key typed), so links counted first and read one by one could be gone by then."""
    hrefs = page.locator(".md-search-result__link").evaluate_all(
        "links => links.map(a => a.getAttribute('href') || '')"
    )
    return [urlsplit(href) for href in hrefs]


def _search(page, query: str) -> list:
    """The result links of a site search for ``query`` pasted into the box, in the order shown (retyped until the index answers)."""
    search = page.locator("input.md-search__input")
    links = page.locator(".md-search-result__link")
    for _ in range(36):
        search.click()
        search.fill("")
        search.fill(query)
        search.press("End")  # the search reads the box on a key (or when its index is ready)
        try:
            links.first.wait_for(state="visible", timeout=5_000)
            break
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError; try again
            continue
    return _result_links(page)


def _first_clause(found: list):
    return next((link for link in found if link.fragment), None)


def _typed_search(page, query: str, clause: str) -> list:
    """The result links once ``query`` has been typed key by key, as a reader types it.

    Every key sends the search a query of its own ("B", "BH", "BH-", "BH-4.", "BH-4.12." …), which
    its worker answers one after another: the links are read until the last answer, the one for
    the whole id, has arrived (the clause first, or three minutes, then whatever shows).
    """
    search = page.locator("input.md-search__input")
    # wait for the index: a first query answered
    for _ in range(36):
        search.click()
        search.fill("x")
        search.press("End")
        try:
            page.locator(".md-search-result__meta", has_text=re.compile("match", re.I)).wait_for(timeout=5_000)
            break
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError; try again
            continue
    search.fill("")
    search.press("End")
    search.press_sequentially(query, delay=100)
    deadline = time.monotonic() + 180
    found = _result_links(page)
    while time.monotonic() < deadline:
        found = _result_links(page)
        first = _first_clause(found)
        if first is not None and first.fragment == clause:
            break
        page.wait_for_timeout(250)
    return found


def _assert_clause_first(found: list, clause: str) -> None:
    first = _first_clause(found)
    assert first is not None, f"no clause among the results: {found[:5]}"
    game = rulebook.prefixes()[clause.split("-")[0]]
    # the clause of the English rules or of their German translation (rules/de/<game>/)
    page_path = first.path.rstrip("/")
    assert "/rules/" in page_path and page_path.endswith(f"/{game}") and first.fragment == clause, found[:5]


@pytest.mark.parametrize("clause", ["BK-4.11", "RP-4.11", "BD-5.8", "BH-4.12.5", "BK-4.1", "BD-5.8(a)"])
def test_search_for_a_clause_id_lists_the_clause_first(server, guard, clause):
    """A clause id pasted into the search box leads to that clause of the rules, not to a page citing it.

    A part (BH-4.12.5) leads to the part, and an id that begins longer ones (BK-4.1 begins BK-4.13
    and BK-4.1.x would) to itself.
    """
    page = guard.page()
    page.goto(server, wait_until="load")
    found = _search(page, clause)
    assert found, f"search found nothing for {clause!r} within three minutes"
    _assert_clause_first(found, clause)
    guard.check()


@pytest.mark.parametrize("query", ["BH-4.12.5", "bk-4.11"])
def test_search_for_a_clause_id_typed_key_by_key_lists_the_clause_first(server, guard, query):
    """Typed one key at a time (each key a query of its own: "BH-4.12." on the way), the id ends with its clause first."""
    page = guard.page()
    page.goto(server, wait_until="load")
    found = _typed_search(page, query, query.upper())
    assert found, f"search found nothing for {query!r} typed key by key"
    _assert_clause_first(found, query.upper())
    guard.check()


# pages with wide code, tables and pictures: the Brokdorf notebooks (the strategy and bidding
# notebooks had 22 cut-off blocks), a rules document, the benchmarks' wide tables, the API
READABLE_PAGES = [
    *(f"notebooks/brokdorf/{name}/" for name in ("01-rules", "02-probability", "04-strategy", "05-bidding")),
    "notebooks/rowdy_partners/01-rules/",
    "rules/brokdorf/",
    "benchmarks/",
    "api/",
]


@pytest.mark.parametrize("width", [1300, 400])
def test_code_and_tables_are_readable_at_a_desk_and_on_a_phone(server, browser, width):
    """Long code lines wrap; wide tables scroll with a scrollbar that shows; nothing is cut off."""
    with scrollbars_shown(browser) as shown:  # this test looks at the scrollbars
        page = shown.new_page(viewport={"width": width, "height": 900})
        problems = {}
        for path in READABLE_PAGES:
            page.goto(server + path, wait_until="load")
            found = cut_off(page, ".md-content")
            if found:
                problems[path] = found[:5]
        page.goto(server + "notebooks/brokdorf/05-bidding/", wait_until="load")
        page.screenshot(path=str(ARTIFACTS / f"docs-readable-{width}.png"))
    assert problems == {}, f"at {width} px: {problems}"


# a game page (its h2 holds `cardgames.<game>.probability`), a rules page, the glossary (five
# columns) and German notebook pages (printed output, card pictures, refusals with clause ids;
# Three Bridges' bridges stacked in their picture)
WIDTH_PAGES = [
    "games/rowdy_partners/",
    "rules/brotherhood/",
    "de/glossar/",
    "notebooks/brokdorf/01-regeln/",
    "notebooks/three_bridges/01-regeln/",
]

# the page itself never scrolls sideways; what it shows reads as text does (see site.css)
PAGE_WIDTH = """() => {
  const pre = document.querySelector('.jp-OutputArea-output pre');
  const prompts = Array.from(document.querySelectorAll('.jp-OutputPrompt, .jp-InputPrompt'));
  const nicht = Array.from(document.querySelectorAll('td[data-label="nicht"]')).filter(td => td.innerText.trim());
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: document.documentElement.clientWidth,
    preBreak: pre ? getComputedStyle(pre).wordBreak : null,
    promptShown: prompts.some(p => p.getBoundingClientRect().width > 0),
    nichtOffScreen: nicht.filter(td => td.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length,
    nicht: nicht.length,
    // every clause id in the page's text, headings and printed output included, sits in an element that never wraps
    clauseBreaks: (() => {
      const walker = document.createTreeWalker(document.querySelector('.md-content'), NodeFilter.SHOW_TEXT);
      let count = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!/\\b[A-Z]{2}-\\d/.test(node.textContent) || !node.parentElement) continue;
        const space = getComputedStyle(node.parentElement).whiteSpace;
        if (space !== 'nowrap' && space !== 'pre' && node.parentElement.closest('script, style') === null) count++;
      }
      return count;
    })(),
  };
}"""


@pytest.mark.parametrize("width", [1300, 400])
def test_pages_fit_the_screen_at_a_desk_and_on_a_phone(server, browser, width):
    """No page scrolls sideways; a box that is wider than the screen scrolls with a scrollbar that shows.

    At 400 px (a phone): printed output breaks between words (not JupyterLab's break-all), a clause
    id breaks nowhere, the notebook pages drop their In/Out prompts, and the glossary shows its
    "nicht" column on the screen.
    """
    ARTIFACTS.mkdir(exist_ok=True)
    with scrollbars_shown(browser) as shown:
        page = shown.new_page(viewport={"width": width, "height": 900})
        problems: dict[str, list[str]] = {}
        for path in WIDTH_PAGES:
            page.goto(server + path, wait_until="load")
            found = page.evaluate(PAGE_WIDTH)
            wrong = cut_off(page, ".md-content")
            if found["scrollWidth"] > found["innerWidth"]:
                wrong.append(f"the page is {found['scrollWidth']} px wide in a {found['innerWidth']} px window")
            if found["preBreak"] == "break-all":
                wrong.append("printed output breaks inside words (word-break: break-all)")
            if found["clauseBreaks"]:
                wrong.append(f"{found['clauseBreaks']} clause ids may break at their hyphen")
            if width < 600 and found["promptShown"]:
                wrong.append("the In/Out prompts take a phone's width")
            if found["nichtOffScreen"]:
                wrong.append(
                    f"{found['nichtOffScreen']} of {found['nicht']} cells of the column 'nicht' are off the screen"
                )
            if path == "de/glossar/" and not found["nicht"]:
                wrong.append("the glossary's cells carry no column name (docs/hooks.py _label_cells)")
            if wrong:
                problems[path] = wrong[:5]
            page.screenshot(path=str(ARTIFACTS / f"docs-width-{path.strip('/').replace('/', '-')}-{width}.png"))
    assert problems == {}, f"at {width} px: {problems}"
