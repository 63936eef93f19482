"""What a class sees under a code cell reads as text, not as a Python repr (issue 31, "Ugly").

The notebooks are shown as Voila dashboards and on the docs site. A cell that ends in a bare list,
tuple, dict, string, ``Fraction(...)``, ``np.int64(...)`` or dataclass shows its repr there:
``(15, ['place H-VIII A', ...])``, ``(False, 'Not allowed: ...')``, ``'de'``. Each such cell prints
its sentences, refusal, legal actions or probabilities instead, or shows a table. This test reads
the stored outputs of every notebook, so it checks the notebooks as they are re-executed and stored.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))

# a value's repr: a container or string literal, the constructor form of a number or a record, or a
# pandas Series printed as text (it ends in its dtype; as a DataFrame it shows as an HTML table)
REPR_START = ("[", "(", "{", "'", '"')
REPR_INSIDE = re.compile(r"Fraction\(|np\.int64\(|np\.float64\(|\b[A-Z]\w*\(\w+=|(\n|, )dtype: \w+\Z")


def bare_reprs(notebook: Path) -> list[str]:
    """The cells of ``notebook`` whose stored result is only a Python repr, as "cell N: text"."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = []
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            if output["output_type"] != "execute_result" or set(output["data"]) != {"text/plain"}:
                continue
            text = "".join(output["data"]["text/plain"]).strip()
            if text.startswith(REPR_START) or REPR_INSIDE.search(text):
                found.append(f"cell {index}: {text[:120]}")
    return found


def _result(text: str, **more: str) -> dict:
    return {"output_type": "execute_result", "data": {"text/plain": text, **more}}


def test_the_check_finds_the_reprs_a_class_saw(tmp_path: Path):
    """The detector flags the forms issue 31 found in Voila, and not a table or a printed sentence."""

    def notebook_with(output: dict) -> Path:
        path = tmp_path / "x.ipynb"
        path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": "", "outputs": [output]}]}))
        return path

    shown_as_reprs = [
        "(15,\n ['place H-VIII A'])",
        "(False, 'Not allowed: a bid must be higher')",
        "'de'",
        "['Player 1 bids 1 trick (BK-4.2).']",
        "{0: Fraction(759, 3596)}",
        "Fraction(81, 25172)",
        "np.int64(3)",
        "Pending(val=-1, dmg=1)",
        "greedy vs greedy    0.138\nrandom vs random    0.009\nName: share of empty bridges, dtype: float64",
    ]
    for text in shown_as_reprs:
        assert bare_reprs(notebook_with(_result(text))), text
    readable = [
        _result("   mean\nlow  1.0", **{"text/html": "<table></table>"}),
        {"output_type": "stream", "name": "stdout", "text": "legal: gut, bid 4, bid 5\n"},
        _result("<cardgames_widgets.Table object at 0x7f>", **{"image/svg+xml": "<svg/>"}),
    ]
    for output in readable:
        assert not bare_reprs(notebook_with(output)), output


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_no_stored_output_is_a_bare_python_repr(notebook: Path):
    assert bare_reprs(notebook) == []
