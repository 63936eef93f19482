"""Debian's Chromium and Voila for the browser tests: one place that starts them.

Playwright drives the browser that Debian's ``chromium`` package installs (see
scripts/ensure-chromium.sh); Playwright's own browser download is never used.  Under
CI=true a missing browser is a failure, elsewhere the test is skipped with the reason.
The site's tests (tests/docs/test_site.py) start their browser from here too.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def need_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    why = f"{CHROMIUM} is missing: run `bash scripts/ensure-chromium.sh` (installs Debian's chromium as root)"
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)


def launched_chromium():
    """Debian's Chromium, headless, for a module's tests (a fixture yields from this; closed after them)."""
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def scrollbars_shown(browser):
    """A second Chromium from ``browser``'s Playwright that draws scrollbars, for the checks that look at them.

    Playwright hides scrollbars in headless Chromium unless told not to (one Playwright per process,
    so the second browser comes from the first one's).
    """
    shown = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True, args=FLAGS, ignore_default_args=["--hide-scrollbars"]
    )
    try:
        yield shown
    finally:
        shown.close()


# every element under ``root`` (a selector) whose content is wider than its box: it must scroll with a
# scrollbar that shows (a box that hides its overflow, or scrolls with no bar, cuts text off)
CUT_OFF = """(root) => {
  const found = [];
  for (const el of document.querySelectorAll(root + ' *')) {
    // 2 px of slack: Chromium rounds a sub-pixel overflow up without drawing a bar for it
    if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 2) continue;
    const style = getComputedStyle(el);
    const what = `${el.tagName}.${String(el.getAttribute('class')).slice(0, 40)}: "${(el.innerText || '').slice(0, 60)}"`;
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
      const bar = el.offsetHeight - el.clientHeight - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
      if (bar <= 0) found.push(`scrolls with no visible scrollbar: ${what}`);
    } else if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
      found.push(`cut off (${el.scrollWidth} px in ${el.clientWidth} px): ${what}`);
    }
  }
  return found;
}"""


#: resolves when the page's fonts are in and two frames have been drawn since: the layout a reader sees
SETTLED = """() => document.fonts.ready.then(() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))))"""


def cut_off(page, root: str, tries: int = 8) -> list[str]:
    """CUT_OFF of the page under ``root`` once its fonts are in and it has been drawn, asked again every half
    second (``tries`` times in all) while it finds something.

    Chromium draws a box's scrollbar a layout or more after the box overflows, later on a loaded machine: fresh
    clones' `make test` saw a table's bar come after the first half second, and once after two seconds (a late
    font widens a table after the first layout).  Only what stays cut off counts.
    """
    page.evaluate(SETTLED)
    found = page.evaluate(CUT_OFF, root)
    for _ in range(tries - 1):
        if not found:
            break
        page.wait_for_timeout(500)
        page.evaluate(SETTLED)
        found = page.evaluate(CUT_OFF, root)
    return list(found)


#: the clause ids in the text under ``root`` (a selector) that a line break cuts in two, each with the tag it is in
SPLIT_IDS = r"""(root) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\b[A-Z]{2}-\d+(?:\.\d+)*/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) found.push(`${match[0]} in ${node.parentElement.tagName}`);
    }
  }
  return found;
}"""


@contextlib.contextmanager
def chromium_page(width: int, height: int):
    """A page of a Chromium of its own, for one test that clicks through a served notebook."""
    ARTIFACTS.mkdir(exist_ok=True)
    for browser in launched_chromium():
        yield browser.new_page(viewport={"width": width, "height": height})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 180) -> None:
    """A plain TCP connect: an HTTP GET of the page would start a kernel of its own.

    Voila takes a minute to listen on a loaded machine; three are allowed before it counts as stopped.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server (Voila, JupyterLab) stopped with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"the server (Voila, JupyterLab) did not listen on port {port} within {timeout} s")


@contextlib.contextmanager
def serving(arguments: list[str], port: int, cwd: Path, output: Any = subprocess.DEVNULL) -> Iterator[str]:
    """A Python server (``python -m <arguments>``, listening on ``port``) for the time of the block; gives its URL."""
    proc = subprocess.Popen([sys.executable, "-m", *arguments], cwd=cwd, stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def voila_serving(what: str, cwd: Path, log_path: Path) -> Iterator[str]:
    """Voila serving ``what`` (a notebook or a folder, relative to ``cwd``); gives its base URL.

    Voila's output goes to ``log_path``, which a failing test shows beside its error.
    """
    need_chromium()
    port = free_port()
    voila = ["voila", what, f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"]
    with open(log_path, "w") as log, serving([*voila, "--NotebookClient.startup_timeout=120"], port, cwd, log) as url:
        yield url


@contextlib.contextmanager
def jupyter_lab_serving(root: Path, scratch: Path, *options: str) -> Iterator[str]:
    """JupyterLab serving ``root`` on 127.0.0.1 with no token (as `make lab` does, with its ``options``); gives its URL.

    Its runtime files and workspaces go to ``scratch``, so nothing of the run is left in the repository.
    """
    port = free_port()
    lab = ["jupyter", "lab", *options, "--allow-root", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1"]
    where = [
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.runtime_dir={scratch / 'runtime'}",
        f"--LabApp.workspaces_dir={scratch / 'workspaces'}",
    ]
    with serving([*lab, "--IdentityProvider.token=", *where], port, root) as url:
        yield url


def voila_log_end(log_path: Path) -> str:
    """The end of Voila's log, for a failure message."""
    return log_path.read_text(errors="replace")[-3000:] if log_path.exists() else "(no log)"
