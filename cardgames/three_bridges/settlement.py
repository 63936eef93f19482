"""TB-5 final scoring as a pure function, and the settlement rows built on it.

:func:`score` explains every card: its base value, the bridge match, the sideways
penalty, the Schellen card that halved it, then the König and Herz bonuses of each
column, the bridge totals and winners and the result.  :func:`totals` is the same
arithmetic without the explanation, for agents.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core.game import Settlement, player_name
from ..core.i18n import Catalog
from .cards import (
    BRIDGE_NAMES,
    CARD_MASK,
    HERZ,
    HIDDEN,
    KOENIG,
    SCHELLEN,
    SIDEWAYS,
    SUITS,
    base_value,
    entry_code,
    parse_suit,
    rank_of,
    suit_of,
)
from .rules import Columns, State, ThreeBridgesRules

_, ngettext = Catalog("three_bridges").functions()

# one halving of a card: (value, base, match, sideways, the opposite Schellen entry or None)
Valued = tuple[int, int, int, int, int | None]


@dataclass(frozen=True)
class CardValue:
    """TB-5.2: one card's value and how it came about."""

    bridge: str  # "A", "B" or "C"
    seat: int
    index: int
    card: str  # its code, "Chr=E" for a declared Chronist, "?" if hidden from the viewer
    base: int  # TB-2.2
    match: int  # +2 if its suit is the bridge suit
    sideways: int  # -2 if turned sideways
    halved_by: str | None  # the opposite Schellen card that halved it (TB-5.2)
    value: int

    def __str__(self) -> str:
        """``H-X 10+2 = 12``, ``S-X/ 10-2 = 8``, ``(9+2)/2 by S-X = 5``; a card nothing changes just ``E-X 10``."""
        parts = f"{self.base}"
        if self.match:
            parts += f"+{self.match}"
        if self.sideways:
            parts += f"{self.sideways}"
        name = f"{self.card}{'/' if self.sideways else ''}"
        if self.halved_by:
            parts = f"({parts})/2" if self.match or self.sideways else f"{parts}/2"
            return _("{card} {terms} by {halver} = {value}").format(
                card=name, terms=parts, halver=self.halved_by, value=self.value
            )
        if self.match or self.sideways:
            return f"{name} {parts} = {self.value}"
        return f"{name} {self.value}"


@dataclass(frozen=True)
class BridgeScore:
    """TB-5.3, TB-5.4: one bridge for both players."""

    bridge: str
    suit: str
    cards: tuple[tuple[CardValue, ...], ...]  # per seat: a tuple of CardValue, index 0 first
    card_sum: tuple[int, ...]  # per seat
    koenig_bonus: tuple[int, ...]  # per seat: for each König, the number of cards in the column
    herz_bonus: tuple[int, ...]  # per seat: the number of Herz cards in the column
    total: tuple[int, ...]  # per seat
    winner: int | None  # None: tied, nobody wins it


@dataclass(frozen=True)
class Score:
    """TB-5: all three bridges, the bridges won and the result (TB-5.5)."""

    bridges: tuple[BridgeScore, ...]
    won: tuple[int, ...]  # bridges won per seat
    winner: int | None  # None: a draw

    def total(self, seat: int, bridge: int) -> int:
        return self.bridges[bridge].total[seat]

    def __str__(self) -> str:
        """Per bridge its totals and winner, then each column: every card, the bonuses and the total.

        A column's total follows its terms after ``;``, unless its one card is the whole
        total (``player 1: E-X 10``); an empty column is ``empty, 0``. Seats are named as people count them.
        """
        lines = []
        for bs in self.bridges:
            lines.append(
                _outcome(
                    _("Bridge {bridge} ({suit}): {first} : {second} → tie"),
                    _("Bridge {bridge} ({suit}): {first} : {second} → {winner}"),
                    bs.winner,
                    bridge=bs.bridge,
                    suit=bs.suit,
                    first=bs.total[0],
                    second=bs.total[1],
                )
            )
            for seat in (0, 1):
                terms = [str(c) for c in bs.cards[seat]]
                if bs.koenig_bonus[seat]:
                    terms.append(f"König +{bs.koenig_bonus[seat]}")
                if bs.herz_bonus[seat]:
                    terms.append(f"Herz +{bs.herz_bonus[seat]}")
                if not terms:
                    text = _("empty, 0")
                elif len(terms) == 1:  # one card and no bonus: its value is the total
                    text = terms[0]
                else:
                    text = _("{terms}; total {total}").format(terms=", ".join(terms), total=bs.total[seat])
                lines.append("  " + _("{player}: {column}").format(player=player_name(seat), column=text))
        lines.append(
            _outcome(
                _("Bridges won {first} : {second} → draw"),
                _("Bridges won {first} : {second} → {winner} wins"),
                self.winner,
                first=self.won[0],
                second=self.won[1],
            )
        )
        return "\n".join(lines)


def _outcome(nobody: str, won: str, winner: int | None, **fields: object) -> str:
    """A result line: ``nobody`` when nobody won (a tie, a draw), else ``won``, which names the ``winner``."""
    if winner is None:
        return nobody.format(**fields)
    return won.format(winner=player_name(winner), **fields)


def _suits(bridge_suits: Iterable[int | str]) -> tuple[int, ...]:
    return tuple(parse_suit(s) if isinstance(s, str) else int(s) for s in bridge_suits)


def card_values(suit: int, mine: Sequence[int], theirs: Sequence[int]) -> list[Valued]:
    """TB-5.2 for one column opposite another: (value, base, match, sideways, halving entry or None)."""
    out: list[Valued] = []
    n = len(theirs)
    for i, e in enumerate(mine):
        hidden = e & CARD_MASK == HIDDEN
        base = 0 if hidden else base_value(e)
        match = 2 if suit_of(e) == suit else 0
        side = -2 if e & SIDEWAYS else 0
        v = max(0, base + match + side)
        halver = None
        if i < n and suit_of(theirs[i]) == SCHELLEN:  # the suit of the opposite card alone decides
            v //= 2
            halver = theirs[i]
        out.append((v, base, match, side, halver))
    return out


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per entry: its value before halving at a bridge of each suit, Herz, König and Schellen flags."""
    size = 6 << 8
    value = [[0] * size for _ in range(4)]
    herz, koenig, schellen = [0] * size, [0] * size, [0] * size
    for e in range(size):
        c = e & CARD_MASK
        if c > HIDDEN or (c >= 32 and c != HIDDEN and (e >> 8) > 4) or (c < 32 and e >> 8):
            continue
        s = suit_of(e)
        for suit in range(4):
            base = 0 if c == HIDDEN else base_value(e)
            value[suit][e] = max(0, base + (2 if s == suit else 0) - (2 if e & SIDEWAYS else 0))
        herz[e] = int(s == HERZ)
        koenig[e] = int(rank_of(e) == KOENIG)
        schellen[e] = int(s == SCHELLEN)
    return tuple(tuple(v) for v in value), tuple(herz), tuple(koenig), tuple(schellen)


# Final module constants: compiled, each is read as a C global, not looked up in the module's dict per card
_TABLES: Final = _tables()
_VALUE: Final = _TABLES[0]
_HERZ: Final = _TABLES[1]
_KOENIG: Final = _TABLES[2]
_SCHELLEN: Final = _TABLES[3]


def column_total(suit: int, mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """TB-5.3: the card values plus König and Herz bonuses (the arithmetic of TB-5.2 from tables)."""
    values = _VALUE[suit]
    total = 0
    n = len(theirs)
    size = len(mine)
    for i, e in enumerate(mine):
        v = values[e]
        if i < n and _SCHELLEN[theirs[i]]:
            v >>= 1
        total += v + _HERZ[e]
        if _KOENIG[e]:
            total += size
    return total


def totals(bridge_suits: Sequence[int], columns: Columns) -> tuple[tuple[int, int], ...]:
    """The bridge totals ((seat 0, seat 1) per bridge) of a board."""
    return tuple(
        (column_total(s, col[0], col[1]), column_total(s, col[1], col[0])) for s, col in zip(bridge_suits, columns)
    )


def score_board(bridge_suits: Iterable[int | str], columns: Any) -> Score:
    """TB-5 from the bridge suits (ints or letters) and the columns ``columns[b][seat]`` of entries."""
    suits = _suits(bridge_suits)
    bridges: list[BridgeScore] = []
    won = [0, 0]
    for b, (suit, cols) in enumerate(zip(suits, columns)):
        name = BRIDGE_NAMES[b]
        cards: list[tuple[CardValue, ...]] = []
        sums: list[int] = []
        kb: list[int] = []
        hb: list[int] = []
        tot: list[int] = []
        for seat in (0, 1):
            mine, theirs = cols[seat], cols[1 - seat]
            vals = card_values(suit, mine, theirs)
            cards.append(
                tuple(
                    CardValue(
                        name,
                        seat,
                        i,
                        entry_code(e),
                        base,
                        match,
                        side,
                        None if halver is None else entry_code(halver),
                        v,
                    )
                    for i, (e, (v, base, match, side, halver)) in enumerate(zip(mine, vals))
                )
            )
            sums.append(sum(v[0] for v in vals))
            kb.append(sum(len(mine) for e in mine if rank_of(e) == KOENIG))
            hb.append(sum(1 for e in mine if suit_of(e) == HERZ))
            tot.append(sums[-1] + kb[-1] + hb[-1])
        winner = None if tot[0] == tot[1] else (0 if tot[0] > tot[1] else 1)
        if winner is not None:
            won[winner] += 1
        bridges.append(
            BridgeScore(name, SUITS[suit], tuple(cards), tuple(sums), tuple(kb), tuple(hb), tuple(tot), winner)
        )
    winner = None if won[0] == won[1] else (0 if won[0] > won[1] else 1)
    return Score(tuple(bridges), tuple(won), winner)


def score(state: State) -> Score:
    """TB-5: the scoring of ``state``'s board (final at the end; "if scored now" before)."""
    return score_board(tuple(b >> 3 for b in state.bridges), state.columns)


def settle(rules: ThreeBridgesRules, state: State) -> Settlement:
    """The settlement of a finished game (the rules add nothing to TB-5 here)."""
    return settlement(state)


def settlement(state: State) -> Settlement:
    """Per player: role, the three bridge totals, bridges won, result and points (+1/0/-1)."""
    sc = score(state)
    rows: list[dict[str, Any]] = []
    for seat in (0, 1):
        result = "draw" if sc.winner is None else ("win" if sc.winner == seat else "loss")
        rows.append(
            {
                "player": seat,
                "role": "P1" if seat == state.first else "P2",
                "bridge_A": sc.bridges[0].total[seat],
                "bridge_B": sc.bridges[1].total[seat],
                "bridge_C": sc.bridges[2].total[seat],
                "bridges_won": sc.won[seat],
                "result": result,
                "points": {"win": 1, "draw": 0, "loss": -1}[result],
            }
        )
    return Settlement(rows, score=sc)


# ---------------------------------------------------------------------------
# Aggregations of many games (a ``cardgames.simulate`` frame) for the settlement notebook

BRIDGE_COLUMNS = ("bridge_A", "bridge_B", "bridge_C")


def bridge_outcomes(frame: Any) -> Any:
    """One row per game, bridge and player: his total, the opponent's, the margin and won/tied/lost (TB-5.4)."""
    import pandas as pd

    rows = frame[["game_id", "player", "agent", "role", *BRIDGE_COLUMNS]]
    long = rows.melt(
        id_vars=["game_id", "player", "agent", "role"],
        value_vars=list(BRIDGE_COLUMNS),
        var_name="bridge",
        value_name="total",
    )
    long["bridge"] = long["bridge"].str[-1]
    other = long[["game_id", "bridge", "player", "total"]].assign(player=lambda d: 1 - d["player"])
    long = long.merge(other.rename(columns={"total": "opponent"}), on=["game_id", "bridge", "player"])
    long["margin"] = long["total"] - long["opponent"]
    long["outcome"] = pd.Categorical(
        long["margin"].map(lambda m: "won" if m > 0 else ("lost" if m < 0 else "tied")),
        categories=["won", "tied", "lost"],
    )
    return long.sort_values(["game_id", "bridge", "player"], ignore_index=True)


def win_share_by_total(frame: Any, step: int = 3, cap: int = 45) -> Any:
    """Share of bridges won, tied and lost by the player's own total (TB-5.3), in bins of ``step`` points.

    Totals of ``cap`` or more share one bin.  Columns: ``total`` (the bin's lower end),
    ``won``/``tied``/``lost`` (shares), ``bridges`` (how many).
    """
    outcomes = bridge_outcomes(frame)
    binned = (outcomes["total"].clip(upper=cap) // step) * step
    table = outcomes.groupby(binned)["outcome"].value_counts(normalize=True).unstack(fill_value=0.0)
    table["bridges"] = outcomes.groupby(binned).size()
    return table.rename_axis(index="total", columns=None).reset_index()


def empty_bridge_share(frame: Any) -> float:
    """The share of bridges where neither player has a card (both totals 0: a card always counts at least 1)."""
    outcomes = bridge_outcomes(frame)
    return float(((outcomes["total"] == 0) & (outcomes["opponent"] == 0)).mean())


def result_table(frame: Any, by: Sequence[str] = ("agent",), agent: str | None = None) -> Any:
    """Per group: games, shares of wins, draws and losses (TB-5.5), mean points with a 95 % interval.

    With ``agent``, only that agent's rows count (e.g. ``by=("role",)``: how he does as P1 and as P2).
    """
    import math

    if agent is not None:
        frame = frame[frame["agent"] == agent]
    groups = frame.groupby(list(by))
    table = groups["result"].value_counts(normalize=True).unstack(fill_value=0.0)
    table = table.reindex(columns=["win", "draw", "loss"], fill_value=0.0)
    points = groups["points"].agg(["count", "mean", "std"])
    half = 1.96 * points["std"] / points["count"].map(math.sqrt)
    table.insert(0, "games", points["count"])
    table["mean points"] = points["mean"]
    table["95% low"], table["95% high"] = points["mean"] - half, points["mean"] + half
    return table.rename_axis(columns=None).reset_index()
