"""Input and output for a game: prompt_toolkit on a terminal, plain lines otherwise.

``TerminalIO`` owns one ``PromptSession`` per game (history, Tab completion of the legal moves with
a description each, a bottom toolbar). ``PlainIO`` reads one command per line and writes plain
text, for pipes and scripts. Both show rich renderables through one injected ``Console``.
"""

from __future__ import annotations

import contextlib
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from rich.console import Console, RenderableType

from cuttle.ui.cardtext import CardStyle, is_card_text
from cuttle.ui.render import MoveListView, TableModel, TableView

# (canonical move text, description) for every legal move now
MoveSource = Callable[[], list[tuple[str, str]]]

_CARD_RE = re.compile(r"^(10|[0-9atjqkx])([cdhs♣♦♥♠♧♢♡♤12])$", re.IGNORECASE)
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


_JOKER_RE = re.compile(r"^(?:jk|jo|joker)([12])$", re.IGNORECASE)


def normalize_word(word: str) -> str:
    """One typed word in canonical form when it is a card (``10h`` -> ``TH``, ``7♦`` -> ``7D``,
    ``Jk1`` -> ``X1``: a joker as the screen shows it)."""
    joker = _JOKER_RE.match(word)
    if joker:
        return "X" + joker.group(1)
    m = _CARD_RE.match(word)
    if not m:
        return word.lower()
    rank, suit = m.group(1).upper(), m.group(2)
    rank = "T" if rank == "10" else rank
    suit = _SUITS.get(suit, suit.upper())
    card = rank + suit
    return card if is_card_text(card) else word.lower()


def normalize_input(text: str) -> str:
    """Typed text with cards made canonical and spaces collapsed (a trailing space kept)."""
    words = text.split()
    out = " ".join(normalize_word(w) for w in words)
    if text.endswith(" ") and out:
        out += " "
    return out


def printable(text: str) -> str:
    """Text safe to echo: control characters shown as ``^X``, very long lines shortened."""
    out = []
    for ch in text[:200]:
        code = ord(ch)
        if code < 32 or code == 127:
            out.append("^" + chr(code ^ 64))
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            out.append("?")
        else:
            out.append(ch)
    return "".join(out) + ("..." if len(text) > 200 else "")


class MoveCompleter(Completer):
    """Completes exactly the legal moves; a bare card offers that card's moves."""

    def __init__(self, source: MoveSource, style: CardStyle | None = None) -> None:
        self.source = source
        self.style = style or CardStyle()

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        before = document.text_before_cursor
        typed = normalize_input(before.lstrip()).lower()
        moves = self.source()
        words = typed.split()
        card_only = len(words) == 1 and is_card_text(words[0].upper()) and not typed.endswith(" ")
        for text, meta in moves:
            low = text.lower()
            if low.startswith(typed) or (card_only and words[0] in low.split()[1:2]):
                yield Completion(
                    text,
                    start_position=-len(before),
                    display=self.style.words(text),
                    display_meta=meta,
                )


class GameIO(Protocol):
    """What a game session needs from its terminal."""

    console: Console
    interactive: bool

    def read(self, prompt: str) -> str:
        """One line of input; raises EOFError at end of input, KeyboardInterrupt on Ctrl-C."""
        ...

    def show(self, *items: RenderableType) -> None:
        """Print renderables (or one line of text)."""
        ...

    def clear(self) -> None:
        """Clear the screen (a no-op for plain output)."""
        ...

    def table(self, model: TableModel) -> None:
        """Show the table (the board, the recent events, the status line)."""
        ...

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        """Show a numbered list of moves (``moves``: the canonical text of each)."""
        ...

    def wait(self, view: RenderableType) -> None:
        """Show a screen and wait for Enter (hot-seat handoff); no-op for plain output."""
        ...

    def ask(self, question: str) -> str:
        """A one-off question outside the move prompt (no completion)."""
        ...

    def thinking(self, text: str) -> contextlib.AbstractContextManager[Any]:
        """A spinner while the AI thinks (nothing for plain output)."""
        ...

    def start_game(self, source: MoveSource, toolbar: Callable[[], str]) -> None:
        """A new game begins: a fresh prompt session with its completer and toolbar."""
        ...


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


class PlainIO:
    """Plain lines in and out: no colour, no cursor control, no pauses. The input is echoed."""

    interactive = False

    def __init__(self, console: Console, stream: IO[str] | None = None) -> None:
        self.console = console
        self.stream = stream if stream is not None else sys.stdin

    def read(self, prompt: str) -> str:
        line = self.stream.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        self.console.out(prompt + printable(line), highlight=False)
        return line

    def show(self, *items: RenderableType) -> None:
        # Tables pad their cells to the full width; a transcript should not carry that padding.
        for item in items:
            with self.console.capture() as captured:
                self.console.print(item)
            lines = captured.get().splitlines()
            self.console.file.write("".join(line.rstrip() + "\n" for line in lines))

    def clear(self) -> None:
        return None

    def table(self, model: TableModel) -> None:
        self.show(TableView(model))

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        self.show(view)

    def wait(self, view: RenderableType) -> None:
        return None

    def ask(self, question: str) -> str:
        return self.read(question + " ")

    def thinking(self, text: str) -> contextlib.AbstractContextManager[Any]:
        return contextlib.nullcontext()

    def start_game(self, source: MoveSource, toolbar: Callable[[], str]) -> None:
        return None


PT_STYLE = Style.from_dict(
    {
        "prompt": "bold ansigreen",
        "bottom-toolbar": "noreverse bg:#303030 #d0d0d0",
    }
)


class TerminalIO:
    """A real terminal: rich output and a prompt_toolkit session per game."""

    interactive = True

    def __init__(
        self,
        console: Console,
        style: CardStyle | None = None,
        *,
        pt_input: Input | None = None,
        pt_output: Output | None = None,
        color: bool = True,
    ) -> None:
        self.console = console
        self.style = style or CardStyle()
        self.pt_input = pt_input
        self.pt_output = pt_output
        self.color = color
        self.session: PromptSession[str] | None = None

    def _plain_session(self) -> PromptSession[str]:
        return PromptSession(
            input=self.pt_input,
            output=self.pt_output,
            style=PT_STYLE,
            color_depth=None if self.color else _mono(),
        )

    def start_game(self, source: MoveSource, toolbar: Callable[[], str]) -> None:
        self.session = PromptSession(
            history=InMemoryHistory(),
            completer=MoveCompleter(source, self.style),
            complete_while_typing=False,
            bottom_toolbar=lambda: FormattedText([("class:bottom-toolbar", toolbar())]),
            style=PT_STYLE,
            input=self.pt_input,
            output=self.pt_output,
            color_depth=None if self.color else _mono(),
            reserve_space_for_menu=6,
        )

    def read(self, prompt: str) -> str:
        if self.session is None:
            self.session = self._plain_session()
        return self.session.prompt(FormattedText([("class:prompt", prompt)]))

    def show(self, *items: RenderableType) -> None:
        for item in items:
            self.console.print(item)

    def clear(self) -> None:
        self.console.clear()

    def table(self, model: TableModel) -> None:
        self.clear()
        self.show(TableView(model))

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        self.show(view)

    def wait(self, view: RenderableType) -> None:
        self.clear()
        self.console.print(view)
        self._plain_session().prompt("")
        self.clear()

    def ask(self, question: str) -> str:
        return self._plain_session().prompt(question + " ")

    def flush_input(self) -> None:
        """Forget keys typed before now, so that a question is not answered by them: those
        prompt_toolkit read but did not use (its type-ahead) and those still in the tty.
        Only for the real terminal: an injected input (tests) is a script, read as written."""
        if self.pt_input is not None:
            return
        from prompt_toolkit.application.current import get_app_session
        from prompt_toolkit.input.typeahead import clear_typeahead

        clear_typeahead(get_app_session().input)
        with contextlib.suppress(Exception):  # termios.error is no OSError; no termios on Windows
            import termios

            if sys.stdin.isatty():
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        if self.console.is_terminal:
            with self.console.status(text):
                yield
        else:
            yield


def _mono() -> Any:
    from prompt_toolkit.output import ColorDepth

    return ColorDepth.MONOCHROME
