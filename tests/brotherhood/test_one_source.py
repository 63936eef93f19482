"""What is legal and why anything else is refused come from one source (issue 29).

Each decision of The Brotherhood has one judge in cardgames/brotherhood/legality.py: asked with
no action it makes the offer of ``legal_actions``; asked with an action it passes what the rules
allow (an offer, or BH-4.4's wider choice: a larger quantity, a whole order set) and raises the
refusal of the first rule anything else breaks.  Over seeded playouts of every player count these
tests show that ``apply`` accepts exactly what the judges pass and refuses everything else with the
judge's own refusal; then one refusal of each rule, named by its clause.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from helpers import random_positions

from cardgames import IllegalMove
from cardgames.brotherhood import legality
from cardgames.brotherhood.board import KILLER, THUG
from cardgames.brotherhood.orders import DEPLOY, Order, OrderSet, parse_order
from cardgames.brotherhood.resolve import DONE, PASS, SUBMIT, Claim, Dismiss, Give, Influence, Propose, Target, Transfer
from cardgames.brotherhood.rules import OrderSetRefused

from .helpers import A, B, C, do, game, scenario, takeover_to_divide, two_takers

PLAYERS = (2, 3, 4, 5)
SEEDS = (0, 1)
EVERY = 7  # every 7th decision of a playout is examined (each kind of decision comes up)


@cache  # states are immutable: the tests share each playout
def playout(players: int, seed: int) -> tuple[object, list]:
    """The game and the (state, seat) of every decision of a seeded random playout."""
    g = game(players)
    return g, random_positions(g, seed)


def candidates(offered: tuple, vocabulary: list) -> list:
    """Actions to judge at a position: the playout's actions and, for each, larger and odd quantities,
    a whole order set of what is offered, and the one-word decisions."""
    out = list(vocabulary) + [SUBMIT, PASS, DONE]
    for a in vocabulary:
        if isinstance(a, (Order, Target, Claim, Give)):
            out += [replace(a, n=n) for n in (2, 3, 40, 0)]
        if isinstance(a, Transfer):
            out += [replace(a, amount=n) for n in (0, 10_000)]
    orders = [a for a in offered if isinstance(a, Order)]
    if orders:
        out += [OrderSet(tuple(orders[:2])), OrderSet(tuple(orders[-3:])), OrderSet(())]
    return out


def refusal_of(g, state, seat, action) -> IllegalMove:
    """The refusal ``apply`` raises, checked to be the very one the judge raises (clause, code, message)."""
    with pytest.raises(IllegalMove) as applied:
        g.apply(state, action, seat)
    with pytest.raises(IllegalMove) as judged:
        legality.check(state, seat, action)
    a, j = applied.value, judged.value
    assert (type(a), a.rule, a.code, str(a)) == (type(j), j.rule, j.code, str(j))
    return a


@pytest.mark.parametrize("players", PLAYERS)
def test_every_offered_action_is_passed_by_its_judge_and_accepted_by_apply(players):
    kinds = set()
    for seed in SEEDS:
        g, positions = playout(players, seed)
        for state, seat in positions[::EVERY]:
            offered = g.legal_actions(state, seat)
            assert offered == legality.legal(state, seat)
            kinds.add(state.question.kind if state.question else "orders")
            for action in offered:
                legality.check(state, seat, action)  # raises nothing: the judge passes its own offer
                g.apply(state, action, seat)
    assert {"orders", "transfer"} <= kinds


@pytest.mark.parametrize("players", PLAYERS)
def test_apply_accepts_what_the_judge_passes_and_refuses_the_rest_with_the_judges_refusal(players):
    """Not offered: apply admits it exactly when the judge passes it (BH-4.4's wider choice), and
    otherwise its refusal is the judge's, clause, V-code and message alike."""
    admitted = refused = 0
    for seed in SEEDS:
        g, positions = playout(players, seed)
        vocabulary = list({str(a): a for state, seat in positions for a in g.legal_actions(state, seat)}.values())
        rng = random.Random(seed)
        for state, seat in positions[::EVERY]:
            offered = g.legal_actions(state, seat)
            shown = {str(a) for a in offered}
            tried = [a for a in candidates(offered, vocabulary) if str(a) not in shown]
            for action in rng.sample(tried, min(len(tried), 80)):
                try:
                    legality.check(state, seat, action)
                except IllegalMove:
                    refusal_of(g, state, seat, action)
                    assert legality.allows_unlisted(state, seat, action) is False
                    refused += 1
                else:  # passed but not offered: one of the wider choices, which apply admits as it is
                    assert legality.unlisted(action)
                    assert g.apply(state, action, seat) is not None
                    admitted += 1
    assert admitted and refused


# ---------------------------------------------------------------------------
# One refusal of each rule, by its clause


def test_bh_4_4_v09_from_round_5_the_godfather_in_stock_is_placed_before_any_other_order_or_submit():
    g, s = scenario(3, round=5, ge=30, godfathers={A: "stock"}, markers={(A, "c"): (1, 0, 1, 0)})
    order = refusal_of(g, s, A, parse_order("build_source c 1"))
    assert isinstance(order, OrderSetRefused) and order.codes == ("V09",) and order.rule == "BH-4.4"
    assert "place him first" in str(order)
    submitted = refusal_of(g, s, A, SUBMIT)
    assert submitted.codes == ("V09",) and SUBMIT not in g.legal_actions(s, A)
    legality.check(s, A, parse_order("godfather c"))  # the placing order passes (it is offered)
    assert parse_order("godfather c") in g.legal_actions(s, A)


def test_bh_4_5_v11_a_quantity_beyond_his_ge_is_refused_and_an_affordable_one_admitted():
    g, s = scenario(3, round=1, ge=(5, 20, 20))
    assert Order(DEPLOY, district=0, kind=THUG) in g.legal_actions(s, A)  # a thug costs 2 (BH-2.4)
    assert legality.allows_unlisted(s, A, Order(DEPLOY, district=0, kind=THUG, n=2))
    too_many = refusal_of(g, s, A, Order(DEPLOY, district=0, kind=THUG, n=3))
    assert too_many.codes == ("V11",) and too_many.rule == "BH-4.5"
    after = g.apply(s, Order(DEPLOY, district=0, kind=THUG, n=2), A)
    assert after.partial[A] == (Order(DEPLOY, district=0, kind=THUG, n=2),)


def test_bh_4_6_a_whole_order_set_is_judged_at_once_and_names_every_error():
    g, s = scenario(3, round=1, ge=(5, 20, 20))
    whole = OrderSet((parse_order("close c 1"), parse_order("deploy a killer 2")))
    refused = refusal_of(g, s, A, whole)
    assert refused.codes == ("V06", "V11") and refused.rule == "BH-4.6"
    assert legality.allows_unlisted(s, A, OrderSet((parse_order("deploy a thug 2"),)))


def test_bh_4_4_only_orders_are_written_while_the_order_sets_are_written():
    g, s = scenario(3, round=1)
    refused = refusal_of(g, s, A, PASS)
    assert refused.rule == "BH-4.4" and "the order sets are being written" in str(refused)


def test_bh_4_3_a_transfer_goes_to_another_active_player_and_at_most_his_ge():
    g, s = scenario(3, round=2, stage="transfer", ge=(10, 10, 10))
    p = g.to_act(s)[0]
    other = (p + 1) % 3
    himself = refusal_of(g, s, p, Transfer(p, 1))
    assert himself.rule == "BH-4.3" and "a player cannot give to himself" in str(himself)
    beyond = refusal_of(g, s, p, Transfer(other, 11))
    assert f"P{p + 1} has 10 GE" in str(beyond)
    assert refusal_of(g, s, p, Dismiss(0, THUG)).rule == "BH-4.3"  # not the decision now


def question_of(kind: str, info0: str | None = None):
    """The game and the first decision of ``kind`` in the seeded playouts (``info0``: a proposal's kind)."""
    for players in PLAYERS:
        for seed in SEEDS:
            g, positions = playout(players, seed)
            for state, seat in positions:
                q = state.question
                if q is not None and q.kind == kind and (info0 is None or q.info[0] == info0):
                    return g, state, seat
    raise AssertionError(f"no {kind} decision in the playouts")


def test_bh_4_2_4_upkeep_withdraws_only_a_shooter_he_has():
    g, s, p = question_of("dismiss")
    x = next(x for x in range(6) if (x, THUG) not in s.question.info)
    refused = refusal_of(g, s, p, Dismiss(x, THUG))
    assert refused.rule == "BH-4.2.4" and f"P{p + 1} has no thug in {'abcdef'[x]}" in str(refused)


def test_bh_4_11_4_influence_acts_only_against_other_players():
    g, s, p = question_of("influence")
    refused = refusal_of(g, s, p, Influence("inf_close", p))
    assert refused.rule == "BH-4.11.4" and "influence acts only against other players" in str(refused)


def test_bh_4_12_2_a_shooter_targets_another_participant_and_no_more_shooters_than_are_left():
    g, s, p = question_of("targets")
    participants, shooters = s.question.info[0], s.question.info[1][s.question.players.index(p)]
    other = next(o for o in participants if o != p)
    kind, left = (THUG, shooters[0]) if shooters[0] else (KILLER, shooters[1])
    himself = refusal_of(g, s, p, Target(p, kind))
    assert himself.rule == "BH-4.12.2" and "is not another participant" in str(himself)
    assert "left to assign" in str(refusal_of(g, s, p, Target(other, kind, left + 1)))
    legality.check(s, p, Target(other, kind, left))  # all he has left, in one line, passes


def test_bh_4_14_claims_stay_within_l_and_the_unprotected_sources():
    g, s = two_takers()  # P1 and P2 may claim P3's two unprotected sources in d
    own = refusal_of(g, s, A, Claim(A))
    assert own.rule == "BH-4.14.3" and "cannot claim his own sources" in str(own)
    assert "P2 has no unprotected source in d" in str(refusal_of(g, s, A, Claim(B)))  # BH-4.14.1
    assert "may claim at most L = 2" in str(refusal_of(g, s, A, Claim(C, 3)))  # BH-4.14.2
    assert legality.allows_unlisted(s, A, Claim(C, 2))


def test_bh_4_15_1_a_takeover_is_divided_by_number_and_a_started_division_has_no_propose():
    g, s = takeover_to_divide("claim P3 2")  # P1 and P2 both claimed P3's two sources
    by_place = refusal_of(g, s, A, Give(A, 1, 0))
    assert by_place.rule == "BH-4.15.1" and "gives sources by number only" in str(by_place)
    s = do(g, s, A, "give P1 1")
    assert "has begun a division line by line" in str(refusal_of(g, s, A, Propose(A)))
    assert "each contestant at most his claim" in str(refusal_of(g, s, A, Give(A, n=2)))


def test_bh_4_15_1_an_estate_division_has_no_submit():
    g, s, p = question_of("propose", "estate")
    refused = refusal_of(g, s, p, SUBMIT)
    assert refused.rule == "BH-4.15.1" and "it has no 'submit'" in str(refused)


def test_bh_4_15_2_a_decision_fight_is_answered_with_fight_or_concede():
    g, s, p = question_of("fight")
    refused = refusal_of(g, s, p, PASS)
    assert refused.rule == "BH-4.15.2" and "declares FIGHT or CONCEDE" in str(refused)


def test_bh_4_13_v03_an_eliminated_player_writes_no_orders_and_one_who_submitted_waits():
    g, s = scenario(3, round=2, ge=(20, 20, 20), elim=(0, 0, 1), godfathers={2: "dead"})
    with pytest.raises(OrderSetRefused) as out:
        g.apply(s, SUBMIT, C)
    assert out.value.codes == ("V03",) and out.value.rule == "BH-4.13"
    assert "P3 was eliminated in round 1 and writes no orders" in str(out.value)
    s = g.apply(s, SUBMIT, A)
    with pytest.raises(IllegalMove) as waits:
        g.apply(s, SUBMIT, A)
    assert waits.value.rule == "BH-4.4" and "P1 has submitted his order set" in str(waits.value)
