"""The protocol every game implements, declared as data and checked in one place.

A game is a :class:`Game` subclass with a :class:`GameSpec` (player counts, options,
settlement bounds; in the manner of OpenSpiel's ``GameType``/``GameInfo``) and an
immutable State (a :class:`~cardgames.core.record.Record`).  The rules live in the game's
``rules.py``; this module holds what all games share: option checking, the turn check in
front of ``apply``, parsing with a clear error, the history every state carries for
``record``/``replay``, and the setup that marks a player's view (:func:`view_setup`).
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from .errors import IllegalMove, InputError, SeatError
from .facts import ActionParts, Fact
from .i18n import Catalog
from .inputs import MAX_ACTION_TEXT, excerpt, thousands

_, ngettext = Catalog("cardgames").functions()


def game_text(domain: str, message: str) -> str:
    """A text a game declares at import (an option's doc, its objective, marked ``N_``) in the language in use.

    ``domain`` is the game's catalog, its name; a text that catalog does not hold is shown as written.
    """
    return Catalog(domain).gettext(message)


def joined(names: Iterable[str]) -> str:
    """``a, b and c`` in the language in use (``a, b und c``)."""
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    return _("{seats} and {last}").format(seats=", ".join(listed[:-1]), last=listed[-1])


def player_name(seat: int) -> str:
    """How a person reads seat ``seat`` unless a game names its seats otherwise: counting from 1, so seat 0 is
    ``player 1`` (``Spieler 1``). The API's seat numbers stay 0-based; :meth:`Game.seat_name` is the one source."""
    return _("player {number}").format(number=seat + 1)


def seat_numbers(seats: Iterable[int]) -> str:
    """Seats as the numbers people count them by, for a sentence that says "players ...": seats 0, 1 and 2 are
    ``1, 2 and 3`` (``1, 2 und 3``), seat 3 alone is ``4``."""
    return joined([str(seat + 1) for seat in seats])


def per_seat(entries: Iterable[tuple[int, object]]) -> str:
    """A value for each seat, each named as people read it: ``player 1: 15, player 2: 9``.

    The blanks inside an entry are non-breaking (U+00A0), so a line that wraps (a narrow picture)
    keeps ``player 1: 15`` together and breaks only after a comma."""
    return ", ".join(f"{player_name(seat)}: {value}".replace(" ", "\u00a0") for seat, value in entries)


def top_share(values: Sequence[Any], seat: int) -> float:
    """A ``_won`` where the highest value wins: 1.0 for ``seat`` alone at the top, 0.5 if he shares it, else 0.0."""
    top = max(values)
    if values[seat] != top:
        return 0.0
    return 1.0 if values.count(top) == 1 else 0.5


def said_word_by_word(words: Iterable[str], word: Callable[[str], str]) -> str:
    """The words of an action text as people read them: each through ``word`` (a game's :meth:`Game.word`), joined
    by spaces; ``place E-VII A`` is "legen E-VII A" in German.  The one way a game that only maps words says a move."""
    return " ".join([word(text) for text in words])


def sentence(text: str) -> str:
    """``text`` with a capital first letter: a sentence that begins with a seat's name (``player 1 bids``)."""
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------------
# Declarations


@dataclass(frozen=True)
class Option:
    """One ``load`` option of a game: its default, what it means, and its check."""

    default: Any
    doc: str
    check: Callable[[Any], Any] | None = None  # returns the cleaned value or raises ValueError


def boolean(value: Any) -> bool:
    """Option check: True or False."""
    if not isinstance(value, bool):
        raise ValueError(_("must be True or False"))
    return value


def integer(minimum: int = 0, optional: bool = False, maximum: int | None = None) -> Callable[[Any], Any]:
    """Option check: an integer from ``minimum`` (to ``maximum``), or None when ``optional``."""

    def check(value: Any) -> Any:
        if value is None and optional:
            return None
        value = _whole(value)  # a numpy integer counts as the int it stands for
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < minimum
            or (maximum is not None and value > maximum)
        ):
            if maximum is None:
                wanted = (
                    _("must be an integer of at least {minimum} (or None)")
                    if optional
                    else _("must be an integer of at least {minimum}")
                )
            else:
                wanted = (
                    _("must be an integer from {minimum} to {maximum} (or None)")
                    if optional
                    else _("must be an integer from {minimum} to {maximum}")
                )
            raise ValueError(wanted.format(minimum=minimum, maximum=maximum))
        return value

    return check


@dataclass(frozen=True)
class Objective:
    """What a game's analysis measures for one player: a number at a horizon.

    ``cardgames.analyse`` and the ``expert`` agent play each candidate action on to the
    horizon (the end of the deal, the fight, the game: ``Game._horizon``) and score it
    there (``Game._score``); where the horizon has a winner they also count wins
    (``Game._won``).
    """

    name: str  # the quantity, as a column label: "points", "HP lost"
    horizon: str  # when play on stops, in words: "the end of the deal (BK-5.4)"
    text: str  # one sentence for people: what the number is and whose it is
    higher_is_better: bool = True  # False where less is better (HP lost)
    wins: bool = False  # does the horizon decide a winner, so that a win chance means something?


@dataclass(frozen=True)
class GameSpec:
    """What a game declares about itself; the conformance tests hold it to this."""

    name: str
    title: str
    prefix: str  # clause-id prefix of its rules document: "BK" for BK-4.10
    min_players: int
    max_players: int
    default_players: int
    options: Mapping[str, Option] = field(default_factory=dict)
    setup_keys: tuple[str, ...] = ("deck",)  # keyword arguments of new() besides seed
    simultaneous: bool = False  # can several players be to act at once?
    zero_sum: tuple[str, ...] = ()  # settlement keys whose values sum to 0 over players
    bounds: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    max_decisions: int = 100_000  # no game under any allowed options is longer: a longer playout is a bug
    over_rule: str = ""  # the clause that says the game has ended
    levels: tuple[str, ...] = ()  # units of play from small to large: ("trick", "game", "round")
    agents: Mapping[str, Callable[..., Any]] = field(default_factory=dict)  # name -> factory(game, seat)
    objective: Objective | None = None  # what analysis and the expert agent measure (see Objective)


# ---------------------------------------------------------------------------
# Actions and history


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions: immutable values whose ``str`` is the canonical text."""

    __slots__ = ()

    def __str__(self) -> str:  # pragma: no cover - every action class overrides it
        raise NotImplementedError

    def __copy__(self) -> Action:
        return self  # actions are immutable values: a copy is the action itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle an action as its class and its fields, rebuilt through the constructor.

        The default protocol restores slots one by one with ``setattr``, which a frozen
        dataclass refuses once the class is compiled.
        """
        return type(self), tuple([getattr(self, f.name) for f in fields(self)])  # type: ignore[arg-type]


@mypyc_attr(native_class=False)  # engines not yet converted copy states that hold it with twin classes
@dataclass(frozen=True, slots=True)
class Setup:
    """How a state was set up: the arguments of ``new`` (for record and replay)."""

    seed: int
    extra: tuple[tuple[str, Any], ...] = ()  # (("deck", (...)),) and the like
    viewer: int = -1  # in a player's view (view_setup), his seat: no rule is applied to a view, nor is it recorded

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.extra:
            if k == key:
                return v
        return default


_VIEWS: Final = tuple([Setup(0, (), seat) for seat in range(16)])


def view_setup(seat: int) -> Setup:
    """The setup of ``seat``'s view (``game.view``): the seed and the stacked cards hidden, the viewer named.

    The public methods that play (``legal_actions``, ``apply``, ``record``) refuse a state
    that carries it, and ``determinize`` takes it only for its own viewer.
    """
    return _VIEWS[seat] if seat < len(_VIEWS) else Setup(0, (), seat)


# A trail is the history as (chunks, tail).  The tail is a chain of links, each the tuple
# (the link before it or None, its depth in the chain, player, action): an append makes one
# link and shares everything before it.  When a chain reaches _CHUNK links it becomes the
# next chunk, one flat tuple (player, action, player, action, ...) of its _CHUNK entries, and a
# new chain starts, so that no chain is deeper than _CHUNK (deepcopy, pickle and == follow
# nested tuples recursively, and a long game runs to thousands of decisions).  Links are small
# tuples: the links of a finished game go to CPython's free lists, and a link taken from there
# does not count towards the cycle collector's next run (a native object per step did,
# docs/benchmarks.md).  A flat chunk is one object where its chain was _CHUNK: the collector's
# full runs, which visit every object a long game keeps, visit a sixteenth of them.  None is the
# empty trail, and None the empty tail.
#
# The chunks are kept in levels, so that adding one costs the same however long the game is
# (a flat tuple of chunks was copied whole by every 16th step: a tournament of thousands of
# rounds slowed down as it went, docs/benchmarks.md).  ``chunks`` is a tuple of levels, level k
# a tuple of fewer than _CHUNK nodes of _CHUNK**k chunks each: a node of level 0 is a chunk, a
# node of level k + 1 a tuple of _CHUNK nodes of level k.  When a level fills up, its nodes
# become one node of the next level.  The oldest chunks are in the highest level, so the
# chunks in order are those of the highest level first, each level's nodes from left to right.
Trail = tuple | None
_CHUNK: Final = 16  # the longest chain, and the most nodes of a level: a walk back stays short


def _pushed(levels: tuple, node: Any) -> tuple:
    """The levels with one more chain (``node``) at their end: a few small tuples made, none copied whole."""
    out = list(levels)
    k = 0
    while k < len(out):
        group: tuple = out[k] + (node,)
        if len(group) < _CHUNK:
            out[k] = group
            return tuple(out)
        out[k] = ()  # the level is full: its nodes become one node of the next level
        node = group
        k += 1
    out.append((node,))
    return tuple(out)


def _chain_count(levels: tuple) -> int:
    """How many chains the levels hold."""
    count = 0
    size = 1
    for group in levels:
        count += len(group) * size
        size *= _CHUNK
    return count


def _collect(node: Any, k: int, first: int, out: list[Any]) -> None:
    """Append to ``out`` the chains of ``node`` (a node of level ``k``) from its chain ``first`` on."""
    if k == 0:
        out.append(node)
        return
    size = _CHUNK ** (k - 1)
    for child in node:
        if first >= size:
            first -= size
        else:
            _collect(child, k - 1, first, out)
            first = 0


def _chains(levels: tuple, first: int) -> list[Any]:
    """The chains of the levels from number ``first`` on, oldest first."""
    out: list[Any] = []
    for k in range(len(levels) - 1, -1, -1):
        size = _CHUNK**k
        for node in levels[k]:
            if first >= size:
                first -= size
            else:
                _collect(node, k, first, out)
                first = 0
    return out


def _locate(levels: tuple, c: int) -> tuple[int, int, int]:
    """Where chain number ``c`` is: its level, the node of that level, and the chain's number in the node."""
    for k in range(len(levels) - 1, -1, -1):
        size = _CHUNK**k
        span = len(levels[k]) * size
        if c < span:
            return k, c // size, c % size
        c -= span
    raise IndexError(f"no chain {c}")


def _chain_in(node: Any, k: int, offset: int) -> Any:
    """Chain number ``offset`` of ``node``, a node of level ``k``."""
    while k > 0:
        size = _CHUNK ** (k - 1)
        node = node[offset // size]
        offset %= size
        k -= 1
    return node


def _chain_number(levels: tuple, c: int) -> Any:
    """Chain number ``c`` of the levels."""
    k, i, offset = _locate(levels, c)
    return _chain_in(levels[k][i], k, offset)


def _replaced(node: Any, k: int, offset: int, chain: Any) -> Any:
    """``node`` (of level ``k``) with its chain number ``offset`` replaced by ``chain``; the other chains shared."""
    if k == 0:
        return chain
    size = _CHUNK ** (k - 1)
    i = offset // size
    return node[:i] + (_replaced(node[i], k - 1, offset % size, chain),) + node[i + 1 :]


def extend(trail: Trail, player: int | None, action: Any) -> Trail:
    """The trail with one more (player, action) at its end."""
    if trail is None:
        return ((), (None, 1, player, action))
    # typed, so that compiled code reads the chain's last link as a tuple, not through Python's operators
    chunks: tuple = trail[0]
    tail: tuple | None = trail[1]
    if tail is None:
        return (chunks, (None, 1, player, action))
    depth: int = tail[1]  # the last link's
    depth += 1
    if depth == _CHUNK:
        return (_pushed(chunks, _flat(tail, player, action)), None)
    return (chunks, (tail, depth, player, action))


def _flat(tail: tuple, player: int | None, action: Any) -> tuple:
    """The chunk of a full chain: the _CHUNK - 1 entries of ``tail`` and (player, action), as one flat tuple."""
    flat: list[Any] = [None] * (2 * _CHUNK)
    flat[2 * _CHUNK - 2] = player
    flat[2 * _CHUNK - 1] = action
    link: tuple | None = tail
    i = 2 * _CHUNK - 4
    while link is not None:
        flat[i] = link[2]
        flat[i + 1] = link[3]
        link = link[0]
        i -= 2
    return tuple(flat)


def _chunk_pairs(chunk: tuple) -> list[tuple[int | None, Any]]:
    """The (player, action) pairs of a chunk, oldest first."""
    return [(chunk[i], chunk[i + 1]) for i in range(0, 2 * _CHUNK, 2)]


def _pairs(link: tuple | None) -> list[tuple[int | None, Any]]:
    """The (player, action) pairs of a chain of links, oldest first."""
    pairs: list[tuple[int | None, Any]] = []
    while link is not None:
        pairs.append((link[2], link[3]))
        link = link[0]
    pairs.reverse()
    return pairs


def trail_length(trail: Trail) -> int:
    """How many (player, action) pairs a trail holds, without flattening it."""
    if trail is None:
        return 0
    chunks, tail = trail
    return _chain_count(chunks) * _CHUNK + (tail[1] if tail is not None else 0)


def entries(trail: Trail, start: int = 0) -> tuple[tuple[int | None, Any], ...]:
    """The (player, action) pairs of the trail from index ``start`` on, oldest first.

    Reads only the chains from ``start`` on: the latest few entries of a long game cost little.
    """
    if trail is None:
        return ()
    chunks, tail = trail
    first = start // _CHUNK  # the chain that holds entry ``start``
    if first > _chain_count(chunks):
        return ()
    pairs: list[tuple[int | None, Any]] = []
    for chunk in _chains(chunks, first):
        pairs += _chunk_pairs(chunk)
    pairs += _pairs(tail)
    return tuple(pairs[start - first * _CHUNK :])


def masked_trail(trail: Trail, mask: Callable[[int, int | None, Any], Any]) -> Trail:
    """The trail with each action replaced by ``mask(index, player, action)``.

    For views: a game hides what a player may not know of the history (a face-down
    placement, a sealed order) by returning a stand-in action for those entries.
    """
    out = None
    for i, (player, action) in enumerate(entries(trail)):
        out = extend(out, player, mask(i, player, action))
    return out


def latest_index(trail: Trail, wanted: Callable[[int | None, Any], bool]) -> int:
    """The index of the latest (player, action) of the trail for which ``wanted`` is true; -1 if none.

    Walks back from the end, one chain at a time, without flattening the trail.
    """
    if trail is None:
        return -1
    chunks, tail = trail
    count = _chain_count(chunks)
    link = tail  # the tail first, then the chunks from the latest
    while link is not None:
        if wanted(link[2], link[3]):
            return count * _CHUNK + link[1] - 1
        link = link[0]
    for c in range(count - 1, -1, -1):
        chunk = _chain_number(chunks, c)
        for i in range(_CHUNK - 1, -1, -1):
            if wanted(chunk[2 * i], chunk[2 * i + 1]):
                return c * _CHUNK + i
    return -1


def _chain_at(trail: Trail, index: int) -> tuple[int, tuple | None]:
    """The tail, if it holds entry ``index``, as (the number of chunks, the tail); raises IndexError past the end.

    For an entry of a chunk: (its chunk's number, None).
    """
    if trail is None or index < 0:
        raise IndexError(f"the trail has no entry {index}")
    chunks, tail = trail
    c = index // _CHUNK
    count = _chain_count(chunks)
    if c < count:
        return c, None
    if c > count or tail is None or tail[1] <= index % _CHUNK:
        raise IndexError(f"the trail has no entry {index}")
    return c, tail


def entry_at(trail: Trail, index: int) -> tuple[int | None, Any]:
    """The (player, action) at ``index`` of the trail."""
    c, link = _chain_at(trail, index)
    if link is None:
        assert trail is not None
        chunk = _chain_number(trail[0], c)
        i = 2 * (index % _CHUNK)
        return (chunk[i], chunk[i + 1])
    depth = index % _CHUNK + 1
    while link[1] != depth:
        link = link[0]
    return (link[2], link[3])


def with_action(trail: Trail, index: int, action: Any) -> Trail:
    """The trail with the action at ``index`` replaced (its player kept); every other chunk is shared.

    For views that hide one entry of the history (a face-down placement): in the tail the links
    after ``index`` are made again and the links before it shared; in a chunk, that chunk is made again.
    """
    c, link = _chain_at(trail, index)
    assert trail is not None
    chunks, tail = trail
    if link is None:  # in a chunk: the chunk made again with the action replaced
        k, i, offset = _locate(chunks, c)
        at = 2 * (index % _CHUNK) + 1
        chunk = _chain_in(chunks[k][i], k, offset)
        chunk = chunk[:at] + (action,) + chunk[at + 1 :]
        group = chunks[k]
        group = group[:i] + (_replaced(group[i], k, offset, chunk),) + group[i + 1 :]
        return (chunks[:k] + (group,) + chunks[k + 1 :], tail)
    depth = index % _CHUNK + 1
    later: list[tuple] = []  # the links after the entry, latest first
    while link[1] != depth:
        later.append(link)
        link = link[0]
    link = (link[0], depth, link[2], action)
    for after in later[::-1]:
        link = (link, after[1], after[2], after[3])
    return (chunks, link)


def history(state: Any) -> tuple[tuple[int | None, Any], ...]:
    """Every action taken so far, oldest first, as (player, action) pairs."""
    return entries(state.trail)


# ---------------------------------------------------------------------------
# Settlement


@mypyc_attr(native_class=False)  # games attach exact values as attributes (Brokdorf's euros)
class Settlement:
    """The outcome of a finished game for every player.

    ``rows()`` gives one plain dict per player in seat order with the same keys for
    everybody (``player`` first), ready for ``pandas.DataFrame``.  Games add exact or
    richer values as attributes (Brokdorf keeps its euros as Fractions, for example).
    """

    def __init__(self, rows: Sequence[Mapping[str, Any]], **details: Any) -> None:
        self._rows = tuple(dict(r) for r in rows)
        keys = [tuple(r) for r in self._rows]
        if any(k != keys[0] for k in keys) or (keys and keys[0][0] != "player"):
            raise ValueError("settlement rows must share their keys, 'player' first")
        self.details = MappingProxyType(dict(details))
        for name, value in details.items():
            setattr(self, name, value)

    def rows(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._rows]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows())

    def __len__(self) -> int:
        return len(self._rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settlement) and self._rows == other._rows

    def __repr__(self) -> str:
        return f"Settlement({list(self._rows)!r})"

    def _repr_html_(self) -> str:
        import pandas as pd

        return pd.DataFrame(self.rows()).to_html(index=False)


# ---------------------------------------------------------------------------
# What a step caused


@dataclass(frozen=True)
class Event:
    """One unit of play ended with a step: a trick, a round, a fight... (one of ``spec.levels``)."""

    level: str
    winner: int | None = None  # the seat that won it, where it has a winner


@dataclass(frozen=True)
class Face:
    """A card on the table as a picture shows it: ``render`` prints ``text``; a widget draws the card.

    ``code`` is the card's code, or None for a card the viewer may not see (drawn as a back);
    ``count`` is the number of cards a back stands for (a hidden hand of five is one Face).
    """

    code: str | None
    text: str
    count: int = 1


Line = tuple["str | Face", ...]


def line(parts: Iterable[str | Face]) -> Line:
    """A line of the table from its parts: neighbouring texts joined, empty texts left out."""
    out: list[str | Face] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out:
                last = out[-1]
                if isinstance(last, str):
                    out[-1] = last + part
                    continue
        out.append(part)
    return tuple(out)


@dataclass(frozen=True)
class Step:
    """One decision applied once: the states before and after, the sentence, and what it ended."""

    before: Any
    seat: int | None
    action: Any
    after: Any
    sentence: str
    events: tuple[Event, ...] = ()
    facts: tuple[Fact, ...] = ()  # what the sentence tells, as data (core.facts); () for a game that gives none

    def ended(self, level: str, levels: Sequence[str]) -> bool:
        """Did this step end a ``level`` (or a larger unit of ``levels``)?"""
        rank = levels.index(level)
        return any(e.level in levels and levels.index(e.level) >= rank for e in self.events)


@dataclass(frozen=True)
class Rooms:
    """The functions of a game's rooms that the hooks call, named once in the game's ``game.py``.

    A game of the package keeps its words and pictures in ``describe.py`` and its outcome in
    ``settlement.py``; with ``rooms = Rooms(...)`` on its class, ``_facts``, ``_layout``,
    ``_settlement`` and ``_tell`` call them, the game first where they take it.  A game may as
    well write those hooks as methods (the tutorial's Goofspiel does).  ``_action_parts`` stays
    a method: the widgets offer a hand's cards to a game that overrides it.
    """

    facts: Callable[[Any, Any, int | None, Any, Any], tuple[Fact, ...]]  # facts(game, before, seat, action, after)
    layout: Callable[[Any, Any, int | None], tuple[Line, ...]]  # layout(game, state, viewer)
    settle: Callable[[Any, Any], Settlement]  # settle(game, state): the outcome of a finished state
    tell: Callable[[tuple[Fact, ...]], str] | None = None  # tell(facts): the sentence; None: the facts joined


# ---------------------------------------------------------------------------
# The game protocol

_UNCHECKED: Final = object()  # no state checked yet (None is no state, and must be checked like any other)

S = TypeVar("S")  # a game's State
A = TypeVar("A")  # a game's actions (its Action classes)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[S, A]):
    """A configured game (player count and options) that makes and advances states.

    Subclasses set ``spec`` and implement the underscored hooks; the public methods
    here do the checks every game needs, so each game's rules module holds only rules.
    Generic over the game's state and action types: ``class Goofspiel(Game[State, Bid])``
    lets mypy check what ``new``, ``legal_actions``, ``apply`` ... take and give.
    """

    spec: ClassVar[GameSpec]
    rooms: ClassVar[Rooms | None] = None  # the functions of describe.py and settlement.py the hooks call
    #: the words of its action texts that people read in other words, each marked for the game's catalog:
    #: ``{"bid": NP_("brokdorf", "bid")}``; :meth:`word` says them, the widgets' text box reads them back
    action_words: ClassVar[Mapping[str, tuple[str, str]]] = MappingProxyType({})

    def __init__(self, players: Any = None, **options: Any) -> None:
        spec = self.spec
        if players is None:
            players = spec.default_players
        if isinstance(players, bool) or not isinstance(players, numbers.Integral):
            raise InputError(
                _("players must be an integer from {minimum} to {maximum}, not {value}").format(
                    minimum=spec.min_players, maximum=spec.max_players, value=excerpt(players)
                )
            )
        players = int(players)  # a numpy integer is taken as the int it stands for
        if not spec.min_players <= players <= spec.max_players:
            if spec.min_players == spec.max_players:
                allowed = _("{game} is played by exactly {minimum} players, not {value}")
            else:
                allowed = _("{game} is played by {minimum} to {maximum} players, not {value}")
            raise ValueError(
                allowed.format(
                    game=spec.title, minimum=spec.min_players, maximum=spec.max_players, value=excerpt(players)
                )
            )
        unknown = sorted(set(options) - set(spec.options))
        if unknown:
            known = ", ".join(sorted(spec.options)) or _("none")
            raise ValueError(
                _("unknown option {option} for {game}; its options are: {options}").format(
                    option=excerpt(", ".join(map(str, unknown))), game=spec.name, options=known
                )
            )
        clean = {}
        for name, opt in spec.options.items():
            value = options.get(name, opt.default)
            if opt.check is not None and name in options:
                try:
                    value = opt.check(value)
                except (TypeError, ValueError) as err:
                    raise ValueError(
                        _("option {name}={value} of {game}: {reason} [{name}: {doc}]").format(
                            name=name,
                            value=excerpt(options[name]),
                            game=spec.name,
                            reason=err,
                            doc=game_text(spec.name, opt.doc),
                        )
                    ) from None
            clean[name] = value
        self._players: int = players
        self._options: Mapping[str, Any] = MappingProxyType(clean)
        self._configure()

    def _configure(self) -> None:
        """Check options against each other and precompute what the rules need."""

    # -- identity ----------------------------------------------------------
    @property
    def name(self) -> str:
        return self.spec.name

    # A game is a value: its player count and options are fixed when it is made (load makes
    # another game for other ones), so the states it made stay states of this game.
    @property
    def players(self) -> int:
        """The number of players, fixed when the game was loaded."""
        return self._players

    @property
    def options(self) -> Mapping[str, Any]:
        """The options, read-only, fixed when the game was loaded."""
        return self._options

    @property
    def max_decisions(self) -> int:
        """The most decisions a game under these options can take (a longer playout is a bug).

        ``spec.max_decisions`` bounds every allowed choice of options; a game whose length
        follows from its options (a Brokdorf tournament of ``max_rounds`` rounds) gives a
        tighter bound here.
        """
        return self.spec.max_decisions

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec.options[k].default}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"cardgames.load({self.name!r}, players={self.players}{extra})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (other.players, dict(other.options)) == (self.players, dict(self.options))

    def __hash__(self) -> int:
        return hash((self.name, self.players, tuple(sorted(map(repr, self.options.items())))))

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its name, player count and options; a game added with ``register`` also as its
        class and rules document, so that a worker process that does not know it yet registers it too."""
        from .registry import carried

        return (_load_game, (self.name, self.players, dict(self.options), carried(self)))

    # -- the public protocol -----------------------------------------------
    # The public methods are templates: they check what every game checks (is the game
    # over, whose turn is it, was this action offered) and call the game's hooks, which
    # hold only rules.  A game implements _legal, _step, _refusal, _turn_rule, _parse, ...
    def new(self, seed: Any = None, **setup: Any) -> S:
        """A state with setup done (shuffled, dealt), ready for the first decision."""
        unknown = sorted(set(setup) - set(self.spec.setup_keys))
        if unknown:
            allowed = ", ".join(("seed",) + self.spec.setup_keys)
            raise InputError(
                _("{game}.new() got unexpected {names}; it takes {allowed}").format(
                    game=self.name, names=", ".join(unknown), allowed=allowed
                )
            )
        from .rng import check_seed

        return self._new(check_seed(seed), **setup)

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that decide now (several where players act at once); ``()`` at the end."""
        self._check_state(state, views=True)
        return self._to_act(state)

    def legal_actions(self, state: S, player: Any = None) -> tuple[A, ...]:
        """What ``player`` (default: the single player to act) may do now; ``()`` if not his turn or over."""
        offered, who, actions = self._offer
        if offered is state and (
            type(player) is int and player == who or player is None and not self.spec.simultaneous
        ):
            return actions  # asked again for the very state just answered (an agent, then apply)
        self._check_state(state)
        acting = self._to_act(state)
        if player is None and not acting:
            return ()
        seat = self._deciding(acting, player)
        if seat not in acting:
            return ()
        actions = self._legal(state, seat)
        self._offer = (state, seat, actions)
        return actions

    def apply(self, state: S, action: A, player: Any = None) -> S:
        """The state after ``action``; ``state`` is unchanged.  IllegalMove (nothing changes) if not allowed."""
        seat, action = self._admit(state, action, player)
        after = self._step(state, seat, action)
        self._checked = after  # made by this game from one of its states: the next call need not check it
        return after

    def advance(self, state: S, action: A, player: Any = None) -> Step:
        """``apply`` once, with the sentence that describes the step and what it ended."""
        seat, action = self._admit(state, action, player)
        after = self._step(state, seat, action)
        self._checked = after
        return self._told(state, seat, action, after)

    def explain(self, before: Any, action: Any, after: Any, player: Any = None) -> Step:
        """The Step from ``before`` to ``after`` by ``action`` of ``player``, which was applied already.

        For a history whose states are known (a replayed record, or a player's views of it): the
        sentence and the events without applying the action again.  Views are taken, so a
        player's log can tell a step as he saw it (a card he cannot see stays unnamed).
        """
        self._check_state(before, views=True)
        self._check_state(after, views=True)
        return self._told(before, None if player is None else self.check_seat(player), action, after)

    def _told(self, before: Any, seat: int | None, action: Any, after: Any) -> Step:
        """The Step of ``action`` from ``before`` to ``after``: its facts, the sentence told from them, what it ended."""
        facts = self._facts(before, seat, action, after)
        return Step(
            before,
            seat,
            action,
            after,
            self._tell(facts) if facts else self._describe(before, seat, action, after),
            self._events(before, seat, action, after),
            facts,
        )

    def facts(self, before: Any, action: Any, after: Any, player: Any = None) -> tuple[Fact, ...]:
        """What the step from ``before`` to ``after`` by ``action`` did, as data (see :class:`Fact`).

        The clauses it applied, the seats and cards it concerned, each with the words its
        sentence says them in: what the log and the widgets read instead of the sentence.
        """
        return self.explain(before, action, after, player).facts

    def action_parts(self, action: Any) -> ActionParts:
        """An action as data: its verb, its words, the cards it uses (see :class:`ActionParts`)."""
        if not isinstance(action, Action):
            raise InputError(
                _("action_parts takes an action of the game (from legal_actions or parse_action), not {value}").format(
                    value=excerpt(action)
                )
            )
        return self._action_parts(action)

    def order_grammar(self) -> Mapping[str, tuple[tuple[str, ...], ...]] | None:
        """For a game whose turn is written as orders: each verb and the choices of each of its words.

        None for a game whose every decision is among ``legal_actions``.  A form that writes
        orders (The Brotherhood's order sets) offers these choices.
        """
        return self._order_grammar()

    def is_over(self, state: S) -> bool:
        """Has the game ended (nobody decides any more)?"""
        self._check_state(state, views=True)
        return not self._to_act(state)

    def settlement(self, state: S) -> Settlement:
        """Who won what: one row per player of a finished game."""
        if not self.is_over(state):
            raise ValueError(
                _("{game} is not over yet: settlement is only defined at the end").format(game=self.spec.title)
            )
        return self._settlement(state)

    def view(self, state: S, player: Any) -> S:
        """What ``player`` may know of ``state``: the same kind of state with the hidden cards replaced.

        A view is for looking and for ``determinize``: ``legal_actions``, ``apply`` and
        ``record`` refuse it.  The view of a view is the view itself (of the same player).
        """
        self._check_state(state, views=True)
        seat = self.check_seat(player)
        self._check_view(state, seat)
        return self._view(state, seat)

    def describe(self, state: S, action: A, player: Any = None) -> str:
        """One sentence for people: what ``action`` does here, naming its clauses."""
        return self.advance(state, action, player).sentence

    def render(self, state: Any, player: Any = None) -> str:
        """The table as text: every hand (player None) or what ``player`` sees."""
        return "\n".join(
            "".join(part if isinstance(part, str) else part.text for part in line)
            for line in self.layout(state, player)
        )

    def layout(self, state: Any, player: Any = None) -> tuple[Line, ...]:
        """The table as lines of text and cards (:class:`Face`): what ``render`` prints, as data for pictures."""
        self._check_state(state, views=True)
        return self._layout(state, None if player is None else self.check_seat(player))

    def hand(self, state: Any, player: Any) -> tuple[str | None, ...] | None:
        """The card codes ``player`` holds as ``state`` shows them (None for a hidden card); None without hands."""
        self._check_state(state, views=True)
        return self._hand(state, self.check_seat(player))

    @property
    def objective(self) -> Objective:
        """What analysis measures in this game, and at which horizon (see :class:`Objective`)."""
        objective = self.spec.objective
        if objective is None:
            raise ValueError(_("{game} declares no objective for analysis").format(game=self.spec.title))
        return objective

    def determinize(self, state: S, player: Any, seed: Any = 0, policy: Any = "random") -> S:
        """A complete state that ``player`` cannot tell apart from ``state``: one possible world.

        Everything ``player`` cannot know is drawn again from ``seed``: the others' hidden
        cards (uniformly over the deals consistent with what play has shown), face-down
        cards, all future chance, and the sealed decisions of the others (chosen by the
        agent ``policy``).  It is built from ``game.view(state, player)`` alone, so two
        states with the same view give the same worlds; ``state`` is not changed.
        """
        from .rng import check_seed, generator

        self._check_state(state, views=True)
        seat = self.check_seat(player)
        self._check_view(state, seat)
        number = check_seed(seed)
        if not self._to_act(state):
            raise ValueError(
                _("this {game} game is over: there is no hidden information left to draw").format(game=self.spec.title)
            )
        self._check_policy(policy)
        # drawn by the seat's agents' copy of the game: the agents ``policy`` seats in the world then hold that
        # copy, which holds what this seat may know and nothing of another seat's agents (agents_game)
        twin = self.agents_game(seat)
        return twin._determinize(self._view(state, seat), seat, generator(number, "determinize", seat), policy)

    def _check_policy(self, policy: Any) -> None:
        """A policy plays on in a world: the name of an agent of this game (not ``expert``), or a bot of one's own
        (an agent class, an object with ``act(view, legal_actions, rng)`` or a function of those three)."""
        names = [name for name in self.spec.agents if name != "expert"]
        if not isinstance(policy, str):
            from .agents import check_agent

            check_agent(self, policy)
        elif policy not in names:
            raise ValueError(
                _("unknown policy {policy} for {game}; choose one of {names}").format(
                    policy=excerpt(policy), game=self.name, names=", ".join(names)
                )
            )

    def seat_name(self, seat: int) -> str:
        """How everything a person reads names a seat (describe, render, refusals, settlements, the CLI, the
        widgets): ``player 1`` for seat 0 unless the game names its seats otherwise. API seats stay 0-based."""
        return player_name(seat)

    def word(self, text: str) -> str:
        """The game's own word for ``text``, a verb or word of its action texts, in the language in use: Brokdorf's
        ``bid`` is "Gebot" in German.  What the buttons, the refusals and the log say for it; a text the game has no
        word for (a card, a number) as it is.  By default from :attr:`action_words`, translated by the game's catalog."""
        return Catalog(self.name).word(self.action_words, text)

    def said(self, action: Any) -> str:
        """``action`` as people read it, in the language in use: the label of its button and how a refusal names it.
        By default the words of ``str(action)``, each through :meth:`word`: ``place E-VII A`` is "legen E-VII A"."""
        return said_word_by_word(str(action).split(), self.word)

    def rivals(self, seat: Any) -> tuple[int, ...]:
        """The seats that play against ``seat``: every other seat, unless the game has teams (then the other side)."""
        me = self.check_seat(seat)
        return tuple([s for s in range(self.players) if s != me])

    def parse_action(self, state: S, text: Any, player: Any = None) -> A:
        """The legal action whose canonical text is ``text`` (IllegalMove if not legal now)."""
        if not isinstance(text, str):
            raise InputError(
                _("an action text must be a string such as {example}, not {value}").format(
                    example=repr(self._example_action()), value=excerpt(text)
                )
            )
        if len(text) > MAX_ACTION_TEXT:
            raise ValueError(
                _(
                    "an action text is at most {limit} characters, such as {example}; "
                    "this one has {length} (it starts {start})"
                ).format(
                    limit=MAX_ACTION_TEXT,
                    example=repr(self._example_action()),
                    length=thousands(len(text)),
                    start=excerpt(text, 40),
                )
            )
        self._check_state(state)
        if player is not None:
            player = self.check_seat(player)
        words = " ".join(text.split())
        action = self._parse(state, words, player)
        return self._admit(state, action, player)[1]

    def agent_names(self) -> tuple[str, ...]:
        """The names of the agents this game offers, ``"random"`` first."""
        return tuple(self.spec.agents)

    def agent(self, name: Any, seat: Any) -> Any:
        """A fresh agent of the given name for ``seat``."""
        factories = self.spec.agents
        if not isinstance(name, str) or name not in factories:
            raise ValueError(
                _("unknown agent {name} for {game}; choose from {names}").format(
                    name=excerpt(name), game=self.name, names=", ".join(factories)
                )
            )
        seat = self.check_seat(seat)
        return factories[name](self.agents_game(seat), seat)

    def agents_game(self, seat: Any) -> Game[S, A]:
        """The copy of this game that ``seat``'s agents hold: equal to it, but never handed a state of play.

        An agent sees only its view: the game it holds is neither the one that plays nor the
        one another seat's agents hold, so nothing it can reach (the last legal actions a game
        answered, the state it last checked, the view it last drew worlds from) is a state of
        the game being played or another seat's view.  Each seat's copy is made with the
        seat's first agent and kept; what its agents do with it stays in it (the worlds an
        expert draws from the seat's views, the bots that play them on: a copy's own
        ``agents_game`` is itself, for every seat).
        """
        me = self.check_seat(seat)
        if self._side >= 0:
            return self
        twins = self._twins
        if twins is None:
            twins = (None,) * self.players
        twin = twins[me]
        if twin is None:
            twin = type(self)(self.players, **self.options)
            twin._side = me
            self._twins = twins[:me] + (twin,) + twins[me + 1 :]  # replaced as one tuple, as _offer is
        return twin

    # -- the admission every move passes -----------------------------------
    def _admit(self, state: Any, action: Any, player: Any) -> tuple[int | None, Any]:
        """The seat that acts and the offered action (the very object legal_actions gave), or IllegalMove."""
        offered, who, actions = self._offer
        if offered is state and (
            type(player) is int and player == who or player is None and not self.spec.simultaneous
        ):
            for offer in actions:  # the action legal_actions just offered for this state: admitted at once
                if offer is action:
                    return who, offer
        self._check_state(state)
        if player is None and self._unseated(state, action):
            self._check_unseated(state, action)
            return None, action
        acting = self._to_act(state)
        if not acting:
            raise self._over_refusal(state, player, action)
        seat = self._deciding(acting, player)
        if seat not in acting:
            raise self._turn_refusal(state, seat, action, acting)
        if offered is not state or who != seat:
            actions = self.legal_actions(state, seat)
        for offer in actions:
            if offer is action:
                return seat, offer
        if isinstance(action, Action):
            for offer in actions:  # an action built by hand: equal, and the same text (1.0 is no count)
                if offer == action and str(offer) == str(action):
                    return seat, offer
            if self._allows_unlisted(state, seat, action):
                return seat, action
        else:
            raise InputError(
                _(
                    "apply takes an action of {game} from legal_actions() (or parse_action(state, text) for a "
                    "text), not {value}"
                ).format(game=self.name, value=excerpt(action))
            )
        raise self._refusal(state, seat, action)

    def _deciding(self, acting: tuple[int, ...], player: Any) -> int:
        """The seat ``player`` names (checked), or for None the one seat of ``acting`` (ValueError if several act)."""
        if player is None:
            if len(acting) != 1:
                raise ValueError(self._several(acting))
            return acting[0]
        return self.check_seat(player)

    def _names(self, seats: Sequence[int]) -> str:
        return joined([self.seat_name(s) for s in seats])

    def _several(self, acting: Sequence[int]) -> str:
        """Why a call must say which player acts: several act at once."""
        return _("several players act now ({names}): say which with player=").format(names=self._names(acting))

    # -- helpers for subclasses --------------------------------------------
    # The last answer of legal_actions, as (state, seat, actions).  A playout asks for the
    # legal actions and applies one of them at once; with this one-entry memo, apply
    # recognises the state by identity and the action among those just offered, instead
    # of working the rules out a second time.  The memo holds one state alive, is replaced
    # as one tuple (so threads sharing a game at worst miss it) and is not pickled
    # (__reduce__ rebuilds a game from its name and options).
    _offer: tuple[Any, int | None, tuple[Any, ...]] = (_UNCHECKED, None, ())

    # The copies of this game that its agents hold (agents_game), one per seat (None: none made yet for it).
    _twins: tuple[Game[S, A] | None, ...] | None = None

    # On such a copy, the seat whose agents hold it; -1 on a game made by load.
    _side: int = -1

    # The state last found to belong to this game: a playout asks to_act, legal_actions and
    # apply about the same state, and only the first of them checks it (one identity test).
    _checked: Any = _UNCHECKED

    # What the game's determinize last worked out from a view (the constraints on its hidden cards),
    # as (view, seat, that work): the expert and analysis draw many worlds from one view object.
    # Held by the game, not by its module, and replaced as one tuple, as _offer is.
    _drawn: tuple[Any, int, Any] = (_UNCHECKED, -1, None)

    def _known(self, view: Any, seat: int) -> Any:
        """What :meth:`_remember` last kept for this very view object and seat; None for another."""
        drawn = self._drawn
        if drawn[0] is view and drawn[1] == seat:
            return drawn[2]
        return None

    def _remember(self, view: Any, seat: int, known: Any) -> None:
        """Keep what determinize worked out from ``view`` for ``seat``, for the next world drawn from it."""
        self._drawn = (view, seat, known)

    def check_seat(self, player: object) -> int:
        """``player`` as a seat of this game: an int from 0 to players - 1 (a numpy integer too; a bool or a text is refused)."""
        if type(player) is not int:
            player = _whole(player)
        if isinstance(player, bool) or not isinstance(player, int):
            raise SeatError(
                _("a player is a seat number from 0 to {last} (an int), not {value}").format(
                    last=self.players - 1, value=excerpt(player, 30)
                )
            )
        if not 0 <= player < self.players:
            raise SeatError(
                _("there is no seat {value}: this game has seats 0 to {last}").format(
                    value=excerpt(player, 30), last=self.players - 1
                )
            )
        return player

    def _check_state(self, state: Any, views: bool = False) -> None:
        """Refuse a state of another game or of another player count: a ValueError naming both.

        A player's view (``view``) is refused too, unless ``views``: the methods that only
        read a table (``to_act``, ``render``, ``determinize`` ...) take one, those that play
        on it (``legal_actions``, ``apply``) do not, since its hidden cards are not the game's.
        A full state just checked (or just made by this game's apply) costs one identity test.
        """
        if state is self._checked:
            return
        if not self._owns(state):
            raise ValueError(self._foreign(state))
        if state.setup.viewer >= 0:
            if views:
                return
            raise ValueError(
                _(
                    "this is a player's view of a {game} state (game.view()), with the others' hidden cards left "
                    "out: no move can be played on it. Pass the full state, or draw a complete world from the view "
                    "with game.determinize(view, player)"
                ).format(game=self.name)
            )
        self._checked = state

    def _check_view(self, state: Any, seat: int) -> None:
        """Refuse a view that is not ``seat``'s own (it would hide his cards, or show another's)."""
        if state.setup.viewer not in (-1, seat):
            raise ValueError(
                _("this is another player's view of the {game} state, not the view of {seat}").format(
                    game=self.name, seat=self.seat_name(seat)
                )
            )

    def _foreign(self, state: Any) -> str:
        """Why ``state`` is not a state of this game, for the ValueError."""
        module = type(state).__module__.split(".")
        other = module[1] if len(module) > 2 and module[0] == "cardgames" and hasattr(state, "setup") else None
        if other == self.name:
            return _(
                "this state is a {game} state of {seats} players; this game is {game} ({players} players): "
                "make the state with this game's new(), or load the game with that player count"
            ).format(game=self.name, seats=self._seats(state), players=self.players)
        if other is not None:
            return _(
                "this state is a {other} state; this game is {game} ({players} players): "
                "pass a state made by this game's new()"
            ).format(other=other, game=self.name, players=self.players)
        return _(
            "{state} is not a game state; this game is {game} ({players} players): pass a state made by its new()"
        ).format(state=excerpt(state, 40), game=self.name, players=self.players)

    def _example_action(self) -> str:
        return _("an action text")

    # -- hooks ---------------------------------------------------------------
    def _new(self, seed: int, **setup: Any) -> S:
        raise NotImplementedError

    def _to_act(self, state: Any) -> tuple[int, ...]:
        """Who decides now, in a state already checked to be this game's."""
        raise NotImplementedError

    def _owns(self, state: Any) -> bool:
        """Is ``state`` a state of this game and its player count?  Cheap: a type and a length, no deep look."""
        return True

    def _seats(self, state: Any) -> int:
        """The player count of a state of this game (for the message when it differs)."""
        return self.players

    def _hand(self, state: Any, seat: int) -> tuple[str | None, ...] | None:
        """The card codes ``seat`` holds as ``state`` shows them (None for a hidden card); None without hands."""
        return None

    def _legal(self, state: S, seat: int) -> tuple[A, ...]:
        """The legal actions of ``seat``, who is to act."""
        raise NotImplementedError

    def _step(self, state: S, seat: int | None, action: A) -> S:
        """The state after ``action`` of ``seat``, which ``apply`` has admitted as legal."""
        raise NotImplementedError

    def _refusal(self, state: Any, seat: int, action: Any) -> IllegalMove:
        """Why ``action`` is not legal for ``seat`` now: an IllegalMove naming the clause and what is allowed."""
        return IllegalMove(
            _("{action} is not allowed now").format(action=action), rule=self.spec.over_rule, player=seat, action=action
        )

    def _over_refusal(self, state: Any, player: Any, action: Any) -> IllegalMove:
        """The IllegalMove for an action after the game ended."""
        return IllegalMove(
            _("The game is over: no more actions"), rule=self.spec.over_rule, player=player, action=action
        )

    def _turn_refusal(self, state: Any, seat: int, action: Any, acting: tuple[int, ...]) -> IllegalMove:
        """The IllegalMove for ``seat`` acting when ``acting`` are to act."""
        return IllegalMove(
            ngettext("It is {acting}'s turn, not {seat}'s", "It is {acting}'s turn, not {seat}'s", len(acting)).format(
                acting=self._names(acting), seat=self.seat_name(seat)
            ),
            rule=self._turn_rule(state, seat),
            player=seat,
            action=action,
        )

    def _turn_rule(self, state: Any, seat: int) -> str:
        """The clause that says who acts now (cited when another seat tries to act)."""
        return self.spec.over_rule

    def _allows_unlisted(self, state: Any, seat: int, action: Any) -> bool:
        """Do the rules allow ``action`` although ``_legal`` does not list it?

        For a game whose decisions are too many to list: The Brotherhood offers one unit of
        each order and admits a larger quantity or a whole order set written at once, judged
        by the same rules as the offer.  Every other game lists all its legal actions.
        """
        return False

    def _unseated(self, state: Any, action: Any) -> bool:
        """Is ``action`` an action of nobody at the table (applied with ``player=None``)?"""
        return False

    def _check_unseated(self, state: Any, action: Any) -> None:
        """Raise IllegalMove if the unseated ``action`` is not allowed now."""

    def _describe(self, before: Any, seat: int | None, action: Any, after: Any) -> str:
        """The sentence of a step: ``_tell`` of its ``_facts``; only a game that tells no facts writes its own."""
        facts = self._facts(before, seat, action, after)
        if not facts:
            raise NotImplementedError
        return self._tell(facts)

    def _layout(self, state: Any, viewer: int | None) -> tuple[Line, ...]:
        """The lines of the table for ``viewer`` (None: every hand), cards as :class:`Face`: ``rooms.layout``."""
        rooms = self.rooms
        if rooms is None:
            raise NotImplementedError
        return rooms.layout(self, state, viewer)

    def _events(self, before: Any, seat: int | None, action: Any, after: Any) -> tuple[Event, ...]:
        """The units of play (``spec.levels``) that this step ended, small to large."""
        return ()

    def _facts(self, before: Any, seat: int | None, action: Any, after: Any) -> tuple[Fact, ...]:
        """What the step did, as :class:`Fact` records: ``rooms.facts`` (``()``: the game tells it by ``_describe``)."""
        rooms = self.rooms
        return () if rooms is None else rooms.facts(self, before, seat, action, after)

    def _tell(self, facts: tuple[Fact, ...]) -> str:
        """The sentence of a step from its facts: ``rooms.tell``, or their texts joined by semicolons, with a full stop."""
        tell = None if self.rooms is None else self.rooms.tell
        if tell is not None:
            return tell(facts)
        return "; ".join([fact.text for fact in facts]) + "."

    def _action_parts(self, action: Any) -> ActionParts:
        """The parts of an action; a game whose actions name cards says which (default: the text's first word is
        the verb, the others its words, and no card is named)."""
        verb, *words = str(action).split(" ")
        return ActionParts(verb, tuple(words))

    def _order_grammar(self) -> Mapping[str, tuple[tuple[str, ...], ...]] | None:
        return None

    def _parse(self, state: Any, text: str, player: int | None) -> Any:
        raise NotImplementedError

    def _settlement(self, state: Any) -> Settlement:
        """The outcome of the finished ``state``: ``rooms.settle``."""
        rooms = self.rooms
        if rooms is None:
            raise NotImplementedError
        return rooms.settle(self, state)

    def _view(self, state: S, player: int) -> S:
        raise NotImplementedError

    # -- hooks of hidden information and objectives (analysis, the expert agent) ---------
    def _determinize(self, view: S, seat: int, rng: random.Random, policy: Any) -> S:
        """A full state whose view for ``seat`` is ``view``, the hidden part drawn with ``rng``.

        ``view`` is ``self._view(state, seat)`` of a game that is not over.  Uniform over the
        hidden cards consistent with the view (hand sizes, cards seen, voids shown by play);
        future chance redrawn (a fresh seed); sealed decisions of others chosen by the agent
        ``policy`` playing in the world.
        """
        raise NotImplementedError

    def _horizon(self, start: Any, state: Any) -> bool:
        """Has play from ``start`` reached the objective's horizon?  (The end of the game always has.)"""
        return not self._to_act(state)

    def _score(self, start: Any, state: Any, seat: int) -> float:
        """The objective of ``seat`` at the horizon ``state`` reached from ``start``."""
        raise NotImplementedError

    def _won(self, start: Any, state: Any, seat: int) -> float:
        """1.0 if ``seat`` won at the horizon, 0.0 if he lost, 0.5 for a shared win; nan without a winner."""
        return math.nan


def _whole(value: object) -> object:
    """A numpy integer (any ``numbers.Integral`` but bool) as the int it stands for; anything else as it is."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return value


def _load_game(name: str, players: int, options: dict[str, Any], registration: Any = None) -> Game:
    """A pickled game loaded again (``Game.__reduce__``), its registration first where it brings one."""
    from .registry import adopt, load

    if registration is not None:
        adopt(*registration)
    return load(name, players=players, **options)
