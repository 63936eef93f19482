"""The outcome of a finished match (BD-9, BD-11): rows per player and the fight log."""

from __future__ import annotations

from typing import Any

from ..core.game import Settlement
from .rules import BronkoDonkoRules, State

Row = dict[str, Any]


def fight_log(state: State) -> list[Row]:
    """One dict per settled loser of every fight so far, oldest first.

    Keys: ``game``, ``fight`` (numbered through the match), ``bronko``, ``loser``,
    ``schlagkraft`` (after vest doubling), ``knocked_out`` (HP values), ``counted`` (HP of
    the Schläger that became angezählt, or None) and ``vest_off``.
    """
    entries = []
    for entry in state.match.log:
        row = entry.as_dict()
        row["knocked_out"] = list(entry.knocked_out)
        entries.append(row)
    return entries


_COUNTS = ("hp_lost", "fights", "fights_won", "times_donko", "fluchtkarten")


def player_games(state: State) -> list[Row]:
    """One dict per player per finished game of the match: the settlement keys for that game alone.

    ``game`` (from 1), ``player``, ``hp_lost``, ``schlaeger_left``, ``fights``, ``fights_won``,
    ``times_donko``, ``fluchtkarten``, ``eliminated_in_fight`` (0 = not eliminated),
    ``damage_suffered``, ``orden`` (1 for the game's winner) and ``winner``.
    """
    rows = []
    previous = None
    for number, result in enumerate(state.match.results, 1):
        tally = result.tally
        for p in range(len(result.schlaeger)):
            row: Row = {"game": number, "player": p}
            for key in _COUNTS:
                row[key] = getattr(tally, key)[p] - (getattr(previous, key)[p] if previous is not None else 0)
            row["schlaeger_left"] = len(result.schlaeger[p]) if result.alive >> p & 1 else 0
            row["eliminated_in_fight"] = tally.eliminated_in_fight[p]
            row["damage_suffered"] = tally.damage[p] - (previous.damage[p] if previous is not None else 0)
            row["orden"] = int(p == result.winner)
            row["winner"] = p == result.winner
            rows.append(row)
        previous = tally
    return rows


def settle(rules: BronkoDonkoRules, state: State) -> Settlement:
    """Rows per player over the match: HP lost, Schläger left, fights, Orden, winner (BD-11.4)."""
    t = state.match.tally
    orden = state.match.orden
    standing = state.standing
    top = max(orden)
    rows = []
    for p in range(rules.players):
        rows.append(
            {
                "player": p,
                "hp_lost": t.hp_lost[p],
                "schlaeger_left": len(standing.schlaeger[p]) if standing.alive >> p & 1 else 0,
                "fights": t.fights[p],
                "fights_won": t.fights_won[p],
                "times_donko": t.times_donko[p],
                "fluchtkarten": t.fluchtkarten[p],
                "eliminated_in_fight": t.eliminated_in_fight[p],
                "damage_suffered": t.damage[p],
                "orden": orden[p],
                "winner": orden[p] == top,
            }
        )
    return Settlement(rows, fight_log=fight_log(state), orden=tuple(orden), games=player_games(state))


# ---------------------------------------------------------------------------
# Many games: one row per settled loser, and the distributions the settlement notebook plots


def loser_rows(state: State, agents: list[str] | tuple[str, ...], game_id: int = 0) -> list[Row]:
    """The fight log of a finished match as flat rows, with the agents of the loser and the Bronko.

    Per settled loser of a fight: ``game_id``, ``game``, ``fight``, ``loser``, ``agent`` (the
    loser's), ``bronko``, ``bronko_agent``, ``schlagkraft``, ``hp_lost`` (HP knocked out),
    ``knocked_out`` (how many Schläger), ``counted`` (a Schläger became angezählt) and ``vest_off``.
    """
    rows = []
    for e in state.match.log:
        rows.append(
            {
                "game_id": game_id,
                "game": e.game,
                "fight": e.fight,
                "loser": e.loser,
                "agent": agents[e.loser],
                "bronko": e.bronko,
                "bronko_agent": agents[e.bronko],
                "schlagkraft": e.schlagkraft,
                "hp_lost": sum(e.knocked_out),
                "knocked_out": len(e.knocked_out),
                "counted": e.counted is not None,
                "vest_off": e.vest_off,
            }
        )
    return rows


def simulate_losers(
    players: int = 3, games: int = 1000, agents: Any = "random", seed: int = 0, **options: Any
) -> list[Row]:
    """Play ``games`` seeded matches (default one game each, ``games=1`` of the match) and list every settled loser.

    ``agents`` is one name for all seats or one per seat; match ``i`` uses the seed
    ``cardgames.core.simulate.game_seed(seed, i)``, as ``cardgames.simulate`` does.
    Rows as in :func:`loser_rows`.
    """
    from ..core.registry import load
    from ..core.simulate import _agent_names, game_seed, playout

    options.setdefault("games", 1)
    game = load("bronko_donko", players=players, **options)
    names = _agent_names(game, agents)
    rows = []
    for i in range(games):
        rows.extend(loser_rows(playout(game, names, game_seed(seed, i)), names, i))
    return rows


def _keys(by: str | tuple[str, ...]) -> tuple[str, ...]:
    return (by,) if isinstance(by, str) else tuple(by)


def shares(rows: list[Row], value: str = "hp_lost", by: str | tuple[str, ...] = "agent", step: int = 1) -> list[Row]:
    """The distribution of ``value`` per ``by`` group (a key or a tuple of keys): one row per (group, value)
    with its count and share; with ``step`` > 1 the values are grouped into bins [v, v + step) named by v."""
    keys = _keys(by)
    counts: dict[tuple[Any, Any], int] = {}
    totals: dict[tuple[Any, ...], int] = {}
    for r in rows:
        group = tuple([r[k] for k in keys])
        key = (group, r[value] // step * step)
        counts[key] = counts.get(key, 0) + 1
        totals[group] = totals.get(group, 0) + 1
    return [
        {**dict(zip(keys, g)), value: v, "losers": c, "share": c / totals[g]} for (g, v), c in sorted(counts.items())
    ]


def summary(rows: list[Row], value: str = "hp_lost", by: str | tuple[str, ...] = "agent") -> list[Row]:
    """Mean of ``value`` per ``by`` group (a key or a tuple of keys) with a normal 95 % interval,
    the median, the share of zeros and how many rows."""
    from statistics import mean, median, stdev

    keys = _keys(by)
    groups: dict[tuple[Any, ...], list[float]] = {}
    for r in rows:
        groups.setdefault(tuple([r[k] for k in keys]), []).append(float(r[value]))
    out = []
    for g, vs in sorted(groups.items()):
        m = mean(vs)
        half = 1.959963984540054 * stdev(vs) / len(vs) ** 0.5 if len(vs) > 1 else 0.0
        out.append(
            {
                **dict(zip(keys, g)),
                "mean": round(m, 3),
                "low": round(m - half, 3),
                "high": round(m + half, 3),
                "median": median(vs),
                "zero": round(sum(v == 0 for v in vs) / len(vs), 3),
                "losers": len(vs),
            }
        )
    return out


def game_results(rows: list[Row]) -> list[Row]:
    """One row per simulated game (``game_id``) of loser rows: its number of fights and its winner.

    The winner of a game is the Bronko of its last fight (BD-11.2); ``winner_agent`` is his agent.
    """
    last: dict[tuple[Any, Any], Row] = {}
    for r in rows:
        key = (r["game_id"], r["game"])
        if key not in last or r["fight"] >= last[key]["fight"]:
            last[key] = r
    first_fight: dict[tuple[Any, Any], int] = {}
    for r in rows:
        key = (r["game_id"], r["game"])
        first_fight[key] = min(first_fight.get(key, r["fight"]), r["fight"])
    out = []
    for key, r in sorted(last.items()):
        out.append(
            {
                "game_id": key[0],
                "game": key[1],
                "fights": r["fight"] - first_fight[key] + 1,
                "winner": r["bronko"],
                "winner_agent": r["bronko_agent"],
            }
        )
    return out
