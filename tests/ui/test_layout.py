"""The full screen's drawing (``cuttle.ui.layout``): the log drawn entry by entry, once each."""

from __future__ import annotations

from typing import Any

from appdriver import Output80x24
from prompt_toolkit.input import create_pipe_input

from cuttle.text.cardtext import CardStyle
from cuttle.ui.app import AppIO
from cuttle.ui.richpt import rich_lines
from cuttle.ui.screen import log_text

ENTRIES = [
    "You played 3♣ for 3 points",
    "AI (easy) played 9♥ for 9 points",
    "You drew a card. " + "A very long line that has to wrap over more than one row " * 3,
    "AI (easy) scuttled your 3♣ with 9♥",
    "",
    "You played K♣ as a permanent: your goal is 14",
]


def cells(rows: list[Any]) -> list[list[tuple[str, str]]]:
    """Each row as (style, character) cells, without the blank cells at its end that show nothing
    (a grid drawn whole pads its text column to its longest entry)."""
    out = []
    for row in rows:
        row_cells = [(style, ch) for style, text, *_ in row for ch in text]
        while row_cells and row_cells[-1][1] == " " and not blank_shows(row_cells[-1][0]):
            row_cells.pop()
        out.append(row_cells)
    return out


def blank_shows(style: str) -> bool:
    """A blank cell in this style shows (a background, reversed or underlined)."""
    return any(mark in style for mark in ("bg:", "reverse", "underline"))


def test_the_log_drawn_entry_by_entry_is_the_log_drawn_whole() -> None:
    for ascii_only in (False, True):
        with create_pipe_input() as pipe:
            io = AppIO(CardStyle(ascii=ascii_only), pt_input=pipe, pt_output=Output80x24())
            for width in (30, 48, 80):
                for fresh in (0, 1, 3):
                    rows: list[Any] = []
                    for i, line in enumerate(ENTRIES):
                        rows += io.layout._entry_rows(line, width, i >= len(ENTRIES) - fresh)
                    said = [io.style.say(line) for line in ENTRIES]
                    whole = rich_lines(log_text(said, width, fresh, ascii_only), width)
                    assert cells(rows) == cells(whole), (width, fresh, ascii_only)


def test_each_log_entry_is_drawn_once_per_width() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Output80x24())
        first = io.layout._entry_rows(ENTRIES[0], 48, False)
        assert io.layout._entry_rows(ENTRIES[0], 48, False) is first  # kept, not drawn again
        assert io.layout._entry_rows(ENTRIES[0], 60, False) is not first
