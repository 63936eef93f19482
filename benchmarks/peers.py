"""Random playouts of our games beside OpenSpiel's and RLCard's (``make bench-peers``).

Run from the repository root with the peers installed (``bash scripts/bench-peers.sh``
makes ``.bench-venv`` with rlcard and open-spiel and runs this module)::

    python -m benchmarks.peers [--rounds 5] [--seconds 1.0] [--only brokdorf,sampler]

How the comparison is kept fair:

* one process pinned to one core (``os.sched_setaffinity``);
* time is CPU time of this process (``time.process_time``), so other work on a shared
  machine does not count against either side;
* every contender is driven by the same kind of Python loop: ask whose turn it is, ask
  for the legal actions, pick one with ``random.Random.randrange`` over the legal list,
  apply it.  Ours is the loop of :func:`benchmarks.playouts.playout_rate`; OpenSpiel's
  asks ``state.current_player()`` once per step (chance nodes are resolved with
  ``state.chance_outcomes()`` and a random pick, and are timed but not counted as
  decisions, just as our deal inside ``game.new`` is timed and not counted); RLCard's
  raw ``DoudizhuGame`` is driven with ``init_game``/``step`` and the legal actions it
  keeps in ``game.state['actions']`` (see :func:`rlcard_doudizhu`);
* the two contenders of a pair alternate, A B A B ..., ``rounds`` short rounds each,
  and the median round of each is reported.

The table gives decisions per second (hands per second for the samplers) and the ratio
ours/peer; ``benchmarks/peers.json`` keeps the same numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .playouts import playout_rate

OUT = Path(__file__).with_name("peers.json")


def one_core() -> int | None:
    """Pin this process to one core; return its number (None where not supported)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = sorted(os.sched_getaffinity(0))[0]
    os.sched_setaffinity(0, {core})
    return core


# ---------------------------------------------------------------------------------------
# Contenders.  Each is a function seconds -> items per CPU second, timed inside.


def ours(name: str, players: int) -> Callable[[float], float]:
    def run(seconds: float) -> float:
        return playout_rate(name, players=players, seconds=seconds)["decisions_per_s"]

    return run


def openspiel(short_name: str, **params) -> Callable[[float], float]:
    import pyspiel

    if short_name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    game = pyspiel.load_game(short_name, params) if params else pyspiel.load_game(short_name)
    chance = int(pyspiel.PlayerId.CHANCE)

    def run(seconds: float) -> float:
        rng = random.Random(0)
        randrange = rng.randrange
        new = game.new_initial_state
        decisions = games = 0
        start = time.process_time()
        while time.process_time() - start < seconds or games == 0:
            state = new()
            current_player = state.current_player
            apply_action = state.apply_action
            legal_actions = state.legal_actions
            while True:
                player = current_player()
                if player >= 0:
                    legal = legal_actions()
                    apply_action(legal[randrange(len(legal))])
                    decisions += 1
                elif player == chance:
                    outcomes = state.chance_outcomes()
                    apply_action(outcomes[randrange(len(outcomes))][0])
                else:  # terminal
                    break
            games += 1
        return decisions / (time.process_time() - start)

    return run


def rlcard_doudizhu() -> Callable[[float], float]:
    """RLCard's raw ``DoudizhuGame`` (no env wrapper, no observation encoding).

    rlcard 1.2's game object has no ``get_legal_actions``: ``init_game``/``step`` compute
    the next player's state, legal actions included (``game.state['actions']``), so the
    loop reads them from there and pays for them inside ``step``.  Where a version offers
    ``get_legal_actions``, it is called instead.
    """
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()
    game.np_random = np.random.RandomState(0)
    get_legal_actions = getattr(game, "get_legal_actions", None) or (lambda: game.state["actions"])

    def run(seconds: float) -> float:
        rng = random.Random(0)
        randrange = rng.randrange
        init_game, is_over, step = game.init_game, game.is_over, game.step
        decisions = games = 0
        start = time.process_time()
        while time.process_time() - start < seconds or games == 0:
            init_game()
            while not is_over():
                legal = get_legal_actions()
                step(legal[randrange(len(legal))])
                decisions += 1
            games += 1
        return decisions / (time.process_time() - start)

    return run


def _hands_rate(fn: Callable[[], object], hands_per_call: int, seconds: float) -> float:
    fn()  # warm up
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds or calls == 0:
        fn()
        calls += 1
    return calls * hands_per_call / (time.process_time() - start)


def sampler_ours(batch: int = 200_000) -> Callable[[float], float]:
    from cardgames.core.sampling import sample_hands

    rng = np.random.default_rng(0)
    return lambda seconds: _hands_rate(lambda: sample_hands(batch, 32, 5, rng), batch, seconds)


def sampler_argpartition(batch: int = 200_000) -> Callable[[float], float]:
    rng = np.random.default_rng(0)
    return lambda seconds: _hands_rate(
        lambda: np.argpartition(rng.random((batch, 32)), 5, axis=1)[:, :5], batch, seconds
    )


def sampler_random_sample(batch: int = 20_000) -> Callable[[float], float]:
    rng = random.Random(0)
    sample = rng.sample
    deck = range(32)

    def deal():
        return [sample(deck, 5) for _ in range(batch)]

    return lambda seconds: _hands_rate(deal, batch, seconds)


# ---------------------------------------------------------------------------------------
# Pairs


@dataclass(frozen=True)
class Pair:
    key: str  # for --only
    ours: str
    peer: str
    make_ours: Callable[[], Callable[[float], float]]
    make_peer: Callable[[], Callable[[float], float]]
    target: float | None  # ratio ours/peer wanted (issue 14, compiled); None: shown for reference
    unit: str = "decisions/s"


PAIRS = [
    Pair(
        "brokdorf",
        "brokdorf (4p)",
        "open_spiel oh_hell (4p, C++)",
        lambda: ours("brokdorf", 4),
        lambda: openspiel("oh_hell", players=4),
        1.0,
    ),
    Pair(
        "bronko_donko",
        "bronko_donko (4p)",
        "rlcard DoudizhuGame (3p, raw game)",
        lambda: ours("bronko_donko", 4),
        rlcard_doudizhu,
        20.0,
    ),
    Pair(
        "bronko_donko",
        "bronko_donko (4p)",
        "open_spiel dou_dizhu (3p, C++)",
        lambda: ours("bronko_donko", 4),
        lambda: openspiel("dou_dizhu"),
        1.0,
    ),
    Pair(
        "rowdy_partners",
        "rowdy_partners (4p)",
        "open_spiel spades (4p, C++)",
        lambda: ours("rowdy_partners", 4),
        lambda: openspiel("spades"),
        1.0,
    ),
    Pair(
        "three_bridges",
        "three_bridges (2p)",
        "open_spiel python_team_dominoes (4p, Python)",
        lambda: ours("three_bridges", 2),
        lambda: openspiel("python_team_dominoes"),
        None,
    ),
    Pair(
        "brotherhood",
        "brotherhood (4p)",
        "open_spiel python_team_dominoes (4p, Python)",
        lambda: ours("brotherhood", 4),
        lambda: openspiel("python_team_dominoes"),
        None,
    ),
    Pair(
        "sampler",
        "sample_hands(n, 32, 5)",
        "numpy argpartition dealing",
        sampler_ours,
        sampler_argpartition,
        1.2,
        "hands/s",
    ),
    Pair(
        "sampler",
        "sample_hands(n, 32, 5)",
        "random.sample (Python loop)",
        sampler_ours,
        sampler_random_sample,
        None,
        "hands/s",
    ),
]


def measure(pair: Pair, rounds: int, seconds: float) -> dict:
    """Alternate the two contenders ``rounds`` times (A B A B ...); medians of the rounds."""
    a, b = pair.make_ours(), pair.make_peer()
    a(min(0.2, seconds))  # warm-up: imports, caches, first allocations
    b(min(0.2, seconds))
    ra, rb = [], []
    for _ in range(rounds):
        ra.append(a(seconds))
        rb.append(b(seconds))
    mine, theirs = statistics.median(ra), statistics.median(rb)
    paired = [x / y for x, y in zip(ra, rb)]  # round i of ours over round i of the peer
    return {
        "ours": pair.ours,
        "peer": pair.peer,
        "ours_decisions_per_s": round(mine, 1),
        "peer_decisions_per_s": round(theirs, 1),
        "ratio": round(mine / theirs, 3),
        "target": pair.target,
        "met": None if pair.target is None else mine / theirs >= pair.target,
        "unit": pair.unit,
        "round_ratio_min": round(min(paired), 3),
        "round_ratio_max": round(max(paired), 3),
        "ours_rounds": [round(x, 1) for x in ra],
        "peer_rounds": [round(x, 1) for x in rb],
    }


def _versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version()}
    for dist in ("cardgames", "open_spiel", "rlcard", "numpy"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = "not installed"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.peers", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per contender (median taken)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per contender per round")
    parser.add_argument(
        "--only", default="", help="comma-separated pair keys: " + ", ".join(dict.fromkeys(p.key for p in PAIRS))
    )
    parser.add_argument("--out", type=Path, default=OUT, help=f"JSON file to write (default {OUT.name})")
    args = parser.parse_args(argv)
    wanted = {k.strip() for k in args.only.split(",") if k.strip()}
    unknown = wanted - {p.key for p in PAIRS}
    if unknown:
        parser.error(f"unknown pair keys: {', '.join(sorted(unknown))}")

    core = one_core()
    versions = _versions()
    print(
        f"cardgames vs peers · Python {versions['python']} · open_spiel {versions['open_spiel']} · "
        f"rlcard {versions['rlcard']} · core {core} · CPU time · {args.rounds} alternating rounds "
        f"of {args.seconds:g}s, medians\n"
    )
    head = f"{'ours':24} {'peer':46} {'ours/s':>12} {'peer/s':>12} {'ratio':>7} {'rounds':>13}  target"
    print(head)
    print("-" * len(head))
    pairs, skipped = [], []
    for pair in PAIRS:
        if wanted and pair.key not in wanted:
            continue
        try:
            r = measure(pair, args.rounds, args.seconds)
        except ImportError as exc:  # a peer not installed: say so, go on with the others
            skipped.append({"ours": pair.ours, "peer": pair.peer, "reason": str(exc)})
            print(f"{pair.ours:24} {pair.peer:46} skipped: {exc}")
            continue
        pairs.append(r)
        if r["target"] is None:
            goal = "(reference)"
        else:
            goal = f">= {r['target']:g} {'ok' if r['met'] else 'MISSED'}"
        print(
            f"{r['ours']:24} {r['peer']:46} {r['ours_decisions_per_s']:>12,.0f} "
            f"{r['peer_decisions_per_s']:>12,.0f} {r['ratio']:>7.3f} "
            f"{r['round_ratio_min']:>6.2f}-{r['round_ratio_max']:<6.2f}  {goal}",
            flush=True,
        )
    print(
        "\n(ours/s and peer/s: medians of decisions per CPU second, hands per CPU second for the samplers;"
        "\n ratio: median ours / median peer; rounds: lowest and highest ratio of one round to its partner round)"
    )
    result = {
        "pairs": pairs,
        "meta": {
            "versions": versions,
            "rounds": args.rounds,
            "seconds_per_round": args.seconds,
            "clock": "time.process_time",
            "core": core,
            "machine": platform.machine(),
            "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "skipped": skipped,
            "loadavg_1min_at_end": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        },
    }
    if skipped and args.out == OUT:
        # a partial table must not replace the committed one (e.g. run from .venv by mistake)
        print(
            f"not writing {OUT.name}: {len(skipped)} pair(s) skipped; the peers live in .bench-venv "
            f"(bash scripts/bench-peers.sh), or pass --out to keep a partial table"
        )
        return 1
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
