"""RP-4.15 as data: ``game.layout`` gives the table as text and cards, so pictures need no pattern over render text."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.core.game import Face
from cardgames.rowdy_partners.cards import card, code

from .util import deal


def faces(line):
    return [part for part in line if isinstance(part, Face)]


def expanded(line):
    """The codes a line's Faces stand for, a back of count n as n Nones."""
    return [f.code for f in faces(line) for _ in range(f.count)]


def states(players, count=12):
    game = cardgames.load("rowdy_partners", players=players)
    for seed in range(count):
        rng = random.Random(seed)
        s = game.new(seed=seed)
        yield game, s
        while game.to_act(s):
            s = game.apply(s, rng.choice(game.legal_actions(s)))
            yield game, s


def test_rp_4_15_layout_of_a_stacked_deal_shows_own_cards_and_one_back_for_each_hidden_hand():
    """RP-4.15: player 0 sees his cards as faces, the other hand as one back for its eight cards; diamonds are open."""
    game, s = deal(
        2,
        hands=("Ha1 Ha2 Ha3 Ha4 Ho1 Ho2 Ho3 Ho4", "St1 St2 St3 St4 Gr1 Gr2 Gr3 Gr4"),
        diamonds=("Ha5 Ha6 Ha7 Ha8 Ho5 Ho6 Ho7 Ho8", "St5 St6 St7 St8 Gr5 Gr6 Gr7 Gr8"),
    )
    lines = game.layout(s, 0)
    seat_of = s.seats.seat_of
    mine, other = lines[1 + seat_of[0]], lines[1 + seat_of[1]]
    assert faces(mine) == [
        Face(c, c) for c in "Ha1 Ha2 Ha3 Ha4 Ho1 Ho2 Ho3 Ho4".split() + "Ha5 Ha6 Ha7 Ha8 Ho5 Ho6 Ho7 Ho8".split()
    ]
    assert faces(other) == [Face(None, " ".join(["??"] * 8), 8)] + [
        Face(c, c) for c in "St5 St6 St7 St8 Gr5 Gr6 Gr7 Gr8".split()
    ]
    assert "".join(p if isinstance(p, str) else p.text for p in other).endswith(
        "  hand ?? ?? ?? ?? ?? ?? ?? ??  diamond St5 St6 St7 St8 Gr5 Gr6 Gr7 Gr8"
    )
    assert game.render(s, 0) == "\n".join("".join(p if isinstance(p, str) else p.text for p in line) for line in lines)
    everyone = game.layout(s)
    assert expanded(everyone[1 + seat_of[1]])[:8] == "St1 St2 St3 St4 Gr1 Gr2 Gr3 Gr4".split()
    assert [
        f for line in (everyone[0], everyone[-2], everyone[-1]) for f in faces(line)
    ] == []  # head, pop track, to act
    with pytest.raises(ValueError):
        game.layout(s, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_2_1_every_card_code_in_a_layout_is_a_card_of_the_game(players):
    """RP-2.1: each Face's code is a card code (it round-trips through the card parser) and is what it prints."""
    seen = set()
    for game, s in states(players):
        for viewer in [None, *range(players)]:
            for line in game.layout(s, viewer):
                for part in line:
                    assert isinstance(part, (str, Face)) and part != ""
                    if not isinstance(part, Face):
                        continue
                    if part.code is None:
                        assert part.count >= 1 and part.text == " ".join(["??"] * part.count)
                    else:
                        assert code(card(part.code)) == part.code and part.text == part.code and part.count == 1
                        seen.add(part.code)
    assert len(seen) == 36, "every card of the deck was drawn somewhere"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_15_a_player_layout_never_gives_a_code_to_a_card_he_may_not_see(players):
    """RP-4.15: in player v's layout another player's hand is backs only; every code shown is one v may see.

    Each seat line stands for the hand and (a headliner's) diamond of the player at that seat: its Faces are
    exactly ``game.hand`` of v's view, the row's Faces are the cards of the row, and no other line holds a card.
    """
    hidden_hands = 0
    for game, s in states(players, 8):
        truth = [game.hand(s, q) for q in range(players)]
        for viewer in [None, *range(players)]:
            lines = game.layout(s, viewer)
            seen = s if viewer is None else game.view(s, viewer)
            for seat in range(players):
                q = s.seats.at_seat[seat]
                shown = expanded(lines[1 + seat])
                assert shown == list(game.hand(seen, q))
                assert all(c is None or c == t for c, t in zip(shown, truth[q]))
                in_hand = shown[: len(s.hands[q])]
                if viewer is None or viewer == q:
                    assert in_hand == [code(c) for c in s.hands[q]]
                else:
                    assert all(c is None for c in in_hand)
                    backs = [f for f in faces(lines[1 + seat]) if f.code is None]
                    assert len(backs) <= 1, "a hidden hand is one back with its count"
                    hidden_hands += bool(in_hand)
            row = [line for line in lines if line[0].startswith(" row: ")]
            assert expanded(row[0]) if s.row else not row
            if s.row:
                assert expanded(row[0]) == [code(q.card) for q in s.row]
            others = [line for n, line in enumerate(lines) if not 1 <= n <= players and line not in row]
            assert all(not faces(line) for line in others)
    assert hidden_hands > 0
