"""Issue 28: one property per kind of input a user hands in (paths, records, options, seats, states).

Whatever is handed in, the library answers with a value or a ValueError (its subclasses
InputError, SeatError, IllegalMove, FileError), never another exception from inside, never a
change to what it was given, and never a file left behind.  make test runs these in both builds.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.core import files

GAMES = cardgames.games()
SOME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# anything a careless or hostile caller may pass where a value is expected
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.lists(st.integers(-3, 60), max_size=5),
    st.sets(st.integers(0, 5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.fractions(),
    st.integers(-5, 10).map(np.int64),
    st.just(object()),
    st.just(itertools.count()),
    st.just(iter(["C01", "C02"])),
)


# -- paths ----------------------------------------------------------------------------------------

PATHS = st.one_of(
    st.text(min_size=1, max_size=40).map(lambda name: "case/" + name),
    st.sampled_from(["/dev/null", "/dev/full", "/dev/zero", "/proc/kmsg", "/", "case", "case/", "", "case/\0x"]),
    st.text(min_size=300, max_size=400).map(lambda name: "case/" + name),
    ODD.filter(lambda value: not isinstance(value, str)),  # (a plain text would name a file here)
)


@given(path=PATHS, size=st.integers(0, 1 << 70))
@SOME
def test_any_path_is_probed_to_a_file_in_a_folder_or_refused_cleanly(path, size, tmp_path_factory):
    folder = tmp_path_factory.mktemp("paths")
    (folder / "case").mkdir()
    if isinstance(path, str):
        path = path.replace("case", str(folder / "case"), 1)
    try:
        real = files.probe(path, "--out", size=size)
    except ValueError:
        pass
    else:
        assert real.startswith(str(folder / "case"))
    assert list((folder / "case").iterdir()) == []  # a probe leaves nothing behind


# -- records --------------------------------------------------------------------------------------

FIELDS = ("format", "version", "game", "players", "options", "seed", "setup", "actions", "over", "digest")


@pytest.fixture(scope="module")
def records():
    out = {}
    for name in GAMES:
        game = cardgames.load(name)
        state = game.new(seed=1)
        for _ in range(6):
            acting = game.to_act(state)
            state = game.apply(state, game.legal_actions(state, acting[0])[0], acting[0])
        out[name] = cardgames.record(game, state)
    return out


@given(name=st.sampled_from(GAMES), field=st.sampled_from(FIELDS), value=ODD, as_text=st.booleans())
@SOME
def test_any_value_in_any_field_of_a_record_is_replayed_or_refused_cleanly(records, name, field, value, as_text):
    rec = dict(records[name])
    rec[field] = value
    source = rec
    if as_text:
        try:
            source = json.dumps(rec)
        except (TypeError, ValueError):
            return  # what JSON cannot write is no text a user could hand in
    try:
        cardgames.replay(source)
    except ValueError:
        pass


# -- options --------------------------------------------------------------------------------------


@st.composite
def options(draw):
    name = draw(st.sampled_from([name for name in GAMES if cardgames.load(name).spec.options]))
    spec = cardgames.load(name).spec
    option = draw(st.sampled_from(sorted(spec.options)))
    return name, option, draw(ODD)


@given(case=options(), players=st.one_of(st.none(), ODD))
@SOME
def test_any_option_value_and_player_count_loads_a_game_or_is_refused_cleanly(case, players):
    name, option, value = case
    try:
        game = cardgames.load(name, players=players, **{option: value})
    except ValueError:
        return
    assert type(game.players) is int
    assert game == cardgames.load(name, players=game.players, **dict(game.options))


def test_fractions_are_exact_options():
    game = cardgames.load("brokdorf", tournament=True, start_euros=Fraction(5, 2), max_rounds=2)
    assert game.options["start_euros"] == Fraction(5, 2)


# -- seats ----------------------------------------------------------------------------------------


@given(name=st.sampled_from(GAMES), seat=ODD)
@SOME
def test_any_seat_is_a_seat_or_a_seat_error(name, seat):
    game = cardgames.load(name)
    state = game.new(seed=2)
    for call in (
        lambda: game.legal_actions(state, seat),
        lambda: game.render(state, seat),
        lambda: game.view(state, seat),
        lambda: game.rivals(seat),
        lambda: game.agent("random", seat),
    )[2 * (seat is None) :]:  # None asks legal_actions for the one player to act, and render for every hand
        try:
            call()
        except ValueError as error:
            assert "seat" in str(error) and len(str(error)) < 300
        else:
            number = int(seat)
            assert number == seat and not isinstance(seat, bool) and 0 <= number < game.players


# -- states ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def foreign():
    """A state, a view and a finished state of every game, for handing to the others."""
    out = []
    for name in GAMES:
        game = cardgames.load(name)
        state = game.new(seed=4)
        out += [state, game.view(state, game.to_act(state)[0])]
    return out


@given(name=st.sampled_from(GAMES), index=st.integers(0, 2 * len(GAMES) - 1), odd=ODD, use_odd=st.booleans())
@SOME
def test_any_state_is_played_on_or_refused_cleanly(foreign, name, index, odd, use_odd):
    game = cardgames.load(name)
    state = odd if use_odd else foreign[index]
    for call in (
        lambda: game.legal_actions(state),
        lambda: game.apply(state, "pass"),
        lambda: game.render(state),
        lambda: cardgames.record(game, state),
        lambda: game.determinize(state, 0),
    ):
        try:
            call()
        except ValueError as error:
            assert len(str(error)) < 600
        except NotImplementedError:
            pass  # a game without hidden information
