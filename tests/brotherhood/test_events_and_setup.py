"""BH-2, BH-3, BH-4.10 and BH-4.16: components, setup, the event deck and the roll order."""

from __future__ import annotations

import pytest

from cardgames.brotherhood.board import (
    CAPACITY,
    INF,
    INFLUENCE_COST,
    JAIL,
    SOURCE_COST,
    SRC,
    STOCK,
    SUPPLY,
    THUG,
    YIELD,
)

from .helpers import game, quiet, scenario

C_DIE = 3  # the district die result selecting c
REST = (7, 14)  # harmless follow-up cards


def after_event(card, rolls=(), **table):
    g, s = scenario(2, round=2, stage="resolve", rolls=[C_DIE, *rolls], deck=(card, *REST), ge=50, **table)
    return s


def test_bh_2_1_and_bh_3_2_supply_and_starting_capital():
    g = game(4)
    s = g.new(seed=3)
    t = s.table
    assert t.stock == (SUPPLY,) * 4 == ((12, 5, 12, 2),) * 4
    assert t.ge == (20,) * 4 and t.gf == (STOCK,) * 4
    assert all(m == (0, 0, 0, 0) for row in t.board for m in row)
    assert not any(e[0] == "income" for e in s.news)  # BH-3.2: no income phase in round 1


def test_bh_2_3_district_table():
    assert CAPACITY == (3, 3, 4, 5, 7, 8)
    assert SOURCE_COST == (10, 8, 6, 4, 2, 2)
    assert YIELD == (5, 4, 3, 2, 1, 1)
    assert INFLUENCE_COST == (11, 9, 7, 5, 3, 3)
    assert all(c == 2 * y for c, y in zip(SOURCE_COST, YIELD))


def test_bh_3_3_deck_is_fifteen_cards_shuffled_by_the_seed():
    g = game(3)
    d1 = g.new(seed=5).table.deck
    assert sorted(d1) == list(range(1, 16))
    assert g.new(seed=5).table.deck == d1
    assert any(g.new(seed=s).table.deck != d1 for s in range(6, 10))
    stacked = g.new(seed=5, events=["E04", "E01"]).table.deck
    assert stacked[:2] == (4, 1) and sorted(stacked) == list(range(1, 16))


def test_bh_3_3_three_cards_stay_unseen_and_bh_3_4_twelve_rounds():
    g = game(2)
    s = quiet(g, g.new(seed=2))
    assert s.round == 12 and len(s.table.deck) == 3
    assert g.is_over(s)


def test_bh_3_3_stacked_events_must_be_cards_once_each():
    g = game(2)
    with pytest.raises(ValueError):
        g.new(seed=1, events=["E16"])
    with pytest.raises(ValueError):
        g.new(seed=1, events=["E01", "E01"])
    with pytest.raises(ValueError):
        g.new(seed=1, rolls=[7])


def test_bh_2_6_same_seed_same_game():
    g = game(3)
    a = quiet(g, g.new(seed=11))
    b = quiet(g, g.new(seed=11))
    assert a == b


def test_bh_2_5_e01_godfathers_to_jail():
    s = after_event(1, godfathers={0: "c", 1: "d"})
    assert s.table.gf[0] == JAIL and s.table.gf[1] == 3


def test_bh_2_5_e02_no_yield_next_round():
    s = after_event(2, markers={(0, "c"): (2, 0, 0, 0), (0, "d"): (1, 0, 0, 0)})
    assert [e for e in s.news if e[0] == "income"][0] == ("income", 0, 2, 52)


def test_bh_2_5_e03_half_yield_next_round():
    s = after_event(3, markers={(0, "c"): (3, 0, 0, 0)})
    assert [e for e in s.news if e[0] == "income"][0] == ("income", 0, 4, 54)


def test_bh_4_10_e02_e03_in_round_12_have_no_effect():
    g, s = scenario(2, round=12, stage="resolve", rolls=[C_DIE], deck=(2, 7), markers={(0, "c"): (1, 0, 0, 0)})
    assert g.is_over(s) and s.table.zero == ()


def test_bh_2_5_e04_every_source_removed_to_stock():
    s = after_event(4, markers={(0, "c"): (3, 0, 0, 0), (1, "c"): (1, 0, 0, 0)})
    assert s.table.board[2][0][SRC] == 0 and s.table.board[2][1][SRC] == 0
    assert s.table.stock[0][SRC] == 12 and s.table.stock[1][SRC] == 12


@pytest.mark.parametrize("card, rolls, left", [(5, (1, 3, 4), 1), (6, (1, 3, 4), 2), (15, (1, 3, 4), 2)])
def test_bh_2_5_e05_e06_e15_sources_removed_by_dice(card, rolls, left):
    s = after_event(card, rolls, markers={(0, "c"): (3, 0, 0, 0)})
    assert s.table.board[2][0][SRC] == left


def test_bh_2_5_e07_no_influence_in_the_district():
    s = after_event(7, markers={(0, "c"): (0, 1, 0, 0), (1, "c"): (1, 0, 0, 0)})
    assert s.question is None or s.question.kind != "influence"
    assert s.table.board[2][1][SRC] == 1


def test_bh_2_5_e08_influence_removed_unless_controlled():
    s = after_event(8, markers={(0, "c"): (0, 2, 0, 0), (1, "c"): (1, 0, 0, 0)})
    assert s.table.board[2][0][INF] == 0 and s.table.stock[0][INF] == 5
    s = after_event(8, markers={(0, "c"): (1, 2, 0, 0)})
    assert s.table.board[2][0][INF] == 2


def test_bh_2_5_e09_influence_removed_on_1_to_3():
    s = after_event(9, (3, 4), markers={(0, "c"): (0, 2, 0, 0)})
    assert s.table.board[2][0][INF] == 1


@pytest.mark.parametrize("card, rolls, jailed", [(10, (), 3), (11, (1, 2, 3), 2), (12, (1, 2, 3), 1)])
def test_bh_2_5_e10_e11_e12_thugs_to_jail(card, rolls, jailed):
    s = after_event(card, rolls, markers={(0, "c"): (0, 0, 3, 0)})
    assert s.table.jail[0][0] == jailed and s.table.board[2][0][THUG] == 3 - jailed


def test_bh_2_5_e13_killers_to_jail_on_1_to_3():
    s = after_event(13, (3, 4), markers={(0, "c"): (0, 0, 0, 2)})
    assert s.table.jail[0] == (0, 1)


def test_bh_2_5_e14_no_gang_actions():
    s = after_event(14, markers={(0, "c"): (0, 0, 2, 0), (1, "c"): (2, 0, 1, 0)}, godfathers={1: "c"})
    assert not [e for e in s.news if e[0] in ("shots", "takeover")]


def test_bh_2_5_e15_sources_then_thugs_per_owner():
    """BH-4.16: per owner in seat order, sources before thugs."""
    s = after_event(15, (1, 2, 1), markers={(0, "c"): (2, 0, 1, 0)})
    assert s.table.board[2][0][SRC] == 1 and s.table.jail[0][0] == 1


def test_bh_4_16_district_die_comes_before_card_rolls():
    s = after_event(5, (6, 6, 1), markers={(0, "c"): (3, 0, 0, 0)})
    assert s.table.event == (5, 2)
    assert s.table.board[2][0][SRC] == 2


def test_bh_4_16_rolls_in_shootout_are_seat_then_thugs_then_killers():
    g, s = scenario(
        2,
        round=2,
        stage="resolve",
        rolls=[1, 6, 1, 6, 6],
        deck=(7, 14),
        markers={(0, "b"): (0, 0, 1, 1), (1, "b"): (0, 0, 1, 0)},
        ge=50,
    )
    # P1's thug 6 (miss), P1's killer 1 (hit), P2's thug 6 (miss)
    assert s.table.board[1][1][THUG] == 0 and s.table.board[1][0][THUG] == 1


def test_bh_2_6_view_hides_the_deck_order_and_the_seed():
    g = game(3)
    s = g.new(seed=9, rolls=[1, 2, 3])
    v = g.view(s, 0)
    assert v.setup.seed == 0 and v.setup.extra == ()
    assert v.table.deck == tuple(range(1, 16)) != s.table.deck  # the cards left, in card order (BH-4.9)


def test_bh_4_9_view_shows_which_event_cards_are_left_but_not_their_order():
    g = game(3)
    s = g.new(seed=4)
    while s.round < 4:
        p = g.to_act(s)[0]
        s = g.apply(s, g.legal_actions(s, p)[0], p)
    drawn = set(range(1, 16)) - set(s.table.deck)
    assert len(drawn) == 3 and len(s.table.deck) == 12  # three events were drawn and shown (BH-4.10)
    for p in range(3):
        assert g.view(s, p).table.deck == tuple(sorted(s.table.deck))
