"""``cuttle play`` on a terminal: one full-screen prompt_toolkit application.

``AppIO`` is the ``GameIO`` of a real terminal. The game session runs in a worker thread and calls
it as it calls the plain-text I/O: ``read`` and ``ask`` block until the player answers, ``table``
hands over a new board, ``event`` one step of the game for the step-by-step display, ``message``
and ``panel`` something to read. Each call is carried to the application's thread (``post``),
which owns the screen's state (``ScreenState``, which ``AppIO`` is) and changes it only through
the actions below: the keys (``appkeys.py``) and the review (``review_screen.py``) call them. The
regions are drawn by ``layout.py``; ``appwiring.py`` builds the prompt_toolkit application.

Hooks for other features: ``status_extras`` (callables whose text joins the status bar),
``set_note`` (one line above the input) and ``panel`` (any renderable in a closable window).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from prompt_toolkit.application import Application, get_app_session
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.layout import Window
from prompt_toolkit.output import Output
from rich.console import RenderableType
from rich.text import Text

from cuttle.files.storage import GameRecord
from cuttle.play.io import MoveSource
from cuttle.play.session import MAX_LINE
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import GameOverView, MoveListView, TableModel
from cuttle.ui.appkeys import build_keys
from cuttle.ui.appwiring import build_application
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import Overlay
from cuttle.ui.review_screen import GameReview, review_keys
from cuttle.ui.screenstate import PACES, ScreenState, Step
from cuttle.ui.terminal import MoveCompleter

T = TypeVar("T")
MAX_INPUT = MAX_LINE  # the session refuses longer lines; the input line cuts them as typed
PACE_DELAY = 0.5  # seconds an opponent's action stays on screen at the normal pace


class _Answer:
    """What the worker waits for: a line, or an exception to raise in the session."""

    def __init__(self) -> None:
        self.q: queue.Queue[str | BaseException] = queue.Queue()

    def put(self, item: str | BaseException) -> None:
        self.q.put(item)

    def get(self) -> str:
        item = self.q.get()
        if isinstance(item, BaseException):
            raise item
        return item


class AppIO(ScreenState):
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
    ) -> None:
        super().__init__(style or CardStyle(), pace, pt_output or get_app_session().output)
        self.color = color
        self.private = private  # hot-seat: clear the scrollback before and after
        self.source: MoveSource = list
        self.histories: dict[int | None, InMemoryHistory] = {}
        self.pending_break: BaseException | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.ready = threading.Event()  # set while the player may type an answer
        self.answers = _Answer()
        self.farewell_lines: list[str] = []  # printed again after the screen closes
        self.loop: asyncio.AbstractEventLoop | None = None
        self.buffer = Buffer(
            # only while the game waits for a move: the session's thread is then idle
            completer=MoveCompleter(
                lambda: self.source() if self.mode == "read" else [], self.style
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
            [build_keys(self), review_keys(self.review)],
            color=color,
            pt_input=pt_input,
            pt_output=self.output,
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
            self.loop = asyncio.get_running_loop()
            threading.Thread(target=work, name="cuttle-session", daemon=True).start()

        self._clear_scrollback()
        try:
            self.app.run(pre_run=pre_run)  # SIGINT acts as the Ctrl-C key
        except EOFError:  # the input closed (a pipe in tests)
            pass
        finally:
            self._clear_scrollback()
        if "exc" in result:
            raise result["exc"]
        for line in self.farewell_lines:
            self.output.write(line + "\n")
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

    def post(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the application's thread, then redraw (from any thread)."""

        def call() -> None:
            fn()
            self.changed()

        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(call)

    @property
    def running(self) -> bool:
        """The screen is open."""
        return self.app.is_running

    def read(self, prompt: str) -> str:
        self.post(lambda: self._begin("read", prompt))
        return self.answers.get()

    def ask(self, question: str) -> str:
        self.post(lambda: self._begin("ask", question + " "))
        return self.answers.get()

    def size(self) -> tuple[int, int]:
        """The size the session lays text out for: the screen wraps it again to its regions."""
        return 80, 24

    def message(self, text: str) -> None:
        self.post(lambda: self.add_message(text))

    def panel(self, title: str, body: RenderableType) -> None:
        """Any renderable in a window over the board, closed with Esc or q."""
        self.post(lambda: self.open_overlay(Overlay(title, body)))

    def game_over(self, view: GameOverView) -> None:
        """The result in a window that stays open through the rematch question."""
        self.post(lambda: self.open_overlay(Overlay("Game over", view.body(), lasting=True)))

    def farewell(self, lines: list[str]) -> None:
        def keep() -> None:
            for line in lines:
                self.add_message(line)
            self.farewell_lines = list(lines)

        self.post(keep)

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
        self.post(lambda: self.open_overlay(menu))

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        """The game is over: ``r`` on the game-over screen reviews ``record`` (review_screen)."""
        self.post(lambda: self.review.offer(record, where, later))

    def flush_input(self) -> None:
        """Forget what was typed and not sent (before a question: it must not answer it)."""
        self.post(self.buffer.reset)

    def set_note(self, text: str) -> None:
        """One line shown above the input (for coaching or lessons); empty to remove it."""
        self.post(lambda: setattr(self, "note", text))

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

    def wait(self, view: RenderableType) -> None:
        self.post(lambda: self._begin_handoff(view))
        self.answers.get()

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        self.post(lambda: setattr(self, "thinking_text", text))
        try:
            yield
        finally:
            self.post(lambda: setattr(self, "thinking_text", ""))

    def start_game(self, source: MoveSource) -> None:
        self.source = source
        self.post(self._new_game)

    # == the application's side: what the session's calls do ==================================
    def changed(self) -> None:
        """The state changed: draw again (and tell whether the player may type now)."""
        self.forget()
        self.ready.clear()
        if self.mode in ("read", "ask", "handoff") and self.current_step() is None:
            self.ready.set()
        self.app.invalidate()

    def _new_game(self) -> None:
        self.review.reset()
        self.histories.clear()
        self.tbl = None
        self.steps.clear()
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
                self.buffer.load_history_if_not_yet_loaded()
        keys_to_overlay = bool(self.overlays) and mode == "read" and not self.buffer.text
        self._focus(self.layout.overlay_target() if keys_to_overlay else self.layout.input_window)

    def _set_table(self, model: TableModel) -> None:
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

    def _pace(self) -> None:
        """Own moves and the fast pace pass at once; normal waits a moment; step waits a key."""
        while True:
            step = self.current_step()
            if step is None or not (step.own or self.pace == "fast"):
                break
            self.steps.remove(step)
            self.recent = self.recent | step.model.highlight
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.current_step() is not None and self.pace == "normal" and self.loop is not None:

            def tick() -> None:
                self.timer = None
                self.advance()
                self.changed()

            self.timer = self.loop.call_later(PACE_DELAY, tick)

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

    def _focus(self, window: Window) -> None:
        """Focus a window if it is on screen now (a terminal too small shows neither)."""
        with contextlib.suppress(ValueError):
            self.app.layout.focus(window)

    # == actions (the keys, the review, the session's calls) ==================================
    def answer(self, item: str | BaseException) -> None:
        """Hand the waiting session a line (or raise ``item`` in it)."""
        self.mode = "idle"
        self.answers.put(item)

    def add_message(self, text: str) -> None:
        """A line joins the messages; a text of several lines opens as a window to read."""
        if "\n" not in text:
            self.messages.append(text)
            self.messages = self.messages[-6:]
        else:
            self.open_overlay(Overlay(text.split("\n", 1)[0][:40].rstrip(":"), Text(text)))
        self.changed()  # the message area is drawn from a cache

    def remove_message(self, text: str) -> None:
        self.messages = [m for m in self.messages if m != text]
        self.changed()

    def open_overlay(self, overlay: Overlay, focus: bool = False) -> None:
        """A window over the board, in place of one with the same title; it takes the keys
        unless a question is open (``focus``: even then)."""
        self.overlays = [o for o in self.overlays if o.title != overlay.title]
        self.overlays.append(overlay)
        if self.mode != "ask" or focus:
            self._focus(self.layout.overlay_target())
        self.changed()

    def close_overlays(self, title: str) -> None:
        """Close the windows of this title without asking anyone."""
        self.overlays = [o for o in self.overlays if o.title != title]
        self.changed()

    def replace_overlay_body(self, title: str, body: RenderableType) -> None:
        """A new text for the window of this title (drawn again)."""
        for ov in self.overlays:
            if ov.title == title:
                ov.body = body
        self.changed()

    def close_overlay(self, by_q: bool = False) -> None:
        """Esc (or ``q``: a menu's ``q_pick`` is sent as a line) closes the top window."""
        closed = self.overlays.pop() if self.overlays else None
        if closed is not None and closed.on_close is not None:
            closed.on_close()
        self._focus(self.layout.input_window)
        if closed is not None and by_q and closed.q_pick is not None and self.mode == "read":
            self.submit(closed.q_pick)
        self.changed()

    def overlay_focused(self) -> bool:
        """The window over the board has the keys."""
        has = self.app.layout.has_focus
        return has(self.layout.overlay_window) or has(self.layout.short_overlay_window)

    def move_in_overlay(self, delta: int) -> None:
        """Up/down in a menu, or scroll a text (``delta`` rows)."""
        ov = self.overlays[-1]
        if ov.menu:
            ov.index = max(0, min(len(ov.items) - 1, ov.index + delta))
            ov.typed = ""
        else:
            ov.top = max(0, ov.top + delta)
        self.changed()

    def page_overlay(self, direction: int) -> None:
        self.move_in_overlay(direction * max(1, self.screen_size()[1] // 2))

    def type_in_menu(self, digit: str) -> None:
        """A digit typed in a menu: the item of that number (two digits go on)."""
        ov = self.overlays[-1]
        typed = ov.typed + digit
        if not 1 <= int(typed) <= len(ov.items):
            typed = digit
        if 1 <= int(typed) <= len(ov.items):
            ov.index = int(typed) - 1
        ov.typed = typed
        self.changed()

    def pick_from_menu(self) -> None:
        """Enter in a menu: its item is sent as a line."""
        ov = self.overlays.pop()
        self._focus(self.layout.input_window)
        if self.mode == "read":
            self.submit(ov.picks[ov.index])
        self.changed()

    def type_through(self, text: str) -> None:
        """Typing while a window has the keys: it closes and the text goes to the input."""
        self.close_overlay()
        self.buffer.insert_text(text)
        self.changed()

    def complete_instead(self) -> None:
        """Tab in a window: it closes and the input line lists the moves."""
        self.close_overlay()
        self.buffer.start_completion(select_first=False)
        self.changed()

    def cycle_pace(self) -> None:
        """F2: step -> normal -> fast -> step."""
        self.pace = PACES[(PACES.index(self.pace) + 1) % len(PACES)]
        self.messages.append(f"Pace: {self.pace} (F2 changes it).")
        self._pace()
        self.changed()

    def change_pace(self, pace: str) -> None:
        """The pace from now on (an unknown one changes nothing)."""
        self.pace = pace if pace in PACES else self.pace
        self._pace()

    def send_break(self, exc: BaseException) -> None:
        """Ctrl-C / Ctrl-D: to the session now when it waits for input, else at its next read."""
        if self.mode in ("read", "ask", "handoff"):
            self.buffer.reset()
            self.answer(exc)
        else:
            self.pending_break = exc
        self.changed()

    def command(self, text: str) -> None:
        """A key's command (F1: help): sent as a line when the game waits for a move."""
        if self.mode == "read":
            self.submit(text)

    def submit(self, text: str) -> None:
        """Send a line to the waiting session; the screen forgets what the last one showed."""
        if self.mode == "read" and text.strip():
            self.buffer.append_to_history()
        self.buffer.reset()
        self.messages.clear()
        self.recent = frozenset()
        self.fresh = 0
        self.log_back = 0
        if self.mode == "read":
            self.overlays = [o for o in self.overlays if o.lasting]
        self.answer(text)
        self.changed()

    def enter(self) -> None:
        """Enter on the input line: take the completion, open the selected card's moves, or
        send the line (while the opponent moves the text stays for when the prompt comes)."""
        buf = self.buffer
        if buf.complete_state is not None and buf.complete_state.current_completion:
            buf.apply_completion(buf.complete_state.current_completion)
            return
        if self.mode == "read" and not buf.text and self.selected is not None:
            self.card_menu()
            return
        if self.mode in ("read", "ask"):
            self.submit(buf.text)

    def handoff_done(self) -> None:
        """Enter on the handoff screen."""
        self.answer("")
        self.changed()

    def advance(self) -> None:
        """The step on screen is done: its highlights join the recent ones."""
        step = self.current_step()
        if step is None:
            return
        self.steps.remove(step)
        self.recent = self.recent | step.model.highlight
        self._pace()
        self.changed()

    def skip_steps(self, then_submit: bool = False) -> None:
        """Esc: the rest of the opponent's turn at once (the whole log stays); a typed line
        then goes to the game (``then_submit``)."""
        while self.current_step() is not None:
            self.advance()
        if then_submit and self.mode in ("read", "ask"):
            self.submit(self.buffer.text)
        self.changed()

    def scroll_log(self, delta: int) -> None:
        """Scroll the log ``delta`` lines (up is negative)."""
        self.log_back = max(0, self.log_back - delta)
        self.changed()

    def page_log(self, direction: int) -> None:
        self.scroll_log(direction * max(1, self.screen_size()[1] // 3))

    def select_card(self, delta: int) -> None:
        """Left/right: select the previous or next card of the hand."""
        hand = self.hand()
        if not hand:
            return
        self.position_typed = ""
        if self.selected is None:
            self.selected = 0 if delta > 0 else len(hand) - 1
        else:
            self.selected = (self.selected + delta) % len(hand)
        self.changed()

    def select_position(self, digit: str) -> None:
        """A card's position (1, 2, ... typed while a card is selected; two digits go on)."""
        hand = self.hand()
        typed = self.position_typed + digit
        if not 1 <= int(typed) <= len(hand):
            typed = digit
        self.position_typed = typed
        if 1 <= int(typed) <= len(hand):
            self.selected = int(typed) - 1
        self.changed()

    def pick_card(self, index: int) -> None:
        """A click on a card of the hand selects it (while the game waits for a move)."""
        if self.mode == "read":
            self.selected = index
            self.changed()

    def unselect(self) -> None:
        self.selected = None
        self.changed()

    def card_menu(self) -> None:
        """Enter on a selected card: a menu of its moves."""
        hand = self.hand()
        if self.selected is None or self.selected >= len(hand):
            return
        card = hand[self.selected]
        moves = [(t, meta) for t, meta in self.source() if card in t.split()[1:2]]
        shown = self.style.plain(card)
        if not moves:
            self.add_message(f"{shown} has no legal move now.")
            return
        items = [(self.style.words(t), self.style.say(meta)) for t, meta in moves]
        self.open_overlay(Overlay(f"What {shown} can do", items=items, picks=[t for t, _ in moves]))
