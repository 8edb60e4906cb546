"""The one place that knows how the full-screen game app is driven (``cuttle.ui.app.AppIO``).

The server runs many screens in one process, on one event loop: each connection's screen is an
``AppIO`` built on that connection's input and output, run with ``run_async`` (no signal handler,
no process-wide exception handler), while the game that feeds it runs in a worker thread. When the
app's own surface changes, only this module follows.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from rich.console import RenderableType

from cuttle.files.storage import GameRecord
from cuttle.play.io import MoveSource
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableModel
from cuttle.ui.app import AppIO

if TYPE_CHECKING:
    from cuttle.ai.review import Review

Screen = AppIO


class Gone(Exception):
    """The screen's connection went away while the game waited for its answer."""


def make_screen(pt_input: Input, pt_output: Output, *, color: bool = True) -> Screen:
    """A game screen on a connection's terminal."""
    screen = AppIO(CardStyle(), color=color, pace="normal", pt_input=pt_input, pt_output=pt_output)
    screen.offer_tab = True
    return screen


async def run_screen(screen: Screen) -> None:
    """Show ``screen`` on its connection until ``close_screen`` (or the connection ends)."""
    screen.loop = asyncio.get_running_loop()
    with contextlib.suppress(EOFError):
        await screen.app.run_async(set_exception_handler=False, handle_sigint=False)


def replay_app(
    record: GameRecord, pt_input: Input, pt_output: Output, review: Review | None = None
) -> Application[None]:
    """The replay screen of a finished game (every card face up) on a connection's terminal,
    with the labels of ``review`` beside the moves when one is given."""
    from cuttle.ui.replay import Replay
    from cuttle.ui.replay_app import ReplayScreen

    style = CardStyle()
    replay = Replay(record, style, "history")
    replay.review = review
    return ReplayScreen(
        replay, style, review=review, pt_input=pt_input, pt_output=pt_output
    ).app


async def run_app(app: Application[Any]) -> None:
    """Run a screen until it ends itself (or the connection ends)."""
    with contextlib.suppress(EOFError):
        await app.run_async(set_exception_handler=False, handle_sigint=False)


def close_screen(screen: Screen) -> None:
    """End the screen's app (from any thread); a game waiting on it gets ``Gone``."""
    screen.answers.put(Gone())
    screen._post(screen._quit)


def begin_read(screen: Screen, prompt: str) -> None:
    """Open the input line with ``prompt``; the answer comes through ``answer``."""
    screen._post(lambda: screen._begin("read", prompt))


def begin_ask(screen: Screen, question: str) -> None:
    """Ask a one-off question; the answer comes through ``answer``."""
    screen._post(lambda: screen._begin("ask", question + " "))


def stop_asking(screen: Screen) -> None:
    """The question is no longer asked (the input line closes)."""

    def idle() -> None:
        screen.mode = "idle"
        screen.buffer.reset()

    screen._post(idle)


def answer(screen: Screen, timeout: float) -> str | None:
    """The line typed on ``screen``, waiting at most ``timeout`` seconds (None: nothing yet).

    Raises ``Gone`` when the connection ended, KeyboardInterrupt/EOFError for Ctrl-C/Ctrl-D."""
    try:
        item = screen.answers.q.get(timeout=timeout)
    except queue.Empty:
        return None
    if isinstance(item, BaseException):
        raise item
    return item


def drain(screen: Screen) -> None:
    """Forget lines typed and not yet read (the question they answered is gone)."""
    while True:
        try:
            screen.answers.q.get_nowait()
        except queue.Empty:
            return


def show(screen: Screen, *items: RenderableType) -> None:
    screen.show(*items)


def message(screen: Screen, text: str) -> None:
    """One line in the screen's message area."""
    screen._post(lambda: screen.messages.append(text))


def table(screen: Screen, model: TableModel) -> None:
    screen.table(model)


def event(screen: Screen, model: TableModel, own: bool) -> None:
    screen.event(model, own)


def start_game(screen: Screen, source: MoveSource, toolbar: Callable[[], str]) -> None:
    screen.start_game(source, toolbar)


def set_status(screen: Screen, text: str) -> None:
    """The thinking/waiting line under the board (empty: none)."""
    screen._post(lambda: setattr(screen, "thinking_text", text))


def set_note(screen: Screen, text: str) -> None:
    """One line above the input line, kept with the status (empty: none)."""
    screen.set_note(text)


def call(screen: Screen, name: str, *args: Any) -> None:
    """An optional screen feature (``overlay``, ``flush_input``...), when the screen has it."""
    fn = getattr(screen, name, None)
    if callable(fn):
        fn(*args)


def list_on_screen(screen: Screen) -> bool:
    return bool(screen.list_on_screen())


def console_height(screen: Screen) -> int:
    return screen.console.size.height
