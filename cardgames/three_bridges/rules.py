"""Three Bridges (TB): the State, the actions and the rules engine.

The game flows through two kinds of decisions:

* placement (TB-4.3, TB-7.2/7.3): the leader, then the follower, puts a hand card face
  down on his own column at a bridge;
* resolution (TB-4.4-4.14, TB-7.4-7.9): the leader's card, then the follower's, is
  turned up and resolved step by step (Chronist declaration, rank ability, suit
  ability).  Every ability that has a legal way is a decision of the card's owner;
  an optional one offers ``pass``, a forced one (a card played by an Ass) does not.

Resolution is a stack of frames ``(player, card, forced, step, place)``: an Ass pushes the
card it plays, which is resolved completely before the Ass goes on (TB-4.5).  A frame
finds its card on the board by its id, so "the bridge where c lies" (X) follows the
card wherever an Ober has moved it or an Unter has swapped it.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

from ..core.errors import IllegalMove
from ..core.game import Action, Game, GameSpec, Option, Setup, Trail, among, extend, history, integer, maker, masked_trail
from ..core.rng import generator
from .cards import (
    ASS,
    BRIDGE_NAMES,
    CARD_MASK,
    CHR1,
    CHR2,
    DECK,
    EICHEL,
    FACE_DOWN,
    HIDDEN,
    LAUB,
    OBER,
    SIDEWAYS,
    SUIT_NAMES,
    SUITS,
    UNTER,
    code,
    entry_code,
    entry_text,
    parse_bridge,
    parse_card,
    parse_suit,
    rank_of,
    suit_of,
)

ROUNDS = 6  # TB-4.1
HAND = 4  # TB-3.3

# phases
PLACE, RESOLVE, OVER = 0, 1, 2
# steps of a resolving card (TB-4.5)
DECLARE_STEP, RANK_STEP, SUIT_STEP = 0, 1, 2

# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Place(Action):
    """TB-4.3: put a hand card face down on top of one's own column at a bridge."""

    card: int
    bridge: int

    def __str__(self) -> str:
        b = BRIDGE_NAMES[self.bridge] if 0 <= self.bridge < 3 else "?"
        return f"place {code(self.card) if 0 <= self.card <= HIDDEN else '?'} {b}"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """TB-4.12: declare the suit of a resolving Chronist."""

    suit: int

    def __str__(self) -> str:
        return f"declare {SUITS[self.suit] if 0 <= self.suit < 4 else '?'}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """TB-4.9: the Unter becomes the bridge card; the old bridge card takes its place."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """TB-4.10: the Ober moves one's own card from another bridge on top of its bridge."""

    bridge: int  # where the card lies now
    index: int  # its index in one's own column there
    text: str  # its code (with its place if two cards share a code)

    def __str__(self) -> str:
        return f"move {self.text}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """TB-4.11: the Ass plays a further card of its suit face up at any bridge."""

    card: int
    bridge: int
    declared: int = -1  # a Chronist is declared the Ass of the Ass's suit

    def __str__(self) -> str:
        name = "Chr=" + SUITS[self.declared] if self.card >= 32 and 0 <= self.declared < 4 else code(self.card)
        b = BRIDGE_NAMES[self.bridge] if 0 <= self.bridge < 3 else "?"
        return f"play {name} {b}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """TB-4.13: Eichel draws one card."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """TB-4.14: Laub turns an upright card at its bridge sideways."""

    owner: int  # seat whose column holds the card
    index: int
    text: str  # its code, ``face-down`` for a card still face down

    def __str__(self) -> str:
        return f"turn {self.text}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional ability (TB-4.6)."""

    def __str__(self) -> str:
        return "pass"


SWAP, DRAW, PASS = Swap(), Draw(), Pass()
PLACES = tuple(tuple(Place(c, b) for b in range(3)) for c in range(HIDDEN + 1))
DECLARES = tuple(Declare(s) for s in range(4))
PLAYS = tuple(tuple(Play(c, b) for b in range(3)) for c in range(32))
PLAY_CHR = tuple(tuple(Play(CHR1, b, s) for b in range(3)) for s in range(4))
# the cards of each suit, for the Ass
SUIT_CARDS = tuple(frozenset(range(8 * s, 8 * s + 8)) for s in range(4))

VERBS = "place, declare, swap, move, play, draw, turn, pass"

# ---------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class State:
    """A position of Three Bridges.

    ``columns[b][seat]`` is seat's column at bridge b, index 0 first (TB-2.3), of
    entries (see :mod:`cards`); ``bridges[b]`` the bridge card; ``hands[seat]`` a
    sorted tuple of cards; ``pile`` the draw pile, top first.  ``queue`` holds the
    cards placed this round and not yet revealed, ``(seat, card, place)`` in play order;
    ``stack`` the frames ``(player, card, forced, step, place)`` of the cards resolving now
    (``place`` is where the card was last seen, a hint for finding it).  ``legal`` are the actions of
    ``actor`` (empty in a view of the other player).
    """

    setup: Setup
    trail: Trail
    first: int  # the seat of P1 (TB-3.1)
    round: int  # 1..6
    phase: int  # PLACE, RESOLVE or OVER
    actor: int  # the seat that decides now (-1 when over)
    bridges: tuple
    columns: tuple
    hands: tuple
    pile: tuple
    queue: tuple
    stack: tuple
    legal: tuple

    @property
    def leader(self) -> int:
        """TB-4.1: P1 leads odd rounds, P2 even rounds."""
        return self.first if self.round % 2 else 1 - self.first

    def bridge_suit(self, b: int) -> int:
        return self.bridges[b] >> 3


# a State built positionally without the frozen __init__'s stores, for every decision
_make_state = maker(State)


def _locate(bridges, columns, card):
    """Where ``card`` lies: (bridge, seat, index, entry); seat -1 for a bridge card."""
    for b in range(3):
        if bridges[b] == card:
            return b, -1, -1, card
        for seat in (0, 1):
            for i, e in enumerate(columns[b][seat]):
                if e & CARD_MASK == card:
                    return b, seat, i, e
    raise AssertionError(f"card {card} is not on the board")


def _find(bridges, columns, card, hint):
    """_locate, trying the frame's remembered place (b, seat, index) first."""
    b, side, i = hint
    if side < 0:
        if bridges[b] == card:
            return b, -1, -1, card
    else:
        col = columns[b][side]
        if i < len(col) and col[i] & CARD_MASK == card:
            return b, side, i, col[i]
    return _locate(bridges, columns, card)


def _set_column(columns, b, seat, col):
    bridge = columns[b]
    bridge = (col, bridge[1]) if seat == 0 else (bridge[0], col)
    return columns[:b] + (bridge,) + columns[b + 1:]


def _place_actions(hand):
    out = []
    last = -1
    for c in hand:
        if c == CHR2:
            c = CHR1
        if c != last:
            out.extend(PLACES[c])
            last = c
    return tuple(out)


def _move_actions(columns, seat, x):
    """TB-4.10: own cards at bridges other than X."""
    out = []
    for b in range(3):
        if b == x:
            continue
        for i, e in enumerate(columns[b][seat]):
            out.append(Move(b, i, entry_code(e)))
    if len(out) > 1:
        texts = [m.text for m in out]
        if len(set(texts)) < len(texts):  # two Chronisten declared alike: name their places
            out = [Move(m.bridge, m.index, f"{m.text}@{BRIDGE_NAMES[m.bridge]}{m.index}")
                   if texts.count(m.text) > 1 else m for m in out]
    return tuple(out)


def _play_actions(hand, suit):
    """TB-4.11: cards of the Ass's suit, a Chronist declared as that suit, at any bridge."""
    out = []
    cards = SUIT_CARDS[suit]
    chr_done = False
    for c in hand:
        if c in cards:
            out.extend(PLAYS[c])
        elif c >= 32 and not chr_done:
            out.extend(PLAY_CHR[suit])
            chr_done = True
    return tuple(out)


def _turn_actions(columns, x, seat):
    """TB-4.14: upright cards in either column at X, own first; face-down ones included."""
    out = []
    for side in (seat, 1 - seat):
        for i, e in enumerate(columns[x][side]):
            if not e & SIDEWAYS:
                out.append(Turn(side, i, "face-down" if e & FACE_DOWN else entry_code(e)))
    if len(out) > 1:
        texts = [t.text for t in out]
        if len(set(texts)) < len(texts):
            out = [Turn(t.owner, t.index, f"{t.text}@seat{t.owner}:{t.index}") if texts.count(t.text) > 1 else t
                   for t in out]
    return tuple(out)


def _draw(hands, pile, seat):
    """TB-4.2, TB-4.13: the top card of the pile into seat's hand (nothing if it is empty)."""
    if not pile:
        return hands, pile
    hand = list(hands[seat])
    bisect.insort(hand, pile[0])
    hand = tuple(hand)
    return ((hand, hands[1]) if seat == 0 else (hands[0], hand)), pile[1:]


# ---------------------------------------------------------------------------
# The game


class ThreeBridges(Game):
    """Three Bridges: a two-player duel over three bridges, six rounds of hidden placement."""

    spec = GameSpec(
        name="three_bridges",
        title="Three Bridges",
        prefix="TB",
        min_players=2,
        max_players=2,
        default_players=2,
        options={
            "first_player": Option(None, "seat of P1, who leads rounds 1, 3, 5 (None: drawn from the seed, TB-3.1)",
                                   integer(0, optional=True, maximum=1)),
        },
        setup_keys=("deck",),
        zero_sum=("points",),
        bounds={"points": (-1, 1), "bridges_won": (0, 3)},
        max_decisions=2_000,
        over_rule="TB-6.1",
    )
    agents = {}  # filled in by agents.py

    # -- setup (TB-3) --------------------------------------------------------
    def _new(self, seed, deck=None):
        given = self._check_deck(deck)
        draw = generator(seed, "setup")  # one generator for every draw of the setup, in this order
        rest = [c for c in DECK if c not in given]
        rnd = draw.random
        rest.sort(key=lambda _: rnd())  # a uniform shuffle (random keys), faster than Random.shuffle
        pile = given + rest
        # TB-3.2: reveal A, B, C; a Chronist goes back into the pile, below its top card
        bridges = []
        while len(bridges) < 3:
            c = pile.pop(0)
            if c >= 32:
                pile.insert(draw.randint(1, len(pile)), c)
            else:
                bridges.append(c)
        opt = self.options["first_player"]
        first = opt if opt is not None else draw.randrange(2)
        hands = ([], [])
        for k in range(2 * HAND):  # TB-3.3: one at a time, alternately, P1 first
            hands[first if k % 2 == 0 else 1 - first].append(pile.pop(0))
        hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
        extra = (("deck", tuple(code(c) for c in given)),) if deck is not None else ()
        return self._round_start(Setup(seed, extra), None, first, 1, tuple(bridges),
                                 (((), ()),) * 3, hands, tuple(pile))

    @staticmethod
    def _check_deck(deck):
        if deck is None:
            return []
        if isinstance(deck, (str, bytes)) or not hasattr(deck, "__iter__"):
            raise TypeError("deck is a list of card codes in draw order, e.g. ['E-VII', 'Chr', 'L-O', ...]")
        cards = []
        chronists = 0
        for text in deck:
            if not isinstance(text, str):
                raise TypeError(f"deck holds card codes (strings) such as 'H-X' or 'Chr', not {text!r}")
            c = parse_card(text)
            if c >= 32:
                if chronists == 2:
                    raise ValueError("the deck has only two Chronisten (TB-2.1)")
                c = CHR1 + chronists
                chronists += 1
            elif c in cards:
                raise ValueError(f"{code(c)} appears twice in the deck; each card is unique (TB-2.1)")
            cards.append(c)
        return cards

    def _round_start(self, setup, trail, first, rnd, bridges, columns, hands, pile):
        """TB-4.2: the leader and then the follower draw; then the leader places."""
        leader = first if rnd % 2 else 1 - first
        hands, pile = _draw(hands, pile, leader)
        hands, pile = _draw(hands, pile, 1 - leader)
        return _make_state(setup, trail, first, rnd, PLACE, leader, bridges, columns, hands, pile, (), (),
                     _place_actions(hands[leader]))

    def position(self, bridges, columns=None, hands=((), ()), pile=None, round=1, first=0):
        """A teaching position: the leader of ``round`` is to place, this round's draws done.

        ``bridges`` are three bridge-card codes (A, B, C); ``columns[b][seat]`` lists
        codes from index 0 up, ``H-X/`` for a sideways card, ``Chr=E`` for a declared
        Chronist; ``hands[seat]`` are codes; ``pile`` is top first (default: the
        remaining cards, lowest first).  Such a state has no seed behind it, so it
        cannot be recorded and replayed.
        """
        from .cards import entry as make_entry

        if isinstance(round, bool) or round not in range(1, ROUNDS + 1):
            raise ValueError(f"round is 1 to {ROUNDS}: the game has exactly {ROUNDS} rounds (TB-4.1), not {round!r}")
        if isinstance(first, bool) or first not in (0, 1):
            raise ValueError(f"first is the seat of P1, 0 or 1 (TB-3.1), not {first!r}")
        used = []
        chronists = [CHR1, CHR2]

        def card(text):
            c = parse_card(text.split("=")[0].rstrip("/"))
            if c >= 32:
                if not chronists:
                    raise ValueError("there are only two Chronisten (TB-2.1)")
                c = chronists.pop(0)
            elif c in used:
                raise ValueError(f"{code(c)} appears twice; each card is unique (TB-2.1)")
            used.append(c)
            return c

        def entry(text):
            c = card(text)
            declared = text.split("=")[1].rstrip("/") if "=" in text else None
            if c >= 32 and declared is None:
                raise ValueError(f"{text!r}: a Chronist on the board has been declared a suit, write it Chr=E "
                                 f"(TB-4.12)")
            return make_entry(c, sideways=text.endswith("/"), declared=declared)

        bridge_cards = tuple(card(t) for t in bridges)
        if len(bridge_cards) != 3 or any(c >= 32 for c in bridge_cards):
            raise ValueError("three bridge cards, none a Chronist (TB-3.2)")
        columns = columns or (((), ()),) * 3
        cols = tuple((tuple(entry(t) for t in col[0]), tuple(entry(t) for t in col[1])) for col in columns)
        hand_cards = tuple(tuple(sorted(card(t) for t in h)) for h in hands)
        if pile is None:
            pile_cards = tuple(c for c in DECK if c not in used and not (c >= 32 and c not in chronists))
        else:
            pile_cards = tuple(card(t) for t in pile)
        leader = first if round % 2 else 1 - first
        return State(Setup(0), None, first, round, PLACE, leader, bridge_cards, cols, hand_cards, pile_cards, (),
                     (), _place_actions(hand_cards[leader]))

    # -- the protocol --------------------------------------------------------
    def to_act(self, state):
        return () if state.phase == OVER else (state.actor,)

    def legal_actions(self, state, player=None):
        if player is None or player == state.actor:
            return state.legal
        self.check_seat(player)
        return ()

    def _turn_rule(self, state):
        return "TB-4.3" if state.phase == PLACE else "TB-4.4"

    def _validate(self, state, action, player):
        if player is None or player != state.actor or state.phase == OVER:
            seat = self.actor(state, player, self._turn_rule(state))
        else:
            seat = player
        if action not in state.legal:
            raise self._illegal(state, action, seat)
        return seat

    def apply(self, state, action, player=None):
        seat = state.actor
        if player is None or player != seat or state.phase == OVER:
            seat = self.actor(state, player, self._turn_rule(state))
        if not among(action, state.legal):
            raise self._illegal(state, action, seat)
        return self._step(state, action, seat)

    def _step(self, s, action, seat):
        """The effect of a legal action, then everything automatic up to the next decision."""
        trail = extend(s.trail, seat, action)
        bridges, columns, hands, pile, queue, stack = s.bridges, s.columns, s.hands, s.pile, s.queue, s.stack
        cls = type(action)
        if cls is Place:  # TB-4.3
            card = action.card
            hand = s.hands[seat]
            if card == CHR1 and CHR1 not in hand:
                card = CHR2
            i = hand.index(card)
            hand = hand[:i] + hand[i + 1:]
            hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
            col = columns[action.bridge][seat]
            columns = _set_column(columns, action.bridge, seat, col + (card | FACE_DOWN,))
            queue = queue + ((seat, card, (action.bridge, seat, len(col))),)
            if len(queue) == 1:
                return _make_state(s.setup, trail, s.first, s.round, PLACE, 1 - seat, bridges, columns, hands, pile,
                             queue, stack, _place_actions(hands[1 - seat]))
            return self._run(s.setup, trail, s.first, s.round, bridges, columns, hands, pile, queue, stack)
        player, card, forced, step, hint = stack[-1]
        rest = stack[:-1]
        if cls is Declare:  # TB-4.12
            b, side, i, e = _find(bridges, columns, card, hint)
            col = columns[b][side]
            columns = _set_column(columns, b, side, col[:i] + (e | (action.suit + 1) << 8,) + col[i + 1:])
            stack = rest + ((player, card, forced, RANK_STEP, hint),)
        elif cls is Pass:  # TB-4.6: decline an optional ability
            stack = rest + ((player, card, forced, SUIT_STEP, hint),) if step == RANK_STEP else rest
        elif cls is Swap:  # TB-4.9
            b, side, i, e = _find(bridges, columns, card, hint)
            col = columns[b][side]
            columns = _set_column(columns, b, side, col[:i] + (bridges[b],) + col[i + 1:])
            bridges = bridges[:b] + (card,) + bridges[b + 1:]
            stack = rest + ((player, card, forced, SUIT_STEP, (b, -1, -1)),)
        elif cls is Move:  # TB-4.10, TB-4.8
            x = _find(bridges, columns, card, hint)[0]
            src = columns[action.bridge][player]
            moved = src[action.index]
            columns = _set_column(columns, action.bridge, player, src[:action.index] + src[action.index + 1:])
            columns = _set_column(columns, x, player, columns[x][player] + (moved,))
            stack = rest + ((player, card, forced, SUIT_STEP, hint),)
        elif cls is Play:  # TB-4.11: the played card resolves forced, before the Ass goes on
            played = action.card
            hand = hands[player]
            if played == CHR1 and CHR1 not in hand:
                played = CHR2
            i = hand.index(played)
            hand = hand[:i] + hand[i + 1:]
            hands = (hand, hands[1]) if player == 0 else (hands[0], hand)
            e = played | ((action.declared + 1) << 8 if played >= 32 else 0)
            col = columns[action.bridge][player]
            columns = _set_column(columns, action.bridge, player, col + (e,))
            stack = rest + ((player, card, forced, SUIT_STEP, hint),
                            (player, played, True, RANK_STEP, (action.bridge, player, len(col))))
        elif cls is Draw:  # TB-4.13
            hands, pile = _draw(hands, pile, player)
            stack = rest
        elif cls is Turn:  # TB-4.14
            x = _find(bridges, columns, card, hint)[0]
            col = columns[x][action.owner]
            columns = _set_column(columns, x, action.owner,
                                  col[:action.index] + (col[action.index] | SIDEWAYS,) + col[action.index + 1:])
            stack = rest
        else:  # pragma: no cover - legal actions are only the classes above
            raise AssertionError(action)
        return self._run(s.setup, trail, s.first, s.round, bridges, columns, hands, pile, queue, stack)

    def _run(self, setup, trail, first, rnd, bridges, columns, hands, pile, queue, stack):
        """Resolve automatically until a decision is due (TB-4.4, TB-4.5); next round; end (TB-6.1)."""
        while True:
            if stack:
                player, card, forced, step, hint = stack[-1]
                b, side, i, e = _find(bridges, columns, card, hint)
                if step == DECLARE_STEP:  # TB-4.5 step 1
                    if card >= 32 and (e >> 8) == 0:
                        return _make_state(setup, trail, first, rnd, RESOLVE, player, bridges, columns, hands, pile,
                                     queue, stack, DECLARES)
                    step = RANK_STEP
                if step == RANK_STEP:  # TB-4.5 step 2
                    rank = rank_of(e)
                    ways = ()
                    if rank == UNTER:
                        if side >= 0 and suit_of(e) == bridges[b] >> 3:  # TB-4.9
                            ways = (SWAP,)
                    elif rank == OBER:  # TB-4.10
                        ways = _move_actions(columns, player, b)
                    elif rank == ASS:  # TB-4.11
                        ways = _play_actions(hands[player], suit_of(e))
                    if ways:
                        if not forced:
                            ways += (PASS,)
                        return _make_state(setup, trail, first, rnd, RESOLVE, player, bridges, columns, hands, pile,
                                     queue, stack[:-1] + ((player, card, forced, RANK_STEP, (b, side, i)),), ways)
                    step = SUIT_STEP
                # TB-4.5 step 3
                suit = suit_of(e)
                ways = ()
                if suit == EICHEL:  # TB-4.13
                    if pile:
                        ways = (DRAW,)
                elif suit == LAUB:  # TB-4.14
                    ways = _turn_actions(columns, b, player)
                if ways:
                    if not forced:
                        ways += (PASS,)
                    return _make_state(setup, trail, first, rnd, RESOLVE, player, bridges, columns, hands, pile,
                                 queue, stack[:-1] + ((player, card, forced, SUIT_STEP, (b, side, i)),), ways)
                stack = stack[:-1]
                continue
            if queue:  # TB-4.4: reveal the next card in play order
                player, card, hint = queue[0]
                queue = queue[1:]
                b, side, i, e = _find(bridges, columns, card, hint)
                col = columns[b][side]
                columns = _set_column(columns, b, side, col[:i] + (e & ~FACE_DOWN,) + col[i + 1:])
                stack = ((player, card, False, DECLARE_STEP, (b, side, i)),)
                continue
            if rnd == ROUNDS:  # TB-6.1
                return _make_state(setup, trail, first, rnd, OVER, -1, bridges, columns, hands, pile, (), (), ())
            return self._round_start(setup, trail, first, rnd + 1, bridges, columns, hands, pile)

    # -- errors -----------------------------------------------------------------
    def pending(self, state) -> str:
        """The decision that is due, in words, with its clause."""
        if state.phase == OVER:
            return "the game is over (TB-6.1)"
        who = f"player {state.actor}"
        if state.phase == PLACE:
            role = "leader" if state.actor == state.leader else "follower"
            return f"{who} ({role}) places a card face down at a bridge (TB-4.3)"
        player, card, forced, step, _ = state.stack[-1]
        b, side, i, e = _locate(state.bridges, state.columns, card)
        name = entry_code(e)
        must = "must" if forced else "may"
        if step == DECLARE_STEP:
            return f"{who} declares the suit of the Chronist at bridge {BRIDGE_NAMES[b]} (TB-4.12)"
        if step == RANK_STEP:
            rank = rank_of(e)
            if rank == UNTER:
                return f"{who} {must} swap {name} with the bridge card of {BRIDGE_NAMES[b]} (TB-4.9)"
            if rank == OBER:
                return f"{who} {must} move an own card from another bridge to {BRIDGE_NAMES[b]} with {name} (TB-4.10)"
            return f"{who} {must} play a further {SUIT_NAMES[suit_of(e)]} card with {name} (TB-4.11)"
        if suit_of(e) == EICHEL:
            return f"{who} {must} draw a card with {name} (TB-4.13)"
        return f"{who} {must} turn an upright card at bridge {BRIDGE_NAMES[b]} sideways with {name} (TB-4.14)"

    def _illegal(self, state, action, seat):
        now = self.pending(state)
        legal = ", ".join(map(str, state.legal))
        cls = type(action)

        def err(msg, rule):
            return IllegalMove(f"{msg}; now {now}: {legal}", rule=rule, player=seat, action=action)

        hand = state.hands[seat]
        top = state.stack[-1] if state.stack else None
        step_ = top[3] if top else -1
        if cls is Place:
            if state.phase != PLACE:
                return err("Cards are placed only at the start of a round, before the reveal", "TB-4.3")
            if not 0 <= action.bridge < 3:
                return err("There are only three bridges, A, B and C", "TB-4.3")
            if action.card not in hand and not (action.card >= 32 and (CHR1 in hand or CHR2 in hand)):
                return err(f"You do not hold {code(action.card) if 0 <= action.card < 35 else action.card}", "TB-4.3")
            return err("This placement is not possible", "TB-4.3")
        if cls is Declare:
            if not 0 <= action.suit < 4:
                return err("A Chronist is declared one of the four suits H, E, S, L", "TB-4.12")
            return err("No Chronist of yours waits for its suit: a Chronist is declared once, when it resolves, "
                       "and the declaration never changes", "TB-4.12")
        if cls is Swap:
            return err("Only a resolving Unter of the bridge's suit may swap with the bridge card", "TB-4.9")
        if cls is Move:
            return err(f"The Ober cannot move {action.text} now: it moves one of your own cards from another "
                       f"bridge", "TB-4.10")
        if cls is Play:
            if top and step_ == RANK_STEP and state.phase == RESOLVE:
                e = _locate(state.bridges, state.columns, top[1])[3]
                if rank_of(e) == ASS:
                    suit = suit_of(e)
                    if not 0 <= action.bridge < 3:
                        return err("There are only three bridges, A, B and C", "TB-4.11")
                    if action.card >= 32 and action.declared != suit:
                        return err(f"A Chronist played by the Ass must be declared {SUITS[suit]}", "TB-4.11")
                    if action.card >= 32 and CHR1 not in hand and CHR2 not in hand:
                        return err("You hold no Chronist; the Ass plays a card from your hand", "TB-4.11")
                    if 0 <= action.card < 32 and action.card not in hand and action.card in SUIT_CARDS[suit]:
                        return err(f"You do not hold {code(action.card)}; the Ass plays a card from your hand",
                                   "TB-4.11")
                    return err(f"The Ass lets you play only a {SUIT_NAMES[suit]} card from your hand", "TB-4.11")
            return err("A card is played face up only by a resolving Ass", "TB-4.11")
        if cls is Draw:
            return err("Only a resolving Eichel card lets you draw", "TB-4.13")
        if cls is Turn:
            return err(f"Laub cannot turn {action.text} now: it turns one upright card at its own bridge",
                       "TB-4.14")
        if cls is Pass:
            if state.phase == PLACE:
                return err("You must place a card", "TB-4.3")
            if step_ == DECLARE_STEP:
                return err("A Chronist must be declared a suit", "TB-4.12")
            if top and top[2]:
                return err("A card played by an Ass must use its ability when a legal way exists", "TB-4.6")
            return err("Nothing to pass", "TB-4.6")
        return IllegalMove(f"{action!r} is not a Three Bridges action; now {now}", rule=self._turn_rule(state),
                           player=seat, action=action)

    # -- parsing ---------------------------------------------------------------
    def _example_action(self):
        return "place H-X A"

    def _parse(self, state, text, player):
        words = text.split(" ")
        verb = words[0].lower() if words else ""
        args = words[1:]

        def need(n, form):
            if len(args) != n:
                raise ValueError(f"{text!r}: write it as {form!r}")

        if verb == "place":
            need(2, "place <card> <bridge>, e.g. place H-X A")
            card = parse_card(args[0])
            b = self._bridge(args[1], "TB-4.3", player)
            return PLACES[card][b]
        if verb == "declare":
            need(1, "declare <suit>, e.g. declare E")
            try:
                return DECLARES[parse_suit(args[0])]
            except ValueError as err:
                raise IllegalMove(f"A Chronist is declared one of the four suits H, E, S, L, not {args[0]!r}",
                                  rule="TB-4.12", player=player) from err
        if verb in ("swap", "draw", "pass"):
            need(0, verb)
            return {"swap": SWAP, "draw": DRAW, "pass": PASS}[verb]
        if verb == "play":
            need(2, "play <card> <bridge>, e.g. play L-X A or play Chr=E B")
            t = args[0]
            b = self._bridge(args[1], "TB-4.11", player)
            if t.upper().startswith("CHR="):
                return Play(CHR1, b, parse_suit(t[4:]))
            card = parse_card(t)
            if card >= 32:
                suit = "E"
                if state.phase == RESOLVE and state.stack and state.stack[-1][3] == RANK_STEP:
                    e = _locate(state.bridges, state.columns, state.stack[-1][1])[3]
                    if rank_of(e) == ASS:
                        suit = SUITS[suit_of(e)]
                raise IllegalMove(f"A Chronist played by an Ass is declared the Ass of that suit: write Chr={suit}",
                                  rule="TB-4.11", player=player)
            return PLAYS[card][b]
        if verb in ("move", "turn"):
            if len(args) != 1:
                raise ValueError(f"{text!r}: write it as '{verb} <card>', e.g. {verb} H-VIII")
            for a in self._legal_for(state, player):  # card codes are case-insensitive, as in place/play
                if type(a) is (Move if verb == "move" else Turn) and a.text.upper() == args[0].upper():
                    return a
            self._check_board_code(args[0])
            return Move(-1, -1, args[0]) if verb == "move" else Turn(-1, -1, args[0])
        raise ValueError(f"{text!r} is not a Three Bridges action; the actions are {VERBS} "
                         f"(e.g. 'place H-X A', 'declare E', 'move H-VIII', 'play L-X A', 'turn S-X')")

    def _legal_for(self, state, player):
        if player is None:
            return state.legal
        return state.legal if player == state.actor else ()

    @staticmethod
    def _check_board_code(t):
        if t == "face-down":
            return
        base = t.split("@")[0]
        if base.upper().startswith("CHR="):
            parse_suit(base[4:])
        else:
            parse_card(base)

    @staticmethod
    def _bridge(t, rule, player):
        try:
            return parse_bridge(t)
        except ValueError:
            raise IllegalMove(f"There are only three bridges, A, B and C, not {t!r}", rule=rule,
                              player=player) from None

    def parse_action(self, state, text, player=None):
        if not isinstance(text, str):
            raise TypeError(f"an action text must be a string such as 'place H-X A', not {text!r}")
        action = self._parse(state, " ".join(text.split()), player)
        self._validate(state, action, player)
        return action

    # -- views, words, pictures --------------------------------------------------
    def _view(self, s, p):
        """What p may know (TB-2.7): the other hand and the pile hidden, face-down cards shown by bridge only."""
        o = 1 - p
        hands = list(s.hands)
        hands[o] = (HIDDEN,) * len(hands[o])
        columns = s.columns
        hidden = set()
        for b in range(3):
            col = columns[b][o]
            if any(e & FACE_DOWN for e in col):
                hidden.update(e & CARD_MASK for e in col if e & FACE_DOWN)
                col = tuple((e & ~CARD_MASK) | HIDDEN if e & FACE_DOWN else e for e in col)
                columns = _set_column(columns, b, o, col)
        queue = tuple((q, HIDDEN if c in hidden else c, h) for q, c, h in s.queue)
        trail = s.trail
        if hidden:  # the placement of the face-down card is the other player's last placement
            items = history(s)
            k = next((k for k in range(len(items) - 1, -1, -1)
                      if items[k][0] == o and type(items[k][1]) is Place), None)  # None: a built position
            if k is not None:
                trail = masked_trail(trail, lambda i, player, action:
                                     PLACES[HIDDEN][action.bridge] if i == k else action)
        return State(Setup(0), trail, s.first, s.round, s.phase, s.actor, s.bridges, columns, tuple(hands),
                     (HIDDEN,) * len(s.pile), queue, s.stack, s.legal if p == s.actor else ())

    def describe(self, state, action, player=None):
        """One sentence: who does what under which clause, and what follows automatically."""
        seat = state.actor if player is None else player
        parts = [self._what(state, action, seat)]
        if type(action) is Place and state.queue:
            parts.append("then both cards are revealed and resolved in play order, the leader's first (TB-4.4)")
        if state.phase != OVER and seat == state.actor and action in state.legal:
            after = self._step(state, action, seat)
            if after.phase == OVER:
                parts.append("that was the last card of round 6: the game is over and the bridges are scored "
                             "(TB-6.1, TB-5)")
            elif after.round != state.round:
                parts.append(f"round {state.round} is over and round {after.round} begins with a draw for each "
                             f"player, the leader first (TB-4.2)")
        return "; ".join(parts) + "."

    def _what(self, state, action, seat):
        who = f"Player {seat}"
        cls = type(action)
        bridge = getattr(action, "bridge", 0)
        where = BRIDGE_NAMES[bridge] if 0 <= bridge < 3 else "?"
        if cls is Place:
            card = code(action.card) if 0 <= action.card <= HIDDEN else "?"
            return f"{who} places {card} face down on his column at bridge {where} (TB-4.3)"
        if cls is Declare:
            if not 0 <= action.suit < 4:
                return f"{who} cannot declare a non-suit (TB-4.12)"
            name = SUIT_NAMES[action.suit]
            return f"{who} declares the Chronist {SUITS[action.suit]} ({name}): from now on it is the {name} Ass (TB-4.12)"
        if cls is Swap:
            return f"{who} swaps his Unter with the bridge card, which joins his column in the Unter's place (TB-4.9)"
        if cls is Move:
            return (f"{who} moves his {action.text} from bridge {where} on top of his column at the Ober's bridge; "
                    f"the cards above it close up (TB-4.10, TB-4.8)")
        if cls is Play:
            return (f"{who} plays {str(action)[5:-2]} face up at bridge {where} with his Ass; it resolves with its "
                    f"abilities forced (TB-4.11, TB-4.6)")
        if cls is Draw:
            return f"{who} draws a card with the Eichel ability (TB-4.13)"
        if cls is Turn:
            whose = "his own" if action.owner == seat else "the opponent's"
            return f"{who} turns {whose} {action.text} sideways with the Laub ability: it counts 2 less (TB-4.14)"
        if cls is Pass:
            if state.phase == RESOLVE:
                ability = self.pending(state).split(" ", 3)[3]  # "player N may <ability> (TB-x)"
                return f"{who} declines (TB-4.6) the optional ability to {ability}"
            return f"{who} passes (TB-4.6)"
        return f"{action!r} is not a Three Bridges action; the decisions are listed in TB-7.2 to TB-7.9"

    def render(self, state, player=None):
        s = state if player is None else self.view(state, player)
        lines = []
        over = s.phase == OVER
        lines.append(f"Three Bridges · round {s.round}/6 · P1 = seat {s.first} · pile {len(s.pile)}"
                     + (" · over" if over else f" · to act: seat {s.actor}"))
        from .settlement import totals

        now = totals([c >> 3 for c in s.bridges], s.columns)  # TB-5 "if scored now" (hidden cards count 0)
        for b in range(3):
            cols = [" ".join(entry_text(e) for e in s.columns[b][seat]) or "-" for seat in (0, 1)]
            suit = SUIT_NAMES[s.bridges[b] >> 3]
            lines.append(f"{BRIDGE_NAMES[b]} {code(s.bridges[b]):>6} {suit:<8} | seat 0: {cols[0]} ({now[b][0]}) "
                         f"| seat 1: {cols[1]} ({now[b][1]})")
        for seat in (0, 1):
            lines.append(f"hand {seat}: " + (" ".join(code(c) for c in s.hands[seat]) or "-"))
        if not over:
            lines.append("now: " + self.pending(s))
        return "\n".join(lines)

    def _settlement(self, state):
        from .settlement import settlement

        return settlement(state)





# ---------------------------------------------------------------------------
# Stacked decks for teaching scenarios


def deck_for(bridges, p1_hand, p2_hand, draws=()) -> list[str]:
    """A ``new(deck=...)`` prefix that reveals ``bridges`` (A, B, C), deals the hands and then ``draws``.

    TB-3.2, TB-3.3: the three bridge cards come first, then the deal one card at a time,
    P1 first (``p1_hand`` is P1's, whichever seat ``first_player`` makes P1), then the
    pile in draw order: round 1's draws (P1, then P2), round 2's (P2, then P1), ... and
    any Eichel draw where it happens.  The rest of the deck is shuffled by the seed.
    """
    if len(bridges) != 3 or len(p1_hand) != HAND or len(p2_hand) != HAND:
        raise ValueError(f"three bridge cards and {HAND} cards for each hand (TB-3.2, TB-3.3)")
    if any(parse_card(c) >= 32 for c in bridges):
        raise ValueError("a Chronist cannot be a bridge (TB-3.2)")
    deal = [c for pair in zip(p1_hand, p2_hand) for c in pair]
    return list(bridges) + deal + list(draws)
