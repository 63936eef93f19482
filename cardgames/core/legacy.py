# mypy: ignore-errors
"""Copy helpers of the engines written before the Record idiom (core/record.py).

They made immutable states fast in plain Python: positional updates, generated copy
functions, twin classes.  Engines converted to Records no longer use them; this module
goes when the last engine is converted (issue 14).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from .game import Action


def among(action: Any, actions: tuple) -> bool:
    """Is ``action`` one of ``actions``?  The very object offered is found without any
    ``__eq__`` call (action dataclasses compare field by field in Python); an equal action
    built by hand is found by comparison."""
    for offer in actions:
        if offer is action:
            return True
    return isinstance(action, Action) and action in actions


def set_at(values: tuple, i: int, value: Any) -> tuple:
    """``values`` with item ``i`` replaced: a per-seat tuple after one seat's change."""
    return values[:i] + (value,) + values[i + 1:]


def add_at(values: tuple, i: int, amount: Any) -> tuple:
    """``values`` with ``amount`` added to item ``i`` (a per-seat count or tally)."""
    return values[:i] + (values[i] + amount,) + values[i + 1:]


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of an immutable record with some fields changed.

    Works for NamedTuples (the fastest record in CPython: one list copy) and for frozen
    slot dataclasses, without ``dataclasses.replace``'s per-call overhead.
    """
    cls = type(obj)
    if isinstance(obj, tuple):
        index = _INDEX.get(cls)
        if index is None:
            index = _INDEX[cls] = {name: i for i, name in enumerate(cls._fields)}
        values = list(obj)
        for name, value in changes.items():
            values[index[name]] = value
        return tuple.__new__(cls, values)
    replacer = _REPLACERS.get(cls)
    if replacer is None:
        replacer = _REPLACERS[cls] = _dataclass_replacer(cls)
    return replacer(obj, **changes)


def updater(cls: type, *names: str) -> Callable[..., Any]:
    """A fast ``replace`` for one record class and a fixed set of fields, taken by position.

    ``updater(State, "trail", "deal")(state, trail, deal)`` is ``replace(state, trail=trail,
    deal=deal)`` without keyword handling or a field lookup per call: for the few updates
    an engine makes on every decision.  Works for NamedTuples and frozen slot dataclasses.
    """
    fields = _fields(cls)
    missing = [n for n in names if n not in fields]
    if missing or not names or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(missing)}" if missing
                        else f"name some fields of {cls.__name__}, each once")
    header = f"def update_{cls.__name__}(o, {', '.join(names)}):"
    if issubclass(cls, tuple):
        lines = [header, "    v = _list(o)", *(f"    v[{fields.index(n)}] = {n}" for n in names),
                 "    return _new(_cls, v)"]
        namespace = {"_list": list, "_new": tuple.__new__, "_cls": cls}
        exec("\n".join(lines), namespace)
        return namespace[f"update_{cls.__name__}"]
    return _twin_function(cls, header, [f"    n.{f} = {f if f in names else 'o.' + f}" for f in fields],
                          f"update_{cls.__name__}")


def replacer(cls: type) -> Callable[..., Any]:
    """``replace`` specialised to one record class: ``replacer(State)(state, turn=2)``.

    For a frozen slots dataclass this is the generated copy that ``replace`` itself
    uses, without the per-call lookup of the class.
    """
    if issubclass(cls, tuple):
        return replace
    found = _REPLACERS.get(cls)
    if found is None:
        found = _REPLACERS[cls] = _dataclass_replacer(cls)
    return found


def maker(cls: type) -> Callable[..., Any]:
    """A positional constructor of a frozen slots dataclass that skips ``__init__``'s stores.

    ``maker(State)(a, b, c)`` equals ``State(a, b, c)`` for a dataclass without defaults
    or ``__post_init__``; a frozen ``__init__`` sets each field with
    ``object.__setattr__``, which made it a fifth of Three Bridges' playout.
    """
    if not dataclasses.is_dataclass(cls) or getattr(cls, "__post_init__", None) is not None:
        raise TypeError(f"maker() is for frozen slots dataclasses without __post_init__, not {cls.__name__}")
    fields = _fields(cls)
    return _twin_function(cls, f"def make_{cls.__name__}({', '.join(fields)}):", [f"    n.{f} = {f}" for f in fields],
                          f"make_{cls.__name__}")


def transient(cls: type) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """``(thaw, freeze)`` for a frozen slots dataclass: a mutable copy, and that copy made final.

    For a chain of automatic steps after one decision (a settlement, the next deal):
    ``s = thaw(state)`` copies once, the steps set fields directly (``s.turn = 2``), and
    ``freeze(s)`` turns the copy into an ordinary frozen instance of ``cls``.  A thawed
    copy must never leave the code that thawed it; the input is never touched.
    """
    fields = _fields(cls)
    thaw = _twin_function(cls, f"def thaw_{cls.__name__}(o):", [f"    n.{f} = o.{f}" for f in fields],
                          f"thaw_{cls.__name__}", freeze=False)
    set_class = object.__setattr__

    def freeze(obj: Any) -> Any:
        set_class(obj, "__class__", cls)  # also fine on an object that is already a cls
        return obj

    return thaw, freeze


_INDEX: dict[type, dict[str, int]] = {}
_REPLACERS: dict[type, Callable[..., Any]] = {}
_TWINS: dict[type, type] = {}


def _fields(cls: type) -> list[str]:
    return list(cls._fields) if issubclass(cls, tuple) else [f.name for f in dataclasses.fields(cls)]


def _twin(cls: type) -> type:
    """A plain class with exactly the slots of the frozen dataclass ``cls``.

    A frozen dataclass refuses attribute stores, so a copy would set each slot through
    its descriptor (``__set__``), a call per field: a 37-field state cost about 4 µs a
    copy.  A copy is instead built as a twin, whose stores are ordinary slot stores, and
    then becomes a ``cls`` by ``__class__`` assignment, which CPython allows between
    classes of identical layout.  The result is an ordinary instance of ``cls``.
    """
    twin = _TWINS.get(cls)
    if twin is None:
        twin = type(f"_{cls.__name__}Twin", (), {"__slots__": cls.__slots__})
        probe = object.__new__(twin)
        object.__setattr__(probe, "__class__", cls)  # TypeError here if the layouts differ
        _TWINS[cls] = twin
    return twin


def _twin_function(cls: type, header: str, body: list[str], name: str, freeze: bool = True,
                   **names: Any) -> Callable[..., Any]:
    """Compile ``header`` + ``body`` into a function that fills a new twin ``n`` of ``cls``."""
    lines = [header, "    n = _new(_twin)", *body] + (["    n.__class__ = _cls"] if freeze else []) + ["    return n"]
    namespace = {"_new": object.__new__, "_twin": _twin(cls), "_cls": cls, **names}
    exec("\n".join(lines), namespace)
    return namespace[name]


def _dataclass_replacer(cls: type) -> Callable[..., Any]:
    """``replace`` specialised to one frozen slots dataclass (built on its twin, see ``_twin``).

    The changes arrive as one dict and are stored by name: with a keyword parameter per
    field instead, Python fills every field not named from its default, which for a wide
    state cost more than the copy itself.
    """
    fields = _fields(cls)
    body = [f"    n.{f} = o.{f}" for f in fields]
    body += ["    for k, v in changes.items():",
             "        if k not in _names:",
             "            raise TypeError(f'{_cls.__name__} has no field {k!r}')",
             "        _set(n, k, v)"]
    return _twin_function(cls, f"def replace_{cls.__name__}(o, **changes):", body, f"replace_{cls.__name__}",
                          _names=frozenset(fields), _set=setattr)
