"""OpenSpiel's side: our levels as its bots, its bots as our players.

- :class:`LevelBot`: a level of ``cuttle.ai`` as an OpenSpiel bot (``pyspiel.Bot``) of
  ``python_cuttle``, deciding from its seat's view (``Player.choose``).
- :func:`make_bot`: OpenSpiel's ``ismcts``, ``mcts`` or ``random`` bot for ``python_cuttle``.
- :class:`OpenSpielPlayer`: such a bot as one of our players, so ``cuttle arena hard
  openspiel:ismcts`` seats it: it is handed a state built from its seat's view
  (``Game.from_view``) and the public moves, never the real deal.
- :func:`play_bots`: one game between bots.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from cuttle import Game, Move
from cuttle.ai import make_player
from cuttle.ai.base import Player, View
from cuttle.env.actions import action_of, move_of
from cuttle.env.players import check_level
from cuttle.rules import Rules

BOTS = ("ismcts", "mcts", "random")
#: OpenSpiel's own settings where it has them; the UCT constant is that of its MCTS example.
DEFAULTS: dict[str, dict[str, Any]] = {
    "ismcts": {"simulations": 1000, "uct_c": 2.0},
    "mcts": {"simulations": 1000, "uct_c": 2.0},
    "random": {},
}


class LevelBot(pyspiel.Bot):  # type: ignore[misc]
    """A level of ours as an OpenSpiel bot of ``python_cuttle``. With ``rules`` (or in
    :func:`play_bots`) it refuses now a ruleset the level cannot play (``check_level``; without,
    the level refuses it at its first step, before it reads the game)."""

    def __init__(self, level: str, seed: int | None = None, rules: str | Rules | None = None,
                 **options: Any) -> None:
        super().__init__()
        if rules is not None:
            check_level(level, rules)
        self.level = level
        self.player = make_player(level, seed=seed, **options)

    def step(self, state: Any) -> int:
        """The action our level picks in ``state`` (from its view: ``Player.choose``)."""
        return action_of(self.player.choose(state.game))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


class _UniformBot(pyspiel.Bot):  # type: ignore[misc]
    """A uniformly random move of the seat to act. (OpenSpiel's ``UniformRandomBot`` is bound to
    one player id and returns -1, no action, on any other seat's move.)"""

    def __init__(self, rs: Any) -> None:
        super().__init__()
        self.rs = rs

    def step(self, state: Any) -> int:
        """A legal action of ``state``'s player, uniformly."""
        return int(self.rs.choice(state.legal_actions()))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


def make_bot(name: str, game: Any, seed: int, **options: Any) -> Any:
    """OpenSpiel's bot ``name`` (see ``BOTS``) for ``game``, with ``simulations`` and ``uct_c``
    options (``DEFAULTS``). Raises ValueError for an unknown bot or option."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    if name not in BOTS:
        raise ValueError(f"unknown OpenSpiel bot {name!r}: choose one of {', '.join(BOTS)}")
    unknown = sorted(set(options) - set(DEFAULTS[name]))
    if unknown:
        raise ValueError(f"unknown option for openspiel:{name}: {', '.join(unknown)}"
                         f" (it takes {', '.join(DEFAULTS[name]) or 'none'})")
    opts = {**DEFAULTS[name], **options}
    for key, value in opts.items():
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
        if not ok or (key == "simulations" and not isinstance(value, int)):
            raise ValueError(f"openspiel:{name}: {key} must be a positive number, not {value!r}")
    rs = np.random.RandomState(seed)
    if name == "random":
        return _UniformBot(rs)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if name == "ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, float(opts["uct_c"]), int(opts["simulations"]),
                               random_state=rs)
        # Its resampling draws from an unseeded sampler by default; seeded here, so that a
        # seeded bot plays the same game twice (OpenSpiel's own hook, nothing else changes).
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
        return bot
    return mcts.MCTSBot(game, float(opts["uct_c"]), int(opts["simulations"]), evaluator,
                        random_state=rs, solve=False)


def play_bots(game: Any, bots: list[Any], seed: int) -> list[float]:
    """One game of ``python_cuttle`` between OpenSpiel bots (one per seat; ``LevelBot`` among
    them), the deal drawn with ``seed``; the returns. A level that cannot play the ruleset is
    refused before the deal (``check_level``). (OpenSpiel's ``evaluate_bots`` calls
    ``restart_at``, which its Python ISMCTS bot does not have.)"""
    if len(bots) != game.num_players():
        raise ValueError(f"{game} is played by {game.num_players()} seats: "
                         f"give one bot a seat, not {len(bots)}")
    for bot in bots:
        if isinstance(bot, LevelBot):
            check_level(bot.level, str(game.get_parameters()["rules"]))
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return list(state.returns())


class OpenSpielPlayer(Player):
    """An OpenSpiel bot playing as one of our AI players (``cuttle arena``)."""

    hides_forced = False
    # OpenSpiel's python_cuttle seats two to four, and the bot decides on a state built from
    # its seat's view at any table size.
    max_players = 4

    def __init__(self, bot: str = "ismcts", seed: int | None = None, **options: Any) -> None:
        super().__init__(seed)
        self.level = f"openspiel:{bot}"
        self.bot_name = bot
        self.options = options
        self._games: dict[str, Any] = {}
        make_bot(bot, self._game("classic"), 0, **options)  # checks the name and options now

    def _game(self, rules: str) -> Any:
        """The ``python_cuttle`` game of a ruleset (loaded once)."""
        found = self._games.get(rules)
        if found is None:
            import cuttle.env.openspiel  # noqa: F401 - registers python_cuttle

            found = self._games[rules] = pyspiel.load_game("python_cuttle", {"rules": rules})
        return found

    def decide(self, view: View, seat: int, moves: list[Move], rng: random.Random
               ) -> tuple[Move, str]:
        game = self._game(str(view["rules"]))
        state = game.state_from_game(Game.from_view(view, rng), self.public_history)
        bot = make_bot(self.bot_name, game, rng.getrandbits(31), **self.options)
        move = move_of(int(bot.step(state)))
        if move is None or move not in moves:
            raise RuntimeError(f"{self.level} chose a move that is not legal: {move}")
        return move, f"{self.level}'s choice"


__all__ = ["BOTS", "DEFAULTS", "LevelBot", "OpenSpielPlayer", "make_bot", "play_bots"]
