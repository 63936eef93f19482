"""The games as OpenSpiel games: ``cardgames.openspiel.load("brokdorf", players=4)``.

Every registered game (the five of the package and any game added with
``cardgames.register``) is presented through pyspiel's Python-game API, so OpenSpiel's own
algorithms (``random_sim_test``, ``ISMCTSBot``, the policy tools) and, through Shimmy's
``OpenSpielCompatibilityV0``, PettingZoo users can play it.  The games are registered with
pyspiel as ``python_cardgames_<name>`` when this module is imported (a game registered with
cardgames later is registered here by :func:`load` or :func:`register`)::

    import pyspiel
    import cardgames.openspiel

    game = cardgames.openspiel.load("brokdorf", players=4)       # or
    game = pyspiel.load_game("python_cardgames_brokdorf", {"players": 4})

It needs the ``openspiel`` extra (``pip install cardgames[openspiel]``); the module is plain
Python and is never compiled.  How the games are modelled:

* **Chance.** All randomness of a game comes from its seed, so a game has one chance node, the
  first, whose outcome ``k`` (uniform over ``seeds`` outcomes, 10,000 by default) starts the
  game with the seed ``first_seed + k``.  Every later draw (a cut card, a die roll, the event
  deck) is fixed by that seed and hidden from the players, like a face-down deck.  The tree is
  explicit and finite, so every tool that walks chance nodes works.
* **Information.** Imperfect information.  ``information_state_string(p)`` is a deterministic
  serialisation of ``game.view(state, p)`` (its ``repr``: the seat, the hidden cards masked, the
  log as ``p`` saw it), so two states with the same view give the same string and different
  views different strings.  ``observation_string(p)`` is the table as ``p`` sees it,
  ``game.render(state, p)``.  No tensors.
* **Actions.** The action ``i`` of a player is the ``i``-th of his legal actions sorted by their
  text; legal actions depend only on the player's view, so an index means the same in every
  state he cannot tell apart.  ``num_distinct_actions`` is the parameter ``max_actions``, a
  bound on the number of legal actions (:data:`MAX_ACTIONS` per game; a state with more raises
  a ``ValueError`` that says to load the game with a larger ``max_actions``).
  ``action_to_string`` gives the action's text (``play QH``); the chance outcome reads
  ``seed 17``.
* **Resampling.** ``resample_from_infostate(p, sampler)`` is ``game.determinize`` of ``p``'s
  view: a world drawn uniformly over the deals consistent with it, future chance drawn again,
  the sealed decisions of others chosen by the ``random`` agent; ISMCTS samples its worlds so.
  (It draws from every seed, not only the ``seeds`` of the chance node; the resampled state's
  ``history()`` is empty.)
* **Simultaneous moves.** A game whose spec allows several players to act at once (The
  Brotherhood's orders) is a ``SIMULTANEOUS`` game: where several seats are to act, the node
  is simultaneous and each of them gives one action (an order, one atom at a time, or
  ``submit``); a seat not to act there has the single action 0, ``wait``.  Where one seat is to
  act the node is his alone.  With ``simultaneous=False`` the same game is ``SEQUENTIAL``: the
  lowest seat to act decides first, the others' sealed decisions hidden from him by his view
  (what ``ISMCTSBot``, which needs sequential games, plays).
* **Returns.** At the end, ``returns()[p]`` is the game's objective for ``p`` over the whole
  game (``game.objective``, the number ``analyse``, the ``expert`` and
  ``benchmarks/strength.py`` measure: Brokdorf's points, Bronko-Donko's HP lost, Three Bridges'
  result, The Brotherhood's GE gained, Rowdy Partners' lead), negated where less is better,
  so that more is always better.  0 before the end (terminal rewards).  General-sum.

Parameters (pyspiel parameters, also :func:`load`'s keywords): ``players``, ``seeds``,
``first_seed``, ``max_actions``, ``simultaneous`` (simultaneous games only) and the game's own
options whose values are booleans, integers, floats or texts; an option whose default is
``None`` is an integer parameter where ``-1`` stands for ``None``.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

import cardgames
from cardgames.core.game import Game
from cardgames.core.registry import game_class

PREFIX = "python_cardgames_"
#: the default number of chance outcomes (seeds) of a game's first node
SEEDS = 10_000
#: a bound on the number of legal actions of any state, per game (the default ``max_actions``).
#: Brokdorf, Three Bridges and Rowdy Partners: fewer than their deck's cards plus their calls.
#: Bronko-Donko: its largest offers (opening combinations) stay near 200 in 120 random and
#: greedy matches of 2-4 players.  The Brotherhood: a transfer offers 1 to all of the giver's
#: GE to each other player; no player holds more GE than all players start with (20 each) plus
#: eleven income phases of every source the board holds (64 GE), 804 for five players, so
#: 4 x 804 + 1 transfers; its order atoms stay below 400.
MAX_ACTIONS = {
    "brokdorf": 64,
    "bronko_donko": 1024,
    "three_bridges": 128,
    "brotherhood": 4096,
    "rowdy_partners": 128,
}
DEFAULT_MAX_ACTIONS = 1024  # a game registered with cardgames that the table above does not know
#: a bound on the magnitude of a return (OpenSpiel's min_utility and max_utility): Three
#: Bridges' result is +1, 0 or -1; the others are counts that no game comes near
UTILITY = {"three_bridges": 1.0}
DEFAULT_UTILITY = 1e6
NONE = -1  # the parameter value that stands for an option's None
WAIT = 0  # the action of a seat that is not to act at a simultaneous node
# what every game is to OpenSpiel, whatever its rules (the module's docstring says why): explicit
# chance, imperfect information, general-sum returns paid at the end, and a player's information
# state and observation as strings, not tensors; _game_type adds what the game's spec says
_EVERY_GAME_TYPE: dict[str, Any] = {
    "chance_mode": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    "information": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    "utility": pyspiel.GameType.Utility.GENERAL_SUM,
    "reward_model": pyspiel.GameType.RewardModel.TERMINAL,
    "provides_information_state_string": True,
    "provides_information_state_tensor": False,
    "provides_observation_string": True,
    "provides_observation_tensor": False,
    "provides_factored_observation_string": False,
}


def short_name(name: str) -> str:
    """The pyspiel name of a cardgames game: ``python_cardgames_brokdorf``."""
    return PREFIX + name


_registered: dict[str, pyspiel.GameType] = {}


def _parameter(value: Any) -> Any:
    """An option's default as a pyspiel parameter (None as -1), or None where pyspiel cannot carry it."""
    if value is None:
        return NONE
    if isinstance(value, bool | int | float | str):
        return value
    return None


def _specification(cls: type[Game]) -> dict[str, Any]:
    spec = cls.spec
    params: dict[str, Any] = {
        "players": spec.default_players,
        "seeds": SEEDS,
        "first_seed": 0,
        "max_actions": MAX_ACTIONS.get(spec.name, DEFAULT_MAX_ACTIONS),
    }
    if spec.simultaneous:
        params["simultaneous"] = True
    for option, declared in spec.options.items():
        value = _parameter(declared.default)
        if value is not None and option not in params:
            params[option] = value
    return params


def _game_type(cls: type[Game], simultaneous: bool | None = None) -> pyspiel.GameType:
    spec = cls.spec
    together = spec.simultaneous if simultaneous is None else simultaneous
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(spec.name),
        long_name=f"cardgames {spec.title}",
        dynamics=dynamics.SIMULTANEOUS if together else dynamics.SEQUENTIAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        parameter_specification=_specification(cls),
        **_EVERY_GAME_TYPE,
    )


def register(name: str) -> str:
    """Register the cardgames game ``name`` with pyspiel (again, if its class changed); its pyspiel name."""
    cls = game_class(name)
    game_type = _game_type(cls)
    known = _registered.get(name)
    if known is None or known.parameter_specification != game_type.parameter_specification:
        # a class per game, as pyspiel's own Python games register (a closure is released
        # after the interpreter's end and fails there)
        # (a module attribute, so that pickle finds it: serialize_state pickles the game)
        made = type(f"OpenSpiel_{name}", (OpenSpielGame,), {"cardgames_name": name, "__module__": __name__})
        globals()[made.__name__] = made
        pyspiel.register_game(game_type, made)
        _registered[name] = game_type
    return short_name(name)


def load(name: str, players: int | None = None, **params: Any) -> pyspiel.Game:
    """The cardgames game ``name`` as a pyspiel game (registering it first if needed).

    ``players`` and the keywords are the game's pyspiel parameters: ``seeds``, ``first_seed``,
    ``max_actions``, ``simultaneous`` and the game's options (``None`` may be given for an
    option whose default is ``None``).  An unknown parameter is a ``ValueError`` naming them.
    """
    if name not in cardgames.games():
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(cardgames.games())}")
    register(name)
    known = _registered[name].parameter_specification
    given = dict(params)
    if players is not None:
        given["players"] = players
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(
            f"unknown parameter {', '.join(unknown)} for {short_name(name)}; its parameters are: {', '.join(sorted(known))}"
        )
    for key, value in list(given.items()):
        if value is None:
            given[key] = NONE
        elif not isinstance(value, bool) and isinstance(value, int):
            given[key] = int(value)
    return pyspiel.load_game(short_name(name), given)


class _Node:
    """One state of the wrapped game with what is asked of it again and again (shared by clones).

    OpenSpiel clones a Python state by deep-copying its attributes; a node is immutable (its
    caches only hold what follows from its state), so a clone shares it.
    """

    __slots__ = ("game", "state", "start", "acting", "legal")

    def __init__(self, game: OpenSpielGame, state: Any, start: Any) -> None:
        self.game = game
        self.state = state
        self.start = start  # the first state of the game: returns are measured from it
        self.acting: tuple[int, ...] = () if state is None else game.cardgame.to_act(state)
        self.legal: dict[int, tuple[Any, ...]] = {}

    def after(self, state: Any) -> _Node:
        return _Node(self.game, state, self.start)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __copy__(self) -> _Node:
        return self


class OpenSpielGame(pyspiel.Game):
    """A cardgames game as a pyspiel game (made by :func:`load` or ``pyspiel.load_game``)."""

    cardgames_name: str = ""  # set in the class register() makes for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.cardgames_name
        options = dict(params or {})
        players = int(options.pop("players"))
        seeds = int(options.pop("seeds", SEEDS))
        first_seed = int(options.pop("first_seed", 0))
        max_actions = int(options.pop("max_actions", MAX_ACTIONS.get(name, DEFAULT_MAX_ACTIONS)))
        together = options.pop("simultaneous", None)
        if seeds < 1:
            raise ValueError(f"seeds must be at least 1, not {seeds}")
        if max_actions < 1:
            raise ValueError(f"max_actions must be at least 1, not {max_actions}")
        cls = game_class(self.cardgames_name)
        for option, value in list(options.items()):
            declared = cls.spec.options.get(option)
            if declared is not None and declared.default is None and value == NONE:
                del options[option]  # -1 stands for None, the option's default
        cardgame: Game = cls(players, **options)
        simultaneous = bool(cls.spec.simultaneous if together is None else together)
        bound = UTILITY.get(name, DEFAULT_UTILITY)
        info = pyspiel.GameInfo(
            num_distinct_actions=max_actions,
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=cardgame.max_decisions,
        )
        super().__init__(_game_type(cls, simultaneous), info, dict(params or {}))
        # (attributes only after pyspiel's __init__: set before it, they are lost)
        self.cardgame = cardgame
        self.seeds = seeds
        self.first_seed = first_seed
        self.max_actions = max_actions
        self.simultaneous = simultaneous
        objective = cardgame.spec.objective
        self.sign = 1.0 if objective is None or objective.higher_is_better else -1.0
        self._outcomes: list[tuple[int, float]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its pyspiel name and parameters (pyspiel's serialize_state pickles states with their game)."""
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> OpenSpielState:
        """The chance node that draws the game's seed."""
        return OpenSpielState(self)

    def state_of(self, cardstate: Any, start: Any = None) -> OpenSpielState:
        """A pyspiel state for ``cardstate``, a state of :attr:`cardgame` (a position to study).

        Its returns at the end are measured from ``start`` (by default ``cardstate`` itself).
        """
        self.cardgame.to_act(cardstate)  # a state of this game, or a ValueError that says whose it is
        return OpenSpielState(self, _Node(self, cardstate, cardstate if start is None else start))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Information state strings (perfect recall) or observation strings (the table as seen)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect = True if iig_obs_type is None else bool(iig_obs_type.perfect_recall)
        return _Observer(perfect)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._outcomes is None:
            p = 1.0 / self.seeds
            self._outcomes = [(k, p) for k in range(self.seeds)]
        return self._outcomes


class OpenSpielState(pyspiel.State):
    """A state of a cardgames game (``.cardstate``, None at the first chance node) as a pyspiel state."""

    def __init__(self, game: OpenSpielGame, node: _Node | None = None) -> None:
        super().__init__(game)
        # everything in one shared, immutable node: pyspiel clones a Python state by deep-copying
        # its attributes, and a copy of the game or of the cardgames state would be wasted work
        self._node = node if node is not None else _Node(game, None, None)

    @property
    def _game(self) -> OpenSpielGame:
        return self._node.game

    # -- what the wrapped game is doing ----------------------------------------------
    @property
    def cardstate(self) -> Any:
        """The cardgames state (None at the first chance node)."""
        return self._node.state

    def _sorted(self, seat: int) -> tuple[Any, ...]:
        """``seat``'s legal actions sorted by their text: the action ``i`` is the ``i``-th."""
        node = self._node
        actions = node.legal.get(seat)
        if actions is None:
            game = self._game
            offered = game.cardgame.legal_actions(node.state, seat) if seat in node.acting else ()
            actions = tuple(sorted(offered, key=str))
            if len(actions) > game.max_actions:
                raise ValueError(
                    f"{game.cardgame.name}: seat {seat} has {len(actions)} legal actions here, more than "
                    f"max_actions={game.max_actions}; load the game with a larger max_actions"
                )
            node.legal[seat] = actions
        return actions

    def _at_once(self) -> bool:
        return self._game.simultaneous and len(self._node.acting) > 1

    # -- the OpenSpiel protocol -------------------------------------------------------
    def current_player(self) -> int:
        node = self._node
        if node.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if not node.acting:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._at_once():
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return node.acting[0]

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        if node.state is None or not node.acting:
            return []
        if self._at_once() and player not in node.acting:
            return [WAIT]
        if not self._at_once() and player != node.acting[0]:
            return []
        return list(range(len(self._sorted(player))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._node.state is None, "only the first node of a game is a chance node"
        return self._game.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        game = self._game
        node = self._node
        if node.state is None:  # the seed
            state = game.cardgame.new(seed=game.first_seed + int(action))
            self._node = _Node(game, state, state)
            return
        seat = node.acting[0]
        self._node = node.after(game.cardgame.apply(node.state, self._action(seat, action), seat))

    def _apply_actions(self, actions: list[int]) -> None:
        game = self._game
        node = self._node
        chosen = [(seat, self._action(seat, actions[seat])) for seat in node.acting]
        for seat, action in enumerate(actions):
            if seat not in node.acting and action != WAIT:
                raise ValueError(f"seat {seat} is not to act here: its action is {WAIT} (wait), not {action}")
        state = node.state
        for seat, action in chosen:  # sealed decisions: the order in which they are handed in does not matter
            state = game.cardgame.apply(state, action, seat)
        self._node = node.after(state)

    def cardgames_action(self, player: int, action: int) -> Any:
        """The cardgames action (``play QH``) that ``player``'s OpenSpiel action ``action`` stands for here."""
        return self._action(int(player), action)

    def action_index(self, player: int, action: Any) -> int:
        """``player``'s OpenSpiel action for a cardgames action or its text (``"play QH"``) here."""
        texts = [str(a) for a in self._sorted(int(player))]
        text = str(action).strip()
        if text not in texts:
            raise ValueError(f"{text!r} is not a legal action of seat {player} here; legal: {', '.join(texts)}")
        return texts.index(text)

    def _action(self, seat: int, action: int) -> Any:
        actions = self._sorted(seat)
        if not 0 <= int(action) < len(actions):
            raise ValueError(f"seat {seat} has {len(actions)} legal actions here; {action} is not one of them")
        return actions[int(action)]

    def _action_to_string(self, player: int, action: int) -> str:
        node = self._node
        if player == pyspiel.PlayerId.CHANCE or node.state is None:
            return f"seed {self._game.first_seed + int(action)}"
        if node.acting and self._at_once() and player not in node.acting and action == WAIT:
            return "wait"
        actions = self._sorted(player) if player in node.acting else ()
        return str(actions[action]) if 0 <= action < len(actions) else f"action {action}"

    def is_terminal(self) -> bool:
        return self._node.state is not None and not self._node.acting

    def returns(self) -> list[float]:
        """The objective over the whole game, more is better (0 before the end)."""
        game = self._game
        players = game.cardgame.players
        if not self.is_terminal():
            return [0.0] * players
        return [game.sign * float(game.cardgame._score(self._node.start, self._node.state, p)) for p in range(players)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> OpenSpielState:
        """A state with the same information state for ``player``: ``determinize`` of his view.

        ``sampler`` draws the world's seed: pyspiel's ``UniformProbabilitySampler`` (or any
        function giving a float in [0, 1)), a ``numpy`` random state or generator, a
        ``random.Random``, or None (a fixed seed 0).
        """
        node = self._node
        if node.state is None or not node.acting:
            raise ValueError("resample_from_infostate needs a state where somebody is to act")
        seed = _draw(sampler)
        world = self._game.cardgame.determinize(node.state, player, seed=seed)
        return OpenSpielState(self._game, node.after(world))

    def information_state_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        return _information(self, int(player))

    def observation_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        return _observation(self, int(player))

    def __str__(self) -> str:
        node = self._node
        if node.state is None:
            return f"the seed is drawn (first_seed {self._game.first_seed}, {self._game.seeds} seeds)"
        return self._game.cardgame.render(node.state)


def _draw(sampler: Any) -> int:
    """A seed from whatever random source ISMCTS or a user hands over."""
    if sampler is None:
        return 0
    if isinstance(sampler, random.Random):
        return sampler.getrandbits(31)
    integers = getattr(sampler, "integers", None) or getattr(sampler, "randint", None)
    if integers is not None:
        return int(integers(0, 2**31 - 1))
    return int(float(sampler()) * (2**31 - 1))


def _information(state: OpenSpielState, player: int) -> str:
    node = state._node
    if node.state is None:
        return f"P{player + 1} before the deal"
    return repr(state._game.cardgame.view(node.state, player))


def _observation(state: OpenSpielState, player: int) -> str:
    node = state._node
    if node.state is None:
        return f"P{player + 1} before the deal"
    return state._game.cardgame.render(node.state, player)


class _Observer:
    """pyspiel's observer protocol: strings only (``tensor`` None)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        pass

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return _information(state, player) if self.perfect_recall else _observation(state, player)


for _name in cardgames.games():
    register(_name)
