"""Issue 29: bring your own bot.

simulate, playout, Table and analyse take, for any seat, the name of one of the game's
agents, an agent class, an object with ``act(view, legal_actions, rng)`` or a plain
function of those three.  A bot is handed only its view: nothing it can reach (the game it
holds included) is a state of the game being played.  A bot that raises, plays an illegal
action or takes too long is reported with its seat and the decision, not as a crash.
"""

from __future__ import annotations

import re
import time

import pytest

import cardgames
from cardgames.core.agents import Agent
from cardgames.core.play import AgentError, playout


def first_legal(view, legal_actions, rng):
    """A bot in one line: always the first legal action."""
    return legal_actions[0]


class Cautious:
    """An object with act (no base class): the last legal action."""

    name = "cautious"

    def act(self, view, legal_actions, rng):
        return legal_actions[-1]


@pytest.mark.parametrize("name", cardgames.games())
def test_simulate_takes_functions_objects_and_names_side_by_side(name):
    game = cardgames.load(name)
    mine = [first_legal, Cautious()] + ["greedy"] * (game.players - 2)
    frame = cardgames.simulate(game, games=3, agents=mine, seed=1)
    assert list(frame.agent[:2]) == ["first_legal", "cautious"]
    assert frame.attrs["agents"][:2] == ["first_legal", "cautious"]
    again = cardgames.simulate(game, games=3, agents=mine, seed=1)
    assert frame.equals(again)  # a bot of one's own repeats from the seed like ours


def test_an_agent_class_is_made_for_each_seat():
    class Counter(Agent):
        name = "counter"

        def act(self, view, legal_actions, rng):
            return legal_actions[rng.randrange(len(legal_actions))]

    frame = cardgames.simulate("three_bridges", games=2, agents=[Counter, "random"], seed=3)
    assert set(frame.agent) == {"counter", "random"}


class Snoop(Agent):
    """Looks at everything the game it holds has seen, at every decision."""

    name = "snoop"
    seen: list = []

    def act(self, view, legal_actions, rng):
        game = self.game
        for held in (getattr(game, "_offer", (None,))[0], getattr(game, "_checked", None)):
            if hasattr(held, "setup"):
                Snoop.seen.append(held)
        Snoop.seen.append(view)
        return legal_actions[0]


@pytest.mark.parametrize("name", cardgames.games())
def test_a_bot_reaches_no_state_of_the_game_being_played(name):
    game = cardgames.load(name)
    Snoop.seen = []
    played = []
    state = game.new(seed=5)
    bots = [game.agent("random", s) for s in range(game.players)]
    snoop = Snoop(game.agents_game(0), 0)
    assert snoop.game == game and snoop.game is not game
    while game.to_act(state) and len(played) < 40:  # the first 40 steps
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        bot = snoop if seat == 0 else bots[seat]
        action = bot.act(game.view(state, seat), legal, __import__("random").Random(seat))
        state = game.apply(state, action, seat)
        played.append(state)
    full = {id(s) for s in played}
    assert Snoop.seen
    for held in Snoop.seen:
        assert id(held) not in full
        assert held.setup.viewer == 0  # only views of its own seat


def test_the_game_an_agent_holds_is_not_the_one_that_plays():
    game = cardgames.load("brokdorf")
    bot = game.agent("greedy", 1)
    assert bot.game == game and bot.game is not game
    state = game.new(seed=2)
    game.legal_actions(state)
    assert bot.game._offer[0] is not state


def test_a_bot_that_raises_is_named_with_its_seat_and_decision():
    def fails_late(view, legal_actions, rng):
        fails_late.calls = getattr(fails_late, "calls", 0) + 1
        if fails_late.calls == 4:
            raise ZeroDivisionError("my bug")
        return legal_actions[0]

    game = cardgames.load("bronko_donko", players=2)
    with pytest.raises(
        AgentError, match=r"'fails_late' agent playing player \d failed at decision \d+ .*ZeroDivisionError: my bug"
    ) as error:
        cardgames.simulate(game, games=1, agents=[fails_late, fails_late], seed=0)
    assert error.value.seat in (0, 1) and error.value.decision >= 4 and error.value.agent == "fails_late"
    assert f"playing {game.seat_name(error.value.seat)} failed at decision {error.value.decision} " in str(error.value)
    assert isinstance(error.value.__cause__, ZeroDivisionError)


def test_a_bot_that_takes_too_long_is_stopped_with_its_seat():
    def slow(view, legal_actions, rng):
        time.sleep(0.05)
        return legal_actions[0]

    seat = re.escape(cardgames.load("three_bridges").seat_name(0))
    with pytest.raises(
        AgentError, match=rf"'slow' agent playing {seat} failed at decision 1 .*TimeoutError: .* 0.01 s"
    ):
        cardgames.simulate("three_bridges", games=1, agents=[slow, "random"], seed=0, time_limit=0.01)
    with pytest.raises(ValueError, match="time_limit"):
        cardgames.simulate("three_bridges", games=1, time_limit=-1)


def test_a_bot_that_never_returns_is_stopped_at_the_time_limit():
    import signal

    def stuck(view, legal_actions, rng):
        while True:
            pass

    started = time.perf_counter()
    with pytest.raises(
        AgentError, match=r"'stuck' agent playing .* failed at decision 2 .*stopped after 0.2 s"
    ) as error:
        cardgames.simulate("three_bridges", games=1, agents=["random", stuck], seed=0, time_limit=0.2)
    assert error.value.seat == 1 and time.perf_counter() - started < 30
    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL  # the timer's handler is taken away again
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert len(cardgames.simulate("three_bridges", games=2, agents="greedy", time_limit=5)) == 4


@pytest.mark.parametrize("agent", [3, None, ["greedy"], "nobody"])
def test_what_is_no_agent_is_a_value_error(agent):
    with pytest.raises(ValueError, match="agent"):
        cardgames.simulate("three_bridges", games=1, agents=[agent, "random"])


def test_playout_and_analyse_take_a_bot_of_ones_own():
    game = cardgames.load("rowdy_partners")
    final = playout(game, [first_legal, "greedy", Cautious(), "random"], seed=4)
    assert game.is_over(final)
    state = game.new(seed=4)
    table = cardgames.analyse(game, state, worlds=4, policy=first_legal, seed=1)
    assert len(table) == len(game.legal_actions(state))
    with pytest.raises(ValueError, match="policy|agent"):
        cardgames.analyse(game, state, worlds=4, policy=12)


def test_a_table_plays_a_bot_of_ones_own():
    from cardgames_widgets import Table

    table = Table("three_bridges", seed=2, agents=[first_legal, Cautious()])
    table.run_to_end()
    assert table.game.is_over(table.state)
