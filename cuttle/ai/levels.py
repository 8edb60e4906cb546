"""The names of the AI levels, and which of them play at a table of three or four."""

from __future__ import annotations

LEVELS = ("random", "easy", "medium", "hard")
#: The levels that play at a table of three or four (the others refuse it with a reason).
_PLAY_MODES = ("random",)


def levels_for(players: int) -> tuple[str, ...]:
    """The levels that can play a game of ``players`` seats (2, 3 or 4)."""
    return LEVELS if players <= 2 else _PLAY_MODES
