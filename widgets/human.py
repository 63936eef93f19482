"""What a human may click: the cards of the hand and the other legal actions, for any game.

A card click means the legal action(s) that use that card: one is played at once;
several (a card placed at bridge A, B or C; a fighter in several formations) are
offered as a second row; none makes the text of the nearest legal card action with
this card, which the game refuses with its own IllegalMove message and clause id.
The hand comes from the game (``game.hand(state, seat)``); only the face module's
``ACTION_CARD`` pattern, which finds card codes in action texts, is per game.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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


def base(code: str) -> str:
    """The hand card behind an action's card token: ``Wolf=Ge6`` is the Wolf, ``Chr=E`` the Chronist."""
    return code.split("=", 1)[0].split("@", 1)[0]


def human_choices(face, game, state, seat: int) -> Choices:
    legal = tuple(str(a) for a in game.legal_actions(state, seat))
    held = game.hand(state, seat) if face.ACTION_CARD is not None else None
    hand = [code for code in held or () if code is not None]  # a human sees his own cards
    if not hand:
        return Choices((), legal, legal)
    uses: dict[str, list[str]] = {}
    tokens_of: dict[str, list[str]] = {}
    for text in legal:
        tokens = [face.to_code(m.group(0)) for m in face.ACTION_CARD.finditer(text)]
        tokens_of[text] = tokens
        for card in dict.fromkeys(base(t) for t in tokens):
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
                None if actions or idle else _nearest(code, legal, tokens_of),
                idle,
            )
        )
    others = tuple(t for t in legal if not any(base(c) in in_hand for c in tokens_of[t]))
    return Choices(tuple(cards), others, legal)


def _nearest(code: str, legal, tokens_of) -> str | None:
    """A legal card action with its (first) card replaced by ``code``: the game says why that is illegal."""
    card_actions = sorted((t for t in legal if tokens_of[t]), key=lambda t: len(tokens_of[t]))
    if not card_actions:
        return None
    text = card_actions[0]
    return (
        text.replace(tokens_of[text][0], code, 1) if len(tokens_of[text]) == 1 else text.split(" ", 1)[0] + " " + code
    )
