"""The ``cuttle`` command: dispatches to the subcommands' own modules.

Each subcommand lives with the code it drives (``cuttle.ui`` for ``play``/``replay``,
``cuttle.ai.arena`` for ``arena``); this module only builds the parser and maps
exceptions that escape to a clean message and exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import resources

from cuttle import __version__


def rules_text() -> str:
    """Return the rules document shipped inside the package (docs/rules.md)."""
    return resources.files("cuttle").joinpath("data/rules.md").read_text(encoding="utf-8")


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="cuttle",
        description="Cuttle, the combat card game: play it, watch AIs play it, read its rules.",
    )
    parser.add_argument("--version", action="version", version=f"cuttle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    from cuttle import rules_cmd

    rules_cmd.register(sub)
    try:
        from cuttle.ui import commands as ui_commands
    except ImportError:  # pragma: no cover - while the UI package is being built
        ui_commands = None  # type: ignore[assignment]
    if ui_commands is not None:
        ui_commands.register(sub)
    try:
        from cuttle.ai import arena
    except ImportError:  # pragma: no cover - while the AI package is being built
        arena = None  # type: ignore[assignment]
    if arena is not None:
        arena.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cuttle`` command line; return the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
