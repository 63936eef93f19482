"""Settlement (RP-5): the winning side, every wrestler's position and the players' statistics."""

from __future__ import annotations

from typing import Any

from ..core.game import Settlement
from . import data
from .cards import suit_name
from .rules import RowdyPartnersRules
from .state import State


def settle(game: RowdyPartnersRules, st: State) -> Settlement:
    """One row per player: side, wrestler, position, pinned, tricks won, damage dealt, tokens, result."""
    r = st.score.result
    assert r is not None  # the game is over
    score, tokens = st.score, st.tokens
    winner = "draw" if r.winner < 0 else game.side_names[r.winner]
    rows = []
    for p in range(game.players):
        side = game.side_of[p]
        won = 0.5 if r.winner < 0 else float(side == r.winner)
        rows.append(
            {
                "player": p,
                "label": game.labels[p],
                "side": game.side_names[side],
                "wrestler": st.seats.wrestlers[p],
                "position": score.health[p],
                "pinned": p == r.pinned,
                "tricks_won": score.won[p],
                "damage_dealt": score.dealt[p],
                "tokens_gained": tokens.gained[p],
                "tokens_spent": tokens.spent[p],
                "pop": tokens.pop[side],
                "won": won,
                "winning_side": winner,
                "rounds": r.round,
                "tricks": len(score.log),
            }
        )
    # RP-5.2: the tokens and cheats left, every position and both pop tracks belong to the record too
    tokens_left = tuple(
        {"coins": tokens.coins[p], "damage": tokens.damage[p], "tags": tokens.tags[p], "cheats": tokens.cheats[p]}
        for p in range(game.players)
    )
    pop_tracks = {game.side_names[s]: tokens.pop[s] for s in range(2)}
    return Settlement(
        rows,
        result=r,
        log=score.log,
        winning_side=winner,
        pinned=r.pinned,
        skull=data.SKULL,
        positions=score.health,
        pop_tracks=pop_tracks,
        tokens_left=tokens_left,
    )


# ---------------------------------------------------------------------------
# Tables for the notebooks: one finished game's tricks, and many simulated games


def trick_table(game: RowdyPartnersRules, st: State, last: int | None = None) -> list[dict[str, Any]]:
    """The finished tricks of a state (RP-5.2) as rows: the row of cards, winner, D and the target's move.

    Flipped cards are in brackets, modified values and attachments follow the card
    (``W4(v=3)+coin -1+damage``). ``last`` keeps only the last tricks.
    """

    def label(p: int) -> str:
        return game.labels[p] if p >= 0 else "-"

    rows = [
        {
            "round": t.round,
            "trick": t.trick,
            "row": " ".join(str(q) for q in t.row),
            "led suit": suit_name(t.suit),
            "winner": label(t.winner),
            "D": t.damage,
            "target": label(t.target),
            "position": f"{t.before} → {t.after}" if t.target >= 0 else "",
        }
        for t in st.score.log
    ]
    return rows[-last:] if last else rows


def game_table(df: Any) -> Any:
    """One row per game of a ``cardgames.simulate`` DataFrame: matchup, winner, length, how close it was.

    ``matchup`` names each side's agents (``A greedy · B random``); ``loser_best`` is the
    lower position of the losing side's two wrestlers (its partner's state at the end),
    ``winner_worst`` the highest position on the winning side (how close the winners came
    to being pinned themselves).
    """
    import pandas as pd

    rows = []
    for game_id, g in df.groupby("game_id", sort=True):
        sides = {}
        for side, s in g.groupby("side", sort=True):
            sides[side] = s
        winner = g["winning_side"].iloc[0]
        matchup = " · ".join(f"{side} {'/'.join(dict.fromkeys(s['agent']))}" for side, s in sides.items())
        win = sides.get(winner)
        lose = next((s for side, s in sides.items() if side != winner), None) if win is not None else None
        rows.append(
            {
                "game_id": game_id,
                "players": len(g),
                "matchup": matchup,
                "winner": winner,
                "first_side_won": float(g["won"].iloc[0]),
                "tricks": int(g["tricks"].iloc[0]),
                "rounds": int(g["rounds"].iloc[0]),
                "pinned": bool(g["pinned"].any()),
                "winner_worst": int(win["position"].max()) if win is not None else None,
                "loser_best": int(lose["position"].min()) if lose is not None else None,
                "winner_tokens_spent": int(win["tokens_spent"].sum()) if win is not None else None,
                "loser_tokens_spent": int(lose["tokens_spent"].sum()) if lose is not None else None,
            }
        )
    return pd.DataFrame(rows)


def win_rates(games: Any, by: str = "matchup") -> Any:
    """The first side's share of wins per group with a 95 % Wilson interval (draws count a half)."""
    import pandas as pd

    from ..core.probability import wilson_interval

    rows = []
    for key, g in games.groupby(by, sort=False):
        n, wins = len(g), float(g["first_side_won"].sum())
        low, high = wilson_interval(round(wins), n)
        rows.append(
            {
                by: key,
                "games": n,
                "first side wins": wins / n,
                "95% low": low,
                "95% high": high,
                "draws": int((g["winner"] == "draw").sum()),
                "mean tricks": g["tricks"].mean(),
            }
        )
    return pd.DataFrame(rows)


def shares(games: Any, value: str, by: str = "matchup") -> Any:
    """The share of games per value of ``value`` in each group (a distribution for a chart)."""
    counts = games.groupby([by, value], sort=True).size().rename("games").reset_index()
    counts["share"] = counts["games"] / counts.groupby(by)["games"].transform("sum")
    return counts


def simulate_matchups(matchups: Any, seed: int = 0) -> tuple[Any, Any]:
    """Simulate several matchups, each ``(players, agents, games)``; return (player rows, one row per game).

    The games table (``game_table``) gets a ``table`` column ("4 players", ...); matchup
    ``i`` is seeded with ``seed + i``, so each one is reproducible on its own.
    """
    import pandas as pd

    import cardgames

    rows, games = [], []
    for i, (players, agents, count) in enumerate(matchups):
        df = cardgames.simulate("rowdy_partners", players=players, games=count, agents=agents, seed=seed + i)
        df["game_id"] = df["game_id"].astype(str).radd(f"{i}:")
        rows.append(df)
        games.append(game_table(df).assign(table=f"{players} players"))
    return pd.concat(rows, ignore_index=True), pd.concat(games, ignore_index=True)
