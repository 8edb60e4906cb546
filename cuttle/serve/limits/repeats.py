"""A change of the screen already sent, sent again: the bytes prompt_toolkit's diff wrote for it.

Twelve players each opening and closing the help at 500x200 ten times a second: the help opened
changes the same 21 rows the same way each time (10,000 cells, each written by the diff one at a
time in Python: half the frame), and closed changes them back. Each connection's output keeps
its last ``KEPT`` changes: the rows that changed, as they were and as they are (copied), with
all else the diff's bytes depend on (where the cursor stood and the style it wrote with, the
size, both screens' heights and default cells, where the cursor goes and whether it shows, the
style's caches, the output's cursor state). A frame whose change is the same, compared cell by
cell (a dict comparison, in C), is sent the bytes the diff wrote for it, and the diff's result;
any difference, anywhere in a changed row (the help's text, its scroll, the size, the theme, the
list under it) is a new change, drawn by the diff. So a frame sent is always the diff's own for
that change, never one kept from another. A change of fewer than ``MIN_CELLS`` cells is drawn
as ever (a key typed: the diff is quick, and it would push the help out of what is kept), nor
one of more than ``MAX_CELLS`` (a whole new screen is not one to come again, and would hold
megabytes).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from prompt_toolkit.layout.screen import Char, Screen
from prompt_toolkit.output.vt100 import Vt100_Output

KEPT = 2  # changes kept by each connection's output (the help opened, and closed)
MIN_CELLS = 1_000  # cells of a change's rows (before and after) at least, for it to be kept
MAX_CELLS = 24_000  # ... and at most (two changes of it: about 2 MB a connection)
counts = {"sent": 0, "drawn": 0}  # changes sent again, and drawn by the diff


class Change:
    """The rows of a frame that differ from the last one, and what else the diff reads."""

    __slots__ = ("ys", "rows", "escapes", "state", "caches", "cells")

    def __init__(self, screen: Screen, previous: Screen, changed: list[int],
                 state: tuple[Any, ...], caches: tuple[object, ...]) -> None:
        new, old = screen.data_buffer, previous.data_buffer
        escapes = screen.zero_width_escapes
        self.ys = tuple(changed)
        self.rows: list[tuple[dict[int, Char], dict[int, Char]]] = [
            (new.get(y) or {}, old.get(y) or {}) for y in changed]
        self.escapes: list[dict[int, str]] = [escapes.get(y) or {} for y in changed]
        self.state = state
        self.caches = caches  # compared by identity (held: never a new one at the same address)
        self.cells = sum(len(a) + len(b) for a, b in self.rows)

    def same(self, other: Change) -> bool:
        """The same change: the diff would write the same bytes for both."""
        return (
            self.ys == other.ys and self.state == other.state
            and all(a is b for a, b in zip(self.caches, other.caches, strict=True))
            and self.rows == other.rows and self.escapes == other.escapes
        )

    def kept(self) -> Change:
        """Its rows copied (the screens' own may be read into later)."""
        self.rows = [(dict(a), dict(b)) for a, b in self.rows]
        self.escapes = [dict(e) for e in self.escapes]
        return self


class _Sent:
    __slots__ = ("change", "written", "cursor_visible", "result")

    def __init__(self, change: Change, written: list[str], cursor_visible: bool | None,
                 result: tuple[Any, str | None]) -> None:
        self.change = change
        self.written = written
        self.cursor_visible = cursor_visible
        self.result = result


_SENT: weakref.WeakKeyDictionary[Vt100_Output, list[_Sent]] = weakref.WeakKeyDictionary()


def send(output: Any, change: Change, draw: Callable[[], tuple[Any, str | None]]) -> tuple[
    Any, str | None
]:
    """``change`` written to ``output``: the bytes the diff wrote for the same change, kept,
    or ``draw()`` (the diff) and its bytes kept; the diff's result."""
    if type(output) is not Vt100_Output or change.cells < MIN_CELLS:  # (a few cells: the
        return draw()  # diff is quick; an output whose buffer is not known)
    kept = _SENT.get(output)
    if kept is not None:
        for sent in kept:
            if sent.change.same(change):
                output._buffer.extend(sent.written)
                output._cursor_visible = sent.cursor_visible
                kept.remove(sent)
                kept.append(sent)  # the most recent last
                counts["sent"] += 1
                return sent.result
    start = len(output._buffer)
    result = draw()
    counts["drawn"] += 1
    if change.cells <= MAX_CELLS:
        kept = _SENT.setdefault(output, [])
        kept.append(_Sent(change.kept(), output._buffer[start:], output._cursor_visible, result))
        del kept[:-KEPT]
    return result


def forget(output: Any) -> None:
    """What ``output`` sent is kept no more (tests)."""
    _SENT.pop(output, None)
