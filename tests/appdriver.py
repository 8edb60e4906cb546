"""Drive the full-screen app in-process: prompt_toolkit pipe input, an output that draws nowhere,
the game session on the app's worker thread, keys typed from a second thread when the game asks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from io import StringIO
from typing import TypeVar

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console, RenderableType
from rich.text import Text

from cuttle.play.session import GameSession, Options, Seat
from cuttle.text.render import GameOverView, MoveListView, TableModel, TableView
from cuttle.ui.app import AppIO

T = TypeVar("T")

VS_AI = (Seat("You"), Seat("AI (random)", "random"))
HOTSEAT = (Seat("Ann"), Seat("Bob"))


class RecordingAppIO(AppIO):
    """An ``AppIO`` that also writes what the session hands it (tables, lists, messages, the
    handoff screen) as plain text to ``transcript``, for tests to read."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.transcript = StringIO()
        self._rec = Console(file=self.transcript, width=80, color_system=None)

    def message(self, text: str) -> None:
        self._rec.print(Text(text))
        super().message(text)

    def panel(self, title: str, body: RenderableType) -> None:
        self._rec.print(body)
        super().panel(title, body)

    def game_over(self, view: GameOverView) -> None:
        self._rec.print(view)
        super().game_over(view)

    def farewell(self, lines: list[str]) -> None:
        for line in lines:
            self._rec.print(Text(line))
        super().farewell(lines)

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        self._rec.print(view)
        super().show_moves(view, moves)

    def table(self, model: TableModel) -> None:
        self._rec.print(TableView(model))
        super().table(model)

    def wait(self, view: RenderableType) -> bool:
        self._rec.print(view)
        return super().wait(view)


class Output80x24(DummyOutput):
    """Draws nowhere, but is as big as the smallest usual terminal."""

    def get_size(self) -> Size:
        return Size(rows=24, columns=80)


class Driver:
    """Types into a running app from a second thread, waiting until the game wants input."""

    def __init__(self, io: AppIO, send: Callable[[str], None]) -> None:
        self.io = io
        self._send = send

    def ready(self) -> None:
        assert self.io.ready.wait(10), "the game never asked for input"
        time.sleep(0.05)

    def keys(self, text: str, wait: bool = True) -> None:
        if wait:
            self.ready()
        self._send(text)
        time.sleep(0.15)  # the app handles the keys (and Esc's short timeout)
        self.sync()
        if wait and "\r" in text:
            self.settle()

    def settle(self) -> None:
        """Until the session has dealt with the line just sent: it asks again (or waits for a
        key), or the screen closed. The session works on a thread of its own, which a loaded
        machine can hold back well past the app's own handling of the keys."""
        end = time.monotonic() + 10
        while self.io.mode == "idle" and self.io.app.is_running and time.monotonic() < end:
            time.sleep(0.01)
        if self.io.app.is_running:
            self.sync()

    def sync(self) -> None:
        """Until the app's loop has gone round twice (what was sent by then is handled)."""
        loop = self.io.loop
        if loop is None or loop.is_closed():
            return
        for _ in range(2):
            done = threading.Event()
            try:
                loop.call_soon_threadsafe(done.set)
            except RuntimeError:  # the loop closed meanwhile: the app has ended
                return
            done.wait(5)

    def until(self, check: Callable[[], bool]) -> None:
        end = time.monotonic() + 10
        while not check():
            assert time.monotonic() < end, "timed out"
            time.sleep(0.02)


def run_typing(pipe: PipeInput, io: AppIO, script: Callable[[Driver], None],
               run: Callable[[], T]) -> T:
    """``run()`` (the app, on this thread) while ``script`` types from a second thread; re-raise
    what the script failed. The typing thread closes the pipe when the script is done (so an app
    still waiting sees the end of its input), and this thread waits for it before leaving:
    ``create_pipe_input`` closes the pipe again on exit, and two threads closing one descriptor
    at once can close another's (a run failed with EBADF so)."""
    failures: list[BaseException] = []

    def feed() -> None:
        try:
            script(Driver(io, pipe.send_text))
        except BaseException as exc:
            failures.append(exc)
        finally:
            pipe.close()

    typist = threading.Thread(target=feed, daemon=True)
    typist.start()
    try:
        result = run()
    finally:
        typist.join(30)
    if failures:
        raise failures[0]
    return result


def play(
    script: Callable[[Driver], None],
    seats: tuple[Seat, Seat] = VS_AI,
    seed: int = 1,
    pace: str = "fast",
    rules: str = "classic",
    save: bool = False,
    coach: bool = False,
) -> tuple[GameSession, RecordingAppIO, object]:
    """Run a session in the app while ``script`` types; re-raise what the script failed."""
    with create_pipe_input() as pipe:
        io = RecordingAppIO(pt_input=pipe, pt_output=Output80x24(), pace=pace)
        session = GameSession(seed, rules, seats, io, Options(save=save, coach=coach))
        result = run_typing(pipe, io, script, lambda: io.run(session.run))
    return session, io, result


def typed(chunks: list[str]) -> Callable[[Driver], None]:
    """A script that types each chunk when the game asks for input."""

    def script(d: Driver) -> None:
        for chunk in chunks:
            d.keys(chunk)

    return script
