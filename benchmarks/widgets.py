"""How long one Table step takes (a bot's decision + apply + describe + re-render of every widget).

``measure_steps()`` returns the mean milliseconds per step for every registered game; the
issue's goal is under 50 ms, so a click feels instant.  Run alone with
``python -m benchmarks.widgets``.
"""

from __future__ import annotations

import time

import cardgames


def measure_steps(steps: int = 300, seed: int = 0) -> dict[str, float]:
    """Mean milliseconds of one ``Table.step()`` with its widgets built, per registered game."""
    from cardgames_widgets import Table

    result = {}
    for name in cardgames.games():
        done, elapsed, game_seed = 0, 0.0, seed
        while done < steps:
            table = Table(name, seed=game_seed)
            table.widget  # noqa: B018 - build the widgets, so each step re-renders them
            while done < steps and not table.is_over():
                start = time.perf_counter()
                table.step()
                elapsed += time.perf_counter() - start
                done += 1
            game_seed += 1
        result[name] = 1000 * elapsed / done
    return result


def main() -> None:
    for name, ms in measure_steps().items():
        flag = "" if ms < 50 else "  (over the 50 ms goal)"
        print(f"{name:<16} {ms:8.2f} ms per Table step{flag}")


if __name__ == "__main__":
    main()
