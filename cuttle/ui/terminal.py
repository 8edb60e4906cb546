"""The plain-text ``GameIO`` and the Tab completion of moves.

``PlainIO`` serves pipes, scripts and ``TERM=dumb``: one command per line in, plain text out,
through one injected rich ``Console``. The ``MoveCompleter`` completes exactly the legal moves,
with a description each (the full-screen app uses it).
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any, TypeVar

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from rich.console import Console, RenderableType
from rich.text import Text

from cuttle.play.io import MoveSource
from cuttle.text.cardtext import CardStyle, is_card_text
from cuttle.text.intent import PERM_WORDS, echo_text, normalize_input, seat_refs
from cuttle.text.render import GameOverView, MoveListView, TableModel, TableView

if TYPE_CHECKING:
    from cuttle.files.storage import GameRecord

T = TypeVar("T")


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or bare stream
        return False


class MoveCompleter(Completer):
    """Completes exactly the legal moves; a bare card offers that card's moves; at a table of
    three or four a seat typed by name (``>car``, ``@bob``) completes to its number."""

    def __init__(
        self,
        source: MoveSource,
        style: CardStyle | None = None,
        names: Callable[[], Sequence[str]] = tuple,
    ) -> None:
        self.source = source
        self.style = style or CardStyle()
        self.names = names

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        before = document.text_before_cursor
        typed = normalize_input(before.lstrip())
        if "@" in typed or ">" in typed:
            named, wrong = seat_refs(typed, self.names())
            typed = typed if wrong else named
        typed = typed.lower()
        if typed.endswith(" 10"):  # a ten half typed after its verb, as the screen writes it
            typed = typed[:-2] + "t"
        moves = self.source()
        words = typed.split()
        rank = ""
        if words and words[0] in PERM_WORDS and (len(words) > 1 or typed.endswith(" ")):
            # ``king K``: the perm moves of kings, as ``king KC`` plays them
            rank = PERM_WORDS[words[0]].lower()
            typed = " ".join(["perm", *words[1:]]) if len(words) > 1 else f"perm {rank}"
        card_only = len(words) == 1 and is_card_text(words[0].upper()) and not typed.endswith(" ")
        for text, meta in moves:
            low = text.lower()
            if rank and not low.startswith(f"perm {rank}"):
                continue
            if low.startswith(typed) or (card_only and words[0] in low.split()[1:2]):
                yield Completion(
                    self.style.typed(text),  # as the description and the table write it
                    start_position=-len(before),
                    display=self.style.words(text),
                    display_meta=meta,
                )


def make_console(
    file: IO[str] | None = None,
    *,
    color: bool = True,
    interactive: bool = True,
    width: int | None = None,
) -> Console:
    """The one console of a run. ``NO_COLOR`` is honoured by rich itself."""
    if not interactive:
        return Console(
            file=file or sys.stdout,
            color_system=None,
            force_terminal=False,
            highlight=False,
            emoji=False,
            markup=False,
            width=width or 80,
            soft_wrap=False,
        )
    return Console(
        file=file, no_color=not color, highlight=False, emoji=False, markup=False, width=width
    )


_TAB_WORDS = (
    (re.compile(r"\(Tab or `moves` lists"), "(`moves` lists"),
    (re.compile(r"\(Tab lists them\)"), "(`moves` lists them)"),
    (re.compile(r"\s*\(Tab\)"), ""),
    (re.compile(r"Tab completes the legal moves\.\s*"), ""),
)


def without_tab(text: str) -> str:
    """Text with its mentions of Tab completion taken out (for a terminal that has none)."""
    for pattern, repl in _TAB_WORDS:
        text = pattern.sub(repl, text)
    return text


HANDOFF_ONLY_ENTER = "Only Enter passes (q quits): the line was dropped."


def handoff_answer(line: str) -> bool | None:
    """A line typed on the hot-seat pass screen: empty passes (True), ``q``/``quit`` asks to quit
    (False), anything else (keys typed too soon) is dropped (None)."""
    typed = normalize_input(line).strip().lower()
    if not typed:
        return True
    if typed in ("q", "quit"):
        return False
    return None


class PlainIO:
    """Plain lines in and out: no colour, no cursor control, no pauses.

    Reads from ``stream`` and writes to ``console``'s file: nothing process-wide is touched, so
    several can run at once (each with its own streams). ``person``: someone types at a terminal
    that cannot draw a screen (``TERM=dumb``; by default, when both ends are a terminal): each
    prompt is shown before its line is read (the terminal echoes what is typed), and the hot-seat
    pass screen waits for Enter. Otherwise the input is a script, echoed after each prompt."""

    interactive = False
    menus = False  # a numbered list stays on the page: a number typed after it picks from it

    def __init__(
        self, console: Console, stream: IO[str] | None = None, *, person: bool | None = None
    ) -> None:
        self.console = console
        self.stream = stream if stream is not None else sys.stdin
        if person is None:
            person = _isatty(self.stream) and _isatty(console.file)
        self.person = person

    def run(self, body: Callable[[], T]) -> T | None:
        return body()

    def size(self) -> tuple[int, int]:
        return self.console.width, self.console.height

    def read(self, prompt: str) -> str:
        if self.person:  # the prompt first, flushed: the person answers it
            self.console.file.write(prompt)
            self.console.file.flush()
        line = self.stream.readline()
        if not line:
            if self.person:
                self.console.file.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        if not self.person:  # a script's line, shown after its prompt as if typed
            self.console.out(prompt + echo_text(line), highlight=False)
        return line

    def show(self, *items: RenderableType) -> None:
        """Print renderables as plain lines (trailing spaces cut, no word of Tab)."""
        # Tables pad their cells to the full width; a transcript should not carry that padding.
        for item in items:
            with self.console.capture() as captured:
                self.console.print(item)
            # Lines are read whole here: there is no completion, so no word of Tab either.
            text = without_tab(captured.get())
            lines = text.splitlines()
            self.console.file.write("".join(line.rstrip() + "\n" for line in lines))

    def message(self, text: str) -> None:
        self.show(Text(text))

    def panel(self, title: str, body: RenderableType) -> None:
        self.show(body)

    def table(self, model: TableModel) -> None:
        self.show(TableView(model))

    def event(self, model: TableModel, own: bool) -> None:
        return None  # the moves are printed as lines of the log

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        self.show(view)

    def wait(self, view: RenderableType) -> bool:
        """A person passes the keyboard with Enter alone; the screen is then scrolled clear
        (a dumb terminal cannot erase it). A script has no one to pass to."""
        if not self.person:
            return True
        self.show(view)
        while True:
            answer = handoff_answer(self.read("Enter> "))
            if answer is None:
                self.message(HANDOFF_ONLY_ENTER)
                continue
            if answer:
                self.console.file.write("\n" * max(24, self.console.height))
            return answer

    def ask(self, question: str) -> str:
        return self.read(question + " ")

    def flush_input(self) -> None:
        return None  # the input is the script: nothing typed ahead to forget

    def thinking(self, text: str) -> contextlib.AbstractContextManager[Any]:
        return contextlib.nullcontext()

    def start_game(self, source: MoveSource) -> None:
        return None

    def game_over(self, view: GameOverView) -> None:
        self.show(view)

    def farewell(self, lines: list[str]) -> None:
        for line in lines:
            self.message(line)  # printed once: the output is not cleared afterwards

    def record_kept(self, lines: list[str]) -> None:
        if self.person:
            self.farewell(lines)

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        return None  # no review here: cuttle review does it

    def set_pace(self, pace: str) -> None:
        return None  # plain output never pauses

    def set_style(self, style: CardStyle) -> None:
        return None  # the session draws its text in the new style itself
