"""Brokdorf with every hand open: the exact "paranoid" value of card play (issue 16).

:func:`solve` answers, during card play, how many tricks a player is sure to hold at the end of the
deal (those he has taken included) when all hands are open and every other active player plays to
keep his tricks down: the open-hand (double-dummy) value of the game for him against all the
others as one side.  :func:`solve_actions` gives that value after each legal card of the player to
act, like a bridge player's double-dummy card table.  Every card-play clause is kept: the leader may
lead any card (BK-7.6), a follower follows suit, else trumps (even under a higher trump), else
discards (BK-4.10), and heads the trick when a card of his obligation set can (BK-4.11); the card
that beats the winning card takes over (BK-4.9) and the winner of a trick leads the next (BK-4.8).

The search is a null-window alpha-beta over a compact position: one 32-bit int per hand (bit
``c`` for card ``c``, as in :mod:`.cards`: suit ``s`` is byte ``s``, its Ace the top bit), the trick
so far as the suit led, the winning card and its player.  A test "can he still take ``target``
tricks?" is a two-valued game: his moves need one card that succeeds, the others' moves one card
that refutes.  The value is found by tests of rising targets (1, 2, ... until one fails).  Four
things keep the search small:

* a transposition table at the start of each trick, keyed by the hands and the leader, holding a
  lower and an upper bound on his tricks still to come and the lead that decided last time (tried
  first).  It belongs to one call (one :class:`Solver`) and is emptied when it reaches
  ``TABLE_LIMIT`` entries, so memory stays bounded;
* equivalent cards: two cards of one hand are the same move when no card still in play (in a hand
  or in the current trick) lies between them in their suit, so only one of them is searched;
* bounds at the start of a trick: the tricks its leader takes in a row whatever the others do
  (trumps above every trump still out, then side-suit winners while every player with a trump
  left can follow) are a lower bound on his tricks when he is the player, an upper bound on the
  player's when the leader is another; and the player's trumps above every other trump in play win
  the tricks they are played to, whoever leads;
* move ordering: the remembered lead first, then high cards to lead, a cheap winner last in the
  trick, a high winner before, the lowest card when nothing beats the winning card; and the last
  trick is counted out directly.

Inside the search the legal cards come from :func:`legal_mask`, the rules of BK-4.10 and BK-4.11
on bit sets; the root's cards come from the engine's own :func:`.rules.legal_cards`, and the tests
check the two against each other and the whole search against a plain minimax over
``game.legal_actions``.  The module is plain typed Python that mypyc compiles (``setup.py``'s
rooms), and runs unchanged as Python.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import SeatError
from ..core.i18n import N_
from ..core.inputs import excerpt
from .cards import CATALOG
from .rules import ANSWER, BID, NEXT_DEALER, OVER, PLAY, PLAYS, STECHEN_DEALER, TRUMP, Play, State, legal_cards

_, ngettext = CATALOG.functions()

SUIT_BITS: Final[tuple[int, ...]] = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)  # the cards of each suit (C S H D)
TABLE_LIMIT: Final = 1 << 16  # transposition entries one solver keeps at most; a full table is emptied
_BOUNDS: Final = 7  # three bits for each bound of a table entry
_NO_CARD: Final = -1
POP: Final[tuple[int, ...]] = tuple([bin(i).count("1") for i in range(256)])  # cards in a suit's byte


# why the solver has nothing to solve in a phase (translated where shown: the widget's open-hands line)
WHY_NOT_PLAY: Final = {
    BID: N_("the bidding is still open (BK-4.1 to BK-4.4)"),
    TRUMP: N_("the declarer has not named trump yet (BK-4.5)"),
    ANSWER: N_("the MIT/WEG answers are not all in yet (BK-4.6)"),
    STECHEN_DEALER: N_("no deal is in progress: the Stechen draw winner names a dealer (BK-5.8)"),
    NEXT_DEALER: N_("no deal is in progress: the loser names the next round's first dealer (BK-6.4)"),
    OVER: N_("the game is over (BK-5.4)"),
}


def legal_mask(hand: int, led: int, winning: int, trump: int) -> int:
    """The cards (bits) a follower may play from ``hand`` (bits) when suit ``led`` was led and card
    ``winning`` wins the trick so far: BK-4.10's obligation set, cut to its cards that beat the
    winning card when there are any (BK-4.11).  Either all of the legal cards beat the winning card
    or none does."""
    obliged = hand & SUIT_BITS[led]  # BK-4.10(a): follow suit
    of = led
    if not obliged:
        obliged = hand & SUIT_BITS[trump]  # BK-4.10(b): trump, even under a higher trump
        of = trump
        if not obliged:
            return hand  # BK-4.10(c): a free discard; no card of it can beat the winning card
    above = 0
    if of == winning >> 3:
        above = obliged & ~((2 << winning) - 1)  # the same suit: the higher cards beat it (BK-4.9)
    elif of == trump:
        above = obliged  # a trump beats any other card (BK-4.9)
    return above if above else obliged  # BK-4.11: head the trick when you can


def beats(card: int, winning: int, trump: int) -> bool:
    """BK-4.9: ``card`` beats ``winning`` if it is a trump and ``winning`` is not, or it is of the
    same suit and ranks higher (cards are ``suit * 8 + strength``)."""
    suit = card >> 3
    return (suit == trump and winning >> 3 != trump) or (suit == winning >> 3 and card > winning)


class Solver:
    """One open-hand position in card play, searched for ``player``'s paranoid value.

    The active players are numbered by their place in the current trick's turns (0 the leader);
    the same cyclic order holds for every later trick, led by the winner of the one before.
    ``nodes`` counts the cards tried, ``table`` is the transposition table (both for benchmarks).
    """

    state: State  # the position searched
    trump: int
    n: int  # active players
    me: int  # the player's place in ``seats``
    seats: tuple[int, ...]  # the active players' seats, in the current trick's turn order
    hands: list[int]  # per place: the cards held, as bits
    taken: int  # tricks the player holds already
    count: int  # cards in the current trick
    led: int  # the suit led to it (-1 before its lead)
    winning: int  # the card that wins it so far (-1 before its lead)
    winner: int  # the place of that card's player
    left: int  # tricks still to play, the current one included
    table: dict[int, int]  # trick starts: hands and leader -> bounds and the deciding lead
    limit: int  # entries the table may hold; a full table is emptied
    nodes: int

    def __init__(self, state: Any, player: Any, limit: int = TABLE_LIMIT) -> None:
        checked = _position(state, player)
        seat: int = player
        deal = checked.deal
        assert deal is not None and deal.trump is not None
        trick = checked.trick
        self.state = checked
        self.trump = deal.trump
        self.seats = trick.turns
        self.n = len(trick.turns)
        self.me = trick.turns.index(seat)
        self.hands = [_bits(checked.hands[s]) for s in trick.turns]
        self.taken = checked.tricks[seat]
        self.count = len(trick.cards)
        self.led = trick.cards[0] >> 3 if trick.cards else -1
        self.winning = int(trick.cards[trick.best]) if trick.cards else -1
        self.winner = trick.best
        self.left = len(checked.hands[trick.turns[self.count]])  # the player to act has not played yet
        self.table = {}
        self.limit = limit
        self.nodes = 0

    # -- the answers ----------------------------------------------------------------
    def value(self) -> int:
        """The tricks the player is sure to hold at the end of the deal."""
        return self.taken + self._search(self.count, _NO_CARD)

    def values(self) -> dict[Play, int]:
        """The value after each legal card of the player to act (the engine's legal cards, in its order)."""
        seat = self.count
        trick = self.state.trick
        cards = legal_cards(self.state.hands[self.seats[seat]], trick.cards, trick.best, self.trump)
        live = self._live()
        legal = _bits(cards)
        out: dict[Play, int] = {}
        found: dict[int, int] = {}
        for card in cards:
            same = _top_of_run(card, legal, live)  # equivalent cards share the value
            if same not in found:
                found[same] = self.taken + self._search(seat, same)
            out[PLAYS[card]] = found[same]
        return out

    # -- the search -------------------------------------------------------------------
    def _search(self, seat: int, card: int) -> int:
        """The tricks still to come, at the root or after ``card`` of the player at ``seat``: tests of rising
        targets (can he take 1? 2? ...) until one fails, each reusing the bounds the earlier ones stored."""
        got = 0
        while got < self.left and self._root_test(seat, card, got + 1):
            got += 1
        return got

    def _root_test(self, seat: int, card: int, target: int) -> bool:
        """Can the player take ``target`` of the tricks to come from the root (after ``card``, if one is given)?"""
        if card == _NO_CARD:
            if self.count == 0:
                return self._lead(0, self.left, target)
            return self._play(seat, self.count, self.led, self.winning, self.winner, self.left, target, self._live())
        live = self._live()
        held = self.hands[seat]
        self.hands[seat] = held ^ (1 << card)
        ok = self._after(seat, self.count, card, self.led, self.winning, self.winner, self.left, target, live)
        self.hands[seat] = held
        return ok

    def _live(self) -> int:
        """The cards in play: those still in a hand and the winning card of the trick on the table (the only
        card of the trick that a later card is compared with).  Equivalent cards are found among them."""
        live = 0
        for hand in self.hands:
            live |= hand
        if self.winning >= 0:
            live |= 1 << self.winning
        return live

    def _lead(self, leader: int, left: int, target: int) -> bool:
        """A trick starts, ``leader`` to lead, ``left`` tricks to play: can the player take ``target`` (1 to left) of them?"""
        hands = self.hands
        n = self.n
        trump = self.trump
        if left == 1:  # the last trick: one card each, nothing to choose
            self.nodes += n
            winning = hands[leader].bit_length() - 1
            winner = leader
            for i in range(1, n):
                seat = leader + i if leader + i < n else leader + i - n
                card = hands[seat].bit_length() - 1
                if (card >> 3 == trump and winning >> 3 != trump) or (card >> 3 == winning >> 3 and card > winning):
                    winning, winner = card, seat
            return winner == self.me
        live = 0
        for hand in hands:
            live |= hand
        key = leader
        shift = 3
        for hand in hands:
            key |= hand << shift
            shift += 32
        entry = self.table.get(key, -1)
        best = _NO_CARD
        low, high = 0, left
        if entry >= 0:
            low, high, best = entry & _BOUNDS, entry >> 3 & _BOUNDS, (entry >> 6) - 1
            if low >= target:
                return True
            if high < target:
                return False
        mine = leader == self.me
        sure = self._sure(leader)  # tricks the leader takes whatever the others do
        if mine and sure > low:
            low = sure
        elif not mine:
            if left - sure < high:
                high = left - sure
            top = self._top_trumps(live)
            if top > low:
                low = top
        if low >= target or high < target:
            self._store(key, low, high, best)
            return low >= target
        held = hands[leader]
        nxt = leader + 1 if leader + 1 < n else 0
        ok = not mine
        decided = _NO_CARD
        for card in _leads(held, live, best):
            self.nodes += 1
            hands[leader] = held ^ (1 << card)
            ok = self._play(nxt, 1, card >> 3, card, leader, left, target, live)
            hands[leader] = held
            if ok == mine:
                decided = card
                break
        if ok:
            low = target
        else:
            high = target - 1
        self._store(key, low, high, decided if decided >= 0 else best)
        return ok

    def _store(self, key: int, low: int, high: int, best: int) -> None:
        """Remember the bounds of a trick's start and the lead that decided it (emptying a full table first)."""
        if len(self.table) >= self.limit:
            self.table.clear()
        self.table[key] = low | high << 3 | (best + 1) << 6

    def _top_trumps(self, live: int) -> int:
        """The player's trumps that no card in play can beat: each wins the trick it is played to."""
        shift = 8 * self.trump
        mine = self.hands[self.me] >> shift & 255
        out = live >> shift & 255
        count = 0
        while out and out.bit_length() == mine.bit_length() and mine:
            top = 1 << (out.bit_length() - 1)
            out ^= top
            mine ^= top
            count += 1
        return count

    def _sure(self, leader: int) -> int:
        """Tricks the leader takes in a row by leading from the top, whatever the others do: first trumps
        that beat every trump another player may still hold, then in each side suit cards that beat every
        card of the suit another player may still hold, while nobody can be void in it with a trump left."""
        held = self.hands[leader]
        trump = self.trump
        trumps = held >> 8 * trump & 255
        drawn = 0  # trump leads: every other player follows with a trump while he has one (BK-4.10(a))
        while trumps and not self._topped(leader, trump, trumps.bit_length() - 1, drawn):
            trumps ^= 1 << (trumps.bit_length() - 1)
            drawn += 1
        sure = drawn
        for suit in range(4):
            if suit == trump:
                continue
            mine = held >> 8 * suit & 255
            led = 0  # leads of this suit
            while mine and not self._topped(leader, suit, mine.bit_length() - 1, led):
                if self._ruffs(leader, suit, led, drawn):
                    break
                mine ^= 1 << (mine.bit_length() - 1)
                led += 1
            sure += led
        return sure

    def _topped(self, leader: int, suit: int, top: int, led: int) -> bool:
        """May another player hold a card of ``suit`` above strength ``top`` after ``led`` leads of the suit?
        (At worst he followed with his lowest cards and kept his highest.)"""
        for seat in range(self.n):
            theirs = self.hands[seat] >> 8 * suit & 255
            if seat != leader and POP[theirs] > led and theirs.bit_length() - 1 > top:
                return True
        return False

    def _ruffs(self, leader: int, suit: int, led: int, drawn: int) -> bool:
        """May another player be void in ``suit`` after ``led`` leads of it, with a trump left after ``drawn``
        trump leads?  Then he must trump the next lead of it (BK-4.10(b))."""
        shift = 8 * self.trump
        for seat in range(self.n):
            hand = self.hands[seat]
            if seat != leader and POP[hand >> 8 * suit & 255] <= led and POP[hand >> shift & 255] > drawn:
                return True
        return False

    def _play(
        self, seat: int, count: int, led: int, winning: int, winner: int, left: int, target: int, live: int
    ) -> bool:
        """The player at ``seat`` plays the ``count``-th card (1 or more) of a trick: can the player still take ``target``?"""
        held = self.hands[seat]
        trump = self.trump
        legal = legal_mask(held, led, winning, trump)
        if not legal & (legal - 1):  # one legal card: no choice
            self.nodes += 1
            self.hands[seat] = held ^ legal
            ok = self._after(seat, count, legal.bit_length() - 1, led, winning, winner, left, target, live)
            self.hands[seat] = held
            return ok
        mine = seat == self.me
        heads = beats(legal.bit_length() - 1, winning, trump)  # all legal cards head the trick, or none does
        for card in _follows(legal, live, count + 1 == self.n, heads):
            self.nodes += 1
            self.hands[seat] = held ^ (1 << card)
            ok = self._after(seat, count, card, led, winning, winner, left, target, live)
            self.hands[seat] = held
            if ok == mine:
                return ok
        return not mine

    def _after(
        self, seat: int, count: int, card: int, led: int, winning: int, winner: int, left: int, target: int, live: int
    ) -> bool:
        """``card`` was just played by ``seat`` as card ``count`` (0 the lead) of the trick (it has left his hand)."""
        n = self.n
        nxt = seat + 1 if seat + 1 < n else 0
        if count == 0:
            return self._play(nxt, 1, card >> 3, card, seat, left, target, live)
        trump = self.trump
        if (card >> 3 == trump and winning >> 3 != trump) or (card >> 3 == winning >> 3 and card > winning):
            live ^= 1 << winning  # the card beaten is out of play now
            winning, winner = card, seat  # BK-4.9
        else:
            live ^= 1 << card  # a card that does not win the trick is out of play
        if count + 1 < n:
            return self._play(nxt, count + 1, led, winning, winner, left, target, live)
        if winner == self.me:  # BK-4.9: the trick is his
            target -= 1
        if target <= 0:
            return True
        if target >= left:  # more than the tricks still to play
            return False
        return self._lead(winner, left - 1, target)  # BK-4.8: the winner leads the next trick


def _bits(cards: tuple[Any, ...]) -> int:
    out = 0
    for card in cards:
        out |= 1 << int(card)
    return out


def _top_of_run(card: int, legal: int, live: int) -> int:
    """The highest of the legal cards equivalent to ``card``: going up its suit while the next card in
    play is also a legal card of the same hand."""
    suit = SUIT_BITS[card >> 3]
    while True:
        above = live & suit & ~((2 << card) - 1)
        if not above:
            return card
        nxt = (above & -above).bit_length() - 1
        if not legal >> nxt & 1:
            return card
        card = nxt


def _runs(cards: int, live: int) -> list[int]:
    """One card of each run of equivalent cards in ``cards``, the highest of each; high card index first."""
    out: list[int] = []
    rest = cards
    while rest:
        card = rest.bit_length() - 1
        rest ^= 1 << card
        above = live & SUIT_BITS[card >> 3] & ~((2 << card) - 1)
        if above and above & -above & cards:
            continue  # the next card in play above it is ours too: the same move
        out.append(card)
    return out


def _leads(held: int, live: int, first: int) -> list[int]:
    """The leads worth trying: one per run of equivalent cards, the remembered one first, then high to low
    by rank (a trump before a side card of the same rank)."""
    runs = _runs(held, live)
    if len(runs) > 1:
        keyed = [(card & 7) << 5 | card for card in runs]
        keyed.sort(reverse=True)
        runs = [k & 31 for k in keyed]
        if first >= 0 and first in runs and runs[0] != first:
            runs.remove(first)
            runs.insert(0, first)
    return runs


def _follows(legal: int, live: int, last: bool, heads: bool) -> list[int]:
    """The follows worth trying, one per run of equivalent cards: a card that heads the trick high first,
    or the cheapest when he plays last; a card that cannot head the trick low first."""
    runs = _runs(legal, live)
    if len(runs) > 1 and (last or not heads):
        if heads:  # the legal cards are of one suit, listed high to low
            runs.reverse()
        else:  # the lowest rank first (a discard may mix suits)
            keyed = [(card & 7) << 5 | card for card in runs]
            keyed.sort()
            runs = [k & 31 for k in keyed]
    return runs


def _hidden(hand: Any) -> bool:
    """Does a view hide this hand (its cards are None)?  Typed Any: compiled code checks a Card where one is declared."""
    return None in hand


def _position(state: Any, player: Any) -> State:
    """The state, checked: card play is on, every active hand is open, and ``player`` is an active player."""
    if not isinstance(state, State):
        raise ValueError(
            _("the solver takes a Brokdorf state (from cardgames.load('brokdorf')), not {state}").format(
                state=excerpt(state, 40)
            )
        )
    if isinstance(player, bool) or not isinstance(player, int):
        raise SeatError(_("a player is a seat number (an int), not {value}").format(value=excerpt(player, 30)))
    seats = len(state.sheet.points)
    if not 0 <= player < seats:
        raise SeatError(
            _("there is no seat {seat}: this game has seats 0 to {last}").format(seat=player, last=seats - 1)
        )
    if state.phase != PLAY:
        why = WHY_NOT_PLAY.get(state.phase)
        reason = _(why) if why is not None else _("the phase is {phase}").format(phase=state.phase)
        raise ValueError(_("the solver works during card play (BK-4.8 to BK-4.11), but {reason}").format(reason=reason))
    deal = state.deal
    assert deal is not None
    if player not in deal.seats:
        raise ValueError(
            _("seat {seat} is not dealt in: this deal is played by seats {seats} (BK-5.8)").format(
                seat=player, seats=list(deal.seats)
            )
        )
    if player not in state.trick.turns:
        raise ValueError(
            _("seat {seat} answered WEG and takes no part in play (BK-4.6): he takes no trick").format(seat=player)
        )
    for seat in state.trick.turns:
        if _hidden(state.hands[seat]):
            raise ValueError(
                _(
                    "seat {seat}'s hand is hidden: the solver needs every active hand open (a full state, not a view)"
                ).format(seat=seat)
            )
    return state


def solve(state: Any, player: Any) -> int:
    """The tricks ``player`` is sure to hold at the end of this deal, those taken included, with all hands
    open and every other active player playing to minimise them (the paranoid open-hand value).

    ``state`` is a Brokdorf state in card play (trump named, MIT/WEG settled); ``player`` one of its active
    players (the declarer or a MIT player).  Anything else is a ValueError that says why.  BK-5.12's voiding
    of a caught violator's tricks happens at scoring and is not counted here.
    """
    return Solver(state, player).value()


def solve_actions(state: Any, player: Any) -> dict[Play, int]:
    """For each legal card of the player to act, the value of :func:`solve` for ``player`` once it is played.

    The keys are the engine's legal actions (``game.legal_actions(state)``, in that order), the values
    tricks.  When ``player`` is to act, the best of them is ``solve(state, player)``; when another player is,
    the lowest is.  Equivalent cards (no card in play between them) have the same value.
    """
    return Solver(state, player).values()
