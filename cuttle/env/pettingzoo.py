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
whose mask has ones; ``infos[agent]["active_agent"]`` names it after ``reset`` and every step);
the others' actions are ignored, their masks all zeros.

An action is an integer index (Python or numpy, or a 0-d array); anything else, or a step before
``reset``, is a one-line ValueError that changes nothing. An index the mask does not list is the
same ValueError (``illegal="raise"``, the default) or, with ``illegal="lose"``, as PettingZoo's
classic games do: the offender's reward is -1, every other agent's 0, and the game ends.
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
from pettingzoo.utils.conversions import turn_based_aec_to_parallel_wrapper

from cuttle import Game
from cuttle.env.actions import NUM_ACTIONS, action_index, action_of, legal_actions, move_of
from cuttle.env.observation import observe, seats_of, size
from cuttle.env.render import table_picture, table_text
from cuttle.env.scoring import returns
from cuttle.rules import Rules

MAX_PLIES = 5000  # as cuttle arena: a game this long is ended (truncated)
RENDER_MODES = ("human", "ansi", "rgb_array")
ILLEGAL = ("raise", "lose")


def action_mask(game: Game) -> npt.NDArray[np.int8]:
    """Ones at the indices of ``game``'s legal moves (all zeros once it is over)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[np.array(legal_actions(game), dtype=np.intp)] = 1  # an index array: a list is slow
    return mask


class CuttleEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """The AEC environment of one ruleset. ``game`` is the :class:`~cuttle.Game` being played
    (read it for analysis; a policy reads only what its seat sees, as :class:`LevelPolicy`)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "cuttle_v0",
                "is_parallelizable": False, "render_fps": 2}

    def __init__(self, rules: str | Rules = "classic", render_mode: str | None = None,
                 max_plies: int = MAX_PLIES, illegal: str = "raise") -> None:
        EzPickle.__init__(self, rules=str(rules), render_mode=render_mode, max_plies=max_plies,
                          illegal=illegal)
        super().__init__()
        self.rules = str(Rules.parse(str(rules)))
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                             f"not {render_mode!r}")
        if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
            raise ValueError(f"max_plies must be a positive int, not {max_plies!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.illegal = illegal
        self._dealt = False  # no step before the first reset
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
        self._dealt = True
        self._reset_state()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.seat(agent)
        mine = (self.game.outcome is None and self.game.to_move == seat
                and not self.truncations.get(agent) and not self.terminations.get(agent))
        mask = action_mask(self.game) if mine else np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": observe(self.game, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if not self._dealt:
            raise ValueError("step() before reset(): call reset(seed=...) first to deal a game")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent}'s game is over: its only action is None, not "
                                 f"{action!r}")
            self._was_dead_step(action)
            return
        index = action_index(action)  # a ValueError for anything but an integer index
        move = move_of(index)
        legal = self.game.legal_moves()
        if move is None or move not in legal:
            if self.illegal == "lose":
                self._lose(agent)
                return
            raise ValueError(
                f"action {index!r} is not legal now for {agent}: the mask lists "
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
        if self.render_mode == "human":
            self.render()

    def _lose(self, agent: str) -> None:
        """``illegal="lose"``: the offender gets -1, the others 0, and the game ends (the engine's
        game stays as it was: its outcome is None)."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: -1.0 if a == agent else 0.0 for a in self.agents}
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a]["illegal_action"] = agent
        self._accumulate_rewards()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table as the agent to act sees it: ``"ansi"`` returns its text, ``"human"``
        prints that text (and returns None), ``"rgb_array"`` returns a picture of it."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode; call env(render_mode='ansi')")
            return None
        viewer = self.seat(self.agent_selection)
        if self.render_mode == "rgb_array":
            return table_picture(self.game, viewer, self.possible_agents)
        text = table_text(self.game, viewer, self.possible_agents)
        if self.render_mode == "human":
            print(text, end="", flush=True)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(rules: str | Rules = "classic", render_mode: str | None = None,
            max_plies: int = MAX_PLIES, illegal: str = "raise") -> CuttleEnv:
    """The environment without PettingZoo's wrappers."""
    return CuttleEnv(rules=rules, render_mode=render_mode, max_plies=max_plies, illegal=illegal)


def env(rules: str | Rules = "classic", render_mode: str | None = None,
        max_plies: int = MAX_PLIES, illegal: str = "raise") -> AECEnv:
    """The environment, wrapped in PettingZoo's order check (reset before step, and so on)."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, render_mode, max_plies, illegal))


class CuttleParallelEnv(turn_based_aec_to_parallel_wrapper):  # type: ignore[misc]
    """PettingZoo's ``turn_based_aec_to_parallel`` of the AEC environment, which also names
    the agent to act in the infos of ``reset`` and refuses, in one line, a ``step`` whose dict
    leaves that agent out."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        observations, infos = super().reset(seed=seed, options=options)
        self._dealt = True
        for agent in self.aec_env.agents:
            infos[agent]["active_agent"] = self.aec_env.agent_selection
        return observations, infos

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        if not getattr(self, "_dealt", False):
            raise ValueError("step() before reset(): call reset(seed=...) first to deal a game")
        if not isinstance(actions, dict):
            raise ValueError(f"step takes a dict of actions by agent, not {actions!r}")
        acting = self.aec_env.agent_selection
        if self.agents and acting not in actions:
            raise ValueError(f"the actions leave out {acting}, the agent to act now "
                             f"(infos[agent]['active_agent'] names it)")
        return super().step(actions)  # type: ignore[no-any-return]


def parallel_env(rules: str | Rules = "classic", render_mode: str | None = None,
                 max_plies: int = MAX_PLIES, illegal: str = "raise") -> ParallelEnv:
    """The environment as a PettingZoo ``ParallelEnv`` (``turn_based_aec_to_parallel`` of
    :func:`env`): ``step`` takes a dict with an action for every live agent and plays that of
    the agent to act; the others' actions are ignored (their masks are all zeros)."""
    return CuttleParallelEnv(env(rules, render_mode, max_plies, illegal))


__all__ = ["ILLEGAL", "MAX_PLIES", "RENDER_MODES", "CuttleEnv", "CuttleParallelEnv", "action_mask",
           "env", "parallel_env", "raw_env"]
