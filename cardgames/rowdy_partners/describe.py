"""Words for people: one sentence per action (naming its clauses) and the table as lines of text and cards."""

from __future__ import annotations

from typing import Any

from ..core.game import Face, Line
from . import data
from .cards import POP_T, SUITS, VALUE_T, code, pretty, suit_name
from .rules import (
    CHOOSING,
    PHASE_NAMES,
    TAGGING,
    Bury,
    ChooseWrestler,
    Coin,
    DamageToken,
    Name,
    Pass,
    Placed,
    Play,
    Result,
    RowdyPartnersRules,
    State,
    Tag,
    UseCheat,
    UseSignature,
)


def _sign(k: int) -> str:
    """A signed amount: ``+1``, ``-2``."""
    return f"{k:+d}"


def _effect_text(eff: data.Effect) -> str:
    """An effect as RP-2.6 writes it: ``VAL(+2)``, ``DMG(3)``, ``VAL(-1 or -2 or -3)``, ``DBL``."""
    if eff.kind in ("VAL", "DMG") and not isinstance(eff.amount, tuple):
        return f"{eff.kind}({_sign(eff.amount) if eff.kind == 'VAL' else eff.amount})"
    if isinstance(eff.amount, tuple):
        return f"{eff.kind}({' or '.join(map(_sign, eff.amount))})"
    return eff.kind


def describe(game: RowdyPartnersRules, st: State, p: int | None, action: Any, nxt: State) -> str:
    """One sentence for the step from ``st`` to ``nxt`` by ``action`` of player ``p``, naming its clauses."""
    assert p is not None  # every decision is a player's
    who = game.labels[p]
    t = type(action)
    if t is ChooseWrestler:
        w = data.WRESTLERS[action.wrestler]
        return f"{who} chooses {action.wrestler} {w.name}, signature move {w.move} (RP-3.2, DP-1)."
    if t is Tag:
        q = game.partner[p]
        leads = " and leads the trick as #1" if st.seats.seat_of[p] == st.seats.leader else ""
        return (
            f"{who} spends a Tag token in the tag window and swaps seats with his partner {game.labels[q]}, "
            f"who goes into the ring{leads} (RP-4.4)."
        )
    if t is Pass:
        return f"{who} does not tag in this tag window (RP-4.4)."
    if t is Coin:
        sign = _sign(action.sign)
        return f"{who} attaches a Coin as {sign} to his coming card: VAL({sign}) (RP-2.6, RP-4.7)."
    if t is DamageToken:
        return f"{who} attaches a Damage token to his coming card: +1 damage if it wins (RP-2.6, RP-4.7)."
    if t is UseCheat or t is UseSignature:
        if t is UseCheat:
            eff = data.CHEATS[action.cheat].effect
            what = f"the cheat {action.cheat} {data.CHEATS[action.cheat].name}"
            clause = "RP-2.7"
        else:
            w = data.WRESTLERS[action.wrestler]
            eff = w.effect
            what = f"his signature move {w.move}"
            clause = "RP-4.13"
        kind = eff.kind
        if kind == "VAL" and action.arg:  # Limbo: the amount chosen at use
            text = f"{who} attaches {what}, VAL({action.arg})"
        else:
            text = f"{who} attaches {what}, {_effect_text(eff)}"
        if kind == "SUIT":
            text += f": his coming card counts as {suit_name(SUITS.index(action.arg))}"
        if kind == "BURN_SWAP":
            text += ": he takes a random card from the burn pile into his hand and then buries one hand card face down"
        if kind == "CANCEL":
            target, token = action.arg.split(" ")
            q = int(target)
            if token == "cheat":
                shown = nxt.tokens.used[len(st.tokens.used)]  # the RNG's pick among his cheats, revealed (RP-2.6)
                text += (
                    f": {game.labels[q]} discards a cheat, picked at random and revealed: "
                    f"{shown} {data.CHEATS[shown].name}"
                )
            else:
                text += f": {game.labels[q]} discards a {_TOKEN_WORDS[token]}"
        if kind == "PEEK":
            q = nxt.tokens.peeks[-1][1]
            whose = f"his partner {game.labels[q]}'s" if q == game.partner[p] else f"{game.labels[q]}'s"
            text += f": he looks at {whose} hand"
        return text + f" ({clause}, RP-2.6, RP-4.7)."
    if t is Bury:
        return f"{who} buries {code(action.card)} face down in the burn pile after the BURN_SWAP (RP-2.6)."
    if t is Name:
        text = f"{who} names {suit_name(action.suit)} as the led suit for his wildcard (RP-4.9)"
        return text + _trick_end(game, st, nxt) + "."
    if t is Play:
        return _describe_play(game, st, nxt, action, p)
    return f"{who}: {action} (RP-4.10)."


_TOKEN_WORDS = {"coin": "Coin", "damage": "Damage token", "tag": "Tag token"}

_AWARD_WORDS = {  # RP-4.12: what reaching a field of the pop track gives
    "coin": "earns {who} a Coin token",
    "damage": "earns {who} a Damage token",
    "tag": "earns {who} a Tag token",
    "cheat": "earns {who} a cheat",
    "unlock": "unlocks the signature moves",
}


def _describe_play(game: RowdyPartnersRules, st: State, nxt: State, action: Play, p: int) -> str:
    """A play and all it caused: its value, the pop and award, the setter or the counter, the trick's end."""
    who = game.labels[p]
    c = action.card
    ended = len(nxt.score.log) > len(st.score.log)
    row = nxt.score.log[-1].row if ended else nxt.row
    me = row[len(st.row)]
    text = f"{who} plays {code(c)} ({pretty(c)})"
    if me.source == 1:
        text += " from his diamond"
    if me.value != VALUE_T[c]:
        text += f" with v = {me.value}"
    text += " (RP-4.10)"
    if POP_T[c]:
        side = game.side_of[p]
        field = st.tokens.pop[side] + 1
        text += f"; its pop symbol moves track {game.side_names[side]} to {field} (RP-4.12)"
        if me.award:
            text += f" and {_AWARD_WORDS.get(me.award, 'earns ' + me.award).format(who=who)}"
        if field >= data.POP_RESET:
            text += ", and the track starts again at 0"
    if st.suit < 0:  # RP-4.9: a card placed while S is undefined becomes the setter
        if me.suit >= 0:
            text += f"; it sets the led suit {suit_name(me.suit)} (RP-4.9)"
        else:
            text += f"; the wildcard becomes the setter and {who} names the led suit (RP-4.9)"
    elif not me.up:
        i = next(i for i, q in enumerate(row[: len(st.row)]) if not q.up and st.row[i].up)
        other = row[i]
        text += (
            f"; it counters {game.labels[other.player]}'s {code(other.card)} (v = {me.value}): "
            f"both are flipped (RP-4.8)"
        )
        if i == st.setter:
            text += _new_setter(game, row, nxt, ended)
    return text + _trick_end(game, st, nxt) + "."


def _new_setter(game: RowdyPartnersRules, row: tuple[Placed, ...], nxt: State, ended: bool) -> str:
    """RP-4.9 after a counter flipped the setter: the earliest face-up card sets the suit, or none is left."""
    j = next((n for n, q in enumerate(row) if q.up), -1)
    if j < 0:
        if ended:  # the trick's end says that nobody wins (RP-4.10 step 5)
            return ""
        return (
            f"; no card is face up, so the led suit is undefined and the next card, "
            f"{game.labels[nxt.actor]}'s, sets it (RP-4.9)"
        )
    q = row[j]
    who = game.labels[q.player]
    text = f"; the earliest face-up card, {who}'s {code(q.card)}, becomes the setter"
    if q.suit < 0:
        return text + f" and {who} names the led suit at once (RP-4.9)"
    suit = nxt.score.log[-1].suit if ended else nxt.suit
    return text + f" and the led suit is {suit_name(suit)} (RP-4.9)"


def _trick_end(game: RowdyPartnersRules, st: State, nxt: State) -> str:
    """What the end of a trick caused: the winner, the damage and the marker, the pin, the round's end."""
    if len(nxt.score.log) == len(st.score.log):
        return ""
    rec = nxt.score.log[-1]
    result = nxt.score.result
    if rec.winner < 0:
        text = "; every card is flipped: nobody wins the trick and the same seat leads again (RP-4.10)"
        if result is not None:
            return text + _cap_text(game, result)
        return text + (_round_text(nxt) if nxt.deal.round > st.deal.round else "")
    w = game.labels[rec.winner]
    text = f"; {w} wins the trick"
    target = game.labels[rec.target]
    if rec.damage and rec.after == rec.before:  # RP-4.11 step 4: too little to leave the stop sign
        stop = rec.before - data.LAST_REGULAR
        text += (
            f" and deals {rec.damage} damage to {target}, too little to leave STOP{stop} "
            f"(it needs {data.STOP_THRESHOLDS[rec.before]}): he stays at position {rec.before} (RP-4.11)"
        )
    elif rec.damage:
        text += f" and deals {rec.damage} damage to {target} (position {rec.before} -> {rec.after}) (RP-4.11)"
    else:
        text += " but deals no damage (RP-4.11)"
    if result is not None:
        if result.reason == "pin":
            text += f"; {game.labels[result.pinned]} is pinned and side {game.side_names[result.winner]} wins (RP-6.1)"
        else:
            text += _cap_text(game, result)
    elif nxt.deal.round > st.deal.round:
        text += _round_text(nxt)
    return text


def _round_text(nxt: State) -> str:
    """RP-4.1: after the 8th trick the round ends and the next deal follows."""
    return f"; that was the round's last trick: round {nxt.deal.round} is dealt (RP-4.1, RP-4.2)"


def _cap_text(game: RowdyPartnersRules, r: Result) -> str:
    """RP-6.3: the game ends at the round cap; the side whose most hurt wrestler stands lower wins."""
    if r.winner < 0:
        return (
            "; the round cap ends the game in a draw: both sides' most hurt wrestlers have the same position (RP-6.3)"
        )
    return (
        f"; the round cap ends the game and side {game.side_names[r.winner]} wins: its most hurt wrestler "
        f"has the lower position (RP-6.3)"
    )


def layout(game: RowdyPartnersRules, st: State, player: int | None = None) -> tuple[Line, ...]:
    """The table as lines of text and cards: every hand, or what ``player`` sees (RP-4.15).

    The cards of the hands, the headliners' diamonds and the row are :class:`Face` parts
    (code and text ``Ha5``); a run of cards hidden from ``player`` is one ``Face(None, "?? ??", 2)``.
    Joined, the parts are the text ``render`` prints.
    """
    if player is not None:
        st = game.view(st, player)
    seats, tokens, trick = st.seats, st.tokens, st.trick
    # RP-4.3: the ring of the trick at hand; during the tag window it is not fixed yet (RP-4.10 step 2)
    in_ring = (game.in_ring(st, 0), game.in_ring(st, 1)) if st.phase in (TAGGING, CHOOSING) else trick.ring
    head = (
        f"Rowdy Partners  round {st.deal.round} trick {trick.number}  #1 = seat {seats.leader} "
        f"({game.labels[seats.at_seat[seats.leader]]})  led suit: {suit_name(st.suit)}"
    )
    lines: list[Line] = [(head,)]
    for seat in range(game.players):
        p = seats.at_seat[seat]
        w = data.WRESTLERS[seats.wrestlers[p]].name if seats.wrestlers[p] else "(to choose)"
        ring = " ring" if p in in_ring else ""
        text = (
            f" seat {seat} {game.labels[p]:<2} {w:<16} health {st.score.health[p]:>2}/{data.SKULL}{ring}  "
            f"coins {tokens.coins[p]} dmg {tokens.damage[p]} tags {tokens.tags[p]} cheats {len(tokens.cheats[p])}"
            f"{' sig used' if st.deal.sig_used[p] else ''}  hand "
        )
        parts: list[str | Face] = [text]
        _add_cards(parts, st.hands[p])
        if game.headliner[p]:
            parts.append("  diamond ")
            _add_cards(parts, st.deal.diamonds[p])
        if tokens.cheats[p] and tokens.cheats[p][0] != "?":
            parts.append("  [" + " ".join(tokens.cheats[p]) + "]")
        lines.append(_joined(parts))
    pops = "  ".join(
        f"{game.side_names[s]} {tokens.pop[s]}{' (unlocked)' if tokens.unlocked[s] else ''}" for s in range(2)
    )
    lines.append((f" pop track: {pops}   burn pile {len(st.deal.burn)}   cheat pool {len(tokens.pool)}",))
    if st.row:
        parts = [" row: "]
        for n, q in enumerate(st.row):
            parts.append(("  " if n else "") + f"{game.labels[q.player]}:" + ("" if q.up else "["))
            parts.append(_face(q.card))
            text = f"(v={q.value})" if q.card >= 0 and q.value != VALUE_T[q.card] else ""
            if q.attached:
                text += "+" + "+".join(q.attached)
            parts.append(text if q.up else text + "]")
        lines.append(_joined(parts))
    r = st.score.result
    if r is not None:
        if r.winner < 0:
            lines.append((" game over: draw at the round cap (RP-6.3)",))
        else:
            how = f"{game.labels[r.pinned]} pinned" if r.pinned >= 0 else "round cap"
            lines.append((f" game over: side {game.side_names[r.winner]} wins ({how})",))
    else:
        lines.append((f" to act: {game.labels[st.actor]} ({PHASE_NAMES[st.phase]})",))
    return tuple(lines)


def _face(c: int) -> Face:
    """A card as a picture part: its code, or a back for a card hidden from the viewer (-1)."""
    return Face(code(c), code(c)) if c >= 0 else Face(None, code(c))


def _add_cards(parts: list[str | Face], cards: tuple[int, ...]) -> None:
    """Append ``cards`` as render prints them, one space apart: each known card a Face, a run of hidden cards one."""
    hidden = 0
    first = True
    for n, c in enumerate(cards):
        if c < 0:
            hidden += 1
            if n + 1 < len(cards) and cards[n + 1] < 0:
                continue  # the run of hidden cards goes on
            face = Face(None, " ".join([code(c)] * hidden), hidden)
            hidden = 0
        else:
            face = _face(c)
        if not first:
            parts.append(" ")
        parts.append(face)
        first = False


def _joined(parts: list[str | Face]) -> Line:
    """The parts with neighbouring texts joined and empty texts left out."""
    out: list[str | Face] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out:
                prev = out[-1]
                if isinstance(prev, str):
                    out[-1] = prev + part
                    continue
        out.append(part)
    return tuple(out)
