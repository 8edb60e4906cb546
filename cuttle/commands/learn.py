"""``cuttle learn``: the lessons menu, one lesson, ``--list [--json]`` and ``--verify``.

Only argparse is imported at import time (``cuttle --help`` stays fast); the lessons, the engine
and the text styles are imported when the command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from cuttle.commands.common import EXIT_ERROR, EXIT_OK, EXIT_USAGE, err, is_interactive
from cuttle.commands.signals import restores_terminal

if TYPE_CHECKING:
    from cuttle.learn.lessons import Lesson
    from cuttle.learn.menu import Reader, Writer



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


@restores_terminal
def learn_command(args: argparse.Namespace) -> int:
    """Run ``cuttle learn``; returns the exit status."""
    from cuttle.learn.lessons import LessonError, load_lessons

    try:
        lessons = load_lessons()
    except LessonError as exc:
        err(str(exc))
        return EXIT_ERROR
    if args.verify:
        return verify_command(lessons)
    if args.json and not args.list:
        err("--json goes with --list")
        return EXIT_USAGE
    if args.list:
        return list_command(lessons, args.json)
    from cuttle.files.settings import load_settings
    from cuttle.learn.lessons import find_lesson
    from cuttle.learn.menu import drive_lesson, menu
    from cuttle.text.cardtext import CardStyle

    settings, _ = load_settings()
    style = CardStyle(ascii=args.ascii or settings.cards == "ascii")
    lesson = None
    if args.lesson is not None:
        lesson = find_lesson(lessons, args.lesson)
        if lesson is None:
            err(
                f"no lesson {args.lesson[:40]!r}: choose 1 to {len(lessons)} (cuttle learn --list)"
            )
            return EXIT_USAGE

    if is_interactive():  # the full-screen game; pipes and TERM=dumb read lines as before
        from cuttle.ui.learn_app import run_learn_app

        color = settings.color and not os.environ.get("NO_COLOR")
        return run_learn_app(lessons, lesson, style, color=color, pace=settings.pace)
    read, write = console_io()
    if lesson is not None:
        solved = drive_lesson(lesson, style, read, write)
        return EXIT_OK if solved is not False else EXIT_ERROR
    return menu(lessons, style, read, write)


def console_io() -> tuple[Reader, Writer]:
    """Read lines (echoed when piped, so a transcript reads like a session) and write lines."""
    from cuttle.text.intent import echo_text

    interactive = sys.stdin.isatty() and sys.stdout.isatty()

    def read(prompt: str) -> str:
        if interactive:
            return input(prompt)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        sys.stdout.write(prompt + echo_text(line) + "\n")
        return line

    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    return read, write


def list_command(lessons: list[Lesson], as_json: bool) -> int:
    """``--list``: a table, or JSON ``[{"id", "title", "topics"}]``."""
    if as_json:
        print(json.dumps([lesson.summary() for lesson in lessons], ensure_ascii=False))
        return EXIT_OK
    from cuttle.learn.menu import menu_lines
    from cuttle.learn.progress import load_done

    done, warning = load_done()
    if warning:
        err(warning)
    for line in menu_lines(lessons, done):
        print(line)
    return EXIT_OK


def verify_command(lessons: list[Lesson]) -> int:
    """``--verify``: one line per lesson; exit 1 if any is broken."""
    from cuttle.learn.verify import verify
    from cuttle.words import count

    broken = 0
    for lesson, problems in verify(lessons):
        if problems:
            broken += 1
            print(f"lesson {lesson.id} ({lesson.slug}): BROKEN: {'; '.join(problems)}")
        else:
            moves = len(lesson.wrong)
            wrong = count(moves, "wrong move", digits=True)
            print(f"lesson {lesson.id} ({lesson.slug}): ok (solution and {wrong})")
    print(f"{len(lessons) - broken} of {count(len(lessons), 'lesson', digits=True)} ok")
    return EXIT_ERROR if broken else EXIT_OK
