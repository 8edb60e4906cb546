"""Cuttle as an OpenSpiel Python game, ``python_cuttle`` (docs/env.md).

>>> import pyspiel
>>> import cuttle.env.openspiel            # registers the game
>>> game = pyspiel.load_game("python_cuttle", {"rules": "cuttlecards", "seed": 3})
>>> state = game.new_initial_state()      # a chance node: the deal
>>> state.apply_action(0)                 # deal 0 of seed 3: Game.new(seed=3 * DEALS + 0)

Parameters: ``rules`` (a preset with variants, ``"classic+joker"``, or a mode of three or four
seats, ``"classic+cutthroat"``, ``"cuttlecards+teams"``: ``num_players`` is the rules' number of
seats, the returns those of :mod:`cuttle.env.scoring`, zero-sum) and ``seed``. The first node
is chance: one of ``DEALS`` equally likely deals, deal ``k`` being ``Game.new(seed=seed * DEALS +
k)``; the game then follows the engine move for move, with the action numbering of
:mod:`cuttle.env.actions` (shared with the PettingZoo environment). Every move is public (a draw
names no card), so a seat's information state is its view (``game.view(seat)``) and the moves so
far; the observation is the view alone. The tensors are the vector of
:mod:`cuttle.env.observation`, from the seat's view. ``resample_from_infostate`` deals the
cards the seat cannot see at random (every hand it cannot see and the deck: ``Game.from_view``,
then ``Game.redeal`` for the next samples of the same state). A game reaching
``MAX_GAME_LENGTH`` moves ends drawn.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from cuttle import Game, Move
from cuttle.env.actions import ACTION_TEXTS, MAX_SEATS, NUM_ACTIONS, legal_actions, move_of
from cuttle.env.observation import observe, seats_of, size
from cuttle.env.scoring import returns
from cuttle.rules import Rules

SHORT_NAME = "python_cuttle"
DEALS = 1 << 16
MAX_GAME_LENGTH = 5000  # as cuttle arena: a game this long is scored as a draw
_PARAMS = {"rules": "classic", "seed": 0}
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Cuttle (the cuttle engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


class CuttleGame(pyspiel.Game):  # type: ignore[misc]
    """The game of one ruleset and seed."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMS, **(params or {})}
        self.rules = str(Rules.parse(str(params["rules"])))
        seed = params["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative int, not {seed!r}")
        self.seed = seed
        self.seats = seats_of(Game.new(seed=0, rules=self.rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=DEALS,
            num_players=self.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, {"rules": self.rules, "seed": seed})

    def new_initial_state(self) -> CuttleState:
        """The root: the chance node of the deal."""
        return CuttleState(self)

    def state_from_game(self, game: Game, moves: list[tuple[int, Move]] | None = None
                        ) -> CuttleState:
        """A state holding ``game`` (dealt already), with ``moves`` as the public moves so far
        (default ``game.history``): how our arena hands a position to an OpenSpiel bot."""
        state = CuttleState(self)
        state.game = game
        state.public = [(p, str(m)) for p, m in (game.history if moves is None else moves)]
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CuttleObserver:
        """The observer of strings and tensors (``perfect_recall``: the moves too)."""
        if params:
            raise ValueError(f"python_cuttle's observer takes no parameters, not {params!r}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CuttleObserver(size(self.seats), recall)


class _Held:
    """What a state holds. OpenSpiel clones a Python state with ``copy.deepcopy``; this copies
    the game with ``Game.copy`` (list copies) instead of walking every object of it."""

    __slots__ = ("game", "public", "samples")

    def __init__(self, game: Game | None, public: list[tuple[int, str]]) -> None:
        self.game = game
        self.public = public  # (seat, move text) of every move since the deal
        self.samples: dict[int, Game] = {}  # per seat: a game from its view, to redeal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(None if self.game is None else self.game.copy(), self.public[:])


class CuttleState(pyspiel.State):  # type: ignore[misc]
    """A state: before the deal (chance), then the engine's :class:`~cuttle.Game` (``game``)
    and the public moves so far (``public``, ``(seat, move text)``)."""

    def __init__(self, game: CuttleGame) -> None:
        super().__init__(game)
        self._held = _Held(None, [])

    @property
    def game(self) -> Game | None:
        return self._held.game

    @game.setter
    def game(self, value: Game | None) -> None:
        self._held.game = value

    @property
    def public(self) -> list[tuple[int, str]]:
        return self._held.public

    @public.setter
    def public(self, value: list[tuple[int, str]]) -> None:
        self._held.public = value

    def current_player(self) -> int:
        held = self._held  # read once: a search asks this at every step
        g = held.game
        if g is None:
            return _CHANCE
        if g.outcome is not None or len(held.public) >= MAX_GAME_LENGTH:
            return _TERMINAL
        return g.to_move  # type: ignore[return-value]  # in play: a seat

    def _over(self) -> bool:
        held = self._held
        g = held.game
        return g is not None and (g.outcome is not None or len(held.public) >= MAX_GAME_LENGTH)

    def _legal_actions(self, player: int) -> list[int]:
        game = self._held.game
        assert game is not None
        return legal_actions(game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / DEALS
        return [(k, p) for k in range(DEALS)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            g = self.get_game()
            self.game = Game.new(seed=g.seed * DEALS + int(action), rules=g.rules)
            return
        move = move_of(int(action))
        assert move is not None
        seat = self.game.to_move
        assert seat is not None
        self.game.play(move)
        self.public.append((seat, str(move)))
        self._held.samples = {}

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return ACTION_TEXTS[action]

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list[float]:
        if self.game is None:
            return [0.0] * self.get_game().seats
        return returns(self.game)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CuttleState:
        """A state with the same information state for ``player_id``: the cards that seat cannot
        see dealt at random (``probability_sampler()`` seeds the deal)."""
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        state = CuttleState(self.get_game())
        state.public = self.public[:]
        if self.game is None:
            return state
        base = self._held.samples.get(player_id)
        if base is None:
            base = self._held.samples[player_id] = Game.from_view(self.game.view(player_id), rng)
            base.seed = self.game.seed  # four-random draws from the game's seed
        state.game = base.redeal(player_id, rng)
        return state

    def __str__(self) -> str:
        if self.game is None:
            return "deal pending"
        return json.dumps(self.game.to_position(), sort_keys=True)


class CuttleObserver:
    """OpenSpiel's observer of ``python_cuttle``: the view's vector and text of one seat."""

    def __init__(self, length: int, perfect_recall: bool) -> None:
        self.tensor = np.zeros(length, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: CuttleState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = np.minimum(observe(state.game, player), 1.0)

    def string_from(self, state: CuttleState, player: int) -> str:
        if state.game is None:
            return f"p{player} deal pending"
        text = f"p{player} " + json.dumps(state.game.view(player), sort_keys=True,
                                          separators=(",", ":"))
        if self.perfect_recall:
            text += " moves " + ",".join(f"{p}:{m}" for p, m in state.public)
        return text


pyspiel.register_game(_GAME_TYPE, CuttleGame)

__all__ = ["DEALS", "MAX_GAME_LENGTH", "SHORT_NAME", "CuttleGame", "CuttleState"]
