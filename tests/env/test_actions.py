"""The action numbering: every move of the engine once, in a fixed order that never moves."""

from __future__ import annotations

import pytest
from envkit import RULESETS, random_positions

from cuttle import Move
from cuttle.engine import moves as engine_moves
from cuttle.env.actions import (
    ACTION_TEXTS,
    NUM_ACTIONS,
    TWO_PLAYER_ACTIONS,
    action_of,
    legal_actions,
    move_of,
)


def test_the_numbering_is_every_move_of_the_engine_once() -> None:
    # A concession is no move of legal_moves() (Game.concede; records write it): no action.
    table = engine_moves._TABLE.values()
    engine = {str(m) for m in table if m.kind != "concede"}
    block = ACTION_TEXTS[:TWO_PLAYER_ACTIONS]
    reserved = set(ACTION_TEXTS[TWO_PLAYER_ACTIONS:])
    assert len(set(block)) == len(block) == 3690
    assert set(block) == engine - reserved
    # The engine of three and four seats writes exactly the moves numbered for them.
    assert engine == set(ACTION_TEXTS) and len(ACTION_TEXTS) == NUM_ACTIONS
    concessions = sorted(str(m) for m in table if m.kind == "concede")
    assert concessions == [f"concede @{n}" for n in range(4)]
    for text in concessions:
        with pytest.raises(ValueError, match="has no action index"):
            action_of(text)


def test_the_numbering_is_pinned() -> None:
    # Indices are a contract with trained agents: these must never change.
    assert NUM_ACTIONS == 4842
    assert ACTION_TEXTS[:4] == ("draw", "pass", "resolve", "points AC")
    assert action_of("scuttle 9C 7D") == 1316
    assert action_of("oneoff 2C KH") == 1621
    assert action_of("discard QS KH") == 3671
    assert ACTION_TEXTS[TWO_PLAYER_ACTIONS] == "jack JC AC >0"
    assert ACTION_TEXTS[-1] == "oneoff 9S X2"


def test_reserved_block_holds_the_seat_moves_of_the_contract() -> None:
    reserved = ACTION_TEXTS[TWO_PLAYER_ACTIONS:]
    assert len(set(reserved)) == len(reserved)
    for text in ("jack JD 7H >2", "joker X1 KD", "joker X2 KD >3", "oneoff 4S @2",
                 "oneoff 2C X1", "oneoff 9S X2"):
        assert text in reserved
    # Each either names a seat or a joker: nothing a two-player game without jokers writes.
    assert all(text.split()[-1][0] in "@>" or "X" in text for text in reserved)


def test_move_of_and_action_of_are_inverse() -> None:
    for i in range(TWO_PLAYER_ACTIONS):
        move = move_of(i)
        assert isinstance(move, Move) and action_of(move) == i
    for i in range(TWO_PLAYER_ACTIONS, NUM_ACTIONS):
        move = move_of(i)  # a seat word or a joker's move: the engine of the modes writes it
        assert isinstance(move, Move) and action_of(move) == i


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, True])
def test_move_of_refuses_an_index_out_of_range(bad: int) -> None:
    with pytest.raises(ValueError, match="action must be an index from 0 to 4841"):
        move_of(bad)


def test_action_of_refuses_text_outside_the_numbering() -> None:
    with pytest.raises(ValueError, match="has no action index"):
        action_of("points 7D please")


@pytest.mark.parametrize("rules", RULESETS)
def test_legal_actions_are_the_legal_moves(rules: str) -> None:
    for seed in range(3):
        for g in random_positions(rules, seed):
            acts = legal_actions(g)
            assert acts == sorted(acts)
            if g.outcome is None:
                assert [move_of(a) for a in acts] == sorted(g.legal_moves(), key=action_of)
            else:
                assert acts == []
