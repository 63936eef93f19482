# mypy: ignore-errors
"""Brokdorf's outcome: the pure function from a finished state to its Settlement (BK-5.4-5.16)."""
from __future__ import annotations

from fractions import Fraction

from ..core.game import Settlement
from .cards import SUITS
from .rules import has_plus_five


def settle(game, state) -> Settlement:
    """Rows for one round (the default) or for a whole tournament (option ``tournament``)."""
    if game.tournament:
        return _tournament(game, state)
    result = state.results[-1]
    scores = [s for s in state.scores if s.number > 0]
    rows = []
    for p in range(game.players):
        mine = [s for s in scores if s.declarer == p]
        rows.append({
            "player": p,
            "points": result.points[p],
            "euros": float(result.euros[p]),
            "loser": result.loser == p,
            "end": result.end,
            "durchmarsch": result.winner == p,
            "games": result.games,
            "declared": len(mine),
            "contracts_made": sum(s.tricks[p] >= s.contract and p not in s.violators for s in mine),  # BK-5.12
            "tricks": sum(s.tricks[p] for s in scores),
            "plus_fives": sum(has_plus_five(s, p) for s in scores),
            "left": p in result.left,
        })
    return Settlement(rows, euros=result.euros, results=state.results, scores=state.scores)


def _tournament(game, state) -> Settlement:
    start = Fraction(game.options["start_euros"])
    # BK-5.15: the highest balance wins.  Players who left are at or below the bound and everyone
    # still seated is above it, so this is the best seated balance -- unless everybody left at once.
    best = max(state.balances)
    rows = []
    for p in range(game.players):
        rounds = [r for r in state.results if p in r.seated]
        left = next((r.round for r in state.results if p in r.left), 0)
        rows.append({
            "player": p,
            "euros": float(state.balances[p] - start),
            "balance": float(state.balances[p]),
            "rounds": len(rounds),
            "rounds_lost": sum(r.loser == p for r in rounds),
            "left_in_round": left,
            "winner": state.balances[p] == best,  # BK-5.15: ties share
        })
    euros = tuple(b - start for b in state.balances)
    return Settlement(rows, euros=euros, balances=state.balances, results=state.results, scores=state.scores)


def game_log(state) -> list[dict]:
    """One dict per scored game of the session (decision games marked ``decision=True``)."""
    return [
        {
            "round": s.round,
            "game": s.number,
            "decision": s.number == 0,
            "dealer": s.dealer,
            "declarer": s.declarer,
            "contract": s.contract,
            "trump": SUITS[s.trump] if s.trump is not None else None,
            "mit": list(s.mit),
            "weg": list(s.weg),
            "played": s.played,
            "tricks": list(s.tricks),
            "changes": list(s.changes),
            "violators": list(s.violators),
        }
        for s in state.scores
    ]


def running_totals(settlements) -> list[dict[int, Fraction]]:
    """BK-5.16: after each of several rounds (one settlement each), every seat's euro total so far."""
    totals: dict[int, Fraction] = {}
    out = []
    for settlement in settlements:
        for seat, amount in enumerate(settlement.euros):
            totals[seat] = totals.get(seat, Fraction(0)) + amount
        out.append(dict(totals))
    return out


def player_games(state) -> list[dict]:
    """:func:`game_log` with one dict per player per scored game (decision games left out).

    ``role`` is "declarer", "mit" or "weg" (BK-4.4, BK-4.6); ``contract`` is the game's
    contract; ``change`` his point change (BK-5.1, fewer is better); ``plus_five`` whether
    it includes a +5 (BK-5.1, BK-5.12); ``made`` (declarers only, else None) whether he
    took his contract.
    """
    rows = []
    for g in game_log(state):
        if g["decision"]:
            continue
        for p in sorted([g["declarer"], *g["mit"], *g["weg"]]):
            role = "declarer" if p == g["declarer"] else ("mit" if p in g["mit"] else "weg")
            tricks = g["tricks"][p]
            rows.append({
                "round": g["round"],
                "game": g["game"],
                "player": p,
                "role": role,
                "contract": g["contract"],
                "tricks": tricks,
                "change": g["changes"][p],
                "plus_five": p in g["violators"] or (role == "declarer" and tricks < g["contract"])
                or (role == "mit" and tricks == 0),
                "made": tricks >= g["contract"] and p not in g["violators"] if role == "declarer" else None,
            })
    return rows
