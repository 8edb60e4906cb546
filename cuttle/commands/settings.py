"""``cuttle settings``: show the settings, change one, or go back to the defaults.

Light at import time (no rich, no prompt_toolkit): ``cuttle --help`` registers it.
"""

from __future__ import annotations

import argparse
import json

from cuttle.commands.common import EXIT_ERROR, EXIT_OK, EXIT_USAGE, err

# Written out here, not read from cuttle.files.settings, so that ``cuttle --help`` imports no
# file code; tests/commands/test_settings_firstrun.py holds it to every field of Settings.
# One setting a line: SettingsHelp wraps each to the terminal under its description.
SETTINGS_EPILOG = """settings:
  ai        the AI's level in cuttle play: random, easy, medium, hard
  pace      the opponent's turn: step (a key after each action), normal (a short pause), fast
  cards     how cards are drawn: symbols (7♦) or ascii (7D)
  color     colours on a terminal: on, off (NO_COLOR and --no-color win)
  coach     after each of your moves, a line if it was a mistake: on, off
  players   seats in cuttle play: 2, 3 (cutthroat), 4 (teams)
  welcomed  the first-run question was answered: on, off
"""
ENTRY_INDENT = 12  # where a setting's description starts in SETTINGS_EPILOG


class SettingsHelp(argparse.HelpFormatter):
    """The help wrapped between words to the terminal: the description filled as argparse fills
    it, the settings list (the epilog, one setting a line) each line wrapped under its
    description."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" not in text.strip():
            return super()._fill_text(text, width, indent)
        import textwrap

        out = []
        for line in text.strip("\n").split("\n"):
            hang = " " * (ENTRY_INDENT if line.startswith("  ") else 0)
            out += textwrap.wrap(line, max(20, width), initial_indent=indent,
                                 subsequent_indent=indent + hang, break_long_words=False,
                                 break_on_hyphens=False) or [""]
        return "\n".join(out)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``settings`` to the ``cuttle`` parser."""
    cmd = subparsers.add_parser(
        "settings",
        help="show or change your defaults (AI level, pace, card style, colours, coach)",
        description="Without arguments: every setting and its value. With NAME: one setting. "
        "With NAME VALUE: change it (cuttle settings ai hard). Flags of cuttle play always win "
        "over a setting.",
        epilog=SETTINGS_EPILOG,
        formatter_class=SettingsHelp,
    )
    cmd.add_argument("name", nargs="?", metavar="NAME", help="a setting (listed below)")
    cmd.add_argument("value", nargs="?", metavar="VALUE", help="its new value")
    cmd.add_argument("--reset", action="store_true", help="back to the default settings")
    cmd.add_argument("--json", action="store_true", help="print the settings as JSON")
    cmd.set_defaults(func=settings_command)


def settings_command(args: argparse.Namespace) -> int:
    """Run ``cuttle settings``; returns the exit status."""
    from dataclasses import asdict

    from cuttle.files.safefile import os_reason, shown_path
    from cuttle.files.settings import (
        Settings,
        SettingsError,
        change,
        describe,
        load_settings,
        save_settings,
        setting_key,
        setting_lines,
        settings_path,
        value_text,
    )

    if args.reset:
        if args.name is not None:
            err("--reset takes no setting name")
            return EXIT_USAGE
        try:
            path = save_settings(Settings())
        except OSError as exc:
            err(f"could not write {shown_path(settings_path())}: {os_reason(exc)}")
            return EXIT_ERROR
        print(f"Settings back to the defaults ({shown_path(path)}).")
        return EXIT_OK
    settings, warnings = load_settings()
    if args.value is not None:
        if warnings:
            for w in warnings:
                err(w)
            err("nothing changed: fix or remove the file, or run: cuttle settings --reset")
            return EXIT_ERROR
        try:
            new = change(settings, args.name, args.value)
        except SettingsError as exc:
            err(str(exc))
            return EXIT_USAGE
        try:
            path = save_settings(new, base=settings)
        except OSError as exc:
            err(f"could not write {shown_path(settings_path())}: {os_reason(exc)}")
            return EXIT_ERROR
        key = setting_key(args.name)
        print(f"{key}: {value_text(getattr(new, key))} (saved in {shown_path(path)})")
        return EXIT_OK
    for w in warnings:
        err(w)
    if args.json:
        print(json.dumps(asdict(settings)))
        return EXIT_OK
    only: str | None = None
    if args.name is not None:
        only = setting_key(args.name)
        try:
            describe(only)
        except SettingsError as exc:
            err(str(exc))
            return EXIT_USAGE
    import shutil
    import textwrap

    width = shutil.get_terminal_size((80, 24)).columns
    print(f"Settings ({shown_path(settings_path())}):")
    for line in setting_lines(settings, only, width):
        print(line)
    for line in textwrap.wrap("Change one: cuttle settings NAME VALUE (cuttle settings ai hard); "
                              "defaults: cuttle settings --reset", max(20, width),
                              break_long_words=False, break_on_hyphens=False):
        print(line)
    return EXIT_OK
