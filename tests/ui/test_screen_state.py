"""``ScreenState``: what the full screen shows now (the step being told, the table with its
marks, the hand), its sizes, and the drawings it keeps until the regions showing a change are
forgotten."""

from __future__ import annotations

from prompt_toolkit.data_structures import Size
from screenkit import SizedOutput, table

from cuttle.text.cardtext import CardStyle
from cuttle.ui.screen import MIN_HEIGHT, MIN_WIDTH, SIDE_LOG
from cuttle.ui.screenstate import HAND, MSG, NOTHING, OVL, PACES, ScreenState, Step


def state(columns: int = 80, rows: int = 24, pace: str = "normal") -> ScreenState:
    return ScreenState(CardStyle(), pace, SizedOutput(columns, rows))


def test_the_pace_is_one_the_setting_takes() -> None:
    assert set(PACES) == {"step", "normal", "fast"}
    for pace in PACES:
        assert state(pace=pace).pace == pace
    assert state(pace="warp").pace == "normal"


def test_the_sizes_follow_the_terminal() -> None:
    out = SizedOutput(80, 24)
    st = ScreenState(CardStyle(), "normal", out)
    assert st.screen_size() == (80, 24)
    assert st.big_enough() and not st.wide() and st.board_width() == 80
    out.size = Size(rows=40, columns=SIDE_LOG)
    assert st.wide() and st.log_width() == 48
    assert st.board_width() == SIDE_LOG - 48 - 1  # the board beside the log and its bar
    out.size = Size(rows=40, columns=200)
    assert st.log_width() == 70  # the log grows no wider
    for columns, rows in ((MIN_WIDTH - 1, 40), (120, MIN_HEIGHT - 1)):
        out.size = Size(rows=rows, columns=columns)
        assert not st.big_enough()
    out.size = Size(rows=MIN_HEIGHT, columns=MIN_WIDTH)
    assert st.big_enough()


def test_nothing_on_screen_before_the_first_table() -> None:
    st = state()
    assert st.shown() is None and st.current_step() is None and st.hand() == []


def test_the_step_told_is_the_oldest_one_for_the_viewer_shown() -> None:
    st = state()
    st.tbl = table(0, ["draw"])
    for_bob = Step(table(1, ["draw"]), own=False)
    first = Step(table(0, ["draw"]), own=False)
    second = Step(table(0, ["draw", "points 2D"]), own=False)
    st.steps.extend([for_bob, first, second])
    assert st.current_step() is first and st.shown() is first.model
    st.steps.remove(first)
    assert st.current_step() is second
    st.mode = "handoff"  # the screen between two players shows no one's step
    assert st.current_step() is None


def test_without_a_step_the_table_is_shown_with_the_recent_marks() -> None:
    st = state()
    st.tbl = table(0, ["draw", "points 2D"])
    st.recent = frozenset({"2D"})
    shown = st.shown()
    assert shown is not None and shown is not st.tbl
    assert shown.highlight == {"2D"} and st.tbl.highlight == frozenset()  # tbl as handed over
    assert shown.pos is st.tbl.pos and shown.events == st.tbl.events
    assert st.shown() is shown  # made once until the screen changes
    st.recent = frozenset({"KS"})
    st.forget()
    again = st.shown()
    assert again is not None and again.highlight == {"KS"}


def test_the_hand_is_the_one_drawn_at_the_bottom() -> None:
    st = state()
    st.tbl = table(0, ["draw"])
    assert st.hand() == ["AH", "5S", "9S", "TD", "KD", "KS"]
    st.tbl = table(1, ["draw"])
    assert st.hand() == ["2D", "3D", "3S", "6H", "8D", "TH"]
    hand = st.hand()
    hand.clear()  # a copy
    assert len(st.hand()) == 6


def test_a_drawing_is_made_once_and_forgotten_only_with_its_region() -> None:
    st = state()
    made: list[str] = []

    def make(name: str) -> object:
        made.append(name)
        return object()

    regions = ("msg", "ovl", "board", "own", "own-tiles", "log", "mid")
    first = {r: st.memo(r, 80, lambda r=r: make(r)) for r in regions}  # type: ignore[misc]
    assert all(st.memo(r, 80, lambda: make("again")) is first[r] for r in regions)
    assert st.memo("msg", 60, lambda: make("msg60")) is not first["msg"]  # per width
    assert "again" not in made
    st.forget(NOTHING)
    assert len(st.cache) == len(regions) + 1
    st.forget(HAND)
    assert {k[0] for k in st.cache} == {"msg", "ovl", "log", "mid"}
    st.forget(MSG)
    assert {k[0] for k in st.cache} == {"ovl", "log", "mid"}
    st.forget(OVL)
    assert {k[0] for k in st.cache} == {"log", "mid"}
    st.forget()
    assert st.cache == {}
