"""Rowdy Partners' picture says the ring beside the wrestler's name and keeps each label in a column of its own
(issue 31: "Ring  Token: Coins 0" read as a kind of token)."""

from __future__ import annotations

import re

import pytest
from cardgames_widgets import Table


@pytest.mark.parametrize(
    ("language", "ring", "health", "tokens"),
    [
        ("de", "(im Ring)", "Schadensleiste 0/19", "Token: Coins 0"),
        ("en", "(in the ring)", "health 0/19", "tokens: coins 0"),
    ],
)
def test_the_ring_mark_is_part_of_the_wrestlers_column(language, ring, health, tokens):
    html = Table("rowdy_partners", seed=1, human=0, language=language).html()
    columns = re.findall(r'<span class="cg-seg">([^<]*)</span>', html)
    marked = [c for c in columns if ring in c]
    assert len(marked) == 2  # the two wrestlers in the ring of the first trick
    assert all(re.fullmatch(r"#\d [AB]\d \S.* " + re.escape(ring), c) for c in marked), marked
    assert health in columns and tokens in columns
    assert not any(c.strip() in ("Ring", "ring") for c in columns)
