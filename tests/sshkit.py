"""In-process SSH players for the serve tests: asyncssh clients, every byte kept, a pyte screen."""

from __future__ import annotations

import asyncio
import re
import signal
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from cuttle.serve.server import Server, Settings
from cuttle.serve.timers import Clock

WAIT = 20.0  # seconds a screen may take to show what a test waits for
LOBBY = r"(?m)^lobby> "  # the lobby's input line


async def until(cond: Callable[[], object], what: str, timeout: float = WAIT) -> None:
    """Until ``cond()`` holds (the server runs in this process: its state can be read)."""
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def key_fp(n: int) -> str:
    """The fingerprint of the n-th test key, as the server names a player's key."""
    return str(key(n).get_fingerprint("sha256"))


class FakeClock(Clock):
    """A clock the test moves by hand (the hold and idle timers)."""

    def __init__(self) -> None:
        self.t = 1000.0
        super().__init__(lambda: self.t)

    def advance(self, seconds: float) -> None:
        self.t += seconds


class _Sink(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    def __init__(self, player: Player) -> None:
        self.player = player

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.player.feed(data)

    def exit_status_received(self, status: int) -> None:
        self.player.status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.closed = True


class Player:
    """One SSH client on a pyte screen; every byte it received is kept in ``raw``."""

    def __init__(self, width: int = 100, height: int = 30) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.status: int | None = None
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.on_feed: Callable[[bytes], None] | None = None  # called with each piece received
        self._text: str | None = None  # the screen's text, until the next piece or resize

    def feed(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(data)
        self._text = None
        if self.on_feed is not None:
            self.on_feed(data)

    def text(self) -> str:
        # kept: waits poll it every 20 ms and guards read it at every piece, and pyte builds
        # each line again cell by cell (a fifth of a whole-game test's time)
        if self._text is None:
            self._text = "\n".join(self.screen.display)
        return self._text

    async def wait(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        end = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.text())
            if found:
                return found
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r} not on the screen:\n{self.text()}")
            await asyncio.sleep(0.02)

    async def wait_closed(self, timeout: float = WAIT) -> None:
        end = time.monotonic() + timeout
        while not self.closed:
            if time.monotonic() > end:
                raise AssertionError(f"the connection is still open:\n{self.text()}")
            await asyncio.sleep(0.02)

    def type(self, text: str) -> None:
        assert self.chan is not None
        self.chan.write(text.encode())

    async def line(self, text: str) -> None:
        self.type(text + "\r")
        await asyncio.sleep(0.05)

    def resize(self, width: int, height: int) -> None:
        assert self.chan is not None
        self.screen.resize(height, width)
        self._text = None
        self.chan.change_terminal_size(width, height)

    def drop(self) -> None:
        """The connection dies (no goodbye)."""
        assert self.conn is not None
        self.conn.abort()


async def connect(
    port: int,
    user: str,
    key: asyncssh.SSHKey,
    command: str | None = None,
    width: int = 100,
    height: int = 30,
    pty: bool = True,
    local: str | None = None,
) -> Player:
    """A player logged in and in a session; ``local``: the loopback address it comes from."""
    player = Player(width, height)
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
        agent_path=None, preferred_auth="publickey",
        local_addr=(local, 0) if local is not None else None,
    )
    player.conn = conn
    kwargs: dict[str, Any] = {"term_type": "xterm-256color", "term_size": (width, height)}
    if not pty:
        kwargs = {}
    chan, _ = await conn.create_session(lambda: _Sink(player), command, encoding=None, **kwargs)
    player.chan = chan
    return player


def authorized(*keys: asyncssh.SSHKey) -> asyncssh.SSHAuthorizedKeys:
    return asyncssh.import_authorized_keys(
        "".join(k.export_public_key().decode() for k in keys)
    )


KEYS: list[asyncssh.SSHKey] = []


def key(n: int) -> asyncssh.SSHKey:
    """The n-th test key (made once per test run)."""
    while len(KEYS) <= n:
        KEYS.append(asyncssh.generate_private_key("ssh-ed25519"))
    return KEYS[n]


@asynccontextmanager
async def running(home: Path, **options: Any) -> AsyncIterator[Server]:
    """A server on 127.0.0.1 and a free port, its files under ``home``."""
    options.setdefault("seed", 1)  # the same deals every run
    settings = Settings(bind="127.0.0.1", port=0, **options)
    server = Server(settings, asyncssh.generate_private_key("ssh-ed25519"))
    await server.start()
    try:
        yield server
    finally:
        await server.stop("The server is stopping.")


def port_of(server: Server) -> int:
    assert server.acceptor is not None
    return int(server.acceptor.sockets[0].getsockname()[1])


@contextmanager
def hang_guard(seconds: int = 90) -> Iterator[None]:
    """Fail (``Hung``) if the block still runs after ``seconds``: a stalled event loop never
    returns to a test's own timeouts, a signal still reaches it."""

    def ring(signum: int, frame: Any) -> None:
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class Hung(Exception):
    """A test's server stalled (``hang_guard``)."""
