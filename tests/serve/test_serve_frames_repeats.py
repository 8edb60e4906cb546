"""A change of the screen already sent is sent again as the diff's bytes for it (issue 34 item 4:
twelve helps at 500x200 opened and closed ten times a second; ``serve/limits/repeats.py``), and
splits divide their space a round at a time (``serve/limits/sizing.py``): every frame is byte for
byte prompt_toolkit's own (the help toggled, a key under it, the lists under it changed, its
text changed, the size changed, the help scrolled on a game screen); a frame is never one kept
from another change."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from prompt_toolkit.data_structures import Point, Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.layout import containers
from prompt_toolkit.layout.containers import VSplit
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.screen import Char, Screen
from prompt_toolkit.output import DummyOutput
from test_serve_frames_paint import (
    Terminal,
    installed,  # noqa: F401 - a fixture
    models,
    on_a_loop,
    output_to,
    rendered,
    screen_at,
    with_and_without,
)

from cuttle.serve.hall import Hall
from cuttle.serve.keys import Login
from cuttle.serve.limits import repeats, sizing
from cuttle.serve.lobby import Lobby
from cuttle.text.helptext import help_view
from cuttle.ui.overlay import Overlay


def both(frames: Callable[[], list[str]]) -> tuple[list[str], list[str], int]:
    """``with_and_without(frames)``, and how many changes the server's paths sent again."""
    sent = repeats.counts["sent"]
    before, after = with_and_without(frames)
    return before, after, repeats.counts["sent"] - sent


@on_a_loop
def toggled_lobby(size: tuple[int, int]) -> list[str]:
    """A lobby whose help is opened and closed again and again, with changes between: a key
    typed under the help, tables opened under it, the help's own text changed (its invitation
    line), the window made narrower."""
    hall = Hall(rng=random.Random(1))
    hall.open_table(Login("host0", "SHA256:host0"), "classic", 3)
    terminal = Terminal()
    width = [size[0]]
    with create_pipe_input() as pipe:
        output = output_to(terminal, size)
        output.get_size = lambda: Size(rows=size[1], columns=width[0])
        lobby = Lobby(hall, Login("ann", "SHA256:annkey"), pipe, output)

        def toggle() -> None:
            lobby.help_open = not lobby.help_open

        def more_tables() -> None:
            for n in range(1, 4):
                hall.open_table(Login(f"host{n}", f"SHA256:host{n}"), "classic", 2 + n % 3)

        def invite() -> None:
            lobby.invite = "ssh -t -p 2222 cuttle.example"

        def narrower() -> None:
            width[0] -= 7

        steps = [
            lambda: None, toggle, toggle, toggle, toggle,  # open, closed, open (again), closed
            toggle, lambda: lobby.buffer.insert_text("j"), toggle, toggle,  # a key under it
            more_tables, toggle, toggle,  # the lists under it changed
            invite, toggle, toggle, toggle,  # its text changed, then the same again
            narrower, toggle, toggle, toggle,  # another width
        ]
        return rendered(lobby.app, terminal, steps)


@pytest.mark.parametrize("size", [(100, 30), (500, 200)])
def test_a_help_toggled_sends_prompt_toolkits_bytes(size: tuple[int, int]) -> None:
    before, after, sent = both(lambda: toggled_lobby(size))
    assert before == after
    assert all(before[1:])  # every step changed the screen
    assert sent >= 3  # the help opened and closed again, sent as kept


@on_a_loop
def scrolled_help() -> list[str]:
    """A game screen's help over the board opened, paged down, closed, opened and paged down
    again, paged up: the same rows at another scroll are another change."""
    tables = models(2, 0)
    terminal = Terminal()
    with create_pipe_input() as pipe:
        screen = screen_at(terminal, pipe, (80, 24))
        steps: list[Callable[[], None]] = [
            lambda: screen._set_table(tables[0]),
            lambda: screen.open_overlay(Overlay("Help", help_view(keys=True)), focus=True),
            lambda: screen.page_overlay(1),
            lambda: screen.close_overlay(),
            lambda: screen.open_overlay(Overlay("Help", help_view(keys=True)), focus=True),
            lambda: screen.page_overlay(1),
            lambda: screen.page_overlay(-1),
            lambda: screen.page_overlay(1),
        ]

        def then_changed(step: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                step()
                screen.changed()
            return run

        return rendered(screen.app, terminal, [then_changed(step) for step in steps])


def test_a_scrolled_help_sends_prompt_toolkits_bytes() -> None:
    before, after, sent = both(scrolled_help)
    assert before == after
    assert len(set(before[2:])) > 2  # paging showed other rows
    assert sent >= 1


BLANKS = {x: Char(" ", "class:frame") for x in range(1, repeats.MIN_CELLS + 1)}


def change(rows: dict[int, dict[int, Char]], before: dict[int, dict[int, Char]],
           state: tuple[Any, ...] = (Point(0, 0),),
           caches: tuple[object, ...] = ()) -> repeats.Change:
    """A change of rows ``before`` -> ``rows``, each after a row of blanks (a change of fewer
    than ``MIN_CELLS`` cells is not kept)."""
    screen, previous = Screen(), Screen()
    for y, row in rows.items():
        screen.data_buffer[y].update(row)
    for y, row in before.items():
        previous.data_buffer[y].update(row)
    screen.data_buffer[0].update(BLANKS)
    return repeats.Change(screen, previous, [0, *sorted(set(rows) | set(before))], state,
                          caches)


def test_a_change_is_the_same_only_when_every_cell_and_state_is() -> None:
    a, b, c = Char("a", ""), Char("b", ""), Char("a", "bold")
    cache = {}
    base = change({1: {0: a}}, {1: {0: b}}, caches=(cache,))
    assert base.same(change({1: {0: Char("a", "")}}, {1: {0: b}}, caches=(cache,)))
    assert not base.same(change({1: {0: c}}, {1: {0: b}}, caches=(cache,)))  # a style
    assert not base.same(change({1: {0: a}}, {1: {0: a}}, caches=(cache,)))  # what it was
    assert not base.same(change({2: {0: a}}, {2: {0: b}}, caches=(cache,)))  # another row
    assert not base.same(change({1: {0: a, 5: a}}, {1: {0: b}}, caches=(cache,)))
    assert not base.same(change({1: {0: a}}, {1: {0: b}}, (Point(3, 0),), (cache,)))
    assert not base.same(change({1: {0: a}}, {1: {0: b}}, caches=({},)))  # another theme


@pytest.mark.usefixtures("installed")
def test_a_change_sent_again_writes_what_the_diff_wrote() -> None:
    terminal = Terminal()
    output = output_to(terminal, (80, 24))
    first = change({1: {0: Char("a", "")}}, {1: {0: Char("b", "")}})

    def diff() -> tuple[Any, str | None]:
        output.write_raw("\x1b[2;1Ha")
        output.hide_cursor()
        return Point(1, 1), "x"

    assert repeats.send(output, first, diff) == (Point(1, 1), "x")
    output.flush()
    written = terminal.take()
    output.show_cursor()
    output.flush()
    terminal.take()
    again = change({1: {0: Char("a", "")}}, {1: {0: Char("b", "")}})
    assert repeats.send(output, again, lambda: pytest.fail("drawn again")) == (Point(1, 1), "x")
    output.flush()
    assert terminal.take() == written
    assert output._cursor_visible is False  # as the diff left it
    other = change({1: {0: Char("c", "")}}, {1: {0: Char("b", "")}})
    drawn: list[int] = []
    repeats.send(output, other, lambda: (drawn.append(1), (Point(0, 0), None))[1])
    assert drawn == [1]


def test_only_the_last_changes_are_kept_and_no_big_one() -> None:
    output = output_to(Terminal(), (80, 24))
    changes = [change({1: {0: Char(ch, "")}}, {}) for ch in "abc"]
    for one in changes:
        repeats.send(output, one, lambda: (Point(0, 0), None))
    drawn: list[int] = []
    repeats.send(output, change({1: {0: Char("a", "")}}, {}),
                 lambda: (drawn.append(1), (Point(0, 0), None))[1])
    assert drawn == [1]  # "a" was the oldest of three: no longer kept
    big = change({y: {x: Char("x", "") for x in range(500)} for y in range(100)}, {})
    assert big.cells > repeats.MAX_CELLS
    repeats.forget(output)
    repeats.send(output, big, lambda: (Point(0, 0), None))
    assert repeats._SENT.get(output) in (None, [])
    repeats.send(output, changes[1], lambda: (Point(0, 0), None))
    dummy = DummyOutput()
    repeats.send(dummy, changes[0], lambda: (Point(0, 0), None))
    repeats.send(dummy, changes[0], lambda: (drawn.append(2), (Point(0, 0), None))[1])
    assert drawn == [1, 2]  # an output whose buffer is not known: always the diff
    small = Screen()
    small.data_buffer[3][0] = Char("k", "")
    key = repeats.Change(small, Screen(), [3], (), ())
    for _ in range(2):  # a key typed: drawn by the diff, and the help still kept
        repeats.send(output, key, lambda: (drawn.append(3), (Point(0, 0), None))[1])
    assert drawn == [1, 2, 3, 3]
    repeats.send(output, changes[1], lambda: pytest.fail("drawn again"))


class Column:
    """A child of a split of the given width."""

    def __init__(self, dimension: Dimension) -> None:
        self.dimension = dimension

    def preferred_width(self, width: int) -> Dimension:
        return self.dimension


def split_of(dimensions: list[Dimension]) -> Any:
    return type("Split", (), {"_all_children": [Column(d) for d in dimensions]})()


def test_splits_divide_their_width_as_prompt_toolkit_does() -> None:
    original = VSplit._divide_widths
    sizing.uninstall()
    rng = random.Random(34)
    for _ in range(3000):
        dimensions = []
        for _ in range(rng.randint(1, 6)):
            least = rng.choice([0, 0, 1, 2, rng.randint(0, 50)])
            preferred = least + rng.choice([0, 1, rng.randint(0, 100)])
            most = preferred + rng.choice([0, 3, rng.randint(0, 300), 10**9])
            weight = rng.choice([1, 1, 2, 3, rng.randint(1, 7)])
            dimensions.append(Dimension(min=least, preferred=preferred, max=most,
                                        weight=weight))
        width = rng.randint(0, 600)
        split = split_of(dimensions)
        assert sizing.divide_widths(split, width) == original(split, width), (dimensions, width)


@pytest.mark.usefixtures("installed")
def test_a_frame_at_500_columns_takes_no_turn_per_column(monkeypatch: pytest.MonkeyPatch) -> None:
    turns = [0]

    def counted(items: list[int], weights: list[int]) -> Iterator[int]:
        for item in take(items, weights):
            turns[0] += 1
            yield item

    take = containers.take_using_weights
    monkeypatch.setattr(containers, "take_using_weights", counted)
    monkeypatch.setattr(sizing, "take_using_weights", counted)
    sizing.period.cache_clear()
    split = split_of([Dimension.exact(1), Dimension(), Dimension.exact(1)])  # a frame's row
    assert VSplit._divide_widths(split, 500) == [1, 498, 1]
    assert turns[0] < 10
