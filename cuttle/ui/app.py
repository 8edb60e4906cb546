"""``cuttle play`` on a terminal: one full-screen prompt_toolkit application.

``AppIO`` is the ``GameIO`` of a real terminal. The game session (``session.py``) runs in a worker
thread and calls it as it calls the plain-text I/O: ``read`` and ``ask`` block until the player
answers, ``table`` hands over a new board, ``event`` one step of the game for the step-by-step
display, ``show`` a message or an overlay. The application (main thread: it must own SIGWINCH to
redraw on resize) keeps the screen: fixed regions (the opponent, the table, your side, the log, the
messages, the input line, the status bar), overlays, key bindings, the pace of the opponent's turn.

Hooks for other features: ``status_extras`` (callables whose text joins the status bar),
``set_note`` (one line above the input) and ``overlay`` (any renderable in a closable window).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import queue
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.layout import (
    ConditionalContainer,
    Container,
    DynamicContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.widgets import Frame
from rich.console import RenderableType
from rich.text import Text

from cuttle.files.storage import GameRecord
from cuttle.play.io import MoveSource
from cuttle.play.session import MAX_LINE
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import GameOverView, MoveListView, TableModel
from cuttle.ui.appkeys import build_keys
from cuttle.ui.overlay import STYLE, Overlay
from cuttle.ui.review_screen import GameReview, review_keys
from cuttle.ui.richpt import RichControl
from cuttle.ui.screen import (
    MIN_HEIGHT,
    MIN_WIDTH,
    SIDE_LOG,
    TILES_HEIGHT,
    Board,
    log_text,
    too_small,
)
from cuttle.ui.statusbar import status_line
from cuttle.ui.terminal import MoveCompleter

T = TypeVar("T")
PACES = ("step", "normal", "fast")
MAX_INPUT = MAX_LINE  # the session refuses longer lines; the input line cuts them as typed
PACE_DELAY = 0.5  # seconds an opponent's action stays on screen at the normal pace
PHASES = {
    "main": "turn",
    "counter": "counter?",
    "resolve_three": "3: take a card",
    "resolve_four": "4: discard",
    "resolve_five": "5: discard",
    "resolve_seven": "7: play a card",
    "hand_limit": "hand limit",
    "over": "game over",
}
@dataclass
class Step:
    """One event as a viewer sees it: the table just after it, with the cards it changed."""

    model: TableModel
    own: bool  # the viewer's own move: shown at once, no pause


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


class AppIO:
    """The full-screen terminal: a ``GameIO`` whose calls come from the session's thread."""

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
        self.style = style or CardStyle()
        self.color = color
        self.pace = pace if pace in PACES else "normal"
        self.private = private  # hot-seat: clear the scrollback before and after
        self.source: MoveSource = list
        self.status_extras: list[Callable[[], str]] = []
        self.note = ""
        self.log_placeholder = ""  # the log's text while it is empty (else the game's tip)
        self.offer_tab = True  # the bar offers "Tab moves" while reading (off: no moves to list)
        # state below is touched only on the application's thread
        self.tbl: TableModel | None = None
        self.steps: deque[Step] = deque()
        self.recent: frozenset[str] = frozenset()
        self.fresh = 0  # log lines added since the player's last input
        self.mode = "idle"  # idle, read, ask, handoff
        self.prompt = ""
        self.messages: list[str] = []
        self.overlays: list[Overlay] = []
        self.handoff_view: RenderableType | None = None
        self.selected: int | None = None
        self.position_typed = ""
        self.log_back = 0
        self.thinking_text = ""
        self.histories: dict[int | None, InMemoryHistory] = {}
        self.pending_break: BaseException | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.version = 0
        self.cache: dict[tuple[str, int], Any] = {}
        self.ready = threading.Event()  # set while the player may type an answer
        self.answers = _Answer()
        self.farewell_lines: list[str] = []  # printed again after the screen closes
        self.loop: asyncio.AbstractEventLoop | None = None
        self.review = GameReview(self)  # the game-over screen's review (review_screen.py)
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
        self.app: Application[None] = Application(
            layout=Layout(self._layout(), focused_element=self.input_window),
            key_bindings=merge_key_bindings([build_keys(self), review_keys(self)]),
            style=STYLE,
            full_screen=True,
            mouse_support=True,
            color_depth=None if color else ColorDepth.MONOCHROME,
            input=pt_input,
            output=pt_output,
        )
        self.app.ttimeoutlen = 0.05
        self.app.timeoutlen = 0.5

    def _limit_line(self, buffer: Buffer) -> None:
        """A line longer than any command is cut as it is typed or pasted, with a message."""
        if len(buffer.text) > MAX_INPUT:
            buffer.text = buffer.text[:MAX_INPUT]
            buffer.cursor_position = len(buffer.text)
            cut = f"A line holds at most {MAX_INPUT} characters: the rest was cut."
            if self.messages[-1:] != [cut]:  # a paste may arrive in many pieces: say it once
                self.messages.append(cut)
                self._changed()  # the message area is drawn from a cache

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
                self._post(self._quit)

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
            self.app.output.write(line + "\n")
        self.app.output.flush()
        rc: T | None = result.get("rc")
        return rc

    def _quit(self) -> None:
        if self.app.is_running:
            self.app.exit()

    def _clear_scrollback(self) -> None:
        if self.private:
            self.app.output.write_raw("\x1b[3J")
            self.app.output.flush()

    def _post(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the application's thread, then redraw."""

        def call() -> None:
            fn()
            self._changed()

        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(call)

    def read(self, prompt: str) -> str:
        self._post(lambda: self._begin("read", prompt))
        return self.answers.get()

    def ask(self, question: str) -> str:
        self._post(lambda: self._begin("ask", question + " "))
        return self.answers.get()

    def size(self) -> tuple[int, int]:
        """The size the session lays text out for: the screen wraps it again to its regions."""
        return 80, 24

    def message(self, text: str) -> None:
        self._post(lambda: self._message(text))

    def panel(self, title: str, body: RenderableType) -> None:
        """Any renderable in a window over the board, closed with Esc or q."""
        self._post(lambda: self._open(Overlay(title, body)))

    def game_over(self, view: GameOverView) -> None:
        """The result in a window that stays open through the rematch question."""
        self._post(lambda: self._open(Overlay("Game over", view.body(), lasting=True)))

    def farewell(self, lines: list[str]) -> None:
        def keep() -> None:
            for line in lines:
                self._message(line)
            self.farewell_lines = list(lines)

        self._post(keep)

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
        self._post(lambda: self._open(menu))

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        """The game is over: ``r`` on the game-over screen reviews ``record`` (review_screen)."""
        self._post(lambda: self.review.offer(record, where, later))

    def flush_input(self) -> None:
        """Forget what was typed and not sent (before a question: it must not answer it)."""
        self._post(self.buffer.reset)

    def set_note(self, text: str) -> None:
        """One line shown above the input (for coaching or lessons); empty to remove it."""
        self._post(lambda: setattr(self, "note", text))

    def set_pace(self, pace: str) -> None:
        """The pace from now on (the in-game ``settings pace``)."""

        def change() -> None:
            self.pace = pace if pace in PACES else self.pace
            self._pace()

        self._post(change)

    def set_style(self, style: CardStyle) -> None:
        """How cards are drawn from now on (the in-game ``settings cards``)."""

        def change() -> None:
            self.style = style
            if isinstance(self.buffer.completer, MoveCompleter):
                self.buffer.completer.style = style

        self._post(change)

    def table(self, model: TableModel) -> None:
        self._post(lambda: self._set_table(model))

    def event(self, model: TableModel, own: bool) -> None:
        self._post(lambda: self._add_step(Step(model, own)))

    def wait(self, view: RenderableType) -> None:
        self._post(lambda: self._begin_handoff(view))
        self.answers.get()

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        self._post(lambda: setattr(self, "thinking_text", text))
        try:
            yield
        finally:
            self._post(lambda: setattr(self, "thinking_text", ""))

    def start_game(self, source: MoveSource) -> None:
        self.source = source
        self._post(self._new_game)

    # == the application's side ===============================================================
    def _changed(self) -> None:
        self.version += 1
        self.cache.clear()
        self.ready.clear()
        if self.mode in ("read", "ask", "handoff") and self._step() is None:
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
            self.answers.put(exc)
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
        self._focus(self._overlay_target() if keys_to_overlay else self.input_window)

    def _answer(self, item: str | BaseException) -> None:
        self.mode = "idle"
        self.answers.put(item)

    def _message(self, text: str) -> None:
        """A line joins the messages; a text of several lines opens as a window to read."""
        if "\n" not in text:
            self.messages.append(text)
            self.messages = self.messages[-6:]
            return
        self._open(Overlay(text.split("\n", 1)[0][:40].rstrip(":"), Text(text)))

    def _open(self, overlay: Overlay) -> None:
        self.overlays = [o for o in self.overlays if o.title != overlay.title]
        self.overlays.append(overlay)
        if self.mode != "ask":
            self._focus(self._overlay_target())

    def _close_overlay(self) -> None:
        if self.overlays:
            closed = self.overlays.pop()
            if closed.on_close is not None:
                closed.on_close()
        self._focus(self.input_window)

    def _overlay_target(self) -> Window:
        """The overlay's window that is on screen now (two arrangements, one each)."""
        if self._body() in ("narrow+overlay", "wide+overlay"):
            return self.short_overlay_window
        return self.overlay_window

    def _focus(self, window: Window) -> None:
        """Focus a window if it is on screen now (a terminal too small shows neither)."""
        with contextlib.suppress(ValueError):
            self.app.layout.focus(window)

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

    def _step(self) -> Step | None:
        """The step on screen now: the oldest one for the viewer whose table is shown."""
        if self.tbl is None or self.mode == "handoff":
            return None
        for step in self.steps:
            if step.model.viewer == self.tbl.viewer:
                return step
        return None

    def _advance(self) -> None:
        """The step on screen is done: its highlights join the recent ones."""
        step = self._step()
        if step is None:
            return
        self.steps.remove(step)
        self.recent = self.recent | step.model.highlight
        self._pace()

    def _pace(self) -> None:
        """Own moves and the fast pace pass at once; normal waits a moment; step waits a key."""
        while True:
            step = self._step()
            if step is None or not (step.own or self.pace == "fast"):
                break
            self.steps.remove(step)
            self.recent = self.recent | step.model.highlight
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self._step() is not None and self.pace == "normal" and self.loop is not None:

            def tick() -> None:
                self.timer = None
                self._advance()
                self._changed()

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
        self._focus(self.input_window)

    # -- what is drawn ------------------------------------------------------------------------
    def _size(self) -> tuple[int, int]:
        if not hasattr(self, "app"):  # while the layout is being built
            return 80, 24
        size = self.app.output.get_size()
        return size.columns, size.rows

    def _wide(self) -> bool:
        return self._size()[0] >= SIDE_LOG

    def _big_enough(self) -> bool:
        w, h = self._size()
        return w >= MIN_WIDTH and h >= MIN_HEIGHT

    def _shown(self) -> TableModel | None:
        step = self._step()
        if step is not None:
            return step.model
        if self.tbl is None:
            return None
        key = ("shown", 0)
        if key not in self.cache:
            self.cache[key] = dataclasses.replace(self.tbl, highlight=self.recent)
        shown: TableModel = self.cache[key]
        return shown

    def _board(self, width: int) -> Board | None:
        model = self._shown()
        if model is None:
            return None
        key = ("board", width)
        if key not in self.cache:
            self.cache[key] = Board(model, width, self.selected)
        board: Board = self.cache[key]
        return board

    def _memo(self, name: str, width: int, make: Callable[[], Any]) -> Any:
        key = (name, width)
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]

    def _opp(self, width: int) -> RenderableType | None:
        board = self._board(width)
        return None if board is None else self._memo("opp", width, board.opponent)

    def _middle(self, width: int) -> RenderableType | None:
        board = self._board(width)
        return None if board is None else self._memo("mid", width, board.middle)

    def _own(self, width: int) -> RenderableType | None:
        board = self._board(width)
        if board is None:
            return None
        tiles = self._size()[1] >= TILES_HEIGHT
        own = self._memo("own", width, lambda: board.own(tiles))
        return own[0]  # type: ignore[no-any-return]

    def _click_hand(self, x: int, y: int) -> None:
        own = self.cache.get(("own", self._board_width()))
        if own is None or self.mode != "read":
            return
        _, layout, first = own
        index = layout.index_at(x, y - first)
        if index is not None:
            self.selected = index
            self._changed()

    def _board_width(self) -> int:
        w = self._size()[0]
        return w - self._log_width() - 1 if self._wide() else w

    def _log_width(self) -> int:
        return max(48, min(70, self._size()[0] - 72))

    def _log_lines(self) -> list[str]:
        model = self._shown()
        return list(model.events) if model is not None else []

    def _log(self, width: int) -> RenderableType:
        def make() -> RenderableType:
            lines = self._log_lines()
            if not lines:
                keys = self.style.say(
                    self.log_placeholder
                    or "The log: every move of the game appears here.\n"
                    "Type a move (Tab lists them), or pick a card of your hand with ← → and "
                    "Enter. F1: help."
                )
                return Text(keys, style="dim")
            fresh = 1 if self._step() is not None else min(self.fresh, len(lines))
            return log_text(
                [self.style.say(line) for line in lines], width, fresh, self.style.ascii
            )

        return self._memo("log", width, make)  # type: ignore[no-any-return]

    def _log_scroll(self, count: int, height: int) -> int:
        most = max(0, count - height)
        self.log_back = min(self.log_back, most)
        return most - self.log_back

    def _wheel(self, delta: int) -> None:
        self.log_back = max(0, self.log_back - delta)
        self._changed()

    def _message_lines(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        step = self._step()
        if step is not None:
            keys = "Space: next · Esc: skip" if self.pace == "step" else "Space: skip"
            out.append((self.style.say(f"Opponent's turn, step by step ({keys})"), "bold yellow"))
        elif self.thinking_text:
            out.append((self.style.say(self.thinking_text), "bold yellow"))
        elif self.tbl is not None and self.tbl.status and self.mode != "ask":
            out.append((self.style.say(self.tbl.status), "bold cyan"))
        if self.tbl is not None and self.tbl.footer:
            out += [(self.style.say(line), "dim") for line in self.tbl.footer.split("\n")]
        out += [(self.style.say(m), "") for m in self.messages[-3:]]
        if self.note:
            out.append((self.style.say(self.note), "italic"))
        return out[-4:]

    def _messages(self, width: int) -> RenderableType:
        def make() -> RenderableType:
            lines = self._message_lines()
            return Text("\n").join(Text(text, style=style) for text, style in lines)

        return self._memo("msg", width, make)  # type: ignore[no-any-return]

    def _status(self) -> StyleAndTextTuples:
        w = self._size()[0]
        model = self._shown()
        # (text, rank): when the bar is too narrow the lowest ranks are kept first, in their
        # order. Whose turn, F1 and a threat to win next turn (rank 2, cut to fit) matter
        # most: scores, deck and seed are on the table as well.
        pieces: list[tuple[str, int]] = []
        if self.mode == "handoff":
            pieces.append(("Hot-seat: pass the keyboard", 0))
        elif model is not None:
            pos = model.pos
            p = pos.get("to_move")
            phase = PHASES.get(str(pos.get("phase")), str(pos.get("phase")))
            if p is not None and pos.get("phase") != "over":
                pieces.append((f"{model.names[int(p)]}: {phase}", 0))
            elif pos.get("phase") == "over":
                pieces.append(("game over", 0))
            for s in (model.bottom, 1 - model.bottom):
                pieces.append((f"{model.names[s]} {model.scores[s]}/{model.goals[s]}", 4))
            pieces.append((f"deck {len(pos.get('deck', []))}", 5))
            if model.seed is not None:
                pieces.append((f"seed {model.seed}", 6))
            if model.viewer is not None and pos.get("phase") != "over" and self.mode != "ask":
                threat, urgent = self._memo(
                    "threat", model.viewer, lambda: self._threat_piece(model)
                )
                pieces.append((threat, 2 if urgent else 5))
        pieces += [(extra(), 3) for extra in self.status_extras]
        pieces.append(("F1 help", 1))
        pieces.append((f"pace {self.pace} F2", 7))
        if self.mode == "read" and self.offer_tab:
            pieces.append(("Tab moves", 8))
        # A threat too long for a narrow bar is cut rather than lost: its start says who needs
        # how much; the legend and `threat` say the rest.
        return [("class:status", status_line(pieces, w, self.style, cut_rank=2))]

    def _threat_piece(self, model: TableModel) -> tuple[str, bool]:
        """The threat for the bar, and whether the opponent has a way to win next turn."""
        from cuttle.ai.explain import win_ways

        assert model.viewer is not None
        return self._threat(model), bool(win_ways(model.pos, 1 - model.viewer))

    def _threat(self, model: TableModel) -> str:
        """What the opponent could win with next turn, from the viewer's view (public only)."""
        from cuttle.text.threat import threat_line

        assert model.viewer is not None
        line = threat_line(model.pos, model.viewer, model.names)
        # the viewer's own need is already in the bar as a score: keep the opponent's threat
        return line.split(" · ", 1)[-1]

    def _prompt(self) -> StyleAndTextTuples:
        if self.mode in ("read", "ask"):
            return [("class:prompt", self.style.say(self.prompt))]
        if self.mode == "handoff":
            return [("class:prompt", "Enter> ")]
        return [("", "   ")]

    def _overlay_body(self, width: int) -> RenderableType:
        ov = self.overlays[-1] if self.overlays else None
        if ov is None:
            return Text("")
        if not ov.menu:
            return self._memo("ovl", width, lambda: ov.body)  # type: ignore[no-any-return]

        def make() -> RenderableType:
            t = Text()
            num = len(str(len(ov.items)))
            for i, (text, meta) in enumerate(ov.items):
                if i:
                    t.append("\n")
                row = Text.assemble((f"{i + 1:>{num}} ", "bold cyan"), (text, "bold"))
                if meta:
                    row.append("  " + meta, style="dim")
                if i == ov.index:
                    row.stylize("reverse")
                row.truncate(width, overflow="ellipsis")
                t.append_text(row)
            return t

        return self._memo("ovl", width, make)  # type: ignore[no-any-return]

    def _overlay_scroll(self, count: int, height: int) -> int:
        ov = self.overlays[-1] if self.overlays else None
        if ov is None:
            return 0
        if ov.menu:
            if ov.index < ov.top:
                ov.top = ov.index
            elif ov.index >= ov.top + height:
                ov.top = ov.index - height + 1
        ov.top = max(0, min(ov.top, count - height))
        return ov.top

    def _overlay_title(self) -> str:
        ov = self.overlays[-1] if self.overlays else None
        if ov is None:
            return ""
        arrows = "up/down" if self.style.ascii else "↑↓"
        hint = f"{arrows} Enter · Esc" if ov.menu else f"{arrows} PgUp/PgDn · Esc/q closes"
        return self.style.say(f" {ov.title} ({hint}) ")

    def _frame(self, body: Window) -> AnyContainer:
        """A box with the overlay's title in its top edge (plain ASCII with --ascii)."""
        if not self.style.ascii:
            return Frame(body, title=self._overlay_title)
        edge = "class:frame.border"
        title = Window(
            FormattedTextControl(lambda: [("class:frame.label", self._overlay_title())]),
            dont_extend_width=True,
            height=1,
        )
        return HSplit(
            [
                VSplit(
                    [
                        Window(width=1, height=1, char="+", style=edge),
                        Window(width=2, height=1, char="-", style=edge),
                        title,
                        Window(height=1, char="-", style=edge),
                        Window(width=1, height=1, char="+", style=edge),
                    ],
                    height=1,
                ),
                VSplit(
                    [
                        Window(width=1, char="|", style=edge),
                        body,
                        Window(width=1, char="|", style=edge),
                    ]
                ),
                VSplit(
                    [
                        Window(width=1, height=1, char="+", style=edge),
                        Window(height=1, char="-", style=edge),
                        Window(width=1, height=1, char="+", style=edge),
                    ],
                    height=1,
                ),
            ]
        )

    def _layout(self) -> FloatContainer:
        self.opp_control = RichControl(self._opp)
        self.mid_control = RichControl(self._middle)
        self.own_control = RichControl(self._own, on_click=self._click_hand)
        self.log_control = RichControl(self._log, scroll=self._log_scroll, on_wheel=self._wheel)
        self.msg_control = RichControl(self._messages)
        self.overlay_control = RichControl(
            self._overlay_body, scroll=self._overlay_scroll, focusable=True
        )
        self.input_window = Window(
            BufferControl(self.buffer, input_processors=[BeforeInput(self._prompt)]),
            height=1,
            get_horizontal_scroll=self._input_scroll,
        )
        self.overlay_window = Window(self.overlay_control, style="class:overlay")
        frame = self._frame(self.overlay_window)
        self.short_overlay_window = Window(
            self.overlay_control, style="class:overlay", height=self._overlay_rows
        )
        short_frame = self._frame(self.short_overlay_window)
        opp = Window(self.opp_control, height=self._exact(self.opp_control))
        mid = Window(self.mid_control, height=self._exact(self.mid_control))
        own = Window(self.own_control, height=self._exact(self.own_control))
        log = Window(self.log_control)
        log_under = ConditionalContainer(
            Window(self.log_control),
            filter=Condition(lambda: self._overlay_room() - 2 - self._overlay_rows() > 0),
        )
        bar = "|" if self.style.ascii else "│"
        side = Window(width=1, char=bar, style="fg:#5f5f5f")
        # wide: the opponent at the top, the table in the middle, your side just above the input
        board_only = HSplit([opp, Window(), mid, Window(), own])
        bottom = [
            ConditionalContainer(
                Window(self.msg_control, dont_extend_height=True),
                filter=Condition(lambda: bool(self._message_lines())),
            ),
            self.input_window,
            Window(FormattedTextControl(self._status), height=1, style="class:status"),
        ]
        wide_log = VSplit([board_only, side, Window(self.log_control, width=self._log_width)])
        bodies: dict[str, Container] = {
            "narrow": HSplit([opp, mid, own, log, *bottom]),
            # an overlay takes the log's place, or the whole board when the log is too short
            "narrow+overlay": HSplit([opp, mid, own, short_frame, log_under, *bottom]),
            "overlay": HSplit([frame, *bottom]),
            "wide": HSplit([wide_log, *bottom]),
            "wide+overlay": HSplit(
                [
                    VSplit(
                        [
                            board_only,
                            side,
                            HSplit([short_frame, log_under], width=self._log_width),
                        ]
                    ),
                    *bottom,
                ]
            ),
            "handoff": HSplit([Window(RichControl(lambda w: self.handoff_view)), *bottom[1:]]),
            "small": HSplit(
                [Window(RichControl(lambda w: too_small(*self._size(), self.style))), *bottom]
            ),
        }
        return FloatContainer(
            DynamicContainer(lambda: bodies[self._body()]),
            floats=[
                Float(
                    CompletionsMenu(max_height=8, scroll_offset=1),
                    xcursor=True,
                    ycursor=True,
                ),
            ],
        )

    def _exact(self, control: RichControl) -> Callable[[], Dimension]:
        """A board region is exactly as tall as its text: the log and windows give way first."""
        return lambda: Dimension.exact(len(control.lines(self._board_width())))

    def _overlay_room(self) -> int:
        """Rows for a window and what is left of the log under it."""
        if self._wide():
            return self._size()[1] - len(self._message_lines()) - 2
        return self._below_board()

    def _overlay_rows(self) -> int:
        """A window over the log as tall as its text, leaving the log's last lines below it."""
        width = (self._log_width() if self._wide() else self._size()[0]) - 2
        lines = len(self.overlay_control.lines(width))
        return max(1, min(lines, self._overlay_room() - 2))

    def _input_scroll(self, window: Window) -> int:
        """Scroll the input line only as far as the cursor needs (the prompt back at 0)."""
        width = self._size()[0]
        cursor = sum(len(t) for _, t, *_ in self._prompt()) + self.buffer.cursor_position
        return max(0, cursor - width + 2)

    def _body(self) -> str:
        """Which arrangement of the regions the screen uses now."""
        if not self._big_enough():
            return "small"
        if self.mode == "handoff":
            return "handoff"
        overlay = bool(self.overlays)
        if overlay and self.overlays[-1].full:
            return "overlay"
        if self._wide():
            return "wide+overlay" if overlay else "wide"
        if not overlay:
            return "narrow"
        return "narrow+overlay" if self._below_board() >= 8 else "overlay"

    def _below_board(self) -> int:
        """Rows left under the board for the log (narrow layout)."""
        w, h = self._size()
        used = sum(len(c.lines(w)) for c in (self.opp_control, self.mid_control, self.own_control))
        return h - used - len(self._message_lines()) - 2

    # -- keys ---------------------------------------------------------------------------------
    def cycle_pace(self) -> None:
        """F2: step -> normal -> fast -> step."""
        self.pace = PACES[(PACES.index(self.pace) + 1) % len(PACES)]
        self.messages.append(f"Pace: {self.pace} (F2 changes it).")
        self._pace()
        self._changed()

    def _break(self, exc: BaseException) -> None:
        """Ctrl-C / Ctrl-D: to the session now when it waits for input, else at its next read."""
        if self.mode in ("read", "ask", "handoff"):
            self.buffer.reset()
            self._answer(exc)
        else:
            self.pending_break = exc
        self._changed()

    def _submit(self, text: str) -> None:
        if self.mode == "read" and text.strip():
            self.buffer.append_to_history()
        self.buffer.reset()
        self.messages.clear()
        self.recent = frozenset()
        self.fresh = 0
        self.log_back = 0
        if self.mode == "read":
            self.overlays = [o for o in self.overlays if o.lasting]
        self._answer(text)
        self._changed()

    def _overlay_move(self, delta: int) -> None:
        ov = self.overlays[-1]
        if ov.menu:
            ov.index = max(0, min(len(ov.items) - 1, ov.index + delta))
            ov.typed = ""
        else:
            ov.top = max(0, ov.top + delta)
        self._changed()

    def _hand(self) -> list[str]:
        if self.tbl is None:
            return []
        return list(self.tbl.pos["hands"][self.tbl.bottom])

    def _select(self, delta: int) -> None:
        hand = self._hand()
        if not hand:
            return
        self.position_typed = ""
        if self.selected is None:
            self.selected = 0 if delta > 0 else len(hand) - 1
        else:
            self.selected = (self.selected + delta) % len(hand)
        self._changed()

    def _select_position(self, digit: str) -> None:
        """A card's position (1, 2, ... typed while a card is selected; two digits go on)."""
        hand = self._hand()
        typed = self.position_typed + digit
        if not 1 <= int(typed) <= len(hand):
            typed = digit
        self.position_typed = typed
        if 1 <= int(typed) <= len(hand):
            self.selected = int(typed) - 1
        self._changed()

    def _card_menu(self) -> None:
        hand = self._hand()
        if self.selected is None or self.selected >= len(hand):
            return
        card = hand[self.selected]
        moves = [(t, meta) for t, meta in self.source() if card in t.split()[1:2]]
        shown = self.style.plain(card)
        if not moves:
            self.messages.append(f"{shown} has no legal move now.")
            self._changed()
            return
        items = [(self.style.words(t), self.style.say(meta)) for t, meta in moves]
        self._open(Overlay(f"What {shown} can do", items=items, picks=[t for t, _ in moves]))
        self._changed()
