"""One game played out by agents: the loop every simulation runs, compiled with the engines."""

from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from mypy_extensions import mypyc_attr

from .agents import NO_DRAWS, label, seated
from .game import Game
from .i18n import Catalog
from .inputs import thousands
from .rng import generator

_, ngettext = Catalog("cardgames").functions()


@mypyc_attr(native_class=False)  # an exception class stays an ordinary Python class
class AgentError(RuntimeError):
    """An agent raised, chose an illegal action or took too long during a playout.

    The message names the agent, its seat as people read it, the decision, the game and its
    seed; the attributes say the same for code: ``seat`` (0-based, as the API counts),
    ``decision`` (the playout's decisions counted from 1), ``seed`` and ``agent`` (its label).
    The agent's own exception is the ``__cause__``.
    """

    seat: int = -1
    decision: int = 0
    seed: int = 0
    agent: str = ""


def playout(game: Game, agent_names: Sequence[Any], seed: int, state: Any = None, seconds: float = 0.0) -> Any:
    """Play one game from ``state`` (default: a new game with ``seed``) to its end; return the final state.

    ``agent_names`` gives each seat's agent: a name of the game's agents, an agent class, an
    object with ``act(view, legal_actions, rng)`` or a function of those three (see
    :func:`cardgames.core.agents.seated`).  Each seat's agent gets its own generator derived
    from ``seed``, so the game is reproducible from ``seed`` and the agents alone.  An agent
    that raises, chooses an illegal action or (with ``seconds`` > 0) takes longer than
    ``seconds`` for a decision is an :class:`AgentError` naming its seat and the decision.
    A bot that does not return in time is stopped after ``seconds`` (by a timer signal, where
    the playout runs in the main thread of a POSIX process and no other timer is set; its
    time is measured when it returns otherwise).
    """
    alarm = seconds > 0 and _alarm_free()
    previous: Any = None
    if alarm:
        previous = signal.signal(signal.SIGALRM, partial(_overtime, seconds))
    try:
        return _played(game, agent_names, seed, state, seconds, alarm)
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _alarm_free() -> bool:
    """Can a timer signal stop a bot here: a POSIX process's main thread, with no other timer or handler set?"""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    return signal.getsignal(signal.SIGALRM) == signal.SIG_DFL and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def _overtime(seconds: float, signum: int, frame: Any) -> None:
    """The timer's handler: stop the bot that is deciding, in the middle of its decision."""
    raise TimeoutError(_("it was stopped after {limit} s for one decision, the limit").format(limit=seconds))


def _played(game: Game, agent_names: Sequence[Any], seed: int, state: Any, seconds: float, alarm: bool) -> Any:
    """The loop of :func:`playout`; ``alarm``: a timer signal stops a bot after ``seconds``."""
    if state is None:
        state = game.new(seed=seed)
    bots: list[Any] = [seated(game, agent, seat) for seat, agent in enumerate(agent_names)]
    rngs: list[random.Random] = [
        generator(seed, "agent", seat) if getattr(bot, "uses_rng", True) else NO_DRAWS for seat, bot in enumerate(bots)
    ]
    views: list[bool] = [bool(getattr(bot, "uses_view", True)) for bot in bots]
    limit: int = game.max_decisions  # the options' bound: a game that runs past it is a runaway
    for decision in range(limit):
        acting: tuple[int, ...] = game.to_act(state)
        if not acting:
            return state
        seat = acting[0]
        bot = bots[seat]
        legal = game.legal_actions(state, seat)
        try:
            if seconds > 0:
                view = game.view(state, seat) if views[seat] else None
                started = time.perf_counter()
                if alarm:
                    signal.setitimer(signal.ITIMER_REAL, seconds)
                try:
                    action = bot.act(view, legal, rngs[seat])
                finally:
                    if alarm:
                        signal.setitimer(signal.ITIMER_REAL, 0)
                took = time.perf_counter() - started
                if took > seconds:
                    raise TimeoutError(
                        _("it took {took:.1f} s for one decision, over the limit of {limit} s").format(
                            took=took, limit=seconds
                        )
                    )
            else:
                action = bot.act(game.view(state, seat) if views[seat] else None, legal, rngs[seat])
            state = game.apply(state, action, seat)
        except Exception as error:  # an agent's mistake: say which game, seed, seat and decision it happened in
            name = label(agent_names[seat])
            failure = AgentError(
                _(
                    "the {agent} agent playing {seat} failed at decision {number} of {game}, game seed {seed}: "
                    "{kind}: {reason}"
                ).format(
                    agent=repr(name),
                    seat=game.seat_name(seat),
                    number=decision + 1,
                    game=repr(game),
                    seed=seed,
                    kind=type(error).__name__,
                    reason=str(error)[:300],
                )
            )
            failure.seat = seat
            failure.decision = decision + 1
            failure.seed = seed
            failure.agent = name
            failure.__cause__ = error  # set as well: compiled, ``raise ... from`` alone left no cause
            raise failure from error
    if not game.to_act(state):
        return state  # a game of exactly the most decisions its options allow
    raise RuntimeError(
        _(
            "{game} did not end within {limit} decisions (seed {seed}), the most its options allow; this is a bug"
        ).format(game=repr(game), limit=thousands(limit), seed=seed)
    )


def rollout(game: Game, state: Any, bots: Sequence[Any], rng: random.Random, start: Any = None) -> Any:
    """Play on from ``state`` with ``bots`` (one agent per seat) to the horizon of the game's objective.

    The horizon is measured from ``start`` (default: ``state``): the end of the deal, fight
    or game that ``Game._horizon`` names.  All bots draw from ``rng``.  A world of
    analysis is played on this way, once per candidate action.
    """
    origin = state if start is None else start
    for _decision in range(game.max_decisions):
        acting: tuple[int, ...] = game.to_act(state)
        if not acting or game._horizon(origin, state):
            return state
        seat = acting[0]
        bot = bots[seat]
        legal = game.legal_actions(state, seat)
        action = bot.act(game.view(state, seat) if getattr(bot, "uses_view", True) else None, legal, rng)
        state = game.apply(state, action, seat)
    if not game.to_act(state) or game._horizon(origin, state):
        return state
    raise RuntimeError(
        _("{game} did not reach its horizon within {limit} decisions; this is a bug").format(
            game=repr(game), limit=thousands(game.max_decisions)
        )
    )


def play_on(game: Game, world: Any, seat: int, actions: Sequence[Any], bots: Sequence[Any], draws: int) -> list[Any]:
    """The state at the horizon after each of ``seat``'s ``actions`` in ``world``, played on by ``bots``.

    Every action's rollout draws from a generator seeded with the same ``draws`` (common
    random numbers): the actions meet the same luck afterwards, so the difference between
    their outcomes is the actions' own.  The expert agent and analysis weigh each world so.
    """
    return [rollout(game, game.apply(world, action, seat), bots, random.Random(draws), world) for action in actions]
