"""An SSH connection's login: public keys only, the pools it waits in, its one session.

``CuttleSSHServer`` is asyncssh's object for one connection: it enters the logins' pool when
the TCP connection is made (``admission.py``), moves to the logged-in pool once its key is
checked, and is closed when its session has not started within the wait (no shell asked for,
or its channel closed) or when its session is over. Its session is ``server.Connection``,
made by the server (``Server.open_session``).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import asyncssh

from cuttle.serve import refusals
from cuttle.serve.admission import prefixes
from cuttle.serve.keys import Login, fingerprint
from cuttle.serve.names import mark, marked, player_name


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
        self.session: Any = None  # a server.Connection  # its one session, started or not

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
        name, why = player_name(self.conn.get_extra_info("username") or "")
        self.session = self.server.open_session(Login(name, self.key), why)
        chan = self.conn.create_server_channel()
        chan.__class__ = _Channel  # asyncssh makes the channel; only its env answer differs
        return chan, self.session


class _Channel(asyncssh.SSHServerChannel):  # type: ignore[type-arg]
    """A session channel that refuses every ``env`` request: asyncssh would keep each
    variable sent, without limit, and the game reads none."""

    def _process_env_request(self, packet: Any) -> bool:
        return False
