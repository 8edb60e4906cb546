"""The whole interface between a game session and the screen it runs on (``GameIO``).

The full-screen app (``cuttle.ui.app.AppIO``) and the plain text one
(``cuttle.ui.terminal.PlainIO``) implement it; a session talks to nothing else.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from rich.console import Console, RenderableType

from cuttle.text.render import MoveListView, TableModel

# (canonical move text, description) for every legal move now
MoveSource = Callable[[], list[tuple[str, str]]]


class GameIO(Protocol):
    """What a game session needs from its terminal."""

    console: Console
    interactive: bool

    def read(self, prompt: str) -> str:
        """One line of input; raises EOFError at end of input, KeyboardInterrupt on Ctrl-C."""
        ...

    def show(self, *items: RenderableType) -> None:
        """Print renderables (or one line of text)."""
        ...

    def clear(self) -> None:
        """Clear the screen (a no-op for plain output)."""
        ...

    def table(self, model: TableModel) -> None:
        """Show the table (the board, the recent events, the status line)."""
        ...

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        """Show a numbered list of moves (``moves``: the canonical text of each)."""
        ...

    def wait(self, view: RenderableType) -> None:
        """Show a screen and wait for Enter (hot-seat handoff); no-op for plain output."""
        ...

    def ask(self, question: str) -> str:
        """A one-off question outside the move prompt (no completion)."""
        ...

    def thinking(self, text: str) -> contextlib.AbstractContextManager[Any]:
        """A spinner while the AI thinks (nothing for plain output)."""
        ...

    def start_game(self, source: MoveSource, toolbar: Callable[[], str]) -> None:
        """A new game begins: a fresh prompt session with its completer and toolbar."""
        ...
