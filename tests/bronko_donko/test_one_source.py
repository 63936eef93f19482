"""What is legal and why anything else is refused come from one source (issue 29): the judges of legality.py.

Each decision has one judge.  Asked without an action it lists the legal actions (what ``legal_actions``
offers); asked with an action it did not list, it raises the refusal of the first rule that action breaks,
which is the very refusal ``apply`` raises.  These tests hold the judges to that in seeded play of every
player count, and name one refusal of every clause each judge enforces.
"""

from __future__ import annotations

import random

import pytest

from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko.legality import (
    _due,
    gives,
    haufen_choices,
    knocks,
    legal,
    placements,
    refusal,
    returns,
    settle_orders,
)
from cardgames.bronko_donko.rules import (
    FORMS,
    GIVE,
    GONG,
    HAUFEN,
    KNOCKOUT,
    ORDER,
    PLACE,
    PLAY,
    RETURN,
    SETTLE,
    WOLFSBLUT,
    WORDS,
    Hand2,
    Pick,
    Place,
    Settle,
    openings,
)
from cardgames.core.errors import IllegalMove

from .helpers import form, load, mask, play, table, with_fields

A, B, C_ = 0, 1, 2


def judged(game, state, seat, action) -> IllegalMove:
    """The refusal of ``action`` as the judges give it: the decision due refuses another kind of action, else
    the judge of that decision raises (a judge that let a refused action pass fails the test)."""
    try:
        _due(state, seat, action)
    except IllegalMove as refused:
        return refused
    with pytest.raises(IllegalMove) as raised:
        legal(game, state, seat, action)
    return raised.value


def unlisted(rng: random.Random, state, seat, players: int, listed) -> list:
    """Actions of every kind that ``listed`` may lack: placements of any formation with every verb, with and
    without the vest, of the hand's own formations too, cards that form nothing, the words, betrayal pairs and
    settlement picks."""
    hand = state.hands[seat]
    candidates = [PLACE[rng.randrange(3)][rng.randrange(2)][rng.choice(FORMS).id] for _ in range(6)]
    own = openings(hand, True)
    for f in rng.sample(own, min(3, len(own))):
        candidates += [PLACE[verb][vest][f.id] for verb in range(3) for vest in (0, 1)]
    candidates.append(Place(rng.randrange(3), mask("Bl1 Ro5"), -1))  # no formation
    candidates += list(WORDS.values())
    held = C.cards_of(hand)
    if len(held) >= 2:
        pair = rng.sample(held, 2)
        candidates += [Hand2("give", 1 << pair[0] | 1 << pair[1]), Hand2("return", 1 << pair[0] | 1 << pair[1])]
    candidates += [Pick(word, q) for word in ("settle", "donko") for q in range(players)]
    candidates += [Pick("knock", hp) for hp in C.SCHLAEGER]
    return [a for a in candidates if not any(a == offer and str(a) == str(offer) for offer in listed)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_apply_accepts_every_action_a_judge_lists_and_refuses_the_rest_as_the_judge_does(players):
    """In seeded play: the judges list exactly ``legal_actions``, allow each action they list, ``apply``
    accepts it (also as its text), and every action they do not list is refused by ``apply`` with the clause
    and sentence of the judge of the decision due (or of the decision due, for another kind of action)."""
    game = load(players, games=1)
    phases = set()
    refused = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        for _ in range(400):
            if not game.to_act(state):
                break
            seat = game.to_act(state)[0]
            listed = legal(game, state, seat)
            assert listed == game.legal_actions(state, seat)
            phases.add(state.phase)
            for action in rng.sample(listed, min(4, len(listed))):
                assert legal(game, state, seat, action) == listed  # the judge allows what it lists
                game.apply(state, action, seat)
                game.apply(state, game.parse_action(state, str(action), seat), seat)
            for action in unlisted(rng, state, seat, players, listed):
                with pytest.raises(IllegalMove) as applied:
                    game.apply(state, action, seat)
                by_judge = judged(game, state, seat, action)
                assert (by_judge.rule, by_judge.message) == (applied.value.rule, applied.value.message), action
                assert refusal(game, state, seat, action).message == applied.value.message
                refused += 1
            state = game.apply(state, rng.choice(listed), seat)
    assert {PLAY, GONG, ORDER, KNOCKOUT} <= phases or players == 2
    assert {PLAY, GONG, GIVE, RETURN} <= phases
    assert refused > 5000


# ---------------------------------------------------------------------------
# one refusal of every clause, by the judge that enforces it


def _refused_alike(game, state, action, rule, judge, seat=None):
    """``action`` (a text or an action) is not listed; ``judge`` raises the refusal under ``rule``, and
    ``apply`` raises the same one."""
    seat = game.to_act(state)[0] if seat is None else seat
    if isinstance(action, str):
        action = game._parse(state, action, seat)  # the action a text names, not yet admitted
    assert action not in game.legal_actions(state, seat)
    with pytest.raises(IllegalMove) as by_judge:
        judge(game, state, seat, action)
    with pytest.raises(IllegalMove) as applied:
        game.apply(state, action, seat)
    assert by_judge.value.rule == rule
    assert (applied.value.rule, applied.value.message) == (rule, by_judge.value.message)
    return by_judge.value


def _placing(game, state, seat, action):
    return placements(state, seat, action)


def _opening(game, **fields):
    """A opens a round holding Bl2 Bl3 Bl4 (a Bl street) and Kose."""
    return table(game, ["Bl2 Bl3 Bl4 Kose", "Ro2 Ro6", "Ge4"], **fields)


def _gong(game):
    """A placed his last card, Bl2: the final gong, where B (Ro2 Ge2 Ro3 Gr1) boxes or passes."""
    return play(game, table(game, ["Bl2", "Ro2 Ge2 Ro3 Gr1", "Ge4"]), "open Bl2")


def _countering(game, current, **fields):
    """B counters A's ``current`` formation, holding Ro3 Ro4 Ro6 Bl5 Ge5."""
    return table(game, ["Bl8", "Ro3 Ro4 Ro6 Bl5 Ge5", "Ge4"], turn=B, owner=A, current=form(current), **fields)


PLACEMENTS = [
    # (id naming the clause, state, action, clause)
    ("bd_5_6_a_duck_while_opening", lambda g: _opening(g), "duck", "BD-5.6"),
    ("bd_5_1_cards_that_form_nothing", lambda g: _opening(g), "open Bl2 Bl4", "BD-5.1"),
    ("bd_5_2_the_wolf_declared_as_kose", lambda g: _opening(g), "open Bl2 Bl3 Wolf=Kose", "BD-5.2"),
    ("bd_5_2_the_wolf_declared_as_a_real_card", lambda g: _opening(g), "open Bl2 Bl3 Wolf=Bl3", "BD-5.2"),
    ("bd_6_3_the_wolf_alone", lambda g: _opening(g), "open Wolf=Bl5", "BD-6.3"),
    ("bd_6_1_kose_with_others", lambda g: _opening(g), "open Kose Bl2", "BD-6.1"),
    ("bd_5_6_a_beat_while_opening", lambda g: _opening(g), "beat Bl2", "BD-5.6"),
    ("bd_5_7_an_opening_of_an_open_round", lambda g: _countering(g, "Bl3"), "open Ro4", "BD-5.7"),
    ("bd_5_1_cards_not_held", lambda g: _opening(g), "open Ro5", "BD-5.1"),
    (
        "bd_6_6_a_resting_stolen_wolf",
        lambda g: table(g, ["Bl2 Bl4 Wolf", "Ro2", "Ge4"], wolf_rest=1),
        "open Bl2 Wolf=Bl3 Bl4",
        "BD-6.6",
    ),
    ("bd_7_10_the_vest_with_a_second_formation", lambda g: _opening(g, placed=1 << A), "open Bl2 vest-off", "BD-7.10"),
    ("bd_7_10_the_vest_in_the_final_gong", _gong, "box Ro2 vest-off", "BD-7.10"),
    (
        "bd_4_3_a_first_opening_without_the_weakest_card",
        lambda g: _opening(g, required=C.parse_card("Bl2")),
        "open Bl3",
        "BD-4.3",
    ),
    ("bd_5_5_a_counter_of_another_type", lambda g: _countering(g, "Bl3"), "beat Bl5 Ge5", "BD-5.5"),
    ("bd_8_3_a_gong_box_of_another_size", _gong, "box Ro2 Ge2", "BD-8.3"),
    ("bd_7_7_a_beat_not_one_higher_in_a_schlagring", lambda g: _countering(g, "Bl3", ring=True), "beat Ro6", "BD-7.7"),
    (
        "bd_5_10_a_solo_donko_card_beaten_without_kose",
        lambda g: _countering(g, "Gr1", revolution=True),
        "beat Ro3",
        "BD-5.10",
    ),
    ("bd_5_5_a_beat_not_stronger", lambda g: _countering(g, "Bl5"), "beat Ro4", "BD-5.5"),
    ("bd_7_7_a_box_in_a_schlagring", lambda g: _countering(g, "Bl3", ring=True), "box Ro3", "BD-7.7"),
    (
        "bd_5_10_a_box_of_a_solo_donko_card",
        lambda g: with_fields(_countering(g, "Gr1", revolution=True), hands=(0, mask("Ro1 Ro3"), mask("Ge4"))),
        "box Ro1",
        "BD-5.10",
    ),
    (
        "bd_5_9_a_box_of_a_fist_formation",
        lambda g: play(g, table(g, ["Bl8", "Ro8 Gr1", "Ge4"]), "open Bl8"),
        "box Ro8",
        "BD-5.9",
    ),
    ("bd_5_5_a_box_not_of_equal_strength", lambda g: _countering(g, "Bl5"), "box Ro6", "BD-5.5"),
    ("bd_8_3_a_gong_box_not_of_equal_strength", _gong, "box Ro3", "BD-8.3"),
]


@pytest.mark.parametrize("make, action, rule", [case[1:] for case in PLACEMENTS], ids=[case[0] for case in PLACEMENTS])
def test_the_placement_judge_refuses_each_of_its_clauses_as_apply_does(make, action, rule):
    """DP-3, DP-4, DP-6: every rule of a placement (and of a duck) refused by ``placements``."""
    game = load(3)
    _refused_alike(game, make(game), action, rule, _placing)


def test_a_counter_may_always_duck_and_the_judge_allows_it():
    """BD-5.7: the duck the placement judge refuses to an opener is allowed in a counter, even with no beat."""
    game = load(3)
    state = _countering(game, "Bl8")
    assert placements(state, B, WORDS["duck"]) == game.legal_actions(state, B) == (WORDS["duck"],)


def test_the_betrayal_judges_refuse_bd_10_7():
    """DP-1: the Donko gives his two strongest cards; DP-2: the Bronko returns two coloured cards."""
    game = load(3)
    state = table(game, ["Ro8 Ge8 Bl7 Gr1", "Kose Ro2 Ro3", "Ge4"], phase=GIVE)
    err = _refused_alike(game, state, "give Bl7 Gr1", "BD-10.7", lambda g, s, p, a: gives(s, p, a))
    assert "Ge8 Ro8" in err.message
    state = table(game, ["Ge4", "Kose Ro2 Ro3", "Ge5"], phase=RETURN, turn=B)
    err = _refused_alike(game, state, "return Kose Ro2", "BD-10.7", lambda g, s, p, a: returns(s, p, a))
    assert "except Kose and the Wolf" in err.message


def _settling(game, phase, turn=A, **settle):
    """A, the Bronko of the fight, decides in the settlement."""
    return table(game, ["", "Ro2", "Ge4"], phase=phase, turn=turn, settle=Settle(winner=A, damage=(0, 0, 0), **settle))


def test_the_settlement_order_judge_refuses_bd_9_1_a_loser_settled_already():
    game = load(3)
    state = _settling(game, ORDER, todo=(B, C_))
    assert game.legal_actions(state) == (SETTLE[B], SETTLE[C_])
    err = _refused_alike(game, state, "settle 0", "BD-9.1", settle_orders)
    assert "(`settle 1`)" in err.message and "(`settle 2`)" in err.message


def test_the_knock_out_judge_refuses_bd_9_4_an_unaffordable_schlaeger_and_any_before_the_angezaehlt_one():
    game = load(3)
    state = _settling(game, KNOCKOUT, todo=(), loser=B, power=10)
    err = _refused_alike(game, state, "knock 12", "BD-9.4", knocks)
    assert "Schlagkraft left 10): 2, 4, 6, 8, 10" in err.message
    counted = with_fields(state, counted=(False, True, False))
    err = _refused_alike(game, counted, "knock 4", "BD-9.4", knocks)
    assert "angezählt Schläger 2" in err.message


def test_the_haufen_judge_refuses_a_player_not_tied_under_bd_10_2_or_bd_10_3():
    """DP-9 (no Donko when the fight began: BD-10.2) and DP-10 (the Donko's departure: BD-10.3)."""
    game = load(3)
    state = _settling(game, HAUFEN, todo=(), ties=(B, C_))
    _refused_alike(game, with_fields(state, fight_donko=-1), "donko 0", "BD-10.2", haufen_choices)
    _refused_alike(game, with_fields(state, fight_donko=B), "donko 0", "BD-10.3", haufen_choices)


@pytest.mark.parametrize(
    "make, action, rule",
    [
        (lambda g: _opening(g), "steal", "BD-5.6"),
        (lambda g: _countering(g, "Bl3"), "give Ro3 Ro4", "BD-5.7"),
        (_gong, "beat Ro3", "BD-8.3"),
        (_gong, "duck", "BD-8.3"),
        (lambda g: table(g, ["Ro8 Ge8", "Ro2 Ro3", "Ge4"], phase=GIVE), "return Ro8 Ge8", "BD-10.7"),
        (lambda g: table(g, ["Ro8 Ge8", "Ro2 Ro3", "Ge4"], phase=WOLFSBLUT, turn=B), "duck", "BD-6.5"),
        (lambda g: _settling(g, ORDER, todo=(B, C_)), "knock 2", "BD-9.1"),
        (lambda g: _settling(g, KNOCKOUT, todo=(), loser=B, power=10), "donko 1", "BD-9.4"),
    ],
    ids=[
        "bd_5_6_a_word_while_opening",
        "bd_5_7_a_betrayal_in_a_counter",
        "bd_8_3_a_beat_in_the_gong",
        "bd_8_3_a_duck_in_the_gong",
        "bd_10_7_a_return_when_the_donko_gives",
        "bd_6_5_a_duck_in_the_wolfsblut_window",
        "bd_9_1_a_knock_out_when_a_loser_is_chosen",
        "bd_9_4_a_haufen_choice_in_a_knock_out",
    ],
)
def test_the_decision_due_refuses_another_kind_of_action_saying_what_it_takes(make, action, rule):
    """Before any judge: the decision due takes only its own kind of action (section 12)."""
    game = load(3)
    err = _refused_alike(game, make(game), action, rule, lambda g, s, p, a: _due(s, p, a))
    assert err.message.startswith("Now (")
