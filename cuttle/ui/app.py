"""``cuttle play`` on a terminal: one full-screen prompt_toolkit application.

``AppIO`` is the ``GameIO`` of a real terminal. The game session runs in a worker thread and calls
it as it calls the plain-text I/O: ``read`` and ``ask`` block until the player answers, ``table``
hands over a new board, ``event`` one step of the game for the step-by-step display, ``message``
and ``panel`` something to read. Each call is carried to the application's thread (``post``),
which owns the screen's state (``screenstate.py``) and changes it only through the actions of
``actions.py``, which the keys (``appkeys.py``) and the review (``review_screen.py``) call too.
The regions are drawn by ``layout.py``; ``appwiring.py`` builds the prompt_toolkit application.

Hooks for other features: ``status_extras`` (callables whose text joins the status bar),
``set_note`` (one line above the input) and ``panel`` (any renderable in a closable window).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from prompt_toolkit.application import Application, create_app_session, get_app_session
from prompt_toolkit.application.current import set_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.output import Output
from rich.console import RenderableType

from cuttle.files.storage import GameRecord
from cuttle.play.io import MoveSource
from cuttle.text.cardtext import CardStyle
from cuttle.text.intent import MAX_LINE
from cuttle.text.render import GameOverView, MoveListView, TableModel
from cuttle.ui.actions import QUIT_ANSWER, Answers, ScreenActions
from cuttle.ui.appkeys import build_keys
from cuttle.ui.appwiring import build_application
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import Overlay
from cuttle.ui.review_screen import GameReview, review_keys
from cuttle.ui.screen import wrap_whole
from cuttle.ui.screenstate import MSG, NOTHING, OVL, Step
from cuttle.ui.terminal import MoveCompleter

T = TypeVar("T")
MAX_INPUT = MAX_LINE  # the session refuses longer lines; the input line cuts them as typed


class AppIO(ScreenActions):
    """The full-screen terminal: a ``GameIO`` whose calls come from the session's thread.

    Everything it needs comes in as arguments (the input and output default to prompt_toolkit's
    session for this thread), so several can run in one process."""

    interactive = True
    menus = True  # lists of moves open as menus with their own numbers

    def __init__(
        self,
        style: CardStyle | None = None,
        *,
        color: bool = True,
        pace: str = "normal",
        private: bool = False,
        pt_input: Input | None = None,
        pt_output: Output | None = None,
        on_error: Callable[[Exception], None] | None = None,
        keys: KeyBindings | None = None,
    ) -> None:
        """``on_error``: where an exception in one of the screen's key bindings goes (called on
        the application's thread; None: the event loop's handler, as for any callback);
        ``keys``: bindings of the caller's, over the screen's own where both take a key."""
        super().__init__(style or CardStyle(), pace, pt_output or get_app_session().output)
        self.color = color
        self.private = private  # hot-seat: clear the scrollback before and after
        self.source: MoveSource = list
        self.histories: dict[int | None, InMemoryHistory] = {}
        self.pending_break: BaseException | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.ready = threading.Event()  # set while the player may type an answer
        self.answers = Answers()
        self.farewell_lines: list[str] = []  # printed again after the screen closes
        self.loop: asyncio.AbstractEventLoop | None = None
        # calls posted before the screen runs (a server's game may draw a screen that is about
        # to start): kept, in order, and made once it runs; dropped, a table drawn was lost
        self.early: list[Callable[[], None]] = []
        self.early_lock = threading.Lock()
        self.buffer = Buffer(
            # only while the game waits for a move: the session's thread is then idle
            completer=MoveCompleter(
                lambda: self.source() if self.mode == "read" else [],
                self.style,
                lambda: self.tbl.names if self.tbl is not None else (),
            ),
            complete_while_typing=False,
            history=InMemoryHistory(),
            multiline=False,
            on_text_changed=self._limit_line,
        )
        self.layout = ScreenLayout(self, self.buffer, self.pick_card, self.scroll_log)
        self.review = GameReview(self)  # the game-over screen's review (review_screen.py)
        self.app: Application[None] = build_application(
            self.layout,
            [build_keys(self), review_keys(self.review), *([keys] if keys is not None else [])],
            color=color,
            pt_input=pt_input,
            pt_output=self.output,
            on_error=on_error,
        )

    def _limit_line(self, buffer: Buffer) -> None:
        """A line longer than any command is cut as it is typed or pasted, with a message."""
        if len(buffer.text) > MAX_INPUT:
            buffer.text = buffer.text[:MAX_INPUT]
            buffer.cursor_position = len(buffer.text)
            cut = f"A line holds at most {MAX_INPUT} characters: the rest was cut."
            if self.messages[-1:] != [cut]:  # a paste may arrive in many pieces: say it once
                self.add_message(cut)

    # == the session's side (worker thread) ===================================================
    def run(self, body: Callable[[], T]) -> T | None:
        """Run the screen on this thread and ``body`` (the game flow) on a worker thread."""
        result: dict[str, Any] = {}

        def work() -> None:
            try:
                result["rc"] = body()
            except BaseException as exc:  # re-raised on the main thread
                result["exc"] = exc
            finally:
                self.post(self._quit)

        def pre_run() -> None:
            self._started()
            threading.Thread(target=work, name="cuttle-session", daemon=True).start()

        self._clear_scrollback()
        try:
            # its own app session: prompt_toolkit keeps the running application there, and the
            # default session is one for the whole process (two screens would share keys)
            with create_app_session(input=self.app.input, output=self.output):
                self.app.run(pre_run=pre_run)  # SIGINT acts as the Ctrl-C key
        except EOFError:  # the input closed (a pipe in tests)
            pass
        finally:
            self._clear_scrollback()
        if "exc" in result:
            raise result["exc"]
        width = self.screen_size()[0]
        for line in self.farewell_lines:  # the terminal would fold a command in the middle
            for piece in wrap_whole(line, max(20, width - 1)):
                self.output.write(piece + "\n")
        self.output.flush()
        rc: T | None = result.get("rc")
        return rc

    def _quit(self) -> None:
        if self.app.is_running:
            self.app.exit()

    def _clear_scrollback(self) -> None:
        if self.private:
            self.output.write_raw("\x1b[3J")
            self.output.flush()

    def post(self, fn: Callable[[], None], regions: tuple[str, ...] | None = None) -> None:
        """Run ``fn`` on the application's thread, then redraw (from any thread; before the
        screen runs, once it does); ``regions``: the only drawings ``fn`` makes stale (None:
        all)."""

        def call() -> None:
            fn()
            self.changed(regions)

        with self.early_lock:
            loop = self.loop
            if loop is None:
                self.early.append(call)
                return
        if loop.is_closed():
            return
        loop.call_soon_threadsafe(call)

    def _started(self) -> None:
        """The screen runs on this thread's event loop: what was posted before is made now."""
        with self.early_lock:  # a post from another thread now waits: the order is kept
            self.loop = asyncio.get_running_loop()
            for call in self.early:
                self.loop.call_soon(call)
            self.early.clear()

    @property
    def running(self) -> bool:
        """The screen is open."""
        return self.app.is_running

    async def run_async(self) -> None:
        """Show the screen on the running event loop until it is closed (``close``), the session
        calling it from threads of its own: for many screens in one process (a server's), so no
        signal handler and no process-wide exception handler are set. ``EOFError`` when the
        input closed."""
        self._started()
        await self.app.run_async(set_exception_handler=False, handle_sigint=False)

    def close(self, error: BaseException | None = None) -> None:
        """End the screen (from any thread): the application exits, and ``run_async`` raises
        ``error`` when one is given. A session waiting for an answer is not told: put it one."""

        def end() -> None:
            if not self.app.is_running or (self.app.future and self.app.future.done()):
                return  # not shown, or closing already
            if error is None:
                self.app.exit()
            else:
                self.app.exit(exception=error)

        self.post(end)

    def begin_read(self, prompt: str) -> None:
        """Open the input line for a move or command with ``prompt`` and return at once (from
        any thread): the line comes through ``answers`` (``read`` waits for it)."""
        self.post(lambda: self._begin("read", prompt), MSG)

    def begin_ask(self, question: str) -> None:
        """Ask ``question`` on the input line and return at once (from any thread): the answer
        comes through ``answers`` (``ask`` waits for it). A question asked while moves are
        still being told (the rematch, after the others' last moves) appears once they are."""
        self.post(lambda: self._after_steps(lambda: self._begin("ask", question + " ")), MSG)

    def withdraw(self) -> None:
        """The line or question asked is no longer wanted (from any thread): the input line
        closes and what was typed on it is dropped."""

        def idle() -> None:
            self.mode = "idle"
            self.buffer.reset()

        self.post(idle, MSG)

    def set_thinking(self, text: str) -> None:
        """The thinking or waiting line under the board (from any thread; empty: none)."""
        self.post(lambda: setattr(self, "thinking_text", text), MSG)

    def read(self, prompt: str) -> str:
        self.begin_read(prompt)
        return self.answers.get()

    def ask(self, question: str) -> str:
        self.begin_ask(question)
        return self.answers.get()

    def size(self) -> tuple[int, int]:
        """The size the session lays text out for: the screen wraps it again to its regions."""
        return 80, 24

    def message(self, text: str) -> None:
        self.post(lambda: self.add_message(text), MSG)

    def panel(self, title: str, body: RenderableType) -> None:
        """Any renderable in a window over the board, closed with Esc or q."""
        self.post(lambda: self.open_overlay(Overlay(title, body)), OVL)

    def game_over(self, view: GameOverView) -> None:
        """The result in a window that stays open through the rematch question."""
        over = Overlay("Game over", view.body(), lasting=True, beside=True)  # the final board
        self.post(lambda: self._after_steps(lambda: self.open_overlay(over)), OVL)

    def farewell(self, lines: list[str]) -> None:
        """Kept at once for after the screen; on it once the last moves are told (a game's
        end is not said before its last move)."""

        def show() -> None:
            for line in lines:
                self.add_message(line)

        def keep() -> None:
            self.farewell_lines = list(lines)
            self._after_steps(show)

        self.post(keep, MSG)

    def record_kept(self, lines: list[str]) -> None:
        self.farewell(lines)

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        """A list of moves as a menu: arrows and Enter, or the number, pick one."""
        self.open_menu(view.title, view.items, moves)

    def open_menu(
        self,
        title: str,
        items: list[tuple[str, str]],
        picks: list[str],
        index: int = 0,
        q_pick: str | None = None,
    ) -> None:
        """A menu in a window: arrows and Enter, or the number, send the item's pick as a line
        (``index``: the item selected when it opens; ``q_pick``: what ``q`` sends)."""
        menu = Overlay(title, items=items, picks=picks, index=index, q_pick=q_pick)
        self.post(lambda: self.open_overlay(menu), OVL)

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        """The game is over: ``r`` on the game-over screen reviews ``record`` (review_screen)."""
        self.post(lambda: self._after_steps(lambda: self.review.offer(record, where, later)),
                  MSG)

    def flush_input(self) -> None:
        """Forget what was typed and not sent (before a question: it must not answer it)."""
        self.post(self.buffer.reset, NOTHING)

    def set_note(self, text: str) -> None:
        """One line shown above the input (for coaching or lessons); empty to remove it."""
        self.post(lambda: setattr(self, "note", text), MSG)

    def set_pace(self, pace: str) -> None:
        """The pace from now on (``pace X``, the in-game ``settings pace``)."""
        self.post(lambda: self.change_pace(pace))

    def set_style(self, style: CardStyle) -> None:
        """How cards are drawn from now on (the in-game ``settings cards``)."""

        def change() -> None:
            self.style = style
            if isinstance(self.buffer.completer, MoveCompleter):
                self.buffer.completer.style = style

        self.post(change)

    def table(self, model: TableModel) -> None:
        self.post(lambda: self._set_table(model))

    def event(self, model: TableModel, own: bool) -> None:
        self.post(lambda: self._add_step(Step(model, own)))

    def wait(self, view: RenderableType) -> bool:
        """The pass screen until Enter alone (True) or ``q``/``quit`` (False; see GameIO)."""
        self.post(lambda: self._begin_handoff(view))
        return self.answers.get() != QUIT_ANSWER

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        self.set_thinking(text)
        try:
            yield
        finally:
            self.set_thinking("")

    def start_game(self, source: MoveSource) -> None:
        self.source = source
        self.post(self._new_game)

    # == the application's side: what the session's calls do ==================================
    def _new_game(self) -> None:
        self.review.reset()
        self.histories.clear()
        self.tbl = None
        self.steps.clear()
        self.after_steps.clear()
        self.overlays.clear()
        self.messages.clear()
        self.recent = frozenset()
        self.selected = None
        self.log_back = 0

    def _begin(self, mode: str, prompt: str) -> None:
        if self.pending_break is not None and mode == "read":
            exc, self.pending_break = self.pending_break, None
            self.answer(exc)
            return
        self.mode = mode
        self.prompt = prompt
        if mode == "ask":  # a question ignores what was typed before it appeared
            self.buffer.reset()
        else:
            viewer = self.tbl.viewer if self.tbl is not None else None
            history = self.histories.setdefault(viewer, InMemoryHistory())
            if self.buffer.history is not history:
                self.buffer.reset()
                self.buffer.history = history
                # in the screen's own context: outside it prompt_toolkit's get_app() made a
                # whole DummyApplication (its own default key bindings: about 2,000 objects left
                # to the cycle collector) for each screen of a server
                with set_app(self.app):
                    self.buffer.load_history_if_not_yet_loaded()
        keys_to_overlay = bool(self.overlays) and mode == "read" and not self.buffer.text
        self._focus(self.layout.overlay_target() if keys_to_overlay else self.layout.input_window)

    def _after_steps(self, action: Callable[[], None]) -> None:
        """Do ``action`` once the steps still to tell are told (at once when there are none):
        the game's end waits for the others' last moves, at the pace (after a concession a
        whole game of them)."""
        if self.current_step() is None and not self.after_steps:
            action()
        else:
            self.after_steps.append(action)

    def _set_table(self, model: TableModel) -> None:
        if model.viewer is None and self.tbl is not None and self.tbl.viewer is not None:
            if self.current_step() is not None or self.after_steps:  # the final table
                self.after_steps.append(lambda: self._set_table(model))
                return
        if self.tbl is None or self.tbl.viewer != model.viewer:
            self.selected = None
        self.tbl = model
        self.handoff_view = None
        hand = model.pos["hands"][model.bottom]
        if self.selected is not None and self.selected >= len(hand):
            self.selected = len(hand) - 1 if hand else None
        self._pace()

    def _add_step(self, step: Step) -> None:
        self.steps.append(step)
        self.fresh += 1
        self.log_back = 0
        self._pace()

    def _begin_handoff(self, view: RenderableType) -> None:
        self.mode = "handoff"
        self.handoff_view = view
        self.tbl = None
        self.overlays.clear()
        self.messages.clear()
        self.note = ""
        self.buffer.reset()
        self.selected = None
        self.recent = frozenset()
        self.log_back = 0
        self._focus(self.layout.input_window)
