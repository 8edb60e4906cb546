"""The AI opponents the UI uses: ``cuttle.ai.make_player`` when present, else a seeded random one.

Each decision gets a player seeded from the game seed and the move number, so the same seed and
input give the same game, also after ``--resume`` or ``undo``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from cuttle import Game, Move


class Player(Protocol):
    """Anything with ``choose(game) -> Move`` (a legal move for ``game.to_move``)."""

    def choose(self, game: Game) -> Move: ...


class SeededRandomPlayer:
    """Fallback while ``cuttle.ai`` is missing: a seeded choice among the legal moves."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return self.rng.choice(game.legal_moves())


def make_ai(level: str, seed: int, think: float | None = None) -> Player:
    """A player of ``level``; the seeded random fallback while ``cuttle.ai`` is missing."""
    try:
        from cuttle.ai import make_player
    except ImportError:
        return SeededRandomPlayer(seed)
    kwargs: dict[str, Any] = {"seed": seed}
    if think is not None and level == "hard":
        kwargs["think"] = think
    player: Player = make_player(level, **kwargs)
    return player


def decision_seed(game_seed: int, ply: int, salt: int = 0) -> int:
    """A seed for one AI decision, stable for a given game seed and move number."""
    return (game_seed * 1_000_003 + ply * 7919 + salt) % (2**31)


def choose_move(level: str, game: Game, game_seed: int, think: float | None = None) -> Move:
    """The AI's move for whoever is to move in ``game`` (which is not changed)."""
    player = make_ai(level, decision_seed(game_seed, len(game.history)), think)
    return player.choose(game.copy())


HINT_ITERATIONS = 300  # the hint's search budget: about a tenth of a second
HINT_THINK = 0.5  # with --think, the hint searches at most this many seconds


def hint_move(
    game: Game, game_seed: int, think: float | None = None, opponent: str = "the AI"
) -> tuple[Move, str, str]:
    """What a strong AI would play now: (move, level, reason or ""); the reason calls the
    player to move "you" and the other one ``opponent``."""
    seed = decision_seed(game_seed, len(game.history), salt=17)
    # A short search: a fixed iteration budget (reproducible), or at most HINT_THINK seconds.
    budget: dict[str, Any] = (
        {"think": min(think, HINT_THINK)} if think is not None else {"iterations": HINT_ITERATIONS}
    )
    for level in ("hard", "medium"):
        try:
            if level == "hard":
                from cuttle.ai import make_player

                player: Player = make_player("hard", seed=seed, **budget)
            else:
                player = make_ai(level, seed)
        except (ImportError, ValueError, TypeError):
            continue
        explain = getattr(player, "explain", None)
        if callable(explain):
            move, why = explain(game.copy(), ("you", opponent))
            return move, level, str(why)
        return player.choose(game.copy()), level, ""
    return SeededRandomPlayer(seed).choose(game), "random", ""
