"""Words for people: describe sentences, score texts and IllegalMove messages, and case-insensitive card codes.

Each test names the clause whose sentence or message it checks; the broad ones walk
random games and look at every sentence for the kinds of defect found once (a missing
noun, a repeated total, a wrong article, machine notation such as ``@B0``).
"""

from __future__ import annotations

import random
import re

import pytest
from helpers import random_states

import cardgames
from cardgames.three_bridges import Move, Pass, Place, Play, Swap, Turn, score, score_board
from cardgames.three_bridges.cards import parse_card
from cardgames.three_bridges.rules import DRAW

from .helpers import GAME, P2, board, play

EMPTY = (("E", [], []), ("S", [], []))


def _states(seeds):
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.new(seed=seed)
        while GAME.to_act(s):
            yield s
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))


# -- describe ------------------------------------------------------------------------------------------------


def test_tb_4_14_turning_a_face_down_card_names_the_card():
    """TB-4.14: 'turns the opponent's face-down card sideways', not '... face-down sideways'."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("H-IX",)))
    s = play(s, "place L-VII A", "place H-IX A")
    text = GAME.describe(s, GAME.parse_action(s, "turn face-down"))
    assert "turns the opponent's face-down card sideways with the Laub ability of L-VII" in text
    assert "it stays face down" in text and "TB-4.14" in text


def test_tb_4_14_a_laub_card_turning_itself_says_so():
    """TB-4.14: turning the Laub card itself is 'with its own Laub ability', not 'L-VII ... of L-VII'."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("H-IX",)))
    s = play(s, "place L-VII A", "place H-IX B")
    text = GAME.describe(s, GAME.parse_action(s, "turn L-VII"))
    assert text.startswith("Player 1 turns his own L-VII sideways with its own Laub ability: it counts 2 less")


def test_tb_4_8_close_up_is_described_only_when_cards_lie_above():
    """TB-4.10, TB-4.8: the move names both bridges; 'the cards above it close up' only if there are any."""
    s = GAME.position(
        ["H-A", "E-A", "L-A"], [(("H-VII", "H-VIII", "H-IX"), ()), ((), ()), ((), ())], hands=(("H-O",), ("H-X",))
    )
    s = play(s, "place H-O B", "place H-X C")
    first = GAME.describe(s, GAME.parse_action(s, "move H-VII"))
    assert "moves his H-VII from bridge A on top of his column at bridge B (TB-4.10)" in first
    assert "the 2 cards above it at bridge A move down one place (TB-4.8)" in first
    one = GAME.describe(s, GAME.parse_action(s, "move H-VIII"))
    assert "the card above it at bridge A moves down one place (TB-4.8)" in one
    top = GAME.describe(s, GAME.parse_action(s, "move H-IX"))
    assert "TB-4.8" not in top and "above" not in top


def test_tb_4_9_swap_names_the_unter_and_the_old_bridge_card():
    """TB-4.9: the swap sentence says which cards change places and that the old bridge card comes upright."""
    s = GAME.position(
        ["H-A", "L-IX", "E-X"],
        [((), ()), (("E-VII",), ("H-VIII", "S-X")), ((), ())],
        hands=(("L-U", "E-VIII"), ("H-IX", "S-VII")),
    )
    s = play(s, "place L-U B", "place H-IX A")
    assert GAME.describe(s, Swap()).startswith(
        "Player 1 swaps his L-U with the bridge card L-IX of bridge B: L-U becomes the bridge card and L-IX joins "
        "his column in its place, upright (TB-4.9)"
    )


def test_tb_4_6_declining_names_the_ability_then_the_clauses():
    """TB-4.6: 'declines the optional ability to draw a card with E-VII (TB-4.13, TB-4.6)'."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("E-VII",), ("H-IX",)))
    s = play(s, "place E-VII A", "place H-IX B")
    assert GAME.describe(s, Pass()).startswith(
        "Player 1 declines the optional ability to draw a card with E-VII (TB-4.13, TB-4.6)"
    )


def test_tb_6_1_the_last_action_ends_the_game_in_words():
    """TB-6.1: the sentence of the last decision says that round 6 is over and the bridges are scored."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",)), round=6)
    s = play(s, "place H-IX A")  # P2 leads round 6
    text = GAME.describe(s, GAME.parse_action(s, "place H-VII B"))
    assert text.endswith("round 6 is over: the game ends and the bridges are scored (TB-6.1, TB-5).")


def test_tb_2_7_a_hidden_placement_in_a_view_is_described_without_a_question_mark():
    """TB-2.7: the masked 'place ? B' of a view's history reads 'places a card you cannot see'."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("H-VII",), ("H-IX",)))
    after = play(s, "place H-VII B")
    player, hidden = cardgames.history(GAME.view(after, P2))[-1]
    assert str(hidden) == "place ? B"
    text = GAME.explain(GAME.view(s, P2), hidden, GAME.view(after, P2), player).sentence
    assert text.startswith("Player 1 places a card you cannot see face down on his column at bridge B")
    assert "?" not in text


def test_tb_7_every_describe_sentence_is_plain_words_with_its_clauses():
    """TB-7: over random games every sentence starts with the player, names TB clauses, ends with one full stop,
    and has none of the defects found once: a missing noun after 'face-down', machine notation ('@', '?',
    '-1', 'None'), 'a' before a vowel, doubled spaces or clauses in the middle of a phrase."""
    kinds = set()
    for s in _states(range(150)):
        for a in GAME.legal_actions(s):
            text = GAME.describe(s, a)
            kinds.add(type(a).__name__)
            assert re.match(r"Player [12] ", text), text  # seats counted from 1
            assert "(TB-" in text and text.endswith(").") and not text.endswith("..")
            assert not re.search(r"face-down (?!card)", text), text
            assert not re.search(r"@|\?|-1\b|None|  | a [AEIOU]|\(TB-[\d.]+\) [a-z]+ (the|a)\b", text), text
    assert kinds == {"Place", "Swap", "Move", "Play", "Draw", "Turn", "Pass"}


# -- score texts ---------------------------------------------------------------------------------------------


def test_tb_5_3_a_lone_card_without_bonus_states_its_total_once():
    """TB-5.2, TB-5.3: 'player 1: E-X 10', not 'E-X 10 = 10 = 10'; a card nothing changes has no '= value'."""
    sc = score_board(*board(("H", ["E-X"], ["L-VII", "H-VIII"]), *EMPTY))
    lines = str(sc).splitlines()
    assert lines[0] == "Bridge A (H): 10 : 18 → player 2"
    assert lines[1] == "  player 1: E-X 10"
    assert lines[2] == "  player 2: L-VII 7, H-VIII 8+2 = 10, Herz +1; total 18"
    assert lines[4] == "  player 1: empty, 0"  # bridge B


def test_tb_5_2_score_text_shows_each_step_of_a_card_value():
    """TB-5.2: match, sideways and halving are shown; brackets only around a sum; a lone card with a bonus gets
    its total after the bonus."""
    sc = score_board(*board(("H", ["H-IX", "E-IX/", "L-VII", "H-K/"], ["S-VII", "S-K", "S-VIII"]), *EMPTY))
    p1 = str(sc).splitlines()[1]
    assert p1 == (
        "  player 1: H-IX (9+2)/2 by S-VII = 5, E-IX/ (9-2)/2 by S-K = 3, L-VII 7/2 by S-VIII = 3, "
        "H-K/ 4+2-2 = 4, König +4, Herz +2; total 21"
    )
    assert (
        str(score_board(*board(("L", ["S-K/"], []), *EMPTY))).splitlines()[1]
        == "  player 1: S-K/ 4-2 = 2, König +1; total 3"
    )


def test_tb_5_score_texts_of_random_games_state_every_total_once_and_correctly():
    """TB-5: on every final board of random games no number is repeated as '10 = 10', each column line ends in
    its total (or is one card that is the total), and that total is the score's."""
    for seed in range(80):
        s = random_states(GAME, seed)[-1]
        sc = score(s)
        text = str(sc)
        assert not re.search(r"(?<![\d+\-/(])(\d+) = \1(?!\d)", text), text
        lines = text.splitlines()
        for b, bs in enumerate(sc.bridges):
            for seat in (0, 1):
                line = lines[1 + 3 * b + seat]
                assert line.startswith(f"  player {seat + 1}: ")
                if "; total " in line:
                    assert line.endswith(f"; total {bs.total[seat]}") and line.count("total") == 1
                elif bs.cards[seat]:
                    assert len(bs.cards[seat]) == 1 and line.endswith(f" {bs.total[seat]}")
                else:
                    assert line.endswith("empty, 0")


# -- IllegalMove messages ------------------------------------------------------------------------------------


def test_tb_4_11_an_eichel_card_takes_an():
    """TB-4.11: 'only an Eichel card', not 'a Eichel card'."""
    s = GAME.position(["H-A", "E-K", "S-A"], hands=(("E-A", "E-X", "H-X"), ("H-IX",)))
    s = play(s, "place E-A A", "place H-IX B")
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.parse_action(s, "play H-X A")
    assert "only an Eichel card" in str(err.value) and err.value.rule == "TB-4.11"


def test_tb_4_14_refusing_a_face_down_turn_names_the_card():
    """TB-4.14: 'Laub cannot turn the face-down card', with what Laub may turn."""
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-VII",), ("H-IX",)))
    s = play(s, "place L-VII A", "place H-IX B")
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.parse_action(s, "turn face-down")
    assert str(err.value).startswith(
        "Laub cannot turn the face-down card: it turns one upright card at its own bridge A"
    )
    assert "allowed: turn L-VII, pass" in str(err.value) and err.value.rule == "TB-4.14"


def test_tb_4_10_a_move_without_an_ober_says_so():
    """TB-4.10: a move when no Ober resolves is refused for that reason, not 'the Ober cannot move ...'."""
    s = GAME.position(["H-A", "E-A", "S-A"], [(("H-VII",), ()), ((), ()), ((), ())], hands=(("H-X",), ("H-IX",)))
    with pytest.raises(cardgames.IllegalMove) as err:
        GAME.apply(s, Move(0, 0, "H-VII"))
    assert str(err.value).startswith("Only a resolving Ober moves a card.") and err.value.rule == "TB-4.10"


BAD = [
    Place(parse_card("H-X"), 0),
    Place(32, 1),
    Place(32, 1, 2),
    Place(parse_card("H-X"), 1, 2),
    Place(34, 0),
    Place(parse_card("L-VII"), 5),
    Swap(),
    DRAW,
    Pass(),
    Move(0, 0, "H-VII"),
    Play(parse_card("H-X"), 0),
    Play(32, 0),
    Play(32, 1, 0),
    Play(40, 0),
    Turn(0, 0, "H-VII"),
    Turn(1, 0, "face-down"),
]


def test_tb_7_every_illegal_move_message_says_what_is_allowed():
    """TB-4, TB-7: every refusal in random games names a TB clause, says why in words and then what is allowed
    now (the legal action texts); no wrong article, no machine notation of the refused action."""
    rules = set()
    for s in _states(range(60)):
        for a in BAD:
            if a in GAME.legal_actions(s):
                continue
            with pytest.raises(cardgames.IllegalMove) as err:
                GAME.apply(s, a)
            e = err.value
            text = str(e)
            rules.add(e.rule)
            assert e.rule.startswith("TB-4.") and text.endswith(f"({e.rule})")
            why, _, rest = e.message.partition(". Now ")
            assert why and why[0].isupper() and rest, text
            assert rest.endswith("allowed: " + ", ".join(map(str, GAME.legal_actions(s))))
            assert not re.search(r" a [AEIOU]|face-down[:.]|@| \? |None", why), text
    assert rules >= {"TB-4.3", "TB-4.6", "TB-4.9", "TB-4.10", "TB-4.11", "TB-4.12", "TB-4.13", "TB-4.14"}


def test_move_and_turn_refusals_name_the_card_in_its_code():
    """TB-4.10, TB-4.14: 'move l-x' is refused naming L-X, as 'move L-X' is."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [((), ()), (("H-VIII",), ("L-X",)), ((), ())], hands=(("S-O",), ("H-VII",))
    )
    s = play(s, "place S-O A", "place H-VII C")
    messages = set()
    for text in ("move L-X", "move l-x", "MOVE L-x"):
        with pytest.raises(cardgames.IllegalMove) as err:
            GAME.parse_action(s, text)
        messages.add(str(err.value))
    assert len(messages) == 1 and "cannot move L-X" in messages.pop()


# -- case-insensitive card codes -----------------------------------------------------------------------------


def _cases(text):
    return {text.lower(), text.upper(), text.swapcase(), text.title()}


def test_tb_1_3_every_action_text_accepts_card_codes_in_any_case():
    """TB-1.3: card codes (and verbs, bridges, suits, 'face-down', places like '@B0') are case-insensitive in every
    action text: each legal text in lower, upper, swapped and title case parses to the same action."""
    kinds = set()
    for s in _states(range(60)):
        for a in GAME.legal_actions(s):
            kinds.add(type(a).__name__)
            for text in _cases(str(a)):
                assert GAME.parse_action(s, text) == a, text
    assert kinds == {"Place", "Swap", "Move", "Play", "Draw", "Turn", "Pass"}


def test_tb_1_3_like_declared_chronisten_and_face_down_in_any_case():
    """TB-1.3, TB-4.10, TB-4.14: 'move chr=e@c0', 'turn CHR=E@SEAT1:0' and 'turn FACE-DOWN' find their cards."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [((), ()), (("Chr=E",), ()), (("Chr=E",), ())], hands=(("S-O",), ("H-VII",))
    )
    s = play(s, "place s-o a", "place h-vii b")
    assert GAME.parse_action(s, "move chr=e@c0") == GAME.parse_action(s, "move Chr=E@C0")
    t = GAME.position(
        ["H-A", "E-A", "S-A"], [(("Chr=E",), ("Chr=E",)), ((), ()), ((), ())], hands=(("L-VII",), ("H-VII",))
    )
    t = play(t, "PLACE L-VII A", "Place H-vii a")
    assert str(GAME.parse_action(t, "turn CHR=E@SEAT1:0")) == "turn Chr=E@seat1:0"
    assert str(GAME.parse_action(t, "TURN FACE-DOWN")) == "turn face-down"


def test_tb_1_3_illegal_texts_are_refused_alike_in_any_case():
    """TB-1.3: an illegal text is refused with the same clause and message whatever its case (e.g. 'turn
    FACE-DOWN' when no face-down card may be turned is an IllegalMove, not a malformed text)."""
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [(("H-VII",), ()), ((), ()), ((), ())], hands=(("L-VIII", "Chr"), ("H-IX",))
    )
    s2 = play(s, "place L-VIII B", "place H-IX C")  # L-VIII's Laub at B; no face-down card there
    for state, text in (
        (s, "place H-X A"),
        (s, "place Chr B"),
        (s, "place Chr=Q B"),
        (s, "declare E"),
        (s, "play Chr=E A"),
        (s2, "turn face-down"),
        (s2, "turn H-VII"),
        (s2, "move H-VII"),
        (s2, "turn Chr=E@seat1:0"),
    ):
        found = set()
        for variant in _cases(text):
            with pytest.raises(cardgames.IllegalMove) as err:
                GAME.parse_action(state, variant)
            found.add((err.value.rule, str(err.value).lower()))  # the same message (it may quote the text)
        assert len(found) == 1, (text, found)
