"""Build the prompt_toolkit ``Application`` of one full screen from its parts.

The layout (``layout.py``) gives the containers, the keys (``appkeys.py``, the review's) the
bindings; the input and output are the ones handed in (a terminal, a pipe in tests, a network
channel), so nothing here reaches for the process's terminal. With ``on_error``, an exception in a
key binding goes to that screen's own hook instead of the event loop's handler (a server's screens
share one loop).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import (
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.key_bindings import KeyHandlerCallable
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import ColorDepth, Output

from cuttle.ui.keytiming import ESC_WAIT, KEY_WAIT, escape_at_once, time_keys
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import STYLE


def build_application(
    layout: ScreenLayout,
    keys: list[KeyBindings],
    *,
    color: bool,
    pt_input: Input | None,
    pt_output: Output,
    on_error: Callable[[Exception], None] | None = None,
) -> Application[None]:
    """The full-screen application: the layout with the input line focused, the keys (Esc taken
    at once, :func:`escape_at_once`), the colours (monochrome without ``color``), mouse support;
    ``on_error``: where the keys' exceptions go (called on the application's thread; None: the
    event loop's handler)."""
    merged = escape_at_once(merge_key_bindings(keys))
    app: Application[None] = Application(
        layout=Layout(layout.container, focused_element=layout.input_window),
        key_bindings=merged if on_error is None else guard_keys(merged, on_error),
        style=STYLE,
        full_screen=True,
        mouse_support=True,
        color_depth=None if color else ColorDepth.MONOCHROME,
        input=pt_input,
        output=pt_output,
    )
    time_keys(app)
    return app


def guard_keys(keys: KeyBindingsBase, on_error: Callable[[Exception], None]) -> KeyBindings:
    """The same bindings, each handler's exception handed to ``on_error`` (an async handler's
    too) instead of reaching the event loop, which would log it and keep the screen going."""
    guarded = KeyBindings()
    for b in keys.bindings:
        guarded.add(
            *b.keys,
            filter=b.filter,
            eager=b.eager,
            is_global=b.is_global,
            save_before=b.save_before,
            record_in_macro=b.record_in_macro,
        )(_guarded(b.handler, on_error))
    return guarded


def _guarded(
    handler: KeyHandlerCallable, on_error: Callable[[Exception], None]
) -> KeyHandlerCallable:
    def call(event: KeyPressEvent) -> Any:
        try:
            result = handler(event)
        except Exception as exc:
            on_error(exc)
            return None
        if inspect.isawaitable(result):
            return _awaited(result, on_error)
        return result

    return call


async def _awaited(result: Awaitable[Any], on_error: Callable[[Exception], None]) -> Any:
    try:
        return await result
    except Exception as exc:
        on_error(exc)
        return None


__all__ = ["ESC_WAIT", "KEY_WAIT", "build_application", "guard_keys"]
