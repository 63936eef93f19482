"""The Brotherhood's steps as facts (issue 29): the decision and each piece of news with its clauses and seats as data.

``game.facts`` and ``step.facts`` give what ``describe`` tells, as :class:`~cardgames.core.facts.Fact`
records: the first is the decision itself, then one for each entry of the news it set off (BH-4.9
order sets revealed, BH-4.10 the event card, BH-4.12.3 the shots ...).  The sentence is made from
them, so the log and the widgets read the clause ids, seats, event cards and amounts there
instead of finding them in the words, in English and in German alike.
Seats: A = P1, B = P2, C = P3.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from cardgames_widgets.clauses import linked_text, told_html
from helpers import cited, fact_data, shown_codes, told_in_english_and_german

import cardgames
from cardgames.brotherhood.agents import BuilderAgent, GreedyAgent
from cardgames.brotherhood.news import entry_fact, explain
from cardgames.core import i18n
from cardgames.core.facts import Fact

from .helpers import do, scenario
from .test_german import contested_takeover, first_round, orders_written, to_the_shootout, window_passed

A, B, C = 0, 1, 2


def _steps(g, seed: int) -> Iterator[tuple]:
    """The steps (before, seat, action, after) of a seeded game: random choices, or greedy and builder agents.

    Random players rarely get far; the agents build, claim and take over, so odd seeds let them play.
    """
    rng = random.Random(seed)
    agents = [(GreedyAgent, BuilderAgent)[(p + seed) % 2](g, p) for p in range(g.players)] if seed % 2 else None
    state = g.new(seed=seed)
    while g.to_act(state):
        acting = g.to_act(state)
        seat = acting[rng.randrange(len(acting))]
        legal = g.legal_actions(state, seat)
        if agents:
            action = agents[seat].act(g.view(state, seat), legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        after = g.apply(state, action, seat)
        yield state, seat, action, after
        state = after


def _linked(html: str) -> list[str]:
    """The clause ids ``told_html`` made into tooltips, in order."""
    return [part.split('"', 1)[0] for part in html.split('data-clause="')[1:]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_step_of_seeded_games_is_told_from_facts_that_cite_its_clauses(players):
    g = cardgames.load("brotherhood", players=players)

    def check(step, html):
        facts, sentence = step.facts, step.sentence
        # the sentence is made from the facts: the decision, then the news
        if len(facts) == 1:
            assert sentence == facts[0].text + "."
        else:
            assert sentence.startswith(facts[0].text + " — ")
            assert sentence.endswith(": " + "; ".join(f.text for f in facts[1:]) + ".")
        for fact in facts:
            # each clause is one of the rules document's, and each seat is named once
            for clause in fact.clauses:
                assert cardgames.rule(clause, game="brotherhood").id == clause
            assert len(set(fact.seats)) == len(fact.seats), fact
        # the sentence cites no clause that no fact names, and every one the facts name; the widgets link them all
        assert cited(sentence) == [c for f in facts for c in f.clauses], sentence
        assert _linked(html) == cited(sentence)

    kinds: set[str] = set()
    for seed in range(3):
        for before, seat, action, after in _steps(g, seed):
            told = told_in_english_and_german(g, before, seat, action, after, check)
            kinds.update(f.kind for f in told)
    assert {"pass", "order", "orders", "submit", "income", "event"} <= kinds, kinds


def test_explain_says_the_text_of_each_entry_fact():
    """``explain`` (imported from rules too) is the words of ``entry_fact``."""
    for entry in [("income", A, 4, 12), ("over", 12), ("over", 7), ("event", 2, 3, 12), ("fight_cap", 3)]:
        assert explain(entry) == entry_fact(entry).text
    assert entry_fact(("over", 7)).clauses == ("BH-6.2",)
    assert entry_fact(("over", 12)) == Fact(
        "over", "the game ends after round 12 (BH-6.1)", ("BH-6.1",), amounts={"round": 12}
    )
    assert entry_fact(("fight_cap", 3)).clauses == ("BH-4.15.6",)


# -- specific steps: their kinds, clauses, seats, cards and amounts ----------------------------------------


def test_bh_4_3_a_transfer_names_the_giver_then_the_receiver_and_the_ge():
    g, s = first_round()
    action = g.parse_action(s, "transfer P2 5", A)
    facts = g.advance(s, action, A).facts
    assert facts == (
        Fact("transfer", "P1 transfers 5 GE to P2 at once (BH-4.3)", ("BH-4.3",), (A, B), amounts={"ge": 5}),
    )
    assert g.advance(s, g.parse_action(s, "pass", A), A).facts[0].kind == "pass"


def test_bh_4_4_bh_4_7_an_order_written_cites_both_clauses():
    g, s = first_round()
    s = window_passed(g, s)
    (fact,) = g.advance(s, g.parse_action(s, "build_source d 3", A), A).facts
    assert (fact.kind, fact.clauses, fact.seats) == ("order", ("BH-4.4", "BH-4.7"), (A,))
    sealed = g.advance(s, g.parse_action(s, "build_source d 3; deploy f thug 2", A), A).facts
    assert fact_data(sealed) == [("orders", ("BH-4.4", "BH-4.5"), (A,), (), {"orders": 2})]


def test_bh_4_4_a_godfather_order_that_changes_nothing_is_one_fact():
    g, s = scenario(2, round=2, godfathers={A: "c"})
    (fact,) = g.advance(s, g.parse_action(s, "godfather c", A), A).facts
    assert fact.clauses == ("BH-4.4", "BH-4.7") and fact.text.endswith("so it changes nothing")


@pytest.mark.parametrize("language", ["en", "de"])
def test_bh_4_9_bh_4_7_3_bh_4_10_the_last_set_reveals_all_refuses_a_build_and_names_the_event_card(language):
    g, s = orders_written(*first_round())
    s = do(g, s, C, "build_source c 2")
    with i18n.language(language):
        step = g.advance(s, g.parse_action(s, "submit", C), C)
    assert fact_data(step.facts) == [
        ("submit", ("BH-4.4", "BH-4.5"), (C,), (), {"orders": 1}),
        ("orders", ("BH-4.9",), (A,), (), {"orders": 3}),
        ("orders", ("BH-4.9",), (B,), (), {"orders": 2}),
        ("orders", ("BH-4.9",), (C,), (), {"orders": 1}),
        ("refused", ("BH-4.7.3",), (B,), (), {"sources": 1}),
        ("event", ("BH-4.10",), (), ("E03",), {"round": 1}),
    ]
    assert "E03" in shown_codes(g, step.after) and "E03" in step.facts[-1].text
    linked = _linked(told_html(step.sentence, step.facts))
    assert linked == ["BH-4.4", "BH-4.5", "BH-4.9", "BH-4.9", "BH-4.9", "BH-4.7.3", "BH-4.10"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_bh_4_12_3_to_bh_4_13_5_the_last_target_sets_off_the_shootout_the_deaths_and_the_claims(language):
    g, s = to_the_shootout()
    s = do(g, s, A, "target P2 thug 1")
    s = do(g, s, A, "target P3 thug 1")
    with i18n.language(language):
        step = g.advance(s, g.parse_action(s, "target P3 killer 1", B), B)
    assert fact_data(step.facts) == [
        ("target", ("BH-4.12.2",), (B, C), (), {"shooters": 1}),
        ("shots", ("BH-4.12.3",), (A, B), (), {"hits": 1}),
        ("shots", ("BH-4.12.3",), (A, C), (), {"hits": 1}),
        ("shots", ("BH-4.12.3",), (B, C), (), {"hits": 0}),
        ("losses", ("BH-4.12.4",), (B,), (), {"thugs": 0, "killers": 1}),
        ("losses", ("BH-4.12.4", "BH-4.12.5", "BH-4.13.1"), (C,), (), {"thugs": 0, "killers": 0}),
        ("claimants", ("BH-4.13.2", "BH-4.13.5"), (A, B, C), (), {}),
    ]
    assert told_html(step.sentence, step.facts) == linked_text(step.sentence)


def test_bh_4_15_1_bh_4_15_4_bh_4_13_4_the_fight_won_and_the_estate_inherited():
    g, s = to_the_shootout()
    for seat, target in [(A, "target P2 thug 1"), (A, "target P3 thug 1"), (B, "target P3 killer 1")]:
        s = do(g, s, seat, target)
    s = do(g, s, A, "propose P1")
    step = g.advance(s, g.parse_action(s, "propose P2", B), B)
    assert fact_data(step.facts) == [
        ("propose", ("BH-4.15.1",), (B,), (), {}),
        ("fight_won", ("BH-4.15.4",), (A, C), (), {}),
        ("inherit", ("BH-4.13.4",), (A, C), (), {}),
    ]


def test_bh_4_15_2_concede_and_bh_4_15_4_nobody_wins_the_contested_sources():
    g, s = contested_takeover([4, 6])
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    s = do(g, s, A, "concede")
    facts = g.advance(s, g.parse_action(s, "concede", B), B).facts
    assert fact_data(facts[:4]) == [
        ("concede", ("BH-4.15.2",), (B,), (), {}),
        ("concede", ("BH-4.15.2",), (A,), (), {}),
        ("concede", ("BH-4.15.2",), (B,), (), {}),
        ("fight_won", ("BH-4.15.4",), (C,), (), {}),
    ]
