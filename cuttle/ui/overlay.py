"""A window over the board (text to scroll, or a menu of moves) and the screens' colours."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from prompt_toolkit.styles import Style
from rich.console import RenderableType

STYLE = Style.from_dict(
    {
        "status": "bg:#303030 #d0d0d0",
        "status.key": "bg:#303030 #ffffff bold",
        "prompt": "bold ansigreen",
        "frame.border": "#5f87af",
        "frame.label": "bold",
        "overlay": "bg:#101010",
        "completion-menu": "bg:#262626 #d0d0d0",
        "completion-menu.completion.current": "bg:#5f87af #000000",
        "completion-menu.meta.completion": "bg:#1c1c1c #8a8a8a",
        "completion-menu.meta.completion.current": "bg:#5f87af #000000",
    }
)


@dataclass
class Overlay:
    """A window over the board: text to scroll, or a menu of moves to pick from."""

    title: str
    body: RenderableType | None = None
    items: list[tuple[str, str]] = field(default_factory=list)  # (display, description)
    picks: list[str] = field(default_factory=list)  # the text each item submits
    index: int = 0
    top: int = 0
    typed: str = ""
    q_pick: str | None = None  # what ``q`` sends instead of closing the window (a menu's quit)
    full: bool = False  # over the whole screen, whatever the layout (a game review)
    on_close: Callable[[], None] | None = None  # called when the player closes it
    lasting: bool = False  # stays when a line is sent (the game's result, over the rematch)
    beside: bool = False  # never over the board: in the log's place, however few rows are left

    @property
    def menu(self) -> bool:
        return bool(self.picks)
