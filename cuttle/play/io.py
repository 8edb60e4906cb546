"""The whole interface between a game session and the screen it runs on (``GameIO``).

The full-screen app (``cuttle.ui.app.AppIO``) and the plain text one
(``cuttle.ui.terminal.PlainIO``) implement every call; a session talks to nothing else, never
asks what its screen can do (no ``getattr``) and never depends on how a screen shows a call: each
kind of output has its own call (a message, a panel, the game-over result, the lines to print
again when the screen closes, the offer of a review), so no screen reads the session's wording.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cuttle.files.storage import GameRecord
    from cuttle.text.cardtext import CardStyle
    from cuttle.text.render import GameOverView, MoveListView, TableModel

T = TypeVar("T")

# (canonical move text, description) for every legal move now
MoveSource = Callable[[], list[tuple[str, str]]]


class GameIO(Protocol):
    """What a game session needs from its terminal.

    ``interactive``: a person at a terminal (questions flush what was typed ahead, moves are shown
    step by step, messages wait for the next table); False for pipes and scripts, where the input
    is the script and the output a transcript. ``menus``: lists of moves are menus that take their
    own numbers (a number typed on the input line then never picks from a list).
    """

    interactive: bool
    menus: bool

    def run(self, body: Callable[[], T]) -> T | None:
        """Run the game flow ``body`` with this screen open; its result (None if cut short)."""
        ...

    def size(self) -> tuple[int, int]:
        """Columns and rows the session lays text out for (the screen may wrap it again)."""
        ...

    def read(self, prompt: str) -> str:
        """One line of input; raises EOFError at end of input, KeyboardInterrupt on Ctrl-C."""
        ...

    def ask(self, question: str) -> str:
        """A one-off question outside the move prompt (no completion)."""
        ...

    def flush_input(self) -> None:
        """Forget keys typed ahead and not sent (before a question they must not answer)."""
        ...

    def message(self, text: str) -> None:
        """One message (a line; a text of several lines is shown as something to read)."""
        ...

    def panel(self, title: str, body: RenderableType) -> None:
        """Something to read (help, rules, the scrap, the log): a window, or printed."""
        ...

    def table(self, model: TableModel) -> None:
        """Show the table (the board, the recent events, the status line)."""
        ...

    def event(self, model: TableModel, own: bool) -> None:
        """One move as the viewer saw it (the table just after it, the cards it moved marked):
        the full screen tells the opponent's turn step by step; ``own``: the viewer's move."""
        ...

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        """Show a numbered list of moves (``moves``: the canonical text of each)."""
        ...

    def wait(self, view: RenderableType) -> bool:
        """The hot-seat pass screen: show ``view`` until Enter alone is pressed (True), or the
        player asks to quit there (``q``/``quit``: False; Ctrl-C raises KeyboardInterrupt).
        Any other line is dropped and the screen stays; no hand is shown meanwhile. A script's
        output has no one to pass to: True at once."""
        ...

    def thinking(self, text: str) -> contextlib.AbstractContextManager[Any]:
        """A spinner while the AI thinks (nothing for plain output)."""
        ...

    def start_game(self, source: MoveSource) -> None:
        """A new game begins: its legal moves (for completion) come from ``source``."""
        ...

    def game_over(self, view: GameOverView) -> None:
        """The result of the game; it stays on screen until the next game or the end."""
        ...

    def farewell(self, lines: list[str]) -> None:
        """Lines to show now and again after the screen closes (how to continue or watch the
        game); a later call replaces them."""
        ...

    def record_kept(self, lines: list[str]) -> None:
        """Where the finished game's record was kept, shown as ``farewell`` shows its lines; a
        script's transcript leaves them out (the path changes with each run)."""
        ...

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        """The game is over: offer to review ``record`` now where the screen can (``where``
        names it; ``later`` is the command that reviews it afterwards, if any)."""
        ...

    def set_pace(self, pace: str) -> None:
        """The pace of the opponent's turn from now on (step, normal, fast)."""
        ...

    def set_style(self, style: CardStyle) -> None:
        """How cards are drawn from now on."""
        ...
