"""The full screen's parts on their own (no session thread): the state's questions, the layout's
arrangements, the application's wiring, the actions of the pass screen."""

from __future__ import annotations

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import ColorDepth, DummyOutput

from cuttle.play.session import GameSession
from cuttle.play.state import Options, Seat
from cuttle.text.cardtext import CardStyle
from cuttle.ui.actions import QUIT_ANSWER, ScreenActions
from cuttle.ui.app import AppIO
from cuttle.ui.appwiring import ESC_WAIT, build_application
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import Overlay
from cuttle.ui.screenstate import PACES, ScreenState, Step


class Sized(DummyOutput):
    def __init__(self, columns: int, rows: int) -> None:
        super().__init__()
        self.columns, self.rows = columns, rows

    def get_size(self) -> Size:
        return Size(rows=self.rows, columns=self.columns)


def test_the_state_takes_a_known_pace_and_tells_no_step_over_the_pass_screen() -> None:
    state = ScreenState(CardStyle(), "bogus", Sized(80, 24))
    assert state.pace == "normal" and state.pace in PACES
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Sized(80, 24))
        session = GameSession(11, "classic", (Seat("Ann"), Seat("Bob")), io, Options(save=False))
        state.tbl = session.model(0)
        state.steps.append(Step(session.model(0), own=False))
        assert state.current_step() is not None
        state.mode = "handoff"  # Bob's hand is in the step: never told over the pass screen
        assert state.current_step() is None


def test_the_game_over_box_keeps_the_board_where_another_window_covers_it() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Sized(60, 20))
        assert isinstance(io.layout, ScreenLayout)
        session = GameSession(5, "classic", (Seat("You"), Seat("AI", "easy")), io,
                              Options(save=False))
        io.tbl = session.model(0)
        io.messages = ["r: go over every move now", "Record kept", "  cuttle replay 1"]
        io.overlays = [Overlay("Help", None)]
        assert io.layout.arrangement() == "overlay"  # too short a log: over everything
        io.overlays = [Overlay("Game over", None, lasting=True, beside=True)]
        assert io.layout.arrangement() == "narrow+overlay"


def test_the_application_is_full_screen_with_the_mouse_and_a_short_esc() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Sized(80, 24))
        app = build_application(io.layout, [], color=False, pt_input=pipe, pt_output=io.output)
        assert app.full_screen and app.ttimeoutlen == ESC_WAIT
        assert app.color_depth == ColorDepth.MONOCHROME


def test_the_pass_screen_answers_only_enter_alone_or_a_quit_word() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Sized(80, 24))
        assert isinstance(io, ScreenActions)
        io.app.invalidate = lambda: None  # type: ignore[method-assign]  # not running
        io.mode = "handoff"
        io.buffer.text = "points 5c"
        io.handoff_done()
        assert io.answers.q.empty() and io.buffer.text == "" and io.mode == "handoff"
        assert any("Only Enter passes" in m for m in io.messages)
        io.buffer.text = " Quit "
        io.handoff_done()
        assert io.answers.get() == QUIT_ANSWER
        io.mode = "handoff"
        io.handoff_done()
        assert io.answers.get() == ""
        assert not io.messages  # the next player does not read what was said to the last
