"""``cuttle learn --verify``: every lesson's solution and wrong moves played through the engine."""

from __future__ import annotations

from cuttle import IllegalMoveError
from cuttle.learn.lessons import Lesson, task_check
from cuttle.learn.run import play_line
from cuttle.learn.solve import SearchTooLarge, can_force


def lesson_problems(lesson: Lesson) -> list[str]:
    """What is broken in one lesson ([] when it teaches what it says)."""
    problems = []
    try:
        game = lesson.new_game()
        if game.outcome is not None or game.to_move != lesson.student:
            return ["the table does not start with the student to move"]
        if not can_force(game, lesson.student, task_check(lesson)):
            problems.append("the task cannot be forced against every reply")
        try:
            result = play_line(lesson, list(lesson.solution))
        except IllegalMoveError as exc:
            problems.append(f"solution: illegal move ({exc})")
        else:
            if not result.finished:
                problems.append("solution: the turn is not over when its moves run out")
            elif result.problems:
                problems.append("solution fails: " + "; ".join(result.problems))
        if not lesson.wrong:
            problems.append("no wrong move is listed")
        for wrong in lesson.wrong:
            label = " / ".join(wrong.moves)
            try:
                result = play_line(lesson, list(wrong.moves))
            except IllegalMoveError:
                if len(wrong.moves) != 1:
                    problems.append(f"wrong {label}: illegal before its last move")
                continue
            if not result.finished:
                problems.append(f"wrong {label}: the turn is not over when its moves run out")
            elif not result.problems:
                problems.append(f"wrong {label}: it solves the task")
    except (ValueError, SearchTooLarge) as exc:
        problems.append(str(exc))
    return problems


def verify(lessons: list[Lesson]) -> list[tuple[Lesson, list[str]]]:
    """Each lesson with its problems."""
    return [(lesson, lesson_problems(lesson)) for lesson in lessons]
