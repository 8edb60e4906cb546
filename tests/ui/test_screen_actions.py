"""``ScreenActions``: each change the player makes to the full screen (the hand selected, the
windows and menus, the log scrolled, the pace, the opponent's turn told step by step, a line
sent), called directly on a screen that is not running, and ``changed`` forgetting only the
drawings of the regions it is told."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.text import Text
from screenkit import bare_screen, table

from cuttle.ui.actions import Answers, ScreenActions
from cuttle.ui.overlay import Overlay
from cuttle.ui.screenstate import HAND, MSG, OVL, Step

HAND_NOW = ["AH", "5S", "9S", "TD", "KD", "KS"]  # Ann's, seed 1, after her draw
KEPT = ("board", "own", "own-tiles", "msg", "ovl", "log", "mid", "opp")


@pytest.fixture
def st() -> Iterator[ScreenActions]:
    with bare_screen() as screen:
        screen.tbl = table(0, ["draw"])
        screen.mode = "read"
        yield screen


def fill_cache(st: ScreenActions) -> None:
    for region in KEPT:
        st.cache[(region, 80)] = object()


def regions_left(st: ScreenActions) -> set[str]:
    return {k[0] for k in st.cache}


def sent(st: ScreenActions) -> str:
    """The line handed to the waiting session (it fails the test when there is none)."""
    assert not st.answers.q.empty(), "nothing was sent"
    return st.answers.get()


def menu(title: str = "Legal moves", n: int = 3, **kwargs: object) -> Overlay:
    items = [(f"move {i}", f"what {i} does") for i in range(1, n + 1)]
    return Overlay(title, items=items, picks=[f"pick {i}" for i in range(1, n + 1)],
                   **kwargs)  # type: ignore[arg-type]


# -- changed ---------------------------------------------------------------------------------


def test_changed_forgets_only_the_regions_it_is_told(st: ScreenActions) -> None:
    for regions, left in (
        (HAND, {"msg", "ovl", "log", "mid", "opp"}),
        (MSG, {"board", "own", "own-tiles", "ovl", "log", "mid", "opp"}),
        (OVL, {"board", "own", "own-tiles", "msg", "log", "mid", "opp"}),
        ((), set(KEPT)),
        (None, set()),
    ):
        fill_cache(st)
        st.changed(regions)
        assert regions_left(st) == left, regions


def test_changed_lets_the_player_type_only_when_nothing_is_being_told(
    st: ScreenActions,
) -> None:
    st.changed()
    assert st.ready.is_set()
    st.steps.append(Step(table(0, ["draw"]), own=False))
    st.changed()
    assert not st.ready.is_set()  # keys go to the telling first
    st.steps.clear()
    st.mode = "idle"
    st.changed()
    assert not st.ready.is_set()


# -- the hand --------------------------------------------------------------------------------


def test_left_and_right_select_the_cards_of_the_hand_round(st: ScreenActions) -> None:
    fill_cache(st)
    st.select_card(1)
    assert st.selected == 0
    assert regions_left(st) == {"msg", "ovl", "log", "mid", "opp"}  # only your side redrawn
    st.select_card(-1)
    assert st.selected == len(HAND_NOW) - 1  # round to the last card
    st.select_card(1)
    assert st.selected == 0
    st.unselect()
    st.select_card(-1)
    assert st.selected == len(HAND_NOW) - 1  # left with nothing selected: the last card


def test_no_hand_no_selection() -> None:
    with bare_screen() as st:
        st.select_card(1)
        assert st.selected is None


def test_a_cards_position_typed_selects_it(st: ScreenActions) -> None:
    st.select_card(1)
    st.select_position("3")
    assert st.selected == 2
    st.select_position("1")  # 31 is no position: a fresh 1
    assert st.selected == 0 and st.position_typed == "1"
    st.select_position("9")  # no ninth card: the selection stays
    assert st.selected == 0


def test_a_click_selects_a_card_only_while_the_game_waits_for_a_move(st: ScreenActions) -> None:
    st.pick_card(4)
    assert st.selected == 4
    st.mode = "idle"
    st.pick_card(1)
    assert st.selected == 4


def test_enter_on_a_card_opens_the_menu_of_its_moves(st: ScreenActions) -> None:
    st.source = lambda: [("draw", ""), ("points 9S", "9 points"), ("oneoff 9S", "9 one-off"),
                         ("points TD", "10 points")]
    st.select_position("3")  # 9S
    st.enter()
    ov = st.overlays[-1]
    assert ov.menu and ov.picks == ["points 9S", "oneoff 9S"] and ov.title == "What 9♠ can do"
    st.overlays.clear()
    st.select_position("1")  # AH: no move listed for it
    st.enter()
    assert not st.overlays and st.messages[-1] == "A♥ has no legal move now."
    assert st.answers.q.empty()  # nothing was sent to the game


# -- windows and menus -----------------------------------------------------------------------


def test_a_window_replaces_one_of_the_same_title(st: ScreenActions) -> None:
    st.open_overlay(Overlay("Help", Text("one")))
    st.open_overlay(Overlay("Log", Text("the log")))
    st.open_overlay(Overlay("Help", Text("two")))
    assert [(o.title, o.body.plain) for o in st.overlays] == [  # type: ignore[union-attr]
        ("Log", "the log"),
        ("Help", "two"),
    ]
    st.replace_overlay_body("Log", Text("more"))
    assert st.overlays[0].body.plain == "more"  # type: ignore[union-attr]
    st.close_overlays("Log")
    assert [o.title for o in st.overlays] == ["Help"]


def test_a_menu_moves_within_its_items(st: ScreenActions) -> None:
    st.open_overlay(menu(n=12))
    ov = st.overlays[-1]
    st.move_in_overlay(-1)
    assert ov.index == 0
    st.move_in_overlay(3)
    assert ov.index == 3
    st.move_in_overlay(10_000)
    assert ov.index == 11
    st.type_in_menu("1")  # 1 or 10-12: it waits
    assert ov.index == 0 and st.overlays and st.answers.q.empty()
    st.type_in_menu("2")  # 12: two digits go on, and no third could: picked
    assert sent(st) == "pick 12" and not st.overlays


def test_a_digit_in_a_menu_picks_once_no_other_number_can_follow(st: ScreenActions) -> None:
    st.open_overlay(menu(n=12))
    st.type_in_menu("5")  # 50-59 are no items: 5 at once
    assert sent(st) == "pick 5"
    st.mode = "read"
    st.open_overlay(menu(n=12))
    st.type_in_menu("1")
    st.type_in_menu("9")  # 19 is no item: a fresh 9, picked
    assert sent(st) == "pick 9"


def test_a_text_window_scrolls_and_stops_at_its_top(st: ScreenActions) -> None:
    st.open_overlay(Overlay("Help", Text("\n".join(map(str, range(100))))))
    ov = st.overlays[-1]
    st.move_in_overlay(5)
    assert ov.top == 5 and ov.index == 0
    st.page_overlay(-1)
    assert ov.top == 0


def test_enter_in_a_menu_sends_its_pick_as_a_line(st: ScreenActions) -> None:
    st.open_overlay(menu())
    st.move_in_overlay(1)
    st.pick_from_menu()
    assert sent(st) == "pick 2"
    assert not st.overlays and st.mode == "idle"


def test_a_menu_picked_while_the_game_is_not_waiting_sends_nothing(st: ScreenActions) -> None:
    st.mode = "idle"
    st.open_overlay(menu())
    st.pick_from_menu()
    assert not st.overlays and st.answers.q.empty()


def test_closing_a_window_calls_its_on_close_and_q_sends_its_q_pick(st: ScreenActions) -> None:
    closed: list[str] = []
    st.open_overlay(menu("Play again?", q_pick="no", on_close=lambda: closed.append("x")))
    st.close_overlay(by_q=True)
    assert closed == ["x"] and sent(st) == "no"
    st.mode = "read"
    st.open_overlay(menu("Play again?", q_pick="no"))
    st.close_overlay()  # Esc: closes, sends nothing
    assert not st.overlays and st.answers.q.empty()


def test_a_line_sent_clears_what_the_last_one_showed(st: ScreenActions) -> None:
    st.messages = ["Pace: fast."]
    st.recent = frozenset({"2D"})
    st.fresh, st.log_back = 2, 5
    st.open_overlay(Overlay("Help", Text("help")))
    st.open_overlay(Overlay("Game over", Text("you won"), lasting=True))
    st.buffer.insert_text("draw")
    st.enter()
    assert sent(st) == "draw"
    assert st.messages == [] and st.recent == frozenset() and (st.fresh, st.log_back) == (0, 0)
    assert [o.title for o in st.overlays] == ["Game over"]  # the result stays
    assert st.buffer.text == ""


def test_a_message_of_several_lines_opens_as_a_window(st: ScreenActions) -> None:
    for i in range(8):
        st.add_message(f"line {i}")
    assert st.messages == [f"line {i}" for i in range(2, 8)]  # the last six kept
    st.add_message("Scrap:\n3 cards")
    assert st.overlays[-1].title == "Scrap" and len(st.messages) == 6
    st.remove_message("line 7")
    assert "line 7" not in st.messages


# -- the log, the pace, the opponent's turn --------------------------------------------------


def test_the_log_scrolls_back_and_not_past_the_newest_line(st: ScreenActions) -> None:
    fill_cache(st)
    st.scroll_log(-3)
    assert st.log_back == 3
    assert regions_left(st) == set(KEPT)  # the log is drawn from its rows: nothing redrawn
    st.page_log(1)  # a third of 24 rows down
    assert st.log_back == 0
    st.scroll_log(5)
    assert st.log_back == 0


def test_f2_cycles_the_pace_and_says_so(st: ScreenActions) -> None:
    seen = []
    for _ in range(3):
        st.cycle_pace()
        seen.append(st.pace)
    assert seen == ["fast", "step", "normal"]
    assert st.messages[-1] == (
        "Pace: normal, for this game (F2 again changes it; to keep it: settings pace normal)."
    )
    st.change_pace("warp")
    assert st.pace == "normal"


def test_f2_pressed_again_and_again_keeps_the_messages_to_six(st: ScreenActions) -> None:
    """Each F2 says the pace as any message is said: the lines above the input stay at six."""
    for _ in range(10):
        st.cycle_pace()
    assert len(st.messages) == 6
    assert st.messages[-1].startswith(f"Pace: {st.pace}, for this game")
    st.change_pace("step")
    assert st.pace == "step"


def test_at_the_step_pace_each_step_waits_for_a_key(st: ScreenActions) -> None:
    st.change_pace("step")
    one = Step(table(0, ["draw", "points 2D"]), own=False)
    one.model.highlight = frozenset({"2D"})
    two = Step(table(0, ["draw", "points 2D", "points 9S"]), own=False)
    two.model.highlight = frozenset({"9S"})
    st.steps.extend([one, two])
    st._pace()
    assert st.current_step() is one
    st.advance()
    assert st.current_step() is two and st.recent == {"2D"}
    st.skip_steps()
    assert st.current_step() is None and st.recent == {"2D", "9S"}


def test_own_moves_and_the_fast_pace_are_not_told_step_by_step(st: ScreenActions) -> None:
    st.change_pace("step")
    mine = Step(table(0, ["draw"]), own=True)
    mine.model.highlight = frozenset({"KS"})
    theirs = Step(table(0, ["draw", "points 2D"]), own=False)
    st.steps.extend([mine, theirs])
    st._pace()
    assert st.current_step() is theirs and st.recent == {"KS"}
    st.cycle_pace()  # step -> normal: still told (a timer would move on; no loop here)
    assert st.current_step() is theirs and st.timer is None
    st.cycle_pace()  # -> fast: the rest at once
    assert st.current_step() is None


def test_a_break_goes_to_the_waiting_session_or_waits_for_its_next_read(
    st: ScreenActions,
) -> None:
    st.buffer.insert_text("half a li")
    st.send_break(KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        sent(st)
    assert st.buffer.text == "" and st.pending_break is None
    st.mode = "idle"
    st.send_break(EOFError())
    assert isinstance(st.pending_break, EOFError) and st.answers.q.empty()


def test_a_keys_command_is_sent_only_while_the_game_waits_for_a_move(st: ScreenActions) -> None:
    st.command("help")
    assert sent(st) == "help"
    st.mode = "ask"
    st.command("help")
    assert st.answers.q.empty()


def test_answers_hand_over_lines_and_raise_breaks() -> None:
    answers = Answers()
    answers.put("draw")
    answers.put(EOFError())
    assert answers.get() == "draw"
    with pytest.raises(EOFError):
        answers.get()
