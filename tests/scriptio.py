"""A ``GameIO`` without a terminal for the session's own tests: it answers from a list and keeps
everything the session hands it (messages, windows, tables, lists of moves, the pace), so a test
reads what the session said instead of a transcript."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TypeVar

from rich.console import RenderableType

from cuttle.files.storage import GameRecord
from cuttle.play.io import GameIO, MoveSource
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import GameOverView, MoveListView, TableModel

T = TypeVar("T")


class ScriptIO:
    """Lines and answers from lists; every call the session makes kept in order."""

    def __init__(
        self,
        lines: list[str] | None = None,
        answers: list[str] | None = None,
        interactive: bool = False,
        menus: bool = False,
    ) -> None:
        self.interactive = interactive
        self.menus = menus
        self.lines = list(lines or [])
        self.answers = list(answers or [])
        self.messages: list[str] = []
        self.panels: list[tuple[str, RenderableType]] = []
        self.tables: list[TableModel] = []
        self.events: list[tuple[TableModel, bool]] = []
        self.moves_shown: list[tuple[MoveListView, list[str]]] = []
        self.questions: list[str] = []
        self.farewells: list[list[str]] = []
        self.paces: list[str] = []
        self.waits = 0

    def run(self, body: Callable[[], T]) -> T | None:
        return body()

    def size(self) -> tuple[int, int]:
        return 80, 24

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def ask(self, question: str) -> str:
        self.questions.append(question)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def flush_input(self) -> None:
        return None

    def message(self, text: str) -> None:
        self.messages.append(text)

    def panel(self, title: str, body: RenderableType) -> None:
        self.panels.append((title, body))

    def table(self, model: TableModel) -> None:
        self.tables.append(model)

    def event(self, model: TableModel, own: bool) -> None:
        self.events.append((model, own))

    def show_moves(self, view: MoveListView, moves: list[str]) -> None:
        self.moves_shown.append((view, moves))

    def wait(self, view: RenderableType) -> bool:
        self.waits += 1
        return True  # Enter: passed

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield

    def start_game(self, source: MoveSource) -> None:
        return None

    def game_over(self, view: GameOverView) -> None:
        return None

    def farewell(self, lines: list[str]) -> None:
        self.farewells.append(lines)

    def record_kept(self, lines: list[str]) -> None:
        self.farewells.append(lines)

    def offer_review(self, record: GameRecord, where: str, later: str | None) -> None:
        return None

    def set_pace(self, pace: str) -> None:
        self.paces.append(pace)

    def set_style(self, style: CardStyle) -> None:
        return None

    def said(self) -> str:
        """Every message so far, one a line."""
        return "\n".join(self.messages)


def as_gameio(io: ScriptIO) -> GameIO:
    """The fake as the protocol it stands for (mypy checks that it is one)."""
    return io
