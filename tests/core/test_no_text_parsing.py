"""No regular expression reads a sentence or an action text that the package wrote (issue 29).

What a step did comes as data (``step.facts``), what an action does as data
(``game.action_parts``); a widget that wants clauses, cards or verbs reads those.  Regular
expressions are allowed only where they read input: the rules documents, typed commands and
files, names given to ``register``, and the catalog tool reading the source's messages.
Each allowed module is named here with its reason; a new one must be added on purpose.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ALLOWED = {
    "cardgames/core/rulebook.py": "parses the rules documents (clause headings, tables) and typed clause ids",
    "cardgames/core/replay.py": "reads numbers in a record file a person gives",
    "cardgames/core/registry.py": "checks the name and prefix a person registers a game under",
    "cardgames/core/catalogs.py": "the catalog tool: reads the format fields and clause ids of the source's messages",
    "cardgames/__main__.py": "the command line: reads what a person typed",
    "cardgames/testing.py": "the conformance helper checks that a game's refusals cite its own clauses",
    "widgets/layout.py": (
        "sorts the lines of a game's layout by their shape (column marks, runs of blanks, a short seat label) to "
        "set them as tables; it reads no word of them"
    ),
    "widgets/clauses.py": (
        "renders the rules documents' markdown; links clause ids in refusals, settlement cells and in the "
        "sentences of a game that gives no facts"
    ),
}


def _uses_re(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(alias.name == "re" for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "re":
            return True
    return False


def test_only_the_named_modules_use_regular_expressions():
    found = {
        str(path.relative_to(ROOT))
        for folder in ("cardgames", "widgets")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if _uses_re(path)
    }
    assert found <= set(ALLOWED), f"regular expressions outside the allowed modules: {sorted(found - set(ALLOWED))}"


def test_the_widgets_read_no_action_text():
    """Cards, verbs and order words come from ``game.action_parts`` and ``game.order_grammar``."""
    for name in ("human.py", "layout.py", "ui.py", "open_hands.py", "picture.py", "table.py"):
        source = (ROOT / "widgets" / name).read_text(encoding="utf-8")
        for parsing in ('.split(" ", 1)', "ACTION_CARD", "to_code(", "ORDER_GRAMMAR"):
            assert parsing not in source, f"widgets/{name} reads an action text ({parsing})"
    for path in (ROOT / "widgets" / "faces").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "ACTION_CARD" not in source and "ORDER_GRAMMAR" not in source, path.name
