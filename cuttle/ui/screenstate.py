"""What the full-screen game shows now: the state the app's thread owns, and questions about it.

``ScreenState`` holds the table handed over by the session, the steps of the opponent's turn
still to tell, the messages, the windows (overlays), the input mode and the card selected, and
answers what is on screen now (the step shown, the table with its marks, the hand). The app
(``app.py``) changes it through its actions; the layout (``layout.py``) draws it. It is only
touched on the application's thread.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prompt_toolkit.output import Output
from rich.console import RenderableType

from cuttle.files.settings import PACES
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableModel
from cuttle.ui.overlay import Overlay
from cuttle.ui.screen import SIDE_LOG, min_size

# The drawings kept in ``ScreenState.cache`` that a change makes stale (see ``forget``).
MSG = ("msg",)  # the lines above the input
OVL = ("ovl",)  # the window over the board
HAND = ("board", "own", "own-tiles")  # your side (the card selected)
NOTHING: tuple[str, ...] = ()  # a change no kept drawing shows (the log's scroll)


@dataclass
class Step:
    """One event as a viewer sees it: the table just after it, with the cards it changed."""

    model: TableModel
    own: bool  # the viewer's own move: shown at once, no pause


class ScreenState:
    """The full-screen game's state (application thread only) and what it shows now."""

    def __init__(self, style: CardStyle, pace: str, output: Output) -> None:
        self.style = style
        self.pace = pace if pace in PACES else "normal"
        self.output = output
        self.status_extras: list[Callable[[], str]] = []  # more text for the status bar
        self.note = ""  # one line above the input (lessons)
        self.log_placeholder = ""  # the log's text while it is empty (else the game's tip)
        self.offer_tab = True  # the bar offers "Tab moves" while reading (off: no moves to list)
        self.tbl: TableModel | None = None
        self.steps: deque[Step] = deque()
        self.after_steps: list[Callable[[], None]] = []  # the game's end, once its steps are told
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
        # drawings kept until what they show changes: (region, width) -> renderable
        self.cache: dict[tuple[str, int], Any] = {}

    @property
    def overlay(self) -> Overlay | None:
        """The window over the board on top (the one drawn and read), if any."""
        return self.overlays[-1] if self.overlays else None

    # -- sizes --------------------------------------------------------------------------------
    def screen_size(self) -> tuple[int, int]:
        """Columns and rows of the terminal now."""
        size = self.output.get_size()
        return size.columns, size.rows

    def wide(self) -> bool:
        """Wide enough for the log beside the board."""
        return self.screen_size()[0] >= SIDE_LOG

    def seats(self) -> int:
        """How many seats the table on screen has (2 before any table)."""
        return self.tbl.seats if self.tbl is not None else 2

    def big_enough(self) -> bool:
        w, h = self.screen_size()
        least_w, least_h = min_size(self.seats())
        return w >= least_w and h >= least_h

    def log_width(self) -> int:
        return max(48, min(70, self.screen_size()[0] - 72))

    def board_width(self) -> int:
        w = self.screen_size()[0]
        return w - self.log_width() - 1 if self.wide() else w

    # -- what is on screen --------------------------------------------------------------------
    def current_step(self) -> Step | None:
        """The step on screen now: the oldest one for the viewer whose table is shown."""
        if self.tbl is None or self.mode == "handoff":
            return None
        for step in self.steps:
            if step.model.viewer == self.tbl.viewer:
                return step
        return None

    def shown(self) -> TableModel | None:
        """The table on screen: the step being told, else the table with the recent marks."""
        step = self.current_step()
        if step is not None:
            return step.model
        if self.tbl is None:
            return None
        tbl = self.tbl
        shown: TableModel = self.memo("shown", 0, lambda: dataclasses.replace(tbl,
                                                                             highlight=self.recent))
        return shown

    def hand(self) -> list[str]:
        """The hand drawn at the bottom of the table."""
        if self.tbl is None:
            return []
        return list(self.tbl.pos["hands"][self.tbl.bottom])

    def memo(self, name: str, width: int, make: Callable[[], Any]) -> Any:
        """A drawing made once until the screen changes."""
        key = (name, width)
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]

    def forget(self, regions: tuple[str, ...] | None = None) -> None:
        """Drop the drawings of these regions (None: all of them): the rest stays drawn."""
        if regions is None:
            self.cache.clear()
            return
        for key in [k for k in self.cache if k[0] in regions]:
            del self.cache[key]
