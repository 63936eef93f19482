"""Settlement (RP-5): the winning side, every wrestler's position and the players' statistics."""
from __future__ import annotations

from ..core.game import Settlement
from . import data


def settle(game, st) -> Settlement:
    """One row per player: side, wrestler, position, pinned, tricks won, damage dealt, tokens, result."""
    r = st.result
    winner = "draw" if r.winner < 0 else game.side_names[r.winner]
    rows = []
    for p in range(game.players):
        side = game.side_of[p]
        won = 0.5 if r.winner < 0 else float(side == r.winner)
        rows.append({
            "player": p,
            "label": game.labels[p],
            "side": game.side_names[side],
            "wrestler": st.wrestlers[p],
            "position": st.health[p],
            "pinned": p == r.pinned,
            "tricks_won": st.won[p],
            "damage_dealt": st.dealt[p],
            "tokens_gained": st.gained[p],
            "tokens_spent": st.spent[p],
            "pop": st.pop[side],
            "won": won,
            "winning_side": winner,
            "rounds": r.round,
            "tricks": len(st.log),
        })
    return Settlement(rows, result=r, log=st.log, winning_side=winner,
                      pinned=r.pinned, skull=data.SKULL)
