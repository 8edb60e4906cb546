"""Perft: the number of legal move sequences of a given depth from a position.

The regression test of move generation (as in chess engines): counts from fixed positions are
stored in tests/data/perft.json, and any change to the rules that alters them must be deliberate.
"""

from __future__ import annotations

from cuttle.engine.game import Game
from cuttle.engine.search import child, moves, search_copy


def perft(game: Game, depth: int) -> int:
    """Count the leaves of the move tree of ``game`` to ``depth`` plies (finished games are
    leaves). Walks the tree on the search path (:mod:`cuttle.engine.search`); ``game`` is not
    changed."""
    return _perft(search_copy(game), depth)


def _perft(game: Game, depth: int) -> int:
    if depth == 0 or game.outcome is not None:
        return 1
    legal = moves(game)
    if depth == 1:
        return len(legal)
    total = 0
    for m in legal:
        total += _perft(child(game, m), depth - 1)
    return total
