"""The rules documents that ship with the package, read clause by clause.

Every game folder holds its rules specification as ``rules.md`` (package data), and its German
translation as ``rules.de.md`` (the same clause ids; :func:`rule` reads the one of the language in
use, see :func:`cardgames.set_language`).  Its clauses
carry stable ids (``BK-4.11``) that messages, ``describe`` sentences and tests cite; this
module finds them again: :func:`rule` gives one clause, :func:`clauses` a game's clauses in
document order and :func:`cited` the ids a sentence names.

The documents use a few shapes, all recognised here:

- a clause is a bullet ``- **BK-4.11** text`` (continued on indented lines) or a paragraph
  ``**BH-8.8 Title.** text``; Bronko-Donko numbers its worked examples without the prefix
  (``**13.8 Title.**``), and they are ``BD-13.8`` here;
- numbered items under a clause are its parts ``BH-4.12.5``, lettered ones ``BD-5.8(a)``;
- a section heading ``## BK-4 Play`` (or ``## 5 Formations and round play``) is ``BK-4``;
- rows of the resolved-ambiguities table are attached to the clauses they name.

A part that the document writes inline (``BK-4.10`` (a) ... (b) ...) is found as its clause.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType

from .i18n import Catalog, get_language, normalize
from .registry import _GAMES as NAMES
from .registry import game_class

_, ngettext = Catalog("cardgames").functions()

PREFIXES = MappingProxyType(
    {"BK": "brokdorf", "BD": "bronko_donko", "TB": "three_bridges", "BH": "brotherhood", "RP": "rowdy_partners"}
)

# what a clause id looks like in running text: BK-4.11, BH-4.12.5, BD-5.8(a), BD-5.7a, BK-7
CITED = re.compile(r"\b(BK|BD|TB|BH|RP)-(\d+(?:\.\d+)*)(?:([a-z])\b|\s?\(([a-z])\))?")
_ID_TEXT = re.compile(r"\s*([A-Za-z]{2})\s*[-‐–_ ]?\s*(\d+(?:\.\d+)*)\s*(?:\(?([a-zA-Z])\)?)?\s*")

_HEADING = re.compile(r"^(#{1,4})\s+(.*)$")
_SECTION = re.compile(r"^(?:([A-Z]{2})-)?(\d+)\s+(.*)$")
_CLAUSE = re.compile(r"^(?:-\s+)?\*\*(?:([A-Z]{2})-)?(\d+\.\d+[a-z]?)\b\s*(.*?)\*\*\s*(.*)$")
_NUMBERED = re.compile(r"^\s+(\d+)\.\s+(.*)$")
_LETTERED = re.compile(r"^\s+-\s+\(([a-z])\)\s+(.*)$")


def _continues(clause: dict, marker: str) -> bool:
    """Is ``marker`` the next part of ``clause`` (1, 2, 3 ... or a, b, c ...)?

    A wrapped line that happens to start with a number ("324. Total 648") is text, not a part.
    """
    parts = clause.setdefault("parts", [])
    if marker.isdigit():
        wanted = str(sum(1 for m in parts if m.isdigit()) + 1)
    else:
        wanted = chr(ord("a") + sum(1 for m in parts if not m.isdigit()))
    if marker != wanted:
        return False
    parts.append(marker)
    return True


# a row of the resolved-ambiguities table, as a clause shows it (each document's own words)
_AMBIGUITY = MappingProxyType({"en": "Resolved ambiguity {id}: {text}", "de": "Geklärte Mehrdeutigkeit {id}: {text}"})

_TABLE_ROW = re.compile(r"^\|(.*)\|\s*$")
_TABLE_ID = re.compile(r"[A-Z]{2}-\d+\.\d+")


@dataclass(frozen=True)
class Clause:
    """One clause (or part, or section) of a game's rules document."""

    id: str  # "BK-4.11", "BH-4.12.5", "BD-5.8(a)", "BK-4"
    game: str  # "brokdorf"
    section: str  # "BK-4 Play › Tricks (Stiche)"
    text: str  # the clause as written (markdown), continuation lines joined
    title: str = ""  # a worked example's title ("Luschen check (BK-3.6)."), else ""
    decisions: tuple[str, ...] = ()  # rows of the resolved-ambiguities table that name it
    # the document it was read from: rules.md ("en") or rules.de.md ("de"); not in the repr,
    # which shows what the clause says
    language: str = field(default="en", repr=False)

    def __str__(self) -> str:
        title = f" {self.title}" if self.title else ""
        return f"{self.id}{title} ({self.game_title}, {self.section}): {self.text}"

    @property
    def game_title(self) -> str:
        return _title(self.game)

    @property
    def anchor(self) -> str:
        """The fragment that links to this clause on the docs site: ``rules/brokdorf/#BK-4.11``."""
        return self.id

    def _repr_markdown_(self) -> str:
        title = f" {self.title}" if self.title else ""
        notes = "".join(f"\n\n*{row}*" for row in self.decisions)
        return f"**{self.id}**{title} · *{self.game_title}, {self.section}*\n\n{self.text}{notes}"


def rule(clause_id: str, language: str | None = None) -> Clause:
    """The clause ``clause_id`` (``"BK-4.11"``) of the rules document that ships with its game.

    ``language`` ``"de"`` reads the German document, ``"en"`` the English one; by default the
    language in use (:func:`cardgames.set_language`).  Clause ids are the same in both.

    Case and spacing are forgiven (``"bk 4.11"``); a part that the document writes inline
    (``"BK-4.10(a)"``) gives its clause.  An unknown or malformed id is a ValueError that
    names the nearest ids.
    """
    if not isinstance(clause_id, str):
        raise TypeError(
            _("a clause id is a string such as 'BK-4.11', not {kind}").format(kind=type(clause_id).__name__)
        )
    code = get_language() if language is None else normalize(language)
    match = _ID_TEXT.fullmatch(clause_id[:40])
    if match is None or match.group(1).upper() not in PREFIXES:
        raise ValueError(
            _(
                "{text} is not a clause id: write the game's prefix ({prefixes}), a dash and the clause number, "
                "e.g. 'BK-4.11'"
            ).format(text=_excerpt(clause_id), prefixes=", ".join(PREFIXES))
            + _nearest(clause_id)
        )
    prefix, number, letter = match.group(1).upper(), match.group(2), match.group(3)
    book = _book(PREFIXES[prefix], code)
    wanted = [f"{prefix}-{number}"]
    if letter:
        wanted = [f"{prefix}-{number}({letter.lower()})", f"{prefix}-{number}{letter.lower()}"] + wanted
    for key in wanted:
        if key in book:
            return book[key]
    raise ValueError(
        _("the {game} rules have no clause {id}").format(
            game=_title(PREFIXES[prefix]), id=f"{prefix}-{number}" + (f"({letter})" if letter else "")
        )
        + _nearest(clause_id)
    )


def clauses(game: str, language: str | None = None) -> tuple[Clause, ...]:
    """Every clause, part and section of ``game``'s rules document, in document order (``language`` as in :func:`rule`)."""
    _known(game)
    return tuple(_book(game, get_language() if language is None else normalize(language)).values())


def document(game: str, language: str | None = None) -> str:
    """The text of ``game``'s rules document (``cardgames/<game>/rules.md``, German: ``rules.de.md``)."""
    _known(game)
    return _document(game, get_language() if language is None else normalize(language))


def _known(game: str) -> None:
    if game not in NAMES:
        raise ValueError(
            _("unknown game {game}: choose one of {games}").format(game=_excerpt(game), games=", ".join(NAMES))
        )


def cited(text: str) -> list[str]:
    """The clause ids a sentence names, in order, each once (``"... (BK-4.10, BK-4.11)"``)."""
    seen: dict[str, None] = {}
    for match in CITED.finditer(text):
        seen.setdefault(_cited_id(match), None)
    return list(seen)


def resolve(match: re.Match) -> Clause | None:
    """The clause a :data:`CITED` match names, or None where the document has no such id."""
    try:
        return rule(_cited_id(match))
    except ValueError:
        return None


def _cited_id(match: re.Match) -> str:
    letter = match.group(3) or match.group(4)
    return f"{match.group(1)}-{match.group(2)}" + (f"({letter})" if letter else "")


# ---------------------------------------------------------------------------
# Reading a document


#: the file of each language's rules document in a game's folder
FILES = MappingProxyType({"en": "rules.md", "de": "rules.de.md"})


@cache
def _document(game: str, language: str = "en") -> str:
    return resources.files(f"cardgames.{game}").joinpath(FILES[language]).read_text(encoding="utf-8")


@cache
def _book(game: str, language: str = "en") -> Mapping[str, Clause]:
    """id -> Clause for one game, in document order."""
    prefix = next(p for p, name in PREFIXES.items() if name == game)
    return MappingProxyType(_parse(_document(game, language), prefix, game, language))


def _parse(markdown: str, prefix: str, game: str, language: str = "en") -> dict[str, Clause]:
    book: dict[str, Clause] = {}
    drafts: list[dict] = []  # clauses and parts being collected, in order
    sections: list[dict] = []
    heading: list[str] = []  # [h2, h3]
    table_header: list[str] | None = None
    decisions: list[tuple[list[str], str]] = []
    clause: dict | None = None
    part: dict | None = None
    fenced = False

    def close() -> None:
        nonlocal clause, part
        clause = part = None

    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            if clause is not None:
                clause["lines"].append(line)
            continue
        if fenced:
            if clause is not None:
                clause["lines"].append(line)
            continue
        if found := _HEADING.match(line):
            close()
            table_header = None
            level, title = len(found.group(1)), found.group(2).strip()
            if level == 2:
                heading = [title]
                numbered = _SECTION.match(title)
                if numbered and numbered.group(1) in (None, prefix):
                    sections.append({"id": f"{prefix}-{numbered.group(2)}", "title": title, "lines": []})
                else:
                    sections.append({"id": None, "title": title, "lines": []})
            elif level >= 3:
                heading = heading[:1] + [title]
            continue
        if sections:
            sections[-1]["lines"].append(line)
        if (row := _TABLE_ROW.match(line)) and clause is not None:
            clause["lines"].append(line)  # a table inside a clause (RP-4.12's pop track)
            part = None
            continue
        if row:
            cells = [cell.strip() for cell in row.group(1).split("|")]
            if table_header is None:
                table_header = cells
            elif not all(set(cell) <= set("-: ") for cell in cells):
                text = "; ".join(f"{h}: {c}" for h, c in zip(table_header[1:], cells[1:]) if c)
                if _TABLE_ID.fullmatch(cells[0]) and cells[0].startswith(prefix):
                    # a row of the decision-points table is a clause of its own (BK-7.2)
                    drafts.append({"id": cells[0], "title": "", "lines": [text], "section": " › ".join(heading)})
                else:
                    decisions.append(
                        (_named_ids(cells[1], prefix), _AMBIGUITY[language].format(id=cells[0], text=text))
                    )
            continue
        table_header = None
        if found := _CLAUSE.match(line):
            if found.group(1) not in (None, prefix):
                close()
                continue
            close()
            title = found.group(3).strip()
            clause = {
                "id": f"{prefix}-{found.group(2)}",
                "title": title,
                "lines": [found.group(4)],
                "section": " › ".join(heading),
                "bullet": line.startswith("-"),
            }
            drafts.append(clause)
            continue
        if clause is None:
            continue
        if not line.strip():
            part = None
            if clause["lines"] and clause["lines"][-1] != "":
                clause["lines"].append("")
            continue
        sub = _NUMBERED.match(line) or _LETTERED.match(line)
        if sub and line[: len(line) - len(line.lstrip())] in ("  ", "   ") and _continues(clause, sub.group(1)):
            marker = sub.group(1)
            sub_id = f"{clause['id']}.{marker}" if marker.isdigit() else f"{clause['id']}({marker})"
            part = {"id": sub_id, "title": "", "lines": [sub.group(2)], "section": clause["section"]}
            drafts.append(part)
            clause["lines"].append(line)
            continue
        if not line.startswith((" ", "- ")) and clause["lines"][-1] == "":
            close()  # a paragraph after a blank line belongs to no clause
            continue
        if line.startswith("- ") and clause["bullet"]:
            close()  # a plain bullet after a bulleted clause is not part of it
            continue
        clause["lines"].append(line)
        if part is not None:
            part["lines"].append(line.strip())

    for draft in drafts:
        if draft["id"] in book:
            continue
        named = tuple(text for ids, text in decisions if draft["id"] in ids)
        book[draft["id"]] = Clause(
            draft["id"], game, draft["section"], _join(draft["lines"]), draft["title"], named, language
        )
    for heading_draft in sections:
        if heading_draft["id"] and heading_draft["id"] not in book:
            book[heading_draft["id"]] = Clause(
                heading_draft["id"], game, heading_draft["title"], _join(heading_draft["lines"]), "", (), language
            )
    return book


def _named_ids(cell: str, prefix: str) -> list[str]:
    """Ids named in a table cell: ``"BK-2.3, 5.8"`` -> BK-2.3, BK-5.8."""
    return [f"{prefix}-{number}" for number in re.findall(r"(?<![\w.])(?:[A-Z]{2}-)?(\d+\.\d+(?:\.\d+)?)", cell)]


def _join(lines: list[str]) -> str:
    """Continuation lines joined into paragraphs; code blocks and list items keep their lines."""
    out: list[str] = []
    fenced = False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            out.append(stripped)
            continue
        if fenced:
            out.append(line.rstrip())
            continue
        starts_item = stripped.startswith(("- ", "|")) or _NUMBERED.match(line) or _LETTERED.match(line)
        if out and out[-1] and stripped and not starts_item and not out[-1].startswith("```"):
            out[-1] = f"{out[-1]} {stripped}"
        else:
            out.append(line.rstrip() if line.startswith(" ") and stripped else stripped)
    return "\n".join(out).strip()


def _nearest(text: str) -> str:
    upper = text.strip().upper().replace(" ", "-")[:40]
    everything = [c for game in NAMES for c in _book(game)]
    prefix = upper[:2]
    pool = [c for c in everything if c.startswith(prefix)] or everything
    close = difflib.get_close_matches(upper, pool, n=4, cutoff=0.5)
    return _("; the nearest ids: {ids}").format(ids=", ".join(close)) if close else ""


def _excerpt(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _title(game: str) -> str:
    return game_class(game).spec.title
