"""What a Brokdorf player can know: worlds drawn from his view, and the objective of analysis.

:func:`determinize` turns a player's view (``game.view(state, seat)``: his own hand, the
calls and answers, every card played, the scorekeeper's sheet) into one complete state
that he cannot tell apart from the real one.  Everything he cannot see is drawn again:

- the cards the others hold now, MIT and WEG players alike (a WEG hand is discarded face
  down and never shown, BK-4.6), each with the number of cards the view shows;
- the cards nobody was dealt (BK-2.4: 32 - 5n cards stay face down, unseen);
- all future chance: the world gets a fresh seed, so later deals (BK-3.5) and Stechen
  draws (BK-5.8) are shuffled anew.

The hidden cards are the 32 cards less his own hand and every card played in this deal.
They are dealt uniformly among the deals that agree with what play has shown.  The
inferences drawn, each forced by the rules of play (a card the engine lets a player play
is always legal, BK-4.13):

1. BK-4.10(a): a follower who did not play the led suit holds none of it;
2. BK-4.10(b): a follower who played neither the led suit nor a trump holds no trump;
3. BK-4.11: a follower who played a card of his obligation set that does not beat the
   winning card W holds no card of that suit that beats W (following: no higher card of
   the led suit while W is of that suit; trumping: no trump above the winning trump);
4. BK-3.6: the deal was not voided, so nobody's five dealt cards (the cards he holds now
   and those he has played) are five Luschen without three of one suit.

An exclusion found at any trick holds for the rest of the deal: cards only leave a hand by
being played, face up.  Not used, because the rules do not force them: the calls, the
trump named and the MIT/WEG answers (a bid says what a player hoped for, not what he
holds), the cards a player chose to lead, and which legal card a follower chose.  Brokdorf
has no sealed decisions, so ``policy`` draws nothing here.

The draw is exact.  Each hidden card may go to the hidden hands that do not exclude it,
and always to the undealt rest; cards with the same such set form a class.  The number
of deals that fill every hand exactly is counted over the classes (a sum of products of
multinomial coefficients, memoised on the capacities still open), and each class's split
among the hands is drawn with probability proportional to its completions; the cards of a
class are then shuffled into the places drawn (:class:`cardgames.core.deals.ClassDeal`).
That is uniform over the deals meeting inferences 1-3.  Inference 4 is met by rejection: a deal breaking it is drawn again.  A
uniform deal breaks it with probability about 1.3 % (BK-8.2), so the expected number of
draws is about one; it could only be large in a position where the played cards leave
almost nothing but Luschen to the others.

The objective of analysis is points (BK-1.3: fewer is better) at the end of the deal:
:func:`points_gained` is the change of a seat's points on the scorekeeper's sheet from
one state to another, :func:`at_horizon` says when the deal of the start state is over,
and :func:`won` names the winners of a finished game by its settlement (BK-5.15).
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

from ..core.deals import ClassDeal
from ..core.game import Game, Setup, top_share
from .cards import CARDS, CATALOG, Card, beats, sort_hand, suit
from .rules import HAND, OVER, START_POINTS, STECHEN_DEALER, Hand, State, Trick, _is_redeal_hand

_, ngettext = CATALOG.functions()

# -- the inferences of play (BK-4.10, BK-4.11) ------------------------------------------


def exclusions(view: State) -> dict[int, int]:
    """The cards each follower of this deal is known not to hold, as bits per seat (bit ``c`` for card ``c``).

    Read from the finished tricks and the trick on the table; see the module's inferences 1-3.
    """
    deal = view.deal
    out: dict[int, int] = {}
    if deal is None or deal.trump is None:
        return out
    trump = deal.trump
    for trick in view.played + (view.trick,):
        _trick_exclusions(trick, trump, out)
    return out


def _trick_exclusions(trick: Trick, trump: int, out: dict[int, int]) -> None:
    """Add what the followers' cards in ``trick`` show about their hands to ``out``."""
    cards = trick.cards
    if not cards:
        return
    led = suit(cards[0])
    winning = cards[0]  # the currently winning card W before each follower plays (BK-4.9)
    for i in range(1, len(cards)):
        card = cards[i]
        seat = trick.turns[i]
        gone = 0
        if suit(card) != led:
            gone |= SUIT_BITS[led]  # BK-4.10(a): he could not follow
            if suit(card) != trump:
                gone |= SUIT_BITS[trump]  # BK-4.10(b): nor trump
        if not beats(card, winning, trump):
            # BK-4.11: his card is of his obligation set (or a free discard, where nothing of its suit
            # beats W), and it does not beat W, so no card of its suit that he held beats W
            gone |= BEATEN_BY[trump][winning] & SUIT_BITS[suit(card)]
        else:
            winning = card
        out[seat] = out.get(seat, 0) | gone


SUIT_BITS: Final[tuple[int, ...]] = tuple([0xFF << 8 * s for s in range(4)])
# BEATEN_BY[trump][card]: the cards that beat ``card`` when ``trump`` is trump (BK-4.9), as bits
BEATEN_BY: Final[tuple[tuple[int, ...], ...]] = tuple(
    [tuple([sum([1 << x for x in range(32) if beats(x, card, trump)]) for card in range(32)]) for trump in range(4)]
)


# -- the draw ------------------------------------------------------------------------------


class Hidden:
    """The hidden part of one view: which cards are hidden, where they may go, how many each hand holds.

    Hands that play has shown nothing about (a WEG hand, a player who has always followed
    and headed) take their cards from what the constrained hands leave, together with the
    undealt rest: the number of ways to split those leftovers does not depend on which
    cards they are, so only the constrained hands enter the count.
    """

    def __init__(self, view: State, seat: int) -> None:
        known = set(view.hands[seat]) if seat < len(view.hands) else set()
        self.played: dict[int, list[Card]] = {}  # seat -> the cards it played in this deal
        for trick in view.played + (view.trick,):
            for who, card in zip(trick.turns, trick.cards):
                self.played.setdefault(who, []).append(card)
                known.add(card)
        pool = [c for c in CARDS if c not in known]
        held = 0
        for c in pool:
            held |= 1 << c
        gone = exclusions(view)
        hidden = [s for s in range(len(view.hands)) if s != seat and len(view.hands[s]) > 0]
        #: the hidden hands with an exclusion among the hidden cards, and their sizes
        self.seats: tuple[int, ...] = tuple([s for s in hidden if gone.get(s, 0) & held])
        self.sizes: tuple[int, ...] = tuple([len(view.hands[s]) for s in self.seats])
        #: the other hidden hands, which take their cards from the leftovers, and their sizes
        self.free: tuple[int, ...] = tuple([s for s in hidden if s not in self.seats])
        self.free_sizes: tuple[int, ...] = tuple([len(view.hands[s]) for s in self.free])
        classes: dict[int, list[Card]] = {}  # mask of the constrained hands that may hold a card -> its cards
        for card in pool:
            mask = 0
            for k, s in enumerate(self.seats):
                if not gone.get(s, 0) >> card & 1:
                    mask |= 1 << k
            classes.setdefault(mask, []).append(card)
        masks = sorted(classes)
        #: the exact uniform deal of the hidden cards to the constrained hands (the rest left out)
        self.deal = ClassDeal([classes[m] for m in masks], masks, self.sizes, rest=True)
        if len(pool) < sum(self.sizes) + sum(self.free_sizes) or self.deal.count() == 0:
            raise ValueError(
                _("no deal of the hidden cards agrees with this view: it is not a view of a Brokdorf game")
            )

    def draw(self, rng: random.Random) -> dict[int, list[Card]]:
        """One deal of the hidden cards, uniform over those meeting the exclusions: seat -> its cards."""
        placed, leftovers = self.deal.draw(rng)
        hands: dict[int, list[Card]] = dict(zip(self.seats, placed))
        rng.shuffle(leftovers)  # the unconstrained hands, then the undealt rest
        top = 0
        for s, size in zip(self.free, self.free_sizes):
            hands[s] = leftovers[top : top + size]
            top += size
        return hands

    def dealt_fairly(self, hands: dict[int, list[Card]]) -> bool:
        """BK-3.6: nobody's five dealt cards (held now and played) are a redeal hand."""
        for s, cards in hands.items():
            dealt = cards + self.played.get(s, [])
            if len(dealt) == HAND and _is_redeal_hand(tuple(dealt)):
                return False
        return True


def _hidden(view: State, seat: int, game: Game | None) -> Hidden:
    """The :class:`Hidden` of ``view`` for ``seat``; ``game`` keeps the last one (analysis and the expert draw
    many worlds from one view object, and the count of completions is the same for all of them)."""
    if game is None:
        return Hidden(view, seat)
    known = game._known(view, seat)
    if isinstance(known, Hidden):
        return known
    hidden = Hidden(view, seat)
    game._remember(view, seat, hidden)
    return hidden


def determinize(view: State, seat: int, rng: random.Random, policy: Any, game: Game | None = None) -> State:
    """A complete state whose view for ``seat`` is ``view``: the hidden cards dealt again, a fresh seed.

    ``view`` is ``game.view(state, seat)`` of a game that is not over.  Uniform over the
    hidden cards consistent with the view (see the module's inferences), exact: counting
    of completions for the exclusions of play, rejection for the Luschen rule (BK-3.6).
    ``policy`` is not used: Brokdorf has no sealed decisions.  ``game``, the game that draws, keeps what
    the view tells of the hidden cards for the next world drawn from it.
    """
    setup = Setup(rng.getrandbits(63))  # all future chance (later deals, Stechen draws) from a fresh seed
    if view.deal is None or not any(len(h) for s, h in enumerate(view.hands) if s != seat):
        return view.replace(setup=setup)  # nothing hidden in hand: between deals
    hidden = _hidden(view, seat, game)
    hands = hidden.draw(rng)
    while not hidden.dealt_fairly(hands):  # BK-3.6 by rejection
        hands = hidden.draw(rng)
    full: list[Hand] = list(view.hands)
    for s, cards in hands.items():
        full[s] = sort_hand(cards)
    return view.replace(setup=setup, hands=tuple(full))


# -- the objective: points at the end of the deal ------------------------------------------


def points_gained(start: State, state: State, seat: int) -> int:
    """The points ``seat`` gained on the scorekeeper's sheet from ``start`` to ``state`` (BK-5.1, BK-5.3).

    Summed over the rounds in between: the rest of ``start``'s round up to its settlement,
    every later round from its 15 points (BK-3.2), and the round in progress at ``state``.
    A Stechen decision game changes no points (BK-5.8 step 3), a misdeal's +5 does (BK-5.11).
    Fewer is better (BK-1.3).
    """
    before = start.sheet
    after = state.sheet
    settled = after.results[len(before.results) :]
    if not settled:
        return after.points[seat] - before.points[seat]
    gained = settled[0].points[seat] - before.points[seat]
    for result in settled[1:]:
        if seat in result.seated:
            gained += result.points[seat] - START_POINTS
    if state.phase != OVER and seat in after.seated:
        gained += after.points[seat] - START_POINTS  # the round that began after the last settlement
    return gained


def at_horizon(start: State, state: State) -> bool:
    """Is the deal of ``start`` over at ``state``?  Scored, voided (BK-4.3) or the game ended.

    From a moment between deals (naming a dealer, BK-5.8, BK-6.4) the horizon is the end of
    the next game scored.
    """
    if state.phase == OVER or len(state.sheet.scores) > len(start.sheet.scores):
        return True
    return start.deal is not None and state.sheet.deals != start.sheet.deals


def won(start: State, state: State, seat: int) -> float:
    """1 if ``seat`` alone has the highest euro balance of the finished game, 0.5 if he shares it, else 0.

    BK-5.15: the highest balance wins, equal highest balances share the win.  Without
    tournament mode the balance is the round's euros (BK-5.16): the loser pays and the
    others share the win, or the Durchmarsch player wins alone.  NaN while the game goes on.
    """
    if state.phase != OVER:
        return math.nan
    return top_share(state.sheet.balances, seat)


def in_stechen(state: State) -> bool:
    """Is ``state`` part of a Stechen (BK-5.8): the draw winner naming the dealer, or the decision game?"""
    return state.phase == STECHEN_DEALER or (state.deal is not None and state.deal.decision)


def stechen_loss(start: State, state: State, seat: int) -> float:
    """In a Stechen from ``start``: 1 if ``seat`` pays at ``state``, 0 if another member does, 1/k while k still draw."""
    before = start.sheet
    after = state.sheet
    if len(after.results) > len(before.results):
        return 1.0 if after.results[len(before.results)].loser == seat else 0.0
    if after.stechen is not None and state.phase == STECHEN_DEALER:
        members = after.stechen.members
        return 1.0 / len(members) if seat in members else 0.0
    return 0.0
