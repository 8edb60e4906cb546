"""The one place that knows how the full-screen game app is driven (``cuttle.ui.app.AppIO``).

The server runs many screens in one process, on one event loop: each connection's screen is an
``AppIO`` built on that connection's input and output, run with ``run_async`` (no signal handler,
no process-wide exception handler), while the game that feeds it runs in a worker thread. Only
the app's public calls are used; when they change, only this module follows. An error in a
screen's keys ends that screen (``run_screen`` raises it: the server ends that connection only).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output
from rich.console import RenderableType

from cuttle.files.storage import GameRecord
from cuttle.play.io import MoveSource
from cuttle.serve.limits.frames import typed_on
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import GameOverView, MoveListView, TableModel
from cuttle.ui.app import AppIO

if TYPE_CHECKING:
    from cuttle.ai.review import Review

Screen = AppIO


class Gone(Exception):
    """The screen's connection went away while the game waited for its answer."""


WATCHING = (
    "The log: every move of the game appears here as it is played. You are watching: the "
    "players' hands stay hidden."
)


def make_screen(
    pt_input: Input,
    pt_output: Output,
    *,
    color: bool = True,
    keys: KeyBindings | None = None,
    watching: bool = False,
) -> Screen:
    """A game screen on a connection's terminal (``keys``: bindings over the screen's own;
    ``watching``: a spectator's, which invites to no move). An exception in its key bindings ends
    it: ``run_screen`` raises it, and a game waiting on the screen gets ``Gone``."""

    def failed(exc: Exception) -> None:
        screen.answers.put(Gone())
        screen.close(exc)

    screen = AppIO(
        CardStyle(), color=color, pace="normal", pt_input=pt_input, pt_output=pt_output,
        on_error=failed, keys=keys,
    )
    screen.offer_tab = not watching
    if watching:
        screen.log_placeholder = WATCHING
    return screen


def make_watch_screen(
    pt_input: Input, pt_output: Output, on_leave: Callable[[], None], help_body: RenderableType
) -> Screen:
    """A spectator's game screen: q, Esc, Ctrl-C or Ctrl-D call ``on_leave`` (q and Esc once no
    window is open: they close it first), F1 shows ``help_body``. Nothing else is read from it
    but the answer to the game-over question."""
    keys = KeyBindings()
    holder: list[Screen] = []
    free = Condition(lambda: bool(holder) and not holder[0].overlays and not holder[0].buffer.text)

    @keys.add("q", filter=free)
    @keys.add("escape", filter=free, eager=True)
    @keys.add("c-c")
    @keys.add("c-d")
    def _leave(event: KeyPressEvent) -> None:
        on_leave()

    @keys.add("f1")
    def _help(event: KeyPressEvent) -> None:
        holder[0].panel("Watching", help_body)

    screen = make_screen(pt_input, pt_output, keys=keys, watching=True)
    holder.append(screen)
    return screen


async def run_screen(screen: Screen) -> None:
    """Show ``screen`` on its connection until ``close_screen`` (or the connection ends); an
    error in its keys is raised here."""
    with contextlib.suppress(EOFError):
        await screen.run_async()


def replay_app(
    record: GameRecord, pt_input: Input, pt_output: Output, review: Review | None = None,
    bottom: int | None = None,
) -> Application[None]:
    """The replay screen of a finished game (every card face up, the seed never) on a
    connection's terminal, with the labels of ``review`` beside the moves when one is given;
    ``bottom``: the seat drawn below (the viewer's), else the one human of a game against the
    AI, else the first."""
    from cuttle.ui.replay import Replay
    from cuttle.ui.replay_app import ReplayScreen

    style = CardStyle()
    replay = Replay(record, style, "history")
    replay.review = review
    if bottom is not None:
        replay.bottom = bottom
    replay.show_seed = False  # the whole deal: the server's deals are never shown their seeds
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
    screen.close()


def begin_read(screen: Screen, prompt: str) -> None:
    """Open the input line with ``prompt``; the answer comes through ``answer``."""
    screen.begin_read(prompt)


def begin_ask(screen: Screen, question: str) -> None:
    """Ask a one-off question; the answer comes through ``answer``."""
    screen.begin_ask(question)


def stop_asking(screen: Screen) -> None:
    """The question is no longer asked (the input line closes)."""
    screen.withdraw()


def answer(screen: Screen, timeout: float) -> str | None:
    """The line typed on ``screen``, waiting at most ``timeout`` seconds (None: nothing yet).

    Raises ``Gone`` when the connection ended, KeyboardInterrupt/EOFError for Ctrl-C/Ctrl-D.
    A line read makes its player the cause of what the caller's thread draws next (every seat's
    frames of their move are theirs to pay for: ``frames.typed_on``)."""
    line = screen.answers.poll(timeout)
    if line is not None:
        typed_on(screen.app)
    return line


def drain(screen: Screen) -> None:
    """Forget lines typed and not yet read (the question they answered is gone)."""
    screen.answers.clear()


def message(screen: Screen, text: str) -> None:
    """One line in the screen's message area."""
    screen.message(text)


def remove_message(screen: Screen, text: str) -> None:
    """The line ``text`` leaves the screen's message area (it no longer holds)."""
    screen.post(lambda: screen.remove_message(text))


def panel(screen: Screen, title: str, body: RenderableType) -> None:
    """Something to read in a window over the board."""
    screen.panel(title, body)


def game_over(screen: Screen, view: GameOverView) -> None:
    screen.game_over(view)


def show_moves(screen: Screen, view: MoveListView, moves: list[str]) -> None:
    screen.show_moves(view, moves)


def table(screen: Screen, model: TableModel) -> None:
    screen.table(model)


def event(screen: Screen, model: TableModel, own: bool) -> None:
    screen.event(model, own)


def start_game(screen: Screen, source: MoveSource) -> None:
    screen.start_game(source)


def set_status(screen: Screen, text: str) -> None:
    """The thinking/waiting line under the board (empty: none)."""
    screen.set_thinking(text)


def set_note(screen: Screen, text: str) -> None:
    """One line above the input line, kept with the status (empty: none)."""
    screen.set_note(text)


def flush_input(screen: Screen) -> None:
    screen.flush_input()


def set_pace(screen: Screen, pace: str) -> None:
    screen.set_pace(pace)


def set_style(screen: Screen, style: CardStyle) -> None:
    screen.set_style(style)
