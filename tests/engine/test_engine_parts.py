"""The engine's parts, each module one concern (issue 29): the state and its queries, the
legal-move generator, card movements and the end of a turn, the windows of answers and the
effects; ``Game`` joins them and adds nothing of the rules itself."""

from __future__ import annotations

from helpers import make

from cuttle import Game
from cuttle.engine import effects, movegen, state, table, windows


def test_game_is_made_of_the_parts_in_one_line_of_inheritance() -> None:
    order = Game.__mro__
    for part in (effects.Effects, windows.Windows, table.Table, movegen.MoveGen, state.State):
        assert part in order
    # Every slot lives in the state: the parts add behaviour, never data.
    for part in (Game, effects.Effects, windows.Windows, table.Table, movegen.MoveGen):
        assert part.__dict__["__slots__"] == ()
    assert "hands" in state.State.__slots__


def test_each_rule_lives_in_its_own_part() -> None:
    assert "_generate" in movegen.MoveGen.__dict__ and "_plays" in movegen.MoveGen.__dict__
    assert "_end_turn" in table.Table.__dict__ and "_scuttle" in table.Table.__dict__
    assert "_open_window" in windows.Windows.__dict__
    assert "_effect" in effects.Effects.__dict__ and "_apply" in effects.Effects.__dict__
    assert "score" in state.State.__dict__
    for name in ("_generate", "_apply", "_effect", "_end_turn", "_open_window"):
        assert name not in Game.__dict__


def test_the_parts_work_together_on_one_game() -> None:
    g = make(hands=("2C 7D", "2D"), points=("", "9S"), permanents=("", "KH"))
    assert state.OUTCOME == ("p0", "p1", "draw")
    assert g.score(1) == 9 and g.kings(1) == 1 and g.goal(1) == 14
    assert "oneoff 2C KH" in [str(m) for m in g.legal_moves()]
    g.play("oneoff 2C KH")  # effects -> windows: player 1 may counter with 2D
    assert g.phase == "counter" and g.to_move == 1
    g.play("resolve")  # windows -> effects: the 2 scraps the king -> table: the turn passes
    assert g.perms[1] == [] and g.turn_player == 1 and g.goal(1) == 21
