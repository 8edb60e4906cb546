"""What a connection's screens write, bounded: a client that stops reading costs a fixed amount.

A screen writes each frame to its SSH channel. When the client does not read (a suspended
``ssh``, a client that never grants window), what is written waits in the server: in the
channel's buffer (no window left) and in the connection's socket buffer (the peer does not read
the socket). Without a bound, that grows for as long as the screen draws. So, per connection:

- while the client has not granted the window for more than ``UNGRANTED`` bytes (they wait in
  the channel: it does not read them), or more than ``HIGH`` bytes wait in all (the channel's and
  the socket's buffers: a client that does not read its socket), the screen draws nothing: its
  frames are superseded by the next one anyway (only the newest screen matters), which is drawn
  when the output is back under ``UNGRANTED`` in the channel and ``LOW`` in all. A client that
  reads grants its window as it goes (nothing waits in the channel); one that stops costs the
  loop the few frames that fill its window and ``UNGRANTED``, then none (each frame drawn into a
  channel nobody reads was a whole frame of the loop's time: held only past ``HIGH``, twelve
  such clients at 200x60 drew for a quarter of a minute, spaced by their shares);
- no write ever makes more than ``CAP`` bytes wait: what would go past it is not sent, and the
  screen's next frame is drawn whole from a cleared screen (the terminal missed some bytes);
- a connection held (as above, when its screen had a frame to draw, or more than ``HIGH``
  written) that does not read it down for ``STALL_LIMIT`` seconds is closed (``on_stalled``):
  a player who comes back finds their seat, as after a dropped connection.

Flow control comes from the channel (``pause``/``resume``, asyncssh's ``pause_writing`` and
``resume_writing`` on the session, at ``HIGH``/``LOW``) and, for the socket's buffer, which
asyncssh does not report, from a look every ``POLL`` seconds while the output is held.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application

CAP = 256 * 1024  # bytes at most waiting to be sent on one connection
HIGH = 64 * 1024  # over this in all, the screen stops drawing ...
LOW = 16 * 1024  # ... until the output is back under this
UNGRANTED = 4 * 1024  # bytes in the channel (no window granted for them) that hold the screen
STALL_LIMIT = 20.0  # seconds a connection may stay held before it is closed
POLL = 0.2  # seconds between two looks at a held connection's buffers


class Outflow:
    """One connection's output: its SSH channel, the frames held back, the stall timer."""

    def __init__(
        self,
        on_stalled: Callable[[], None] = lambda: None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.on_stalled = on_stalled
        self.now = now
        self.chan: Any = None  # the SSH channel (asyncssh.SSHServerChannel)
        self.held_since: float | None = None  # when the screen was held (see the module)
        self.owed = False  # bytes were not sent: the next frame is drawn whole
        self.app: Application[Any] | None = None  # the screen on now
        self.frames_held = 0  # frames not drawn while the output was held (for tests)
        self.bytes_dropped = 0  # bytes not sent at the cap
        self.closed = False
        self._timer: asyncio.TimerHandle | None = None

    def attach(self, chan: Any) -> None:
        """The connection's channel: its flow control calls ``pause`` and ``resume``."""
        self.chan = chan
        with contextlib.suppress(Exception):
            chan.set_write_buffer_limits(high=HIGH, low=LOW)

    def buffered(self) -> int:
        """Bytes written and not sent yet: the channel's buffer and the socket's."""
        return self._waiting()[1]

    def _waiting(self) -> tuple[int, int]:
        """Bytes written that wait in the channel (the client has granted no window for
        them), and in all (the socket's buffer too)."""
        chan = self.chan
        if chan is None:
            return 0, 0
        ungranted = 0
        with contextlib.suppress(Exception):
            ungranted = int(chan.get_write_buffer_size())
        waiting = ungranted
        # asyncssh keeps no count of its socket's buffer: the transport's own (asyncio), while
        # the channel has a connection (a closed one has none)
        with contextlib.suppress(Exception):
            transport = getattr(chan.get_connection(), "_transport", None)
            if transport is not None:
                waiting += int(transport.get_write_buffer_size())
        return ungranted, waiting

    def _over(self, in_all: int) -> bool:
        """More than ``UNGRANTED`` bytes wait in the channel, or more than ``in_all`` in all."""
        ungranted, waiting = self._waiting()
        return ungranted > UNGRANTED or waiting > in_all

    def held(self) -> bool:
        """The screen must not draw now (too much is waiting)."""
        if self.held_since is not None:
            return True
        if self._over(HIGH):
            self.pause()
            return True
        return False

    def write(self, data: str) -> None:
        """A screen's bytes (newlines as the terminal wants them); not sent past ``CAP``."""
        chan = self.chan
        if chan is None or self.closed:
            return
        size = len(data.encode("utf-8", "replace"))
        if self.buffered() + size > CAP:
            self.owed = True
            self.bytes_dropped += size
            self.pause()
            return
        with contextlib.suppress(BrokenPipeError, OSError):
            chan.write(data)
        if self.held_since is None and self.buffered() > HIGH:
            self.pause()

    def pause(self) -> None:
        """Too much waits: no frame until it is sent (the stall timer starts)."""
        if self.held_since is None and not self.closed:
            self.held_since = self.now()
            self._look_later()

    def resume(self) -> None:
        """The channel sent what waited (or a look found the output back under ``LOW``)."""
        if self.held_since is None or self.closed or self._over(LOW):
            return
        self.held_since = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        app = self.app
        if app is not None and app.is_running:
            app.invalidate()  # the newest screen, drawn now

    def _look_later(self) -> None:
        with contextlib.suppress(RuntimeError):  # no loop: nothing more to look at
            self._timer = asyncio.get_running_loop().call_later(POLL, self._look)

    def _look(self) -> None:
        self._timer = None
        if self.held_since is None or self.closed:
            return
        self.resume()
        if self.held_since is None:
            return
        if self.now() - self.held_since >= STALL_LIMIT:
            self.close()
            self.on_stalled()
            return
        self._look_later()

    def close(self) -> None:
        """The connection ended: nothing more is written or looked at."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def show(self, app: Application[Any]) -> Application[Any]:
        """``app`` draws through this outflow from now on: no frame while the output is held,
        and a whole one (the terminal cleared first) after bytes were not sent."""
        self.app = app
        renderer = app.renderer
        render = renderer.render

        def gated(app: Application[Any], layout: Any, is_done: bool = False) -> None:
            if not is_done and self.held():
                self.frames_held += 1
                return
            if self.owed:  # the terminal missed bytes: start from a cleared screen
                self.owed = False
                output = renderer.output
                renderer.reset(leave_alternate_screen=False)
                output.reset_attributes()
                output.erase_screen()
                output.cursor_goto(0, 0)
            render(app, layout, is_done=is_done)

        renderer.render = gated  # type: ignore[method-assign]
        return app
