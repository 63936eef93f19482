"""The prose of a German notebook names a move as the table's buttons label it (issue 31, walk 3 item 1).

A German class clicks „verzichten“, „ziehen“, „Befehle abgeben“ and „Paten befreien nach …“, and the text
box takes those words. Prose that says "dann submit", "Aktion pass" or "nur ein einzelnes FREE_GODFATHER"
makes it read an action code it never sees on a button. So, in a German notebook's markdown cells:

* outside code font, no word is an English verb of an action text;
* in code font, an action text stands only where the prose says it is one (Aktionstext, im Code, Python),
  or after the German move word it codes ("**ducken** (`duck`)"), never in place of the button's word
  ("dann `submit`", "Aktion `pass`").
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
GERMAN_LANGUAGE = re.compile(r"""set_language\(\s*["']de["']\s*\)""")

# what the check leaves aside: inline code and fenced code, and a link's target (paths such as 01-rules.ipynb)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
# a word as it stands in prose: letters, with _ or - inside (build_source, vest-off, FREE_GODFATHER), and
# not part of a path, a file name or an assignment (three_bridges.md, Chr=E)
WORD = re.compile(r"(?<![\w/.=-])[A-Za-z][A-Za-z_-]*(?![\w/=-]|\.\w)")


def is_german(notebook: Path) -> bool:
    """A notebook that sets the library to German in its code (its prose is German)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return any(cell["cell_type"] == "code" and GERMAN_LANGUAGE.search("".join(cell["source"])) for cell in cells)


GERMAN_NOTEBOOKS = [notebook for notebook in NOTEBOOKS if is_german(notebook)]


@cache
def english_verbs() -> frozenset[str]:
    """Every game's action words that its German buttons label differently (pass, submit, free_godfather...).

    Words a game writes with a capital (the suits Ha, Ho, St, Gr of Rowdy Partners) are card codes, not
    moves, and German nouns are capitalized, so only the lower-case words are kept.
    """
    from cardgames_widgets import faces
    from cardgames_widgets.actions import vocabulary, word

    import cardgames

    verbs: set[str] = set()
    with cardgames.language("de"):
        for name in cardgames.games():
            game = cardgames.load(name)
            verbs |= {verb for verb in vocabulary(game, faces.for_game(name)) if word(game, verb) != verb}
    return frozenset(verb for verb in verbs if verb.islower())


def english_moves_in_prose(markdown: str) -> list[str]:
    """The words of ``markdown`` outside code font that name a move by its action code: ``pass``, ``FREE_GODFATHER``."""
    prose = LINK_TARGET.sub("]", CODE.sub(" ", markdown))
    found = []
    for match in WORD.finditer(prose):
        text = match.group(0)
        # a code in capitals (FREE_GODFATHER, BUILD_SOURCE) is the action's name in the specification's tables
        if text in english_verbs() or ("_" in text and text.isupper() and text.lower() in english_verbs()):
            found.append(text)
    return found


# an action text in code font: its first word (after a leading "; ") is an English verb
CODE_SPAN = re.compile(r"`;? ?([^`\n]*)`")
# what says that code font holds an action text, up to WINDOW characters before it
SAYS_ACTION_TEXT = re.compile(r"Aktionstext|im Code|Python|table\.play", re.IGNORECASE)
WINDOW = 160
# the German move word first, then its action text in brackets: **ducken** (`duck`), „Weste aus“ (`vest-off`)
AFTER_GERMAN_WORD = re.compile(r"(\*\*[^*\n]+\*\*|„[^“\n]+“) \($")


def action_texts_for_buttons(markdown: str) -> list[str]:
    """The action texts in code font that stand for a move where the prose should name its button."""
    found = []
    for match in CODE_SPAN.finditer(markdown):
        if match.group(1).split(" ")[0] not in english_verbs():
            continue
        before = markdown[: match.start()]
        if SAYS_ACTION_TEXT.search(before[-WINDOW:]) or AFTER_GERMAN_WORD.search(before):
            continue
        found.append(match.group(0))
    return found


def english_moves_in_notebook(notebook: Path) -> list[str]:
    found = []
    for index, cell in enumerate(json.loads(notebook.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "markdown":
            markdown = "".join(cell["source"])
            found += [f"cell {index}: {text!r}" for text in english_moves_in_prose(markdown)]
            found += [f"cell {index}: {text!r}" for text in action_texts_for_buttons(markdown)]
    return found


def test_the_check_finds_a_move_named_by_its_action_code():
    """The wordings walk 3 found in Chromium, and not the button words or an action text in code font."""
    for text, words in [
        ("(Ein Satz mit einem Befehl endet mit ; submit.)", ["submit"]),
        ("einen nach dem anderen, dann submit; ein zurückgewiesener Satz", ["submit"]),
        ("darf sein Befehlssatz nur ein einzelnes FREE_GODFATHER enthalten", ["FREE_GODFATHER"]),
        ("(oder verzichten, Aktion pass)", ["pass"]),
        ("(turn face-down: Sie bleibt verdeckt). Verzichten (pass) gibt es nicht", ["turn", "face-down", "pass"]),
        ("(nur ziehen wird angeboten, Aktion draw)", ["draw"]),
        ("sagt deshalb in den Tag-Fenstern der Stiche 5 und 6 pass", ["pass"]),
        ("Quellen bauen (build_source) und free_godfather", ["build_source", "free_godfather"]),
    ]:
        assert english_moves_in_prose(text) == words, text
    for text in (
        'dann „Befehle abgeben“; in Python: `table.play("submit")`',
        "darf nur einen Befehl „Paten befreien nach …“ enthalten",
        "Jetzt darf der Unter „tauschen“ (oder „verzichten“).",
        "Aktionstexte wie `place H-X A`, die Spielseite [docs](../../docs/games/three_bridges.html)",
        "ein Tag-Token, ein Killer im Vorrat, der Signature Move, Damage-Token, Hut (`Ha`)",
        "`place Chr=E B` oder „legen Chr=E B“, und Chr=E",
    ):
        assert english_moves_in_prose(text) == [], text


def test_the_check_finds_an_action_text_in_place_of_a_button_word():
    """Walk 3's wordings in code font, and the places where code font is meant as an action text."""
    for text, codes in [
        ("einen nach dem anderen, dann `submit`; ein zurückgewiesener Satz", ["`submit`"]),
        ("deshalb wird auch **verzichten** angeboten (Aktion `pass`).", ["`pass`"]),
        ("Verzichten (`pass`) gibt es nicht; die verdeckte Karte (`turn face-down`)", ["`pass`", "`turn face-down`"]),
        ("sagt in den Tag-Fenstern der Stiche 5 und 6 `pass`", ["`pass`"]),
        (
            "eine Aufteilung (`give P2 c source 1`, …): `propose P1` gibt alles P1",
            ["`give P2 c source 1`", "`propose P1`"],
        ),
    ]:
        assert action_texts_for_buttons(text) == codes, text
    for text in (
        "Kartencodes, Aktionstexte wie `place H-X A` und Klausel-IDs sind in beiden Sprachen gleich",
        "endet mit „Befehle abgeben“, im Aktionstext `; submit`.",
        'In Python: `table.play("build_source c 1")`, dann `table.play("submit")`.',
        "(„abrechnen mit Spieler 2“; im Code `settle 1`, denn ein Aktionstext zählt die Plätze ab 0)",
        "* **ducken** (`duck`): nichts legen; ihn **klauen** (`steal`)",
        "das Textfeld nimmt `legen H-X A`, `verzichten` und `Gebot 4` an",
    ):
        assert action_texts_for_buttons(text) == [], text


def test_the_german_notebooks_are_found():
    names = {str(notebook.relative_to(ROOT / "notebooks")) for notebook in GERMAN_NOTEBOOKS}
    games = ("brokdorf", "bronko_donko", "brotherhood", "rowdy_partners", "three_bridges")
    assert {f"{game}/01-regeln.ipynb" for game in games} <= names
    assert "brotherhood/01-rules.ipynb" not in names


@pytest.mark.parametrize("notebook", GERMAN_NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_a_german_notebook_names_moves_as_the_buttons_do(notebook: Path):
    """„verzichten“, „Befehle abgeben“, „Paten befreien nach …“; an action text only in code font."""
    assert english_moves_in_notebook(notebook) == []
