"""Words and pictures of Three Bridges: one sentence per step, and the table as text.

:func:`describe` tells a step from the states before and after it (nothing is applied
again); :func:`render` draws the board, the hands and the decision that is due.
"""
from __future__ import annotations

from .cards import BRIDGE_NAMES, CHR1, CHR2, HIDDEN, SUIT_NAMES, code, entry_code, entry_text, suit_of
from .rules import OVER, Draw, Move, Place, Play, State, Swap, ThreeBridgesRules, Turn, card_text
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
        parts.append(f"round {before.round} is over and round {after.round} begins with a draw for each "
                     f"player, the leader first (TB-4.2)")
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
            return (f"{who} places the Chronist face down on his column at bridge {where}, declared "
                    f"{name} ({card_text(action.card, action.declared)}): it is the {name} Ass, its suit hidden "
                    f"from the opponent until it is revealed (TB-4.3, TB-4.12)")
        if action.card == HIDDEN:
            return f"{who} places a card you cannot see face down on his column at bridge {where} (TB-4.3, TB-2.7)"
        return f"{who} places {card_text(action.card, -1)} face down on his column at bridge {where} (TB-4.3)"
    e, b, phrase, clause = rules._ability(state)  # every other action is the resolving card's ability (TB-4.5)
    if isinstance(action, Swap):
        unter, old = entry_code(e), code(state.bridges[b])
        return (f"{who} swaps his {unter} with the bridge card {old} of bridge {BRIDGE_NAMES[b]}: {unter} "
                f"becomes the bridge card and {old} joins his column in its place, upright (TB-4.9)")
    if isinstance(action, Move):
        where = BRIDGE_NAMES[action.bridge]
        name = _board_name(action.text, action.index)
        above = len(state.columns[action.bridge][seat]) - action.index - 1
        close = (f"; the {'card' if above == 1 else f'{above} cards'} above it at bridge {where} "
                 f"move{'s' if above == 1 else ''} down one place (TB-4.8)") if above > 0 else ""
        return (f"{who} moves his {name} from bridge {where} on top of his column at bridge {BRIDGE_NAMES[b]} "
                f"(TB-4.10){close}")
    if isinstance(action, Play):
        where = BRIDGE_NAMES[action.bridge]
        ass = f"{SUIT_NAMES[suit_of(e)]} Ass"
        if action.card == CHR1 or action.card == CHR2:
            name = SUIT_NAMES[action.declared]
            return (f"{who} plays the Chronist face up on his column at bridge {where} with his {ass}, declared "
                    f"{name} ({card_text(action.card, action.declared)}): it is the {name} Ass and resolves "
                    f"at once, its abilities forced (TB-4.11, TB-4.12, TB-4.6)")
        return (f"{who} plays {card_text(action.card, -1)} face up on his column at bridge {where} with his "
                f"{ass}; it resolves at once, its abilities forced (TB-4.11, TB-4.6)")
    if isinstance(action, Draw):
        return f"{who} draws a card from the pile with the Eichel ability of {entry_code(e)} (TB-4.13)"
    if isinstance(action, Turn):
        if action.owner == seat and state.columns[b][seat][action.index:action.index + 1] == (e,):
            return (f"{who} turns his own {entry_code(e)} sideways with its own Laub ability: it counts 2 "
                    f"less (TB-4.14, TB-5.2)")
        whose = "his own" if action.owner == seat else "the opponent's"
        if action.text == "face-down":
            return (f"{who} turns {whose} face-down card sideways with the Laub ability of {entry_code(e)}: it "
                    f"stays face down and counts 2 less (TB-4.14, TB-5.2)")
        name = _board_name(action.text, action.index)
        return (f"{who} turns {whose} {name} sideways with the Laub ability of {entry_code(e)}: it counts 2 less "
                f"(TB-4.14, TB-5.2)")
    return f"{who} declines the optional ability to {phrase} ({clause}, TB-4.6)"  # Pass


def render(rules: ThreeBridgesRules, state: State, viewer: int | None) -> str:
    """The table as text: the bridges with both columns and their totals if scored now, the hands, what is due."""
    s = state if viewer is None else rules.view(state, viewer)
    over = s.phase == OVER
    lines = [f"Three Bridges · round {s.round}/6 · P1 = seat {s.first} · pile {len(s.pile)}"
             + (" · over" if over else f" · to act: seat {s.actor}")]
    now = totals([c >> 3 for c in s.bridges], s.columns)  # TB-5 "if scored now" (hidden cards count 0)
    for b in range(3):
        cols = [" ".join(entry_text(e) for e in s.columns[b][seat]) or "-" for seat in (0, 1)]
        suit = SUIT_NAMES[s.bridges[b] >> 3]
        lines.append(f"{BRIDGE_NAMES[b]} {code(s.bridges[b]):>6} {suit:<8} | seat 0: {cols[0]} ({now[b][0]}) "
                     f"| seat 1: {cols[1]} ({now[b][1]})")
    for seat in (0, 1):
        lines.append(f"hand {seat}: " + (" ".join(code(c) for c in s.hands[seat]) or "-"))
    if not over:
        lines.append("now: " + rules.pending(s))
    return "\n".join(lines)
