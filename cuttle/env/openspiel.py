"""Cuttle as an OpenSpiel Python game, ``python_cuttle`` (docs/env.md).

>>> import pyspiel
>>> import cuttle.env.openspiel            # registers the game
>>> game = pyspiel.load_game("python_cuttle", {"rules": "cuttlecards", "seed": 3})
>>> state = game.new_initial_state()      # a chance node: the deal
>>> state.apply_action(0)                 # deal 0 of seed 3: Game.new(seed=3 * DEALS + 0)

Parameters: ``rules`` (a preset with variants, ``"classic+joker"``, or a mode of three or four
seats, ``"classic+cutthroat"``, ``"cuttlecards+teams"``: ``num_players`` is the rules' number of
seats, the returns those of :mod:`cuttle.env.scoring`, zero-sum), ``seed`` and ``deals`` (how
many deals the chance node offers, ``DEALS`` by default; fewer make a small game for CFR). The
first node is chance: one of ``deals`` equally likely deals, deal ``k`` being ``Game.new(seed=
seed * DEALS + k)``; the game then follows the engine move for move, with the action numbering
of :mod:`cuttle.env.actions` (shared with the PettingZoo environment). An action that is not
legal (after the end too) is the engine's one-line ``IllegalMoveError``, the state unchanged.

Observers (``make_py_observer``, OpenSpiel's ``make_observation``), by ``IIGObservationType``:
the observation (the default: the seat's view, its vector of :mod:`cuttle.env.observation`);
the information state (``perfect_recall=True``: the seat's history of what it saw, in order,
:class:`~cuttle.env.infostate.Recall`, and a tensor of the observation and every card the seat
has ever seen where); the public observation (``private_info=NONE``: what every seat sees); the
private part alone (``public_info=False``). Other types are refused in one line.
``resample_from_infostate`` deals the cards the seat cannot see at random (every hand it cannot
see and the deck: ``Game.from_view``, then ``Game.redeal`` for the next samples of the same
state). A game reaching ``MAX_GAME_LENGTH`` moves ends drawn.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from cuttle import Game, Move
from cuttle.cards import parse_card
from cuttle.engine.errors import IllegalMoveError
from cuttle.engine.search import child
from cuttle.env.actions import (
    ACTION_TEXTS,
    MAX_SEATS,
    NUM_ACTIONS,
    action_index,
    legal_actions,
    move_of,
)
from cuttle.env.infostate import Recall, memory_size, private_part, public_view
from cuttle.env.observation import CARDS, encode_view, observe, seats_of, size
from cuttle.env.scoring import returns
from cuttle.rules import Rules

SHORT_NAME = "python_cuttle"
DEALS = 1 << 16
MAX_GAME_LENGTH = 5000  # as cuttle arena: a game this long is scored as a draw
_PARAMS = {"rules": "classic", "seed": 0, "deals": DEALS}
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
        deals = params["deals"]
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= DEALS:
            raise ValueError(f"deals must be an int from 1 to {DEALS}, not {deals!r}")
        self.deals = deals
        p = 1.0 / deals
        self.chance = [(k, p) for k in range(deals)]  # built once: a state hands out this list
        self.seats = seats_of(Game.new(seed=0, rules=self.rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=deals,
            num_players=self.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, {"rules": self.rules, "seed": seed, "deals": deals})

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
        """The observer of an ``IIGObservationType`` (None: the observation); one it does not
        offer is refused in one line (see :class:`CuttleObserver`)."""
        if params:
            raise ValueError(f"python_cuttle's observer takes no parameters, not {params!r}")
        return CuttleObserver(self.seats, observer_kind(iig_obs_type))


class _Held:
    """What a state holds. OpenSpiel clones a Python state with ``copy.deepcopy``; this copies
    the game with ``Game.copy`` (list copies) instead of walking every object of it.

    The positions of the state are ``before + [game]``: ``before`` the positions each move left,
    from which a seat's history is read when it is asked for. They are kept lazily: a move
    records only itself (``tail``), after one copy of the position the first unread move left
    (``anchor``); :meth:`positions` replays them into ``before`` when a history is read. A random
    rollout (OpenSpiel's ``RandomRolloutEvaluator``, tens of moves per simulation) reads no
    history, so it no longer pays a copy of the game per move."""

    __slots__ = ("_before", "anchor", "epoch", "game", "public", "recalls", "samples", "tail")

    def __init__(self, game: Game | None, public: list[tuple[int, str]]) -> None:
        self.game = game
        self.public = public  # (seat, move text) of every move since the deal
        self.samples: dict[int, Game] = {}  # per seat: a game from its view, to redeal
        self._before: list[Game] = []
        self.anchor: Game | None = None  # the position the first move of ``tail`` left
        self.tail: list[Move] = []  # the moves played since, not yet replayed into ``before``
        self.recalls: dict[int, Recall] = {}  # per seat: its history, read so far
        self.epoch = 0  # how many times the game was replaced (a present read is then stale)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        held = _Held(None if self.game is None else self.game.copy(), self.public[:])
        held._before = self._before[:]  # the copies are never changed: shared
        held.anchor = self.anchor  # never changed either (a replay starts from a copy of it)
        held.tail = self.tail[:]
        held.recalls = {seat: r.copy() for seat, r in self.recalls.items()}
        held.epoch = self.epoch
        return held

    def positions(self) -> list[Game]:
        """``before``: a copy of each position a move left, in order (the unread moves are
        replayed on copies of ``anchor``: the engine is deterministic, four-random included)."""
        tail = self.tail
        if tail:
            g = self.anchor
            assert g is not None
            self._before.append(g)
            for move in tail[:-1]:
                g = child(g, move)
                self._before.append(g)
            self.anchor = None
            self.tail = []
        return self._before

    def recall(self, seat: int) -> Recall:
        """The seat's history, brought up to the present."""
        assert self.game is not None
        found = self.recalls.get(seat)
        if found is None:
            found = self.recalls[seat] = Recall()
        found.extend(seat, self.positions(), self.game, self.public, self.epoch)
        return found


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
        self._held.epoch += 1

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
        """The deals, equally likely: the game's one list (built once; do not change it)."""
        return self.get_game().chance  # type: ignore[no-any-return]

    def _apply_action(self, action: int) -> None:
        held = self._held
        if held.game is None:
            g = self.get_game()
            index = int(action)  # from OpenSpiel: an int
            if not 0 <= index < g.deals:
                raise IllegalMoveError(f"deal {index} is not one of this game's {g.deals} "
                                       f"deals (0 to {g.deals - 1})")
            held.game = Game.new(seed=g.seed * DEALS + index, rules=g.rules)
            return
        index = action_index(action)
        if self._over():
            end = held.game.outcome or "drawn at the move limit"
            raise IllegalMoveError(f"the game is over ({end}): no action is legal, not {index} "
                                   f"({ACTION_TEXTS[index]})")
        move = move_of(index)
        if move is None:  # only an engine that cannot parse a text of the numbering
            raise IllegalMoveError(f"{ACTION_TEXTS[index]!r} is not a move of this engine")
        game = held.game
        seat = game.to_move
        if held.tail:
            game.play(move)  # an illegal move: IllegalMoveError, the game unchanged
        else:  # the first move since the positions were read: the position it leaves is kept
            before = game.copy(history=False)
            game.play(move)
            held.anchor = before
        held.tail.append(move)
        held.public.append((seat, str(move)))  # type: ignore[arg-type]  # in play: a seat
        held.samples = {}

    def public_observation_string(self) -> str:
        """What every seat sees now, the same for all (the public observer's string)."""
        return _PUBLIC.string_from(self, 0)

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
        # The seat's history goes with it (the sample's present is its last position); the
        # other seats' histories in the sample start at the sample, never at the real deal.
        mine = self._held.recall(player_id).copy()
        mine.covered = 0  # the sample keeps no copies: its present is the seat's present
        mine.key = None
        state._held.recalls = {player_id: mine}
        return state

    def __str__(self) -> str:
        if self.game is None:
            return "deal pending"
        return json.dumps(self.game.to_position(), sort_keys=True)


KINDS = ("observation", "information_state", "public", "private")


def observer_kind(iig_obs_type: Any) -> str:
    """Which of ``KINDS`` an ``IIGObservationType`` asks for (None: the observation). Raises
    ValueError, in one line, for a type this game does not offer."""
    if iig_obs_type is None:
        return "observation"
    recall = bool(iig_obs_type.perfect_recall)
    public = bool(iig_obs_type.public_info)
    private = iig_obs_type.private_info
    single = pyspiel.PrivateInfoType.SINGLE_PLAYER
    none = pyspiel.PrivateInfoType.NONE
    if public and private == single:
        return "information_state" if recall else "observation"
    if not recall and public and private == none:
        return "public"
    if not recall and not public and private == single:
        return "private"
    raise ValueError(
        f"python_cuttle offers the observation, the information state (perfect_recall), the "
        f"public observation (private_info=NONE) and the private part (public_info=False), "
        f"not perfect_recall={recall}, public_info={public}, private_info={private.name}")


class CuttleObserver:
    """OpenSpiel's observer of ``python_cuttle``, of one of ``KINDS``:

    - ``observation``: the seat's view as JSON, its vector (:mod:`cuttle.env.observation`);
    - ``information_state``: the seat's history (``Recall``), the vector followed by every card
      the seat has ever seen where (``memory``: a block per relative seat's hand, then the
      deck and the revealed cards);
    - ``public``: what every seat sees (``public_view``), the same for every player, its vector
      from seat 0;
    - ``private``: what the seat sees beyond it (``private_part``), a plane of cards per
      relative seat's hand and one of the deck.
    """

    def __init__(self, seats: int, kind: str) -> None:
        self.seats = seats
        self.kind = kind
        self.perfect_recall = kind == "information_state"
        if kind == "information_state":
            length = size(seats) + memory_size(seats)
        elif kind == "private":
            length = (seats + 1) * CARDS
        else:
            length = size(seats)
        self.tensor = np.zeros(length, np.float32)
        if kind == "information_state":
            self.dict = {"observation": self.tensor[:size(seats)],
                         "memory": self.tensor[size(seats):]}
        else:
            self.dict = {kind: self.tensor}

    def set_from(self, state: CuttleState, player: int) -> None:
        game = state.game
        if game is None:
            self.tensor.fill(0)
        elif self.kind == "observation":
            self.tensor[:] = observe(game, player)
        elif self.kind == "information_state":
            recall = state._held.recall(player)
            view = recall.current  # the seat's view now: the one observe would read
            assert view is not None
            self.tensor[:size(self.seats)] = encode_view(view, player, self.seats, game)
            self.tensor[size(self.seats):] = recall.memory_vector(player, self.seats)
        elif self.kind == "public":
            self.tensor[:] = encode_view(public_view(game), 0, self.seats, game)
        else:
            self.tensor.fill(0)
            part = private_part(game.view(player), public_view(game))
            for p, hand in enumerate(part["hands"]):
                for card in hand:
                    self.tensor[(p - player) % self.seats * CARDS + parse_card(card)] = 1
            for _, card in part["deck"]:
                self.tensor[self.seats * CARDS + parse_card(card)] = 1

    def string_from(self, state: CuttleState, player: int) -> str:
        game = state.game
        if game is None:
            return "deal pending" if self.kind == "public" else f"p{player} deal pending"
        if self.kind == "observation":
            return f"p{player} " + _compact(game.view(player))
        if self.kind == "information_state":
            return state._held.recall(player).text(player, state.public)
        if self.kind == "public":
            return "public " + _compact(public_view(game))
        return f"p{player} private " + _compact(private_part(game.view(player),
                                                             public_view(game)))


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


_PUBLIC = CuttleObserver(2, "public")  # string_from reads only the state


pyspiel.register_game(_GAME_TYPE, CuttleGame)

__all__ = ["DEALS", "KINDS", "MAX_GAME_LENGTH", "SHORT_NAME", "CuttleGame", "CuttleObserver",
           "CuttleState", "observer_kind"]
