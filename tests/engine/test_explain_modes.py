"""Why a move is illegal at a table of three or four (engine/explain.py), in the words it uses
for two: the seat whose queen protects a card, the jack or joker that must name who receives
its card, the 4 that must name its victim, the answer to a royal."""

from __future__ import annotations

import pytest
from test_position_modes import table

from cuttle import Game, IllegalMoveError

TEAMS = table("classic+teams", ["JD 2C 5C X1 4S", "", "", ""], [[], [], ["9H"], []],
              [[], ["KC"], ["QS", "KH"], []])
CUT = table("classic+cutthroat", ["JD 2C 5C X1 4S", "7C", "9S"], [["6H"], ["5H"], []],
            [["8D"], ["KC", "QD"], ["8S"]])


@pytest.mark.parametrize(("pos", "move", "reason"), [
    (TEAMS, "jack JD 9H >0", "seat 2's queen protects 9♥"),
    (TEAMS, "jack JD 9H", "the jack must name who receives 9♥: 'jack JD 9H >N', any seat but 2"),
    (TEAMS, "jack JD 9H >2", "seat 2 controls 9♥ already"),
    (TEAMS, "joker X1 KC", "the joker must name who receives K♣"),
    (TEAMS, "joker X1 KH >0", "seat 2's queen protects K♥"),
    (TEAMS, "oneoff 4S", "a 4 names the opponent who discards, e.g. 'oneoff 4S @1'"),
    (TEAMS, "oneoff 4S @2", "seat 2 is not an opponent of yours"),
    (CUT, "jack JD 5H >0", "in cutthroat a jack takes the card for its player"),
    (CUT, "jack JD 5H", "seat 1's queen protects 5♥"),
    (CUT, "jack JD 6H", "not on your own 6♥"),
    (CUT, "joker X1 KC", "seat 1's queen protects K♣"),
    (CUT, "joker X1 8S", "glasses are not a royal"),
    (CUT, "joker X1 QD >0", "in cutthroat a joker takes the royal for its player"),
    (CUT, "oneoff 4S @0", "seat 0 is not an opponent of yours"),
    (CUT, "concede @1", "a concession is not a move of the turn"),
])
def test_an_illegal_move_of_a_mode_says_why(pos: dict, move: str, reason: str) -> None:
    g = Game.from_position(pos)
    before = g.to_position()
    with pytest.raises(IllegalMoveError, match=reason.replace("(", r"\(")):
        g.play(move)
    assert g.to_position() == before


def test_a_seat_asked_about_a_royal_is_told_how_to_answer() -> None:
    g = Game.from_position(table("classic+teams", ["KS", "9C 3D", "", ""], [[], [], [], []],
                                 [[], [], [], []]))
    g.play("perm KS")
    assert g.phase == "respond_royal" and g.to_move == 1
    with pytest.raises(IllegalMoveError, match=r"seat 0 played perm KS: answer it with a 9 "
                                               r"\('oneoff 9C KS'\)"):
        g.play("draw")
    with pytest.raises(IllegalMoveError, match="aims at the royal: 'oneoff 9C KS'"):
        g.play("oneoff 9C KC")
    assert [str(m) for m in g.legal_moves()] == ["oneoff 9C KS", "resolve"]
