"""``cuttle learn`` in the full-screen game, driven in-process through prompt_toolkit's pipe input:
the lesson on the board, wrong tries explained, the solution, the menu, progress."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from appdriver import Driver, Output80x24, run_typing
from prompt_toolkit.input import create_pipe_input

from cuttle.learn.lessons import Lesson, find_lesson, load_lessons
from cuttle.learn.progress import load_done
from cuttle.text.cardtext import CardStyle
from cuttle.ui.app import AppIO
from cuttle.ui.learn_app import run_learn_app

LESSONS = load_lessons()
DOWN, ESC = "\x1b[B", "\x1b"


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CONFIG_HOME", "config")):
        monkeypatch.setenv(var, str(tmp_path / sub))


def lesson(key: str) -> Lesson:
    found = find_lesson(LESSONS, key)
    assert found is not None
    return found


def learn(script: Callable[[Driver], None], first: Lesson | None = None) -> tuple[AppIO, int]:
    """Run the lessons full screen while ``script`` types; re-raise what the script failed."""
    with create_pipe_input() as pipe:
        io = AppIO(CardStyle(), pt_input=pipe, pt_output=Output80x24(), pace="fast")
        rc = run_typing(pipe, io, script, lambda: run_learn_app(LESSONS, first, CardStyle(), io=io))
    return io, rc


def said(io: AppIO) -> str:
    return " ".join(" ".join(io.messages).split())


def test_a_wrong_try_is_explained_on_the_board_then_the_solution_solves_it() -> None:
    chain = lesson("chain")

    def script(d: Driver) -> None:
        d.ready()
        assert d.io.tbl is not None and d.io.prompt == "lesson 10> "
        start = d.io.tbl.pos
        assert start["hands"][1] == ["AH", "2S"]  # this lesson shows the AI's hand
        assert "Your task: Stop the AI from winning next turn." in d.io.note
        assert d.io.tbl.events[0] == "Lesson 10: Counter chains"
        d.keys("oneoff AD\r")
        assert d.io.tbl.pos["phase"] == "counter"  # the AI's 2 on the stack, the student to answer
        assert "AI countered your A♦ with 2♠." in d.io.tbl.events
        d.keys("resolve\r")
        verdict = [e for e in d.io.tbl.events if e.startswith("Not yet: the AI can still win")]
        assert len(verdict) == 1 and "Not yet" not in said(d.io)  # in the log, said once
        assert "letting it resolve cancels your ace" in said(d.io)  # why the tempting line fails
        assert said(d.io).endswith("Try again, or type solution.")
        assert d.io.tbl.pos == start and d.io.tbl.events[-1] == "Back to the start."
        d.keys("scuttle TD TS\r")
        assert said(d.io) == "Illegal: 10♦ is not in your hand."
        d.keys("solution\r")
        assert said(d.io).startswith("Solution: oneoff A♦, then counter 2♣.")
        d.keys("oneoff AD\r")
        d.keys("counter 2C\r")
        assert d.io.tbl.events[-1].startswith("Solved! Your ace, the AI's 2 on it, your 2 on")
        assert "Solved" not in said(d.io)
        assert d.io.prompt == "lesson 10 solved> " and "Enter: lesson 11, Three" in d.io.note
        d.keys("q\r")

    io, rc = learn(script, chain)
    assert rc == 0
    assert load_done() == ({"chain"}, None)


def test_the_menu_opens_the_next_lesson_and_q_in_it_quits() -> None:
    def script(d: Driver) -> None:
        d.ready()
        menu = d.io.overlays[-1]
        assert menu.title == "Cuttle lessons (0 of 22 done)" and menu.index == 0
        assert menu.items[3][0] == "Kings lower your goal"
        d.keys(DOWN * 3, wait=False)
        d.keys("\r", wait=False)  # lesson 4
        d.ready()
        assert d.io.prompt == "lesson 4> " and not d.io.overlays
        d.keys("kc\r")  # a card alone plays its only move, as in the game
        assert d.io.tbl is not None and d.io.tbl.events[-1].startswith("Solved!")
        assert "Enter: lesson 5, Jacks steal point cards" in d.io.note
        d.keys("retry\r")  # the same lesson again, from its start
        assert d.io.prompt == "lesson 4> " and d.io.tbl is not None
        assert d.io.tbl.pos["hands"][0] == ["5H", "KC"]
        d.keys("perm KC\r")
        d.keys("menu\r")  # the menu, the lesson after the solved one selected
        menu = d.io.overlays[-1]
        assert menu.title == "Cuttle lessons (1 of 22 done)"
        assert menu.items[3] == ("Kings lower your goal", "done") and menu.index == 4
        d.keys("q", wait=False)

    _, rc = learn(script)
    assert rc == 0


def bar(io: AppIO) -> str:
    return "".join(text for _, text, *_ in io.layout.status())


def test_help_moves_menu_and_leaving_a_lesson_back_to_the_menu() -> None:
    def script(d: Driver) -> None:
        d.ready()
        assert "F1 help" in bar(d.io) and "Tab moves" not in bar(d.io)  # the menu has no moves
        d.keys("\x1bOP")  # F1 over the menu: the menu's keys, the menu under them
        d.until(lambda: len(d.io.overlays) == 2)  # a loaded machine can take longer than keys' wait
        assert [o.title for o in d.io.overlays] == ["Cuttle lessons (0 of 22 done)",
                                                   "Lessons: keys"]
        assert "type its number" in d.io.overlays[-1].body.plain  # type: ignore[union-attr]
        assert not d.io.messages  # not "No lesson 'help'"
        d.keys(ESC, wait=False)
        assert d.io.overlays[-1].menu
        d.keys("1\r")  # typed over the menu: the window closes, the number goes to the input
        assert d.io.prompt == "lesson 1> " and d.io.offer_tab  # (the bar shows it if it fits)
        d.keys("points 4C\r")  # wrong: the verdict once (in the log), why under the board
        assert d.io.tbl is not None
        log = " ".join(d.io.tbl.events)
        assert log.count("Not yet") == 1 and "Not yet" not in said(d.io)
        assert "4♣ brings you to 19 of 21" in said(d.io)
        d.keys("help\r")
        page = d.io.overlays[-1]
        assert page.title == "Lesson 1" and not page.menu
        d.keys(ESC, wait=False)
        d.keys("moves\r")
        moves = d.io.overlays[-1]
        assert moves.menu and "points 6D" in moves.picks
        d.keys(DOWN * moves.picks.index("points 6D"), wait=False)
        d.keys("\r", wait=False)  # the menu plays the move it shows
        assert d.io.tbl is not None and d.io.tbl.events[-1].startswith("Solved!")
        d.keys("2\r")  # another lesson by number
        assert d.io.prompt == "lesson 2> "
        d.keys("quit\r")  # leaving it goes back to the menu
        assert d.io.overlays[-1].title.startswith("Cuttle lessons (1 of")
        d.keys("\x04", wait=False)  # Ctrl-D in the menu: the end

    _, rc = learn(script)
    assert rc == 0
    assert load_done()[0] == {"goal"}


def test_the_top_card_shown_by_a_lesson_is_told_once() -> None:
    def script(d: Driver) -> None:
        d.ready()
        assert d.io.tbl is not None
        intro = " ".join(d.io.tbl.events)
        assert intro.count("10♥") == 1 and "The top card of the deck is 10♥." in intro
        d.keys("q\r")

    learn(script, lesson("seven"))
