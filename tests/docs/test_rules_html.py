"""The rendered rules and docs pages that the notebooks link to (scripts/rules_html.py, issue 31).

Voila and Jupyter show a Markdown file as plain text; the notebooks link to an HTML copy of each
rules document and docs page instead, written beside its source with an anchor at every clause.
These tests check that the copies are current, that every clause has its anchor, that the
notebooks link to the copies, and that in Voila a notebook's rules link opens a page at the clause.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from cardgames.core import rulebook

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "rules_html.py"
LINK = re.compile(r"\]\(([^)\s]+)\)")
ID = re.compile(r'\bid="([^"]+)"')
DOCUMENTS = {"en": "rules", "de": "rules.de"}


def test_the_html_copies_are_current():
    """`make test` and `make lab` write the copies first (`make html-copies`); after an edit of a rules document or a
    docs page, run `python scripts/rules_html.py` (or `make html-copies`)."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("language", sorted(DOCUMENTS))
@pytest.mark.parametrize("game", rulebook.NAMES)
def test_every_clause_has_its_anchor(game, language):
    page = (ROOT / "cardgames" / game / f"{DOCUMENTS[language]}.html").read_text(encoding="utf-8")
    ids = set(ID.findall(page))
    clauses = [clause.id for clause in rulebook.clauses(game, language)]
    assert clauses
    assert [c for c in clauses if c not in ids] == []


REMOTE = re.compile(
    r"""<(?:script|link|img|iframe|source|object)\b[^>]*\b(?:src|href|data)\s*=\s*["']?\s*(?:https?:)?//""", re.I
)


def test_the_copies_load_nothing_from_another_host():
    """A class may have no network: each page carries its stylesheet and asks no other host for anything."""
    for page in sorted([*(ROOT / "cardgames").glob("*/rules*.html"), *(ROOT / "docs").rglob("*.html")]):
        text = page.read_text(encoding="utf-8")
        assert "<style>" in text and not REMOTE.search(text), page.relative_to(ROOT)


def _notebook_links():
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        folder = notebook.parent.relative_to(ROOT).as_posix()
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                for link in LINK.findall("".join(cell["source"])):
                    parts = urlsplit(link)
                    if not parts.scheme and parts.path:
                        yield notebook, posixpath.normpath(posixpath.join(folder, unquote(parts.path)))


def test_the_notebooks_link_to_the_rendered_copies():
    """A link to a rules document or a docs page goes to its HTML copy, which exists."""
    markdown = [
        f"{notebook.relative_to(ROOT)}: {path}"
        for notebook, path in _notebook_links()
        if path.endswith(".md") and (path.startswith("docs/") or path.endswith(("/rules.md", "/rules.de.md")))
    ]
    assert markdown == [], "link to the .html copy instead"
    missing = [
        f"{notebook.relative_to(ROOT)}: {path}"
        for notebook, path in _notebook_links()
        if path.endswith(".html") and not (ROOT / path).is_file()
    ]
    assert missing == []


@pytest.mark.browser
@pytest.mark.xdist_group("voila-rules-links")
def test_a_rules_link_in_voila_opens_the_rendered_rules_at_the_clause(tmp_path):
    """Voila serving the repository (as Binder's /voila/render/ does): the German rules notebook's link
    to the rules answers 200 with HTML, and the page has the clause's anchor."""
    # the browser tests' Chromium and Voila (tests/browser/chromium.py; pytest puts tests/ on the path)
    from browser.chromium import launched_chromium, voila_log_end, voila_serving

    log_path = tmp_path / "voila.log"
    with voila_serving(".", ROOT, log_path) as base:
        for browser in launched_chromium():
            page = browser.new_page(viewport={"width": 400, "height": 900})
            try:
                page.goto(f"{base}/voila/render/notebooks/brokdorf/01-regeln.ipynb", timeout=240_000)
                link = page.locator('#rendered_cells a[href$="cardgames/brokdorf/rules.de.html"]').first
                link.wait_for(state="attached", timeout=240_000)
                href = link.evaluate("a => a.href")
                response = page.goto(href + "#BK-4.11", timeout=60_000)
                assert response is not None and response.status == 200, href
                assert response.headers["content-type"].startswith("text/html"), response.headers
                clause = page.locator('[id="BK-4.11"]')
                assert clause.inner_text() == "BK-4.11"
                assert page.evaluate("() => location.hash") == "#BK-4.11"
                assert clause.is_visible()
                # a docs page the notebook links to opens as a page as well
                docs = page.request.get(f"{base}/voila/render/docs/games/brokdorf.html")
                assert docs.status == 200 and docs.headers["content-type"].startswith("text/html")
            except Exception as err:
                raise AssertionError(f"{err}\n--- voila log (end) ---\n{voila_log_end(log_path)}") from err
            finally:
                page.close()


@pytest.mark.browser
@pytest.mark.xdist_group("lab-rules-links")
def test_a_rules_link_in_jupyterlab_opens_the_rendered_rules(tmp_path):
    """In JupyterLab (`make lab`, Binder's /lab) the same link opens the copy as a page in a tab.

    JupyterLab serves a copy of the notebook and the rules beside it in their repository folders,
    so that the notebook it opens (and may save) is not the repository's.
    """
    from browser.chromium import jupyter_lab_serving, launched_chromium

    root = tmp_path / "root"
    for path in ("notebooks/brokdorf/01-regeln.ipynb", "cardgames/brokdorf/rules.de.html"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes((ROOT / path).read_bytes())
    with jupyter_lab_serving(root, tmp_path) as url:
        for browser in launched_chromium():
            page = browser.new_page(viewport={"width": 1300, "height": 900})
            deadline = 240_000
            page.goto(f"{url}/lab/tree/notebooks/brokdorf/01-regeln.ipynb", timeout=deadline)
            link = page.locator('.jp-RenderedMarkdown a[href*="cardgames/brokdorf/rules.de.html"]').first
            link.wait_for(timeout=deadline)
            link.click()
            tab = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel", has_text="rules.de.html")
            tab.wait_for(timeout=60_000)
            # the HTML viewer shows the page in a frame of its own: rendered, with the clause's anchor
            frame = page.frame_locator(".jp-HTMLViewer iframe")
            assert frame.locator('[id="BK-4.11"]').inner_text(timeout=60_000) == "BK-4.11"
            assert frame.locator("h1").inner_text().startswith("Brokdorf")
