"""The table picture: the game's own ``render()`` text with card codes drawn as faces.

Every game prints its table with ``render(state, player)``; this module escapes that
text, draws each card token with the game's face module and each hidden card as a back,
and marks the cards named by the legal actions of the player to act.  So a new game
gets a readable table without any layout code of its own.
"""
from __future__ import annotations

import re
from html import escape

CSS = """<style>
.cg-root {font-family: "DejaVu Sans", Arial, sans-serif;}
.cg-pre {font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 15px; line-height: 1.25;
         white-space: pre-wrap; margin: 0; padding: 8px; background: #f7f7f2; border: 1px solid #ccc;
         border-radius: 6px; overflow-x: auto;}
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
                     margin: 0 2px; font-size: 14px;}
.cg-settlement-table {border-collapse: collapse; margin-top: 6px; font-size: 14px;}
.cg-settlement-table th, .cg-settlement-table td {border: 1px solid #bbb; padding: 2px 8px; text-align: right;}
.cg-error {color: #a34400; font-weight: bold;}
</style>"""


def legal_codes(face, legal_texts) -> set[str]:
    """The card codes named in the legal action texts."""
    pattern = face.ACTION_CARD
    if pattern is None:
        return set()
    codes = {face.to_code(m.group(0)) for text in legal_texts for m in pattern.finditer(text)}
    # a card placed with a declaration (Chr=E, Wolf=Ge6) is the plain card in the hand
    return codes | {code.split("=", 1)[0] for code in codes if "=" in code}


def _hidden_runs(hidden: re.Pattern) -> re.Pattern:
    """Several hidden cards in a row (``?? ?? ??``), drawn as one back with their number."""
    return re.compile(rf"(?:{hidden.pattern})(?:[ \t]+(?:{hidden.pattern}))*", hidden.flags)


def _backs(face, run: re.Match, size: float) -> str:
    singles = list(face.HIDDEN.finditer(run.group(0)))
    if len(singles) == 1:
        return face.hidden(singles[0], size=size)
    from .faces import svg

    return svg.back(size, label=f"×{len(singles)}")


def table_html(game, state, perspective, legal_texts, face, size: float = 0.8) -> str:
    """The table as HTML: render text in a <pre>, cards as faces, hidden cards as backs, legal cards marked."""
    text = escape(game.render(state, perspective))
    marked = legal_codes(face, legal_texts)
    parts = []
    if face.CARD is not None:
        parts.append(f"(?P<card>{face.CARD.pattern})")
    if face.HIDDEN is not None:
        parts.append(f"(?P<hidden>{_hidden_runs(face.HIDDEN).pattern})")
    if parts:  # one pass, so a "?" drawn inside a card face is never taken for a hidden card
        def draw(m):
            if m.groupdict().get("card") is not None:
                code = face.to_code(m.group(0))
                html = face.card(code, size=size, legal=code in marked)
                return html if html is not None else m.group(0)
            return _backs(face, m, size)
        text = re.compile("|".join(parts)).sub(draw, text)
    return f'<div class="cg-pre">{text}</div>'
