"""The German glossaries (issue 31): one per game in ``docs/de``, and the German texts follow them.

Each glossary is a table: the German term, the English term, a one-line explanation, the clause that
defines it and, in the column "nicht", the words the German texts do not use for it (the
synonyms a native reading rejected: Führender, Lehrstellung, Gesundheit, Löser, ...).  The German
texts of a game are its rules document ``rules.de.md``, the translations (msgstr) of its message
catalog and the markdown cells of its notebook ``01-regeln``; the glossary of terms shared by all
games also covers the core and widget catalogs, the notebook index and docs/de/index.md.  Quotations of the original
text („…“) may use its own words and are left out of the check.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardgames.core import rulebook

from .test_registry import site_navigation

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("brokdorf", "bronko_donko", "three_bridges", "brotherhood", "rowdy_partners")
HEADER = ["Deutsch", "Englisch", "Bedeutung", "Klausel", "nicht"]
CLAUSE_ID = re.compile(r"\b(?:BK|BD|TB|BH|RP)-\d+(?:\.\d+)*[a-z]?\b")
QUOTE = re.compile(r"„[^“]*“")


@dataclass(frozen=True)
class Term:
    german: str
    english: str
    meaning: str
    clauses: tuple[str, ...]
    avoided: tuple[str, ...]


def glossary_path(game: str | None) -> Path:
    return ROOT / "docs" / "de" / ("glossar.md" if game is None else f"glossar-{game}.md")


def split(cell: str) -> tuple[str, ...]:
    return tuple([part.strip() for part in cell.split(",") if part.strip()])


def glossary(game: str | None) -> list[Term]:
    """The rows of a glossary's table, read from its markdown."""
    lines = glossary_path(game).read_text(encoding="utf-8").splitlines()
    cells = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines if line.startswith("|")]
    assert cells and cells[0] == HEADER, f"the glossary's table starts with the columns {HEADER}"
    assert set("".join(cells[1])) <= set("-| "), "a markdown table's second line is its separator"
    terms = []
    for row in cells[2:]:
        assert len(row) == len(HEADER), row
        german, english, meaning, clauses, avoided = row
        terms.append(Term(german, english, meaning, tuple(CLAUSE_ID.findall(clauses)), split(avoided)))
        assert CLAUSE_ID.sub("", clauses).strip(" ,") == "", f"the column Klausel holds clause ids only: {clauses!r}"
    return terms


def markdown_cells(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join(["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"])


def translations(catalog: Path) -> str:
    """Every msgstr of a catalog (the English msgids are not German text)."""
    with catalog.open("rb") as handle:
        messages = read_po(handle)
    out = []
    for message in messages:
        if not message.id:
            continue  # the header
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        out.extend([text for text in strings if text])
    return "\n".join(out)


def texts(game: str | None) -> dict[str, str]:
    """The German texts a glossary governs, by where they are."""
    games = GAMES if game is None else (game,)
    found = {}
    for name in games:
        found[f"cardgames/{name}/rules.de.md"] = (ROOT / "cardgames" / name / "rules.de.md").read_text(encoding="utf-8")
        po = f"cardgames/locale/de/LC_MESSAGES/{name}.po"
        found[po] = translations(ROOT / po)
        notebook = f"notebooks/{name}/01-regeln.ipynb"
        found[notebook] = markdown_cells(ROOT / notebook)
    if game is None:
        for po in ("cardgames/locale/de/LC_MESSAGES/cardgames.po", "widgets/locale/de/LC_MESSAGES/widgets.po"):
            found[po] = translations(ROOT / po)
        found["notebooks/index.ipynb"] = markdown_cells(ROOT / "notebooks" / "index.ipynb")
        found["docs/de/index.md"] = (ROOT / "docs" / "de" / "index.md").read_text(encoding="utf-8")
    return {where: QUOTE.sub("„“", text) for where, text in found.items()}


def uses(text: str, word: str) -> list[str]:
    """The lines of ``text`` that use ``word`` (or phrase) as a whole word."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    return [line.strip() for line in text.splitlines() if pattern.search(line)]


@pytest.mark.parametrize("game", [None, *GAMES])
def test_every_game_has_a_glossary_with_german_english_and_a_meaning(game):
    terms = glossary(game)
    assert len(terms) >= 8
    for term in terms:
        assert term.german and term.english and term.meaning, term
    germans = [term.german for term in terms]
    assert len(set(germans)) == len(germans), "each German term has one row"


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_a_glossary_cites_is_in_the_german_rules(game):
    ids = {clause.id for clause in rulebook.clauses(game, "de")}
    prefix = {name: prefix for prefix, name in rulebook.PREFIXES.items()}[game]
    cited = [clause_id for term in glossary(game) for clause_id in term.clauses]
    assert cited, "a game's glossary says where its terms are defined"
    for term in glossary(game):
        assert term.clauses, f"{term.german}: no clause"
    assert [c for c in cited if not c.startswith(f"{prefix}-")] == [], "a glossary cites its own game's clauses"
    assert sorted(set(cited) - ids) == []


@pytest.mark.parametrize("game", [None, *GAMES])
def test_the_german_texts_do_not_use_the_words_a_glossary_rejects(game):
    found = {}
    for where, text in texts(game).items():
        for term in glossary(game):
            for word in term.avoided:
                for line in uses(text, word):
                    found.setdefault(f"{where}: {word!r} (say {term.german!r})", []).append(line[:160])
    assert found == {}


@pytest.mark.parametrize("game", [None, *GAMES])
def test_the_german_texts_use_the_words_a_glossary_names(game):
    """A glossary lists the words the texts do use: each German term occurs in the game's texts."""
    everything = "\n".join(texts(game).values())
    missing = []
    for term in glossary(game):
        for word in re.split(r", | / ", re.sub(r"\s*\([^)]*\)", "", term.german)):
            if not uses(everything, word) and not uses(everything, word.capitalize()):
                missing.append(word)
    assert missing == []


def test_a_rejected_word_in_a_german_text_is_found():
    """The check reads whole words, outside quotations of the original text."""
    text = QUOTE.sub("„“", "Der Führende legt.\nDie Vorhand legt; der Originaltext sagt „Führender“.\nAnsicht")
    assert uses(text, "Führende") == ["Der Führende legt."]
    assert uses(text, "Führender") == []
    assert uses(text, "Sicht") == []


def test_the_glossaries_are_in_the_german_navigation_of_the_site():
    german = next(
        section["Deutsch"] for section in site_navigation() if isinstance(section, dict) and "Deutsch" in section
    )
    pages = [next(iter(entry.values())) for entry in german]
    for game in (None, *GAMES):
        assert str(glossary_path(game).relative_to(ROOT / "docs")) in pages
