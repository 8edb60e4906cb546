"""What one move costs the session does not grow with the game: each position dict and the legal
moves are built once per move and shared, and each log entry's text is taken once per viewer."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

from cuttle import Game
from cuttle.play.session import GameSession, Options, Seat
from cuttle.text.describe import LogEntry
from cuttle.text.render import TableModel

T = TypeVar("T")


class ScriptedScreen:
    """An interactive GameIO without a terminal: lines from a list, every table kept."""

    interactive = True
    menus = True

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.tables: list[TableModel] = []
        self.reads = 0

    def run(self, body: Callable[[], T]) -> T | None:
        return body()

    def size(self) -> tuple[int, int]:
        return 80, 24

    def read(self, prompt: str) -> str:
        self.reads += 1
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def ask(self, question: str) -> str:
        return "y"

    def table(self, model: TableModel) -> None:
        self.tables.append(model)

    def event(self, model: TableModel, own: bool) -> None:
        self.tables.append(model)

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield

    def wait(self, view: object) -> bool:
        return True  # the pass screen: Enter

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None  # message, panel, farewell...: nothing to keep


def count_calls(monkeypatch: pytest.MonkeyPatch, counts: Counter[str]) -> None:
    for cls, name in ((Game, "to_position"), (Game, "view"), (Game, "legal_moves"),
                      (LogEntry, "text_for")):
        orig = getattr(cls, name)

        def wrapped(self: Any, *args: Any, _orig: Any = orig, _name: str = name) -> Any:
            counts[_name] += 1
            return _orig(self, *args)

        monkeypatch.setattr(cls, name, wrapped)


def test_a_move_builds_each_position_once_and_the_log_text_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts: Counter[str] = Counter()
    count_calls(monkeypatch, counts)
    screen = ScriptedScreen(["draw"] * 60)
    session = GameSession(4, "classic", (Seat("Ann"), Seat("Bob")), screen, Options(save=False))
    session.run()
    plies = len(session.game.history)
    assert plies >= 40  # the deck ran out: the last draws were refused
    # hot-seat on a screen: per move, the whole position once (before and after are shared),
    # each player's view once, the legal moves once
    assert counts["to_position"] <= plies + 2
    assert counts["view"] <= 2 * (plies + 2)
    assert counts["legal_moves"] <= plies + 2
    # every table shows the whole log, yet each entry's text was taken once per viewer
    assert len(screen.tables[-1].events) == plies
    assert counts["text_for"] <= 2 * plies + 2
