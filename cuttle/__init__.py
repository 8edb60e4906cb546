"""Cuttle: a pure rules engine for the two-player combat card game, plus its terminal game and AI.

The public surface (see docs/api.md)::

    from cuttle import Game, Move, IllegalMoveError, Rules
"""

from cuttle.engine.errors import IllegalMoveError
from cuttle.engine.game import Game
from cuttle.engine.moves import Move
from cuttle.rules import Rules

__version__ = "0.1.0"

__all__ = ["Game", "IllegalMoveError", "Move", "Rules", "__version__"]
