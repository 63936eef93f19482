"""Brokdorf's steps as facts (issue 29): each part of a step's sentence with its clauses, seats and cards as data.

``game.facts`` and ``step.facts`` give what ``describe`` tells, as :class:`~cardgames.core.facts.Fact`
records: the sentence is made from them, so the log and the widgets read the clause ids, seats
and cards there instead of finding them in the words, in English and in German alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from cardgames_widgets.clauses import linked_text, told_html
from helpers import cited, told_in_english_and_german

import cardgames
from cardgames.brokdorf.rules import PLAY, Expel, Misdeal, Violation
from cardgames.core import i18n
from cardgames.core.facts import Fact, clauses_of

from .helpers import before_last, game, play, stacked, with_points
from .test_scoring import bk_8_7_state
from .test_wording import game_9_of_bk_8_10, playing

# player counts and options of the seeded games: every count, and tournaments in which players leave
CONFIGS = [{"players": n} for n in range(2, 7)] + [
    {"players": 3, "tournament": True, "max_rounds": 4, "start_euros": 3},
    {"players": 5, "tournament": True, "max_rounds": 3, "start_euros": 2},
]


def _table_event(state, rng: random.Random):
    """Now and then a table event (BK-5.11-5.13), applied with player None; None for a player's turn."""
    r = rng.random()
    if r < 0.01:
        return Misdeal()
    if state.phase == PLAY and state.deal is not None and r < 0.03:
        seat = rng.choice(state.deal.active)
        return Expel(seat) if r < 0.015 else Violation(seat)
    return None


def _steps(g, seed: int) -> Iterator[tuple]:
    """The steps (before, seat, action, after) of a seeded random game with table events."""
    rng = random.Random(seed)
    state = g.new(seed=seed)
    while g.to_act(state):
        event = _table_event(state, rng)
        if event is not None:
            try:
                after = g.apply(state, event, None)
            except cardgames.IllegalMove:
                event = None
            else:
                yield state, None, event, after
                state = after
                continue
        seat = g.to_act(state)[0]
        legal = g.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        after = g.apply(state, action, seat)
        yield state, seat, action, after
        state = after


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_every_step_of_seeded_games_is_told_from_facts_that_cite_its_clauses(config):
    g = cardgames.load("brokdorf", **config)

    def check(step, html):
        # the sentence is the facts told, each clause one of the rules document's
        assert step.sentence == "; ".join(f.text for f in step.facts) + "."
        for clause in clauses_of(step.facts):
            assert cardgames.rule(clause, game="brokdorf").id.startswith("BK-")
        # the sentence cites no clause that no fact names
        assert set(cited(step.sentence)) <= set(clauses_of(step.facts)), step.sentence

    kinds: set[str] = set()
    for seed in range(2):
        for before, seat, action, after in _steps(g, seed):
            told = told_in_english_and_german(g, before, seat, action, after, check)
            kinds.update(f.kind for f in told)
    assert {"bid", "declarer", "lead", "play", "trick", "score"} <= kinds


def test_bk_4_2_and_bk_4_4_the_last_call_is_a_bid_and_names_the_declarer_and_his_contract():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut")
    facts = g.facts(s, g.parse_action(s, "gut"), play(g, s, "gut"))
    assert [(f.kind, f.clauses) for f in facts] == [("gut", ("BK-4.2",)), ("declarer", ("BK-4.4",))]
    s = g.new(seed=2)
    bid = g.advance(s, g.parse_action(s, "bid 1"))
    assert bid.facts == (Fact("bid", "Player 2 bids 1 trick (BK-4.2)", ("BK-4.2",), (1,), (), {"tricks": 1}),)
    declared = g.facts(*_last(g, play(g, s, "bid 1", "gut", "gut")))
    assert declared[1].seats == (1,) and declared[1].amounts == {"contract": 1}


def _last(g, state):
    """The step that led to ``state``, as the arguments of ``game.facts``: before, action, after, seat."""
    before, (seat, action) = before_last(g, state)
    return before, action, state, seat


def test_bk_4_5_naming_trump_is_one_fact_that_names_no_card():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut")
    (fact,) = g.advance(s, g.parse_action(s, "trump S")).facts
    assert (fact.kind, fact.text, fact.clauses, fact.seats, fact.cards) == (
        "trump",
        "Player 2 names Pik ♠ as trump (BK-4.5)",
        ("BK-4.5",),
        (1,),
        (),
    )


def test_bk_4_8_the_last_answer_hands_the_first_lead_to_the_declarer_and_a_lead_names_its_card():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "bid 1", "gut", "gut", "trump S", "mit")
    facts = g.advance(s, g.parse_action(s, "mit")).facts
    assert [(f.kind, f.clauses, f.seats) for f in facts] == [
        ("mit", ("BK-4.6",), (0,)),
        ("first-lead", ("BK-4.8",), (1,)),
    ]
    s = play(g, s, "mit")
    card = str(g.legal_actions(s)[0].card)
    (lead,) = g.advance(s, g.legal_actions(s)[0]).facts
    assert (lead.kind, lead.clauses, lead.seats, lead.cards) == ("lead", ("BK-4.8",), (1,), (card,))


def test_bk_4_10_b_and_bk_4_11_an_overtrump_names_its_duty_clauses_the_card_it_must_beat_and_the_trick():
    g, s = playing(
        ["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"],
        0,
        ["bid 1", "gut", "gut", "trump H", "mit", "mit"],
        "play KS",
        "play 7H",
    )
    seat = g.to_act(s)[0]
    facts = g.advance(s, g.parse_action(s, "play AH")).facts
    assert [(f.kind, f.clauses, f.seats, f.cards) for f in facts] == [
        ("play", ("BK-4.10(b)", "BK-4.11"), (seat,), ("AH", "7H")),
        ("trick", ("BK-4.9",), (seat,), ("AH",)),
    ]
    assert facts[0].text.endswith("(he cannot follow Pik, so he must trump and overtrump ♥7, BK-4.10(b), BK-4.11)")


def test_bk_4_10_c_a_free_discard_names_only_the_card_played():
    g, s = playing(
        ["AC 10C KC QC JC", "KS 8S 9S 10S JS", "AD KD QD JD 10D"],
        0,
        ["bid 1", "gut", "gut", "trump H", "mit", "mit"],
        "play KS",
    )
    play_fact = g.advance(s, g.parse_action(s, "play AD")).facts[0]
    assert (play_fact.clauses, play_fact.cards) == (("BK-4.10(c)",), ("AD",))


def test_bk_5_1_and_bk_5_12_a_scored_game_gives_each_players_points_as_amounts():
    g, s = bk_8_7_state(violation=True)
    facts = g.facts(*_last(g, s))
    (score,) = [f for f in facts if f.kind == "score"]
    assert score.clauses == ("BK-5.1", "BK-5.12") and score.seats == (0, 2, 3, 4)
    assert score.amounts == {"game": 1, "points 0": 5, "points 2": 5, "points 3": 3, "points 4": 5}


def test_bk_5_5_and_bk_5_8_a_tie_draws_for_the_stechen_and_names_the_cards_drawn():
    g, s = game_9_of_bk_8_10()
    facts = g.advance(s, g.parse_action(s, "play 9C")).facts
    (stechen,) = [f for f in facts if f.kind == "stechen"]
    assert (stechen.clauses, stechen.seats, stechen.cards, stechen.amounts) == (
        ("BK-5.5", "BK-5.8"),
        (0, 1),
        ("AH", "7S"),
        {"points": 25},
    )
    s = play(g, s, "play 9C")
    (dealer,) = g.advance(s, g.parse_action(s, "dealer 0")).facts
    assert (dealer.kind, dealer.clauses, dealer.seats) == ("dealer", ("BK-5.8",), (1, 0))


def test_bk_5_11_bk_5_7_and_bk_6_4_a_third_misdeal_ends_the_round_and_the_loser_names_the_dealer():
    g = game(3, tournament=True, first_dealer=0)
    s = g.new(seed=5)
    first = g.advance(s, g.parse_action(s, "misdeal", None), None).facts
    assert [(f.kind, f.clauses, f.seats, f.amounts) for f in first] == [
        ("misdeal", ("BK-5.11",), (0,), {"misdeals": 1})
    ]
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    facts = g.advance(s, g.parse_action(s, "misdeal", None), None).facts
    assert [(f.kind, f.clauses, f.seats) for f in facts] == [
        ("misdeal", ("BK-5.11",), (0,)),
        ("round", ("BK-5.7",), (0,)),
        ("chooser", ("BK-6.4",), (0,)),
    ]
    s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    (named,) = g.advance(s, g.parse_action(s, "dealer 2")).facts
    assert (named.kind, named.clauses, named.seats, named.amounts) == ("dealer", ("BK-6.4",), (0, 2), {"round": 2})


def test_bk_5_14_and_bk_5_15_leaving_players_and_the_tournament_winners_are_facts_of_their_own():
    g = game(3, tournament=True, start_euros=1, first_dealer=0)
    s = g.new(seed=5)
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    facts = g.advance(s, g.parse_action(s, "misdeal", None), None).facts
    assert [(f.kind, f.clauses, f.seats) for f in facts[-2:]] == [
        ("leave", ("BK-5.14",), (0,)),
        ("deal", ("BK-6.4",), (0, 1)),
    ]
    g = game(3, tournament=True, start_euros=10, lower_bound=11, first_dealer=0)
    s = g.new(seed=1)
    for _ in range(2):
        s = g.apply(s, g.parse_action(s, "misdeal", None), None)
    last = g.advance(s, g.parse_action(s, "misdeal", None), None).facts[-1]
    assert (last.kind, last.clauses, last.seats) == ("tournament", ("BK-5.15",), (1, 2))


def test_bk_5_12_and_bk_5_13_table_events_concern_the_seat_they_name():
    g, s = playing(
        ["AC 10C KC QC JC", "KS 8S 9S 10S JS", "AD KD QD JD 10D"],
        0,
        ["bid 1", "gut", "gut", "trump H", "mit", "mit"],
    )
    (caught,) = g.advance(s, g.parse_action(s, "violation 2", None), None).facts
    assert (caught.kind, caught.clauses, caught.seats, caught.amounts) == (
        "violation",
        ("BK-5.12",),
        (2,),
        {"points": 5},
    )
    s = g.apply(s, g.parse_action(s, "violation 2", None), None)
    expelled = g.advance(s, g.parse_action(s, "expel 2", None), None).facts[0]
    assert (expelled.kind, expelled.clauses, expelled.seats) == ("expel", ("BK-5.13",), (2,))


def test_bk_3_6_a_luschen_redeal_counts_its_times():
    g = game(4, first_dealer=2)
    luschen = "7C 8C 9S 7H 8D"
    s = stacked(
        g, [None, None, None, None], dealer=2, more=[([None, None, None, luschen], 3), ([None, luschen, None, None], 3)]
    )
    s = play(g, s, "bid 1", "gut", "gut", "gut", "trump H", "weg", "weg")
    facts = g.advance(s, g.parse_action(s, "weg")).facts
    assert [(f.kind, f.clauses, f.seats) for f in facts][-2:] == [
        ("deal", ("BK-3.4",), (3,)),
        ("luschen", ("BK-3.6",), (3,)),
    ]
    assert facts[-1].amounts == {"times": 2}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_widgets_link_the_clauses_of_the_facts_where_the_sentence_writes_them(language):
    g, s = playing(
        ["AH 8C 8D 9D 10D", "KS QS JS 7C 9C", "7H 9H AD 10C JC"],
        0,
        ["bid 1", "gut", "gut", "trump H", "mit", "mit"],
        "play KS",
        "play 7H",
    )
    with i18n.language(language):
        step = g.advance(s, g.parse_action(s, "play AH"))
        html = told_html(step.sentence, step.facts)
        searched = linked_text(step.sentence)  # what a search of the words finds, in the same language
    assert clauses_of(step.facts) == ("BK-4.10(b)", "BK-4.11", "BK-4.9")
    for clause in clauses_of(step.facts):
        assert f">{clause}</abbr>" in html
        assert f'data-clause="{cardgames.rule(clause, game="brokdorf").id}"' in html
    assert html == searched


def test_bk_5_8_a_repeated_stechen_draw_names_the_fewest_tricks():
    """A repeated Stechen draw (BK-5.8): tied again after the decision game, the facts name the fewest tricks."""
    g = game(3, first_dealer=0)
    s = play(g, with_points(g.new(seed=1), (30, 30, 30), games=4), "gut", "gut", "gut")
    s = g._check_round_end(with_points(s, (26, 26, 26)))
    s = play(g, s, str(g.legal_actions(s)[0]), "bid 1", "gut", "gut", "trump C", "weg")
    facts = g.advance(s, g.parse_action(s, "weg")).facts
    (stechen,) = [f for f in facts if f.kind == "stechen"]
    assert stechen.clauses == ("BK-5.8",) and stechen.amounts == {"tricks": 0}
    assert len(stechen.cards) == len(stechen.seats)


def test_bk_4_3_when_all_say_gut_the_void_deal_is_a_fact_about_the_dealer():
    g = game(3, first_dealer=0)
    s = play(g, g.new(seed=2), "gut", "gut")
    facts = g.advance(s, g.parse_action(s, "gut")).facts
    assert [(f.kind, f.clauses, f.seats) for f in facts] == [("gut", ("BK-4.2",), (0,)), ("all-gut", ("BK-4.3",), (0,))]
