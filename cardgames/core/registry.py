"""The registry: which games exist and how to load one.

Every list of games in the project is read from here: :func:`games` for the games one can
load, :data:`BUILTIN` for the games that ship in this package (their catalogs, card faces,
golden fingerprints and documentation pages).  A game joins the registry in one of three ways:

- it ships with the package: its name is in :data:`BUILTIN` and its folder ``cardgames/<name>/``
  has an ``__init__.py`` with ``GAME = <its Game class>``;
- a package declares it as an entry point of the group ``cardgames.games``
  (``goofspiel = "goofspiel:Goofspiel"``, or a module that defines ``GAME``); it is imported
  only when first loaded;
- a module or a notebook calls :func:`register` (``cardgames.register(Goofspiel)``).

From then on ``cardgames.load``, ``simulate``, ``record``/``replay``, ``analyse``, the
``expert`` agent, ``cardgames.rule`` (with a rules document), the widgets and
``cardgames.testing.check_game`` treat it as they treat the games of the package.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import inspect
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from os import PathLike
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import InputError
from .game import Game, GameSpec
from .i18n import Catalog
from .inputs import excerpt

_, ngettext = Catalog("cardgames").functions()


#: the games of this package, in the order the documentation presents them: the one list of them
BUILTIN = ("brokdorf", "bronko_donko", "three_bridges", "brotherhood", "rowdy_partners")
#: the entry-point group through which an installed package adds its games
GROUP = "cardgames.games"
#: the file of each language's rules document (beside a game's module, or in its package folder)
RULES = {"en": "rules.md", "de": "rules.de.md"}

# a game's name: lower-case words joined by underscores ("three_bridges"), as records and files write it
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
_PREFIX = re.compile(r"[A-Z]{2}")


@dataclass(frozen=True)
class Registered:
    """A game added with :func:`register`: its class, the folder of its rules document, its card faces."""

    cls: type[Game]
    rules: Path | None  # the English document; rules.de.md beside it is the German one
    faces: Any = None  # a module or object whose attributes override the widgets' generic faces


_registered: dict[str, Registered] = {}  # name -> game added by register(), in the order added


@cache
def _present(name: str) -> bool:
    """A game of the package is present once its folder has an __init__ (a bare folder is work in progress)."""
    spec = importlib.util.find_spec(f"cardgames.{name}")
    return spec is not None and spec.origin is not None


@cache
def _plugins() -> dict[str, importlib.metadata.EntryPoint]:
    """The games that installed packages declare in the entry-point group ``cardgames.games``, by name."""
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point in importlib.metadata.entry_points(group=GROUP):
        if _NAME.fullmatch(point.name) and point.name not in BUILTIN:
            found.setdefault(point.name, point)
    return found


def games() -> tuple[str, ...]:
    """The names of the registered games: the package's own, then those of entry points, then those registered."""
    own = [name for name in BUILTIN if _present(name)]
    plugged = [name for name in sorted(_plugins()) if name not in _registered]
    return tuple(own + plugged + list(_registered))


def builtin() -> tuple[str, ...]:
    """The registered games that ship with this package (those with catalogs, faces and pages here)."""
    return tuple(name for name in BUILTIN if _present(name))


def register(game: Any, cls: Any = None, *, rules: Any = None, faces: Any = None) -> Any:
    """Add a game of one's own: ``register(Goofspiel)`` or ``register("goofspiel", Goofspiel)``.

    ``Goofspiel`` is a :class:`~cardgames.Game` subclass with a ``spec`` (a module that defines
    ``GAME`` will do too); the name is its ``spec.name``.  ``rules`` is the path of its rules
    document (markdown with clause ids such as ``GS-1.1``; ``rules.de.md`` beside it is the
    German one); by default ``rules.md`` beside the module that defines the class, if there is
    one.  ``faces`` is a module or object with card faces for the widgets (see
    ``cardgames_widgets.faces.generic``); by default the generic ones.

    Registering a name again replaces the earlier class (a notebook cell run twice); a name or a
    clause prefix of another game is refused.  Returns the class, so it also works as a
    decorator (``@cardgames.register``).
    """
    if cls is None:
        name, cls = None, _game_class_of(game)
    else:
        if not isinstance(game, str):
            raise InputError(
                _("register(name, game) takes the game's name as a string, not {value}").format(value=excerpt(game))
            )
        name, cls = game, _game_class_of(cls)
    spec = cls.spec
    if name is not None and name != spec.name:
        raise ValueError(
            _(
                "register({name}, ...): the game's spec calls it {spec}; register it under the name its spec gives"
            ).format(name=excerpt(name), spec=excerpt(spec.name))
        )
    _check_spec(spec)
    point = _plugins().get(spec.name)
    if point is not None and point.value.split(":")[0].strip() == cls.__module__:
        return cls  # a plugin's module that also registers itself: its entry point lists it already
    if spec.name in BUILTIN or point is not None:
        raise ValueError(
            _(
                "there is a game {name} already (it ships with cardgames or an installed package); choose another name"
            ).format(name=excerpt(spec.name))
        )
    for other in games():
        if other != spec.name and _prefix(other) == spec.prefix:
            raise ValueError(
                _("the clause prefix {prefix} is {other}'s; give {name} a prefix of its own").format(
                    prefix=spec.prefix, other=other, name=spec.name
                )
            )
    _registered[spec.name] = Registered(cls, _rules_path(cls, rules), faces)
    return cls


def carried(game: Game) -> tuple[type[Game], Path | None] | None:
    """What a worker process needs to know ``game`` as this process does: its class and rules document
    if it was added with :func:`register` here (the package's games and entry points it finds itself)."""
    entry = _registered.get(game.name)
    return None if entry is None else (type(game), entry.rules)


def adopt(cls: type[Game], rules: Path | None) -> None:
    """Register ``cls`` in this process as another process had it (a pickled game arriving in a worker).

    Nothing changes where it is registered already: a worker forked from its parent, or one that
    registered it on importing its module.
    """
    entry = _registered.get(cls.spec.name)
    if entry is None or entry.cls is not cls:
        register(cls, rules=rules)


def unregister(name: str) -> None:
    """Take a game added with :func:`register` out of the registry again (tests, a notebook starting over)."""
    if name not in _registered:
        raise ValueError(_("{name} was not added with register(); nothing to take out").format(name=excerpt(name)))
    del _registered[name]


def game_class(name: str) -> type[Game]:
    """The Game class of a registered game."""
    if not isinstance(name, str):
        raise InputError(
            _("a game name is a string, one of {games}; not {name}").format(
                games=", ".join(games()), name=excerpt(name)
            )
        )
    if name not in games():
        close = [
            g for g in games() if g.replace("_", "") == name.lower().replace("-", "").replace("_", "").replace(" ", "")
        ]
        if close:
            message = _("unknown game {name}; the games are: {games}. Did you mean {close}?")
        else:
            message = _("unknown game {name}; the games are: {games}.")
        raise ValueError(
            message.format(name=excerpt(name), games=", ".join(games()), close=excerpt(close[0]) if close else "")
        )
    if name in _registered:
        return _registered[name].cls
    if name in BUILTIN:
        return importlib.import_module(f"cardgames.{name}").GAME
    return _plugin_class(name)


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game: ``load("brokdorf", players=4)``; options are the game's variants."""
    return game_class(name)(players, **options)


def agents(name: str) -> tuple[str, ...]:
    """The names of the agents a game offers, ``"random"`` first."""
    cls = game_class(name)
    return tuple(cls.spec.agents)


def rules_file(name: str, language: str = "en") -> Traversable | None:
    """The rules document of a registered game in ``language`` (``"en"``, ``"de"``), or None where it has none.

    A game of the package keeps it in its folder (package data); another game beside its module,
    or where :func:`register` was told.  The game's module is not imported to find it.
    """
    if name not in games():
        return None
    file = RULES.get(language, RULES["en"])
    if name in _registered:
        english = _registered[name].rules
        if english is None:
            return None
        found: Traversable = english if language == "en" else english.with_name(english.name[: -len(".md")] + ".de.md")
    elif name in BUILTIN:
        found = resources.files("cardgames").joinpath(name, file)
    else:
        folder = _plugin_folder(name)
        if folder is None:
            return None
        found = folder / file
    return found if found.is_file() else None


def faces(name: str) -> Any:
    """The card faces a game brought at registration (a module or object), or None: the widgets' own or generic ones."""
    entry = _registered.get(name)
    return entry.faces if entry is not None else None


# ---------------------------------------------------------------------------


def _game_class_of(value: Any) -> type[Game]:
    """The Game class ``value`` is, or that the module ``value`` names as ``GAME``."""
    if isinstance(value, ModuleType):
        value = getattr(value, "GAME", None)
    if not (isinstance(value, type) and issubclass(value, Game) and value is not Game):
        raise InputError(
            _(
                "register() takes a Game subclass with a spec (class MyGame(cardgames.Game): spec = GameSpec(...)), "
                "or a module that defines GAME; not {value}"
            ).format(value=excerpt(value))
        )
    if not isinstance(getattr(value, "spec", None), GameSpec):
        raise ValueError(
            _("{cls} has no spec: give the class a spec = cardgames.GameSpec(name=..., ...)").format(cls=value.__name__)
        )
    return value


def _check_spec(spec: GameSpec) -> None:
    """A spec that the rest of the library can rely on: a usable name, a prefix, sensible player counts."""
    if not isinstance(spec.name, str) or not _NAME.fullmatch(spec.name):
        raise ValueError(
            _(
                "a game's name is lower-case letters, digits and underscores, starting with a letter (goofspiel); not {name}"
            ).format(name=excerpt(spec.name))
        )
    if not isinstance(spec.prefix, str) or not _PREFIX.fullmatch(spec.prefix):
        raise ValueError(
            _("{name}: the clause prefix is two capital letters (GS for GS-1.1); not {prefix}").format(
                name=spec.name, prefix=excerpt(spec.prefix)
            )
        )
    if not 1 <= spec.min_players <= spec.default_players <= spec.max_players:
        raise ValueError(
            _("{name}: the player counts must be 1 <= min_players <= default_players <= max_players").format(
                name=spec.name
            )
        )
    if not spec.agents or next(iter(spec.agents)) != "random":
        raise ValueError(
            _('{name}: spec.agents must name its agents, "random" first (core.agents.RandomAgent)').format(
                name=spec.name
            )
        )


def _rules_path(cls: type[Game], rules: Any) -> Path | None:
    """The English rules document of a game being registered: the one given, or rules.md beside its module."""
    if rules is None:
        try:
            source = inspect.getfile(cls)
        except (TypeError, OSError):
            return None  # a class defined in a notebook: pass rules=
        beside = Path(source).resolve().parent / RULES["en"]
        return beside if beside.is_file() else None
    if not isinstance(rules, str | PathLike):
        raise InputError(
            _("rules is the path of a rules document (rules.md), not {value}").format(value=excerpt(rules))
        )
    path = Path(rules).expanduser().resolve()
    if path.is_dir():
        path = path / RULES["en"]
    if not path.is_file() or path.suffix != ".md":
        raise ValueError(
            _("rules must name a markdown rules document (rules.md) or its folder; there is none at {path}").format(
                path=excerpt(str(rules))
            )
        )
    return path


def _prefix(name: str) -> str | None:
    """The clause prefix of a registered game; None for an entry point that cannot be imported (load says why)."""
    try:
        return game_class(name).spec.prefix
    except ValueError:
        return None


def _plugin_class(name: str) -> type[Game]:
    """The Game class an entry point names (imported now), checked as register() checks one."""
    point = _plugins()[name]
    try:
        cls = _game_class_of(point.load())
    except (ImportError, AttributeError) as error:
        raise ValueError(
            _("the game {name} of the entry point {value} cannot be imported: {reason}").format(
                name=excerpt(name), value=excerpt(point.value), reason=error
            )
        ) from None
    if cls.spec.name != name:
        raise ValueError(
            _("the entry point {name} names a game whose spec calls it {spec}; the two must agree").format(
                name=excerpt(name), spec=excerpt(cls.spec.name)
            )
        )
    _check_spec(cls.spec)
    return cls


def _plugin_folder(name: str) -> Path | None:
    """The folder of an entry point's module (its rules document is there), found without importing it."""
    module = _plugins()[name].value.split(":")[0].strip()
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent
