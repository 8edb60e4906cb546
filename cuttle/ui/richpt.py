"""rich renderables drawn inside prompt_toolkit windows: rich lays out, prompt_toolkit paints.

``rich_lines`` renders at a given width into prompt_toolkit formatted-text lines (one list of
``(style, text)`` fragments per screen row); ``RichControl`` is a ``UIControl`` that does this for
whatever renderable a callback returns, at the width its window has now, so a resize simply
re-renders. What it drew is kept: a callback that returns the same renderable, or one made of the
same text, tables and styles (``shape``), is not laid out again (a screen redrawn for a key
typed costs what changed on it).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Protocol

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout.controls import GetLinePrefixCallable, UIContent, UIControl
from prompt_toolkit.mouse_events import MouseEvent, MouseEventType
from rich.color import ColorType
from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:  # only a type alias there
    from prompt_toolkit.key_binding.key_bindings import NotImplementedOrNone

_ANSI_NAMES = (
    "ansiblack",
    "ansired",
    "ansigreen",
    "ansiyellow",
    "ansiblue",
    "ansimagenta",
    "ansicyan",
    "ansigray",
    "ansibrightblack",
    "ansibrightred",
    "ansibrightgreen",
    "ansibrightyellow",
    "ansibrightblue",
    "ansibrightmagenta",
    "ansibrightcyan",
    "ansiwhite",
)
_DIM = "#8a8a8a"


def _color(color: object) -> str | None:
    from rich.color import Color

    assert isinstance(color, Color)
    if color.type == ColorType.DEFAULT:
        return None
    if color.type == ColorType.STANDARD and color.number is not None:
        return _ANSI_NAMES[color.number]
    return color.get_truecolor().hex


def pt_style(style: Style | None) -> str:
    """A rich style as a prompt_toolkit style string (dim text turns grey: ptk has no dim)."""
    if style is None:
        return ""
    parts: list[str] = []
    fg = _color(style.color) if style.color is not None else None
    if style.dim and fg is None:
        fg = _DIM
    if fg:
        parts.append(f"fg:{fg}")
    if style.bgcolor is not None:
        bg = _color(style.bgcolor)
        if bg:
            parts.append(f"bg:{bg}")
    for attr in ("bold", "italic", "underline", "reverse", "strike"):
        if getattr(style, attr):
            parts.append(attr)
    return " ".join(parts)


_CONSOLES: dict[int, Console] = {}
_UNKNOWN = object()


@functools.cache
def _shaped() -> tuple[type, ...]:
    """The rich classes drawn from their attributes alone (imported when first needed: a
    command that never draws a table does not load them)."""
    from rich.box import Box
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Column, Row, Table

    return (Table, Column, Row, Panel, Padding, Box)


def shape(obj: object) -> Hashable | None:
    """Everything rich draws ``obj`` from, as a value two equal drawings share (None: ``obj``
    holds something this does not know, so it is drawn again each time)."""
    found = _shape(obj)
    return None if found is _UNKNOWN else found


def _shape(obj: object) -> Hashable:
    if obj is None or isinstance(obj, (str, int, float, bool, Style)):
        return obj
    if isinstance(obj, (list, tuple)):
        items = tuple(_shape(x) for x in obj)
        return _UNKNOWN if any(x is _UNKNOWN for x in items) else items
    if type(obj) is Text:
        fields = (obj._text, obj.style, obj.justify, obj.overflow, obj.no_wrap, obj.end,
                  obj.tab_size, obj._spans)
        return _tagged(obj, fields)
    if type(obj) is Group:
        return _tagged(obj, (obj._renderables, obj.fit))
    if type(obj) in _shaped():
        return _tagged(obj, tuple(sorted(vars(obj).items())))
    own = getattr(type(obj), "__rich_shape__", None)  # a renderable of ours says what it shows
    if own is not None:
        return _tagged(obj, own(obj))
    return _UNKNOWN


def _tagged(obj: object, fields: object) -> Hashable:
    inner = _shape(fields)
    return _UNKNOWN if inner is _UNKNOWN else (type(obj).__name__, inner)


def _console(width: int) -> Console:
    console = _CONSOLES.get(width)
    if console is None:
        console = Console(
            file=io.StringIO(),
            width=width,
            force_terminal=True,
            color_system="truecolor",
            legacy_windows=False,
            highlight=False,
            emoji=False,
            markup=False,
        )
        _CONSOLES[width] = console
    return console


def rich_lines(renderable: RenderableType, width: int) -> list[StyleAndTextTuples]:
    """``renderable`` laid out ``width`` columns wide, as one fragment list per row."""
    width = max(1, width)
    console = _console(width)
    options = console.options.update_width(width)
    lines = console.render_lines(renderable, options, pad=False)
    out: list[StyleAndTextTuples] = []
    for line in lines:
        frags: StyleAndTextTuples = []
        for seg in Segment.simplify(line):
            if seg.control or not seg.text:
                continue
            frags.append((pt_style(seg.style), seg.text))
        out.append(frags)
    while out and not any(frag[1].strip() for frag in out[-1]):
        out.pop()
    return out


class SharedDrawings(Protocol):
    """Drawings kept for every screen of one process (the server's ``serve/drawings.py``)."""

    def lines(
        self, renderable: RenderableType, width: int, key: Hashable | None = None
    ) -> list[StyleAndTextTuples]: ...


# Set by a process that draws many screens alike (the server: thirty players opening the same
# help or replaying the same frame at one size lay it out once). Empty in a game at home.
SHARED: list[SharedDrawings] = []


def share_drawings(drawings: SharedDrawings) -> None:
    """Every ``RichControl`` made ``shared`` draws through ``drawings`` from now on."""
    SHARED[:] = [drawings]


class RichControl(UIControl):
    """A window's content drawn by rich from ``get_renderable()`` at the window's width."""

    def __init__(
        self,
        get_renderable: Callable[[int], RenderableType | None],
        *,
        scroll: Callable[[int, int], int] | None = None,
        on_wheel: Callable[[int], None] | None = None,
        on_click: Callable[[int, int], None] | None = None,
        focusable: bool = False,
        shared: Callable[[], bool] | None = None,
    ) -> None:
        self.get_renderable = get_renderable
        # whether what it shows now is the same for everyone (help, rules, a finished game's
        # replay): only then is it drawn through the process's shared drawings, so a hit's speed
        # can never tell one player what another's private screen holds
        self.shared = shared
        self.scroll = scroll  # (line count, height) -> first line to show
        self.on_wheel = on_wheel
        self.on_click = on_click
        self.focusable = focusable
        # The renderable itself is kept, so ``is`` cannot match a new object at a reused id.
        self._cache: tuple[object, int, list[StyleAndTextTuples]] | None = None
        self._shape: Hashable | None = None  # the cached renderable's shape

    def is_focusable(self) -> bool:
        return self.focusable

    def lines(self, width: int) -> list[StyleAndTextTuples]:
        renderable = self.get_renderable(width)
        if renderable is None:
            return []
        cache = self._cache
        if cache is not None and cache[0] is renderable and cache[1] == width:
            return cache[2]
        found = shape(renderable)
        if cache is not None and cache[1] == width and found is not None and found == self._shape:
            self._cache = (renderable, width, cache[2])
            return cache[2]
        if found is not None and SHARED and self.shared is not None and self.shared():
            lines = SHARED[0].lines(renderable, width, found)
        else:
            lines = rich_lines(renderable, width)
        self._cache, self._shape = (renderable, width, lines), found
        return lines

    def preferred_width(self, max_available_width: int) -> int | None:
        return None

    def preferred_height(
        self,
        width: int,
        max_available_height: int,
        wrap_lines: bool,
        get_line_prefix: GetLinePrefixCallable | None,
    ) -> int | None:
        return len(self.lines(width))

    def create_content(self, width: int, height: int) -> UIContent:
        lines = self.lines(width)
        first = self.scroll(len(lines), height) if self.scroll is not None else 0
        shown = lines[first : first + height] if first else lines

        def get_line(i: int) -> StyleAndTextTuples:
            return shown[i] if 0 <= i < len(shown) else []

        return UIContent(get_line=get_line, line_count=len(shown))

    def mouse_handler(self, mouse_event: MouseEvent) -> NotImplementedOrNone:
        kind = mouse_event.event_type
        if kind == MouseEventType.SCROLL_UP and self.on_wheel is not None:
            self.on_wheel(-3)
            return None
        if kind == MouseEventType.SCROLL_DOWN and self.on_wheel is not None:
            self.on_wheel(3)
            return None
        if kind == MouseEventType.MOUSE_UP and self.on_click is not None:
            self.on_click(mouse_event.position.x, mouse_event.position.y)
            return None
        return NotImplemented


class LinesControl(RichControl):
    """A window's content given as rows already drawn (``get_lines(width)``): for a region put
    together from pieces drawn once each (the log, one entry at a time)."""

    def __init__(
        self,
        get_lines: Callable[[int], list[StyleAndTextTuples]],
        *,
        scroll: Callable[[int, int], int] | None = None,
        on_wheel: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__(lambda width: None, scroll=scroll, on_wheel=on_wheel)
        self.get_lines = get_lines

    def lines(self, width: int) -> list[StyleAndTextTuples]:
        return self.get_lines(width)

