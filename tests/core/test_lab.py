"""`make lab` serves the repository, so every link in the notebooks opens in JupyterLab (and on Binder)."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def notebook_links():
    """(notebook, link) for every relative markdown link in every notebook."""
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] == "markdown":
                for link in LINK.findall("".join(cell["source"])):
                    if not urlsplit(link).scheme and not link.startswith("#"):
                        yield notebook, link


def target(notebook: Path, link: str) -> Path:
    return (notebook.parent / unquote(urlsplit(link).path)).resolve()


def test_every_relative_link_of_the_notebooks_names_a_file_inside_the_repository():
    broken = [
        f"{nb.relative_to(ROOT)}: {link}"
        for nb, link in notebook_links()
        if not target(nb, link).exists() or ROOT not in target(nb, link).parents
    ]
    assert not broken, broken


def test_the_index_links_to_every_game_page_and_rules_document():
    links = {target(nb, link) for nb, link in notebook_links() if nb.name == "index.ipynb"}
    for game in ("brokdorf", "bronko_donko", "three_bridges", "brotherhood", "rowdy_partners"):
        assert ROOT / "docs" / "games" / f"{game}.html" in links
        assert ROOT / "cardgames" / game / "rules.html" in links


def lab_arguments() -> list[str]:
    """The jupyter arguments of the Makefile's lab target, as make would run them."""
    out = subprocess.run(
        ["make", "-n", "-C", str(ROOT), "--always-make", "lab", "STAMP=", "BIN=.venv/bin"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(x for x in out.splitlines() if "jupyter lab" in x)
    return shlex.split(line)[2:]


def test_make_lab_serves_the_repository_so_notebook_links_resolve(tmp_path):
    from browser.chromium import jupyter_lab_serving

    args = lab_arguments()
    assert "notebooks/index.ipynb" in args
    assert f"--ServerApp.root_dir={ROOT}" in args, args
    with jupyter_lab_serving(ROOT, tmp_path, *[a for a in args if a.startswith("--") and "root_dir" not in a]) as url:
        for notebook, link in notebook_links():
            path = target(notebook, link).relative_to(ROOT).as_posix()
            with urllib.request.urlopen(f"{url}/api/contents/{path}?content=0", timeout=10) as r:
                assert r.status == 200, (notebook, link)
