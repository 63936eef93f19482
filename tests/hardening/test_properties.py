"""Issue 18: property-based promises over all five games (hypothesis).

Random action texts and tampered records never raise anything but ValueError/TypeError
(IllegalMove is a ValueError), take a bounded time for a bounded input, and never change a
state; option combinations within the documented ranges finish; seeded games repeat exactly.
"""

from __future__ import annotations

import json
import pickle
import random
import time
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.core import replay as replay_module

GAMES = cardgames.games()
FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOUND = 2.0  # seconds for one call on a bounded input: generous, so no timing flakes


@cache
def positions(name: str) -> tuple:
    """A few states of a seeded random game of ``name`` (start, middle, later, end) and their legal texts."""
    game = cardgames.load(name)
    rng = random.Random(5)
    state = game.new(seed=5)
    states = [state]
    while game.to_act(state):
        seat = game.to_act(state)[0]
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        states.append(state)
    picked = [states[i] for i in sorted({0, 1, len(states) // 3, len(states) // 2, (2 * len(states)) // 3})]
    picked.append(states[-1])
    texts = sorted({str(a) for s in picked if game.to_act(s) for a in game.legal_actions(s, game.to_act(s)[0])})
    return game, tuple(picked), tuple(texts)


def _mutated(draw, texts: tuple[str, ...]) -> str:
    """A near miss: a legal text with a character changed, dropped, doubled or a word swapped."""
    text = draw(st.sampled_from(texts))
    kind = draw(st.integers(0, 5))
    if not text:
        return text
    i = draw(st.integers(0, len(text) - 1))
    if kind == 0:
        return text[:i] + draw(st.characters()) + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[i + 1 :]
    if kind == 2:
        return text[:i] + text[i] * draw(st.integers(2, 300)) + text[i:]
    if kind == 3:
        words = text.split()
        return " ".join(words[::-1])
    if kind == 4:
        return text.upper() + " " + draw(st.sampled_from(texts))
    return text + draw(st.text(max_size=20))


@st.composite
def action_texts(draw, name: str) -> str:
    _, _, texts = positions(name)
    choice = draw(st.integers(0, 4))
    if choice == 0:
        return draw(st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60))
    if choice == 1:
        return draw(st.text(max_size=1000))  # arbitrary unicode
    if choice == 2:
        return ";".join(draw(st.lists(st.sampled_from(texts) | st.text(max_size=8), max_size=120)))[:1000]
    if choice == 3:
        return draw(st.sampled_from(texts)) * draw(st.integers(1, 40))
    return _mutated(draw, texts)


def _fingerprint(state) -> tuple:
    return state, pickle.dumps(state)


@pytest.mark.parametrize("name", GAMES)
def test_random_action_texts_are_refused_cleanly_and_change_nothing(name):
    game, states, _ = positions(name)

    @FAST
    @given(text=action_texts(name), which=st.integers(0, len(states) - 1), player=st.sampled_from([None, 0, 1]))
    def check(text, which, player):
        state = states[which]
        before = _fingerprint(state)
        start = time.process_time()
        try:
            action = game.parse_action(state, text, player)
        except (ValueError, TypeError) as error:
            assert len(str(error)) < 1000
        else:
            game.apply(state, action, player)  # what parse_action gives is legal
        assert time.process_time() - start < BOUND
        assert _fingerprint(state)[0] == before[0] and pickle.dumps(state) == before[1]

    check()


@pytest.mark.parametrize("name", GAMES)
def test_random_objects_as_actions_and_seats_are_refused_cleanly(name):
    game, states, _ = positions(name)
    values = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | st.binary(max_size=8)

    @FAST
    @given(action=values | st.lists(values, max_size=3), player=values, which=st.integers(0, len(states) - 1))
    def check(action, player, which):
        state = states[which]
        before = pickle.dumps(state)
        for call in (
            lambda: game.apply(state, action, player),
            lambda: game.describe(state, action, player),
            lambda: game.legal_actions(state, player),
            lambda: game.render(state, player),
            lambda: game.hand(state, player),
            lambda: game.view(state, player),
        ):
            try:
                call()
            except (ValueError, TypeError):
                pass
        assert pickle.dumps(state) == before

    check()


@cache
def a_record(name: str) -> dict:
    game, states, _ = positions(name)
    return cardgames.record(game, states[2])


def _resigned(rec: dict) -> dict:
    rec = dict(rec)
    rec["digest"] = replay_module._digest(rec)
    return rec


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def tampered(draw, name: str) -> dict:
    rec = json.loads(json.dumps(a_record(name)))
    kind = draw(st.integers(0, 4))
    if kind == 0:  # a field replaced by any JSON value
        rec[draw(st.sampled_from(sorted(rec)))] = draw(json_values)
    elif kind == 1 and rec["actions"]:  # an action text mutated
        i = draw(st.integers(0, len(rec["actions"]) - 1))
        texts = positions(name)[2]
        rec["actions"][i][1] = _mutated(draw, texts) if draw(st.booleans()) else draw(st.text(max_size=200))
    elif kind == 2 and rec["actions"]:  # actions dropped, repeated or reordered
        actions = rec["actions"]
        rec["actions"] = draw(st.permutations(actions)) if draw(st.booleans()) else actions + actions[-2:]
    elif kind == 3:  # a seat changed
        if rec["actions"]:
            i = draw(st.integers(0, len(rec["actions"]) - 1))
            rec["actions"][i][0] = draw(st.none() | st.integers(-3, 9) | st.booleans())
    else:  # options or setup tampered
        rec[draw(st.sampled_from(["options", "setup"]))] = draw(st.dictionaries(st.text(max_size=12), json_values))
    if draw(st.booleans()):
        rec["over"] = not rec["over"] if isinstance(rec["over"], bool) else rec["over"]
    return _resigned(rec) if draw(st.integers(0, 3)) else rec


@pytest.mark.parametrize("name", GAMES)
def test_tampered_records_are_refused_with_a_value_error(name):
    @FAST
    @given(rec=tampered(name), as_text=st.booleans())
    def check(rec, as_text):
        start = time.process_time()
        try:
            states = cardgames.replay(json.dumps(rec) if as_text else rec)
        except ValueError as error:
            assert len(str(error)) < 2000
        else:
            assert states and all(s is not None for s in states)
        assert time.process_time() - start < BOUND

    check()


@st.composite
def options(draw, name: str) -> tuple[int, dict]:
    spec = cardgames.load(name).spec
    players = draw(st.integers(spec.min_players, spec.max_players))
    chosen: dict = {}
    if name == "brokdorf":
        chosen["first_dealer"] = draw(st.none() | st.integers(0, players - 1))
        if draw(st.booleans()):
            chosen.update(
                tournament=True,
                start_euros=draw(st.integers(1, 1000)),
                lower_bound=draw(st.integers(-1000, 1000)),
                max_rounds=draw(st.integers(1, 20)),  # the full range is covered by test_options' extremes
            )
    elif name == "bronko_donko":
        chosen["games"] = draw(st.integers(1, 5))
    elif name == "three_bridges":
        chosen["first_player"] = draw(st.none() | st.integers(0, 1))
    elif name == "rowdy_partners":
        chosen.update(
            first_leader=draw(st.integers(0, players - 1)),
            round_cap=draw(st.integers(1, 1000)),
            choose_wrestlers=draw(st.booleans()),
        )
    return players, chosen


@pytest.mark.parametrize("name", GAMES)
def test_option_combinations_within_the_documented_ranges_finish(name):
    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(choice=options(name), seed=st.integers(0, 2**64 - 1))
    def check(choice, seed):
        players, chosen = choice
        game = cardgames.load(name, players=players, **chosen)
        frame = cardgames.simulate(game, games=1, seed=seed)
        assert len(frame) == players

    check()


@pytest.mark.parametrize("name", GAMES)
def test_seeded_games_are_identical_across_runs(name):
    @settings(max_examples=6, deadline=None)
    @given(seed=st.integers(0, 2**64 - 1))
    def check(seed):
        first = cardgames.simulate(name, games=2, seed=seed)
        again = cardgames.simulate(name, games=2, seed=seed)
        assert first.equals(again)
        game = cardgames.load(name)
        assert game.new(seed=seed) == game.new(seed=seed)
        assert pickle.dumps(game.new(seed=seed)) == pickle.dumps(game.new(seed=seed))

    check()
