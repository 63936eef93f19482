"""Rowdy Partners: what a decision does (RP-4.1 to RP-4.14): tags, attachments and their effects, plays,
pops, a trick's end and the next deal.  Counters, pops, awards, the winner and damage follow automatically.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.game import Setup, Trail, extend
from ..core.record import KEEP, Keep
from ..core.rng import randbelow, shuffle
from . import data
from .actions import Bury, ChooseWrestler, Coin, DamageToken, Name, Play, Tag, UseCheat, UseSignature
from .cards import CARD, DECK, POP_T, SUIT_INDEX
from .state import (
    BURYING,
    NAMING,
    NO_PENDING,
    OVER,
    PLAIN_PLACED,
    PLAYING,
    TAGGING,
    Deal,
    Result,
    Score,
    Seating,
    Seats,
    State,
    Tokens,
    Trick,
    TrickRecord,
    add_at,
    move_marker,
    place,
    placed_with,
    set_at,
    trick_damage,
    winning_index,
    without,
)

# RP-4.12 the pop track, field -> (the field a pop symbol moves it to, the award given there)
_POP_STEP: Final = tuple(
    (f + 1 if f + 1 < data.POP_RESET else 0, data.POP_AWARDS.get(f + 1, "")) for f in range(data.POP_RESET)
)


def _fixed(amount: int | tuple[int, ...]) -> int:
    """The amount of an effect whose amount is printed (not chosen at use)."""
    assert isinstance(amount, int)
    return amount


# ---------------------------------------------------------------------------
# The deal (RP-4.2) and a trick's start (RP-4.3, RP-4.4, RP-4.10 steps 2-3)


def deal_round(
    seating: Seating, setup: Setup, at_seat: tuple[int, ...], rnd: int
) -> tuple[tuple[tuple[int, ...], ...], Deal]:
    """RP-4.2: shuffle all 36 cards and deal hands, diamonds and the burn pile by seat."""
    k = seating.players
    decks = setup.get("deck")
    order: list[int] | None = None
    if decks is not None:
        if decks and isinstance(decks[0], str):
            decks = (decks,)
        if rnd <= len(decks):
            order = [CARD[c] for c in decks[rnd - 1]]
    if order is None:
        order = shuffle(list(DECK), setup.seed, "deal", rnd)
    hands: list[tuple[int, ...]] = [()] * k
    diamonds: list[tuple[int, ...]] = [()] * k
    pos = 0
    for seat in range(k):
        hands[at_seat[seat]] = tuple(sorted(order[pos : pos + data.HAND_SIZE]))
        pos += data.HAND_SIZE
    for seat in range(k):
        p = at_seat[seat]
        if seating.headliner[p]:
            diamonds[p] = tuple(sorted(order[pos : pos + data.DIAMOND_SIZE]))
            pos += data.DIAMOND_SIZE
    deal = Deal(
        round=rnd, diamonds=tuple(diamonds), burn=tuple(order[pos : pos + data.BURN_SIZE]), sig_used=(False,) * k
    )
    return tuple(hands), deal


def open_window(
    seating: Seating,
    st: State,
    trail: Trail,
    seats: Seats,
    tokens: Tokens,
    window: int,
    number: int,
    score: Score | Keep = KEEP,
    hands: tuple[tuple[int, ...], ...] | Keep = KEEP,
    deal: Deal | Keep = KEEP,
) -> State:
    """``st`` with ``trail``, ``seats`` and ``tokens`` at the start of trick ``number``: its tag window from
    side ``window``, or its first play.  After a trick, also the ``score`` it made (and after a round's
    last trick the next deal's ``hands`` and ``deal``): one new state for the trick's end and the next start."""
    phase, actor, trick = _window(seating, seats, tokens.tags, window, number)
    return st.replace(
        trail=trail,
        phase=phase,
        actor=actor,
        pending=NO_PENDING,
        row=(),
        turn=0,
        suit=-1,
        setter=-1,
        trick=trick,
        seats=seats,
        tokens=tokens,
        score=score,
        hands=hands,
        deal=deal,
    )


def _window(seating: Seating, seats: Seats, tags: tuple[int, ...], window: int, number: int) -> tuple[int, int, Trick]:
    """RP-4.10 steps 2-3 for trick ``number``: the tag window (RP-4.4) asks side ``window`` of (leader's
    side, other side) and then the other; when nobody may tag, the ring and the play order are fixed
    and #1 plays.  Returns the phase, the player to act and the fresh trick."""
    ring, order = seating.ring_and_order(seats.at_seat, seats.leader)
    if any(tags):
        leader_side = seating.side_of[seats.at_seat[seats.leader]]
        while window < 2:
            side = leader_side if window == 0 else 1 - leader_side
            p = ring[side]
            if len(seating.members[side]) == 2 and tags[p] > 0:  # an in-ring team wrestler holding a Tag
                return TAGGING, p, Trick(number=number, window=window)
            window += 1
    return PLAYING, order[0], Trick(number=number, window=2, ring=ring, order=order)


# ---------------------------------------------------------------------------
# A decision


def step(seating: Seating, state: State, seat: int | None, action: Any) -> State:
    """The state after ``action`` of ``seat``, which the core admitted as one of ``_legal``'s offers."""
    assert seat is not None  # every decision is a player's
    trail = extend(state.trail, seat, action)
    if isinstance(action, Play):
        return _play(seating, state, seat, action.card, trail)
    if isinstance(action, (Coin, DamageToken, UseCheat, UseSignature)):
        return _attach(seating, state, seat, action, trail)
    if isinstance(action, Name):  # RP-4.9 the named suit is the led suit; the play goes on
        return _next_play(seating, state.replace(trail=trail, suit=action.suit))
    if isinstance(action, Bury):
        return _bury(seating, state, seat, action.card, trail)
    if isinstance(action, ChooseWrestler):
        return _choose(seating, state, seat, action.wrestler, trail)
    return _tag(seating, state, seat, isinstance(action, Tag), trail)


def _choose(seating: Seating, st: State, p: int, wrestler: str, trail: Trail) -> State:
    """DP-1: each player in seat order takes one wrestler of the roster (RP-3.2)."""
    seats = st.seats.replace(wrestlers=set_at(st.seats.wrestlers, p, wrestler))
    seat = st.seats.seat_of[p] + 1
    if seat < seating.players:
        return st.replace(trail=trail, seats=seats, actor=st.seats.at_seat[seat])
    return open_window(seating, st, trail, seats, st.tokens, 0, 1)


def _tag(seating: Seating, st: State, p: int, tags: bool, trail: Trail) -> State:
    """RP-4.4 the tag window: a Tag swaps the partners' seats (RP-4.4.2); then the next side is asked."""
    if not tags:
        return open_window(seating, st, trail, st.seats, st.tokens, st.trick.window + 1, st.trick.number)
    q = seating.partner[p]
    seats, tokens = st.seats, st.tokens
    sp, sq = seats.seat_of[p], seats.seat_of[q]
    seats = seats.replace(
        seat_of=set_at(set_at(seats.seat_of, p, sq), q, sp), at_seat=set_at(set_at(seats.at_seat, sp, q), sq, p)
    )
    tokens = tokens.replace(tags=add_at(tokens.tags, p, -1), spent=add_at(tokens.spent, p, 1))
    return open_window(seating, st, trail, seats, tokens, st.trick.window + 1, st.trick.number)


# RP-4.7 attachments
def _attach(seating: Seating, st: State, p: int, action: Any, trail: Trail) -> State:
    """An attachment for ``p``'s coming card: the token or cheat is spent and its effect waits (RP-2.6)."""
    tokens, pend = st.tokens, st.pending
    spent = add_at(tokens.spent, p, 1)
    t = type(action)
    if t is Coin:
        return st.replace(
            trail=trail,
            tokens=tokens.replace(coins=add_at(tokens.coins, p, -1), spent=spent),
            pending=pend.replace(val=pend.val + action.sign, attached=pend.attached + (str(action),)),
        )
    if t is DamageToken:
        return st.replace(
            trail=trail,
            tokens=tokens.replace(damage=add_at(tokens.damage, p, -1), spent=spent),
            pending=pend.replace(dmg=pend.dmg + 1, attached=pend.attached + ("damage",)),
        )
    if t is UseCheat:
        cheat = action.cheat
        held = tokens.cheats[p]
        i = held.index(cheat)  # one copy of the cheat is spent (he may hold two alike)
        tokens = tokens.replace(cheats=set_at(tokens.cheats, p, held[:i] + held[i + 1 :]), spent=spent)
        return _effect(seating, st, p, data.CHEATS[cheat].effect, action.arg, cheat, trail, tokens, st.deal, cheat)
    deal = st.deal.replace(sig_used=set_at(st.deal.sig_used, p, True))  # RP-4.13 once per round
    return _effect(
        seating,
        st,
        p,
        data.WRESTLERS[action.wrestler].effect,
        action.arg,
        "sig " + action.wrestler,
        trail,
        tokens.replace(spent=spent),
        deal,
        "",
    )


def _effect(
    seating: Seating,
    st: State,
    p: int,
    eff: data.Effect,
    arg: str,
    label: str,
    trail: Trail,
    tokens: Tokens,
    deal: Deal,
    discard: str,
) -> State:
    """RP-2.6: what an effect does when attached: a pending modifier, or at once (CANCEL, BURN_SWAP, PEEK).

    ``tokens`` and ``deal`` are as the attachment left them; ``discard`` is the cheat that goes
    face up to the used pile once its effect is done (RP-4.7.4), "" for a signature move.
    """
    pend, hands, phase, trick = st.pending, st.hands, st.phase, st.trick
    kind, amount = eff.kind, eff.amount
    attached = pend.attached + (label + (" " + arg if arg else ""),)
    if kind == "VAL":  # Limbo: the amount chosen at use
        pend = pend.replace(attached=attached, val=pend.val + (int(arg) if arg else _fixed(amount)))
    elif kind == "SUIT":
        pend = pend.replace(attached=attached, suit=SUIT_INDEX[arg])
    elif kind == "DMG":
        pend = pend.replace(attached=attached, dmg=pend.dmg + _fixed(amount))
    elif kind == "DBL":
        pend = pend.replace(attached=attached, dbl=pend.dbl + 1)
    elif kind == "IMMUNE":
        pend = pend.replace(attached=attached, immune=True)
    elif kind == "CANCEL":
        pend = pend.replace(attached=attached)
        target, token = arg.split(" ")
        tokens = _cancel(seating, tokens, int(target), token, st.setup.seed)
    elif kind == "BURN_SWAP":  # RP-4.17 a random card of the burn pile into the hand; a bury follows
        burn = deal.burn
        i = randbelow(len(burn), st.setup.seed, "draw", tokens.draws)
        got = burn[i]
        pend = pend.replace(attached=attached, swapped=True)
        hands = set_at(hands, p, tuple(sorted(hands[p] + (got,))))
        deal = deal.replace(burn=burn[:i] + burn[i + 1 :])
        tokens = tokens.replace(draws=tokens.draws + 1)
        phase, trick = BURYING, trick.replace(swap=got)
    else:  # PEEK: the partner's hand, or the named opponent's for a headliner (RP-4.14.5)
        pend = pend.replace(attached=attached)
        q = int(arg) if arg else seating.partner[p]
        tokens = tokens.replace(peeks=tokens.peeks + ((p, q, hands[q]),))
    if discard:
        tokens = tokens.replace(used=tokens.used + (discard,))
    return st.replace(trail=trail, phase=phase, pending=pend, hands=hands, trick=trick, deal=deal, tokens=tokens)


def _cancel(seating: Seating, tokens: Tokens, q: int, token: str, seed: int) -> Tokens:
    """RP-2.6 CANCEL: opponent ``q`` discards a token of the kind named (a cheat picked at random, RP-4.17)."""
    if token == "coin":
        return tokens.replace(coins=add_at(tokens.coins, q, -1))
    if token == "damage":
        return tokens.replace(damage=add_at(tokens.damage, q, -1))
    if token == "tag":
        return tokens.replace(tags=add_at(tokens.tags, q, -1))
    held = tokens.cheats[q]
    i = randbelow(len(held), seed, "draw", tokens.draws)
    return tokens.replace(
        cheats=set_at(tokens.cheats, q, held[:i] + held[i + 1 :]),
        used=tokens.used + (held[i],),
        draws=tokens.draws + 1,
    )


def _bury(seating: Seating, st: State, p: int, c: int, trail: Trail) -> State:
    """RP-2.6 BURN_SWAP: a hand card goes face down into the burn pile; the play goes on."""
    return st.replace(
        trail=trail,
        phase=PLAYING,
        hands=set_at(st.hands, p, without(st.hands[p], c)),
        deal=st.deal.replace(burn=st.deal.burn + (c,)),
        trick=st.trick.replace(swap=-1),
    )


# RP-4.10 step 4: one play
def _play(seating: Seating, st: State, p: int, c: int, trail: Trail) -> State:
    """Place card ``c`` with the pending attachments: pop (RP-4.12), setter (RP-4.9), counter (RP-4.8)."""
    pend, hands, deal = st.pending, st.hands, st.deal
    if not seating.headliner[p] or c in hands[p]:  # only a headliner has a diamond to play (RP-4.5)
        src = 0
        hands = set_at(hands, p, without(hands[p], c))  # RP-4.10 step 4.4 the card leaves the hand
    else:  # a headliner's diamond (RP-4.5)
        src = 1
        deal = deal.replace(diamonds=set_at(deal.diamonds, p, without(deal.diamonds[p], c)))
    award, tokens = _pop(seating, st.tokens, p, st.setup.seed) if POP_T[c] else ("", st.tokens)  # RP-4.12.1
    if pend is NO_PENDING and not award:  # most cards: the printed value and suit
        placed = PLAIN_PLACED[src][p][c]
    else:  # RP-4.10 step 4.4: the modified value, the effective suit and the attachments
        placed = placed_with(p, c, pend, src, award)
    row, suit, setter = place(st.row, st.suit, st.setter, placed)
    if suit < 0 and setter >= 0:  # RP-4.9 a wildcard setter: its player names the led suit at once
        phase, actor, turn = NAMING, row[setter].player, st.turn
    else:
        turn = _next_turn(st)
        if turn < 0:  # the trick's last play: the trick ends from the state this play made
            played = st.replace(trail=trail, hands=hands, deal=deal, tokens=tokens, row=row, suit=suit, setter=setter)
            return _end_trick(seating, played)
        phase, actor = PLAYING, st.trick.order[turn]
    return st.replace(
        trail=trail,
        hands=hands,
        deal=deal,
        tokens=tokens,
        row=row,
        suit=suit,
        setter=setter,
        phase=phase,
        actor=actor,
        turn=turn,
        pending=NO_PENDING if phase == PLAYING else st.pending,
    )


def _pop(seating: Seating, tokens: Tokens, p: int, seed: int) -> tuple[str, Tokens]:
    """RP-4.12: a pop symbol advances the side's pop track; the field reached gives its award to ``p``.
    What PEEKs showed stays with their viewers (RP-4.7.6)."""
    side = seating.side_of[p]
    field, award = _POP_STEP[tokens.pop[side]]
    pop = set_at(tokens.pop, side, field)
    if award == "tag" and seating.headliner[p]:
        award = data.HEADLINER_TAG_AWARD
    if award == "unlock":
        unlocked = set_at(tokens.unlocked, side, True)
        return ("" if tokens.unlocked[side] else award), tokens.replace(pop=pop, unlocked=unlocked)  # RP-4.12.4
    gained = add_at(tokens.gained, p, 1)  # every other award is a token or cheat gained
    if award == "coin":
        return award, tokens.replace(pop=pop, coins=add_at(tokens.coins, p, 1), gained=gained)
    if award == "damage":
        return award, tokens.replace(pop=pop, damage=add_at(tokens.damage, p, 1), gained=gained)
    if award == "tag":
        return award, tokens.replace(pop=pop, tags=add_at(tokens.tags, p, 1), gained=gained)
    if award == "cheat":  # the top of the pool
        pool, used, draws = tokens.pool, tokens.used, tokens.draws
        if not pool and used:  # RP-4.12.3 reshuffle the used pile
            pool = tuple(shuffle(list(used), seed, "draw", draws))
            used, draws = (), draws + 1
        if pool:
            cheats = set_at(tokens.cheats, p, tokens.cheats[p] + (pool[0],))
            return award, tokens.replace(pop=pop, cheats=cheats, pool=pool[1:], used=used, draws=draws, gained=gained)
    return "", tokens.replace(pop=pop)  # a field without award, or no cheat left anywhere


def _next_play(seating: Seating, st: State) -> State:
    """RP-4.10 step 4: after a play is complete (``st``, its suit named if needed), the next play or the trick's
    end."""
    turn = _next_turn(st)
    if turn < 0:
        return _end_trick(seating, st)
    return st.replace(phase=PLAYING, actor=st.trick.order[turn], pending=NO_PENDING, turn=turn)


def _next_turn(st: State) -> int:
    """RP-4.10 step 4: the turn of the trick's next play once the play of ``st.turn`` is complete; -1 after its last."""
    turn = st.turn + 1
    return turn if turn < len(st.trick.order) else -1


# RP-4.10 steps 5-8 and RP-4.11
def _end_trick(seating: Seating, st: State) -> State:
    """RP-4.10 steps 5-8 after the trick's last play, which made ``st`` (its row and led suit complete): winner,
    damage, the pin, the next trick or the next deal."""
    trick, score, seats, deal, row = st.trick, st.score, st.seats, st.deal, st.row
    health, won, dealt = score.health, score.won, score.dealt
    i = winning_index(row, st.suit)
    target, d, w, before, after = -1, 0, -1, 0, 0
    if i >= 0:  # else RP-4.10 step 5: every card flipped, nobody wins, L stays #1
        w = row[i].player
        d = trick_damage(row[i])
        target = trick.ring[1 - seating.side_of[w]]
        before = health[target]
        after = move_marker(before, d)
        health, won, dealt = set_at(health, target, after), add_at(won, w, 1), add_at(dealt, w, d)
        # RP-4.10 step 7 the winner's seat is #1
        seats = seats.replace(leader=seats.seat_of[w])
    record = TrickRecord(
        round=deal.round,
        trick=trick.number,
        leader=st.seats.leader,
        ring=trick.ring,
        row=row,
        suit=st.suit,
        winner=w,
        damage=d,
        target=target,
        before=before,
        after=after,
    )
    score = Score(health=health, won=won, dealt=dealt, log=score.log + (record,))
    result = None
    if after >= data.SKULL:  # RP-4.11 step 5, RP-6.1 the pin
        result = Result(
            winner=1 - seating.side_of[target], pinned=target, round=deal.round, trick=trick.number, reason="pin"
        )
    elif trick.number == data.TRICKS_PER_ROUND and deal.round >= seating.round_cap:
        worst = [max(health[m] for m in seating.members[s]) for s in range(2)]  # RP-6.3 the lower worst wins
        win = -1 if worst[0] == worst[1] else (0 if worst[0] < worst[1] else 1)
        result = Result(winner=win, pinned=-1, round=deal.round, trick=trick.number, reason="cap")
    if result is not None:  # the last trick stays on the table
        return st.replace(phase=OVER, actor=-1, pending=NO_PENDING, seats=seats, score=score.replace(result=result))
    if trick.number < data.TRICKS_PER_ROUND:
        return open_window(seating, st, st.trail, seats, st.tokens, 0, trick.number + 1, score)
    hands, deal = deal_round(seating, st.setup, seats.at_seat, deal.round + 1)  # RP-4.1 the round's end: the next deal
    return open_window(seating, st, st.trail, seats, st.tokens, 0, 1, score, hands, deal)
