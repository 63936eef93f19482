"""Every engine record lists its fields once, in its constructor's order (FIELDS drives ==, repr, pickle),
and its ``replace`` takes exactly those fields as keywords and changes only the ones given."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict

import pytest

import cardgames
from cardgames.core.record import Record

from .test_protocol import random_playout


def engine_records() -> list[type[Record]]:
    """Every record class with fields defined in a module of the package."""
    found = {}
    for info in pkgutil.walk_packages(cardgames.__path__, "cardgames."):
        if info.name.startswith("cardgames.widgets"):
            continue
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if isinstance(cls, type) and issubclass(cls, Record) and cls is not Record and cls.FIELDS:
                found[cls.__module__, cls.__qualname__] = cls
    return list(found.values())


def parameters(function) -> list[inspect.Parameter] | None:
    """The parameters after ``self``; None where a compiled function has no signature (the pure run checks it)."""
    try:
        params = list(inspect.signature(function).parameters.values())[1:]
    except (TypeError, ValueError):
        return None
    if [p.name for p in params] == ["args", "kwargs"]:  # mypyc reports (*args, **kwargs)
        return None
    return params


@pytest.mark.parametrize("name", cardgames.games())
def test_every_record_lists_its_fields_in_constructor_order(name):
    records = [cls for cls in engine_records() if cls.__module__.startswith(f"cardgames.{name}.")]
    assert records
    for cls in records:
        params = parameters(cls.__init__)
        if params is not None:
            assert [p.name for p in params] == list(cls.FIELDS), f"{name}.{cls.__name__}"


def test_every_replace_takes_exactly_the_fields_as_keywords():
    records = engine_records()
    assert len(records) > 30  # the five games' states and their parts
    for cls in records:
        if "replace" not in vars(cls):
            continue
        params = parameters(cls.replace)
        if params is None:
            continue
        assert [p.name for p in params] == list(cls.FIELDS), cls.__qualname__
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params), cls.__qualname__


def records_in(value, out: dict[type, list[Record]], seen: set[int]) -> None:
    """Collect every record reachable from ``value`` (through records and tuples)."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Record):
        out[type(value)].append(value)
        for item in value.values():
            records_in(item, out, seen)
    elif isinstance(value, tuple):
        for item in value:
            records_in(item, out, seen)


@pytest.mark.parametrize("name", cardgames.games())
def test_replace_changes_the_named_field_and_copies_every_other(name):
    """For each field, a record takes the value of another record of its kind that differs there."""
    game = cardgames.load(name)
    found: dict[type, list[Record]] = defaultdict(list)
    seen: set[int] = set()
    for seed in range(6):
        final = random_playout(game, seed, check=lambda state, *_: records_in(state, found, seen))
        records_in(final, found, seen)
    checked = 0
    for cls, instances in found.items():
        first = instances[0]
        if not hasattr(first, "replace"):  # a record never updated (a card formation, a catalog entry)
            continue
        assert first.replace() == first and first.replace() is not first
        for field in cls.FIELDS:
            other = next((r for r in instances if getattr(r, field) != getattr(first, field)), None)
            if other is None:
                continue
            value = getattr(other, field)
            later = first.replace(**{field: value})
            assert getattr(later, field) == value, f"{cls.__qualname__}.{field}"
            for kept in cls.FIELDS:
                if kept != field:
                    assert getattr(later, kept) == getattr(first, kept), f"{cls.__qualname__}.replace({field}=...)"
            checked += 1
    assert checked >= 10
