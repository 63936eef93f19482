"""A step's facts as data (issue 29): Bronko-Donko tells each step as Fact records, and its sentence is made of them.

Each fact carries the words of its part of the sentence, the clause ids those words write (as a clause id
is read in running text: ``BD-5.8 a`` cites BD-5.8, ``BD-4.3 step 6`` cites BD-4.3, and the decision
points ``DP-n`` it names), the seats it concerns, the cards it names and the amounts it settled.  The
widgets link a step's clauses from these facts, never from a regular expression over its sentence.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.bronko_donko.cards import CODES, SCHLAEGER
from cardgames.bronko_donko.rules import HAUFEN, KNOCKOUT, ORDER
from cardgames.core import i18n
from cardgames.core.facts import Fact, cards_of, clauses_of
from cardgames.core.game import Face
from cardgames.core.rulebook import CITED

from .helpers import form, load, play, table
from .test_examples import example_13_12_settling, example_13_14_escape, gong_state
from .test_fight import ended

A, B, C_, D = 0, 1, 2, 3

#: every kind of fact the game tells
KINDS = {
    # decisions
    "open", "beat", "box", "gong-box", "duck", "pass", "steal", "decline", "give", "return", "settle", "knock",
    "donko",
    # what follows automatically
    "vest", "bronko", "revolution", "wolfsblut", "gong", "unboxable", "round", "control", "wolf-rest",
    "schlagring", "gong-over", "schlagkraft", "flucht", "knockout", "no-knockout", "angezaehlt", "knock-choice",
    "order", "settled", "eliminated", "departure", "flucht-return", "haufen-tie", "cancellation", "haufen",
    "game", "match", "new-game", "deal", "betrayal", "opener",
}  # fmt: skip


def standing(donko, bronko, flucht=0):
    """The fields of a fight that ``donko`` began as the Donko, holding ``flucht`` Fluchtkarten, ``bronko`` the Bronko."""
    return dict(donko=donko, fight_donko=donko, bronko=bronko, flucht=flucht)


def _cited(text: str) -> list[str]:
    """The clause ids of the game's prefix that ``text`` writes, as running text reads them (test only)."""
    return [match.group(0) for match in CITED.finditer(text)]


def _shown(game, state) -> set[str]:
    """Every card code ``state`` shows: the hands (each seat's, as ``hand`` gives them) and the table's cards."""
    codes = {code for seat in range(game.players) for code in game.hand(state, seat) or () if code}
    for row in game.layout(state):
        codes.update(part.code for part in row if isinstance(part, Face) and part.code)
    return codes


def _check_step(game, step, seat):
    """What every step's facts must satisfy: (a) - (e) of issue 29."""
    told = step.facts
    assert told and all(isinstance(fact, Fact) for fact in told)
    # (a) the sentence is the facts' words, and it is what describe gives
    assert step.sentence == "; ".join(fact.text for fact in told) + "."
    assert step.sentence == game.describe(step.before, step.action, seat)
    assert step.sentence == game._describe(step.before, seat, step.action, step.after)
    assert told == game.facts(step.before, step.action, step.after, seat)
    assert told[0].seats[:1] == (seat,)  # the decision comes first, its seat first
    shown = _shown(game, step.before) | _shown(game, step.after)
    english = i18n.get_language() == "en"
    for fact in told:
        assert fact.kind in KINDS, fact
        # (b) each clause is one of the game's rules document and is written in the fact's words
        assert fact.clauses, fact
        assert len(set(fact.clauses)) == len(fact.clauses), fact
        for clause in fact.clauses:
            assert cardgames.rule(clause, game="bronko_donko").id.startswith(clause), clause
            assert clause in fact.text, (clause, fact.text)
        # ... and the fact names each clause id its words write, in the order the English words write them
        written = list(dict.fromkeys(_cited(fact.text)))
        named = [c for c in fact.clauses if not c.startswith("DP-")]
        assert named == written if english else sorted(named) == sorted(written), fact
        # (d) the cards named are cards the state before or after shows (a placed Wolf: the Wolf)
        for card in fact.cards:
            assert card in shown or card.partition("=")[0] in shown, (card, fact)
        # (e) seats in range, each once
        assert all(0 <= q < game.players for q in fact.seats) and len(set(fact.seats)) == len(fact.seats), fact
        assert fact.amounts is None or all(isinstance(v, int) for v in fact.amounts.values()), fact
    # (c) no clause id is written in the sentence that no fact names
    assert set(_cited(step.sentence)) <= set(clauses_of(told)), step.sentence


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_step_of_seeded_games_is_told_as_facts_citing_their_clauses(players, language):
    game = load(players, games=2)
    kinds: set[str] = set()
    steps = 0
    with i18n.language(language):
        for seed in range(2):
            state, rng = game.new(seed), random.Random(seed)
            while game.to_act(state) and steps < 1500 * (seed + 1):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                step = game.advance(state, legal[rng.randrange(len(legal))], seat)
                _check_step(game, step, seat)
                kinds.update(fact.kind for fact in step.facts)
                state = step.after
                steps += 1
    assert {"open", "beat", "box", "round", "gong", "schlagkraft", "settled", "deal"} <= kinds, kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_facts_are_the_same_data_in_german(players):
    """Only the words are the language's: kinds, clauses, seats, cards and amounts are the same in German."""
    game = load(players, games=1)
    state, rng = game.new(7), random.Random(7)
    for _ in range(300):
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        with i18n.language("en"):
            english = game.advance(state, action, seat)
        with i18n.language("de"):
            german = game.advance(state, action, seat)
        assert german.sentence != english.sentence
        assert [(f.kind, f.clauses, f.seats, f.cards, f.amounts) for f in german.facts] == [
            (f.kind, f.clauses, f.seats, f.cards, f.amounts) for f in english.facts
        ]
        state = english.after


# -- specific steps, each fact asserted exactly ------------------------------------------------


def _step(game, state, text):
    seat = game.to_act(state)[0]
    step = game.advance(state, game.parse_action(state, text, seat), seat)
    _check_step(game, step, seat)
    return step


def _data(step):
    return [(f.kind, f.clauses, f.seats, f.cards) for f in step.facts]


def test_bd_5_6_an_opening_names_its_cards_and_a_declared_wolf_bd_5_2():
    game = load(3)
    state = table(game, ["Ge5 Wolf Bl1 Ro1 Gr8", "Bl6 Ro6 Bl2 Bl3", "Gr5 Ge6 Gr3 Ge3 Gr1"], turn=A)
    step = _step(game, state, "open Ge5 Wolf=Gr5")
    first = step.facts[0]
    assert (first.kind, first.clauses, first.seats, first.cards) == (
        "open",
        ("BD-5.6", "BD-5.2"),
        (A,),
        ("Wolf=Gr5", "Ge5"),
    )
    assert first.amounts == {"strength": 5, "size": 2}
    # C holds the real Gr5: the Wolfsblut window opens for him (BD-6.5)
    assert _data(step)[1:] == [("wolfsblut", ("BD-6.5",), (C_,), ("Gr5",))]


def test_bd_6_5_a_steal_moves_the_real_card_and_the_wolf_bd_6_6():
    game = load(3)
    state = table(game, ["Ro5 Gr5 Bl1 Gr1 Ge2", "Bl5 Wolf Bl2 Ro2 Bl3 Ge3 Gr8", "Ge5 Ro6 Ro7 Gr3"], turn=A)
    state = play(game, state, "open Gr5 Ro5", "box Bl5 Wolf=Ge5")
    step = _step(game, state, "steal")
    assert _data(step) == [
        ("steal", ("BD-6.5", "BD-6.6"), (C_, B), ("Ge5", "Wolf")),
        ("round", ("BD-5.8", "BD-5.12"), (B,), ()),
        ("wolf-rest", ("BD-6.6",), (), ()),
    ]
    assert "(BD-5.8 a, BD-5.12)" in step.facts[1].text


def test_bd_5_8_a_a_box_names_both_formations_and_the_round_end_bd_5_12():
    game = load(3)
    state = play(game, table(game, ["Gr5 Bl1", "Ro5 Gr2", "Ge1 Ge2"]), "open Gr5")
    step = _step(game, state, "box Ro5")
    assert _data(step) == [
        ("box", ("BD-5.7", "BD-5.8"), (B, A), ("Ro5", "Gr5")),
        ("round", ("BD-5.8", "BD-5.12"), (B,), ()),
    ]
    assert step.facts[0].text.endswith("(BD-5.7, BD-5.8 a)")


def test_bd_8_1_a_box_that_empties_the_hand_begins_the_final_gong_bd_8_3():
    game = load(3)
    state = play(game, table(game, ["Gr5 Bl1", "Ro5", "Ge1 Ge2"]), "open Gr5")
    step = _step(game, state, "box Ro5")
    assert [(f.kind, f.clauses) for f in step.facts] == [
        ("box", ("BD-5.7", "BD-5.8")),
        ("bronko", ("BD-8.1",)),
        ("gong", ("BD-8.3",)),
    ]
    assert step.facts[2].cards == ("Ro5",) and step.facts[2].seats == (step.after.turn,)


def test_bd_7_10_a_first_and_a_second_vest_removal_bd_7_11():
    game = load(3)
    state = table(game, ["Bl2 Bl1", "Ro4 Gr1", "Ge6 Gr2"], turn=A)
    step = _step(game, state, "open Bl2 vest-off")
    assert _data(step)[1] == ("vest", ("BD-7.10", "BD-7.11"), (A,), ())
    step = _step(game, step.after, "beat Ro4 vest-off")
    assert _data(step)[1] == ("vest", ("BD-7.10", "BD-7.11"), (B, A), ())


def test_bd_9_4_the_settlement_of_a_loser_as_facts_dp_8():
    """Example 13.12: B's Schlagkraft (BD-9.2, BD-7.11), his angezählt 2 first (BD-9.4 b), the Bronko's choice."""
    game = load(3)
    step = _step(game, example_13_12_settling(game), "settle 1")
    assert _data(step) == [
        ("settle", ("BD-9.1",), (A, B), ()),
        ("schlagkraft", ("BD-9.2", "BD-7.11"), (B,), ()),
        ("knockout", ("BD-9.4",), (B,), ()),
        ("knock-choice", ("BD-9.4", "DP-8"), (A, B), ()),
    ]
    assert step.facts[1].amounts == {"schlagkraft": 28, "damage": 14}
    assert step.facts[2].amounts == {"hp": 2, "power": 28}
    assert step.facts[3].amounts == {"power": 26}
    step = _step(game, _step(game, step.after, "knock 20").after, "knock 4")
    assert ("angezaehlt", ("BD-9.5",), (B,), ()) in _data(step)
    assert ("flucht", ("BD-9.3",), (C_,), ()) in _data(step)


def test_bd_10_3_b_the_escape_of_the_donko_and_the_cancellation_bd_10_6():
    game = load(2)
    state = play(game, example_13_14_escape(game), "beat Bl8")
    step = _step(game, state, "pass")
    kinds = [(f.kind, f.clauses) for f in step.facts]
    assert kinds[:9] == [
        ("pass", ("BD-8.3",)),
        ("gong-over", ("BD-8.5",)),
        ("schlagkraft", ("BD-9.2",)),
        ("flucht", ("BD-9.3",)),
        ("no-knockout", ("BD-9.4",)),
        ("settled", ("BD-9",)),
        ("departure", ("BD-9.3", "BD-10.3")),
        ("flucht-return", ("BD-10.5",)),
        ("cancellation", ("BD-10.6",)),
    ]
    assert step.facts[7].amounts == {"fluchtkarten": 3}
    opener = step.facts[-1]
    assert (opener.kind, opener.clauses, opener.seats) == ("opener", ("BD-4.3",), (step.after.turn,))
    assert "(BD-4.3 step 6)" in opener.text and opener.cards == (CODES[step.after.fight.required],)


def test_bd_10_3_d_an_eliminated_donko_departs_bd_9_6_bd_11_1():
    """Example 13.19: C, the Donko, has only his Schläger 20 and loses it."""
    game = load(3)
    hands, schlaeger = ["Bl8", "Ro6 Ge6", "Ro4 Ge4 Bl7"], ((20,), (2, 4, 6, 8, 10, 12, 15, 20), (20,))
    state = gong_state(
        game, hands, "Bl8", C_, current=form("Gr5"), schlaeger=schlaeger, **standing(C_, bronko=B, flucht=1)
    )
    state = play(game, state, "beat Bl8", "pass", "pass", "settle 2")
    assert state.phase == KNOCKOUT
    step = _step(game, state, "knock 2")
    data = _data(step)
    assert ("eliminated", ("BD-9.6", "BD-11.1"), (C_,), ()) in data
    assert ("departure", ("BD-10.3",), (C_,), ()) in data
    assert ("haufen", ("BD-10.3",), (B,), ()) in data


@pytest.mark.parametrize("departing", [False, True])
def test_dp_9_dp_10_a_tie_for_the_donko_haufen_and_its_choice(departing):
    game = load(4)
    hands = ["Bl8", "Ro4 Ge5 Bl1", "Bl4 Gr5 Ro2", "Ro8 Ge2 Gr3 Ro1"]
    fields = standing(A, bronko=B) if departing else {}
    state = play(game, gong_state(game, hands, "Bl8", D, current=form("Gr6"), **fields), "beat Bl8", "pass", "pass")
    step = _step(game, state, "pass")
    while step.after.phase in (ORDER, KNOCKOUT):
        seat = game.to_act(step.after)[0]
        step = game.advance(step.after, game.legal_actions(step.after)[0], seat)
        _check_step(game, step, seat)
    assert step.after.phase == HAUFEN
    clauses = ("BD-10.3", "DP-10") if departing else ("BD-10.2", "DP-9")
    assert _data(step)[-1] == ("haufen-tie", clauses, (B, C_, A), ())
    step = _step(game, step.after, "donko 2")
    assert _data(step)[0] == ("donko", clauses, (A, C_), ())


def test_bd_10_7_the_betrayal_names_the_cards_given_and_handed_back_bd_10_8():
    game = load(3)
    state = ended(
        game, ["Bl8", "Ro4 Gr1", "Ge6 Gr2"], schlaeger=(SCHLAEGER, (2, 20), SCHLAEGER), **standing(C_, bronko=B)
    )
    step = _step(game, state, "settle 1")
    deal = next(f for f in step.facts if f.kind == "deal")
    assert (deal.clauses, deal.seats, deal.amounts) == (("BD-4.3",), (C_,), {"fight": 2, "cards": 10})
    betrayal = step.facts[-1]
    assert betrayal.kind == "betrayal" and betrayal.seats == (C_, A)  # A won the fight: the new Bronko
    state = step.after
    if betrayal.clauses == ("BD-10.7", "DP-1"):  # the Donko chooses his two cards
        step = _step(game, state, str(game.legal_actions(state)[0]))
        assert (step.facts[0].kind, step.facts[0].clauses, step.facts[0].seats) == ("give", ("BD-10.7",), (C_, A))
        state = step.after
    else:
        assert betrayal.clauses == ("BD-10.7",) and len(betrayal.cards) == 2
    action = game.legal_actions(state)[0]
    step = _step(game, state, str(action))
    first = step.facts[0]
    assert (first.kind, first.clauses, first.seats) == ("return", ("BD-10.7", "BD-10.8"), (A, C_))
    assert first.cards == game.action_parts(action).cards


def test_the_table_links_the_clauses_of_the_facts_where_the_sentence_writes_them():
    """told_html links from the facts exactly the ids the regular-expression fallback linked, in both languages."""
    clauses = pytest.importorskip("cardgames_widgets.clauses")
    game = load(3)
    for language in ("en", "de"):
        with i18n.language(language):
            state = play(game, table(game, ["Gr5 Bl1", "Ro5 Gr2", "Ge1 Ge2"]), "open Gr5")
            step = _step(game, state, "box Ro5")
            html = clauses.told_html(step.sentence, step.facts)
            assert html.count('data-clause="BD-5.8"') == 2 and 'data-clause="BD-5.12"' in html
            for clause in clauses_of(step.facts):
                assert f'data-clause="{clause}"' in html
            assert _linked(html) == _linked(clauses.linked_text(step.sentence))
            # a decision point is written and marked, as the facts name it
            step = _step(game, example_13_12_settling(game), "settle 1")
            html = clauses.told_html(step.sentence, step.facts)
            assert "DP-8" in clauses_of(step.facts) and '<span class="cg-rule">DP-8</span>' in html
            assert _linked(html) == _linked(clauses.linked_text(step.sentence))


def _linked(html: str) -> list[str]:
    """The clause ids an HTML text links with a tooltip, in order."""
    return [part.partition('"')[0] for part in html.split('data-clause="')[1:]]


def test_cards_of_the_facts_of_a_steal():
    game = load(3)
    state = table(game, ["Ro5 Gr5 Bl1 Gr1 Ge2", "Bl5 Wolf Bl2 Ro2 Bl3 Ge3 Gr8", "Ge5 Ro6 Ro7 Gr3"], turn=A)
    state = play(game, state, "open Gr5 Ro5")
    step = _step(game, state, "box Bl5 Wolf=Ge5")
    assert cards_of(step.facts) == ("Bl5", "Wolf=Ge5", "Gr5", "Ro5", "Ge5")


def test_bd_8_3_a_formation_nobody_can_box_bd_5_9_bd_5_10_bd_7_4():
    game = load(3)
    step = _step(game, table(game, ["Bl8", "Ro8 Gr1", "Ge4"], turn=A), "open Bl8")
    assert _data(step) == [
        ("open", ("BD-5.6",), (A,), ("Bl8",)),
        ("bronko", ("BD-8.1",), (A,), ()),
        ("gong", ("BD-8.3",), (B,), ("Bl8",)),
        ("unboxable", ("BD-5.9",), (), ("Bl8",)),
    ]
    step = _step(game, table(game, ["Bl1", "Ge1 Ro4", "Gr1"], turn=A, revolution=True), "open Bl1")
    assert _data(step)[-1] == ("unboxable", ("BD-5.10",), (), ())
    step = _step(game, table(game, ["Bl3 Gr3 Ge3 Ro3", "Gr1", "Ro1"], turn=A), "open Bl3 Gr3 Ge3 Ro3")
    assert ("revolution", ("BD-7.4",), (), ()) in _data(step)


def test_bd_6_7_nobody_may_steal_the_wolf_of_a_formation_that_ends_the_fight():
    game = load(3)
    step = _step(game, table(game, ["Ge5 Wolf", "Gr5 Bl1", "Ge1 Ge2"], turn=A), "open Ge5 Wolf=Gr5")
    assert _data(step)[:3] == [
        ("open", ("BD-5.6", "BD-5.2"), (A,), ("Wolf=Gr5", "Ge5")),
        ("bronko", ("BD-8.1",), (A,), ()),
        ("wolfsblut", ("BD-6.7",), (B,), ()),
    ]


def test_bd_8_4_the_donko_who_empties_his_hand_in_the_gong_sheds_the_haufen_once():
    game = load(2, games=1)
    state = table(
        game, ["Ge6", "Ro6"], turn=A, current=form("Gr5"), owner=B, placed=0b11, **standing(B, bronko=B, flucht=1)
    )
    state = play(game, state, "beat Ge6")
    step = _step(game, state, "box Ro6")
    data = [(f.kind, f.clauses) for f in step.facts]
    assert data[0] == ("gong-box", ("BD-8.3", "BD-8.4"))
    assert ("flucht", ("BD-9.3",)) in data and ("flucht-return", ("BD-10.5",)) in data
    assert "departure" not in {f.kind for f in step.facts}  # the box said it (BD-8.4)
    for language in ("en", "de"):
        with i18n.language(language):
            text = game.advance(state, game.parse_action(state, "box Ro6", B), B).facts[0].text
            assert all(clause in text for clause in ("BD-8.3", "BD-8.4"))
