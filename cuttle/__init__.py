"""Cuttle: a pure rules engine for the two-player combat card game, plus its terminal game and AI.

The public surface (see docs/api.md)::

    from cuttle import Game, Move, IllegalMoveError, Rules

The packages form layers, each importing only those below it (docs/architecture.md): ``engine``
(the rules), ``ai`` (the players), ``text`` (how the game reads and looks), ``files`` (everything
on disk), ``play`` and ``learn`` (one game, the lessons), ``ui`` (the screens) and ``commands``
(the subcommands ``cli`` dispatches to).
"""

from cuttle.engine.errors import IllegalMoveError
from cuttle.engine.game import Game
from cuttle.engine.moves import Move
from cuttle.rules import Rules

__version__ = "0.1.0"

__all__ = ["Game", "IllegalMoveError", "Move", "Rules", "__version__"]
