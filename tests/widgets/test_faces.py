"""Card faces: every card of every game is drawn offline, and no two suits differ by colour alone."""

from __future__ import annotations

import re

import pytest
from cardgames_widgets import card_html, hand_html
from cardgames_widgets.faces import FACE_MODULES, for_game, svg

DECKS = {
    "brokdorf": [r + s for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")],
    "three_bridges": [f"{s}-{r}" for s in "HESL" for r in ("VII", "VIII", "IX", "X", "U", "O", "K", "A")]
    + ["Chr", "Chr=H", "Chr=E", "Chr=S", "Chr=L"],
    "bronko_donko": [f"{c}{n}" for c in ("Bl", "Gr", "Ge", "Ro") for n in range(1, 9)] + ["Kose", "Wolf", "Wolf=Ge6"],
    "rowdy_partners": [f"{s}{n}" for s in ("Ha", "Ho", "St", "Gr") for n in range(1, 9)] + ["W2", "W4", "W6", "W8"],
    "brotherhood": [f"E{n:02d}" for n in range(1, 16)],
}
# the suits (or colours) of each game, with one code each: their symbols must differ in shape
SUIT_SAMPLES = {
    "brokdorf": ["AC", "AS", "AH", "AD"],
    "three_bridges": ["H-A", "E-A", "S-A", "L-A"],
    "bronko_donko": ["Bl5", "Gr5", "Ge5", "Ro5"],
    "rowdy_partners": ["Ha5", "Ho5", "St5", "Gr5", "W4"],
}


def shape_of(html: str) -> str:
    """The suit symbol's drawing (the <g> group after the rank), without its colour."""
    group = re.search(r'<g transform="[^"]*" fill="[^"]*"[^>]*>(.*?)</g>', html).group(1)
    return group


def test_every_game_has_a_face_module():
    assert set(DECKS) == set(FACE_MODULES)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_card_has_an_offline_svg_face_with_its_name(name):
    face = for_game(name)
    for code in DECKS[name]:
        html = face.card(code)
        assert html is not None, code
        assert "<svg" in html and f'data-code="{code}"' in html
        assert re.search(r'title="[^"]+"', html)
        # no picture is fetched: the only URL is the SVG namespace
        assert set(re.findall(r"https?://[^\"' ]+", html)) <= {"http://www.w3.org/2000/svg"}


@pytest.mark.parametrize("name", sorted(SUIT_SAMPLES))
def test_suits_differ_by_shape_not_only_by_colour(name):
    shapes = [shape_of(card_html(name, code)) for code in SUIT_SAMPLES[name]]
    assert len(set(shapes)) == len(shapes)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_unknown_codes_fall_back_to_a_plain_card(name):
    face = for_game(name)
    assert all(face.card(code) is not None for code in DECKS[name])
    assert face.card("XYZ") is None
    assert "XYZ" in card_html(name, "XYZ")  # a plain card with the code


def test_brokdorf_faces_show_german_names_and_label_trump_from_the_actions_parts():
    import cardgames

    game, face = cardgames.load("brokdorf"), for_game("brokdorf")
    assert 'title="Herz Dame (QH)"' in face.card("QH")
    trump_clubs = _trump(game, "C")
    assert face.card_label("10H") == "♥10" and face.label(game.action_parts(trump_clubs)) == "trump ♣ Kreuz"
    assert face.colour(game.action_parts(trump_clubs)) == svg.INK[svg.GREEN]


def _trump(game, suit):
    from cardgames.brokdorf.rules import TRUMPS

    return next(a for a in TRUMPS if str(a) == f"trump {suit}")


def test_bronko_donko_faces_show_strength_revolution_and_damage():
    html = card_html("bronko_donko", "Ro8")
    assert "Bronko Rot" in html and ">8<" in html and "⟲0" in html and "★11" in html
    assert "Wolf declared as Bunny Gelb" in card_html("bronko_donko", "Wolf=Ge6")


def test_projector_size_and_legal_mark():
    big = card_html("brokdorf", "AS", size=2)
    assert f'width="{svg.WIDTH * 2}"' in big
    assert "cg-legal" in card_html("rowdy_partners", "W2", legal=True)
    assert hand_html("three_bridges", ["H-A", "Chr"]).count("<svg") == 2
    assert "hidden card" in svg.back()


def test_generic_fallback_for_a_game_without_faces():
    from cardgames.core.facts import words

    face = for_game("no_such_game")
    assert face.card("AS") is None
    assert face.label(words("bid", 3)) == "bid 3" and face.colour(words("bid", 3)) is None


def test_a_table_draws_bigger_cards_for_a_projector():
    from cardgames_widgets import Table

    assert f'width="{round(svg.WIDTH * 1.5)}"' in Table("brokdorf", seed=1, card_size=1.5).html()


def test_the_picture_draws_the_cards_and_backs_of_the_layout_and_escapes_its_text():
    from cardgames_widgets.layout import table_html

    from cardgames.core.game import Face

    class FakeGame:  # a layout with an undeclared Chronist (its face shows "?") and a hidden hand of three
        def layout(self, state, player=None):
            return (("hand 0: ", Face("Chr", "Chr"), " ", Face("H-X", "H-X")), ("hand 1: <b> ", Face(None, "? ? ?", 3)))

    html = table_html(FakeGame(), None, None, [], for_game("three_bridges"))
    assert "hand 1: &lt;b&gt;" in html
    assert html.count("cg-back") == 1 and "×3" in html
    assert html.count('data-code="Chr"') == 1 and html.count('data-code="H-X"') == 1
