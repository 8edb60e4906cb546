"""The perfect-recall information state of python_cuttle: the seat's views in order, readable back
from the string; a later state's string extends an earlier one's; a resampled state keeps the
seat's history and starts the others' at the sample; and outcome-sampling MCCFR runs on it."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from envkit import MODE_RULESETS

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

from cuttle.cards import parse_card  # noqa: E402
from cuttle.env.infostate import memory_size, private_part, public_view  # noqa: E402
from cuttle.env.observation import observe, size  # noqa: E402
from cuttle.env.openspiel import SHORT_NAME  # noqa: E402


def views_of(text: str, seat: int) -> list[dict[str, object]]:
    """The seat's views, read back from its information state string: the first whole, each
    next one the last with what the entry ``<mover>:<move> {changes}`` changed."""
    head, *entries = text[len(f"p{seat} "):].split(" | ")
    views = [json.loads(head)]
    for entry in entries:
        views.append({**views[-1], **json.loads(entry[entry.index("{"):])})
    return views


@pytest.mark.parametrize("rules", ["classic", "cuttlecards+joker", *MODE_RULESETS[:2]])
def test_the_string_is_the_seats_views_in_order_and_extends_as_the_game_goes(rules: str) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules})
    state = game.new_initial_state()
    state.apply_action(3)
    rng = random.Random(rules)
    seen: dict[int, list[dict[str, object]]] = {s: [] for s in range(game.num_players())}
    last = {s: "" for s in seen}
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in seen:
            seen[seat].append(state.game.view(seat))
            text = state.information_state_string(seat)
            assert text.startswith(last[seat])  # perfect recall: the past stays as it was
            last[seat] = text
            assert views_of(text, seat) == seen[seat]
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_tensor_is_the_observation_and_every_card_the_seat_has_held() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": "classic"})
    state = game.new_initial_state()
    state.apply_action(1)
    held = set(state.game.hands[0])
    rng = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        held |= set(state.game.hands[0])
    tensor = np.array(state.information_state_tensor(0))
    assert len(tensor) == size(2) + memory_size(2) == game.information_state_tensor_size()
    assert np.array_equal(tensor[:size(2)], observe(state.game, 0))
    assert set(np.flatnonzero(tensor[size(2):size(2) + 54])) == held
    assert np.array_equal(state.observation_tensor(0), observe(state.game, 0))  # unchanged


@pytest.mark.parametrize("rules", ["classic", "classic+cutthroat", "cuttlecards+teams"])
def test_a_resampled_state_keeps_the_seats_history_and_no_other_seats_past(rules: str) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules})
    state = game.new_initial_state()
    state.apply_action(2)
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        for q in range(game.num_players()):
            if q != seat:  # its history in the sample starts at the sample: its view there
                assert views_of(other.information_state_string(q), q) == [other.game.view(q)]
        before = other.information_state_string(seat)
        other.apply_action(other.legal_actions()[0])
        assert other.information_state_string(seat).startswith(before + " | ")


def test_public_and_private_parts_make_up_the_view() -> None:
    state = pyspiel.load_game(SHORT_NAME, {"rules": "cuttlecards"}).new_initial_state()
    state.apply_action(4)
    g = state.game
    public = public_view(g)
    assert public == public_view(g) and all(c == "??" for c in public["hands"][0])
    for seat in (0, 1):
        part = private_part(g.view(seat), public)
        assert sorted(parse_card(c) for c in part["hands"][seat]) == sorted(g.hands[seat])
        assert part["hands"][1 - seat] == [] and part["deck"] == []


@pytest.mark.parametrize(("rules", "iterations"), [
    ("classic", 8), ("classic+cutthroat", 4), ("classic+teams", 1),
])
def test_outcome_sampling_mccfr_runs_on_a_small_game(rules: str, iterations: int) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules, "deals": 2})
    np.random.seed(0)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    assert len(solver._infostates) > 10 * iterations
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and sum(probs.values()) == pytest.approx(1)


def test_a_state_whose_game_is_replaced_reads_the_new_present() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": "classic+cutthroat"})
    state = game.new_initial_state()
    state.apply_action(1)
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    asked = state.information_state_string(0), state.information_state_tensor(0)
    rng = random.Random(0)
    twin = state.clone()
    while sorted(twin.game.hands[0]) == sorted(state.game.hands[0]):
        twin.game = state.game.redeal(1, rng)  # seat 0's hand, which seat 1 cannot see
    assert twin.information_state_string(0) != asked[0]
    assert twin.information_state_tensor(0) != asked[1]
    assert twin.information_state_string(0).rsplit(" | ", 1)[0] == asked[0].rsplit(" | ", 1)[0]
    assert views_of(twin.information_state_string(0), 0)[-1] == twin.game.view(0)
