"""Games of one's own join the registry, and every list of games is the registry's (issue 29)."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import re
import sys
import types
from pathlib import Path

import pytest

import cardgames
import cardgames.testing
from cardgames.core import registry

from .test_tutorial import write_tutorial

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def goofspiel(tmp_path, monkeypatch):
    """The tutorial's game (docs/developing.md) imported from a folder of its own, taken out again after the test."""
    monkeypatch.syspath_prepend(str(write_tutorial(tmp_path)))
    module = __import__("goofspiel")
    yield module
    sys.modules.pop("goofspiel", None)
    for name in ("goofspiel", "goofspiel_b"):
        if name in registry._registered:
            registry.unregister(name)


def variant(cls, **changes):
    """A copy of the game class with its spec changed (another name, another prefix)."""
    return type(cls.__name__ + "Variant", (cls,), {"spec": dataclasses.replace(cls.spec, **changes)})


def test_a_registered_game_is_listed_after_the_package_games_and_loads(goofspiel):
    assert cardgames.games() == (*registry.builtin(), "goofspiel")
    assert registry.builtin() == registry.BUILTIN
    game = cardgames.load("goofspiel", players=3, cards=5)
    assert isinstance(game, goofspiel.Goofspiel) and game.players == 3
    assert cardgames.agents("goofspiel") == ("random", "greedy", "expert")
    assert registry.rules_file("goofspiel").name == "rules.md"
    assert registry.rules_file("goofspiel", "de") is None  # no German document beside it
    assert registry.faces("goofspiel") is None


def test_register_takes_a_class_a_name_and_a_class_or_a_module_and_works_as_a_decorator(goofspiel):
    Goofspiel = goofspiel.Goofspiel
    other = variant(Goofspiel, name="goofspiel_b", prefix="GB")
    assert cardgames.register("goofspiel_b", other) is other
    assert cardgames.load("goofspiel_b").spec.prefix == "GB"
    registry.unregister("goofspiel_b")
    assert "goofspiel_b" not in cardgames.games()
    assert cardgames.register(other) is other  # the decorator form returns the class
    package = types.ModuleType("goofspiel_package")
    package.GAME = Goofspiel  # as the package's games define it in their __init__
    assert cardgames.register(package) is Goofspiel
    again = variant(Goofspiel)  # a notebook cell run again: the name is replaced, not refused
    cardgames.register(again)
    assert registry.game_class("goofspiel") is again
    assert cardgames.games().count("goofspiel") == 1


def test_register_refuses_what_would_break_the_other_games(goofspiel):
    Goofspiel = goofspiel.Goofspiel
    with pytest.raises(ValueError, match="already"):
        cardgames.register(variant(Goofspiel, name="brokdorf", prefix="XB"))
    with pytest.raises(ValueError, match="prefix BK is brokdorf's"):
        cardgames.register(variant(Goofspiel, name="goofspiel_b", prefix="BK"))
    with pytest.raises(ValueError, match="prefix GS is goofspiel's"):
        cardgames.register(variant(Goofspiel, name="goofspiel_b"))
    with pytest.raises(ValueError, match="spec calls it 'goofspiel'"):
        cardgames.register("goofy", Goofspiel)
    with pytest.raises(ValueError, match="lower-case"):
        cardgames.register(variant(Goofspiel, name="Goof Spiel", prefix="GB"))
    with pytest.raises(ValueError, match="two capital letters"):
        cardgames.register(variant(Goofspiel, name="goofspiel_b", prefix="G1"))
    with pytest.raises(ValueError, match='"random" first'):
        cardgames.register(variant(Goofspiel, name="goofspiel_b", prefix="GB", agents={"greedy": goofspiel.Greedy}))
    with pytest.raises(ValueError, match="Game subclass"):
        cardgames.register(object)
    with pytest.raises(ValueError, match="rules document .* there is none"):
        cardgames.register(variant(Goofspiel, name="goofspiel_b", prefix="GB"), rules="/nonexistent/rules.md")
    with pytest.raises(ValueError, match="not added with register"):
        registry.unregister("brokdorf")
    assert "goofspiel_b" not in cardgames.games()


def test_a_game_registered_without_a_document_beside_it_takes_one_by_path(goofspiel, tmp_path):
    Goofspiel = goofspiel.Goofspiel
    other = variant(Goofspiel, name="goofspiel_b", prefix="GB")
    cardgames.register(other, rules=tmp_path)  # the folder of rules.md will do
    assert registry.rules_file("goofspiel_b") == tmp_path / "rules.md"


def test_an_entry_point_adds_a_game_that_is_imported_only_when_loaded(tmp_path, monkeypatch):
    write_tutorial(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    point = importlib.metadata.EntryPoint("goofspiel", "goofspiel:Goofspiel", registry.GROUP)
    broken = importlib.metadata.EntryPoint("missing", "no_such_module_here:Game", registry.GROUP)
    shadow = importlib.metadata.EntryPoint("brokdorf", "goofspiel:Goofspiel", registry.GROUP)

    def entry_points(group):
        return [point, broken, shadow] if group == registry.GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry._plugins.cache_clear()
    try:
        assert "goofspiel" not in sys.modules
        assert cardgames.games()[-2:] == ("goofspiel", "missing")  # the package's brokdorf is not shadowed
        assert registry.rules_file("goofspiel") == tmp_path / "rules.md"
        assert "goofspiel" not in sys.modules
        game = cardgames.load("goofspiel")  # imported now; its own register() call adds nothing twice
        assert cardgames.games().count("goofspiel") == 1 and "goofspiel" not in registry._registered
        final = cardgames.playout(game, ["greedy", "random"], seed=1)
        assert cardgames.replay(cardgames.record(game, final))[-1] == final
        with pytest.raises(ValueError, match="cannot be imported"):
            cardgames.load("missing")
    finally:
        sys.modules.pop("goofspiel", None)
        registry._plugins.cache_clear()


def test_check_game_finds_a_broken_promise(goofspiel):
    Goofspiel = goofspiel.Goofspiel

    class Mute(Goofspiel):
        spec = dataclasses.replace(Goofspiel.spec, name="goofspiel_b", prefix="GB", over_rule="GB-4.1")

        def _describe(self, before, seat, action, after):
            return "something happened"

    cardgames.register(Mute)
    with pytest.raises(cardgames.testing.ConformanceError, match="names no clause"):
        cardgames.testing.check_game("goofspiel_b", checks=["steps"])
    with pytest.raises(cardgames.testing.ConformanceError, match="cites 'GS-3.1'"):
        cardgames.testing.check_game(Mute, checks=["illegal moves"])
    with pytest.raises(ValueError, match="unknown checks"):
        cardgames.testing.check_game("goofspiel_b", checks=["nothing"])
    with pytest.raises(ValueError, match="not registered"):
        cardgames.testing.check_game(variant(Goofspiel, name="goofspiel_c", prefix="GC"))


def test_check_game_passes_the_package_games():
    for name in registry.builtin():
        if name in ("brotherhood", "bronko_donko"):  # minutes in pure Python; tests/conformance holds them
            continue
        assert cardgames.testing.check_game(name, playouts=3) == tuple(cardgames.testing.CHECKS)


def test_the_widgets_draw_a_registered_game_with_its_faces_or_the_generic_ones(goofspiel):
    from cardgames_widgets.faces import FACE_MODULES, card_html, for_game

    assert FACE_MODULES == registry.builtin()
    assert for_game("goofspiel").card("7") is None  # generic: the card is drawn as its code
    assert "<svg" in card_html("goofspiel", "7")

    class Faces:
        CHART_VALUE = "points"

    cardgames.register(goofspiel.Goofspiel, faces=Faces)
    assert for_game("goofspiel").CHART_VALUE == "points"
    with pytest.raises(ValueError, match="unknown game"):
        card_html("no_such_game", "7")


def test_no_list_of_game_names_outside_the_registry():
    """The package's games are named once, in registry.BUILTIN; every other list reads it."""
    names = "|".join(registry.BUILTIN)
    listing = re.compile(rf"""["']({names})["']\s*,\s*["']({names})["']""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("cardgames", "widgets")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if listing.search(text) and path != ROOT / "cardgames/core/registry.py"
    ]
    assert not found, found


def site_navigation() -> list:
    """The site's navigation as MkDocs gets it: mkdocs.yml's ``nav`` after docs/hooks.py's on_config."""
    import importlib.util

    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # mkdocs.yml's !!python tags
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    spec = importlib.util.spec_from_file_location("cardgames_site_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    return hooks.on_config(types.SimpleNamespace(nav=config["nav"])).nav


def _pages(nav: list) -> list[str]:
    """Every page of a navigation, in order."""
    found: list[str] = []
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        found.extend(_pages(value) if isinstance(value, list) else [value])
    return found


def test_the_documentation_lists_every_game_of_the_package():
    """The site's navigation comes from the registry: each game has its page, its rules and its German rules in it."""
    pages = _pages(site_navigation())
    for name in registry.builtin():
        for page in (f"games/{name}.md", f"rules/{name}.md", f"rules/de/{name}.md"):
            assert page in pages, f"the site's navigation lacks {page}"
        assert (ROOT / "docs" / "games" / f"{name}.md").is_file()
    listed = [name for name in registry.builtin() if name in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")]
    assert not listed, f"mkdocs.yml names games itself: {listed} (docs/hooks.py adds them from the registry)"
