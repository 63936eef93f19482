"""TB-4.12 (revised): a Chronist is declared when it is placed, hidden while face down, that Ass everywhere.

Worked example TB-8.6 is in test_examples.py; here the rule in general: every way a
Chronist reaches the board (placed face down by the leader or the follower, played by an
Ass), every purpose it serves as "that Ass", and what views, pictures and sentences show
of it before and after its reveal.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.three_bridges import Place, Play, score, score_board
from cardgames.three_bridges.cards import CARD_MASK, FACE_DOWN, HIDDEN, SIDEWAYS, declared_of, entry, suit_of
from cardgames.three_bridges.rules import PLACE, RESOLVE
from cardgames.three_bridges.worlds import deal

from .helpers import GAME, P1, P2, column, legal_texts, play

SUITS = "HESL"


def test_tb_7_4_the_suit_is_chosen_with_the_placement_four_ways_at_each_bridge():
    """TB-7.4, TB-4.3: leader and follower place a Chronist as Chr=<suit> at A, B or C; 12 texts, each parsed back."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII", "Chr"), ("Chr", "L-VIII")))
    for state in (s, play(s, "place H-VII A")):  # the leader, then the follower
        chr_texts = [t for t in legal_texts(state) if "Chr" in t]
        assert chr_texts == [f"place Chr={suit} {b}" for suit in SUITS for b in "ABC"]
        for a in GAME.legal_actions(state):
            assert GAME.parse_action(state, str(a)) == a
    s = play(s, "place Chr=L C")
    assert s.columns[2][P1][0] & FACE_DOWN and declared_of(s.columns[2][P1][0]) == 3
    assert column(s, "C", P1) == ["[Chr=L]"]  # the full table (and its owner) shows the suit


@pytest.mark.parametrize("suit", range(4))
def test_tb_4_12_a_placed_chronist_resolves_as_the_ass_of_its_declared_suit(suit):
    """TB-4.12, TB-4.5: on reveal no suit is asked for; it is that Ass: Ass ability (cards of that suit, or the
    other Chronist declared so), then that suit's ability."""
    hand = ("Chr", "Chr", f"{SUITS[suit]}-VII", f"{SUITS[(suit + 1) % 4]}-VIII")
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(hand, ("H-IX",)), pile=["L-K", "L-O", "E-K"])
    s = play(s, f"place Chr={SUITS[suit]} B", "place H-IX A")
    assert s.phase == RESOLVE and GAME.to_act(s) == (P1,)
    assert column(s, "B", P1) == [f"Chr={SUITS[suit]}"]
    assert legal_texts(s) == [f"play {SUITS[suit]}-VII {b}" for b in "ABC"] + [
        f"play Chr={SUITS[suit]} {b}" for b in "ABC"
    ] + ["pass"]
    s = play(s, "pass")
    expected = {1: ["draw", "pass"], 3: ["turn Chr=L", "pass"]}.get(suit)  # Eichel draws, Laub turns
    if expected:
        assert legal_texts(s) == expected
    else:  # Herz and Schellen: no suit ability on reveal (TB-4.15); the next round begins
        assert s.phase == PLACE and s.round == 2


def test_tb_4_12_a_chronist_qualifies_for_ass_chains_both_ways():
    """TB-4.12, TB-4.11: a placed Chronist declared Laub plays the other Chronist (declared Laub), which as a Laub
    Ass resolving forced must play L-X, whose Laub must turn; then back up the chain."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("Chr", "Chr", "L-X"), ("H-IX",)))
    s = play(s, "place Chr=L A", "place H-IX B")
    assert "play Chr=L C" in legal_texts(s) and "play Chr=H C" not in legal_texts(s)
    s = play(s, "play Chr=L C")
    assert legal_texts(s) == ["play L-X A", "play L-X B", "play L-X C"]  # forced: no pass
    s = play(s, "play L-X C")
    assert legal_texts(s) == ["turn Chr=L", "turn L-X"]  # L-X's forced Laub at C
    s = play(s, "turn L-X")
    assert legal_texts(s) == ["turn Chr=L"]  # the second Chronist's forced Laub at C
    s = play(s, "turn Chr=L")
    assert legal_texts(s) == ["turn Chr=L", "pass"]  # the first Chronist's optional Laub at A
    s = play(s, "pass")
    assert column(s, "A", P1) == ["Chr=L"] and column(s, "C", P1) == ["Chr=L/", "L-X/"]
    assert s.round == 2


def test_tb_4_12_that_ass_for_scoring_match_herz_and_schellen():
    """TB-4.12, TB-5.2, TB-5.3: value 4, +2 at a bridge of its suit, a Herz card for the Herz bonus, a Schellen
    card halving the card opposite."""
    sc = score_board(
        ["H", "E", "S"],
        (
            ((entry("Chr=H"),), (entry("H-X"),)),
            ((entry("Chr=S"),), (entry("E-X"),)),
            ((entry("Chr=E"),), (entry("Chr=S"),)),
        ),
    )
    a, b, c = sc.bridges
    assert a.total == (4 + 2 + 1, 12 + 1)  # Chr=H matches the Herz bridge and is a Herz card
    assert b.cards[P2][0].value == (10 + 2) // 2 and b.cards[P2][0].halved_by == "Chr=S"
    assert c.cards[P1][0].value == 4 // 2 and c.cards[P2][0].value == 4 + 2


def test_tb_4_12_a_face_down_chronist_counts_as_its_ass_on_the_full_table_and_keeps_it_when_turned():
    """TB-4.12, TB-4.14: while face down the full table already scores it as that Ass; a Laub turn of the
    face-down card keeps the declaration, and the reveal shows it sideways."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("Chr", "H-IX")))
    s = play(s, "place L-VII B", "place Chr=E B")
    assert score(s).bridges[1].total[P2] == 4 + 2  # the full state knows it: the Eichel Ass at an Eichel bridge
    assert "| player 2: [?] (0)" in GAME.render(s, P1)  # P1's picture: a card he cannot see counts 0
    assert "turn face-down" in legal_texts(s)  # L-VII's Laub may turn it, as any face-down card
    s = play(s, "turn face-down")
    assert column(s, "B", P2) == ["Chr=E/"]  # revealed: still Eichel, sideways (TB-2.5)
    assert legal_texts(s) == ["draw", "pass"]  # the Eichel Ass's own suit ability
    assert score(s).bridges[1].total[P2] == 4 + 2 - 2


def test_tb_4_12_an_ober_moves_a_chronist_with_its_declaration():
    """TB-4.12, TB-4.10, TB-2.5: a declared Chronist moved by an Ober stays that Ass and does not resolve again."""
    s = GAME.position(["H-A", "E-A", "S-A"], [((), ()), (("Chr=S/",), ()), ((), ())], hands=(("H-O",), ("H-IX",)))
    s = play(s, "place H-O A", "place H-IX C")
    s = play(s, "move Chr=S")
    assert column(s, "A", P1) == ["H-O", "Chr=S/"] and s.round == 2


def _variants(state, seat):
    """``state`` replayed with the face-down Chronist of ``seat`` placed with each of the four suits."""
    items = cardgames.history(state)
    k = max(i for i, (p, a) in enumerate(items) if p == seat and type(a) is Place)
    out = []
    for suit in range(4):
        s = GAME.new(seed=state.setup.seed)
        for i, (p, a) in enumerate(items):
            s = GAME.apply(s, Place(a.card, a.bridge, suit) if i == k else a, p)
        out.append(s)
    return out


def test_tb_4_12_views_never_leak_a_face_down_chronists_suit():
    """TB-4.12, TB-2.7: in every position of random games where a Chronist lies face down, the opponent's view,
    picture and legal actions are the same whichever suit it was declared; its owner sees the suit."""
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        s = GAME.new(seed=seed)
        while GAME.to_act(s):
            down = [(b, o, e) for b in range(3) for o in (0, 1) for e in s.columns[b][o] if e & FACE_DOWN]
            if down and down[0][2] & CARD_MASK >= 32:
                b, owner, e = down[0]
                other = 1 - owner
                variants = _variants(s, owner)
                assert variants[declared_of(e)] == s
                views = [GAME.view(v, other) for v in variants]
                assert all(v == views[0] for v in views)
                assert len({GAME.render(v, other) for v in variants}) == 1
                assert len({tuple(map(str, GAME.legal_actions(v, other))) for v in variants}) == 1
                hidden = [x for x in views[0].columns[b][owner] if x & FACE_DOWN]
                assert [x & ~SIDEWAYS for x in hidden] == [HIDDEN | FACE_DOWN] and suit_of(hidden[0]) == -1
                mine = GAME.view(s, owner)
                assert f"[Chr={SUITS[declared_of(e)]}" in GAME.render(mine, owner)
                checked += 1
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked > 20


def test_tb_4_12_after_the_reveal_the_suit_is_public():
    """TB-4.12, TB-4.5 step 1: once face up, the opponent's view, picture and the scoring show Chr=<suit>."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("Chr", "H-VII"), ("H-IX",)))
    s = play(s, "place Chr=S C")
    assert "Chr" not in GAME.render(s, P2)
    s = play(s, "place H-IX C")  # Chr=S (Schellen Ass) has no card to play and no suit ability: all resolves
    assert s.round == 2
    assert column(s, "C", P1) == ["Chr=S"]
    assert "Chr=S" in GAME.render(s, P2) and "Chr=S" in str(score(GAME.view(s, P2)))
    assert GAME.view(s, P2).columns[2][P1] == s.columns[2][P1]
    assert score(s).bridges[2].cards[P2][0].halved_by == "Chr=S"


def test_tb_4_12_determinized_face_down_chronist_gets_a_declared_suit():
    """Agents (TB-4.12, TB-2.7): a determinization that deals a Chronist into the opponent's face-down card gives it
    a suit, so the engine resolves it as an Ass; every determinization keeps the viewer's legal actions."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII", "L-O"), ("Chr", "H-IX")), round=1)
    s = play(s, "place L-VII B", "place Chr=E B")
    view = GAME.view(s, P1)
    dealt = set()
    for k in range(200):
        d = deal(view, P1, random.Random(k))
        e = d.columns[1][P2][0]
        assert e & FACE_DOWN
        if e & CARD_MASK >= 32:
            assert 0 <= declared_of(e) < 4
            dealt.add(declared_of(e))
        else:
            assert declared_of(e) == -1
        assert GAME.legal_actions(d, P1) == GAME.legal_actions(s, P1)
        after = GAME.apply(d, GAME.legal_actions(d, P1)[0], P1)  # turn the own L-VII: the face-down card resolves
        assert after.phase in (PLACE, RESOLVE)
    assert dealt == {0, 1, 2, 3}


@pytest.mark.parametrize("agent", ["random", "greedy", "montecarlo"])
def test_agents_play_against_a_face_down_chronist(agent):
    """Agents choose legal actions while the opponent's Chronist lies face down, also in round 6 (montecarlo's
    playouts), and play the game to its end."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"],
        [(("H-VII",), ("E-VII",)), ((), ()), ((), ())],
        hands=(("L-A", "E-O", "H-X"), ("Chr", "Chr", "L-X")),
        round=6,
    )
    s = play(s, "place Chr=L A")  # P2 leads round 6
    bot = GAME.agent(agent, P1)
    for k in range(3):
        rng = random.Random(k)
        t = s
        while GAME.to_act(t):
            seat = GAME.to_act(t)[0]
            legal = GAME.legal_actions(t)
            a = bot.act(GAME.view(t, seat), legal, rng) if seat == P1 else legal[rng.randrange(len(legal))]
            assert a in legal
            t = GAME.apply(t, a)
        assert GAME.is_over(t)


def test_tb_4_11_a_chronist_played_by_an_ass_is_declared_in_the_play_and_face_up():
    """TB-4.12, TB-4.11: played by an Ass it is declared at once (face up, public) as the Ass's suit."""
    s = GAME.position(["H-A", "E-K", "S-A"], hands=(("E-A", "Chr"), ("H-IX",)))
    s = play(s, "place E-A A", "place H-IX B")
    assert [t for t in legal_texts(s) if "Chr" in t] == ["play Chr=E A", "play Chr=E B", "play Chr=E C"]
    s = play(s, "play Chr=E C")
    assert column(s, "C", P1) == ["Chr=E"] and GAME.view(s, P2).columns[2][P1] == s.columns[2][P1]


def test_tb_7_2_the_second_chronist_is_the_same_choice():
    """TB-7.2: Place/Play objects naming the second Chronist act like the first; the one in hand is used."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("Chr", "H-VII"), ("H-IX",)))
    t = GAME.apply(s, Place(33, 1, 2))
    assert t == GAME.apply(s, Place(32, 1, 2))
    assert GAME.parse_action(s, "place CHR=s b") == Place(32, 1, 2)
    u = GAME.position(["H-A", "E-A", "S-K"], hands=(("S-A", "Chr"), ("H-IX",)))
    u = play(u, "place S-A A", "place H-IX B")
    assert GAME.apply(u, Play(33, 2, 2)) == GAME.apply(u, Play(32, 2, 2))
