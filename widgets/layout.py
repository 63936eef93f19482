"""The table picture: the game's own layout (``game.layout``) with its cards drawn as faces.

Every game gives its table as lines of text and cards (``Face``), the same lines
``render()`` prints; this module escapes the text, draws each card with the game's face
module and each hidden card as a back, and marks the cards named by the legal actions of
the player to act.  Nothing is read back from the words of a line, only from its shape,
the same shape that lines up the text that ``render()`` prints:

* lines of text with `` | `` between their columns (the Brotherhood's board) are a table
  that keeps its columns and scrolls sideways inside its own box on a phone;
* a seat's line (a short label such as ``1`` or ``2:``, one run of cards, maybe a note such
  as ``MIT Stiche 0``) is a row of a table of the seats, so the notes line up whatever the
  number of cards;
* a line with cards and `` | `` columns (Three Bridges' bridges) keeps each column together and
  stacks the columns under the first one when the box is narrow;
* a line whose label is long (a Rowdy Partners wrestler) is a block of its own, set off from
  the next: the label first, then the run of cards under the last words of the label (``Hand``);
* a mark written against a card (``[``, ``]``, ``/``, ``A2:``) stays with its card;
* clause ids never break at their hyphen.
"""

from __future__ import annotations

import re
from html import escape

from .clauses import link_clauses
from .faces import svg

CSS = """<style>
.cg-root {font-family: "DejaVu Sans", Arial, sans-serif;}
.cg-root .widget-html-content {min-width: 0;}
.cg-pre {font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 15px; line-height: 1.25;
         white-space: pre-wrap; margin: 0; padding: 8px; background: #f7f7f2; border: 1px solid #ccc;
         border-radius: 6px; overflow-x: auto; container-type: inline-size;}
.cg-line {display: flex; flex-wrap: wrap; align-items: center; column-gap: 0.6em; min-height: 1.25em;}
.cg-group {display: inline-flex; flex-wrap: wrap; align-items: center; column-gap: 0.4em; max-width: 100%;}
.cg-label {white-space: pre-wrap;}
.cg-cards {display: inline-flex; flex-wrap: wrap; align-items: center; gap: 2px; max-width: 100%;}
.cg-unit {display: inline-flex; align-items: center; white-space: nowrap; margin: 0 0.25em;}
.cg-line + .cg-line {margin-top: 1px;}
.cg-wide {border-top: 1px solid #d6d6cc; padding: 2px 0;}
.cg-wide + :not(.cg-wide) {border-top: 1px solid #d6d6cc;}
.cg-info {flex: 1 0 100%;}
.cg-under {padding-left: 1.6em;}
.cg-seats {border-collapse: collapse; white-space: normal;}
.cg-seats th, .cg-seats td {padding: 1px 0.5em 1px 0; vertical-align: middle; text-align: left; font-weight: normal;}
.cg-seats th {white-space: nowrap; padding-left: 0.4em;}
.cg-seats tr + tr {border-top: 1px dotted #d6d6cc;}
.cg-note {white-space: pre-wrap;}
.cg-text {max-width: 100%;}
.cg-seg {display: inline-block; max-width: 100%;}
.cg-cells {border-collapse: collapse; white-space: normal;}
.cg-cells td {padding: 1px 0.6em; vertical-align: middle;}
.cg-cells td:first-child {padding-left: 0;}
.cg-cells td + td {border-left: 1px solid #999;}
.cg-cell {display: inline-flex; flex-wrap: nowrap; align-items: center; column-gap: 0.4em; max-width: 100%;}
.cg-cell > .cg-label, .cg-cell > .cg-note {white-space: pre;}
.cg-cell .cg-cards {min-width: 0;}
@container (max-width: 560px) {
  .cg-cells, .cg-cells tbody, .cg-cells tr, .cg-cells td {display: block;}
  .cg-pre .cg-cells {width: auto;}
  .cg-cells td + td {margin-left: 1.6em;}
  .cg-cells tr + tr {border-top: 1px dotted #d6d6cc;}
}
/* a box that scrolls sideways: a shadow at an edge where there is more, which a cover of the box's colour hides at
   the end of the scroll */
.cg-scroll, .cg-settlement {
  overflow-x: auto; max-width: 100%; scrollbar-width: thin; scrollbar-color: #888 #e4e4dc; --cg-cover: #f7f7f2;
  background: linear-gradient(to right, var(--cg-cover) 30%, transparent) left / 40px 100% no-repeat local,
              linear-gradient(to left, var(--cg-cover) 30%, transparent) right / 40px 100% no-repeat local,
              radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.3), transparent) left / 14px 100% no-repeat scroll,
              radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.3), transparent) right / 14px 100% no-repeat scroll;
}
.cg-settlement {--cg-cover: white;}
.cg-board {border-collapse: collapse; white-space: pre;}
.cg-board td {padding: 0 0.5em; border-left: 1px solid #999;}
.cg-board td:first-child {border-left: none; padding-left: 0;}
.cg-card {display: inline-block; vertical-align: middle; margin: 1px 2px; border-radius: 6px; line-height: 0;}
.cg-card.cg-legal {outline: 3px solid #E69F00; outline-offset: 1px;}
.cg-hand {display: flex; flex-wrap: wrap; gap: 2px;}
.cg-log ol {margin: 0; padding-left: 3.2em; font-size: 14px; line-height: 1.35;}
.cg-log li.cg-latest {background: #fff3c4;}
.cg-rule {font-weight: bold; color: #00507d; text-decoration: underline dotted; cursor: help; white-space: nowrap;}
.cg-caption {font-size: 14px; margin-top: 4px;}
.cg-clause {font-size: 14px; line-height: 1.35; max-width: 60em;}
.cg-clause p {margin: 4px 0;}
.cg-clause .cg-rule-note {color: #444; font-size: 13px;}
.cg-head {font-size: 15px;}
.cg-legal-list code {background: #fff3c4; border: 1px solid #E69F00; border-radius: 4px; padding: 0 4px;
                     margin: 0 2px; font-size: 14px; white-space: nowrap; display: inline-block;}
.cg-settlement-table {border-collapse: collapse; margin-top: 6px; font-size: 14px;}
.cg-settlement-table th, .cg-settlement-table td {border: 1px solid #bbb; padding: 2px 8px; text-align: right;}
.cg-settlement-table td:first-child {white-space: nowrap;}
.cg-settlement-table th {hyphens: none; overflow-wrap: normal; word-break: keep-all; vertical-align: bottom;}
.cg-error {color: #a34400; font-weight: bold;}
/* the what-if's branches side by side, one under the other where the box is narrower than both (a phone) */
.cg-whatif-summary, .cg-branches {line-height: 1.4;}
.cg-branches {flex-wrap: wrap;}
</style>"""

#: the column mark of a line of text (the Brotherhood's board, Three Bridges' bridges)
COLUMN = " | "
#: a seat's label is this short (``1``, ``2:``); a label this long or longer is a block of its own (Rowdy Partners)
SEAT_LABEL, LONG_LABEL = 4, 40
#: a seat's line without cards (``  2  (dropped)      WEG``, ``  3: out of the game``): label, then its columns
_TEXT_SEAT = re.compile(r"\s{1,3}(\d{1,2}:?)( +)(.*)")
_GAP = re.compile(r"\s{2,}")
_MARK_START, _MARK_END, _MARK_TO_GAP = re.compile(r"\S+"), re.compile(r"\S+$"), re.compile(r"\S.*?(?=\s{2,})")


def legal_codes(game, legal_actions) -> set[str]:
    """The cards the legal actions use (``game.action_parts``): as they name them and as the hand holds them.

    A card placed with a declaration (``Chr=E``, ``Wolf=Ge6``) is both the declared card the
    board shows and the plain card in the hand (``Chr``, ``Wolf``).
    """
    codes: set[str] = set()
    for action in legal_actions:
        parts = game.action_parts(action)
        codes.update(parts.named)
        codes.update(parts.cards)
    return codes


def table_html(game, state, perspective, legal_actions, face, size: float = 0.8) -> str:
    """The table as HTML: the game's layout (text and cards), hidden cards as backs, legal cards marked.

    Consecutive lines of one shape are one
    block (the board, the seats, the bridges: see the module's docstring); in any other line
    the text before a run of cards labels that run (``hand``, ``row: A1:``), and the run stays
    beside its label, or goes under it as a whole when the line is too narrow for both; only
    where even the run alone is too wide do its cards wrap, inside the labelled box (a hand on
    a phone).
    """
    marked = legal_codes(game, legal_actions)
    lines = tuple(game.layout(state, perspective))
    drawn = [_Drawn(line, face, marked, size) for line in lines]
    blocks: list[str] = []
    i = 0
    while i < len(drawn):
        kind = drawn[i].kind
        j = i + 1
        while j < len(drawn) and _joins(kind, drawn[j].kind):
            j += 1
        run = drawn[i:j]
        if kind == "board":
            blocks.append(_board(run))
        elif kind in ("seat", "seat-text") and any(d.kind == "seat" for d in run):
            blocks.append(_seats(run))
        elif kind == "cells":
            blocks.append(f'<table class="cg-cells">{"".join(_cells(d.groups) for d in run)}</table>')
        else:  # a line on its own
            j = i + 1
            blocks.append(drawn[i].html())
        i = j
    return f'<div class="cg-pre">{"".join(blocks)}</div>'


def _joins(kind: str, following: str) -> bool:
    """Does a line of ``following`` kind belong to the same table as the line before it?"""
    if kind in ("board", "cells"):
        return following == kind
    return kind in ("seat", "seat-text") and following in ("seat", "seat-text")


def _segments(text: str) -> str:
    """A line of text whose columns (``P1: s0 k0  P2: s0 k0``, two blanks or `` · `` apart) each wrap as a whole.

    A column wider than the box still wraps inside itself."""
    pieces = re.split(r"(\s{2,}| · )", text)
    return "".join(
        piece if n % 2 or not piece.strip() else f'<span class="cg-seg">{_text(piece)}</span>'
        for n, piece in enumerate(pieces)
    )


def _text(text: str) -> str:
    """Text of a line as HTML, its clause ids kept whole (and with their clause as tooltip)."""
    return link_clauses(escape(text))


class _Drawn:
    """One line of the layout, its cards drawn, sorted by shape (``kind``) for the block it goes in."""

    def __init__(self, line, face, marked: set[str], size: float):
        self.text = "".join(part for part in line if isinstance(part, str))
        self.groups = _groups(line, face, marked, size)
        carded = [g for g in self.groups if g[1]]
        if not carded:
            self.kind = "board" if COLUMN in self.text else ("seat-text" if _TEXT_SEAT.fullmatch(self.text) else "text")
        elif COLUMN in self.text:
            self.kind = "cells"
        elif (
            len(carded) == 1
            and self.groups[0][1]
            and len(self.groups[0][0].strip()) <= SEAT_LABEL
            and len(self.groups) <= 2
        ):
            self.kind = "seat"
        else:
            self.kind = "line"

    def html(self) -> str:
        if self.kind in ("text", "seat-text", "board"):
            return f'<div class="cg-line"><span class="cg-text">{_segments(self.text)}</span></div>'
        label = self.groups[0][0]
        if len(label.strip()) >= LONG_LABEL:
            return _wide(self.groups)
        return f'<div class="cg-line">{"".join(_group(label, cards) for label, cards in self.groups)}</div>'

    def seat_row(self) -> str:
        """The line as a row of the seats' table: label, cards, note."""
        if self.kind == "seat":
            label, cards = self.groups[0]
            note = self.groups[1][0].strip() if len(self.groups) > 1 else ""
            middle = _cards(cards)
        else:
            found = _TEXT_SEAT.fullmatch(self.text)
            assert found is not None
            label, gap, rest = found.groups()
            columns = _GAP.split(rest.strip())
            if len(gap) > 3:  # nothing where the cards would be (an empty hand): the rest is the note
                columns = ["", *columns]
            middle = _text(columns[0])
            note = " ".join(columns[1:])
        return (
            f'<tr class="cg-seat"><th class="cg-label" scope="row">{_text(label.strip())}</th>'
            f'<td>{middle}</td><td class="cg-note">{_text(note)}</td></tr>'
        )


def _groups(line, face, marked: set[str], size: float) -> list[tuple[str, list[str]]]:
    """A line as (label, the cards after it), each card with the marks written against it (``[``, ``]``, ``A2:``).

    A mark is text touching a card without a blank between them; a blank between two cards
    is the gap of the card box."""
    parts = list(line)
    groups: list[tuple[str, list[list[str]]]] = []  # each card as [mark before, card, mark after]
    pending = ""  # a mark written against the next card
    for k, part in enumerate(parts):
        if not isinstance(part, str):
            if not groups:
                groups.append(("", []))
            groups[-1][1].append([pending, _part(part, face, marked, size), ""])
            pending = ""
            continue
        text = part
        if k and not isinstance(parts[k - 1], str) and not text[:1].isspace():
            # a mark after a card runs to the next column gap (Rowdy Partners' ``+sig W3 St  B1:``), or is its
            # first word where the text has no gap (Bronko-Donko's ``] Schläger 2 4 6``)
            mark = (_MARK_TO_GAP if _GAP.search(text) else _MARK_START).match(text)
            assert mark is not None and groups
            groups[-1][1][-1][2] += escape(mark.group(0))
            text = text[mark.end() :]
        if k + 1 < len(parts) and not isinstance(parts[k + 1], str) and text and not text[-1:].isspace():
            mark = _MARK_END.search(text)
            assert mark is not None
            pending, text = escape(mark.group(0)), text[: mark.start()]
        if text.strip() or not groups:
            groups.append((text, []))
    return [(label, [_unit(*card) for card in cards]) for label, cards in groups]


def _unit(before: str, card: str, after: str) -> str:
    """A card and the marks written against it, which never wrap apart."""
    return f'<span class="cg-unit">{before}{card}{after}</span>' if before or after else card


def _cards(cards: list[str]) -> str:
    return f'<span class="cg-cards">{"".join(cards)}</span>' if cards else ""


def _group(label: str, cards: list[str], cls: str = "cg-group") -> str:
    text = f'<span class="cg-label">{_text(label.strip())}</span>' if label.strip() else ""
    return f'<span class="{cls}">{text}{_cards(cards)}</span>'


def _wide(groups: list[tuple[str, list[str]]]) -> str:
    """A line with a long label: the label's first columns on a row of their own, its last words on the cards."""
    label, cards = groups[0]
    info, _gap, last = label.strip().rpartition("  ")
    head = f'<div class="cg-info cg-label">{_segments(info.rstrip())}</div>' if info.strip() else ""
    rest = "".join(_group(text, run) for text, run in groups[1:])
    return f'<div class="cg-line cg-wide">{head}{_group(last, cards, "cg-group cg-under")}{rest}</div>'


def _cells(groups: list[tuple[str, list[str]]]) -> str:
    """A line with columns (``A E-A Eichel | player 1: … (16) | player 2: … (15)``) as a row of a table.

    The columns of the lines line up; in a narrow box each row's columns stack, each kept together."""
    cells: list[list[str]] = [[]]
    for label, cards in groups:
        pieces = label.split(COLUMN.strip())
        for n, piece in enumerate(pieces):
            if n:
                cells.append([])
            if piece.strip():
                cells[-1].append(
                    f'<span class="{"cg-label" if n == len(pieces) - 1 and cards else "cg-note"}">'
                    f"{_text(piece.strip())}</span>"
                )
        if cards:
            cells[-1].append(_cards(cards))
    return (
        '<tr class="cg-columns">'
        + "".join(f'<td><span class="cg-cell">{"".join(cell)}</span></td>' for cell in cells if cell)
        + "</tr>"
    )


def _seats(run: list[_Drawn]) -> str:
    return f'<table class="cg-seats">{"".join(d.seat_row() for d in run)}</table>'


def _board(run: list[_Drawn]) -> str:
    """Lines of text in columns as a table that keeps them aligned and scrolls sideways when the box is narrow."""
    rows = "".join(
        '<tr class="cg-board-row">' + "".join(f"<td>{_text(cell)}</td>" for cell in d.text.split(COLUMN)) + "</tr>"
        for d in run
    )
    return f'<div class="cg-scroll"><table class="cg-board">{rows}</table></div>'


def _part(part, face, marked: set[str], size: float) -> str:
    if isinstance(part, str):
        return escape(part)
    if part.code is None:  # a card the viewer may not see: a back, with the number it stands for
        return svg.back(size, label=f"×{part.count}" if part.count > 1 else "")
    drawn = face.card(part.code, size=size, legal=part.code in marked or part.code.split("=", 1)[0] in marked)
    return drawn if drawn is not None else escape(part.text)
