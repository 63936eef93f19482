"""Three Bridges: the decision points of TB-7 (who decides what, from which options), the definitions
TB-2.4-2.6 and the three steps of resolving a card, TB-4.5.1-4.5.3.

Seeded games with random legal moves, with P1 fixed and drawn from the seed.  At every decision the
test reads the board (columns, bridge cards, hands, the card being resolved and its owner) and works
out from the rule text who must act and which options the TB-7 row gives; it compares them with
``to_act`` and ``legal_actions`` and applies every option.  A few hand-built positions cover what a
walk rarely reaches.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest
from helpers import walk

import cardgames
from cardgames.three_bridges import score, score_board
from cardgames.three_bridges.cards import CARD_MASK, entry_text
from cardgames.three_bridges.rules import PLACE, RESOLVE

from .helpers import GAME, P1, P2, board, column, legal_texts, play

BRIDGES = "ABC"
SUITS = "HESL"
RANK_ABILITY = {"U": "swap", "O": "move", "A": "play"}  # TB-4.5 step 2: Unter, Ober, Ass
SUIT_ABILITY = {"E": "draw", "L": "turn"}  # TB-4.5 step 3: Eichel, Laub
KINDS = ("swap", "move", "play", "draw", "turn")


# -- the board, read from the state --------------------------------------------------------------------


def read(e):
    """An entry as (code, suit, rank, sideways, face down); a Chronist is the Ass of its declared suit."""
    text = entry_text(e)
    face_down = text.startswith("[")
    text = text.strip("[]")
    sideways = text.endswith("/")
    code = text.rstrip("/")
    if code.startswith("Chr="):
        return code, code[4:], "A", sideways, face_down
    if code == "?":
        return code, None, None, sideways, face_down
    suit, rank = code.split("-")
    return code, suit, rank, sideways, face_down


def hand_code(card):
    return "Chr" if card >= 32 else f"{SUITS[card >> 3]}-{('VII', 'VIII', 'IX', 'X', 'U', 'O', 'K', 'A')[card & 7]}"


def bridge_suit(s, b):
    return SUITS[s.bridges[b] >> 3]  # TB-2.6: the suit of the bridge card


def where(s, card):
    """(bridge, seat or None for a bridge card, index, entry) of a card on the board."""
    for b in range(3):
        if s.bridges[b] == card:
            return b, None, None, card
        for seat in (0, 1):
            for i, e in enumerate(s.columns[b][seat]):
                if e & CARD_MASK == card:
                    return b, seat, i, e
    raise AssertionError(f"card {card} is not on the board")


def leader(s):
    """TB-4.1: P1 leads rounds 1, 3, 5; P2 rounds 2, 4, 6."""
    return s.first if s.round % 2 else 1 - s.first


def kind(text):
    return text.split()[0]


def plain(text):
    """An option text without the place an engine adds when two cards share a code (``turn Chr=E@A1``)."""
    return text.split("@")[0]


def offered(g, s, seat):
    """Check that ``seat`` alone may act; apply every option; return the option texts."""
    assert g.to_act(s) == (seat,)
    assert g.legal_actions(s, player=1 - seat) == ()
    texts = legal_texts(s, game=g)
    assert len(texts) == len(set(texts))
    for a in g.legal_actions(s):
        g.apply(s, a, seat)  # accepted
    return texts


# -- the ways of each ability, from TB-4.9-4.14 -------------------------------------------------------------


def rank_ways(s, p, card):
    """The texts of the rank ability of ``card`` (owner ``p``) as TB-4.9-4.11 allow them now."""
    x, side, _, e = where(s, card)
    _, suit, rank, _, _ = read(e)
    if rank == "U":  # TB-4.9: only if its suit is the bridge suit of X (and it lies in p's column)
        return ["swap"] if side == p and suit == bridge_suit(s, x) else []
    if rank == "O":  # TB-4.10: one of p's own cards from a bridge other than X
        return sorted(f"move {read(o)[0]}" for b in range(3) if b != x for o in s.columns[b][p])
    if rank == "A":  # TB-4.11: a hand card of the Ass's suit (a Chronist declared that suit) at any bridge
        codes = {hand_code(c) for c in s.hands[p]}
        cards = {c for c in codes if c[0] == suit and c != "Chr"} | ({f"Chr={suit}"} if "Chr" in codes else set())
        return sorted(f"play {c} {b}" for c in cards for b in BRIDGES)
    return []


def suit_ways(s, p, card):
    """The texts of the suit ability of ``card`` as TB-4.13 and TB-4.14 allow them now."""
    x, _, _, e = where(s, card)
    suit = read(e)[1]
    if suit == "E":  # TB-4.13: draw, if the pile is not empty
        return ["draw"] if s.pile else []
    if suit == "L":  # TB-4.14: an upright card in either column at X, face down included, never the bridge card
        texts = []
        for seat in (0, 1):
            for o in s.columns[x][seat]:
                code, _, _, sideways, face_down = read(o)
                if not sideways:
                    texts.append("turn face-down" if face_down else f"turn {code}")
        return sorted(texts)
    return []


# -- seeded games with random legal moves -------------------------------------------------------------------


@functools.cache
def walks():
    """Each walk: the game and its steps (state, seat to act, action); the last step is the end."""
    out = []
    for g in (GAME, cardgames.load("three_bridges")):
        for seed in range(250):
            out.append((g, walk(g, seed)))
    return tuple(out)


@functools.cache
def resolutions():
    """Every decision while a card resolves: (game, state, owner, card, forced by an Ass, option texts, the
    kinds this card's earlier decisions took)."""
    out = []
    for g, steps in walks():
        by_ass = set()  # cards an Ass played face up (TB-4.11): they resolve forced
        earlier = {}
        for (s, seat, action), (after, _, _) in zip(steps, steps[1:]):
            if s.phase == RESOLVE:
                card = s.stack[-1].card
                x, side, _, _ = where(s, card)
                owner = seat if side is None else side  # TB-2.5: a column's cards are its player's
                texts = offered(g, s, owner)
                out.append((g, s, owner, card, card in by_ass, tuple(texts), tuple(earlier.get(card, ()))))
                earlier.setdefault(card, []).append(kind(str(action)))
            if str(action).startswith("play "):
                by_ass.add(after.columns[action.bridge][seat][-1] & CARD_MASK)
    return tuple(out)


def decisions_of(ability):
    """The resolution decisions whose options are the ability ``ability`` (one of KINDS)."""
    found = []
    for g, s, owner, card, forced, texts, earlier in resolutions():
        kinds = {kind(t) for t in texts} - {"pass"}
        assert len(kinds) == 1  # one ability at a time
        assert ("pass" in texts) == (not forced) and s.stack[-1].forced == forced  # TB-4.6
        if kinds == {ability}:
            found.append((g, s, owner, card, forced, [t for t in texts if t != "pass"], earlier))
    return found


# -- TB-7: the decision points -----------------------------------------------------------------------------


def test_tb_7_3_the_follower_places_any_hand_card_at_a_or_b_or_c_after_the_leader():
    """TB-7.3 (TB-4.3): after the leader, the follower places one card from his hand face down at a bridge of
    his choice: any hand card × A, B, C (a Chronist with one of the four suits, TB-7.4).  He sees the
    leader's bridge, not the card."""
    seen = 0
    for g, steps in walks():
        placed = Counter()
        for s, seat, _action in steps:
            if s.phase != PLACE:
                continue
            placed[s.round] += 1
            if placed[s.round] == 1:
                assert seat == leader(s)
                continue
            assert placed[s.round] == 2  # the second and last placement of the round
            follower = 1 - leader(s)
            cards = {hand_code(c) for c in s.hands[follower]}
            expected = {f"place {c} {b}" for c in cards - {"Chr"} for b in BRIDGES}
            if "Chr" in cards:
                expected |= {f"place Chr={suit} {b}" for suit in SUITS for b in BRIDGES}
            assert set(offered(g, s, follower)) == expected
            view = g.view(s, follower)
            down = [(b, read(e)) for b in range(3) for e in view.columns[b][leader(s)] if read(e)[4]]
            assert len(down) == 1 and down[0][1][0] == "?"  # one face-down card at a known bridge, unseen
            seen += 1
    assert seen == 6 * len(walks())


def test_tb_7_5_the_owner_may_swap_an_unter_only_on_its_own_suits_bridge_forced_in_a_chain():
    """TB-7.5 (TB-4.9): the Unter's owner decides swap or not; only if its suit is the bridge suit; forced
    (no pass) when an Ass played it."""
    found = decisions_of("swap")
    for _g, s, owner, card, _forced, ways, _ in found:
        x, side, _, e = where(s, card)
        assert read(e)[2] == "U" and side == owner and read(e)[1] == bridge_suit(s, x)
        assert ways == ["swap"]
    assert len(found) > 20 and any(f[4] for f in found), len(found)
    # an Unter off its suit's bridge never offers the swap
    for _, s, _owner, card, _, texts, earlier in resolutions():
        x, side, _, e = where(s, card)
        if read(e)[2] == "U" and not earlier and side is not None and read(e)[1] != bridge_suit(s, x):
            assert "swap" not in texts


def test_tb_7_6_the_owner_of_an_ober_may_move_one_own_card_from_another_bridge_forced_in_a_chain():
    """TB-7.6 (TB-4.10): the Ober's owner decides whether to move, and which of his own cards from a bridge
    other than X; forced in a chain if he has any."""
    check_rank_decisions("move", "O")


def check_rank_decisions(verb: str, rank: str) -> None:
    """Every walked decision ``verb`` of a ``rank`` card's owner offers the ways rank_ways works out; some are forced."""
    found = decisions_of(verb)
    for _g, s, owner, card, _forced, ways, _ in found:
        assert read(where(s, card)[3])[2] == rank
        assert sorted(map(plain, ways)) == rank_ways(s, owner, card)
    assert len(found) > 50 and any(f[4] for f in found), len(found)


def test_tb_7_7_the_owner_of_an_ass_may_play_a_card_of_its_suit_at_any_bridge_forced_in_a_chain():
    """TB-7.7 (TB-4.11): the Ass's owner decides whether to play, which card of the Ass's suit from his hand
    (a Chronist declared that suit), and at which bridge; forced in a chain if he has one."""
    check_rank_decisions("play", "A")


def test_tb_7_8_the_owner_of_an_eichel_card_may_draw_forced_in_a_chain():
    """TB-7.8 (TB-4.13): the Eichel card's owner decides whether to draw; forced in a chain (pile not empty)."""
    found = decisions_of("draw")
    for g, s, owner, card, _forced, ways, _ in found:
        assert read(where(s, card)[3])[1] == "E" and s.pile and ways == ["draw"]
        after = g.apply(s, g.parse_action(s, "draw", owner), owner)
        assert len(after.pile) == len(s.pile) - 1 or after.round != s.round  # one card drawn
    assert len(found) > 200 and any(f[4] for f in found), len(found)


def test_tb_7_8_an_eichel_card_with_an_empty_pile_draws_nothing_and_asks_nothing():
    """TB-7.8: the draw is offered only while the pile has a card (TB-4.13: nothing if it is empty)."""
    s = GAME.position(["H-VII", "E-VII", "S-VII"], hands=(("E-X", "E-IX"), ("H-X", "H-IX")), pile=())
    s = play(s, "place E-X B", "place H-X A")
    assert s.round == 2 and s.phase == PLACE  # E-X's draw lapsed: no decision was asked


def test_tb_7_9_the_owner_of_a_laub_card_may_turn_one_upright_card_at_x_forced_in_a_chain():
    """TB-7.9 (TB-4.14): the Laub card's owner decides whether to turn, and which upright card at X (either
    column, face down included, never the bridge card); forced in a chain."""
    found = decisions_of("turn")
    for _g, s, owner, card, _forced, ways, _ in found:
        assert read(where(s, card)[3])[1] == "L"
        assert sorted(map(plain, ways)) == suit_ways(s, owner, card)
    assert len(found) > 200 and any(f[4] for f in found) and any("turn face-down" in f[5] for f in found)


# -- TB-4.5: resolving a card -------------------------------------------------------------------------------


def test_tb_4_5_1_a_chronists_declared_suit_becomes_public_when_it_is_revealed():
    """TB-4.5 step 1: if the card is a Chronist, its suit, declared when it was placed, becomes public."""
    seen = 0
    for g, steps in walks():
        for (s, seat, action), (after, _, _) in zip(steps, steps[1:]):
            text = str(action)
            if not text.startswith("place Chr="):
                continue
            declared, b = text.split()[1][4:], BRIDGES.index(text.split()[2])
            i = len(s.columns[b][seat])
            card = after.columns[b][seat][i] & CARD_MASK
            for later, _, _ in steps[steps.index((s, seat, action)) + 1 :]:
                x, side, j, e = where(later, card)
                shown = read(g.view(later, 1 - seat).columns[x][side][j])[0]
                if read(e)[4]:
                    assert shown == "?"  # face down: the declaration stays hidden (TB-4.12)
                else:
                    assert shown == f"Chr={declared}"  # revealed: the declared suit is public
                    break
            else:
                raise AssertionError("a placed Chronist was never revealed")
            seen += 1
    assert seen > 100


def test_tb_4_5_2_rank_abilities_are_the_unters_ober_and_ass_and_come_before_the_suit_ability():
    """TB-4.5 step 2: the rank ability (Unter TB-4.9, Ober TB-4.10, Ass TB-4.11; none for VII-X and König) is
    taken before the suit ability; a new card's first decision is its rank ability whenever that has a way."""
    firsts = Counter()
    for _g, s, owner, card, _forced, texts, earlier in resolutions():
        kinds = {kind(t) for t in texts} - {"pass"}
        rank = read(where(s, card)[3])[2]
        if kinds & {"swap", "move", "play"}:
            assert kinds == {RANK_ABILITY[rank]} and not earlier  # its rank's ability, once, first
        if not earlier:
            ways = rank_ways(s, owner, card)
            if ways:
                assert sorted(plain(t) for t in texts if t != "pass") == ways
            firsts[rank in RANK_ABILITY, bool(ways)] += 1
    assert firsts[True, True] > 100 and firsts[True, False] > 50, firsts


def test_tb_4_5_3_the_suit_ability_comes_last_after_the_chain_of_a_played_card():
    """TB-4.5 step 3: the suit ability (Eichel TB-4.13, Laub TB-4.14; none for Herz and Schellen) comes after
    the rank ability, and after the whole chain of a card an Ass played, before the card is done."""
    seen = Counter()
    for _g, s, owner, card, _forced, texts, earlier in resolutions():
        kinds = {kind(t) for t in texts} - {"pass"}
        suit = read(where(s, card)[3])[1]
        if kinds & {"draw", "turn"}:
            assert kinds == {SUIT_ABILITY[suit]} and not (set(earlier) & {"draw", "turn"})
            assert s.stack[-1].card == card and len(earlier) <= 1
            seen["after a chain"] += "play" in earlier  # the Ass goes on only once its played card is done
            seen["suit"] += 1
            assert sorted(plain(t) for t in texts if t != "pass") == suit_ways(s, owner, card)
    assert seen["suit"] > 300 and seen["after a chain"] > 5, seen


def test_tb_4_5_an_ass_chain_resolves_completely_before_the_ass_goes_on():
    """TB-4.5 (TB-8.5): L-A plays L-X at A; L-X's forced Laub turn comes before L-A's optional one at C."""
    s = GAME.position(
        ["H-VII", "E-VII", "S-VII"], [((), ("H-K",)), ((), ()), ((), ())], hands=(("L-A", "L-X"), ("S-IX",))
    )
    s = play(s, "place L-A C", "place S-IX A", "play L-X A")
    assert "pass" not in legal_texts(s) and sorted(legal_texts(s)) == ["turn H-K", "turn L-X", "turn face-down"]
    s = play(s, "turn H-K")
    assert "pass" in legal_texts(s) and sorted(legal_texts(s)) == ["pass", "turn L-A"]  # back in L-A, at C


# -- TB-2.4-2.6: definitions ---------------------------------------------------------------------------------


def test_tb_2_4_the_opposite_card_is_the_same_index_of_the_other_column_and_none_if_shorter():
    """TB-2.4: the card opposite index i of p's column is index i of the opponent's column at that bridge;
    none if that column is shorter.  Schellen halving (TB-5.2) reads exactly that card, at every game end."""
    halved = 0
    for _, steps in walks():
        final = steps[-1][0]
        for b, scored in enumerate(score(final).bridges):
            for p in (0, 1):
                mine, theirs = final.columns[b][p], final.columns[b][1 - p]
                for i, value in enumerate(scored.cards[p]):
                    opposite = read(theirs[i]) if i < len(theirs) else None
                    assert value.index == i and value.card == read(mine[i])[0]
                    if opposite is not None and opposite[1] == "S":
                        assert value.halved_by == opposite[0]
                        halved += 1
                    else:
                        assert value.halved_by is None
    assert halved > 500
    short = score_board(*board(("H", ["H-X", "H-IX"], ["S-VII"]), ("E", [], []), ("S", [], []))).bridges[0]
    assert [v.halved_by for v in short.cards[P1]] == ["S-VII", None]  # index 1 has no opposite card


def test_tb_2_5_column_cards_stay_their_players_and_sideways_is_permanent_even_when_moved():
    """TB-2.5: every card in a column belongs to that column's player, upright or sideways; sideways is
    permanent and kept when the card moves (the Ober)."""
    moved_sideways = 0
    for _, steps in walks():
        owner, turned = {}, set()
        for s, _, action in steps:
            for b in range(3):
                for p in (0, 1):
                    for e in s.columns[b][p]:
                        card = e & CARD_MASK
                        assert owner.setdefault(card, p) == p  # never in the other player's column
                        if card in turned:
                            assert read(e)[3]
                        if read(e)[3]:
                            turned.add(card)
            if str(action).startswith("move ") and read(s.columns[action.bridge][s.actor][action.index])[3]:
                moved_sideways += 1
    assert moved_sideways > 3
    s = GAME.position(["H-VII", "E-VII", "S-VII"], [(("L-IX/",), ()), ((), ()), ((), ())], hands=(("H-O",), ("H-X",)))
    s = play(s, "place H-O B", "place H-X C", "move L-IX")
    assert column(s, "B", P1) == ["H-O", "L-IX/"] and column(s, "A", P1) == []


def test_tb_2_6_bridge_suits_never_change_and_the_bridge_card_is_never_turned_moved_or_scored():
    """TB-2.6: the bridge suit is the bridge card's suit; the bridge card belongs to nobody, never scores, is
    neither turned nor moved; only an Unter swap replaces it, by a card of the same suit."""
    swaps = 0
    for g, steps in walks():
        suits = [bridge_suit(steps[0][0], b) for b in range(3)]
        for (s, _seat, action), (after, _, _) in zip(steps, steps[1:]):
            assert [bridge_suit(after, b) for b in range(3)] == suits
            changed = [b for b in range(3) if after.bridges[b] != s.bridges[b]]
            if str(action) == "swap":
                (b,) = changed
                x, side, i, e = where(s, s.stack[-1].card)
                assert x == b and read(e)[2] == "U" and after.bridges[b] == e & CARD_MASK
                assert after.columns[b][side][i] == s.bridges[b]  # TB-4.9: the old bridge card, upright
                swaps += 1
            else:
                assert not changed
            if s.phase == RESOLVE:
                for text in legal_texts(s, game=g):
                    assert text not in (f"turn {hand_code(c)}" for c in s.bridges)
                    assert text not in (f"move {hand_code(c)}" for c in s.bridges)
        final = steps[-1][0]
        for b, scored in enumerate(score(final).bridges):
            assert all(read(final.columns[b][p][v.index])[0] == v.card for p in (0, 1) for v in scored.cards[p])
            assert all(scored.total[p] == 0 for p in (0, 1) if not final.columns[b][p])  # the bridge card scores 0
    assert swaps > 20
    start = GAME.new(seed=1)
    assert all(t == (0, 0) for t in (scored.total for scored in score(start).bridges))


@pytest.mark.parametrize("first", [P1, P2])
def test_tb_7_3_the_follower_is_the_other_player_in_every_round(first):
    """TB-7.3 with TB-4.1: the follower is P2 in rounds 1, 3, 5 and P1 in rounds 2, 4, 6."""
    g = cardgames.load("three_bridges", first_player=first)
    s = g.new(seed=3)
    rng = random.Random(3)
    followers = []
    while not g.is_over(s):
        if s.phase == PLACE and any(read(e)[4] for b in range(3) for col in s.columns[b] for e in col):
            followers.append(g.to_act(s)[0])
        s = g.apply(s, rng.choice(g.legal_actions(s)))
    assert followers == [1 - first, first] * 3
