"""Words for people: one sentence per action (naming its clauses) and the table as lines of text and cards."""

from __future__ import annotations

from typing import Any, Final

from ..core.facts import ActionParts, Fact, words
from ..core.game import Face, Line, line
from ..core.i18n import N_
from ..core.inputs import either
from . import data
from .actions import Bury, ChooseWrestler, Coin, DamageToken, Name, Pass, Play, Tag, UseCheat, UseSignature
from .cards import CATALOG, POP_T, SUITS, VALUE_T, code, pretty, suit_name
from .rules import RowdyPartnersRules
from .state import CHOOSING, PHASE_NAMES, TAGGING, Placed, Result, State

_, ngettext = CATALOG.functions()


def _sign(k: int) -> str:
    """A signed amount: ``+1``, ``-2``."""
    return f"{k:+d}"


# RP-2.6 VAL(k) and DMG(k) in words: a value change or extra damage (the notation stays in the rules)
_AMOUNTS: Final = {"VAL": N_("value {amount}"), "DMG": N_("damage {amount}")}


def _effect_text(eff: data.Effect, arg: str) -> str:
    """An effect as a person reads it: ``value +2``, ``damage +3``, Limbo's ``value -2`` as ``arg`` chose it;
    any other effect by its name in RP-2.6 (``DBL``, ``IMMUNE``, ``SUIT``, ``CANCEL``, ``BURN_SWAP``, ``PEEK``)."""
    kind, amount = eff.kind, eff.amount
    if kind not in _AMOUNTS:
        return kind
    if isinstance(amount, tuple):  # chosen at use (Limbo)
        said = arg if arg else either([_sign(a) for a in amount])
    else:
        said = _sign(amount)
    return _(_AMOUNTS[kind]).format(amount=said)


#: the kinds of fact that are a whole sentence of their own (their words end with the full stop)
WHOLE: Final = frozenset(("wrestler", "tag", "pass", "coin", "damage", "cheat", "signature", "bury", "other"))


def tell(told: tuple[Fact, ...]) -> str:
    """The sentence of a step's facts: a whole-sentence fact as it is, else the facts joined by semicolons."""
    if told[0].kind in WHOLE:
        return told[0].text
    return "; ".join([fact.text for fact in told]) + "."


def facts(game: RowdyPartnersRules, st: State, p: int | None, action: Any, nxt: State) -> tuple[Fact, ...]:
    """What the step from ``st`` to ``nxt`` by ``action`` of player ``p`` did, each fact with its clauses."""
    assert p is not None  # every decision is a player's
    who = game.labels[p]
    t = type(action)
    if t is ChooseWrestler:
        w = data.WRESTLERS[action.wrestler]
        text = _("{player} chooses {wrestler} {name}, signature move {move} (RP-3.2, DP-1).").format(
            player=who, wrestler=action.wrestler, name=w.name, move=w.move
        )
        return (Fact("wrestler", text, ("RP-3.2", "DP-1"), (p,)),)
    if t is Tag:
        q = game.partner[p]
        if st.seats.seat_of[p] == st.seats.leader:
            text = _(
                "{player} spends a Tag token in the tag window and swaps seats with his partner {partner}, "
                "who goes into the ring and leads the trick as #1 (RP-4.4)."
            )
        else:
            text = _(
                "{player} spends a Tag token in the tag window and swaps seats with his partner {partner}, "
                "who goes into the ring (RP-4.4)."
            )
        return (Fact("tag", text.format(player=who, partner=game.labels[q]), ("RP-4.4",), (p, q)),)
    if t is Pass:
        return (
            Fact("pass", _("{player} does not tag in this tag window (RP-4.4).").format(player=who), ("RP-4.4",), (p,)),
        )
    if t is Coin:
        text = _("{player} attaches a Coin as {sign} to his coming card (RP-2.6, RP-4.7).").format(
            player=who, sign=_sign(action.sign)
        )
        return (Fact("coin", text, ("RP-2.6", "RP-4.7"), (p,), amounts={"value": action.sign}),)
    if t is DamageToken:
        text = _("{player} attaches a Damage token to his coming card: +1 damage if it wins (RP-2.6, RP-4.7).").format(
            player=who
        )
        return (Fact("damage", text, ("RP-2.6", "RP-4.7"), (p,)),)
    if t is UseCheat or t is UseSignature:
        return (_attachment(game, st, p, action, nxt),)
    if t is Bury:
        card = code(action.card)
        text = _("{player} buries {card} face down in the burn pile after the BURN_SWAP (RP-2.6).").format(
            player=who, card=card
        )
        return (Fact("bury", text, ("RP-2.6",), (p,), (card,)),)
    if t is Name:
        text = _("{player} names {suit} as the led suit for his wildcard (RP-4.9)").format(
            player=who, suit=suit_name(action.suit)
        )
        return (Fact("name", text, ("RP-4.9",), (p,)), *_trick_end(game, st, nxt))
    if t is Play:
        return _play(game, st, nxt, action, p)
    return (Fact("other", _("{player}: {action} (RP-4.10).").format(player=who, action=action), ("RP-4.10",), (p,)),)


def _attachment(game: RowdyPartnersRules, st: State, p: int, action: Any, nxt: State) -> Fact:
    """A cheat or signature move attached: what it is, its effect, and what it did at once (RP-2.6, RP-4.7)."""
    who = game.labels[p]
    if type(action) is UseCheat:
        eff = data.CHEATS[action.cheat].effect
    else:
        eff = data.WRESTLERS[action.wrestler].effect
    kind = eff.kind
    effect = _effect_text(eff, action.arg)
    done = ""  # what the effect did at once, a clause of its own
    seats = [p]
    if kind == "SUIT":
        done = _("his coming card counts as {suit}").format(suit=suit_name(SUITS.index(action.arg)))
    elif kind == "BURN_SWAP":
        done = _("he takes a random card from the burn pile into his hand and then buries one hand card face down")
    elif kind == "CANCEL":
        target, token = action.arg.split(" ")
        seats.append(int(target))
        cancelled = game.labels[int(target)]
        if token == "cheat":
            shown = nxt.tokens.used[len(st.tokens.used)]  # the RNG's pick among his cheats, revealed (RP-2.6)
            done = _("{target} discards a cheat, picked at random and revealed: {cheat} {name}").format(
                target=cancelled, cheat=shown, name=data.CHEATS[shown].name
            )
        else:
            done = _(_CANCELLED[token]).format(target=cancelled)
    elif kind == "PEEK":
        q = nxt.tokens.peeks[-1][1]
        seats.append(q)
        if q == game.partner[p]:
            done = _("he looks at his partner {target}'s hand").format(target=game.labels[q])
        else:
            done = _("he looks at {target}'s hand").format(target=game.labels[q])
    if type(action) is UseCheat:
        name = data.CHEATS[action.cheat].name
        if done:
            text = _("{player} attaches the cheat {cheat} {name}, {effect}: {done} (RP-2.7, RP-2.6, RP-4.7).")
        else:
            text = _("{player} attaches the cheat {cheat} {name}, {effect} (RP-2.7, RP-2.6, RP-4.7).")
        said = text.format(player=who, cheat=action.cheat, name=name, effect=effect, done=done)
        return Fact("cheat", said, ("RP-2.7", "RP-2.6", "RP-4.7"), tuple(seats))
    move = data.WRESTLERS[action.wrestler].move
    if done:
        text = _("{player} attaches his signature move {move}, {effect}: {done} (RP-4.13, RP-2.6, RP-4.7).")
    else:
        text = _("{player} attaches his signature move {move}, {effect} (RP-4.13, RP-2.6, RP-4.7).")
    said = text.format(player=who, move=move, effect=effect, done=done)
    return Fact("signature", said, ("RP-4.13", "RP-2.6", "RP-4.7"), tuple(seats))


_CANCELLED = {  # RP-2.6 CANCEL: the opponent discards a token of the kind named
    "coin": N_("{target} discards a Coin"),
    "damage": N_("{target} discards a Damage token"),
    "tag": N_("{target} discards a Tag token"),
}

_POPPED = {  # RP-4.12: a pop symbol moves the track; what reaching the field gives (award "" for none)
    "": N_("its pop symbol moves track {side} to {field} (RP-4.12)"),
    "coin": N_("its pop symbol moves track {side} to {field} (RP-4.12) and earns {player} a Coin token"),
    "damage": N_("its pop symbol moves track {side} to {field} (RP-4.12) and earns {player} a Damage token"),
    "tag": N_("its pop symbol moves track {side} to {field} (RP-4.12) and earns {player} a Tag token"),
    "cheat": N_("its pop symbol moves track {side} to {field} (RP-4.12) and earns {player} a cheat"),
    "unlock": N_("its pop symbol moves track {side} to {field} (RP-4.12) and unlocks the signature moves"),
}
_POPPED_RESET = {  # RP-4.12.2 field 12: its award, then the track starts again at 0
    "": N_("its pop symbol moves track {side} to {field} (RP-4.12), and the track starts again at 0"),
    "cheat": N_(
        "its pop symbol moves track {side} to {field} (RP-4.12) and earns {player} a cheat, "
        "and the track starts again at 0"
    ),
}


def _play(game: RowdyPartnersRules, st: State, nxt: State, action: Play, p: int) -> tuple[Fact, ...]:
    """A play and all it caused: its value, the pop and award, the setter or the counter, the trick's end."""
    who = game.labels[p]
    c = action.card
    ended = len(nxt.score.log) > len(st.score.log)
    row = nxt.score.log[-1].row if ended else nxt.row
    me = row[len(st.row)]
    if me.source == 1:
        if me.value != VALUE_T[c]:
            text = _("{player} plays {card} ({name}) from his diamond with v = {value} (RP-4.10)")
        else:
            text = _("{player} plays {card} ({name}) from his diamond (RP-4.10)")
    elif me.value != VALUE_T[c]:
        text = _("{player} plays {card} ({name}) with v = {value} (RP-4.10)")
    else:
        text = _("{player} plays {card} ({name}) (RP-4.10)")
    card = code(c)
    said = text.format(player=who, card=card, name=pretty(c), value=me.value)
    told = [Fact("play", said, ("RP-4.10",), (p,), (card,), {"value": me.value})]
    if POP_T[c]:
        side = game.side_of[p]
        field = st.tokens.pop[side] + 1
        popped = _POPPED_RESET if field >= data.POP_RESET else _POPPED
        said = _(popped[me.award]).format(side=game.side_names[side], field=field, player=who)
        told.append(Fact("pop", said, ("RP-4.12",), (p,), (card,), {"field": field}))
    if st.suit < 0:  # RP-4.9: a card placed while S is undefined becomes the setter
        if me.suit >= 0:
            said = _("it sets the led suit {suit} (RP-4.9)").format(suit=suit_name(me.suit))
        else:
            said = _("the wildcard becomes the setter and {player} names the led suit (RP-4.9)").format(player=who)
        told.append(Fact("setter", said, ("RP-4.9",), (p,), (card,)))
    elif not me.up:
        i = next(i for i, q in enumerate(row[: len(st.row)]) if not q.up and st.row[i].up)
        other = row[i]
        said = _("it counters {other}'s {card} (v = {value}): both are flipped (RP-4.8)").format(
            other=game.labels[other.player], card=code(other.card), value=me.value
        )
        told.append(Fact("counter", said, ("RP-4.8",), (p, other.player), (card, code(other.card))))
        if i == st.setter:
            told.extend(_new_setter(game, row, nxt, ended))
    told.extend(_trick_end(game, st, nxt))
    return tuple(told)


def _new_setter(game: RowdyPartnersRules, row: tuple[Placed, ...], nxt: State, ended: bool) -> tuple[Fact, ...]:
    """RP-4.9 after a counter flipped the setter: the earliest face-up card sets the suit, or none is left."""
    j = next((n for n, q in enumerate(row) if q.up), -1)
    if j < 0:
        if ended:  # the trick's end says that nobody wins (RP-4.10 step 5)
            return ()
        said = _(
            "no card is face up, so the led suit is undefined and the next card, {player}'s, sets it (RP-4.9)"
        ).format(player=game.labels[nxt.actor])
        return (Fact("setter", said, ("RP-4.9",), (nxt.actor,)),)
    q = row[j]
    who = game.labels[q.player]
    if q.suit < 0:
        text = _(
            "the earliest face-up card, {player}'s {card}, becomes the setter and {player} names the led suit "
            "at once (RP-4.9)"
        )
        return (Fact("setter", text.format(player=who, card=code(q.card)), ("RP-4.9",), (q.player,), (code(q.card),)),)
    suit = nxt.score.log[-1].suit if ended else nxt.suit
    text = _("the earliest face-up card, {player}'s {card}, becomes the setter and the led suit is {suit} (RP-4.9)")
    said = text.format(player=who, card=code(q.card), suit=suit_name(suit))
    return (Fact("setter", said, ("RP-4.9",), (q.player,), (code(q.card),)),)


def _trick_end(game: RowdyPartnersRules, st: State, nxt: State) -> tuple[Fact, ...]:
    """What the end of a trick caused: the winner, the damage and the marker, the pin, the round's end."""
    if len(nxt.score.log) == len(st.score.log):
        return ()
    rec = nxt.score.log[-1]
    result = nxt.score.result
    if rec.winner < 0:
        said = _("every card is flipped: nobody wins the trick and the same seat leads again (RP-4.10)")
        told = [Fact("trick", said, ("RP-4.10",))]
        if result is not None:
            told.append(_cap(game, result))
        elif nxt.deal.round > st.deal.round:
            told.append(_round(nxt))
        return tuple(told)
    w = game.labels[rec.winner]
    target = game.labels[rec.target]
    seats: tuple[int, ...] = (rec.winner, rec.target)
    amounts = {"damage": rec.damage, "before": rec.before, "after": rec.after}
    if rec.damage and rec.after == rec.before:  # RP-4.11 step 4: too little to leave the stop sign
        said = _(
            "{winner} wins the trick and deals {damage} damage to {target}, too little to leave STOP{stop} "
            "(it needs {needed}): he stays at position {position} (RP-4.11)"
        ).format(
            winner=w,
            damage=rec.damage,
            target=target,
            stop=rec.before - data.LAST_REGULAR,
            needed=data.STOP_THRESHOLDS[rec.before],
            position=rec.before,
        )
    elif rec.damage:
        said = _(
            "{winner} wins the trick and deals {damage} damage to {target} (position {before} → {after}) (RP-4.11)"
        ).format(winner=w, damage=rec.damage, target=target, before=rec.before, after=rec.after)
    else:
        said = _("{winner} wins the trick but deals no damage (RP-4.11)").format(winner=w)
        seats = (rec.winner,)
    told = [Fact("trick", said, ("RP-4.11",), seats, amounts=amounts)]
    if result is not None:
        if result.reason == "pin":
            said = _("{pinned} is pinned and side {side} wins (RP-6.1)").format(
                pinned=game.labels[result.pinned], side=game.side_names[result.winner]
            )
            told.append(Fact("pin", said, ("RP-6.1",), (result.pinned,)))
        else:
            told.append(_cap(game, result))
    elif nxt.deal.round > st.deal.round:
        told.append(_round(nxt))
    return tuple(told)


def _round(nxt: State) -> Fact:
    """RP-4.1: after the 8th trick the round ends and the next deal follows."""
    said = _("that was the round's last trick: round {round} is dealt (RP-4.1, RP-4.2)").format(round=nxt.deal.round)
    return Fact("round", said, ("RP-4.1", "RP-4.2"), amounts={"round": nxt.deal.round})


def _cap(game: RowdyPartnersRules, r: Result) -> Fact:
    """RP-6.3: the game ends at the round cap; the side whose most hurt wrestler stands lower wins."""
    if r.winner < 0:
        said = _(
            "the round cap ends the game in a draw: both sides' most hurt wrestlers have the same position (RP-6.3)"
        )
    else:
        said = _(
            "the round cap ends the game and side {side} wins: its most hurt wrestler has the lower position (RP-6.3)"
        ).format(side=game.side_names[r.winner])
    return Fact("cap", said, ("RP-6.3",))


def layout(game: RowdyPartnersRules, st: State, player: int | None = None) -> tuple[Line, ...]:
    """The table as lines of text and cards: every hand, or what ``player`` sees (RP-4.15).

    The cards of the hands, the headliners' diamonds and the row are :class:`Face` parts
    (code and text ``Ha5``); a run of cards hidden from ``player`` is one ``Face(None, "?? ??", 2)``.
    Joined, the parts are the text ``render`` prints; its labels are in the language in use.
    """
    if player is not None:
        st = game.view(st, player)
    seats, tokens, trick = st.seats, st.tokens, st.trick
    # RP-4.3: the ring of the trick at hand; during the tag window it is not fixed yet (RP-4.10 step 2)
    in_ring = (game.in_ring(st, 0), game.in_ring(st, 1)) if st.phase in (TAGGING, CHOOSING) else trick.ring
    # the seats are named by their position in the trick, #1 the leader's (RP-4.3): the rules number
    # the seats from 0, and a person reads no seat number counted from 0
    head = _("Rowdy Partners  round {round} trick {trick}  #1: {player}  {led}").format(
        round=st.deal.round,
        trick=trick.number,
        player=game.labels[seats.at_seat[seats.leader]],
        led=_("led suit: {suit}").format(suit=suit_name(st.suit)) if st.suit >= 0 else _("no led suit yet (RP-4.9)"),
    )
    lines: list[Line] = [(head,)]
    ring_word, sig_word, diamond_word = " " + _("(in the ring)"), "  " + _("sig used"), "  " + _("diamond") + " "
    for seat in range(game.players):
        p = seats.at_seat[seat]
        w = data.WRESTLERS[seats.wrestlers[p]].name if seats.wrestlers[p] else _("(to choose)")
        # the wrestler in the ring says so beside his name, "Anvil Annie (in the ring)", one column padded
        # behind; the health and its track's end are one column, "health 7/19"; the tokens are a labelled
        # group of their own after them: the Damage tokens held are not the health
        text = _(
            "#{position} {player:<2} {wrestler} health {health:<5}  "
            "tokens: coins {coins} · damage {damage} · tags {tags} · cheats {cheats}{sig}  hand"
        ).format(
            position=(seat - seats.leader) % game.players + 1,
            player=game.labels[p],
            wrestler=(w + (ring_word if p in in_ring else "")).ljust(16 + len(ring_word)),
            health=f"{st.score.health[p]}/{data.SKULL}",
            coins=tokens.coins[p],
            damage=tokens.damage[p],
            tags=tokens.tags[p],
            cheats=len(tokens.cheats[p]),
            sig=sig_word if st.deal.sig_used[p] else "",
        )
        parts: list[str | Face] = [" " + text + " "]
        _add_cards(parts, st.hands[p])
        if game.headliner[p]:
            parts.append(diamond_word)
            _add_cards(parts, st.deal.diamonds[p])
        if tokens.cheats[p] and tokens.cheats[p][0] != "?":
            parts.append("  [" + " ".join(tokens.cheats[p]) + "]")
        lines.append(line(parts))
    unlocked = " (" + _("unlocked") + ")"
    pops = " · ".join(f"{game.side_names[s]} {tokens.pop[s]}{unlocked if tokens.unlocked[s] else ''}" for s in range(2))
    pile = _("pop track: {pops}   burn pile {burn}   cheat pool {pool}").format(
        pops=pops, burn=len(st.deal.burn), pool=len(tokens.pool)
    )
    lines.append((" " + pile,))
    if st.row:
        parts = [" " + _("row:") + " "]
        for n, q in enumerate(st.row):
            parts.append(("  " if n else "") + f"{game.labels[q.player]}:" + ("" if q.up else "["))
            parts.append(_face(q.card))
            text = f"(v={q.value})" if q.card >= 0 and q.value != VALUE_T[q.card] else ""
            if q.attached:
                text += "+" + "+".join(q.attached)
            parts.append(text if q.up else text + "]")
        lines.append(line(parts))
    r = st.score.result
    if r is not None:
        if r.winner < 0:
            lines.append((" " + _("game over: draw at the round cap (RP-6.3)"),))
        elif r.pinned >= 0:
            over = _("game over: side {side} wins ({pinned} pinned)").format(
                side=game.side_names[r.winner], pinned=game.labels[r.pinned]
            )
            lines.append((" " + over,))
        else:
            over = _("game over: side {side} wins (round cap)").format(side=game.side_names[r.winner])
            lines.append((" " + over,))
    else:
        to_act = _("to act: {player} ({decision})").format(
            player=game.labels[st.actor], decision=_(PHASE_NAMES[st.phase])
        )
        lines.append((" " + to_act,))
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


def action_parts(action: object) -> ActionParts:
    """An action's verb, words and cards, from its fields (the same words as its text)."""
    if isinstance(action, Play | Bury):
        card = code(action.card)
        return ActionParts("play" if isinstance(action, Play) else "bury", (card,), (card,), (card,))
    if isinstance(action, Name):
        return words("name", SUITS[action.suit])
    if isinstance(action, Coin):
        return words("coin", "+1" if action.sign > 0 else "-1")
    if isinstance(action, UseCheat):
        return words("cheat", action.cheat, *((action.arg,) if action.arg else ()))
    if isinstance(action, UseSignature):
        return words("sig", action.wrestler, *((action.arg,) if action.arg else ()))
    if isinstance(action, ChooseWrestler):
        return words("wrestler", action.wrestler)
    return words(str(action))  # tag, pass, damage: a verb alone
