"""Records: the immutable values a state is made of, updated by field name.

A record is a plain class with annotated fields, its field names once in ``FIELDS``
(the order of ``__init__``'s parameters), an explicit ``__init__`` and a ``replace`` that
copies by keyword and then sets the changes by name::

    class Trick(Record):
        FIELDS = ("leader", "cards", "best")
        leader: int
        cards: tuple[Card, ...]
        best: int

        def __init__(self, leader: int, cards: tuple[Card, ...] = (), best: int = 0) -> None:
            self.leader = leader
            self.cards = cards
            self.best = best

        def replace(self, **changes: Any) -> Trick:
            return changed(Trick(leader=self.leader, cards=self.cards, best=self.best), changes)

Compiled with mypyc such a class is a native class: its fields are C fields, ``__init__``
is C code, and ``replace`` checks the type of every change.  Uncompiled it is ordinary
Python.  A record is never changed after ``__init__`` or ``replace`` returned it; the
conformance tests check that ``apply`` leaves every state as it was.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

R = TypeVar("R", bound="Record")


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


def changed(new: R, changes: dict[str, Any]) -> R:
    """``new`` (a fresh copy made by a ``replace``) with ``changes`` set by field name."""
    kind = type(new)
    names = _FIELD_NAMES.get(kind)
    if names is None:  # once per record class: its field names as a set, each change looked up by hash
        names = _FIELD_NAMES[kind] = frozenset(new.FIELDS)
    for name, value in changes.items():
        if name not in names:
            raise TypeError(f"{kind.__name__} has no field {name!r}; its fields are {', '.join(new.FIELDS)}")
        setattr(new, name, value)
    return new


_FIELD_NAMES: dict[type, frozenset[str]] = {}
