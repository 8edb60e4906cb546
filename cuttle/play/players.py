"""The AI opponents of a game session: ``cuttle.ai.make_player``, seeded per decision.

Each decision gets a player seeded from the game seed and the move number, so the same seed and
input give the same game, also after ``--resume`` or ``undo``.
"""

from __future__ import annotations

from typing import Any

from cuttle import Game, Move
from cuttle.ai import Player, levels_for, make_player


def make_ai(level: str, seed: int, think: float | None = None) -> Player:
    """A player of ``level`` seeded with ``seed`` (``think``: the hard level's time budget)."""
    kwargs: dict[str, Any] = {"seed": seed}
    if think is not None and level == "hard":
        kwargs["think"] = think
    return make_player(level, **kwargs)


def decision_seed(game_seed: int, ply: int, salt: int = 0) -> int:
    """A seed for one AI decision, stable for a given game seed and move number."""
    return (game_seed * 1_000_003 + ply * 7919 + salt) % (2**31)


def choose_move(level: str, game: Game, game_seed: int, think: float | None = None) -> Move:
    """The AI's move for whoever is to move in ``game`` (which is not changed)."""
    player = make_ai(level, decision_seed(game_seed, len(game.history)), think)
    return player.choose(game.copy())


HINT_ITERATIONS = 300  # the hint's search budget: about a tenth of a second
HINT_THINK = 0.5  # with --think, the hint searches at most this many seconds


def hint_level(players: int) -> str | None:
    """The level whose move a hint gives at a table of ``players``: hard, else the strongest
    that plays the table; None when only ``random`` does (its move is no hint)."""
    can = levels_for(players)
    if "hard" in can:
        return "hard"
    best = can[-1] if can else "random"
    return None if best == "random" else best


def hint_move(
    game: Game,
    game_seed: int,
    think: float | None = None,
    opponent: str = "the AI",
    names: tuple[str, ...] | None = None,
) -> tuple[Move, str, str]:
    """What a strong AI would play now: (move, level, reason or ""); the reason calls the
    player to move "you" and the other one ``opponent`` (at three or four seats ``names``, a
    name a seat, the mover's "you")."""
    seed = decision_seed(game_seed, len(game.history), salt=17)
    level = hint_level(game.players) or "hard"
    # A short search: a fixed iteration budget (reproducible), or at most HINT_THINK seconds.
    budget: dict[str, Any] = (
        {"think": min(think, HINT_THINK)} if think is not None else {"iterations": HINT_ITERATIONS}
    )
    player = make_player(level, seed=seed, **(budget if level == "hard" else {}))
    move, why = player.explain(game.copy(), names or ("you", opponent))
    return move, level, str(why)
