"""A rich control keeps its drawing while the renderable it is given draws the same, even when
it is a new object each time (the lobby builds its tables anew for every frame)."""

from __future__ import annotations

import pytest
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.style import Style
from rich.table import Table
from rich.text import Text

from cuttle.ui import richpt
from cuttle.ui.richpt import RichControl, rich_lines, shape


def lobby_like(cell: str = "alice", style: str = "bold", title: str = "Open tables") -> Group:
    table = Table(title=title, title_justify="left")
    for col in ("id", "who waits"):
        table.add_column(col)
    table.add_row("7", cell)
    return Group(Text("No game is being played.", style=style), table)


def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []

    def draw(renderable: RenderableType, width: int) -> list[richpt.StyleAndTextTuples]:
        calls.append(width)
        return rich_lines(renderable, width)

    monkeypatch.setattr(richpt, "rich_lines", draw)
    return calls


def test_a_new_renderable_that_draws_the_same_is_not_laid_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = counted(monkeypatch)
    made: dict[str, str] = {"cell": "alice", "style": "bold", "title": "Open tables"}
    control = RichControl(lambda width: lobby_like(**made))
    first = control.lines(60)
    assert control.lines(60) == first and control.lines(60) == first
    assert calls == [60]
    for change in ({"cell": "bob"}, {"style": "italic"}, {"title": "Tables"}):
        made.update(change)
        assert control.lines(60) == rich_lines(lobby_like(**made), 60)
    assert calls == [60, 60, 60, 60]
    control.lines(40)
    assert calls[-1] == 40


def test_equal_drawings_have_equal_shapes_and_unknown_renderables_none() -> None:
    assert shape(lobby_like()) == shape(lobby_like())
    assert shape(lobby_like("bob")) != shape(lobby_like())
    assert shape(Text("a", style=Style(bold=True))) != shape(Text("a", style=Style(dim=True)))
    spans = Text("ab")
    spans.stylize("red", 0, 1)
    assert shape(spans) != shape(Text("ab"))
    assert shape(Rule("x")) is None and shape(Group(Text("a"), Rule("x"))) is None


def test_an_unknown_renderable_is_drawn_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counted(monkeypatch)
    control = RichControl(lambda width: Rule("x"))
    control.lines(30)
    control.lines(30)
    assert calls == [30, 30]


def test_screens_that_show_what_is_public_draw_it_once_for_the_whole_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server's many sessions opening the same help (or replaying the same finished frame) at
    one size lay it out once; a control showing something private never uses the shared cache."""
    from cuttle.serve.drawings import Drawings
    from cuttle.text.helptext import help_view

    assert shape(help_view()) is not None and shape(help_view()) != shape(help_view(keys=True))
    shared = Drawings()
    monkeypatch.setattr(richpt, "SHARED", [shared])
    public = [RichControl(lambda w: help_view(), shared=lambda: True) for _ in range(12)]
    for control in public:
        assert control.lines(500) == rich_lines(help_view(), 500)
    assert (shared.misses, shared.hits) == (1, 11)
    private = RichControl(lambda w: lobby_like("bob"), shared=lambda: False)
    private.lines(120)
    unmarked = RichControl(lambda w: lobby_like("carol"))
    unmarked.lines(120)
    assert (shared.misses, shared.hits) == (1, 11) and len(shared.cache) == 1

