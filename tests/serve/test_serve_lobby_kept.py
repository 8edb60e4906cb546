"""A lobby's lists are built once while nothing they show moves (issue 34 item 4: every frame
of a lobby, a key's echo among them, built the lists of tables and games again), and built again
as soon as the hall changes, the minutes shown move or the lobby's own lists change."""

from __future__ import annotations

import asyncio
import time

import pytest
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput
from rich.text import Text

from cuttle.serve import lobby as lobby_module
from cuttle.serve.hall import Hall
from cuttle.serve.keys import Login
from cuttle.serve.lobby import Lobby


def text_of(lines: list[list[tuple[str, str]]]) -> str:
    return "\n".join("".join(t for _, t in line) for line in lines)


class Now:
    def __init__(self) -> None:
        self.t = time.time()  # a table's ``since`` is the real clock's

    def __call__(self) -> float:
        return self.t


def test_the_lists_are_kept_until_the_hall_the_minutes_or_the_lobby_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = Now()
    monkeypatch.setattr(lobby_module.time, "time", now)

    async def scenario() -> None:
        h = Hall()
        h.open_table(Login("carol", "SHA256:carolkey"), "classic")
        ann = Lobby(h, Login("ann", "SHA256:annkey"), DummyInput(), DummyOutput())
        built: list[int] = []
        parts = ann._parts

        def counting(at: float | None = None) -> list[object]:
            built.append(1)
            return parts(at)  # type: ignore[return-value]

        monkeypatch.setattr(ann, "_parts", counting)
        first = ann._lines(100)
        assert ann._lines(100) is first and len(built) == 1  # a key typed: the lists kept
        ann._lines(80)
        assert len(built) == 2  # another width
        table = h.open_table(Login("dan", "SHA256:dankey"), "classic")
        assert table.id in text_of(ann._lines(100)) and len(built) == 3  # the hall changed
        ann._lines(100)
        assert len(built) == 3
        now.t += 61  # a minute later: "1 min"
        assert "1 min" in text_of(ann._lines(100)) and len(built) == 4
        ann.board = Text("the board of the best players")
        assert "the board of the best" in text_of(ann._lines(100)) and len(built) == 5
        h.close_table(table)
        assert table.id not in text_of(ann._lines(100))

    asyncio.run(scenario())
