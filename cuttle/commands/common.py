"""What every subcommand shares: the exit statuses, the one-line error, and whether to draw.

Light on purpose (the standard library and ``cuttle.text.safetext``): every module that
registers a subcommand imports it, and ``cuttle --help`` pays for whatever it imports.
"""

from __future__ import annotations

import os
import sys

from cuttle.text.safetext import safe_text

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPT = 0, 1, 2, 130


def err(text: str) -> None:
    """Say ``cuttle: TEXT`` on standard error, with anything unsafe for a terminal escaped."""
    sys.stderr.write(f"cuttle: {safe_text(text, 400)}\n")
    sys.stderr.flush()


def is_interactive() -> bool:
    """Both ends are a terminal that can draw a screen: the full-screen app (else plain text)."""
    return (
        sys.stdin.isatty()
        and sys.stdout.isatty()
        and os.environ.get("TERM", "") not in ("dumb", "unknown")
    )
