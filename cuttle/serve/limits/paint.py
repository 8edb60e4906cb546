"""A served frame for less of the loop, the same bytes: rows copied whole, fewer rows diffed.

Two of prompt_toolkit's per-cell loops in Python took most of a frame (the tables' profile): the
copy of each window's text into the screen, cell by cell, and the diff against the last frame.

**Rows copied whole.** A window of a rich drawing (``ui.richpt.RichControl``: the board, the
log, the messages, a window over the board, the lobby's lists, the replay) shows rows that are
kept, the same list objects from frame to frame while they draw the same. Each row is copied
cell by cell once, by prompt_toolkit's own copy (``Window._copy_body``) into a row of its own,
and kept by the window (by the row's identity, its width and column); a frame then puts it in
the screen with one ``dict.update``. Where a cell's position is asked (a click, the cursor),
the row's positions are worked out then, the same way. A window keeps only the rows of its
last frame, so what it holds is at most what it shows, and no row is shared between windows
(nor between screens: one seat's hand is never in another's cache). Rows with a zero-width
escape, a window that wraps, scrolls sideways, aligns, prefixes lines or shows a menu, take
prompt_toolkit's copy as ever.

**Areas filled a row at a time.** Each window sets its mouse handler on every cell it covers,
one by one (``MouseHandlers.set_mouse_handler_for_range``), a window over others blanks its
area cell by cell (``Window._fill_bg``), a window's style is added to each of its cells
(``Screen.fill_area``): here a row at a time (in C, or one comprehension a row), the same
handlers, characters and styles in the same cells.

**Rows left out of the diff.** prompt_toolkit sends a frame as the difference between the
screen just laid out and the last one sent (``renderer._output_screen_diff``), comparing every
cell of every row in Python, though a key typed changes a row or two. Here the rows equal to
the last frame's (one comparison of two dicts, in C) are shown to that diff as the same blank
row on both sides, so it walks only the rows that changed. What it writes is unchanged: a row
equal to the one before wrote nothing there either (it writes a cell only where the two
differ, and trims a row only when it got shorter), and the cursor, the styles and the rows
that changed go through prompt_toolkit's own code. A frame drawn from scratch (the first, a
new width, the last) is prompt_toolkit's alone.

**A change sent again.** A frame that changes the same rows the same way as one of the last
two (the help opened, closed, opened again) is sent the bytes the diff wrote then (``repeats``).

**Space divided a round at a time.** A split's division of its width among its children
(``sizing``): the same sizes, without a step per column.

``install`` puts them in place for the process (the server calls it once); with a version of
prompt_toolkit whose diff or copy takes other arguments it changes nothing.
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from prompt_toolkit import renderer
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.containers import Window, WindowAlign
from prompt_toolkit.layout.controls import UIContent
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import _CHAR_CACHE, Char, Screen, WritePosition

from cuttle.serve.limits import repeats, sizing
from cuttle.ui.richpt import RichControl

# the arguments of the diff this was written against (prompt_toolkit 3.0.36 to 3.0.52 at least)
EXPECTED = (
    "app", "output", "screen", "current_pos", "color_depth", "previous_screen", "last_style",
    "is_done", "full_screen", "attrs_for_style_string", "style_string_has_style", "size",
    "previous_width",
)
_BLANK_CHAR = Char(" ", "")
COPY_EXPECTED = (
    "self", "ui_content", "new_screen", "write_position", "move_x", "width", "vertical_scroll",
    "horizontal_scroll", "wrap_lines", "highlight_lines", "vertical_scroll_2",
    "always_hide_cursor", "has_focus", "align", "get_line_prefix",
)
_ORIGINAL: list[Callable[..., Any]] = []  # prompt_toolkit's own diff, once installed
_ORIGINAL_COPY: list[Callable[..., Any]] = []  # and its own copy of a window's text
_ORIGINAL_MOUSE: list[Callable[..., Any]] = []  # and its own mouse handlers' setting,
_ORIGINAL_FILLS: list[tuple[Callable[..., Any], Callable[..., Any]]] = []  # and area fills
# rows looked at by the diff and left out; rows copied whole and rows copied cell by cell
counts = {"rows": 0, "skipped": 0, "kept": 0, "copied": 0}


class _Cells(dict[int, Char]):
    """A row as the diff reads it: a cell never written reads as ``default`` and stays
    unwritten (prompt_toolkit's rows write the default in each cell read, so a row read once
    would no longer equal the same row drawn again)."""

    __slots__ = ("default",)

    def __init__(self, cells: Mapping[int, Char], default: Char) -> None:
        super().__init__(cells)
        self.default = default

    def __missing__(self, key: int) -> Char:
        return self.default


class _Rows:
    """A screen's rows as the diff reads them: a row in ``same`` reads as blank, the others
    as they are (never written to)."""

    def __init__(self, rows: Mapping[int, dict[int, Char]], same: set[int],
                 default: Char) -> None:
        self.rows = rows
        self.same = same
        self.default = default
        self.blank = _Cells({}, _BLANK_CHAR)

    def __getitem__(self, y: int) -> dict[int, Char]:
        if y in self.same:
            return self.blank
        return _Cells(self.rows.get(y, {}), self.default)


class _Shown:
    """A screen for the diff: its own rows but those in ``same``; the rest is the screen's."""

    def __init__(self, screen: Screen, same: set[int]) -> None:
        self.screen = screen
        default = screen.data_buffer.default_factory()[0]  # type: ignore[misc]
        self.data_buffer = _Rows(screen.data_buffer, same, default)
        self.zero_width_escapes = screen.zero_width_escapes
        self.height = screen.height
        self.show_cursor = screen.show_cursor

    def get_cursor_position(self, window: Any) -> Any:
        return self.screen.get_cursor_position(window)


def same_rows(screen: Screen, previous: Screen, rows: int) -> set[int]:
    """The rows (of the first ``rows``) whose every cell is the same in both screens."""
    new, old = screen.data_buffer, previous.data_buffer
    same = {y for y in range(rows) if (new.get(y) or {}) == (old.get(y) or {})}
    counts["rows"] += rows
    counts["skipped"] += len(same)
    return same


def output_screen_diff(
    app: Any, output: Any, screen: Screen, current_pos: Any, color_depth: Any,
    previous_screen: Screen | None, last_style: str | None, is_done: bool, full_screen: bool,
    attrs_for_style_string: Any, style_string_has_style: Any, size: Any, previous_width: int,
) -> tuple[Any, str | None]:
    """prompt_toolkit's diff, given only the rows that changed (see the module)."""
    original = _ORIGINAL[0]
    new_screen: Any = screen
    old_screen: Any = previous_screen
    if previous_screen is not None and not is_done and previous_width == size.columns:
        rows = min(max(screen.height, previous_screen.height), size.rows)
        same = same_rows(screen, previous_screen, rows)
        new_screen, old_screen = _Shown(screen, same), _Shown(previous_screen, same)
        state = (
            current_pos, last_style, color_depth, full_screen, size, previous_width,
            screen.height, previous_screen.height, new_screen.data_buffer.default,
            old_screen.data_buffer.default, screen.show_cursor,
            screen.get_cursor_position(app.layout.current_window),
            getattr(output, "_cursor_visible", None),
        )
        change = repeats.Change(screen, previous_screen,
                                [y for y in range(rows) if y not in same], state,
                                (attrs_for_style_string, style_string_has_style))
        return repeats.send(output, change, lambda: original(
            app, output, new_screen, current_pos, color_depth, old_screen, last_style, is_done,
            full_screen=full_screen, attrs_for_style_string=attrs_for_style_string,
            style_string_has_style=style_string_has_style, size=size,
            previous_width=previous_width,
        ))
    return original(  # type: ignore[no-any-return]
        app, output, new_screen, current_pos, color_depth, old_screen, last_style, is_done,
        full_screen=full_screen, attrs_for_style_string=attrs_for_style_string,
        style_string_has_style=style_string_has_style, size=size,
        previous_width=previous_width,
    )


# -- rows copied whole ---------------------------------------------------------------------
def _cells(window: Window, line: StyleAndTextTuples, width: int, xpos: int) -> tuple[
    dict[int, Char], dict[tuple[int, int], tuple[int, int]]
] | None:
    """``line`` copied by prompt_toolkit at column ``xpos`` of a ``width`` wide window: its
    cells and where each character went ((0, character) -> (0, column)); None: it holds a
    zero-width escape, kept out of a row's cells."""
    scratch = Screen()
    _, where = _ORIGINAL_COPY[0](
        window, UIContent(get_line=lambda i: line, line_count=1), scratch,
        WritePosition(xpos, 0, width, 1), 0, width, 0, 0, False, False, 0, False, False,
        WindowAlign.LEFT, None,
    )
    if any(scratch.zero_width_escapes.values()):
        return None
    return dict(scratch.data_buffer[0]), where


class _Row:
    """A row kept by a window: the row drawn (held, so its identity names no other row while
    kept), its cells at the window's column, and where its characters went once asked."""

    __slots__ = ("line", "cells", "columns")

    def __init__(self, line: StyleAndTextTuples, cells: dict[int, Char]) -> None:
        self.line = line
        self.cells = cells
        self.columns: dict[int, int] | None = None  # character -> screen column, once asked

    def where(self, window: Window, width: int, xpos: int) -> dict[int, int]:
        """Each character's screen column (worked out by prompt_toolkit's copy, once)."""
        if self.columns is None:
            found = _cells(window, self.line, width, xpos)
            self.columns = {} if found is None else {
                col: x for (_, col), (_, x) in found[1].items()
            }
        return self.columns


class _Where(dict[tuple[int, int], tuple[int, int]]):
    """(line, character) -> (row, column) on the screen of a window's rows copied whole,
    worked out for a line only when a position on it is asked (a click, the cursor), and
    kept with the row."""

    def __init__(self, window: Window, lines: dict[int, tuple[int, _Row]], width: int,
                 xpos: int) -> None:
        super().__init__()
        self.window = window
        self.lines = lines  # line -> (screen row, the row)
        self.width = width
        self.xpos = xpos
        self.filled = False

    def _fill_all(self) -> None:
        if not self.filled:
            self.filled = True
            for lineno, (y, row) in self.lines.items():
                for col, x in row.where(self.window, self.width, self.xpos).items():
                    dict.__setitem__(self, (lineno, col), (y, x))

    def __getitem__(self, key: tuple[int, int]) -> tuple[int, int]:
        lineno, col = key
        if lineno not in self.lines:
            raise KeyError(key)
        y, row = self.lines[lineno]
        return y, row.where(self.window, self.width, self.xpos)[col]

    def get(self, key: tuple[int, int], default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        self._fill_all()
        return dict.__contains__(self, key)

    def items(self) -> Any:
        self._fill_all()
        return dict.items(self)

    def keys(self) -> Any:
        self._fill_all()
        return dict.keys(self)

    def values(self) -> Any:
        self._fill_all()
        return dict.values(self)

    def __iter__(self) -> Any:
        self._fill_all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill_all()
        return dict.__len__(self)


# each window's rows of its last frame, by (the row's identity, width, column)
_KEPT: weakref.WeakKeyDictionary[Window, dict[tuple[int, int, int], _Row]] = (
    weakref.WeakKeyDictionary()
)


def copy_body(
    self: Window, ui_content: UIContent, new_screen: Screen, write_position: WritePosition,
    move_x: int, width: int, vertical_scroll: int = 0, horizontal_scroll: int = 0,
    wrap_lines: bool = False, highlight_lines: bool = False, vertical_scroll_2: int = 0,
    always_hide_cursor: bool = False, has_focus: bool = False,
    align: WindowAlign = WindowAlign.LEFT, get_line_prefix: Any = None,
) -> tuple[dict[int, tuple[int, int]], dict[tuple[int, int], tuple[int, int]]]:
    """prompt_toolkit's ``Window._copy_body``, a rich drawing's rows copied whole (see the
    module); what it writes in the screen and returns is the same."""
    original = _ORIGINAL_COPY[0]
    if (
        not isinstance(self.content, RichControl) or wrap_lines or horizontal_scroll
        or vertical_scroll_2 or align != WindowAlign.LEFT or get_line_prefix is not None
        or ui_content.menu_position is not None
    ):
        return original(  # type: ignore[no-any-return]
            self, ui_content, new_screen, write_position, move_x, width, vertical_scroll,
            horizontal_scroll, wrap_lines, highlight_lines, vertical_scroll_2,
            always_hide_cursor, has_focus, align, get_line_prefix,
        )
    xpos = write_position.xpos + move_x
    ypos = write_position.ypos
    old = _KEPT.get(self, {})
    kept: dict[tuple[int, int, int], _Row] = {}
    rows: list[tuple[int, int, _Row]] = []
    y, lineno = 0, vertical_scroll
    while y < write_position.height and lineno < ui_content.line_count:
        line = ui_content.get_line(lineno)
        key = (id(line), width, xpos)
        row = old.get(key) or kept.get(key)
        if row is None:
            found = _cells(self, line, width, xpos)
            if found is None:  # a row this does not keep: prompt_toolkit copies them all
                return original(  # type: ignore[no-any-return]
                    self, ui_content, new_screen, write_position, move_x, width,
                    vertical_scroll, horizontal_scroll, wrap_lines, highlight_lines,
                    vertical_scroll_2, always_hide_cursor, has_focus, align, get_line_prefix,
                )
            row = _Row(line, found[0])
            if lineno == ui_content.cursor_position.y:  # asked at once: kept from this copy
                row.columns = {col: x for (_, col), (_, x) in found[1].items()}
            counts["copied"] += 1
        else:
            counts["kept"] += 1
        kept[key] = row
        rows.append((lineno, y, row))
        y += 1
        lineno += 1
    _KEPT[self] = kept
    buffer = new_screen.data_buffer
    visible: dict[int, tuple[int, int]] = {}
    for lineno, y, row in rows:
        visible[y] = (lineno, 0)
        if row.cells:
            buffer[y + ypos].update(row.cells)
    where = _Where(self, {lineno: (y + ypos, row) for lineno, y, row in rows}, width, xpos)

    # what prompt_toolkit's copy does after the text, as it does it
    def screen_pos(row: int, col: int) -> Point:
        try:
            y, x = where[row, col]
        except KeyError:
            return Point(x=0, y=0)
        return Point(x=x, y=y)

    if ui_content.cursor_position:
        cursor = screen_pos(ui_content.cursor_position.y, ui_content.cursor_position.x)
        if has_focus:
            new_screen.set_cursor_position(self, cursor)
            new_screen.show_cursor = False if always_hide_cursor else ui_content.show_cursor
            self._highlight_digraph(new_screen)
        if highlight_lines:
            self._highlight_cursorlines(
                new_screen, cursor, xpos, ypos, width, write_position.height
            )
    if has_focus and ui_content.cursor_position:
        self._show_key_processor_key_buffer(new_screen)
    new_screen.height = max(new_screen.height, ypos + write_position.height)
    return visible, where


def set_mouse_handler_for_range(
    self: MouseHandlers, x_min: int, x_max: int, y_min: int, y_max: int,
    handler: Callable[[Any], Any],
) -> None:
    """prompt_toolkit's ``MouseHandlers.set_mouse_handler_for_range``, a row at a time."""
    handlers = self.mouse_handlers
    cells = dict.fromkeys(range(x_min, x_max), handler)
    for y in range(y_min, y_max):
        handlers[y].update(cells)


def fill_bg(self: Window, screen: Screen, write_position: WritePosition, erase_bg: bool) -> None:
    """prompt_toolkit's ``Window._fill_bg``, a row at a time."""
    char = self.char() if callable(self.char) else self.char
    if erase_bg or char:
        wp = write_position
        cells = dict.fromkeys(range(wp.xpos, wp.xpos + wp.width), _CHAR_CACHE[char or " ", ""])
        for y in range(wp.ypos, wp.ypos + wp.height):
            screen.data_buffer[y].update(cells)


def fill_area(self: Screen, write_position: WritePosition, style: str = "",
              after: bool = False) -> None:
    """prompt_toolkit's ``Screen.fill_area``, a row at a time, each different cell of a row
    styled once (a row of 500 blanks is one cell 500 times)."""
    if not style.strip():
        return
    xs = range(write_position.xpos, write_position.xpos + write_position.width)
    chars = _CHAR_CACHE
    before, behind = ("", " " + style) if after else (style + " ", "")
    for y in range(write_position.ypos, write_position.ypos + write_position.height):
        row = self.data_buffer[y]
        # by the cell's id: every cell of the row is held by it until the update
        styled: dict[int, Char] = {}
        row.update({
            x: styled[k] if (k := id(cell := row[x])) in styled
            else styled.setdefault(k, chars[cell.char, before + cell.style + behind])
            for x in xs
        })


def install() -> bool:
    """Every frame of this process copies its rows whole and diffs only the rows that changed,
    from now on (False: this prompt_toolkit's diff or copy is not the one this was written
    for, and both are left as they are)."""
    if _ORIGINAL:
        return True
    current = getattr(renderer, "_output_screen_diff", None)
    copy = getattr(Window, "_copy_body", None)
    if (
        current is None or tuple(inspect.signature(current).parameters) != EXPECTED
        or copy is None or tuple(inspect.signature(copy).parameters) != COPY_EXPECTED
    ):
        return False
    _ORIGINAL.append(current)
    _ORIGINAL_COPY.append(copy)
    _ORIGINAL_MOUSE.append(MouseHandlers.set_mouse_handler_for_range)
    renderer._output_screen_diff = output_screen_diff  # type: ignore[attr-defined]
    Window._copy_body = copy_body  # type: ignore[method-assign]
    MouseHandlers.set_mouse_handler_for_range = (  # type: ignore[method-assign]
        set_mouse_handler_for_range
    )
    _ORIGINAL_FILLS.append((Window._fill_bg, Screen.fill_area))
    Window._fill_bg = fill_bg  # type: ignore[method-assign]
    Screen.fill_area = fill_area  # type: ignore[method-assign]
    sizing.install()
    return True


def uninstall() -> None:
    """prompt_toolkit's own diff and copy again (for tests that compare the two)."""
    if _ORIGINAL:
        renderer._output_screen_diff = _ORIGINAL.pop()  # type: ignore[attr-defined]
        Window._copy_body = _ORIGINAL_COPY.pop()  # type: ignore[method-assign]
        MouseHandlers.set_mouse_handler_for_range = (  # type: ignore[method-assign]
            _ORIGINAL_MOUSE.pop()
        )
        Window._fill_bg, Screen.fill_area = _ORIGINAL_FILLS.pop()  # type: ignore[method-assign]
        _KEPT.clear()
        sizing.uninstall()
