"""Tables of a game's data as a person reads them: a display copy of a pandas DataFrame.

The API's frames (``pd.DataFrame(game_log(state))``, ``pd.DataFrame(settlement.rows())``,
``fight_log``, ``trick_table`` ...) keep English column names and 0-based seats: code reads
them.  A class reads :func:`for_people`'s copy instead: each column under its heading in the
language in use (``declarer`` is "Spielender"), a seat by the name the game gives it
(``game.seat_name``: seat 0 is "Spieler 1"), ``True``/``False`` as ja/nein, none as –, a
list of seats as their names and a list with one value per seat labelled by seat, rows
counted from 1.

>>> import pandas as pd, cardgames
>>> from cardgames_widgets.frames import for_people
>>> game = cardgames.load("brokdorf", players=4)
>>> for_people(pd.DataFrame([{"player": 0, "loser": True}]), game, "de")
     Spieler Verlierer
1  Spieler 1        ja
"""

from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any

import cardgames
from cardgames.core import i18n

from . import faces
from .actions import cell, column_label, minus, own_value
from .texts import N_, NP_, _, chosen, decimal, game_text, in_context

__all__ = ["for_people", "heading"]

#: the columns of the games' logs that the settlement headings (``actions.COLUMNS``) do not name
COLUMNS = {
    "game_id": N_("game number"),
    "seed": N_("seed"),
    "agent": N_("agent"),
    "declarer": N_("declarer"),
    "contract": N_("contract"),
    "trump": N_("trump suit"),
    "mit": N_("MIT"),
    "weg": N_("WEG"),
    "changes": N_("point changes"),
    "dealer": N_("dealer"),
    "game": N_("game"),
    "round": N_("round"),
    "trick": N_("trick"),
    "fight": N_("fight"),
    "bronko": N_("Bronko"),
    "schlagkraft": N_("Schlagkraft"),
    "knocked_out": N_("knocked out"),
    "counted": N_("angezählt"),
    "vest_off": N_("vest off"),
    "row": N_("row of cards"),
    "led suit": N_("led suit"),
    "target": N_("target"),
    "decision": N_("decision game"),
    "change": N_("point change"),
    "plus_five": N_("plus five"),
    "made": N_("contract made"),
    "played": N_("played out"),
    "violators": N_("caught violating"),
}
#: where a game calls a column by its own word: a game of Bronko-Donko is a Partie (BD-3.1), its fight a Schlägerei
OWN_COLUMNS = {
    ("bronko_donko", "game"): NP_("bronko_donko", "game"),
    ("bronko_donko", "fight"): NP_("bronko_donko", "fight"),
}
#: columns whose whole numbers are seats (a True/False in such a column stays yes/no)
SEATS = frozenset({"player", "declarer", "dealer", "loser", "bronko", "mit", "weg", "violators"})
#: columns whose words are the game's own (Rowdy Partners' suits): its catalog translates them
GAME_WORDS = frozenset({"led suit"})
#: columns that count from 0 in the data, as the API does, and from 1 for people (the first game is game 1)
COUNTED = frozenset({"game_id"})
#: columns holding one value per seat, in seat order
PER_SEAT = frozenset({"tricks", "changes"})


def heading(column: Any, game: Any = None) -> str:
    """A column's heading in the language in use: the game's own word, the logs' and the settlements' headings."""
    if isinstance(column, tuple):  # a column of several levels (a pivot's)
        return " · ".join(heading(part, game) for part in column)
    name = str(column)
    own = OWN_COLUMNS.get((_game_name(game), name))
    if own is not None:
        return in_context(*own)
    if name in COLUMNS:
        return _(COLUMNS[name])
    return column_label(name, game)


def for_people(frame: Any, game: Any, language: str | None = None) -> Any:
    """A display copy of ``frame`` in ``language`` (``"de"``, ``"en"``; default the language in use).

    ``game`` is the game the frame is about (a loaded game, e.g. ``table.game``, or its name):
    it names the seats.  Headings and words are translated, seats named from 1, games
    (``game_id``) and rows numbered from 1, yes/no for ``True``/``False``, – for none;
    ``frame`` itself is left as it is.
    """
    import pandas as pd

    if isinstance(game, str):
        game = cardgames.load(game)
    with i18n.language(chosen(language)):
        # by position: two columns may share a name, or a heading
        shown = pd.DataFrame(
            {at: _column(str(column), frame.iloc[:, at].tolist(), game) for at, column in enumerate(frame.columns)},
            index=range(len(frame)),
        )
        shown.columns = pd.Index([heading(column, game) for column in frame.columns])
        shown.index = _index(frame.index, game)
        shown.columns.name = heading(frame.columns.name, game) if frame.columns.name else None
        return shown


def _game_name(game: Any) -> str:
    return str(getattr(game, "name", game or ""))


def _index(index: Any, game: Any) -> Any:
    """Rows counted from 1 where the frame only numbers them; a named index (a position, a seat) under its heading."""
    import pandas as pd

    if isinstance(index, pd.MultiIndex):
        return index.set_names([heading(name, game) if name is not None else None for name in index.names])
    if index.name is None:
        return pd.Index([int(i) + 1 for i in index]) if all(isinstance(i, Integral) for i in index) else index
    values = _column(str(index.name), list(index), game)
    return pd.Index(values, name=heading(index.name, game))


def _missing(value: Any) -> bool:
    """None, NaN or pandas' NA (what a frame holds where a row has no value)."""
    import pandas as pd

    return value is None or value is pd.NA or value is pd.NaT or (isinstance(value, float) and math.isnan(value))


def _column(column: str, values: list[Any], game: Any) -> list[str]:
    """A column's values as words; its numbers all whole (a count stored as float beside a NaN) shown whole."""
    numbers = [v for v in values if isinstance(v, Real) and not isinstance(v, bool) and not _missing(v)]
    whole = all(float(v).is_integer() for v in numbers)
    return [_value(column, value, game, whole) for value in values]


def _value(column: str, value: Any, game: Any, whole: bool) -> str:
    if isinstance(value, (list, tuple)):
        if column in PER_SEAT and game is not None:
            return ", ".join(f"{game.seat_name(seat)}: {_value('', v, game, True)}" for seat, v in enumerate(value))
        return ", ".join(_value(column, v, game, whole) for v in value) if value else "–"
    if _missing(value):
        return "–"
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        value = value.item()  # a numpy scalar as the Python number it holds
    if isinstance(value, bool):
        return cell(value)
    if isinstance(value, Integral):
        if column in SEATS and game is not None and 0 <= int(value) < game.players:
            return game.seat_name(int(value))
        return minus(str(int(value) + (column in COUNTED)))
    if isinstance(value, Real):
        number = float(value)  # a float or a Fraction (euros)
        return minus(str(int(number))) if whole and number.is_integer() else minus(decimal(f"{number:.2f}"))
    if column == "trump" and isinstance(value, str):
        return _suit(value, game)
    if column in GAME_WORDS and isinstance(value, str) and game is not None:
        return game_text(game, value)
    return own_value(game, column, value) or cell(value)


def _suit(letter: str, game: Any) -> str:
    """A trump suit's letter as its symbol and, in German, its name (Brokdorf's ``C`` is "♣ Kreuz")."""
    suits = getattr(faces.for_game(_game_name(game)), "SUITS", {}) if game is not None else {}
    entry = suits.get(letter)
    if entry is None:
        return letter
    symbol, name = entry[0], entry[-1]
    return f"{symbol} {name}" if i18n.get_language() == "de" else symbol
