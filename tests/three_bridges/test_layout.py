"""The table as data (``game.layout``): every card a real card of the game, no hidden card given away.

``render`` joins the layout's texts, so the layout prints what ``render`` printed; the golden
fingerprints (tests/conformance) hold its bytes.  Here: the cards (:class:`Face`) of the layout.
"""

from __future__ import annotations

import itertools

import pytest
from helpers import random_states

import cardgames
from cardgames.core.game import Face
from cardgames.three_bridges.cards import (
    CARD_MASK,
    CHR1,
    CHR2,
    FACE_DOWN,
    HIDDEN,
    SIDEWAYS,
    entry,
    entry_code,
)

from .helpers import GAME, P1, P2, play

SEEDS = range(40)


def _faces(line):
    return [part for part in line if isinstance(part, Face)]


def _expanded(line):
    """The card codes of a line, a back of ``count`` cards as that many Nones."""
    return [code for face in _faces(line) for code in [face.code] * face.count]


def _shown(column):
    """What a column shows of each card: its code, or None for a card that is not shown."""
    return [None if e & CARD_MASK == HIDDEN else entry_code(e) for e in column]


def _games():
    return [GAME, cardgames.load("three_bridges")]  # P1 seat 0, and P1 drawn from the seed


def test_tb_1_3_every_card_in_a_layout_is_a_card_of_the_game():
    """TB-1.3: a Face's code is a card code as action texts and hand() write it (``H-X``, ``Chr`` in hand,
    ``Chr=E`` on the board): it round-trips through the card parser, and its text is what render prints."""
    seen = set()
    for game in _games():
        for seed in SEEDS:
            for s in random_states(game, seed):
                for viewer in (None, P1, P2):
                    lines = game.layout(s, viewer)
                    assert "\n".join(
                        "".join(p if isinstance(p, str) else p.text for p in line) for line in lines
                    ) == game.render(s, viewer)
                    for line in lines:
                        assert all(isinstance(p, (str, Face)) for p in line) and line
                        assert not any(isinstance(a, str) and isinstance(b, str) for a, b in itertools.pairwise(line))
                        for face in _faces(line):
                            assert face.count >= 1
                            if face.code is None:
                                assert face.text == " ".join(["?"] * face.count)
                                continue
                            assert face.count == 1 and face.text == face.code
                            e = entry(face.code)
                            assert entry_code(e) == face.code and e & CARD_MASK != HIDDEN
                            seen.add(face.code)
    # the deck's 32 cards, the Chronist in hand and declared on the board all appeared
    assert {entry_code(c) for c in range(32)} | {"Chr", "Chr=H", "Chr=E", "Chr=S", "Chr=L"} <= seen


def test_tb_2_7_a_view_gives_no_hidden_card_a_code():
    """TB-2.7: in ``layout(state, p)`` the other hand and the other player's face-down cards are backs
    (code None, one back with its count for the hand); every other card has the code the full table shows.
    TB-4.12: a face-down Chronist's declared suit is not given away either."""
    hidden_chronist = hidden_sideways = own_face_down = 0
    for game in _games():
        for seed in SEEDS:
            for s in random_states(game, seed):
                full = game.layout(s, None)
                assert all(face.code is not None for line in full for face in _faces(line))
                for p in (P1, P2):
                    view = game.view(s, p)
                    lines = game.layout(s, p)
                    assert len(lines) == len(full)
                    for b in range(3):  # the bridge card, then seat 0's column, then seat 1's
                        codes = _expanded(lines[1 + b])
                        shown = [entry_code(s.bridges[b])] + _shown(view.columns[b][0]) + _shown(view.columns[b][1])
                        assert codes == shown
                        truth = _expanded(full[1 + b])
                        assert len(truth) == len(codes)
                        assert all(c is None or c == t for c, t in zip(codes, truth))
                        for seat in (0, 1):
                            for e in s.columns[b][seat]:
                                down = bool(e & FACE_DOWN)
                                if down and seat != p:
                                    hidden_chronist += (e & CARD_MASK) in (CHR1, CHR2)
                                    hidden_sideways += bool(e & SIDEWAYS)
                                own_face_down += down and seat == p
                        hidden = sum(1 for seat in (0, 1) for e in s.columns[b][seat] if e & FACE_DOWN and seat != p)
                        assert codes.count(None) == hidden
                    for seat in (0, 1):
                        hand = lines[4 + seat]
                        assert _expanded(hand) == list(game.hand(view, seat))
                        if seat == p:
                            assert _expanded(hand) == list(game.hand(s, seat))
                        else:
                            assert all(face.code is None for face in _faces(hand))
                            assert len(_faces(hand)) == (1 if s.hands[seat] else 0)
                    for line in lines[6:]:  # what is due: the resolving card (and a bridge card), all face up
                        assert _faces(line) == _faces(full[6]) and None not in _expanded(line)
    assert hidden_chronist and hidden_sideways and own_face_down  # the random games reached those cases


@pytest.mark.parametrize("viewer", [None, P1, P2])
def test_tb_4_12_face_down_chronist_in_a_layout(viewer):
    """TB-4.12: a placed Chronist is ``Chr=E`` inside ``[ ]`` for its owner and everyone, a back for the other."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("Chr", "L-X"), ("H-VIII", "E-U")))
    s = play(s, "place Chr=E B")
    line = GAME.layout(s, viewer)[2]
    faces = _faces(line)
    if viewer == P2:
        assert faces[1] == Face(None, "?") and "Chr" not in "".join(p for p in line if isinstance(p, str))
    else:
        assert faces[1] == Face("Chr=E", "Chr=E")
    assert line[2].endswith("[") and line[4].startswith("]")
    hand = GAME.layout(s, viewer)[4]
    assert _faces(hand) == ([Face(None, "?")] if viewer == P2 else [Face("L-X", "L-X")])


def test_tb_2_7_a_hidden_hand_is_one_back_with_its_count():
    """TB-2.7: hand sizes are public, the cards are not: the other hand is one back standing for them all."""
    s = GAME.new(seed=3)
    hand = GAME.layout(s, P1)[5]
    assert hand == ("hand of player 2: ", Face(None, "? ? ? ? ?", 5))
    assert [f.code for f in _faces(GAME.layout(s, P1)[4])] == list(GAME.hand(s, P1))
