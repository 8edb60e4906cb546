"""What the player does to the full screen: the actions the keys, the mouse and the review call.

``ScreenActions`` is the screen's state (``ScreenState``) with its changes: open and close the
windows, move in a menu and pick from it, select a card of the hand, scroll the log, tell the
opponent's turn step by step at the pace chosen, send a line to the game. Every change ends with
``changed`` (draw again). ``AppIO`` (``app.py``) adds the bridge to the session's thread and the
parts built around the state (the input buffer, the layout, the application, the event loop).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.layout import Window
from rich.console import RenderableType
from rich.text import Text

from cuttle.files.settings import PACES
from cuttle.play.io import MoveSource
from cuttle.text.intent import seat_refs, why_nothing_fits
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import Overlay
from cuttle.ui.screenstate import HAND, MSG, NOTHING, OVL, ScreenState, Step
from cuttle.ui.terminal import HANDOFF_ONLY_ENTER, MoveCompleter, handoff_answer

QUIT_ANSWER = "quit"  # the pass screen's answer when the player asks to quit there
PACE_DELAY = 0.5  # seconds an opponent's action stays on screen at the normal pace


class Answers:
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

    def poll(self, timeout: float) -> str | None:
        """The next line, waiting at most ``timeout`` seconds (None: nothing came); an exception
        put instead of a line is raised, as ``get`` does."""
        try:
            item = self.q.get(timeout=timeout)
        except queue.Empty:
            return None
        if isinstance(item, BaseException):
            raise item
        return item

    def clear(self) -> None:
        """Forget what was put and not taken (the question it answered is gone)."""
        while True:
            try:
                self.q.get_nowait()
            except queue.Empty:
                return


class ScreenActions(ScreenState):
    """The screen's state and every change the player can make to it (application thread)."""

    # built by AppIO around the state
    app: Application[None]
    layout: ScreenLayout
    buffer: Buffer
    source: MoveSource  # the legal moves now, for the card menu
    loop: asyncio.AbstractEventLoop | None
    timer: asyncio.TimerHandle | None
    answers: Answers
    ready: threading.Event  # set while the player may type an answer
    pending_break: BaseException | None

    def changed(self, regions: tuple[str, ...] | None = None) -> None:
        """The state changed: draw again (and tell whether the player may type now).
        ``regions``: the only drawings that show what changed (the others are kept); None: all."""
        self.forget(regions)
        self.ready.clear()
        if self.mode in ("read", "ask", "handoff") and self.current_step() is None:
            self.ready.set()
        self.app.invalidate()

    def _pace(self) -> None:
        """Own moves and the fast pace pass at once; normal waits a moment; step waits a key."""
        while True:
            step = self.current_step()
            if step is None or not (step.own or self.pace == "fast"):
                break
            self._told(step)
        if self.current_step() is None and self.after_steps:
            waiting, self.after_steps = self.after_steps, []
            for action in waiting:
                action()
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.current_step() is not None and self.pace == "normal" and self.loop is not None:

            def tick() -> None:
                self.timer = None
                self.advance()
                self.changed()

            self.timer = self.loop.call_later(PACE_DELAY, tick)

    def _told(self, step: Step) -> None:
        """``step`` has been told: it leaves the queue and its marks join the recent ones."""
        self.steps.remove(step)
        self.recent = self.recent | step.model.highlight

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
        self.changed(MSG)  # the message area is drawn from a cache

    def remove_message(self, text: str) -> None:
        self.messages = [m for m in self.messages if m != text]
        self.changed(MSG)

    def open_overlay(self, overlay: Overlay, focus: bool = False) -> None:
        """A window over the board, in place of one with the same title; it takes the keys
        unless a question is open (``focus``: even then)."""
        self.overlays = [o for o in self.overlays if o.title != overlay.title]
        self.overlays.append(overlay)
        if self.mode != "ask" or focus:
            self._focus(self.layout.overlay_target())
        self.changed(OVL)

    def close_overlays(self, title: str) -> None:
        """Close the windows of this title without asking anyone."""
        self.overlays = [o for o in self.overlays if o.title != title]
        self.changed(OVL)

    def replace_overlay_body(self, title: str, body: RenderableType) -> None:
        """A new text for the window of this title (drawn again)."""
        for ov in self.overlays:
            if ov.title == title:
                ov.body = body
        self.changed(OVL)

    def close_overlay(self, by_q: bool = False) -> None:
        """Esc (or ``q``: a menu's ``q_pick`` is sent as a line) closes the top window."""
        closed = self.overlays.pop() if self.overlays else None
        if closed is not None and closed.on_close is not None:
            closed.on_close()
        self._focus(self.layout.input_window)
        if closed is not None and by_q and closed.q_pick is not None and self.mode == "read":
            self.submit(closed.q_pick)
        self.changed(OVL)

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
        self.changed(OVL)

    def page_overlay(self, direction: int) -> None:
        self.move_in_overlay(direction * max(1, self.screen_size()[1] // 2))

    def type_in_menu(self, digit: str) -> None:
        """A digit typed in a menu picks the item of that number as soon as no second digit
        could make another one (``1`` in a list of twelve waits for ``0``-``2`` or Enter)."""
        ov = self.overlays[-1]
        typed = ov.typed + digit
        if not 1 <= int(typed) <= len(ov.items):
            typed = digit
        ov.typed = typed
        if not 1 <= int(typed) <= len(ov.items):
            self.changed(OVL)
            return
        ov.index = int(typed) - 1
        if int(typed) * 10 > len(ov.items):
            self.pick_from_menu()
            return
        self.changed(OVL)

    def pick_from_menu(self) -> None:
        """Enter in a menu: its item is sent as a line."""
        ov = self.overlays.pop()
        self._focus(self.layout.input_window)
        if self.mode == "read":
            self.submit(ov.picks[ov.index])
        self.changed(OVL)

    def type_through(self, text: str) -> None:
        """Typing while a window has the keys: it closes and the text goes to the input."""
        self.close_overlay()
        self.buffer.insert_text(text)
        self.changed(OVL)

    def complete_instead(self) -> None:
        """Tab in a window: it closes and the input line lists the moves."""
        self.close_overlay()
        self.buffer.start_completion(select_first=False)
        self.changed(OVL)

    def complete_or_say_why(self) -> None:
        """Tab on the input line: the next completion, else the moves that fit what is typed;
        when none does, one line saying why (as an illegal move is answered), not silence."""
        buf = self.buffer
        if buf.complete_state is not None:
            buf.complete_next()
            return
        completer = buf.completer
        event = CompleteEvent(completion_requested=True)
        if completer is None or any(completer.get_completions(buf.document, event)):
            buf.start_completion(insert_common_part=True)
            return
        model = self.tbl
        if model is None or not isinstance(completer, MoveCompleter):
            return
        typed, wrong_seat = seat_refs(buf.text, model.names)
        legal = [text for text, _ in completer.source()]
        why = wrong_seat or why_nothing_fits(typed, model.pos, legal, self.style.plain)
        self.add_message(why)
        self.changed(MSG)

    def cycle_pace(self) -> None:
        """F2: step -> normal -> fast -> step."""
        self.change_pace(PACES[(PACES.index(self.pace) + 1) % len(PACES)])
        self.add_message(
            f"Pace: {self.pace}, for this game (F2 again changes it; to keep it: "
            f"settings pace {self.pace})."
        )
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
        self.changed(MSG)

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
            # the card selected was for this move: another card slides into its place, and a
            # digit typed next must go to the line, not select by position
            self.selected = None
            self.position_typed = ""
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
        """Enter on the pass screen: alone it passes; ``q``/``quit`` asks to quit there; any
        other line (keys typed too soon) is dropped and the screen stays: no hand is shown."""
        answer = handoff_answer(self.buffer.text)
        self.buffer.reset()
        if answer is None:
            self.add_message(HANDOFF_ONLY_ENTER)
        else:
            self.remove_message(HANDOFF_ONLY_ENTER)  # said to the one who passed
            self.answer("" if answer else QUIT_ANSWER)
        self.changed(MSG)

    def advance(self) -> None:
        """The step on screen is done: its highlights join the recent ones."""
        step = self.current_step()
        if step is None:
            return
        self._told(step)
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
        self.changed(NOTHING)

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
        self.changed(HAND)

    def select_position(self, digit: str) -> None:
        """A card's position (1, 2, ... typed while a card is selected; two digits go on)."""
        hand = self.hand()
        typed = self.position_typed + digit
        if not 1 <= int(typed) <= len(hand):
            typed = digit
        self.position_typed = typed
        if 1 <= int(typed) <= len(hand):
            self.selected = int(typed) - 1
        self.changed(HAND)

    def pick_card(self, index: int) -> None:
        """A click on a card of the hand selects it (while the game waits for a move)."""
        if self.mode == "read":
            self.selected = index
            self.changed(HAND)

    def unselect(self) -> None:
        self.selected = None
        self.changed(HAND)

    def clear_line(self) -> None:
        """Esc on a typed line: the line is dropped, nothing is sent."""
        self.buffer.reset()

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
        if len(moves) == 1:  # not a menu: the card's one move is played, as typing it would
            self.submit(moves[0][0])
            return
        items = [(self.style.words(t), self.style.say(meta)) for t, meta in moves]
        self.open_overlay(Overlay(f"What {shown} can do", items=items, picks=[t for t, _ in moves]))
