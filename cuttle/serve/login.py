"""An SSH connection's login: public keys only, the pools it waits in, its one session.

``Doorway`` takes each TCP connection first: one the logins' pool would refuse
(``limits/admission.py``) is held, unread, for ``HOLD`` seconds and closed, without an SSH object
made for it (a flood that reconnects at once is slowed down to the pace of the holds).
``CuttleSSHServer`` is asyncssh's object for one connection: it enters the logins' pool when
the TCP connection is made, moves to the logged-in pool once its key is checked, and is closed
when its session has not started within the wait (no shell asked for, or its channel closed)
or when its session is over. Its session is ``server.Connection``, made by the server
(``Server.open_session``).
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections.abc import Callable
from typing import Any

import asyncssh

from cuttle.serve.keys import Login, fingerprint
from cuttle.serve.limits import refusals
from cuttle.serve.limits.admission import Gate, prefixes
from cuttle.serve.names import mark, marked, player_name

log = logging.getLogger("cuttle.serve")

HOLD = 10.0  # seconds a refused connection is held, unread, before it is closed
MAX_HELD = 1024  # refused connections held at once (past it the oldest is closed), at most a
# quarter of the file descriptors the process may open


class Arrival:
    """A TCP connection as the pools see it before anything of SSH is made for it."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.prefix, self.wide = prefixes(address)
        self.arrived = time.monotonic()

    def progress(self) -> int:
        return 0

    def close(self) -> None:
        return None

    def who(self) -> str:
        return self.address


class Doorway:
    """The server's listener, handed to asyncssh as its ``tunnel`` (an object whose
    ``create_server`` makes the listening server): each connection the logins' pool would
    refuse is held and closed here; the others go to asyncssh's connection at once."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.factory: Callable[[str, int], Any] | None = None
        self.held: dict[asyncio.Transport, asyncio.TimerHandle] = {}  # oldest first
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        self.max_held = MAX_HELD if soft == resource.RLIM_INFINITY else \
            max(0, min(MAX_HELD, soft // 4))

    async def create_server(self, factory: Callable[[str, int], Any], host: str,
                            port: int) -> asyncio.AbstractServer:
        self.factory = factory
        loop = asyncio.get_running_loop()
        return await loop.create_server(lambda: _Doorstep(self), host, port)

    def hold(self, transport: asyncio.Transport) -> None:
        """Keep a refused connection, unread, for ``HOLD`` seconds, then close it."""
        transport.pause_reading()
        if len(self.held) >= self.max_held:  # the oldest goes
            oldest = next(iter(self.held), None)
            if oldest is not None:
                self.let_go(oldest)
                oldest.abort()
            if len(self.held) >= self.max_held:
                transport.abort()
                return
        self.held[transport] = asyncio.get_running_loop().call_later(HOLD, transport.abort)

    def let_go(self, transport: asyncio.Transport) -> None:
        timer = self.held.pop(transport, None)
        if timer is not None:
            timer.cancel()

    def close(self) -> None:
        """The server stops: every held connection is closed."""
        for transport in list(self.held):
            self.let_go(transport)
            transport.abort()


class _Doorstep(asyncio.Protocol):
    """A new TCP connection: held when refused, else handed to asyncssh's connection."""

    def __init__(self, door: Doorway) -> None:
        self.door = door
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport) and self.door.factory is not None
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if not self.door.gate.admits(Arrival(str(peer[0]) if peer else "")):
            self.door.hold(transport)
            return
        ssh = self.door.factory("", 0)
        transport.set_protocol(ssh)
        ssh.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        return None  # a held connection is not read (reading is paused)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:
            self.door.let_go(self.transport)


class CuttleSSHServer(asyncssh.SSHServer):
    """One SSH connection's login: public keys only (never a password); one session on it."""

    def __init__(self, server: Any, session_wait: float) -> None:
        """``server``: the running ``server.Server``; ``session_wait``: seconds from logging in
        to the session's start."""
        self.server = server
        self.session_wait = session_wait
        self.conn: asyncssh.SSHServerConnection | None = None
        self.key = ""
        self.address = ""  # where it comes from
        self.prefix = self.wide = ""  # its network and wider network (the logins' pool)
        self.arrived = time.monotonic()
        self.stage = 0  # 2: key exchange done, 3: a listed key offered (see progress)
        self.gone = False
        self.session: Any = None  # its one session (a server.Connection), started or not

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        self.prefix, self.wide = prefixes(self.address)
        if not self.server.gate.connect(self):  # closed before a word (asyncssh sends its
            conn.abort()  # version line after this call, and nothing once aborted)

    def progress(self) -> int:
        """How far its login got: 0 nothing, 1 its version line, 2 key exchange done, 3 a
        listed key offered (not yet proved)."""
        if self.stage:
            return self.stage
        version = self.conn.get_extra_info("client_version") if self.conn is not None else None
        return 1 if version else 0

    def close(self) -> None:
        if self.conn is not None:
            self.conn.abort()

    def auth_completed(self) -> None:
        why = self.server.gate.logged_in(self, self.key)
        if why is not None and self.conn is not None:  # told in the SSH disconnect message
            asyncio.get_running_loop().call_soon(
                self.conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, why)
            return
        asyncio.get_running_loop().call_later(self.session_wait, self._no_session)

    def _no_session(self) -> None:
        """Logged in and its session not started (no shell asked for, or its channel closed)
        within the login time: closed (a connection that only holds a slot is not a player)."""
        if self.gone or (self.session is not None and self.session.task is not None):
            return
        self.server.refusals.note(refusals.NEVER_STARTED, self.who())
        self.close()

    def who(self) -> str:
        """The connection, for the log: its name and mark, and its address."""
        if not self.key:
            return self.address
        name = marked(self.session.login.name, self.key) if self.session is not None else \
            f"key {mark(self.key)}"
        return f"{name} from {self.address}"

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        self.server.gate.disconnect(self)
        if self.session is not None:
            self.server.release(self.session)

    def begin_auth(self, username: str) -> bool:
        self.stage = 2
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        authorized = self.server.settings.authorized
        if authorized is not None:
            peer = self.conn.get_extra_info("peername") if self.conn is not None else None
            addr = str(peer[0]) if peer else ""
            if authorized.validate(key, addr, addr) is None:  # {} (no options) is a yes
                return False
        self.key = fingerprint(key)
        self.stage = 3
        return True

    def session_requested(self) -> Any:
        """The connection's one session, on a channel that refuses ``env``; a second session
        channel is refused (one opened and never started counts)."""
        assert self.conn is not None
        if self.session is not None:
            return False
        user = self.conn.get_extra_info("username") or ""
        try:
            name, why = player_name(user, self.key, self.server.roster)
            self.session = self.server.open_session(Login(name, self.key), why)
        except Exception:
            # asyncssh would drop the channel with only a DEBUG line: the host must see why
            log.exception("a session of %s failed as it opened", self.who())
            raise
        chan = self.conn.create_server_channel()
        chan.__class__ = _Channel  # asyncssh makes the channel; only its env answer differs
        return chan, self.session


class _Channel(asyncssh.SSHServerChannel):  # type: ignore[type-arg]
    """A session channel that refuses every ``env`` request: asyncssh would keep each
    variable sent, without limit, and the game reads none."""

    def _process_env_request(self, packet: Any) -> bool:
        return False
