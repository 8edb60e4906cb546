"""Our AI levels for PettingZoo agents: :class:`LevelPolicy`, any level of ``cuttle.ai`` as a
policy, ``policy(env, agent)`` -> an action index, decided from that agent's view only
(``Player.choose``). The OpenSpiel side (our levels as its bots, its bots as our players) is
``cuttle.env.bots``, apart so that this works where OpenSpiel is not installed.

A level that cannot play the rules (``cuttle.ai.levels.levels_for``: at three and four seats
only ``random`` so far) is refused by :func:`check_level` before the first move.
"""

from __future__ import annotations

from typing import Any

from cuttle import Game
from cuttle.ai import LEVELS, levels_for, make_player
from cuttle.ai.base import seats_refusal
from cuttle.env.actions import action_of
from cuttle.rules import Rules


def check_level(level: str, rules: str | Rules) -> None:
    """Raise ValueError, in the AI's own one line naming the levels that can, when ``level``
    cannot play ``rules`` (a ruleset's text or a :class:`Rules`)."""
    parsed = rules if isinstance(rules, Rules) else Rules.parse(str(rules))
    name = str(level).strip().lower().split(":")[0]
    if name in LEVELS and name not in levels_for(parsed.players):
        raise ValueError(seats_refusal(name, parsed.players))


class LevelPolicy:
    """A level of ours (``"medium"``, ``"hard"``, options as ``make_player`` takes them) acting
    for PettingZoo agents: ``policy(env, agent)`` is the index of the move it picks. With
    ``rules`` it refuses now a ruleset the level cannot play (without, the level refuses it at
    its first call, before it reads the game)."""

    def __init__(self, level: str, seed: int | None = None, rules: str | Rules | None = None,
                 **options: Any) -> None:
        if rules is not None:
            check_level(level, rules)
        self.player = make_player(level, seed=seed, **options)

    def __call__(self, env: Any, agent: str) -> int:
        game: Game = env.unwrapped.game
        if game.to_move != env.unwrapped.seat(agent):
            raise ValueError(f"it is not {agent}'s move")
        return action_of(self.player.choose(game))


__all__ = ["LevelPolicy", "check_level"]
