"""The full-screen app's key bindings: which action of the app each key calls in each state.

``build_keys(io)`` returns the bindings of one screen; a key only reads the screen's state (for
its filter) and calls one public action of the app (``AppIO``): nothing here changes the state
itself. Later bindings win when two match, so the specific states (a window with the keys, the
opponent's turn told step by step, the handoff) filter the general ones (Enter sends the line).
"""

from __future__ import annotations

from typing import Protocol

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from cuttle.ui.overlay import Overlay
from cuttle.ui.screenstate import Step


class KeyActions(Protocol):
    """The state the keys read and the actions they call (``AppIO`` has them all)."""

    mode: str
    overlays: list[Overlay]
    selected: int | None
    buffer: Buffer

    def current_step(self) -> Step | None: ...
    def overlay_focused(self) -> bool: ...
    def send_break(self, exc: BaseException) -> None: ...
    def cycle_pace(self) -> None: ...
    def command(self, text: str) -> None: ...
    def page_log(self, direction: int) -> None: ...
    def page_overlay(self, direction: int) -> None: ...
    def move_in_overlay(self, delta: int) -> None: ...
    def type_through(self, text: str) -> None: ...
    def close_overlay(self, by_q: bool = False) -> None: ...
    def type_in_menu(self, digit: str) -> None: ...
    def pick_from_menu(self) -> None: ...
    def complete_instead(self) -> None: ...
    def complete_or_say_why(self) -> None: ...
    def advance(self) -> None: ...
    def skip_steps(self, then_submit: bool = False) -> None: ...
    def select_card(self, delta: int) -> None: ...
    def unselect(self) -> None: ...
    def clear_line(self) -> None: ...
    def select_position(self, digit: str) -> None: ...
    def handoff_done(self) -> None: ...
    def enter(self) -> None: ...


def build_keys(io: KeyActions) -> KeyBindings:
    """Every key of the play screen (the table in docs/ui.md)."""
    kb = KeyBindings()
    overlay_open = Condition(lambda: bool(io.overlays) and io.mode != "handoff")
    menu_open = Condition(lambda: bool(io.overlays) and io.overlays[-1].menu)
    overlay_focused = Condition(io.overlay_focused)
    stepping = Condition(lambda: io.current_step() is not None)
    empty = Condition(lambda: not io.buffer.text)
    reading = Condition(lambda: io.mode == "read")
    handoff = Condition(lambda: io.mode == "handoff")
    selecting = Condition(lambda: io.selected is not None)

    @kb.add("c-c")
    @kb.add("<sigint>")  # kill -INT: as the key
    def _interrupt(event: KeyPressEvent) -> None:
        io.send_break(KeyboardInterrupt())

    @kb.add("c-d", filter=empty)
    def _eof(event: KeyPressEvent) -> None:
        io.send_break(EOFError())

    @kb.add("f2")
    def _pace_key(event: KeyPressEvent) -> None:
        io.cycle_pace()

    @kb.add("f1")
    def _help(event: KeyPressEvent) -> None:
        io.command("help")

    @kb.add("?", filter=empty & reading & ~overlay_focused)
    def _legend(event: KeyPressEvent) -> None:
        """``?`` on an empty input line: what the marks on the screen mean."""
        io.command("legend")

    @kb.add("pageup", filter=~overlay_focused)
    def _log_up(event: KeyPressEvent) -> None:
        io.page_log(-1)

    @kb.add("pagedown", filter=~overlay_focused)
    def _log_down(event: KeyPressEvent) -> None:
        io.page_log(1)

    @kb.add("pageup", filter=overlay_focused)
    def _ov_page_up(event: KeyPressEvent) -> None:
        io.page_overlay(-1)

    @kb.add("pagedown", filter=overlay_focused)
    def _ov_page_down(event: KeyPressEvent) -> None:
        io.page_overlay(1)

    @kb.add("<any>", filter=overlay_focused)
    def _type_through(event: KeyPressEvent) -> None:
        """Typing while an overlay has the keys: it closes and the text goes to the input."""
        if event.data.isprintable() and len(event.data) == 1:
            io.type_through(event.data)

    # overlays (a menu when it lists moves)
    @kb.add("escape", filter=overlay_open & ~stepping, eager=True)
    @kb.add("q", filter=overlay_open & overlay_focused)
    def _close(event: KeyPressEvent) -> None:
        io.close_overlay(by_q=event.data == "q")

    @kb.add("up", filter=overlay_open & overlay_focused)
    def _ov_up(event: KeyPressEvent) -> None:
        io.move_in_overlay(-1)

    @kb.add("down", filter=overlay_open & overlay_focused)
    def _ov_down(event: KeyPressEvent) -> None:
        io.move_in_overlay(1)

    @kb.add("home", filter=overlay_open & overlay_focused)
    def _ov_home(event: KeyPressEvent) -> None:
        io.move_in_overlay(-10_000)

    @kb.add("end", filter=overlay_open & overlay_focused)
    def _ov_end(event: KeyPressEvent) -> None:
        io.move_in_overlay(10_000)

    for digit in "0123456789":

        @kb.add(digit, filter=menu_open & overlay_focused)
        def _ov_digit(event: KeyPressEvent) -> None:
            io.type_in_menu(event.data)

    @kb.add("enter", filter=menu_open & overlay_focused & ~stepping)
    def _ov_pick(event: KeyPressEvent) -> None:
        io.pick_from_menu()

    @kb.add("tab", filter=overlay_open & overlay_focused)
    def _ov_leave(event: KeyPressEvent) -> None:
        io.complete_instead()

    @kb.add("tab", filter=reading & ~overlay_focused & ~empty)
    def _complete(event: KeyPressEvent) -> None:
        """Tab on a typed line: the moves that fit, or why none does."""
        io.complete_or_say_why()

    # the opponent's turn, step by step
    @kb.add("space", filter=stepping & empty)
    @kb.add("enter", filter=stepping & empty)
    @kb.add("right", filter=stepping & empty)
    def _next(event: KeyPressEvent) -> None:
        io.advance()

    @kb.add("enter", filter=stepping & ~empty)
    def _skip_and_submit(event: KeyPressEvent) -> None:
        """A typed line ends the telling (the whole log stays) and goes to the game."""
        io.skip_steps(then_submit=True)

    @kb.add("escape", filter=stepping, eager=True)
    def _skip(event: KeyPressEvent) -> None:
        io.skip_steps()

    # your hand from the keyboard
    @kb.add("left", filter=reading & empty & ~stepping)
    def _left(event: KeyPressEvent) -> None:
        io.select_card(-1)

    @kb.add("right", filter=reading & empty & ~stepping)
    def _right(event: KeyPressEvent) -> None:
        io.select_card(1)

    @kb.add("escape", filter=reading & selecting & ~overlay_open, eager=True)
    def _unselect(event: KeyPressEvent) -> None:
        io.unselect()

    @kb.add("escape", filter=reading & ~empty & ~selecting & ~overlay_open & ~stepping,
            eager=True)
    def _clear_line(event: KeyPressEvent) -> None:
        """Esc on a typed line drops it (nothing is sent)."""
        io.clear_line()

    for digit in "0123456789":

        @kb.add(digit, filter=reading & empty & selecting & ~overlay_focused)
        def _position(event: KeyPressEvent) -> None:
            io.select_position(event.data)

    @kb.add("enter", filter=handoff)
    def _handoff_done(event: KeyPressEvent) -> None:
        io.handoff_done()

    @kb.add("enter", filter=~stepping & ~handoff & ~overlay_focused)
    def _enter(event: KeyPressEvent) -> None:
        io.enter()

    return kb
