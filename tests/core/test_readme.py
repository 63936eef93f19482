"""The README's example runs as written, and the README shows exactly the two set-up commands."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_example_runs(capsys):
    text = README.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    example = blocks[0]
    assert len(example.strip().splitlines()) <= 10
    exec(compile(example, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Brokdorf" in out and "BK-" in out and "greedy" in out


def test_readme_names_the_two_setup_commands():
    text = README.read_text()
    setup = text.split("## Set up on a fresh machine", 1)[1].split("##", 1)[0]
    commands = re.findall(r"^make \w+", setup, re.M)
    assert commands == ["make lab", "make test"]
