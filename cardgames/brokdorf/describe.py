"""Brokdorf in words: ``describe`` (one sentence per action, naming clauses) and ``render``."""
from __future__ import annotations

from ..core.game import last
from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card, beats
from .rules import (
    ANSWER,
    BID,
    OVER,
    PLAY,
    STECHEN_DEALER,
    TRUMP,
    Bid,
    Dealer,
    Expel,
    Gut,
    Misdeal,
    Mit,
    Play,
    Trump,
    Violation,
    Weg,
    legal_cards,
    obligation,
)

_ENDS = {
    "normal": "BK-5.5",
    "durchmarsch": "BK-5.6",
    "misdeal": "BK-5.7",
    "expulsion": "BK-5.7",
}


def _suit(s: int) -> str:
    return f"{SUIT_NAMES[s]} {SUIT_SYMBOLS[s]}"


def _euro(x) -> str:
    sign = "+" if x > 0 else ("−" if x < 0 else "±")
    x = abs(x)
    return f"{sign}{x.numerator}/{x.denominator} €" if x.denominator != 1 else f"{sign}{x.numerator} €"


def describe(game, state, action, player=None) -> str:
    """One sentence: what ``action`` does in ``state`` and what follows automatically."""
    after = game.apply(state, action, player)  # raises IllegalMove for an illegal action
    seat = last(after.trail)[0]
    who = f"Player {seat}"
    deal = state.deal
    if isinstance(action, Bid):
        text = f"{who} bids {action.tricks} trick{'s' if action.tricks != 1 else ''} (BK-4.2)"
    elif isinstance(action, Gut):
        text = f"{who} says GUT, passing (BK-4.2)"
    elif isinstance(action, Trump):
        text = f"{who} names {_suit(action.suit)} trump (BK-4.5)"
    elif isinstance(action, Mit):
        text = f"{who} says MIT and plays this game (BK-4.6)"
    elif isinstance(action, Weg):
        text = f"{who} says WEG and drops his hand (BK-4.6)"
    elif isinstance(action, Play):
        card = action.card
        if not deal.trick:
            text = f"{who} leads {card.pretty} (BK-4.8)"
        else:
            hand = deal.hands[seat]
            rule, why = obligation(hand, deal.trick, deal.best, deal.trump)
            forced = len(legal_cards(hand, deal.trick, deal.best, deal.trump)) < len(hand)
            text = f"{who} plays {card.pretty}" + (f" ({why}, {rule})" if forced else " (free choice, BK-4.10)")
    elif isinstance(action, Dealer):
        if state.phase == STECHEN_DEALER:
            text = f"{who}, winner of the draw, names player {action.seat} dealer of the decision game (BK-5.8)"
        else:
            text = f"{who}, the loser, names player {action.seat} first dealer of round {after.round} (BK-6.4)"
    elif isinstance(action, Misdeal):
        count = state.misdeals[deal.dealer] + 1
        if deal.decision:
            text = f"The table reports a misdeal in the decision game; player {deal.dealer} simply deals again (BK-5.11)"
        else:
            again = f", player {deal.dealer} deals again" if after.deal is not None else ""  # else BK-6.1 fired
            what = {1: f"forgiven{again}", 2: f"he gets +5 points{again}"}.get(count, "the round ends with him as loser")
            text = f"The table reports misdeal number {count} by dealer {deal.dealer}: {what} (BK-5.11)"
    elif isinstance(action, Violation):
        text = (f"The table catches player {action.seat} violating the play rules: his tricks are void and he "
                "scores exactly +5 for this game (BK-5.12)")
    elif isinstance(action, Expel):
        text = f"Player {action.seat} is caught again and judged intentional: he is expelled (BK-5.13)"
    else:  # pragma: no cover - apply accepted it, so it is one of the above
        text = f"{who}: {action}"
    return text + _consequences(game, state, after) + "."


def _consequences(game, before, after) -> str:
    """What happened automatically after the action: tricks, scoring, redeals, round end."""
    parts = []
    d0, d1 = before.deal, after.deal
    new_deal = after.deals > before.deals
    scored = len(after.scores) > len(before.scores)
    if before.phase == BID and after.phase == TRUMP:
        parts.append(f"player {d1.declarer} declares with contract {d1.contract} (BK-4.4)")
    if before.phase == BID and new_deal and not scored and isinstance(last(after.trail)[1], Gut):
        parts.append(f"all said GUT: the deal is void and player {d0.dealer} deals again (BK-4.3)")
    if before.phase == ANSWER and after.phase == PLAY:
        parts.append(f"player {d1.declarer} leads the first trick (BK-4.8)")
    played = isinstance(last(after.trail)[1], Play)  # not a table event (BK-5.11, BK-5.13) during play
    if played and (scored or len(d1.played) > len(d0.played)):
        trick = (d0.played + (tuple(zip(d0.turns, d0.trick)),))[len(d0.played)] if scored else d1.played[-1]
        winner = d1.turns[0] if not scored else _winner(trick, d0.trump)
        parts.append(f"player {winner} wins the trick with {dict(trick)[winner].pretty} (BK-4.9)")
    if scored:
        score = after.scores[-1]
        if not score.played:
            parts.append(f"everybody left, so player {score.declarer} takes all five tricks (BK-4.7)")
        changes = ", ".join(f"player {s} {score.changes[s]:+d}" for s in sorted((score.declarer,) + score.mit))
        label = "decision game scored" if score.number == 0 else f"game {score.number} scored"
        parts.append(f"{label}: {changes} (BK-5.1)")
    if after.phase == STECHEN_DEALER and after.draws > before.draws:
        st = after.stechen
        drawn = ", ".join(f"player {s} {c.pretty}" for s, c in st.draw[-len(st.members):])
        parts.append(f"players {', '.join(map(str, st.members))} tie: Stechen, they draw {drawn}; "
                     f"player {st.winner} wins the draw (BK-5.8)")
    if len(after.results) > len(before.results):
        r = after.results[-1]
        if r.end == "durchmarsch":
            why = f"Durchmarsch (sweep) by player {r.winner}"
        elif r.end == "normal":
            why = f"player {r.loser} loses the round"
        elif r.end == "misdeal":
            why = f"third misdeal: dealer {r.loser} loses the round"
        else:
            why = f"player {r.loser} pays as loser and leaves"
        money = ", ".join(f"player {s} {_euro(r.euros[s])}" for s in r.seated)
        parts.append(f"the round ends, {why}: {money} ({_ENDS[r.end]})")
        if after.phase == OVER and game.tournament:
            parts.append("the tournament is over (BK-5.15)")
    elif scored and after.phase == BID and not d1.decision:
        parts.append(f"player {d1.dealer} deals game {after.games + 1} (BK-3.4)")
    if new_deal and d1 is not None and d1.luschen:
        parts.append(f"a hand of five Luschen (low cards) forced {d1.luschen} redeal(s) (BK-3.6)")
    return "; " + "; ".join(parts) if parts else ""


def _winner(trick, trump) -> int:
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best, trump):
            best_seat, best = seat, card
    return best_seat


def _cards(cards) -> str:
    return " ".join("??" if c is None else Card(c).pretty for c in cards)


def render(game, state, player=None) -> str:
    """A compact text picture of the table; with ``player``, only what that player may see."""
    if player is not None:
        state = game.view(state, player)
    lines = []
    head = f"Brokdorf · round {state.round}"
    deal = state.deal
    if deal is not None:
        head += " · decision game (Stechen)" if deal.decision else f" · game {state.games + 1}"
        head += f" · dealer {deal.dealer}"
    if state.phase == OVER:
        head += " · over"
    lines.append(head)
    lines.append("points: " + "  ".join(f"{s}:{state.points[s]}" for s in state.seated))
    if game.tournament:
        lines.append("euros:  " + "  ".join(f"{s}:{float(state.balances[s]):.2f}" for s in range(game.players)))
    if deal is not None:
        if deal.declarer is not None:
            t = f", trump {_suit(deal.trump)}" if deal.trump is not None else ""
            lines.append(f"contract: player {deal.declarer} bids {deal.contract}{t}")
        elif deal.calls:
            calls = ", ".join(f"{s}:{'GUT' if b is None else b}" for s, b in zip(deal.order, deal.calls))
            lines.append(f"calls: {calls}")
        for s in deal.seats:
            hand = deal.hands[s]
            answer = deal.answer_of(s) if deal.declarer is not None else None
            role = "declarer" if s == deal.declarer else {True: "MIT", False: "WEG", None: ""}[answer]
            shown = "(dropped)" if answer is False else _cards(hand)
            tricks = f" tricks {deal.tricks[s]}" if deal.played or deal.trick else ""
            lines.append(f"  {s}  {shown:<24} {role}{tricks}")
        if deal.trick:
            lines.append("trick: " + " · ".join(f"{s} {c.pretty}" for s, c in zip(deal.turns, deal.trick)))
    if state.phase == STECHEN_DEALER:
        st = state.stechen
        lines.append(f"Stechen among {', '.join(map(str, st.members))}: draw "
                     + ", ".join(f"{s} {c.pretty}" for s, c in st.draw[-len(st.members):]))
    if state.results:
        r = state.results[-1]
        lines.append(f"last round: {r.end}, " + ", ".join(f"{s}: {_euro(r.euros[s])}" for s in r.seated))
    acting = game.to_act(state)
    if acting:
        lines.append(f"to act: player {acting[0]} ({state.phase})")
    return "\n".join(lines)
