"""Cuttle as a single-agent Gymnasium environment: one learner against fixed opponents, our levels
(docs/env.md).

>>> import gymnasium
>>> import cuttle.env                       # registers cuttle/Cuttle-v0
>>> e = gymnasium.make("cuttle/Cuttle-v0", rules="classic", opponents="medium")
>>> obs, info = e.reset(seed=7)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = e.step(action)

The learner holds one seat (``seat``: a number, ``"rotate"`` or ``"random"``), every other seat
is one of our levels (``opponents``: a level name for all of them, or one a seat in seat order
after the learner's, each ``"level"`` or ``"level:option=value,..."``; ``cuttle.ai.levels_for``
says which levels play a table of that size, and any other is refused when the environment is
made). A step plays the learner's move, then the others' until the learner must act again or
the game ends. The observation is the learner's vector (:mod:`cuttle.env.observation`); the
legal moves are ``info["action_mask"]`` (and :meth:`CuttleGymEnv.action_masks`, the name
sb3-contrib's ``MaskablePPO`` calls). The reward is the learner's return at the end
(:mod:`cuttle.env.scoring`), 0 before. ``illegal="lose"`` (the default here: Gymnasium's own
tools, ``check_env`` and a random agent, step unmasked actions) ends the game with -1 for an
illegal move, as PettingZoo's classic games do; ``illegal="raise"`` refuses it in one line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cuttle.env.actions import NUM_ACTIONS
from cuttle.env.observation import size
from cuttle.env.pettingzoo import MAX_PLIES, RENDER_MODES, CuttleEnv, action_mask
from cuttle.env.players import LevelPolicy, check_level
from cuttle.env.render import table_picture, table_text
from cuttle.rules import Rules

ENV_ID = "cuttle/Cuttle-v0"
SEATINGS = ("rotate", "random")
Policy = Callable[[Any, str], int]


def _options(spec: str) -> tuple[str, dict[str, Any]]:
    """``"hard:iterations=300,rollout=2"`` -> ``("hard", {"iterations": 300, ...})``."""
    level, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"an opponent's option is key=value, not {item!r} (in {spec!r})")
        try:
            options[key.strip()] = int(value) if value.strip().lstrip("-").isdigit() \
                else float(value)
        except ValueError:
            options[key.strip()] = value.strip()
    return level.strip().lower(), options


class CuttleGymEnv(gymnasium.Env[npt.NDArray[np.float32], Any]):
    """One learner against our levels. ``game`` (``unwrapped.game``) is the game being played,
    for analysis; ``seat`` the learner's seat in it."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, rules: str | Rules = "classic", opponents: str | Sequence[str] = "random",
                 seat: int | str = "rotate", illegal: str = "lose", max_plies: int = MAX_PLIES,
                 render_mode: str | None = None) -> None:
        self.aec = CuttleEnv(rules=rules, max_plies=max_plies, illegal=illegal)
        self.rules = self.aec.rules
        n = self.seats = len(self.aec.possible_agents)
        if isinstance(seat, bool) or not (seat in SEATINGS or isinstance(seat, int)
                                          and 0 <= seat < n):
            raise ValueError(f"seat must be a seat from 0 to {n - 1}, 'rotate' or 'random', "
                             f"not {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                             f"not {render_mode!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1 or not all(isinstance(s, str) for s in specs):
            raise ValueError(f"opponents must be one level name or {n - 1} of them (a table of "
                             f"{n}), not {opponents!r}")
        self.opponents = [_options(s) for s in specs]
        for level, _ in self.opponents:
            check_level(level, self.rules)  # a level that cannot play the table: refused now
        self.seating = seat
        self.seat = seat if isinstance(seat, int) else 0
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (size(n),), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._policies: dict[int, Policy] = {}
        self._players(0)  # an unknown level or option: refused now, not at the first reset
        self._seats = random.Random()
        self._turn = -1  # resets since the rotation started
        self._dealt = False

    @property
    def game(self) -> Any:
        return self.aec.game

    def _players(self, seed: int) -> None:
        """Our levels in every seat but the learner's, seeded from ``seed``."""
        self._policies = {}
        others = [(self.seat + k) % self.seats for k in range(1, self.seats)]
        for k, (other, (level, options)) in enumerate(zip(others, self.opponents, strict=True)):
            self._policies[other] = LevelPolicy(level, seed=seed * 8 + k, **options)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new deal (``Game.new(seed=seed)`` with a seed, as the PettingZoo environment), the
        learner's seat chosen, and the others' moves until the learner's first."""
        super().reset(seed=seed)
        if seed is not None:
            self._seats = random.Random(seed)
            self._turn = -1
        self._turn += 1
        if self.seating == "rotate":
            self.seat = self._turn % self.seats
        elif self.seating == "random":
            self.seat = self._seats.randrange(self.seats)
        self._players(self._seats.randrange(2**31))
        self.aec.reset(seed=seed)
        self._dealt = True
        self._others()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def _others(self) -> None:
        """Our levels' moves until the learner must act or the game is over."""
        aec = self.aec
        while not self._over() and aec.game.to_move != self.seat:
            agent = aec.agent_selection
            aec.step(self._policies[aec.seat(agent)](aec, agent))

    def _over(self) -> bool:
        agent = self.aec.possible_agents[self.seat]
        return self.aec.terminations[agent] or self.aec.truncations[agent]

    def _observation(self) -> npt.NDArray[np.float32]:
        return self.aec.observe(self.aec.possible_agents[self.seat])["observation"]

    def action_masks(self) -> npt.NDArray[np.int8]:
        """Ones at the learner's legal moves (all zeros once the game is over)."""
        if self._over() or self.aec.game.to_move != self.seat:
            return np.zeros(NUM_ACTIONS, dtype=np.int8)
        return action_mask(self.aec.game)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], float, bool, bool,
                                         dict[str, Any]]:
        """The learner's move, then the others' until the learner's next; the reward is the
        learner's return once the game ends (-1 for an illegal move under ``illegal="lose"``)."""
        if not self._dealt:
            raise ValueError("step() before reset(): call reset(seed=...) first to deal a game")
        if self._over():
            raise ValueError("the game is over: call reset() for the next one")
        aec = self.aec
        me = aec.possible_agents[self.seat]
        aec.step(action)  # a ValueError for a malformed or (illegal="raise") an illegal action
        if not self._over():
            self._others()
        reward = aec._cumulative_rewards[me] if self._over() else 0.0
        if self.render_mode == "human":
            self.render()
        return (self._observation(), float(reward), bool(aec.terminations[me]),
                bool(aec.truncations[me]), self._info())

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table as the learner sees it: text (``ansi``), printed (``human``) or a picture
        (``rgb_array``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: make the environment "
                                  "with render_mode='ansi', 'human' or 'rgb_array'")
            return None
        names = self.aec.possible_agents
        if self.render_mode == "rgb_array":
            return table_picture(self.aec.game, self.seat, names)
        text = table_text(self.aec.game, self.seat, names)
        if self.render_mode == "human":
            print(text, end="", flush=True)
            return None
        return text


__all__ = ["ENV_ID", "SEATINGS", "CuttleGymEnv"]
