"""Cuttle as a PettingZoo AEC environment (docs/env.md).

>>> from cuttle.env.pettingzoo import env
>>> e = env(rules="classic")
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> action = int(obs["action_mask"].nonzero()[0][0])   # any legal action
>>> e.step(action)

Agents ``player_0`` .. (seat numbers); the action space is ``Discrete(NUM_ACTIONS)``, the fixed
numbering of :mod:`cuttle.env.actions`; each observation is a dict of ``observation`` (the seat's
vector, :mod:`cuttle.env.observation`, from its view only) and ``action_mask`` (ones at the legal
moves of the agent to act, zeros for every other agent). Rewards are 0 until the end, then the
returns of :mod:`cuttle.env.scoring` (two seats: +1 the winner, -1 the loser, 0 a draw). A game
longer than ``max_plies`` is truncated. Two seats, or three and four in the modes (``rules=
"classic+cutthroat"``, ``"cuttlecards+teams"``): the agents are the game's seats.

Turn-based, one agent acting at a time (a 4's victim or a counter between the turns).
:func:`parallel_env` offers it through PettingZoo's own ``turn_based_aec_to_parallel``: each
step takes an action from every live agent and plays only that of the agent to act (the one
whose mask has ones; ``infos[agent]["active_agent"]`` names it after a step); the others'
actions are ignored, their masks all zeros.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from cuttle import Game
from cuttle.env.actions import NUM_ACTIONS, action_of, legal_actions, move_of
from cuttle.env.observation import observe, seats_of, size
from cuttle.env.render import table_text
from cuttle.env.scoring import returns
from cuttle.rules import Rules

MAX_PLIES = 5000  # as cuttle arena: a game this long is ended (truncated)


def action_mask(game: Game) -> npt.NDArray[np.int8]:
    """Ones at the indices of ``game``'s legal moves (all zeros once it is over)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[np.array(legal_actions(game), dtype=np.intp)] = 1  # an index array: a list is slow
    return mask


class CuttleEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """The AEC environment of one ruleset. ``game`` is the :class:`~cuttle.Game` being played
    (read it for analysis; a policy reads only what its seat sees, as :class:`LevelPolicy`)."""

    metadata = {"render_modes": ["ansi"], "name": "cuttle_v0", "is_parallelizable": False}

    def __init__(self, rules: str | Rules = "classic", render_mode: str | None = None,
                 max_plies: int = MAX_PLIES) -> None:
        EzPickle.__init__(self, rules=str(rules), render_mode=render_mode, max_plies=max_plies)
        super().__init__()
        self.rules = str(Rules.parse(str(rules)))
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
            raise ValueError(f"max_plies must be a positive int, not {max_plies!r}")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.game = Game.new(seed=0, rules=self.rules)
        self.seats = seats_of(self.game)
        self.possible_agents = [f"player_{i}" for i in range(self.seats)]
        self.agents = self.possible_agents[:]
        length = size(self.seats)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (length,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._deals = random.Random()
        self._plies = 0
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        """The seat number of an agent name."""
        return self.possible_agents.index(agent)

    def _reset_state(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move or 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: ``Game.new(seed=seed)`` when a seed is given; otherwise the next deal of
        the generator the last seed started (so a seeded run of resets is reproducible)."""
        if seed is not None:
            self._deals = random.Random(seed)
            deal = seed
        else:
            deal = self._deals.randrange(2**31)
        self.game = Game.new(seed=deal, rules=self.rules)
        self._plies = 0
        self._reset_state()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.seat(agent)
        mine = self.game.outcome is None and self.game.to_move == seat
        mask = action_mask(self.game) if mine else np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": np.minimum(observe(self.game, seat), 1.0), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = move_of(int(action)) if action is not None else None
        legal = self.game.legal_moves()
        if move is None or move not in legal:
            raise ValueError(
                f"action {action!r} is not legal now for {agent}: the mask lists "
                f"{len(legal)} legal actions, e.g. {action_of(legal[0])} ({legal[0]})"
            )
        self._cumulative_rewards[agent] = 0.0
        self.game.play(move)
        self._plies += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.outcome is not None:
            for a, r in zip(self.agents, returns(self.game), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self._plies >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.game.to_move or 0]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as the agent to act sees it (``render_mode="ansi"``), as text."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode; call env(render_mode='ansi')")
            return None
        viewer = self.seat(self.agent_selection)
        return table_text(self.game, viewer, self.possible_agents)

    def close(self) -> None:
        pass


def raw_env(rules: str | Rules = "classic", render_mode: str | None = None,
            max_plies: int = MAX_PLIES) -> CuttleEnv:
    """The environment without PettingZoo's wrappers."""
    return CuttleEnv(rules=rules, render_mode=render_mode, max_plies=max_plies)


def env(rules: str | Rules = "classic", render_mode: str | None = None,
        max_plies: int = MAX_PLIES) -> AECEnv:
    """The environment, wrapped in PettingZoo's order check (reset before step, and so on)."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, render_mode, max_plies))


def parallel_env(rules: str | Rules = "classic", render_mode: str | None = None,
                 max_plies: int = MAX_PLIES) -> ParallelEnv:
    """The environment as a PettingZoo ``ParallelEnv`` (``turn_based_aec_to_parallel`` of
    :func:`env`): ``step`` takes a dict with an action for every live agent and plays that of
    the agent to act; the others' actions are ignored (their masks are all zeros)."""
    return turn_based_aec_to_parallel(env(rules, render_mode, max_plies))


__all__ = ["MAX_PLIES", "CuttleEnv", "action_mask", "env", "parallel_env", "raw_env"]
