"""The rules in a pager: ``cuttle rules`` on a terminal.

A small less-like reader written with prompt_toolkit (full screen, in the alternate screen, so the
shell's screen comes back untouched): it opens on a one-screen summary (the card table, the
sections, the keys), followed by the whole rules document section by section. Scroll with the
arrows, PageUp/PageDown, Space, the mouse wheel; ``/`` and ``?`` search, ``n``/``N`` repeat; ``s``
goes to a section by name (a card, a house rule or a topic, as ``cuttle rules TOPIC`` takes them,
with completion), ``]``/``[`` to the next/previous section; ``q`` or Esc quits.

Why our own pager rather than ``less``: it needs no external program (``less`` is missing on
minimal systems and Windows, and its behaviour depends on ``LESS``/``LESSSECURE`` settings), it
can jump to a section by its name rather than a pattern ("See Seven" -> ``s seven``), and it is
tested like the rest of the terminal game, through prompt_toolkit's pipe input. rich renders the
Markdown (the same rendering ``cuttle rules`` used before); each rendered line becomes
prompt_toolkit fragments.
"""

from __future__ import annotations

import asyncio
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import (
    CompleteEvent,
    Completer,
    Completion,
    DynamicCompleter,
    WordCompleter,
)
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.mouse_events import MouseEvent, MouseEventType
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from rich.markdown import Markdown

from cuttle.rulesdoc import card_summary, find_topic, sections
from cuttle.ui.keytiming import escape_at_once, time_keys
from cuttle.ui.richpt import rich_lines

SUMMARY_TITLE = "The rules in one screen"
KEYS = (
    "↑ ↓ PgUp PgDn Space: scroll · /: search (n N: next, previous) · s: go to a section · "
    "] [: next, previous section · g G: top, end · q: quit"
)
STYLE = Style.from_dict(
    {
        "status": "reverse",
        "match": "reverse bold",
        "prompt": "bold",
        "message": "bold",
    }
)


@dataclass(frozen=True)
class Anchor:
    """A heading of the pager's text: where it starts (a line of the rendered text)."""

    title: str
    level: int
    line: int


def summary_markdown(markdown: str) -> str:
    """The one-screen summary (it fits 80×24): the card table (classic), scuttling, the keys."""
    rows = "\n".join(f"| **{r}** | {pts} | {what} |" for r, pts, what in card_summary("classic"))
    return (
        f"## {SUMMARY_TITLE}\n\n"
        f"| card | points | or else (first to 21 points wins) |\n|---|---|---|\n{rows}\n\n"
        "**Scuttle**: a higher point card (rank, then ♣ < ♦ < ♥ < ♠) scraps one of the "
        "opponent's. **Counter** a one-off with a 2.\n\n"
        "Below: the full rules. **s** go to a section (Tab lists them: counters, seven, queen...) "
        "· **/** search · **h** keys · **q** quit\n"
    )


def pieces(markdown: str) -> list[str]:
    """The pager's text in the order shown: the summary, then the document cut before each
    heading of level 1 to 3 (outside fenced code), so that each piece can be rendered alone."""
    out: list[list[str]] = [[]]
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,3}\s", line) and any(x.strip() for x in out[-1]):
            out.append([])
        out[-1].append(line)
    return [summary_markdown(markdown)] + ["\n".join(x).strip() + "\n" for x in out]


def render_piece(text: str, width: int) -> tuple[list[StyleAndTextTuples], list[Anchor]]:
    """One piece rendered by rich (``richpt.rich_lines``, ``width`` columns): fragment lines
    (blank runs cut to one, none at the ends) and its headings, each found in order as the line
    that holds just its text."""
    lines: list[StyleAndTextTuples] = []
    for line in rich_lines(Markdown(text), width):
        if not _plain(line).strip():
            if not lines or not _plain(lines[-1]).strip():
                continue  # one blank line is enough (rich pads tables with another)
            line = []
        lines.append(line)
    while lines and not _plain(lines[-1]).strip():
        lines.pop()
    anchors: list[Anchor] = []
    at = 0
    for section in sections(text):
        if section.level > 3:
            continue
        wanted = " ".join(section.title.replace("`", "").replace("**", "").split())
        for i in range(at, len(lines)):
            if " ".join(_plain(lines[i]).strip(" ┃│┏┓┗┛━─╭╮╰╯").split()) == wanted:
                anchors.append(Anchor(section.title, section.level, i))
                at = i + 1
                break
    return lines, anchors


def render_lines(markdown: str, width: int) -> tuple[list[StyleAndTextTuples], list[Anchor]]:
    """The whole pager's text rendered at ``width``: fragment lines and the headings' lines (the
    pager itself renders the pieces as they are needed, ``RulesPager.render_next``)."""
    lines: list[StyleAndTextTuples] = []
    anchors: list[Anchor] = []
    for text in pieces(markdown):
        add_piece(lines, anchors, *render_piece(text, width))
    return lines, anchors


def add_piece(
    lines: list[StyleAndTextTuples],
    anchors: list[Anchor],
    new_lines: list[StyleAndTextTuples],
    new_anchors: list[Anchor],
) -> None:
    """Append a rendered piece (a blank line between pieces), its anchors moved to match."""
    if lines and new_lines:
        lines.append([])
    offset = len(lines)
    lines.extend(new_lines)
    anchors.extend(Anchor(a.title, a.level, a.line + offset) for a in new_anchors)


def _plain(line: StyleAndTextTuples) -> str:
    return "".join(fragment[1] for fragment in line)


def highlight(line: StyleAndTextTuples, query: str) -> StyleAndTextTuples:
    """``line`` with every case-insensitive occurrence of ``query`` in the match style."""
    text = _plain(line)
    spans = [m.span() for m in re.finditer(re.escape(query), text, re.IGNORECASE)] if query else []
    if not spans:
        return line
    marked = [False] * len(text)
    for start, end in spans:
        for i in range(start, end):
            marked[i] = True
    out: StyleAndTextTuples = []
    pos = 0
    for fragment in line:
        style, chunk = fragment[0], fragment[1]
        for ch in chunk:
            s = f"{style} class:match" if marked[pos] else style
            if out and out[-1][0] == s:
                out[-1] = (s, out[-1][1] + ch)
            else:
                out.append((s, ch))
            pos += 1
    return out


class SectionCompleter(Completer):
    """Completes section titles, the cards and the house rules."""

    def __init__(self, markdown: str) -> None:
        words = [s.title for s in sections(markdown) if s.level == 2]
        words += [s.title.replace("`", "") for s in sections(markdown) if s.level == 3]
        self.inner = WordCompleter(words, ignore_case=True, sentence=True, match_middle=True)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        yield from self.inner.get_completions(document, complete_event)


class _TextControl(FormattedTextControl):
    """The text area: the mouse wheel scrolls the pager."""

    def __init__(self, pager: RulesPager) -> None:
        super().__init__(pager.visible_fragments, focusable=False, show_cursor=False)
        self.pager = pager

    def mouse_handler(self, mouse_event: MouseEvent) -> None:  # type: ignore[override]
        if mouse_event.event_type == MouseEventType.SCROLL_DOWN:
            self.pager.scroll(3)
        elif mouse_event.event_type == MouseEventType.SCROLL_UP:
            self.pager.scroll(-3)
        else:
            return NotImplemented  # type: ignore[no-any-return]
        return None


class RulesPager:
    """The pager over the rules document; ``run()`` until the reader quits."""

    def __init__(
        self,
        markdown: str,
        start: str | None = None,
        note: str = "",
        *,
        pt_input: Input | None = None,
        pt_output: Output | None = None,
    ) -> None:
        self.markdown = markdown
        self.pieces = pieces(markdown)
        self.rendered = 0  # the pieces rendered so far at this width, in order
        self.width = 0  # columns laid out for; 0 until the first layout (pieces render at 80)
        self.lines: list[StyleAndTextTuples] = []
        self.anchors: list[Anchor] = []
        self.top = 0
        self.query = ""
        self.backwards = False
        self.message = note
        self.mode: str | None = None  # "search", "search-back", "section" while a prompt is open
        self.start_title = find_topic(markdown, start).title if start else None
        self.input_buffer = Buffer(
            multiline=False,
            completer=DynamicCompleter(
                lambda: self.section_completer if self.mode == "section" else None
            ),
            complete_while_typing=True,
            accept_handler=self._accept,
        )
        self.section_completer = SectionCompleter(markdown)
        prompting = Condition(lambda: self.mode is not None)
        self.app: Application[None] = Application(
            layout=Layout(
                FloatContainer(
                    content=HSplit(
                        [
                            Window(_TextControl(self), wrap_lines=False, always_hide_cursor=True),
                            ConditionalContainer(
                                Window(
                                    FormattedTextControl(
                                        lambda: [("class:message", "\n".join(self.message_lines()))]
                                    ),
                                    height=lambda: self.message_rows(),
                                    wrap_lines=False,
                                ),
                                filter=Condition(lambda: bool(self.message)),
                            ),
                            ConditionalContainer(
                                Window(
                                    BufferControl(
                                        self.input_buffer,
                                        input_processors=[
                                            BeforeInput(
                                                lambda: self._prompt_label(), "class:prompt"
                                            )
                                        ],
                                    ),
                                    height=1,
                                ),
                                filter=prompting,
                            ),
                            Window(
                                FormattedTextControl(self.status), height=1, style="class:status"
                            ),
                        ]
                    ),
                    floats=[
                        Float(
                            xcursor=True,
                            ycursor=True,
                            content=CompletionsMenu(max_height=8, scroll_offset=1),
                        )
                    ],
                )
            ),
            key_bindings=escape_at_once(self._keys(prompting)),
            full_screen=True,
            mouse_support=True,
            style=STYLE,
            input=pt_input,
            output=pt_output,
        )
        time_keys(self.app)

    # -- the text -------------------------------------------------------------------------
    def size(self) -> tuple[int, int]:
        """(rows for the text, columns)."""
        size = self.app.output.get_size()
        rows = size.rows - 1 - (1 if self.mode is not None else 0) - self.message_rows()
        return max(1, rows), max(20, size.columns)

    def message_lines(self) -> list[str]:
        """The message (a note, a search result, the keys) broken between words to the
        terminal's width, at most three lines."""
        if not self.message:
            return []
        columns = max(20, self.app.output.get_size().columns)
        lines = textwrap.wrap(self.message, columns, break_on_hyphens=False)
        if len(lines) > 3:
            lines = lines[:2] + [textwrap.shorten(" ".join(lines[2:]), columns, placeholder=" …")]
        return lines

    def message_rows(self) -> int:
        """Rows the message takes above the status line."""
        return len(self.message_lines())

    def layout_text(self) -> None:
        """Render what the screen shows for the current width (again after a resize, keeping
        the section in view). Only the pieces up to the end of the screen are rendered here;
        the rest follow in the background (``render_rest``) or when a key needs them."""
        rows, columns = self.size()
        if columns != self.width:
            section, offset = self.current_anchor(), 0
            if section is not None:
                offset = self.top - section.line
            self.lines, self.anchors, self.rendered = [], [], 0
            self.width = columns
            self.top = 0
            if self.start_title is not None:
                self.goto_title(self.start_title)
                self.start_title = None
            elif section is not None:
                same = self.render_until_title(section.title)
                self.top = (same.line if same else 0) + max(0, offset)
        self.fill()
        self.clamp()

    @property
    def done(self) -> bool:
        """Every piece is rendered."""
        return self.rendered >= len(self.pieces)

    def render_next(self) -> bool:
        """Render the next piece; False when there was none left."""
        if self.done:
            return False
        piece = render_piece(self.pieces[self.rendered], self.width or 80)
        add_piece(self.lines, self.anchors, *piece)
        self.rendered += 1
        return True

    def complete(self) -> None:
        """Render everything (a search, the end of the text)."""
        while self.render_next():
            pass

    def fill(self) -> None:
        """Render until the screen from ``top`` is full (or the text ends)."""
        rows, _ = self.size()
        while len(self.lines) < self.top + rows and self.render_next():
            pass

    def render_until_title(self, title: str) -> Anchor | None:
        """Render until the heading ``title`` is reached; its anchor (None if there is none)."""
        while True:
            found = next((a for a in self.anchors if a.title == title), None)
            if found is not None or not self.render_next():
                return found

    async def render_rest(self) -> None:
        """The pieces not on the first screen, one at a time between keys and redraws."""
        while not self.done:
            await asyncio.sleep(0)
            self.render_next()
        self.app.invalidate()  # the status line now knows the percentage

    def clamp(self) -> None:
        rows, _ = self.size()
        self.top = max(0, min(self.top, max(0, len(self.lines) - rows)))

    def visible_fragments(self) -> StyleAndTextTuples:
        self.layout_text()
        rows, _ = self.size()
        out: StyleAndTextTuples = []
        for i, line in enumerate(self.lines[self.top : self.top + rows]):
            if i:
                out.append(("", "\n"))
            out.extend(highlight(line, self.query))
        return out

    def current_anchor(self) -> Anchor | None:
        """The section the top line is in."""
        found = None
        for anchor in self.anchors:
            if anchor.line <= self.top:
                found = anchor
        return found

    def status(self) -> StyleAndTextTuples:
        rows, columns = self.size()
        anchor = self.current_anchor()
        where = anchor.title.replace("`", "") if anchor else ""
        end = min(len(self.lines), self.top + rows)
        percent = 100 if not self.lines else round(100 * end / len(self.lines))
        known = f" {percent}% ·" if self.done else ""  # the length is known once all is rendered
        right = f"{known} s section · / search · q quit "
        left = f" {where}"
        room = columns - len(right)
        if len(left) > room:
            left = left[: max(0, room - 1)] + "…"
        return [("class:status", left.ljust(room) + right)]

    # -- moving ---------------------------------------------------------------------------
    def scroll(self, lines: int) -> None:
        self.top += lines
        self.fill()
        self.clamp()

    def to_end(self) -> None:
        self.complete()
        self.scroll(len(self.lines))

    def goto_title(self, title: str) -> bool:
        anchor = self.render_until_title(title)
        if anchor is None:
            return False
        self.top = anchor.line
        self.fill()
        self.clamp()
        return True

    def goto_topic(self, topic: str) -> None:
        """Go to the section a topic names (as ``cuttle rules TOPIC`` takes it)."""
        topic = topic.strip()
        if not topic:
            return
        try:
            section = find_topic(self.markdown, topic)
        except ValueError:
            self.complete()
            wanted = topic.lower()
            hit = next((a for a in self.anchors if wanted in a.title.lower()), None)
            if hit is None:
                self.message = f"No section {topic!r} (try: s counters, s 7, s queen)"
                return
            self.top = hit.line
            self.fill()
            self.clamp()
            self.message = ""
            return
        self.goto_title(section.title)
        self.message = ""

    def next_section(self, step: int) -> None:
        if step > 0:
            while not any(a.line > self.top for a in self.anchors) and self.render_next():
                pass
        tops = [a for a in self.anchors if a.level <= 3]
        if step > 0:
            after = [a for a in tops if a.line > self.top]
            if after:
                self.top = after[0].line
                self.fill()
        else:
            before = [a for a in tops if a.line < self.top]
            if before:
                self.top = before[-1].line
        self.clamp()

    def find(self, backwards: bool, skip_current: bool = True) -> None:
        """Move to the next (or previous) line holding the search text."""
        if not self.query:
            self.message = "Nothing to search for: type / and a word"
            return
        self.complete()
        needle = self.query.lower()
        order = (
            range(self.top - 1, -1, -1)
            if backwards
            else range(self.top + (1 if skip_current else 0), len(self.lines))
        )
        for i in order:
            if needle in _plain(self.lines[i]).lower():
                self.top = i
                self.clamp()
                self.message = ""
                if self.top != i:  # near the end: the match is on screen, lower down
                    self.message = f"{self.query!r}: found near the end"
                return
        self.message = f"{self.query!r}: no more matches {'above' if backwards else 'below'}"

    # -- prompts --------------------------------------------------------------------------
    def _prompt_label(self) -> str:
        return {"search": "/", "search-back": "?", "section": "Go to section: "}.get(
            self.mode or "", ""
        )

    def open_prompt(self, mode: str) -> None:
        self.mode = mode
        self.message = ""
        self.input_buffer.reset()
        self.app.layout.focus(self.input_buffer)

    def close_prompt(self) -> None:
        self.mode = None
        self.app.layout.focus_last()

    def _accept(self, buffer: Buffer) -> bool:
        text, mode = buffer.text, self.mode
        self.close_prompt()
        if mode == "section":
            self.goto_topic(text)
        elif text:
            self.query = text
            self.backwards = mode == "search-back"
            self.find(self.backwards, skip_current=False)
        elif self.query:
            self.find(mode == "search-back")
        return False

    # -- keys -----------------------------------------------------------------------------
    def _keys(self, prompting: Condition) -> KeyBindings:
        kb = KeyBindings()
        reading = ~prompting

        def page() -> int:
            return max(1, self.size()[0] - 1)

        def bind(*keys: str, action: Callable[[KeyPressEvent], object]) -> None:
            def handler(event: KeyPressEvent) -> None:
                self.message = ""  # a message stays until the next key, as in less
                action(event)

            for key in keys:
                kb.add(key, filter=reading)(handler)

        for key in ("q", "Q", "escape"):
            kb.add(key, filter=reading)(lambda e: e.app.exit())
        kb.add("c-c")(lambda e: e.app.exit())
        bind("down", "j", "enter", "c-n", "e", action=lambda e: self.scroll(1))
        bind("up", "k", "y", "c-p", action=lambda e: self.scroll(-1))
        bind("pagedown", "space", "f", "c-f", "c-v", action=lambda e: self.scroll(page()))
        bind("pageup", "b", "c-b", action=lambda e: self.scroll(-page()))
        bind("d", "c-d", action=lambda e: self.scroll(page() // 2))
        bind("u", "c-u", action=lambda e: self.scroll(-page() // 2))
        bind("home", "g", "<", action=lambda e: self.scroll(-len(self.lines)))
        bind("end", "G", ">", action=lambda e: self.to_end())
        bind("]", "tab", action=lambda e: self.next_section(1))
        bind("[", "s-tab", action=lambda e: self.next_section(-1))
        bind("/", action=lambda e: self.open_prompt("search"))
        bind("?", action=lambda e: self.open_prompt("search-back"))
        bind("s", ":", "t", action=lambda e: self.open_prompt("section"))
        bind("n", action=lambda e: self.find(self.backwards))
        bind("N", action=lambda e: self.find(not self.backwards))
        bind("h", "H", action=lambda e: setattr(self, "message", KEYS))

        @kb.add("escape", filter=prompting, eager=True)
        def _cancel(event: KeyPressEvent) -> None:
            self.close_prompt()

        @kb.add("c-g", filter=prompting)
        def _cancel_too(event: KeyPressEvent) -> None:
            self.close_prompt()

        return kb

    def run(self) -> None:
        """Show the pager until the reader quits."""
        self.layout_text()  # keys typed ahead act on the text, not on an empty pager
        self.app.run(pre_run=self._start_rest)

    def _start_rest(self) -> None:
        self.app.create_background_task(self.render_rest())


__all__ = ["RulesPager", "highlight", "pieces", "render_lines", "summary_markdown"]
