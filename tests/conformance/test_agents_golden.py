"""Seeded simulations between each game's agents still go exactly as recorded in agents_golden.json."""

import json

import pytest

from .agents_golden import GOLDEN, cases, fingerprint

STORED = json.loads(GOLDEN.read_text())


def test_every_agent_has_a_stored_fingerprint():
    assert sorted(STORED) == sorted(f"{n}/{a}" for n, a in cases()), (
        "run `python -m tests.conformance.agents_golden --write`"
    )


@pytest.mark.parametrize("name, agent", cases())
def test_agents_choose_as_recorded(name, agent):
    assert fingerprint(name, agent) == STORED[f"{name}/{agent}"], (
        f"seeded {agent} games of {name} changed; if on purpose, rewrite tests/conformance/agents_golden.json"
    )
