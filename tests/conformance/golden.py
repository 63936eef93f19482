"""Golden playouts: a fingerprint of many seeded random games of every registered game.

Speed work on an engine must not change what the engine does.  A fingerprint hashes,
for each game, player count and seed, every step of a seeded random playout: who is
to act, the legal actions, the action taken, its description, the rendered table and
views at the end, and the settlement.  ``tests/conformance/test_golden.py`` compares the
fingerprints with ``golden.json``; after a deliberate rule change, write them again with

    .venv/bin/python -m tests.conformance.golden --write [--game NAME]

and say in the commit why the games changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

import cardgames
from cardgames.core.registry import builtin

GOLDEN = Path(__file__).with_name("golden.json")
SEEDS = 12


# option settings beyond the defaults that change how a game runs
VARIANTS = {
    "brokdorf": [{"tournament": True, "max_rounds": 3}],
    "bronko_donko": [{"games": 2}],
    "rowdy_partners": [{"choose_wrestlers": True}],
}


def fingerprint(name: str, players: int, seeds: int = SEEDS, **options) -> str:
    """A SHA-256 over ``seeds`` seeded random playouts of ``name`` with ``players`` players."""
    game = cardgames.load(name, players=players, **options)
    digest = hashlib.sha256()
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        steps = 0
        while True:
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[steps % len(acting)]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            digest.update(repr((acting, [str(a) for a in legal], str(action))).encode())
            digest.update(game.describe(state, action, seat).encode())
            state = game.apply(state, action, seat)
            steps += 1
            if steps % 97 == 0:
                digest.update(game.render(state).encode())
        digest.update(game.render(state).encode())
        for seat in range(game.players):
            digest.update(game.render(game.view(state, seat), seat).encode())
        digest.update(repr(game.settlement(state).rows()).encode())
    return digest.hexdigest()


def cases() -> dict[str, tuple[str, int, dict]]:
    """Every game of the package at every player count, and the VARIANTS at the default count: key -> case.

    A game registered from outside (cardgames.register) has no fingerprints here: its own tests
    hold it to the protocol (cardgames.testing.check_game).
    """
    out = {}
    for name in builtin():
        spec = cardgames.load(name).spec
        for n in range(spec.min_players, spec.max_players + 1):
            out[f"{name}/{n}"] = (name, n, {})
        for options in VARIANTS.get(name, ()):
            key = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            out[f"{name}/{spec.default_players}/{key}"] = (name, spec.default_players, options)
    return out


def compute(game: str | None = None) -> dict[str, str]:
    """The fingerprints of every case, or only of ``game``'s cases."""
    return {
        key: fingerprint(name, players, **options)
        for key, (name, players, options) in cases().items()
        if game is None or name == game
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the fingerprints in golden.json")
    parser.add_argument("--game", help="only this game's cases (the others stay as stored)")
    args = parser.parse_args()
    prints = compute(args.game)
    stored = json.loads(GOLDEN.read_text())
    if args.write:
        if args.game:  # keep the other games' fingerprints, drop this game's stale keys
            prints = {**{k: v for k, v in stored.items() if not k.startswith(args.game + "/")}, **prints}
        GOLDEN.write_text(json.dumps(prints, indent=2, sort_keys=True) + "\n")
        print(f"wrote {len(prints)} fingerprints to {GOLDEN}")
        return
    changed = [k for k in prints if stored.get(k) != prints[k]]
    print("unchanged" if not changed else "changed: " + ", ".join(changed))


if __name__ == "__main__":
    main()
