"""One game played out by agents: the loop every simulation runs, compiled with the engines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from .agents import NO_DRAWS
from .game import Game
from .i18n import Catalog
from .inputs import thousands
from .rng import generator

_, ngettext = Catalog("cardgames").functions()


@mypyc_attr(native_class=False)  # an exception class stays an ordinary Python class
class AgentError(RuntimeError):
    """An agent raised or chose an illegal action during a simulation (the message names game, seed, seat)."""


def playout(game: Game, agent_names: Sequence[str], seed: int, state: Any = None) -> Any:
    """Play one game from ``state`` (default: a new game with ``seed``) to its end; return the final state.

    Each seat's agent gets its own generator derived from ``seed``, so the game is
    reproducible from ``seed`` and the agent names alone.
    """
    if state is None:
        state = game.new(seed=seed)
    bots: list[Any] = [game.agent(name, seat) for seat, name in enumerate(agent_names)]
    rngs: list[random.Random] = [
        generator(seed, "agent", seat) if bot.uses_rng else NO_DRAWS for seat, bot in enumerate(bots)
    ]
    limit: int = game.max_decisions  # the options' bound: a game that runs past it is a runaway
    for _decision in range(limit):
        acting: tuple[int, ...] = game.to_act(state)
        if not acting:
            return state
        seat = acting[0]
        bot = bots[seat]
        legal = game.legal_actions(state, seat)
        try:
            action = bot.act(game.view(state, seat) if bot.uses_view else None, legal, rngs[seat])
            state = game.apply(state, action, seat)
        except Exception as error:  # an agent's mistake: say which game, seed and seat it happened in
            raise AgentError(
                _("the {agent} agent at seat {seat} failed in {game}, game seed {seed}: {kind}: {reason}").format(
                    agent=repr(agent_names[seat]),
                    seat=seat,
                    game=repr(game),
                    seed=seed,
                    kind=type(error).__name__,
                    reason=str(error)[:300],
                )
            ) from error
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
        action = bot.act(game.view(state, seat) if bot.uses_view else None, legal, rng)
        state = game.apply(state, action, seat)
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
