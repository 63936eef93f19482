"""Settlement (BH-5): ranking by GE among the active players; the eliminated listed after them."""
from __future__ import annotations

from ..core.game import Settlement, history
from .board import SRC, seeded_die


def settle(state) -> Settlement:
    """One row per seat: GE, rank, winner, eliminated round, sources, shooters lost, income earned."""
    t = state.table
    n = len(t.ge)
    active = [p for p in range(n) if not t.elim[p]]
    # BH-5.1/5.2: rank by GE, equal GE share the rank; BH-6.2: a sole survivor wins whatever his GE
    rank = {}
    for p in active:
        rank[p] = 1 + sum(1 for q in active if t.ge[q] > t.ge[p])
    # BH-5.3: eliminated players after the ranking, latest elimination first
    after = len(active)
    for i, p in enumerate(sorted((p for p in range(n) if t.elim[p]), key=lambda p: -t.fallen.index(p))):
        rank[p] = after + i + 1
    rows = []
    for p in range(n):
        rows.append({
            "player": p,
            "ge": t.ge[p],
            "rank": rank[p],
            "winner": (not t.elim[p]) and rank[p] == 1,
            "eliminated": t.elim[p] or None,
            "sources": sum(row[p][SRC] for row in t.board),
            "shooters_lost": t.lost[p],
            "income_earned": t.income[p],
        })
    winners = tuple(p for p in range(n) if rows[p]["winner"])
    # BH-5.4: the seed, all decisions and all rolls, for replay
    stacked = state.setup.get("rolls", ())
    rolls = tuple(stacked[i] if i < len(stacked) else seeded_die(state.setup.seed, i) for i in range(t.dice))
    return Settlement(rows, winners=winners, rounds=state.round, seed=state.setup.seed,
                      decisions=tuple((p, str(a)) for p, a in history(state)), rolls=rolls)
