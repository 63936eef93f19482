"""Worlds for Bronko-Donko: complete states that one player cannot tell from the real one (issue 15).

``determinize(view, seat, rng, policy)`` turns ``seat``'s view (BD-4.5) back into a full
state.  Kept from the view: every hand ``seat`` sees (his own, the hands of players who took
off their vest, BD-7.11), the cards exchanged face up in the betrayal and a stolen Wolf
(BD-10.7 c, BD-6.5), hand sizes, the history and everything else public.  Drawn again:
the unseen cards of every other hand, and with them the cards out of play (BD-4.3 step 4,
and the leftovers of players eliminated in this fight); a fresh seed for every later
shuffle (BD-4.4: the only chance in the game).  Bronko-Donko has no sealed decisions, so
``policy`` draws nothing here.

**What play forces, and what the worlds therefore keep** (read from the history of the
current fight; each holds in every state the rules can reach):

- *Cards played.*  Every card placed in this fight (openings, beats, boxes, final-gong boxes)
  is on the table, and a Wolfsblut steal swaps the declared card in for the Wolf (BD-6.5).
- *Wolfsblut declined* (BD-6.5): the player asked held the declared card, and still does
  unless he placed it since.  *A Wolfsblut window open now*: the player asked holds it.
- *No Wolfsblut window* after a Wolf formation that did not end the fight: nobody but its
  placer held the declared card, so it is in the placer's hand or out of play.
- *Wolf trap* (BD-6.8): a controller who did not open held the Wolf alone.
- *First controller without a Donko* (BD-4.3 step 6): he holds the weakest non-white card
  in play while his opening is due (the fight's ``required`` card); that card is the
  weakest real card of his opening; every weaker non-white card was never dealt.
- *Betrayal* (BD-10.7 a): the Donko gave his two strongest cards (Kose and the Wolf
  excepted), so every coloured card he kept is no stronger than the weaker of the two.
  If he chose (a ``give`` in the history, DP-1), a card of that strength stayed with him;
  if the engine gave for him (one option only), none did: all he kept is weaker.  When
  the engine gave and the Bronko handed back one of the two cards with one of his own,
  the history does not say which of the returned cards was given: both readings count,
  each world weighted by how many deals lead to it.  While the Donko is still to choose
  (DP-1), his hand offers a choice.

**What is not inferred.**  A duck or a pass says nothing (both are always allowed, BD-5.7,
BD-8.3), nor does a steal declined or a formation not placed: the worlds do not weigh how
likely the others' decisions made a deal (the method's limit, ``cardgames.core.analysis``).
Once the fight is settled (DP-7 to DP-10) each loser's Schlagkraft is public, but his
hidden cards no longer change anything (the next fight is dealt from the fresh seed), so
the worlds do not make them add up to it.

**How the draw is exact.**  The unseen cards fall into groups by where they may lie (each
other hidden hand, "out of play") and by whether the betrayal needs one of them in the
Donko's hand.  The number of deals is counted exactly, group by group (for each group,
every way of splitting it over its places, the multinomial number of ways, times the
count for the remaining groups and places); the draw then picks each split with its
share of the count and shuffles the cards within the group.  This is uniform over all
deals of the unseen cards that keep the constraints (and, with two readings of the
betrayal, weighted by the readings each deal agrees with).  Only while the Donko is still
to choose his betrayal cards is a drawn hand rejected when it offers no choice (about
two draws in three; a new draw is uniform, so the accepted one is too).
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..core.game import Game, Setup, history
from ..core.i18n import Catalog
from ..core.rng import shuffle_with
from .cards import BASE, COLOUR, NCARDS, WHITE, WOLF, WOLF_BIT
from .rules import DECLINE, GIVE, OPEN, PLAY, STEAL, WOLFSBLUT, Hand2, Pick, Place, State, bits, give_options

_, ngettext = Catalog("bronko_donko").functions()

ALL_CARDS: Final = (1 << NCARDS) - 1
COLOURED: Final = ALL_CARDS & ~WHITE
MAX_REJECTIONS: Final = 10_000  # the Donko's choice of betrayal cards is accepted about one time in three


def _factorials() -> tuple[int, ...]:
    out = [1]
    for k in range(1, NCARDS + 1):
        out.append(out[-1] * k)
    return tuple(out)


FACTORIALS: Final[tuple[int, ...]] = _factorials()


def stronger_than(strength: int) -> int:
    """The coloured cards of base strength above ``strength``."""
    return sum([1 << c for c in range(32) if BASE[c] > strength])


def of_strength(strength: int) -> int:
    """The coloured cards of base strength ``strength``."""
    return sum([1 << c for c in range(32) if BASE[c] == strength])


def weaker_than(card: int) -> int:
    """The coloured cards weaker than ``card`` by base strength, then colour (BD-4.3 step 6)."""
    key = (BASE[card], COLOUR[card])
    return sum([1 << c for c in range(32) if (BASE[c], COLOUR[c]) < key])


def weakest(cards: int) -> int:
    """The weakest coloured card of a mask (base strength, then colour), or -1."""
    best = -1
    for c in range(32):
        if cards >> c & 1 and (best < 0 or (BASE[c], COLOUR[c]) < (BASE[best], COLOUR[best])):
            best = c
    return best


def placed_cards(action: Place) -> int:
    """The cards a placement takes from the hand: its real cards and the Wolf if declared."""
    return action.cards | (WOLF_BIT if action.wolf >= 0 else 0)


# ---------------------------------------------------------------------------
# Reading the history of the current fight


def fight_start(view: State, entries: tuple[tuple[int | None, Any], ...]) -> int:
    """The index of the current fight's first entry in the history.

    Each finished fight (its number of players from the fight log: the Bronko and every
    loser settled) is walked over: entries until a player has placed the whole hand he was
    dealt (BD-8.1), one final-gong decision per loser (BD-8.3), then the settlement's choices.
    """
    losers: dict[int, int] = {}
    for entry in view.match.log:
        losers[entry.fight] = losers.get(entry.fight, 0) + 1
    i = 0
    n = len(entries)
    for number in range(1, view.match.fights):
        k = losers.get(number, 0) + 1
        if k < 2:
            raise ValueError(
                _("the fight log has no loser of fight {fight}: the history cannot be read").format(fight=number)
            )
        hand = 10 if k <= 3 else 8
        counts = [0, 0, 0, 0]
        while i < n:
            p, action = entries[i]
            i += 1
            if isinstance(action, Place) and p is not None:
                counts[p] += bits(placed_cards(action))
                if counts[p] >= hand:
                    break
        i += k - 1  # the final gong: each loser once
        while i < n and isinstance(entries[i][1], Pick):  # settle, knock, donko
            i += 1
    return min(i, n)


class Facts:
    """What the history of the current fight forces about the unseen cards (see the module docstring)."""

    placed: int  # cards on the table in this fight
    held: list[tuple[int, int]]  # (card, seat): the card is in that seat's hand
    only: list[tuple[int, int]]  # (card, seat): the card is in that seat's hand or out of play
    absent: int  # cards never dealt in this fight
    donko: int  # the Donko whose kept cards the betrayal bounds, or -1
    readings: list[tuple[int, bool]]  # per reading: strongest base strength he kept, and whether one of it
    kept_known: int  # cards the Donko kept from his deal that left his hand in view of all (placed, swapped)
    choosing: int  # the Donko who is still to choose his betrayal cards (DP-1), or -1

    def __init__(self) -> None:
        self.placed = 0
        self.held = []
        self.only = []
        self.absent = 0
        self.donko = -1
        self.readings = []
        self.kept_known = 0
        self.choosing = -1


def fight_facts(view: State) -> Facts:
    """Read the current fight's history into :class:`Facts`."""
    entries = history(view)
    start = fight_start(view, entries)
    n = len(entries)
    facts = Facts()
    players = len(view.hands)
    fight = view.fight
    donko = fight.donko_at_start
    alive = view.standing.alive
    hidden = view.hidden if view.hidden is not None else (0,) * players
    # hand sizes at the deal: the sizes now plus what each placed since (BD-6.5 and BD-10.7 keep sizes);
    # a player eliminated in this fight (his hand is gone) was dealt a full hand
    dealt_size = 10 if bits(alive | _settled_now(view)) <= 3 else 8
    sizes = [bits(view.hands[q]) + hidden[q] for q in range(players)]
    for j in range(start, n):
        p, action = entries[j]
        if isinstance(action, Place) and p is not None:
            sizes[p] += bits(placed_cards(action))
    for q in range(players):
        if not alive >> q & 1 and _settled_now(view) >> q & 1:
            sizes[q] = dealt_size
    given = -1
    returned = -1
    first_open = -1  # cards of the fight's first opening
    last_placer = -1
    ended = False
    for j in range(start, n):
        p, action = entries[j]
        if p is None:
            continue
        if isinstance(action, Hand2):
            if action.word == "give":
                given = action.cards
            else:
                returned = action.cards
            continue
        if not isinstance(action, Place):
            continue
        cards = placed_cards(action)
        facts.placed |= cards
        sizes[p] -= bits(cards)
        if p == donko:
            facts.kept_known |= action.cards
        if ended:
            continue  # a final-gong box: no Wolfsblut (BD-6.7)
        if action.verb == OPEN:
            if first_open < 0:
                first_open = action.cards
            elif last_placer >= 0 and last_placer != p:
                facts.held.append((WOLF, last_placer))  # BD-6.8: the controller held the Wolf alone
        last_placer = p  # control goes to the last placer of a round (BD-5.8 a-c)
        if sizes[p] <= 0:
            ended = True  # BD-8.1; no Wolfsblut window (BD-6.7)
            continue
        declared = action.wolf
        if declared < 0:
            continue
        if j + 1 == n and view.phase == WOLFSBLUT:
            continue  # its window is the decision asked now (below)
        asked, answer = entries[j + 1] if j + 1 < n else (None, None)
        if answer == STEAL and asked is not None:
            facts.placed = facts.placed & ~WOLF_BIT | 1 << declared  # his card takes the Wolf's place
            if asked == donko:
                facts.kept_known |= 1 << declared
        elif answer == DECLINE and asked is not None:
            facts.held.append((declared, asked))
        else:
            facts.only.append((declared, p))  # BD-6.5: nobody else held it
    if view.phase == PLAY and view.round.current is None and 0 <= last_placer != view.turn:
        facts.held.append((WOLF, last_placer))  # BD-6.8: the opening passed on, asked now
    window = view.wolfsblut
    if view.phase == WOLFSBLUT and window is not None:
        facts.held.append((window.formation.wolf, view.turn))
    if donko < 0:  # BD-4.3 step 6: the weakest non-white card in play opens
        required = fight.required
        if required >= 0:
            facts.held.append((required, view.turn))
        elif first_open >= 0:
            required = weakest(first_open)
        if required >= 0:
            facts.absent = weaker_than(required)
    elif view.phase == GIVE:
        facts.choosing = donko
    else:
        facts.donko = donko
        facts.readings = _betrayal_readings(fight.public & COLOURED, given, returned)
        facts.kept_known &= ~fight.public
    return facts


def _settled_now(view: State) -> int:
    """The seats of the fight being settled (its Bronko and losers settled so far), a mask; 0 before."""
    settle = view.settle
    if settle is None:
        return 0
    mask = 1 << settle.winner
    for entry in view.match.log:
        if entry.fight == view.match.fights:
            mask |= 1 << entry.loser
    return mask


def _betrayal_readings(public: int, given: int, returned: int) -> list[tuple[int, bool]]:
    """BD-10.7 (a): (strongest base strength the Donko kept, whether he kept one of it) per reading.

    ``given``: the cards of his ``give`` (a choice, DP-1), or -1 when the engine gave the only
    option; ``returned``: the Bronko's ``return``, or -1 before it.
    """
    if given >= 0:
        return [(min([BASE[c] for c in range(32) if given >> c & 1]), True)]
    if returned < 0:
        options = [public]
    else:
        rest = public & ~returned
        if bits(rest) == 2:
            options = [rest]
        elif bits(rest) == 0:
            options = [returned]
        else:  # one given card kept by the Bronko, the other handed back with one of his own: either
            options = [rest | 1 << c for c in range(32) if returned >> c & 1]
    return [(min([BASE[c] for c in range(32) if g >> c & 1]) - 1, False) for g in options]


# ---------------------------------------------------------------------------
# Counting and drawing deals of the unseen cards


class Group:
    """Unseen cards that may lie in the same places (a bit mask of slots)."""

    cards: list[int]
    allowed: int
    needed: bool  # one of the betrayal's kept cards: at least one of these goes to the Donko's slot

    def __init__(self, cards: list[int], allowed: int, needed: bool) -> None:
        self.cards = cards
        self.allowed = allowed
        self.needed = needed


class Reading:
    """One reading of the history: the unseen cards in groups, and the count of their deals."""

    groups: list[Group]
    caps: tuple[int, ...]  # cards each slot takes
    need: int  # the slot that must receive a needed card, or -1
    memo: dict[tuple[int, tuple[int, ...], bool], int]
    total: int

    def __init__(self, groups: list[Group], caps: tuple[int, ...], need: int) -> None:
        self.groups = sorted(groups, key=lambda g: len(g.cards))  # the largest last: its split is forced
        self.caps = caps
        self.need = need
        self.memo = {}
        self.total = self.count(0, caps, need < 0)

    def splits(self, i: int, caps: tuple[int, ...], ok: bool) -> list[tuple[tuple[int, ...], int, bool]]:
        """Every split of group ``i`` over its slots within ``caps``: (cards per slot, ways, need met)."""
        group = self.groups[i]
        n = len(group.cards)
        slots = [s for s in range(len(caps)) if group.allowed >> s & 1]
        if i == len(self.groups) - 1:  # the last group fills what is left, or nothing fits
            fits = sum(caps) == n and all(group.allowed >> s & 1 for s in range(len(caps)) if caps[s])
            splits = [caps] if fits else []
        else:
            splits = _compositions(n, slots, caps)
        out: list[tuple[tuple[int, ...], int, bool]] = []
        for split in splits:
            ways = FACTORIALS[n]
            for x in split:
                ways //= FACTORIALS[x]
            met = ok or (group.needed and split[self.need] > 0)
            out.append((split, ways, met))
        return out

    def count(self, i: int, caps: tuple[int, ...], ok: bool) -> int:
        """The number of deals of groups ``i``.. that fill ``caps`` exactly (and meet the need)."""
        if i == len(self.groups):
            return 1 if ok and not any(caps) else 0
        key = (i, caps, ok)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = 0
        for split, ways, met in self.splits(i, caps, ok):
            left = tuple([c - x for c, x in zip(caps, split)])
            total += ways * self.count(i + 1, left, met)
        self.memo[key] = total
        return total

    def draw(self, rng: random.Random) -> list[int]:
        """One deal, uniform among those counted: the cards of each slot, as masks."""
        slots = [0] * len(self.caps)
        caps, ok = self.caps, self.need < 0
        for i, group in enumerate(self.groups):
            pick = rng.randrange(self.count(i, caps, ok))
            chosen: tuple[int, ...] = ()
            for split, ways, met in self.splits(i, caps, ok):
                left = tuple([c - x for c, x in zip(caps, split)])
                weight = ways * self.count(i + 1, left, met)
                if pick < weight:
                    chosen, caps, ok = split, left, met
                    break
                pick -= weight
            cards = shuffle_with(list(group.cards), rng)
            k = 0
            for s, x in enumerate(chosen):
                for c in cards[k : k + x]:
                    slots[s] |= 1 << c
                k += x
        return slots

    def admits(self, slots: list[int]) -> bool:
        """Is this deal (the unseen cards of each slot, as masks) one of those counted?"""
        if [bits(m) for m in slots] != list(self.caps):
            return False
        met = self.need < 0
        for group in self.groups:
            for s, mask in enumerate(slots):
                inside = [c for c in group.cards if mask >> c & 1]
                if inside and not group.allowed >> s & 1:
                    return False
                met = met or (group.needed and s == self.need and bool(inside))
        return met


def _compositions(n: int, slots: list[int], caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to put ``n`` cards on ``slots`` (indices into ``caps``), at most ``caps[s]`` each."""
    out: list[tuple[int, ...]] = []
    split = [0] * len(caps)

    def fill(k: int, left: int) -> None:
        if k == len(slots) - 1:
            s = slots[k]
            if left <= caps[s]:
                split[s] = left
                out.append(tuple(split))
                split[s] = 0
            return
        s = slots[k]
        for x in range(min(left, caps[s]) + 1):
            split[s] = x
            fill(k + 1, left - x)
        split[s] = 0

    if slots:
        fill(0, n)
    elif n == 0:
        out.append(tuple(split))
    return out


class Knowledge:
    """Everything a world of one view needs: the unseen cards' places and the readings to draw from."""

    seats: list[int]  # the seat of each slot but the last; the last slot is "out of play"
    unseen: int  # the cards the view does not show
    readings: list[Reading]
    total: int
    choosing: int  # slot of a Donko still to choose his betrayal cards, or -1

    def __init__(self, seats: list[int], unseen: int, readings: list[Reading], choosing: int) -> None:
        self.seats = seats
        self.unseen = unseen
        self.readings = readings
        self.total = sum([r.total for r in readings])
        self.choosing = choosing

    def slots(self, hands: tuple[int, ...]) -> list[int]:
        """The unseen cards of a full state's ``hands`` by slot: each seat's, then the rest (out of play)."""
        out = [hands[q] & self.unseen for q in self.seats]
        held = 0
        for mask in out:
            held |= mask
        return out + [self.unseen & ~held]

    def admits(self, hands: tuple[int, ...]) -> bool:
        """Could a world have these hands?  (Some reading counts their deal of the unseen cards.)"""
        slots = self.slots(hands)
        return any(r.admits(slots) for r in self.readings)


def knowledge(view: State, seat: int) -> Knowledge:
    """The unseen cards of ``view`` (seen by ``seat``) and where the rules let them lie."""
    facts = fight_facts(view)
    players = len(view.hands)
    hidden = view.hidden if view.hidden is not None else (0,) * players
    alive = view.standing.alive
    seats = [q for q in range(players) if q != seat and hidden[q] > 0]
    rest = len(seats)  # the last slot: out of play
    slot_of = [-1] * players  # -1: a hand seen whole (no unseen card may be in it)
    for s, q in enumerate(seats):
        slot_of[q] = s
    for q in range(players):
        if not alive >> q & 1:
            slot_of[q] = rest  # an eliminated player's leftover cards are gone like the undealt ones
    seen = 0
    for hand in view.hands:
        seen |= hand
    unseen = ALL_CARDS & ~seen & ~facts.placed & ~view.fight.public
    caps = [hidden[q] for q in seats] + [bits(unseen) - sum(hidden)]
    if caps[-1] < 0:
        raise ValueError(_("the hidden hands hold more cards than are unseen: this state cannot be reached"))
    everywhere = (1 << (rest + 1)) - 1
    allowed = [everywhere] * NCARDS
    for c in range(NCARDS):
        if facts.absent >> c & 1:
            allowed[c] = 1 << rest
    for c, q in facts.held:
        allowed[c] &= 1 << slot_of[q] if slot_of[q] >= 0 else 0
    for c, q in facts.only:
        allowed[c] &= (1 << slot_of[q] if slot_of[q] >= 0 else 0) | 1 << rest
    donko_slot = slot_of[facts.donko] if facts.donko >= 0 and slot_of[facts.donko] != rest else -1
    readings: list[Reading] = []
    for strongest, needs in facts.readings if donko_slot >= 0 else [(8, False)]:
        barred = stronger_than(strongest) if donko_slot >= 0 else 0
        needed = of_strength(strongest) if needs and not facts.kept_known & of_strength(strongest) else 0
        groups: dict[tuple[int, bool], list[int]] = {}
        for c in range(NCARDS):
            if unseen >> c & 1:
                where = allowed[c] & ~(1 << donko_slot) if barred >> c & 1 else allowed[c]
                groups.setdefault((where, bool(needed >> c & 1)), []).append(c)
        reading = Reading(
            [Group(cards, where, flag) for (where, flag), cards in groups.items()],
            tuple(caps),
            donko_slot if needed else -1,
        )
        if reading.total:
            readings.append(reading)
    if not readings:
        raise ValueError(_("no deal of the unseen cards agrees with this view: this state cannot be reached"))
    choosing = slot_of[facts.choosing] if facts.choosing >= 0 else -1
    return Knowledge(seats, unseen, readings, choosing if choosing != rest else -1)


def determinize(view: State, seat: int, rng: random.Random, policy: Any, game: Game | None = None) -> State:
    """A full state whose view for ``seat`` is ``view``, the unseen cards and the future drawn with ``rng``.

    ``policy`` is not used: Bronko-Donko has no sealed decisions to draw.  ``game``, the game that
    draws, keeps the view's :class:`Knowledge` for the next world drawn from it (a decision draws many).
    """
    kept = game._known(view, seat) if game is not None else None
    if isinstance(kept, Knowledge):
        known = kept
    else:
        known = knowledge(view, seat)
        if game is not None:
            game._remember(view, seat, known)
    hands = list(view.hands)
    for _attempt in range(MAX_REJECTIONS):
        pick = rng.randrange(known.total) if len(known.readings) > 1 else 0
        reading = known.readings[0]
        for r in known.readings:
            if pick < r.total:
                reading = r
                break
            pick -= r.total
        slots = reading.draw(rng)
        for s, q in enumerate(known.seats):
            hands[q] = view.hands[q] | slots[s]
        if known.choosing < 0 or len(give_options(hands[known.seats[known.choosing]])) > 1:
            return view.replace(setup=Setup(rng.getrandbits(63)), hands=tuple(hands), hidden=None)
    raise RuntimeError(_("no world found for a Donko who chooses his betrayal cards; this is a bug"))
