"""Worlds for Three Bridges: complete states that one player cannot tell from the real one (issue 15).

``determinize(view, seat, rng, policy)`` turns ``seat``'s view (TB-2.7) back into a full
state.  Kept from the view: ``seat``'s hand, every face-up card, the bridges, the history,
the hand and pile sizes and everything else public.  Drawn again from the unseen cards
(the 34 cards minus those ``seat`` sees): the other player's hand, his face-down card on
the board if there is one (a Chronist among them gets a declared suit drawn uniformly,
TB-4.12: the declaration is hidden until the card is revealed) and the order of the draw
pile, the only chance left after the setup (TB-3.2).  The world's setup gets a fresh seed
drawn from ``rng``; the placement of the face-down card goes back into the history.
Three Bridges has no sealed decisions besides that card, so ``policy`` draws nothing.

**What play forces, and what the worlds therefore keep.**  Of the abilities, only the
Ass looks into its owner's hand (TB-4.11): when it resolves, its owner decides (``play``
or ``pass``) if and only if he holds a card of the Ass's suit or a Chronist; otherwise the
ability lapses without a decision (TB-4.6).  The history shows which happened, so every
Ass (or Chronist) of the other player that has resolved tells ``seat`` either that his
hand then held such a card (a decision), or that it held none (no decision: a *void*).
The other abilities tell nothing about the hand: an Unter, an Ober and a Laub depend on
the board, an Eichel on the pile, which never runs out (TB-4.2).

Such a fact is about the hand *then*, and the cards drawn since may have changed it, so
the draw follows the other player's hand through the history: it replays the history
(the engine's own steps, on a board rebuilt from the start) to find when each of his
cards arrived (his first five cards, his round draws, his Eichel draws), when each card
he placed or played left his hand, and when each of his Asses resolved with or without a
decision.  A history that does not start from an empty board (a ``position`` with cards
already on it) cannot be replayed; its worlds keep only the cards seen and the sizes.

**What is not inferred.**  Every choice is taken as given: the worlds do not weigh how
likely the other player's decisions made a hand (he kept a König rather than play it...),
which is the method's limit (``cardgames.core.analysis``); a face-down Chronist's
declaration is drawn uniformly, not as he would have chosen it.

**How the draw is exact.**  Without an Ass fact the unseen cards are shuffled and dealt
(uniform over the deals).  With one, the deal is uniform over the *histories* that agree
with everything seen: which card arrived at each of the other player's arrivals (the
cards he placed since are known, the others are his hand now or the face-down card).  The
histories are counted exactly, event by event, with the unseen cards in groups (the suits
of the observed Asses, the Chronisten, the rest): a state of the count is how many
arrivals of each group were unseen cards and how many were the placed cards of each group
(a placed card is fitted to an arrival before it left, when it leaves).  The draw picks
how many unseen cards of each group the hand holds with its share of the count, then the
cards within each group, the face-down card among them and the pile order uniformly.

The agents' quick deal (:func:`deal`, used by ``greedy`` and ``montecarlo``) is the first
part alone: it draws exactly what those agents have always drawn, so their seeded games
do not change, and it skips the replay (its worlds ignore the Ass facts).
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..core.game import Setup, history, with_action
from ..core.rng import shuffle_with
from .cards import ASS, CARD_MASK, CHR1, CHR2, FACE_DOWN, HIDDEN, SIDEWAYS, UNTER, chronist_as_one, rank_of, suit_of
from .rules import (
    OVER,
    PLACE,
    PLACE_CHR,
    PLACES,
    RANK_STEP,
    RESOLVE,
    SUIT_STEP,
    Columns,
    Draw,
    Frame,
    Pass,
    Place,
    Play,
    State,
    ThreeBridgesRules,
    _due_ways,
    _find,
    leader,
)
from .settlement import column_total

ALL_CARDS: Final = frozenset(range(34))
CHRONIST: Final = 4  # the group of the two Chronisten (the suits are 0..3)

# events of the other player's hand, in the order they happened
ARRIVE: Final = 0  # a card came into his hand (dealt or drawn)
LEAVE: Final = 1  # a known card left it (placed, or played by an Ass)
HELD: Final = 2  # an Ass of his resolved with a decision: he held a card of its suit or a Chronist
VOID: Final = 3  # an Ass of his resolved without one: he held neither

Event = tuple[int, int]  # (kind, card for LEAVE or suit for HELD and VOID; 0 for ARRIVE)

# The replay's stand-in hands: two cards of every suit and the Chronisten not on the board, so
# that every Ass finds a legal way and the history decides whether there was one.  The pile
# never runs out in a replay (an Eichel's way depends on it only when it is empty).
STAND_IN: Final[tuple[int, ...]] = tuple(sorted(8 * s + r for s in range(4) for r in (0, 1)))
STAND_IN_PILE: Final[tuple[int, ...]] = (0,) * 24


# ---------------------------------------------------------------------------
# The objective (TB-5.5 at the end of the game, TB-6.1)


def result(state: State, seat: int) -> int:
    """TB-5.5 for ``seat``: +1 if he wins more bridges than the other player, -1 fewer, 0 a draw.

    The board as it is: the game's result once it is over, "if scored now" before.
    """
    won = 0
    for b in range(3):
        suit = state.bridges[b] >> 3
        mine, theirs = state.columns[b][seat], state.columns[b][1 - seat]
        m = column_total(suit, mine, theirs) - column_total(suit, theirs, mine)
        won += (m > 0) - (m < 0)
    return (won > 0) - (won < 0)


def at_horizon(start: State, state: State) -> bool:
    """The horizon of the objective is the end of the game (TB-6.1), wherever play started."""
    return state.phase == OVER


def result_score(start: State, state: State, seat: int) -> float:
    """The objective: ``seat``'s result in ``state`` (+1, 0, -1), the end of the game at the horizon.

    The result belongs to the end of the game, not to a stretch of it, so ``start`` does not
    change it; a game's first state has an empty board and scores 0.
    """
    return float(result(state, seat))


def won(start: State, state: State, seat: int) -> float:
    """1 if ``seat`` won (TB-5.5), 0 if he lost, 0.5 for a draw (neither player won: an even share)."""
    return (result(state, seat) + 1) / 2


# ---------------------------------------------------------------------------
# The unseen cards, dealt


def unseen(view: State, seat: int) -> list[int]:
    """The cards ``seat`` does not see: the other hand, his face-down card, the pile (a set's order)."""
    seen = set(view.hands[seat])
    seen.update(view.bridges)
    for bridge in view.columns:
        for col in bridge:
            for e in col:
                seen.add(e & CARD_MASK)
    return list(ALL_CARDS - seen)


def deal(view: State, seat: int, rng: random.Random, hidden: list[int] | None = None) -> State:
    """The agents' quick world: the unseen cards shuffled and dealt, no inference from play.

    The face-down card of the other player first, then his hand, the rest is the pile; a
    face-down Chronist gets a declared suit (TB-4.12).  The view's seed is kept (it is the
    agents' own position) but the world is no view any more; :func:`determinize` completes a world.  ``hidden`` is
    ``unseen(view, seat)`` when the caller deals several worlds from one view.
    """
    cards = unseen(view, seat) if hidden is None else list(hidden)
    shuffle_with(cards, rng)  # rng.shuffle(cards), the same draws in one compiled loop
    setup = Setup(view.setup.seed, view.setup.extra)  # a full state: the rules play on it
    return _dealt(view, seat, setup, cards, rng)


def _dealt(view: State, seat: int, setup: Setup, cards: list[int], rng: random.Random) -> State:
    """The view with the unseen ``cards`` dealt in their order: the other player's face-down cards first (a
    Chronist among them is declared a suit, TB-4.12), then his hand; the rest is the pile."""
    o = 1 - seat
    columns, queue, k = _face_down_dealt(view.columns, view.queue, o, cards, rng)
    n = len(view.hands[o])
    hand = tuple(sorted(cards[k : k + n]))
    hands = (view.hands[0], hand) if seat == 0 else (hand, view.hands[1])
    return view.replace(setup=setup, columns=columns, hands=hands, pile=tuple(cards[k + n :]), queue=queue)


def _face_down_dealt(
    columns: Columns, queue: tuple[Frame, ...], o: int, cards: list[int], rng: random.Random
) -> tuple[Columns, tuple[Frame, ...], int]:
    """The other player's face-down cards dealt from the front of ``cards``: (columns, queue, cards used)."""
    k = 0
    for b in range(3):
        col = columns[b][o]
        if any(e & CARD_MASK == HIDDEN for e in col):
            new = []
            for e in col:
                if e & CARD_MASK == HIDDEN:
                    card = cards[k]
                    k += 1
                    e = (e & (SIDEWAYS | FACE_DOWN)) | card
                    if card >= CHR1:  # TB-4.12: a face-down Chronist was declared a suit the viewer cannot see
                        e |= (rng.randrange(4) + 1) << 8
                    queue = tuple([p.replace(card=card) if p.card == HIDDEN else p for p in queue])
                new.append(e)
            pair = (tuple(new), columns[b][1]) if o == 0 else (columns[b][0], tuple(new))
            columns = columns[:b] + (pair,) + columns[b + 1 :]
    return columns, queue, k


# ---------------------------------------------------------------------------
# A world


def determinize(
    view: State, seat: int, rng: random.Random, policy: Any, game: ThreeBridgesRules | None = None
) -> State:
    """A full state whose view for ``seat`` is ``view``, drawn uniformly among those play allows.

    ``view`` is ``game.view(state, seat)`` of a game that is not over.  Without a fact from
    an Ass of the other player the draws are those of :func:`deal`; then the world's setup
    seed.  ``policy`` is not used: the other player's only hidden decision, his face-down
    card, is drawn with the cards.  ``game``, the game that draws, keeps what the view's Ass facts
    allow for the next world drawn from it (analysis and the expert draw many from one view).
    """
    tracked, counts = _facts(view, seat, game)
    if not tracked:
        world = deal(view, seat, rng)
    else:
        world = _constrained_deal(view, seat, tracked, counts, rng)
    o = 1 - seat
    trail = view.trail
    for b in range(3):
        for e in world.columns[b][o]:
            if e & FACE_DOWN:  # its placement, hidden in the view as "place ? B", is the other's latest
                card = e & CARD_MASK
                placed = PLACE_CHR[(e >> 8) - 1][b] if card >= CHR1 else PLACES[card][b]
                trail = with_action(trail, _latest_placement(view, o), placed)
    return world.replace(setup=Setup(rng.getrandbits(63)), trail=trail)


def _facts(view: State, seat: int, game: ThreeBridgesRules | None) -> tuple[list[int], dict[tuple[int, ...], int]]:
    """:func:`hand_counts` of the view's Ass facts; no tracked groups when there is none.

    ``game`` keeps them for the view (and replays its steps); none: worked out afresh."""
    if game is not None:
        kept = game._known(view, seat)
        if kept is not None:
            return kept[0], kept[1]
    events = hand_events(view, seat, game)
    tracked: list[int] = []
    counts: dict[tuple[int, ...], int] = {}
    if any(kind == HELD or kind == VOID for kind, _ in events):
        tracked, counts = hand_counts(view, seat, events)
    if game is not None:
        game._remember(view, seat, (tracked, counts))
    return tracked, counts


def _latest_placement(view: State, player: int) -> int:
    """The index in the history of ``player``'s latest ``place``."""
    entries = history(view)
    for i in range(len(entries) - 1, -1, -1):
        if entries[i][0] == player and isinstance(entries[i][1], Place):
            return i
    raise AssertionError("a face-down card without its placement in the history")


def _group(card: int, tracked: list[int]) -> int:
    """The group of a card for the count: the index of its suit (Chronist: CHRONIST) in ``tracked``, else the last."""
    kind = CHRONIST if card >= CHR1 else card >> 3
    return tracked.index(kind) if kind in tracked else len(tracked)


def hand_counts(view: State, seat: int, events: list[Event]) -> tuple[list[int], dict[tuple[int, ...], int]]:
    """The exact count of the histories of the other hand that agree with ``events``.

    Returns the tracked groups (the observed suits and CHRONIST; one more group, the last,
    holds every other card) and, per outcome, the number of histories: the key is how many
    unseen cards of each group the other player holds now (his hand and his face-down card).
    """
    tracked = sorted({value for kind, value in events if kind == HELD or kind == VOID} | {CHRONIST})
    groups = len(tracked) + 1
    supply = [0] * groups  # the unseen cards of each group
    for card in unseen(view, seat):
        supply[_group(card, tracked)] += 1
    placed = [0] * groups  # the known cards of each group that passed through his hand
    for kind, card in events:
        if kind == LEAVE:
            placed[_group(card, tracked)] += 1
    # a state: (placed cards of each group that have arrived, then unseen cards of each group)
    counts: dict[tuple[int, ...], int] = {(0,) * (2 * groups): 1}
    left = [0] * groups  # placed cards of each group that have left so far
    for kind, value in events:
        nxt: dict[tuple[int, ...], int] = {}
        if kind == ARRIVE:  # the arriving card is a placed card of some group, or an unseen card
            for key, ways in counts.items():
                for g in range(groups):
                    if key[g] < placed[g]:
                        _add(nxt, key[:g] + (key[g] + 1,) + key[g + 1 :], ways)
                    drawn = key[groups + g]
                    if drawn < supply[g]:
                        _add(nxt, key[: groups + g] + (drawn + 1,) + key[groups + g + 1 :], ways * (supply[g] - drawn))
        elif kind == LEAVE:  # the card takes one of its group's arrivals not yet taken by an earlier one
            g = _group(value, tracked)
            for key, ways in counts.items():
                free = key[g] - left[g]
                if free > 0:
                    nxt[key] = ways * free
            left[g] += 1
        else:  # HELD or VOID: the cards of the Ass's suit and the Chronisten in his hand then
            s, c = tracked.index(value), tracked.index(CHRONIST)
            for key, ways in counts.items():
                held = key[s] - left[s] + key[c] - left[c] + key[groups + s] + key[groups + c]
                if (held > 0) == (kind == HELD):
                    nxt[key] = ways
        counts = nxt
    out: dict[tuple[int, ...], int] = {}
    for key, ways in counts.items():
        if list(key[:groups]) == placed:  # every placed card arrived before it left
            out[key[groups:]] = out.get(key[groups:], 0) + ways
    return tracked, out


def _add(counts: dict[tuple[int, ...], int], key: tuple[int, ...], ways: int) -> None:
    counts[key] = counts.get(key, 0) + ways


def _constrained_deal(
    view: State, seat: int, tracked: list[int], counts: dict[tuple[int, ...], int], rng: random.Random
) -> State:
    """A world drawn uniformly over the histories of the other hand that agree with the Ass facts (``counts``)."""
    total = sum(counts.values())
    if total == 0:
        raise AssertionError("no deal agrees with the history: the replay of the other hand is wrong")
    pick = rng.randrange(total)
    held: tuple[int, ...] = ()
    for key, ways in counts.items():
        if pick < ways:
            held = key
            break
        pick -= ways
    cards = unseen(view, seat)
    shuffle_with(cards, rng)
    wanted = list(held)
    mine: list[int] = []  # the other player's unseen cards: his face-down card and his hand
    rest: list[int] = []
    for card in cards:
        g = _group(card, tracked)
        if wanted[g] > 0:
            wanted[g] -= 1
            mine.append(card)
        else:
            rest.append(card)
    shuffle_with(mine, rng)  # which of them is the face-down card
    shuffle_with(rest, rng)  # the pile order
    return _dealt(view, seat, view.setup, mine + rest, rng)  # his face-down card and his hand, then the pile


# ---------------------------------------------------------------------------
# The other hand through the history: a replay of the public play


def hand_events(view: State, seat: int, engine: ThreeBridgesRules | None = None) -> list[Event]:
    """What happened to the other player's hand, in order: arrivals, known cards leaving, Ass facts.

    Empty when there is no Ass fact to find (no Ass or Chronist of his has resolved) or the
    history cannot be replayed (it does not start from an empty board).  ``engine`` is the game whose
    rules take the replay's steps (its options play no part in a step); by default a new one.
    """
    o = 1 - seat
    entries = list(history(view))
    if not any(
        p == o and isinstance(a, (Place, Play)) and 0 <= a.card < HIDDEN and rank_of(a.card) == ASS for p, a in entries
    ):
        return []
    start = _start(view, entries)
    if start is None:
        return []
    suited = [c for c in unseen(view, seat) if c < CHR1]
    if not suited:
        return []
    stand_in = min(suited)  # the face-down card of the other player, in the replay: any unseen suited card
    moves = [(p, PLACES[stand_in][a.bridge] if isinstance(a, Place) and a.card == HIDDEN else a) for p, a in entries]
    found: list[Event] = []
    if engine is None:
        from .game import ThreeBridges

        engine = ThreeBridges()
    if not _Replay(engine, moves, seat, view, found).search(start, 0):
        raise AssertionError("the history of this view cannot be replayed")
    events = [(kind, value) for kind, value in found if not (kind == LEAVE and value == stand_in)]
    arrivals = len(view.hands[o]) + sum(1 for p, a in entries if p == o and isinstance(a, (Place, Play)))
    first = arrivals - sum(1 for kind, _ in events if kind == ARRIVE)  # his cards before the history began
    if first < 0:
        return []
    return [(ARRIVE, 0)] * first + events


def _start(view: State, entries: list[tuple[Any, Any]]) -> State | None:
    """The replay's first state: the bridges before any Unter swap, empty columns, the first round played.

    None if the history cannot have started from an empty board (a built position).
    """
    placed = {a.card for _, a in entries if isinstance(a, (Place, Play))}
    on_board = 0
    bridges = list(view.bridges)
    for b in range(3):
        for col in view.columns[b]:
            for e in col:
                on_board += 1
                card = e & CARD_MASK
                if card < CHR1 and card not in placed:  # an old bridge card, swapped in by the Unter (TB-4.9)
                    unter = [x for x in range(3) if view.bridges[x] == 8 * (card >> 3) + UNTER]
                    if len(unter) != 1 or bridges[unter[0]] != view.bridges[unter[0]]:
                        return None
                    bridges[unter[0]] = card
    places = sum(1 for _, a in entries if isinstance(a, Place))
    if on_board != places + sum(1 for _, a in entries if isinstance(a, Play)) or not view.pile:
        return None  # cards on the board before the history began; or round draws that may have failed
    now = len(view.queue) if view.phase == PLACE else 2  # this round's placements
    if (places - now) % 2:
        return None
    first_round = view.round - (places - now) // 2
    return State(
        setup=Setup(0),  # a stand-in: the world gets a fresh seed once it is rebuilt
        trail=None,
        first=view.first,
        round=first_round,
        phase=PLACE,
        actor=leader(view.first, first_round),
        bridges=tuple(bridges),
        columns=(((), ()),) * 3,
        hands=(STAND_IN, STAND_IN),
        pile=STAND_IN_PILE,
        queue=(),
        stack=(),
    )


def _stand_ins(state: State) -> State:
    """The state with the replay's stand-in hands and pile."""
    chronists = tuple(
        c
        for c in (CHR1, CHR2)
        if not any(e & CARD_MASK == c for bridge in state.columns for col in bridge for e in col)
    )
    hand = STAND_IN + chronists
    return state.replace(hands=(hand, hand), pile=STAND_IN_PILE)


class _Replay:
    """A replay of ``moves`` (the history of ``view``, ``seat``'s view) that records the other hand's ``events``.

    :meth:`search` follows the moves from a state of the replay; the parts of the search that
    never change (the engine, the moves, the viewer and the events found so far) are kept here.
    """

    def __init__(
        self, engine: ThreeBridgesRules, moves: list[tuple[Any, Any]], seat: int, view: State, events: list[Event]
    ) -> None:
        self.engine = engine
        self.moves = moves
        self.seat = seat
        self.view = view
        self.events = events

    def search(self, state: State, k: int) -> bool:
        """Replay ``moves[k:]`` from ``state``, recording the other hand's events; True if it ends at ``view``.

        Every Ass in the replay finds a legal way (the stand-in hands hold every suit); the
        history says whether it had one: the next move is its ``play`` or ``pass``, or the
        ability lapsed.  Where a ``pass`` could be either the Ass's or its suit ability's,
        both readings are followed and the one that goes on to agree with the history stays.
        """
        state = _stand_ins(state)
        moves, events = self.moves, self.events
        o = 1 - self.seat
        mark = len(events)
        if state.phase == RESOLVE and state.stack[-1].step == RANK_STEP:
            frame = state.stack[-1]
            e = _find(state.bridges, state.columns, frame.card, frame.seen)[3]
            if rank_of(e) == ASS:
                suit = suit_of(e)
                mine = frame.player == o
                if k < len(moves):  # the Ass's decision was taken: its play, or a pass if it was optional
                    player, action = moves[k]
                    played = (
                        isinstance(action, Play)
                        and (action.card >> 3 if action.card < CHR1 else action.declared) == suit
                    )
                    if player == frame.player and (played or isinstance(action, Pass) and not frame.forced):
                        if mine:
                            events.append((HELD, suit))
                        if self.advance(state, k):
                            return True
                        del events[mark:]
                elif _matches(state, self.view, o):  # the Ass's decision is due now
                    if mine:
                        events.append((HELD, suit))
                    return True
                if mine:  # the ability lapsed: no card of its suit, no Chronist (TB-4.11, TB-4.6)
                    events.append((VOID, suit))
                lapsed = self.engine._resolve(
                    state,
                    state.trail,
                    state.bridges,
                    state.columns,
                    state.hands,
                    state.pile,
                    state.queue,
                    state.stack[:-1] + (frame.replace(step=SUIT_STEP),),
                )
                if lapsed.round != state.round and lapsed.phase != OVER:
                    events.append((ARRIVE, 0))  # the next round's draw (TB-4.2)
                if self.search(lapsed, k):
                    return True
                del events[mark:]
                return False
        if k == len(moves):
            return _matches(state, self.view, o)
        player, action = moves[k]
        if player != state.actor:
            return False
        if state.phase == PLACE:
            if not isinstance(action, Place):
                return False
        elif state.phase != RESOLVE or action not in _due_ways(state):
            return False
        return self.advance(state, k)

    def advance(self, state: State, k: int) -> bool:
        """Apply ``moves[k]`` in the replay, record what it did to the other hand, and search on."""
        player, action = self.moves[k]
        events = self.events
        mark = len(events)
        if player != self.seat:
            if isinstance(action, (Place, Play)):
                events.append((LEAVE, action.card))
            elif isinstance(action, Draw):
                events.append((ARRIVE, 0))
        after = self.engine._step(state, player, action)
        if after.round != state.round and after.phase != OVER:
            events.append((ARRIVE, 0))  # the next round's draw (TB-4.2)
        if self.search(after, k + 1):
            return True
        del events[mark:]
        return False


def _public(state: State, o: int) -> tuple[Any, ...]:
    """What the replay is compared by: the board with the other's face-down cards hidden, and the frames."""
    board = []
    hidden = set()
    for bridge in state.columns:
        for side in (0, 1):
            col = []
            for e in bridge[side]:
                if side == o and e & FACE_DOWN:
                    hidden.add(e & CARD_MASK)
                    col.append((e & (SIDEWAYS | FACE_DOWN)) | HIDDEN)
                else:
                    col.append((e & ~CARD_MASK) | chronist_as_one(e & CARD_MASK))
            board.append(tuple(col))
    frames = [
        (f.player, HIDDEN if f.card in hidden else chronist_as_one(f.card), f.forced, f.step, f.seen)
        for f in state.queue + state.stack
    ]
    return tuple(board), tuple(frames), len(state.queue)


def _matches(state: State, view: State, o: int) -> bool:
    """Has the replay reached the view's position?"""
    return (
        state.round == view.round
        and state.phase == view.phase
        and state.actor == view.actor
        and state.bridges == view.bridges
        and _public(state, o) == _public(view, o)
    )
