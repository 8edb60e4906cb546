"""What every subcommand shares: the exit statuses, the one-line error, and whether to draw.

Light on purpose (the standard library and ``cuttle.text.safetext``): every module that
registers a subcommand imports it, and ``cuttle --help`` pays for whatever it imports.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

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


#: Characters the game draws; a stream that cannot encode them gets the ASCII stand-ins.
_GAME_SYMBOLS = "♠♥♦♣▒◀·→…─│"


def _can_show(stream: Any) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        _GAME_SYMBOLS.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


@contextlib.contextmanager
def plain_output(args: argparse.Namespace) -> Iterator[None]:
    """Standard output and error in ASCII (``cuttle.text.plainascii``: ``♠`` S, ``▒`` #) for
    the command's run when ``--ascii`` asks for it or a stream cannot encode the game's symbols
    (``PYTHONIOENCODING=ascii``, a latin-1 locale): every command then writes ASCII instead of
    failing with ``UnicodeEncodeError``, and its cards are drawn ``7D``. Standard input reads
    what it cannot decode as a replacement character."""
    from cuttle.text.plainascii import CODEC, register_codec

    wanted = bool(getattr(args, "ascii", False))
    changed: list[tuple[Any, str, str]] = []
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or not (wanted or not _can_show(stream)):
            continue
        if stream is sys.stdout and hasattr(args, "ascii"):
            args.ascii = True  # the cards too
        register_codec()
        old = (stream, stream.encoding, stream.errors or "strict")
        with contextlib.suppress(ValueError, OSError):
            reconfigure(encoding=CODEC, errors="strict")
            changed.append(old)
    if not _can_show(sys.stdin) and hasattr(sys.stdin, "reconfigure"):
        with contextlib.suppress(ValueError, OSError):
            sys.stdin.reconfigure(errors="replace")
    try:
        yield
    finally:
        for stream, encoding, errors in changed:
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(encoding=encoding, errors=errors)
