"""The lessons of three and four seats (cutthroat, teams) on the real engine: their words name
every seat, a seat is typed by name, and the checks count a team's win as the student's."""

from __future__ import annotations

from cuttle.learn.lessons import find_lesson, load_lessons
from cuttle.learn.run import LessonRun, seat_names
from cuttle.learn.verify import lesson_problems


def _run(key: str) -> LessonRun:
    lesson = find_lesson(load_lessons(), key)
    assert lesson is not None
    return LessonRun(lesson)


def test_each_mode_has_its_lessons_and_they_verify() -> None:
    lessons = load_lessons()
    modes = {str(lesson.position["rules"]).split("+")[1] for lesson in lessons
             if "+" in str(lesson.position["rules"])} & {"cutthroat", "teams"}
    assert modes == {"cutthroat", "teams"}
    for key in ("cutthroat", "teams", "teams-nine"):
        lesson = find_lesson(lessons, key)
        assert lesson is not None and lesson_problems(lesson) == []


def test_seat_names_round_the_table() -> None:
    assert seat_names(2, 0) == ("You", "AI")
    assert seat_names(3, 1) == ("AI 2", "You", "AI 1")
    assert seat_names(4, 0, teams=True) == ("You", "AI 1", "Partner", "AI 2")


def test_the_partner_is_named_and_a_team_win_solves() -> None:
    run = _run("teams")
    table = "\n".join(run.table())
    assert "Partner: 17/21" in table and "AI 2:" in table
    said = run.handle("jack jd 5h >nobody")
    assert "No seat named 'nobody'" in said[0]
    assert not run.solved
    said = run.handle("jack jd 5h >partner")
    assert run.solved, said
    assert any("Partner win" in line for line in said)


def test_the_nine_out_of_turn_and_the_royal_let_through() -> None:
    run = _run("teams-nine")
    said = run.handle("resolve")
    assert not run.solved
    assert any("AI 1 won" in line or "the AI won" in line for line in said), said
    run = _run("teams-nine")
    run.handle("oneoff 9c kh")
    assert run.solved


def test_a_joker_takes_the_leaders_king() -> None:
    run = _run("cutthroat")
    run.handle("points 3c")
    assert not run.solved
    run = _run("cutthroat")
    said = run.handle("joker x1 kh")
    assert run.solved, said


def test_the_cutthroat_lesson_says_who_may_take_what_from_whom() -> None:
    """Its words name the seats: you and AI 2 both take from the leader, a jack a point card, a
    joker a royal (it read 'so either of you may take from it': who, and from what?)."""
    lesson = find_lesson(load_lessons(), "cutthroat")
    assert lesson is not None
    text = " ".join(lesson.text)
    assert "either of you" not in text
    assert "You and AI 2 may each take from AI 1" in text
    assert "a jack steals one of its point cards" in text
    assert "a joker steals one of its royals" in text
