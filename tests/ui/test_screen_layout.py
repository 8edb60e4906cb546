"""``ScreenLayout``: the full screen drawn from its state at the usual sizes and too small (drawn
into rows of text with prompt_toolkit's own ``write_to_screen``), the arrangement picked, the
lines above the input, the status bar, a click on the hand, and the log drawn entry by entry,
once per width."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from rich.text import Text
from screenkit import SizedOutput, bare_screen, draw, table

from cuttle.text.cardtext import CardStyle
from cuttle.ui import layout as layout_module
from cuttle.ui.actions import ScreenActions
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import Overlay
from cuttle.ui.screen import MIN_HEIGHT, MIN_WIDTH
from cuttle.ui.screenstate import Step

MOVES = ["draw", "points 2D"]  # seed 1: Ann drew KS, Bob played 2D for points
ANNS_HAND = "A♥ 5♠ 9♠ 10♦ K♦ K♠"
BOBS_HAND = ("3♦", "3♠", "6♥", "8♦", "10♥")  # hidden from Ann


@pytest.fixture
def screen(request: pytest.FixtureRequest) -> Iterator[ScreenActions]:
    columns, rows = getattr(request, "param", (80, 24))
    with bare_screen(columns, rows) as st:
        st.tbl = table(0, MOVES)
        st.mode = "read"
        st.prompt = "Ann> "
        yield st


def rows_of(st: ScreenActions) -> list[str]:
    return draw(st.app, *st.screen_size())


def row_with(rows: list[str], text: str) -> int:
    return next(i for i, row in enumerate(rows) if text in row)


@pytest.mark.parametrize("screen", [(80, 24)], indirect=True)
def test_80x24_the_board_then_the_log_then_the_input_and_the_bar(screen: ScreenActions) -> None:
    rows = rows_of(screen)
    assert screen.layout.arrangement() == "narrow"
    assert len(rows) == 24 and all(len(r) <= 80 for r in rows)
    assert rows[0].startswith("Bob") and "score 2 / 21" in rows[0]
    hand = row_with(rows, ANNS_HAND)
    ann = row_with(rows, "Ann ◀")
    drew = row_with(rows, "• Ann drew K♠")
    played = row_with(rows, "• Bob played 2♦ for 2 points")
    assert hand < ann < drew < played < 22
    assert rows[22] == "Ann>"
    assert rows[23].startswith(" Ann: turn · Ann 0/21 · Bob 2/21") and "F1 help" in rows[23]
    for card in BOBS_HAND:  # hidden cards never leak
        assert not any(card in row for row in rows)


@pytest.mark.parametrize("screen", [(120, 40)], indirect=True)
def test_120x40_the_log_beside_the_board_and_the_hand_as_little_cards(
    screen: ScreenActions,
) -> None:
    rows = rows_of(screen)
    assert screen.layout.arrangement() == "wide"
    assert len(rows) == 40 and all(len(r) <= 120 for r in rows)
    log_col = 120 - screen.log_width()
    assert rows[0].startswith("Bob") and rows[0][log_col:].startswith("• Ann drew K♠")
    assert rows[1][log_col:].startswith("• Bob played 2♦")
    assert all(row[log_col - 1] == "│" for row in rows[:38])  # the bar between them
    hand = row_with(rows, "hand │A♥ ││5♠ │")  # a little card for each
    assert rows[hand - 1].lstrip().startswith("┌───┐")
    assert rows[38] == "Ann>" and rows[39].startswith(" Ann: turn")
    for card in BOBS_HAND:
        assert not any(card in row for row in rows)


@pytest.mark.parametrize("screen", [(MIN_WIDTH - 1, 24), (80, MIN_HEIGHT - 1)], indirect=True)
def test_too_small_says_so_and_keeps_the_input(screen: ScreenActions) -> None:
    rows = rows_of(screen)
    w, h = screen.screen_size()
    assert screen.layout.arrangement() == "small"
    assert rows[0].startswith(f"The terminal is {w}×{h}; cuttle needs at least")
    assert f"{MIN_WIDTH}×{MIN_HEIGHT}." in "".join(rows[:3])
    assert rows[h - 2] == "Ann>"
    assert not any("A♥" in row for row in rows)  # no board squeezed in


def test_too_small_in_ascii_draws_no_other_characters() -> None:
    with bare_screen(50, 12, style=CardStyle(ascii=True)) as st:
        st.tbl = table(0, MOVES)
        rows = rows_of(st)
    assert rows[0].startswith("The terminal is 50x12")
    assert all(row.isascii() for row in rows)


def test_a_window_takes_the_logs_place_or_the_whole_screen(screen: ScreenActions) -> None:
    screen.open_overlay(Overlay("Help", Text("Every command.")))
    assert screen.layout.arrangement() == "narrow+overlay"
    rows = rows_of(screen)
    title = row_with(rows, " Help (↑↓ PgUp/PgDn · Esc/q closes) ")
    assert row_with(rows, ANNS_HAND) < title < row_with(rows, "Every command.")
    screen.open_overlay(Overlay("Review", Text("the game again"), full=True))
    assert screen.layout.arrangement() == "overlay"
    assert not any(ANNS_HAND in row for row in rows_of(screen))
    screen.mode = "handoff"
    screen.handoff_view = Text("Pass the keyboard to Bob")
    assert screen.layout.arrangement() == "handoff"
    rows = rows_of(screen)
    assert rows[0] == "Pass the keyboard to Bob" and rows[-2] == "Enter>"
    assert "Hot-seat: pass the keyboard" in rows[-1]
    assert not any("A♥" in row for row in rows)


def test_a_menu_numbers_its_items_and_marks_the_one_selected() -> None:
    with bare_screen(120, 40) as st:
        st.tbl = table(0, MOVES)
        st.mode = "read"
        items = [("draw", "a card from the deck"), ("points 9♠", "9 points")]
        st.open_overlay(Overlay("Legal moves", items=items, picks=["draw", "points 9S"], index=1))
        assert st.layout.arrangement() == "wide+overlay"
        body = st.layout._overlay_body(40)
        assert isinstance(body, Text)
        assert body.plain.split("\n") == ["1 draw  a card from the deck", "2 points 9♠  9 points"]
        selected = [s.start for s in body.spans if "reverse" in str(s.style)]
        assert selected == [len("1 draw  a card from the deck\n")]
        assert "Legal moves (1-2 or ↑↓ Enter · Esc)" in "\n".join(rows_of(st))


def test_the_lines_above_the_input(screen: ScreenActions) -> None:
    layout = screen.layout
    assert layout.message_lines() == []
    screen.thinking_text = "Bob is thinking…"
    screen.messages = ["one", "two", "three", "four"]
    screen.note = "a note"
    lines = layout.message_lines()
    assert lines == [("two", ""), ("three", ""), ("four", ""), ("a note", "italic")]
    screen.messages = ["one"]
    assert layout.message_lines()[0] == ("Bob is thinking…", "bold yellow")
    screen.steps.append(Step(table(0, MOVES), own=False))
    screen.change_pace("step")
    assert layout.message_lines()[0] == (
        "Opponent's turn, step by step (Space: next · Esc: skip)", "bold yellow")
    assert layout.message_lines()[1:] == [("one", ""), ("a note", "italic")]


def test_the_status_bar_keeps_whose_turn_and_help_when_narrow(screen: ScreenActions) -> None:
    screen.output.size = screen.output.size._replace(columns=200)  # type: ignore[attr-defined]
    wide = screen.layout.status()[0][1]
    assert "Tab moves" in wide and "deck 40" in wide
    assert "seed" not in wide  # hot-seat: the seed is the whole deal
    screen.output.size = screen.output.size._replace(columns=30)  # type: ignore[attr-defined]
    narrow = screen.layout.status()[0][1]
    assert len(narrow) == 30
    assert "Ann: turn" in narrow and "F1 help" in narrow and "seed" not in narrow


def test_a_click_on_the_hand_picks_that_card(screen: ScreenActions) -> None:
    rows_of(screen)  # drawn once: the click reads where each card was drawn
    first = screen.cache[("own", 80)][2]
    picked: list[int] = []
    for x in range(80):
        screen.layout._click_hand(x, first)
        if screen.selected is not None and screen.selected not in picked:
            picked.append(screen.selected)
        rows_of(screen)  # drawn again after each click, as the app does
    assert picked == [0, 1, 2, 3, 4, 5]  # every card, left to right
    screen.mode = "idle"
    screen.selected = None
    screen.layout._click_hand(6, first)
    assert screen.selected is None  # only while the game waits for a move


def test_the_log_is_not_scrolled_past_its_first_line(screen: ScreenActions) -> None:
    screen.log_back = 1000
    assert screen.layout._log_scroll(30, 10) == 0
    assert screen.log_back == 20
    assert screen.layout._log_scroll(5, 10) == 0 and screen.log_back == 0


# -- the log drawn once per entry and width --------------------------------------------------


def counting(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the entries the layout draws (each ``log_text`` call draws one)."""
    drawn: Counter[str] = Counter()
    orig = layout_module.log_text

    def log_text(lines: list[str], *args: Any) -> Any:
        drawn.update(lines)
        return orig(lines, *args)

    monkeypatch.setattr(layout_module, "log_text", log_text)
    return drawn


def test_each_entry_is_drawn_once_per_width_however_often_the_log_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = counting(monkeypatch)
    moves = ["draw", "points 2D", "points 9S", "draw", "draw", "points 3D"]
    with bare_screen(80, 24) as st:
        st.mode = "read"
        for n in range(1, len(moves) + 1):  # the game goes on: one more entry each time
            st.tbl = table(0, moves[:n])
            st.changed()
            rows_of(st)
            rows_of(st)
        events = table(0, moves).events
        assert len(events) == 6 and set(drawn) == set(events)
        assert all(count == 1 for count in drawn.values()), drawn
        st.output.size = st.output.size._replace(columns=100)  # type: ignore[attr-defined]
        st.changed()
        rows_of(st)
        assert all(count == 2 for count in drawn.values())  # once more for the new width


def test_the_newest_entries_are_drawn_again_in_bold(monkeypatch: pytest.MonkeyPatch) -> None:
    with bare_screen(80, 24) as st:
        st.tbl = table(0, MOVES)
        plain = st.layout._log(80)
        st.fresh = 1
        st.forget()
        bold = st.layout._log(80)
        assert plain[0] is bold[0]  # the older entry: the same rows
        assert plain[-1] != bold[-1] and any("bold" in s for s, *_ in bold[-1])


def test_the_kept_entries_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layout_module, "MAX_ENTRIES", 3)
    with bare_screen(80, 24) as st:
        lay: ScreenLayout = st.layout
        for i in range(10):
            lay._entry_rows(f"entry {i}", 48, False)
            assert len(lay._entries) <= 3


def test_a_layout_draws_nothing_before_the_first_table() -> None:
    with bare_screen(80, 24) as st:
        assert st.layout._opp(80) is None and st.layout._own(80) is None
        rows = rows_of(st)
        assert "The log: every move of the game appears here." in "\n".join(rows)
        assert isinstance(st.output, SizedOutput)


def test_a_four_seat_status_bar_cut_at_80_ends_the_scores_with_an_ellipsis() -> None:
    """2v2 at 80 columns: the seats whose scores do not fit are cut with "…", never dropped
    without a sign (a reader would take the bar for the whole table)."""
    from scriptio import ScriptIO

    from cuttle.play.state import Options, Seat, SessionState

    seats = (Seat("You"), Seat("AI 1 (medium)", "medium"), Seat("Partner (medium)", "medium"),
             Seat("AI 2 (medium)", "medium"))
    s = SessionState(1, "classic+teams", seats, ScriptIO(interactive=True), Options(save=False))
    with bare_screen(80, 24) as st:
        st.tbl = s.model(0, status="")
        st.mode = "read"
        bar = st.layout.status()[0][1]
        assert len(bar) == 80
        named = [n for n in ("You", "AI 1 (medium)", "Partner (medium)", "AI 2 (medium)")
                 if f"{n} " in bar]
        assert len(named) == 4 or "…" in bar, bar
        assert "F1 help" in bar
