"""The full-screen app's key bindings: what each key does in each state of the screen.

``build_keys(io)`` returns the bindings of one ``AppIO``. Later bindings win when two match, so
the specific states (a window with the keys, the opponent's turn told step by step, the
handoff) filter the general ones (Enter sends the line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

if TYPE_CHECKING:
    from cuttle.ui.app import AppIO


def build_keys(io: AppIO) -> KeyBindings:
    """Every key of the play screen (the table in docs/ui.md)."""
    kb = KeyBindings()
    overlay_open = Condition(lambda: bool(io.overlays) and io.mode != "handoff")
    menu_open = Condition(lambda: bool(io.overlays) and io.overlays[-1].menu)
    overlay_focused = Condition(
        lambda: (
            io.app.layout.has_focus(io.overlay_window)
            or io.app.layout.has_focus(io.short_overlay_window)
        )
    )
    stepping = Condition(lambda: io._step() is not None)
    empty = Condition(lambda: not io.buffer.text)
    reading = Condition(lambda: io.mode == "read")
    handoff = Condition(lambda: io.mode == "handoff")
    selecting = Condition(lambda: io.selected is not None)

    @kb.add("c-c")
    @kb.add("<sigint>")  # kill -INT: as the key
    def _interrupt(event: KeyPressEvent) -> None:
        io._break(KeyboardInterrupt())

    @kb.add("c-d", filter=empty)
    def _eof(event: KeyPressEvent) -> None:
        io._break(EOFError())

    @kb.add("f2")
    def _pace_key(event: KeyPressEvent) -> None:
        io.cycle_pace()

    @kb.add("f1")
    def _help(event: KeyPressEvent) -> None:
        if io.mode == "read":
            io._submit("help")

    @kb.add("?", filter=empty & reading & ~overlay_focused)
    def _legend(event: KeyPressEvent) -> None:
        """``?`` on an empty input line: what the marks on the screen mean."""
        io._submit("legend")

    @kb.add("pageup", filter=~overlay_focused)
    def _log_up(event: KeyPressEvent) -> None:
        io._wheel(-max(1, io._size()[1] // 3))

    @kb.add("pagedown", filter=~overlay_focused)
    def _log_down(event: KeyPressEvent) -> None:
        io._wheel(max(1, io._size()[1] // 3))

    @kb.add("pageup", filter=overlay_focused)
    def _ov_page_up(event: KeyPressEvent) -> None:
        io._overlay_move(-max(1, io._size()[1] // 2))

    @kb.add("pagedown", filter=overlay_focused)
    def _ov_page_down(event: KeyPressEvent) -> None:
        io._overlay_move(max(1, io._size()[1] // 2))

    @kb.add("<any>", filter=overlay_focused)
    def _type_through(event: KeyPressEvent) -> None:
        """Typing while an overlay has the keys: it closes and the text goes to the input."""
        if event.data.isprintable() and len(event.data) == 1:
            io._close_overlay()
            io.buffer.insert_text(event.data)
            io._changed()

    # overlays (a menu when it lists moves)
    @kb.add("escape", filter=overlay_open & ~stepping, eager=True)
    @kb.add("q", filter=overlay_open & overlay_focused)
    def _close(event: KeyPressEvent) -> None:
        q_pick = io.overlays[-1].q_pick
        io._close_overlay()
        if q_pick is not None and event.data == "q" and io.mode == "read":
            io._submit(q_pick)
        io._changed()

    @kb.add("up", filter=overlay_open & overlay_focused)
    def _ov_up(event: KeyPressEvent) -> None:
        io._overlay_move(-1)

    @kb.add("down", filter=overlay_open & overlay_focused)
    def _ov_down(event: KeyPressEvent) -> None:
        io._overlay_move(1)

    @kb.add("home", filter=overlay_open & overlay_focused)
    def _ov_home(event: KeyPressEvent) -> None:
        io._overlay_move(-10_000)

    @kb.add("end", filter=overlay_open & overlay_focused)
    def _ov_end(event: KeyPressEvent) -> None:
        io._overlay_move(10_000)

    for digit in "0123456789":

        @kb.add(digit, filter=menu_open & overlay_focused)
        def _ov_digit(event: KeyPressEvent) -> None:
            ov = io.overlays[-1]
            typed = ov.typed + event.data
            if not 1 <= int(typed) <= len(ov.items):
                typed = event.data
            if 1 <= int(typed) <= len(ov.items):
                ov.index = int(typed) - 1
            ov.typed = typed
            io._changed()

    @kb.add("enter", filter=menu_open & overlay_focused & ~stepping)
    def _ov_pick(event: KeyPressEvent) -> None:
        ov = io.overlays[-1]
        io.overlays.pop()
        io._focus(io.input_window)
        if io.mode == "read":
            io._submit(ov.picks[ov.index])
        io._changed()

    @kb.add("tab", filter=overlay_open & overlay_focused)
    def _ov_leave(event: KeyPressEvent) -> None:
        io._close_overlay()
        io.buffer.start_completion(select_first=False)
        io._changed()

    # the opponent's turn, step by step
    @kb.add("space", filter=stepping & empty)
    @kb.add("enter", filter=stepping & empty)
    @kb.add("right", filter=stepping & empty)
    def _next(event: KeyPressEvent) -> None:
        io._advance()
        io._changed()

    @kb.add("enter", filter=stepping & ~empty)
    def _skip_and_submit(event: KeyPressEvent) -> None:
        """A typed line ends the telling (the whole log stays) and goes to the game."""
        while io._step() is not None:
            io._advance()
        if io.mode in ("read", "ask"):
            io._submit(io.buffer.text)
        io._changed()

    @kb.add("escape", filter=stepping, eager=True)
    def _skip(event: KeyPressEvent) -> None:
        while io._step() is not None:
            io._advance()
        io._changed()

    # your hand from the keyboard
    @kb.add("left", filter=reading & empty & ~stepping)
    def _left(event: KeyPressEvent) -> None:
        io._select(-1)

    @kb.add("right", filter=reading & empty & ~stepping)
    def _right(event: KeyPressEvent) -> None:
        io._select(1)

    @kb.add("escape", filter=reading & selecting & ~overlay_open, eager=True)
    def _unselect(event: KeyPressEvent) -> None:
        io.selected = None
        io._changed()

    for digit in "0123456789":

        @kb.add(digit, filter=reading & empty & selecting & ~overlay_focused)
        def _position(event: KeyPressEvent) -> None:
            io._select_position(event.data)

    @kb.add("enter", filter=handoff)
    def _handoff_done(event: KeyPressEvent) -> None:
        io._answer("")
        io._changed()

    @kb.add("enter", filter=~stepping & ~handoff & ~overlay_focused)
    def _enter(event: KeyPressEvent) -> None:
        buf = io.buffer
        if buf.complete_state is not None and buf.complete_state.current_completion:
            buf.apply_completion(buf.complete_state.current_completion)
            return
        if io.mode == "read" and not buf.text and io.selected is not None:
            io._card_menu()
            return
        if io.mode in ("read", "ask"):
            io._submit(buf.text)
        # otherwise (the opponent is moving) the text stays for when the prompt comes

    return kb
