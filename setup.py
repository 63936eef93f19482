"""Package layout and the compiled build.

The folder widgets/ is installed as the import package cardgames_widgets; setuptools cannot
rename a folder from pyproject.toml while also discovering the game sub-packages, so the
package lists are built here.

The rules engines are compiled to C with mypyc when the package is installed and a C
compiler is present (the sources stay the plain Python that people read; see
docs/benchmarks.md for the numbers).  Without a compiler, or with CARDGAMES_PURE_PYTHON=1
set at install time, nothing is compiled and the same sources run as Python.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# The modules mypyc compiles, chosen here and only here: the core the rules run on (CORE) and,
# in each game's folder, the rooms named in ROOMS.  Compiling is separate from type checking:
# mypy checks every module of the package (make test), compiled or not.
CORE = ["record", "game", "rng", "decks", "deals", "agents", "play", "expert"]
ROOMS = [
    "cards",
    "rules",
    "describe",
    "settlement",
    "agents",
    "game",
    "board",
    "orders",
    "resolve",
    "data",
    "worlds",
    "solve",
    "state",
    "actions",
    "legality",
    "steps",
]  # a game's own rooms (The Brotherhood's board ...)


def compiled_modules() -> list[str]:
    """The modules to compile: those of CORE, and each game's rooms of ROOMS that it has.

    Every other module (replay, simulate, analysis, the classroom questions ...) runs as Python.
    """
    paths = [f"cardgames/core/{name}.py" for name in CORE]
    for game in sorted(os.listdir("cardgames")):
        if os.path.isfile(os.path.join("cardgames", game, "__init__.py")) and game != "core":
            paths += [f"cardgames/{game}/{room}.py" for room in ROOMS]
    return [path for path in paths if os.path.isfile(path)]


def compiler_present() -> bool:
    """Is there a C compiler that can build extensions for this Python?"""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    return shutil.which(compiler) is not None and os.path.exists(headers)


# setuptools commands that only describe the package: pip runs setup.py for them before it builds
# (egg_info for the build requirements, dist_info for the metadata), and they need no extensions
DESCRIBING = {"egg_info", "dist_info", "sdist", "--name", "--version"}


def describing_only() -> bool:
    """Is setup.py run for a command that only describes the package (no build)?"""
    commands = [arg for arg in sys.argv[1:] if not arg.startswith("-") or arg in DESCRIBING]
    return bool(commands) and commands[0] in DESCRIBING


def extensions() -> list:
    if describing_only():  # mypyc's type check and C generation take a minute: only for a build
        return []
    if os.environ.get("CARDGAMES_PURE_PYTHON") == "1":
        print("cardgames: CARDGAMES_PURE_PYTHON=1, building the pure-Python package", file=sys.stderr)
        return []
    if not compiler_present():
        print("cardgames: no C compiler found, building the pure-Python package (slower)", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("cardgames: mypyc is not installed, building the pure-Python package (slower)", file=sys.stderr)
        return []
    # multi_file: one C file per module, which build_ext_side_by_side compiles on every core (one
    # 48 MB file took one gcc about 8 minutes while the other core idled; docs/benchmarks.md)
    built = mypycify(compiled_modules(), opt_level="3", debug_level="0", group_name="cardgames", multi_file=True)
    if sysconfig.get_config_var("CC") and sys.platform != "win32":  # gcc or clang
        for extension in built:  # (mypycify gives its extensions one shared list of flags: not extended in place)
            extension.extra_compile_args = extension.extra_compile_args + LINKAGE_FLAGS
    return built


# mypyc puts every compiled function into one shared library as a global symbol.  By default
# gcc must assume that another library may replace (interpose) any of them, so each call from
# one rules function to another goes through the procedure linkage table and none is inlined.
# Nothing outside the library calls them (the modules reach it through a capsule), so they
# are kept hidden and called directly: 5-8 % more games per second (docs/benchmarks.md).
LINKAGE_FLAGS = ["-fno-semantic-interposition", "-fvisibility=hidden"]


def cores() -> int:
    """The cores this process may run on (a CI container may be given fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class build_ext_side_by_side(build_ext):
    """build_ext that runs one C compiler per core over the C files of an extension.

    mypyc writes one C file per compiled module (``multi_file=True``) into the one extension of
    the group; setuptools would compile them one after another.  Here they are compiled largest
    first on every core, then linked as usual.  Other compilers (MSVC) keep setuptools' own loop.
    """

    def build_extension(self, ext) -> None:
        compiler = self.compiler
        if compiler.compiler_type != "unix" or len(ext.sources) < 2 or cores() < 2:
            super().build_extension(ext)
            return

        def compile(
            sources,
            output_dir=None,
            macros=None,
            include_dirs=None,
            debug=False,
            extra_preargs=None,
            extra_postargs=None,
            depends=None,
        ):
            # the steps of distutils' CCompiler.compile, with its loop over the files run in threads
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs
            )
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
            todo = sorted((obj for obj in objects if obj in build), key=lambda obj: -os.path.getsize(build[obj][0]))

            def one(obj: str) -> None:
                source, extension = build[obj]
                compiler._compile(obj, source, extension, cc_args, extra_postargs, pp_opts)

            with ThreadPoolExecutor(cores()) as pool:
                list(pool.map(one, todo))  # re-raises the first compiler error
            return objects

        compiler.compile = compile
        try:
            super().build_extension(ext)
        finally:
            del compiler.compile


class build_py_with_catalogs(build_py):
    """build_py that also compiles the message catalogs (``locale/*/LC_MESSAGES/*.po``) to ``.mo`` with Babel.

    An editable install (``pip install -e .``, what ``make`` does) writes each ``.mo``
    beside its ``.po``; a wheel gets them in its packages.  Without Babel nothing is
    compiled and the package reads the ``.po`` files themselves (cardgames/core/i18n.py).
    """

    def run(self) -> None:
        super().run()
        try:
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po
        except ImportError:
            print("cardgames: Babel is not installed, the message catalogs stay uncompiled", file=sys.stderr)
            return
        for package, folder in (("cardgames", "cardgames"), ("cardgames_widgets", "widgets")):
            for po in sorted(Path(folder).glob("locale/*/LC_MESSAGES/*.po")):
                relative = po.relative_to(folder).with_suffix(".mo")
                if getattr(self, "editable_mode", False):
                    target = Path(folder) / relative
                else:
                    target = Path(self.build_lib) / package / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                with po.open("rb") as source:
                    catalog = read_po(source)
                with target.open("wb") as out:
                    write_mo(out, catalog)


widget_packages = ["cardgames_widgets"] + [f"cardgames_widgets.{p}" for p in find_packages("widgets")]

setup(
    packages=find_packages(include=["cardgames", "cardgames.*"]) + widget_packages,
    package_dir={"cardgames_widgets": "widgets"},
    ext_modules=extensions(),
    cmdclass={"build_py": build_py_with_catalogs, "build_ext": build_ext_side_by_side},
)
