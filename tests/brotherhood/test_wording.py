"""Refusals and descriptions say the right clause once, the right code, and no future that cannot come.

BH-4.6 (V-codes), BH-4.14.3 (claims), BH-4.10 (E02/E03 stored for a next round), BH-4.4
(godfather orders), BH-4.13.1 (eliminated players), and codes and keywords read in any case.
Seats: A = P1, B = P2, C = P3, D = P4.
"""

from __future__ import annotations

import re

import pytest

import cardgames
from cardgames.brotherhood.board import JAIL, STOCK
from cardgames.brotherhood.orders import CODES
from cardgames.brotherhood.rules import OrderSetRefused

from .helpers import bh_8_4, do, resolve, scenario, submit_all, takeover_to_divide

A, B, C, D = 0, 1, 2, 3


def clauses(text):
    return re.findall(r"BH-[\d.]*\d", text)


def assert_each_clause_once(text):
    found = clauses(text)
    assert len(found) == len(set(found)), f"a clause named twice: {text!r}"


# -- BH-4.6: a refused order set names each clause once ---------------------------


def test_bh_4_6_v11_names_its_clause_once():
    g, s = bh_8_4()
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(
            s, "build_source b 1; deploy b thug 1; build_influence e 1; build_source f 1; build_influence b 1", A
        )
    text = str(err.value)
    assert err.value.codes == ("V11",) and err.value.code == "V11" and err.value.rule == "BH-4.5"
    assert text.count("BH-4.5") == 1 and "43 GE" in text and "you have 30" in text
    assert_each_clause_once(text)


@pytest.mark.parametrize(
    "text, code",
    [
        ("free thug 2", "V05"),
        ("free_godfather a", "V05"),
        ("close c 2", "V06"),
        ("withdraw c killer 1", "V06"),
        ("build_influence d 1", "V07"),
        ("deploy d thug 2", "V07"),
        ("build_source e 8", "V08"),
        ("godfather a; godfather b", "V10"),
        ("build_source z 1", "V01"),
        ("deploy a dragon 1", "V02"),
        ("build_source a 3", "V11"),
    ],
)
def test_bh_4_6_every_single_code_refusal_names_its_clause_once(text, code):
    g, s = scenario(
        2, round=2, ge=(20, 20), jail={A: (1, 0)}, markers={(A, "c"): (1, 0, 1, 0)}, stock={A: (12, 0, 0, 2)}
    )
    attempts = [lambda: g.parse_action(s, text if ";" in text else text + "; submit", A)]
    if ";" not in text:
        attempts.append(lambda: do(g, s, A, text))  # the same order written alone
    for attempt in attempts:
        with pytest.raises(OrderSetRefused) as err:
            attempt()
        assert err.value.codes == (code,) and err.value.rule == CODES[code]
        assert_each_clause_once(str(err.value))
        assert str(err.value).count(CODES[code]) == 1


def test_bh_4_6_mixed_codes_name_each_clause_once_and_bh_4_6_for_the_whole():
    g, s = scenario(2, round=5, ge=(5, 5), godfathers={B: "a"})
    with pytest.raises(OrderSetRefused) as err:
        g.parse_action(s, "close a 1; build_source a 5; free thug 1", A)
    assert err.value.codes == ("V05", "V06", "V08", "V09", "V11") and err.value.rule == "BH-4.6"
    text = str(err.value)
    assert text.count("BH-4.6") == 1 and text.count("BH-4.4") == 1 and text.count("BH-4.5") == 1
    assert "(V09, BH-4.4)" in text and "(V11, BH-4.5)" in text
    assert "you have 0 in the Jail (V05);" in text  # its clause is the whole refusal's, named once at the end


def test_bh_4_6_v09_placement_refusals_name_bh_4_4_once():
    g, s = scenario(2, round=5, ge=(10, 10), godfathers={B: "a"})
    for text in ("submit", "build_source f 1", "godfather stock"):
        with pytest.raises(OrderSetRefused) as err:
            do(g, s, A, text)
        assert err.value.codes == ("V09",) and str(err.value).count("BH-4.4") == 1


# -- BH-4.14.3: a refused claim explains the claim rules --------------------------


def _claims():
    """BH-8.9: A (2 thugs, 5 sources in stock) may claim C's 3 unprotected sources in e; D's is protected."""
    g, s = resolve(
        4,
        [],
        stock={A: (5, 5, 10, 2)},
        markers={(C, "e"): (3, 0, 0, 0), (D, "e"): (1, 1, 0, 0), (A, "e"): (0, 0, 2, 0)},
    )
    s = do(g, s, D, "done")
    assert s.question.kind == "claims"
    return g, s


@pytest.mark.parametrize(
    "text, why",
    [
        ("claim P3 1; submit", "one at a time"),
        ("claim P3 1; claim P3 1; submit", "one at a time"),
        ("claim P4 1", "P4 has no unprotected source in e"),
        ("claim P3 3", "at most L = 2"),
        ("claim P1 1", "cannot claim his own sources"),
        ("build_source a 1", "orders are written only in the orders stage"),
        ("build_source z 1", "orders are written only in the orders stage"),
        ("build_source a 1; submit", "orders are written only in the orders stage"),
        ("fight", "P1 writes his claims on unprotected sources in e"),
    ],
)
def test_bh_4_14_3_a_refused_claim_explains_the_claim_rules(text, why):
    g, s = _claims()
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, text, A)
    msg = str(err.value)
    assert err.value.rule == "BH-4.14.3" and not isinstance(err.value, OrderSetRefused)
    assert why in msg
    for wrong in ("V02", "BAD_ORDER", "orders are free", "V01"):
        assert wrong not in msg
    # what is allowed: whose sources, the limit L and how it is made, how claims are written
    assert "unprotected" in msg and "P3: 3" in msg and "L = 2" in msg and "2 shooter(s)" in msg
    assert "5 source(s) in stock" in msg and "'claim P3 1'" in msg and "'submit'" in msg
    assert_each_clause_once(msg)
    assert g.to_act(s) == (A,)  # nothing changed


def test_bh_4_14_1_claim_on_protected_sources_says_what_protects_them():
    g, s = _claims()
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, A, "claim P4 1")
    assert "protected while its owner has a godfather, thug, killer or influence marker" in str(err.value)
    assert "BH-4.14.1" in str(err.value)


def test_bh_4_14_3_malformed_claims_are_value_errors_about_claims():
    g, s = _claims()
    for text in ("claim P3 0", "claim P3 x", "claim", "claim P3 1 2", "claim P9 1"):
        with pytest.raises(ValueError) as err:
            g.parse_action(s, text, A)
        assert not isinstance(err.value, cardgames.IllegalMove)
        msg = str(err.value)
        assert "a claim is written 'claim P2 1'" in msg and "BH-4.14.3" in msg and "Orders:" not in msg
    with pytest.raises(ValueError, match="P1 to P4, not 'P9'"):
        g.parse_action(s, "claim p9 1", A)


def test_bh_4_14_3_claims_after_the_limit_and_the_remaining_sources():
    g, s = _claims()
    s = do(g, s, A, "claim P3 1")
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, A, "claim P3 2")
    assert "has claimed 1" in str(err.value) and "1 claimed so far" in str(err.value)


# -- other decisions refuse in their own words ------------------------------------------


def test_bh_4_15_1_a_refused_proposal_line_says_what_the_division_may_hold():
    g, s = takeover_to_divide("claim P3 1", "claim P3 1")
    s = do(g, s, A, "give P1 2")
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, A, "give P2 1")
    msg = str(err.value)
    assert err.value.rule == "BH-4.15.1" and "at most the 2 contested source(s)" in msg and "P1 2, P2 2" in msg
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "give P1 1; submit", B)
    assert "one at a time" in str(err.value) and "V02" not in str(err.value)
    assert_each_clause_once(str(err.value))


def test_bh_4_12_2_a_refused_target_names_the_other_participants():
    g, s = resolve(3, [1, 1, 6], godfathers={C: "c"}, markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0)})
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, A, "target P1 thug 1")
    msg = str(err.value)
    assert err.value.rule == "BH-4.12.2" and "P2 and P3" in msg and "1 unassigned thug(s)" in msg
    assert_each_clause_once(msg)


def test_bh_4_3_a_refused_transfer_and_a_player_out_of_turn():
    g, s = scenario(2, round=2, stage="transfer", ge=(20, 20))
    assert g.to_act(s) == (B,)
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, B, "transfer P2 3")
    assert "a player cannot give to himself" in str(err.value) and "'transfer P1 5'" in str(err.value)
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, B, "transfer P1 30")
    assert "P2 has 20 GE" in str(err.value)
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "pass", A)
    assert "it is P2's decision now, not P1's" in str(err.value) and "player 0" not in str(err.value)
    assert err.value.rule == "BH-4.3"
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, B, "build_source a 1")
    assert "when the transfer window has closed (BH-4.4)" in str(err.value)


def test_bh_4_4_a_player_who_submitted_is_told_who_still_writes():
    g, s = scenario(3, round=2, ge=(20, 20, 20))
    s = do(g, s, A, "submit")
    with pytest.raises(cardgames.IllegalMove) as err:
        do(g, s, A, "submit")
    assert "P1 has submitted his order set; P2 and P3 still write theirs" in str(err.value)


# -- BH-4.13.1: an eliminated player, with V03 only for order sets ------------------


def test_bh_4_13_1_eliminated_player_v03_for_orders_only():
    g, s = scenario(3, round=2, ge=(20, 20, 20), elim=(0, 0, 1), godfathers={C: "dead"})
    with pytest.raises(OrderSetRefused) as err:
        do(g, s, C, "submit")
    assert err.value.codes == ("V03",)
    g, s = _claims()
    s = s.replace(table=s.table.replace(elim=(0, 0, 0, 2)))
    with pytest.raises(cardgames.IllegalMove) as err:
        g.parse_action(s, "claim P3 1", D)
    assert err.value.rule == "BH-4.13" and "V03" not in str(err.value)
    assert "eliminated in round 2" in str(err.value) and "no more decisions" in str(err.value)


# -- BH-4.10: E02/E03 in round 12 (and before an early end) speak of no next income phase -----


def e02_e03_drawn_in_round(number, card):
    """Two players in round ``number``: A has submitted and the event ``card`` (E02 or E03) hits district c,
    where A holds two sources."""
    g, s = scenario(
        2,
        round=number,
        stage="orders",
        rolls=[3],
        deck=(card, 7, 14),
        ge=(10, 10),
        godfathers={A: "a", B: "b"},
        markers={(A, "c"): (2, 0, 0, 0)},
    )
    return g, do(g, s, A, "submit")


@pytest.mark.parametrize("card, what", [(2, "yield nothing"), (3, "yield half")])
def test_bh_4_10_e02_e03_in_round_12_describe_no_effect(card, what):
    g, s = e02_e03_drawn_in_round(12, card)
    text = g.describe(s, g.legal_actions(s, B)[0], B)
    assert f"event E0{card} hits district c" in text and "no effect" in text
    assert "next income phase" not in text and f"sources there {what}" not in text
    assert "round 12 is the last" in text and "the game ends after round 12" in text
    assert_each_clause_once(text.split(" — then: ")[1].split("; ")[0])


@pytest.mark.parametrize("card, what", [(2, "yield nothing"), (3, "yield half")])
def test_bh_4_10_e02_e03_before_round_12_name_the_round_they_act_in(card, what):
    g, s = e02_e03_drawn_in_round(11, card)
    text = g.describe(s, g.legal_actions(s, B)[0], B)
    assert f"sources there {what} in round 12's income phase" in text and "no effect" not in text
    s = do(g, s, B, "submit")
    income = [e for e in s.news if e[0] == "income" and e[1] == A]
    assert income == [("income", A, 0 if card == 2 else 3, 10 + (0 if card == 2 else 3))]


def test_bh_4_10_e03_before_an_early_end_has_no_effect_either():
    # round 6: E03 hits c, then A's killer kills B's lone godfather in d: the game ends after this round
    g, s = scenario(
        2,
        round=6,
        stage="orders",
        rolls=[3, 1],
        deck=(3, 7, 14),
        ge=(10, 10),
        godfathers={A: "a", B: "d"},
        markers={(A, "d"): (0, 0, 0, 1), (A, "c"): (1, 0, 0, 0)},
    )
    s = do(g, s, A, "submit")
    text = g.describe(s, g.legal_actions(s, B)[0], B)
    assert "the game ends early after round 6" in text
    assert "would yield half in round 7's income phase, but the game ends after this round: no effect" in text


# -- BH-4.4: godfather orders that change nothing are not offered ---------------------------


def _gf_orders(g, s, p):
    return {str(a) for a in g.legal_actions(s, p) if str(a).startswith("godfather")}


def test_bh_4_4_godfather_stock_is_not_offered_when_he_is_in_stock():
    g, s = scenario(2, round=2, ge=(20, 20), markers={(A, "c"): (1, 0, 1, 0)})
    assert _gf_orders(g, s, A) == {f"godfather {x}" for x in "abcdef"}
    s2 = do(g, s, A, "build_source e 1")
    assert "godfather stock" not in _gf_orders(g, s2, A) and "godfather e" in _gf_orders(g, s2, A)
    # written anyway it is valid (BH-4.6 has no error for it) and changes nothing, which describe says
    text = g.describe(s, g.parse_action(s, "godfather stock", A), A)
    assert "already is in stock, so it changes nothing" in text
    s3 = submit_all(g, s, {A: "godfather stock"})
    assert s3.table.gf[A] == STOCK


def test_bh_4_4_a_godfather_in_a_district_is_offered_stock_but_not_his_own_district():
    g, s = scenario(2, round=3, ge=(20, 20), godfathers={A: "c"})
    assert _gf_orders(g, s, A) == {
        "godfather a",
        "godfather b",
        "godfather d",
        "godfather e",
        "godfather f",
        "godfather stock",
    }
    g, s = scenario(2, round=6, ge=(20, 20), godfathers={A: "c", B: "d"})
    assert _gf_orders(g, s, A) == {"godfather a", "godfather b", "godfather d", "godfather e", "godfather f"}
    # in the Jail he is freed to any place, stock included until round 4
    g, s = scenario(2, round=3, ge=(20, 20), godfathers={A: "jail"})
    assert s.table.gf[A] == JAIL
    assert {str(a) for a in g.legal_actions(s, A)} >= {"free_godfather stock", "free_godfather a"}


# -- codes and keywords are read in any case ----------------------------------------------


def same(g, s, p, text):
    """``text`` in upper, lower and mixed case parses to the same action."""
    want = g.parse_action(s, text.lower(), p)
    for variant in (text.upper(), text.title(), text.swapcase()):
        assert g.parse_action(s, variant, p) == want, variant
    return want


def test_parse_action_reads_codes_and_keywords_in_any_case():
    g, s = scenario(2, round=2, ge=(30, 30), jail={A: (1, 1)}, markers={(A, "c"): (1, 0, 1, 0)})
    for text in (
        "free thug 1",
        "free killer",
        "close c 1",
        "build_source d 1",
        "build_influence e 1",
        "withdraw c thug 1",
        "deploy e killer 1",
        "deploy e thugs 1",
        "godfather c",
        "godfather stock",
        "submit",
        "build_source d 1; godfather e; submit",
        "build_source d 1; submit",
    ):
        same(g, s, A, text)
    g, s = scenario(2, round=3, ge=(20, 20), godfathers={A: "jail"})
    assert str(same(g, s, A, "free_godfather d")) == "free_godfather d"
    assert str(same(g, s, A, "free_godfather stock")) == "free_godfather stock"
    g, s = scenario(2, round=2, stage="transfer", ge=(20, 20))
    assert str(same(g, s, B, "transfer p1 5")) == "transfer P1 5"
    same(g, s, B, "pass")
    g, s = scenario(
        2,
        round=4,
        stage="start",
        ge=(0, 1),
        markers={(B, "f"): (2, 0, 0, 0), (B, "d"): (0, 0, 2, 0), (B, "b"): (0, 0, 0, 1)},
    )
    assert str(same(g, s, B, "dismiss b killer")) == "dismiss b killer"
    g, s = resolve(2, [], markers={(A, "c"): (0, 2, 0, 0), (B, "c"): (0, 3, 0, 0)})
    assert str(same(g, s, B, "inf_remove p1")) == "inf_remove P1"
    same(g, s, B, "done")
    g, s = resolve(
        3,
        [1, 1, 6],
        godfathers={C: "c"},
        stock={C: (1, 0, 0, 0)},
        markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0), (C, "e"): (2, 0, 0, 0)},
    )
    assert str(same(g, s, A, "target p3 thug 1")) == "target P3 thug 1"
    s = do(g, s, A, "TARGET P3 THUG 1")
    s = do(g, s, B, "Target p3 Thug 1")
    assert s.question.kind == "propose"
    assert str(same(g, s, A, "propose p2")) == "propose P2"
    assert str(same(g, s, A, "give p2 e source 1")) == "give P2 e source 1"
    assert str(same(g, s, A, "give p1 stock sources 1")) == "give P1 stock source 1"
    g, s = _claims()
    assert str(same(g, s, A, "claim p3 1")) == "claim P3 1"
    same(g, s, A, "submit")
    g, s = resolve(3, [6, 6, 6, 6], markers={(A, "d"): (0, 0, 2, 0), (B, "d"): (0, 0, 2, 0), (C, "d"): (2, 0, 0, 0)})
    for p in (A, B):
        s = do(g, s, p, "CLAIM P3 2")
        s = do(g, s, p, "Submit")
    assert str(same(g, s, A, "give p1 1")) == "give P1 1"
    s = do(g, s, A, "PROPOSE P1")
    s = do(g, s, B, "propose p2")
    assert s.question.kind == "fight"
    same(g, s, A, "fight")
    same(g, s, A, "concede")


def test_bh_2_5_stacked_event_codes_and_jail_places_in_any_case():
    g = cardgames.load("brotherhood", players=2)
    assert g.new(seed=1, events=["e03", "E01"]).table.deck[:2] == (3, 1)
    g, s = resolve(
        3, [1, 1, 6], godfathers={C: "c"}, jail={C: (1, 0)}, markers={(A, "c"): (0, 0, 1, 0), (B, "c"): (0, 0, 1, 0)}
    )
    s = do(g, s, A, "target P3 thug 1")
    s = do(g, s, B, "target P3 thug 1")
    assert str(same(g, s, A, "give p2 jail thug 1")) == "give P2 jail thug 1"


def test_describe_names_each_clause_once_over_seeded_games():
    g = cardgames.load("brotherhood", players=3)
    import random

    for seed in range(4):
        rng = random.Random(seed)
        s = g.new(seed=seed)
        while g.to_act(s):
            p = g.to_act(s)[0]
            a = rng.choice(g.legal_actions(s, p))
            text = g.describe(s, a, p)
            head, _, tail = text.partition(" — then: ")
            assert_each_clause_once(head)
            assert "next income phase" not in text
            assert " 0 source(s) in all" not in text and "order set of 0" not in text
            s = g.apply(s, a, p)


def test_build_table_reads_district_letters_and_places_in_any_case():
    from cardgames.brotherhood import build_table

    t = build_table(2, markers={(A, "C"): (1, 0, 0, 0)}, godfathers={A: "E", B: "Jail"})
    assert t.board[2][A][0] == 1 and t.gf == (4, JAIL)
    with pytest.raises(ValueError, match="a district a-f"):
        build_table(2, markers={(A, "z"): (1, 0, 0, 0)})


def test_every_clause_cited_by_the_engine_is_in_the_shipped_rules():
    """A message or description never cites a clause id that cardgames/brotherhood/rules.md lacks."""
    from pathlib import Path

    import cardgames.brotherhood as package

    cited = set()
    for path in Path(package.__file__).parent.glob("*.py"):
        cited |= set(re.findall(r"BH-\d+(?:\.\d+)*", path.read_text(encoding="utf-8")))
    assert len(cited) > 40
    for clause in sorted(cited):
        assert cardgames.rule(clause).id == clause


def test_describe_does_not_repeat_the_decision_it_describes():
    g, s = scenario(2, round=2, stage="transfer", ge=(20, 20))
    text = g.describe(s, g.parse_action(s, "transfer P1 5", B), B)
    assert text == "P2 transfers 5 GE to P1 at once (BH-4.3)."
    g, s = scenario(
        2,
        round=4,
        stage="start",
        ge=(0, 1),
        markers={(B, "f"): (2, 0, 0, 0), (B, "d"): (0, 0, 2, 0), (B, "b"): (0, 0, 0, 1)},
    )
    text = g.describe(s, g.parse_action(s, "dismiss b killer", B), B)
    assert text.count("withdraws a killer from b") == 1 and "withdraws a thug from d" in text
    g, s = resolve(2, [], markers={(A, "c"): (0, 2, 1, 0), (B, "c"): (0, 3, 0, 0)})
    text = g.describe(s, g.parse_action(s, "inf_jail P1", B), B)
    assert text.startswith("P2 uses influence in c: 1 marker jails a thug of P1 (BH-4.11.4)")
    assert "inf_jail on P1" not in text
