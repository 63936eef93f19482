"""Issue 28: the longest game each game allows ends within its max_decisions, and no option allows a longer one.

Each case is the options that make a game longest (benchmarks/longest.py times the same games and
measures their records): random agents play it to its end, and ``cardgames.playout`` raises if it
runs past ``game.max_decisions``.  The options one step beyond are refused.
"""

from __future__ import annotations

import pytest

import cardgames
from cardgames.brokdorf.game import MAX_EUROS
from cardgames.brokdorf.rules import MAX_ROUNDS, OPEN_SPREAD

ROUND_CAP = 1000  # Rowdy Partners' round_cap at its bound (RP-6.3)
SLOW = pytest.mark.slow  # seconds in pure Python: a tournament of thousands of rounds or a thousand rounds of six

LONGEST = [
    pytest.param(
        "brokdorf",
        6,
        {"tournament": True, "start_euros": MAX_EUROS, "lower_bound": -MAX_EUROS, "max_rounds": MAX_ROUNDS},
        id="brokdorf-max_rounds",
        marks=SLOW,
    ),
    pytest.param(
        "brokdorf",
        6,
        {"tournament": True, "start_euros": OPEN_SPREAD, "lower_bound": 0},
        id="brokdorf-open",
        marks=SLOW,
    ),
    pytest.param("bronko_donko", 4, {"games": 5}, id="bronko_donko"),
    pytest.param("bronko_donko", 3, {"games": 5}, id="bronko_donko-3"),
    pytest.param("three_bridges", 2, {}, id="three_bridges"),
    pytest.param("brotherhood", 5, {}, id="brotherhood"),
    pytest.param("rowdy_partners", 4, {"round_cap": ROUND_CAP}, id="rowdy_partners"),
    pytest.param("rowdy_partners", 2, {"round_cap": ROUND_CAP}, id="rowdy_partners-2"),
]


@pytest.mark.parametrize("name, players, options", LONGEST)
def test_the_longest_allowed_game_ends_within_its_max_decisions(name, players, options):
    game = cardgames.load(name, players=players, **options)
    assert game.max_decisions <= game.spec.max_decisions
    final = cardgames.playout(game, ["random"] * players, seed=0)  # raises past game.max_decisions
    assert game.is_over(final)
    assert 0 < len(cardgames.history(final)) <= game.max_decisions
    if name == "brokdorf" and "max_rounds" in options:
        assert final.sheet.round == MAX_ROUNDS and len(final.sheet.results) == MAX_ROUNDS  # nobody left
    if name == "brokdorf" and "max_rounds" not in options:
        assert len(final.sheet.seated) == 1  # BK-5.15: only one player left ends it


@pytest.mark.parametrize(
    "name, options",
    [
        ("brokdorf", {"tournament": True, "max_rounds": MAX_ROUNDS + 1}),
        ("brokdorf", {"tournament": True, "start_euros": OPEN_SPREAD + 1, "lower_bound": 0}),
        ("brokdorf", {"tournament": True, "start_euros": MAX_EUROS + 1, "max_rounds": 1}),
        ("bronko_donko", {"games": 6}),
        ("rowdy_partners", {"round_cap": ROUND_CAP + 1}),
    ],
    ids=lambda x: str(x),
)
def test_no_option_allows_a_longer_game(name, options):
    with pytest.raises(ValueError):
        cardgames.load(name, **options)


def test_the_brokdorf_bounds_are_in_its_option_docs():
    docs = {name: option.doc for name, option in cardgames.load("brokdorf").spec.options.items()}
    assert f"1 to {MAX_ROUNDS:,};" in docs["max_rounds"] and f"at most {OPEN_SPREAD} euros" in docs["max_rounds"]


def test_the_longest_games_benchmark_runs():
    """benchmarks/longest.py (make bench) on the shortest of its games: its figures and its table."""
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    if root not in sys.path:  # benchmarks/ is a top-level folder, not an installed package
        sys.path.insert(0, root)
    from benchmarks.longest import LONGEST, describe, longest

    assert set(LONGEST) == set(cardgames.games())
    row = longest("three_bridges", 2, {}, seeds=2)
    assert 0 < row["decisions"] <= row["max_decisions"] and row["record_bytes"] > 0
    assert "three_bridges" in describe({"compiled": cardgames.compiled, "rows": [dict(row, why="")]})
