"""The German rules documents (issue 17): ``cardgames/<game>/rules.de.md`` beside each ``rules.md``.

A translation keeps the document's shape, so that a clause read in German is the clause cited in
English: the same clause ids in the same order (as the rulebook reads them), the same references
inside each clause, the same headings, tables, lists and code blocks, and no paragraph left in
English.  The German document ships with the package exactly like the English one.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

import cardgames
from cardgames.core import rulebook

ROOT = Path(__file__).resolve().parents[2]
PREFIX = {game: prefix for prefix, game in rulebook.PREFIXES.items()}

# a clause id as it starts a bold clause marker: **BK-4.11**, **BH-8.8 Title.**, **13.8 Title.**
BOLD_ID = re.compile(r"\*\*((?:[A-Z]{2}-)?\d+(?:\.\d+)+[a-z]?)\b")
# every id a document names: clause ids, decision points (DP-4), decisions, codes (V08, X03, E14)
ANY_ID = re.compile(r"\b(?:(?:BK|BD|TB|BH|RP)-\d+(?:\.\d+)*[a-z]?|DP-\d+|R-\d+|[VXEC]\d\d|W\d)\b")
HEADING = re.compile(r"^(#{1,6})\s")
LIST_ITEM = re.compile(r"^(\s*)(-|\d+\.)\s")
# English words that German prose never contains (lower case, as whole words)
ENGLISH = frozenset(
    "the and of to is are be with must which when that if not his has it its this for or by on from "
    "may than only each every".split()
)


def document(game: str, name: str) -> str:
    """A rules document as the installed package reads it (importlib.resources, as cardgames.rule does)."""
    return resources.files(f"cardgames.{game}").joinpath(name).read_text(encoding="utf-8")


def english(game: str) -> str:
    return document(game, "rules.md")


def german(game: str) -> str:
    return document(game, "rules.de.md")


def clause_ids(markdown: str, game: str) -> list[str]:
    """The ids the rulebook finds in a document, in its order."""
    return list(rulebook._parse(markdown, PREFIX[game], game))


def genuine(ids: list[str]) -> list[str]:
    """``ids`` without numbered parts that do not continue their clause's numbering from 1.

    A wrapped line that happens to start with a number and a full stop (``  324. Total ...``)
    reads as a part of its clause; such parts are accidents of line wrapping, not clauses.
    """
    kept: set[str] = set()
    out = []
    for clause_id in ids:
        part = re.fullmatch(r"(.+\.\d+)\.(\d+)", clause_id)
        if part and part.group(2) != "1" and f"{part.group(1)}.{int(part.group(2)) - 1}" not in kept:
            continue
        kept.add(clause_id)
        out.append(clause_id)
    return out


def prose(markdown: str) -> list[str]:
    """The lines outside code blocks, without inline code."""
    lines, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(re.sub(r"`[^`]*`", " ", line))
    return lines


def shape(markdown: str) -> dict[str, list]:
    """Heading levels, table sizes (rows, columns), list items (indent, marker) and code block lengths."""
    headings, tables, items, blocks = [], [], [], []
    fenced, in_table = False, False
    numbered: dict[int, int] = {}  # indent -> number of the last numbered item
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            if fenced:
                blocks.append(0)
            in_table = False
            continue
        if fenced:
            blocks[-1] += 1
            continue
        if line.startswith("|"):
            columns = line.strip().strip("|").count("|") + 1
            if in_table:
                tables[-1] = (tables[-1][0] + 1, tables[-1][1] | {columns})
            else:
                tables.append((1, {columns}))
            in_table = True
            continue
        in_table = False
        if found := HEADING.match(line):
            headings.append(len(found.group(1)))
        elif found := LIST_ITEM.match(line):
            indent, marker = len(found.group(1)), found.group(2)
            if marker != "-":
                # as in CommonMark, "324. " in a wrapped line starts no list unless it continues one
                number = int(marker[:-1])
                if number != 1 and numbered.get(indent) != number - 1:
                    continue
                numbered[indent] = number
            items.append((indent, marker))
    return {"headings": headings, "tables": tables, "list items": items, "code blocks": blocks}


@pytest.mark.parametrize("game", cardgames.games())
def test_the_german_document_exists_beside_the_english_one(game):
    path = Path(cardgames.__file__).parent / game / "rules.de.md"
    assert path.is_file(), f"cardgames/{game}/rules.de.md is missing"
    assert german(game).strip()


@pytest.mark.parametrize("game", cardgames.games())
def test_same_clause_ids_in_the_same_order(game):
    ids = clause_ids(german(game), game)
    assert ids == genuine(clause_ids(english(game), game))
    assert BOLD_ID.findall(german(game)) == BOLD_ID.findall(english(game))


@pytest.mark.parametrize("game", cardgames.games())
def test_every_clause_names_the_same_references(game):
    """A clause cites the same clauses in both languages and carries the same resolved ambiguities."""
    de = rulebook._parse(german(game), PREFIX[game], game)
    en = rulebook._parse(english(game), PREFIX[game], game)
    for clause_id, clause in de.items():
        original = en[clause_id]
        assert set(rulebook.cited(clause.text)) == set(rulebook.cited(original.text)), clause_id
        assert len(clause.decisions) == len(original.decisions), clause_id
    assert Counter(ANY_ID.findall(german(game))) == Counter(ANY_ID.findall(english(game)))


@pytest.mark.parametrize("game", cardgames.games())
def test_same_headings_tables_lists_and_code_blocks(game):
    de, en = shape(german(game)), shape(english(game))
    for part in en:
        assert de[part] == en[part], f"{game}: the {part} differ from rules.md"


@pytest.mark.parametrize("game", cardgames.games())
def test_no_paragraph_is_left_in_english(game):
    """English function words are rare in German prose; card codes and action texts do not count."""
    hits = {}
    for number, line in enumerate(prose(german(game)), start=1):
        words = [word for word in re.findall(r"[^\W\d_]+", line) if word in ENGLISH]  # "gäbe" is one word
        if words:
            hits[number] = words
    english_lines = {number: words for number, words in hits.items() if len(words) >= 2}
    assert not english_lines, f"{game}: lines that read as English: {english_lines}"
    assert sum(len(words) for words in hits.values()) <= 3, f"{game}: English words in {hits}"


@pytest.mark.parametrize("game", cardgames.games())
def test_the_german_document_is_german(game):
    words = re.findall(r"\w+", german(game).lower())
    common = Counter(word for word in words if word in {"der", "die", "das", "und", "ist", "nicht", "ein", "eine"})
    assert sum(common.values()) > len(words) / 20


def test_the_german_documents_ship_like_the_english_ones():
    """pyproject's package data carries rules.de.md wherever it carries rules.md."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["cardgames"]
    for game in cardgames.games():
        for name in ("rules.md", "rules.de.md"):
            assert any(fnmatch.fnmatch(f"{game}/{name}", pattern) for pattern in patterns), (game, name)
