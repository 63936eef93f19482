"""Worlds drawn from a Rowdy Partners view (cardgames/rowdy_partners/worlds.py) and the objective of analysis.

A world must look the same to its player (RP-4.15), keep everything play has shown
(hand sizes, the cards seen, the voids of RP-4.6, what a PEEK showed, a card buried after
a BURN_SWAP, RP-2.6), and be drawn uniformly among the deals that agree with it.  The
strongest check is independent of the module: a drawn world of the first round is dealt
again from a stacked deck and the round's decisions are replayed on it by the rules
engine, which refuses any card a player could not have played.
"""

from __future__ import annotations

import copy
import itertools
import math
from collections import Counter

import pytest
from helpers import chisquare_pvalue, play_game

import cardgames
from cardgames.core.errors import IllegalMove
from cardgames.core.game import history
from cardgames.rowdy_partners import stacked_deck
from cardgames.rowdy_partners.actions import Bury
from cardgames.rowdy_partners.cards import CODES_T, SUIT_T
from cardgames.rowdy_partners.state import BURYING, CHOOSING, NAMING, PLAYING, TAGGING, Result
from cardgames.rowdy_partners.worlds import Reading, at_horizon, lead_gained, won

from .util import act, deal, give


def test_the_chisquare_helper_agrees_with_known_values():
    """Checks of the helper: chi2(1) survival at 3.841 is 0.05, chi2(10) at 18.307 is 0.05."""
    # statistic 3.841 with 2 categories: counts (n + d, n - d) give (2 d^2 / n)
    assert chisquare_pvalue([100, 100]) == pytest.approx(1.0)
    n = 10_000
    d = math.sqrt(3.841459 * n / 2)
    assert chisquare_pvalue([n + d, n - d]) == pytest.approx(0.05, abs=1e-4)
    # eleven categories, statistic 18.307: one cell up by s, one down, chi2 = 2 s^2 / e
    e = 1000
    s = math.sqrt(18.307038 * e / 2)
    assert chisquare_pvalue([e + s, e - s] + [e] * 9) == pytest.approx(0.05, abs=1e-4)


def texts(actions):
    return [str(a) for a in actions]


def positions(game, seed, agents="random", every=1):
    """Every ``every``-th state of a seeded game played by ``agents``, and the final state."""
    steps, final = play_game(game, agents, seed)
    return [state for state, *_ in steps[::every]], final


def hand_plays(state, rnd=1):
    """Per player, the cards he played from his hand (source 0) in round ``rnd``, and from his diamond."""
    hand, diamond = {}, {}
    rows = [t.row for t in state.score.log if t.round == rnd]
    if state.deal.round == rnd:
        rows.append(state.row)
    for row in rows:
        for q in row:
            (hand if q.source == 0 else diamond).setdefault(q.player, []).append(q.card)
    return hand, diamond


def replays(game, seed, world):
    """Does the first round of ``world`` replay legally from the deal it implies (RP-4.6 judges every card)?

    The deal is the world's hands and diamonds plus the cards played from them, and its burn
    pile; the game's own seed keeps wrestlers and the cheat pool as they were.  Only for
    worlds in round 1 before any random draw of play (no BURN_SWAP, no CANCEL of a cheat).
    """
    assert world.deal.round == 1 and world.tokens.draws == 0
    hand, diamond = hand_plays(world)
    k = game.players
    hands = [[CODES_T[c] for c in world.hands[p] + tuple(hand.get(p, []))] for p in range(k)]
    diamonds = [
        [CODES_T[c] for c in world.deal.diamonds[p] + tuple(diamond.get(p, []))] for p in range(k) if game.headliner[p]
    ]
    deck = stacked_deck(k, hands, diamonds, [CODES_T[c] for c in world.deal.burn])
    state = game.new(seed=seed, deck=deck)
    try:
        for p, a in history(world):
            state = game.apply(state, a, p)
    except IllegalMove:
        return False
    assert state.hands == world.hands
    return True


# -- views and legal actions --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rp_4_15_a_world_shows_every_seat_the_same_view_and_choices(players):
    """Every seat's world has his view and his legal actions, in every phase of random and greedy games."""
    game = cardgames.load("rowdy_partners", players=players)
    phases = set()
    for seed, agents in ((1, "random"), (2, "greedy"), (3, "random")):
        states, _ = positions(game, seed, agents, every=3)
        for k, state in enumerate(states):
            phases.add(state.phase)
            for seat in range(players):
                world = game.determinize(state, seat, seed=k)
                assert game.view(world, seat) == game.view(state, seat), (seed, k, seat)
                assert game.to_act(world) == game.to_act(state)
                if seat == state.actor:
                    assert texts(game.legal_actions(world, seat)) == texts(game.legal_actions(state, seat))
    if players == 4:  # every phase of play met: the tag window, a card, a named suit, a bury after a swap
        assert {TAGGING, PLAYING, NAMING, BURYING} <= phases


def test_rp_3_2_a_world_of_the_wrestler_choice_keeps_the_choices():
    """DP-1: before the first trick (players choose wrestlers) the world offers the same free wrestlers."""
    game = cardgames.load("rowdy_partners", players=4, choose_wrestlers=True)
    state = act(game, game.new(seed=4), "wrestler W2")
    assert state.phase == CHOOSING
    world = game.determinize(state, 1, seed=0)
    assert texts(game.legal_actions(world, 1)) == texts(game.legal_actions(state, 1))
    assert game.view(world, 1) == game.view(state, 1)


def test_rp_4_15_hand_sizes_burn_pile_and_cheat_counts_are_kept_and_the_hidden_redrawn():
    """The others' hands and the burn pile keep their sizes, the cheat tiles their counts; all of it differs
    between worlds while the player's own cards stay."""
    game = cardgames.load("rowdy_partners", players=4)
    states, _ = positions(game, 9, "random", every=11)
    redrawn = 0
    for state in states:
        seat = state.actor
        worlds = [game.determinize(state, seat, seed=s) for s in range(3)]
        for w in worlds:
            assert [len(h) for h in w.hands] == [len(h) for h in state.hands]
            assert w.hands[seat] == state.hands[seat]
            assert len(w.deal.burn) == len(state.deal.burn)
            assert [len(c) for c in w.tokens.cheats] == [len(c) for c in state.tokens.cheats]
            assert w.tokens.cheats[seat] == state.tokens.cheats[seat]
            tiles = list(w.tokens.pool) + list(w.tokens.used) + [t for c in w.tokens.cheats for t in c]
            assert Counter(tiles) == Counter(game.options["cheat_pool"])
            cards = [c for h in w.hands for c in h] + list(w.deal.burn) + [c for d in w.deal.diamonds for c in d]
            played = [q.card for t in w.score.log if t.round == w.deal.round for q in t.row] + [q.card for q in w.row]
            assert sorted(cards + played) == list(range(36))
        redrawn += len({(w.hands, w.deal.burn) for w in worlds}) > 1
    assert redrawn > len(states) // 2


# -- the inferences of play -------------------------------------------------------------------


@pytest.mark.parametrize("players, agents", [(4, "greedy"), (4, "random"), (3, "greedy"), (2, "greedy")])
def test_rp_4_6_every_world_of_the_first_round_replays_legally(players, agents):
    """A world's first round dealt again and replayed: the rules accept every card each player played,
    so no world gives a player a card of a suit he showed he could not follow."""
    game = cardgames.load("rowdy_partners", players=players)
    checked = 0
    for seed in range(3):
        states, _ = positions(game, seed, agents, every=4)
        for k, state in enumerate(states):
            if state.deal.round != 1 or state.tokens.draws:
                continue
            for seat in range(players):
                assert replays(game, seed, game.determinize(state, seat, seed=k)), (seed, k, seat)
                checked += 1
    assert checked > 20


def voids_seen(game, state, seat):
    """(player, suit) pairs: a suited card of another suit played from the hand while S was that suit."""
    reading = Reading(game, game.view(state, seat), seat)
    out = set()
    for q in range(game.players):
        for s in range(4):
            cards = [c for c in range(32) if SUIT_T[c] == s]
            if q != seat and not any(reading.places[c] >> q & 1 for c in cards):
                out.add((q, s))
    return out


def test_rp_4_6_a_player_who_did_not_follow_holds_no_card_of_the_led_suit():
    """RP-4.6, RP-4.8: A1 leads Ha5, B1 sloughs St2 (no Hat), so no world gives B1 a Hat; A2 sloughs Gr5, which
    counters Ha5: Star becomes the led suit and B2 follows it, which shows nothing about his Hats."""
    hands = ["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "St2 St1 St3 St4 Gr1 Gr2 Gr3 Gr4"]  # A1, B1
    hands += ["Gr5 Gr6 Gr7 Gr8 St5 St6 St7 St8", "Ha1 Ha2 Ha3 Ha4 Ha6 Ha7 Ha8 W2"]  # A2, B2
    game, s = deal(4, hands=hands, burn="W4 W6 W8 Ho5")
    s = act(game, s, "play Ha5", "play St2", "play Gr5")
    assert s.suit == SUIT_T[CODES_T.index("St2")]  # the setter was flipped: S is Star (RP-4.9)
    hats = {c for c in range(32) if SUIT_T[c] == 0}
    for k in range(40):
        world = game.determinize(s, 3, seed=k)
        assert not hats & set(world.hands[1]), "B1 did not follow Hat"
    # A2's Gr5 is a Gravestone: A2 could not follow Hat either; B2's view learns both voids
    assert voids_seen(game, s, 3) == {(1, 0), (2, 0)}
    # seen from A1, whose Ha5 led: the same two voids, and none for himself
    assert voids_seen(game, s, 0) == {(1, 0), (2, 0)}


def test_rp_4_6_a_wildcard_shows_no_void_and_the_promoted_suit_counts():
    """A wildcard always follows (RP-4.6), so it shows nothing; after a counter promotes a wildcard setter
    (RP-4.9, RP-8.12), a player who does not follow the suit it names is void in that suit."""
    hands = ["Ha6 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "W2 St1 St3 St4 Ha1 Gr2 Gr3 Gr4"]  # A1, B1
    hands += ["St6 Gr6 Gr7 Gr8 St5 St2 St7 St8", "Ha2 Ha3 Ha4 Ha5 Ho5 Ha7 Ha8 W4"]  # A2, B2
    game, s = deal(4, hands=hands, burn="W6 W8 Gr1 Gr5")
    s = act(game, s, "play Ha6", "play W2", "play St6", "name Gr")
    assert voids_seen(game, s, 0) == {(2, 0)}  # A2 sloughed a Star on Hat; B1's wildcard shows nothing
    s = act(game, s, "play Ha3")  # B2 holds no Gravestone
    assert voids_seen(game, s, 0) == {(2, 0), (3, 3)}
    graves = {c for c in range(32) if SUIT_T[c] == 3}
    for k in range(30):
        world = game.determinize(s, 0, seed=k)
        assert not graves & set(world.hands[3])
        assert not {c for c in range(32) if SUIT_T[c] == 0} & set(world.hands[2])


def with_cheats(state, cheats):
    """``state`` with players holding the given cheat tiles, taken out of the pool (RP-2.7)."""
    held = [t for tiles in cheats.values() for t in tiles]
    pool = list(state.tokens.pool)
    for t in held:
        pool.remove(t)
    return give(state, cheats=cheats, pool=tuple(pool))


def test_rp_2_6_peek_shows_the_partners_whole_hand():
    """What A1's PEEK (Corner Whisper) showed is A2's hand in every world of A1, less what A2 played since."""
    game, s = deal(4, hands=["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8"], burn="W4 W6 W8 Gr5")
    s = with_cheats(s, {0: ("C09",)})
    s = act(game, s, "cheat C09", "play Ha5")
    while s.actor != 0:
        s = game.apply(s, game.legal_actions(s)[-1])
    assert s.tokens.peeks[0][:2] == (0, 2)
    for k in range(10):
        world = game.determinize(s, 0, seed=k)
        assert world.hands[2] == s.hands[2]
        assert game.view(world, 0) == game.view(s, 0)
    # B1 saw no PEEK: his worlds give A2 other hands
    assert len({game.determinize(s, 1, seed=k).hands[2] for k in range(10)}) > 1


def test_rp_2_6_a_card_buried_after_ones_own_swap_lies_in_the_burn_pile():
    """A1's Hidden Object: he buries Ho8, so every world of A1 has Ho8 in the burn pile; B1 does not know it."""
    game, s = deal(4, hands=["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8"], burn="W4 W6 W8 Gr5")
    s = with_cheats(s, {0: ("C08",)})
    s = act(game, s, "cheat C08")
    assert s.phase == BURYING
    s = act(game, s, "bury Ho8")
    ho8 = CODES_T.index("Ho8")
    assert all(ho8 in game.determinize(s, 0, seed=k).deal.burn for k in range(20))
    assert any(ho8 not in game.determinize(s, 1, seed=k).deal.burn for k in range(20))


def test_rp_2_6_another_players_swap_waiting_for_the_bury():
    """While A1 has to bury, B1's worlds give A1 nine cards, one of them the card the swap brought."""
    game, s = deal(4, hands=["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8"], burn="W4 W6 W8 Gr5")
    s = with_cheats(s, {0: ("C08",)})
    s = act(game, s, "cheat C08")
    brought = Counter()
    for k in range(100):
        world = game.determinize(s, 1, seed=k)
        assert game.view(world, 1) == game.view(s, 1)
        assert world.trick.swap in world.hands[0] and len(world.hands[0]) == 9 and world.phase == BURYING
        brought[world.trick.swap] += 1
    assert len(brought) > 10  # any card B1 cannot see may have been in the burn pile


def test_rp_2_6_after_another_players_swap_his_void_is_lifted():
    """B1 shows a Hat void, then swaps with the burn pile and buries: a Hat may have come to him since."""
    game, s = deal(
        4,
        hands=["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "St2 St1 St3 St4 Gr1 Gr2 Gr3 Gr4"],
        burn="Ha1 Ha2 Ha3 Ha4",
    )
    s = act(game, s, "play Ha5", "play St2")
    hats = {c for c in range(32) if SUIT_T[c] == 0}
    assert (1, 0) in voids_seen(game, s, 0)
    assert not any(hats & set(game.determinize(s, 0, seed=k).hands[1]) for k in range(30))
    while s.trick.number == 1 or s.actor != 1 or s.phase != PLAYING:
        s = game.apply(s, game.legal_actions(s)[-1])
    s = with_cheats(s, {1: ("C08",)})
    s = act(game, s, "cheat C08")
    s = game.apply(s, game.legal_actions(s)[0])  # B1 buries
    assert (1, 0) not in voids_seen(game, s, 0)
    assert any(hats & set(game.determinize(s, 0, seed=k).hands[1]) for k in range(60))


# -- uniformity --------------------------------------------------------------------------------


def late_position(game, agents="greedy"):
    """A seeded state at the first play of trick 8 of round 1 where play showed voids (no random draws)."""
    for seed in range(200):
        states, _ = positions(game, seed, agents)
        for state in states:
            if (
                state.deal.round == 1
                and state.trick.number == 8
                and not state.row
                and state.phase != TAGGING
                and not state.tokens.draws
                and voids_seen(game, state, state.actor)
            ):
                return seed, state
    raise AssertionError("no late position with voids")


def test_rp_4_6_the_draw_is_uniform_over_the_deals_that_agree_with_play():
    """At trick 8 the three other hands hold one card each and the burn pile four: every assignment of the
    seven hidden cards that replays the round legally is drawn equally often (chi-square), no other is."""
    game = cardgames.load("rowdy_partners", players=4)
    seed, state = late_position(game)
    seat = state.actor
    view_cards = set(state.hands[seat]) | {q.card for t in state.score.log for q in t.row}
    hidden = sorted(set(range(36)) - view_cards)
    others = [q for q in range(4) if q != seat]
    assert len(hidden) == 7 and all(len(state.hands[q]) == 1 for q in others)
    consistent = set()
    for trio in itertools.permutations(hidden, 3):
        hands = list(state.hands)
        for q, c in zip(others, trio):
            hands[q] = (c,)
        burn = tuple(c for c in hidden if c not in trio)
        world = state.replace(hands=tuple(hands), deal=state.deal.replace(burn=burn))
        if replays(game, seed, world):
            consistent.add(trio)
    assert 0 < len(consistent) < 210  # play excluded some deals
    n = 40 * len(consistent)
    drawn = Counter(tuple(game.determinize(state, seat, seed=k).hands[q][0] for q in others) for k in range(n))
    assert set(drawn) == consistent
    observed = [drawn[t] for t in sorted(consistent)]
    assert chisquare_pvalue(observed) > 0.001


def test_rp_2_7_cheat_tiles_are_dealt_uniformly():
    """B1 holds one hidden cheat and the pool the rest: seen from A1 each unseen tile is B1's equally often."""
    game, s = deal(4, hands=["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8"])
    s = with_cheats(s, {0: ("C01",), 1: ("C05",)})
    counts = Counter(game.determinize(s, 0, seed=k).tokens.cheats[1][0] for k in range(900))
    assert set(counts) == {"C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10"}
    assert chisquare_pvalue(list(counts.values())) > 0.001


# -- determinism --------------------------------------------------------------------------------


def test_a_world_depends_on_the_seed_and_the_view_only():
    """The same seed gives the same world; a state with the same view gives the same world; nothing changes."""
    game = cardgames.load("rowdy_partners", players=4)
    states, _ = positions(game, 6, "random", every=9)
    for k, state in enumerate(states):
        seat = state.actor
        before = copy.deepcopy(state)
        world = game.determinize(state, seat, seed=k)
        assert state == before
        assert game.determinize(state, seat, seed=k) == world
        other = game.determinize(world, seat, seed=k + 1)  # another state with the same view
        assert game.determinize(other, seat, seed=k) == world


def test_a_finished_game_has_no_world():
    game = cardgames.load("rowdy_partners", players=4)
    final = cardgames.playout(game, ["greedy"] * 4, 2)
    with pytest.raises(ValueError, match="over"):
        game.determinize(final, 0)


def test_the_buries_of_others_are_filled_in_and_hidden_again():
    """Another player's buried card, hidden in the view, is a real card in the world; its view hides it again."""
    game = cardgames.load("rowdy_partners", players=4)
    for seed in range(30):
        states, _ = positions(game, seed, "random", every=5)
        for state in states:
            seat = state.actor
            buries = [(q, a) for q, a in history(state) if type(a) is Bury and q != seat]
            if buries:
                world = game.determinize(state, seat, seed=1)
                filled = [a for q, a in history(world) if type(a) is Bury and q != seat]
                assert len(filled) == len(buries) and all(a.card >= 0 for a in filled)
                assert game.view(world, seat) == game.view(state, seat)
                return
    raise AssertionError("no game with a bury found")


# -- the objective ----------------------------------------------------------------------------


def test_rp_4_11_the_position_lead_is_shared_by_partners():
    """RP-8.1: B1 wins with St2 and deals 2 to A1 (0 -> 2): side B leads by 2, side A trails by 2."""
    hands = ["Ha5 Ho1 Ho2 Ho3 Ho4 Ho6 Ho7 Ho8", "St2 St3 Gr1 Gr2 Gr3 Gr4 Ho5 W2"]  # A1, B1
    hands += ["Gr5 Gr6 Gr7 Gr8 St1 St7 St8 W4", "St4 Ha1 Ha2 Ha3 Ha4 Ha6 Ha7 Ha8"]  # A2, B2
    game, s = deal(4, hands=hands, burn="W6 W8 St5 St6")
    start = s
    s = act(game, s, "play Ha5", "play St2", "play Gr5", "play St4")
    assert s.score.log[-1].winner == 1 and s.score.health[0] == 2
    assert [game._score(start, s, q) for q in range(4)] == [-2.0, 2.0, -2.0, 2.0]
    assert [lead_gained(game, start, s, q) for q in range(4)] == [-2, 2, -2, 2]
    assert game._score(start, start, 0) == 0.0
    assert not game._horizon(start, s)  # the round goes on (RP-4.1)
    assert math.isnan(game._won(start, s, 0))


def test_rp_4_1_the_horizon_is_the_end_of_the_round_or_of_the_game():
    game = cardgames.load("rowdy_partners", players=4)
    states, final = positions(game, 4, "greedy")
    start = states[0]
    first_of_round_2 = next(st for st in states if st.deal.round == 2)
    last_of_round_1 = states[states.index(first_of_round_2) - 1]
    assert not at_horizon(start, last_of_round_1)
    assert at_horizon(start, first_of_round_2)
    assert not at_horizon(first_of_round_2, first_of_round_2)
    assert at_horizon(first_of_round_2, final)


def test_rp_5_1_the_winner_of_a_whole_game():
    """Over a whole game the pinned wrestler's side loses; the objective is the final lead in positions."""
    game = cardgames.load("rowdy_partners", players=4)
    start = game.new(seed=5)
    final = cardgames.playout(game, ["greedy"] * 4, 5)
    r = final.score.result
    assert r.reason == "pin"
    wins = [game._won(start, final, q) for q in range(4)]
    assert wins == [1.0 if game.side_of[q] == r.winner else 0.0 for q in range(4)]
    loser = [q for q in range(4) if game.side_of[q] != r.winner][0]
    assert game._score(start, final, loser) < 0
    assert game._score(start, final, loser) == -game._score(start, final, (loser + 1) % 4)


def test_rp_6_3_a_draw_at_the_cap_is_half_a_win():
    game = cardgames.load("rowdy_partners", players=4)
    state = game.new(seed=1)
    drawn = state.replace(
        score=state.score.replace(result=Result(winner=-1, pinned=-1, round=20, trick=8, reason="cap"))
    )
    assert [won(game, drawn, q) for q in range(4)] == [0.5] * 4


def test_the_objective_is_declared():
    game = cardgames.load("rowdy_partners")
    objective = game.objective
    assert objective.name == "position lead" and objective.higher_is_better and not objective.wins
    assert "RP-4.1" in objective.horizon


# -- analyse -----------------------------------------------------------------------------------


def test_analyse_ranks_every_legal_action_from_the_players_information():
    """One row per legal action, best first, the same numbers again, and the same for a world of the state."""
    game = cardgames.load("rowdy_partners", players=4)
    states, _ = positions(game, 3, "greedy")
    state = next(st for st in states[20:] if len(game.legal_actions(st, st.actor)) > 2)
    seat = state.actor
    table = cardgames.analyse(game, state, worlds=6, seed=2)
    assert sorted(table["action"]) == sorted(texts(game.legal_actions(state, seat)))
    assert list(table["value"]) == sorted(table["value"], reverse=True)
    assert table.attrs["objective"] == "position lead"
    again = cardgames.analyse(game, state, worlds=6, seed=2)
    pd_equal(table, again)
    world = game.determinize(state, seat, seed=9)
    pd_equal(table, cardgames.analyse(game, world, worlds=6, seed=2))


def pd_equal(a, b):
    import pandas as pd

    pd.testing.assert_frame_equal(a, b)
