"""How many tricks does a Brokdorf hand make? Open-hand tables for bidding (issue 16).

Every number here comes from :func:`.solve.solve` on states that the engine itself builds: the
calls, the trump and the MIT answers are applied with ``game.apply`` (so BK-4.1 to BK-4.8 decide
who declares and who leads), and deals of the unseen cards go through ``game.new(deck=...)``, whose
Luschen check (BK-3.6) voids a deal just as at the table (such deals are left out: they are never
played).

* :func:`makeable_tricks`: right after a deal, for each player and each trump suit, the tricks he
  is sure of as declarer with that trump, leading the first trick, everybody else going MIT and
  playing against him with all hands open (players x suits, like a bridge double-dummy table).
* :func:`makeable_sample`: the same for many seeded deals, one row per deal, player and trump, with
  what the hand holds (trumps, Aces); the data of ``notebooks/brokdorf/05-bidding.ipynb``.
* :func:`hand_deals`, :func:`trick_distribution`, :func:`bid_table`: one five-card hand over the
  deals of the 27 cards it does not see (all of them when there are no more than ``samples``,
  else a seeded sample), the distribution of its makeable tricks per trump with 95 % intervals,
  and the bid with the best expected point change under the model stated at :func:`hand_deals`.

Open-hand values are a benchmark, not a forecast: real opponents do not see the cards (they may
play worse against the declarer), and some of them drop their hands (WEG), which leaves him more
tricks.  The "paranoid" value (everybody else against him) is the tricks he is sure of.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pandas as pd

from ..core.inputs import thousands
from ..core.probability import mean_interval, wilson_interval
from ..core.registry import load
from ..core.rng import derive, generator
from .cards import CATALOG, SUITS, Card, parse_cards, sort_hand
from .rules import BID, BIDS, GUT, HAND, MIT, TRICKS, TRUMP, TRUMPS, State, deck_for, point_change
from .solve import solve

_, ngettext = CATALOG.functions()

UNSEEN = 32 - HAND  # the cards one hand does not see


def _game(state: State, game: Any) -> Any:
    if game is None:
        return load("brokdorf", players=len(state.sheet.points))
    return game


def _check_dealt(state: Any) -> State:
    """A Brokdorf state right after a deal: bidding, before the first call."""
    if not isinstance(state, State):
        raise ValueError(
            _("makeable_tricks takes a Brokdorf state (from cardgames.load('brokdorf')), not {state}").format(
                state=f"{state!r:.40}"
            )
        )
    if state.phase != BID or state.deal is None or state.deal.calls:
        if state.deal is not None and state.deal.calls:
            calls = len(state.deal.calls)
            text = ngettext(
                "the makeable-tricks table is for the moment right after the deal (before the first call, "
                "BK-4.1); this state is in phase {phase} with {n} call made",
                "the makeable-tricks table is for the moment right after the deal (before the first call, "
                "BK-4.1); this state is in phase {phase} with {n} calls made",
                calls,
            ).format(phase=repr(state.phase), n=calls)
        else:
            text = _(
                "the makeable-tricks table is for the moment right after the deal (before the first call, "
                "BK-4.1); this state is in phase {phase}"
            ).format(phase=repr(state.phase))
        raise ValueError(text)
    for seat in state.deal.seats:
        if any(card is None for card in state.hands[seat]):
            raise ValueError(
                _("seat {seat}'s hand is hidden: the table needs every hand open (a state, not a view)").format(
                    seat=seat
                )
            )
    return state


def called(game: Any, state: State, declarer: int) -> State:
    """``state`` (right after a deal) once ``declarer`` has bid 0 and everybody else said GUT (BK-4.2, BK-4.4).

    The contract does not change the tricks he can make, so the lowest bid stands for any."""
    deal = state.deal
    assert deal is not None
    for seat in deal.order:  # BK-4.1: from the dealer's left round to the dealer
        state = game.apply(state, BIDS[0] if seat == declarer else GUT, seat)
    return state


def declared(game: Any, state: State, trump: int) -> State:
    """``state`` after the calls (phase trump) once the declarer names ``trump`` and everybody else goes MIT."""
    deal = state.deal
    assert deal is not None and deal.declarer is not None
    state = game.apply(state, TRUMPS[trump], deal.declarer)  # BK-4.5
    for seat in deal.answer_order:  # BK-4.6: clockwise from the declarer's left
        state = game.apply(state, MIT, seat)
    return state  # BK-4.8: card play, the declarer leads


def _row(game: Any, state: State, declarer: int) -> list[int]:
    """The makeable tricks of ``declarer`` with each trump (C S H D) from a state right after the deal."""
    bidding = called(game, state, declarer)
    return [solve(declared(game, bidding, trump), declarer) for trump in range(4)]


def makeable_tricks(state: Any, game: Any = None) -> pd.DataFrame:
    """Right after a deal: the tricks each player is sure of as declarer with each trump suit.

    Row per player dealt in (index ``player``), a column per trump suit (``C`` Kreuz, ``S`` Pik, ``H`` Herz,
    ``D`` Karo).  The player declares (the others say GUT), names that trump, everybody else goes MIT, he
    leads the first trick (BK-4.8), and every other player plays against him with all hands open:
    :func:`.solve.solve` of the engine's state after those steps.  ``game`` is the game the state belongs to
    (default: a plain round for its number of players).
    """
    state = _check_dealt(state)
    game = _game(state, game)
    deal = state.deal
    assert deal is not None
    rows = {seat: _row(game, state, seat) for seat in deal.seats}
    table = pd.DataFrame.from_dict(rows, orient="index", columns=list(SUITS))
    table.index.name = "player"
    table.columns.name = "trump"
    return table


def _check_int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            _("{name} must be a whole number from {low} to {high}, not {value}").format(
                name=name, low=thousands(low), high=thousands(high), value=f"{value!r:.40}"
            )
        )
    return value


def longest_suit(hand: Any) -> int:
    """The suit (0-3 for C S H D) a player names as trump by the rule of thumb: his longest suit; of equally
    long suits the one with the higher cards (compared from the top), then the first in the order C S H D."""
    cards = parse_cards(hand)

    def strength(suit: int) -> tuple[int, list[int]]:
        ranks = sorted((card & 7 for card in cards if card >> 3 == suit), reverse=True)
        return len(ranks), ranks

    return max(range(4), key=lambda suit: (strength(suit), -suit))


def makeable_sample(players: int = 4, deals: int = 1000, seed: int = 0, declarers: str = "all") -> pd.DataFrame:
    """The makeable tricks of many seeded deals: one row per deal, declarer and trump suit.

    ``declarers="all"`` solves every player's hand of each deal; ``"first"`` only the hand of the player
    left of the dealer (who calls first, BK-4.1), which is quicker at a large table.  Columns: ``deal``,
    ``player``, ``hand`` (codes), ``trump`` (C S H D), ``tricks``, and what the hand holds: ``trumps`` (cards
    of the trump suit), ``trump_ace``, ``aces`` (all four suits), ``side_aces``, and ``longest``: whether the
    trump is the suit a player would name without seeing the other hands (:func:`longest_suit`).
    """
    _check_int(players, "players", 2, 6)
    _check_int(deals, "deals", 1, 10_000_000)
    if declarers not in ("all", "first"):
        raise ValueError(_("declarers is 'all' or 'first', not {value}").format(value=f"{declarers!r:.40}"))
    game = load("brokdorf", players=players)
    rows: list[dict[str, Any]] = []
    for i in range(deals):
        state = game.new(seed=derive(seed, "makeable", players, i))
        deal = state.deal
        assert deal is not None
        seats = deal.order if declarers == "all" else deal.order[:1]
        for seat in seats:
            hand = state.hands[seat]
            aces = [card for card in hand if card & 7 == 7]
            longest = longest_suit(hand)
            for trump, tricks in enumerate(_row(game, state, seat)):
                rows.append(
                    {
                        "deal": i,
                        "player": seat,
                        "hand": " ".join(map(str, hand)),
                        "trump": SUITS[trump],
                        "tricks": tricks,
                        "trumps": sum(1 for card in hand if card >> 3 == trump),
                        "trump_ace": any(card >> 3 == trump for card in aces),
                        "aces": len(aces),
                        "side_aces": sum(1 for card in aces if card >> 3 != trump),
                        "longest": trump == longest,
                    }
                )
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------
# One hand over the deals it cannot see


def _hand(hand: Any) -> tuple[Card, ...]:
    cards = parse_cards(hand)
    if len(cards) != HAND:
        raise ValueError(_("a hand is {cards} cards (BK-3.5), not {count}").format(cards=HAND, count=len(cards)))
    if all(card.is_lusche for card in cards) and max(sum(1 for c in cards if c >> 3 == s) for s in range(4)) < 3:
        raise ValueError(
            _("five Luschen without three of a suit are never played: the deal is void and dealt again (BK-3.6)")
        )
    return sort_hand(cards)


def deal_count(players: int) -> int:
    """How many deals of the unseen cards one hand can meet: the other players' hands, seat by seat."""
    _check_int(players, "players", 2, 6)
    count = 1
    rest = UNSEEN
    for _ in range(players - 1):
        count *= math.comb(rest, HAND)
        rest -= HAND
    return count


def _others(unseen: list[Card], players: int, samples: int, seed: int) -> tuple[bool, Any]:
    """The other players' cards of each deal (5 * (players - 1) cards, dealt in that order to the seats
    after the holder): all possible deals when there are no more than ``samples``, else ``samples`` seeded
    draws (each a uniformly random deal)."""
    others = HAND * (players - 1)
    if deal_count(players) <= samples:  # only two players: the one other hand, all C(27, 5) of them
        return True, itertools.combinations(unseen, others)
    rng = generator(seed, "hand deals", players)
    return False, (rng.sample(unseen, others) for _ in range(samples))


def hand_deals(hand: Any, players: int = 4, samples: int = 1000, seed: int = 0, position: int = 0) -> pd.DataFrame:
    """The makeable tricks of one hand over the deals of the cards it does not see; one row per deal.

    The holder sits at seat 0 and is the ``position``-th caller (0: left of the dealer, the first to call;
    ``players - 1``: the dealer, the last).  The other players' hands are dealt from the 27 unseen cards:
    every possible deal when there are at most ``samples`` of them (two players: all 80,730 hands of the
    one opponent, so ``samples=80_730`` or more makes it exact), else ``samples`` seeded random deals.  A
    deal the engine voids for a Luschen hand (BK-3.6) is left out, as it is never played.

    Columns ``C S H D``: his makeable tricks with that trump (:func:`makeable_tricks`: he declares, all
    others MIT, all hands open).  Columns ``declares 0`` to ``declares 5``: under the bidding model of
    :func:`bid_table`, whether a bid of that many tricks makes him declarer in this deal.  The model of the
    others: they call as the library's ``greedy`` agent does, each seeing only his own hand (the lowest
    open bid when he counts at least that many tricks for his best trump, else GUT); the holder bids
    ``b`` at his turn if ``b`` is still open (else he says GUT and does not declare).
    ``df.attrs``: ``exact`` (every deal counted once) and ``possible`` (how many deals there are).
    """
    cards = _hand(hand)
    _check_int(players, "players", 2, 6)
    _check_int(samples, "samples", 1, 10_000_000)
    _check_int(position, "position", 0, players - 1)
    dealer = (players - 1 - position) % players  # seat 0 is the position-th caller from the dealer's left
    game = load("brokdorf", players=players, first_dealer=dealer)
    bots = {seat: game.agent("greedy", seat) for seat in range(1, players)}
    quiet = random.Random(0)  # greedy draws nothing; agents take a generator all the same
    held = set(cards)
    unseen = [card for card in sort_hand(Card(c) for c in range(32)) if card not in held]
    exact, draws = _others(unseen, players, samples, seed)
    rows: list[dict[str, Any]] = []
    for others in draws:
        hands = [list(cards)] + [list(others[HAND * k : HAND * (k + 1)]) for k in range(players - 1)]
        state = game.new(seed=0, deck=deck_for([[str(c) for c in h] for h in hands], dealer, players))
        deal = state.deal
        assert deal is not None
        if deal.redeals:  # BK-3.6: the engine dealt again, so this deal is never played
            continue
        row: dict[str, Any] = dict(zip(SUITS, _row(game, state, 0)))
        for bid in range(TRICKS + 1):
            row[f"declares {bid}"] = _declares(game, state, bid, bots, quiet)
        rows.append(row)
    table = pd.DataFrame(rows, columns=list(SUITS) + [f"declares {b}" for b in range(TRICKS + 1)])
    table.attrs.update(
        exact=exact, possible=deal_count(players), hand=" ".join(map(str, cards)), players=players, position=position
    )
    return table


def _declares(game: Any, state: State, bid: int, bots: dict[int, Any], rng: random.Random) -> bool:
    """Does seat 0, bidding ``bid`` at his turn (GUT if it is no longer open), become declarer (BK-4.4)?"""
    while state.phase == BID and state.deal is not None and not state.deal.redeals:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0:
            action = BIDS[bid] if BIDS[bid] in legal else GUT
        else:
            action = bots[seat].act(game.view(state, seat), legal, rng)
        state = game.apply(state, action, seat)
    return state.phase == TRUMP and state.deal is not None and state.deal.declarer == 0


def trick_distribution(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit and number of tricks: the share of deals in which the hand makes exactly that many.

    ``low``/``high`` are a 95 % Wilson interval (equal to the share when the deals are all possible deals);
    ``mean`` is the trump's mean makeable tricks.
    """
    exact = bool(deals.attrs.get("exact", False))
    total = len(deals)
    if total == 0:
        raise ValueError(_("no deals to count"))
    rows = []
    for trump in SUITS:
        counts = deals[trump].value_counts()
        mean = float(deals[trump].mean())
        for tricks in range(TRICKS + 1):
            hits = int(counts.get(tricks, 0))
            low, high = (hits / total, hits / total) if exact else wilson_interval(hits, total)
            rows.append(
                {"trump": trump, "tricks": tricks, "share": hits / total, "low": low, "high": high, "mean": mean}
            )
    return pd.DataFrame(rows)


def bid_table(deals: pd.DataFrame) -> pd.DataFrame:
    """What each call is worth to the hand: its expected point change per deal (BK-5.1, fewer is better).

    The model (see :func:`hand_deals`): the others call as the ``greedy`` agent does. If his bid ``b``
    stands, the holder names the trump suit with the best expected change for that bid (he chooses before
    he sees the other hands, so one suit for all deals), everybody else goes MIT and plays against him with
    all hands open, and he scores -t, plus 5 if t < b (t: his makeable tricks). If he is outbid, he drops
    his hand (WEG, 0 points); GUT is 0 as well.  Rows: ``gut`` and ``bid 0`` to ``bid 5`` with ``trump``,
    ``declares`` (share of deals), ``tricks`` (mean when declaring), ``fails`` (share of declaring deals with
    t < b), ``change`` (mean per deal) with ``low``/``high`` (95 %), and ``best`` marking the lowest change.
    """
    exact = bool(deals.attrs.get("exact", False))
    if len(deals) == 0:
        raise ValueError(_("no deals to value"))
    rows: list[dict[str, Any]] = [
        {"call": "gut", "trump": "", "declares": 0.0, "tricks": math.nan, "fails": math.nan}
        | {"change": 0.0, "low": 0.0, "high": 0.0}
    ]
    for bid in range(TRICKS + 1):
        declares = deals[f"declares {bid}"].astype(bool)
        best: tuple[float, str, list[int]] | None = None
        for trump in SUITS:
            changes = [point_change(t, bid) if d else 0 for t, d in zip(deals[trump], declares)]
            mean = sum(changes) / len(changes)
            if best is None or mean < best[0]:
                best = (mean, trump, changes)
        assert best is not None
        mean, trump, changes = best
        won = deals.loc[declares, trump]
        low, high = (mean, mean) if exact else mean_interval(changes)[1:]
        rows.append(
            {
                "call": f"bid {bid}",
                "trump": trump,
                "declares": float(declares.mean()),
                "tricks": float(won.mean()) if len(won) else math.nan,
                "fails": float((won < bid).mean()) if len(won) else math.nan,
                "change": mean,
                "low": low,
                "high": high,
            }
        )
    table = pd.DataFrame(rows)
    table["best"] = table["change"] == table["change"].min()
    return table
