"""Rows drawn by rich, kept by what they show and their width, for every screen of the server.

Thirty lobbies at one width show the same open tables and games: laid out once, not thirty
times. A drawing is found by the renderable's ``shape`` (``ui/richpt``: its text, tables and
styles) and the width; a renderable of unknown shape is drawn each time. The help of a lobby
(the same for everyone but the invitation line) is kept the same way.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from rich.console import RenderableType

from cuttle.ui.richpt import rich_lines, shape, share_drawings

KEPT = 512  # drawings kept (the least recently used goes first)


class Drawings:
    """A bounded cache of rich drawings, by shape and width; ``hits`` and ``misses`` count."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.cache: OrderedDict[tuple[Hashable, int], list[StyleAndTextTuples]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def lines(
        self, renderable: RenderableType, width: int, key: Hashable | None = None
    ) -> list[StyleAndTextTuples]:
        """``renderable`` drawn ``width`` columns wide (``key``: what names the drawing when
        the caller knows better than its shape, as a fixed text does)."""
        found = key if key is not None else shape(renderable)
        if found is None:
            self.misses += 1
            return rich_lines(renderable, width)
        k = (found, width)
        lines = self.cache.get(k)
        if lines is not None:
            self.cache.move_to_end(k)
            self.hits += 1
            return lines
        self.misses += 1
        lines = rich_lines(renderable, width)
        self.cache[k] = lines
        while len(self.cache) > self.kept:
            self.cache.popitem(last=False)
        return lines


DRAWINGS = Drawings()  # the server's (one process, one loop)
share_drawings(DRAWINGS)  # its game screens' help and replay frames too (``RichControl``)
