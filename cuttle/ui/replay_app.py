"""``cuttle replay FILE`` on a terminal: the game's positions in the play screen's frame.

The board (every card face up; below, the human of a game against the AI, else the first seat),
the move list beside it (below it on a narrow terminal) with the current move marked and, when a
review of the game is at hand, each move's label beside it and the verdict on the current move
above the status bar; and the keys: n / → / Space next, b / ← back, Home / End first and last,
PgUp / PgDn ten moves, a number then Enter jumps to that move, q or Esc quits.
The screen asks its ``Positions`` for position ``i`` when it needs it and keeps no list of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Container, DynamicContainer, HSplit, Layout, VSplit, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth, Output
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableModel
from cuttle.text.reviewtext import LABEL_STYLE
from cuttle.ui.keytiming import escape_at_once, time_keys
from cuttle.ui.overlay import STYLE
from cuttle.ui.richpt import RichControl
from cuttle.ui.screen import SIDE_LOG, Board, min_size, too_small
from cuttle.ui.statusbar import status_line

if TYPE_CHECKING:
    from cuttle.ai.review import Review

VERDICT_ROWS = 3  # the verdict on the current move takes at most this many rows


class Positions(Protocol):
    """What the replay screen needs from a record: its length, each position, the words."""

    @property
    def last(self) -> int:
        """The number of the last position (0 is the deal)."""
        ...

    def model(self, i: int) -> TableModel:
        """The table after ``i`` moves, the cards move ``i`` moved marked."""
        ...

    def moves(self) -> list[str]:
        """Each move in words, in order (move ``i`` is item ``i - 1``)."""
        ...

    def headline(self) -> str:
        """The result (or that the record ends in play)."""
        ...


class ReplayScreen:
    """The full-screen replay of one record."""

    @staticmethod
    def _public() -> bool:
        """A replay is of a finished game: a frame drawn may be shared with other screens
        that draw the same (a server's players replaying one game)."""
        return True

    def __init__(
        self,
        positions: Positions,
        style: CardStyle,
        *,
        color: bool = True,
        review: Review | None = None,
        pt_input: Input | None = None,
        pt_output: Output | None = None,
    ) -> None:
        self.positions = positions
        self.review = review
        self.labels: dict[int, str] = {}  # each move's review label by its index in the record
        if review is not None:
            from cuttle.ai.review import labels_by_ply

            self.labels = labels_by_ply(review)
        self.style = style
        self.i = 0
        self.typed = ""
        self._model: tuple[int, TableModel] | None = None
        self._texts: list[str] | None = None
        public = self._public  # a finished game's frames are the same for everyone
        self.opp = RichControl(lambda w: self._board(w).opponent(), shared=public)
        self.mid = RichControl(lambda w: self._board(w).middle(), shared=public)
        self.own = RichControl(lambda w: self._board(w).own()[0], shared=public)
        self.list = RichControl(self._move_list, scroll=self._scroll, shared=public)
        self.verdict = RichControl(self._verdict)
        self.app: Application[None] = Application(
            layout=Layout(DynamicContainer(self._body)),
            key_bindings=escape_at_once(self._keys()),
            style=STYLE,
            full_screen=True,
            color_depth=None if color else ColorDepth.MONOCHROME,
            input=pt_input,
            output=pt_output,
        )
        time_keys(self.app)

    def run(self) -> int:
        self.app.run()
        return 0

    # -- what is drawn ------------------------------------------------------------------------
    def model(self) -> TableModel:
        if self._model is None or self._model[0] != self.i:
            self._model = (self.i, self.positions.model(self.i))
        return self._model[1]

    def _board(self, width: int) -> Board:
        return Board(self.model(), width)

    def _texts_all(self) -> list[str]:
        if self._texts is None:
            self._texts = [self.style.say(t) for t in self.positions.moves()]
        return self._texts

    def _move_list(self, width: int) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(ratio=1)
        labels = self.labels
        if labels:
            grid.add_column(no_wrap=True, width=10)
        for n, text in enumerate(self._texts_all(), start=1):
            style = "reverse bold" if n == self.i else ("" if n < self.i else "dim")
            row = [Text(f"{n}.", style="dim"), Text(text, style=style)]
            if labels:
                label = labels.get(n - 1, "")
                row.append(Text(label, style=LABEL_STYLE.get(label, "")))
            grid.add_row(*row)
        if not self._texts_all():
            grid.add_row(Text(""), Text("no moves in this record", style="dim"))
        return grid

    def _verdict(self, width: int) -> RenderableType | None:
        """The review's verdict on the current move: its label, the mover's win chances, and
        for a worse move what it missed or the better move and why."""
        if self.review is None or not 1 <= self.i <= len(self.review.judgements):
            return None
        from cuttle.text.reviewtext import shown_advice

        j = self.review.judgements[self.i - 1]
        say = self.style.say
        line = Text(f"Move {self.i}: ", style="bold")
        line.append(j.label, style=LABEL_STYLE.get(j.label, ""))
        line.append(say(f" · {100 * j.win_before:.0f}% → {100 * j.win_after:.0f}% to win"))
        if j.label in ("inaccuracy", "mistake", "blunder"):
            line.append(say(" · ") + shown_advice(j, self.style), style="dim")
        return line

    def _verdict_rows(self) -> int:
        width = self.app.output.get_size().columns if hasattr(self, "app") else 80
        return min(VERDICT_ROWS, len(self.verdict.lines(width)))

    def _scroll(self, count: int, height: int) -> int:
        # Keep the current move near the middle of the list: rows are not one a move when a
        # line wraps, so place it by its share of the list.
        total = max(1, len(self._texts_all()))
        row = count * max(0, self.i - 1) // total
        return max(0, min(count - height, row - height // 2))

    def _status(self) -> StyleAndTextTuples:
        w = self.app.output.get_size().columns
        last = self.positions.last
        # (text, rank): on a narrow bar the lowest ranks are kept first, in their order; the
        # result at the last move is cut to fit rather than lost.
        pieces = [(f"Move {self.i}/{last}", 0)]
        if self.i == last:
            pieces.append((self.positions.headline(), 2))
        if self.typed:
            pieces.append((f"go to move {self.typed}_", 0))
        if self.i < last:
            pieces.append(("n/→ next", 1))
        pieces += [("b/← back", 3), ("q quit", 1), ("Home/End", 4), ("number+Enter", 5)]
        return [("class:status", status_line(pieces, w, self.style, cut_rank=2))]

    def _body(self) -> HSplit | VSplit:
        size = self.app.output.get_size() if hasattr(self, "app") else None
        w, h = (size.columns, size.rows) if size else (80, 24)
        bar = Window(FormattedTextControl(self._status), height=1, style="class:status")
        status: Container = bar
        if self._verdict_rows():
            status = HSplit([Window(self.verdict, height=self._verdict_rows), bar])
        seats = self.model().seats
        least_w, least_h = min_size(seats)
        if w < least_w or h < least_h:
            return HSplit([Window(RichControl(lambda width: too_small(w, h, self.style, seats)))])
        board = [
            Window(self.opp, dont_extend_height=True),
            Window(self.mid, dont_extend_height=True),
            Window(self.own, dont_extend_height=True),
        ]
        if w >= SIDE_LOG:
            bar = Window(width=1, char="|" if self.style.ascii else "│", style="fg:#5f5f5f")
            side = Window(self.list, width=max(48, min(70, w - 72)))
            return HSplit([VSplit([HSplit([*board, Window()]), bar, side]), status])
        return HSplit([*board, Window(self.list), status])

    # -- keys ---------------------------------------------------------------------------------
    def go(self, i: int) -> None:
        self.i = max(0, min(self.positions.last, i))
        self.typed = ""
        self.app.invalidate()

    def _keys(self) -> KeyBindings:
        kb = KeyBindings()

        @kb.add("n")
        @kb.add("right")
        @kb.add("space")
        def _next(event: KeyPressEvent) -> None:
            self.go(self.i + 1)

        @kb.add("b")
        @kb.add("left")
        def _back(event: KeyPressEvent) -> None:
            self.go(self.i - 1)

        @kb.add("home")
        def _first(event: KeyPressEvent) -> None:
            self.go(0)

        @kb.add("end")
        def _last(event: KeyPressEvent) -> None:
            self.go(self.positions.last)

        @kb.add("pageup")
        def _back10(event: KeyPressEvent) -> None:
            self.go(self.i - 10)

        @kb.add("pagedown")
        def _next10(event: KeyPressEvent) -> None:
            self.go(self.i + 10)

        for digit in "0123456789":

            @kb.add(digit)
            def _digit(event: KeyPressEvent) -> None:
                self.typed = (self.typed + event.data)[-4:]
                self.app.invalidate()

        @kb.add("backspace")
        def _erase(event: KeyPressEvent) -> None:
            self.typed = self.typed[:-1]
            self.app.invalidate()

        @kb.add("enter")
        def _jump(event: KeyPressEvent) -> None:
            if self.typed:
                self.go(int(self.typed))
            else:
                self.go(self.i + 1)

        @kb.add("q")
        @kb.add("escape", eager=True)
        @kb.add("c-c")
        @kb.add("c-d")
        def _quit(event: KeyPressEvent) -> None:
            if self.typed and event.data == "\x1b":
                self.typed = ""
                self.app.invalidate()
                return
            self.app.exit()

        return kb
