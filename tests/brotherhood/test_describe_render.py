"""describe and render (BH-4.9 information, BH-4.12 shots explained), and parse errors."""

from __future__ import annotations

import re

import pytest

from .helpers import do, game, scenario


def test_bh_4_12_describe_explains_each_volley_with_clauses():
    g, s = scenario(
        2,
        round=2,
        rolls=[1, 1, 4, 2, 6, 3, 2, 5],
        deck=(7, 14),
        ge=100,
        godfathers={1: "c"},
        markers={(0, "c"): (0, 0, 3, 1), (1, "c"): (0, 0, 2, 1)},
    )
    s = do(g, s, 0, "submit")
    text = g.describe(s, g.legal_actions(s, 1)[0], 1)
    assert "BH-4.4" in text and "BH-4.10" in text
    assert "P1's thugs fire at P2 in c: rolls 1 4 2 give 2 hit(s) (BH-4.12.3)" in text
    assert "P2 loses 2 thug(s) and 0 killer(s) in c (BH-4.12.4)" in text


def test_bh_4_9_render_draws_the_map():
    g, s = scenario(
        3, round=2, ge=(20, 21, 22), godfathers={1: "c"}, jail={2: (1, 0)}, markers={(0, "a"): (1, 2, 3, 1)}
    )
    text = g.render(s)
    lines = text.splitlines()
    assert lines[0].startswith("Round 2/12 · orders")
    assert any(line.startswith("a ") and "s1 i2 t3 k1" in line for line in lines)
    assert any(line.startswith("c ") and "G" in line for line in lines)
    assert "P3: t1 k0" in text and "P2: 21" in text


def test_parse_errors_say_what_is_allowed():
    g = game(2)
    s = g.new(seed=1)
    with pytest.raises(ValueError, match="cannot read 'fly to the moon': P1 may give 1 to 20 GE"):
        g.parse_action(s, "fly to the moon", 0)  # what the player may do now, not every decision of the game
    with pytest.raises(ValueError, match="P1 to P2"):
        g.parse_action(s, "transfer P7 3", 0)


def test_describe_names_a_clause_for_every_kind_of_decision():
    g = game(3)
    import random

    rng = random.Random(1)
    s = g.new(seed=8)
    seen = set()
    while g.to_act(s):
        p = g.to_act(s)[0]
        a = rng.choice(g.legal_actions(s, p))
        text = g.describe(s, a, p)
        assert re.search(r"BH-\d", text)
        seen.add(type(a).__name__)
        s = g.apply(s, a, p)
    assert {"Order", "Word", "Transfer"} <= seen
