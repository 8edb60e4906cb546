"""prompt_toolkit's division of a split's width (and height) among its children, the same sizes
without a Python step per cell.

``VSplit._divide_widths`` starts each child at its least width and adds one column at a time,
to the children in turn (``take_using_weights``: in proportion to their weights), first up to
each one's preferred width, then up to its most, until the split's width is used: a step, a
``sum`` of the sizes and a generator's ``next`` per column. A frame around a window at 500
columns (a help at 500x200: its top, middle and bottom rows are splits) took 15,000 steps, a
quarter of the frame. Here the same order of turns is followed a whole round at a time: one
round of the generator (each child as many times as its weight, ``period``) is worked out once
for those weights; as many whole rounds as cannot reach the width are added at once (each child
gets its weight, or what room it has left), then the last round step by step as
prompt_toolkit does it, so the sizes, and where the turns stand for the second phase, are
prompt_toolkit's. ``HSplit._divide_heights`` is the same on rows.

``install`` puts both in place for the process (``paint.install`` calls it); a prompt_toolkit
whose methods take other arguments is left as it is.
"""

from __future__ import annotations

import functools
import inspect
import itertools
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application.current import get_app
from prompt_toolkit.layout.containers import HSplit, VSplit, WritePosition
from prompt_toolkit.layout.dimension import Dimension, sum_layout_dimensions
from prompt_toolkit.utils import take_using_weights

_ORIGINAL: list[tuple[Callable[..., Any], Callable[..., Any]]] = []


@functools.lru_cache(maxsize=256)
def period(weights: tuple[int, ...]) -> tuple[int, ...]:
    """One round of ``take_using_weights(range(n), weights)``: the turns it repeats for ever
    (each child with a positive weight as many times as its weight)."""
    return tuple(itertools.islice(take_using_weights(list(range(len(weights))), list(weights)),
                                  sum(w for w in weights if w > 0)))


def _grow(sizes: list[int], limits: list[int], stop: int, turns: tuple[int, ...],
          weights: tuple[int, ...], at: int) -> int:
    """prompt_toolkit's ``while sum(sizes) < stop: if sizes[i] < limits[i]: sizes[i] += 1;
    i = next(turns)``, ``i`` being ``turns[at]``; returns where the turns stand after it."""
    total = sum(sizes)
    if total >= stop:
        return at
    room = [max(0, limit - size) for size, limit in zip(sizes, limits, strict=True)]

    def gain(rounds: int) -> int:  # what so many whole rounds add (each a rotation of one)
        return sum(min(rounds * w, r) for w, r in zip(weights, room, strict=True) if w > 0)

    if total + gain(stop - total) < stop:
        return at  # they cannot grow that far (prompt_toolkit's loop would never end)
    low, high = 0, stop - total  # whole rounds that stay under stop: the most of them
    while low < high:
        mid = (low + high + 1) // 2
        if total + gain(mid) < stop:
            low = mid
        else:
            high = mid - 1
    if low:
        for i, w in enumerate(weights):
            if w > 0:
                added = min(low * w, room[i])
                sizes[i] += added
                total += added
    n = len(turns)
    while total < stop:  # the last round, a turn at a time
        i = turns[at]
        if sizes[i] < limits[i]:
            sizes[i] += 1
            total += 1
        at = (at + 1) % n
    return at


def divide(dimensions: list[Dimension], space: int, to_max: bool) -> list[int] | None:
    """The sizes prompt_toolkit's split gives children of these ``dimensions`` in ``space``
    (``to_max``: grown past their preferred sizes up to their most); None: they do not fit."""
    summed = sum_layout_dimensions(dimensions)
    if summed.min > space:
        return None
    sizes = [d.min for d in dimensions]
    weights = tuple(d.weight for d in dimensions)
    turns = period(weights)
    if not turns:
        raise ValueError("Did't got any items with a positive weight.")  # prompt_toolkit's
    at = _grow(sizes, [d.preferred for d in dimensions], min(space, summed.preferred), turns,
               weights, 0)
    if to_max:
        _grow(sizes, [d.max for d in dimensions], min(space, summed.max), turns, weights, at)
    return sizes


def divide_widths(self: VSplit, width: int) -> list[int] | None:
    """prompt_toolkit's ``VSplit._divide_widths``, a round at a time (see the module)."""
    children = self._all_children
    if not children:
        return []
    return divide([c.preferred_width(width) for c in children], width, True)


def divide_heights(self: HSplit, write_position: WritePosition) -> list[int] | None:
    """prompt_toolkit's ``HSplit._divide_heights``, a round at a time (see the module)."""
    if not self.children:
        return []
    width, height = write_position.width, write_position.height
    dimensions = [c.preferred_height(width, height) for c in self._all_children]
    return divide(dimensions, height, not get_app().is_done)


def install() -> bool:
    """Every split of this process divides its space a round at a time from now on (False:
    this prompt_toolkit's methods are not the ones this was written for: left as they are)."""
    if _ORIGINAL:
        return True
    widths = getattr(VSplit, "_divide_widths", None)
    heights = getattr(HSplit, "_divide_heights", None)
    if (
        widths is None or tuple(inspect.signature(widths).parameters) != ("self", "width")
        or heights is None
        or tuple(inspect.signature(heights).parameters) != ("self", "write_position")
    ):
        return False
    _ORIGINAL.append((widths, heights))
    VSplit._divide_widths = divide_widths  # type: ignore[method-assign]
    HSplit._divide_heights = divide_heights  # type: ignore[method-assign]
    return True


def uninstall() -> None:
    """prompt_toolkit's own division again (for tests that compare the two)."""
    if _ORIGINAL:
        VSplit._divide_widths, HSplit._divide_heights = (  # type: ignore[method-assign]
            _ORIGINAL.pop()
        )
