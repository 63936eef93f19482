"""BH-1, BH-2.2, BH-2.4, BH-3 and BH-5.2: players, board, prices, setup, ties."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.brotherhood.board import KILLER, THUG

from .helpers import game, scenario, submit_all

HARMLESS = (7, 14, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 15)


def test_bh_1_1_two_to_five_players_and_deterministic_replays():
    for n in range(2, 6):
        g = cardgames.load("brotherhood", players=n)
        s = cardgames.playout(g, ["random"] * n, seed=n)
        assert g.is_over(s)
        assert cardgames.replay(cardgames.record(g, s))[-1] == s
    with pytest.raises(ValueError):
        cardgames.load("brotherhood", players=6)


def test_bh_1_2_source_of_truth_is_the_spec_and_bh_1_3_reconstructions_are_documented():
    from pathlib import Path

    import cardgames.brotherhood.rules as rules

    folder = Path(rules.__file__).parent  # compiled, the module has no __doc__: read its source's docstring
    source = (folder / "rules.py").read_text(encoding="utf-8")
    assert "cardgames/brotherhood/rules.md" in source[: source.index('"""', 3)]
    shipped = (folder / "rules.md").read_text(encoding="utf-8")
    assert "**BH-1.2** Source of truth" in shipped and "(our reconstruction)" in shipped


def test_bh_3_1_seats_p1_to_pn():
    g = game(5)
    s = g.new(seed=1)
    assert len(s.table.ge) == 5
    assert "P5" in g.render(s)


def test_bh_3_2_twenty_ge_and_no_round_one_income():
    g = game(3)
    s = g.new(seed=2)
    assert s.table.ge == (20, 20, 20) and s.round == 1
    assert not [e for e in s.news if e[0] in ("income", "upkeep")]


def test_bh_3_4_round_counter_starts_at_one_and_ends_at_twelve():
    g = game(2)
    s = g.new(seed=3)
    assert s.round == 1
    rounds = set()
    while g.to_act(s):
        rounds.add(s.round)
        p = g.to_act(s)[0]
        legal = g.legal_actions(s, p)
        s = g.apply(s, next((a for a in legal if str(a) in ("pass", "submit", "done")), legal[0]), p)
    assert rounds == set(range(1, 13))


def test_bh_2_2_no_marker_limit_in_a_district_except_source_capacity():
    g, s = scenario(2, round=2, ge=(100, 100), rolls=[2], deck=HARMLESS)
    s = submit_all(g, s, {0: "deploy f thug 12; deploy f killer 2"})
    assert s.table.board[5][0][THUG] == 12 and s.table.board[5][0][KILLER] == 2


def test_bh_2_4_fixed_prices():
    g, s = scenario(
        2,
        round=2,
        ge=(100, 100),
        rolls=[2],
        deck=HARMLESS,
        jail={0: (1, 1)},
        markers={(0, "d"): (1, 0, 1, 0)},
        stock={0: (12, 5, 0, 0)},
    )
    s = submit_all(
        g,
        s,
        {
            0: "free thug 1; free killer 1; close d 1; withdraw d thug 1; deploy e thug 2; "
            "deploy e killer 1; godfather e"
        },
    )
    # free 2 + 4, close 0, withdraw 0, deploy 2 x 2 + 4, godfather 0 = 14; then round 3 upkeep 2 x 2 + 4 = 8
    assert s.table.ge[0] == 100 - 14 - 8
    g, s = scenario(2, round=2, ge=(100, 100), rolls=[2], deck=HARMLESS, godfathers={0: "jail"})
    s = submit_all(g, s, {0: "free_godfather c"})
    assert s.table.ge[0] == 90 and s.table.gf[0] == 2


def test_bh_5_2_equal_ge_share_the_rank_and_all_co_win():
    g, s = scenario(3, round=12, stage="resolve", rolls=[2], deck=HARMLESS, ge=(40, 40, 40))
    rows = g.settlement(s).rows()
    assert [r["rank"] for r in rows] == [1, 1, 1] and all(r["winner"] for r in rows)


def test_bh_2_6_stacked_rolls_and_events_are_recorded_and_replayed():
    g = game(3)
    s = g.new(seed=4, rolls=[6, 5, 4], events=["E05", "E11"])
    s = cardgames.playout(g, ["random"] * 3, seed=4, state=s)
    rec = cardgames.record(g, s)
    assert rec["setup"] == {"rolls": [6, 5, 4], "events": ["E05", "E11"]}
    assert cardgames.replay(rec)[-1] == s


def test_bh_4_16_seeded_dice_are_the_generators_randint_rolls_in_order():
    """Each block of 256 dice of a seed is what random.Random(derive(seed, "dice", block)).randint(1, 6) rolls."""
    from cardgames.brotherhood.board import seeded_die
    from cardgames.core.rng import generator

    for seed in (0, 1, 77, 2**63 + 5):
        for block in (0, 1):
            rng = generator(seed, "dice", block)
            want = [rng.randint(1, 6) for _ in range(256)]
            assert [seeded_die(seed, 256 * block + i) for i in (5, 0, 255)] == [want[5], want[0], want[255]]
            assert [seeded_die(seed, 256 * block + i) for i in range(256)] == want
