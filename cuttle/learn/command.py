"""``cuttle learn``: the lessons menu, one lesson, ``--list [--json]`` and ``--verify``.

Only argparse is imported at import time (``cuttle --help`` stays fast); the lessons, the engine
and the text styles are imported when the command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuttle.learn.lessons import Lesson
    from cuttle.ui.cardtext import CardStyle

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2
Reader = Callable[[str], str]
Writer = Callable[[str], None]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``learn`` to the ``cuttle`` parser."""
    learn = subparsers.add_parser(
        "learn",
        help="lessons: learn Cuttle card by card on the real game",
        description="Short lessons, each a table from a real game with a task the engine checks. "
        "Without LESSON: the menu, with what you have done. Input may be piped (one line each).",
    )
    learn.add_argument("lesson", nargs="?", metavar="LESSON", help="a lesson's number or name")
    learn.add_argument("--list", action="store_true", help="list the lessons")
    learn.add_argument("--json", action="store_true", help="with --list: as JSON")
    learn.add_argument(
        "--verify",
        action="store_true",
        help="play every solution and wrong move through the engine; exit 1 if a lesson is broken",
    )
    learn.add_argument("--ascii", action="store_true", help="draw 7D instead of 7♦")
    learn.set_defaults(func=learn_command)


def _err(text: str) -> None:
    sys.stderr.write(f"cuttle: {text}\n")


def learn_command(args: argparse.Namespace) -> int:
    """Run ``cuttle learn``; returns the exit status."""
    from cuttle.learn.lessons import LessonError, load_lessons

    try:
        lessons = load_lessons()
    except LessonError as exc:
        _err(str(exc))
        return EXIT_FAIL
    if args.verify:
        return verify_command(lessons)
    if args.json and not args.list:
        _err("--json goes with --list")
        return EXIT_USAGE
    if args.list:
        return list_command(lessons, args.json)
    from cuttle.ui.cardtext import CardStyle
    from cuttle.ui.settings import load_settings

    settings, _ = load_settings()
    style = CardStyle(ascii=args.ascii or settings.cards == "ascii")
    lesson = None
    if args.lesson is not None:
        lesson = find_lesson(lessons, args.lesson)
        if lesson is None:
            _err(
                f"no lesson {args.lesson[:40]!r}: choose 1 to {len(lessons)} (cuttle learn --list)"
            )
            return EXIT_USAGE
    from cuttle.ui.commands import is_interactive

    if is_interactive():  # the full-screen game; pipes and TERM=dumb read lines as before
        from cuttle.ui.learn_app import run_learn_app

        color = settings.color and not os.environ.get("NO_COLOR")
        return run_learn_app(lessons, lesson, style, color=color, pace=settings.pace)
    read, write = console_io()
    if lesson is not None:
        solved = drive_lesson(lesson, style, read, write)
        return EXIT_OK if solved is not False else EXIT_FAIL
    return menu(lessons, style, read, write)


def find_lesson(lessons: list[Lesson], key: str) -> Lesson | None:
    """A lesson by number, name (slug) or topic (the first lesson on it: ``cuttle learn queen``)."""
    word = key.strip().lower()
    for lesson in lessons:
        if word == str(lesson.id) or word == lesson.slug:
            return lesson
    return next((lesson for lesson in lessons if word in lesson.topics), None)


def console_io() -> tuple[Reader, Writer]:
    """Read lines (echoed when piped, so a transcript reads like a session) and write lines."""
    from cuttle.ui.terminal import printable

    interactive = sys.stdin.isatty() and sys.stdout.isatty()

    def read(prompt: str) -> str:
        if interactive:
            return input(prompt)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        sys.stdout.write(prompt + printable(line) + "\n")
        return line

    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    return read, write


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


def list_command(lessons: list[Lesson], as_json: bool) -> int:
    """``--list``: a table, or JSON ``[{"id", "title", "topics"}]``."""
    if as_json:
        print(json.dumps([lesson.summary() for lesson in lessons], ensure_ascii=False))
        return EXIT_OK
    from cuttle.learn.progress import load_done

    done, warning = load_done()
    if warning:
        _err(warning)
    for line in menu_lines(lessons, done):
        print(line)
    return EXIT_OK


def verify_command(lessons: list[Lesson]) -> int:
    """``--verify``: one line per lesson; exit 1 if any is broken."""
    from cuttle.learn.verify import verify

    broken = 0
    for lesson, problems in verify(lessons):
        if problems:
            broken += 1
            print(f"lesson {lesson.id} ({lesson.slug}): BROKEN: {'; '.join(problems)}")
        else:
            moves = len(lesson.wrong)
            print(f"lesson {lesson.id} ({lesson.slug}): ok (solution and {moves} wrong move(s))")
    print(f"{len(lessons) - broken} of {len(lessons)} lessons ok")
    return EXIT_FAIL if broken else EXIT_OK
