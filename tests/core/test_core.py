"""The shared core: seeded randomness, samplers, intervals, settlements, simulate and replay."""

from __future__ import annotations

import json
import pickle
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import cardgames
from cardgames.core.probability import estimate, mean_interval, wilson_interval
from cardgames.core.rng import derive, generator
from cardgames.core.sampling import hand_masks, popcount, sample_deals, sample_hands


def test_derive_is_stable_and_separates_keys():
    assert derive(7, "deal", 0) == derive(7, "deal", 0)
    assert len({derive(7, "deal", k) for k in range(1000)}) == 1000
    assert derive(7, "deal", 0) != derive(8, "deal", 0)
    # fixed value: the same on every machine and Python run
    assert derive(0, "game", 0) == derive(0, "game", 0) and isinstance(derive(0, "x"), int)
    assert generator(1, "a").random() == generator(1, "a").random()


def test_sample_hands_are_distinct_and_uniform():
    hands = sample_hands(200_000, 32, 5, np.random.default_rng(0))
    assert hands.shape == (200_000, 5)
    masks = hand_masks(hands)
    assert (popcount(masks) == 5).all()  # five different cards in every hand
    freq = np.bincount(hands.ravel(), minlength=32) / hands.size
    assert np.allclose(freq, 1 / 32, atol=0.002)
    # pairs are uniform too: P(card 0 and card 31 together) = C(30,3)/C(32,5)
    both = ((masks & np.uint64(1)) > 0) & ((masks >> np.uint64(31)) & np.uint64(1) > 0)
    assert abs(both.mean() - 4060 / 201376) < 0.002


def test_sample_deals_are_disjoint_hands():
    deals = sample_deals(10_000, 32, 6, 5, 1)
    flat = deals.reshape(10_000, 30)
    assert all(len(set(row)) == 30 for row in flat[:500])
    with pytest.raises(ValueError):
        sample_deals(1, 32, 7, 5)


def test_wilson_interval_and_estimates():
    lo, hi = wilson_interval(0, 100)
    assert lo < 1e-12 and 0 < hi < 0.05
    e = estimate(50, 100)
    assert e.low < 0.5 < e.high and 0.5 in e and "95% interval" in str(e)
    m, lo, hi = mean_interval([1, 2, 3, 4])
    assert lo < m == 2.5 < hi
    with pytest.raises(ValueError):
        wilson_interval(1, 0)


def test_settlement_rows_must_share_keys():
    with pytest.raises(ValueError, match="share their keys"):
        cardgames.Settlement([{"player": 0, "a": 1}, {"player": 1, "b": 2}])
    s = cardgames.Settlement([{"player": 0, "a": 1}], total=3)
    rows = s.rows()
    rows[0]["a"] = 99
    assert s.rows()[0]["a"] == 1 and s.total == 3


def test_simulate_is_identical_with_a_process_pool():
    plain = cardgames.simulate("brokdorf", players=3, games=40, agents="greedy", seed=11)
    with ProcessPoolExecutor(2) as pool:
        pooled = cardgames.simulate("brokdorf", players=3, games=40, agents="greedy", seed=11, executor=pool)
    assert plain.equals(pooled)
    assert plain.attrs["game"] == "brokdorf"


def test_simulate_rejects_bad_arguments():
    with pytest.raises(ValueError, match="one agent per seat"):
        cardgames.simulate("brokdorf", players=4, games=1, agents=["random", "random"])
    with pytest.raises(ValueError, match="unknown agent"):
        cardgames.simulate("brokdorf", games=1, agents="clever")
    with pytest.raises(ValueError, match="games must be"):
        cardgames.simulate("brokdorf", games=-1)
    with pytest.raises(ValueError, match="unknown option"):
        cardgames.simulate("brokdorf", games=1, speed=3)
    empty = cardgames.simulate("brokdorf", games=0)
    assert empty.empty and list(empty.columns) == ["game_id", "seed", "player", "agent"]


def test_simulate_shows_progress_when_asked(capsys):
    cardgames.simulate("brokdorf", games=3, progress=True)
    assert "3/3" in capsys.readouterr().err


@pytest.mark.parametrize("name", cardgames.games())
def test_states_actions_and_games_pickle(name):
    game = cardgames.load(name, players=3, tournament=True) if name == "brokdorf" else cardgames.load(name)
    final = cardgames.playout(game, ["random"] * game.players, seed=2)
    assert pickle.loads(pickle.dumps(final)) == final
    assert pickle.loads(pickle.dumps(game)) == game
    for _, action in cardgames.history(final):  # every kind of action the game played, rebuilt equal
        assert pickle.loads(pickle.dumps(action)) == action


def test_errors_pickle():
    err = cardgames.IllegalMove("no", rule="BK-4.2", player=1)
    copy = pickle.loads(pickle.dumps(err))
    assert copy.rule == "BK-4.2" and copy.player == 1 and str(copy) == str(err)


def test_records_keep_table_events_and_stacked_decks(tmp_path):
    game = cardgames.load("brokdorf", players=4, first_dealer=0)
    deck = cardgames.brokdorf.deck_for(["AC 10C KC QC JC", None, None, None], dealer=0)
    s = game.new(seed=3, deck=deck)
    s = game.apply(s, game.parse_action(s, "misdeal", None), None)
    s = game.apply(s, game.legal_actions(s)[0])
    rec = cardgames.record(game, s)
    assert rec["actions"][0] == [None, "misdeal"]
    assert rec["setup"]["deck"] == [deck] and json.loads(json.dumps(rec)) == rec
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    assert cardgames.replay(str(path))[-1] == s
    assert cardgames.replay(json.dumps(rec))[-1] == s


def test_replay_refuses_an_action_that_the_rules_forbid():
    game = cardgames.load("brokdorf", players=4)
    s = game.new(seed=3)
    rec = cardgames.record(game, s)
    rec["actions"] = [[game.to_act(s)[0], "bid 7"]]
    from cardgames.core.replay import _digest

    rec["digest"] = _digest(rec)  # a well-formed record of an impossible game
    seat = game.to_act(s)[0]
    # the record's seat is 0-based; the message names the seat as people read it, counting from 1
    with pytest.raises(
        ValueError, match=rf"action 1 of the record \('bid 7' by player {seat + 1}\) cannot be replayed"
    ):
        cardgames.replay(rec)


def test_trail_length_counts_without_flattening():
    from cardgames.core.game import extend, trail_length

    trail = None
    for i in range(150):
        assert trail_length(trail) == i
        trail = extend(trail, 0, i)
    assert trail_length(trail) == 150 == len(cardgames.history(type("S", (), {"trail": trail})()))


def test_masked_trail_replaces_only_what_the_mask_hides():
    from cardgames.core.game import extend, masked_trail

    trail = None
    for i in range(130):
        trail = extend(trail, i % 3, i)
    masked = masked_trail(trail, lambda i, player, action: -1 if player == 2 else action)
    pairs = cardgames.history(type("S", (), {"trail": masked})())
    assert [a for p, a in pairs] == [(-1 if i % 3 == 2 else i) for i in range(130)]
    assert [p for p, a in pairs] == [i % 3 for i in range(130)]


def test_trail_lookups_agree_with_the_flat_history_at_every_index():
    """entry_at, latest_index and with_action read and replace entries in the tail and in every chunk."""
    from cardgames.core.game import entries, entry_at, extend, latest_index, with_action

    flat = [(i % 4, f"a{i}") for i in range(150)]
    trail = None
    for player, action in flat:
        trail = extend(trail, player, action)
    as_history = lambda t: list(entries(t))  # noqa: E731
    assert as_history(trail) == flat
    for start in range(0, 170, 7):  # from inside a chunk, a chunk's start, the tail, past the end
        assert list(entries(trail, start)) == flat[start:]
    assert entries(None) == () and entries(None, 5) == ()
    for i in range(len(flat)):
        assert entry_at(trail, i) == flat[i]
        changed = with_action(trail, i, "hidden")
        assert as_history(changed) == flat[:i] + [(flat[i][0], "hidden")] + flat[i + 1 :]
        assert as_history(trail) == flat  # the trail it was made from is unchanged
        assert latest_index(trail, lambda p, a, i=i: a == f"a{i}") == i
    assert latest_index(trail, lambda p, a: p == 2) == 146 and latest_index(trail, lambda p, a: False) == -1
    assert latest_index(None, lambda p, a: True) == -1
    with pytest.raises(IndexError):
        entry_at(trail, 150)


def test_a_long_trail_pickles_copies_and_compares_without_deep_recursion():
    """A trail of 20,000 decisions (far past Python's recursion limit) goes through pickle, deepcopy and ==."""
    import copy

    from cardgames.core.game import extend

    trail = None
    for i in range(20_000):
        trail = extend(trail, i % 5, i)
    again = None
    for i in range(20_000):
        again = extend(again, i % 5, i)
    assert pickle.loads(pickle.dumps(trail)) == trail == copy.deepcopy(trail) == again
    assert hash(trail) == hash(again)


class Refused(cardgames.IllegalMove):
    """A game's own refusal with extra details (like The Brotherhood's list of V-codes)."""

    def __init__(self, codes):
        super().__init__("order set refused", rule="BH-4.6", player=2, code=codes[0])
        self.codes = tuple(codes)


def test_illegal_move_subclasses_keep_their_type_and_details_through_pickle():
    err = Refused(["V11", "V08"])
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is Refused and back.codes == ("V11", "V08") and back.code == "V11"
    assert str(back) == str(err) and back.rule == "BH-4.6" and back.player == 2


def test_integer_option_checks_a_range_and_the_error_names_the_option():
    from cardgames.core.game import integer

    check = integer(1, maximum=5)
    assert check(1) == 1 and check(5) == 5
    for bad in (0, 6, True, "3", 2.0):
        with pytest.raises(ValueError, match="from 1 to 5"):
            check(bad)
    assert integer(0, optional=True, maximum=1)(None) is None
    with pytest.raises(ValueError, match=r"games=9 of bronko_donko: .*from 1 to 5 \[games: .*BD-4\.1"):
        cardgames.load("bronko_donko", games=9)
