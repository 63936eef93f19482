"""Compiled or pure: which build of the rules engines runs.

The engines are compiled with mypyc when the package is installed with a C compiler
(setup.py); the compiled modules sit beside their ``.py`` sources, and Python prefers
them.  ``CARDGAMES_PURE_PYTHON=1`` in the environment makes every ``cardgames`` module
load from its ``.py`` source instead, so both builds can run from one installation (the
test suite plays its golden games in both).  This module is imported first by
``cardgames/__init__.py``, before any compiled module could load.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType

PURE_REQUESTED = os.environ.get("CARDGAMES_PURE_PYTHON", "") not in ("", "0")
OUTDATED = False  # set when the compiled build was older than its sources and the sources run instead


class SourcesFirst:
    """A finder that loads ``cardgames.*`` from the ``.py`` sources, never from compiled extensions."""

    def __init__(self, package: str, root: Path):
        self.package = package
        self.root = root

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.package + "."):
            return None
        relative = Path(*fullname.split(".")[1:])
        folder = self.root / relative
        if (folder / "__init__.py").is_file():
            return importlib.util.spec_from_file_location(
                fullname, folder / "__init__.py", submodule_search_locations=[str(folder)]
            )
        source = self.root / relative.with_suffix(".py")
        if source.is_file():
            return importlib.util.spec_from_file_location(
                fullname, source, loader=importlib.machinery.SourceFileLoader(fullname, str(source))
            )
        return None


def prefer_sources(package: str, root: str) -> None:
    """Load every later ``package.*`` module from its source (idempotent)."""
    if not any(isinstance(f, SourcesFirst) and f.package == package for f in sys.meta_path):
        sys.meta_path.insert(0, SourcesFirst(package, Path(root)))


def stale(root: str) -> list[str]:
    """Compiled modules older than their source: built before the source last changed.

    mypyc puts the compiled code of all modules into one library beside the package
    (``cardgames__mypyc*.so``) and gives each module a small loader ``.so``; a rebuild
    rewrites the library but leaves a loader that did not change with its old time, so a
    module counts as built when the later of the two was written.
    """
    libraries = [lib.stat().st_mtime for lib in Path(root).parent.glob(f"{Path(root).name}__mypyc*.so")]
    library = max(libraries, default=0.0)
    out = []
    for extension in Path(root).rglob("*.so"):
        source = extension.with_name(extension.name.split(".", 1)[0] + ".py")
        if source.is_file() and source.stat().st_mtime > max(extension.stat().st_mtime, library):
            out.append(str(source.relative_to(Path(root).parent)))
    return sorted(out)


def choose(package: str, root: str) -> None:
    """Run the sources where asked, or where the compiled build is older than them (saying so)."""
    if PURE_REQUESTED:
        prefer_sources(package, root)
        return
    global OUTDATED
    outdated = stale(root)
    if outdated:
        OUTDATED = True
        warnings.warn(
            f"the compiled cardgames engines are older than their sources ({', '.join(outdated[:3])}"
            f"{' ...' if len(outdated) > 3 else ''}): running the sources instead. Rebuild with "
            "`make install` (or pip install -e .) to run compiled again.",
            RuntimeWarning,
            stacklevel=3,
        )
        prefer_sources(package, root)


def is_compiled(module: ModuleType) -> bool:
    """Was ``module`` loaded from a compiled extension?"""
    return any(
        str(getattr(module, "__file__", "") or "").endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def warn_if_pure(compiled: bool) -> None:
    """Say once that the engines run uncompiled, unless that was asked for (or already said)."""
    if not compiled and not PURE_REQUESTED and not OUTDATED:
        warnings.warn(
            "cardgames runs its rules engines as plain Python (no compiled build was found): "
            "simulations are several times slower. Install the package where a C compiler is "
            "present (pip install -e . builds the compiled engines); set CARDGAMES_PURE_PYTHON=1 "
            "to choose the pure build and silence this warning.",
            RuntimeWarning,
            stacklevel=3,
        )
