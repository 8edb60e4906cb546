"""A plain-text table that fits a width: cells wrap between their words, never inside one.

``cuttle history`` cut its columns at fixed widths (``Player 2 w``, ``classic+jok…``). Here each
cell is a list of tokens that must stay whole (words; a rules name split before each ``+``), the
columns start at their natural width, and when the table is wider than the terminal the widest
wrapping column gives up one character at a time, down to its longest token. A cell then wraps
onto more lines of its row. Pure text: the command prints the lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len

GAP = "  "


@dataclass(frozen=True)
class Column:
    """A column: its header (wrapped between its words like a cell, when its column wraps),
    right-aligned or not, may it wrap, and what joins its tokens (a space between words;
    nothing between the parts of a rules name)."""

    header: str
    right: bool = False
    wraps: bool = False
    joiner: str = " "


def words(text: str) -> list[str]:
    """A cell that wraps between words."""
    return text.split() or [""]


def rules_parts(rules: str) -> list[str]:
    """``classic+joker+four-random`` -> ``classic``, ``+joker``, ``+four-random``: a rules name
    wraps before each ``+``."""
    return [part for part in re.split(r"(?=\+)", rules) if part] or [""]


def _wrap(tokens: list[str], joiner: str, width: int) -> list[str]:
    """Tokens filled into lines of at most ``width`` cells (a token wider than that alone)."""
    lines: list[str] = []
    line = ""
    for token in tokens:
        joined = f"{line}{joiner}{token}" if line else token
        if line and cell_len(joined) > width:
            lines.append(line)
            line = token
        else:
            line = joined
    lines.append(line)
    return lines


def fit_table(columns: list[Column], rows: list[list[list[str]]], width: int) -> list[str]:
    """The header and the rows as lines of at most ``width`` cells when the tokens allow it
    (the wrapping columns shrink to their longest token or header word, no further); no line
    ends in spaces."""
    heads = [words(col.header) for col in columns]
    natural = []
    least = []
    for i, col in enumerate(columns):
        cells = [col.header, *(col.joiner.join(row[i]) for row in rows)]
        natural.append(max(cell_len(c) for c in cells))
        longest = max(cell_len(t) for t in [*heads[i], *(t for row in rows for t in row[i])])
        least.append(longest if col.wraps else natural[-1])
    widths = list(natural)
    room = width - cell_len(GAP) * (len(columns) - 1)
    while sum(widths) > room:
        shrinkable = [i for i, w in enumerate(widths) if w > least[i]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda i: widths[i])
        widths[widest] -= 1
    # each wrapped column as wide as its widest wrapped line: the room it leaves goes unused
    # rather than padding
    for i, col in enumerate(columns):
        if col.wraps:
            lines = _wrap(heads[i], " ", widths[i]) + [
                line for row in rows for line in _wrap(row[i], col.joiner, widths[i])
            ]
            widths[i] = max(cell_len(line) for line in lines)

    def line(cells: list[str]) -> str:
        parts = []
        for col, w, cell in zip(columns, widths, cells, strict=True):
            pad = " " * max(0, w - cell_len(cell))
            parts.append(pad + cell if col.right else cell + pad)
        return GAP.join(parts).rstrip()

    out: list[str] = []
    for row in [heads, *rows]:
        wrapped = [
            _wrap(tokens, col.joiner if row is not heads else " ", w)
            if col.wraps else [(col.joiner if row is not heads else " ").join(tokens)]
            for col, w, tokens in zip(columns, widths, row, strict=True)
        ]
        for k in range(max(len(cell) for cell in wrapped)):
            out.append(line([cell[k] if k < len(cell) else "" for cell in wrapped]))
    return out
