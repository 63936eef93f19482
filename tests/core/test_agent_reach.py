"""An agent reaches only what its seat may know (issue 29, "bring your own bot").

A snooping agent walks everything reachable from the arguments of ``act`` (itself, so the
agent it plays for and the game that agent holds, the view, the legal actions and the rng)
through ``gc.get_referents``, ``vars`` and slots, and at every decision of seeded games of
every registered game it checks that it finds

- no state of the game being played, nor its seed (a ``Setup`` with the real seed);
- no view that was handed to another seat;
- nothing of the real deal that its seat was never handed (another seat's hand, the stock):
  an object reachable from the real state, or from another seat's views, that is not
  reachable from its own views and legal actions, and is not common to every deal (the
  rules' constants, found in the states of another deal).

It plays for one of the agents a seat can have: a named agent, a function, or a drawer that
draws a world from its view at every decision and plays it on, as the expert does (its
worlds and the game's memos of them are what a careless copy of the game would share between
seats).  Checked in ``simulate``, in a loop that plays as ``Table`` does, and in the policy
bots of ``analyse``.
"""

from __future__ import annotations

import gc
import random
import sys
import types
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

import cardgames
from cardgames.core.agents import Agent, seated
from cardgames.core.game import Action, Game, Setup
from cardgames.core.play import play_on
from cardgames.core.simulate import game_seed

OPTIONS = {"bronko_donko": {"games": 1}}  # one game of the match: the same rules, fewer decisions
WALK_LIMIT = 2_000_000  # objects one walk may visit; a walk that needs more fails rather than stopping short

# objects that hold nothing of a deal: values (a game's actions are values too, which a game may
# make once and hand out again: the same object is no news), and the code and classes of the
# package (whose globals reach every module, so that walking them would find the test's records)
VALUES = (int, float, complex, str, bytes, bool, type(None), Fraction, Decimal, range, Action)
OPAQUE = (
    type,
    types.ModuleType,
    types.CodeType,
    types.FrameType,
    types.BuiltinFunctionType,
    types.WrapperDescriptorType,
    types.MethodWrapperType,
    types.MethodDescriptorType,
    types.GetSetDescriptorType,
    types.MemberDescriptorType,
    property,
)


def reachable(*roots: Any, stop: tuple[type, ...] = ()) -> dict[int, Any]:
    """Every object reachable from ``roots`` but values and code: {id: object}.

    Follows ``gc.get_referents`` (a native class's fields too), ``vars`` and slots; of a
    function only what it closes over and its defaults (not its globals), of a bound method
    the object it is bound to.  Dicts are walked but not listed: the objects that hold them
    and the objects they hold are.  Objects of the types ``stop`` are neither walked nor listed.
    """
    found: dict[int, Any] = {}
    walked: dict[int, Any] = {}  # dicts: walked, not found (an object's ``__dict__`` may be made anew when asked for)
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if isinstance(obj, VALUES) or isinstance(obj, OPAQUE) or id(obj) in found or id(obj) in walked:
            continue
        if stop and isinstance(obj, stop):
            continue
        if type(obj) is tuple and obj and all([isinstance(item, Action) for item in obj]):
            continue  # offers, which a game may make once and hand out again (The Brotherhood's transfers)
        (walked if type(obj) is dict else found)[id(obj)] = obj
        assert len(found) + len(walked) <= WALK_LIMIT, "the walk found more objects than it may visit"
        if isinstance(obj, types.FunctionType):
            stack.extend(cell.cell_contents for cell in obj.__closure__ or () if cell_filled(cell))
            stack.extend(obj.__defaults__ or ())
            stack.extend((obj.__kwdefaults__ or {}).values())
            continue
        if isinstance(obj, types.MethodType):
            stack.append(obj.__self__)
            continue
        stack.extend(gc.get_referents(obj))
        try:
            stack.extend(vars(obj).values())
        except TypeError:
            pass
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                value = getattr(obj, name, None)
                if value is not None:
                    stack.append(value)
    return found


def cell_filled(cell: Any) -> bool:
    """Does a closure's cell hold a value yet?"""
    try:
        return cell.cell_contents is not cell
    except ValueError:
        return False


class Watch:
    """What each side was handed and what the game being played was, kept alive (so ids stay unique), and the checks.

    A side is a seat of the game being played, or an analysis (whose policy bots play every seat
    of worlds drawn from one seat's view).  The watch is held by this module, which no walk
    enters: the snoops reach it through a global name only.
    """

    def __init__(self, game: Any, seeds: set[int], every: int = 1) -> None:
        self.game = game
        self.seeds = seeds  # the seeds of the games being played
        self.every = every  # check every so many decisions of a side (every view is recorded)
        self.side_of: Any = lambda seat: seat  # the side of a snoop playing ``seat``
        self.knows: dict[Any, set[Any]] = {}  # side -> the other sides whose views it may reach
        # side -> the seat whose agents' game (game.agents_game(seat)) it may reach, or None: any seat's;
        # a seat's side may reach its own
        self.twin: dict[Any, int | None] = {}
        self.views: dict[Any, list[Any]] = {}  # what each side was handed
        self.view_ids: dict[Any, set[int]] = {}
        self.own: dict[Any, dict[int, Any]] = {}  # reachable from it
        self.states: list[Any] = []  # the states of the game being played, where the harness knows them
        self.hidden: dict[int, Any] = {}  # reachable from them
        self.constants = constants(game)
        self.checks = 0
        self.worlds = 0  # checks that found a full state, a world drawn from the side's views (the walk reaches memos)

    def handed(self, side: Any, view: Any, legal: Any) -> bool:
        """Record what ``side`` was handed; is this a decision to check?"""
        self.views.setdefault(side, []).append(view)
        self.view_ids.setdefault(side, set()).add(id(view))
        self.own.setdefault(side, {}).update(reachable(view, legal))
        return len(self.views[side]) % self.every == 1 % self.every

    def played(self, state: Any) -> None:
        """A state of the game being played (where the harness sees it)."""
        self.states.append(state)
        self.hidden.update(reachable(state))

    def check(self, side: Any, *roots: Any) -> None:
        found = reachable(*roots)
        friends = {side} | self.knows.get(side, set())
        owns = [self.own.get(friend, {}) for friend in friends]
        others = [other for other in self.own if other not in friends]
        where = f"{self.game.name}, {side!r}, decision {len(self.views.get(side, ()))}"
        for key, obj in found.items():
            if key in self.constants or any(key in own for own in owns):
                continue
            for other in others:
                assert key not in self.view_ids[other], f"{where}: reached a view handed to {other!r}"
                assert key not in self.own[other], f"{where}: reached {obj!r:.200} of {other!r}'s views"
            assert key not in self.hidden, f"{where}: reached {obj!r:.200} of the deal, never handed to it"
        for state in self.states:
            assert id(state) not in found, f"{where}: reached a state of the game being played"
        for obj in found.values():
            if isinstance(obj, Setup):
                assert obj.seed not in self.seeds, f"{where}: reached the seed of the game being played"
        assert id(self.game) not in found, f"{where}: reached the game being played"
        mine = self.twin.get(side, side)
        if mine is not None:
            for seat in range(self.game.players):
                if seat != mine:
                    assert id(self.game.agents_game(seat)) not in found, f"{where}: reached seat {seat}'s agents' game"
        if any(isinstance(obj, Setup) and obj.viewer < 0 for obj in found.values()):
            self.worlds += 1
        self.checks += 1


def constants(game: Any) -> dict[int, Any]:
    """What a state of any deal may share with another: the rules' constants.

    The objects reachable from a fresh copy of the game, from the states of another deal, and
    from the immutable values the modules of the package and of the game keep (tables such as
    every card as placed, every formation); not what a module keeps in a dict, list or set (a
    cache may hold anything).
    """
    fresh = type(game)(game.players, **game.options)
    found = reachable(fresh)
    state = fresh.new(seed=987_654_321)
    bots = [fresh.agent("random", s) for s in range(game.players)]
    rng = random.Random(0)
    kept = []
    while fresh.to_act(state):
        seat = fresh.to_act(state)[0]
        state = fresh.apply(state, bots[seat].act(None, fresh.legal_actions(state, seat), rng), seat)
        kept.append(state)
    found.update(reachable(*kept))
    packages = ("cardgames", type(game).__module__.split(".")[0])
    for name, module in list(sys.modules.items()):
        if module is not None and name.split(".")[0] in packages:
            values = [value for value in vars(module).values() if not isinstance(value, MUTABLE)]
            found.update(reachable(*values, stop=MUTABLE))
    return found


MUTABLE = (dict, list, set, bytearray, Game, Agent)


WATCH: Watch | None = None  # the watch of the test that runs (a global: nothing an agent reaches leads to it)


class Drawer(Agent):
    """Draws a world from its view at each decision (and at every other one plays two candidates on in it, as the
    expert does); plays greedy."""

    name = "drawer"

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.greedy = game.agent("greedy", seat)
        self.bots = [game.agent("greedy", s) for s in range(game.players)]

    def act(self, view, legal_actions, rng):
        if len(legal_actions) > 1:
            world = self.game._determinize(view, self.seat, rng, "greedy")
            if rng.random() < 0.5:
                play_on(self.game, world, self.seat, legal_actions[:2], self.bots, rng.getrandbits(63))
        return self.greedy.act(view, legal_actions, rng)


def first_legal(view, legal_actions, rng):
    return legal_actions[0]


class Snoop(Agent):
    """Plays as ``inner`` (a name, an agent class or a function), made with the game it is given; snoops first."""

    name = "snoop"
    inner: tuple[Any] = ("random",)  # in a tuple: a function as a class attribute would become a method

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.agent = seated(game, self.inner[0], seat)

    def act(self, view, legal_actions, rng):
        assert WATCH is not None
        side = WATCH.side_of(self.seat)
        if WATCH.handed(side, view, legal_actions):
            WATCH.check(side, self, view, legal_actions, rng)
        return self.agent.act(view, legal_actions, rng)


def snoop(inner: Any) -> type:
    """A Snoop class that plays as ``inner``."""
    return type(f"Snoop_{getattr(inner, '__name__', inner)}", (Snoop,), {"inner": (inner,)})


def line_up(game: Any) -> list[type]:
    """One snoop per seat, playing as a drawer, greedy, a function, and random (then drawers again)."""
    inner = [Drawer, "greedy", first_legal, "random"] + [Drawer] * game.players
    return [snoop(agent) for agent in inner[: game.players]]


@pytest.fixture
def watch():
    """Watch(...) as the global WATCH, which the snoops report to, for one test."""
    global WATCH

    def start(game: Any, seeds: set[int], every: int = 1) -> Watch:
        global WATCH
        WATCH = Watch(game, seeds, every)
        return WATCH

    yield start
    WATCH = None


@pytest.mark.parametrize("name", cardgames.games())
def test_in_simulate_an_agent_reaches_only_what_its_seat_was_handed(name, watch):
    game = cardgames.load(name, **OPTIONS.get(name, {}))
    watched = watch(game, {game_seed(3, i) for i in range(2)})
    frame = cardgames.simulate(game, games=2, agents=line_up(game), seed=3)
    assert len(frame) == 2 * game.players
    assert watched.checks > 10
    assert (
        watched.worlds > 0
    )  # the walk reaches the worlds the drawer drew, which the game it holds remembers  # the walk reaches what the game an agent holds remembers of its earlier views


@pytest.mark.parametrize("name", cardgames.games())
def test_at_a_table_an_agent_reaches_nothing_of_the_deal_it_was_not_handed(name, watch):
    """Played as Table plays its bots (seated, view, legal_actions, act, advance); every real state is watched."""
    game = cardgames.load(name, **OPTIONS.get(name, {}))
    watched = watch(game, {11})
    bots = [seated(game, agent, seat) for seat, agent in enumerate(line_up(game))]
    rngs = [random.Random(seat) for seat in range(game.players)]
    state = game.new(seed=11)
    watched.played(state)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].act(game.view(state, seat), legal, rngs[seat])
        state = game.advance(state, action, seat).after
        watched.played(state)
    assert watched.checks > 10 and watched.worlds > 0


def played_to(game: Any, seed: int, decisions: int, agents: list[Any]) -> list[Any]:
    """The states of a seeded game played by ``agents`` (as Table plays them) for up to ``decisions`` decisions."""
    bots = [seated(game, agent, seat) for seat, agent in enumerate(agents)]
    rngs = [random.Random(seat) for seat in range(game.players)]
    states = [game.new(seed=seed)]
    for _ in range(decisions):
        state = states[-1]
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        states.append(game.apply(state, bots[seat].act(game.view(state, seat), legal, rngs[seat]), seat))
    return states


def analysed(game: Any, watch: Watch, states: list[Any], twin: int | None) -> None:
    """``analyse(policy=snoop)`` of the last of ``states``, watched as the side "analysis" of the seat to act.

    ``twin``: the seat whose agents' game the policy bots may hold (None: any seat's).
    """
    state = states[-1]
    for before in states:
        watch.played(before)
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    watch.handed("analysis", view, game.legal_actions(state, seat))
    watch.knows["analysis"] = {seat}  # what the seat was handed in play, it knows
    watch.twin["analysis"] = None if twin is None else seat
    watch.side_of = lambda _seat: "analysis"  # a policy bot plays every seat of the seat's worlds
    watch.every = 10
    table = cardgames.analyse(game, state, seat, worlds=2, policy=snoop("greedy"), seed=1)
    assert len(table) == len(game.legal_actions(state, seat))
    assert watch.checks > 0


@pytest.mark.parametrize("name", cardgames.games())
def test_the_policy_bots_of_an_analysis_reach_nothing_the_player_cannot_know(name, watch):
    """``analyse(policy=...)`` seats the policy in worlds drawn from the player's view: it reaches no more than that view."""
    game = cardgames.load(name, **OPTIONS.get(name, {}))
    analysed(game, watch(game, {13}), played_to(game, 13, 12, ["random"] * game.players), None)


@pytest.mark.parametrize("name", cardgames.games())
def test_an_analysis_after_bots_played_reaches_nothing_they_were_handed(name, watch):
    """Bots that drew worlds from their views played the game so far; the policy bots of one seat's analysis reach
    neither their views nor the games they hold."""
    game = cardgames.load(name, **OPTIONS.get(name, {}))
    watched = watch(game, {13})
    states = played_to(game, 13, 12, [snoop(Drawer)] * game.players)
    analysed(game, watched, states, game.to_act(states[-1])[0])
