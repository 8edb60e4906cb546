"""What a search's random rollout costs on python_cuttle, and that reading a seat's history late
reads the same history: a move keeps no copy of the game until a history is asked for (OpenSpiel's
ISMCTS, at four seats, spends nine tenths of a decision in rollouts of some eighty moves)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from envkit import MODE_RULESETS

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from cuttle import Game  # noqa: E402
from cuttle.env.openspiel import SHORT_NAME  # noqa: E402


def count_copies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count ``Game.copy`` calls from now on (in the one-element list returned)."""
    calls = [0]
    original = Game.copy

    def counted(self: Game, history: bool = True) -> Game:
        calls[0] += 1
        return original(self, history)

    monkeypatch.setattr(Game, "copy", counted)
    return calls


@pytest.mark.parametrize("rules", ["classic", *MODE_RULESETS])
def test_a_random_rollout_copies_the_game_twice_not_once_a_move(
        rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules})
    state = game.new_initial_state()
    state.apply_action(5)
    calls = count_copies(monkeypatch)
    rollout = state.clone()  # what RandomRolloutEvaluator.evaluate does: a clone, then moves
    rs = np.random.RandomState(5)
    moves = 0
    while not rollout.is_terminal():
        rollout.apply_action(rs.choice(rollout.legal_actions()))
        moves += 1
    assert moves > 10
    # the clone's copy, and one of the position the first move left (then none a move)
    assert calls[0] == 2
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    calls[0] = 0
    evaluator.evaluate(state)
    assert calls[0] == 2


@pytest.mark.parametrize("rules", ["classic", "classic+four-random", "cuttlecards+joker",
                                   *MODE_RULESETS])
def test_a_history_read_late_is_the_history_read_move_by_move(rules: str) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules})
    seats = game.num_players()
    eager = game.new_initial_state()
    eager.apply_action(7)
    lazy = eager.clone()
    rng = random.Random(rules)
    twin = None
    for ply in range(60):
        if eager.is_terminal():
            break
        for seat in range(seats):  # read every seat's history at every position
            eager.information_state_string(seat)
        action = rng.choice(eager.legal_actions())
        eager.apply_action(action)
        lazy.apply_action(action)  # never read until the end (but for one seat, once)
        if ply == 2:
            lazy.information_state_string(ply % seats)
        if ply == 5:
            twin = lazy.clone()  # cloned with moves not yet read: it reads them on its own
            twin_at = eager.clone()
    for seat in range(seats):
        assert lazy.information_state_string(seat) == eager.information_state_string(seat)
        assert lazy.information_state_tensor(seat) == eager.information_state_tensor(seat)
    assert twin is not None
    for seat in range(seats):
        assert twin.information_state_string(seat) == twin_at.information_state_string(seat)
