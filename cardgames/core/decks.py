"""Stacked decks: the one checker every game uses for ``new(seed, deck=[...])``.

A teaching scenario or a test stacks the deck: card codes in draw order, or a list of
such lists (one per deal).  This module turns what a user wrote into the game's cards,
and refuses what is not a deck with a message that names the wrong code: a text instead
of a list, an unknown code, a card given twice, too many cards, or (where a game needs
the whole deck) a missing card.  Codes are read through the game's own parser, so any
case it accepts is accepted here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .inputs import excerpt

C = TypeVar("C")

MAX_CARDS = 1000  # no game's deck comes near this; longer input is refused before it is read


def check_deck(
    deck: Any,
    parse: Callable[[str], C],
    size: int,
    *,
    whole: bool = False,
    copies: Callable[[C], int] | None = None,
    example: str = "",
) -> tuple[C, ...]:
    """One stacked deck: the cards of ``deck`` (codes in draw order), read with ``parse``.

    ``size`` is the number of cards of the game's deck; ``whole=True`` requires every card
    (a game that deals the whole deck), otherwise the codes given are the top of the deck
    and the rest is shuffled.  ``copies(card)`` is how often a card may appear (default once).
    """
    codes = _codes(deck, example)
    if len(codes) > size:
        raise ValueError(f"a stacked deck has at most {size} cards; got {len(codes)}")
    cards: list[C] = []
    seen: dict[C, int] = {}
    for code in codes:
        try:
            card = parse(code)
        except (TypeError, ValueError) as error:
            raise ValueError(f"stacked deck: {_short(code)} is not a card: {error}") from None
        seen[card] = seen.get(card, 0) + 1
        allowed = copies(card) if copies is not None else 1
        if seen[card] > allowed:
            twice = "twice" if allowed == 1 else f"more than {allowed} times"
            raise ValueError(
                f"stacked deck: {_short(code)} is given {twice}; the deck holds it "
                f"{'once' if allowed == 1 else f'{allowed} times'}"
            )
        cards.append(card)
    if whole and len(cards) != size:
        raise ValueError(
            f"a stacked deck lists all {size} cards of the deck in draw order; {size - len(cards)} are missing"
        )
    return tuple(cards)


def check_decks(deck: Any, parse: Callable[[str], C], size: int, **options: Any) -> tuple[tuple[C, ...], ...]:
    """One deck or a list of decks (successive deals): each checked with :func:`check_deck`."""
    if _is_codes(deck):
        return (check_deck(deck, parse, size, **options),)
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        check_deck(deck, parse, size, **options)  # raises the message for what is not a deck
    if len(deck) > MAX_CARDS:
        raise ValueError(f"at most {MAX_CARDS} stacked deals; got {len(deck)}")
    return tuple(check_deck(one, parse, size, **options) for one in deck)


def _codes(deck: Any, example: str) -> list[str]:
    hint = f", e.g. {example}" if example else ""
    if isinstance(deck, (str, bytes)) or not isinstance(deck, (Sequence, tuple)):
        raise TypeError(f"a stacked deck is a list of card codes in draw order{hint}; not {type(deck).__name__}")
    if len(deck) > MAX_CARDS:
        raise ValueError(f"a stacked deck has at most a few dozen cards; got {len(deck)} items")
    for code in deck:
        if not isinstance(code, str):
            raise TypeError(f"a stacked deck holds card codes (strings){hint}; not {_short(code)}")
    return list(deck)


def _is_codes(deck: Any) -> bool:
    return (
        isinstance(deck, Sequence)
        and not isinstance(deck, (str, bytes))
        and all(isinstance(code, str) for code in deck)
    )


def _short(value: Any) -> str:
    return excerpt(value, 30)  # never the repr of a whole huge value
