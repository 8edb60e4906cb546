"""Perft: the number of legal move sequences of a given depth from a position.

The regression test of move generation (as in chess engines): counts from fixed positions are
stored in tests/data/perft.json, and any change to the rules that alters them must be deliberate.
"""

from __future__ import annotations

from cuttle.engine.game import Game


def perft(game: Game, depth: int) -> int:
    """Count the leaves of the move tree of ``game`` to ``depth`` plies (finished games are
    leaves)."""
    if depth == 0 or game.outcome is not None:
        return 1
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = game.copy()
        child.play(m)
        total += perft(child, depth - 1)
    return total
