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
- rows of the resolved-ambiguities table are attached to the clauses they name, each told in
  plain words ("Where the original text is unclear (decision 7): ...");
- the other ids a document defines in its tables and code lists are entries of their own: decision
  points ``DP-4``, decisions ``R-13``, event cards ``E01``, cheat tiles ``C01``, wrestlers ``W1``,
  refusal codes ``V04``/``X03``.  Several documents number their decision points and decisions
  from 1, so :func:`rule` needs the game for those (``rule("DP-1", game="rowdy_partners")``).

A part that the document writes inline (``BK-4.10`` (a) ... (b) ...) is found as its clause; a
letter that is no part of the clause (a "(z)" after BK-4.11) is not.  The game prefixes (``BK``) are
read from the documents themselves: each document's first clause id names its game's prefix.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import registry
from .i18n import Catalog, get_language, normalize
from .registry import game_class

_, ngettext = Catalog("cardgames").functions()

#: the file of each language's rules document in a game's folder
FILES = MappingProxyType({"en": "rules.md", "de": "rules.de.md"})


#: the games of the package (a game registered from outside is found through the registry)
NAMES = registry.BUILTIN


def _source(game: str, language: str = "en") -> tuple[str, str, str, int]:
    """The key ``game``'s document is read and parsed under: the game, the language, where the document is (the
    registry says: package data, or beside a game of one's own) and when it last changed, so that a game
    registered again or a document edited in a notebook session is read again."""
    found = registry.rules_file(game, language)
    if found is None:
        raise FileNotFoundError(f"{game} has no rules document {FILES[language]}")
    try:
        stamp = Path(str(found)).stat().st_mtime_ns
    except OSError:
        stamp = 0  # package data inside a zip does not change
    return game, language, str(found), stamp


def _document(game: str, language: str = "en") -> str:
    return _read(*_source(game, language))


@cache
def _read(game: str, language: str, where: str, stamp: int) -> str:
    # read through the registry: importing the game's package is not needed for its text
    found = registry.rules_file(game, language)
    assert found is not None
    return found.read_text(encoding="utf-8")


_FIRST_ID = re.compile(r"\*\*([A-Z]{2})-\d+\.\d+")


def _prefixes(names: tuple[str, ...]) -> dict[str, str]:
    """prefix -> game, read from the documents: the first clause id of a document names its game's prefix."""
    found: dict[str, str] = {}
    for game in names:
        try:
            first = _FIRST_ID.search(_document(game))
        except (FileNotFoundError, NotADirectoryError):
            continue  # a game whose folder is work in progress, or a game of one's own without a document
        if first is not None:
            found.setdefault(first.group(1), game)
    return found


#: prefix -> game for the documents of the package's games
PREFIXES = MappingProxyType(_prefixes(NAMES))


def prefixes() -> Mapping[str, str]:
    """prefix -> game for every registered game with a rules document: the package's, then those registered."""
    names = registry.games()
    if names == tuple(NAMES):
        return PREFIXES
    return _registered_prefixes(names, tuple(_source(g)[2:] for g in names if registry.rules_file(g) is not None))


@cache
def _registered_prefixes(names: tuple[str, ...], sources: tuple) -> Mapping[str, str]:
    return MappingProxyType({**PREFIXES, **_prefixes(tuple(n for n in names if n not in NAMES))})


@cache
def _cited(alternatives: str) -> re.Pattern:
    # what a clause id looks like in running text: BK-4.11, BH-4.12.5, BD-5.8(a), BD-5.7a, BK-7
    return re.compile(rf"\b({alternatives})-(\d+(?:\.\d+)*)(?:([a-z])\b|\s?\(([a-z])\))?")


class _Cited:
    """The pattern of a clause id in running text, for the prefixes of every registered game (a ``re.Pattern``'s
    ``search``, ``finditer``, ``findall``, ``sub`` and ``pattern``)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_cited("|".join(prefixes())), name)


#: a clause id in running text (``CITED.finditer(text)``): BK-4.11, BH-4.12.5, BD-5.8(a), BD-5.7a, BK-7, GS-3.1
CITED: Any = _Cited()
_ID_TEXT = re.compile(r"\s*([A-Za-z]{2})\s*[-‐–_ ]?\s*(\d+(?:\.\d+)*)\s*(?:\(?([a-zA-Z])\)?)?\s*")
# an entry's id as asked for: DP-4, R-13, E01, V04, W1 (case and a dash forgiven)
_ENTRY_TEXT = re.compile(r"\s*([A-Za-z]{1,2})\s*[-‐–_ ]?\s*(\d{1,3})\s*")

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


# a row of the resolved-ambiguities table told in plain words, in each document's language: the clause
# shows it beside its own text, where a student reads what the original text leaves open and why
# the project decided as it did
_DECISION = MappingProxyType(
    {
        "en": "Where the original text is unclear (decision {id}): it says: {said}. We decide: {decision}. Why: {why}.",
        "de": (
            "Wo der Originaltext unklar ist (Entscheidung {id}): Er sagt: {said}. Wir entscheiden: {decision}. "
            "Warum: {why}."
        ),
    }
)
# the heading of the resolved-ambiguities table's column that names the clauses a decision concerns
_CLAUSE_COLUMN = MappingProxyType({"en": "Clause", "de": "Klausel"})

_TABLE_ROW = re.compile(r"^\|(.*)\|\s*$")
_TABLE_ID = re.compile(r"[A-Z]{2}-\d+\.\d+")
# how an entry id with a hyphen is written (DP-4, R-13): the site keeps these whole at the hyphen (docs/hooks.py)
ENTRY_WITH_HYPHEN = r"([A-Z]{1,2})-(\d{1,3})"
# the id of an entry in a table's first column: DP-4, R-13, E01, C01, W1
_ENTRY_ID = re.compile(ENTRY_WITH_HYPHEN + r"|([A-Z])(\d{1,3})")
# a code defined in a list: "  - **V04 GODFATHER_JAILED** — text"
_CODE_ITEM = re.compile(r"^\s*-\s+\*\*([A-Z]\d{1,3})\s+([A-Z][A-Z_]*)\*\*\s*[—–-]?\s*(.*)$")


@dataclass(frozen=True)
class Clause:
    """One clause (or part, or section) of a game's rules document, or one entry of its tables.

    ``text`` is what the document says; ``decisions`` says, separately and in plain words, how the
    project decided where the original text is unclear (the rows of the resolved-ambiguities table
    that name this clause).
    """

    id: str  # "BK-4.11", "BH-4.12.5", "BD-5.8(a)", "BK-4"; an entry: "DP-4", "R-13", "V04"
    game: str  # "brokdorf"
    section: str  # "BK-4 Play › Tricks (Stiche)"
    text: str  # the clause as written (markdown), continuation lines joined
    title: str = ""  # a worked example's title ("Luschen check (BK-3.6)."), a code's name, else ""
    decisions: tuple[str, ...] = ()  # "Where the original text is unclear (decision 7): it says ..."
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
        head = f"**{self.id}**{title} · *{self.game_title}, {self.section}*\n\n{self.text}"
        # the decisions apart from the text, each a plain sentence that says where it comes from
        notes = "".join(f"\n- {row}" for row in self.decisions)
        return f"{head}\n{notes}" if notes else head


def rule(clause_id: str, language: str | None = None, game: str | None = None) -> Clause:
    """The clause ``clause_id`` (``"BK-4.11"``) of the rules document that ships with its game.

    ``language`` ``"de"`` reads the German document, ``"en"`` the English one; by default the
    language in use (:func:`cardgames.set_language`).  Clause ids are the same in both.

    Case and spacing are forgiven (``"bk 4.11"``); a part that the document writes inline
    (``"BK-4.10(a)"``) gives its clause.  The other ids a document defines are found too:
    decision points (``"DP-4"``), decisions (``"R-13"``), event cards, cheat tiles, wrestlers
    and refusal codes (``"E01"``, ``"C01"``, ``"W1"``, ``"V04"``).  Several documents number
    their decision points and decisions alike, so those need ``game``
    (``rule("DP-1", game="rowdy_partners")``).  An unknown or malformed id, or a letter that is
    no part of its clause (a "(z)" after BK-4.11), is a ValueError that names the nearest ids.
    """
    if not isinstance(clause_id, str):
        raise TypeError(
            _("a clause id is a string such as 'BK-4.11', not {kind}").format(kind=type(clause_id).__name__)
        )
    code = get_language() if language is None else normalize(language)
    if game is not None:
        _known(game)
    text = clause_id[:40]
    match = _ID_TEXT.fullmatch(text)
    if match is not None and match.group(1).upper() in prefixes():
        return _clause(match, code, game)
    if (entry := _ENTRY_TEXT.fullmatch(text)) is not None:
        found = _entry(entry.group(1).upper(), int(entry.group(2)), code, game)
        if found is not None:
            return found
    raise ValueError(
        _(
            "{text} is not a clause id: write the game's prefix ({prefixes}), a dash and the clause number, "
            "e.g. 'BK-4.11'"
        ).format(text=_excerpt(clause_id), prefixes=", ".join(prefixes()))
        + _nearest(clause_id, game)
    )


def _clause(match: re.Match, code: str, game: str | None) -> Clause:
    """The clause an id of the form ``BK-4.11``, ``BD-5.8(a)``, ``BD-5.7a`` names (``match``: of ``_ID_TEXT``)."""
    prefix, number, letter = match.group(1).upper(), match.group(2), (match.group(3) or "").lower()
    asked = f"{prefix}-{number}" + (f"({letter})" if letter else "")
    owner = prefixes()[prefix]
    if game is not None and game != owner:
        raise ValueError(
            _("{id} is a clause of {owner}, not of {game}").format(id=asked, owner=_title(owner), game=_title(game))
        )
    book = _book(owner, code)
    for key in (asked, f"{prefix}-{number}{letter}") if letter else (asked,):
        if key in book:
            return book[key]
    whole = book.get(f"{prefix}-{number}")
    if whole is not None and letter and _inline_part(whole.text, letter):
        return whole  # the document writes the part inside its clause: BK-4.10 (a) ... (b) ...
    raise ValueError(
        _("the {game} rules have no clause {id}").format(game=_title(owner), id=asked) + _nearest(asked, game)
    )


def _inline_part(text: str, letter: str) -> bool:
    """Does a clause's ``text`` mark a part ``(letter)`` of its own (not a citation such as "BK-4.10 (a)")?"""
    for found in re.finditer(rf"(\S*)\s*\({letter}\)", text):
        before = found.group(1)
        if not CITED.search(before) and not re.search(r"\d$", before):
            return True
    return False


def _entry(letters: str, number: int, code: str, game: str | None) -> Clause | None:
    """The table entry ``letters``-``number`` (DP-4, R-13, V04) of ``game``'s document, or of the one document
    that has it; None where no document defines it.  An id that several documents define needs ``game``."""
    found = [
        entry
        for name in ((game,) if game is not None else tuple(prefixes().values()))
        if (entry := _entries(name, code)[1].get((letters, number))) is not None
    ]
    if len(found) > 1:
        example = found[-1]
        raise ValueError(
            _(
                "{id} is defined in the rules of {games}: name the game, e.g. cardgames.rule('{id}', game='{game}')"
            ).format(id=example.id, games=", ".join(_title(e.game) for e in found), game=example.game)
        )
    if found:
        return found[0]
    defining = [
        entry.id
        for name in ((game,) if game is not None else tuple(prefixes().values()))
        for key, entry in _entries(name, code)[1].items()
        if key[0] == letters
    ]
    if not defining:
        return None
    sample = defining[0]  # write the id as the documents do: DP-99, V99
    written = f"{letters}-{number}" if "-" in sample else f"{letters}{number:0{len(sample) - len(letters)}d}"
    if game is not None:
        raise ValueError(
            _("the {game} rules have no clause {id}").format(game=_title(game), id=written) + _nearest(written, game)
        )
    raise ValueError(_("no rules document has {id}").format(id=written) + _nearest(written))


def clauses(game: str, language: str | None = None) -> tuple[Clause, ...]:
    """Every clause, part and section of ``game``'s rules document, in document order (``language`` as in :func:`rule`)."""
    _known(game)
    return tuple(_book(game, get_language() if language is None else normalize(language)).values())


def document(game: str, language: str | None = None) -> str:
    """The text of ``game``'s rules document (``cardgames/<game>/rules.md``, German: ``rules.de.md``)."""
    _known(game)
    return _document(game, get_language() if language is None else normalize(language))


def _known(game: str) -> None:
    if game not in prefixes().values():
        raise ValueError(
            _("unknown game {game}: choose one of {games}").format(
                game=_excerpt(game), games=", ".join(prefixes().values())
            )
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


def _book(game: str, language: str = "en") -> Mapping[str, Clause]:
    """id -> Clause for one game, in document order."""
    return _parsed(*_source(game, language))


@cache
def _parsed(game: str, language: str, where: str, stamp: int) -> Mapping[str, Clause]:
    prefix = next(p for p, name in prefixes().items() if name == game)
    return MappingProxyType(_parse(_read(game, language, where, stamp), prefix, game, language))


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
                if _TABLE_ID.fullmatch(cells[0]) and cells[0].startswith(prefix):
                    # a row of the decision-points table is a clause of its own (BK-7.2)
                    text = "; ".join(f"{h}: {c}" for h, c in zip(table_header[1:], cells[1:]) if c)
                    drafts.append({"id": cells[0], "title": "", "lines": [text], "section": " › ".join(heading)})
                elif _decides(table_header, cells):
                    decisions.append((_named_ids(cells[1], prefix), _decision(cells, language)))
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


def _decides(header: list[str], cells: list[str]) -> bool:
    """Is this a row of the resolved-ambiguities table (id, clauses, the original says, decision, why)?"""
    return len(header) >= 5 and len(cells) >= 5 and header[1] in _CLAUSE_COLUMN.values()


def _decision(cells: list[str], language: str) -> str:
    """A row of the resolved-ambiguities table in plain words, for the clauses it names."""
    said, decision, why = (cell.rstrip(" .") for cell in cells[2:5])
    return _DECISION[language].format(id=cells[0], said=said, decision=decision, why=why)


def _entries(game: str, language: str = "en") -> tuple[Mapping[str, Clause], Mapping[tuple[str, int], Clause]]:
    """The ids besides clauses that ``game``'s document defines (see :func:`_entries_of`)."""
    return _entries_of(*_source(game, language))


@cache
def _entries_of(
    game: str, language: str, where: str, stamp: int
) -> tuple[Mapping[str, Clause], Mapping[tuple[str, int], Clause]]:
    """The ids besides clauses that ``game``'s document defines, id -> entry in document order, and the
    same keyed by (letters, number) for lookup: a table row's first cell (DP-4, R-13, E01, W1; two entries
    a row where the table repeats its id column, RP-2.7) and a code's list item (``**V04 GODFATHER_JAILED**``)."""
    prefix = next(p for p, name in prefixes().items() if name == game)
    found: dict[str, Clause] = {}
    heading: list[str] = []
    header: list[str] | None = None
    fenced = False
    for line in _read(game, language, where, stamp).splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if heading_match := _HEADING.match(line):
            level, title = len(heading_match.group(1)), heading_match.group(2).strip()
            heading = [title] if level <= 2 else heading[:1] + [title]
            header = None
            continue
        section = " › ".join(heading)
        if row := _TABLE_ROW.match(line):
            cells = [cell.strip() for cell in row.group(1).split("|")]
            if header is None:
                header = cells
                continue
            if all(set(cell) <= set("-: ") for cell in cells):
                continue
            starts = [i for i, name in enumerate(header) if name == header[0]] + [len(header)]
            for start, end in zip(starts, starts[1:]):
                entry_id = cells[start] if start < len(cells) else ""
                written = _ENTRY_ID.fullmatch(entry_id)
                if written is None or written.group(1) == prefix or entry_id in found:
                    continue
                if _decides(header, cells):
                    text = _decision(cells, language)
                else:
                    text = "; ".join(f"{h}: {c}" for h, c in zip(header[start + 1 : end], cells[start + 1 : end]) if c)
                found[entry_id] = Clause(entry_id, game, section, text, "", (), language)
            continue
        header = None
        if (code := _CODE_ITEM.match(line)) and code.group(1) not in found:
            found[code.group(1)] = Clause(
                code.group(1), game, section, code.group(3).strip(), code.group(2), (), language
            )
    keyed: dict[tuple[str, int], Clause] = {}
    for entry_id, entry in found.items():
        written = _ENTRY_ID.fullmatch(entry_id)
        assert written is not None
        letters, number = (written.group(1), written.group(2)) if written.group(1) else written.group(3, 4)
        keyed.setdefault((letters, int(number)), entry)
    return MappingProxyType(found), MappingProxyType(keyed)


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


def _nearest(text: str, game: str | None = None) -> str:
    """ "; the nearest ids: ..." for an id that is not in the documents (of ``game``, or of every game)."""
    upper = text.strip().upper().replace(" ", "-")[:40]
    names = (game,) if game is not None else tuple(prefixes().values())
    known = {c.upper(): c for name in names for c in (*_book(name), *_entries(name)[0])}
    prefix = upper[:2]
    pool = [c for c in known if c.startswith(prefix)] or list(known)
    close = [known[c] for c in difflib.get_close_matches(upper, pool, n=4, cutoff=0.5)]
    return _("; the nearest ids: {ids}").format(ids=", ".join(close)) if close else ""


def _excerpt(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _title(game: str) -> str:
    return game_class(game).spec.title
