"""Our AI levels for PettingZoo agents: :class:`LevelPolicy`, any level of ``cuttle.ai`` as a
policy, ``policy(env, agent)`` -> an action index, decided from that agent's view only
(``Player.choose``). The OpenSpiel side (our levels as its bots, its bots as our players) is
``cuttle.env.bots``, apart so that this works where OpenSpiel is not installed.

Which levels play which rules: :data:`SEAT_LEVELS`, :func:`levels_for` and
:func:`check_level`, so that a level refuses a game it cannot play before the first move.
"""

from __future__ import annotations

from typing import Any

from cuttle import Game
from cuttle.ai import LEVELS, make_player
from cuttle.env.actions import action_of
from cuttle.rules import Rules

#: The levels of ``cuttle.ai`` that play a game of each number of seats. Every level plays
#: two; at three and four (the modes) only ``random`` does so far: the others read positions
#: of two seats and fail on the first move of a mode (a later issue teaches them the modes;
#: tests/env/test_env_players.py fails as soon as one of them plays there, to update this).
SEAT_LEVELS: dict[int, tuple[str, ...]] = {2: LEVELS, 3: ("random",), 4: ("random",)}
_SEATS_WORD = {2: "two", 3: "three", 4: "four"}


def levels_for(rules: str | Rules) -> tuple[str, ...]:
    """The levels of ours that play ``rules`` (a ruleset's text or a :class:`Rules`)."""
    parsed = rules if isinstance(rules, Rules) else Rules.parse(str(rules))
    return SEAT_LEVELS[parsed.players]


def check_level(level: str, rules: str | Rules) -> None:
    """Raise ValueError, in one line naming the levels that can, when ``level`` cannot play
    ``rules``."""
    parsed = rules if isinstance(rules, Rules) else Rules.parse(str(rules))
    name = str(level).strip().lower().split(":")[0]
    can = levels_for(parsed)
    if name in LEVELS and name not in can:
        raise ValueError(
            f"our level {name!r} does not play {parsed} ({_SEATS_WORD[parsed.players]} seats): "
            f"only {', '.join(can)} plays {_SEATS_WORD[parsed.players]} seats so far "
            f"({', '.join(SEAT_LEVELS[2])} play two)"
        )


class LevelPolicy:
    """A level of ours (``"medium"``, ``"hard"``, options as ``make_player`` takes them) acting
    for PettingZoo agents: ``policy(env, agent)`` is the index of the move it picks. With
    ``rules`` it refuses now a ruleset the level cannot play; without, on its first call."""

    def __init__(self, level: str, seed: int | None = None, rules: str | Rules | None = None,
                 **options: Any) -> None:
        self.level = str(level).strip().lower()
        self._checked: set[object] = set()
        if rules is not None:
            self._check(rules if isinstance(rules, Rules) else Rules.parse(str(rules)))
        self.player = make_player(level, seed=seed, **options)

    def _check(self, rules: Rules) -> None:
        if rules not in self._checked:
            check_level(self.level, rules)
            self._checked.add(rules)

    def __call__(self, env: Any, agent: str) -> int:
        game: Game = env.unwrapped.game
        self._check(game.rules)
        if game.to_move != env.unwrapped.seat(agent):
            raise ValueError(f"it is not {agent}'s move")
        return action_of(self.player.choose(game))


__all__ = ["SEAT_LEVELS", "LevelPolicy", "check_level", "levels_for"]
