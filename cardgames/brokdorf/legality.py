"""Brokdorf: what the player to act may do, and why anything else is refused (BK-4, BK-5.8-5.13, BK-6.4, BK-7).

Both come from the same rules: each decision of the BK-7 table has one judge (the calls, the trump
suit, MIT or WEG, a card, a dealer) and the table's own records have one more (a misdeal, a
violation, an expulsion).  Asked with ``refused`` None, a judge returns the legal actions: that is
what legal_actions offers, on the hot path of every simulation, so it is as short as the rule
allows.  Asked about an action it did not offer, the same judge raises the IllegalMove of the first
rule that action breaks, with its clause id.  The rules' ``_legal`` and ``_refusal`` both ask
:func:`judge`, which picks the judge of the phase: so a refusal explains the very check that
legality makes.

An action of another kind than the decision due (a card while the calls go round) is refused by
the due rule of the judge's decision (:data:`.rules.WANTED`), which lists the judge's own offer.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import IllegalMove
from ..core.game import Action, sentence
from .cards import CATALOG
from .rules import (
    ANSWER,
    BID,
    CALLS_FROM,
    DEALERS,
    MIT_WEG,
    MUST_TRUMP,
    OVER,
    PLAY,
    PLAYS,
    STECHEN_DEALER,
    TRICKS,
    TRUMP,
    TRUMPS,
    WANTED,
    Bid,
    BrokdorfRules,
    Dealer,
    Expel,
    Misdeal,
    Play,
    State,
    TableEvent,
    Violation,
    _lowest_bid,
    alternatives,
    duty,
    legal_cards,
)
from .words import said

_, ngettext = CATALOG.functions()

IN_DEAL: Final = (BID, TRUMP, ANSWER, PLAY)  # the phases of a deal in progress, from the deal to the last trick


def judge(game: BrokdorfRules, state: State, seat: int, refused: Any) -> tuple[Action, ...]:
    """Ask the judge of the decision due: with ``refused`` None, what ``seat`` (the player to act) may do
    now; with an action that is not among those, raise its refusal."""
    phase = state.phase
    if phase == PLAY:
        return plays(game, state, seat, refused)
    if phase == BID:
        return calls(game, state, seat, refused)
    if phase == TRUMP:
        return trumps(game, state, seat, refused)
    if phase == ANSWER:
        return answers(game, state, seat, refused)
    return dealers(game, state, seat, refused)  # STECHEN_DEALER or NEXT_DEALER


def refusal(game: BrokdorfRules, state: State, seat: int, action: Any) -> IllegalMove:
    """Why ``seat``, the player to act, may not take ``action`` (not among the legal actions): the refusal
    of the judge that made the legal actions, or of the table's judge for a table event."""
    try:
        if isinstance(action, TableEvent):
            table_event(game, state, action, seat)
        judge(game, state, seat, action)
    except IllegalMove as refused:
        return refused
    raise AssertionError(f"every judge refuses any action it is asked about, yet {action} passed")


# ---------------------------------------------------------------------------
# The decision due (BK-7): a judge asked about an action of another kind refuses it by this rule


def _not_due(game: BrokdorfRules, state: State, seat: int, action: Any, offer: tuple[Action, ...]) -> IllegalMove:
    """The refusal of an action that is not the decision due now, naming the decision and its ``offer``."""
    wanted, clause = WANTED[state.phase]  # BK-4.2, BK-4.5, BK-4.6, BK-4.8, BK-5.8 or BK-6.4
    return IllegalMove(
        _("Now {player} chooses {wanted}, not {action}: {choices}").format(
            player=game.seat_name(seat),
            wanted=_(wanted),
            action=said(game, action),
            choices=alternatives([said(game, choice) for choice in offer]),
        ),
        rule=clause,
        player=seat,
        action=action,
    )


# ---------------------------------------------------------------------------
# The judges of the decisions (BK-7)


def calls(game: BrokdorfRules, state: State, seat: int, refused: Any) -> tuple[Action, ...]:
    """BK-4.2: GUT, or a bid of tricks higher than every bid so far (none after a bid of five)."""
    deal = state.deal
    assert deal is not None
    low = _lowest_bid(deal)
    if refused is None:
        return CALLS_FROM[low]
    if not isinstance(refused, Bid):  # BK-4.2: the decision due is a call (GUT is always allowed)
        raise _not_due(game, state, seat, refused, CALLS_FROM[low])
    if low > TRICKS:  # BK-4.2: after a bid of five every call is GUT
        message = _("{tricks} has been bid, so every later call must be GUT: say gut").format(tricks=TRICKS)
    elif not 0 <= refused.tricks <= TRICKS:  # BK-4.2: a bid is 0 to 5 tricks
        message = _("A bid is a number of tricks from 0 to {tricks}: bid {bids}, or say gut").format(
            tricks=TRICKS, bids=alternatives(range(low, TRICKS + 1))
        )
    else:  # BK-4.2: higher than the highest bid so far
        message = _("A bid must be higher than {highest}: bid {bids}, or say gut").format(
            highest=low - 1, bids=alternatives(range(low, TRICKS + 1))
        )
    raise IllegalMove(message, rule="BK-4.2", player=seat, action=refused)


def trumps(game: BrokdorfRules, state: State, seat: int, refused: Any) -> tuple[Action, ...]:
    """BK-4.5: the declarer names any of the four suits as trump."""
    if refused is None:
        return TRUMPS
    raise _not_due(game, state, seat, refused, TRUMPS)  # BK-4.5: every suit is offered, so this is no suit


def answers(game: BrokdorfRules, state: State, seat: int, refused: Any) -> tuple[Action, ...]:
    """BK-4.6, BK-7.5: each other player answers MIT or WEG."""
    if refused is None:
        return MIT_WEG
    raise _not_due(game, state, seat, refused, MIT_WEG)  # BK-4.6: MIT and WEG are both offered


def plays(game: BrokdorfRules, state: State, seat: int, refused: Any) -> tuple[Action, ...]:
    """BK-4.8: a card of his hand; BK-4.10 the obligation to follow or trump; BK-4.11 to head the trick."""
    hand, trick, deal = state.hands[seat], state.trick, state.deal
    assert deal is not None and deal.trump is not None
    trump = deal.trump
    cards = legal_cards(hand, trick.cards, trick.best, trump)  # BK-4.10, BK-4.11
    if refused is None:
        return tuple([PLAYS[c] for c in cards])
    if not isinstance(refused, Play):  # BK-4.8: the decision due is a card
        raise _not_due(game, state, seat, refused, tuple([PLAYS[c] for c in cards]))
    card = refused.card
    allowed = alternatives([c.pretty for c in cards])  # each card as its picture prints it (♥D in German)
    if card not in hand:  # BK-4.8: a card of his own hand
        held = " ".join([c.pretty for c in hand])
        if not trick.cards:
            message = _("You do not hold {card}; lead any card of your hand: {hand}").format(
                card=card.pretty, hand=held
            )
        else:
            message = _("You do not hold {card}; your hand is {hand}: play {allowed}").format(
                card=card.pretty, hand=held, allowed=allowed
            )
        raise IllegalMove(message, rule="BK-4.8", player=seat, action=refused)
    d = duty(hand, trick.cards, trick.best, trump)  # what BK-4.10 and BK-4.11 ask of him, in words
    if card not in d.obliged:  # BK-4.10: he did not follow, or did not trump
        why = d.words("you")
        why = why[0].upper() + why[1:]
        raise IllegalMove(
            _("{duty}: play {allowed}").format(duty=why, allowed=allowed), rule="BK-4.10", player=seat, action=refused
        )
    assert d.winner is not None
    if d.case == MUST_TRUMP:  # BK-4.11, BK-4.12: he must overtrump when he can
        text = _("{card} does not beat {winner}, and you must overtrump when you can: play {allowed}")
    else:  # BK-4.11: he must head the trick when he can
        text = _("{card} does not beat {winner}, and you must head the trick when you can: play {allowed}")
    message = text.format(card=card.pretty, winner=d.winner.pretty, allowed=allowed)
    raise IllegalMove(message, rule="BK-4.11", player=seat, action=refused)


def dealers(game: BrokdorfRules, state: State, seat: int, refused: Any) -> tuple[Action, ...]:
    """BK-5.8 step 2: the Stechen's winner names one of the tied players to deal the decision game;
    BK-6.4: the loser names any player still seated to deal the next round's first game."""
    sheet = state.sheet
    stechen = state.phase == STECHEN_DEALER
    if stechen:
        assert sheet.stechen is not None
        offer = tuple([DEALERS[s] for s in sheet.stechen.members])  # BK-5.8 step 2
    else:
        offer = tuple([DEALERS[s] for s in sheet.seated])  # BK-6.4
    if refused is None:
        return offer
    if not isinstance(refused, Dealer):  # BK-5.8, BK-6.4: the decision due is a dealer
        raise _not_due(game, state, seat, refused, offer)
    if stechen:  # BK-5.8 step 2: one of the tied players
        message = _("The dealer of the decision game is one of the tied players: {choices}")
    else:  # BK-6.4: a player still seated
        message = _("The first dealer of the next round is a player still seated: {choices}")
    raise IllegalMove(
        message.format(choices=alternatives([game.seat_name(choice.seat) for choice in offer])),
        rule="BK-5.8" if stechen else "BK-6.4",
        player=seat,
        action=refused,
    )


# ---------------------------------------------------------------------------
# The judge of the table's records (BK-5.10-5.13), applied with player=None


def table_event(game: BrokdorfRules, state: State, event: TableEvent, seat: int | None = None) -> None:
    """Raise IllegalMove unless the table may record ``event`` now: a misdeal while a deal is on (BK-5.11),
    a violation (BK-5.12) or an expulsion (BK-5.13) against an active player in trick play."""
    if seat is not None:  # BK-5.10: the scorekeeper records what happened at the table, no player decides it
        raise IllegalMove(
            _("The table records `{action}`, not a player: apply it with player=None").format(action=event),
            rule="BK-5.10",
            player=seat,
            action=event,
        )
    if state.phase == OVER:  # the session is over (its over clause)
        raise IllegalMove(_("The game is over: nothing more to record"), rule=game.spec.over_rule, action=event)
    if isinstance(event, Misdeal):
        if state.phase not in IN_DEAL:  # BK-5.11: any dealing error, while its deal is on
            raise IllegalMove(
                _(
                    "A misdeal is reported while a deal is in progress (from the deal to the last "
                    "trick); nothing is dealt now"
                ),
                rule="BK-5.11",
                action=event,
            )
        return
    assert isinstance(event, (Expel, Violation))
    accused = game.check_seat(event.seat)
    deal = state.deal
    expel = isinstance(event, Expel)
    if state.phase != PLAY or deal is None or accused not in deal.active:
        if expel:  # BK-5.13: an expulsion, like a violation, is caught in trick play
            text, rule = (
                _(
                    "An expulsion (a violation caught again) is recorded during trick play, against an active "
                    "player (the declarer or a MIT player); {player} is not playing a trick now"
                ),
                "BK-5.13",
            )
        else:  # BK-5.12: a violation is caught in trick play, against an active player
            text, rule = (
                _(
                    "A violation is recorded during trick play, against an active player (the declarer or "
                    "a MIT player); {player} is not playing a trick now"
                ),
                "BK-5.12",
            )
        raise IllegalMove(text.format(player=game.seat_name(accused)), rule=rule, action=event)
    if expel and state.sheet.violations[accused] == 0:  # BK-5.13: expulsion needs a repeated violation
        raise IllegalMove(
            _(
                "{player} has no recorded violation yet: record `violation {seat}` first; expulsion needs a repeat"
            ).format(player=sentence(game.seat_name(accused)), seat=accused),
            rule="BK-5.13",
            action=event,
        )
