"""Golden playouts: fingerprints of many seeded random games of every registered game.

Speed work on an engine must not change what the engine does.  For each game, player count
and seed a seeded random playout is fingerprinted twice:

- its **behaviour**: who is to act, the legal actions (their canonical texts), the action
  taken, and the settlement at the end;
- its **text**: the ``describe`` sentence of every step, the rendered table every 97 steps
  and at the end, and every player's view of the end.

Each fingerprint is a chain of short checkpoints, one every :data:`EVERY` steps, so that a
failure names the first seed and the steps between which the games part, and says whether
what changed is what happens or only how it is worded.  ``tests/conformance/test_golden.py``
compares them with ``golden.json``; after a deliberate rule or wording change, write them
again with

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
EVERY = 32  # steps between two checkpoints of a chain


# option settings beyond the defaults that change how a game runs
VARIANTS = {
    "brokdorf": [{"tournament": True, "max_rounds": 3}],
    "bronko_donko": [{"games": 2}],
    "rowdy_partners": [{"choose_wrestlers": True}],
}


class Chain:
    """A running SHA-256 whose state is written down every :data:`EVERY` steps, 8 hex digits a checkpoint."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.points: list[str] = []

    def update(self, text: str) -> None:
        self.digest.update(text.encode())

    def checkpoint(self) -> None:
        self.points.append(self.digest.hexdigest()[:8])

    def text(self) -> str:
        return " ".join(self.points)


def seed_prints(game, seed: int) -> tuple[str, str]:
    """The behaviour and the text fingerprint of the seeded random playout ``seed`` of ``game``."""
    behaviour, text = Chain(), Chain()
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
        behaviour.update(repr((acting, [str(a) for a in legal], str(action))))
        text.update(game.describe(state, action, seat))
        state = game.apply(state, action, seat)
        steps += 1
        if steps % 97 == 0:
            text.update(game.render(state))
        if steps % EVERY == 0:
            behaviour.checkpoint()
            text.checkpoint()
    text.update(game.render(state))
    for seat in range(game.players):
        text.update(game.render(game.view(state, seat), seat))
    behaviour.update(repr(game.settlement(state).rows()))
    behaviour.checkpoint()
    text.checkpoint()
    return behaviour.text(), text.text()


def fingerprint(name: str, players: int, seeds: int = SEEDS, **options) -> dict[str, list[str]]:
    """The behaviour and text fingerprints of ``seeds`` seeded random playouts of ``name``: one chain a seed."""
    game = cardgames.load(name, players=players, **options)
    prints = [seed_prints(game, seed) for seed in range(seeds)]
    return {"behaviour": [b for b, _t in prints], "text": [t for _b, t in prints]}


def difference(stored: dict[str, list[str]], now: dict[str, list[str]]) -> str | None:
    """Where ``now`` first parts from ``stored``: the kind (behaviour before text), the seed and the steps."""
    for kind in ("behaviour", "text"):
        for seed, (old, new) in enumerate(zip(stored[kind], now[kind])):
            if old == new:
                continue
            old_points, new_points = old.split(), new.split()
            k = next((i for i, (a, b) in enumerate(zip(old_points, new_points)) if a != b), None)
            if k is None:  # one game ran longer than the other
                k = min(len(old_points), len(new_points)) - 1
                return f"{kind}: seed {seed} ends at another step (after step {EVERY * k})"
            what = "what happens" if kind == "behaviour" else "only its wording (describe, render)"
            return f"{kind}: seed {seed} first differs between step {EVERY * k} and step {EVERY * (k + 1)} ({what})"
    return None


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


def compute(game: str | None = None) -> dict[str, dict[str, list[str]]]:
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
        GOLDEN.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(prints)} fingerprints to {GOLDEN}")
        return
    changed = [f"{k}: {difference(stored[k], prints[k])}" for k in prints if k in stored and stored[k] != prints[k]]
    print("unchanged" if not changed else "changed:\n" + "\n".join(changed))


if __name__ == "__main__":
    main()
