"""Brokdorf in words: ``describe`` (one sentence per step, naming clauses) and ``layout`` (the table).

Both read states only: a sentence is worked out from the state before a step and the
state after it, never by applying the step again.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ..core.game import Face, Line
from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from .rules import (
    ANSWER,
    BID,
    NEXT_DEALER,
    OVER,
    PLAY,
    STECHEN_DEALER,
    TRUMP,
    Bid,
    BrokdorfRules,
    Dealer,
    Expel,
    Gut,
    Misdeal,
    Mit,
    Play,
    RoundResult,
    State,
    Trump,
    Violation,
    Weg,
    duty,
    has_plus_five,
    played_to,
)


def _suit(s: int) -> str:
    return f"{SUIT_NAMES[s]} {SUIT_SYMBOLS[s]}"


def _signed(x: int | Fraction) -> str:
    """+3, −3 (a true minus sign), 0; a Fraction as +4/3."""
    sign = "+" if x > 0 else ("−" if x < 0 else "")
    size = Fraction(x) if x >= 0 else -Fraction(x)
    if size.denominator != 1:
        return f"{sign}{size.numerator}/{size.denominator}"
    return f"{sign}{size.numerator}"


def _euro(x: int | Fraction) -> str:
    return f"{_signed(x)} €"


def _players(seats: Iterable[int]) -> str:
    """``player 2``, ``players 1 and 2``, ``players 1, 2 and 3``."""
    listed = list(seats)
    if len(listed) == 1:
        return f"player {listed[0]}"
    return "players " + ", ".join(map(str, listed[:-1])) + f" and {listed[-1]}"


def describe(rules: BrokdorfRules, before: State, seat: int | None, action: Any, after: State) -> str:
    """One sentence: what ``action`` of ``seat`` did in ``before`` and what followed automatically in ``after``."""
    who = f"Player {seat}"
    if isinstance(action, Bid):
        text = f"{who} bids {action.tricks} trick{'s' if action.tricks != 1 else ''} (BK-4.2)"
    elif isinstance(action, Gut):
        text = f"{who} says GUT, passing (BK-4.2)"
    elif isinstance(action, Trump):
        text = f"{who} names {_suit(action.suit)} as trump (BK-4.5)"
    elif isinstance(action, Mit):
        text = f"{who} says MIT and plays this game (BK-4.6)"
    elif isinstance(action, Weg):
        text = f"{who} says WEG and drops his hand (BK-4.6)"
    elif isinstance(action, Play) and seat is not None:
        trick = before.trick
        if not trick.cards:
            text = f"{who} leads {action.card.pretty} (BK-4.8)"
        else:  # the duty he played under, in the third person (BK-4.10, BK-4.11)
            trump = before.deal_in_progress().trump_suit()
            d = duty(before.hands[seat], trick.cards, trick.best, trump)
            text = f"{who} plays {action.card.pretty} ({d.words('he')}, {d.clauses})"
    elif isinstance(action, Dealer):
        named = "himself" if action.seat == seat else f"player {action.seat}"
        if before.phase == STECHEN_DEALER:
            text = f"{who}, the winner of the draw, names {named} as the dealer of the decision game (BK-5.8)"
        else:
            text = (
                f"{who}, the loser of round {before.sheet.round - 1}, names {named} as the first dealer of "
                f"round {after.sheet.round} (BK-6.4)"
            )
    elif isinstance(action, Misdeal):
        deal = before.deal_in_progress()
        count = before.sheet.misdeals[deal.dealer] + 1
        if deal.decision:
            text = (
                f"The table reports a misdeal in the decision game: player {deal.dealer} simply deals again (BK-5.11)"
            )
        else:
            again = (
                f" and player {deal.dealer} deals again"
                if after.deal is not None and after.sheet.round == before.sheet.round
                else ""
            )  # else the round ended
            what = {1: f": it is forgiven{again}", 2: f": he gets +5 points{again}"}.get(count, "")
            text = f"The table reports misdeal number {count} by dealer {deal.dealer}{what} (BK-5.11)"
    elif isinstance(action, Violation):
        text = (
            f"The table catches player {action.seat} breaking the rules of play (following, trumping or "
            "heading): his tricks in this game are void and he scores exactly +5 for it (BK-5.12)"
        )
    elif isinstance(action, Expel):
        text = f"Player {action.seat} is caught again and the table judges it intentional: he is expelled (BK-5.13)"
    else:  # pragma: no cover - the step was admitted, so it is one of the above
        text = f"{who}: {action}"
    return text + _consequences(rules, before, action, after) + "."


def _consequences(rules: BrokdorfRules, before: State, action: Any, after: State) -> str:
    """What happened automatically after the action: tricks, scoring, redeals, round end."""
    parts = []
    d0, d1 = before.deal, after.deal
    s0, s1 = before.sheet, after.sheet
    new_deal = s1.deals > s0.deals
    scored = len(s1.scores) > len(s0.scores)
    ended = len(s1.results) > len(s0.results)
    if before.phase == BID and after.phase == TRUMP and d1 is not None:
        parts.append(f"player {d1.declarer} declares with contract {d1.contract} (BK-4.4)")
    if before.phase == BID and new_deal and not scored and isinstance(action, Gut) and d0 is not None:
        parts.append(f"all said GUT: the deal is void and player {d0.dealer} deals again (BK-4.3)")
    if before.phase == ANSWER and after.phase == PLAY and d1 is not None:
        parts.append(f"player {d1.declarer} leads the first trick (BK-4.8)")
    if isinstance(action, Play) and before.phase == PLAY:  # not a table event during play (BK-5.11, BK-5.13)
        trick = played_to(before.trick, action.card, before.deal_in_progress().trump_suit())
        if len(trick.cards) == len(trick.turns):
            winner = trick.winner()
            parts.append(f"player {winner} wins the trick with {trick.cards[trick.best].pretty} (BK-4.9)")
    if scored:
        score = s1.scores[-1]
        if not score.played:
            parts.append(f"everybody left, so player {score.declarer} takes all five tricks (BK-4.7)")
        changes = ", ".join(f"player {s} {_signed(score.changes[s])}" for s in sorted((score.declarer,) + score.mit))
        caught = ", BK-5.12" if score.violators else ""
        if score.number == 0:
            parts.append(
                f"the decision game is scored, its points counting only for the Stechen: {changes} "
                f"(BK-5.1{caught}, BK-5.8)"
            )
        else:
            parts.append(f"game {score.number} is scored, points: {changes} (BK-5.1{caught})")
    if after.phase == STECHEN_DEALER and s1.draws > s0.draws:
        parts.append(_stechen(before, after))
    if ended:
        parts.extend(_round_end(rules, after, s1.results[-1]))
    elif scored and after.phase == BID and d1 is not None and not d1.decision:
        parts.append(f"player {d1.dealer}, the declarer, deals game {s1.games + 1} (BK-3.4)")
    if new_deal and d1 is not None and d1.luschen:
        times = "" if d1.luschen == 1 else f" ({d1.luschen} times)"
        parts.append(
            f"a hand of five Luschen (low cards) without three of one suit: the deal is void and "
            f"player {d1.dealer} deals again{times} (BK-3.6)"
        )
    return "; " + "; ".join(parts) if parts else ""


def _stechen(before: State, after: State) -> str:
    """Why a Stechen draw happened (a tie for the most points, or still tied after a decision game)."""
    st = after.sheet.stechen
    assert st is not None
    drawn = ", ".join(f"player {s} {c.pretty}" for s, c in st.draw[-len(st.members) :])
    tied = _players(st.members)
    if before.sheet.stechen is None:
        why, rule = f"{tied} share the most points ({after.sheet.points[st.members[0]]})", "BK-5.5, BK-5.8"
    else:
        rule = "BK-5.8"
        score = after.sheet.scores[-1]  # the decision game just scored
        if all(has_plus_five(score, s) for s in st.members):
            why = f"{tied} each received a +5 in the decision game"
        else:
            why = f"{tied} took the fewest tricks ({score.tricks[st.members[0]]}) in the decision game"
    again = " again" if before.sheet.stechen is not None else ""
    return f"{why}, so they draw{again} for the Stechen: {drawn}, and player {st.winner} wins the draw ({rule})"


def _round_end(rules: BrokdorfRules, after: State, r: RoundResult) -> list[str]:
    """The round's end: why it ended, who pays (BK-5.5-5.7), who leaves and who deals next."""
    money = ", ".join(f"player {s} {_euro(r.euros[s])}" for s in r.seated)
    n = len(r.seated)
    if r.end == "durchmarsch":  # BK-5.6
        sweep = f"the round ends with a Durchmarsch (sweep) by player {r.winner}, who collects {n - 1} €"
        most = f"({r.points[r.payers[0]]})"
        if not r.penalised:
            why = "nobody else received a +5 in games 1–3, so every other player pays him 1 €"
        elif len(r.penalised) == 1:
            why = f"player {r.payers[0]} alone received a +5 in games 1–3 and pays him {n - 1} €"
        elif r.payers == r.penalised:
            why = (
                f"{_players(r.payers)}, who received a +5 in games 1–3, share the most points {most} "
                f"and split the {n - 1} €"
            )
        else:
            of = f"of {_players(r.penalised)}, who received a +5 in games 1–3,"
            why = (
                f"{of} player {r.payers[0]} has the most points {most} and pays him {n - 1} €"
                if len(r.payers) == 1
                else f"{of} {_players(r.payers)} share the most points {most} and split the {n - 1} €"
            )
        parts = [f"{sweep}, and {why}: {money} (BK-5.6)"]
    elif r.end == "normal":
        loser = r.loser if r.loser is not None else -1
        if not r.stechen:
            why, rule = f"player {loser}, with the most points ({r.points[loser]}),", "BK-5.5"
        elif has_plus_five(after.sheet.scores[-1], loser):
            why, rule = f"player {loser}, the only one with a +5 in the decision game,", "BK-5.8, BK-5.5"
        else:
            why, rule = f"player {loser}, with the fewest tricks in the decision game,", "BK-5.8, BK-5.5"
        parts = [f"the round ends and {why} loses it: {money} ({rule})"]
    elif r.end == "misdeal":
        parts = [f"the round ends and dealer {r.loser}, with his third misdeal, loses it: {money} (BK-5.7)"]
    else:
        parts = [
            f"the round ends and player {r.loser} pays as the loser, then leaves the session: {money} (BK-5.7, BK-5.13)"
        ]
    gone = [s for s in r.left if not (r.end == "expulsion" and s == r.loser)]
    if gone:
        balances = " and ".join(_euro(after.sheet.balances[s]).lstrip("+") for s in gone)
        one = len(gone) == 1
        parts.append(
            f"{_players(gone)} {'leaves' if one else 'leave'} the tournament with "
            f"{'a balance' if one else 'balances'} of {balances}, at or below the lower bound of "
            f"{_euro(rules.options['lower_bound']).lstrip('+')} (BK-5.14)"
        )
    if after.phase == OVER:
        if rules.tournament:
            best = max(after.sheet.balances)
            winners = [s for s, b in enumerate(after.sheet.balances) if b == best]
            win = "wins" if len(winners) == 1 else "share the win"
            parts.append(
                f"the tournament is over: {_players(winners)} {win} with a balance of "
                f"{_euro(best).lstrip('+')} (BK-5.15)"
            )
    elif after.phase == NEXT_DEALER:
        parts.append(
            f"player {after.sheet.chooser}, the loser, is to name the first dealer of round "
            f"{after.sheet.round} (BK-6.4)"
        )
    elif after.deal is not None:
        dealer = after.deal.dealer
        if r.end == "durchmarsch":
            how = f"player {dealer}, the last declarer,"
        else:
            how = f"player {r.loser} has left, so player {dealer}, the next still seated clockwise,"
        parts.append(f"{how} deals the first game of round {after.sheet.round} (BK-6.4)")
    return parts


class _Line:
    """One line of the table being built: plain text and cards, neighbouring texts joined."""

    def __init__(self, text: str = "") -> None:
        self.parts: list[str | Face] = [text] if text else []

    def text(self, text: str) -> None:
        if not text:
            return
        if self.parts and isinstance(self.parts[-1], str):
            self.parts[-1] += text
        else:
            self.parts.append(text)

    def card(self, card: Card) -> None:
        """A card everybody at the table sees: its code (``QH``) and its pretty form (``♥Q``)."""
        self.parts.append(Face(str(card), card.pretty))

    def done(self) -> Line:
        return tuple(self.parts)


def _hand(line: _Line, hand: tuple[Card | None, ...]) -> int:
    """Add ``hand`` to ``line`` as render prints it (a card as ``♥Q``, a hidden one as ``??``).

    A run of hidden cards is one back that says how many cards it stands for. Returns the
    number of characters added (render pads a hand to 24)."""
    width = 0
    i = 0
    while i < len(hand):
        if i:
            line.text(" ")
            width += 1
        c = hand[i]
        if c is not None:
            line.card(c)
            width += len(c.pretty)
            i += 1
            continue
        hidden = 1
        while i + hidden < len(hand) and hand[i + hidden] is None:
            hidden += 1
        back = " ".join(["??"] * hidden)
        line.parts.append(Face(None, back, hidden))
        width += len(back)
        i += hidden
    return width


def layout(rules: BrokdorfRules, state: State, viewer: int | None = None) -> tuple[Line, ...]:
    """The table as lines of text and cards; with ``viewer``, only what that player may see.

    Every card shown is a :class:`Face` with its code (``QH``) and pretty form (``♥Q``): the hands,
    the trick on the table and a Stechen draw. A hand ``viewer`` may not see is one hidden Face
    (``?? ?? ??``, count 3). Suits named as trump stay text."""
    if viewer is not None:
        state = rules.view(state, viewer)
    sheet, deal = state.sheet, state.deal
    lines: list[Line] = []
    head = f"Brokdorf · round {sheet.round}"
    if deal is not None:
        head += " · decision game (Stechen)" if deal.decision else f" · game {sheet.games + 1}"
        head += f" · dealer {deal.dealer}"
    if state.phase == OVER:
        head += " · over"
    lines.append((head,))
    lines.append(("points: " + "  ".join(f"{s}:{sheet.points[s]}" for s in sheet.seated),))
    if rules.tournament:
        lines.append(("euros:  " + "  ".join(f"{s}:{float(sheet.balances[s]):.2f}" for s in range(rules.players)),))
    if deal is not None:
        if deal.declarer is not None:
            t = f", trump {_suit(deal.trump)}" if deal.trump is not None else ""
            lines.append((f"contract: player {deal.declarer} bids {deal.contract}{t}",))
        elif deal.calls:
            calls = ", ".join(f"{s}:{'GUT' if b is None else b}" for s, b in zip(deal.order, deal.calls))
            lines.append((f"calls: {calls}",))
        trick = state.trick
        for s in deal.seats:
            hand: tuple[Card | None, ...] = state.hands[s]  # None: hidden in a view
            answer = deal.answer_of(s) if deal.declarer is not None else None
            role = "declarer" if s == deal.declarer else {True: "MIT", False: "WEG", None: ""}[answer]
            tricks = f" tricks {state.tricks[s]}" if state.played or trick.cards else ""
            line = _Line(f"  {s}  ")
            width = len("(dropped)") if answer is False else _hand(line, hand)
            if answer is False:
                line.text("(dropped)")
            line.text(" " * max(0, 24 - width) + f" {role}{tricks}")
            lines.append(line.done())
        if trick.cards:
            line = _Line("trick: ")
            for i, (s, c) in enumerate(zip(trick.turns, trick.cards)):
                line.text(f"{' · ' if i else ''}{s} ")
                line.card(c)
            lines.append(line.done())
    if state.phase == STECHEN_DEALER and sheet.stechen is not None:
        st = sheet.stechen
        line = _Line(f"Stechen among {', '.join(map(str, st.members))}: draw ")
        for i, (s, c) in enumerate(st.draw[-len(st.members) :]):
            line.text(f"{', ' if i else ''}{s} ")
            line.card(c)
        lines.append(line.done())
    if sheet.results:
        r = sheet.results[-1]
        lines.append((f"last round: {r.end}, " + ", ".join(f"{s}: {_euro(r.euros[s])}" for s in r.seated),))
    acting = rules.to_act(state)
    if acting:
        lines.append((f"to act: player {acting[0]} ({state.phase})",))
    return tuple(lines)
