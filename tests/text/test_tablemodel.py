"""The table model of a live game: what each seat sees, and the status sentence."""

from __future__ import annotations

from io import StringIO

from rich.console import Console

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import phase_sentence
from cuttle.text.render import TableView
from cuttle.text.tablemodel import game_model

NAMES = ("You", "AI")
STYLE = CardStyle(ascii=True)


def test_a_seat_sees_its_own_hand_and_the_other_face_down() -> None:
    g = Game.new(seed=3)
    model = game_model(g, 0, NAMES, STYLE)
    own, other = model.pos["hands"]
    assert own and HIDDEN not in own
    assert other and set(other) == {HIDDEN}
    assert model.viewer == 0 and model.bottom == 0
    assert model.pos["rules"] == str(g.rules)
    assert model.scores == (0, 0) and model.goals == (g.goal(0), g.goal(1))


def test_the_status_says_what_the_viewer_must_do_and_is_empty_face_up() -> None:
    g = Game.new(seed=3)
    legal = [str(m) for m in g.legal_moves()]
    mover = g.to_move
    assert mover is not None
    model = game_model(g, mover, NAMES, STYLE)
    assert model.status == phase_sentence(g.view(mover), mover, NAMES, legal, STYLE)
    assert model.status.startswith("Your move")
    assert game_model(g, 1 - mover, NAMES, STYLE).status.startswith("Waiting for ")
    face_up = game_model(g, None, NAMES, STYLE, bottom_seat=1)
    assert face_up.status == "" and HIDDEN not in face_up.pos["hands"][1 - mover]
    assert face_up.bottom == 1


def test_what_the_caller_already_holds_is_used_not_built_again() -> None:
    g = Game.new(seed=5)
    pos = g.view(0)
    model = game_model(g, 0, NAMES, STYLE, pos=pos, legal=["draw"], events=["one", "two"],
                       seed=5, status=None)
    assert model.pos is pos and pos["rules"] == str(g.rules)
    assert "draw" in model.status and "pass" not in model.status
    assert model.events == ["one", "two"] and model.seed == 5
    assert game_model(g, 0, NAMES, STYLE, status="Solved!").status == "Solved!"


def test_a_finished_game_says_so_and_draws() -> None:
    g = Game.new(seed=2)
    while g.outcome is None:
        g.play(g.legal_moves()[0])
    model = game_model(g, 0, NAMES, STYLE)
    assert model.status == "The game is over."
    console = Console(width=80, file=StringIO(), color_system=None)
    console.print(TableView(model))
    assert "The game is over." in console.file.getvalue()  # type: ignore[attr-defined]
