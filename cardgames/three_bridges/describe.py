"""Words and pictures of Three Bridges: one sentence per step, and the table as data.

:func:`facts` tells a step from the states before and after it (nothing is applied
again) as :class:`~cardgames.core.facts.Fact` records, which the game's ``describe`` joins into one
sentence; :func:`action_parts` reads an action's fields for the widgets; :func:`layout` gives the board, the hands and the decision that is due as lines of
text and cards (:class:`~cardgames.core.game.Face`), which ``render`` joins into text.
"""

from __future__ import annotations

from ..core.facts import ActionParts, Fact, words
from ..core.game import Face, Line, line, player_name, sentence
from ..core.i18n import Catalog
from .cards import (
    BRIDGE_NAMES,
    CHR1,
    CHR2,
    FACE_DOWN,
    HIDDEN,
    SIDEWAYS,
    SUIT_NAMES,
    bridge_name,
    code,
    entry_code,
    suit_of,
)
from .rules import OVER, Draw, Move, Place, Play, State, Swap, ThreeBridgesRules, Turn, card_text
from .settlement import totals

_, ngettext = Catalog("three_bridges").functions()


def facts(rules: ThreeBridgesRules, before: State, seat: int | None, action: object, after: State) -> tuple[Fact, ...]:
    """What a step did: who does what under which clause, and what follows automatically.

    Each fact is a whole clause of its own: the action, the reveal that follows the second
    placement, the end of a round or of the game.
    """
    who = before.actor if seat is None else seat
    told = list(_what(rules, before, action, who))
    if isinstance(action, Place) and before.queue:
        told.append(
            Fact(
                "reveal",
                _("then both cards are revealed and resolved in play order, the leader's first (TB-4.4)"),
                ("TB-4.4",),
                (0, 1),
            )
        )
    if after.phase == OVER:
        told.append(
            Fact(
                "game",
                _("round 6 is over: the game ends and the bridges are scored (TB-6.1, TB-5)"),
                ("TB-6.1", "TB-5"),
                (0, 1),
                amounts={"round": before.round},
            )
        )
    elif after.round != before.round:
        told.append(
            Fact(
                "round",
                _(
                    "round {old} is over and round {new} begins with a draw for each player, the leader first (TB-4.2)"
                ).format(old=before.round, new=after.round),
                ("TB-4.2",),
                (0, 1),
                amounts={"round": before.round},
            )
        )
    return tuple(told)


def action_parts(action: object) -> ActionParts:
    """An action's verb, words and cards, from its fields (the same words as its text)."""
    if isinstance(action, Place | Play):
        named = card_text(action.card, action.declared)
        bridge = bridge_name(action.bridge)
        verb = "place" if isinstance(action, Place) else "play"
        if action.card == HIDDEN:  # a card the viewer may not see names no card
            return ActionParts(verb, (named, bridge))
        return ActionParts(verb, (named, bridge), (named,), (code(action.card),))
    if isinstance(action, Move):
        return ActionParts("move", (action.text,), (action.text,), (action.text.partition("@")[0],))
    if isinstance(action, Turn):
        if action.text == "face-down":
            return words("turn", action.text)
        return ActionParts("turn", (action.text,), (action.text,), (action.text.partition("@")[0],))
    return words(str(action))  # swap, draw, pass: a verb alone


def _board_name(text: str, index: int) -> str:
    """A card named in a move or turn text, for people: ``Chr=E@B0`` becomes ``Chr=E (index 0)``."""
    base, at, _place = text.partition("@")
    return _("{card} (index {index})").format(card=base, index=index) if at else base


def _what(rules: ThreeBridgesRules, state: State, action: object, seat: int) -> tuple[Fact, ...]:
    """The action itself as facts, with their clauses (it was admitted: it is legal in ``state``)."""
    if isinstance(action, Place):
        where = BRIDGE_NAMES[action.bridge]
        if action.card == CHR1 or action.card == CHR2:
            chronist = card_text(action.card, action.declared)
            text = _(
                "{player} places the Chronist face down on his column at bridge {bridge}, declared "
                "{suit} ({card}): it is the {suit} Ass, its suit hidden from the opponent until it is revealed "
                "(TB-4.3, TB-4.12)"
            ).format(player=player_name(seat), bridge=where, suit=SUIT_NAMES[action.declared], card=chronist)
            return (Fact("place", sentence(text), ("TB-4.3", "TB-4.12"), (seat,), (chronist,)),)
        if action.card == HIDDEN:
            text = _(
                "{player} places a card you cannot see face down on his column at bridge {bridge} (TB-4.3, TB-2.7)"
            ).format(player=player_name(seat), bridge=where)
            return (Fact("place", sentence(text), ("TB-4.3", "TB-2.7"), (seat,)),)
        card = card_text(action.card, -1)
        text = _("{player} places {card} face down on his column at bridge {bridge} (TB-4.3)").format(
            player=player_name(seat), card=card, bridge=where
        )
        return (Fact("place", sentence(text), ("TB-4.3",), (seat,), (card,)),)
    e, b, clause = rules._ability(state)  # every other action is the resolving card's ability (TB-4.5)
    if isinstance(action, Swap):
        unter, old = entry_code(e), code(state.bridges[b])
        text = _(
            "{player} swaps his {unter} with the bridge card {old} of bridge {bridge}: {unter} "
            "becomes the bridge card and {old} joins his column in its place, upright (TB-4.9)"
        ).format(player=player_name(seat), unter=unter, old=old, bridge=BRIDGE_NAMES[b])
        return (Fact("swap", sentence(text), ("TB-4.9",), (seat,), (unter, old)),)
    if isinstance(action, Move):
        where = BRIDGE_NAMES[action.bridge]
        moved = _(
            "{player} moves his {card} from bridge {source} on top of his column at bridge {bridge} (TB-4.10)"
        ).format(
            player=player_name(seat), card=_board_name(action.text, action.index), source=where, bridge=BRIDGE_NAMES[b]
        )
        card = action.text.partition("@")[0]
        told = [Fact("move", sentence(moved), ("TB-4.10",), (seat,), (card,))]
        above = len(state.columns[action.bridge][seat]) - action.index - 1
        if above > 0:
            shift = ngettext(
                "the card above it at bridge {bridge} moves down one place (TB-4.8)",
                "the {n} cards above it at bridge {bridge} move down one place (TB-4.8)",
                above,
            ).format(n=above, bridge=where)
            told.append(Fact("shift", shift, ("TB-4.8",), (seat,), amounts={"cards": above}))
        return tuple(told)
    if isinstance(action, Play):
        where = BRIDGE_NAMES[action.bridge]
        ass = SUIT_NAMES[suit_of(e)]
        card = card_text(action.card, action.declared)
        if action.card == CHR1 or action.card == CHR2:
            text = _(
                "{player} plays the Chronist face up on his column at bridge {bridge} with his {ass} Ass, "
                "declared {suit} ({card}): it is the {suit} Ass and resolves at once, its abilities forced "
                "(TB-4.11, TB-4.12, TB-4.6)"
            ).format(player=player_name(seat), bridge=where, ass=ass, suit=SUIT_NAMES[action.declared], card=card)
            return (Fact("play", sentence(text), ("TB-4.11", "TB-4.12", "TB-4.6"), (seat,), (card,)),)
        text = _(
            "{player} plays {card} face up on his column at bridge {bridge} with his {ass} Ass; it resolves "
            "at once, its abilities forced (TB-4.11, TB-4.6)"
        ).format(player=player_name(seat), card=card, bridge=where, ass=ass)
        return (Fact("play", sentence(text), ("TB-4.11", "TB-4.6"), (seat,), (card,)),)
    if isinstance(action, Draw):
        eichel = entry_code(e)
        text = _("{player} draws a card from the pile with the Eichel ability of {card} (TB-4.13)").format(
            player=player_name(seat), card=eichel
        )
        return (Fact("draw", sentence(text), ("TB-4.13",), (seat,), (eichel,)),)
    if isinstance(action, Turn):
        return (_turned(state, action, seat, e, b),)
    return (_declined(state, seat, e, b, clause),)  # Pass


def _turned(state: State, action: Turn, seat: int, e: int, b: int) -> Fact:
    """Turn: a card turned sideways with a Laub ability (its own, or that of the Laub resolving)."""
    laub = entry_code(e)
    seats = (seat,) if action.owner == seat else (seat, action.owner)
    clauses = ("TB-4.14", "TB-5.2")
    if action.owner == seat and state.columns[b][seat][action.index : action.index + 1] == (e,):
        text = _(
            "{player} turns his own {card} sideways with its own Laub ability: it counts 2 less (TB-4.14, TB-5.2)"
        ).format(player=player_name(seat), card=laub)
        return Fact("turn", sentence(text), clauses, seats, (laub,))
    if action.text == "face-down":
        if action.owner == seat:
            text = _(
                "{player} turns his own face-down card sideways with the Laub ability of {laub}: it "
                "stays face down and counts 2 less (TB-4.14, TB-5.2)"
            ).format(player=player_name(seat), laub=laub)
        else:
            text = _(
                "{player} turns the opponent's face-down card sideways with the Laub ability of {laub}: it "
                "stays face down and counts 2 less (TB-4.14, TB-5.2)"
            ).format(player=player_name(seat), laub=laub)
        return Fact("turn", sentence(text), clauses, seats, (laub,))
    name = _board_name(action.text, action.index)
    card = action.text.partition("@")[0]
    if action.owner == seat:
        text = _(
            "{player} turns his own {card} sideways with the Laub ability of {laub}: it counts 2 less (TB-4.14, TB-5.2)"
        ).format(player=player_name(seat), card=name, laub=laub)
    else:
        text = _(
            "{player} turns the opponent's {card} sideways with the Laub ability of {laub}: it counts 2 less "
            "(TB-4.14, TB-5.2)"
        ).format(player=player_name(seat), card=name, laub=laub)
    return Fact("turn", sentence(text), clauses, seats, (card, laub))


def _declined(state: State, seat: int, e: int, b: int, clause: str) -> Fact:
    """Pass: the optional ability that is declined, with its clause and TB-4.6."""
    card, where = entry_code(e), BRIDGE_NAMES[b]
    if clause == "TB-4.9":
        text = _(
            "{player} declines the optional ability to swap {unter} with the bridge card {bridge_card} of "
            "bridge {bridge} (TB-4.9, TB-4.6)"
        ).format(player=player_name(seat), unter=card, bridge_card=code(state.bridges[b]), bridge=where)
    elif clause == "TB-4.10":
        text = _(
            "{player} declines the optional ability to move one of his cards from another bridge to bridge "
            "{bridge} with {ober} (TB-4.10, TB-4.6)"
        ).format(player=player_name(seat), bridge=where, ober=card)
    elif clause == "TB-4.11":
        text = _(
            "{player} declines the optional ability to play a further {suit} card from his hand face up "
            "with {ass} (TB-4.11, TB-4.6)"
        ).format(player=player_name(seat), suit=SUIT_NAMES[suit_of(e)], ass=card)
    elif clause == "TB-4.13":
        text = _("{player} declines the optional ability to draw a card with {card} (TB-4.13, TB-4.6)").format(
            player=player_name(seat), card=card
        )
    else:
        clause = "TB-4.14"
        text = _(
            "{player} declines the optional ability to turn an upright card at bridge {bridge} sideways with "
            "{card} (TB-4.14, TB-4.6)"
        ).format(player=player_name(seat), bridge=where, card=card)
    return Fact("pass", sentence(text), (clause, "TB-4.6"), (seat,), (card,))


def layout(rules: ThreeBridgesRules, state: State, viewer: int | None) -> tuple[Line, ...]:
    """The table: the bridges with both columns and their totals if scored now, the hands, what is due.

    Every card is a :class:`Face` with its code as in action texts and ``hand()`` (``H-X``, ``Chr``
    in hand, ``Chr=E`` on the board) and its printed code as text; a face-down card is printed
    ``[H-X]`` and a sideways one ``H-X/``, the marks being plain text around the card.  A card the
    viewer may not see is ``Face(None, "?")``: one per face-down card of the other player, and one
    for the whole hidden hand (``? ? ? ? ?``, count 5).
    """
    s = state if viewer is None else rules.view(state, viewer)
    over = s.phase == OVER
    head = (
        _("Three Bridges · round {round}/6 · {first} leads rounds 1, 3, 5 · pile {pile} · over")
        if over
        else _("Three Bridges · round {round}/6 · {first} leads rounds 1, 3, 5 · pile {pile} · to act: {actor}")
    )
    actor = player_name(s.actor) if not over else ""
    lines: list[Line] = [(head.format(round=s.round, first=player_name(s.first), pile=len(s.pile), actor=actor),)]
    seats = (player_name(0), player_name(1))
    now = totals([c >> 3 for c in s.bridges], s.columns)  # TB-5 "if scored now" (hidden cards count 0)
    for b in range(3):
        name = code(s.bridges[b])
        parts: list[str | Face] = [
            f"{BRIDGE_NAMES[b]} " + " " * (6 - len(name)),
            Face(name, name),
            f" {SUIT_NAMES[s.bridges[b] >> 3]:<8} | {seats[0]}: ",
        ]
        _column(parts, s.columns[b][0])
        parts.append(f" ({now[b][0]}) | {seats[1]}: ")
        _column(parts, s.columns[b][1])
        parts.append(f" ({now[b][1]})")
        lines.append(line(parts))
    for seat in (0, 1):
        parts = [_("hand of {player}").format(player=seats[seat]) + ": "]
        _hand(parts, s.hands[seat])
        lines.append(line(parts))
    if not over:
        words = rules.pending_words(s)
        parts = [_("now") + ": "]
        for i, word in enumerate(words):
            parts.append(_card(word) if i % 2 else word)
        lines.append(line(parts))
    return tuple(lines)


def _card(name: str) -> Face:
    """A card printed by its code; ``?`` is a card the viewer may not see."""
    return Face(None, name) if name == "?" else Face(name, name)


def _column(parts: list[str | Face], column: tuple[int, ...]) -> None:
    """A column bottom to top, as ``render`` prints it: ``[`` ``]`` around a face-down card, ``/`` after a sideways one."""
    if not column:
        parts.append("-")
        return
    for i, e in enumerate(column):
        if i:
            parts.append(" ")
        down = e & FACE_DOWN != 0
        if down:
            parts.append("[")
        parts.append(_card(entry_code(e)))
        if e & SIDEWAYS:
            parts.append("/")
        if down:
            parts.append("]")


def _hand(parts: list[str | Face], hand: tuple[int, ...]) -> None:
    """A hand: each card it shows, and each run of hidden cards as one back with their number."""
    if not hand:
        parts.append("-")
        return
    i = 0
    while i < len(hand):
        if i:
            parts.append(" ")
        if hand[i] == HIDDEN:
            j = i
            while j < len(hand) and hand[j] == HIDDEN:
                j += 1
            parts.append(Face(None, " ".join(["?"] * (j - i)), j - i))
            i = j
        else:
            parts.append(_card(code(hand[i])))
            i += 1
