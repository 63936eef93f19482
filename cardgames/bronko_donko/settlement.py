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


_COUNTS = ("hp_lost", "fights", "fights_won", "times_donko", "fluchtkarten")


def player_games(state) -> list[dict]:
    """One dict per player per finished game of the match: the settlement keys for that game alone.

    ``game`` (from 1), ``player``, ``hp_lost``, ``schlaeger_left``, ``fights``, ``fights_won``,
    ``times_donko``, ``fluchtkarten``, ``eliminated_in_fight`` (0 = not eliminated),
    ``damage_suffered``, ``orden`` (1 for the game's winner) and ``winner``.
    """
    rows = []
    previous = None
    for number, (winner, tally, schlaeger, alive) in enumerate(state.results, 1):
        for p in range(len(schlaeger)):
            row = {"game": number, "player": p}
            for key in _COUNTS:
                row[key] = getattr(tally, key)[p] - (getattr(previous, key)[p] if previous else 0)
            row["schlaeger_left"] = len(schlaeger[p]) if alive >> p & 1 else 0
            row["eliminated_in_fight"] = tally.eliminated_in_fight[p]
            row["damage_suffered"] = tally.damage[p] - (previous.damage[p] if previous else 0)
            row["orden"] = int(p == winner)
            row["winner"] = p == winner
            rows.append(row)
        previous = tally
    return rows


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
    return Settlement(rows, fight_log=fight_log(state), orden=tuple(state.orden), games=player_games(state))
