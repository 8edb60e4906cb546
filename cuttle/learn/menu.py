"""The lessons in plain text: the menu and one lesson played through a reader and a writer.

``cuttle learn`` uses it when input or output is not a terminal; the full-screen lessons are
``cuttle.ui.learn_app``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cuttle.learn.lessons import find_lesson

if TYPE_CHECKING:
    from cuttle.learn.lessons import Lesson
    from cuttle.text.cardtext import CardStyle

EXIT_OK = 0
Reader = Callable[[str], str]
Writer = Callable[[str], None]


def drive_lesson(lesson: Lesson, style: CardStyle, read: Reader, write: Writer) -> bool | None:
    """Play one lesson through ``read``/``write``: True solved, None left, False input ended."""
    from cuttle.learn.progress import mark_done
    from cuttle.learn.run import LessonRun

    run = LessonRun(lesson, style)
    for line in run.intro():
        write(line)
    while not run.done:
        try:
            line = read(run.prompt())
        except (EOFError, KeyboardInterrupt):
            write("")
            return False
        for out in run.handle(line):
            write(out)
    if not run.solved:
        return None
    warning = mark_done(lesson.slug)
    if warning:
        write(f"Note: {warning}")
    return True


MENU_HELP = (
    "Type a lesson's number, name or topic (ace, counter); Enter alone opens the next lesson "
    "not done; q quits. Inside a lesson, help lists its commands."
)


def menu_lines(lessons: list[Lesson], done: set[str]) -> list[str]:
    """The menu: every lesson, marked when done."""
    out = [f"Cuttle lessons ({sum(1 for x in lessons if x.slug in done)} of {len(lessons)} done)"]
    for lesson in lessons:
        mark = "[x]" if lesson.slug in done else "[ ]"
        out.append(f" {mark} {lesson.id:2d}. {lesson.title}")
    return out


def menu(lessons: list[Lesson], style: CardStyle, read: Reader, write: Writer) -> int:
    """The menu loop: pick a lesson (Enter: the next one not done), q to leave."""
    from cuttle.learn.progress import load_done
    from cuttle.learn.run import HELP_WORDS

    while True:
        done, warning = load_done()
        if warning:
            write(f"Note: {warning}")
        for line in menu_lines(lessons, done):
            write(line)
        nxt = next((x for x in lessons if x.slug not in done), None)
        default = f"Enter for {nxt.id}, " if nxt else ""
        try:
            answer = read(f"Lesson number ({default}q to quit)> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            write("")
            return EXIT_OK
        if answer in ("q", "quit", "exit"):
            return EXIT_OK
        if answer in HELP_WORDS:
            write(MENU_HELP)
            continue
        lesson = nxt if not answer else find_lesson(lessons, answer)
        if lesson is None:
            write(f"No lesson {answer[:40]!r}: type a number from 1 to {len(lessons)}.")
            continue
        if drive_lesson(lesson, style, read, write) is False:
            return EXIT_OK
        write("")
