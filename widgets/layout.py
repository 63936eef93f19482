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
    """The table as HTML: the game's layout (text and cards) in a <pre>, hidden cards as backs, legal cards marked."""
    marked = legal_codes(game, legal_actions)
    lines = []
    for line in game.layout(state, perspective):
        lines.append("".join(_part(part, face, marked, size) for part in line))
    body = "\n".join(lines)
    return f'<div class="cg-pre">{body}</div>'


def _part(part, face, marked: set[str], size: float) -> str:
    if isinstance(part, str):
        return escape(part)
    if part.code is None:  # a card the viewer may not see: a back, with the number it stands for
        return svg.back(size, label=f"×{part.count}" if part.count > 1 else "")
    drawn = face.card(part.code, size=size, legal=part.code in marked or part.code.split("=", 1)[0] in marked)
    return drawn if drawn is not None else escape(part.text)
