"""Seeded random playouts of every game still go exactly as recorded in golden.json.

This guards the engines' speed work: an optimisation that changes who acts, what is
legal, what happens or how a game settles fails the behaviour fingerprint; one that changes
only how a step is described or the table rendered fails the text fingerprint.  Either
failure names the first seed and the steps where the games part.  See
``tests/conformance/golden.py`` for how to write the fingerprints after a deliberate
rule change.
"""

import json

import pytest

from .golden import GOLDEN, cases, difference, fingerprint

STORED = json.loads(GOLDEN.read_text())
CASES = cases()


def test_every_case_has_a_stored_fingerprint():
    assert sorted(STORED) == sorted(CASES), "run `python -m tests.conformance.golden --write`"


@pytest.mark.parametrize("key", sorted(CASES))
def test_playouts_match_the_golden_fingerprint(key):
    name, players, options = CASES[key]
    where = difference(STORED[key], fingerprint(name, players, **options))
    assert where is None, (
        f"seeded random games of {key} changed, {where}; if the rules or their wording changed on purpose, "
        "rewrite tests/conformance/golden.json (see tests/conformance/golden.py)"
    )


def test_a_difference_names_the_kind_the_seed_and_the_steps():
    stored = {"behaviour": ["aa bb", "cc dd ee"], "text": ["11 22", "33"]}
    assert difference(stored, stored) is None
    moved = {"behaviour": ["aa bb", "cc xx ee"], "text": ["11 22", "33"]}
    assert difference(stored, moved) == "behaviour: seed 1 first differs between step 32 and step 64 (what happens)"
    reworded = {"behaviour": stored["behaviour"], "text": ["11 99", "33"]}
    assert "text: seed 0 first differs between step 32 and step 64 (only its wording" in difference(stored, reworded)
