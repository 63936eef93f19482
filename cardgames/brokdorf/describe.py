"""Brokdorf in words: ``facts`` (what a step did, naming clauses) and ``layout`` (the table).

All read states only: :func:`facts` tells a step from the state before it and the state
after it, never by applying the step again, as :class:`~cardgames.core.facts.Fact` records
(each with its clauses, seats, cards and amounts as data); the game's ``describe`` joins their
texts into the step's sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Final

from ..core.facts import ActionParts, Fact, words
from ..core.game import Face, Line, per_seat, player_name, seat_numbers, sentence
from ..core.i18n import N_, number
from .cards import CATALOG, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from .rules import (
    ANSWER,
    BID,
    FOLLOW,
    MUST_TRUMP,
    NEXT_DEALER,
    OVER,
    PLAY,
    STECHEN_DEALER,
    TRUMP,
    Bid,
    BrokdorfRules,
    Dealer,
    Expel,
    GameScore,
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

_, ngettext = CATALOG.functions()


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
    """Seats 1, 0 and 2 as ``player 2``, ``players 1 and 2``, ``players 1, 2 and 3`` (``Spieler 1, 2 und 3``)."""
    listed = list(seats)
    if len(listed) == 1:
        return player_name(listed[0])
    return _("players {numbers}").format(numbers=seat_numbers(listed))


def _each(values: Iterable[tuple[int, str]]) -> str:
    """``player 1 −3, player 3 +5``: a value for each player."""
    return ", ".join(_("{player} {value}").format(player=player_name(s), value=v) for s, v in values)


def _both(texts: Iterable[str]) -> str:
    """``a and b``, ``a and b and c``: amounts named one after the other."""
    joined = ""
    for i, text in enumerate(texts):
        joined = text if i == 0 else _("{first} and {second}").format(first=joined, second=text)
    return joined


def facts(rules: BrokdorfRules, before: State, seat: int | None, action: Any, after: State) -> tuple[Fact, ...]:
    """What a step did, as facts: the action first, then each thing that followed automatically.

    Each fact carries its words (the first begins the sentence, with a capital letter), the
    clause ids those words cite, the seats they concern, the card codes they name (``QH``,
    as ``hand`` and ``layout`` write them; the words show them pretty, ``♥Q``) and their
    numbers by name."""
    return (_what(before, seat, action, after),) + _consequences(rules, before, action, after)


def _what(before: State, seat: int | None, action: Any, after: State) -> Fact:
    """The action itself as a fact, with its clause (it was admitted: it is legal in ``before``)."""
    player = player_name(seat) if seat is not None else _("the table")
    acted: tuple[int, ...] = () if seat is None else (seat,)
    if isinstance(action, Bid):
        n = action.tricks
        text = ngettext("{player} bids {n} trick (BK-4.2)", "{player} bids {n} tricks (BK-4.2)", n)
        return Fact("bid", sentence(text.format(player=player, n=n)), ("BK-4.2",), acted, amounts={"tricks": n})
    if isinstance(action, Gut):
        return Fact("gut", sentence(_("{player} says GUT, passing (BK-4.2)").format(player=player)), ("BK-4.2",), acted)
    if isinstance(action, Trump):
        text = _("{player} names {suit} as trump (BK-4.5)").format(player=player, suit=_suit(action.suit))
        return Fact("trump", sentence(text), ("BK-4.5",), acted)
    if isinstance(action, Mit):
        text = _("{player} says MIT and plays this game (BK-4.6)").format(player=player)
        return Fact("mit", sentence(text), ("BK-4.6",), acted)
    if isinstance(action, Weg):
        text = _("{player} says WEG and drops his hand (BK-4.6)").format(player=player)
        return Fact("weg", sentence(text), ("BK-4.6",), acted)
    if isinstance(action, Play) and seat is not None:
        return _played(before, seat, action)
    if isinstance(action, Dealer):
        return _dealer(before, seat, action, after)
    if isinstance(action, Misdeal):
        return _misdeal(before, after)
    if isinstance(action, Violation):
        text = _(
            "The table catches {player} breaking the rules of play (following, trumping or heading): his "
            "tricks in this game are void and he scores exactly +5 for it (BK-5.12)"
        ).format(player=player_name(action.seat))
        return Fact("violation", sentence(text), ("BK-5.12",), (action.seat,), amounts={"points": 5})
    if isinstance(action, Expel):
        text = _("{player} is caught again and the table judges it intentional: he is expelled (BK-5.13)").format(
            player=player_name(action.seat)
        )
        return Fact("expel", sentence(text), ("BK-5.13",), (action.seat,))
    # a card played with no seat named (explain without a player): the table and the action's text
    return Fact("other", sentence(_("{player}: {action}").format(player=player, action=action)), (), acted)


def _played(before: State, seat: int, action: Play) -> Fact:
    """A card led (BK-4.8) or played to the trick under the duty the player had (BK-4.10, BK-4.11)."""
    player, card = player_name(seat), str(action.card)
    trick = before.trick
    if not trick.cards:
        text = _("{player} leads {card} (BK-4.8)").format(player=player, card=action.card.pretty)
        return Fact("lead", sentence(text), ("BK-4.8",), (seat,), (card,))
    # the duty he played under, in the third person (BK-4.10, BK-4.11)
    trump = before.deal_in_progress().trump_suit()
    d = duty(before.hands[seat], trick.cards, trick.best, trump)
    text = _("{player} plays {card} ({duty}, {clauses})").format(
        player=player, card=action.card.pretty, duty=d.words("he"), clauses=d.clauses
    )
    # the duty's words name the winning card W when he must follow or trump (not for a free discard)
    named = (card, str(d.winner)) if d.winner is not None and d.case in (FOLLOW, MUST_TRUMP) else (card,)
    return Fact("play", sentence(text), tuple(d.clauses.split(", ")), (seat,), named)


def _dealer(before: State, seat: int | None, action: Dealer, after: State) -> Fact:
    """The winner of a Stechen draw names the dealer of the decision game (BK-5.8), or a round's loser
    the first dealer of the next round (BK-6.4)."""
    player = player_name(seat) if seat is not None else _("the table")
    himself = action.seat == seat
    seats = (action.seat,) if himself or seat is None else (seat, action.seat)
    if before.phase == STECHEN_DEALER:
        if himself:
            text = _("{player}, the winner of the draw, names himself as the dealer of the decision game (BK-5.8)")
        else:
            text = _("{player}, the winner of the draw, names {dealer} as the dealer of the decision game (BK-5.8)")
        clauses: tuple[str, ...] = ("BK-5.8",)
    else:
        if himself:
            text = _(
                "{player}, the loser of round {previous}, names himself as the first dealer of round {round} (BK-6.4)"
            )
        else:
            text = _(
                "{player}, the loser of round {previous}, names {dealer} as the first dealer of round {round} (BK-6.4)"
            )
        clauses = ("BK-6.4",)
    text = text.format(
        player=player, dealer=player_name(action.seat), previous=before.sheet.round - 1, round=after.sheet.round
    )
    return Fact("dealer", sentence(text), clauses, seats, amounts={"round": after.sheet.round})


def _misdeal(before: State, after: State) -> Fact:
    """The table reports a misdeal by the dealer (BK-5.11): forgiven, +5 points, or the third."""
    deal = before.deal_in_progress()
    count = before.sheet.misdeals[deal.dealer] + 1
    amounts = {"misdeals": count}
    if deal.decision:
        text = _("The table reports a misdeal in the decision game: {dealer} simply deals again (BK-5.11)")
        amounts = {}
    else:
        again = after.deal is not None and after.sheet.round == before.sheet.round  # else the round ended
        if count == 1 and again:
            text = _(
                "The table reports misdeal number {count} by the dealer, {dealer}: it is forgiven and {dealer} "
                "deals again (BK-5.11)"
            )
        elif count == 1:
            text = _("The table reports misdeal number {count} by the dealer, {dealer}: it is forgiven (BK-5.11)")
        elif count == 2 and again:
            text = _(
                "The table reports misdeal number {count} by the dealer, {dealer}: he gets +5 points and {dealer} "
                "deals again (BK-5.11)"
            )
            amounts = {"misdeals": count, "points": 5}
        elif count == 2:
            text = _("The table reports misdeal number {count} by the dealer, {dealer}: he gets +5 points (BK-5.11)")
            amounts = {"misdeals": count, "points": 5}
        else:
            text = _("The table reports misdeal number {count} by the dealer, {dealer} (BK-5.11)")
    text = text.format(count=count, dealer=player_name(deal.dealer))
    return Fact("misdeal", sentence(text), ("BK-5.11",), (deal.dealer,), amounts=amounts or None)


def _consequences(rules: BrokdorfRules, before: State, action: Any, after: State) -> tuple[Fact, ...]:
    """What happened automatically after the action: tricks, scoring, redeals, round end."""
    told: list[Fact] = []
    d0, d1 = before.deal, after.deal
    s0, s1 = before.sheet, after.sheet
    new_deal = s1.deals > s0.deals
    scored = len(s1.scores) > len(s0.scores)
    ended = len(s1.results) > len(s0.results)
    if before.phase == BID and after.phase == TRUMP and d1 is not None and d1.declarer is not None:
        text = _("{declarer} declares with contract {contract} (BK-4.4)").format(
            declarer=player_name(d1.declarer), contract=d1.contract
        )
        contract = None if d1.contract is None else {"contract": d1.contract}  # set with the declarer (BK-4.4)
        told.append(Fact("declarer", text, ("BK-4.4",), (d1.declarer,), amounts=contract))
    if before.phase == BID and new_deal and not scored and isinstance(action, Gut) and d0 is not None:
        text = _("all said GUT: the deal is void and {dealer} deals again (BK-4.3)").format(
            dealer=player_name(d0.dealer)
        )
        told.append(Fact("all-gut", text, ("BK-4.3",), (d0.dealer,)))
    if before.phase == ANSWER and after.phase == PLAY and d1 is not None and d1.declarer is not None:
        text = _("{declarer} leads the first trick (BK-4.8)").format(declarer=player_name(d1.declarer))
        told.append(Fact("first-lead", text, ("BK-4.8",), (d1.declarer,)))
    if isinstance(action, Play) and before.phase == PLAY:  # not a table event during play (BK-5.11, BK-5.13)
        trick = played_to(before.trick, action.card, before.deal_in_progress().trump_suit())
        if len(trick.cards) == len(trick.turns):
            best = trick.cards[trick.best]
            text = _("{winner} wins the trick with {card} (BK-4.9)").format(
                winner=player_name(trick.winner()), card=best.pretty
            )
            told.append(Fact("trick", text, ("BK-4.9",), (trick.winner(),), (str(best),)))
    if scored:
        told.extend(_scored(s1.scores[-1]))
    if after.phase == STECHEN_DEALER and s1.draws > s0.draws:
        told.append(_stechen(before, after))
    if ended:
        told.extend(_round_end(rules, after, s1.results[-1]))
    elif scored and after.phase == BID and d1 is not None and not d1.decision:
        text = _("{dealer}, the declarer, deals game {number} (BK-3.4)").format(
            dealer=player_name(d1.dealer), number=s1.games + 1
        )
        told.append(Fact("deal", text, ("BK-3.4",), (d1.dealer,), amounts={"game": s1.games + 1}))
    if new_deal and d1 is not None and d1.luschen:
        if d1.luschen == 1:
            text = _(
                "a hand of five Luschen (low cards) without three of one suit: the deal is void and "
                "{dealer} deals again (BK-3.6)"
            )
        else:
            text = _(
                "a hand of five Luschen (low cards) without three of one suit: the deal is void and "
                "{dealer} deals again ({times} times) (BK-3.6)"
            )
        text = text.format(dealer=player_name(d1.dealer), times=d1.luschen)
        told.append(Fact("luschen", text, ("BK-3.6",), (d1.dealer,), amounts={"times": d1.luschen}))
    return tuple(told)


def _scored(score: GameScore) -> tuple[Fact, ...]:
    """A game scored (BK-5.1), after everybody left (BK-4.7) or not; with caught violators (BK-5.12)."""
    told: list[Fact] = []
    if not score.played:
        text = _("everybody left, so {declarer} takes all five tricks (BK-4.7)").format(
            declarer=player_name(score.declarer)
        )
        told.append(Fact("all-left", text, ("BK-4.7",), (score.declarer,), amounts={"tricks": 5}))
    seats = tuple(sorted((score.declarer,) + score.mit))
    changes = _each((s, _signed(score.changes[s])) for s in seats)
    clauses: tuple[str, ...]
    if score.number == 0:
        if score.violators:
            text = _(
                "the decision game is scored, its points counting only for the Stechen: {changes} "
                "(BK-5.1, BK-5.12, BK-5.8)"
            )
            clauses = ("BK-5.1", "BK-5.12", "BK-5.8")
        else:
            text = _(
                "the decision game is scored, its points counting only for the Stechen: {changes} (BK-5.1, BK-5.8)"
            )
            clauses = ("BK-5.1", "BK-5.8")
    elif score.violators:
        text = _("game {number} is scored, points: {changes} (BK-5.1, BK-5.12)")
        clauses = ("BK-5.1", "BK-5.12")
    else:
        text = _("game {number} is scored, points: {changes} (BK-5.1)")
        clauses = ("BK-5.1",)
    # the points each seat gains, by seat ("points 2": seat 2, player 3), and the game's number (0: decision game)
    amounts = {"game": score.number}
    amounts.update({f"points {s}": score.changes[s] for s in seats})
    told.append(Fact("score", text.format(number=score.number, changes=changes), clauses, seats, amounts=amounts))
    return tuple(told)


def _stechen(before: State, after: State) -> Fact:
    """Why a Stechen draw happened (a tie for the most points, or still tied after a decision game)."""
    st = after.sheet.stechen
    assert st is not None
    drawn_cards = st.draw[-len(st.members) :]
    drawn = _each((s, c.pretty) for s, c in drawn_cards)
    cards = tuple([str(c) for _s, c in drawn_cards])
    tied = _players(st.members)
    if before.sheet.stechen is None:
        points = after.sheet.points[st.members[0]]
        text = _(
            "{players} share the most points ({points}), so they draw for the Stechen: {drawn}, and {winner} "
            "wins the draw (BK-5.5, BK-5.8)"
        ).format(players=tied, points=points, drawn=drawn, winner=player_name(st.winner))
        return Fact("stechen", text, ("BK-5.5", "BK-5.8"), st.members, cards, {"points": points})
    score = after.sheet.scores[-1]  # the decision game just scored
    tricks = score.tricks[st.members[0]]
    if all(has_plus_five(score, s) for s in st.members):
        text = _(
            "{players} each received a +5 in the decision game, so they draw again for the Stechen: {drawn}, "
            "and {winner} wins the draw (BK-5.8)"
        )
        amounts: dict[str, int] | None = None
    else:
        text = _(
            "{players} took the fewest tricks ({tricks}) in the decision game, so they draw again for the "
            "Stechen: {drawn}, and {winner} wins the draw (BK-5.8)"
        )
        amounts = {"tricks": tricks}
    text = text.format(players=tied, tricks=tricks, drawn=drawn, winner=player_name(st.winner))
    return Fact("stechen", text, ("BK-5.8",), st.members, cards, amounts)


def _round_end(rules: BrokdorfRules, after: State, r: RoundResult) -> list[Fact]:
    """The round's end: why it ended, who pays (BK-5.5-5.7), who leaves and who deals next."""
    money = _each((s, _euro(r.euros[s])) for s in r.seated)
    n = len(r.seated)
    loser = r.loser if r.loser is not None else -1
    losers: tuple[int, ...] = () if r.loser is None else (r.loser,)
    if r.end == "durchmarsch":  # BK-5.6
        if not r.penalised:
            text = _(
                "the round ends with a Durchmarsch (sweep) by {winner}, who collects {amount} €, and nobody "
                "else received a +5 in games 1–3, so every other player pays him 1 €: {money} (BK-5.6)"
            )
        elif len(r.penalised) == 1:
            text = _(
                "the round ends with a Durchmarsch (sweep) by {winner}, who collects {amount} €, and {payer} "
                "alone received a +5 in games 1–3 and pays him {amount} €: {money} (BK-5.6)"
            )
        elif r.payers == r.penalised:
            text = _(
                "the round ends with a Durchmarsch (sweep) by {winner}, who collects {amount} €, and "
                "{payers}, who received a +5 in games 1–3, share the most points ({points}) and split the "
                "{amount} €: {money} (BK-5.6)"
            )
        elif len(r.payers) == 1:
            text = _(
                "the round ends with a Durchmarsch (sweep) by {winner}, who collects {amount} €, and of "
                "{penalised}, who received a +5 in games 1–3, {payer} has the most points ({points}) and "
                "pays him {amount} €: {money} (BK-5.6)"
            )
        else:
            text = _(
                "the round ends with a Durchmarsch (sweep) by {winner}, who collects {amount} €, and of "
                "{penalised}, who received a +5 in games 1–3, {payers} share the most points ({points}) and "
                "split the {amount} €: {money} (BK-5.6)"
            )
        text = text.format(
            winner=player_name(r.winner) if r.winner is not None else "",
            amount=n - 1,
            payer=player_name(r.payers[0]) if r.payers else "",
            payers=_players(r.payers),
            penalised=_players(r.penalised) if r.penalised else "",
            points=r.points[r.payers[0]],
            money=money,
        )
        # the sweeper first, then those who pay him and the others penalised
        seats = tuple(dict.fromkeys(((r.winner,) if r.winner is not None else ()) + r.payers + r.penalised))
        told = [Fact("durchmarsch", text, ("BK-5.6",), seats, amounts={"euros": n - 1})]
    elif r.end == "normal":
        clauses: tuple[str, ...] = ("BK-5.8", "BK-5.5")
        amounts: dict[str, int] | None = None
        if not r.stechen:
            text = _("the round ends and {loser}, with the most points ({points}), loses it: {money} (BK-5.5)")
            clauses, amounts = ("BK-5.5",), {"points": r.points[loser]}
        elif has_plus_five(after.sheet.scores[-1], loser):
            text = _(
                "the round ends and {loser}, the only one with a +5 in the decision game, loses it: {money} "
                "(BK-5.8, BK-5.5)"
            )
        else:
            text = _(
                "the round ends and {loser}, with the fewest tricks in the decision game, loses it: {money} "
                "(BK-5.8, BK-5.5)"
            )
        text = text.format(loser=player_name(loser), points=r.points[loser], money=money)
        told = [Fact("round", text, clauses, losers, amounts=amounts)]
    elif r.end == "misdeal":
        text = _("the round ends and the dealer, {loser}, with his third misdeal, loses it: {money} (BK-5.7)").format(
            loser=player_name(loser), money=money
        )
        told = [Fact("round", text, ("BK-5.7",), losers)]
    else:
        text = _(
            "the round ends and {loser} pays as the loser, then leaves the session: {money} (BK-5.7, BK-5.13)"
        ).format(loser=player_name(loser), money=money)
        told = [Fact("round", text, ("BK-5.7", "BK-5.13"), losers)]
    gone = tuple([s for s in r.left if not (r.end == "expulsion" and s == r.loser)])
    if gone:
        text = ngettext(
            "{players} leaves the tournament with a balance of {balances}, at or below the lower bound of "
            "{bound} (BK-5.14)",
            "{players} leave the tournament with balances of {balances}, at or below the lower bound of "
            "{bound} (BK-5.14)",
            len(gone),
        ).format(
            players=_players(gone),
            balances=_both(_euro(after.sheet.balances[s]).lstrip("+") for s in gone),
            bound=_euro(rules.options["lower_bound"]).lstrip("+"),
        )
        told.append(Fact("leave", text, ("BK-5.14",), gone))
    if after.phase == OVER:
        if rules.tournament:
            best = max(after.sheet.balances)
            winners = tuple([s for s, b in enumerate(after.sheet.balances) if b == best])
            text = ngettext(
                "the tournament is over: {players} wins with a balance of {balance} (BK-5.15)",
                "the tournament is over: {players} share the win with a balance of {balance} (BK-5.15)",
                len(winners),
            ).format(players=_players(winners), balance=_euro(best).lstrip("+"))
            told.append(Fact("tournament", text, ("BK-5.15",), winners))
    elif after.phase == NEXT_DEALER:
        chooser = after.sheet.chooser
        assert chooser is not None  # the loser names the next first dealer (BK-6.4)
        text = _("{chooser}, the loser, is to name the first dealer of round {round} (BK-6.4)").format(
            chooser=player_name(chooser), round=after.sheet.round
        )
        told.append(Fact("chooser", text, ("BK-6.4",), (chooser,), amounts={"round": after.sheet.round}))
    elif after.deal is not None:
        dealer = after.deal.dealer
        if r.end == "durchmarsch":
            text = _("{dealer}, the last declarer, deals the first game of round {round} (BK-6.4)")
            seats = (dealer,)
        else:
            text = _(
                "{loser} has left, so {dealer}, the next still seated clockwise, deals the first "
                "game of round {round} (BK-6.4)"
            )
            seats = losers + (dealer,)
        text = text.format(dealer=player_name(dealer), loser=player_name(loser), round=after.sheet.round)
        told.append(Fact("deal", text, ("BK-6.4",), seats, amounts={"round": after.sheet.round}))
    return told


#: how the table names a round's end (RoundResult.end) and a phase (State.phase): the values themselves
#: stay the same in every language, the table shows them translated
ENDS: Final = {
    "normal": N_("normal"),
    "durchmarsch": N_("durchmarsch"),
    "misdeal": N_("misdeal"),
    "expulsion": N_("expulsion"),
}
PHASES: Final = {
    BID: N_("bid"),
    TRUMP: N_("trump"),
    ANSWER: N_("answer"),
    PLAY: N_("play"),
    STECHEN_DEALER: N_("stechen-dealer"),
    NEXT_DEALER: N_("next-dealer"),
}


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
    head = ["Brokdorf", _("round {round}").format(round=sheet.round)]
    if deal is not None:
        head.append(
            _("decision game (Stechen)") if deal.decision else _("game {number}").format(number=sheet.games + 1)
        )
        head.append(_("{dealer} deals").format(dealer=player_name(deal.dealer)))
    if state.phase == OVER:
        head.append(_("over"))
    lines.append((" · ".join(head),))
    # each seat named as people read it, from 1 (seat 0 is player 1)
    points = per_seat((s, sheet.points[s]) for s in sheet.seated)
    lines.append((_("points: {points}").format(points=points),))
    if rules.tournament:
        balances = per_seat((s, number(float(sheet.balances[s]), 2)) for s in range(rules.players))
        lines.append((_("euros: {balances}").format(balances=balances),))
    if deal is not None:
        if deal.declarer is not None:
            if deal.trump is not None:
                contract = _("contract: {declarer} bids {contract}, trump {suit}").format(
                    declarer=player_name(deal.declarer), contract=deal.contract, suit=_suit(deal.trump)
                )
            else:
                contract = _("contract: {declarer} bids {contract}").format(
                    declarer=player_name(deal.declarer), contract=deal.contract
                )
            lines.append((contract,))
        elif deal.calls:
            said = [
                (s, "GUT" if b is None else _("bid {tricks}").format(tricks=b)) for s, b in zip(deal.order, deal.calls)
            ]
            calls = per_seat(said)
            lines.append((_("calls: {calls}").format(calls=calls),))
        trick = state.trick
        dropped = _("(dropped)")
        for s in deal.seats:
            hand: tuple[Card | None, ...] = state.hands[s]  # None: hidden in a view
            answer = deal.answer_of(s) if deal.declarer is not None else None
            role = _("declarer") if s == deal.declarer else {True: "MIT", False: "WEG", None: ""}[answer]
            tricks = " " + _("tricks {n}").format(n=state.tricks[s]) if state.played or trick.cards else ""
            line = _Line(f"  {s + 1}  ")
            width = len(dropped) if answer is False else _hand(line, hand)
            if answer is False:
                line.text(dropped)
            line.text(" " * max(0, 24 - width) + f" {role}{tricks}")
            lines.append(line.done())
        if trick.cards:
            line = _Line(_("trick: "))
            for i, (s, c) in enumerate(zip(trick.turns, trick.cards)):
                line.text(f"{' · ' if i else ''}{s + 1} ")
                line.card(c)
            lines.append(line.done())
    if state.phase == STECHEN_DEALER and sheet.stechen is not None:
        st = sheet.stechen
        line = _Line(_("Stechen among {members}, drawn: ").format(members=_players(st.members)))
        for i, (s, c) in enumerate(st.draw[-len(st.members) :]):  # "player 1 ♥A, player 2 ♠7", each pair whole
            name = player_name(s).replace(" ", "\u00a0")
            line.text(f"{', ' if i else ''}{name}\u00a0")
            line.card(c)
        lines.append(line.done())
    if sheet.results:
        r = sheet.results[-1]
        euros = per_seat((s, _euro(r.euros[s])) for s in r.seated)
        lines.append((_("last round: {end}, {euros}").format(end=_(ENDS[r.end]), euros=euros),))
    acting = rules.to_act(state)
    if acting:
        phase = _(PHASES[state.phase])
        lines.append((_("to act: {player} ({phase})").format(player=player_name(acting[0]), phase=phase),))
    return tuple(lines)


def action_parts(action: object) -> ActionParts:
    """An action's verb, words and cards, from its fields (the same words as its text, BK-7)."""
    if isinstance(action, Play):
        card = str(action.card)
        return ActionParts("play", (card,), (card,), (card,))
    if isinstance(action, Bid):
        return words("bid", action.tricks)
    if isinstance(action, Trump):
        return words("trump", SUITS[action.suit])
    if isinstance(action, Dealer):
        return words("dealer", action.seat)
    if isinstance(action, Violation):
        return words("violation", action.seat)
    if isinstance(action, Expel):
        return words("expel", action.seat)
    return words(str(action))  # gut, mit, weg, misdeal: a verb alone
