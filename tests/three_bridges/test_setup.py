"""TB-1 to TB-3: components, setup and the deal."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.three_bridges.cards import FACE_DOWN, HIDDEN, base_value, code, entry

from .helpers import GAME, P1, P2, column, play

DECK = [
    "H-VII",
    "H-VIII",
    "H-IX",  # bridges
    "S-VII",
    "L-VII",
    "S-VIII",
    "L-VIII",
    "S-IX",
    "L-IX",
    "S-X",
    "L-X",  # deal, P1 first
    "H-X",
    "H-U",  # round 1 draws: P1, then P2
    "H-O",
    "H-K",
]  # round 2 draws: P2 (leader), then P1


def test_tb_1_1_exactly_two_players():
    """TB-1.1: a duel for exactly 2 players."""
    assert cardgames.load("three_bridges").players == 2
    for n in (1, 3):
        with pytest.raises(ValueError, match="exactly 2"):
            cardgames.load("three_bridges", players=n)


def test_tb_2_1_thirty_four_cards():
    """TB-2.1: 32 Hungarian cards, each unique, plus 2 Chronisten."""
    for seed in range(20):
        s = GAME.new(seed=seed)
        cards = list(s.bridges) + list(s.hands[0]) + list(s.hands[1]) + list(s.pile)
        assert sorted(cards) == list(range(34))


def test_tb_2_2_base_values():
    """TB-2.2: VII-X their number; U, O, K, A and the Chronist 4."""
    values = {c: base_value(entry(c)) for c in ["H-VII", "E-VIII", "S-IX", "L-X", "H-U", "E-O", "S-K", "L-A"]}
    assert values == {"H-VII": 7, "E-VIII": 8, "S-IX": 9, "L-X": 10, "H-U": 4, "E-O": 4, "S-K": 4, "L-A": 4}
    assert base_value(entry("Chr=E")) == 4


def test_tb_2_3_new_cards_go_on_top_of_own_column():
    """TB-2.3: a placed card is appended on top of its owner's column."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"],
        [(("H-VII",), ("E-VII",)), ((), ()), ((), ())],
        hands=(("H-VIII", "S-VII"), ("E-VIII", "S-VIII")),
    )
    s = play(s, "place H-VIII A", "place E-VIII A")
    assert column(s, "A", P1) == ["H-VII", "H-VIII"]
    assert column(s, "A", P2) == ["E-VII", "E-VIII"]


def test_tb_2_7_view_shows_sizes_and_bridge_of_a_face_down_card_only():
    """TB-2.7 (TB-4.3): the other hand, the pile and a face-down card's identity are hidden; sizes are public."""
    s = GAME.new(seed=3, deck=DECK)
    s = play(s, "place S-VII B")
    v = GAME.view(s, P2)
    assert v.hands[P1] == (HIDDEN,) * len(s.hands[P1])
    assert v.hands[P2] == s.hands[P2]
    assert len(v.pile) == len(s.pile) and set(v.pile) == {HIDDEN}
    assert v.columns[1][P1] == (HIDDEN | FACE_DOWN,)  # at bridge B, card unknown
    assert v.setup.seed == 0 and v.setup.extra == ()  # the seed would tell the deck
    assert str(cardgames.history(v)[-1][1]) == "place ? B"
    assert GAME.to_act(v) == GAME.to_act(s)
    assert "[?]" in GAME.render(s, P2) and "S-VII" not in GAME.render(s, P2).split("hand")[0]
    # the owner sees his own card
    assert GAME.view(s, P1).columns[1][P1] == s.columns[1][P1]


def test_tb_3_1_first_player_option_and_seeded_default():
    """TB-3.1: P1 is the option first_player, else drawn from the seed (reproducibly)."""
    firsts = {GAME.new(seed=s).first for s in range(5)}
    assert firsts == {0}
    game = cardgames.load("three_bridges")
    drawn = [game.new(seed=s).first for s in range(40)]
    assert set(drawn) == {0, 1}
    assert drawn == [game.new(seed=s).first for s in range(40)]
    assert cardgames.load("three_bridges", first_player=1).new(seed=1).first == 1
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="first_player"):
            cardgames.load("three_bridges", first_player=bad)


def test_tb_3_2_chronist_is_never_a_bridge_and_bridges_may_share_a_suit():
    """TB-3.2: revealed Chronisten go back into the pile; several bridges may share a suit."""
    s = GAME.new(seed=1, deck=["Chr", "Chr", "H-VII", "H-VIII", "H-IX"])
    assert [code(b) for b in s.bridges] == ["H-VII", "H-VIII", "H-IX"]
    assert {s.bridge_suit(b) for b in range(3)} == {0}
    for seed in range(50):
        s = cardgames.load("three_bridges").new(seed=seed)
        assert all(b < 32 for b in s.bridges)


def test_tb_3_3_deal_alternately_p1_first_and_23_left():
    """TB-3.3: 4 cards each, one at a time, P1 first; 23 cards left (before round 1's draws)."""
    s = GAME.new(seed=0, deck=DECK)
    assert sorted(code(c) for c in s.hands[P1]) == sorted(["S-VII", "S-VIII", "S-IX", "S-X", "H-X"])
    assert sorted(code(c) for c in s.hands[P2]) == sorted(["L-VII", "L-VIII", "L-IX", "L-X", "H-U"])
    assert len(s.pile) + 2 == 23
    other = cardgames.load("three_bridges", first_player=1).new(seed=0, deck=DECK)
    assert "S-VII" in [code(c) for c in other.hands[1]]  # seat 1 is P1 and got the first card


def test_tb_3_3_stacked_deck_is_checked():
    """TB-2.1/TB-3.3: a stacked deck holds card codes, each card once, at most two Chronisten."""
    with pytest.raises(ValueError, match="twice"):
        GAME.new(seed=0, deck=["H-X", "H-X"])
    with pytest.raises(ValueError, match="two Chronisten"):
        GAME.new(seed=0, deck=["Chr", "Chr", "Chr"])
    with pytest.raises(ValueError, match="not a Three Bridges card"):
        GAME.new(seed=0, deck=["Q-X"])
    with pytest.raises(TypeError):
        GAME.new(seed=0, deck="H-X")


def test_tb_3_3_record_of_a_stacked_deck_replays():
    s = play(GAME.new(seed=9, deck=DECK), "place S-VII A", "place L-VII A")
    rec = cardgames.record(GAME, s)
    assert rec["setup"]["deck"][:3] == ["H-VII", "H-VIII", "H-IX"]
    assert cardgames.replay(rec)[-1] == s
