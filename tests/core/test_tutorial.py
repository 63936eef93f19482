"""The tutorial of docs/developing.md works as printed (issue 29).

Its code blocks that carry a file name (```` ```python title="goofspiel.py" ````) are copied,
exactly as the page prints them, into an empty folder outside the package; blocks of one file
are joined in order.  There, in a fresh Python, the game loads, simulates, records and replays,
passes the conformance checks, and sits at a widgets ``Table``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "developing.md"
BLOCK = re.compile(r'^```(\w+) title="([^"]+)"\n(.*?)^```$', re.MULTILINE | re.DOTALL)
MOST_LINES = 300  # the tutorial promises a whole game in fewer lines


def tutorial_files(page: Path = PAGE) -> dict[str, str]:
    """File name -> text: the page's titled code blocks, those of one file joined in order."""
    files: dict[str, list[str]] = {}
    for _language, name, body in BLOCK.findall(page.read_text(encoding="utf-8")):
        files.setdefault(name, []).append(body)
    return {name: "\n\n".join(parts) for name, parts in files.items()}


def write_tutorial(folder: Path) -> Path:
    """The tutorial's files written into ``folder``; returns it."""
    for name, text in tutorial_files().items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def python(folder: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    """This Python run in ``folder``, with nothing of the repository on its path but the installed package."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["MPLBACKEND"] = "Agg"
    done = subprocess.run([sys.executable, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return done


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    here = tmp_path_factory.mktemp("own_game")
    assert ROOT not in here.parents
    return write_tutorial(here)


def test_the_tutorial_builds_a_whole_game_in_fewer_than_300_lines():
    files = tutorial_files()
    assert {"rules.md", "goofspiel.py", "try_goofspiel.py", "test_goofspiel.py"} <= set(files)
    assert len(files["goofspiel.py"].splitlines()) < MOST_LINES
    compile(files["goofspiel.py"], "goofspiel.py", "exec")
    # the rules document has clause ids with the game's prefix, and the code cites them
    clauses = set(re.findall(r"\*\*(GS-\d+\.\d+)\*\*", files["rules.md"]))
    cited = set(re.findall(r"GS-\d+\.\d+", files["goofspiel.py"]))
    assert len(clauses) >= 8 and cited <= clauses, cited - clauses


def test_the_tutorial_runs_as_printed(folder):
    done = python(folder, "try_goofspiel.py")
    assert "'goofspiel'" in done.stdout
    assert "GS-" not in done.stderr


def test_the_game_of_the_tutorial_is_a_game_like_the_others(folder):
    script = textwrap.dedent(
        f"""
        import json
        from pathlib import Path

        import cardgames
        import cardgames.testing
        import goofspiel
        from cardgames.core import registry
        from cardgames_widgets import Table

        assert Path(goofspiel.__file__).parent == Path({str(folder)!r})
        assert cardgames.games()[-1] == "goofspiel" and "goofspiel" not in registry.builtin()
        assert registry.rules_file("goofspiel").read_text() == (Path({str(folder)!r}) / "rules.md").read_text()

        game = cardgames.load("goofspiel", players=3)
        frame = cardgames.simulate("goofspiel", players=3, games=4, agents=["greedy", "random", "expert"], seed=3)
        assert len(frame) == 12 and {{"points", "won"}} <= set(frame.columns)
        assert frame.groupby("game_id")["points"].sum().max() <= 91

        final = cardgames.playout(game, ["greedy", "random", "random"], seed=5)
        states = cardgames.replay(json.loads(json.dumps(cardgames.record(game, final))))
        assert states[-1] == final and len(states) == len(cardgames.history(final)) + 1

        table = Table("goofspiel", seed=2, agents="greedy", human=0, perspective=0)
        table.play("bid 13", 0)
        assert any("GS-3.3" in sentence or "GS-3.4" in sentence for sentence in table.log), table.log
        assert "bid ?" not in table.log and "goofspiel" in repr(table.game)
        assert "<svg" in table.html()
        while not table.is_over():
            table.play(str(table.legal_actions(0)[0]), 0)
        assert table.is_over() and len(table.settlement().rows()) == 2
        print("ok")
        """
    )
    assert python(folder, "-c", script).stdout.strip().endswith("ok")


def test_the_tutorial_test_passes_under_pytest(folder):
    done = python(folder, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "test_goofspiel.py")
    assert "1 passed" in done.stdout


def test_the_rules_of_a_registered_game_are_read_clause_by_clause(folder):
    script = textwrap.dedent(
        """
        import cardgames
        import goofspiel
        from cardgames.core import rulebook

        assert cardgames.rule("GS-3.4").text.startswith("If several players share the highest bid")
        assert rulebook.cited("a tie (GS-3.4)") == ["GS-3.4"]
        print("ok")
        """
    )
    assert python(folder, "-c", script).stdout.strip().endswith("ok")
