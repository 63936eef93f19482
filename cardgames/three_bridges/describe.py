"""Words and pictures of Three Bridges: one sentence per step, and the table as data.

:func:`describe` tells a step from the states before and after it (nothing is applied
again); :func:`layout` gives the board, the hands and the decision that is due as lines of
text and cards (:class:`~cardgames.core.game.Face`), which ``render`` joins into text.
"""

from __future__ import annotations

from ..core.game import Face, Line
from .cards import (
    BRIDGE_NAMES,
    CHR1,
    CHR2,
    FACE_DOWN,
    HIDDEN,
    SIDEWAYS,
    SUIT_NAMES,
    code,
    entry_code,
    suit_of,
)
from .rules import (
    OVER,
    Draw,
    Move,
    Place,
    Play,
    State,
    Swap,
    ThreeBridgesRules,
    Turn,
    card_text,
)
from .settlement import totals


def describe(rules: ThreeBridgesRules, before: State, seat: int | None, action: object, after: State) -> str:
    """One sentence: who does what under which clause, and what follows automatically."""
    who = before.actor if seat is None else seat
    parts = [_what(rules, before, action, who)]
    if isinstance(action, Place) and before.queue:
        parts.append("then both cards are revealed and resolved in play order, the leader's first (TB-4.4)")
    if after.phase == OVER:
        parts.append("round 6 is over: the game ends and the bridges are scored (TB-6.1, TB-5)")
    elif after.round != before.round:
        parts.append(
            f"round {before.round} is over and round {after.round} begins with a draw for each "
            f"player, the leader first (TB-4.2)"
        )
    return "; ".join(parts) + "."


def _board_name(text: str, index: int) -> str:
    """A card named in a move or turn text, for people: ``Chr=E@B0`` becomes ``Chr=E (index 0)``."""
    base, at, _ = text.partition("@")
    return f"{base} (index {index})" if at else base


def _what(rules: ThreeBridgesRules, state: State, action: object, seat: int) -> str:
    """The action itself in words, with its clauses (it was admitted: it is legal in ``state``)."""
    who = f"Player {seat}"
    if isinstance(action, Place):
        where = BRIDGE_NAMES[action.bridge]
        if action.card == CHR1 or action.card == CHR2:
            name = SUIT_NAMES[action.declared]
            return (
                f"{who} places the Chronist face down on his column at bridge {where}, declared "
                f"{name} ({card_text(action.card, action.declared)}): it is the {name} Ass, its suit hidden "
                f"from the opponent until it is revealed (TB-4.3, TB-4.12)"
            )
        if action.card == HIDDEN:
            return f"{who} places a card you cannot see face down on his column at bridge {where} (TB-4.3, TB-2.7)"
        return f"{who} places {card_text(action.card, -1)} face down on his column at bridge {where} (TB-4.3)"
    e, b, phrase, clause = rules._ability(state)  # every other action is the resolving card's ability (TB-4.5)
    if isinstance(action, Swap):
        unter, old = entry_code(e), code(state.bridges[b])
        return (
            f"{who} swaps his {unter} with the bridge card {old} of bridge {BRIDGE_NAMES[b]}: {unter} "
            f"becomes the bridge card and {old} joins his column in its place, upright (TB-4.9)"
        )
    if isinstance(action, Move):
        where = BRIDGE_NAMES[action.bridge]
        name = _board_name(action.text, action.index)
        above = len(state.columns[action.bridge][seat]) - action.index - 1
        close = (
            (
                f"; the {'card' if above == 1 else f'{above} cards'} above it at bridge {where} "
                f"move{'s' if above == 1 else ''} down one place (TB-4.8)"
            )
            if above > 0
            else ""
        )
        return (
            f"{who} moves his {name} from bridge {where} on top of his column at bridge {BRIDGE_NAMES[b]} "
            f"(TB-4.10){close}"
        )
    if isinstance(action, Play):
        where = BRIDGE_NAMES[action.bridge]
        ass = f"{SUIT_NAMES[suit_of(e)]} Ass"
        if action.card == CHR1 or action.card == CHR2:
            name = SUIT_NAMES[action.declared]
            return (
                f"{who} plays the Chronist face up on his column at bridge {where} with his {ass}, declared "
                f"{name} ({card_text(action.card, action.declared)}): it is the {name} Ass and resolves "
                f"at once, its abilities forced (TB-4.11, TB-4.12, TB-4.6)"
            )
        return (
            f"{who} plays {card_text(action.card, -1)} face up on his column at bridge {where} with his "
            f"{ass}; it resolves at once, its abilities forced (TB-4.11, TB-4.6)"
        )
    if isinstance(action, Draw):
        return f"{who} draws a card from the pile with the Eichel ability of {entry_code(e)} (TB-4.13)"
    if isinstance(action, Turn):
        if action.owner == seat and state.columns[b][seat][action.index : action.index + 1] == (e,):
            return (
                f"{who} turns his own {entry_code(e)} sideways with its own Laub ability: it counts 2 "
                f"less (TB-4.14, TB-5.2)"
            )
        whose = "his own" if action.owner == seat else "the opponent's"
        if action.text == "face-down":
            return (
                f"{who} turns {whose} face-down card sideways with the Laub ability of {entry_code(e)}: it "
                f"stays face down and counts 2 less (TB-4.14, TB-5.2)"
            )
        name = _board_name(action.text, action.index)
        return (
            f"{who} turns {whose} {name} sideways with the Laub ability of {entry_code(e)}: it counts 2 less "
            f"(TB-4.14, TB-5.2)"
        )
    return f"{who} declines the optional ability to {phrase} ({clause}, TB-4.6)"  # Pass


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
    lines: list[Line] = [
        (
            f"Three Bridges · round {s.round}/6 · P1 = seat {s.first} · pile {len(s.pile)}"
            + (" · over" if over else f" · to act: seat {s.actor}"),
        )
    ]
    now = totals([c >> 3 for c in s.bridges], s.columns)  # TB-5 "if scored now" (hidden cards count 0)
    for b in range(3):
        name = code(s.bridges[b])
        parts: list[str | Face] = [
            f"{BRIDGE_NAMES[b]} " + " " * (6 - len(name)),
            Face(name, name),
            f" {SUIT_NAMES[s.bridges[b] >> 3]:<8} | seat 0: ",
        ]
        _column(parts, s.columns[b][0])
        parts.append(f" ({now[b][0]}) | seat 1: ")
        _column(parts, s.columns[b][1])
        parts.append(f" ({now[b][1]})")
        lines.append(_joined(parts))
    for seat in (0, 1):
        parts = [f"hand {seat}: "]
        _hand(parts, s.hands[seat])
        lines.append(_joined(parts))
    if not over:
        words = rules.pending_words(s)
        parts = ["now: "]
        for i, word in enumerate(words):
            parts.append(_card(word) if i % 2 else word)
        lines.append(_joined(parts))
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


def _joined(parts: list[str | Face]) -> Line:
    """A line with adjacent texts joined and empty texts left out."""
    line: list[str | Face] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if line and isinstance(line[-1], str):
                line[-1] = line[-1] + part
                continue
        line.append(part)
    return tuple(line)
