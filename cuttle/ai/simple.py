"""The ``random`` level: a uniformly random legal move."""

from __future__ import annotations

import random

from cuttle import Move
from cuttle.ai.base import Player, View


class RandomPlayer(Player):
    """Picks uniformly among the legal moves."""

    level = "random"
    max_players = 4  # a legal move is a legal move, at any table

    def decide(
        self, view: View, seat: int, moves: list[Move], rng: random.Random
    ) -> tuple[Move, str]:
        return rng.choice(moves), "a random move"
