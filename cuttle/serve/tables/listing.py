"""The lobby's lists fitted to the screen's width: one line a table or a game, never folded.

A column is as wide as its widest cell. When a line would be wider than the screen, the columns
that may be cut (the rules) give up room, and the people's names: the longest first, all to the
same room, each cut with "…" before its player's mark, which stays whole (the mark tells two
people apart; the end of a long name matters less); a game of four whose names still do not fit
goes on at its ``vs`` on a second line, one side a line (``fit`` says the order). What says who
sits where is never cut: the seat numbers, ``&`` and ``vs`` (which seats are a team), a free
seat's ``—``, an AI's name with its level. Pure text: the lobby draws the lines.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from cuttle.serve.names import marked

GAP = "  "
CUT_ROOM = 20  # cells a cut column keeps before the names are cut
CUT_LEAST = 9  # cells a cut column keeps (``classic+…``, ``cuttleca…``)
NAME_LEAST = 2  # cells of a name kept before its "…" and mark, however narrow the screen
NAME_ROOM = 14  # cells a name and its mark keep before the columns that may be cut give up any
ELLIPSIS = "…"
VS = " vs "  # between the two sides of a game: where a line of names too long goes on


@dataclass(frozen=True)
class Name:
    """A person's name in a line, with their key (its mark kept when the name is cut)."""

    name: str
    key: str | None

    def text(self, room: int | None = None) -> str:
        """The name and its mark (``ann#u8kS``) in at most ``room`` cells, the name cut with
        "…" (never below ``NAME_LEAST`` cells of it); None: whole."""
        whole = marked(self.name, self.key)
        if room is None or cell_len(whole) <= room:
            return whole
        tail = whole[len(self.name):] if whole.startswith(self.name) else ""
        return cut_end(self.name, max(NAME_LEAST + 1, room - cell_len(tail))) + tail


Segment = str | Name  # a part of a line: words never cut, or a name that may be


@dataclass(frozen=True)
class Column:
    """A column: its header; ``cut``: its cells may be cut at their end with "…"."""

    header: str
    cut: bool = False


Cell = str | tuple[Segment, ...]  # plain words, or a line of segments holding names


def cut_end(text: str, room: int) -> str:
    """``text`` in at most ``room`` cells: cut with "…" at its end when longer."""
    if cell_len(text) <= room:
        return text
    kept = ""
    for ch in text:
        if cell_len(kept + ch) > room - 1:
            break
        kept += ch
    return kept.rstrip() + ELLIPSIS


def _segments(cell: Cell, room: int | None) -> str:
    if isinstance(cell, str):
        return cell
    return "".join(s if isinstance(s, str) else s.text(room) for s in cell)


def _names(cell: Cell) -> list[Name]:
    return [] if isinstance(cell, str) else [s for s in cell if isinstance(s, Name)]


def fit(columns: list[Column], rows: list[list[Cell]], width: int) -> list[str]:
    """The header and the rows as lines of at most ``width`` cells (when the words that are
    never cut allow it), each column as wide as its widest cell after cutting; no line ends in
    spaces. The names are cut in one column (the first that holds any), each row's only as much
    as that row needs. In turn: the columns that may be cut down to ``CUT_ROOM`` cells, the
    names down to ``NAME_ROOM`` cells each, those columns down to ``CUT_LEAST``; then a row
    whose names still do not fit goes on at its ``vs`` on a second line (one side a line), and
    last the names are cut down to ``NAME_LEAST`` cells and the mark."""
    cells = [[[_segments(cell, None)] for cell in row] for row in rows]
    room = width - cell_len(GAP) * (len(columns) - 1)

    def widest(i: int) -> int:
        return max(cell_len(line) for line in [columns[i].header,
                                               *(x for r in cells for x in r[i])])

    widths = [widest(i) for i in range(len(columns))]
    named = next((i for i, col in enumerate(columns) if not col.cut
                  and any(_names(row[i]) for row in rows)), None)

    def squeeze(floor: int, split: bool = False) -> None:
        if named is None or sum(widths) <= room:
            return
        left = max(cell_len(columns[named].header), room - sum(widths) + widths[named])
        for row, shown in zip(rows, cells, strict=True):
            cell = row[named]
            parts = _halves(cell) if split and _squeezed(cell, left, NAME_ROOM)[1] else [cell]
            shown[named] = [_squeezed(part, left, floor)[0] for part in parts]
        widths[named] = widest(named)

    def cut(least: int) -> None:
        for i, col in enumerate(columns):
            over = sum(widths) - room
            if col.cut and over > 0:
                widths[i] = max(min(widths[i], least), widths[i] - over)

    cut(CUT_ROOM)
    squeeze(NAME_ROOM)
    cut(CUT_LEAST)
    squeeze(0, split=True)

    def line(texts: list[str]) -> str:
        shown = [cut_end(text, w) for text, w in zip(texts, widths, strict=True)]
        return GAP.join(t + " " * (w - cell_len(t))
                        for t, w in zip(shown, widths, strict=True)).rstrip()

    out = [line([col.header for col in columns])]
    for row_cells in cells:
        for k in range(max(len(c) for c in row_cells)):
            out.append(line([c[k] if k < len(c) else "" for c in row_cells]))
    return out


def _halves(cell: Cell) -> list[Cell]:
    """A line of names in two at its first ``vs``: one side a line (the second starts with
    ``vs``); the line itself when it has none."""
    if isinstance(cell, str) or VS not in cell:
        return [cell]
    at = cell.index(VS)
    return [cell[:at], (VS.lstrip(), *cell[at + 1:])]


def _squeezed(cell: Cell, room: int, floor: int = 0) -> tuple[str, bool]:
    """``cell`` in ``room`` cells if its names may be cut that far: the longest names cut to
    one room, as few as it takes, none below ``floor`` cells (and a cut name keeps at least
    ``NAME_LEAST`` cells of it and its mark); and whether it is still too wide."""
    whole = _segments(cell, None)
    names = _names(cell)
    if cell_len(whole) <= room or not names:
        return whole, cell_len(whole) > room
    least = max(floor, NAME_LEAST + len(ELLIPSIS))
    each = max(cell_len(n.text()) for n in names)
    shown = whole
    while cell_len(shown) > room and each > least:
        each -= 1
        shown = _segments(cell, each)
    return shown, cell_len(shown) > room


class Listing:
    """A titled list drawn at whatever width it is given (its header bold, a note under it),
    one line a row that never folds; it says what it shows (``__rich_shape__``), so equal
    lists are laid out once for every lobby at one width."""

    def __init__(self, title: str, columns: list[Column], rows: list[list[Cell]],
                 note: str = "") -> None:
        self.title = title
        self.columns = columns
        self.rows = rows
        self.note = note

    def lines(self, width: int) -> list[str]:
        """The title, the header, the rows (and the note) as ``width`` wide lines."""
        return [self.title, *fit(self.columns, self.rows, width),
                *([self.note] if self.note else [])]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines(options.max_width)
        for i, line in enumerate(lines):
            yield Text(line, style="bold" if i == 1 else "", no_wrap=i < len(lines) - 1
                       or not self.note, overflow="ellipsis")

    def __rich_shape__(self) -> Hashable:
        def cell(c: Cell) -> Hashable:
            return c if isinstance(c, str) else tuple(
                s if isinstance(s, str) else (s.name, s.key) for s in c)

        return (self.title, tuple((c.header, c.cut) for c in self.columns),
                tuple(tuple(cell(c) for c in row) for row in self.rows), self.note)


def listing(title: str, columns: list[Column], rows: list[list[Cell]],
            note: str = "") -> RenderableType:
    """A titled list fitted to the width it is drawn at (``Listing``)."""
    return Listing(title, columns, rows, note)
