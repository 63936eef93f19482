"""Seeded random playouts of every game still go exactly as recorded in golden.json.

This guards the engines' speed work: an optimisation that changes who acts, what is
legal, what happens, how it is described or how a game settles fails here.  See
``tests/conformance/golden.py`` for how to write the fingerprints after a deliberate
rule change.
"""

import json

import pytest

from .golden import GOLDEN, cases, fingerprint

STORED = json.loads(GOLDEN.read_text())
CASES = cases()


def test_every_case_has_a_stored_fingerprint():
    assert sorted(STORED) == sorted(CASES), "run `python -m tests.conformance.golden --write`"


@pytest.mark.parametrize("key", sorted(CASES))
def test_playouts_match_the_golden_fingerprint(key):
    name, players, options = CASES[key]
    assert fingerprint(name, players, **options) == STORED[key], (
        f"seeded random games of {key} changed; if the rules changed on purpose, "
        "rewrite tests/conformance/golden.json (see tests/conformance/golden.py)"
    )
