"""The language switch and the German message catalogs (issue 17).

The catalogs are checked against the code: extracting the messages the code marks finds
none without a German translation, none fuzzy, none left over, and every translation keeps
its message's ``{fields}`` and clause ids (a translation that drops ``{seat}`` would fail
only when that sentence is shown).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from string import Formatter

import pytest

import cardgames
from cardgames.core import catalogs, i18n
from cardgames.core.i18n import DOMAINS, Catalog

ROOT = Path(__file__).resolve().parents[2]
GERMAN = [language for language in i18n.LANGUAGES if language != i18n.SOURCE]


# ---------------------------------------------------------------------------
# the switch


def test_set_language_switches_and_returns_the_language_in_use():
    assert cardgames.set_language("de") == "de"
    assert cardgames.get_language() == "de"
    assert cardgames.set_language("en") == "en"
    assert cardgames.get_language() == "en"


@pytest.mark.parametrize("code", ["de", "DE", "de_DE", "de-AT", "de_DE.UTF-8", "de_CH@euro", " de "])
def test_language_codes_are_read_as_gettext_reads_them(code):
    assert i18n.normalize(code) == "de"


@pytest.mark.parametrize("code", ["fr", "", "deutsch", "xx_DE"])
def test_an_unknown_language_is_refused_with_the_choices(code):
    with pytest.raises(ValueError, match=r"choose 'en' \(English\) or 'de' \(Deutsch\)"):
        cardgames.set_language(code)
    assert cardgames.get_language() == "en"  # nothing changed


def test_a_language_is_a_text():
    with pytest.raises(TypeError, match="a language is a code such as 'de'"):
        cardgames.set_language(49)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "environ, expected",
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first one set decides
        ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, "de"),  # LANGUAGE lists, first known wins
        ({"LANGUAGE": "fr:it", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LANG": "de_DE"}, "de"),  # an empty variable counts as unset
        ({"LC_MESSAGES": "de_DE.UTF-8"}, "de"),
    ],
)
def test_the_default_comes_from_the_locale_environment(environ, expected):
    assert i18n.from_environment(environ) == expected


def test_without_a_choice_the_environment_decides(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de")
    cardgames.set_language(None)
    assert cardgames.get_language() == "de"
    cardgames.set_language("en")  # a choice overrides the environment
    assert cardgames.get_language() == "en"


def test_a_language_block_overrides_and_restores():
    cardgames.set_language("en")
    with cardgames.language("de") as inside:
        assert inside == "de" and cardgames.get_language() == "de"
        with cardgames.language(None):
            assert cardgames.get_language() == "de"  # None: keep the language in use
    assert cardgames.get_language() == "en"
    with pytest.raises(ValueError):
        with cardgames.language("klingon"):
            pass
    assert cardgames.get_language() == "en"


def test_a_catalog_translates_in_the_language_in_use_and_falls_back_to_english(tmp_path):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "demo.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "trick"\nmsgstr "Stich"\n\n'
        'msgid "{n} trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "{n} Stich"\nmsgstr[1] "{n} Stiche"\n',
        encoding="utf-8",
    )
    _, ngettext = Catalog("demo", tmp_path).functions()
    cardgames.set_language("de")
    assert _("trick") == "Stich"
    assert ngettext("{n} trick", "{n} tricks", 1).format(n=1) == "1 Stich"
    assert ngettext("{n} trick", "{n} tricks", 3).format(n=3) == "3 Stiche"
    assert _("not in the catalog") == "not in the catalog"
    cardgames.set_language("en")
    assert _("trick") == "trick"
    assert ngettext("{n} trick", "{n} tricks", 0).format(n=0) == "0 tricks"


def test_a_catalog_without_files_shows_english(tmp_path):
    _, _n = Catalog("nothing", tmp_path).functions()
    with cardgames.language("de"):
        assert _("Player 1 bids") == "Player 1 bids"


def test_the_rules_documents_answer_in_the_language_in_use():
    english = cardgames.rule("BK-4.2", language="en")
    german = cardgames.rule("BK-4.2", language="de")
    assert (english.language, german.language) == ("en", "de")
    assert english.id == german.id and english.text != german.text
    with cardgames.language("de"):
        assert cardgames.rule("BK-4.2") == german
    assert cardgames.rule("BK-4.2") == english


# ---------------------------------------------------------------------------
# the catalogs against the code


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_message_has_a_german_translation(domain):
    """Extracting the catalog from the code finds nothing untranslated, fuzzy or left over."""
    marked = catalogs.extract(domain)
    for language in GERMAN:
        path = catalogs.po_path(domain, language)
        assert path.is_file(), f"{path.relative_to(ROOT)} is missing: run `make catalogs` and translate it"
        entries = {catalogs.key_of(m): m for m in catalogs.entries(domain, language)}
        missing = [key for key in marked if key not in entries]
        assert not missing, f"{len(missing)} messages are not in {path.name} (run `make catalogs`): {missing[:5]}"
        untranslated = [
            key for key, m in entries.items() if not (m.string if isinstance(m.string, str) else all(m.string))
        ]
        assert not untranslated, f"{len(untranslated)} messages of {path.name} have no translation: {untranslated[:5]}"
        fuzzy = [key for key, m in entries.items() if m.fuzzy]
        assert not fuzzy, f"fuzzy translations in {path.name} (check and unmark them): {fuzzy[:5]}"
        stale = [key for key in entries if key not in marked]
        assert not stale, f"{path.name} translates messages the code no longer has (run `make catalogs`): {stale[:5]}"


def _fields(text: str) -> list[str]:
    return sorted(field.split(":")[0].split("!")[0] for field in catalogs.FIELDS.findall(text))


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_translations_keep_the_fields_and_clause_ids_of_their_message(domain):
    for language in GERMAN:
        if not catalogs.po_path(domain, language).is_file():
            continue
        for message in catalogs.entries(domain, language):
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string)
            for string in strings:
                if not string:
                    continue
                where = f"{domain}.po: {ids[0]!r} -> {string!r}"
                # a plural's singular may leave out {n} ("one trick"), every other field stays
                wanted = set(_fields(ids[-1])) if len(ids) > 1 else set(_fields(ids[0]))
                if len(ids) > 1:
                    assert set(_fields(string)) <= wanted, where
                    assert wanted - {"n"} <= set(_fields(string)), where
                else:
                    assert sorted(_fields(string)) == sorted(_fields(ids[0])), where
                assert sorted(catalogs.CLAUSES.findall(string)) == sorted(catalogs.CLAUSES.findall(ids[0])), where
                if _fields(ids[0]):
                    list(Formatter().parse(string))  # a well-formed format string (raises otherwise)


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_marked_messages_are_plain_strings(domain):
    """``_(f"...")`` cannot be translated (the catalog holds the text before the fields are filled in)."""
    bad = []
    for path in catalogs.sources(domain):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in catalogs.KEYWORDS:
                texts = node.args[:2] if node.func.id in ("ngettext", "pgettext", "NP_") else node.args[:1]
                for arg in texts:
                    # a literal, or a name or item of a table marked with N_ where it is defined
                    literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    if node.func.id in ("N_", "NP_") and not literal:
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                    elif isinstance(arg, (ast.JoinedStr, ast.BinOp)) or (
                        # a text filled in before the lookup ("...".format(...)); a table lookup is fine
                        isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format"
                    ):
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, f"a marked message must be a plain string literal, use .format() after it: {bad[:5]}"


def _installed_from_this_tree() -> bool:
    """Was this checkout installed (``make`` runs ``pip install -e .``, whose build compiles the catalogs)?"""
    from importlib.metadata import distributions

    return any(ROOT.as_uri() in (found.read_text("direct_url.json") or "") for found in distributions(name="cardgames"))


def test_the_installed_catalogs_are_current():
    """The set-up compiles every ``.po`` to a ``.mo`` beside it (setup.py), holding the same translations."""
    import gettext

    checked = 0
    for domain in DOMAINS:
        for language in GERMAN:
            po = catalogs.po_path(domain, language)
            mo = po.with_suffix(".mo")
            if _installed_from_this_tree():
                assert mo.is_file(), f"{mo.relative_to(ROOT)} was not built: `make install` compiles the catalogs"
            if not (po.is_file() and mo.is_file()) or mo.stat().st_mtime < po.stat().st_mtime:
                continue  # the .po is read directly where its .mo is older
            with mo.open("rb") as built:
                compiled = gettext.GNUTranslations(built)
            for message in catalogs.entries(domain, language):
                if isinstance(message.id, str) and message.string:
                    if message.context:
                        found = compiled.pgettext(message.context, message.id)
                    else:
                        found = compiled.gettext(message.id)
                    assert found == message.string, (domain, message.context, message.id)
                    checked += 1
    assert checked or not any(catalogs.po_path(d, "de").with_suffix(".mo").exists() for d in DOMAINS)


def test_clause_ids_in_messages_are_found_by_the_rulebook():
    """Every clause id a message names exists in the rules documents of both languages."""
    from cardgames.core.rulebook import rule

    for domain in DOMAINS:
        for key in catalogs.extract(domain):
            for text in [key] if isinstance(key, str) else key:
                for clause in catalogs.CLAUSES.findall(text):
                    rule(clause, language="en")
                    rule(clause, language="de")


def test_the_field_pattern_finds_format_fields():
    assert _fields("Player {seat} bids {n} tricks ({share:.0%})") == ["n", "seat", "share"]
    assert _fields("a literal {{brace}}") == []
    assert re.search(catalogs.CLAUSES, "refused (BK-4.10(a))").group(0) == "BK-4.10(a)"
