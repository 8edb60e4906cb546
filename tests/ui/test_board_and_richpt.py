"""The full screen's pieces on their own: rich drawn into prompt_toolkit (``richpt``), the board
cut into regions (``screen``), the windows over it (``overlay``) and the keys (``appkeys``)."""

from __future__ import annotations

from io import StringIO

from appdriver import Output80x24
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout.controls import UIContent
from prompt_toolkit.mouse_events import MouseButton, MouseEvent, MouseEventType
from rich.console import Console, RenderableType
from rich.style import Style
from rich.text import Text

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.tablemodel import game_model
from cuttle.ui.app import AppIO
from cuttle.ui.appkeys import build_keys
from cuttle.ui.overlay import STYLE, Overlay
from cuttle.ui.richpt import RichControl, pt_style, rich_lines
from cuttle.ui.screen import MIN_HEIGHT, MIN_WIDTH, Board, log_text, too_small

NAMES = ("You", "AI")


def plain(line: StyleAndTextTuples) -> str:
    return "".join(frag[1] for frag in line)


def drawn(renderable: RenderableType, width: int = 80) -> str:
    console = Console(width=width, file=StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


# -- richpt ------------------------------------------------------------------------------------
def test_rich_styles_become_prompt_toolkit_styles() -> None:
    assert pt_style(None) == ""
    assert pt_style(Style(color="red", bold=True)) == "fg:ansired bold"
    assert pt_style(Style(color="#123456", bgcolor="bright_blue")) == "fg:#123456 bg:ansibrightblue"
    assert pt_style(Style(dim=True)) == "fg:#8a8a8a"  # prompt_toolkit has no dim: grey instead
    assert pt_style(Style(italic=True, underline=True, reverse=True, strike=True)) == (
        "italic underline reverse strike")
    assert pt_style(Style(color="default")) == ""


def test_rich_lines_lay_out_at_the_width_without_trailing_blank_rows() -> None:
    text = Text("alpha beta gamma delta", style="bold")
    lines = rich_lines(text, 11)
    assert [plain(line).rstrip() for line in lines] == ["alpha beta", "gamma delta"]
    assert all(frag[0] == "bold" for line in lines for frag in line if frag[1].strip())
    assert rich_lines(Text("x\n\n\n"), 10) == [[("", "x")]]
    assert rich_lines(Text("wide"), 0)  # a zero-wide window still gets its text, one column


def test_a_rich_control_draws_at_its_window_width_and_keeps_the_drawing_while_unchanged() -> None:
    calls: list[int] = []
    text = Text("one two three four")

    def get(width: int) -> Text:
        calls.append(width)
        return text

    control = RichControl(get, scroll=lambda count, height: max(0, count - height))
    content: UIContent = control.create_content(9, 1)
    assert content.line_count == 1 and plain(content.get_line(0)).strip() == "four"
    assert control.lines(9) is control.lines(9)  # same renderable, same width: drawn once
    assert control.preferred_height(9, 10, False, None) == 3
    assert control.lines(40) != control.lines(9)


def test_a_rich_control_passes_the_wheel_and_clicks_on() -> None:
    wheel: list[int] = []
    clicks: list[tuple[int, int]] = []
    control = RichControl(lambda w: Text("x"), on_wheel=wheel.append,
                          on_click=lambda x, y: clicks.append((x, y)))

    def event(kind: MouseEventType) -> MouseEvent:
        return MouseEvent(Point(x=3, y=1), kind, MouseButton.LEFT, frozenset())

    assert control.mouse_handler(event(MouseEventType.SCROLL_DOWN)) is None
    assert control.mouse_handler(event(MouseEventType.SCROLL_UP)) is None
    assert control.mouse_handler(event(MouseEventType.MOUSE_UP)) is None
    assert wheel == [3, -3] and clicks == [(3, 1)]
    assert RichControl(lambda w: None).mouse_handler(event(MouseEventType.MOUSE_UP)) is (
        NotImplemented)
    assert RichControl(lambda w: None).lines(10) == []


# -- screen ------------------------------------------------------------------------------------
def test_the_board_shows_your_hand_and_hides_the_opponents() -> None:
    g = Game.new(seed=4)
    model = game_model(g, 0, NAMES, CardStyle(ascii=True))
    board = Board(model, 80)
    own, layout, first_row = board.own()
    hand = board.hand(0)
    shown = hand.text.plain
    for card in model.pos["hands"][0]:
        assert CardStyle(ascii=True).plain(card) in shown
    assert len(hand.spots) == len(model.pos["hands"][0])
    row, start, end = hand.spots[0]
    assert hand.index_at(start, row) == 0 and hand.index_at(end + 50, row) is None
    opponent = drawn(board.opponent())
    assert "AI" in opponent and "hand ## ## ## ## ## ##" in opponent  # backs, not faces
    assert not any(CardStyle(ascii=True).plain(c) in opponent for c in g.to_position()["hands"][1])
    assert first_row == 1


def test_a_long_hand_wraps_and_a_narrow_board_still_fits() -> None:
    g = Game.new(seed=4)
    model = game_model(g, 1, NAMES, CardStyle(ascii=True))  # the dealer: six cards
    narrow = Board(model, 20).hand(1)
    assert len(narrow.text.plain.split("\n")) > 1
    assert all(len(line) <= 20 for line in narrow.text.plain.split("\n"))
    tiles = Board(model, 80).hand(1, tiles=True)
    assert tiles.tall == 3 and "+---+" in tiles.text.plain


def test_the_log_marks_the_newest_lines_and_a_small_terminal_is_told_why() -> None:
    log = drawn(log_text(["first", "second", "third"], 40, 1, ascii_only=True), 40)
    assert [line.rstrip() for line in log.splitlines()] == ["- first", "- second", "- third"]
    message = too_small(40, 10, CardStyle(ascii=True)).plain
    assert f"{MIN_WIDTH}x{MIN_HEIGHT}" in message and "40x10" in message


# -- overlay and keys --------------------------------------------------------------------------
def test_an_overlay_is_a_menu_only_when_it_has_picks() -> None:
    assert not Overlay("Rules", body=Text("...")).menu
    assert Overlay("Moves", items=[("draw", "")], picks=["draw"]).menu
    assert STYLE.get_attrs_for_style_str("class:prompt").bold


def test_the_play_screen_binds_the_keys_of_the_help_table() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(CardStyle(), pt_input=pipe, pt_output=Output80x24())
        keys = build_keys(io)
    bound = {k for b in keys.bindings for k in b.keys}
    for key in (Keys.ControlM, Keys.Escape, Keys.PageUp, Keys.PageDown, Keys.F2, Keys.Up,
                Keys.Down, "q", "?"):
        assert key in bound, key
