"""Line charts drawn with text, for the win chance of a review and the rating of ``cuttle stats``.

A chart is a list of plain lines no wider than ``width`` (80 by default): a column of labels, the
plot (one column per sample, or samples averaged into columns when there are more of them than
columns), and an axis underneath. Block characters draw the area under the curve (``#`` with
``ascii=True``), a dotted line marks a reference value (50% for a win chance).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

LABEL_WIDTH = 6
EIGHTHS = " ▁▂▃▄▅▆▇█"


def resample(values: Sequence[float], columns: int) -> list[float]:
    """``values`` stretched or averaged to exactly ``columns`` samples."""
    n = len(values)
    if n == 0 or columns <= 0:
        return []
    out: list[float] = []
    for c in range(columns):
        lo = c * n // columns
        hi = max(lo + 1, (c + 1) * n // columns)
        chunk = values[lo:hi]
        out.append(sum(chunk) / len(chunk))
    return out


def line_chart(
    values: Sequence[float],
    lo: float,
    hi: float,
    height: int = 8,
    width: int = 80,
    fmt: Callable[[float], str] = lambda v: f"{v:.0f}",
    reference: float | None = None,
    ascii: bool = False,
    x_label: str = "",
) -> list[str]:
    """The chart of ``values`` between ``lo`` and ``hi`` as lines of at most ``width`` columns."""
    if not values:
        return []
    if hi <= lo:
        hi = lo + 1.0
    plot_width = max(8, width - LABEL_WIDTH - 1)
    if len(values) >= plot_width:
        samples = resample(values, plot_width)
    else:  # each sample gets the same whole number of columns
        repeat = plot_width // len(values)
        samples = [float(v) for v in values for _ in range(repeat)]
    levels = 8 * height
    filled = [max(0, min(levels, round((min(max(v, lo), hi) - lo) / (hi - lo) * levels)))
              for v in samples]
    ref_row = None
    if reference is not None and lo <= reference <= hi:
        ref_row = min(height - 1, int((reference - lo) / (hi - lo) * height))
    lines: list[str] = []
    for row in range(height - 1, -1, -1):
        label = ""
        if row == height - 1:
            label = fmt(hi)
        elif row == 0:
            label = fmt(lo)
        elif ref_row is not None and row == ref_row and reference is not None:
            label = fmt(reference)
        cells = []
        for f in filled:
            part = f - 8 * row
            if part >= 8:
                cells.append("#" if ascii else "█")
            elif part > 0:
                cells.append(("#" if part >= 4 else ".") if ascii else EIGHTHS[part])
            elif row == ref_row:
                cells.append("." if ascii else "·")
            else:
                cells.append(" ")
        lines.append(f"{label[:LABEL_WIDTH]:>{LABEL_WIDTH}}{'|' if ascii else '┤'}{''.join(cells)}")
    axis = ("+" if ascii else "└") + ("-" if ascii else "─") * len(filled)
    lines.append(" " * LABEL_WIDTH + axis)
    if x_label:
        lines.append(" " * (LABEL_WIDTH + 1) + x_label[: width - LABEL_WIDTH - 1])
    return [line[:width] for line in lines]
