"""The returns of a finished game, one number per seat, shared by both environments.

Two seats: +1 for the winner, -1 for the loser, 0 each for a draw (or a game cut short). Teams
(four seats): +1 for each seat of the winning team, -1 for each of the other. Cutthroat (three
seats): +1 for the winner and -1/2 for each other seat, so that every game sums to zero.
"""

from __future__ import annotations

from cuttle import Game
from cuttle.env.observation import seats_of


def winners(outcome: str | None, seats: int) -> set[int]:
    """The seats that won ``outcome`` (``"p1"``; ``"team0"``: seats 0 and 2); none for a draw."""
    if outcome is None or outcome == "draw":
        return set()
    if outcome.startswith("team"):
        team = int(outcome[4:])
        return {s for s in range(seats) if s % 2 == team}
    return {int(outcome[1:])}


def returns(game: Game) -> list[float]:
    """Each seat's return: all zeros while the game is in play or drawn."""
    seats = seats_of(game)
    won = winners(game.outcome, seats)
    if not won:
        return [0.0] * seats
    lose = -len(won) / (seats - len(won))
    return [1.0 if s in won else lose for s in range(seats)]


__all__ = ["returns", "winners"]
