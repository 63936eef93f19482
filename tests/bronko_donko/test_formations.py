"""Formations (BD-5.1 - BD-5.5, BD-6.1 - BD-6.3) and the legal-move generator against brute force."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko.cards import FORM_BY_KEY, GANG, KOSE, SOLO, STREET, WOLF, WOLF_BIT
from cardgames.bronko_donko.rules import openings

from .helpers import form_or_none as form
from .helpers import load, table

# -- an independent definition of a formation, for brute force ---------------------------


def brute_formation(real: list[int], decl: int | None, rev: int):
    """(kind, strength) if real cards plus a Wolf declared as ``decl`` form a formation (BD-5.1/5.2)."""
    if decl is not None and (decl >= KOSE or decl in real):
        return None
    members = real + ([decl] if decl is not None else [])
    if not real:
        return None
    st = [C.STRENGTH[rev][c] for c in members]
    if len(members) == 1:
        return (SOLO, st[0])
    if KOSE in members:
        return None
    if 2 <= len(members) <= 4 and len({C.BASE[c] for c in members}) == 1:
        return (GANG, st[0])
    if len(members) >= 3 and len({C.COLOUR[c] for c in members}) == 1:
        s = sorted(st)
        if s == list(range(s[0], s[0] + len(s))):
            return (STREET, s[0])
    return None


def brute_all(hand: int, rev: int, wolf_ok: bool):
    cards = [c for c in C.cards_of(hand) if c != WOLF]
    out = {}
    for k in range(1, len(cards) + 1):
        for sub in combinations(cards, k):
            r = brute_formation(list(sub), None, rev)
            if r:
                out[(sum(1 << c for c in sub), -1)] = (r[0], k, r[1])
            if wolf_ok and hand & WOLF_BIT and k <= 7:
                for decl in range(34):
                    r = brute_formation(list(sub), decl, rev)
                    if r:
                        out[(sum(1 << c for c in sub), decl)] = (r[0], k + 1, r[1])
    return out


def random_hands(n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        size = rng.choice([6, 8, 10, 12])
        yield sum(1 << c for c in rng.sample(range(34), size))


def test_bd_5_1_generator_matches_brute_force_normal_and_in_revolution():
    """Every legal formation exactly once, Wolf substitutions included (BD-5.1, BD-5.2, BD-5.3)."""
    for hand in random_hands(150, 1):
        for rev in (0, 1):
            for wolf_ok in (True, False):
                got = openings(hand, bool(wolf_ok and hand & WOLF_BIT))
                keys = [(f.cards, f.wolf) for f in got]
                assert len(keys) == len(set(keys)), "duplicate formation"
                want = brute_all(hand, rev, wolf_ok)
                assert set(keys) == set(want), (C.codes(hand), rev, wolf_ok)
                for f in got:
                    assert (f.kind, f.size, f.strength[rev]) == want[(f.cards, f.wolf)]


def test_bd_5_5_counters_match_brute_force():
    """Beat = same type and size, strictly stronger; box = equal (BD-5.5, BD-5.9, BD-5.10, BD-7.7)."""
    game = load(3)
    rng = random.Random(5)
    for hand in random_hands(120, 2):
        for rev in (0, 1):
            for ring in (False, True):
                cur = rng.choice([f for f in C.FORMS if not f.fist[rev]])
                state = table(
                    game, [0, hand, 0], turn=1, current=cur, owner=0, revolution=bool(rev), ring=ring, placed=0b111
                )
                got = {str(a) for a in game.legal_actions(state, 1)}
                want = {"duck"}
                s = cur.strength[rev]
                for (m, w), (kind, size, t) in brute_all(hand, rev, True).items():
                    if kind != cur.kind or size != cur.size:
                        continue
                    text = C._text(C.cards_of(m), w)
                    if (t == s + 1) if ring else t > s:
                        want.add("beat " + text)
                    if not ring and t == s and not cur.nobox[rev]:
                        want.add("box " + text)
                assert got == want, (cur.text, C.codes(hand), rev, ring)


def test_bd_5_1_solo_gang_and_street_types():
    assert form("Ro5").kind == SOLO
    assert form("Ro5 Ge5 Bl5").kind == GANG and form("Ro5 Ge5 Bl5").size == 3
    assert form("Bl3 Bl4 Bl5").kind == STREET
    assert form("Bl3 Bl4 Ro5") is None
    assert form("Ge2 Ge3") is None  # a street needs three cards
    assert form("Ro5 Ge5 Bl5 Gr5 Wolf=Gr5") is None  # a Gäng has at most 4 cards


def test_bd_5_2_wolf_declaration_never_kose_nor_a_card_of_the_formation():
    assert form("Ro5 Wolf=Ro5") is None
    assert form("Ro5 Wolf=Gr5").kind == GANG
    assert form("Gr1 Wolf=Kose") is None
    assert form("Gr1 Wolf=Gr2 Gr3").strength[0] == 1


def test_bd_5_2_wolf_may_be_declared_as_a_card_in_the_own_hand():
    game = load(3)
    state = table(game, ["Gr1 Gr2 Gr3 Wolf", "Ro1", "Bl1"], turn=0)
    acts = {str(a) for a in game.legal_actions(state)}
    assert "open Gr1 Wolf=Gr2 Gr3" in acts
    assert "open Gr1 Gr2 Gr3 Wolf=Gr4" in acts
    assert "open Wolf=Bl1 Gr1" in acts or "open Gr1 Wolf=Bl1" in acts


def test_bd_5_3_street_strength_is_its_lowest_current_strength():
    f = form("Bl6 Bl7 Bl8")
    assert f.strength == (6, 0)  # BD-5.4: 8 - highest base strength in a revolution


def test_bd_5_4_street_up_to_eight_and_gang_up_to_four():
    assert form("Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8").size == 8
    assert max(f.size for f in C.FORMS if f.kind == GANG) == 4


def test_bd_3_5_fist_formations():
    assert form("Ge6 Ge7 Wolf=Ge8").fist == (True, False)
    assert form("Ro1 Ro2 Ro3").fist == (False, True)
    assert form("Ro1").fist == (False, False)  # BD-5.10: a Solo Donko is no fist in a revolution
    assert form("Ro1 Ge1").fist == (False, True)
    assert form("Kose").fist == (False, False)  # Kose is never a fist card


def test_bd_6_1_kose_only_solo_strength_0_or_8():
    assert form("Kose Bl1") is None
    assert form("Kose").strength == (0, 8)


def test_bd_6_3_wolf_never_solo():
    assert FORM_BY_KEY.get((0, C.parse_card("Ro4"))) is None
    assert all(f.cards for f in C.FORMS)


def test_bd_2_1_thirty_four_unique_cards_and_damage_160():
    assert len(C.CODES) == 34 == len(set(C.CODES))
    assert sum(C.DAMAGE) == 160  # BD-2.2
    stars = [c for c in range(34) if C.DAMAGE[c]]
    assert len(stars) == 34 - 12  # BD-2.3: Donko, Cobra, Hipster have no star
    assert all(C.STRENGTH[1][c] == 8 - C.BASE[c] for c in range(32))  # BD-2.2


def test_bd_3_8_card_codes_and_wolf_text_round_trip():
    game = load(3)
    state = table(game, ["Gr4 Gr5 Wolf", "Gr6", "Bl1"], turn=0)
    a = game.parse_action(state, "open Gr4 Gr5 Wolf=Gr6")
    assert str(a) == "open Gr4 Gr5 Wolf=Gr6"
    assert game.parse_action(state, "open gr5 WOLF=gr6 gr4") == a


def test_bd_1_1_two_to_four_players():
    import cardgames

    for n in (2, 3, 4):
        assert cardgames.load("bronko_donko", players=n).players == n
    for n in (1, 5):
        with pytest.raises(ValueError):
            cardgames.load("bronko_donko", players=n)


def test_bd_1_2_card_data_of_table_2_1():
    names = [C.FIGURES[b] for b in range(8, 0, -1)]
    assert names == ["Bronko", "Moneyboy", "Bunny", "Hautz", "Vertriebler", "Hipster", "Cobra", "Donko"]
    assert [C.STAR[b] for b in range(8, 0, -1)] == [11, 4, 3, 2, 10, 0, 0, 0]
    assert C.DAMAGE[KOSE] == C.DAMAGE[WOLF] == 20
    assert C.SCHLAEGER == (2, 4, 6, 8, 10, 12, 15, 20) and sum(C.SCHLAEGER) == 77


def test_bd_2_2_revolution_strength_is_eight_minus_base_and_damage_totals_160():
    assert all(C.STRENGTH[1][c] == 8 - C.BASE[c] for c in range(33))
    assert sum(C.DAMAGE) == 160


def test_bd_2_3_cards_without_star_are_donko_cobra_hipster():
    starless = {C.BASE[c] for c in range(32) if C.DAMAGE[c] == 0}
    assert starless == {1, 2, 3}
    assert C.DAMAGE[KOSE] > 0 and C.DAMAGE[WOLF] > 0
