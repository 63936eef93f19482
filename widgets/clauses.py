"""Clause ids made readable where they are shown: a tooltip with the clause, and its text as HTML.

Every log sentence, refusal and settlement cell names clauses (``BK-4.11``).  The text of
each comes from the rules documents that ship with the package (``cardgames.rule``), so
the tooltip works offline, in Voila and in a static HTML export alike; it is read from the
document of the language in use (``rules.de.md`` in German), the table's inside a table.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from cardgames.core import i18n, registry, rulebook
from cardgames.core.facts import clauses_of

from .texts import chosen

TOOLTIP_CHARS = 600  # a tooltip shows the start of a long clause; the rules panel shows all of it


def link_clauses(escaped: str) -> str:
    """HTML-escaped text with every clause id wrapped in an ``<abbr>`` whose tooltip is the clause."""
    return rulebook.CITED.sub(_abbr, escaped)


def linked_text(text: str) -> str:
    """Plain text as HTML, its clause ids with tooltips."""
    return link_clauses(escape(text))


def told_html(sentence: str, facts) -> str:
    """A step's sentence as HTML, the clause ids its facts cite (``step.facts``) with tooltips.

    The ids come from the facts, not from the words: each is found where the sentence writes
    it, in whatever language.  A step without facts (a game that tells its steps by
    ``_describe`` alone) has its clause ids found in the text as :func:`linked_text` does.
    """
    if not facts:
        return linked_text(sentence)
    cited = clauses_of(facts)
    escaped = escape(sentence)
    spans: dict[int, str] = {}  # where each cited id is written -> the id (the longest wins: BD-5.10 over BD-5.1)
    for clause in sorted(cited, key=len, reverse=True):
        at = escaped.find(clause)
        while at >= 0:
            end = at + len(clause)
            if not _continued(escaped, end) and not any(a <= at < a + len(c) for a, c in spans.items()):
                spans[at] = clause
            at = escaped.find(clause, end)
    out, i = [], 0
    for at in sorted(spans):
        clause = spans[at]
        out.append(escaped[i:at])
        out.append(_cited_html(i18n.get_language(), clause, registry.games()))
        i = at + len(clause)
    out.append(escaped[i:])
    return "".join(out)


def _continued(text: str, end: int) -> bool:
    """Does a clause id that ends at ``end`` go on (``TB-4.1`` inside ``TB-4.14``, ``BH-4.12`` inside ``BH-4.12.5``)?"""
    rest = text[end : end + 2]
    return rest[:1].isdigit() or (rest[:1] == "." and rest[1:2].isdigit())


def _abbr(match: re.Match) -> str:
    return _cited_html(i18n.get_language(), match.group(0), registry.games())


@lru_cache(maxsize=4096)
def _cited_html(language: str, shown: str, games: tuple[str, ...]) -> str:
    """A clause id with its tooltip, made once per language and set of games (a log repeats its ids often)."""
    match = rulebook.CITED.fullmatch(shown)
    return _abbr_html(rulebook.resolve(match) if match else None, shown)


def _abbr_html(clause: rulebook.Clause | None, shown: str) -> str:
    """``shown`` (a clause id as the text writes it) with the clause as its tooltip."""
    if clause is None:
        return f'<span class="cg-rule">{shown}</span>'
    tooltip = _plain(clause)
    if len(tooltip) > TOOLTIP_CHARS:
        tooltip = tooltip[: TOOLTIP_CHARS - 1].rsplit(" ", 1)[0] + " …"
    return f'<abbr class="cg-rule" data-clause="{clause.id}" title="{escape(tooltip, quote=True)}">{shown}</abbr>'


def _plain(clause: rulebook.Clause) -> str:
    title = f" {clause.title}" if clause.title else ""
    text = re.sub(r"\*\*|\*|`", "", clause.text)
    return f"{clause.id}{title} ({clause.game_title}, {clause.section}): {text}"


def clause_html(clause_id: str, language: str | None = None, game: str | None = None) -> str:
    """One clause as a small HTML block (the rules panel of a table): id, heading, text, resolved ambiguities.

    ``language`` (``"de"``, ``"en"``; default the language in use) chooses the rules document.
    ``game`` (a table's game) reads an id that several documents define from that game's
    document (Bronko-Donko's decision point ``DP-4``); an id of another game's rules is still
    found in its own document.
    """
    with i18n.language(chosen(language)):
        return _clause_html(_clause(clause_id, game))


def _clause(clause_id: str, game: str | None) -> rulebook.Clause:
    """The clause ``clause_id``, read in ``game``'s document first (the ids several documents define)."""
    if game is None:
        return rulebook.rule(clause_id)
    try:
        return rulebook.rule(clause_id, game=game)
    except ValueError as own:
        try:
            return rulebook.rule(clause_id)  # a clause of another game's rules (cited across games)
        except ValueError:
            raise own from None


def _clause_html(clause: rulebook.Clause) -> str:
    title = f" {escape(clause.title)}" if clause.title else ""
    paragraphs = "".join(f"<p>{_inline(block)}</p>" for block in clause.text.split("\n") if block.strip())
    notes = "".join(f'<p class="cg-rule-note">{_inline(row)}</p>' for row in clause.decisions)
    return (
        f'<div class="cg-clause" data-clause="{clause.id}"><b>{clause.id}</b>{title} '
        f"<i>({escape(clause.game_title)}, {escape(clause.section)})</i>{paragraphs}{notes}</div>"
    )


def _inline(markdown: str) -> str:
    """The little markdown a clause uses (bold, italics, code) as HTML, other clause ids linked."""
    html = escape(markdown)
    html = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)
    html = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", html)
    html = re.sub(r"`(.+?)`", r"<code>\1</code>", html)
    return link_clauses(html)
