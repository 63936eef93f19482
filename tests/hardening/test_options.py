"""Issue 18, items 3 and 13: numeric options have documented bounds, games are read-only, decks are checked."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

import cardgames

GAMES = cardgames.games()


def _numeric_options():
    for name in GAMES:
        for option, spec in cardgames.load(name).spec.options.items():
            default = spec.default
            numeric = isinstance(default, (int, Fraction)) and not isinstance(default, bool)
            if numeric or (default is None and spec.check is not None and _takes_an_int(spec.check)):
                yield name, option


def _takes_an_int(check) -> bool:
    try:
        check(0)
        return True
    except (TypeError, ValueError):
        try:
            check(1)
            return True
        except (TypeError, ValueError):
            return False


NUMERIC = list(_numeric_options())


def test_every_game_with_numeric_options_is_covered():
    assert {name for name, _ in NUMERIC} >= {"brokdorf", "bronko_donko", "three_bridges", "rowdy_partners"}
    assert ("brokdorf", "start_euros") in NUMERIC and ("rowdy_partners", "round_cap") in NUMERIC


@pytest.mark.parametrize("name, option", NUMERIC)
@pytest.mark.parametrize(
    "value",
    [10**6, -(10**6), 10**5000, 1.5, True, "3", float("inf")],
    ids=["million", "minus-million", "5000-digits", "1.5", "True", "text", "inf"],
)
def test_a_numeric_option_outside_its_bounds_is_a_short_value_error(name, option, value):
    with pytest.raises(ValueError) as error:
        cardgames.load(name, **{option: value})
    message = str(error.value)
    assert f"option {option}=" in message and len(message) < 400
    assert "Exceeds the limit" not in message


@pytest.mark.parametrize("name, option", NUMERIC)
def test_the_documented_bounds_are_in_the_option_doc(name, option):
    doc = cardgames.load(name).spec.options[option].doc
    assert any(char.isdigit() for char in doc.replace("BK-", "").replace("RP-", "").replace("TB-", "")), doc


def test_brokdorf_start_euros_bounds():
    with pytest.raises(ValueError, match="from 1 to 1000"):
        cardgames.load("brokdorf", tournament=True, start_euros=-5)
    with pytest.raises(ValueError, match="from 1 to 1000"):
        cardgames.load("brokdorf", tournament=True, start_euros=10**5000)
    with pytest.raises(ValueError, match="denominator"):
        cardgames.load("brokdorf", tournament=True, start_euros=Fraction(1, 10**40))
    game = cardgames.load("brokdorf", tournament=True, start_euros=Fraction(5, 2), lower_bound=-1000, max_rounds=10)
    assert repr(game) and hash(game) is not None


def test_the_decision_limit_follows_from_the_options():
    one_round = cardgames.load("brokdorf")
    assert one_round.max_decisions < cardgames.load("brokdorf", tournament=True, max_rounds=5).max_decisions
    assert cardgames.load("brokdorf", tournament=True).max_decisions <= one_round.spec.max_decisions
    for name in GAMES:
        game = cardgames.load(name)
        assert 0 < game.max_decisions <= game.spec.max_decisions


def test_bk_5_15_a_tournament_whose_end_is_hours_away_asks_for_max_rounds():
    """The issue's example: without max_rounds only one player left ends it, and 100 euros take hours."""
    with pytest.raises(ValueError, match=r"max_rounds.*BK-5.15|BK-5.15.*max_rounds") as error:
        cardgames.simulate("brokdorf", games=1, tournament=True, start_euros=100)
    assert "set max_rounds" in str(error.value)
    with pytest.raises(ValueError, match="set max_rounds"):
        cardgames.load("brokdorf", tournament=True, start_euros=10, lower_bound=-1)
    cardgames.load("brokdorf", tournament=True, start_euros=10, lower_bound=0)  # 10 euros apart: allowed
    cardgames.load("brokdorf", start_euros=100)  # one round: the tournament options play no part


def test_bk_5_15_a_long_tournament_runs_past_the_old_decision_limit():
    """start_euros=100 with max_rounds: more than the old fixed 100,000 decisions, ended by BK-5.15."""
    game = cardgames.load("brokdorf", tournament=True, start_euros=100, max_rounds=1000)
    final = cardgames.playout(game, ["random"] * 4, seed=1)
    assert game.is_over(final)
    assert len(cardgames.history(final)) > 100_000
    assert final.sheet.round == 1000 or len(final.sheet.seated) == 1
    assert sum(row["euros"] for row in game.settlement(final).rows()) == 0


def test_bk_5_15_without_max_rounds_a_tournament_ends_when_one_player_is_left():
    game = cardgames.load("brokdorf", tournament=True)
    for seed in range(3):
        final = cardgames.playout(game, ["random"] * 4, seed=seed)
        assert len(final.sheet.seated) == 1


EXTREMES = [
    ("brokdorf", 6, {"tournament": True, "start_euros": 10, "lower_bound": 0, "first_dealer": 5}),
    ("brokdorf", 3, {"tournament": True, "start_euros": 1000, "lower_bound": -1000, "max_rounds": 50}),
    ("brokdorf", 2, {"tournament": True, "start_euros": 1, "lower_bound": 1000, "max_rounds": 1000}),
    ("brokdorf", 2, {"tournament": True, "start_euros": 1000, "lower_bound": -1000, "max_rounds": 1}),
    ("bronko_donko", 4, {"games": 5}),
    ("bronko_donko", 2, {"games": 1}),
    ("three_bridges", 2, {"first_player": 1}),
    ("rowdy_partners", 4, {"round_cap": 1000, "first_leader": 3}),
    ("rowdy_partners", 2, {"round_cap": 1, "first_leader": 1, "choose_wrestlers": True}),
    ("brotherhood", 5, {}),
]


@pytest.mark.parametrize("name, players, options", EXTREMES, ids=lambda x: str(x))
def test_a_game_under_extreme_allowed_options_finishes(name, players, options):
    start = time.process_time()
    game = cardgames.load(name, players=players, **options)  # Bronko-Donko's option games is not simulate's
    frame = cardgames.simulate(game, games=1, seed=3)
    assert len(frame) == players
    assert time.process_time() - start < 120  # generous: a bounded game, not a timing test


@pytest.mark.parametrize("name", GAMES)
def test_players_and_options_are_read_only(name):
    game = cardgames.load(name)
    with pytest.raises(AttributeError):
        game.players = 9
    with pytest.raises(AttributeError):
        game.options = {}
    with pytest.raises(TypeError):
        game.options["x"] = 1  # a read-only mapping
    assert game == cardgames.load(name)


def _setup_keys(name):
    return [key for key in cardgames.load(name).spec.setup_keys]


BAD_DECKS = [[1, 2, 3], 5, [[1]], [[[["a"]]]], ["x" * 100_000], list(range(100_000)), [None], {"a": 1}, b"H-A", "H-A"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("deck", BAD_DECKS, ids=lambda d: repr(d)[:20])
def test_a_setup_of_wrong_types_is_a_clear_error(name, deck):
    game = cardgames.load(name)
    for key in _setup_keys(name):
        if deck == [1, 2, 3] and key in ("rolls", "events"):
            continue  # die results and event cards may be given as numbers
        with pytest.raises((TypeError, ValueError)) as error:
            game.new(seed=1, **{key: deck})
        assert len(str(error.value)) < 400
        assert "object is not iterable" not in str(error.value)
        assert "has no attribute" not in str(error.value)


def test_a_bronko_donko_deck_of_ints_says_what_a_deck_is():
    with pytest.raises((TypeError, ValueError), match="card codes"):
        cardgames.load("bronko_donko").new(seed=1, deck=[1, 2, 3])
