"""The table picture: the game's own layout (``game.layout``) with its cards drawn as faces.

Every game gives its table as lines of text and cards (``Face``), the same lines
``render()`` prints; this module escapes the text, draws each card with the game's face
module and each hidden card as a back, and marks the cards named by the legal actions of
the player to act.  Nothing is read back from text.
"""

from __future__ import annotations

from html import escape

from .faces import svg

CSS = """<style>
.cg-root {font-family: "DejaVu Sans", Arial, sans-serif;}
.cg-pre {font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 15px; line-height: 1.25;
         white-space: pre-wrap; margin: 0; padding: 8px; background: #f7f7f2; border: 1px solid #ccc;
         border-radius: 6px; overflow-x: auto;}
.cg-line {display: flex; flex-wrap: wrap; align-items: center; column-gap: 0.6em; min-height: 1.25em;}
.cg-group {display: inline-flex; flex-wrap: wrap; align-items: center; column-gap: 0.4em; max-width: 100%;}
.cg-label {white-space: pre-wrap;}
.cg-cards {display: inline-flex; flex-wrap: wrap; align-items: center; gap: 2px; max-width: 100%;}
.cg-line + .cg-line {margin-top: 1px;}
.cg-card {display: inline-block; vertical-align: middle; margin: 1px 2px; border-radius: 6px; line-height: 0;}
.cg-card.cg-legal {outline: 3px solid #E69F00; outline-offset: 1px;}
.cg-hand {display: flex; flex-wrap: wrap; gap: 2px;}
.cg-log ol {margin: 0; padding-left: 3.2em; font-size: 14px; line-height: 1.35;}
.cg-log li.cg-latest {background: #fff3c4;}
.cg-rule {font-weight: bold; color: #00507d; text-decoration: underline dotted; cursor: help;}
.cg-caption {font-size: 14px; margin-top: 4px;}
.cg-clause {font-size: 14px; line-height: 1.35; max-width: 60em;}
.cg-clause p {margin: 4px 0;}
.cg-clause .cg-rule-note {color: #444; font-size: 13px;}
.cg-head {font-size: 15px;}
.cg-legal-list code {background: #fff3c4; border: 1px solid #E69F00; border-radius: 4px; padding: 0 4px;
                     margin: 0 2px; font-size: 14px; white-space: nowrap; display: inline-block;}
.cg-settlement {overflow-x: auto; max-width: 100%;}
.cg-settlement-table {border-collapse: collapse; margin-top: 6px; font-size: 14px;}
.cg-settlement-table th, .cg-settlement-table td {border: 1px solid #bbb; padding: 2px 8px; text-align: right;}
.cg-settlement-table th {hyphens: none; overflow-wrap: normal; word-break: keep-all; vertical-align: bottom;}
.cg-error {color: #a34400; font-weight: bold;}
</style>"""


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

    Each line is a row; its text before a run of cards labels that run (``hand``, ``row: A1:``),
    and the run stays beside its label, or goes under it as a whole when the line is too
    narrow for both; only where even the run alone is too wide do its cards wrap, inside the
    labelled box (a hand on a phone).
    """
    marked = legal_codes(game, legal_actions)
    lines = [_line(line, face, marked, size) for line in game.layout(state, perspective)]
    return f'<div class="cg-pre">{"".join(lines)}</div>'


def _line(line, face, marked: set[str], size: float) -> str:
    """One line of the layout: its text alone, or each text with the cards after it as a labelled group."""
    if all(isinstance(part, str) for part in line):
        return f'<div class="cg-line">{escape("".join(line))}</div>'
    groups: list[tuple[str, list[str]]] = []  # (label, the cards after it)
    for part in line:
        if isinstance(part, str):
            if part.strip() or not groups:
                groups.append((part, []))
            # blanks between two cards are the gap of the card box
        else:
            if not groups:
                groups.append(("", []))
            groups[-1][1].append(_part(part, face, marked, size))
    shown = []
    for label, cards in groups:
        text = f'<span class="cg-label">{escape(label.rstrip())}</span>' if label.strip() else ""
        box = f'<span class="cg-cards">{"".join(cards)}</span>' if cards else ""
        shown.append(f'<span class="cg-group">{text}{box}</span>')
    return f'<div class="cg-line">{"".join(shown)}</div>'


def _part(part, face, marked: set[str], size: float) -> str:
    if isinstance(part, str):
        return escape(part)
    if part.code is None:  # a card the viewer may not see: a back, with the number it stands for
        return svg.back(size, label=f"×{part.count}" if part.count > 1 else "")
    drawn = face.card(part.code, size=size, legal=part.code in marked or part.code.split("=", 1)[0] in marked)
    return drawn if drawn is not None else escape(part.text)
