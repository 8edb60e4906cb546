"""``cuttle learn --verify``: every lesson's solution and wrong moves played through the engine."""

from __future__ import annotations

import re

from cuttle import Game, IllegalMoveError, Move
from cuttle.engine import phases
from cuttle.learn.lessons import Lesson, task_check
from cuttle.learn.run import LineResult, play_line
from cuttle.learn.solve import SearchTooLarge, can_force, refutation, side_won, wins_next_turn


def _good_line(lesson: Lesson, moves: tuple[str, ...], label: str) -> list[str]:
    """A line the lesson calls right: legal, the whole turn, it solves the task, and it does not
    leave the AI a win in the turn that follows (a "good" move that simply loses)."""
    try:
        result = play_line(lesson, list(moves))
    except IllegalMoveError as exc:
        return [f"{label}: illegal move ({exc})"]
    if not result.finished:
        return [f"{label}: the turn is not over when its moves run out"]
    if result.problems:
        return [f"{label} fails: " + "; ".join(result.problems)]
    if _loses_next(lesson, result):
        return [f"{label}: the AI wins in its next turn all the same"]
    return []


LINE_LIMIT = 5_000


def solving_lines(lesson: Lesson) -> list[tuple[str, ...]]:
    """Every line of the student's moves (the AI replying as in a lesson) that solves the task."""
    found: list[tuple[str, ...]] = []
    todo: list[list[str]] = [[]]
    seen = 0
    while todo:
        prefix = todo.pop()
        seen += 1
        if seen > LINE_LIMIT:
            raise SearchTooLarge(f"more than {LINE_LIMIT} lines of play in one turn")
        result = play_line(lesson, prefix)
        if result.finished:
            if not result.problems:
                found.append(tuple(prefix))
            continue
        todo += [[*prefix, str(move)] for move in result.game.legal_moves()]
    return sorted(found)


def _unexplained(lesson: Lesson) -> list[str]:
    """Lines that solve the task but have no words of their own (the solution's or an ``also``)."""
    known = {_notation(lesson.solution), *(_notation(a.moves) for a in lesson.also)}
    return [
        f"{' / '.join(line)} solves the task too: list it under also, with why"
        for line in solving_lines(lesson)
        if line not in known
    ]


def _notation(moves: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return tuple(str(Move.parse(m)) for m in moves)
    except ValueError:
        return moves


def _loses_next(lesson: Lesson, result: LineResult) -> bool:
    """After the student's turn, the AI's turn begins and the AI can force a win in it."""
    game = result.game
    ai = game.to_move  # at three or four seats the next may be a partner: no threat
    return (game.outcome is None and ai is not None and ai in game.opponents(lesson.student)
            and wins_next_turn(game, ai))


def promises_next_turn_win(lesson: Lesson) -> bool:
    """Whether the task or the explanation tells the student they will win on their next turn
    ("the card you need to win next turn", "7♥ wins next turn"); a clause about the AI ("it
    cannot win next turn", "stop the AI from winning next turn") promises nothing."""
    for clause in re.split(r"[.:;]", f"{lesson.task}. {lesson.explain}".lower()):
        if "next turn" not in clause or not re.search(r"\bwins?\b|\b21\b", clause):
            continue
        if not re.search(r"\bai\b|\bstop|\bit (cannot|wins)", clause):
            return True
    return False


def _next_turn_win_broken(lesson: Lesson, result: LineResult) -> str | None:
    """When the lesson promises a win next turn: the AI's reply that takes it away (its hand is
    on the table for the student to see, so the promise must hold against every reply)."""
    game, seat = result.game, lesson.student
    if game.outcome is not None or game.to_move == seat:
        return None

    def wins_then(g: Game) -> bool:
        if g.outcome is not None:
            return side_won(g, seat)
        return g.phase == phases.MAIN and g.to_move == seat and wins_next_turn(g, seat)

    if can_force(game, seat, wins_then):
        return None
    move = refutation(game, seat, wins_then)
    return (
        f"it promises a win next turn, but the AI's reply {move} takes it away "
        "(check the claim against the cards the AI holds)"
    )


def lesson_problems(lesson: Lesson) -> list[str]:
    """What is broken in one lesson ([] when it teaches what it says)."""
    problems = []
    try:
        game = lesson.new_game()
        if game.outcome is not None or game.to_move != lesson.student:
            return ["the table does not start with the student to move"]
        if not can_force(game, lesson.student, task_check(lesson)):
            problems.append("the task cannot be forced against every reply")
        problems += _good_line(lesson, lesson.solution, "solution")
        if promises_next_turn_win(lesson):
            broken = _next_turn_win_broken(lesson, play_line(lesson, list(lesson.solution)))
            problems += [broken] if broken else []
        for other in lesson.also:
            label = "also " + " / ".join(other.moves)
            if _notation(other.moves) == _notation(lesson.solution):
                problems.append(f"{label}: the same as the solution")
            problems += _good_line(lesson, other.moves, label)
        problems += _unexplained(lesson)
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
