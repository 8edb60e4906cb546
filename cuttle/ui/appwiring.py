"""Build the prompt_toolkit ``Application`` of one full screen from its parts.

The layout (``layout.py``) gives the containers, the keys (``appkeys.py``, the review's) the
bindings; the input and output are the ones handed in (a terminal, a pipe in tests, a network
channel), so nothing here reaches for the process's terminal.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import ColorDepth, Output

from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import STYLE

ESC_WAIT = 0.05  # seconds to tell Esc from the start of an escape sequence
KEY_WAIT = 0.5  # seconds to wait for the next key of a chord


def build_application(
    layout: ScreenLayout,
    keys: list[KeyBindings],
    *,
    color: bool,
    pt_input: Input | None,
    pt_output: Output,
) -> Application[None]:
    """The full-screen application: the layout with the input line focused, the keys, the
    colours (monochrome without ``color``), mouse support."""
    app: Application[None] = Application(
        layout=Layout(layout.container, focused_element=layout.input_window),
        key_bindings=merge_key_bindings(keys),
        style=STYLE,
        full_screen=True,
        mouse_support=True,
        color_depth=None if color else ColorDepth.MONOCHROME,
        input=pt_input,
        output=pt_output,
    )
    app.ttimeoutlen = ESC_WAIT
    app.timeoutlen = KEY_WAIT
    return app
