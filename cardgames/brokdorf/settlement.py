"""Brokdorf's outcome: the pure function from a finished state to its Settlement (BK-5.4-5.16)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ..core.game import Settlement
from .cards import SUITS
from .rules import BrokdorfRules, State, has_plus_five


def settle(rules: BrokdorfRules, state: State) -> Settlement:
    """Rows for one round (the default) or for a whole tournament (option ``tournament``)."""
    if rules.tournament:
        return _tournament(rules, state)
    sheet = state.sheet
    result = sheet.results[-1]
    scores = [s for s in sheet.scores if s.number > 0]
    rows = []
    for p in range(rules.players):
        mine = [s for s in scores if s.declarer == p]
        rows.append(
            {
                "player": p,
                "points": result.points[p],
                "euros": float(result.euros[p]),
                "loser": result.loser == p,
                "end": result.end,
                "durchmarsch": result.winner == p,
                "games": result.games,
                "declared": len(mine),
                "contracts_made": sum(not has_plus_five(s, p) for s in mine),  # made, and not caught (BK-5.12)
                "tricks": sum(s.tricks[p] for s in scores),
                "plus_fives": sum(has_plus_five(s, p) for s in scores),
                "left": p in result.left,
            }
        )
    return Settlement(rows, euros=result.euros, results=tuple(sheet.results), scores=tuple(sheet.scores))


def _tournament(rules: BrokdorfRules, state: State) -> Settlement:
    sheet = state.sheet
    start = Fraction(rules.options["start_euros"])
    # BK-5.15: the highest balance wins.  Players who left are at or below the bound and everyone
    # still seated is above it, so this is the best seated balance -- unless everybody left at once.
    best = max(sheet.balances)
    rows = []
    for p in range(rules.players):
        rounds = [r for r in sheet.results if p in r.seated]
        left = next((r.round for r in sheet.results if p in r.left), 0)
        rows.append(
            {
                "player": p,
                "euros": float(sheet.balances[p] - start),
                "balance": float(sheet.balances[p]),
                "rounds": len(rounds),
                "rounds_lost": sum(r.loser == p for r in rounds),
                "left_in_round": left,
                "winner": sheet.balances[p] == best,  # BK-5.15: ties share
            }
        )
    euros = tuple(b - start for b in sheet.balances)
    return Settlement(
        rows, euros=euros, balances=sheet.balances, results=tuple(sheet.results), scores=tuple(sheet.scores)
    )


def game_log(state: State) -> list[dict[str, Any]]:
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
        for s in state.sheet.scores
    ]


def running_totals(settlements: Iterable[Settlement]) -> list[dict[int, Fraction]]:
    """BK-5.16: after each of several rounds (one settlement each), every seat's euro total so far."""
    totals: dict[int, Fraction] = {}
    out = []
    for settlement in settlements:
        for seat, amount in enumerate(settlement.details["euros"]):
            totals[seat] = totals.get(seat, Fraction(0)) + amount
        out.append(dict(totals))
    return out


def player_games(state: State) -> list[dict[str, Any]]:
    """:func:`game_log` with one dict per player per scored game (decision games left out).

    ``role`` is "declarer", "mit" or "weg" (BK-4.4, BK-4.6); ``contract`` is the game's
    contract; ``change`` his point change (BK-5.1, fewer is better); ``plus_five`` whether
    it includes a +5 (BK-5.1, BK-5.12); ``made`` (declarers only, else None) whether he
    took his contract.
    """
    rows = []
    for score in state.sheet.scores:
        if score.number == 0:
            continue
        for p in sorted((score.declarer,) + score.mit + score.weg):
            role = "declarer" if p == score.declarer else ("mit" if p in score.mit else "weg")
            rows.append(
                {
                    "round": score.round,
                    "game": score.number,
                    "player": p,
                    "role": role,
                    "contract": score.contract,
                    "tricks": score.tricks[p],
                    "change": score.changes[p],
                    "plus_five": has_plus_five(score, p),
                    "made": not has_plus_five(score, p) if role == "declarer" else None,  # BK-5.1, BK-5.12
                }
            )
    return rows
