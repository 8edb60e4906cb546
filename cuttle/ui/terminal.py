"""What a game session needs from its terminal (``GameIO``), the plain-text one, and typed input.

``GameIO`` is the protocol the session talks to: the full-screen app (``app.AppIO``) on a
terminal, ``PlainIO`` for pipes, scripts and ``TERM=dumb`` (one command per line in, plain text
out, through one injected rich ``Console``). Also here: the ``MoveCompleter`` (Tab completion of
exactly the legal moves, with a description each) and the normalising of typed cards.
"""

from __future__ import annotations

import contextlib
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable
from typing import IO, Any, Protocol

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
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
            # Lines are read whole here: there is no completion, so no word of Tab either.
            text = without_tab(captured.get())
            lines = text.splitlines()
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
