"""The single-agent Gymnasium environment (cuttle/Cuttle-v0): Gymnasium's own checker at two,
three and four seats, the learner's seat, our levels in the others, vectorized play, and the
illegal-action rule of both environments."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import cuttle.env  # noqa: E402,F401  # registers cuttle/Cuttle-v0
from cuttle.ai import LEVELS, levels_for  # noqa: E402
from cuttle.env.actions import NUM_ACTIONS, action_of  # noqa: E402
from cuttle.env.observation import observe  # noqa: E402
from cuttle.env.pettingzoo import raw_env  # noqa: E402
from cuttle.env.scoring import returns  # noqa: E402
from cuttle.env.single import CuttleGymEnv  # noqa: E402

SEATS = {"classic": 2, "classic+cutthroat": 3, "cuttlecards+teams": 4}


@pytest.mark.parametrize("rules", list(SEATS))
def test_gymnasium_check_env(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on a Box of 0..1 and the like
        check_env(gymnasium.make("cuttle/Cuttle-v0", rules=rules).unwrapped,
                  skip_render_check=True)


def play(e: CuttleGymEnv, seed: int) -> tuple[float, int]:
    """One game of random legal learner moves: its reward and the learner's steps."""
    rng = np.random.default_rng(seed)
    obs, info = e.reset(seed=seed)
    steps = 0
    while True:
        game = e.unwrapped.game
        assert game.to_move == info["seat"]  # the learner acts at every step
        assert np.array_equal(obs, observe(game, info["seat"]))
        legal = {action_of(m) for m in game.legal_moves()}
        assert set(np.flatnonzero(info["action_mask"])) == legal
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(sorted(legal))))
        steps += 1
        if terminated or truncated:
            assert info["action_mask"].sum() == 0
            return reward, steps
        assert reward == 0


@pytest.mark.parametrize(("rules", "opponents"), [
    ("classic", "medium"), ("classic+cutthroat", "random"), ("cuttlecards+teams", "random"),
])
def test_the_learner_plays_our_levels_and_gets_its_return(rules: str, opponents: str) -> None:
    e = gymnasium.make("cuttle/Cuttle-v0", rules=rules, opponents=opponents, seat=1)
    for seed in range(3):
        reward, steps = play(e, seed)
        game = e.unwrapped.game
        assert game.outcome is not None and steps >= 1
        assert reward == returns(game)[1]
        assert {p for p, _ in game.history} == set(range(SEATS[rules]))  # the others played


def test_the_seat_rotates_with_each_reset_and_a_seed_restarts_it() -> None:
    e = CuttleGymEnv(rules="classic+cutthroat")
    seats = [e.reset(seed=5 if i == 0 else None)[1]["seat"] for i in range(4)]
    assert seats == [0, 1, 2, 0]
    assert e.reset(seed=5)[1]["seat"] == 0
    chosen = CuttleGymEnv(rules="cuttlecards+teams", seat="random")
    picks = [chosen.reset(seed=s)[1]["seat"] for s in range(12)]
    assert picks == [chosen.reset(seed=s)[1]["seat"] for s in range(12)] and len(set(picks)) > 1


def test_a_seeded_game_is_the_same_game() -> None:
    a, b = CuttleGymEnv(opponents="medium"), CuttleGymEnv(opponents="medium")
    assert play(a, 3) == play(b, 3)
    assert a.game.history == b.game.history


def test_opponents_are_checked_when_the_environment_is_made() -> None:
    with pytest.raises(ValueError, match="opponents must be one level name or 2 of them"):
        CuttleGymEnv(rules="classic+cutthroat", opponents=["random"])
    with pytest.raises(ValueError, match="unknown AI level"):
        CuttleGymEnv(opponents="grandmaster")
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 1"):
        CuttleGymEnv(seat=2)
    e = CuttleGymEnv(opponents=["hard:iterations=20"])
    assert e.opponents == [("hard", {"iterations": 20})]
    missing = [lvl for lvl in LEVELS if lvl not in levels_for(4)]
    if missing:  # a level that cannot play a table of four: refused in its own words
        with pytest.raises(ValueError, match=f"the {missing[0]} AI plays"):
            CuttleGymEnv(rules="classic+teams", opponents=missing[0])
    for level in levels_for(4):
        CuttleGymEnv(rules="classic+teams", opponents=level)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasium_vector_runs_it(mode: str) -> None:
    vec = gymnasium.make_vec("cuttle/Cuttle-v0", num_envs=2, vectorization_mode=mode,
                             rules="classic+cutthroat")
    try:
        obs, info = vec.reset(seed=1)
        assert obs.shape == (2, len(observe(CuttleGymEnv(rules="classic+cutthroat").game, 0)))
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(60):
            actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0
                       for m in info["action_mask"]]
            obs, reward, terminated, truncated, info = vec.step(np.array(actions))
            ended += int(np.sum(terminated | truncated))
        assert ended >= 1  # cutthroat games are short: some ended, and the vector reset them
    finally:
        vec.close()


def test_the_gym_environment_refuses_or_loses_an_illegal_action() -> None:
    strict = CuttleGymEnv(illegal="raise")
    strict.reset(seed=2)
    before = strict.game.to_position()
    with pytest.raises(ValueError, match="is not legal now for player_0"):
        strict.step(NUM_ACTIONS - 1)
    assert strict.game.to_position() == before
    loose = CuttleGymEnv()  # illegal="lose"
    loose.reset(seed=2)
    obs, reward, terminated, truncated, info = loose.step(NUM_ACTIONS - 1)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert loose.game.outcome is None and info["action_mask"].sum() == 0
    with pytest.raises(ValueError, match="the game is over: call reset"):
        loose.step(0)


@pytest.mark.parametrize("rules", list(SEATS))
def test_pettingzoo_illegal_lose_gives_the_offender_minus_one_and_ends_the_game(
        rules: str) -> None:
    e = raw_env(rules=rules, illegal="lose")
    e.reset(seed=3)
    offender = e.agent_selection
    e.step(action_of("pass"))  # not legal with cards in the deck
    assert all(e.terminations.values())
    assert e.rewards == {a: -1.0 if a == offender else 0.0 for a in e.agents}
    totals = dict.fromkeys(e.agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        assert terminated and obs["action_mask"].sum() == 0
        assert info["illegal_action"] == offender
        e.step(None)
    assert totals == {a: -1.0 if a == offender else 0.0 for a in totals}
