"""What a Rowdy Partners player can know: worlds drawn from his view, and the objective of analysis.

:func:`determinize` turns a player's view (``game.view(state, seat)``, RP-4.15: his own
hand, the diamonds, every card played with its attachments, the tokens, the tracks, his
own cheats and what his own PEEKs showed) into one complete state that he cannot tell
apart from the real one.  Everything he cannot see is drawn again:

- the hands of the other players (each with the number of cards the view shows);
- the burn pile (RP-4.2; its size is public, its cards and their order are not);
- the others' hidden cheats and the face-down cheat pool (RP-4.15: counts public);
- the card another player's BURN_SWAP brought, while he still has to bury (RP-2.6);
- all future chance: the world gets a fresh seed, so later deals (RP-4.2) and the random
  draws of play (BURN_SWAP picks, cheat-pool reshuffles, CANCEL picks, RP-4.17) are new.

Rowdy Partners has no sealed decisions (RP-7: every decision is taken in turn, in the
open), so ``policy`` draws nothing here.

**The inferences about cards.**  The hidden cards are the 36 cards less the player's hand,
the diamonds and every card played in this round (a round deals all 36 cards anew,
RP-4.2, so earlier rounds tell nothing).  Each hidden card may lie in the hands of the
other players or in the burn pile, unless the play of this round excludes a place.  The
round is read again from the view's history, trick by trick, with the rules' own
placement (counters and new setters, RP-4.8, RP-4.9; named suits, DP-6), so the led suit
S is known at every play.  Forced by the rules, and drawn:

1. RP-4.6: a player who played a suited card of another suit from his hand while S was
   defined held no card of printed suit S in his hand then (wildcards always follow, so a
   wildcard shows nothing; a headliner's diamond is open anyway);
2. RP-2.6 PEEK: what the player's own PEEK showed is the whole hand of its target at that
   moment: those cards were there, no other card was;
3. RP-2.6 BURN_SWAP, his own: a card he buried lies in the burn pile;
4. RP-2.6 BURN_SWAP, another player's: the swap moves a card of the burn pile into his hand
   and his bury a card of his hand into the burn pile, so from then on every card that
   could lie in either place may lie in both (an exclusion found before is lifted for
   them).  While he has not buried yet, one card of his hand is the one the swap brought:
   drawn from the cards that could lie in the burn pile, and it is the world's swap card.

An exclusion holds from its play to the end of the round (cards leave a hand only by
being played, face up, or by a bury after a swap, item 4).

Not drawn, because the rules do not force them: which legal card a player chose or
which card he led (a player who kept a card that would have won is not counted as less
likely to hold it), whether he used a token, and the tag decisions.  Two relaxations of
the exact posterior, both only after a BURN_SWAP of another player: item 4 lets each
card go to both places instead of counting that exactly one card went each way; and
what the player's own BURN_SWAP showed him once (the card it brought) is not kept by the
view after his bury, so it is used only as far as that card is still in his hand, was
played or buried.

**The draw is exact** for these constraints.  Each hidden card has the set of places it
may lie in (the other hands, the burn pile, and while another player still has to bury,
the swapped card); cards with the same set form a class.  The number of ways to fill
every place with exactly its number of cards is counted over the classes (a sum of
products of multinomial coefficients, memoised on the capacities still open), each
class's split among its places is drawn with probability proportional to its
completions, and the cards of a class are shuffled into the places drawn
(:class:`cardgames.core.deals.ClassDeal`).  That is uniform over the assignments meeting
the constraints; the burn pile's order is a uniform shuffle.

**Cheat tiles** (RP-2.7): the tiles of the pool option less the used-cheat pile and the
player's own cheats are dealt uniformly to the others' hidden cheats (their counts are
public) and the pool, in a uniformly shuffled order.  This is exact until the used pile
is first reshuffled into a new pool (RP-4.12.3); after that it does not keep apart the
tiles of the old pool from the reshuffled ones (which a player tracking every draw could).

**The history.**  The world keeps the view's history; the cards other players buried
(hidden in the view) are filled in with cards of the burn pile as the world has it (for
the current round) or as the round left it (earlier rounds: the cards nobody played), and
the others' PEEK records are rebuilt from the world's hands and the cards played since.
No rule and no agent reads them; they keep the world a complete state.

**The objective** of analysis is the *position lead*: how many marker positions (RP-2.3)
the opposing side's wrestlers advanced minus how many the player's own side's wrestlers
advanced, from the start to the horizon.  Partners share it.  The horizon is the end of
the current round (RP-4.1: 8 tricks, about 40 decisions) or the pin that ends the game
first (RP-6.1); over a whole game it is the final lead (the loser's pinned wrestler stands
on the SKULL).  :func:`won` names the winning side at the end of a game (RP-5.1, RP-6.3).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.deals import ClassDeal
from ..core.game import Setup, Trail, history, masked_trail
from . import data
from .actions import BURY, HIDDEN_BURY, Bury, Name, Play, UseCheat, UseSignature
from .cards import CATALOG, DECK, SUIT_T
from .rules import RowdyPartnersRules
from .state import BURYING, Placed, State, place

_, ngettext = CATALOG.functions()

# -- reading the round again: where each hidden card may lie ---------------------------------


def _effect_kind(action: object) -> str:
    """The effect kind of a cheat or signature move attached by ``action`` ("" for anything else)."""
    if type(action) is UseCheat:
        assert isinstance(action, UseCheat)
        return data.CHEATS[action.cheat].effect.kind
    if type(action) is UseSignature:
        assert isinstance(action, UseSignature)
        return data.WRESTLERS[action.wrestler].effect.kind
    return ""


def _face_up(q: Placed) -> Placed:
    """A row card as it was when placed (before any counter flipped it)."""
    return q if q.up else q.replace(up=True)


class Reading:
    """One pass over the view's history: what play has shown about the hidden cards.

    ``places[c]`` is the set of places card ``c`` may lie in now, as bits: bit ``q`` for
    player ``q``'s hand, bit ``burn`` for the burn pile, bit ``swap`` for the card another
    player's BURN_SWAP brought while he still has to bury.  It also keeps what the world's
    history needs: the other players' hidden buries and PEEKs, and the cards each player
    played from his hand after each moment.
    """

    def __init__(self, game: RowdyPartnersRules, view: State, seat: int) -> None:
        k = game.players
        self.burn: int = 1 << k
        self.swap: int = 1 << (k + 1)
        others = 0
        for p in range(k):
            if p != seat:
                others |= 1 << p
        self.places: list[int] = [others | self.burn] * len(DECK)  # a fresh deal: anywhere but his own hand
        per_trick = k + sum([1 for h in game.headliner if h])  # plays per trick: 4 with 2, 3 and 4 players
        per_round = per_trick * data.TRICKS_PER_ROUND
        current = view.deal.round
        rows: list[tuple[Placed, ...]] = [t.row for t in view.score.log]  # every trick of the game, in order
        rows.append(view.row)
        own_peeks = view.tokens.peeks
        #: (index in the history, player, round) of each bury hidden from ``seat``
        self.hidden_buries: list[tuple[int, int, int]] = []
        #: (player, target, round, number of hand plays of that round before it) of each PEEK by another player
        self.other_peeks: list[tuple[int, int, int, int]] = []
        #: the PEEKs of all players in the order they happened: -1 for one of ``seat``'s own (the view keeps
        #: them), else an index into ``other_peeks``
        self.peek_order: list[int] = []
        #: per round, the cards played from a hand, in order: (player, card)
        self.hand_plays: dict[int, list[tuple[int, int]]] = {}
        #: per earlier round, the cards played in it
        self.played_in: dict[int, set[int]] = {}
        #: the player whose BURN_SWAP waits for his bury, -1 if none
        self.swapper: int = -1
        plays = 0
        mine = 0  # own PEEKs met so far
        row: tuple[Placed, ...] = ()  # the current round's trick as it was built, with its led suit and setter
        led = -1
        setter = -1
        for index, (who, action) in enumerate(history(view)):
            if who is None:
                continue
            q: int = who
            rnd = plays // per_round + 1
            t = type(action)
            if t is Play:
                assert isinstance(action, Play)
                c = action.card
                trick, turn = divmod(plays, per_trick)
                placed = rows[trick][turn]
                if placed.card != c or placed.player != q:
                    raise ValueError(_("the history does not match the tricks played: not a view of this game"))
                plays += 1
                if placed.source == 0:
                    self.hand_plays.setdefault(rnd, []).append((q, c))
                if rnd < current:
                    self.played_in.setdefault(rnd, set()).add(c)
                    continue
                if turn == 0:
                    row, led, setter = (), -1, -1
                if q != seat and placed.source == 0 and led >= 0 and SUIT_T[c] >= 0 and SUIT_T[c] != led:
                    self._void(q, led)  # inference 1: he could not follow (RP-4.6)
                row, led, setter = place(row, led, setter, _face_up(placed))
            elif t is Name:
                assert isinstance(action, Name)
                led = action.suit  # DP-6 the wildcard setter's suit
            elif t is Bury:
                assert isinstance(action, Bury)
                if q != seat:  # another player's bury, hidden (RP-4.15)
                    self.hidden_buries.append((index, q, rnd))
                    if rnd == current:
                        self._mix(q)  # inference 4
                        self.swapper = -1
                elif rnd == current:
                    self.places[action.card] = self.burn  # inference 3
            else:
                kind = _effect_kind(action)
                if kind == "BURN_SWAP" and q != seat and rnd == current:
                    self.swapper = q
                elif kind == "PEEK":
                    if q == seat:
                        self.peek_order.append(-1)
                        _viewer, target, seen = own_peeks[mine]
                        mine += 1
                        if rnd == current:
                            self._peek(target, seen)  # inference 2
                    else:
                        arg = action.arg if isinstance(action, (UseCheat, UseSignature)) else ""
                        target = int(arg) if arg else game.partner[q]
                        self.peek_order.append(len(self.other_peeks))
                        self.other_peeks.append((q, target, rnd, len(self.hand_plays.get(rnd, []))))
        if not (view.phase == BURYING and view.actor != seat):
            self.swapper = -1
        if self.swapper >= 0:  # inference 4: the card brought came from the burn pile
            for c in DECK:
                if self.places[c] & self.burn:
                    self.places[c] |= self.swap

    def _void(self, q: int, suit: int) -> None:
        """Player ``q`` holds no card of printed suit ``suit`` (inference 1)."""
        gone = ~(1 << q)
        for c in DECK:
            if SUIT_T[c] == suit:
                self.places[c] &= gone

    def _peek(self, target: int, seen: tuple[int, ...]) -> None:
        """The PEEK showed ``target``'s whole hand (inference 2)."""
        bit = 1 << target
        shown = set(seen)
        for c in DECK:
            self.places[c] = bit if c in shown else self.places[c] & ~bit

    def _mix(self, q: int) -> None:
        """After ``q``'s swap and bury, a card that could lie in his hand or the burn pile may lie in both."""
        both = (1 << q) | self.burn
        for c in DECK:
            if self.places[c] & both:
                self.places[c] |= both


# -- the draw: uniform over the assignments meeting the constraints -------------------------


class Hidden:
    """The hidden cards of one view, the places they may fill, and the exact uniform draw.

    ``spots`` lists the places (a player, ``burn`` or ``swap``), ``sizes`` how many cards
    each holds; each class of cards shares the set of spots it may go to (``masks``, bits
    over the spots).
    """

    def __init__(self, game: RowdyPartnersRules, view: State, seat: int) -> None:
        self.reading = reading = Reading(game, view, seat)
        known: set[int] = set(view.hands[seat])
        for diamond in view.deal.diamonds:
            known.update(diamond)
        for t in view.score.log:
            if t.round == view.deal.round:
                known.update([q.card for q in t.row])
        known.update([q.card for q in view.row])
        spots: list[int] = []
        sizes: list[int] = []
        for q in range(game.players):
            size = len(view.hands[q]) - (1 if q == reading.swapper else 0)
            if q != seat and size > 0:
                spots.append(1 << q)
                sizes.append(size)
        if view.deal.burn:
            spots.append(reading.burn)
            sizes.append(len(view.deal.burn))
        if reading.swapper >= 0:
            spots.append(reading.swap)
            sizes.append(1)
        self.spots: tuple[int, ...] = tuple(spots)
        self.sizes: tuple[int, ...] = tuple(sizes)
        classes: dict[int, list[int]] = {}
        hidden = 0
        for c in DECK:
            if c in known:
                continue
            hidden += 1
            mask = 0
            for j, spot in enumerate(spots):
                if reading.places[c] & spot:
                    mask |= 1 << j
            classes.setdefault(mask, []).append(c)
        order = sorted(classes, key=lambda m: (bin(m).count("1"), m))  # the narrowest classes first
        #: the exact uniform assignment of the hidden cards to the spots (every card placed)
        self.deal = ClassDeal([classes[m] for m in order], order, self.sizes, rest=False)
        if hidden != sum(sizes) or self.deal.count() == 0:
            raise ValueError(_("no deal of the hidden cards agrees with this view: it is not a view of this game"))

    def draw(self, rng: random.Random) -> list[list[int]]:
        """One assignment of the hidden cards, uniform among those meeting the constraints: the cards per spot."""
        return self.deal.draw(rng)[0]


def hidden_of(game: RowdyPartnersRules, view: State, seat: int) -> Hidden:
    """The :class:`Hidden` of ``view`` for ``seat``, read once per view object: ``game`` keeps the last one
    (the expert and analyse draw many worlds from one view object)."""
    kept = game._known(view, seat)
    if isinstance(kept, Hidden):
        return kept
    hidden = Hidden(game, view, seat)
    game._remember(view, seat, hidden)
    return hidden


def hidden_tiles(game: RowdyPartnersRules, view: State, seat: int) -> list[str]:
    """The cheat tiles ``seat`` cannot see: the pool option less the used pile and his own cheats (RP-2.7)."""
    tiles = list(game.options["cheat_pool"])
    for tile in view.tokens.used + view.tokens.cheats[seat]:
        if tile not in tiles:
            raise ValueError(
                _("the cheat {cheat} is not in this game's pool option: not a view of this game").format(cheat=tile)
            )
        tiles.remove(tile)
    hidden = sum([len(c) for q, c in enumerate(view.tokens.cheats) if q != seat]) + len(view.tokens.pool)
    if hidden != len(tiles):
        raise ValueError(_("the hidden cheats and the pool do not add up to the unseen tiles: not a view of this game"))
    return tiles


# -- the world ------------------------------------------------------------------------------


def determinize(game: RowdyPartnersRules, view: State, seat: int, rng: random.Random, policy: Any) -> State:
    """A complete state whose view for ``seat`` is ``view``: hidden cards and tiles dealt again, a fresh seed.

    ``view`` is ``game.view(state, seat)`` of a game that is not over.  Uniform over the
    hidden cards consistent with the view (the module's inferences 1-4), exact, by counting
    completions; the cheat tiles uniformly.  ``policy`` is not used: Rowdy Partners has no
    sealed decisions.
    """
    setup = Setup(rng.getrandbits(63))  # all future chance from a fresh seed (RP-2.9, RP-4.17)
    hidden = hidden_of(game, view, seat)
    reading = hidden.reading
    placed = hidden.draw(rng)
    hands = list(view.hands)
    burn: list[int] = []
    swap = -1
    for spot, cards in zip(hidden.spots, placed):
        if spot == reading.burn:
            burn = cards
        elif spot == reading.swap:
            swap = cards[0]
        else:
            q = spot.bit_length() - 1
            hands[q] = tuple(sorted(cards))
    rng.shuffle(burn)  # the burn pile's order (a BURN_SWAP picks by position, RP-4.17)
    if swap >= 0:
        q = reading.swapper
        hands[q] = tuple(sorted(hands[q] + (swap,)))
    tiles = hidden_tiles(game, view, seat)
    rng.shuffle(tiles)
    cheats = list(view.tokens.cheats)
    top = 0
    for q in range(game.players):
        if q != seat:
            n = len(cheats[q])
            cheats[q] = tuple(tiles[top : top + n])
            top += n
    world_hands = tuple(hands)
    trail = _trail(view, reading, tuple(burn), rng)
    peeks = _peeks(view, reading, world_hands)
    trick = view.trick if swap < 0 else view.trick.replace(swap=swap)
    return view.replace(
        setup=setup,
        trail=trail,
        hands=world_hands,
        trick=trick,
        deal=view.deal.replace(burn=tuple(burn)),
        tokens=view.tokens.replace(cheats=tuple(cheats), pool=tuple(tiles[top:]), peeks=peeks),
    )


def _trail(view: State, reading: Reading, burn: tuple[int, ...], rng: random.Random) -> Trail:
    """The view's history with the others' hidden buries filled in (the module's "history")."""
    if not reading.hidden_buries:
        return view.trail
    filled: dict[int, Bury] = {}
    for index, _, rnd in reading.hidden_buries:
        if rnd == view.deal.round:
            pile = list(burn)
        else:  # an earlier round's burn pile at its end: the cards nobody played
            gone = reading.played_in.get(rnd, set())
            pile = [c for c in DECK if c not in gone]
        filled[index] = BURY[pile[rng.randrange(len(pile))]] if pile else HIDDEN_BURY
    return masked_trail(view.trail, lambda i, q, a: filled.get(i, a))


def _peeks(
    view: State, reading: Reading, hands: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every PEEK's record in order: the view's own, the others' rebuilt (what the target then held, as far
    as the world's hand and the cards he played since tell it)."""
    if not reading.other_peeks:
        return view.tokens.peeks
    out: list[tuple[int, int, tuple[int, ...]]] = []
    mine = 0
    for entry in reading.peek_order:
        if entry < 0:
            out.append(view.tokens.peeks[mine])
            mine += 1
            continue
        q, target, rnd, before = reading.other_peeks[entry]
        seen = [c for who, c in reading.hand_plays.get(rnd, [])[before:] if who == target]
        if rnd == view.deal.round:
            seen += list(hands[target])
        out.append((q, target, tuple(sorted(seen))))
    return tuple(out)


# -- the objective: the position lead at the end of the round --------------------------------


def lead_gained(game: RowdyPartnersRules, start: State, state: State, seat: int) -> int:
    """Marker positions (RP-2.3) the opponents of ``seat`` advanced minus those his own side advanced.

    From ``start`` to ``state``; partners share it (RP-5.1: the side wins or loses together).
    """
    side = game.side_of[seat]
    before, after = start.score.health, state.score.health
    theirs = sum([after[q] - before[q] for q in game.members[1 - side]])
    ours = sum([after[q] - before[q] for q in game.members[side]])
    return theirs - ours


def at_horizon(start: State, state: State) -> bool:
    """Has the round of ``start`` ended at ``state`` (RP-4.1), or the game (RP-6.1, RP-6.3)?"""
    return state.actor < 0 or state.deal.round != start.deal.round


def won(game: RowdyPartnersRules, state: State, seat: int) -> float:
    """1 if ``seat``'s side won the finished game, 0 if it lost, 0.5 for a draw at the cap (RP-6.3); NaN before."""
    result = state.score.result
    if result is None:
        return math.nan
    if result.winner < 0:
        return 0.5
    return 1.0 if result.winner == game.side_of[seat] else 0.0
