"""The names of the AI levels, the player class of each, and which of them play a table of
three or four: each class says how many seats it plays at (``Player.max_players``), and
:func:`levels_for` reads it, so a level joins the modes by saying so in its own class."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuttle.ai.base import Player

LEVELS = ("random", "easy", "medium", "hard")


def player_class(level: str) -> type[Player]:
    """The class that plays ``level`` (``hard``: the default search, ``cuttle.ai.pimc``)."""
    if level == "random":
        from cuttle.ai.simple import RandomPlayer

        return RandomPlayer
    if level == "easy":
        from cuttle.ai.heuristic import EasyPlayer

        return EasyPlayer
    if level == "medium":
        from cuttle.ai.heuristic import HeuristicPlayer

        return HeuristicPlayer
    if level == "hard":
        from cuttle.ai.pimc import DeterminizedPlayer

        return DeterminizedPlayer
    raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")


def levels_for(players: int) -> tuple[str, ...]:
    """The levels that can play a game of ``players`` seats (2, 3 or 4)."""
    return tuple(lv for lv in LEVELS if player_class(lv).max_players >= players)
