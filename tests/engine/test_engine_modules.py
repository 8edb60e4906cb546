"""The engine's inner modules through their own functions: the position reader and writer
(``position``), the reasons a move is illegal (``explain``), the error type (``errors``), and the
limited JSON reader every file and position goes through (``cuttle.safejson``)."""

from __future__ import annotations

import pytest
from helpers import make

from cuttle import Game, IllegalMoveError, Move
from cuttle.cards import HIDDEN
from cuttle.engine.errors import IllegalMoveError as EngineIllegalMoveError
from cuttle.engine.explain import why_illegal
from cuttle.engine.phases import PHASES
from cuttle.engine.position import check_player, is_player, position_of, sees_opponent_hand
from cuttle.safejson import MAX_DEPTH, loads_limited


def test_a_player_is_the_int_zero_or_one_and_nothing_like_it() -> None:
    assert is_player(0) and is_player(1)
    for bad in (True, False, 1.0, "1", 2, -1, None):
        assert not is_player(bad)
    assert check_player(1) == 1
    with pytest.raises(ValueError, match="viewer must be 0 or 1 \\(an int\\), not True"):
        check_player(True, "viewer")


def test_a_position_is_the_game_whole_or_as_one_seat_sees_it() -> None:
    g = Game.new(seed=9)
    assert position_of(g, None) == g.to_position()
    for viewer in (0, 1):
        pos = position_of(g, viewer)
        assert pos == g.view(viewer)
        assert HIDDEN not in pos["hands"][viewer]
        assert set(pos["hands"][1 - viewer]) == {HIDDEN}
        assert not sees_opponent_hand(g, viewer)
    assert Game.from_position(g.to_position()).to_position() == g.to_position()
    assert g.phase in PHASES


def test_glasses_show_the_whole_opposing_hand() -> None:
    g = make(hands=("2C 3D", "4C 5D"), permanents=("8H", ""))
    assert sees_opponent_hand(g, 0) and not sees_opponent_hand(g, 1)
    assert position_of(g, 0)["hands"][1] == ["4C", "5D"]
    assert position_of(g, 1)["hands"][0] == [HIDDEN, HIDDEN]


def test_an_illegal_move_says_why_and_the_error_is_the_publics() -> None:
    assert EngineIllegalMoveError is IllegalMoveError and issubclass(IllegalMoveError, ValueError)
    g = make(hands=("7D 2C", "4C 5D"), points=("", "9S"))
    reason = why_illegal(g, Move.parse("scuttle 7D 9S"))
    assert reason and "\n" not in reason
    with pytest.raises(IllegalMoveError) as caught:
        g.play("scuttle 7D 9S")
    assert reason in str(caught.value)
    over = Game.new(seed=1)
    over.concede(0)
    assert why_illegal(over, Move.parse("draw")) == "the game is over"


def test_json_from_outside_is_read_with_a_depth_limit() -> None:
    assert loads_limited('{"a": [1, 2, {"b": "[[[["}]}') == {"a": [1, 2, {"b": "[[[["}]}
    inside = "[" * (MAX_DEPTH + 1)  # brackets inside strings do not count
    assert loads_limited(f'[["{inside}"]]') == [[inside]]
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(ValueError, match=f"nested more than {MAX_DEPTH} levels deep"):
        loads_limited(deep)
    assert loads_limited("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(ValueError, match="not UTF-8 text"):
        loads_limited(b"\xff\xfe")
    with pytest.raises(ValueError, match="not valid JSON"):
        loads_limited("{'single': 'quotes'}")
    with pytest.raises(ValueError, match="not usable JSON"):
        loads_limited("9" * 5000)
