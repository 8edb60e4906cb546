"""Before ``cuttle play`` starts: settings fill in what the flags left out, and the very first
game on a machine asks "New to Cuttle?".

The question is asked only on a terminal (piped input and scripts never see it, so their
transcripts do not change), only when nothing says the player has been here before (no settings
file, no save, no kept game, no lesson progress), and only for a plain ``cuttle play``: options
such as ``--seed``, ``--ai``, ``--hotseat`` or ``--resume`` mean the player knows what they want.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from cuttle.commands.common import err
from cuttle.files import storage
from cuttle.files.safefile import os_reason, shown_path
from cuttle.files.settings import Settings, load_settings, save_settings, settings_path

QUESTION = """New to Cuttle? It is a duel for 21 points in which every card is also a weapon.
  1  learn it first: short lessons on the real game (cuttle learn)
  2  play an easy game (the AI plays simply; saved as your default)
  3  play a normal game"""
PROMPT = "Your choice [1/2/3, Enter for 3]: "


def _has_files(folder: Path, limit: int = 200) -> bool:
    """Any regular file under ``folder`` (looking at ``limit`` entries at most)."""
    if not folder.is_dir():
        return False
    for n, path in enumerate(folder.rglob("*")):
        if n >= limit:
            return True
        if path.is_file():
            return True
    return False


def first_time() -> bool:
    """Nothing on this machine says the player has used cuttle before."""
    if os.path.lexists(settings_path()):
        return False
    return not (_has_files(storage.state_dir()) or _has_files(storage.data_dir()))


def should_ask(args: argparse.Namespace, settings: Settings) -> bool:
    """The first-run question applies: a terminal, a plain ``cuttle play``, a first time."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    given = (args.seed is not None, args.ai is not None, args.hotseat, args.resume is not None,
             getattr(args, "players", None) is not None, getattr(args, "seats", None) is not None)
    return not any(given) and not settings.welcomed and first_time()


def ask_first_run(
    args: argparse.Namespace,
    settings: Settings,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int | None:
    """Ask; returns an exit status when the answer was the lessons or the player left (end of
    input: nothing is saved, so the question comes again), None to go on playing."""
    write(QUESTION)
    while True:
        try:
            answer = read(PROMPT).strip().lower()
        except EOFError:  # Ctrl-D: leave, and ask again next time
            write("")
            return 0
        if answer in ("", "1", "2", "3"):
            break
        write("Type 1, 2 or 3.")
    choice = answer or "3"
    new = replace(settings, welcomed=True, ai="easy" if choice == "2" else settings.ai)
    try:
        save_settings(new, base=settings)
    except OSError as exc:
        shown = shown_path(settings_path())
        write(f"(Could not save your answer to {shown}: {os_reason(exc)})")
    if choice == "2":
        args.ai = "easy"
        write("An easy game, then. Later: cuttle settings ai medium for a stronger opponent.")
    if choice == "1":
        from cuttle.commands.learn import learn_command

        write("When you are ready for a game: cuttle play")
        return learn_command(
            argparse.Namespace(lesson=None, list=False, json=False, verify=False, ascii=args.ascii)
        )
    return None


def prepare_play(args: argparse.Namespace) -> int | None:
    """Apply the settings to ``args`` where no flag was given, after the first-run question when
    it applies; returns an exit status if ``cuttle play`` should stop there (the lessons ran)."""
    settings, warnings = load_settings()
    for warning in warnings:
        err(warning)
    # the full screen covers what was written before it: the game says these again on it
    args.startup_notes = list(warnings)
    if should_ask(args, settings):
        done = ask_first_run(args, settings)
        if done is not None:
            return done
    args.ai_from_settings = args.ai is None  # a level the table cannot seat then gives way
    if args.ai is None:
        args.ai = settings.ai
    args.default_players = int(settings.players)
    if getattr(args, "pace", None) is None:
        args.pace = settings.pace
    if settings.cards == "ascii":
        args.ascii = True
    if not settings.color:
        args.no_color = True
    return None
