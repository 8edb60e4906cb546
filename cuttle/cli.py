"""The ``cuttle`` command: builds the parser and dispatches to the subcommands' own modules.

Each subcommand lives with the code it drives (``cuttle.commands.play`` for ``play``/``replay``,
``cuttle.commands.arena`` for ``arena``, ``cuttle.commands.rules`` for ``rules``); this module only
builds the parser and maps exceptions that escape to a clean message and exit status.

Start-up stays fast (``cuttle --help`` and ``cuttle rules`` in well under 150 ms): building the
parser imports only the modules that hold a ``register`` function, and those import neither rich,
prompt_toolkit nor the terminal UI at module level; the command functions import what they need
when they run. ``benchmarks/bench_startup.py`` measures it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cuttle import __version__
from cuttle.rulesdoc import rules_text

__all__ = ["SUBCOMMANDS", "build_parser", "main", "rules_text"]

# The modules whose `register(subparsers)` adds a subcommand, in the order `cuttle --help` lists
# them. To add a subcommand, write `register` in your own module and add ONE line here. That
# module must stay light: no rich, prompt_toolkit or UI-screen import at module level (import
# them inside the command function), or every `cuttle --help` pays for them;
# tests/commands/test_startup.py checks this for every module listed.
SUBCOMMANDS: tuple[str, ...] = (
    "cuttle.commands.rules",
    "cuttle.commands.play",
    "cuttle.commands.arena",
    "cuttle.commands.learn",
    "cuttle.commands.review",
    "cuttle.commands.settings",
    "cuttle.commands.serve",
)


def build_parser() -> argparse.ArgumentParser:
    """Build the top-level parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="cuttle",
        description="Cuttle, the combat card game: play it, watch AIs play it, read its rules.",
    )
    parser.add_argument("--version", action="version", version=f"cuttle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    for module in SUBCOMMANDS:
        importlib.import_module(module).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cuttle`` command line; return the process exit status."""
    try:  # Ctrl-C while the parser and its modules load is no traceback either
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 0
        from cuttle.commands.common import plain_output

        with plain_output(args):  # ASCII where the output cannot show more, or --ascii
            return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
        # No home directory, a folder the game needs that is a file: one line whatever the
        # command (the files layer's FilesError), never a traceback.
        from cuttle.commands.common import EXIT_ERROR, err
        from cuttle.files.safefile import FilesError

        if not isinstance(exc, FilesError):
            raise
        err(str(exc))
        return EXIT_ERROR
