"""The table as data (``game.layout``): every card a Face with its real code, hidden cards without one.

A picture draws ``layout(state, viewer)``; so a card code there must be a fighter card (BD-2.1:
``Ro5``, ``Kose``, ``Wolf``; a placed Wolf with its declared card, ``Wolf=Ge6``, BD-5.2) and a view
may show only what its player sees (BD-4.5): his own hand, the hands of the players who took off
their vest (BD-7.11), the cards exchanged in the betrayal and a stolen Wolf, and the formation on
the table; every other card of a hand is one back that says how many cards it stands for.
"""

from __future__ import annotations

import random

import pytest

from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko.rules import vest_removers
from cardgames.core.game import Face

from .helpers import load, mask, play, table

A, B, C_ = 0, 1, 2


def random_states(game, seed):
    """The states of one random match of ``game``, from the deal to the end."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    yield state
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        yield state


SESSIONS = [(players, seed) for players in (2, 3, 4) for seed in range(3)]


def faces(line):
    return [part for part in line if isinstance(part, Face)]


def seat_lines(lines, players):
    """seat -> the line of that seat (its hand and Schläger, or "out of the game"), labelled counting from 1."""
    found = {}
    for line in lines:
        for q in range(players):
            if isinstance(line[0], str) and line[0].startswith(f"  {q + 1}: "):
                found[q] = line
    return found


def card_of(code):
    """The card a Face code stands for (a placed Wolf is the Wolf); raises for an unknown code."""
    if code.startswith("Wolf="):
        declared = C.parse_card(code[len("Wolf=") :])
        assert declared < C.KOSE and "Wolf=" + C.CODES[declared] == code  # declared as a coloured card (BD-5.2)
        return C.WOLF
    card = C.parse_card(code)
    assert C.CODES[card] == code  # the code exactly as action texts and game.hand write it
    return card


def codes(hand):
    return [C.CODES[c] for c in sorted(C.cards_of(hand), key=C.sort_key)]


def joined(lines):
    return "\n".join("".join(p if isinstance(p, str) else p.text for p in line) for line in lines)


@pytest.mark.parametrize("players,seed", SESSIONS)
def test_bd_2_1_every_card_code_in_a_layout_is_a_fighter_card(players, seed):
    game = load(players, games=2)
    shown = backs = wolves = 0
    for s in random_states(game, seed):
        for viewer in (None, *range(players)):
            lines = game.layout(s, viewer)
            assert isinstance(lines, tuple)
            assert all(
                isinstance(line, tuple) and line and all(isinstance(p, (str, Face)) for p in line) for line in lines
            )
            assert joined(lines) == game.render(s, viewer)
            for f in (f for line in lines for f in faces(line)):
                if f.code is None:
                    assert f.count >= 1 and f.text == f"+{f.count} hidden"
                    backs += 1
                    continue
                card_of(f.code)  # an unknown code raises here
                assert f.text == f.code and f.count == 1
                shown += 1
                wolves += f.code.startswith("Wolf=")
    assert shown and backs and wolves


@pytest.mark.parametrize("players,seed", SESSIONS)
def test_bd_4_5_a_view_gives_no_code_for_a_card_its_player_may_not_see(players, seed):
    game = load(players, games=2)
    partial = 0
    for s in random_states(game, seed):
        full = seat_lines(game.layout(s), players)
        assert sorted(full) == list(range(players))
        alive = [q for q in range(players) if s.standing.alive >> q & 1]
        for q in alive:  # no viewer: every hand face up, as hand() gives it
            assert [f.code for f in faces(full[q])] == codes(s.hands[q]) == list(game.hand(s, q))
        table_codes = {f.code for line in game.layout(s) if line not in full.values() for f in faces(line)}
        open_hands = vest_removers(s.fight)
        for p in range(players):
            lines = game.layout(s, p)
            hands = seat_lines(lines, players)
            assert sorted(hands) == sorted(full)
            for q in range(players):
                line = hands[q]
                if q not in alive:
                    assert line == full[q] and not faces(line)
                    continue
                # what p may see of q's hand: all of it (his own, or a removed vest), else its public cards
                seen = s.hands[q] if q == p or open_hands >> q & 1 else s.hands[q] & s.fight.public
                hidden = len(C.cards_of(s.hands[q])) - len(C.cards_of(seen))
                shown = [f for f in faces(line) if f.code is not None]
                backs = [f for f in faces(line) if f.code is None]
                assert [f.code for f in shown] == codes(seen), f"player {p} is shown {q}'s hand wrongly"
                assert sum(f.count for f in backs) == hidden and len(backs) == (1 if hidden else 0)
                if backs:  # the back comes after the cards shown, as render prints it
                    assert faces(line)[-1] is backs[0]
                    partial += bool(shown)
            # nothing else on the table has changed: the formation on it is public
            assert {f.code for line in lines if line not in hands.values() for f in faces(line)} == table_codes
    assert partial  # a betrayal or a stolen Wolf shows part of a hidden hand


def test_bd_6_5_layout_of_a_wolfsblut_window_and_of_the_stolen_wolf():
    """BD-6.4's table: A opens Ge5 Wolf=Ge6 Ge7, C holds Ge6 and steals the Wolf (BD-6.5)."""
    game = load(3)
    state = table(game, ["Ge5 Wolf Ge7 Bl1 Bl2", "Bl3", "Ge6 Gr1"], turn=A)
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7")
    lines = game.layout(state, B)
    assert lines[2] == (
        "current: ",
        Face("Ge5", "Ge5"),
        " ",
        Face("Wolf=Ge6", "Wolf=Ge6"),
        " ",
        Face("Ge7", "Ge7"),
        " by player 1 (strength 5)",
    )
    assert seat_lines(lines, 3)[C_] == ("  3: [", Face(None, "+2 hidden", 2), "] Schläger 2 4 6 8 10 12 15 20")
    state = play(game, state, "steal")
    lines = game.layout(state, B)
    hands = seat_lines(lines, 3)
    # the Wolf went into C's hand for everybody to see (BD-4.5); his Gr1 stays hidden
    assert hands[C_] == (
        "  3: [",
        Face("Wolf", "Wolf"),
        " ",
        Face(None, "+1 hidden", 1),
        "] Schläger 2 4 6 8 10 12 15 20",
    )
    assert hands[B] == ("  2: [", Face("Bl3", "Bl3"), "] Schläger 2 4 6 8 10 12 15 20")
    assert hands[A] == ("  1: [", Face(None, "+2 hidden", 2), "] Schläger 2 4 6 8 10 12 15 20")
    assert "  3: [Wolf +1 hidden] Schläger 2 4 6 8 10 12 15 20" in game.render(state, B).splitlines()
    assert (
        [f.code for f in faces(seat_lines(game.layout(state, C_), 3)[C_])]
        == list(game.hand(state, C_))
        == ["Gr1", "Wolf"]
    )
    assert state.hands[C_] == mask("Wolf Gr1")


def test_bd_7_11_a_removed_vest_shows_the_hand_to_everybody():
    game = load(3)
    state = table(game, ["Bl2 Bl1 Kose", "Ro3 Gr1", "Ge4 Gr2"], turn=A)
    state = play(game, state, "open Bl2 vest-off")
    for viewer in (B, C_):
        hands = seat_lines(game.layout(state, viewer), 3)
        assert faces(hands[A]) == [Face("Kose", "Kose"), Face("Bl1", "Bl1")]
        other = C_ if viewer == B else B
        assert faces(hands[other]) == [Face(None, "+2 hidden", 2)]
