"""The rules documents ship with the package and every clause id can be looked up."""

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import cardgames
from cardgames.core import rulebook

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rules"
BOLD_ID = re.compile(r"\*\*([A-Z]{2}-\d+(?:\.\d+)+[a-z]?)\*\*")


@pytest.mark.parametrize("game", cardgames.games())
def test_shipped_rules_equal_the_specification(game):
    if not SHARED.is_dir():
        pytest.skip("../shared/rules is not present next to this checkout")
    assert rulebook.document(game) == (SHARED / f"{game}.md").read_text(encoding="utf-8"), (
        f"cardgames/{game}/rules.md differs from the specification: copy ../shared/rules/{game}.md over it"
    )


@pytest.mark.parametrize("game", cardgames.games())
def test_every_clause_of_the_document_can_be_looked_up(game):
    ids = BOLD_ID.findall(rulebook.document(game))
    assert ids
    for clause_id in ids:
        clause = cardgames.rule(clause_id)
        assert clause.id == clause_id and clause.game == game and clause.text


def test_every_clause_the_code_and_tests_cite_exists():
    unknown = {}
    for folder in ("cardgames", "widgets", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name in ("test_rulebook.py", "test_clauses_and_pictures.py"):
                continue  # they cite unknown ids on purpose
            for match in rulebook.CITED.finditer(path.read_text(encoding="utf-8")):
                if rulebook.resolve(match) is None:
                    unknown.setdefault(match.group(0), path.relative_to(ROOT).as_posix())
    assert not unknown, f"clause ids cited but not in the rules documents: {unknown}"


def test_an_unknown_clause_is_refused_in_the_language_in_use():
    with cardgames.language("de"):
        with pytest.raises(
            ValueError, match="die Regeln von Brokdorf haben keine Klausel BK-4.99; die ähnlichsten IDs"
        ):
            cardgames.rule("BK-4.99")
    with pytest.raises(ValueError, match="the Brokdorf rules have no clause BK-4.99; the nearest ids"):
        cardgames.rule("BK-4.99")


def test_rule_gives_text_game_and_heading():
    clause = cardgames.rule("BK-4.11")
    assert clause.game == "brokdorf" and clause.game_title == "Brokdorf"
    assert clause.section == "BK-4 Play › Tricks (Stiche)"
    assert clause.text.startswith("Heading duty (Überbieten)")
    assert str(clause).startswith("BK-4.11 (Brokdorf, BK-4 Play › Tricks (Stiche)): Heading duty")
    assert "**BK-4.11**" in clause._repr_markdown_()


def test_rule_finds_parts_sections_examples_and_decision_points():
    assert cardgames.rule("BH-4.12.5").text.startswith("A godfather lost this way is *killed*")
    assert cardgames.rule("BD-5.8(a)").text == "a formation is boxed: the boxer gains control;"
    example = cardgames.rule("BD-13.8")  # Bronko-Donko numbers its examples without the prefix
    assert example.title == "Wolfsblut and resting Wolf." and "sits out the whole next round" in example.text
    assert cardgames.rule("BK-8.11").title == "Durchmarsch (BK-5.6)."
    assert cardgames.rule("BK-7.2").text.startswith("When: before each later round")
    assert cardgames.rule("BD-9").section == "9 Settlement (Abrechnung)"
    assert cardgames.rule("RP-4.12.3").text.startswith("If the cheat pool is empty")
    assert "| 2 | 1 Coin |" in cardgames.rule("RP-4.12").text  # a table inside a clause stays in it


def test_an_inline_part_gives_its_clause_and_spelling_is_forgiven():
    assert cardgames.rule("BK-4.10(b)").id == "BK-4.10"
    assert cardgames.rule("bk 4.11").id == "BK-4.11"
    assert cardgames.rule(" BD-5.7a ").id == "BD-5.7a"


def test_revised_clauses_carry_their_resolved_ambiguity_rows():
    assert any("revised" in row for row in cardgames.rule("BK-5.6").decisions)
    assert any("revised" in row for row in cardgames.rule("TB-4.12").decisions)
    assert any("R-13" in row for row in cardgames.rule("BD-6.6").decisions)


def test_code_blocks_keep_their_lines():
    text = cardgames.rule("BD-5.13").text
    assert "\n    while round not ended:\n" in text


@pytest.mark.parametrize(
    "bad, nearest",
    [
        ("BK-4.111", "BK-4.11"),
        ("BK-99.1", "BK-"),
        ("XX-4.11", "-4.11"),
        ("RP-4.4.9", "RP-4.4"),
    ],
)
def test_unknown_ids_name_the_nearest(bad, nearest):
    with pytest.raises(ValueError, match="nearest ids: .*" + re.escape(nearest)):
        cardgames.rule(bad)


def test_malformed_ids_say_what_an_id_looks_like():
    with pytest.raises(ValueError, match="e.g. 'BK-4.11'"):
        cardgames.rule("hello")
    with pytest.raises(ValueError, match=r"\.\.\.") as error:
        cardgames.rule("x" * 10_000)
    assert len(str(error.value)) < 300
    with pytest.raises(TypeError, match="a clause id is a string"):
        cardgames.rule(4.11)


def test_cited_lists_the_ids_of_a_sentence_once_each():
    sentence = "Player 2 must follow (BK-4.10(a)) and head the trick (BK-4.11); BK-4.11 again, BD-5.8 (b)."
    assert rulebook.cited(sentence) == ["BK-4.10(a)", "BK-4.11", "BD-5.8(b)"]


@pytest.mark.slow
def test_a_built_wheel_carries_the_rules_documents(tmp_path):
    # the documents are package data, the same in both builds: the pure build skips minutes of compiling
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        env={**os.environ, "CARDGAMES_PURE_PYTHON": "1"},
    )
    wheel = next(tmp_path.glob("cardgames-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in cardgames.games():
        assert f"cardgames/{game}/rules.md" in names


def test_bd_1_3_the_video_tutorials_are_not_a_source():
    """BD-1.3: no clause rests on the videos; the sources BD-1.2 lists are the original text, card data and decisions."""
    text = (Path(cardgames.__file__).parent / "bronko_donko" / "rules.md").read_text(encoding="utf-8")
    mentions = [line for line in text.splitlines() if "video" in line.lower()]
    assert len(mentions) == 1 and mentions[0].startswith("- **BD-1.3**")
    sources = cardgames.rule("BD-1.2").text
    assert "video" not in sources.lower() and "(a)" in sources and "(c)" in sources


def test_tb_1_2_the_document_decides_where_the_source_is_silent():
    """TB-1.2: the source has no title, so the name is a decision of this document, listed in TB-9."""
    assert "TB-9" in cardgames.rule("TB-1.2").text
    decisions = cardgames.rule("TB-9").text
    assert "| TB-1.2 | No title |" in decisions and '"Three Bridges"' in decisions
    assert cardgames.load("three_bridges").spec.title == "Three Bridges"


def test_a_wrapped_line_starting_with_a_number_is_text_not_a_part():
    """BK-8.2's worked count wraps a line before "324. Total 648": parts count 1, 2, 3 ... only."""
    with pytest.raises(ValueError):
        cardgames.rule("BK-8.2.324")
    with pytest.raises(ValueError):
        cardgames.rule("TB-8.9.15")
    assert "324" in cardgames.rule("BK-8.2").text


# ---------------------------------------------------------------------------
# issue 31: the clause apart from the decisions, parts that exist, every id a document defines

OLD_WORDS = ("Resolved ambiguity", "Geklärte Mehrdeutigkeit", "Seed says", "What the seed says", "Der Seed sagt")


def test_a_clause_shows_its_text_and_apart_the_decisions_in_plain_words():
    clause = cardgames.rule("BK-4.11", language="en")
    assert clause.text.startswith("Heading duty (Überbieten)") and "decision" not in clause.text
    assert clause.decisions and all(
        row.startswith("Where the original text is unclear (decision ") for row in clause.decisions
    )
    seven = next(row for row in clause.decisions if "(decision 7)" in row)
    assert "it says: Follow, else trump" in seven and "We decide: " in seven and "Why: " in seven
    shown = clause._repr_markdown_()
    assert shown.index(clause.text) < shown.index("Where the original text is unclear")
    assert str(clause).endswith(clause.text)  # the plain form is the clause itself
    german = cardgames.rule("BK-4.11", language="de")
    assert german.decisions and all(
        row.startswith("Wo der Originaltext unklar ist (Entscheidung ") for row in german.decisions
    )
    assert "Wir entscheiden: " in german.decisions[0] and "Warum: " in german.decisions[0]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", cardgames.games())
def test_no_clause_shows_internal_notes_or_the_paths_of_the_original_texts(game, language):
    for clause in rulebook.clauses(game, language):
        for words in (clause.text, *clause.decisions):
            assert not any(old in words for old in OLD_WORDS), (clause.id, words)
            assert "shared/seeds" not in words and ".txt`" not in words, clause.id
    assert "shared/seeds" not in rulebook.document(game, language)


def test_only_the_resolved_ambiguities_table_gives_a_clause_decisions():
    """An event card that names BH-4.8 or a decision point that names RP-4.10 is no decision about them."""
    assert [row for row in cardgames.rule("BH-4.8").decisions if "E01" in row] == []
    assert all("(decision R-" in row for row in cardgames.rule("BH-4.8").decisions)
    assert not any("DP-2" in row for row in cardgames.rule("RP-4.10").decisions)
    assert any("(decision R-13)" in row for row in cardgames.rule("BD-6.6").decisions)


def test_a_letter_that_is_no_part_of_its_clause_is_refused_with_the_nearest_ids():
    with pytest.raises(ValueError, match=r"no clause BK-4\.11\(z\); the nearest ids: BK-4\.11"):
        cardgames.rule("BK-4.11(z)")
    with pytest.raises(ValueError, match="no clause BK-4.10\\(d\\)"):
        cardgames.rule("BK-4.10(d)")  # BK-4.10 writes (a), (b) and (c) inline
    with pytest.raises(ValueError, match="nearest ids: .*BD-5.8"):
        cardgames.rule("BD-5.8(f)")  # BD-5.8 has the parts (a) to (d)
    # the suffixes the documents use keep working: numbered and lettered parts, inline parts, 5.7a
    assert cardgames.rule("BH-4.12.5").id == "BH-4.12.5"
    assert cardgames.rule("BD-5.8(d)").id == "BD-5.8(d)"
    assert cardgames.rule("BK-4.10(c)").id == "BK-4.10"
    assert cardgames.rule("BD-5.7a").id == cardgames.rule("BD-5.7(a)").id == "BD-5.7a"


def test_decision_points_and_decisions_are_found_with_their_game():
    point = cardgames.rule("DP-1", game="rowdy_partners")
    assert (point.id, point.game, point.section) == ("DP-1", "rowdy_partners", "RP-7 Decision points")
    assert (
        point.text
        == "When: setup, only if wrestlers are chosen; Who decides: each player in seat order; Decision: wrestler"
    )
    assert cardgames.rule("dp 4", game="bronko_donko").text.startswith("Decision: Counter")
    decision = cardgames.rule("R-13", game="bronko_donko")
    assert decision.text in cardgames.rule("BD-6.6").decisions
    assert cardgames.rule("R-13", game="bronko_donko", language="de").text.startswith(
        "Wo der Originaltext unklar ist (Entscheidung R-13)"
    )
    # three documents number their decision points from DP-1: the game must be named
    with pytest.raises(ValueError, match=r"Bronko-Donko, The Brotherhood, Rowdy Partners: name the game.*game="):
        cardgames.rule("DP-1")
    with pytest.raises(ValueError, match="the Rowdy Partners rules have no clause DP-99; the nearest ids: DP-"):
        cardgames.rule("DP-99", game="rowdy_partners")
    with pytest.raises(ValueError, match="BK-4.11 is a clause of Brokdorf, not of Bronko-Donko"):
        cardgames.rule("BK-4.11", game="bronko_donko")
    with pytest.raises(ValueError, match="unknown game"):
        cardgames.rule("DP-1", game="skat")


def test_codes_cards_and_wrestlers_of_the_tables_are_found():
    jailed = cardgames.rule("V04")
    assert (jailed.game, jailed.title) == ("brotherhood", "GODFATHER_JAILED") and "FREE_GODFATHER" in jailed.text
    assert cardgames.rule("v4").id == "V04"
    assert cardgames.rule("X03").title == "MUST_FOLLOW"
    assert cardgames.rule("E01").text.startswith("Effect in district X: Every godfather in X goes to Jail")
    assert cardgames.rule("C07").text == "Tile: Ref Distraction; Effect: CANCEL"  # the second entry of a row
    assert cardgames.rule("W1").text.startswith("Wrestler: Anvil Annie")
    with pytest.raises(ValueError, match="no rules document has V99; the nearest ids: V09"):
        cardgames.rule("V99")


ENTRY_CITED = re.compile(r"\b(?:DP|R)-\d+\b|\b[VXEC]\d\d\b")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", cardgames.games())
def test_every_id_a_document_defines_or_cites_is_found(game, language):
    text = rulebook.document(game, language)
    for match in rulebook.CITED.finditer(text):
        assert rulebook.resolve(match) is not None, match.group(0)  # raises nothing: every clause id is found
    for entry_id in set(ENTRY_CITED.findall(text)):
        entry = cardgames.rule(entry_id, language=language, game=game)
        assert entry.id == entry_id and entry.game == game and entry.text


def test_the_game_prefixes_are_read_from_the_documents():
    assert dict(rulebook.PREFIXES) == {
        re.search(r"\*\*([A-Z]{2})-\d", rulebook.document(game)).group(1): game for game in cardgames.games()
    }
    for prefix, game in rulebook.PREFIXES.items():
        assert rulebook.cited(f"see {prefix}-1.1") == [f"{prefix}-1.1"]
        assert cardgames.rule(f"{prefix}-1.1").game == game
