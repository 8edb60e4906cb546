"""Our AI levels for PettingZoo agents: :class:`LevelPolicy`, any level of ``cuttle.ai`` as a
policy, ``policy(env, agent)`` -> an action index, decided from that agent's view only
(``Player.choose``). The OpenSpiel side (our levels as its bots, its bots as our players) is
``cuttle.env.bots``, apart so that this works where OpenSpiel is not installed.
"""

from __future__ import annotations

from typing import Any

from cuttle import Game
from cuttle.ai import make_player
from cuttle.env.actions import action_of


def _unwrapped_game(env: Any) -> Game:
    return env.unwrapped.game  # type: ignore[no-any-return]


class LevelPolicy:
    """A level of ours (``"medium"``, ``"hard"``, options as ``make_player`` takes them) acting
    for PettingZoo agents: ``policy(env, agent)`` is the index of the move it picks."""

    def __init__(self, level: str, seed: int | None = None, **options: Any) -> None:
        self.player = make_player(level, seed=seed, **options)

    def __call__(self, env: Any, agent: str) -> int:
        game = _unwrapped_game(env)
        if game.to_move != env.unwrapped.seat(agent):
            raise ValueError(f"it is not {agent}'s move")
        return action_of(self.player.choose(game))


__all__ = ["LevelPolicy"]
