"""The compiled and the pure-Python build run from one installation and say which one runs."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import cardgames
from cardgames import _modes


def run(code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "CARDGAMES_PURE_PYTHON"}
    environment.update(env)
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", code],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_cardgames_pure_python_loads_every_module_from_its_source():
    out = run(
        "import cardgames, cardgames.core.record as r, cardgames.brokdorf as b; "
        "print(cardgames.compiled, r.__file__.endswith('.py'), b.__file__.endswith('.py'))",
        CARDGAMES_PURE_PYTHON="1",
    )
    assert out == "False True True"


def test_compiled_says_where_the_engines_come_from():
    compiled_files = [m for m in ("cardgames.core.record",) if _modes.is_compiled(sys.modules[m])]
    assert cardgames.compiled == bool(compiled_files)


def test_make_test_runs_the_compiled_build_where_a_compiler_is_present():
    """setup.py compiles when a C compiler is present; CI machines have one, so CI tests the compiled build."""
    import shutil

    if os.environ.get("CARDGAMES_PURE_PYTHON") or not shutil.which("cc"):
        return
    assert cardgames.compiled, "pip install -e . should have built the compiled engines here"


def test_the_pure_build_says_so_once_unless_it_was_asked_for(monkeypatch):
    monkeypatch.setattr(_modes, "PURE_REQUESTED", False)
    monkeypatch.setattr(_modes, "OUTDATED", False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _modes.warn_if_pure(False)
        _modes.warn_if_pure(True)
    assert len(caught) == 1 and "CARDGAMES_PURE_PYTHON=1" in str(caught[0].message)
    monkeypatch.setattr(_modes, "PURE_REQUESTED", True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _modes.warn_if_pure(False)
    assert not caught


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    fresh_src, fresh_ext = package / "a.py", package / "a.cpython-311-x86_64-linux-gnu.so"
    old_src, old_ext = package / "sub" / "b.py", package / "sub" / "b.cpython-311-x86_64-linux-gnu.so"
    for path in (fresh_src, old_ext):
        path.write_text("")
        os.utime(path, (1_000, 1_000))
    for path in (fresh_ext, old_src):
        path.write_text("")
        os.utime(path, (2_000, 2_000))
    assert _modes.stale(str(package)) == ["pkg/sub/b.py"]


def test_a_rebuilt_library_makes_unchanged_loaders_fresh(tmp_path):
    """A rebuild rewrites the shared library (pkg__mypyc*.so) but not a module's unchanged loader .so."""
    package = tmp_path / "pkg"
    package.mkdir()
    source, loader = package / "a.py", package / "a.cpython-311-x86_64-linux-gnu.so"
    library = tmp_path / "pkg__mypyc.cpython-311-x86_64-linux-gnu.so"
    for path, when in ((loader, 1_000), (source, 2_000), (library, 3_000)):
        path.write_text("")
        os.utime(path, (when, when))
    assert _modes.stale(str(package)) == []
    os.utime(source, (4_000, 4_000))  # edited after the rebuild
    assert _modes.stale(str(package)) == ["pkg/a.py"]


def test_an_outdated_build_runs_the_sources_and_says_how_to_rebuild(monkeypatch, tmp_path):
    monkeypatch.setattr(_modes, "PURE_REQUESTED", False)
    monkeypatch.setattr(_modes, "OUTDATED", False)
    monkeypatch.setattr(_modes, "stale", lambda root: ["cardgames/brokdorf/rules.py"])
    chosen = []
    monkeypatch.setattr(_modes, "prefer_sources", lambda package, root: chosen.append(package))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _modes.choose("cardgames", str(tmp_path))
    assert chosen == ["cardgames"]
    assert "make install" in str(caught[0].message) and "rules.py" in str(caught[0].message)
