"""BH-4.12.5 and BH-4.13.2 (revised, R-21): the claimants of a killed godfather's estate.

rivals(V) are all other participants of the shootout in which V's godfather fell -- or of
the decision-fight volley (BH-4.15.5), whose participants are that volley's contestants --
whether or not they hit him; the claimants are those rivals still active when V's estate is
resolved.  The seed: "waren der Schießerei zwei oder mehr Spieler beteiligt".

Seats: A = P1, B = P2, C = P3, D = P4, E = P5.  ``resolve`` puts E07 (harmless) on top of
the deck and rolls its district die 1 before the given rolls.
"""

from __future__ import annotations

import pytest

from cardgames.brotherhood.board import DEAD, KILLER, SRC, THUG

from .helpers import do, fought_out, resolve

A, B, C, D, E = 0, 1, 2, 3, 4


def claimants(state):
    return [e for e in state.news if e[0] == "claimants"]


def test_bh_4_12_5_two_participants_the_other_one_is_the_only_claimant():
    # c: A's killer against B's lone godfather; the roll 1 kills him
    g, s = resolve(2, [1], godfathers={B: "c"}, markers={(A, "c"): (0, 0, 0, 1), (B, "e"): (2, 0, 0, 0)})
    assert claimants(s) == [("claimants", B, 2, (A,))]
    assert ("inherit", B, A) in s.news and s.table.board[4][A][SRC] == 2


def test_bh_4_12_5_two_participants_a_guarded_godfather_falls_to_the_other():
    # c: B's godfather with one thug; A's two killers both hit (the thug, then the godfather), B's thug misses
    g, s = resolve(2, [1, 1, 6], godfathers={B: "c"}, markers={(A, "c"): (0, 0, 0, 2), (B, "c"): (0, 0, 1, 0)})
    assert s.table.elim[B] == 2
    assert claimants(s) == [("claimants", B, 2, (A,))] and ("inherit", B, A) in s.news


def test_bh_4_12_5_participants_killed_in_the_same_shootout_claim_nothing():
    # c: A (godfather and 4 killers) fires two killers at B and two at C; B and C (godfather and one
    # killer each) fire at A.  B and C both fall; each is the other's rival, but eliminated, so A
    # alone claims both estates.
    g, s = resolve(
        3,
        [1, 1, 1, 1, 1, 1],
        godfathers={A: "c", B: "c", C: "c"},
        markers={
            (A, "c"): (0, 0, 0, 4),
            (B, "c"): (0, 0, 0, 1),
            (C, "c"): (0, 0, 0, 1),
            (B, "a"): (1, 0, 0, 0),
            (C, "b"): (1, 0, 0, 0),
        },
    )
    s = do(g, s, A, "target P2 killer 2")
    s = do(g, s, A, "target P3 killer 2")
    s = do(g, s, B, "target P1 killer 1")
    s = do(g, s, C, "target P1 killer 1")
    t = s.table
    assert t.elim == (0, 2, 2) and t.gf[B] == t.gf[C] == DEAD and t.board[2][A][KILLER] == 2
    assert claimants(s) == [("claimants", B, 2, (A,)), ("claimants", C, 2, (A,))]
    assert ("inherit", B, A) in s.news and ("inherit", C, A) in s.news
    assert t.board[0][A][SRC] == 1 and t.board[1][A][SRC] == 1
    assert g.is_over(s)  # BH-6.2: A is the sole survivor


def test_bh_4_13_3_no_claimant_when_every_rival_dies_later_in_d1():
    # c: A's killer kills B's lone godfather; d: C's killer then kills A's lone godfather.
    # B's only rival A is no longer active when the estates are resolved: B's estate leaves the game.
    g, s = resolve(
        3,
        [1, 1],
        godfathers={A: "d", B: "c"},
        jail={B: (1, 0)},
        markers={(A, "c"): (0, 0, 0, 1), (C, "d"): (0, 0, 0, 1), (B, "a"): (2, 0, 0, 0)},
    )
    assert claimants(s) == [("claimants", B, 2, ()), ("claimants", A, 3, (C,))]
    assert ("estate_removed", B, "no claimant") in s.news
    assert s.table.board[0][B] == (0, 0, 0, 0) and s.table.jail[B] == (0, 0) and s.table.stock[B] == (0, 0, 0, 0)
    assert s.table.board[0][C] == (0, 0, 0, 0)  # nothing of B's went to C, who never met him


def test_bh_4_12_5_a_participant_with_only_his_godfather_is_a_rival():
    # c: A's killer, and the lone godfathers of B and C.  Only A has a shooter, so only A assigns
    # targets; he kills B.  C fired nothing but took part: he claims B's estate with A.
    g, s = resolve(3, [1], godfathers={B: "c", C: "c"}, markers={(A, "c"): (0, 0, 0, 1), (B, "e"): (3, 0, 0, 0)})
    assert g.to_act(s) == (A,) and s.question.kind == "targets"
    s = do(g, s, A, "target P2 killer 1")
    assert claimants(s) == [("claimants", B, 2, (A, C))]
    assert s.question.kind == "propose" and set(g.to_act(s)) == {A, C}
    s = do(g, s, A, "propose P3")
    s = do(g, s, C, "propose P3")
    assert ("inherit", B, C) in s.news and s.table.board[4][C][SRC] == 3 and s.table.board[4][A][SRC] == 0


def test_bh_4_13_5_claimants_without_shooters_leave_the_fight_at_once():
    # the same shootout; A and C disagree: the fight is in c, where C has no shooter (BH-4.15.3)
    g, s = resolve(3, [1], godfathers={B: "c", C: "c"}, markers={(A, "c"): (0, 0, 0, 1), (B, "e"): (3, 0, 0, 0)})
    s = do(g, s, A, "target P2 killer 1")
    s = do(g, s, A, "propose P1")
    s = do(g, s, C, "propose P3")
    assert ("fight_won", 2, ("estate", B), A) in s.news and ("inherit", B, A) in s.news


def test_bh_4_12_5_four_participants_two_killed_two_claimants_each():
    # d: A's and C's killers; the lone godfathers of B and D.  A kills D, C kills B.
    # rivals(B) = {A, C, D}, rivals(D) = {A, B, C}; B and D are out, so A and C claim both estates,
    # B's first (seat order within the district).
    g, s = resolve(
        4,
        [1, 1],
        godfathers={B: "d", D: "d"},
        markers={(A, "d"): (0, 0, 0, 1), (C, "d"): (0, 0, 0, 1), (B, "a"): (1, 0, 0, 0), (D, "b"): (1, 0, 0, 0)},
    )
    assert set(g.to_act(s)) == {A, C}
    s = do(g, s, A, "target P4 killer 1")
    s = do(g, s, C, "target P2 killer 1")
    assert s.table.elim == (0, 2, 0, 2)
    assert claimants(s) == [("claimants", B, 3, (A, C))]
    assert s.question.info[:2] == ("estate", B) and set(g.to_act(s)) == {A, C}
    s = do(g, s, A, "propose P1")
    s = do(g, s, C, "propose P1")
    assert ("inherit", B, A) in s.news
    assert ("claimants", D, 3, (A, C)) in s.news
    assert s.question.info[:2] == ("estate", D)
    s = do(g, s, A, "propose P3")
    s = do(g, s, C, "propose P3")
    assert ("inherit", D, C) in s.news
    assert s.table.board[0][A][SRC] == 1 and s.table.board[1][C][SRC] == 1


@pytest.mark.parametrize("agree", [True, False])
def test_bh_4_12_5_five_participants_all_four_others_claim(agree):
    # e: A's killer, the lone godfathers of B, C, D and E; A kills E.
    g, s = resolve(
        5, [1], godfathers={B: "e", C: "e", D: "e", E: "e"}, markers={(A, "e"): (0, 0, 0, 1), (E, "f"): (2, 0, 0, 0)}
    )
    s = do(g, s, A, "target P5 killer 1")
    assert claimants(s) == [("claimants", E, 4, (A, B, C, D))]
    assert set(g.to_act(s)) == {A, B, C, D}
    for p in (A, B, C, D):
        s = do(g, s, p, "propose P4" if agree else f"propose P{p + 1}")
    heir = D if agree else A  # without agreement only A has a shooter in e: he wins the fight unopposed
    assert ("inherit", E, heir) in s.news
    assert s.table.board[5][heir][SRC] == 2


def test_bh_4_15_5_rivals_in_a_volley_are_its_other_contestants():
    """A decision fight's volley is a shootout: B falls to A's thugs, and C, who fought in that volley
    without hitting him, claims B's estate beside A."""
    # d1 in d: A (2 thugs), B (thug and godfather), C (thug) all fire at D's lone godfather: only A hits
    g, s = resolve(
        4,
        [1, 6, 6, 6, 1, 1, 6, 6],
        godfathers={B: "d", D: "d"},
        markers={(A, "d"): (0, 0, 2, 0), (B, "d"): (0, 0, 1, 0), (C, "d"): (0, 0, 1, 0), (D, "a"): (1, 0, 0, 0)},
    )
    s = do(g, s, A, "target P4 thug 2")
    s = do(g, s, B, "target P4 thug 1")
    s = do(g, s, C, "target P4 thug 1")
    assert claimants(s) == [("claimants", D, 3, (A, B, C))]
    for p in (A, B, C):
        s = do(g, s, p, f"propose P{p + 1}")
    for p in (A, B, C):
        s = do(g, s, p, "fight")
    # the volley: A's two thugs at B (1, 1), B's thug at C (6), C's thug at A (6)
    s = do(g, s, A, "target P2 thug 2")
    s = do(g, s, B, "target P3 thug 1")
    s = do(g, s, C, "target P1 thug 1")
    assert s.table.elim[B] == 2 and s.question.kind == "fight" and set(g.to_act(s)) == {A, C}
    s = do(g, s, A, "fight")
    s = do(g, s, C, "concede")
    assert ("fight_won", 3, ("estate", D), A) in s.news and ("inherit", D, A) in s.news
    # B was killed in the volley: his rivals are the volley's other contestants, A and C
    assert ("claimants", B, 3, (A, C)) in s.news
    assert s.question.info[:2] == ("estate", B) and set(g.to_act(s)) == {A, C}
    s = do(g, s, A, "propose P3")
    s = do(g, s, C, "propose P3")
    assert ("inherit", B, C) in s.news
    assert s.table.stock[C][THUG] == 11 + 11 and s.table.board[0][A][SRC] == 1


def test_bh_4_15_5_a_player_outside_the_fight_is_no_rival_of_its_victims():
    """C stands in d with a thug but made no claim: B, killed in the takeover fight between A and B,
    has A as his only rival."""
    # d1 in d: A (2 thugs) at C, B (thug and godfather) at A, C (thug) at A: all miss
    g, s = resolve(
        4,
        [6, 6, 6, 6, 1, 1, 6],
        godfathers={B: "d"},
        markers={(A, "d"): (0, 0, 2, 0), (B, "d"): (0, 0, 1, 0), (C, "d"): (0, 0, 1, 0), (D, "d"): (1, 0, 0, 0)},
    )
    s = do(g, s, A, "target P3 thug 2")
    s = do(g, s, B, "target P1 thug 1")
    s = do(g, s, C, "target P1 thug 1")
    assert s.question.kind == "claims"
    s = do(g, s, A, "claim P4 1")
    s = do(g, s, A, "submit")
    s = do(g, s, B, "claim P4 1")
    s = do(g, s, B, "submit")
    s = do(g, s, C, "submit")
    s = fought_out(g, s)  # two contestants: fire is automatic; A's thugs 1, 1 kill B, B's thug misses
    assert s.table.elim[B] == 2
    assert ("claimants", B, 3, (A,)) in s.news and ("inherit", B, A) in s.news
    assert s.table.board[3][A][SRC] == 1 and s.table.board[3][D][SRC] == 0 and s.table.stock[D][SRC] == 12
    assert s.table.board[3][C][THUG] == 1
