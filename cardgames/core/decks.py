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

from .errors import InputError
from .i18n import Catalog
from .inputs import excerpt

_, ngettext = Catalog("cardgames").functions()

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
        raise ValueError(_("a stacked deck has at most {size} cards; got {count}").format(size=size, count=len(codes)))
    cards: list[C] = []
    seen: dict[C, int] = {}
    for code in codes:
        try:
            card = parse(code)
        except (TypeError, ValueError) as error:
            raise ValueError(
                _("stacked deck: {code} is not a card: {reason}").format(code=_short(code), reason=error)
            ) from None
        seen[card] = seen.get(card, 0) + 1
        allowed = copies(card) if copies is not None else 1
        if seen[card] > allowed:
            if allowed == 1:
                message = _("stacked deck: {code} is given twice; the deck holds it once")
            else:
                message = _(
                    "stacked deck: {code} is given more than {allowed} times; the deck holds it {allowed} times"
                )
            raise ValueError(message.format(code=_short(code), allowed=allowed))
        cards.append(card)
    if whole and len(cards) != size:
        raise ValueError(
            _("a stacked deck lists all {size} cards of the deck in draw order; {missing} are missing").format(
                size=size, missing=size - len(cards)
            )
        )
    return tuple(cards)


def check_decks(deck: Any, parse: Callable[[str], C], size: int, **options: Any) -> tuple[tuple[C, ...], ...]:
    """One deck or a list of decks (successive deals): each checked with :func:`check_deck`."""
    if isinstance(deck, Sequence) and len(deck) > MAX_CARDS:
        raise ValueError(_("a stacked deck has at most a few dozen cards; got {count} items").format(count=len(deck)))
    if _is_codes(deck):
        return (check_deck(deck, parse, size, **options),)
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        check_deck(deck, parse, size, **options)  # raises the message for what is not a deck
    if len(deck) > MAX_CARDS:
        raise ValueError(_("at most {limit} stacked deals; got {count}").format(limit=MAX_CARDS, count=len(deck)))
    return tuple(check_deck(one, parse, size, **options) for one in deck)


def _codes(deck: Any, example: str) -> list[str]:
    if isinstance(deck, (str, bytes)) or not isinstance(deck, (Sequence, tuple)):
        if example:
            message = _("a stacked deck is a list of card codes in draw order, e.g. {example}; not {kind}")
        else:
            message = _("a stacked deck is a list of card codes in draw order; not {kind}")
        raise InputError(message.format(example=example, kind=type(deck).__name__))
    if len(deck) > MAX_CARDS:
        raise ValueError(_("a stacked deck has at most a few dozen cards; got {count} items").format(count=len(deck)))
    for code in deck:
        if not isinstance(code, str):
            if example:
                message = _("a stacked deck holds card codes (strings), e.g. {example}; not {value}")
            else:
                message = _("a stacked deck holds card codes (strings); not {value}")
            raise InputError(message.format(example=example, value=_short(code)))
    return list(deck)


def _is_codes(deck: Any) -> bool:
    return (
        isinstance(deck, Sequence)
        and not isinstance(deck, (str, bytes))
        and all(isinstance(code, str) for code in deck)
    )


def _short(value: Any) -> str:
    return excerpt(value, 30)  # never the repr of a whole huge value
