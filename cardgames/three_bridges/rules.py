# mypy: ignore-errors
"""Three Bridges (TB): the State, the actions and the rules engine.

The rules are ``cardgames/three_bridges/rules.md``.  The game flows through two kinds of
decisions:

* placement (TB-4.3, TB-7.2-7.4): the leader, then the follower, puts a hand card face
  down on his own column at a bridge; a Chronist is declared a suit with its placement
  (``place Chr=E B``), hidden from the opponent until the card is revealed (TB-4.12);
* resolution (TB-4.4-4.14, TB-7.5-7.9): the leader's card, then the follower's, is
  turned up (a Chronist's suit becomes public) and resolved step by step (rank ability,
  suit ability).  Every ability that has a legal way is a decision of the card's owner;
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
# steps of a resolving card (TB-4.5; step 1, a Chronist's suit made public, is the reveal itself)
RANK_STEP, SUIT_STEP = 1, 2

# ---------------------------------------------------------------------------
# Actions


def _card_text(card: int, declared: int) -> str:
    """The card of a ``place`` or ``play`` text: its code, ``Chr=E`` for a Chronist declared a suit."""
    if card == CHR1 or card == CHR2:
        return "Chr=" + SUITS[declared] if 0 <= declared < 4 else "Chr"
    return code(card) if 0 <= card <= HIDDEN else "?"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """TB-4.3: put a hand card face down on top of one's own column at a bridge.

    A Chronist is declared one of the four suits with its placement (TB-4.12):
    ``declared`` is that suit (``place Chr=E B``); -1 for every other card.
    """

    card: int
    bridge: int
    declared: int = -1

    def __str__(self) -> str:
        b = BRIDGE_NAMES[self.bridge] if 0 <= self.bridge < 3 else "?"
        return f"place {_card_text(self.card, self.declared)} {b}"


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
        b = BRIDGE_NAMES[self.bridge] if 0 <= self.bridge < 3 else "?"
        return f"play {_card_text(self.card, self.declared)} {b}"


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
PLACES = tuple(tuple(Place(c, b) for b in range(3)) for c in range(HIDDEN + 1))  # PLACES[CHR1]: never legal
# TB-4.12: a Chronist is placed with its declared suit, PLACE_CHR[suit][bridge]; the texts suit by suit
PLACE_CHR = tuple(tuple(Place(CHR1, b, s) for b in range(3)) for s in range(4))
PLACE_CHR_ALL = tuple(a for by_suit in PLACE_CHR for a in by_suit)
PLAYS = tuple(tuple(Play(c, b) for b in range(3)) for c in range(32))
PLAY_CHR = tuple(tuple(Play(CHR1, b, s) for b in range(3)) for s in range(4))
# the cards of each suit, for the Ass
SUIT_CARDS = tuple(frozenset(range(8 * s, 8 * s + 8)) for s in range(4))

VERBS = "place, swap, move, play, draw, turn, pass"

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
    """TB-4.3, TB-7.2/7.3: any hand card at A, B or C; a Chronist with each of the four suits (TB-4.12)."""
    out = []
    for c in hand:
        if c >= 32:  # the hand is sorted: the Chronisten come last and are one choice
            out.extend(PLACE_CHR_ALL)
            break
        out.extend(PLACES[c])
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


def _a(word: str) -> str:
    """The word with its indefinite article: ``a Herz``, ``an Eichel``."""
    return ("an " if word[:1] in "AEIOU" else "a ") + word


def _one_chronist(action):
    """``place``/``play`` of the second Chronist as the legal actions name it, by the first (they are alike)."""
    if type(action) is Place and action.card == CHR2:
        return Place(CHR1, action.bridge, action.declared)
    if type(action) is Play and action.card == CHR2:
        return Play(CHR1, action.bridge, action.declared)
    return action


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
        if action not in state.legal and _one_chronist(action) not in state.legal:
            raise self._illegal(state, action, seat)
        return seat

    def apply(self, state, action, player=None):
        seat = state.actor
        if player is None or player != seat or state.phase == OVER:
            seat = self.actor(state, player, self._turn_rule(state))
        if not among(action, state.legal):
            alike = _one_chronist(action)  # the second Chronist is the same choice as the first (TB-7.2)
            if alike is action or not among(alike, state.legal):
                raise self._illegal(state, action, seat)
            action = alike
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
            e = card | FACE_DOWN if card < 32 else card | FACE_DOWN | (action.declared + 1) << 8  # TB-4.12
            columns = _set_column(columns, action.bridge, seat, col + (e,))
            queue = queue + ((seat, card, (action.bridge, seat, len(col))),)
            if len(queue) == 1:
                return _make_state(s.setup, trail, s.first, s.round, PLACE, 1 - seat, bridges, columns, hands, pile,
                             queue, stack, _place_actions(hands[1 - seat]))
            return self._run(s.setup, trail, s.first, s.round, bridges, columns, hands, pile, queue, stack)
        player, card, forced, step, hint = stack[-1]
        rest = stack[:-1]
        if cls is Pass:  # TB-4.6: decline an optional ability
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
                # TB-4.5 step 1: turned face up, a Chronist's suit (declared when placed, TB-4.12) is public
                columns = _set_column(columns, b, side, col[:i] + (e & ~FACE_DOWN,) + col[i + 1:])
                stack = ((player, card, False, RANK_STEP, (b, side, i)),)
                continue
            if rnd == ROUNDS:  # TB-6.1
                return _make_state(setup, trail, first, rnd, OVER, -1, bridges, columns, hands, pile, (), (), ())
            return self._round_start(setup, trail, first, rnd + 1, bridges, columns, hands, pile)

    # -- errors -----------------------------------------------------------------
    def _ability(self, state):
        """The ability of the resolving card that is due: (its card, its bridge, phrase, clause)."""
        player, card, forced, step, _ = state.stack[-1]
        b, side, i, e = _locate(state.bridges, state.columns, card)
        name = entry_code(e)
        where = BRIDGE_NAMES[b]
        if step == RANK_STEP:
            rank = rank_of(e)
            if rank == UNTER:
                return e, b, f"swap {name} with the bridge card {code(state.bridges[b])} of bridge {where}", "TB-4.9"
            if rank == OBER:
                return e, b, f"move one of his cards from another bridge to bridge {where} with {name}", "TB-4.10"
            return e, b, f"play a further {SUIT_NAMES[suit_of(e)]} card from his hand face up with {name}", "TB-4.11"
        if suit_of(e) == EICHEL:
            return e, b, f"draw a card with {name}", "TB-4.13"
        return e, b, f"turn an upright card at bridge {where} sideways with {name}", "TB-4.14"

    def pending(self, state) -> str:
        """The decision that is due, in words, with its clause."""
        if state.phase == OVER:
            return "the game is over (TB-6.1)"
        who = f"player {state.actor}"
        if state.phase == PLACE:
            role = "leader" if state.actor == state.leader else "follower"
            return f"{who} ({role}) places a card face down at a bridge (TB-4.3)"
        _, _, phrase, clause = self._ability(state)
        return f"{who} {'must' if state.stack[-1][2] else 'may'} {phrase} ({clause})"

    def _illegal(self, state, action, seat):
        now = self.pending(state)
        legal = ", ".join(map(str, state.legal))

        def err(msg, rule):
            return IllegalMove(f"{msg}. Now {now}; allowed: {legal}", rule=rule, player=seat, action=action)

        hand = state.hands[seat]
        cls = type(action)
        # the ability that is due, if a card is resolving: rank (Unter, Ober, Ass) or suit (Eichel, Laub)
        rank = suit = -1
        x = ""
        if state.phase == RESOLVE and state.stack:
            e, b, _, _ = self._ability(state)
            x = BRIDGE_NAMES[b]
            if state.stack[-1][3] == RANK_STEP:
                rank = rank_of(e)
            else:
                suit = suit_of(e)
        if cls is Place:
            if state.phase != PLACE:
                return err("Cards are placed only at the start of a round, before the reveal", "TB-4.3")
            card = action.card
            if not 0 <= card < HIDDEN:
                return err("Only a card of your hand can be placed", "TB-4.3")
            if not 0 <= action.bridge < 3:
                return err("There are only three bridges, A, B and C", "TB-4.3")
            b = BRIDGE_NAMES[action.bridge]
            if card >= 32:
                if CHR1 not in hand and CHR2 not in hand:
                    return err("You hold no Chronist", "TB-4.3")
                if not 0 <= action.declared < 4:
                    return err(f"A Chronist is declared one of the four suits as it is placed: write place Chr=H "
                               f"{b}, place Chr=E {b}, place Chr=S {b} or place Chr=L {b}", "TB-4.12")
            else:
                if card not in hand:
                    return err(f"You do not hold {code(card)}", "TB-4.3")
                if action.declared != -1:
                    return err(f"Only a Chronist is declared a suit; {code(card)} is placed as it is: "
                               f"place {code(card)} {b}", "TB-4.12")
            return err("This placement is not possible", "TB-4.3")
        if cls is Swap:
            return err("Only a resolving Unter at a bridge of its own suit may swap with the bridge card", "TB-4.9")
        if cls is Move:
            if rank != OBER:
                return err("Only a resolving Ober moves a card", "TB-4.10")
            return err(f"The Ober cannot move {action.text}: it moves one of your own cards from a bridge other "
                       f"than its own bridge {x}", "TB-4.10")
        if cls is Play:
            if rank != ASS:
                return err("A card is played face up only by a resolving Ass", "TB-4.11")
            suit_name, letter = SUIT_NAMES[suit_of(e)], SUITS[suit_of(e)]
            if not 0 <= action.bridge < 3:
                return err("There are only three bridges, A, B and C", "TB-4.11")
            b = BRIDGE_NAMES[action.bridge]
            if action.card == CHR1 or action.card == CHR2:
                if CHR1 not in hand and CHR2 not in hand:
                    return err("You hold no Chronist; the Ass plays a card from your hand", "TB-4.11")
                return err(f"A Chronist played by the {suit_name} Ass must be declared {letter} ({suit_name}): "
                           f"write play Chr={letter} {b}", "TB-4.11")
            if not 0 <= action.card < 32:
                return err(f"Only a card of your hand can be played: the Ass lets you play {_a(suit_name)} card",
                           "TB-4.11")
            if action.card not in SUIT_CARDS[suit_of(e)]:
                return err(f"The Ass lets you play only {_a(suit_name)} card from your hand (or a Chronist declared "
                           f"{letter}), not {code(action.card)}", "TB-4.11")
            if action.card not in hand:
                return err(f"You do not hold {code(action.card)}; the Ass plays a card from your hand", "TB-4.11")
            if action.declared != -1:
                return err(f"Only a Chronist is declared a suit: write play {code(action.card)} {b}", "TB-4.11")
            return err("This play is not possible", "TB-4.11")
        if cls is Draw:
            return err("Only a resolving Eichel card lets you draw", "TB-4.13")
        if cls is Turn:
            if suit != LAUB:
                return err("Only a resolving Laub card turns a card sideways", "TB-4.14")
            target = "the face-down card" if action.text == "face-down" else action.text
            return err(f"Laub cannot turn {target}: it turns one upright card at its own bridge {x}, in "
                       f"either column, never the bridge card and never a card already sideways", "TB-4.14")
        if cls is Pass:
            if state.phase == PLACE:
                return err("You must place a card; there is nothing to pass", "TB-4.3")
            if state.stack and state.stack[-1][2]:
                return err("A card played by an Ass must use its ability when a legal way exists", "TB-4.6")
            return err("There is no optional ability to decline", "TB-4.6")
        return IllegalMove(f"{action!r} is not a Three Bridges action. Now {now}", rule=self._turn_rule(state),
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
            need(2, "place <card> <bridge>, e.g. place H-X A or place Chr=E B")
            card, declared = self._hand_card(args[0], player)
            b = self._bridge(args[1], "TB-4.3", player)
            return PLACE_CHR[declared][b] if declared >= 0 else PLACES[card][b]
        if verb == "declare":  # TB-4.12 (revised): no longer a decision of its own
            raise IllegalMove("A Chronist is declared when it is placed, not when it is revealed: write its suit "
                              "into the placement, e.g. place Chr=E B (or play Chr=E B when an Ass plays it); the "
                              "declaration never changes", rule="TB-4.12", player=player)
        if verb in ("swap", "draw", "pass"):
            need(0, verb)
            return {"swap": SWAP, "draw": DRAW, "pass": PASS}[verb]
        if verb == "play":
            need(2, "play <card> <bridge>, e.g. play L-X A or play Chr=E B")
            card, declared = self._hand_card(args[0], player)
            b = self._bridge(args[1], "TB-4.11", player)
            return PLAY_CHR[declared][b] if declared >= 0 else (PLAYS[card][b] if card < 32 else Play(CHR1, b))
        if verb in ("move", "turn"):
            if len(args) != 1:
                raise ValueError(f"{text!r}: write it as '{verb} <card>', e.g. {verb} H-VIII")
            cls = Move if verb == "move" else Turn
            want = args[0].upper()
            for a in self._legal_for(state, player):  # card codes are case-insensitive, as in place/play
                if type(a) is cls and a.text.upper() == want:
                    return a
            return cls(-1, -1, self._board_code(args[0]))
        raise ValueError(f"{text!r} is not a Three Bridges action; the actions are {VERBS} "
                         f"(e.g. 'place H-X A', 'place Chr=E B', 'move H-VIII', 'play L-X A', 'turn S-X')")

    @staticmethod
    def _hand_card(t, player):
        """A card of a ``place``/``play`` text: (card, declared suit or -1); ``Chr=E`` is a declared Chronist."""
        if t.upper().startswith("CHR="):
            try:
                return CHR1, parse_suit(t[4:])
            except ValueError:
                raise IllegalMove(f"A Chronist is declared one of the four suits H, E, S, L, not {t[4:]!r}",
                                  rule="TB-4.12", player=player) from None
        return parse_card(t), -1

    def _legal_for(self, state, player):
        if player is None:
            return state.legal
        return state.legal if player == state.actor else ()

    @staticmethod
    def _board_code(t):
        """The canonical form of a card named on the board (``face-down``, ``Chr=E@B0``); ValueError if none."""
        if t.lower() == "face-down":
            return "face-down"
        base, at, place = t.partition("@")
        if base.upper().startswith("CHR="):
            base = "Chr=" + SUITS[parse_suit(base[4:])]
        else:
            base = code(parse_card(base))
        if at:
            place = place.lower() if place.lower().startswith("seat") else place.upper()
        return base + at + place

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
        """What p may know (TB-2.7): the other hand and the pile hidden, face-down cards shown by bridge only.

        A face-down card of the other player keeps only its orientation: neither the card nor, for a
        Chronist, its declared suit (TB-4.12: hidden until it is revealed).
        """
        o = 1 - p
        hands = list(s.hands)
        hands[o] = (HIDDEN,) * len(hands[o])
        columns = s.columns
        hidden = set()
        for b in range(3):
            col = columns[b][o]
            if any(e & FACE_DOWN for e in col):
                hidden.update(e & CARD_MASK for e in col if e & FACE_DOWN)
                col = tuple((e & (SIDEWAYS | FACE_DOWN)) | HIDDEN if e & FACE_DOWN else e for e in col)
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
                parts.append("round 6 is over: the game ends and the bridges are scored (TB-6.1, TB-5)")
            elif after.round != state.round:
                parts.append(f"round {state.round} is over and round {after.round} begins with a draw for each "
                             f"player, the leader first (TB-4.2)")
        return "; ".join(parts) + "."

    @staticmethod
    def _board_name(text, index):
        """A card named in a move or turn text, for people: ``Chr=E@B0`` becomes ``Chr=E (index 0)``."""
        base, at, _ = text.partition("@")
        return f"{base} (index {index})" if at else base

    def _what(self, state, action, seat):
        who = f"Player {seat}"
        cls = type(action)
        bridge = getattr(action, "bridge", 0)
        where = BRIDGE_NAMES[bridge] if 0 <= bridge < 3 else "?"
        due = self._ability(state) if state.phase == RESOLVE and state.stack else None
        if cls is Place:
            card = action.card
            if card == CHR1 or card == CHR2:
                if not 0 <= action.declared < 4:
                    return f"{who} would place a Chronist without declaring its suit (TB-4.12)"
                name = SUIT_NAMES[action.declared]
                return (f"{who} places the Chronist face down on his column at bridge {where}, declared "
                        f"{name} ({_card_text(card, action.declared)}): it is the {name} Ass, its suit hidden from "
                        f"the opponent until it is revealed (TB-4.3, TB-4.12)")
            if card == HIDDEN:
                return f"{who} places a card you cannot see face down on his column at bridge {where} (TB-4.3, TB-2.7)"
            return f"{who} places {_card_text(card, -1)} face down on his column at bridge {where} (TB-4.3)"
        if cls is Swap:
            if due is None:
                return f"{who} swaps his Unter with the bridge card (TB-4.9)"
            e, b = due[0], due[1]
            unter, old = entry_code(e), code(state.bridges[b])
            return (f"{who} swaps his {unter} with the bridge card {old} of bridge {BRIDGE_NAMES[b]}: {unter} "
                    f"becomes the bridge card and {old} joins his column in its place, upright (TB-4.9)")
        if cls is Move:
            name = self._board_name(action.text, action.index)
            x = f"bridge {BRIDGE_NAMES[due[1]]}" if due else "the Ober's bridge"
            src = state.columns[action.bridge][seat] if 0 <= action.bridge < 3 else ()
            above = len(src) - action.index - 1 if 0 <= action.index < len(src) else 0
            close = (f"; the {'card' if above == 1 else f'{above} cards'} above it at bridge {where} "
                     f"move{'s' if above == 1 else ''} down one place (TB-4.8)") if above > 0 else ""
            return f"{who} moves his {name} from bridge {where} on top of his column at {x} (TB-4.10){close}"
        if cls is Play:
            ass = f"{SUIT_NAMES[suit_of(due[0])]} Ass" if due else "Ass"
            if action.card == CHR1 or action.card == CHR2:
                if not 0 <= action.declared < 4:
                    return f"{who} would play a Chronist without declaring its suit (TB-4.11, TB-4.12)"
                name = SUIT_NAMES[action.declared]
                return (f"{who} plays the Chronist face up on his column at bridge {where} with his {ass}, declared "
                        f"{name} ({_card_text(action.card, action.declared)}): it is the {name} Ass and resolves "
                        f"at once, its abilities forced (TB-4.11, TB-4.12, TB-4.6)")
            return (f"{who} plays {_card_text(action.card, -1)} face up on his column at bridge {where} with his "
                    f"{ass}; it resolves at once, its abilities forced (TB-4.11, TB-4.6)")
        if cls is Draw:
            by = f" of {entry_code(due[0])}" if due else ""
            return f"{who} draws a card from the pile with the Eichel ability{by} (TB-4.13)"
        if cls is Turn:
            whose = "his own" if action.owner == seat else "the opponent's"
            by = f" of {entry_code(due[0])}" if due else ""
            if due and action.owner == seat and 0 <= due[1] < 3 and \
                    state.columns[due[1]][seat][action.index:action.index + 1] == (due[0],):
                return (f"{who} turns his own {entry_code(due[0])} sideways with its own Laub ability: it counts 2 "
                        f"less (TB-4.14, TB-5.2)")
            if action.text == "face-down":
                return (f"{who} turns {whose} face-down card sideways with the Laub ability{by}: it stays face "
                        f"down and counts 2 less (TB-4.14, TB-5.2)")
            name = self._board_name(action.text, action.index)
            return f"{who} turns {whose} {name} sideways with the Laub ability{by}: it counts 2 less (TB-4.14, TB-5.2)"
        if cls is Pass:
            if due is not None:
                return f"{who} declines the optional ability to {due[2]} ({due[3]}, TB-4.6)"
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
