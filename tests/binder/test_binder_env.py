"""Binder opens the notebooks with nothing installed: binder/ alone must make a working environment.

repo2docker installs binder/requirements.txt (the project itself is its last line) with the
Python of binder/runtime.txt. This test does the same in a fresh virtual environment (made and
filled by uv, which reads the same pinned file as pip, in seconds instead of minutes) and
executes a notebook there, so a missing package shows up here and not in a classroom.

The fresh environment installs the project pure (CARDGAMES_PURE_PYTHON=1): what this test
looks for is a missing package, and compiling the engines a second time would make it the
longest step of CI by minutes. Binder compiles as `make` does, from the same `pip install`
of the same setup.py; that build is checked by the `make test` install itself
(tests/core/test_modes.py) and by the first test below.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"


def test_binder_files_pin_versions_and_install_the_project():
    reqs = [
        line.strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert reqs[-1] == "-e ."
    assert all("==" in r for r in reqs[:-1]), "every requirement is pinned"
    names = {r.split("==")[0].lower() for r in reqs[:-1]}
    assert {"ipywidgets", "altair", "jupyterlab", "voila", "pandas", "numpy"} <= names
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_gets_the_compiled_build():
    """The last requirement installs the project with pip, whose build brings mypyc (setup.py compiles
    when the image has a C compiler, as repo2docker's has), and nothing in binder/ asks for the pure build."""
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    assert any(r.startswith("mypy") for r in build["requires"]) and build["build-backend"] == "setuptools.build_meta"
    for name in ("requirements.txt", "postBuild", "runtime.txt"):
        assert "CARDGAMES_PURE_PYTHON" not in (BINDER / name).read_text()


def _notebook() -> Path:
    rules = ROOT / "notebooks" / "brokdorf" / "01-rules.ipynb"
    return rules if rules.exists() else ROOT / "notebooks" / "index.ipynb"


@pytest.mark.binder
def test_a_fresh_environment_from_binder_requirements_runs_a_notebook(tmp_path):
    env = tmp_path / "binder-env"
    pure = {**os.environ, "CARDGAMES_PURE_PYTHON": "1"}  # see the module docstring
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    assert uv, "uv comes with the test extras (pyproject.toml); run `make test` to install them"
    create = subprocess.run(
        [uv, "venv", "--quiet", "--seed", "--python", sys.executable, str(env)], capture_output=True, text=True
    )
    assert create.returncode == 0, create.stderr[-3000:]
    python = env / "bin" / "python"
    install = subprocess.run(
        # the same pinned file repo2docker gives pip; uv resolves it the same way (every line is pinned
        # or the project itself) and installs it in seconds where pip takes minutes
        [uv, "pip", "install", "--quiet", "--python", str(python), "-r", str(BINDER / "requirements.txt")],
        cwd=ROOT,
        env=pure,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    notebook = _notebook()
    run = subprocess.run(
        [
            str(python),
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--ExecutePreprocessor.timeout=300",
            "--ExecutePreprocessor.kernel_name=python3",
            "--output-dir",
            str(tmp_path),
            str(notebook),
        ],
        cwd=notebook.parent,
        env=pure,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert (tmp_path / notebook.name).exists()
    # postBuild, run as repo2docker does (from the repository, the environment's python first on
    # PATH), checks the imports and puts Voila's configuration and template into the environment
    path = {**pure, "PATH": f"{env / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    post = subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, env=path, capture_output=True, text=True)
    assert post.returncode == 0, post.stderr[-3000:]
    assert (env / "etc" / "jupyter" / "voila.py").resolve() == ROOT / "etc" / "jupyter" / "voila.py"
    assert (env / "share" / "jupyter" / "voila" / "templates" / "cardgames" / "conf.json").exists()
