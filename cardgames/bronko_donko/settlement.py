"""The outcome of a finished match (BD-9, BD-11): rows per player and the fight log."""
from __future__ import annotations

from ..core.game import Settlement


def fight_log(state) -> list[dict]:
    """One dict per settled loser of every fight so far, oldest first.

    Keys: ``game``, ``fight`` (numbered through the match), ``bronko``, ``loser``,
    ``schlagkraft`` (after vest doubling), ``knocked_out`` (HP values), ``counted`` (HP of
    the Schläger that became angezählt, or None) and ``vest_off``.
    """
    entries = []
    node = state.log
    while node is not None:
        node, entry = node
        d = dict(entry)
        d["knocked_out"] = list(d["knocked_out"])
        entries.append(d)
    entries.reverse()
    return entries


def settlement(game, state) -> Settlement:
    """Rows per player over the match: HP lost, Schläger left, fights, Orden, winner (BD-11.4)."""
    t = state.tally
    top = max(state.orden)
    rows = []
    for p in range(game.players):
        rows.append({
            "player": p,
            "hp_lost": t.hp_lost[p],
            "schlaeger_left": len(state.schlaeger[p]) if state.alive >> p & 1 else 0,
            "fights": t.fights[p],
            "fights_won": t.fights_won[p],
            "times_donko": t.times_donko[p],
            "fluchtkarten": t.fluchtkarten[p],
            "eliminated_in_fight": t.eliminated_in_fight[p],
            "damage_suffered": t.damage[p],
            "orden": state.orden[p],
            "winner": state.orden[p] == top,
        })
    return Settlement(rows, fight_log=fight_log(state), orden=tuple(state.orden))
