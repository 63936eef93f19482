"""Fast copies of Bronko-Donko's frozen slot dataclasses (State, Tally, Settle) with some fields changed.

A frozen dataclass refuses attribute assignment, so a generic copy (``core.game.replace``)
sets each slot through its descriptor's ``__set__``: for the 37 fields of State that was
about 4 µs a copy, the largest item of a random playout's profile.

Here a copy is built as an instance of a *twin*: a plain class with exactly the same
``__slots__``, hence the same memory layout, whose attribute stores are ordinary (and
specialised by the interpreter, a few ns each).  The finished object then becomes an
instance of the frozen class by ``__class__`` assignment, which CPython allows between
classes of identical layout.  The result is an ordinary State (same class, same fields,
equal, hashable, picklable, immutable to everybody else); nothing else ever sees the twin.

``replacer(cls)`` is the keyword form (like ``core.game.replace``); ``updater(cls, *names)``
takes the changed fields by position, for the updates made on every decision.

``transient(cls)`` gives ``thaw`` and ``freeze`` for a chain of automatic steps (Bronko-Donko's
settlement and next deal run a dozen of them after one decision): ``thaw(obj)`` is a twin
copy whose fields the steps set directly (``s.turn = ...``: a plain slot store, where a
keyword replace pays for a dict and a setattr per field), and ``freeze`` makes it the
frozen class once the chain is done.  A transient never escapes the code that thawed it.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

_TWINS: dict[type, type] = {}


def _twin(cls: type) -> type:
    twin = _TWINS.get(cls)
    if twin is None:
        twin = _TWINS[cls] = type(f"_{cls.__name__}Twin", (), {"__slots__": cls.__slots__})
    return twin


def _build(cls: type, header: str, value: Callable[[str], str], name: str) -> Callable[..., Any]:
    fields = [f.name for f in dataclasses.fields(cls)]
    lines = [header, "    n = _new(_twin)"]
    lines += [f"    n.{f} = {value(f)}" for f in fields]
    lines += ["    n.__class__ = _cls", "    return n"]
    namespace = {"_new": object.__new__, "_twin": _twin(cls), "_cls": cls}
    exec("\n".join(lines), namespace)
    return namespace[name]


def replacer(cls: type) -> Callable[..., Any]:
    """``f(obj, **changes)``: a copy of ``obj`` (an instance of ``cls``) with ``changes``.

    The changes arrive as one dict and are stored on the twin by name: with a keyword
    parameter per field instead, Python fills every field not named from the defaults,
    one dict lookup each, which cost more than the copy itself.
    """
    fields = [f.name for f in dataclasses.fields(cls)]
    name = f"replace_{cls.__name__}"
    lines = [f"def {name}(o, **changes):", "    n = _new(_twin)"]
    lines += [f"    n.{f} = o.{f}" for f in fields]
    lines += ["    for k, v in changes.items():", "        setattr(n, k, v)",
              "    n.__class__ = _cls", "    return n"]
    namespace = {"_new": object.__new__, "_twin": _twin(cls), "_cls": cls}
    exec("\n".join(lines), namespace)
    return namespace[name]


def updater(cls: type, *names: str) -> Callable[..., Any]:
    """``f(obj, v1, v2, ...)``: a copy of ``obj`` with the fields ``names`` set to v1, v2, ..."""
    fields = [f.name for f in dataclasses.fields(cls)]
    missing = [n for n in names if n not in fields]
    if missing or not names or len(set(names)) != len(names):
        raise TypeError(f"bad field list for {cls.__name__}: {names}")
    name = f"update_{cls.__name__}"
    header = f"def {name}(o, {', '.join(names)}):"
    return _build(cls, header, lambda f: f if f in names else f"o.{f}", name)


def transient(cls: type) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """``(thaw, freeze)`` for ``cls``: a mutable twin copy of an object, and the finished object."""
    fields = [f.name for f in dataclasses.fields(cls)]
    lines = [f"def thaw_{cls.__name__}(o):", "    n = _new(_twin)"]
    lines += [f"    n.{f} = o.{f}" for f in fields]
    lines.append("    return n")
    twin = _twin(cls)
    namespace = {"_new": object.__new__, "_twin": twin}
    exec("\n".join(lines), namespace)
    setattr_ = object.__setattr__

    def freeze(obj):
        setattr_(obj, "__class__", cls)  # also fine on an object that is already a cls
        return obj

    return namespace[f"thaw_{cls.__name__}"], freeze
