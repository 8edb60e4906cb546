"""What a researcher met in the first round (issue 38), each pinned: no action after the end or
before a deal, no mask once truncated, no loose actions, observers that honour what they are
asked, the deals built once, the parallel API naming and requiring the agent to act, the three
render modes, and observation numbers that never collide."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest
from envkit import random_positions

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402
from pettingzoo.test import render_test  # noqa: E402

from cuttle import Game  # noqa: E402
from cuttle.cards import card_text  # noqa: E402
from cuttle.engine.errors import IllegalMoveError  # noqa: E402
from cuttle.env.actions import action_of  # noqa: E402
from cuttle.env.observation import layout, observe  # noqa: E402
from cuttle.env.openspiel import SHORT_NAME  # noqa: E402
from cuttle.env.pettingzoo import env, parallel_env, raw_env  # noqa: E402

PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.NONE)
PRIVATE = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
INFO = pyspiel.IIGObservationType(perfect_recall=True)


def played(rules: str = "classic", plies: int = 10, seed: int = 1) -> object:
    game = pyspiel.load_game(SHORT_NAME, {"rules": rules})
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# 1. After the end, and before the first deal.

def test_an_action_on_a_terminal_openspiel_state_is_an_illegal_move_in_one_line() -> None:
    state = played(plies=5000)
    assert state.is_terminal()  # type: ignore[attr-defined]
    history = state.history()  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match=r"^the game is over \((p0|p1|draw)\): no action "
                                                r"is legal, not 0 \(draw\)$"):
        state.apply_action(0)  # type: ignore[attr-defined]
    assert state.history() == history  # type: ignore[attr-defined]


def test_a_deal_out_of_range_is_refused() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": "classic", "deals": 4})
    state = game.new_initial_state()
    with pytest.raises(IllegalMoveError, match="deal 4 is not one of this game's 4 deals"):
        state.apply_action(4)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4


def test_a_step_before_any_reset_is_refused_and_deals_nothing() -> None:
    e = raw_env()
    with pytest.raises(ValueError, match=r"^step\(\) before reset\(\)"):
        e.step(0)
    assert e.game.history == []
    p = parallel_env()
    with pytest.raises(ValueError, match=r"^step\(\) before reset\(\)"):
        p.step({"player_0": 0, "player_1": 0})
    with pytest.raises(AssertionError, match=r"^reset\(\) needs to be called before step"):
        env().step(0)  # PettingZoo's own order check, in its own words


# 2. Truncation: the mask is all zeros, and only None is taken.

def test_a_truncated_agent_has_an_empty_mask_and_takes_only_none() -> None:
    e = raw_env(max_plies=2)
    e.reset(seed=1)
    for _ in range(2):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert e.game.outcome is None and all(e.truncations.values())
    for _agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        assert truncated and obs["action_mask"].sum() == 0
        with pytest.raises(ValueError):
            e.step(0)
        e.step(None)


# 3. Loose actions.

@pytest.mark.parametrize("action", [3.9, "0", np.array([3]), True, np.float64(3.0), [3]])
def test_an_action_that_is_not_an_integer_is_refused_in_one_line(action: object) -> None:
    e = raw_env()
    e.reset(seed=2)
    before = e.game.to_position()
    with pytest.raises(ValueError, match=r"^an action is an integer index from 0 to 4841, not "):
        e.step(action)  # type: ignore[arg-type]
    assert e.game.to_position() == before


@pytest.mark.parametrize("kind", [int, np.int64, np.int8, np.array])
def test_integers_of_every_kind_play(kind: type) -> None:
    e = raw_env()
    e.reset(seed=2)
    e.step(kind(action_of("draw")))
    assert str(e.game.history[-1][1]) == "draw"


# 4. Observers: public, private, perfect recall, and a refusal.

@pytest.mark.parametrize("rules", ["classic", "classic+cutthroat", "cuttlecards+teams"])
def test_the_public_observer_shows_no_seats_hand_and_is_the_same_for_every_seat(
        rules: str) -> None:
    state = played(rules, plies=8)
    game = state.get_game()  # type: ignore[attr-defined]
    public = make_observation(game, PUBLIC)
    texts, tensors = set(), []
    for seat in range(game.num_players()):
        public.set_from(state, seat)
        tensors.append(public.tensor.copy())
        texts.add(public.string_from(state, seat))
        hand = [card_text(c) for c in state.game.hands[seat]]  # type: ignore[attr-defined]
        assert not any(f'"{c}"' in public.string_from(state, seat) for c in hand
                       if c not in state.game.view((seat + 1) % game.num_players())["hands"][seat])  # type: ignore[attr-defined]
    assert len(texts) == 1 and all(np.array_equal(t, tensors[0]) for t in tensors)
    assert texts == {state.public_observation_string()}  # type: ignore[attr-defined]
    assert not np.array_equal(tensors[0], state.observation_tensor(0))  # type: ignore[attr-defined]


def test_the_private_observer_shows_the_seats_own_hand_and_nothing_public() -> None:
    state = played("classic", plies=6)
    private = make_observation(state.get_game(), PRIVATE)  # type: ignore[attr-defined]
    seat = state.current_player()  # type: ignore[attr-defined]
    private.set_from(state, seat)
    hand = state.game.hands[seat]  # type: ignore[attr-defined]
    assert sorted(np.flatnonzero(private.tensor[:54])) == sorted(hand)
    assert private.tensor[54:].sum() == 0  # the opponent's hand: hidden; the deck: unknown
    assert private.string_from(state, seat).startswith(f"p{seat} private ")


def test_perfect_recall_differs_from_the_observation_and_remembers() -> None:
    state = played("classic", plies=0)
    game = state.get_game()  # type: ignore[attr-defined]
    info = make_observation(game, INFO)
    plain = make_observation(game)
    info.set_from(state, 0)
    plain.set_from(state, 0)
    assert len(info.tensor) > len(plain.tensor)
    first = info.string_from(state, 0)
    state.apply_action(action_of("draw"))  # type: ignore[attr-defined]
    later = info.string_from(state, 0)
    assert later.startswith(first + " | 0:draw ")  # the history grows; its start stays
    assert plain.string_from(state, 0) not in (first, later)


@pytest.mark.parametrize("private", [pyspiel.PrivateInfoType.ALL_PLAYERS])
def test_an_observation_type_it_does_not_offer_is_refused_in_one_line(private: object) -> None:
    game = pyspiel.load_game(SHORT_NAME)
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=private)
    with pytest.raises(ValueError, match="^python_cuttle offers the observation, .* not "
                                         "perfect_recall=False, public_info=True, "
                                         "private_info=ALL_PLAYERS$"):
        make_observation(game, kind)


# 5. The deals, built once.

def test_chance_outcomes_are_built_once() -> None:
    game = pyspiel.load_game(SHORT_NAME)
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.chance_outcomes() is b.chance_outcomes()
    assert len(a.chance_outcomes()) == 65536 and a.chance_outcomes()[7] == (7, 1 / 65536)
    start = time.process_time()
    for _ in range(100):
        a.chance_outcomes()
    assert time.process_time() - start < 0.5  # 100 lists of 65,536 took 2.7 s


# 6. The parallel API.

def test_the_parallel_reset_names_the_agent_to_act_and_a_step_must_include_it() -> None:
    p = parallel_env(rules="classic+cutthroat")
    obs, infos = p.reset(seed=4)
    assert {info["active_agent"] for info in infos.values()} == {"player_0"}
    before = p.unwrapped.game.to_position()
    with pytest.raises(ValueError, match=r"^the actions leave out player_0, the agent to act"):
        p.step({"player_1": 0, "player_2": 0})
    assert p.unwrapped.game.to_position() == before


# 7. Render modes.

@pytest.mark.parametrize("rules", ["classic", "classic+cutthroat", "cuttlecards+teams"])
def test_pettingzoo_render_test(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(rules=rules, render_mode=render_mode))
    assert "to move" in capsys.readouterr().out  # human: the ansi frame, printed


def test_an_rgb_frame_is_a_picture_of_the_table() -> None:
    e = raw_env(render_mode="rgb_array")
    e.reset(seed=7)
    frame = e.render()
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
    text = raw_env(render_mode="ansi")
    text.reset(seed=7)
    rows = str(text.render()).count("\n")
    assert frame.shape[2] == 3 and frame.shape[0] == rows * 14 and frame.shape[1] == 80 * 7
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 4  # table, text, card faces, red
    assert env(render_mode="rgb_array").metadata["render_fps"] > 0


# 8. Observation numbers: nothing reachable collides, and a seat that is out is marked.

def _seat_value(g: Game, name: str, seat: int = 0) -> float:
    """The number ``name`` of what the environment gives seat ``seat`` in ``g``."""
    e = raw_env(rules=str(g.rules))
    e.reset(seed=0)
    e.game = g
    vec = e.observe(f"player_{seat}")["observation"]
    assert np.array_equal(vec, observe(g, seat))  # the environment's vector is observe's
    for n, start, _ in layout(g.players):
        if n == name:
            return float(vec[start])
    raise KeyError(name)


def _position(hand: list[str], points: list[str]) -> Game:
    """Seat 0 with ``hand`` and ``points`` (a game it has won once they reach 21)."""
    used = set(hand) | set(points) | {"2D"}
    won = sum("A23456789T".index(c[0]) + 1 for c in points) >= 21
    return Game.from_position({
        "turn_player": 0, "phase": "over" if won else "main", "to_move": None if won else 0,
        "outcome": "p0" if won else None,
        "hands": [hand, ["2D"]], "points": [points, []], "permanents": [[], []],
        "deck": [card_text(c) for c in range(52) if card_text(c) not in used],
        "scrap": [], "stack": [],
    })


def test_a_hand_over_eight_and_a_score_over_21_do_not_look_alike() -> None:
    nine = ["AC", "AD", "AH", "AS", "3C", "3D", "3H", "3S", "4C"]
    assert (_seat_value(_position(nine, []), "seats.0.hand")
            != _seat_value(_position(nine[:8], []), "seats.0.hand"))
    assert (_seat_value(_position(["AC"], ["TS", "9S", "3H"]), "seats.0.score")  # 22, won
            != _seat_value(_position(["AC"], ["TS", "9S", "4H"]), "seats.0.score"))  # 23
    eleven = ["TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "TH", "9H"]
    assert (_seat_value(_position(["AC"], eleven), "seats.0.point_cards")
            != _seat_value(_position(["AC"], eleven[:10]), "seats.0.point_cards"))


@pytest.mark.parametrize("rules", ["classic", "classic+cutthroat", "classic+teams"])
def test_every_number_lies_in_zero_to_one_unclipped(rules: str) -> None:
    for seed in range(3):
        for g in random_positions(rules, seed):
            vec = observe(g, g.to_move or 0)
            assert vec.min() >= 0 and vec.max() <= 1


def test_a_cutthroat_seat_that_is_out_is_marked() -> None:
    g = Game.new(seed=3, rules="classic+cutthroat")
    assert [_seat_value(g, f"seats.{r}.out") for r in range(3)] == [0, 0, 0]
    g.concede(2)
    assert [_seat_value(g, f"seats.{r}.out") for r in range(3)] == [0, 0, 1]  # from seat 0
    assert [_seat_value(g, f"seats.{r}.out", seat=2) for r in range(3)] == [1, 0, 0]
