"""Agents for Rowdy Partners: random (from the core) and greedy.

The greedy agent looks one card ahead: it plays the card that leaves its side winning
the trick as cheaply as possible (the lowest winner while others still play, the
highest - most damage - when it plays last), dumps its highest card when the trick is
lost or its partner already wins, and spends a token or cheat only when that decides
the trick (a value change that turns a loss into a win, extra damage on a sure win) or,
as the trick's last card, spares its side damage (a value change whose counter flips the
other side's winning card, RP-4.8, so that nobody or a cheaper card wins).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..core.agents import Agent
from ..core.expert import ExpertAgent as CoreExpert
from . import data
from .actions import PASS, TAG, Coin, DamageToken, Play, UseCheat, UseSignature
from .cards import SUIT_T, VALUE_T
from .rules import RowdyPartnersRules
from .state import (
    BURYING,
    CHOOSING,
    NAMING,
    TAGGING,
    Pending,
    Placed,
    State,
    place,
    placed_with,
    trick_damage,
    winning_index,
)

PREFERENCE: Final = ("W5", "W1", "W4", "W3", "W2", "W6")
WIN: Final = 1000  # scores from here up mean "our side takes the trick"
DAMAGE_STEP: Final = 16  # a lost last card scores -16 per damage point the trick deals, +8 to -3 for the card


def _taken(score: int) -> int:
    """The damage a lost trick deals, from the score of the last card that loses it (see ``_evaluate``)."""
    return (8 - score) // DAMAGE_STEP


def _after(view: State, player: int, c: int, pend: Pending) -> tuple[tuple[Placed, ...], int]:
    """The row and led suit after ``player`` places card ``c`` with pending attachments (RP-4.8, RP-4.9)."""
    row, led, _ = place(view.row, view.suit, view.setter, placed_with(player, c, pend))
    return row, led


class GreedyAgent(Agent):
    """Wins tricks cheaply, dumps high cards when it cannot win, uses tokens when they decide a trick."""

    name = "greedy"
    uses_rng = False  # it decides from the view alone

    def __init__(self, game: RowdyPartnersRules, seat: int) -> None:
        super().__init__(game, seat)
        self.rules = game  # the rules it plays, typed, so the compiled agent reads the seating tables directly

    def act(self, view: State, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if view.phase == CHOOSING:  # damage first: Haymaker, Anvil Drop, then the value changers
            return min(legal_actions, key=lambda a: PREFERENCE.index(a.wrestler) if a.wrestler in PREFERENCE else 9)
        if view.phase == TAGGING:
            return self._tag(view)
        if view.phase == NAMING:
            return self._name(view, legal_actions)
        if view.phase == BURYING:  # keep the low cards: bury the highest
            return max(legal_actions, key=lambda a: (VALUE_T[a.card], SUIT_T[a.card] >= 0))
        return self._play(view, legal_actions)

    def _tag(self, view: State) -> Any:
        """Tag out when clearly more hurt than the partner."""
        me = self.seat
        partner = self.rules.partner[me]
        health = view.score.health
        if health[me] >= 10 and health[partner] + 4 <= health[me]:
            return TAG
        return PASS

    def _name(self, view: State, legal: Sequence[Any]) -> Any:
        """Name the suit under which our side wins now, with the fewest unseen cards that could undercut."""
        game = self.rules
        side = game.side_of[self.seat]
        row = view.row
        seen = set(view.hands[self.seat])
        seen |= {q.card for t in view.score.log if t.round == view.deal.round for q in t.row}
        seen |= {q.card for q in row} | {c for d in view.deal.diamonds for c in d}
        best, best_score = legal[0], None
        for a in legal:
            i = winning_index(row, a.suit)
            score = 0
            if i >= 0:
                w = row[i]
                score += 10 if game.side_of[w.player] == side else -10
                score -= sum(1 for c in range(32) if SUIT_T[c] == a.suit and VALUE_T[c] < w.value and c not in seen)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    def _evaluate(self, view: State, plays: list[Play], pend: Pending) -> tuple[int, Play]:
        """The best (score, action) among card plays with the given pending attachments."""
        side_of = self.rules.side_of
        me: int = self.seat
        side = side_of[me]
        last = view.turn == len(view.trick.order) - 1
        best: tuple[int, Play] | None = None
        for a in plays:
            c = a.card
            if pend.suit >= 0 and SUIT_T[c] < 0:
                continue
            row, led = _after(view, me, c, pend)
            i = winning_index(row, led)
            wild = SUIT_T[c] < 0
            if i >= 0 and side_of[row[i].player] == side:  # our side wins (tiers from WIN up)
                mine = i == len(row) - 1
                if last:  # the trick is decided: most damage, then dump high
                    score = WIN + 100 + 10 * trick_damage(row[i]) + (0 if mine else VALUE_T[c])
                elif mine:  # still open: the lower, the safer
                    score = WIN + 20 - row[i].value
                else:  # partner wins: dump high, keep him winning
                    score = WIN + 50 + VALUE_T[c] - 3 * wild
            elif last:  # lost or, all cards flipped, won by nobody: the less damage it deals, the better
                score = -DAMAGE_STEP * (trick_damage(row[i]) if i >= 0 else 0) + VALUE_T[c] - 3 * wild
            else:  # lost: dump the highest card, keep wildcards
                score = VALUE_T[c] - 3 * wild
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None  # a suited card is always left to play (RP-2.6)
        return best

    def _play(self, view: State, legal: Sequence[Any]) -> Any:
        """The best card, after an attachment when that decides the trick."""
        plays: list[Play] = [a for a in legal if type(a) is Play]
        pend = view.pending
        score, action = self._evaluate(view, plays, pend)
        attach = [a for a in legal if type(a) is not Play]
        if not attach:
            return action
        if score >= WIN + 100:  # a sure win as last player: pile on damage if the card is ours
            mine = self._evaluate(view, plays, pend.replace(dmg=pend.dmg + 1))[0] > score
            for a in attach:
                if mine and (self._kind(a) in ("DMG", "DBL") or type(a) is DamageToken):
                    return a
            return action
        if score >= WIN:
            return action
        # a value change that turns a loss into a win; else, as the trick's last card, one that makes the
        # trick deal less damage to our side (a counter that flips the other side's winning card, RP-4.8)
        last = view.turn == len(view.trick.order) - 1
        lesser = None
        for a in attach:
            if type(a) is Coin or self._kind(a) == "VAL":
                delta = a.sign if type(a) is Coin else self._amount(a)
                s2, _ = self._evaluate(view, plays, pend.replace(val=pend.val + delta))
                if s2 >= WIN:
                    return a
                if last and lesser is None and _taken(s2) < _taken(score):
                    lesser = a
        return action if lesser is None else lesser

    def _kind(self, a: Any) -> str:
        """The effect kind of a cheat or signature move ("" for a token)."""
        if type(a) is UseCheat:
            return data.CHEATS[a.cheat].effect.kind
        if type(a) is UseSignature:
            return data.WRESTLERS[a.wrestler].effect.kind
        return ""

    def _amount(self, a: Any) -> int:
        """The value change of a VAL cheat or signature move (Limbo's as chosen)."""
        eff = data.CHEATS[a.cheat].effect if type(a) is UseCheat else data.WRESTLERS[a.wrestler].effect
        return int(a.arg) if isinstance(eff.amount, tuple) else eff.amount


class ExpertAgent(CoreExpert):
    """Determinized Monte Carlo (``cardgames.core.expert``) with Rowdy Partners' worlds and objective.

    At each decision with a choice it draws 64 worlds from its view (``worlds.determinize``:
    the hidden hands, burn pile and cheats dealt again, uniformly among those that agree with
    play), plays every legal action in each world (cards, attachments, tag or pass, a suit to
    name), lets greedy players play every seat on to the end of the round, and takes the
    action with the best mean position lead (the objective: positions the opponents advanced
    minus those its own side advanced).  All candidates meet the same worlds.  Tuning runs
    (compiled, 100 games against three greedy players, seats rotated): 16 worlds were no
    better than greedy, 64 worlds gave its side about +4 positions a game; 128 worlds, a bonus
    for the pin, a value for tokens held or a convex weight on positions did no better.
    """

    name = "expert"
    worlds = 64

    def shortlist(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Sequence[Any]:
        """Every legal action, the card plays first: the earliest of equal values is taken, so an attachment
        that bought nothing measurable is not spent where the same card without it does as well."""
        plays = [a for a in legal_actions if type(a) is Play]
        if not plays or len(plays) == len(legal_actions):
            return legal_actions
        return plays + [a for a in legal_actions if type(a) is not Play]
