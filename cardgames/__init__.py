"""cardgames: five tabletop games with exact rules, for teaching and analysis.

>>> import cardgames
>>> game = cardgames.load("brokdorf", players=4)
>>> state = game.new(seed=7)
>>> game.to_act(state)
(2,)

The public names: :func:`games`, :func:`load`, :func:`agents`, :func:`simulate`,
:func:`record`, :func:`replay`, :func:`register` (a game of one's own:
``cardgames.register(MyGame)``; it then loads, simulates, replays and plays at a Table like
the five, and :mod:`cardgames.testing` checks it against the shared protocol), :func:`rule`
(a clause of the rules documents that ship with the package: ``cardgames.rule("BK-4.11")``),
:class:`IllegalMove`, and :func:`set_language` (``"de"`` shows every text in German, ``"en"``
in English; by default the locale environment's), :func:`get_language` and :func:`language`
(one block in a language).  Each game lives in its own sub-package (``cardgames.brokdorf``
...) with its rules, settlement, agents and classroom probability answers.
"""

from . import _modes

_modes.choose(__name__, __path__[0])  # the compiled build, or the sources where asked or newer

from .core.analysis import analyse, analyse_progressively
from .core.errors import IllegalMove
from .core.game import Action, Game, GameSpec, Objective, Settlement, history
from .core.i18n import get_language, language, set_language
from .core.registry import agents, games, load, register
from .core.replay import record, replay
from .core.rulebook import Clause, rule
from .core.simulate import playout, simulate

__version__ = "0.1.0"

from .core import record as _record

#: True when the rules engines run compiled (mypyc), False in the pure-Python build
compiled = _modes.is_compiled(_record)
_modes.warn_if_pure(compiled)

__all__ = [
    "Action",
    "Clause",
    "Game",
    "GameSpec",
    "IllegalMove",
    "Objective",
    "Settlement",
    "compiled",
    "agents",
    "analyse",
    "analyse_progressively",
    "games",
    "get_language",
    "history",
    "language",
    "load",
    "playout",
    "record",
    "register",
    "replay",
    "rule",
    "set_language",
    "simulate",
]
