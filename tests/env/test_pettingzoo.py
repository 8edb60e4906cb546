"""The PettingZoo environment: PettingZoo's own API and seed tests for every ruleset, masks equal
to the legal moves, rewards at the end, and a rendered table that hides what the seat cannot see."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from envkit import MODE_RULESETS, RULESETS

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from cuttle.cards import card_text, pretty  # noqa: E402
from cuttle.env.actions import NUM_ACTIONS, action_of, move_of  # noqa: E402
from cuttle.env.observation import observe  # noqa: E402
from cuttle.env.pettingzoo import (  # noqa: E402
    MAX_PLIES,
    CuttleEnv,
    env,
    parallel_env,
    raw_env,
)
from cuttle.env.scoring import returns, winners  # noqa: E402


@pytest.mark.parametrize("rules", RULESETS)
def test_pettingzoo_api_test(rules: str) -> None:
    api_test(env(rules=rules), num_cycles=300)


@pytest.mark.parametrize("rules", RULESETS)
def test_pettingzoo_seed_test(rules: str) -> None:
    seed_test(lambda: env(rules=rules), num_cycles=200)


def play_random(e: CuttleEnv, seed: int, totals: dict[str, float] | None = None
                ) -> list[tuple[str, int]]:
    """One random game through the env, checking each mask against the engine on the way;
    each agent's rewards are added up in ``totals``."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    taken = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if totals is not None:
            totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            assert obs["action_mask"].sum() == 0
            e.step(None)
            continue
        game = e.unwrapped.game
        assert e.unwrapped.seat(agent) == game.to_move
        legal = {action_of(m) for m in game.legal_moves()}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        assert np.array_equal(obs["observation"], observe(game, game.to_move))
        for other in e.agents:
            if other != agent:
                assert e.observe(other)["action_mask"].sum() == 0
        action = rng.choice(sorted(legal))
        taken.append((agent, action))
        e.step(action)
    return taken


@pytest.mark.parametrize("rules", ["classic", "cuttlecards", "classic+joker", *MODE_RULESETS])
def test_masks_are_the_legal_moves_and_rewards_come_at_the_end(rules: str) -> None:
    e = raw_env(rules=rules)
    assert e.possible_agents == [f"player_{i}" for i in range(e.game.players)]
    for seed in range(6):
        totals: dict[str, float] = {}
        play_random(e, seed, totals)
        outcome = e.game.outcome
        assert outcome is not None
        assert sum(totals.values()) == pytest.approx(0.0)  # zero-sum at every seat count
        won = winners(outcome, e.game.players)
        if not won:
            assert set(totals.values()) == {0.0}
        else:
            lose = -len(won) / (e.game.players - len(won))  # two: -1; three: -1/2; teams: -1
            assert totals == {a: 1.0 if e.seat(a) in won else lose for a in e.possible_agents}


def test_same_seed_same_game_and_resets_without_seed_follow_it() -> None:
    a, b = raw_env(), raw_env()
    assert play_random(a, 11) == play_random(b, 11)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game.to_position() == b.game.to_position()
    a.reset(seed=5)
    assert a.game.to_position() != b.game.to_position()


def test_a_game_that_runs_too_long_is_truncated() -> None:
    e = raw_env(max_plies=3)
    e.reset(seed=1)
    for _ in range(3):
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.game.outcome is None or all(e.terminations.values())
    if e.game.outcome is None:
        assert all(e.truncations.values())
    assert MAX_PLIES == 5000


def test_an_illegal_action_is_refused_in_one_line_and_changes_nothing() -> None:
    e = raw_env()
    e.reset(seed=2)
    before = e.game.to_position()
    with pytest.raises(ValueError, match=r"^action 4841 is not legal now for player_0: "):
        e.step(NUM_ACTIONS - 1)
    with pytest.raises(ValueError, match="is not legal now"):
        e.step(action_of("counter 2C"))
    assert e.game.to_position() == before


@pytest.mark.parametrize("kwargs", [{"render_mode": "video"}, {"max_plies": 0},
                                    {"illegal": "ignore"},
                                    {"rules": "classic+nonsense"}])
def test_bad_arguments_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        raw_env(**kwargs)  # type: ignore[arg-type]


def test_ansi_render_draws_the_seats_table_and_hides_the_other_hand() -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=7)
    text = e.render()
    assert isinstance(text, str)
    game = e.game
    seat = game.to_move
    assert "player_0" in text and "player_1" in text and "deck" in text
    assert "player_0 to move (main)" in text
    for card in game.hands[seat]:
        assert pretty(card) in text
    for card in game.hands[1 - seat]:
        assert pretty(card) not in text and card_text(card) not in text
    assert raw_env().render() is None  # no render_mode: nothing drawn


def test_every_action_of_a_mask_steps() -> None:
    e = raw_env(rules="cuttlecards")
    e.reset(seed=4)
    for action in np.flatnonzero(e.observe(e.agent_selection)["action_mask"]):
        e.reset(seed=4)
        e.step(int(action))
        assert str(e.game.history[-1][1]) == str(move_of(int(action)))


@pytest.mark.parametrize("rules", ["classic", "cuttlecards+joker", *MODE_RULESETS])
def test_pettingzoo_parallel_api_test(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the test's complaints are warnings: none may come
        parallel_api_test(parallel_env(rules=rules), num_cycles=3000)


@pytest.mark.parametrize("rules", ["classic", "classic+cutthroat", "cuttlecards+teams"])
def test_the_parallel_env_plays_the_agent_to_act_and_ignores_the_others(rules: str) -> None:
    p = parallel_env(rules=rules)
    obs, infos = p.reset(seed=3)
    assert set(obs) == set(p.agents) == set(p.possible_agents)
    game = p.unwrapped.game
    assert len(p.agents) == game.players
    shadow = raw_env(rules=rules)
    taken = play_random(shadow, 3)  # the same deal and the same moves through the AEC env
    rng = random.Random(0)
    ply = 0
    totals = dict.fromkeys(p.possible_agents, 0.0)
    while p.agents:
        acting = [a for a in p.agents if obs[a]["action_mask"].any()]
        assert acting == [taken[ply][0]]  # exactly one mask has ones: the agent to act
        actions = {a: int(rng.randrange(NUM_ACTIONS)) for a in p.agents}  # nonsense, ignored
        actions[acting[0]] = taken[ply][1]
        obs, rewards, terminations, truncations, infos = p.step(actions)
        ply += 1
        for a, r in rewards.items():
            totals[a] += r
        if p.agents:
            assert infos[p.agents[0]]["active_agent"] == p.unwrapped.agent_selection
    assert ply == len(taken) and p.unwrapped.game.outcome == shadow.game.outcome is not None
    assert totals == dict(zip(p.possible_agents, returns(shadow.game), strict=True))
