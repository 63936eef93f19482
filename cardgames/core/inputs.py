"""What a user may hand in, and how it is quoted back: bounded sizes and short excerpts.

Classroom game files are shared and pasted; an action text, a record or an option may be
anything.  Every such input is bounded before any work is done on it, and an error
message quotes at most a short excerpt of it, so a hostile or mistaken input costs little
and never floods a notebook.
"""

from __future__ import annotations

import json
import numbers
from collections.abc import Sequence
from typing import Any

from .i18n import Catalog, get_language

_, ngettext = Catalog("cardgames").functions()

MAX_ACTION_TEXT = 1_000  # characters: the longest legal action text of any game is a few dozen
MAX_RECORD_BYTES = 5_000_000  # a record file: a long tournament is well under 1 MB
MAX_JSON_DEPTH = 20  # records and options nest four or five levels deep
MAX_NUMBER_DIGITS = 30  # no seed, count or option of any game needs more
EXCERPT = 60


def thousands(number: int) -> str:
    """A whole number with its thousands grouped as the language in use writes them: 1,000 in English, 1.000 in German."""
    text = f"{number:,}"
    return text.replace(",", ".") if get_language() == "de" else text


def either(items: Sequence[str]) -> str:
    """``a, b or c`` in the language in use (``a, b oder c``): the choices a message offers."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """``value`` as a message quotes what a user handed in, cut to ``limit`` characters.

    A string is quoted as :func:`quote` quotes it, in the quotes of the language in use ('frob',
    „frob“ in German), with control characters escaped as ``repr`` escapes them; anything else
    is its ``repr``.
    """
    if isinstance(value, str):
        escaped = repr(value[: 4 * limit])[1:-1]  # repr of a huge string is never built
        return quote(escaped, limit - 2)
    if isinstance(value, (list, tuple)) and len(value) > limit:
        value = type(value)(value[:limit])  # nor of a huge list: its first items are all a message shows
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * MAX_NUMBER_DIGITS:
        return _("<an integer of about {digits} digits>").format(digits=int(value.bit_length() * 0.30103))
    text = repr(value)
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def quote(text: str, limit: int = EXCERPT) -> str:
    """Words a message repeats to a person (what he typed, a move as its button names it) in the quotes of the
    language in use, 'L-U' („L-U“ in German), cut to ``limit`` characters as :func:`excerpt` cuts."""
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return _("'{text}'").format(text=text)


def integer(value: Any, what: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` as an int (numpy integers too, bools not), within the bounds, or a ValueError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(_("{what} must be a whole number, not {value}").format(what=what, value=excerpt(value)))
    number = int(value)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        if minimum is not None and maximum is not None:
            message = _("{what} must be a whole number from {minimum} to {maximum}, not {value}")
        elif minimum is not None:
            message = _("{what} must be a whole number of at least {minimum}, not {value}")
        else:
            message = _("{what} must be a whole number of at most {maximum}, not {value}")
        raise ValueError(message.format(what=what, minimum=minimum, maximum=maximum, value=excerpt(number)))
    return number


def check_json_text(text: str, what: str | None = None) -> None:
    """Refuse JSON text nested deeper than :data:`MAX_JSON_DEPTH` or with over-long numbers, before parsing it.

    ``what`` names the text in the message (default: the record).
    """
    what = _("the record") if what is None else what
    depth = 0
    digits = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise ValueError(
                    _("{what} is nested more than {depth} levels deep; no record or option of cardgames is").format(
                        what=what, depth=MAX_JSON_DEPTH
                    )
                )
        elif char in "]}":
            depth -= 1
        if char.isdigit():
            digits += 1
            if digits > MAX_NUMBER_DIGITS:
                raise ValueError(
                    _(
                        "{what} holds a number of more than {digits} digits; "
                        "no seed, count or option of a game is that long"
                    ).format(what=what, digits=MAX_NUMBER_DIGITS)
                )
        else:
            digits = 0


def check_nesting(value: Any, what: str, limit: int = MAX_JSON_DEPTH) -> None:
    """Refuse a Python value (lists, tuples, dicts) nested deeper than ``limit``, without recursion."""
    stack = [(value, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth > limit:
                raise ValueError(_("{what} is nested more than {depth} levels deep").format(what=what, depth=limit))
            seen += len(item)
            if seen > 10 * MAX_RECORD_BYTES // 100:
                raise ValueError(_("{what} is far larger than any game needs").format(what=what))
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def loads(text: str, what: str | None = None) -> Any:
    """``json.loads`` of bounded text: depth and number lengths checked first, a clear ValueError otherwise.

    ``what`` names the text in the messages (default: the record).
    """
    what = _("the record") if what is None else what
    check_json_text(text, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            _("{what} is not valid JSON ({reason} at line {line}); was the file cut short or edited?").format(
                what=what, reason=error.msg, line=error.lineno
            )
        ) from None
