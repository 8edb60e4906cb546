"""``python_cuttle`` for OpenSpiel: its own consistency checks, information states from the
seat's view, resampling that keeps them, and OpenSpiel's ISMCTS and MCTS playing it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from envkit import MODE_RULESETS, RULESETS

pyspiel = pytest.importorskip("pyspiel")

from cuttle import Game  # noqa: E402
from cuttle.env.actions import NUM_ACTIONS, action_of  # noqa: E402
from cuttle.env.bots import LevelBot, make_bot, play_bots  # noqa: E402
from cuttle.env.observation import observe  # noqa: E402
from cuttle.env.openspiel import DEALS, SHORT_NAME, CuttleGame  # noqa: E402


def load(rules: str = "classic", seed: int = 0) -> CuttleGame:
    return pyspiel.load_game(SHORT_NAME, {"rules": rules, "seed": seed})  # type: ignore[no-any-return]


@pytest.mark.parametrize("rules", RULESETS)
def test_openspiel_random_simulation_test(rules: str) -> None:
    pyspiel.random_sim_test(load(rules), num_sims=3, serialize=False, verbose=False)


def test_the_game_and_its_parameters() -> None:
    game = load("cuttlecards+joker", 3)
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.num_players() == 2
    assert game.max_chance_outcomes() == DEALS
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEALS
    state.apply_action(9)
    assert state.game.to_position() == Game.new(seed=3 * DEALS + 9,
                                                rules="cuttlecards+joker").to_position()
    assert state.legal_actions() == sorted(action_of(m) for m in state.game.legal_moves())
    assert state.action_to_string(0, 0) == "draw"
    with pytest.raises(ValueError):  # pyspiel reports the ValueError of our constructor
        pyspiel.load_game(SHORT_NAME, {"rules": "nonsense"})


@pytest.mark.parametrize(("rules", "seats"), [
    ("classic", 2), ("classic+cutthroat", 3), ("cuttlecards+cutthroat", 3),
    ("classic+teams", 4), ("cuttlecards+teams", 4),
])
def test_the_number_of_players_comes_from_the_rules(rules: str, seats: int) -> None:
    game = load(rules, 2)
    assert game.get_type().min_num_players == 2 and game.get_type().max_num_players == 4
    assert game.num_players() == seats
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.game.players == seats
    assert state.game.to_position() == Game.new(seed=2 * DEALS + 5, rules=rules).to_position()
    assert len(state.information_state_tensor(seats - 1)) == game.information_state_tensor_size()
    assert len(state.returns()) == seats


def play_to(state: object, plies: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():  # type: ignore[attr-defined]
            return
        state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", ["classic", "cuttlecards", "classic+joker", *MODE_RULESETS])
def test_information_states_come_from_the_seats_view(rules: str) -> None:
    game = load(rules)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed in range(5):
        state = game.new_initial_state()
        state.apply_action(seed)
        play_to(state, 4 + 3 * seed, seed)
        if state.is_terminal():
            continue
        seat = state.current_player()
        key = state.information_state_string(seat)
        tensor = state.information_state_tensor(seat)
        assert np.array_equal(tensor[:len(observe(state.game, seat))], observe(state.game, seat))
        # The seat's history: its view at the deal, then an entry a move.
        assert key.startswith(f"p{seat} {{") and key.count(" | ") == len(state.public)
        view = state.game.view(seat)
        hidden = sum(h.count("??") for h in view["hands"]) + view["deck"].count("??")
        for _ in range(5):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == key
            assert other.information_state_tensor(seat) == tensor
            assert other.legal_actions() == state.legal_actions()
        before = state.game.to_position()
        samples = [state.resample_from_infostate(seat, sampler).game for _ in range(5)]
        moved = any(other.to_position() != before for other in samples)
        assert moved or hidden < 2  # the hidden cards really are re-dealt
        for q, hand in enumerate(view["hands"]):  # every hand the seat cannot see, a partner's too
            if hand.count("??") >= 2 and view["deck"].count("??") >= 2:
                assert any(sorted(o.hands[q]) != sorted(state.game.hands[q]) for o in samples)


@pytest.mark.parametrize("rules", MODE_RULESETS)
def test_no_hidden_card_reaches_an_information_state_at_three_and_four_seats(rules: str) -> None:
    game = load(rules, 1)
    rng = random.Random(rules)
    checked = 0
    for seed in range(4):
        state = game.new_initial_state()
        state.apply_action(seed)
        for _ in range(60):
            if state.is_terminal():
                break
            for seat in range(game.num_players()):
                twin = state.clone()
                twin.game = state.game.redeal(seat, rng)  # every hand it cannot see, re-dealt
                assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert twin.information_state_string(seat) == state.information_state_string(seat)
                assert twin.observation_tensor(seat) == state.observation_tensor(seat)
                for q in range(game.num_players()):
                    if q != seat and sorted(twin.game.hands[q]) != sorted(state.game.hands[q]):
                        # the re-deal was real: the seat holding the cards sees the change
                        assert (twin.information_state_tensor(q)
                                != state.information_state_tensor(q))
                        checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def test_a_clone_is_independent() -> None:
    state = load().new_initial_state()
    state.apply_action(1)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1
    assert copy.game.history != state.game.history and len(state.public) == 0


def test_an_ismcts_game_to_its_end() -> None:
    game = load()
    bots = [make_bot("ismcts", game, seed, simulations=30) for seed in (1, 2)]
    returns = play_bots(game, bots, seed=3)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+teams"])
def test_ismcts_and_mcts_play_three_and_four_seats_to_the_end(rules: str) -> None:
    game = load(rules, 7)
    seats = game.num_players()
    bots = [make_bot("ismcts" if s % 2 == 0 else "mcts", game, s, simulations=10)
            for s in range(seats)]
    returns = play_bots(game, bots, seed=8)
    assert len(returns) == seats and sum(returns) == pytest.approx(0.0)
    assert returns == [0.0] * seats or max(returns) == 1.0


def test_mcts_and_our_level_play_a_game() -> None:
    game = load("cuttlecards")
    bots = [make_bot("mcts", game, 4, simulations=20), LevelBot("medium", seed=5)]
    returns = play_bots(game, bots, seed=6)
    assert sum(returns) == 0 and len(returns) == 2


@pytest.mark.parametrize(("name", "options", "message"), [
    ("alphazero", {}, "unknown OpenSpiel bot 'alphazero'"),
    ("ismcts", {"sims": 3}, "unknown option for openspiel:ismcts: sims"),
    ("mcts", {"simulations": 0}, "simulations must be a positive number"),
    ("ismcts", {"uct_c": "x"}, "uct_c must be a positive number"),
])
def test_bad_bot_options_are_refused(name: str, options: dict[str, object],
                                     message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name, load(), 0, **options)
