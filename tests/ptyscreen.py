"""The real program in a pseudo-terminal (pexpect), its output fed to a VT100 emulator (pyte), so
tests assert on what a player would see on the screen and in the scrollback."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pexpect
import pyte
from helpers import cli_env


class Term:
    """``python -m cuttle ARGS`` in a ``width`` x ``height`` terminal."""

    def __init__(
        self, args: list[str], home: Path, width: int = 80, height: int = 24,
        term: str = "xterm-256color",
    ) -> None:
        env = cli_env(home, TERM=term, PROMPT_TOOLKIT_NO_CPR="1")
        self.screen = pyte.HistoryScreen(width, height, history=2000)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "cuttle", *args],
            env=env,
            dimensions=(height, width),
            timeout=20,
            cwd=str(home),
        )

    def pump(self, timeout: float = 0.05) -> bool:
        """Feed what the program wrote so far to the emulator; False once it has exited."""
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def text(self) -> str:
        """The screen as it is now, one line a row."""
        return "\n".join(self.screen.display)

    def history(self) -> str:
        """Everything that scrolled off the top, then the screen."""
        cols = self.screen.columns
        old = ["".join(line[x].data for x in range(cols)) for line in self.screen.history.top]
        return "\n".join([*old, self.text()])

    def wait(self, pattern: str, timeout: float = 20) -> re.Match[str]:
        """Until ``pattern`` (a regex) is on the screen; fails with the screen in the message."""
        end = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.text())
            if found:
                return found
            if time.monotonic() > end or not self.pump(0.1):
                found = re.search(pattern, self.text())
                if found:
                    return found
                raise AssertionError(f"{pattern!r} not on the screen:\n{self.text()}")

    def settle(self, quiet: float = 0.3) -> None:
        """Until the program has written nothing for ``quiet`` seconds."""
        end = time.monotonic() + 10
        last = len(self.raw)
        while time.monotonic() < end:
            self.pump(quiet)
            if len(self.raw) == last:
                return
            last = len(self.raw)

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.child.send(text + "\r")

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.child.setwinsize(height, width)

    def finish(self) -> int:
        """Read to the end of the program (at most 20 s); its exit status."""
        end = time.monotonic() + 20
        while self.pump(0.2):
            if time.monotonic() > end:
                self.child.terminate(force=True)
                raise AssertionError(f"the program did not end:\n{self.text()}")
        self.child.close()
        return int(self.child.exitstatus or 0)

    def bottom(self) -> str:
        """The last row (the status bar)."""
        return str(self.screen.display[-1])
