"""What a human may click: the cards of the hand and the other legal actions, for any game.

A card click means the legal action(s) that use that card: one is played at once;
several (a card placed at bridge A, B or C; a fighter in several formations) are
offered as a second row; none makes the text of the nearest legal card action with
this card, which the game refuses with its own IllegalMove message and clause id.
The hand comes from the game (``game.hand(state, seat)``), and which cards an action uses
from ``game.action_parts(action)``: no action text is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgames.core.game import Game


@dataclass(frozen=True)
class CardChoice:
    """A card of the hand: the legal actions that use it (empty: clicking it explains why not)."""

    code: str
    label: str
    colour: str | None
    actions: tuple[str, ...]
    illegal_text: str | None = None
    idle: bool = False  # no card can be used now (bidding, say): the hand is only shown

    @property
    def legal(self) -> bool:
        return bool(self.actions)


@dataclass(frozen=True)
class Choices:
    cards: tuple[CardChoice, ...] = ()
    others: tuple[str, ...] = ()  # legal actions that are not reached through a card of the hand
    legal: tuple[str, ...] = field(default=())


def names_cards(game) -> bool:
    """Does the game say which cards its actions use (``_action_parts``)?  Else its hand is not offered."""
    return type(game)._action_parts is not Game._action_parts


def human_choices(face, game, state, seat: int) -> Choices:
    actions = game.legal_actions(state, seat)
    legal = tuple(str(a) for a in actions)
    held = game.hand(state, seat) if names_cards(game) else None
    hand = [code for code in held or () if code is not None]  # a human sees his own cards
    if not hand:
        return Choices((), legal, legal)
    parts_of = {str(a): game.action_parts(a) for a in actions}
    uses: dict[str, list[str]] = {}
    for text in legal:
        for card in dict.fromkeys(parts_of[text].cards):
            uses.setdefault(card, []).append(text)
    in_hand = set(hand)
    idle = not any(card in in_hand for card in uses)
    cards = []
    for code in hand:
        actions = tuple(uses.get(code, ()))
        cards.append(
            CardChoice(
                code,
                face.card_label(code),
                face.card_colour(code),
                actions,
                None if actions or idle else _nearest(code, legal, parts_of),
                idle,
            )
        )
    others = tuple(t for t in legal if not any(c in in_hand for c in parts_of[t].cards))
    return Choices(tuple(cards), others, legal)


def _nearest(code: str, legal, parts_of) -> str | None:
    """A legal card action with its (first) card replaced by ``code``: the game says why that is illegal."""
    card_actions = sorted((t for t in legal if parts_of[t].cards), key=lambda t: len(parts_of[t].cards))
    if not card_actions:
        return None
    return parts_of[card_actions[0]].with_card(code)
