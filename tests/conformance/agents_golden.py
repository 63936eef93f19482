"""Golden simulations: a fingerprint of seeded games between each game's agents.

Speed work on an agent (or on the engine under it) must not change what the agents
choose.  A fingerprint hashes the settlement rows of ``simulate`` for each agent of each
game at its default player count, every seat played by that agent.  The ``expert``,
whose every decision plays whole worlds out, is fingerprinted with a budget of two worlds
in seat 0 against ``greedy``, over two games.  Write them again
after a deliberate change with

    .venv/bin/python -m tests.conformance.agents_golden --write [--game NAME]

and say in the commit why the games changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import cardgames

GOLDEN = Path(__file__).with_name("agents_golden.json")
GAMES = {"bronko_donko": 4, "brotherhood": 6}  # fewer games where one game is long; 12 elsewhere


EXPERT_WORLDS = 2
EXPERT_GAMES = 2


def fingerprint(name: str, agent: str) -> str:
    if agent == "expert":
        frame = _small_expert_games(name)
    else:
        frame = cardgames.simulate(name, games=GAMES.get(name, 12), agents=agent, seed=3)
    return hashlib.sha256(frame.to_csv(index=False).encode()).hexdigest()


def _small_expert_games(name: str):
    """The expert with a budget of EXPERT_WORLDS in seat 0, greedy elsewhere (registered for the while)."""
    game = cardgames.load(name)
    agents = game.spec.agents
    expert = agents["expert"]
    agents["expert-golden"] = lambda g, seat: expert(g, seat, worlds=EXPERT_WORLDS)
    try:
        names = ["expert-golden"] + ["greedy"] * (game.players - 1)
        return cardgames.simulate(game, games=EXPERT_GAMES, agents=names, seed=3)
    finally:
        del agents["expert-golden"]


def cases() -> list[tuple[str, str]]:
    return [(name, agent) for name in cardgames.games() for agent in cardgames.agents(name)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--game")
    args = parser.parse_args()
    stored = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    prints = {f"{n}/{a}": fingerprint(n, a) for n, a in cases() if args.game in (None, n)}
    if args.write:
        GOLDEN.write_text(json.dumps({**stored, **prints}, indent=2, sort_keys=True) + "\n")
        print(f"wrote {len(prints)} fingerprints")
        return
    changed = [k for k in prints if stored.get(k) != prints[k]]
    print("unchanged" if not changed else "changed: " + ", ".join(changed))


if __name__ == "__main__":
    main()
