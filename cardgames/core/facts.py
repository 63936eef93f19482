"""What a step did and what an action names, as data: the log, ``describe`` and the widgets read these.

A step's sentence is made for people; a program that wants to know which clauses a step
applied, which cards it moved or which seats it concerned reads its :class:`Fact` records
(``game.facts(before, action, after)`` or ``step.facts``), and a program that wants to
know what an action does with which cards reads its :class:`ActionParts`
(``game.action_parts(action)``).  Neither is ever read back from a text, so a widget finds
the same clauses and cards whatever the language of the sentences.

Facts are made when asked for (``advance``, ``explain``, ``describe``, ``facts``), never by
``apply``: simulation does not pay for words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    """One thing a step did or told, with its words in the language in use when it was told.

    ``kind`` names what happened in the game's own terms (``"place"``, ``"round"``, ``"reveal"``);
    ``clauses`` are the ids of the rules it applied, each written in ``text`` as it is
    (``"TB-4.3"``); ``seats`` the seats it concerns (0-based, the one who acted first);
    ``cards`` the codes of the cards it moved or named, as ``hand`` and ``layout`` write them;
    ``amounts`` the numbers it settled, by name (``{"round": 2}``).
    """

    kind: str
    text: str
    clauses: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    amounts: Mapping[str, int] | None = None

    def __str__(self) -> str:
        return self.text


def clauses_of(facts: Iterable[Fact]) -> tuple[str, ...]:
    """The clause ids the facts cite, each once, in the order they first appear."""
    return tuple(dict.fromkeys(clause for fact in facts for clause in fact.clauses))


def cards_of(facts: Iterable[Fact]) -> tuple[str, ...]:
    """The card codes the facts name, each once, in the order they first appear."""
    return tuple(dict.fromkeys(card for fact in facts for card in fact.cards))


@dataclass(frozen=True)
class ActionParts:
    """An action as data: its verb, its words, and the cards it uses.

    ``verb`` is the first word of its canonical text (``play``, ``place``, ``deploy``) and
    ``args`` the words after it, as the text writes them (``("Chr=E", "B")``), so that
    ``str(action) == " ".join((verb,) + args)``.  ``named`` are the words of ``args`` that
    name a card (``"Chr=E"``) and ``cards`` the same cards as the hand holds them (``"Chr"``),
    one for each.
    """

    verb: str
    args: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.named) != len(self.cards):
            raise ValueError(f"each named card needs its hand code: {self.named} against {self.cards}")

    @property
    def text(self) -> str:
        """The action's canonical text, made from its parts."""
        return " ".join((self.verb,) + self.args)

    def with_card(self, card: str) -> str:
        """The text of the same action with its first card replaced by ``card`` (of the hand).

        An action with one card keeps its other words (``place H-X B`` with ``Chr`` is
        ``place Chr B``); one with several cards becomes its verb and ``card``.
        """
        if len(self.named) != 1:
            return f"{self.verb} {card}"
        named = self.named[0]
        return " ".join((self.verb,) + tuple(card if word == named else word for word in self.args))


def words(verb: str, *args: object) -> ActionParts:
    """The parts of an action that names no card: its verb and its words."""
    return ActionParts(verb, tuple(str(a) for a in args))


__all__ = ["ActionParts", "Fact", "cards_of", "clauses_of", "words"]
