"""A table's frames for less: the board's drawings are kept while the table they were drawn
from is unchanged (``ui/layout.ScreenLayout._keep``), so a frame that redraws the screen for
something else (the next table handed over while another's move is told step by step, the
same table again) builds no board, walks no shape and lays nothing out again; and what is
drawn is the same as a screen drawing that state afresh."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from test_serve_frames_paint import NAMES, Terminal, models, on_a_loop, render, screen_at

from cuttle.text.render import TableModel
from cuttle.ui import screen as screen_module
from cuttle.ui.app import AppIO
from cuttle.ui.layout import board_key
from cuttle.ui.richpt import rich_lines
from cuttle.ui.screen import Board
from cuttle.ui.screenstate import Step


@pytest.fixture
def boards(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many boards the screens build."""
    built: list[int] = []
    init = Board.__init__

    def counted(self: Board, *args: Any, **kwargs: Any) -> None:
        built.append(1)
        init(self, *args, **kwargs)

    monkeypatch.setattr(screen_module.Board, "__init__", counted)
    yield built


def reworded(model: TableModel) -> TableModel:
    """The same table with another status, footer, log and actor (none of it on the board)."""
    return dataclasses.replace(model, status="Bob to move…", footer="a notice",
                               events=[*model.events, "one more line"], actor=1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_what_the_board_is_drawn_from_is_its_key(seats: int) -> None:
    """Every region of the board, at every width and arrangement, is the same for two tables
    of equal ``board_key``: the key leaves out nothing the board shows."""
    for viewer in range(seats):
        for model in models(seats, viewer):
            other = reworded(model)
            assert board_key(other) == board_key(model)
            for width in (56, 64, 100, 147):
                for selected in (None, 0):
                    a, b = Board(model, width, selected), Board(other, width, selected)
                    for draw in (lambda x: x.opponent(), lambda x: x.opponent(roomy=True),
                                 lambda x: x.middle(), lambda x: x.own()[0],
                                 lambda x: x.own(True)[0]):
                        assert rich_lines(draw(a), width) == rich_lines(draw(b), width)
    model = models(seats, 0)[0]
    for change in ({"highlight": frozenset({"AS"})}, {"seed": 3}, {"viewer": 1},
                   {"names": ("X", *model.names[1:])}, {"bottom_seat": 1}):
        assert board_key(dataclasses.replace(model, **change)) != board_key(model)


def cells(screen: AppIO) -> list[list[tuple[str, str]]]:
    """What the screen shows now, cell by cell (the last frame's)."""
    shown = screen.app.renderer._last_screen
    assert shown is not None
    size = screen.app.output.get_size()
    return [[(c.char, c.style) for x in range(size.columns)
             for c in [shown.data_buffer[y][x]]] for y in range(size.rows)]


@on_a_loop
def table_during_a_step(seats: int, size: tuple[int, int], boards: list[int]
                        ) -> tuple[int, str, Any, Any]:
    """A seat's screen telling another's move step by step is handed the next table (as
    ``Match.table`` does at once): the boards built for that frame, what it sent, and the
    screen next to one that was handed the same step and table at once."""
    tables = models(seats, 1)
    step_model = dataclasses.replace(tables[1], actor=0)
    next_table = reworded(tables[1])
    with create_pipe_input() as pipe:
        terminal = Terminal()
        screen = screen_at(terminal, pipe, size)
        screen._set_table(tables[0])
        screen._begin("read", f"{NAMES[1]} (waiting)> ")
        screen.changed()
        render(screen.app, terminal)
        screen._add_step(Step(step_model, own=False))
        screen.changed()
        render(screen.app, terminal)
        built = len(boards)
        screen._set_table(next_table)
        screen.changed()  # a table handed over: every drawing may be stale
        sent = render(screen.app, terminal)
        built = len(boards) - built
        if screen.timer is not None:
            screen.timer.cancel()
        fresh_terminal = Terminal()
        fresh = screen_at(fresh_terminal, pipe, size)
        fresh._set_table(tables[0])
        fresh._begin("read", f"{NAMES[1]} (waiting)> ")
        fresh._add_step(Step(step_model, own=False))
        fresh._set_table(next_table)
        fresh.changed()
        render(fresh.app, fresh_terminal)
        if fresh.timer is not None:
            fresh.timer.cancel()
        return built, sent, cells(screen), cells(fresh)



@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
def test_a_table_handed_over_during_a_step_builds_no_board_again(
    boards: list[int], seats: int, size: tuple[int, int]
) -> None:
    built, sent, kept, fresh = table_during_a_step(seats, size, boards)
    assert built == 0  # the step on screen is the same table: nothing drawn again
    assert kept == fresh  # and the screen is what a screen drawing it afresh shows
    assert "(waiting)" not in sent  # nothing on it changed: nothing but the cursor sent


@on_a_loop
def same_table_twice(seats: int, boards: list[int]) -> tuple[int, Any, Any]:
    """A table, then the same table with another status and log (``Match.table`` hands every
    seat a new one after each move): the boards built, the screen and a fresh one's."""
    tables = models(seats, 0)
    with create_pipe_input() as pipe:
        terminal = Terminal()
        screen = screen_at(terminal, pipe, (100, 30))
        screen._set_table(tables[0])
        screen.changed()
        render(screen.app, terminal)
        built = len(boards)
        screen._set_table(reworded(tables[0]))
        screen.changed()
        render(screen.app, terminal)
        built = len(boards) - built
        fresh_terminal = Terminal()
        fresh = screen_at(fresh_terminal, pipe, (100, 30))
        fresh._set_table(reworded(tables[0]))
        fresh.changed()
        render(fresh.app, fresh_terminal)
        return built, cells(screen), cells(fresh)


@pytest.mark.parametrize("seats", [2, 4])
def test_the_same_board_again_is_not_built_again(boards: list[int], seats: int) -> None:
    built, kept, fresh = same_table_twice(seats, boards)
    assert built == 0
    assert kept == fresh
