"""What OpenSpiel's search costs on python_cuttle, and that the savings change nothing it reads: a
move keeps no copy of the game until a history is asked for (ISMCTS, at four seats, spends nine
tenths of a decision in random rollouts of some eighty moves), reading a history late reads the
same history, and a state asked for its information state again does not build it again."""

from __future__ import annotations

import random

import numpy as np
import pytest
from envkit import MODE_RULESETS

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from cuttle import Game  # noqa: E402
from cuttle.env.infostate import Recall  # noqa: E402
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


@pytest.mark.parametrize("rules", ["classic", "classic+cutthroat", "classic+teams"])
def test_the_same_state_asked_again_builds_no_string_and_a_changed_one_does(
        rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules})
    state = game.new_initial_state()
    state.apply_action(4)
    built = [0]
    original = Recall._entry

    def counted(self: Recall, label: str, view: dict[str, object]) -> str:
        built[0] += 1
        return original(self, label, view)

    monkeypatch.setattr(Recall, "_entry", counted)
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(4, 0.0, 1.0)
    for _ in range(6):
        seat = state.current_player()
        first = state.information_state_string(seat)
        made = built[0]
        assert made > 0
        # what ISMCTS asks: the key to check a sample, twice to look a node up, once to make it
        assert [state.information_state_string(seat) for _ in range(3)] == [first] * 3
        assert built[0] == made
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == first
        assert built[0] > made  # the sample's present is read and written afresh
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break
        assert state.information_state_string(seat) != first
        assert state.information_state_string(seat).startswith(first + " | ")
