"""The table as data (``game.layout``): every card a Face with its real code, hidden cards without one.

A picture draws ``layout(state, viewer)``; so a card code there must be a card of the deck
(cardgames/brokdorf/rules.md, BK-2.1) and a view may show only what its player sees: his own hand,
the cards on the table and a Stechen draw (BK-3.5, BK-4.8, BK-5.8), never another player's hand.
"""

from __future__ import annotations

import random
import re

import pytest

from cardgames.brokdorf.cards import parse_card
from cardgames.brokdorf.rules import STECHEN_DEALER
from cardgames.core.game import Face, IllegalMove

from .helpers import game, play, with_points
from .test_scoring import A, B, bk_8_10_stechen

SEAT_LINE = re.compile(r"  (\d)  ")  # a hand's line begins with its seat, counted from 1 (seat 0 is player 1)


def random_states(g, seed, start=None, table_events=True):
    """The states of one random session of ``g`` from ``start`` (table events now and then) to its end."""
    rng = random.Random(seed)
    s = start if start is not None else g.new(seed=seed)
    yield s
    while not g.is_over(s):
        event = (
            rng.choice(("misdeal", f"violation {rng.randrange(g.players)}"))
            if table_events and rng.random() < 0.01
            else None
        )
        if event is not None:
            try:
                s = g.apply(s, g.parse_action(s, event, None), None)
            except IllegalMove:
                continue
        else:
            s = g.apply(s, rng.choice(g.legal_actions(s)))
        yield s


# a round; a tournament of two rounds; a round begun with everybody at 1 point, so that it ends
# soon, often in a tie and a Stechen (BK-5.8)
SESSIONS = [
    (players, kind, seed) for players in range(2, 7) for kind in ("round", "tournament", "close") for seed in range(2)
]


def sample(players, kind, seed):
    g = game(players, tournament=True, max_rounds=2) if kind == "tournament" else game(players)
    start = with_points(g.new(seed=seed), (1,) * players, games=5) if kind == "close" else None
    return g, list(random_states(g, seed, start))


def faces(line):
    return [part for part in line if isinstance(part, Face)]


def seat_lines(lines):
    """seat (0-based, as the API counts) -> the line of that seat's hand."""
    found = {}
    for line in lines:
        m = SEAT_LINE.match(line[0]) if isinstance(line[0], str) else None
        if m:
            found[int(m.group(1)) - 1] = line
    return found


def public_codes(state):
    """What everybody at the table sees: the cards of the trick and of a Stechen draw."""
    codes = {str(c) for c in state.trick.cards}
    st = state.sheet.stechen
    if state.phase == STECHEN_DEALER and st is not None:
        codes |= {str(c) for _, c in st.draw}
    return codes


@pytest.mark.parametrize("players,kind,seed", SESSIONS)
def test_bk_2_1_every_card_code_in_a_layout_is_a_card_of_the_deck(players, kind, seed):
    g, states = sample(players, kind, seed)
    shown = 0
    for s in states:
        for viewer in (None, *range(players)):
            lines = g.layout(s, viewer)
            assert all(isinstance(line, tuple) and all(isinstance(p, (str, Face)) for p in line) for line in lines)
            assert "\n".join("".join(p if isinstance(p, str) else p.text for p in line) for line in lines) == g.render(
                s, viewer
            )
            for f in (f for line in lines for f in faces(line)):
                if f.code is None:
                    assert f.count >= 1 and f.text == " ".join(["??"] * f.count)
                    continue
                card = parse_card(f.code)  # an unknown code raises here
                assert str(card) == f.code and card.pretty == f.text and f.count == 1
                shown += 1
    assert shown > 0


@pytest.mark.parametrize("players,kind,seed", SESSIONS)
def test_bk_3_5_a_view_gives_no_code_for_another_players_card(players, kind, seed):
    g, states = sample(players, kind, seed)
    for s in states:
        full = seat_lines(g.layout(s))
        for seat, line in full.items():  # no viewer: every hand face up, as hand() gives it
            assert [f.code for f in faces(line)] == list(g.hand(s, seat))
        for p in range(players):
            lines = g.layout(s, p)
            hands = seat_lines(lines)
            assert hands.keys() == full.keys()
            for seat, line in hands.items():
                if seat == p:  # his own hand: every card with its code, in hand() order
                    assert faces(line) == faces(full[seat])
                    assert [f.code for f in faces(line)] == list(g.hand(s, p))
                else:  # another hand: backs only, as many cards as he holds
                    assert all(f.code is None for f in faces(line))
                    assert sum(f.count for f in faces(line)) == len(g.hand(s, seat))
            seen = set(c for c in g.hand(s, p) if c is not None) | public_codes(s)
            codes = {f.code for line in lines for f in faces(line) if f.code is not None}
            assert codes <= seen, f"player {p} is shown {sorted(codes - seen)}"


def test_bk_4_8_layout_of_a_trick_in_play_seen_by_one_player():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "trump H", "mit", "weg")
    led = g.legal_actions(s)[0]
    s = g.apply(s, led)
    lines = g.layout(s, 2)
    hands = seat_lines(lines)
    assert hands[0] == ("  1  (dropped)                WEG tricks 0",)  # BK-4.6: WEG drops the hand
    back = Face(None, "?? ?? ?? ??", 4)  # the declarer led one of his five cards
    assert hands[1] == ("  2  ", back, " " * (24 - len(back.text)) + " declarer tricks 0")
    own = tuple(Face(c, parse_card(c).pretty) for c in g.hand(s, 2))
    assert tuple(f for f in hands[2] if isinstance(f, Face)) == own and len(own) == 5
    assert lines[-2] == ("trick: 2 ", Face(str(led.card), led.card.pretty))  # seat 1 led: player 2
    assert lines[-1] == ("to act: player 3 (play)",)
    assert g.render(s, 2).splitlines()[-2] == f"trick: 2 {led.card.pretty}"


def test_bk_5_8_layout_of_a_stechen_draw_shows_the_drawn_cards_to_everybody():
    """BK-8.10's table: A and B tie at 25 points and draw ♥A and ♠7 for the Stechen."""
    g, s = bk_8_10_stechen()
    assert s.phase == STECHEN_DEALER and s.sheet.points == (25, 25, 0, 9)
    # each seat with its card, kept together (no-break spaces): "player 1 ♥A, player 2 ♠7"
    drawn = (
        "Stechen among players 1 and 2, drawn: player\u00a01\u00a0",
        Face("AH", "♥A"),
        ", player\u00a02\u00a0",
        Face("7S", "♠7"),
    )
    for viewer in (None, A, B, 2, 3):
        lines = g.layout(s, viewer)
        assert drawn in lines and seat_lines(lines) == {}  # between deals nobody holds cards
        assert (
            "Stechen among players 1 and 2, drawn: player 1 ♥A, player 2 ♠7"
            in g.render(s, viewer).replace("\u00a0", " ").splitlines()
        )
