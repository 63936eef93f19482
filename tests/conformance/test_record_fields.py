"""Every engine record lists its fields once, in its constructor's order (FIELDS drives ==, repr, pickle, replace)."""

from __future__ import annotations

import inspect

import pytest

import cardgames
from cardgames.core.record import Record


@pytest.mark.parametrize("name", cardgames.games())
def test_every_record_lists_its_fields_in_constructor_order(name):
    module = __import__(f"cardgames.{name}.rules", fromlist=["*"])
    records = [
        cls
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, Record) and cls is not Record and cls.FIELDS
    ]
    for cls in records:
        try:
            params = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
        except (TypeError, ValueError):  # a compiled constructor has no signature; the pure run checks it
            continue
        if params == ["args", "kwargs"]:  # likewise: mypyc reports (*args, **kwargs)
            continue
        assert params == list(cls.FIELDS), f"{name}.{cls.__name__}"
