"""SIGTERM and SIGHUP (the terminal closed) as an exception the game can save on.

Inside ``trap()``, both signals raise ``Hangup`` in the main thread, so the code that runs the
game leaves through the same path as Ctrl-C: save, one line, exit. (SIGINT stays Python's
``KeyboardInterrupt``.) The game is saved after every move anyway, and every write is atomic, so
a signal arriving during a save costs at most the move in progress.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import os
import signal
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

from cuttle.commands.common import err

#: What a full-screen program may have switched on, switched off again: mouse tracking (every
#: mode), bracketed paste, the alternate screen; and the cursor shown.
TERMINAL_RESET = (
    "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[?1049l\x1b[?25h"
)


class Hangup(SystemExit):
    """SIGTERM or SIGHUP arrived; ``signum`` says which.

    A ``SystemExit``: the signal's handler raises it wherever the main thread is, which in a
    full-screen program may be a step of an asyncio task or callback, and asyncio lets only
    ``SystemExit`` and ``KeyboardInterrupt`` out of those (anything else goes to the loop's
    exception handler: prompt_toolkit's printed a traceback and waited for Enter)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise(signum: int, frame: FrameType | None) -> None:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no event loop here: the code running now is the game's own
        raise Hangup(signum) from None
    # A full-screen program: raised here, it would land in the middle of whatever the loop is
    # doing (drawing, a key's handler, a clean-up); raised from a callback of its own, it leaves
    # the loop between two steps, which asyncio lets a SystemExit do.
    loop.call_soon_threadsafe(_hangup, signum)


def _hangup(signum: int) -> None:
    raise Hangup(signum)


@contextlib.contextmanager
def trap() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into ``Hangup`` for the duration (main thread only)."""
    old: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        with contextlib.suppress(ValueError, OSError):  # not the main thread
            old[sig] = signal.signal(sig, _raise)
    try:
        yield
    finally:
        for sig, handler in old.items():
            with contextlib.suppress(ValueError, OSError):
                signal.signal(sig, handler)


def exit_status(signum: int) -> int:
    """The shell's status for a program ended by ``signum`` (128 + n)."""
    return 128 + signum


@contextlib.contextmanager
def terminal_kept() -> Iterator[None]:
    """SIGTERM and SIGHUP as ``Hangup`` (``trap``), and on one the terminal given back as it
    was before the block: the tty modes saved at the start, the alternate screen and mouse
    tracking off, the cursor shown (a screen library's own clean-up may not have run)."""
    fd: int | None = None
    saved: Any = None
    with contextlib.suppress(ImportError, OSError, ValueError, AttributeError):
        import termios

        if sys.stdin.isatty():
            fd = sys.stdin.fileno()
            saved = termios.tcgetattr(fd)
    try:
        with trap():
            yield
    except Hangup:
        restore_terminal(fd, saved)
        raise


def restore_terminal(fd: int | None, saved: Any) -> None:
    """Put the tty modes ``saved`` back on ``fd`` and reset the screen (when it is a terminal)."""
    if fd is not None and saved is not None:
        with contextlib.suppress(ImportError, OSError, ValueError):
            import termios

            termios.tcsetattr(fd, termios.TCSANOW, saved)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        if sys.stdout.isatty():
            sys.stdout.flush()
            os.write(sys.stdout.fileno(), TERMINAL_RESET.encode())


def restores_terminal(
    command: Callable[[argparse.Namespace], int]
) -> Callable[[argparse.Namespace], int]:
    """A full-screen subcommand that ends on SIGTERM or SIGHUP as ``cuttle play`` does: the
    terminal restored, one line, then the shell's status for the signal (143, 129)."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        try:
            with terminal_kept():
                return command(args)
        except Hangup as sig:
            err(f"{sig.name} received")
            return exit_status(sig.signum)

    return run
