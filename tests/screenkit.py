"""The full screen's parts put together without ``AppIO`` and without running it: a
``ScreenActions`` with its layout, input line and application wired as ``AppIO`` wires them, an
output of any size, and the screen drawn once into rows of text (prompt_toolkit's own
``write_to_screen``, no terminal, no event loop)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import set_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.output import DummyOutput
from scriptio import ScriptIO

from cuttle.play.state import Options, Seat, SessionState
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableModel
from cuttle.ui.actions import Answers, ScreenActions
from cuttle.ui.appwiring import build_application
from cuttle.ui.layout import ScreenLayout


class SizedOutput(DummyOutput):
    """Draws nowhere, and is as big as the test says (it may change size)."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


@contextmanager
def bare_screen(
    columns: int = 80, rows: int = 24, pace: str = "normal", style: CardStyle | None = None
) -> Iterator[ScreenActions]:
    """A screen's state and actions with their layout and application (not running)."""
    with create_pipe_input() as pipe:
        out = SizedOutput(columns, rows)
        st = ScreenActions(style or CardStyle(), pace, out)
        st.buffer = Buffer(multiline=False)
        st.layout = ScreenLayout(st, st.buffer, st.pick_card, st.scroll_log)
        st.app = build_application(st.layout, [], color=False, pt_input=pipe, pt_output=out)
        st.source = list
        st.loop = None
        st.timer = None
        st.answers = Answers()
        st.ready = threading.Event()
        st.pending_break = None
        yield st


def draw(app: Application[None], columns: int, rows: int) -> list[str]:
    """The screen as the application would draw it now: one string per row, trailing blanks cut
    (a wide character's second cell is left out, so a row reads as its text)."""
    screen = Screen()
    app.render_counter += 1  # a new frame: the controls' fragments are made again

    async def write() -> None:  # in a loop: the input line loads its history as a task
        with set_app(app):
            app.layout.container.write_to_screen(
                screen, MouseHandlers(), WritePosition(0, 0, columns, rows), "", True, None
            )
            screen.draw_all_floats()

    asyncio.run(write())
    out = []
    for y in range(rows):
        line = screen.data_buffer[y]
        out.append("".join(line[x].char for x in range(columns)).rstrip())
    return out


def table(viewer: int = 0, moves: list[str] | None = None, seed: int = 1) -> TableModel:
    """The table of a game (hot-seat, seed 1 unless told) after ``moves``, as ``viewer`` sees it."""
    s = SessionState(seed, "classic", (Seat("Ann"), Seat("Bob")), ScriptIO(interactive=True),
                     Options(save=False), moves)
    return s.model(viewer, status="")
