"""The numbered and lettered parts of Bronko-Donko's clauses, one test each: the steps of the fight setup (BD-4.3),
the formation types (BD-5.1 a-c), the steps after a formation is placed (BD-5.11), the first stop of the knock-outs
(BD-9.4 a) and the betrayal (BD-10.7 a-c).  The worked examples of section 13 (BD-13.1 - BD-13.19) are
replayed in test_examples.py.

General parts are checked at every step of seeded random games (``random.Random(seed)`` picks among the legal
actions), specific ones on hand-built positions (players A, B, C, D = seats 0..3)."""

from __future__ import annotations

import functools
import random
from itertools import combinations

import pytest
from helpers import chisquare_pvalue, random_steps

import cardgames
from cardgames.bronko_donko import fight_log
from cardgames.bronko_donko.cards import (
    BASE,
    COLOUR,
    GANG,
    KOSE,
    KOSE_BIT,
    SCHLAEGER,
    SOLO,
    STREET,
    WHITE,
    WOLF,
    WOLF_BIT,
)
from cardgames.bronko_donko.rules import (
    GIVE,
    GONG,
    HAUFEN,
    KNOCKOUT,
    ORDER,
    OVER,
    PLAY,
    RETURN,
    WOLFSBLUT,
    Hand2,
    Place,
)
from cardgames.core.game import Setup

from .helpers import deck_for, form, legal, load, mask, play, settle_all, table, with_fields
from .test_examples import (
    gong_state,
)

A, B, C_, D = 0, 1, 2, 3
SEEDS = range(30)


def count(mask_):
    return bin(mask_).count("1")


def cards(mask_):
    return [c for c in range(34) if mask_ >> c & 1]


def alive_seats(state):
    return [q for q in range(len(state.hands)) if state.standing.alive >> q & 1]


def fight_starts(game, seed):
    """The first state of every fight of the random game from ``seed`` (the deal done), with the state before it."""
    steps, _final = random_steps(game, seed)
    first = game.new(seed=seed)
    found = [(None, first)]
    for before, _action, after in steps:
        if after.match.fights != before.match.fights and game.to_act(after):
            found.append((before, after))
    return found


def walk_steps(players=3, seeds=SEEDS, games=1):
    game = load(players, games=games)
    for seed in seeds:
        steps, _final = random_steps(game, seed)
        yield game, steps


def cur(c, revolution):
    """Current strength of a non-white card (BD-3.4): base strength, or 8 - base in a revolution; Kose 0 or 8."""
    base = 0 if c == KOSE else BASE[c]
    return 8 - base if revolution else base


def kind_by_the_clause(real, wolf, revolution):
    """The type of BD-5.1 the real cards ``real`` (a mask) and the Wolf declared as ``wolf`` (-1: no Wolf) form,
    worked out from the clause text alone, or None if they form none."""
    members = cards(real) + ([wolf] if wolf >= 0 else [])
    n = len(members)
    if n == 1:
        return SOLO if wolf < 0 else None  # (a) exactly one card, which is not the Wolf
    if KOSE in members:
        return None  # Kose never takes part in a Gäng or a street
    strengths = [cur(c, revolution) for c in members]
    if 2 <= n <= 4 and len(set(strengths)) == 1:
        return GANG  # (b)
    colours = {COLOUR[c] for c in members}
    if n >= 3 and len(colours) == 1 and len(set(strengths)) == n and max(strengths) - min(strengths) == n - 1:
        return STREET  # (c)
    return None


# -- BD-4.3 fight setup ------------------------------------------------------------------------------------


def test_bd_4_3_1_every_fight_starts_vest_on_no_revolution_no_wolf_resting():
    """BD-4.3 step 1: "Weste-Aus-Karte to 'on'; no revolution; no Wolf resting (BD-6.6)" at every fight's start,
    whatever the fight before left behind."""
    game = load(3)
    carried = {"vest": 0, "revolution": 0, "wolf": 0}
    for seed in SEEDS:
        for before, start in fight_starts(game, seed):
            assert start.fight.vest_by == -1 and start.fight.vests == 0
            assert not start.fight.revolution and not start.fight.wolf_rest
            if before is not None:
                carried["vest"] += before.fight.vest_by >= 0
                carried["revolution"] += before.fight.revolution
                carried["wolf"] += bool(before.fight.wolf_rest)
    assert carried["vest"]  # the walk did end fights with the vest off (a revolution at the end: by hand below)
    # hand-built: a fight ending with the vest off, a revolution and a resting Wolf; the next one starts clean
    state = gong_state(
        game,
        ["Bl3", "Ro6 Wolf", "Gr3 Bl1"],
        "Bl3",
        C_,
        current=form("Gr5"),
        revolution=True,
        vest_by=B,
        vests=1 << B,
        wolf_rest=1,
    )
    state = settle_all(game, play(game, state, "beat Bl3", "pass", "pass"))  # Bl3 has strength 5 > 3
    assert state.fight.number == 2
    assert state.fight.vest_by == -1 and not state.fight.revolution and not state.fight.wolf_rest


def start_with(game, deck, **fields):
    """A fight begun from the stacked ``deck`` with the match fields ``fields`` (BD-4.3)."""
    state = with_fields(game.new(seed=1), fights=0, setup=Setup(1, (("deck", (tuple(deck),)),)), **fields)
    return game._start_fight(state)


HANDS3 = [
    "Bl1 Bl3 Bl4 Bl5 Bl6 Gr2 Gr3 Gr5 Gr6 Ge2",
    "Kose Wolf Ro8 Ge7 Bl7 Gr4 Ro3 Bl2 Ge1 Gr1",
    "Ge3 Ge4 Ge5 Ge6 Ge8 Ro1 Ro2 Ro4 Ro5 Ro6",
]


def test_bd_4_3_2_the_donko_deals_else_the_lowest_seat_still_in_the_game():
    """BD-4.3 step 2: "Dealer: the Donko; if there is none, the lowest-numbered seat still in the game." The first
    card goes to the player after the dealer (step 4), so the dealer shows in who gets which cards."""
    game = load(3)
    for dealer in (A, B, C_):  # the Donko deals: the deck stacked for that dealer gives exactly these hands
        donko, bronko = dealer, (dealer + 1) % 3
        state = start_with(game, deck_for(HANDS3, dealer=dealer), donko=donko, bronko=bronko)
        assert state.hands[donko] | state.fight.public == mask(HANDS3[donko]) | state.fight.public
        assert state.hands[(dealer + 2) % 3] == mask(HANDS3[(dealer + 2) % 3])  # not in the betrayal
    # no Donko, seat 0 out of the game: seat 1 deals, so seat 2 gets the first card
    alive_two = dict(alive=0b110, schlaeger=((), SCHLAEGER, SCHLAEGER), donko=-1, bronko=-1)
    hands = ["Bl1 Bl3 Bl4 Bl5 Bl6 Gr2 Gr3 Gr5 Gr6 Ge2", "Ge3 Ge4 Ge5 Ge6 Ge8 Ro1 Ro2 Ro4 Ro5 Ro6"]
    state = start_with(game, deck_for(hands, dealer=0), **alive_two)
    assert (state.hands[A], state.hands[B], state.hands[C_]) == (0, mask(hands[0]), mask(hands[1]))
    # with every seat in the game and no Donko, seat 0 deals: seat 1 gets the first card
    state = start_with(game, deck_for(HANDS3, dealer=0), donko=-1, bronko=-1)
    assert [state.hands[q] for q in range(3)] == [mask(h) for h in HANDS3]


def test_bd_4_3_3_the_shuffle_is_uniform_and_comes_from_the_seed():
    """BD-4.3 step 3: "Shuffle all 34 fighter cards into a uniformly random order with the seeded RNG." The same
    seed deals the same hands; over many seeds every card lands in each hand, or out of play, as often as a uniform
    order predicts (10 of 34 places per hand and 4 out of play with three players)."""
    game = load(3)
    assert game.new(seed=11).hands == game.new(seed=11).hands
    assert len({game.new(seed=s).hands for s in range(50)}) == 50
    where = {c: [0, 0, 0, 0] for c in (0, 7, KOSE, WOLF)}  # Bl1, Bl8, Kose, Wolf
    for seed in range(1200):
        hands = game.new(seed=seed).hands
        for c, counts in where.items():
            holder = next((q for q in range(3) if hands[q] >> c & 1), 3)
            counts[holder] += 1
    for c, counts in where.items():
        assert chisquare_pvalue(counts, [10 / 34, 10 / 34, 10 / 34, 4 / 34]) > 0.001, (c, counts)


def test_bd_4_3_4_hand_size_ten_or_eight_by_players_still_in_the_game():
    """BD-4.3 step 4: one card at a time clockwise from the player after the dealer until each player has H cards,
    H = 10 with 2 or 3 players in the game, 8 with 4; undealt cards are out of play for the fight."""
    sizes = set()
    for players in (2, 3, 4):
        game = load(players)
        for seed in range(15):
            for _before, start in fight_starts(game, seed):
                seats = alive_seats(start)
                h = 10 if len(seats) <= 3 else 8
                held = [count(start.hands[q]) for q in range(players)]
                if start.phase == RETURN:  # the Bronko holds the Donko's two cards until he hands two back
                    held[start.standing.donko] += 2
                    held[start.standing.bronko] -= 2
                assert [held[q] for q in seats] == [h] * len(seats)
                assert all(held[q] == 0 for q in range(players) if q not in seats)
                sizes.add((players, len(seats), h))
    assert (4, 3, 10) in sizes  # an elimination changed the hand size
    # the stacked deck: seat 1 gets the 1st, 5th, ... card; the last 2 cards are out of play
    game = load(4)
    hands = ["Bl1 Bl2 Bl3 Bl4 Bl5 Bl6 Bl7 Bl8", "Gr1 Gr2 Gr3 Gr4 Gr5 Gr6 Gr7 Gr8"]
    hands += ["Ge1 Ge2 Ge3 Ge4 Ge5 Ge6 Ge7 Ge8", "Ro1 Ro2 Ro3 Ro4 Ro5 Ro6 Ro7 Ro8"]
    deck = deck_for(hands, dealer=0)
    assert deck[0] == "Gr1" and deck[1] == "Ge1"
    state = game.new(seed=0, deck=deck)
    assert [state.hands[q] for q in range(4)] == [mask(h) for h in hands]
    assert not any(h & WHITE for h in state.hands)  # Kose and the Wolf are out of play


def test_bd_4_3_5_with_a_donko_the_betrayal_comes_before_the_first_round():
    """BD-4.3 step 5: "If there is a Donko (then a Bronko also exists), perform the betrayal (BD-10.7)." A fight
    with a Donko begins with his gift (DP-1, or the forced gift and then the Bronko's return, DP-2); a fight
    without one begins with the first round."""
    game = load(3)
    seen = {"donko": 0, "none": 0}
    for seed in SEEDS:
        for _before, start in fight_starts(game, seed):
            donko, bronko = start.standing.donko, start.standing.bronko
            if donko >= 0:
                seen["donko"] += 1
                assert bronko >= 0 and bronko != donko
                assert (start.phase, start.turn) in ((GIVE, donko), (RETURN, bronko))
            else:
                seen["none"] += 1
                assert start.phase == PLAY and start.round.current is None
    assert seen["donko"] and seen["none"]


def weakest_in_play(state):
    dealt = [c for q in range(len(state.hands)) for c in cards(state.hands[q] & ~WHITE)]
    return min(dealt, key=lambda c: (BASE[c], COLOUR[c]))


def test_bd_4_3_6_first_controller_the_donko_or_the_holder_of_the_weakest_card():
    """BD-4.3 step 6: the Donko opens with any legal formation; without a Donko the player holding the weakest
    non-white card in play (lowest base strength, ties by colour) opens, and his first opening must contain it."""
    game = load(3)
    seen = {"donko": 0, "weakest": 0}
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new(seed=seed)
        fight, first_round = -1, False
        while game.to_act(state):
            if state.match.fights != fight:
                fight, first_round = state.match.fights, True
                donko = state.standing.donko
                weakest = weakest_in_play(state)
            if first_round and state.phase == PLAY:
                first_round = False
                acts = game.legal_actions(state, state.turn)
                if donko >= 0:
                    seen["donko"] += 1
                    assert state.turn == donko and state.fight.required == -1
                    assert (
                        any(not a.form.req >> weakest & 1 for a in acts if isinstance(a, Place))
                        or count(state.hands[donko]) == 1
                    )
                else:
                    seen["weakest"] += 1
                    assert state.fight.required == weakest and state.hands[state.turn] >> weakest & 1
                    assert all(a.form.req >> weakest & 1 for a in acts)
            seat = game.to_act(state)[0]
            state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
    assert seen["donko"] and seen["weakest"]
    # hand-built (example 13.10): Bl1 out of play, Gr1 is the weakest card; Ro4 may not open
    hands = ["Ge2 Ge3 Ge4 Ge5 Ge6 Ge7 Ge8 Bl2 Bl3 Bl4", "Bl5 Bl6 Bl7 Bl8 Gr4 Gr5 Gr6 Gr7 Gr8 Ro2"]
    hands += ["Gr1 Ro1 Gr2 Gr3 Ro4 Kose Wolf Ro3 Ro5 Ro6"]
    state = game.new(seed=1, deck=deck_for(hands, dealer=A, out="Bl1 Ge1 Ro7 Ro8"))
    assert state.turn == C_ and "open Gr1" in legal(game, state)
    with pytest.raises(cardgames.IllegalMove) as err:
        game.parse_action(state, "open Ro4")
    assert err.value.rule == "BD-4.3"


# -- BD-5.1 formation types ----------------------------------------------------------------------------------


def placements(seeds=SEEDS):
    """Every legal placement (opening, beat, box, gong box) offered in the random games, with its revolution."""
    game = load(3)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while game.to_act(state):
            seat = game.to_act(state)[0]
            acts = game.legal_actions(state, seat)
            for a in acts:
                if isinstance(a, Place):
                    yield state, a
            state = game.apply(state, rng.choice(acts), seat)


@functools.cache
def kinds():
    """The type of every formation offered in random games, by (real cards, Wolf declaration, revolution)."""
    found = {}
    for state, a in placements(range(12)):
        f = a.form
        found[(f.cards, f.wolf, state.fight.revolution)] = f.kind
    return found


def test_bd_5_1_a_solo_is_exactly_one_card_never_the_wolf():
    """BD-5.1 (a): "Solo: exactly one card, which is not the Wolf." Every placement offered in random games is a
    Solo exactly when it is one real card; the Wolf alone is refused."""
    solos = 0
    for (real, wolf, rev), kind in kinds().items():
        assert (kind == SOLO) == (count(real) == 1 and wolf < 0)
        if kind == SOLO:
            assert kind_by_the_clause(real, wolf, rev) == SOLO
            solos += 1
    assert solos
    game = load(3)
    state = table(game, ["Wolf Ro4 Kose", "Ro1", "Gr2"])
    assert "open Ro4" in legal(game, state) and "open Kose" in legal(game, state)
    assert not any(a.startswith("open Wolf") and " " not in a[5:] for a in legal(game, state))
    with pytest.raises(cardgames.IllegalMove):
        game.parse_action(state, "open Wolf=Ro4")


def test_bd_5_1_b_gaeng_two_to_four_cards_of_one_current_strength():
    """BD-5.1 (b): "Gäng: 2-4 cards with equal current strength (one figure, different colours). Kose never takes
    part; the Wolf may be one of the cards." Every Gäng offered agrees with that reading, in and out of a
    revolution."""
    seen = set()
    for (real, wolf, rev), kind in kinds().items():
        if kind == GANG:
            assert kind_by_the_clause(real, wolf, rev) == GANG
            assert not real & KOSE_BIT and 2 <= count(real) + (wolf >= 0) <= 4
            seen.add((wolf >= 0, rev))
    assert (True, False) in seen and (False, False) in seen
    game = load(3)
    state = table(game, ["Ro5 Ge5 Bl5 Gr5 Wolf Kose", "Ro1", "Gr2"])
    acts = legal(game, state)
    assert {"open Bl5 Gr5 Ge5 Ro5", "open Bl5 Ro5"} <= acts
    assert any(a.startswith("open ") and "Wolf=" in a and a.count(" ") == 2 for a in acts)  # a Gäng of two, Wolf
    for bad in ("open Kose Bl5", "open Ro5 Ge5 Bl5 Gr5 Wolf=Bl4"):
        with pytest.raises(cardgames.IllegalMove):
            game.parse_action(state, bad)


def test_bd_5_1_c_street_one_colour_unbroken_run_of_three_or_more():
    """BD-5.1 (c): "Straßenschläger: 3 or more cards of one colour whose current strengths are distinct and form an
    unbroken run; Kose never takes part; the Wolf may fill one gap inside the run or extend it at either end."
    """
    seen = set()
    for (real, wolf, rev), kind in kinds().items():
        if kind == STREET:
            assert kind_by_the_clause(real, wolf, rev) == STREET
            seen.add(wolf >= 0)
    assert seen == {False, True}
    game = load(3)
    state = table(game, ["Bl1 Bl2 Bl3 Bl5 Wolf Ro6", "Ro1", "Gr2"])
    acts = game.legal_actions(state)
    for ok in ("open Bl1 Bl2 Bl3", "open Bl1 Bl2 Bl3 Wolf=Bl4 Bl5"):
        assert game.parse_action(state, ok) in acts, ok
    assert form("Bl1 Bl2 Bl3 Wolf=Bl4").kind == STREET  # extends at the end
    assert form("Wolf=Bl1 Bl2 Bl3").kind == STREET  # or at the start
    for bad in ("open Bl1 Bl2 Bl3 Bl5", "open Bl2 Bl3", "open Bl1 Bl2 Ro6"):
        with pytest.raises(cardgames.IllegalMove):
            game.parse_action(state, bad)


# -- BD-5.11 after a formation is placed ------------------------------------------------------------------------


def place_steps(players=3, seeds=SEEDS):
    """(before, action, after) for every formation placed in a round (not in the final gong) in random games."""
    for _game, steps in walk_steps(players, seeds):
        for before, action, after in steps:
            if isinstance(action, Place) and before.phase == PLAY:
                yield before, action, after


def test_bd_5_11_1_the_cards_leave_the_hand_and_wolf_and_vest_are_recorded():
    """BD-5.11 step 1: "Its cards leave the hand; record any Wolf declaration and any vest removal (BD-7.10)." """
    wolves = vests = 0
    for before, action, after in place_steps(4):
        seat = before.turn
        assert after.hands[seat] == before.hands[seat] & ~action.form.req
        if action.vest:
            vests += 1
            assert after.fight.vests >> seat & 1 and after.fight.vest_by >= 0
        if action.form.wolf >= 0 and after.phase == WOLFSBLUT:
            wolves += 1
            assert after.wolfsblut.formation.wolf == action.form.wolf and after.wolfsblut.placer == seat
        elif action.form.wolf >= 0 and after.phase == PLAY and after.round.current is not None:
            wolves += 1
            assert after.round.current.wolf == action.form.wolf
    assert wolves and vests


def test_bd_5_11_2_an_empty_hand_ends_the_fight_and_skips_steps_3_to_5():
    """BD-5.11 step 2: "If the player's hand is now empty, the fight ends (Section 8); skip steps 3-5." The final
    gong follows at once, with no Wolfsblut window even when the last formation holds the Wolf."""
    ended = 0
    for before, action, after in place_steps(3):
        if before.hands[before.turn] == action.form.req:
            ended += 1
            assert after.phase in (GONG, ORDER, KNOCKOUT, HAUFEN, GIVE, RETURN, PLAY, OVER)
            assert after.phase != WOLFSBLUT and after.standing.bronko == before.turn
            if after.phase == GONG:
                assert after.round.current is action.form  # the final formation is the gong's target
    assert ended >= len(SEEDS)
    game = load(3)
    state = table(game, ["Ge5 Wolf Ge7", "Bl2 Bl3", "Ge6 Ro6 Ro7"], turn=A)  # C holds the declared Ge6
    state = play(game, state, "open Ge5 Wolf=Ge6 Ge7")
    assert state.phase == GONG and state.wolfsblut is None and state.standing.bronko == A


def test_bd_5_11_3_a_wolf_formation_opens_the_wolfsblut_window_for_the_holder_of_the_declared_card():
    """BD-5.11 step 3: "If it contains the Wolf, run the Wolfsblut window (BD-6.5)": the other player who holds the
    real declared card is asked (steal or decline); if nobody else holds it there is no window."""
    windows = none = 0
    for before, action, after in place_steps(3):
        seat, f = before.turn, action.form
        if f.wolf < 0 or before.hands[seat] == f.req:
            assert after.phase != WOLFSBLUT
            continue
        holder = next((q for q in range(3) if q != seat and before.hands[q] >> f.wolf & 1), None)
        if holder is None:
            none += 1
            assert after.phase != WOLFSBLUT
        else:
            windows += 1
            assert after.phase == WOLFSBLUT and after.turn == holder
            assert legal(load(3), after) == {"steal", "decline"}
    assert windows and none


def has_ring(entries):
    return any(entries[i + 1] == entries[i] + 1 and entries[i + 2] == entries[i] + 2 for i in range(len(entries) - 2))


def test_bd_5_11_4_the_schlagring_record_is_updated_with_every_formation():
    """BD-5.11 step 4: "Update the Schlagring record (BD-7.6)" with each formation placed: once the round's entries
    hold three consecutive strengths s, s+1, s+2, the Schlagring is active for the rest of the round."""
    rings = 0
    for _game, steps in walk_steps(4):
        entries = []
        for before, action, after in steps:
            if before.phase == PLAY and before.round.current is None:
                entries = []
            if isinstance(action, Place) and before.phase == PLAY:
                entries.append(action.form.strength[int(before.fight.revolution)])
            if after.phase == PLAY and after.round.current is not None and after.match.fights == before.match.fights:
                assert after.round.ring == has_ring(entries), entries
                rings += after.round.ring
    assert rings


def next_in_round(state, seat):
    n = len(state.hands)
    for k in range(1, n):
        q = (seat + k) % n
        if state.standing.alive >> q & 1 and not state.round.ducked >> q & 1:
            return q
    return None


def test_bd_5_11_5_box_or_fist_gives_control_otherwise_the_turn_passes():
    """BD-5.11 step 5: "Apply BD-5.8 (a) or (c) if it holds; otherwise pass the turn (BD-5.7)": a box or a fist
    formation ends the round and its player controls the next one; any other formation passes the turn to the next
    player clockwise still in the round."""
    seen = {"box": 0, "fist": 0, "pass": 0}
    for before, action, after in place_steps(4):
        seat, f = before.turn, action.form
        rev = int(before.fight.revolution)
        if before.hands[seat] == f.req or after.phase != PLAY or after.match.fights != before.match.fights:
            continue  # the fight ended (step 2) or the Wolfsblut window is open (step 3)
        if after.hands[seat] == WOLF_BIT:
            continue  # a Wolf trap: the next player opens (BD-6.8)
        if str(action).startswith("box") or f.fist[rev]:
            seen["box" if str(action).startswith("box") else "fist"] += 1
            assert after.round.current is None and after.turn == seat
        else:
            seen["pass"] += 1
            assert after.round.current is f and after.round.owner == seat
            assert after.turn == next_in_round(before, seat)
    assert all(seen.values()), seen


# -- BD-9.4 (a) ---------------------------------------------------------------------------------------------


def test_bd_9_4_a_a_loser_without_schlaeger_stops_the_knock_outs():
    """BD-9.4 (a): "If the loser has no Schläger, stop." Schlagkraft left over is discarded: the Bronko is never
    asked to knock out a Schläger of a loser who has none, and the loser is out of the game (BD-9.6)."""
    game = load(3)
    state = gong_state(game, ["Bl8", "Ge4 Bl7 Ro2", "Gr3 Ro1"], "Bl8", C_, schlaeger=((20,), (2, 4), (2, 4, 6)))
    state = play(game, state, "beat Bl8", "pass", "pass", "settle 1")  # B first: S = 14 against 2 + 4
    state = settle_all(game, state)
    log = fight_log(state)[0]
    assert log["schlagkraft"] == 14 and sorted(log["knocked_out"]) == [2, 4] and log["counted"] is None
    assert not state.standing.alive >> B & 1 and state.standing.schlaeger[B] == ()
    # in random games, every knock-out decision concerns a loser who still has Schläger
    asked = 0
    for _game, steps in walk_steps(3):
        for before, _action, _after in steps:
            if before.phase == KNOCKOUT:
                asked += 1
                assert before.standing.schlaeger[before.settle.loser]
    assert asked


# -- BD-10.7 betrayal -------------------------------------------------------------------------------------------


def gifts_by_the_clause(hand):
    """The two-card gifts BD-10.7 (a) allows: the two cards of highest base strength, Kose and Wolf excluded, any
    choice among equal strengths."""
    coloured = sorted(cards(hand & ~WHITE), key=lambda c: -BASE[c])
    second = BASE[coloured[1]]
    above = [c for c in coloured if BASE[c] > second]
    level = [c for c in coloured if BASE[c] == second]
    return {sum(1 << c for c in above + list(pick)) for pick in combinations(level, 2 - len(above))}


def betrayals(players=3, seeds=SEEDS):
    """(state before the gift, gift mask, state before the return, return mask, state after) of every betrayal."""
    for _game, steps in walk_steps(players, seeds):
        pending = None
        for before, action, after in steps:
            if after.phase == RETURN and before.phase != RETURN:
                if before.phase == GIVE:
                    pending = (before, action.cards, after)
                else:  # the gift was forced: the hands before it are worked out from the cards made public
                    d = after.standing.donko
                    given = after.fight.public
                    before_gift = after.replace(
                        hands=tuple(
                            h | given if q == d else h & ~given if q == after.standing.bronko else h
                            for q, h in enumerate(after.hands)
                        )
                    )
                    pending = (before_gift, given, after)
            if before.phase == RETURN:
                yield (*pending, action.cards, after)


def test_bd_10_7_a_the_donko_gives_his_two_strongest_cards_choosing_among_equals():
    """BD-10.7 (a): "The Donko hands the Bronko, face up, the two cards of his hand with the highest base strength,
    Kose and Wolf excluded. Where equal strengths leave a choice, the Donko chooses." Asked (DP-1) exactly when
    there is a choice."""
    asked = forced = 0
    game = load(3)
    for _game, steps in walk_steps(3):
        for before, action, after in steps:
            if before.phase == GIVE:
                asked += 1
                d = before.standing.donko
                options = gifts_by_the_clause(before.hands[d])
                assert len(options) > 1
                assert {a.cards for a in game.legal_actions(before, d)} == options
                assert action.cards in options
            elif after.phase == RETURN and before.phase != RETURN:
                forced += 1
                d, b = after.standing.donko, after.standing.bronko
                given = after.fight.public
                assert count(given) == 2 and after.hands[b] & given == given
                assert gifts_by_the_clause(after.hands[d] | given) == {given}
    assert asked and forced
    # hand-built (example 13.10): Ro8, then a choice between Ge7 and Bl7; Kose and the Wolf stay
    hands = HANDS3
    state = start_with(game, deck_for(hands, dealer=B), donko=B, bronko=A)
    assert state.phase == GIVE and legal(game, state) == {"give Bl7 Ro8", "give Ge7 Ro8"}


def test_bd_10_7_b_the_bronko_hands_back_any_two_cards_but_kose_and_the_wolf():
    """BD-10.7 (b): "The Bronko then hands back, face up, any two cards of his hand except Kose and the Wolf; they may
    be the cards just received." """
    game = load(3)
    returns = 0
    for _before_gift, given, before_return, _returned, _after in betrayals(3):
        b = before_return.standing.bronko
        offered = {a.cards for a in game.legal_actions(before_return, b)}
        mine = cards(before_return.hands[b] & ~WHITE)
        assert offered == {(1 << x) | (1 << y) for x, y in combinations(mine, 2)}
        assert given in offered  # the two cards received may go straight back
        returns += 1
    assert returns
    state = start_with(game, deck_for(HANDS3, dealer=A), donko=A, bronko=B)  # B, the Bronko, holds Kose and Wolf
    state = play(game, state, "give Bl5 Bl6") if state.phase == GIVE else state
    assert state.phase == RETURN and state.turn == B
    assert not any("Kose" in a or "Wolf" in a for a in legal(game, state))
    with pytest.raises(cardgames.IllegalMove) as err:
        game.apply(state, Hand2("return", mask("Kose Ro8")), B)
    assert err.value.rule == "BD-10.7"


def test_bd_10_7_c_hands_keep_their_size_and_the_four_cards_are_public():
    """BD-10.7 (c): "Both hands keep their size; the four card identities become public." Another player's view
    shows the exchanged cards where they now lie."""
    game = load(3)
    checked = 0
    for before_gift, given, _before_return, returned, after in betrayals(3):
        d, b = after.standing.donko, after.standing.bronko
        assert count(after.hands[d]) == count(before_gift.hands[d])
        assert count(after.hands[b]) == count(before_gift.hands[b])
        assert after.hands[d] & returned == returned and after.hands[b] & given & ~returned == given & ~returned
        assert after.fight.public & (given | returned) == given | returned
        third = next(q for q in range(3) if q not in (d, b))
        view = game.view(after, third)
        assert view.hands[d] & returned == returned
        assert view.hands[b] & (given & ~returned) == given & ~returned
        checked += 1
    assert checked
