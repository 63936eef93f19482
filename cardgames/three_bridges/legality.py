"""Three Bridges: what the player to act may do, and why anything else is refused.

Both come from the same rules.  Each kind of decision has one judge:

* :func:`_place_actions` the placement (TB-4.3, TB-4.12);
* :func:`_swap_actions` the Unter's swap (TB-4.9), :func:`_move_actions` the Ober's move (TB-4.10),
  :func:`_play_actions` the Ass's play (TB-4.11);
* :func:`_draw_actions` the Eichel draw (TB-4.13), :func:`_turn_actions` the Laub turn (TB-4.14);
* :func:`_pass_actions` declining an optional ability (TB-4.6).

Asked with ``refused`` None, a judge gives the legal actions of its decision: :func:`legal` asks the
judge of the decision that is due (:func:`_due_step` finds it), which is the hot path of every
simulation.  Asked with an action that was not offered, the same judge raises the IllegalMove of the
first rule that action breaks, in the order its rules are written; :func:`refusal` asks the judge of
the action's kind and adds what is due now and what is allowed.  So a rule is written once, and a
refusal cannot name another rule than the one legality applies.  A judge's first rule is that its
decision is due: the Ober's bridge ``x`` is -1 when no Ober is resolving, the Ass's ``suit`` -1 when
no Ass is, the Laub card's bridge -1 when no Laub card is.

The judges use the records and actions of :mod:`.rules`, which imports this module last and decides
with it: ``_legal`` is :func:`legal`, ``_refusal`` is :func:`refusal`, and resolving stops where
:func:`_due_step` finds no ability with a legal way.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalMove
from ..core.game import Action
from ..core.i18n import Catalog
from .cards import (
    ASS,
    BRIDGE_NAMES,
    CARD_MASK,
    CHR1,
    CHR2,
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
    rank_of,
    suit_of,
)
from .rules import (
    DRAW,
    NO_STEP,
    OVER,
    PASS,
    PLACE,
    PLACE_CHR_ALL,
    PLACES,
    PLAY_CHR,
    PLAYS,
    RANK_STEP,
    RESOLVE,
    SUIT_STEP,
    SWAP,
    Columns,
    Draw,
    Frame,
    Move,
    Pass,
    Place,
    Play,
    State,
    Swap,
    ThreeBridgesRules,
    Turn,
    _find,
    _move,
    _turn,
)
from .words import said

_ = Catalog("three_bridges").functions()[0]


def _broken(message: str, rule: str) -> IllegalMove:
    """The rule ``rule`` that a refused action breaks; :func:`refusal` adds who, what and what is allowed."""
    return IllegalMove(message, rule=rule)


# ---------------------------------------------------------------------------
# The decision that is due


def legal(state: State) -> tuple[Action, ...]:
    """The legal ways of the decision that is due in ``state``, worked out from the position.

    While a card resolves, the judge of its ability that is due (TB-4.5) is asked, and ``pass`` is
    added when that ability is optional (TB-4.6).
    """
    if state.phase == PLACE:
        return _place_actions(state.hands[state.actor])
    if state.phase == OVER:
        return ()
    frame = state.stack[-1]
    columns = state.columns
    b, side, _, e = _find(state.bridges, columns, frame.card, frame.seen)
    step = _due_step(frame, b, side, e, state.bridges, columns, state.hands[frame.player], state.pile)
    if step == RANK_STEP:  # TB-4.5 step 2: the rank ability
        rank = rank_of(e)
        if rank == UNTER:
            ways = _swap_actions()  # TB-4.9
        elif rank == OBER:
            ways = _move_actions(columns, frame.player, b)  # TB-4.10
        else:
            ways = _play_actions(state.hands[frame.player], suit_of(e))  # TB-4.11
    elif step == SUIT_STEP:  # TB-4.5 step 3: the suit ability, TB-4.13 or TB-4.14
        ways = _draw_actions() if suit_of(e) == EICHEL else _turn_actions(columns, b, frame.player)
    else:
        return ()  # no ability of the resolving card has a legal way left
    return ways + _pass_actions(RESOLVE, frame.forced)  # TB-4.6


def _due_step(
    frame: Frame,
    b: int,
    side: int,
    e: int,
    bridges: tuple[int, ...],
    columns: Columns,
    hand: tuple[int, ...],
    pile: tuple[int, ...],
) -> int:
    """TB-4.5: from the ``frame``'s step on, the step of the resolving card's first ability with a legal way;
    NO_STEP if none.

    ``e`` is the card's entry at bridge ``b`` (``side`` -1: it is the bridge card), ``hand`` its owner's.  An
    ability without a legal way is skipped.  Each test says whether the ability's judge would offer nothing,
    without asking it: resolving asks this after every step, the ways only for a decision that is offered.
    """
    if frame.step == RANK_STEP:  # TB-4.5 step 2: the rank ability
        rank = rank_of(e)
        if rank == UNTER:
            if side >= 0 and suit_of(e) == bridges[b] >> 3:  # TB-4.9: at a bridge of its own suit
                return RANK_STEP
        elif rank == OBER:
            if any(columns[x][frame.player] for x in range(3) if x != b):  # TB-4.10: an own card elsewhere
                return RANK_STEP
        elif rank == ASS:
            if _holds_suit(hand, suit_of(e)):  # TB-4.11: a further card of its suit
                return RANK_STEP
    suit = suit_of(e)  # TB-4.5 step 3: the suit ability
    if suit == EICHEL:
        return SUIT_STEP if pile else NO_STEP  # TB-4.13: a card to draw
    if suit == LAUB:  # TB-4.14: an upright card at its bridge
        if any(not x & SIDEWAYS for col in columns[b] for x in col):
            return SUIT_STEP
    return NO_STEP


def _holds_suit(hand: tuple[int, ...], suit: int) -> bool:
    """TB-4.11, TB-4.12: the hand has a card of ``suit`` or a Chronist (declared that suit as it is played)."""
    low = 8 * suit
    return any(low <= c < low + 8 or c == CHR1 or c == CHR2 for c in hand)


def due_ability(state: State) -> tuple[int, int, int]:
    """The ability of the resolving card that is due: (its step, the card's entry, its bridge).

    The step is RANK_STEP or SUIT_STEP while a card resolves, NO_STEP (entry and bridge -1) while
    the cards are placed or once the game is over.
    """
    if state.phase != RESOLVE or not state.stack:
        return NO_STEP, -1, -1
    frame = state.stack[-1]
    b, _side, _index, e = _find(state.bridges, state.columns, frame.card, frame.seen)
    return frame.step, e, b


def ability_clause(step: int, e: int) -> str:
    """The clause of the ability due at ``step`` of the card with entry ``e``.

    TB-4.9 the Unter's swap, TB-4.10 the Ober's move, TB-4.11 the Ass's play, TB-4.13 the Eichel
    draw, TB-4.14 the Laub turn.
    """
    if step == RANK_STEP:  # TB-4.5 step 2: the rank ability
        rank = rank_of(e)
        return "TB-4.9" if rank == UNTER else "TB-4.10" if rank == OBER else "TB-4.11"
    return "TB-4.13" if suit_of(e) == EICHEL else "TB-4.14"  # TB-4.5 step 3: the suit ability


def refusal(game: ThreeBridgesRules, state: State, seat: int, action: Any) -> IllegalMove:
    """Why ``action`` is not among the legal ways now: the first rule it breaks, asked of the judge of its kind,
    with the decision that is due and what is allowed."""
    now = game.pending(state)
    step, e, b = due_ability(state)
    rank = rank_of(e) if step == RANK_STEP else -1
    suit = suit_of(e) if step == SUIT_STEP else -1
    hand = state.hands[seat]
    try:
        if isinstance(action, Place):
            _place_actions(hand, action, state.phase == PLACE)
        elif isinstance(action, Swap):
            _swap_actions(action)
        elif isinstance(action, Move):
            _move_actions(state.columns, seat, b if rank == OBER else -1, action)
        elif isinstance(action, Play):
            _play_actions(hand, suit_of(e) if rank == ASS else -1, action)
        elif isinstance(action, Draw):
            _draw_actions(action)
        elif isinstance(action, Turn):
            _turn_actions(state.columns, b if suit == LAUB else -1, seat, action)
        elif isinstance(action, Pass):
            _pass_actions(state.phase, bool(state.stack) and state.stack[-1].forced, action)
        else:
            return IllegalMove(
                _("{action} is not a Three Bridges action. Now {now}").format(action=repr(action), now=now),
                rule=game._turn_rule(state, seat),
                player=seat,
                action=action,
            )
    except IllegalMove as broken:
        rule = broken.rule
        # IllegalMove names the rule at the end: the pending decision does not name it a second time
        due = now[: -len(rule) - 3] if now.endswith(f" ({rule})") else now
        allowed = ", ".join([said(a) for a in game.legal_actions(state, seat)])  # as the buttons show them
        return IllegalMove(
            _("{message}. Now {due}; allowed: {legal}").format(message=broken.message, due=due, legal=allowed),
            rule=rule,
            player=seat,
            action=action,
        )
    raise AssertionError(f"a judge let {action!r} pass, which was not offered")  # each judge refuses what it is asked


# ---------------------------------------------------------------------------
# The rules of each decision, said once


def _place_actions(hand: tuple[int, ...], refused: Any = None, placing: bool = True) -> tuple[Action, ...]:
    """TB-4.3, TB-7.2/7.3: any hand card at A, B or C; a Chronist with each of the four suits (TB-4.12).

    The two Chronisten are one choice (TB-7.2); so are the cards a view does not show (TB-2.7).
    ``placing``: the cards of the round are being placed.
    """
    if refused is not None:
        if not placing:  # TB-4.3: the cards are placed at the start of a round
            raise _broken(_("Cards are placed only at the start of a round, before the reveal"), "TB-4.3")
        card = refused.card
        if not 0 <= card < HIDDEN:  # TB-4.3: a hand card
            raise _broken(_("Only a card of your hand can be placed"), "TB-4.3")
        if not 0 <= refused.bridge < 3:  # TB-4.3: at bridge A, B or C
            raise _broken(_("There are only three bridges, A, B and C"), "TB-4.3")
        where = BRIDGE_NAMES[refused.bridge]
        if card >= 32:
            if CHR1 not in hand and CHR2 not in hand:  # TB-4.3: a card one holds
                raise _broken(_("You hold no Chronist"), "TB-4.3")
            if not 0 <= refused.declared < 4:  # TB-4.12: a Chronist is declared a suit as it is placed
                raise _broken(
                    _(
                        "A Chronist is declared one of the four suits as it is placed: write place Chr=H "
                        "{bridge}, place Chr=E {bridge}, place Chr=S {bridge} or place Chr=L {bridge}"
                    ).format(bridge=where),
                    "TB-4.12",
                )
        else:
            if card not in hand:  # TB-4.3: a card one holds
                raise _broken(_("You do not hold {card}").format(card=code(card)), "TB-4.3")
            if refused.declared != -1:  # TB-4.12: only a Chronist is declared
                raise _broken(
                    _("Only a Chronist is declared a suit; {card} is placed as it is: place {card} {bridge}").format(
                        card=code(card), bridge=where
                    ),
                    "TB-4.12",
                )
        raise _broken(_("This placement is not possible"), "TB-4.3")
    out: list[Action] = []
    for c in hand:  # sorted: the suited cards, the Chronisten, the cards a view hides
        if c < CHR1:
            out.extend(PLACES[c])
        elif c == HIDDEN:
            out.extend(PLACES[HIDDEN])
            break
        elif c == CHR1 or CHR1 not in hand:  # the first Chronist held stands for both
            out.extend(PLACE_CHR_ALL)
    return tuple(out)


def _swap_actions(refused: Any = None) -> tuple[Action, ...]:
    """TB-4.9: the resolving Unter at a bridge of its own suit swaps with the bridge card.

    :func:`_due_step` tells when the Unter may: then ``swap`` is its one way.
    """
    if refused is not None:  # TB-4.9: asked about a swap that was not offered, no Unter may swap now
        raise _broken(_("Only a resolving Unter at a bridge of its own suit may swap with the bridge card"), "TB-4.9")
    return (SWAP,)


def _move_actions(columns: Columns, seat: int, x: int, refused: Any = None) -> tuple[Action, ...]:
    """TB-4.10: the resolving Ober at bridge ``x`` moves one of ``seat``'s own cards from another bridge."""
    if refused is not None:
        if x < 0:  # TB-4.10: an Ober is resolving
            raise _broken(_("Only a resolving Ober moves a card"), "TB-4.10")
        # TB-4.10: every own card at another bridge is offered, so a move not offered names none of them
        raise _broken(
            _(
                "The Ober cannot move {card}: it moves one of your own cards from a bridge other "
                "than its own bridge {bridge}"
            ).format(card=refused.text, bridge=BRIDGE_NAMES[x]),
            "TB-4.10",
        )
    out: list[Move] = []
    chronists = 0
    for b in range(3):
        if b != x:
            for i, e in enumerate(columns[b][seat]):
                out.append(_move(b, i, e))
                if e & CARD_MASK in (CHR1, CHR2):
                    chronists += 1
    if chronists > 1:  # two Chronisten declared alike share a text: name their places
        shared = _shared([m.text for m in out])
        out = [
            Move(bridge=m.bridge, index=m.index, text=f"{m.text}@{BRIDGE_NAMES[m.bridge]}{m.index}") if twin else m
            for m, twin in zip(out, shared, strict=True)
        ]
    return tuple(out)


def _play_actions(hand: tuple[int, ...], suit: int, refused: Any = None) -> tuple[Action, ...]:
    """TB-4.11: the resolving Ass of ``suit`` plays a card of its suit, or a Chronist declared that suit,
    from ``hand`` face up at any bridge."""
    if refused is not None:
        if suit < 0:  # TB-4.11: an Ass is resolving
            raise _broken(_("A card is played face up only by a resolving Ass"), "TB-4.11")
        suit_name, letter = SUIT_NAMES[suit], SUITS[suit]
        vowel = suit_name[:1] in "AEIOU"  # English: "an Eichel card", "a Herz card"
        if not 0 <= refused.bridge < 3:  # TB-4.11: at any of the three bridges
            raise _broken(_("There are only three bridges, A, B and C"), "TB-4.11")
        where = BRIDGE_NAMES[refused.bridge]
        card = refused.card
        if card == CHR1 or card == CHR2:
            if CHR1 not in hand and CHR2 not in hand:  # TB-4.11: a card from one's hand
                raise _broken(_("You hold no Chronist; the Ass plays a card from your hand"), "TB-4.11")
            raise _broken(  # TB-4.11: a Chronist is declared the Ass's suit
                _(
                    "A Chronist played by the {suit} Ass must be declared {letter} ({suit}): "
                    "write play Chr={letter} {bridge}"
                ).format(suit=suit_name, letter=letter, bridge=where),
                "TB-4.11",
            )
        if not 0 <= card < 32:  # TB-4.11: a card from one's hand
            raise _broken(
                (
                    _("Only a card of your hand can be played: the Ass lets you play an {suit} card")
                    if vowel
                    else _("Only a card of your hand can be played: the Ass lets you play a {suit} card")
                ).format(suit=suit_name),
                "TB-4.11",
            )
        if card >> 3 != suit:  # TB-4.11: a card of the Ass's suit
            raise _broken(
                (
                    _(
                        "The Ass lets you play only an {suit} card from your hand (or a Chronist declared "
                        "{letter}), not {card}"
                    )
                    if vowel
                    else _(
                        "The Ass lets you play only a {suit} card from your hand (or a Chronist declared "
                        "{letter}), not {card}"
                    )
                ).format(suit=suit_name, letter=letter, card=code(card)),
                "TB-4.11",
            )
        if card not in hand:  # TB-4.11: a card from one's hand
            raise _broken(
                _("You do not hold {card}; the Ass plays a card from your hand").format(card=code(card)), "TB-4.11"
            )
        if refused.declared != -1:  # TB-4.11: only a Chronist is declared
            raise _broken(
                _("Only a Chronist is declared a suit: write play {card} {bridge}").format(
                    card=code(card), bridge=where
                ),
                "TB-4.11",
            )
        raise _broken(_("This play is not possible"), "TB-4.11")
    out: list[Action] = []
    low = 8 * suit
    for c in hand:
        if low <= c < low + 8:
            out.extend(PLAYS[c])
        elif c == CHR1 or c == CHR2:  # the hand is sorted: the first Chronist stands for both
            out.extend(PLAY_CHR[suit])
            break
    return tuple(out)


def _draw_actions(refused: Any = None) -> tuple[Action, ...]:
    """TB-4.13: the resolving Eichel card draws one card (:func:`_due_step`: while the pile has one)."""
    if refused is not None:  # TB-4.13: asked about a draw that was not offered, no Eichel card may draw now
        raise _broken(_("Only a resolving Eichel card lets you draw"), "TB-4.13")
    return (DRAW,)


def _turn_actions(columns: Columns, x: int, seat: int, refused: Any = None) -> tuple[Action, ...]:
    """TB-4.14: the resolving Laub card at bridge ``x`` turns an upright card in either column there sideways,
    ``seat``'s own first; face-down ones included."""
    if refused is not None:
        if x < 0:  # TB-4.14: a Laub card is resolving
            raise _broken(_("Only a resolving Laub card turns a card sideways"), "TB-4.14")
        # TB-4.14: every upright card at X is offered, so a turn not offered names none of them
        where = BRIDGE_NAMES[x]
        if refused.text == "face-down":
            why = _(
                "Laub cannot turn the face-down card: it turns one upright card at its own bridge {bridge}, in "
                "either column, never the bridge card and never a card already sideways"
            ).format(bridge=where)
        else:
            why = _(
                "Laub cannot turn {card}: it turns one upright card at its own bridge {bridge}, in "
                "either column, never the bridge card and never a card already sideways"
            ).format(card=refused.text, bridge=where)
        raise _broken(why, "TB-4.14")
    out: list[Turn] = []
    chronists = 0
    for side in (seat, 1 - seat):
        for i, e in enumerate(columns[x][side]):
            if not e & SIDEWAYS:
                out.append(_turn(side, i, e))
                if not e & FACE_DOWN and e & CARD_MASK in (CHR1, CHR2):
                    chronists += 1
    if chronists > 1:  # two Chronisten declared alike share a text: name their places
        shared = _shared([t.text for t in out])
        out = [
            Turn(owner=t.owner, index=t.index, text=f"{t.text}@seat{t.owner}:{t.index}") if twin else t
            for t, twin in zip(out, shared, strict=True)
        ]
    return tuple(out)


def _shared(texts: list[str]) -> list[bool]:
    """Which of ``texts`` another one repeats: two Chronisten declared alike, whose actions name their places."""
    return [texts.count(text) > 1 for text in texts]


def _pass_actions(phase: int, forced: bool, refused: Any = None) -> tuple[Action, ...]:
    """TB-4.6: ``pass`` declines an optional ability of the resolving card; a forced one (the card an Ass
    played) and a placement are not declined."""
    if phase == PLACE:  # TB-4.3: a card is placed
        if refused is None:
            return ()
        raise _broken(_("You must place a card; there is nothing to pass"), "TB-4.3")
    if forced:  # TB-4.6: a card played by an Ass uses its ability
        if refused is None:
            return ()
        raise _broken(_("A card played by an Ass must use its ability when a legal way exists"), "TB-4.6")
    if refused is not None:  # TB-4.6: asked about a pass that was not offered, no ability is optional now
        raise _broken(_("There is no optional ability to decline"), "TB-4.6")
    return (PASS,)
