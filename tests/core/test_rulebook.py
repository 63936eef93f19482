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
    """BD-1.3: no clause rests on the videos; the sources BD-1.2 lists are the seed, card data and decisions."""
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
