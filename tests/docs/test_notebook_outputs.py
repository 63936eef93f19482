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
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))

# a value's repr: a container or string literal, the constructor form of a number or a record, or a
# pandas Series printed as text (it ends in its dtype; as a DataFrame it shows as an HTML table)
REPR_START = ("[", "(", "{", "'", '"')
REPR_INSIDE = re.compile(r"Fraction\(|np\.int64\(|np\.float64\(|\b[A-Z]\w*\(\w+=|(\n|, )dtype: \w+\Z")


def stored_outputs(notebook: Path) -> Iterator[tuple[int, dict]]:
    """Each stored output of ``notebook`` with the index of its cell."""
    for index, cell in enumerate(json.loads(notebook.read_text(encoding="utf-8"))["cells"]):
        for output in cell.get("outputs", []):
            yield index, output


def bare_reprs(notebook: Path) -> list[str]:
    """The cells of ``notebook`` whose stored result is only a Python repr, as "cell N: text"."""
    found = []
    for index, output in stored_outputs(notebook):
        if output["output_type"] != "execute_result" or set(output["data"]) != {"text/plain"}:
            continue
        text = "".join(output["data"]["text/plain"]).strip()
        if text.startswith(REPR_START) or REPR_INSIDE.search(text):
            found.append(f"cell {index}: {text[:120]}")
    return found


def _result(text: str, **more: str) -> dict:
    return {"output_type": "execute_result", "data": {"text/plain": text, **more}}


def notebook_of(folder: Path, output: dict) -> Path:
    """A notebook of one code cell with one stored ``output``, for the checks' own tests."""
    path = folder / "x.ipynb"
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": "", "outputs": [output]}]}))
    return path


def test_the_check_finds_the_reprs_a_class_saw(tmp_path: Path):
    """The detector flags the forms issue 31 found in Voila, and not a table or a printed sentence."""

    def notebook_with(output: dict) -> Path:
        return notebook_of(tmp_path, output)

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


# ---------------------------------------------------------------------------
# German notebooks show German tables (issue 31, walk item 13)

GERMAN_LANGUAGE = re.compile(r"""set_language\(\s*["']de["']\s*\)""")


def is_german(notebook: Path) -> bool:
    """A notebook that sets the library to German in its code (its prose and tables are German)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return any(cell["cell_type"] == "code" and GERMAN_LANGUAGE.search("".join(cell["source"])) for cell in cells)


GERMAN_NOTEBOOKS = [notebook for notebook in NOTEBOOKS if is_german(notebook)]


class _TableCells(HTMLParser):
    """The rows of the HTML tables in a stored output: each row's header (th) and data (td) texts, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, str]]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("th", "td") and self.rows:
            self.rows[-1].append((tag, ""))
            self._open = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td"):
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            tag, text = self.rows[-1][-1]
            self.rows[-1][-1] = (tag, text + data)

    @property
    def headers(self) -> list[str]:
        return [text.strip() for row in self.rows for tag, text in row if tag == "th"]

    @property
    def cells(self) -> list[str]:
        return [text.strip() for row in self.rows for tag, text in row if tag == "td"]

    def column(self, heading: str) -> list[str]:
        """The data under ``heading`` (pandas writes one th per column in the heading row, index first)."""
        for head in self.rows:
            if all(tag == "th" for tag, _text in head) and heading in [text.strip() for _tag, text in head]:
                at = [text.strip() for _tag, text in head].index(heading)
                body = [row for row in self.rows if any(tag == "td" for tag, _text in row) and len(row) == len(head)]
                return [row[at][1].strip() for row in body]
        return []


def _english_words() -> tuple[set[str], set[str]]:
    """English headings and English words of cells that a German table must not show.

    Headings: every column name and English heading the widgets translate into something else
    (``declarer``, ``player``, ``led suit``...). Words: Python's True/False/None/NaN, the settled
    words (``win``, ``loss``...) and every game's action verbs whose German label differs.
    """
    from cardgames_widgets import faces
    from cardgames_widgets.actions import COLUMNS, VALUES, vocabulary, word
    from cardgames_widgets.frames import COLUMNS as LOG_COLUMNS
    from cardgames_widgets.texts import _

    import cardgames

    headings: set[str] = set()
    words = {"True", "False", "None", "NaN", "nan", "<NA>"}
    with cardgames.language("de"):
        for table in (COLUMNS, LOG_COLUMNS):
            for key, english in table.items():
                if _(english) != english:
                    headings |= {key, english}
        words |= {english for english in VALUES.values() if _(english) != english}
        for name in cardgames.games():
            game = cardgames.load(name)
            words |= {verb for verb in vocabulary(game, faces.for_game(name)) if word(game, verb) != verb}
    return headings, words


def english_in_tables(notebook: Path) -> list[str]:
    """The English headings and words, and the 0-based seats, that ``notebook``'s stored tables show."""
    headings, words = _english_words()
    found = []
    for index, output in stored_outputs(notebook):
        html = "".join(output.get("data", {}).get("text/html", ""))
        if 'class="dataframe' not in html:
            continue
        table = _TableCells()
        table.feed(html)
        found += [f"cell {index}: heading {text!r}" for text in table.headers if text in headings]
        for text in table.cells:
            if text in words or text.split(" ")[0] in words:
                found.append(f"cell {index}: {text!r}")
        if any(text.isdigit() for text in table.column("Spieler")):
            found.append(f"cell {index}: a seat shown as a bare number")
    return found


def test_the_check_finds_english_in_a_german_table(tmp_path: Path):
    def notebook_with(html: str) -> Path:
        return notebook_of(
            tmp_path, _result("table", **{"text/html": f'<table border="1" class="dataframe">{html}</table>'})
        )

    english = [
        "<tr><th></th><th>declarer</th></tr><tr><th>0</th><td>Spieler 1</td></tr>",
        "<tr><th></th><th>Spieler</th><th>Verlierer</th></tr><tr><th>1</th><td>Spieler 1</td><td>True</td></tr>",
        "<tr><th></th><th>Spieler</th></tr><tr><th>1</th><td>0</td></tr>",
        "<tr><th></th><th>Ergebnis</th></tr><tr><th>1</th><td>win</td></tr>",
        "<tr><th></th><th>Aktion</th></tr><tr><th>1</th><td>bid 3</td></tr>",
        "<tr><th></th><th>led suit</th></tr><tr><th>1</th><td>Stern</td></tr>",
    ]
    for html in english:
        assert english_in_tables(notebook_with(html)), html
    german = "<tr><th></th><th>Spieler</th><th>Verlierer</th></tr><tr><th>1</th><td>Spieler 1</td><td>ja</td></tr>"
    assert not english_in_tables(notebook_with(german))


def test_the_german_notebooks_are_found():
    names = {str(notebook.relative_to(ROOT / "notebooks")) for notebook in GERMAN_NOTEBOOKS}
    assert {f"{game}/01-regeln.ipynb" for game in ("brokdorf", "bronko_donko", "three_bridges")} <= names
    assert "brokdorf/01-rules.ipynb" not in names


@pytest.mark.parametrize("notebook", GERMAN_NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_a_german_notebook_shows_its_tables_in_german(notebook: Path):
    """Headings, words and seats as a German reader reads them (``cardgames_widgets.frames.for_people``)."""
    assert english_in_tables(notebook) == []


def english_in_printed_moves(notebook: Path) -> list[str]:
    """The printed lists of moves ("erlaubt: …") of ``notebook``'s stored outputs that name a move by an English verb."""
    _headings, words = _english_words()
    found = []
    for index, output in stored_outputs(notebook):
        for line in "".join(output.get("text", "")).splitlines():
            if "erlaubt" not in line or ":" not in line:
                continue
            moves = line.split(":", 1)[1].split(", ")
            found += [f"cell {index}: {move.strip()!r}" for move in moves if move.strip().split(" ")[0] in words]
    return found


def test_the_check_finds_a_move_printed_by_its_action_text(tmp_path: Path):
    printed = notebook_of(tmp_path, {"output_type": "stream", "name": "stdout", "text": ["erlaubt: gut, bid 4\n"]})
    assert english_in_printed_moves(printed) == ["cell 0: 'bid 4'"]
    german = notebook_of(tmp_path, {"output_type": "stream", "name": "stdout", "text": ["erlaubt: gut, Gebot 4\n"]})
    assert english_in_printed_moves(german) == []


@pytest.mark.parametrize("notebook", GERMAN_NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_a_german_notebook_prints_the_moves_as_the_buttons_label_them(notebook: Path):
    """ "erlaubt: gut, Gebot 4, spielen ♥7", as the table's buttons show them (``Table.legal_labels``), not action texts."""
    assert english_in_printed_moves(notebook) == []


# ---------------------------------------------------------------------------
# text and table agree (issue 31, walk item 15)


def _stored(notebook: Path, starts: str) -> str:
    """The stored text output of the code cell whose source starts with ``starts``."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code" and "".join(cell["source"]).startswith(starts):
            texts = [output.get("text") or output.get("data", {}).get("text/plain", "") for output in cell["outputs"]]
            return "".join("".join(text) for text in texts)
    raise AssertionError(f"{notebook.name}: no code cell starts with {starts!r}")


def test_brokdorf_strategy_says_what_its_bidding_table_shows():
    """The difference between bidding 1 or 2 and GUT, as printed, is the stored table's (it once said 2.4 for 1.82)."""
    notebook = ROOT / "notebooks" / "brokdorf" / "04-strategy.ipynb"
    table = _stored(notebook, "bid_table = cardgames.analyse(")
    value = {}
    for line in table.splitlines()[1:]:
        parts = line.split()
        action = " ".join(parts[1:-4])
        value[action] = float(parts[-4])
    said = _stored(notebook, "# the difference the chart shows")
    gain = re.search(r"gains about (\d+\.\d) points fewer than passing", said)
    assert gain is not None, said
    assert float(gain.group(1)) == round(value["gut"] - (value["bid 1"] + value["bid 2"]) / 2, 1)
    # how often a bid of 2 fails, world by world: "about one world in five"
    counts = _stored(notebook, "from cardgames.core.analysis import outcomes").splitlines()
    points = [float(v) for v in counts[0].split()[1:]]
    bid_2 = [int(v) for v in next(line for line in counts if line.startswith("bid 2")).split()[2:]]
    fails = sum(n for p, n in zip(points, bid_2, strict=True) if p > 0)
    text = "".join("".join(cell["source"]) for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"])
    in_words = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}[round(sum(bid_2) / fails)]
    assert f"fails (fewer than 2 tricks: +5, so +4 with one trick,\nBK-5.1) in about one world in {in_words}" in text


# ---------------------------------------------------------------------------
# prose that reads in Voila, where the code is hidden (issue 31, walk item 19)

#: prose that only makes sense beside visible code cells: "the first code cell", "run the cells",
#: "`human=0` below" (Voila shows the outputs only; saying "in the code" reads in both)
POINTS_AT_HIDDEN_CODE = re.compile(
    r"(first|erste) code-?zelle|first code cell|run the cells|führen sie die zellen"
    r"|`[^`]+` (below|unten)\b|\((`[^`]+`) (below|unten)\)",
    re.IGNORECASE,
)


def pointers_at_hidden_code(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = []
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "markdown":
            text = " ".join("".join(cell["source"]).split())
            found += [f"cell {index}: {m.group(0)!r}" for m in POINTS_AT_HIDDEN_CODE.finditer(text)]
    return found


def test_the_check_finds_prose_that_points_at_hidden_code(tmp_path: Path):
    for text in (
        "Die erste Code-Zelle wählt Deutsch.",
        "Start here, or run the cells of this notebook (Shift+Enter).",
        "You are player 1 (`human=0` below: seat 0).",
        "Sie sind Spieler 1 (`human=0`\nunten: Platz 0).",
    ):
        path = tmp_path / "x.ipynb"
        path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": text}]}))
        assert pointers_at_hidden_code(path), text
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": "(im Code `human=0`: Platz 0)"}]}))
    assert not pointers_at_hidden_code(path)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_the_prose_reads_without_the_code(notebook: Path):
    assert pointers_at_hidden_code(notebook) == []
