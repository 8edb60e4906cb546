"""The server's cheaper frames (``serve/limits/paint.py``): every byte a screen is sent is the
same as prompt_toolkit's own copy and diff send (game screens of two, three and four seats at
three sizes, keys, moves, the help over the board, a click on a card; the lobby; the replay);
a frame that changes one row copies no row cell by cell and diffs one row; a window keeps only
the rows of its last frame, its own, so two seats' screens never hold each other's rows."""

from __future__ import annotations

import asyncio
import random
import types
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Point, Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.mouse_events import MouseButton, MouseEvent, MouseEventType
from prompt_toolkit.output.vt100 import Vt100_Output

from cuttle import Game
from cuttle.play.state import Options, Seat, SessionState
from cuttle.serve.limits import paint
from cuttle.text.cardtext import CardStyle
from cuttle.text.helptext import help_view
from cuttle.text.render import TableModel
from cuttle.ui.app import AppIO
from cuttle.ui.overlay import Overlay
from cuttle.ui.screenstate import MSG, OVL

RULES = {2: "classic", 3: "classic+cutthroat", 4: "classic+teams"}
NAMES = ("Ann", "Bob", "Carol", "Dan")


class Terminal:
    """What a screen sent, frame by frame."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.sent: list[str] = []

    def write(self, data: str) -> int:
        self.sent.append(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no file")

    def take(self) -> str:
        out, self.sent = "".join(self.sent), []
        return out


@pytest.fixture
def installed() -> Iterator[None]:
    assert paint.install()
    try:
        yield
    finally:
        paint.uninstall()


def models(seats: int, viewer: int, count: int = 3) -> list[TableModel]:
    """A game in play as ``viewer`` sees it, one move apart."""
    g = Game.new(5, RULES[seats])
    moves: list[str] = []
    for _ in range(8 + count):
        legal = [str(m) for m in g.legal_moves()]
        pick = "draw" if "draw" in legal and len(moves) % 3 else next(
            (m for m in legal if m.startswith("points")), legal[0])
        g.play(pick)
        moves.append(pick)
    io = types.SimpleNamespace(interactive=True)
    return [
        SessionState(5, RULES[seats], tuple(Seat(n) for n in NAMES[:seats]), cast(Any, io),
                     Options(save=False), moves[:k]).model(viewer)
        for k in range(8, 8 + count)
    ]


def render(app: Application[Any], terminal: Terminal) -> str:
    """One frame, as the running screen draws it (on an event loop: the input line loads its
    history as a task)."""
    with set_app(app):
        app.render_counter += 1  # as ``Application._redraw`` draws a frame
        app.renderer.render(app, app.layout)
        app.layout.update_parents_relations()
    return terminal.take()


def output_to(terminal: Terminal, size: tuple[int, int]) -> Vt100_Output:
    """A terminal of ``size`` (columns, rows) writing to ``terminal``."""
    return Vt100_Output(cast(Any, terminal), lambda: Size(rows=size[1], columns=size[0]),
                        term="xterm-256color", enable_cpr=False)


def screen_at(terminal: Terminal, pipe: Any, size: tuple[int, int]) -> AppIO:
    """A game screen of ``size`` drawing to ``terminal``, its keys from ``pipe``."""
    return AppIO(CardStyle(), pt_input=pipe, pt_output=output_to(terminal, size))


def on_a_loop(test: Callable[..., Any]) -> Callable[..., Any]:
    """``test`` run on an event loop of its own."""

    def run(*args: Any, **kwargs: Any) -> Any:
        async def body() -> Any:
            return test(*args, **kwargs)

        return asyncio.run(body())

    return run


@on_a_loop
def game_frames(seats: int, size: tuple[int, int], viewer: int = 0) -> list[str]:
    """What a seat's screen sends for: its first table, the input line opened, two keys, the
    next move, the help over the board, a key under it, the help closed, a click on a card;
    and where each window's characters went."""
    tables = models(seats, viewer)
    terminal = Terminal()
    with create_pipe_input() as pipe:
        screen = screen_at(terminal, pipe, size)
        app = screen.app
        steps: list[Callable[[], None]] = [
            lambda: screen._set_table(tables[0]),
            lambda: screen._begin("read", f"{NAMES[viewer]}> "),
            lambda: screen.buffer.insert_text("z"),
            lambda: screen.buffer.insert_text("Z"),
            lambda: screen._set_table(tables[1]),
            lambda: screen.open_overlay(Overlay("Help", help_view(keys=True)), focus=True),
            lambda: screen.buffer.insert_text("q"),
            lambda: screen.close_overlay(),
            lambda: click_hand(screen),
            lambda: screen._set_table(tables[2]),
        ]
        frames = []
        for step in steps:
            step()
            screen.changed(None if step is steps[0] else (*MSG, *OVL, "board", "own",
                                                         "own-tiles"))
            frames.append(render(app, terminal))
        # where each window put each character (for clicks and the cursor), as a last "frame"
        frames.append(repr([
            sorted(w.render_info._rowcol_to_yx.items())
            for w in app.layout.find_all_windows() if w.render_info is not None
        ]))
    return frames


def click_hand(screen: AppIO) -> None:
    """A click on the first card of the hand, where the last frame drew it."""
    own = screen.layout.own_control
    window = next(w for w in screen.app.layout.find_all_windows() if w.content is own)
    info = window.render_info
    assert info is not None
    _, hand, first = screen.cache[(screen.layout._own_key(), screen.board_width())]
    row, x0, _ = hand.spots[0]
    y = info._y_offset + first + row - info.vertical_scroll
    x = info._x_offset + x0
    event = MouseEvent(Point(x=x, y=y), MouseEventType.MOUSE_UP, MouseButton.LEFT, frozenset())
    with set_app(screen.app):
        screen.app.renderer.mouse_handlers.mouse_handlers[y][x](event)
    assert screen.selected == 0


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
def test_a_game_screen_sends_the_same_bytes(seats: int, size: tuple[int, int]) -> None:
    paint.uninstall()  # a server started earlier in this process put them in place
    before = game_frames(seats, size)
    assert paint.install()
    try:
        after = game_frames(seats, size)
    finally:
        paint.uninstall()
    assert len(before) == len(after)
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        assert a == b, f"frame {i} differs"
    assert all(before[1:])  # every step changed something on the screen


@on_a_loop
def lobby_frames(size: tuple[int, int]) -> list[str]:
    """What a lobby sends: its first frame, a key, tables opened in the hall, the help opened
    (over the lists: a window that blanks its area), a key under it, the help closed."""
    from cuttle.serve.hall import Hall
    from cuttle.serve.keys import Login
    from cuttle.serve.lobby import Lobby

    hall = Hall(rng=random.Random(1))  # the same table numbers for both
    hall.open_table(Login("host0", "SHA256:host0"), "classic", 3)
    terminal = Terminal()
    with create_pipe_input() as pipe:
        lobby = Lobby(hall, Login("ann", "SHA256:annkey"), pipe, output_to(terminal, size))

        def more_tables() -> None:
            for n in range(1, 6):
                hall.open_table(Login(f"host{n}", f"SHA256:host{n}"), "classic", 2 + n % 3)

        def help_open(on: bool) -> None:
            lobby.help_open = on

        steps: list[Callable[[], None]] = [
            lambda: None,
            lambda: lobby.buffer.insert_text("join"),
            more_tables,
            lambda: help_open(True),
            lambda: lobby.buffer.insert_text(" 1"),
            lambda: help_open(False),
        ]
        return rendered(lobby.app, terminal, steps)


def rendered(app: Application[Any], terminal: Terminal,
             steps: list[Callable[[], None]]) -> list[str]:
    """What ``app`` sends after each of ``steps``."""
    frames = []
    for step in steps:
        step()
        frames.append(render(app, terminal))
    return frames


def with_and_without(frames: Callable[[], list[str]]) -> tuple[list[str], list[str]]:
    """What ``frames`` sends with prompt_toolkit's own paths, then with the server's."""
    paint.uninstall()  # a server started earlier in this process put them in place
    before = frames()
    assert paint.install()
    try:
        after = frames()
    finally:
        paint.uninstall()
    return before, after


@pytest.mark.parametrize("size", [(100, 30), (250, 80)])
def test_a_lobby_sends_the_same_bytes(size: tuple[int, int]) -> None:
    before, after = with_and_without(lambda: lobby_frames(size))
    assert before == after
    assert all(before)


def test_a_key_copies_no_row_again_and_diffs_only_its_rows(installed: None) -> None:
    on_a_loop(a_key_copies_no_row_again)()


def a_key_copies_no_row_again() -> None:
    tables = models(2, 0)
    terminal = Terminal()
    with create_pipe_input() as pipe:
        screen = screen_at(terminal, pipe, (100, 30))
        screen._set_table(tables[0])
        screen._begin("read", "Ann> ")
        screen.changed()
        render(screen.app, terminal)
        render(screen.app, terminal)  # the rows' positions, once asked, are kept too
        copied, rows = paint.counts["copied"], paint.counts["rows"]
        skipped = paint.counts["skipped"]
        screen.buffer.insert_text("z")
        screen.changed(MSG)
        sent = render(screen.app, terminal)
    assert "z" in sent
    assert paint.counts["copied"] == copied  # every row of the board and the log was kept
    assert paint.counts["rows"] - rows == 30
    assert paint.counts["skipped"] - skipped >= 28  # the input line (and the bar) diffed


def test_each_window_keeps_its_own_rows_of_its_last_frame(installed: None) -> None:
    """Two seats of one table: no row kept by one screen's windows is kept by the other's
    (a row shared would carry one seat's hand to the other), and a window keeps only what
    its last frame showed."""
    on_a_loop(own_rows)()


def own_rows() -> None:
    kept: list[dict[int, Any]] = []
    for viewer in (0, 1):
        tables = models(2, viewer)
        terminal = Terminal()
        with create_pipe_input() as pipe:
            screen = screen_at(terminal, pipe, (100, 30))
            screen._set_table(tables[0])
            screen.changed()
            render(screen.app, terminal)
            screen._set_table(tables[1])
            screen.changed()
            render(screen.app, terminal)
            rows: dict[int, Any] = {}
            for window in screen.app.layout.find_all_windows():
                mine = paint._KEPT.get(window, {})
                assert len(mine) <= (window.render_info.window_height
                                     if window.render_info else 0)
                rows.update({id(row): row for row in mine.values()})
            kept.append(rows)
            hand = tables[1].pos["hands"][viewer]
            assert hand
    shared = set(kept[0]) & set(kept[1])
    assert not shared


def test_install_refuses_a_diff_of_other_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    from prompt_toolkit import renderer

    def other(app: Any, output: Any, screen: Any) -> None:
        raise AssertionError("not called")

    monkeypatch.setattr(renderer, "_output_screen_diff", other)
    assert not paint.install()
    assert renderer._output_screen_diff is other
