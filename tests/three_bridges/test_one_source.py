"""What is legal and why anything else is refused come from one source (issue 29): the judges of legality.py.

Each kind of decision has one judge.  Asked with ``refused`` None it lists the legal actions (what
``legal_actions`` offers); asked with an action it did not list, it raises the IllegalMove of the
first rule that action breaks, and ``apply`` refuses that action with the same clause and message.
"""

from __future__ import annotations

import pytest
from helpers import random_states

import cardgames
from cardgames.core.errors import IllegalMove
from cardgames.three_bridges import legality, rules
from cardgames.three_bridges.cards import ASS, LAUB, OBER, parse_card, rank_of, suit_of
from cardgames.three_bridges.legality import (
    _draw_actions,
    _move_actions,
    _pass_actions,
    _place_actions,
    _play_actions,
    _swap_actions,
    _turn_actions,
    due_ability,
)
from cardgames.three_bridges.rules import (
    CHR1,
    CHR2,
    DRAW,
    PASS,
    PLACE,
    RANK_STEP,
    RESOLVE,
    SUIT_STEP,
    SWAP,
    Draw,
    Move,
    Pass,
    Place,
    Play,
    Swap,
    Turn,
)

from .helpers import GAME, play

SEEDS = range(6)
GAMES = {first: cardgames.load("three_bridges", first_player=first) for first in (0, 1)}  # P1 is seat first
# the positions of seeded random games with either seat as P1, each with a decision due
POSITIONS = [
    (first, seed, state) for first in (0, 1) for seed in SEEDS for state in random_states(GAMES[first], seed)[:-1]
]

# actions of every kind, most of them refused at any one position: the texts the playouts offered and
# actions built by hand that no offer spells (a bridge D, an undeclared Chronist, a card off the board)
_OFFERED = sorted({str(a) for _first, _seed, s in POSITIONS for a in legality.legal(s)})
TRIED = [
    *[Place(card=c, bridge=b, declared=d) for c in (0, 13, 31, CHR1, CHR2, 34) for b in (0, 3) for d in (-1, 1, 4)],
    *[Play(card=c, bridge=b, declared=d) for c in (7, 8, 23, 31, CHR1, 40) for b in (1, 3) for d in (-1, 1)],
    Move(bridge=-1, index=-1, text="H-X"),
    Turn(owner=-1, index=-1, text="face-down"),
    Turn(owner=0, index=9, text="E-A"),
    Swap(),
    Draw(),
    Pass(),
]


def judge_of(state, seat: int, action) -> None:
    """Ask the judge of ``action``'s kind about it, with the decision that is due in ``state``."""
    step, e, b = due_ability(state)
    ober = b if step == RANK_STEP and rank_of(e) == OBER else -1
    ass = suit_of(e) if step == RANK_STEP and rank_of(e) == ASS else -1
    laub = b if step == SUIT_STEP and suit_of(e) == LAUB else -1
    hand = state.hands[seat]
    if isinstance(action, Place):
        _place_actions(hand, action, state.phase == PLACE)
    elif isinstance(action, Swap):
        _swap_actions(action)
    elif isinstance(action, Move):
        _move_actions(state.columns, seat, ober, action)
    elif isinstance(action, Play):
        _play_actions(hand, ass, action)
    elif isinstance(action, Draw):
        _draw_actions(action)
    elif isinstance(action, Turn):
        _turn_actions(state.columns, laub, seat, action)
    else:
        _pass_actions(state.phase, bool(state.stack) and state.stack[-1].forced, action)


def judged(state, action) -> IllegalMove:
    """The rule the judge of ``action``'s kind says it breaks (it must say one)."""
    with pytest.raises(IllegalMove) as broken:
        judge_of(state, state.actor, action)
    return broken.value


def refused(state, action, game=GAME) -> IllegalMove:
    """The refusal ``apply`` gives the player to act for ``action``."""
    with pytest.raises(IllegalMove) as err:
        game.apply(state, action, state.actor)
    return err.value


def test_legal_actions_are_what_the_judges_list_and_apply_accepts_each():
    """For seeded games with either seat as P1, legal_actions is legality.legal, and every action it lists
    is accepted by apply, as the object offered and as its text."""
    for first, seed, state in POSITIONS:
        game = GAMES[first]
        listed = legality.legal(state)
        assert game.legal_actions(state) == listed, (first, seed)
        for action in listed:
            game.apply(state, action, state.actor)
            game.apply(state, game.parse_action(state, str(action), state.actor), state.actor)


def test_an_action_not_listed_is_refused_by_the_judge_of_its_kind_with_its_clause_and_message():
    """Each action a position does not offer: apply refuses it with the clause of the first rule its judge says
    it breaks, and the refusal's message begins with the judge's."""
    checked = 0
    for first, seed, state in POSITIONS[::4]:
        game = GAMES[first]
        listed = {str(a) for a in legality.legal(state)}
        # the action each text names (parse_action would admit it too: that refusal is apply's, below)
        actions = [game._parse(state, t, state.actor) for t in _OFFERED if t not in listed]
        for action in [*actions, *TRIED]:
            if action in legality.legal(state) and str(action) in listed:
                continue
            judge = judged(state, action)
            err = refused(state, action, game)
            assert err.rule == judge.rule, (first, seed, str(action), str(err))
            assert err.message.startswith(judge.message + ". Now "), (err.message, judge.message)
            checked += 1
    assert checked > 1000


def test_the_rules_module_decides_with_the_judges_of_legality():
    """rules.py keeps no second copy of a rule: its names for the judges are legality's functions."""
    assert rules._move_actions is legality._move_actions
    assert rules._play_actions is legality._play_actions
    assert rules._turn_actions is legality._turn_actions
    assert rules._due_step is legality._due_step
    assert rules._due_ways is legality.legal


# ---------------------------------------------------------------------------
# One refusal of each rule, from the judge and from apply

START = GAME.position(
    ["H-A", "E-A", "S-A"], [((), ()), ((), ("L-X",)), ((), ())], hands=(("L-U", "S-O", "Chr"), ("H-VII", "E-VIII"))
)


def test_tb_4_3_the_placement_judge_refuses_a_card_not_held():
    judge = judged(START, Place(parse_card("H-VII"), 0))
    assert judge.rule == "TB-4.3" and judge.message == "You do not hold H-VII"
    assert refused(START, Place(parse_card("H-VII"), 0)).rule == "TB-4.3"
    assert PASS not in _place_actions(START.hands[0])  # what it lists: hand cards, the Chronist with a suit
    assert [str(a) for a in _place_actions(START.hands[0])][:3] == ["place S-O A", "place S-O B", "place S-O C"]


def test_tb_4_3_the_placement_judge_refuses_a_placement_during_the_reveal():
    s = play(START, "place Chr=S A", "place H-VII A")
    assert s.phase == RESOLVE
    judge = judged(s, Place(parse_card("L-U"), 0))
    assert judge.rule == "TB-4.3" and "only at the start of a round" in judge.message
    assert refused(s, Place(parse_card("L-U"), 0)).rule == "TB-4.3"


def test_tb_4_12_the_placement_judge_refuses_a_chronist_without_a_suit():
    judge = judged(START, Place(CHR1, 0))
    assert judge.rule == "TB-4.12" and "place Chr=H A, place Chr=E A" in judge.message
    assert refused(START, Place(CHR1, 0)).rule == "TB-4.12"


def test_tb_4_9_the_swap_judge_refuses_a_swap_of_an_unter_at_a_bridge_of_another_suit():
    s = play(START, "place L-U A", "place H-VII B")  # the Laub Unter at the Herz bridge
    assert SWAP not in legality.legal(s)
    judge = judged(s, SWAP)
    assert judge.rule == "TB-4.9" and judge.message.startswith("Only a resolving Unter")
    assert refused(s, SWAP).rule == "TB-4.9"


def test_tb_4_10_the_move_judge_lists_own_cards_elsewhere_and_refuses_the_opponents():
    s = GAME.position(
        ["H-A", "E-A", "S-A"], [((), ()), (("H-VIII",), ("L-X",)), ((), ())], hands=(("S-O",), ("H-VII",))
    )
    s = play(s, "place S-O A", "place H-VII C")
    assert [str(a) for a in _move_actions(s.columns, 0, 0)] == ["move H-VIII"]
    judge = judged(s, Move(1, 0, "L-X"))
    assert judge.rule == "TB-4.10" and judge.message.startswith("The Ober cannot move L-X")
    assert refused(s, Move(1, 0, "L-X")).rule == "TB-4.10"


def test_tb_4_10_the_move_judge_refuses_a_move_when_no_ober_resolves():
    judge = judged(START, Move(1, 0, "L-X"))
    assert judge.rule == "TB-4.10" and judge.message == "Only a resolving Ober moves a card"


def test_tb_4_11_the_play_judge_refuses_a_card_of_another_suit_and_an_undeclared_chronist():
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "H-X", "Chr"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII B")
    assert [str(a) for a in _play_actions(s.hands[0], 3)] == ["play Chr=L A", "play Chr=L B", "play Chr=L C"]
    judge = judged(s, Play(parse_card("H-X"), 0))
    assert judge.rule == "TB-4.11" and judge.message.startswith("The Ass lets you play only a Laub card")
    assert refused(s, Play(parse_card("H-X"), 0)).rule == "TB-4.11"
    judge = judged(s, Play(CHR1, 0, 1))
    assert judge.rule == "TB-4.11" and "must be declared L" in judge.message


def test_tb_4_13_the_draw_judge_refuses_a_draw_when_no_eichel_card_resolves():
    judge = judged(START, DRAW)
    assert judge.rule == "TB-4.13" and judge.message == "Only a resolving Eichel card lets you draw"
    assert refused(START, DRAW).rule == "TB-4.13"
    s = play(START, "place Chr=E A", "place H-VII A")  # the Chronist declared E is the Eichel Ass
    assert legality.legal(s) == (DRAW, PASS)


def test_tb_4_14_the_turn_judge_refuses_a_card_that_is_not_upright_at_its_bridge():
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-X"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII B", "play L-X C")
    assert [str(a) for a in _turn_actions(s.columns, 2, 0)] == ["turn L-X"]
    judge = judged(s, Turn(owner=1, index=0, text="H-VII"))
    assert judge.rule == "TB-4.14" and judge.message.startswith("Laub cannot turn H-VII")
    assert refused(s, Turn(owner=1, index=0, text="H-VII")).rule == "TB-4.14"
    judge = judged(START, Turn(owner=1, index=0, text="L-X"))
    assert judge.rule == "TB-4.14" and judge.message == "Only a resolving Laub card turns a card sideways"


def test_tb_4_6_the_pass_judge_refuses_declining_a_forced_ability():
    s = GAME.position(["H-A", "E-A", "S-A"], hands=(("L-A", "L-X"), ("H-VII",)))
    s = play(s, "place L-A A", "place H-VII B", "play L-X C")  # the L-X played by the Ass must turn
    assert _pass_actions(RESOLVE, True) == ()
    judge = judged(s, Pass())
    assert judge.rule == "TB-4.6" and judge.message.startswith("A card played by an Ass must use its ability")
    assert refused(s, Pass()).rule == "TB-4.6"


def test_tb_4_3_the_pass_judge_refuses_a_pass_while_the_cards_are_placed():
    assert _pass_actions(PLACE, False) == () and _pass_actions(RESOLVE, False) == (PASS,)
    judge = judged(START, PASS)
    assert judge.rule == "TB-4.3" and judge.message == "You must place a card; there is nothing to pass"
    assert refused(START, PASS).rule == "TB-4.3"


def test_an_action_of_another_kind_is_no_three_bridges_action():
    """No judge answers for an action of no kind of Three Bridges: the refusal says so and cites whose turn it is."""

    class Foreign(cardgames.core.game.Action):
        def __str__(self) -> str:
            return "foreign"

    err = refused(START, Foreign())
    assert err.rule == "TB-4.3" and "is not a Three Bridges action" in err.message
