"""Records: the immutable values a state is made of, updated by field name.

A record is a plain class with annotated fields, its field names once in ``FIELDS``
(the order of ``__init__``'s parameters), an explicit ``__init__`` and a ``replace`` that
takes each field as a keyword and copies every field not given::

    class Trick(Record):
        FIELDS = ("leader", "cards", "best")
        leader: int
        cards: tuple[Card, ...]
        best: int

        def __init__(self, leader: int, cards: tuple[Card, ...] = (), best: int = 0) -> None:
            self.leader = leader
            self.cards = cards
            self.best = best

        def replace(
            self,
            *,
            leader: int | Keep = KEEP,
            cards: tuple[Card, ...] | Keep = KEEP,
            best: int | Keep = KEEP,
        ) -> Trick:
            return Trick(
                leader=self.leader if leader is KEEP else leader,
                cards=self.cards if cards is KEEP else cards,
                best=self.best if best is KEEP else best,
            )

``trick.replace(cards=trick.cards + (card,), best=i)`` is a new trick; ``trick`` is as it
was.  ``KEEP`` is the default of every parameter rather than ``None``, so that a field that
may hold ``None`` can be set to it.  mypy checks each change against the field's type, and a
name that is not a field is refused (``TypeError: ... unexpected keyword argument``).

Compiled with mypyc such a class is a native class: its fields are C fields, and
``__init__`` and ``replace`` are C functions called directly, with no dictionary of changes
in between.  Uncompiled it is ordinary Python.  A record is never changed after ``__init__``
or ``replace`` returned it; the conformance tests check that ``apply`` leaves every state
as it was.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

R = TypeVar("R", bound="Record")


class Keep(Enum):
    """The default of every ``replace`` parameter: the field is copied unchanged."""

    KEEP = "keep"

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = Keep.KEEP


@mypyc_attr(allow_interpreted_subclasses=True)
class Record:
    """Base of immutable records: equality, hash, repr, pickling and deep copies from ``FIELDS``."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        """The field values, in ``FIELDS`` order."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Record) and type(other) is type(self) and self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.values())  # pickle, copy and deepcopy rebuild through __init__
