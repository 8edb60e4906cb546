"""The rules engine: game state, moves, legal-move generation, the counter stack and views."""

from cuttle.engine.errors import IllegalMoveError
from cuttle.engine.game import Game
from cuttle.engine.moves import Move

__all__ = ["Game", "IllegalMoveError", "Move"]
