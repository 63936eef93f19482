"""Settlement (BH-5): ranking by GE among the active players; the eliminated listed after them."""

from __future__ import annotations

from typing import Any

from ..core.game import Settlement, history
from .board import DISTRICTS, SRC, YIELD, SeededDice
from .rules import BrotherhoodRules, State, winners


def settle(rules: BrotherhoodRules, state: State) -> Settlement:
    """One row per seat: GE, rank, winner, eliminated round, sources (in all and per district), yield per
    round, shooters lost, income earned."""
    t = state.table
    n = len(t.ge)
    active = [p for p in range(n) if not t.elim[p]]
    # BH-5.1/5.2: rank by GE, equal GE share the rank; BH-6.2: a sole survivor wins whatever his GE
    rank: dict[int, int] = {}
    for p in active:
        rank[p] = 1 + sum([1 for q in active if t.ge[q] > t.ge[p]])
    # BH-5.3: eliminated players after the ranking, latest elimination first
    after = len(active)
    for i, p in enumerate(sorted([p for p in range(n) if t.elim[p]], key=lambda p: -t.fallen.index(p))):
        rank[p] = after + i + 1
    best = winners(t)
    rows: list[dict[str, Any]] = []
    for p in range(n):
        row: dict[str, Any] = {
            "player": p,
            "ge": t.ge[p],
            "rank": rank[p],
            "winner": p in best,
            "eliminated": t.elim[p] or None,
            "sources": sum([r[p][SRC] for r in t.board]),
        }
        # BH-5.4: sources on the board per district, and what they yield per income phase
        for x in range(6):
            row[f"sources_{DISTRICTS[x]}"] = t.board[x][p][SRC]
        row["yield_per_round"] = sum([t.board[x][p][SRC] * YIELD[x] for x in range(6)])
        row["shooters_lost"] = t.lost[p]
        row["income_earned"] = t.income[p]
        rows.append(row)
    # BH-5.4: the seed, all decisions and all rolls, for replay
    seed = state.setup.seed
    stacked: tuple[int, ...] = state.setup.get("rolls", ())
    dice = SeededDice(seed)
    rolls = tuple([stacked[i] if i < len(stacked) else dice.die(i) for i in range(t.dice)])
    return Settlement(
        rows,
        winners=best,
        rounds=state.round,
        seed=seed,
        decisions=tuple([(p, str(a)) for p, a in history(state)]),
        rolls=rolls,
    )


# ---------------------------------------------------------------------------
# Aggregation of cardgames.simulate frames (notebooks/brotherhood/03-settlement.ipynb)


def agent_summary(frame: Any, by: str = "agent") -> Any:
    """Per group of a ``cardgames.simulate`` frame: players, final GE (mean with its 95 % interval, median),
    the share of wins and of eliminations (each with its 95 % Wilson interval), sources and income."""
    import pandas as pd

    from ..core.probability import estimate, mean_interval

    rows = []
    for key, group in frame.groupby(by, sort=True):
        mean, low, high = mean_interval(group["ge"])
        wins = estimate(int(group["winner"].sum()), len(group))
        out = estimate(int(group["eliminated"].notna().sum()), len(group))
        rows.append(
            {
                by: key,
                "players": len(group),
                "mean GE": round(mean, 1),
                "GE low": round(low, 1),
                "GE high": round(high, 1),
                "median GE": float(group["ge"].median()),
                "win share": round(wins.value, 3),
                "win low": round(wins.low, 3),
                "win high": round(wins.high, 3),
                "eliminated": round(out.value, 3),
                "elim low": round(out.low, 3),
                "elim high": round(out.high, 3),
                "sources at end": round(float(group["sources"].mean()), 2),
                "income earned": round(float(group["income_earned"].mean()), 1),
            }
        )
    return pd.DataFrame(rows)


def elimination_rounds(frame: Any, by: str = "agent") -> Any:
    """Per group and round 1-12: the share of the group's players whose godfather was killed in that round."""
    import pandas as pd

    sizes = frame.groupby(by).size()
    out = frame[frame["eliminated"].notna()]
    counts = out.groupby([by, out["eliminated"].astype(int).rename("round")]).size()
    full = pd.MultiIndex.from_product([sorted(sizes.index), range(1, 13)], names=[by, "round"])
    counts = counts.reindex(full, fill_value=0).rename("players").reset_index()
    counts["share"] = counts["players"] / counts[by].map(sizes)
    return counts
