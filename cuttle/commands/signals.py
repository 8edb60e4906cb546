"""SIGTERM and SIGHUP (the terminal closed) as an exception the game can save on.

Inside ``trap()``, both signals raise ``Hangup`` in the main thread, so the code that runs the
game leaves through the same path as Ctrl-C: save, one line, exit. (SIGINT stays Python's
``KeyboardInterrupt``.) The game is saved after every move anyway, and every write is atomic, so
a signal arriving during a save costs at most the move in progress.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType
from typing import Any


class Hangup(BaseException):
    """SIGTERM or SIGHUP arrived; ``signum`` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise(signum: int, frame: FrameType | None) -> None:
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
