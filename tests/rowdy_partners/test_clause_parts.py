"""The numbered items of RP-4.4, RP-4.7, RP-4.10, RP-4.11, RP-4.12 and RP-4.14, one test (or more) each.

General items (order of steps, who acts next, what a trick's end does) are checked at every step of seeded
random games of 2, 3 and 4 players (``random.Random(seed)`` over the legal actions); some walks start with
tokens, cheats and Tag tokens handed out so that attachments and tags happen often.  Specific cases are
hand-built positions from stacked deals.  The expected values are worked out here from the clauses' text
(printed suit and value read from the card's code, the effects of RP-2.6 to RP-2.8 written out below), not
taken from the engine's own tables.
"""

from __future__ import annotations

import functools
import random
from typing import NamedTuple

import pytest

import cardgames
from cardgames.rowdy_partners.actions import Coin, DamageToken, Play, Tag, UseCheat, UseSignature
from cardgames.rowdy_partners.cards import CARD, code

from .util import A1, A2, B1, B2, act, deal, give, refused, reopen

TAGGING, PLAYING, NAMING, OVER = 0, 1, 3, 4  # the phases of the state
SUITS = ("Ha", "Ho", "St", "Gr")  # RP-2.1
SUIT_WORDS = {"Hat": 0, "Horseshoe": 1, "Star": 2, "Gravestone": 3}

# RP-3.1: the side of each player and his partner (-1 for a headliner)
SIDE = {4: (0, 1, 0, 1), 3: (0, 1, 0), 2: (0, 1)}
PARTNER = {4: (2, 3, 0, 1), 3: (2, -1, 0), 2: (-1, -1)}

# RP-2.7 and RP-2.8: the effect of each cheat and signature move (kind, fixed amount or None)
CHEAT = {
    "C01": ("VAL", 2),
    "C02": ("VAL", -2),
    "C03": ("VAL", -3),
    "C04": ("SUIT", None),
    "C05": ("DMG", 2),
    "C06": ("IMMUNE", None),
    "C07": ("CANCEL", None),
    "C08": ("BURN_SWAP", None),
    "C09": ("PEEK", None),
    "C10": ("DBL", None),
}
SIGNATURE = {
    "W1": ("DBL", None),
    "W2": ("IMMUNE", None),
    "W3": ("SUIT", None),
    "W4": ("VAL", None),  # Limbo: -1, -2 or -3 chosen at use
    "W5": ("DMG", 3),
    "W6": ("BURN_SWAP", None),
}
FIXED = ("VAL", "DMG", "DBL", "IMMUNE")  # effects offered whatever the table holds (no argument to check)
POP_AWARD = {2: "coin", 4: "damage", 6: "tag", 8: "cheat", 10: "unlock", 12: "cheat"}  # RP-4.12.2


def printed(c):
    """RP-2.1: the printed suit (-1 for a wildcard) and value of card ``c``, read from its code."""
    text = code(c)
    if text[0] == "W":
        return -1, int(text[1:])
    return SUITS.index(text[:2]), int(text[2:])


def has_pop(c):
    """RP-2.2: suited cards of printed value 6, 7 or 8 carry a pop symbol."""
    suit, value = printed(c)
    return suit >= 0 and value >= 6


def suit_arg(text):
    return SUITS.index(text) if text in SUITS else SUIT_WORDS[text]


class Effects(NamedTuple):
    val: int
    suit: int  # the suit a SUIT effect named, -1 if none
    dmg: int
    dbl: int
    immune: bool


def effects(attached):
    """RP-4.7.2 and RP-2.6: the stacked effects of a placed card's attachment texts."""
    val = dmg = dbl = 0
    suit, immune = -1, False
    for text in attached:
        words = text.split()
        if words[0] == "coin":
            val += int(words[1])
            continue
        if words[0] == "damage":
            dmg += 1
            continue
        kind, amount = SIGNATURE[words[1]] if words[0] == "sig" else CHEAT[words[0]]
        args = words[2:] if words[0] == "sig" else words[1:]
        if kind == "VAL":
            val += amount if amount is not None else int(args[0])
        elif kind == "DMG":
            dmg += amount
        elif kind == "DBL":
            dbl += 1
        elif kind == "IMMUNE":
            immune = True
        elif kind == "SUIT":
            suit = suit_arg(args[0])
    return Effects(val, suit, dmg, dbl, immune)


def legal_from(cards, led):
    """RP-4.6 on printed suits: the cards of one source that may be played while S is ``led``."""
    if led >= 0 and any(printed(c)[0] == led for c in cards):
        return {c for c in cards if printed(c)[0] in (led, -1)}
    return set(cards)


def ring_of(players, at_seat, leader):
    """RP-4.3: each side's member at #1, else the first clockwise after #1."""
    ring = []
    for side in (0, 1):
        for i in range(players):
            p = at_seat[(leader + i) % players]
            if SIDE[players][p] == side:
                ring.append(p)
                break
    return tuple(ring)


def play_order(players, at_seat, leader):
    """RP-4.5: every seat from #1 clockwise; a headliner twice in a row."""
    order = []
    for i in range(players):
        p = at_seat[(leader + i) % players]
        order += [p, p] if PARTNER[players][p] < 0 else [p]
    return order


def expected_damage(q):
    """RP-4.11.1: D of a winning card, from its modified value and its own attachments only."""
    e = effects(q.attached)
    if q.value <= 0:
        return 0
    return (q.value + e.dmg) * 2**e.dbl


def expected_position(p, d):
    """RP-4.11 steps 2-4."""
    if d == 0:
        return p
    if p <= 15:
        return min(p + d, 16)
    return p + 1 if d >= p - 15 else p


# ---------------------------------------------------------------------------
# Seeded random walks


class Step(NamedTuple):
    before: object
    player: int
    action: object
    after: object


SEEDS = 12
CHEAT_IDS = tuple(CHEAT)


def stocked(game, s, seed):
    """The first state with 2 Coins, 2 Damage tokens, 2 Tags and three cheats for everybody (varied by seed),
    some sides' signature moves unlocked, and the tag window opened again."""
    each = dict.fromkeys(range(game.players), 2)
    cheats = tuple(CHEAT_IDS[(seed + i) % 10] for i in (0, 3, 7))
    s = give(
        s,
        coins=each,
        damage=each,
        tags=each,
        cheats=dict.fromkeys(each, cheats),
        unlocked=(seed % 2 == 0, seed % 3 == 0),
    )
    return reopen(game, s)


@functools.cache
def walk(players, seed, stock):
    """The steps and final state of a random game (``stock``: tokens handed out first)."""
    game = cardgames.load("rowdy_partners", players=players)
    s = game.new(seed=seed)
    if stock:
        s = stocked(game, s, seed)
    rng = random.Random(seed)
    steps = []
    while game.to_act(s):
        p = game.to_act(s)[0]
        a = rng.choice(game.legal_actions(s, p))
        after = game.apply(s, a, p)
        steps.append(Step(s, p, a, after))
        s = after
    return game, tuple(steps), s


def walks(players_list=(2, 3, 4), stock=(False, True)):
    for players in players_list:
        for st in stock:
            for seed in range(SEEDS):
                yield walk(players, seed, st)


def tricks(steps):
    """The steps of each trick of a walk, in order, grouped by (round, trick number) of the state before."""
    groups = []
    for st in steps:
        key = (st.before.deal.round, st.before.trick.number)
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(st)
    return [g for _, g in groups]


def pops(game, steps):
    """The plays of a walk that place a card with a pop symbol (RP-4.12.1): (step, the player's side, the field
    of its side's track that the play reaches, 1 to 12)."""
    for st in steps:
        if isinstance(st.action, Play) and has_pop(st.action.card):
            side = SIDE[game.players][st.player]
            yield st, side, st.before.tokens.pop[side] + 1


def trick_record(group):
    """The log entry the trick of ``group`` left."""
    return group[-1].after.score.log[-1]


def row_after(st):
    """The row once the play of ``st`` was placed (from the log when it ended the trick)."""
    return st.after.score.log[-1].row if ended_trick(st) else st.after.row


def ended_trick(st):
    """Did step ``st`` end its trick?"""
    return len(st.after.score.log) > len(st.before.score.log)


# ---------------------------------------------------------------------------
# Stacked deals used below (each a whole 36-card deal)

# four hands A1, B1, A2, B2; the burn pile is Ha3 W6 W8 and the card A1 lacks
STACK4 = {
    B1: "Ha5 Ho4 Ho5 St1 St2 St3 Gr4 Gr5",
    A2: "Ha6 Ho6 Ho7 St4 St5 Gr6 Gr7 W2",
    B2: "Ha7 Ha8 Ho8 St6 St7 St8 Gr8 W4",
}


def stack4(a1_first, **options):
    """The 4-player deal: A1 holds ``a1_first`` (Ha2 or Ha4) and Ha1 Ho1 Ho2 Ho3 Gr1 Gr2 Gr3."""
    other = "Ha4" if a1_first == "Ha2" else "Ha2"
    hands = [f"{a1_first} Ha1 Ho1 Ho2 Ho3 Gr1 Gr2 Gr3", STACK4[B1], STACK4[A2], STACK4[B2]]
    return deal(4, hands=hands, burn=f"{other} Ha3 W6 W8", **options)


def texts(game, s):
    return {str(a) for a in game.legal_actions(s)}


# ---------------------------------------------------------------------------
# RP-4.4 the tag window


def test_rp_4_4_1_the_leaders_side_is_asked_first_then_the_other_side():
    """RP-4.4.1: first the leader's side, then the other side: a team's in-ring wrestler holding a Tag may
    spend it; an apron player's Tag is never asked for."""
    game, s = deal(4)
    s = reopen(game, give(s, tags={A1: 1, B1: 1, A2: 1, B2: 1}))
    assert game.to_act(s) == (A1,) and s.phase == TAGGING  # A1 is #1: his side first
    s = act(game, s, "pass")
    assert game.to_act(s) == (B1,) and s.phase == TAGGING  # then B's in-ring wrestler (#2)
    s = act(game, s, "pass")
    assert s.phase == PLAYING and game.to_act(s) == (A1,)  # A2 and B2 (apron) are never asked
    game, s = deal(4, first_leader=1)  # B1 is #1: ring B1 and A2
    s = reopen(game, give(s, tags={A1: 1, B1: 1, A2: 1}))
    assert game.to_act(s) == (B1,)
    s = act(game, s, "pass")
    assert game.to_act(s) == (A2,)


def test_rp_4_4_1_walks_ask_exactly_the_in_ring_team_wrestlers_holding_a_tag_leaders_side_first():
    """RP-4.4.1, checked in random games of 3 and 4 players: the decisions of each tag window are those of
    the leader's side's and then the other side's in-ring team wrestler, each only if he holds a Tag."""
    asked = 0
    for game, steps, _final in walks((3, 4)):
        n = game.players
        for group in tricks(steps):
            opening = group[0].before
            at_seat, tags = list(opening.seats.at_seat), list(opening.tokens.tags)
            leader = opening.seats.leader
            expected = []
            window = [st for st in group if st.before.phase == TAGGING]
            actual = [st.player for st in window]
            lead_side = SIDE[n][at_seat[leader]]
            for side in (lead_side, 1 - lead_side):
                p = ring_of(n, tuple(at_seat), leader)[side]
                if PARTNER[n][p] >= 0 and tags[p] > 0:
                    expected.append(p)
                    st = window[len(expected) - 1] if len(window) >= len(expected) else None
                    if st is not None and isinstance(st.action, Tag):  # seats swap (RP-4.4.2)
                        q = PARTNER[n][p]
                        i, j = at_seat.index(p), at_seat.index(q)
                        at_seat[i], at_seat[j] = q, p
                        tags[p] -= 1
            assert actual == expected
            asked += len(actual)
            plays = [k for k, st in enumerate(group) if isinstance(st.action, Play)]
            assert all(k < plays[0] for k, st in enumerate(group) if st.before.phase == TAGGING)
    assert asked > 100


def test_rp_4_4_2_a_tag_exchanges_the_partners_seats_and_the_partner_leads_from_number_1():
    """RP-4.4.2 (and RP-8.13): A1 at #1 tags; A2 takes seat 0, is in the ring and leads; A1 on the apron."""
    game, s = deal(4)
    s = reopen(game, give(s, tags={A1: 1}, coins={A1: 2, A2: 1}, health={A1: 5}, cheats={A2: ("C01",)}))
    t = act(game, s, "tag")
    assert t.seats.at_seat == (A2, B1, A1, B2)
    assert t.hands == s.hands and t.tokens.coins == s.tokens.coins and t.tokens.cheats == s.tokens.cheats
    assert t.score.health == s.score.health and t.seats.wrestlers == s.seats.wrestlers
    assert t.trick.ring == (A2, B1) and game.to_act(t) == (A2,)
    t = act(game, t, "play " + code(t.hands[A2][0]))
    assert t.row[0].player == A2


def test_rp_4_4_2_worked_example_8_8_the_tagged_in_partner_takes_the_damage():
    """RP-4.4.2 with RP-8.8: B1 is #1, A2 (at 14) tags A1 in; A1 sits at #2 and takes B1's damage."""
    hands = [
        "Gr5 Ha1 Ha2 Ha3 Ho1 Ho2 Ho3 St1",
        "Gr3 Ha4 Ha5 Ho4 Ho5 St2 St3 St4",
        "Gr4 Gr6 Gr7 Gr8 Ho6 Ho7 Ho8 St5",
        "Ha7 Ha6 Ha8 St6 St7 St8 W2 W4",
    ]
    game, s = deal(4, hands=hands, burn="Gr1 Gr2 W6 W8", first_leader=1)
    s = reopen(game, give(s, tags={A2: 1}, health={A2: 14}))
    assert game.to_act(s) == (A2,)
    s = act(game, s, "tag")
    assert s.seats.at_seat == (A2, B1, A1, B2) and s.trick.ring == (A1, B1)
    s = act(game, s, "play Gr3", "play Gr5", "play Ha7", "play Gr4")
    t = s.score.log[-1]
    assert (t.winner, t.damage, t.target) == (B1, 3, A1)
    assert s.score.health[A1] == 3 and s.score.health[A2] == 14
    assert s.seats.leader == 1 and s.trick.ring == (A1, B1)  # A1 (seat 2) is #2


def test_rp_4_4_2_walks_every_tag_swaps_seats_and_keeps_everything_else():
    """RP-4.4.2 in random games: a Tag exchanges the two partners' seats; hands, tokens (but the Tag spent),
    cheats, wrestlers and health stay with their players; the partner is then in the ring."""
    seen = 0
    for game, steps, _final in walks((3, 4), stock=(True,)):
        for k, st in enumerate(steps):
            if not isinstance(st.action, Tag):
                continue
            seen += 1
            b, a, p = st.before, st.after, st.player
            q = PARTNER[game.players][p]
            assert a.seats.seat_of[p] == b.seats.seat_of[q] and a.seats.seat_of[q] == b.seats.seat_of[p]
            others = [x for x in range(game.players) if x not in (p, q)]
            assert all(a.seats.seat_of[x] == b.seats.seat_of[x] for x in others)
            assert a.hands == b.hands and a.seats.wrestlers == b.seats.wrestlers and a.score.health == b.score.health
            assert a.tokens.coins == b.tokens.coins and a.tokens.damage == b.tokens.damage
            assert a.tokens.cheats == b.tokens.cheats
            assert a.tokens.tags[p] == b.tokens.tags[p] - 1
            first_play = next(x for x in steps[k:] if isinstance(x.action, Play))
            ring = first_play.before.trick.ring
            assert q in ring and p not in ring
    assert seen > 20


# ---------------------------------------------------------------------------
# RP-4.7 attachments


def test_rp_4_7_1_any_number_of_tokens_and_cheats_and_the_signature_move_on_one_play():
    """RP-4.7.1: on one play A1 attaches both Coins, both Damage tokens, two cheats and his unlocked
    signature move; PEEK is used before the card is chosen; the VAL effects act before the card is placed
    (B1's Coin makes his Ha5 a 6 that counters A1's card)."""
    game, s = stack4("Ha2", wrestlers=("W5", "W1", "W2", "W3"))
    s = give(s, coins={A1: 2, B1: 1}, damage={A1: 2}, cheats={A1: ("C01", "C05", "C09")}, unlocked=(True, False))
    offered = texts(game, s)
    assert {"coin +1", "coin -1", "damage", "cheat C01", "cheat C05", "cheat C09", "sig W5"} <= offered
    s = act(game, s, "coin +1", "coin +1")
    assert not {"coin +1", "coin -1"} & texts(game, s)
    s = act(game, s, "damage", "damage", "cheat C01", "cheat C05", "sig W5")
    assert texts(game, s) & {"damage", "cheat C01", "cheat C05", "sig W5"} == set()
    s = act(game, s, "cheat C09")  # PEEK: his partner's hand is shown, no card is chosen yet
    assert s.tokens.peeks == ((A1, A2, s.hands[A2]),) and s.row == () and game.to_act(s) == (A1,)
    s = act(game, s, "play Ha2")
    q = s.row[0]
    assert q.value == 2 + 1 + 1 + 2 and effects(q.attached).dmg == 1 + 1 + 2 + 3
    s = act(game, s, "coin +1", "play Ha5")
    assert [r.up for r in s.row] == [False, False]  # 5 + 1 = 6 met A1's 6 when placed


def test_rp_4_7_1_burn_swap_comes_before_the_card_is_chosen():
    """RP-4.7.1: BURN_SWAP is used before the card: the burn-pile card joins the hand, one is buried, and
    the card brought may then be the one played."""
    game, s = stack4("Ha2")
    burn = s.deal.burn
    s = act(game, give(s, cheats={A1: ("C08",)}), "cheat C08")
    got = s.trick.swap
    assert got in burn and got in s.hands[A1] and len(s.hands[A1]) == 9 and s.row == ()
    s = act(game, s, "bury Gr3", "play " + code(got))
    assert s.row[0].card == got and len(s.hands[A1]) == 7


def test_rp_4_7_1_walks_offer_every_held_token_cheat_and_unused_unlocked_move_before_each_card():
    """RP-4.7.1 in random games: before each card, a Coin (either sign) is offered iff the player holds one,
    a Damage token likewise, each held cheat of a plain effect, and his signature move iff his side
    unlocked it and he has not used it this round; an attachment leaves the card still to be chosen."""
    checked = 0
    for game, steps, _final in walks(stock=(True,)):
        for st in steps:
            b, p = st.before, st.player
            if b.phase != PLAYING:
                continue
            offered = {str(a) for a in game.legal_actions(b, p)}
            tok = b.tokens
            assert ({"coin +1", "coin -1"} <= offered) == (tok.coins[p] > 0)
            assert ("coin +1" in offered) == (tok.coins[p] > 0)
            assert ("damage" in offered) == (tok.damage[p] > 0)
            for cid in tok.cheats[p]:
                if CHEAT[cid][0] in FIXED:
                    assert "cheat " + cid in offered
            held_ids = {a.split()[1] for a in offered if a.startswith("cheat ")}
            assert held_ids <= set(tok.cheats[p])
            wid = b.seats.wrestlers[p]
            usable = tok.unlocked[SIDE[game.players][p]] and not b.deal.sig_used[p]
            sigs = {a for a in offered if a.startswith("sig ")}
            if not usable:
                assert not sigs
            elif wid == "W4":  # Limbo: the amount is chosen at use
                assert {"sig W4 -1", "sig W4 -2", "sig W4 -3"} <= offered
            elif SIGNATURE[wid][0] in FIXED:
                assert "sig " + wid in offered
            if isinstance(st.action, (Coin, DamageToken, UseCheat, UseSignature)):
                assert st.after.row == b.row and st.after.actor == p
                checked += 1
    assert checked > 500


def test_rp_4_7_2_val_and_dmg_add_and_every_dbl_doubles_once_more():
    """RP-4.7.2: two Coins +1, Brass Knuckles (+2) and Low Blow (-2) add to +2; a Damage token and the Steel
    Chair add to DMG 3; Foreign Object and Anvil Drop double twice: D = (4 + 3) x 2 x 2 = 28."""
    game, s = stack4("Ha2", wrestlers=("W1", "W2", "W3", "W4"))
    s = give(s, coins={A1: 2}, damage={A1: 1}, cheats={A1: ("C01", "C02", "C05", "C10")}, unlocked=(True, False))
    s = act(game, s, "coin +1", "coin +1", "cheat C01", "cheat C02", "damage", "cheat C05", "cheat C10", "sig W1")
    s = act(game, s, "play Ha2")
    assert s.row[0].value == 2 + 1 + 1 + 2 - 2
    s = act(game, s, "play Ha5", "play Ha6", "play Ha7")
    t = s.score.log[-1]
    assert (t.winner, t.target, t.damage) == (A1, B1, (4 + 1 + 2) * 2 * 2)
    assert s.score.health[B1] == 16  # RP-4.11.3: the first stop sign ends the move


def test_rp_4_7_3_walks_v_is_the_printed_value_plus_every_val_and_the_suit_is_printed_unless_changed():
    """RP-4.7.3 and RP-1.4 in random games: each placed card's v is its printed value plus the VAL amounts
    of its attachments; its effective suit is the printed one, a SUIT effect's named suit, or every suit
    (-1) for a wildcard."""
    changed = 0
    for _game, _steps, final in walks(stock=(True,)):
        rows = [t.row for t in final.score.log] + [final.row]
        for row in rows:
            for q in row:
                suit, value = printed(q.card)
                e = effects(q.attached)
                assert q.value == value + e.val
                assert q.suit == (e.suit if e.suit >= 0 else suit)
                assert q.immune == e.immune
                changed += e.val != 0
    assert changed > 100


def test_rp_4_7_4_attachments_are_spent_even_when_the_card_loses_and_cheats_go_face_up():
    """RP-4.7.4: B1's Damage token and Steel Chair go on a card that loses; both are spent all the same, the
    cheat lies face up on the used pile for everyone, and the loser's DMG adds nothing to D."""
    game, s = stack4("Ha4", first_leader=1)
    s = give(s, damage={B1: 1}, cheats={B1: ("C05",)})
    s = act(game, s, "damage", "cheat C05", "play Ha5", "play Ha6", "play Ha7", "play Ha4")
    t = s.score.log[-1]
    assert t.winner == A1 and t.damage == 4  # RP-4.11.1: only the winning card's attachments count
    assert s.tokens.damage[B1] == 0 and s.tokens.cheats[B1] == () and s.tokens.used == ("C05",)
    assert game.view(s, A2).tokens.used == ("C05",) and t.row[0].attached == ("damage", "C05")


def test_rp_4_7_4_walks_each_attachment_is_spent_when_declared():
    """RP-4.7.4 in random games: a Coin or Damage token attached leaves its owner at once; a cheat leaves
    his hidden cheats and goes face up on top of the used pile; a signature move counts as used."""
    seen = 0
    for _game, steps, _final in walks(stock=(True,)):
        for st in steps:
            b, a, p, x = st.before, st.after, st.player, st.action
            if isinstance(x, Coin):
                assert a.tokens.coins[p] == b.tokens.coins[p] - 1
            elif isinstance(x, DamageToken):
                assert a.tokens.damage[p] == b.tokens.damage[p] - 1
            elif isinstance(x, UseCheat):
                left = list(b.tokens.cheats[p])
                left.remove(x.cheat)
                assert sorted(a.tokens.cheats[p]) == sorted(left) and a.tokens.used[-1] == x.cheat
            elif isinstance(x, UseSignature):
                assert a.deal.sig_used[p] and not b.deal.sig_used[p]
            else:
                continue
            seen += 1
    assert seen > 500


def test_rp_4_7_5_a_headliners_cheat_won_by_his_first_card_goes_on_his_second():
    """RP-4.7.5: H1's hand card moves his track to 8 and draws Brass Knuckles; his diamond card of the same
    trick, his next play, may carry it."""
    game, s = deal(
        2,
        hands=["Ha8 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"],
        diamonds=["St1 St2 St3 St4 St5 St6 St7 St8"],
        burn="W2 W4 W6 W8",
    )
    s = give(s, pop=(7, 0), pool=("C01", "C02"))
    assert "cheat C01" not in texts(game, s)
    s = act(game, s, "play Ha8")
    assert s.tokens.cheats[0] == ("C01",) and "cheat C01" in texts(game, s)
    s = act(game, s, "cheat C01", "play St1")
    assert s.row[1].value == 1 + 2


def test_rp_4_7_5_walks_a_token_gained_in_a_play_is_offered_at_the_players_next_play():
    """RP-4.7.5 in random games: when a play gains its player a Coin, a Damage token or a cheat of a plain
    effect, his next card may carry it (if he still holds it then)."""
    seen = 0
    for game, steps, _final in walks():
        for k, st in enumerate(steps):
            if not isinstance(st.action, Play):
                continue
            b, a, p = st.before, st.after, st.player
            gains = []
            if a.tokens.coins[p] > b.tokens.coins[p]:
                gains.append(("coins", "coin +1"))
            if a.tokens.damage[p] > b.tokens.damage[p]:
                gains.append(("damage", "damage"))
            new = [c for c in a.tokens.cheats[p] if c not in b.tokens.cheats[p]]
            gains += [("cheat " + c, "cheat " + c) for c in new if CHEAT[c][0] in FIXED]
            if not gains:
                continue
            nxt = next((x for x in steps[k + 1 :] if x.before.phase == PLAYING and x.player == p), None)
            if nxt is None:
                continue
            offered = {str(o) for o in game.legal_actions(nxt.before, p)}
            for field, text in gains:
                held = (
                    nxt.before.tokens.coins[p]
                    if field == "coins"
                    else nxt.before.tokens.damage[p]
                    if field == "damage"
                    else field.split()[1] in nxt.before.tokens.cheats[p]
                )
                if held:
                    assert text in offered
                    seen += 1
    assert seen > 50


# ---------------------------------------------------------------------------
# RP-4.10 the trick resolution algorithm


def test_rp_4_10_1_walks_l_is_the_seat_at_number_1_and_the_first_card_comes_from_it():
    """RP-4.10.1 in random games: L, the seat that is #1, stays for the whole trick, is logged as the
    trick's leader, and the first card is played by whoever sits at L once the tag window is over."""
    for _game, steps, _final in walks():
        for group in tricks(steps):
            leader = group[0].before.seats.leader
            assert all(st.before.seats.leader == leader for st in group)
            assert trick_record(group).leader == leader
            first = next(st for st in group if isinstance(st.action, Play))
            assert first.player == first.before.seats.at_seat[leader]


def test_rp_4_10_2_a_tag_in_the_window_decides_the_ring_fixed_for_the_trick():
    """RP-4.10.2: after A1's and then B1's Tag the ring is fixed as A2 and B2, who play at #1 and #2."""
    game, s = deal(4)
    s = reopen(game, give(s, tags={A1: 1, B1: 1}))
    s = act(game, s, "tag", "tag")
    assert s.seats.at_seat == (A2, B2, A1, B1) and s.trick.ring == (A2, B2)
    assert s.trick.order == (A2, B2, A1, B1) and s.phase == PLAYING


def test_rp_4_10_2_walks_the_ring_is_fixed_after_the_tag_window_for_the_whole_trick():
    """RP-4.10.2 in random games: no tag decision after the trick's first card; from the first card on the
    ring is that of RP-4.3 for the seating after the window, unchanged to the trick's end and logged."""
    for game, steps, _final in walks():
        for group in tricks(steps):
            k = next(i for i, st in enumerate(group) if st.before.phase != TAGGING)
            assert all(st.before.phase != TAGGING for st in group[k:])
            fixed = group[k].before
            ring = ring_of(game.players, fixed.seats.at_seat, fixed.seats.leader)
            assert all(st.before.trick.ring == ring for st in group[k:])
            assert trick_record(group).ring == ring


def test_rp_4_10_3_walks_every_trick_starts_with_an_empty_row_and_no_led_suit():
    """RP-4.10.3 in random games: at a trick's start (tag window and the first card) the row is empty and
    S is undefined."""
    count = 0
    for _game, steps, _final in walks():
        for group in tricks(steps):
            first_play = next(st for st in group if isinstance(st.action, Play))
            for st in [st for st in group if st.before.phase == TAGGING] + [first_play]:
                assert st.before.row == () and st.before.suit == -1 and st.before.setter == -1
                count += 1
    assert count > 1000


def test_rp_4_10_4_walks_the_plays_follow_the_play_order_each_with_a_legal_card():
    """RP-4.10.4 (with RP-4.5, RP-4.6) in random games: the cards of a trick come from #1 clockwise, a
    headliner twice in a row; each card is legal for the current S and its source; a player's attachments
    come between the previous card and his own."""
    for game, steps, _final in walks():
        n = game.players
        for group in tricks(steps):
            plays = [st for st in group if isinstance(st.action, Play)]
            b0 = plays[0].before
            assert [st.player for st in plays] == play_order(n, b0.seats.at_seat, b0.seats.leader)
            for st in plays:
                b, p, c = st.before, st.player, st.action.card
                source = b.hands[p] if c in b.hands[p] else b.deal.diamonds[p]
                assert c in legal_from(source, b.suit)
            for st in group:
                if isinstance(st.action, (Coin, DamageToken, UseCheat, UseSignature)):
                    assert st.before.turn < len(st.before.trick.order)
                    assert st.player == st.before.trick.order[st.before.turn]


def test_rp_4_10_4_walks_each_card_is_placed_at_the_end_then_sets_the_suit_or_counters():
    """RP-4.10.4 steps 4 and 6 (with RP-4.8, RP-4.9) in random games: the card joins the end of the row face
    up; placed while S is undefined it is the setter; otherwise it and the earliest face-up, non-immune card
    of equal v are flipped (not if it is immune), and a flipped setter hands over to the earliest face-up
    card (a wildcard's player names S at once), or S becomes undefined."""
    counters = 0
    for _game, steps, _final in walks():
        for st in steps:
            if not isinstance(st.action, Play):
                continue
            b, a = st.before, st.after
            row = row_after(st)
            old = b.row
            assert len(row) == len(old) + 1 and row[-1].card == st.action.card and row[-1].player == st.player
            new = row[-1]
            assert all((x.card, x.value) == (y.card, y.value) for x, y in zip(old, row))
            ups = [q.up for q in old] + [True]
            suit, setter = b.suit, b.setter
            if suit < 0:
                setter = len(old)
                suit = new.suit
            elif not new.immune:
                match = next((i for i, q in enumerate(old) if q.up and not q.immune and q.value == new.value), None)
                if match is not None:
                    counters += 1
                    ups[match] = ups[-1] = False
                    if match == setter:
                        setter = next((i for i, u in enumerate(ups) if u), -1)
                        suit = row[setter].suit if setter >= 0 else -1
            assert [q.up for q in row] == ups
            if setter >= 0 and suit < 0:  # a wildcard setter: its player names S before anyone plays on
                assert a.phase == NAMING and a.actor == row[setter].player
                continue
            if ended_trick(st):
                assert a.score.log[-1].suit == suit
            else:
                assert (a.suit, a.setter) == (suit, setter)
    assert counters > 200


def test_rp_4_10_5_a_fully_flipped_trick_keeps_l_and_whoever_sits_there_after_a_tag_leads():
    """RP-4.10.5 (RP-8.2): every card flipped: nobody wins, no damage, the trick counts, and L stays #1;
    after A1 tags in the next window, A2 sitting at L leads."""
    from .util import example_8_2

    game, s = example_8_2()
    s = act(game, s, "play St5", "play Ho5", "play Ha2", "play W2")
    t = s.score.log[-1]
    assert (t.winner, t.damage, t.target) == (-1, 0, -1) and s.score.health == (0, 0, 0, 0)
    assert s.trick.number == 2 and s.seats.leader == 0
    s = reopen(game, give(s, tags={A1: 1}))
    s = act(game, s, "tag")
    assert game.to_act(s) == (A2,) and s.trick.order[0] == A2 and s.seats.leader == 0


def test_rp_4_10_5_walks_no_face_up_card_means_no_winner_no_damage_and_the_same_leader():
    """RP-4.10.5 in random games: after a trick with every card flipped nobody wins, no marker moves, L is
    #1 again and the next trick is the following one of the round's 8."""
    seen = 0
    for _game, steps, _final in walks():
        groups = tricks(steps)
        for group, nxt in zip(groups, groups[1:]):
            t = trick_record(group)
            if any(q.up for q in t.row):
                continue
            seen += 1
            assert (t.winner, t.damage, t.target) == (-1, 0, -1)
            assert group[-1].after.score.health == group[0].before.score.health
            assert nxt[0].before.seats.leader == t.leader
            assert (nxt[0].before.trick.number, nxt[0].before.deal.round) in (
                (t.trick + 1, t.round),
                (1, t.round + 1),
            )
    assert seen > 10


def test_rp_4_10_6_a_tie_goes_to_the_earlier_card():
    """RP-4.10.6 (RP-8.10): A1's immune Ha4 and B1's Ha5 with a Coin as -1 both have v = 4; the earlier
    card, A1's, wins; D = 4 to B1."""
    game, s = stack4("Ha4")
    s = give(s, cheats={A1: ("C06",)}, coins={B1: 1})
    s = act(game, s, "cheat C06", "play Ha4", "coin -1", "play Ha5", "play Ha6", "play Ha7")
    t = s.score.log[-1]
    assert [q.value for q in t.row] == [4, 4, 6, 7] and all(q.up for q in t.row)
    assert (t.winner, t.damage, t.target) == (A1, 4, B1)


def test_rp_4_10_6_a_card_changed_to_the_led_suit_is_a_candidate():
    """RP-4.10.6: candidates are face-up cards whose effective suit is S: A1, void in Stars, plays Ha1 with
    Costume Change naming Star and wins with 1 against St3, St5, St6."""
    game, s = stack4("Ha4", first_leader=1)
    s = give(s, cheats={A1: ("C04",)})
    s = act(game, s, "play St3", "play St5", "play St6")
    assert "play Ha1" in texts(game, s)  # void in Stars: any card
    s = act(game, s, "cheat C04 St", "play Ha1")
    t = s.score.log[-1]
    assert (t.winner, t.damage, t.target) == (A1, 1, B1)


def test_rp_4_10_6_walks_the_lowest_candidate_wins_ties_to_the_earliest():
    """RP-4.10.6 in random games: among face-up cards of effective suit S and face-up wildcards the lowest v
    wins, a tie going to the earliest; the setter is a candidate, so a row with a face-up card has a winner."""
    for _game, _steps, final in walks():
        for t in final.score.log:
            candidates = [(q.value, i) for i, q in enumerate(t.row) if q.up and (q.suit == t.suit or q.suit < 0)]
            if any(q.up for q in t.row):
                assert candidates
                assert t.winner == t.row[min(candidates)[1]].player
            else:
                assert t.winner == -1


def test_rp_4_10_8_walks_the_winner_leads_next_cards_leave_play_and_a_round_is_8_tricks():
    """RP-4.10.8 in random games: W's seat is #1 for the next trick (after a fully flipped trick, L); the
    row's cards do not come back before the next deal; after trick 8 a new round starts with trick 1."""
    for _game, steps, _final in walks():
        groups = tricks(steps)
        gone = set()
        for group, nxt in zip(groups, groups[1:]):
            t = trick_record(group)
            end = group[-1].after
            opening = nxt[0].before
            expected = end.seats.seat_of[t.winner] if t.winner >= 0 else t.leader
            assert opening.seats.leader == expected
            gone |= {q.card for q in t.row}
            if t.trick == 8:
                assert (opening.deal.round, opening.trick.number) == (t.round + 1, 1)
                gone = set()
            else:
                assert (opening.deal.round, opening.trick.number) == (t.round, t.trick + 1)
                held = {c for h in opening.hands for c in h} | {c for d in opening.deal.diamonds for c in d}
                assert not held & gone


# ---------------------------------------------------------------------------
# RP-4.11 damage and the pin


def test_rp_4_11_1_a_win_with_v_below_1_deals_no_damage_but_wins():
    """RP-4.11.1 (RP-8.9): A1 wins with Ha1 carrying Eye Rake (v = -2) and a Damage token: D = 0, both
    spent, and A1's seat is #1 next."""
    game, s = stack4("Ha4", first_leader=1)
    s = give(s, damage={A1: 1}, cheats={A1: ("C03",)})
    s = act(game, s, "play Ha5", "play Ha6", "play Ha7", "cheat C03", "damage", "play Ha1")
    t = s.score.log[-1]
    assert t.row[-1].value == -2 and (t.winner, t.damage) == (A1, 0)
    assert s.score.health == (0, 0, 0, 0) and s.seats.leader == 0
    assert s.tokens.damage[A1] == 0 and s.tokens.used == ("C03",)


def test_rp_4_11_1_walks_d_is_v_plus_dmg_doubled_for_each_dbl_of_the_winning_card():
    """RP-4.11.1 in random games: D = 0 when v <= 0, else (v + DMG of the winning card) x 2^DBL of it."""
    boosted = 0
    for _game, _steps, final in walks(stock=(True,)):
        for t in final.score.log:
            if t.winner < 0:
                continue
            i = min((q.value, i) for i, q in enumerate(t.row) if q.up and (q.suit == t.suit or q.suit < 0))[1]
            q = t.row[i]
            assert t.damage == expected_damage(q)
            boosted += bool(effects(q.attached).dmg or effects(q.attached).dbl)
    assert boosted > 20


def test_rp_4_11_2_no_damage_moves_nothing_even_on_a_stop_sign():
    """RP-4.11.2: B1 sits on STOP1 (16), where one damage would move him; a win with v = -2 moves nothing."""
    game, s = stack4("Ha4", first_leader=1)
    s = give(s, cheats={A1: ("C03",)}, health={B1: 16})
    s = act(game, s, "play Ha5", "play Ha6", "play Ha7", "cheat C03", "play Ha1")
    assert s.score.log[-1].damage == 0 and s.score.health == (0, 16, 0, 0)


def test_rp_4_11_2_walks_a_trick_with_d_0_moves_no_marker():
    """RP-4.11.2 in random games: when D = 0 every position stays."""
    seen = 0
    for _game, steps, _final in walks():
        for group in tricks(steps):
            t = trick_record(group)
            if t.damage == 0:
                seen += 1
                assert group[-1].after.score.health == group[0].before.score.health
    assert seen > 50


@pytest.mark.parametrize("start, lead, end", [(0, "Ha4", 4), (10, "Ha4", 14), (12, "Ha4", 16), (13, "Ha4", 16)])
def test_rp_4_11_3_from_a_regular_space_the_marker_moves_d_but_stops_at_stop1(start, lead, end):
    """RP-4.11.3: p <= 15: p := min(p + D, 16); damage beyond STOP1 is lost (13 + 4 stops at 16)."""
    game, s = stack4("Ha4")
    s = act(game, give(s, health={B1: start}), "play " + lead, "play Ha5", "play Ha6", "play Ha7")
    t = s.score.log[-1]
    assert (t.target, t.damage, t.before, t.after) == (B1, 4, start, end) and s.score.health[B1] == end


@pytest.mark.parametrize(
    "start, plays, damage, end",
    [
        (16, ["play Ha1"], 1, 17),
        (17, ["play Ha1"], 1, 17),
        (17, ["coin +1", "play Ha1"], 2, 18),
        (18, ["coin +1", "play Ha1"], 2, 18),
        (16, ["play Ha4"], 4, 17),
    ],
)
def test_rp_4_11_4_a_stop_sign_needs_its_threshold_and_is_left_one_field_at_a_time(start, plays, damage, end):
    """RP-4.11.4: on 16, 17, 18 the threshold is 1, 2, 3: D >= t moves one field, else nothing; the excess is
    lost (4 damage from STOP1 reach only STOP2)."""
    game, s = stack4("Ha4")
    s = act(game, give(s, health={B1: start}, coins={A1: 1}), *plays, "play Ha5", "play Ha6", "play Ha7")
    t = s.score.log[-1]
    assert (t.target, t.damage, t.after) == (B1, damage, end)


def test_rp_4_11_3_and_4_walks_the_marker_moves_as_the_damage_algorithm_says():
    """RP-4.11.3 and RP-4.11.4 in random games: each logged move follows steps 3 and 4 from the position
    before and D."""
    signs = 0
    for _game, _steps, final in walks():
        for t in final.score.log:
            if t.target < 0:
                continue
            assert t.after == expected_position(t.before, t.damage)
            signs += t.before >= 16
    assert signs > 50


def test_rp_4_11_5_reaching_the_skull_pins_and_ends_the_game_at_once():
    """RP-4.11.5 (RP-6.1): B1 at STOP3 (18) takes 4 >= 3: he reaches the SKULL, team A wins, nothing more
    is played."""
    game, s = stack4("Ha4")
    s = act(game, give(s, health={B1: 18}), "play Ha4", "play Ha5", "play Ha6", "play Ha7")
    r = s.score.result
    assert s.score.health[B1] == 19 and (r.winner, r.pinned, r.reason, r.trick) == (0, B1, "pin", 1)
    assert game.is_over(s) and game.to_act(s) == () and all(len(h) == 7 for h in s.hands)


def test_rp_4_11_5_walks_a_game_ends_exactly_when_a_marker_reaches_the_skull():
    """RP-4.11.5 in random games: no state before the end has a marker on 19; a game ending by a pin ends
    on the trick that moved the pinned wrestler to 19, and the other side wins."""
    pins = 0
    for game, steps, final in walks():
        assert all(max(st.before.score.health) < 19 for st in steps)
        r = final.score.result
        if r.reason != "pin":
            continue
        pins += 1
        last = final.score.log[-1]
        assert last.target == r.pinned and last.after == 19 == final.score.health[r.pinned]
        assert r.winner == 1 - SIDE[game.players][r.pinned]
    assert pins > 30


# ---------------------------------------------------------------------------
# RP-4.12 the pop track


POP_HANDS = [
    "Ha6 Ho1 Ho2 Ho3 Gr1 Gr2 Gr3 St1",
    "Ha5 Ho4 Ho5 St2 St3 Gr4 Gr5 Ha2",
    "Ha7 Ho6 Ho7 St4 St5 Gr6 Gr7 W2",
    "Ha1 Ha8 Ho8 St6 St7 St8 Gr8 W4",
]


def test_rp_4_12_1_a_pop_counts_at_placement_even_if_the_card_is_flipped_or_loses():
    """RP-4.12.1: A1's Ha6 (pop) is countered by B1's Ha5 + Coin; A2's Ha7 (pop) loses to B2's Ha1; team
    A's track still stands at 2."""
    game, s = deal(4, hands=POP_HANDS, burn="Ha3 Ha4 W6 W8")
    s = give(s, coins={B1: 1})
    s = act(game, s, "play Ha6")
    assert s.tokens.pop == (1, 0)
    s = act(game, s, "coin +1", "play Ha5")
    assert not s.row[0].up and s.tokens.pop == (1, 0)
    s = act(game, s, "play Ha7", "play Ha1")
    assert s.score.log[-1].winner == B2 and s.tokens.pop == (2, 0)


def test_rp_4_12_1_walks_a_track_moves_by_one_exactly_when_a_pop_card_is_placed():
    """RP-4.12.1 in random games: placing a suited 6, 7 or 8 advances its player's side's track by 1 (12
    resets to 0); nothing else moves a track."""
    for game, steps, _final in walks():
        for st in steps:
            b, a = st.before.tokens.pop, st.after.tokens.pop
            if isinstance(st.action, Play) and has_pop(st.action.card):
                side = SIDE[game.players][st.player]
                assert a[side] == (b[side] + 1) % 12 and a[1 - side] == b[1 - side]
            else:
                assert a == b


def test_rp_4_12_2_the_award_goes_to_the_player_whose_card_moved_the_track():
    """RP-4.12.2: team A's track moves 1 -> 2 by A2's Ha7: A2, not A1 who made the first pop, gets the Coin."""
    game, s = deal(4, hands=POP_HANDS, burn="Ha3 Ha4 W6 W8")
    s = act(game, give(s, coins={B1: 1}), "play Ha6", "coin +1", "play Ha5", "play Ha7")
    assert s.tokens.coins[A2] == 1 and s.tokens.coins[A1] == 0 and s.row[-1].award == "coin"


def test_rp_4_12_2_walks_each_field_gives_its_award_to_the_mover_only():
    """RP-4.12.2 in random games: reaching 2 gives its mover a Coin, 4 a Damage token, 6 a Tag (a headliner a
    Coin), 8 and 12 a cheat (when one is left), 10 unlocks the side; nobody else gains anything."""
    fields = set()
    for game, steps, _final in walks():
        n = game.players
        for st, side, field in pops(game, steps):
            b, a, p = st.before.tokens, st.after.tokens, st.player
            fields.add(field)
            gain = {
                q: (a.coins[q] - b.coins[q], a.damage[q] - b.damage[q], a.tags[q] - b.tags[q])
                + (len(a.cheats[q]) - len(b.cheats[q]),)
                for q in range(n)
            }
            award = POP_AWARD.get(field, "")
            if award == "tag" and PARTNER[n][p] < 0:
                award = "coin"
            if award == "cheat" and not (b.pool or b.used):
                award = ""
            want = {"coin": (1, 0, 0, 0), "damage": (0, 1, 0, 0), "tag": (0, 0, 1, 0), "cheat": (0, 0, 0, 1)}
            assert gain[p] == want.get(award, (0, 0, 0, 0))
            assert all(gain[q] == (0, 0, 0, 0) for q in range(n) if q != p)
            if field == 10:
                assert a.unlocked[side]
            assert a.unlocked[1 - side] == b.unlocked[1 - side]
    assert fields == set(range(1, 13))


def test_rp_4_12_3_an_empty_pool_is_refilled_from_the_used_pile_or_the_cheat_is_lost():
    """RP-4.12.3: at 8 with an empty pool the used pile is shuffled into a new pool and the top drawn (the
    same draw again from the same seed); with both empty no cheat comes."""
    game, s = deal(4, hands=["Ha8 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"])
    base = give(s, pop=(7, 0), pool=(), used=("C01", "C02", "C03"))
    t = act(game, base, "play Ha8")
    assert t.tokens.used == () and len(t.tokens.cheats[A1]) == 1
    assert sorted(t.tokens.cheats[A1] + t.tokens.pool) == ["C01", "C02", "C03"]
    assert act(game, base, "play Ha8").tokens == t.tokens
    t = act(game, give(s, pop=(7, 0), pool=(), used=()), "play Ha8")
    assert t.tokens.cheats[A1] == () and t.tokens.pop == (8, 0) and t.tokens.coins[A1] == 0


def test_rp_4_12_4_after_a_reset_awards_come_again_but_10_again_changes_nothing():
    """RP-4.12.4: a headliner's track at 11 goes to 12 (cheat, reset to 0) and on; at 1 the next pop gives
    a Coin again; at 9 with the moves already unlocked, 10 gives nothing."""
    game, s = deal(
        2, hands=["Ha8 Ha1 Ha2 Ha3 Ha4 Ha5 Ha6 Ha7"], diamonds=["St6 St1 St2 St3 St4 St5 St7 St8"], burn="W2 W4 W6 W8"
    )
    t = act(game, give(s, pop=(11, 0), unlocked=(True, False)), "play Ha8")
    assert t.tokens.pop == (0, 0) and len(t.tokens.cheats[0]) == 1 and t.tokens.unlocked == (True, False)
    t = act(game, t, "play St6")
    assert t.tokens.pop == (1, 0) and t.row[-1].award == ""
    t = act(game, give(s, pop=(1, 0), unlocked=(True, False)), "play Ha8")
    assert t.tokens.coins[0] == 1
    t = act(game, give(s, pop=(9, 0), unlocked=(True, False)), "play Ha8")
    assert t.tokens.pop == (10, 0) and t.tokens.gained == s.tokens.gained and t.row[-1].award == ""


def test_rp_4_12_4_walks_after_a_reset_the_fields_give_their_awards_again():
    """RP-4.12.4 in random games: after a side's track was reset, reaching 2, 4, 6, 8 or 12 gives the award
    again; reaching 10 again gains nobody anything."""
    again = set()
    for game, steps, _final in walks():
        reset = [False, False]
        for st, side, field in pops(game, steps):
            b, a, p = st.before.tokens, st.after.tokens, st.player
            if reset[side]:
                gained = a.gained[p] - b.gained[p]
                if field == 10:
                    assert gained == 0 and a.unlocked[side]
                elif field in (2, 4, 6) or field in (8, 12) and (b.pool or b.used):
                    assert gained == 1
                    again.add(field)
            if field == 12:
                reset[side] = True
    assert {2, 4, 6} <= again


# ---------------------------------------------------------------------------
# RP-4.14 the headliner


def test_rp_4_14_1_a_headliner_holds_8_hand_cards_and_8_open_playable_diamond_cards():
    """RP-4.14.1: H1 holds 8 hand cards and 8 face-up diamond cards; leading, he may play any of the 16; his
    opponent sees the diamond but not the hand."""
    for players, h in ((2, 0), (3, 1)):
        game, s = deal(players, first_leader=h)
        assert len(s.hands[h]) == 8 and len(s.deal.diamonds[h]) == 8
        plays = {a.card for a in game.legal_actions(s) if isinstance(a, Play)}
        assert plays == set(s.hands[h]) | set(s.deal.diamonds[h])
        other = 1 - h if players == 2 else 0
        v = game.view(s, other)
        assert v.deal.diamonds[h] == s.deal.diamonds[h] and v.hands[h] != s.hands[h]


def test_rp_4_14_2_each_of_a_headliners_cards_is_its_own_card_of_the_row():
    """RP-4.14.2: H1 leads Ha5 from his hand (the lead) and then Ha2 from his diamond; his diamond card is the
    lowest candidate and wins; in another trick his second card (a Coin-raised Ha2, v = 4) counters his first."""
    hands = ["Ha5 Ha1 Ha3 Ha4 Ho1 Ho2 Ho3 Ho4", "Ha6 Ha7 Ho5 Ho6 Ho7 Ho8 St6 St7"]
    diamonds = ["Ha2 St1 St2 St3 St4 St5 Gr1 Gr2", "Ha8 St8 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8"]
    game, s = deal(2, hands=hands, diamonds=diamonds, burn="W2 W4 W6 W8")
    t = act(game, s, "play Ha5")
    assert t.setter == 0 and t.suit == 0 and game.to_act(t) == (0,)
    t = act(game, t, "play Ha2", "play Ha6", "play Ha8")
    log = t.score.log[-1]
    assert [q.player for q in log.row] == [0, 0, 1, 1] and [q.source for q in log.row][:2] == [0, 1]
    assert (log.winner, log.damage, log.target) == (0, 2, 1)
    t = act(game, give(s, coins={0: 2}), "play Ha4", "coin +1", "coin +1", "play Ha2")
    assert [q.up for q in t.row] == [False, False] and t.suit == -1


def test_rp_4_14_2_walks_a_headliner_plays_twice_in_a_row_once_from_each_source():
    """RP-4.14.2 in random games: in every trick each headliner places exactly two cards, consecutive in
    the row, one from his hand and one from his diamond; when he is #1 his first card is the lead."""
    for game, steps, _final in walks((2, 3)):
        n = game.players
        for group in tricks(steps):
            t = trick_record(group)
            for h in range(n):
                if PARTNER[n][h] >= 0:
                    continue
                idx = [i for i, q in enumerate(t.row) if q.player == h]
                assert len(idx) == 2 and idx[1] == idx[0] + 1
                assert sorted(t.row[i].source for i in idx) == [0, 1]
                if group[0].before.seats.at_seat[t.leader] == h:
                    assert idx[0] == 0


def test_rp_4_14_3_a_headliner_cannot_tag():
    """RP-4.14.3: a headliner holding a Tag is never asked in the tag window and is refused (X07)."""
    game, s = deal(3, first_leader=1)
    s = reopen(game, give(s, tags={1: 2}))
    assert s.phase == PLAYING and game.to_act(s) == (1,)
    assert "tag" not in texts(game, s)
    err = refused(game, s, "tag")
    assert err.code == "X07"


def test_rp_4_14_3_walks_a_headliner_is_always_in_the_ring_and_takes_all_his_sides_damage():
    """RP-4.14.3 in random games of 2 and 3 players: every trick's ring holds each headliner, every win by
    the other side damages him, and he is never asked to tag."""
    for game, steps, final in walks((2, 3)):
        n = game.players
        heads = [p for p in range(n) if PARTNER[n][p] < 0]
        assert all(st.player not in heads for st in steps if st.before.phase == TAGGING)
        for t in final.score.log:
            for h in heads:
                assert t.ring[SIDE[n][h]] == h
                if t.winner >= 0 and SIDE[n][t.winner] != SIDE[n][h]:
                    assert t.target == h


def test_rp_4_14_4_the_follow_obligation_is_per_source_against_the_current_s():
    """RP-4.14.4: H1 leads Ha5; his diamond holds no Hat, so any diamond card may follow (St2).  H2's hand
    holds no Hat either: his Gr5 counters Ha5 and St2 becomes the setter, so his diamond, which holds Hats
    and Stars, must now follow Star."""
    hands = ["Ha5 Ha1 Ha2 Ho1 Ho2 Ho3 Gr1 Gr2", "Gr5 Ho7 Ho8 St3 Gr7 Gr8 W2 W4"]
    diamonds = ["St2 St1 Ho4 Ho5 Gr3 Gr4 Ho6 Gr6", "Ha3 Ha4 Ha6 Ha7 Ha8 St4 St5 St6"]
    game, s = deal(2, hands=hands, diamonds=diamonds, burn="St7 St8 W6 W8")
    s = act(game, s, "play Ha5")
    assert {a.card for a in game.legal_actions(s) if isinstance(a, Play)} == set(s.deal.diamonds[0])
    s = act(game, s, "play St2")
    plays = {code(a.card) for a in game.legal_actions(s) if isinstance(a, Play)}
    assert plays == {code(c) for c in s.hands[1]} | {"Ha3", "Ha4", "Ha6", "Ha7", "Ha8"}
    s = act(game, s, "play Gr5")
    assert s.suit == 2 and s.setter == 1
    plays = {code(a.card) for a in game.legal_actions(s) if isinstance(a, Play)}
    assert plays == {"St4", "St5", "St6"}


def test_rp_4_14_4_walks_each_headliner_play_follows_within_its_own_source():
    """RP-4.14.4 in random games: the cards offered to a headliner from each source he has not yet played
    from are exactly that source's legal cards for the S current at that play (after a BURN_SWAP only his
    hand, RP-4.14.5; with a SUIT effect declared no wildcard, RP-2.6)."""
    checked = 0
    for game, steps, _final in walks((2, 3)):
        n = game.players
        for st in steps:
            b, p = st.before, st.player
            if b.phase != PLAYING or PARTNER[n][p] >= 0:
                continue
            offered = {a.card for a in game.legal_actions(b, p) if isinstance(a, Play)}
            mine = [q for q in b.row if q.player == p]
            sources = {0, 1} - {q.source for q in mine}
            if b.pending.swapped:
                sources &= {0}
            want = set()
            if 0 in sources:
                want |= legal_from(b.hands[p], b.suit)
            if 1 in sources:
                want |= legal_from(b.deal.diamonds[p], b.suit)
            if b.pending.suit >= 0:  # RP-2.6: a SUIT effect declared may not go on a wildcard (X11)
                want = {c for c in want if printed(c)[0] >= 0}
            assert offered == want
            checked += 1
    assert checked > 500


def test_rp_2_1_card_codes_and_effects_read_as_the_spec_prints_them():
    """RP-2.1 as these tests read it: suit and value from the code, pop symbols on suited 6-8."""
    assert printed(CARD["Gr7"]) == (3, 7) and printed(CARD["W4"]) == (-1, 4)
    assert has_pop(CARD["Ha6"]) and not has_pop(CARD["W8"]) and not has_pop(CARD["St5"])
    assert effects(("coin -1", "C01", "sig W4 -3", "damage", "C05", "C10", "sig W1", "C04 Gr")) == Effects(
        -2, 3, 3, 2, False
    )
