"""The table as data (``game.layout``): the last event card is the only card drawn (BH-2.5), and it is public (BH-4.9).

The event deck lies face down (BH-4.9: its order is hidden), so the layout only counts it; a player's view shows
the same table, and nobody's sealed decisions but the viewer's own.
"""

from __future__ import annotations

import random

import pytest

from cardgames.brotherhood.board import DISTRICTS, EVENTS
from cardgames.brotherhood.rules import _event_card
from cardgames.core.game import Face

from .helpers import game, quiet


def faces(lines):
    return [part for line in lines for part in line if isinstance(part, Face)]


def joined(lines):
    return "\n".join("".join(part if isinstance(part, str) else part.text for part in line) for line in lines)


def random_states(players, seed):
    """Every state of a random game of ``players`` from ``seed``."""
    g = game(players)
    rng = random.Random(seed)
    s = g.new(seed=seed)
    yield g, s
    while g.to_act(s):
        p = rng.choice(g.to_act(s))
        s = g.apply(s, rng.choice(g.legal_actions(s, p)), p)
        yield g, s


def check_faces(g, s, lines):
    """Every part is text or a Face; the one Face is the last event card, shown with its own code (BH-2.5)."""
    assert all(isinstance(line, tuple) for line in lines)
    assert all(isinstance(part, (str, Face)) for line in lines for part in line)
    cards = faces(lines)
    for face in cards:
        assert face.code is not None and face.count == 1
        assert EVENTS[_event_card(face.code) - 1] == face.code  # a real card: its code round-trips
        assert face.text == face.code
    if s.table.event:
        assert [face.code for face in cards] == [EVENTS[s.table.event[0] - 1]]
    else:
        assert cards == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bh_2_5_layout_codes_are_real_event_cards_and_render_joins_them(players):
    seen = set()
    for seed in range(3):
        for g, s in random_states(players, seed):
            for viewer in (None, *range(players)):
                lines = g.layout(s, viewer)
                check_faces(g, s, lines)
                assert g.render(s, viewer) == joined(lines)
                seen.update(face.code for face in faces(lines))
    assert len(seen) >= 5  # many different event cards were drawn, each as its own code


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bh_4_9_layout_of_a_player_shows_what_his_view_shows_and_no_hidden_card(players):
    for seed in range(3):
        for g, s in random_states(players, seed):
            assert all(g.hand(s, p) is None for p in range(players))  # no hands: nobody holds a hidden card
            hidden_deck = {EVENTS[c - 1] for c in s.table.deck}
            for p in range(players):
                lines = g.layout(s, p)
                view = g.view(s, p)
                assert lines == g.layout(view, p)  # p's table is drawn from what p may see only
                check_faces(g, view, lines)
                assert not {face.code for face in faces(lines)} & hidden_deck  # the face-down deck is never coded
                assert all(face.code is not None for face in faces(lines))  # no back: the one card shown is public
                sealed = [line for line in lines if "'s sealed: " in joined((line,))]
                assert all(joined((line,)).startswith(f"P{p + 1}'s sealed: ") for line in sealed)


def test_bh_4_10_the_drawn_event_is_one_face_between_the_texts_of_the_first_line():
    g = game(3)
    s = g.new(seed=1, events=["E03"])
    s = quiet(g, s, stop=lambda st: st.table.event is not None)
    first = g.layout(s)[0]
    district = DISTRICTS[s.table.event[1]]
    assert len(first) == 3 and isinstance(first[0], str) and isinstance(first[2], str)
    assert first[0].startswith(f"Round {s.round}/12 · ") and first[0].endswith(" · last event: ")
    assert first[1] == Face("E03", "E03")
    assert first[2] == f" in {district} · deck {len(s.table.deck)}"
    assert g.render(s).splitlines()[0] == first[0] + "E03" + first[2]


def test_bh_2_5_before_the_first_event_the_layout_holds_text_only():
    g = game(2)
    s = g.new(seed=4)
    lines = g.layout(s)
    assert faces(lines) == [] and all(len(line) == 1 for line in lines)
    assert lines[0][0].endswith(" · last event: none yet · deck 15")
    assert g.render(s) == joined(lines)


def test_layout_refuses_a_seat_that_is_not_at_the_table():
    g = game(2)
    s = g.new(seed=1)
    with pytest.raises(ValueError, match="no seat 2"):
        g.layout(s, 2)
    with pytest.raises(ValueError, match="no seat 2"):
        g.render(s, 2)
