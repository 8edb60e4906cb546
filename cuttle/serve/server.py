"""The SSH server: who may log in, one lobby and game screen per connection, shutdown.

Each connection gets a terminal made of its SSH channel (its keys handed in by ``keyboard.py``,
never through a pipe; output written to the channel) and runs, in turn, the lobby and the game
screens on the server's one event loop. What one connection can make that loop do is bounded:
its keys by a token bucket, its window changes to one redraw per ``RESIZE_INTERVAL``, the redraws
and keys of all the sessions of one key to that key's share of the loop (``fairshare``), and what
waits to be sent to it to ``outflow.CAP`` (a client that does not read is closed).
An error in one connection is logged and ends that connection only; nothing is written to the
server's own terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import random
import shlex
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Group, RenderableType
from rich.text import Text

from cuttle.serve import adapter, keep, store
from cuttle.serve.aipool import AIPool
from cuttle.serve.hall import Hall
from cuttle.serve.keyboard import KeyboardInput
from cuttle.serve.keys import Login, fingerprint
from cuttle.serve.limits import paint, refusals
from cuttle.serve.limits.admission import LOGINS_PER_PREFIX, Gate
from cuttle.serve.limits.disk import KEEP_DAYS, PRUNE_EVERY, prune_finished
from cuttle.serve.limits.fairshare import Shares, metered
from cuttle.serve.limits.frames import caused_by, pace
from cuttle.serve.limits.outflow import Outflow
from cuttle.serve.limits.status import heartbeat, remove_status
from cuttle.serve.lobby import Lobby
from cuttle.serve.login import CuttleSSHServer, Doorway
from cuttle.serve.match import Match
from cuttle.serve.names import Roster, marked
from cuttle.serve.store import ServerLock
from cuttle.serve.timers import Clock
from cuttle.text.helptext import entries_view

log = logging.getLogger("cuttle.serve")

LOGIN_TIMEOUT = 30  # seconds to log in
LOGINS_PER_ADDRESS = LOGINS_PER_PREFIX  # connections from one network still logging in
SESSION_WAIT = LOGIN_TIMEOUT  # seconds from logging in to the session's start (its shell)
# young passes of the cycle collector before one of the middle generation (Python's own: 10):
# a frame's objects live until the screen's next frame, half a second or more, longer than
# ten young passes, so they reached the old generation and made a full pass (every object of
# every screen, 150 to 300 ms on two cores) every few seconds at the 48-client tables; at 100
# they die in the middle generation, and a full pass comes about a tenth as often
MIDDLE_PASSES = 100
SESSIONS_PER_KEY = 3  # sessions at once with one key (each is a lobby or a game screen)
REVIEW_WAIT = 30.0  # seconds the stop waits for the reviews to end (each ends at its next move)
CONNECTIONS_PER_KEY = SESSIONS_PER_KEY + 1  # logged-in connections with one key (one more than
# the sessions: the one told that the key has its sessions already)
KEEPALIVE = 30  # seconds between keepalives; three missed end the connection
MAX_COLUMNS = 250  # a terminal is drawn at most this wide and this high, whatever it says:
MAX_ROWS = 80  # a screen's drawing time grows with its area, on the loop every player shares
RESIZE_SETTLE = 0.05  # seconds from a window change to its redraw (changes meanwhile: the same)
RESIZE_INTERVAL = 0.25  # seconds at least between two redraws for one client's window changes
WATCH_KEYS = [
    ("q or Esc", "back to the lobby (Esc closes a window first)"),
    ("PgUp PgDn", "scroll the log"),
    ("F2", "the pace of the moves shown: step, normal, fast"),
    ("F1", "this help (Esc closes it)"),
]
SEAT_TAKEN = (
    "Your key logged in on another connection, which has your seat in game {id} now "
    "(back brings it here)."
)


@dataclass
class Settings:
    """How the server runs (the ``cuttle serve`` options)."""

    bind: str = "127.0.0.1"
    port: int = 2222
    authorized: asyncssh.SSHAuthorizedKeys | None = None  # None: any key (--open)
    hold: float = 300.0
    idle: float = 900.0
    max_sessions: int = 64
    max_logins: int = 32  # connections logging in at once (the logins' pool, admission.py)
    clock: Clock = field(default_factory=Clock)
    seed: int | None = None  # the deals and who moves first (None: unpredictable)
    ai_processes: int = 0  # worker processes the AI thinks in (0: each game's own thread)
    keep_finished: float = KEEP_DAYS  # days finished games are kept (--keep-finished)


class _ChannelOut:
    """The file a screen writes to: the SSH channel (newlines as the terminal wants them)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def write(self, data: str) -> int:
        if not self.conn.closed:
            with contextlib.suppress(BrokenPipeError, OSError, asyncssh.Error):
                self.conn.outflow.write(data.replace("\n", "\r\n"))
        return len(data)

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        return None

    @property
    def encoding(self) -> str:
        return "utf-8"


class Connection(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One logged-in player's terminal."""

    def __init__(self, server: Server, login: Login, notice: str = "") -> None:
        """``notice``: the first lobby's first line (why the name is not the one typed)."""
        self.server = server
        self.login = login
        self.chan: asyncssh.SSHServerChannel[str] | None = None
        self.command = ""
        self.has_pty = False
        self.closed = False
        self.share = server.shares.of(login.key)  # the loop's time and typing of this key
        self.input = KeyboardInput(self._refused, self.share.bucket, self.share)
        self.outflow = Outflow(self._stalled)  # what waits to be sent, bounded
        self.output: Vt100_Output | None = None
        self.app: Application[Any] | None = None  # the screen on now (for resizes)
        self.lobby: Lobby | None = None
        self.seat: tuple[Match, int] | None = None
        self.watching: Match | None = None
        self.screen: adapter.Screen | None = None
        self.task: asyncio.Task[None] | None = None
        self.notice = notice  # the next lobby's first line (why this connection is there)
        self.last_words = ""  # the server stops: the line written once the screen has ended
        self.resizing = False  # a redraw for window changes is due
        self.resized_at = 0.0  # when the last one was made (time.monotonic)

    # -- asyncssh's calls ----------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[str]) -> None:  # type: ignore[override]
        self.chan = chan
        self.outflow.attach(chan)

    def pause_writing(self) -> None:
        self.outflow.pause()  # the channel's buffer is over outflow.HIGH: no frame is drawn

    def resume_writing(self) -> None:
        self.outflow.resume()

    def _stalled(self) -> None:
        """The client has not read its output for ``outflow.STALL_LIMIT`` seconds: closed (a
        seat is held, as after a dropped connection)."""
        who = marked(self.login.name, self.login.key)
        refusals.note(refusals.SLOW_READER, f"{who}, {self.outflow.buffered() // 1024} KB queued")
        if self.chan is not None:
            with contextlib.suppress(Exception):  # already closed: nothing to do
                self.chan.get_connection().abort()

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.has_pty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command[:200]
        return True

    def session_started(self) -> None:
        # every step of the session is charged to its key's share of the loop
        self.task = asyncio.get_running_loop().create_task(metered(self._main(), self.share))

    def data_received(self, data: str, datatype: Any) -> None:
        self.input.feed(data)  # never waits: the screen reads it on a later turn of the loop

    def terminal_size_changed(self, width: int, height: int, pw: int, ph: int) -> None:
        if not self.resizing:  # a storm of window changes costs one redraw a RESIZE_INTERVAL
            self.resizing = True
            wait = max(RESIZE_SETTLE, self.resized_at + RESIZE_INTERVAL - time.monotonic())
            asyncio.get_running_loop().call_later(wait, self._resized)

    def _resized(self) -> None:
        self.resizing = False
        self.resized_at = time.monotonic()
        if self.app is not None and self.app.is_running and not self.closed:
            self.app.invalidate()  # a frame at a new size is drawn in full (prompt_toolkit)

    def _refused(self, text: str) -> None:
        """Tell the player, on the screen they are on, that some of their input was dropped."""
        refusals.note(refusals.INPUT_DROPPED, f"{marked(self.login.name, self.login.key)}: {text}")
        if self.screen is not None:
            adapter.message(self.screen, text)
        elif self.lobby is not None:
            self.lobby.say(text)

    def _show(self, app: Application[Any], others_pay: bool = True) -> Application[Any]:
        """``app`` is the screen on now: window changes come from the channel (no polling), its
        frames are charged to the key whose input asked for them (``frames.pace``: the key's
        own, or another's move or change; ``others_pay`` False: every frame is this key's), and
        none is drawn while too much waits to be sent (``Outflow.show``)."""
        self.app = app
        app.terminal_size_polling_interval = None
        return self.outflow.show(pace(app, self.share, others_pay))

    def eof_received(self) -> bool:
        self._gone()
        return True  # half open: the session's last word and exit status still go out

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone()
        if self.chan is not None:  # the connection's one session is over (or never started):
            with contextlib.suppress(Exception):  # the connection has nothing more to do
                self.chan.get_connection().close()

    # -- the player's time on the server --------------------------------------------------------
    def _size(self) -> Size:
        if self.chan is None:
            return Size(rows=24, columns=80)
        width, height, _, _ = self.chan.get_terminal_size()
        return Size(rows=min(height or 24, MAX_ROWS), columns=min(width or 80, MAX_COLUMNS))

    def _gone(self) -> None:
        """The connection ended: a seat is held, a spectator leaves, a lobby closes."""
        if self.closed:
            return
        self.closed = True
        self.outflow.close()
        if self.seat is not None and self.screen is not None:
            match, seat = self.seat
            match.leave(seat, self.screen)
        if self.watching is not None and self.screen is not None:
            self.watching.unwatch(self.screen)
            adapter.close_screen(self.screen)
        if self.lobby is not None:
            self.lobby.close()
        self.input.close()

    def _say(self, line: str) -> None:
        """One line on the channel: also after the client's end of input (``ssh HOST cmd
        </dev/null``), which leaves the channel's output open; a closed channel takes nothing."""
        if self.chan is not None:
            with contextlib.suppress(Exception):
                self.chan.write(line + "\r\n")

    async def _main(self) -> None:
        assert self.chan is not None
        caused_by(self.share)  # what this session asks the loop to draw is its key's doing
        status = 0
        try:
            refusal = self.server.admit(self)
            if refusal is not None:
                self._say(refusal)
                status = 1
            elif not self.has_pty:
                self._say("cuttle needs a terminal: use ssh -t (for example ssh -t -p PORT HOST)")
                status = 1
            else:
                await self._play()
        except Exception:  # one player's error ends their connection only
            log.exception("session of %s ended by an error", self.login.name)
            self._say("Sorry: an error ended your session (it is in the server's log).")
            status = 1
        finally:
            self.server.release(self)
            if self.last_words:
                self._say("\r\n" + self.last_words)
            with contextlib.suppress(Exception):
                self.chan.exit(status)

    def stop(self, words: str) -> None:
        """The server stops: the screen on now ends (as the terminal wants it left), then
        ``words`` are the connection's last line."""
        self.last_words = words
        if self.screen is not None:
            adapter.close_screen(self.screen)
        elif self.lobby is not None:
            self.lobby.close()
        elif self.app is not None and self.app.is_running:
            self.app.exit()

    async def _play(self) -> None:
        self.output = Vt100_Output(
            cast(TextIO, _ChannelOut(self)), self._size, term=self.chan_term(), enable_cpr=False
        )
        pipe = self.input
        with create_app_session(input=pipe, output=self.output):
            first = self.command or None
            hall = self.server.hall
            back = hall.seat_of(self.login) or hall.resume_for(self.login)
            if back is not None and first is None:  # a command (an invitation) is run in the
                await self._play_seat(*back)  # lobby, which says when the game in progress stops it
                self.notice = self.notice or "Welcome back."
            while not self.closed and not self.last_words:
                notice, self.notice = self.notice, ""
                self.lobby = Lobby(
                    self.server.hall, self.login, pipe, self.output, notice, self._invite()
                )
                self._show(self.lobby.app)
                choice = await self.lobby.run(first)
                self.lobby = None
                first = None
                if choice[0] == "quit" or self.closed or self.last_words:
                    break
                if choice[0] == "play":
                    await self._play_seat(choice[1], choice[2])
                elif choice[0] == "watch":
                    await self._watch(choice[1])
                elif choice[0] == "replay":
                    app = self._show(adapter.replay_app(
                        choice[1], pipe, self.output, choice[2], bottom=choice[3]))
                    await adapter.run_app(app)

    async def _play_seat(self, match: Match, seat: int) -> None:
        """Play at the seat, then each rematch this player agreed to (however they came to
        the seat: from the lobby, or back after a dropped connection)."""
        await self._sit(match, seat)
        while not self.closed and not self.last_words and (again := self._rematch()) is not None:
            await self._sit(*again)

    def _rematch(self) -> tuple[Match, int] | None:
        """The seat of the rematch this player just agreed to, if any (one still in play)."""
        seat = self.server.hall.rematches.pop(self.login.key, None)
        return seat if seat is not None and not seat[0].over else None

    def _invite(self) -> str:
        """The command a friend types to reach this server: the address and port this
        player's own connection reached (behind a tunnel, the host knows better)."""
        sock = self.chan.get_extra_info("sockname") if self.chan is not None else None
        if not sock:
            return "ssh -t -p PORT HOST"
        return f"ssh -t -p {int(sock[1])} {shlex.quote(str(sock[0]))}"

    def chan_term(self) -> str:
        assert self.chan is not None
        return self.chan.get_terminal_type() or "xterm"

    async def _sit(self, match: Match, seat: int) -> None:
        assert self.output is not None
        screen = adapter.make_screen(self.input, self.output)
        for other in self.server.connections:  # the same key on another connection: it goes
            if other is not self and other.seat == (match, seat):  # to the lobby, told why
                other.notice = SEAT_TAKEN.format(id=match.id)
        self.screen, self.seat = screen, (match, seat)
        if self.server.hall.rematches.get(self.login.key) == (match, seat):
            del self.server.hall.rematches[self.login.key]  # taken (after a reconnect, say)
        self._show(screen.app)
        match.sit(seat, screen)
        self.server.hall.changed()  # the lobbies say where the seat is played
        try:
            await adapter.run_screen(screen)
        finally:
            match.leave(seat, screen)
            self.screen, self.seat = None, None
            self.server.hall.changed()
            self.notice = match.parting_words(seat) or self.notice  # the rematch is off: why

    async def _watch(self, match: Match | None) -> None:
        """Watch ``match``, then its rematches, until the spectator leaves for the lobby."""
        assert self.output is not None
        left: list[adapter.Screen] = []

        def leave() -> None:  # q, Esc: back to the lobby, not on to a rematch
            left.append(screen)
            adapter.close_screen(screen)

        while match is not None and not self.closed and not self.last_words:
            screen = adapter.make_watch_screen(
                self.input, self.output, leave, _watch_help(match.id)
            )
            if not match.watch(screen):
                return
            self.screen, self.watching = screen, match
            self._show(screen.app, others_pay=False)  # watching is the spectator's choice
            try:
                await adapter.run_screen(screen)
            finally:
                match.unwatch(screen)
                self.screen, self.watching = None, None
            if left or match.chose_lobby(screen):
                return
            match = self.server.hall.following.get(match.id)


class Server:
    """The running server: its settings, the hall, the connections."""

    def __init__(
        self, settings: Settings, host_key: asyncssh.SSHKey, lock: ServerLock | None = None
    ) -> None:
        self.settings = settings
        self.host_key = host_key
        self.lock = lock or ServerLock()  # one server on a data directory
        self.notices: list[str] = []  # what the start found in the server's files
        self.roster = Roster()  # the names of the keys seen: a look-alike of one is refused
        rng = random.Random(settings.seed) if settings.seed is not None else random.SystemRandom()
        self.pool = AIPool(settings.ai_processes)
        self.hall = Hall(
            hold=settings.hold, idle=settings.idle, clock=settings.clock, rng=rng, pool=self.pool
        )
        self.connections: set[Connection] = set()
        self.by_key: dict[str, set[Connection]] = {}  # the sessions open with each key
        self.shares = Shares()  # each key's share of the loop, for all its sessions
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.pruning: asyncio.Task[None] | None = None  # the daily prune of finished games
        self.refusals = refusals.Refusals()  # what was turned away, and why (the log, --status)
        refusals.activate(self.refusals)
        self.gate = Gate(settings.max_logins, 2 * settings.max_sessions, CONNECTIONS_PER_KEY,
                         self.refusals)
        self.door = Doorway(self.gate)  # a refused connection is held there, never SSH's
        self.started = time.time()
        self.address: tuple[str, int] = ("", 0)
        self.heartbeat: asyncio.Task[None] | None = None

    def open_session(self, login: Login, notice: str) -> Connection:
        """A session channel was opened (it counts for its key before it starts)."""
        conn = Connection(self, login, notice=notice)
        self.by_key.setdefault(login.key, set()).add(conn)
        return conn

    def admit(self, conn: Connection) -> str | None:
        """Why the session that starts cannot play (one line), or None: it is let in."""
        if len(self.by_key.get(conn.login.key, ())) > SESSIONS_PER_KEY:
            self.refusals.note(refusals.PER_KEY, f"{SESSIONS_PER_KEY} sessions: {_who(conn)}")
            return (f"You have {SESSIONS_PER_KEY} sessions on this server already (the most "
                    "for one key); close one and try again.")
        if len(self.connections) >= self.settings.max_sessions:
            self.refusals.note(refusals.SLOTS_FULL, f"session of {_who(conn)}")
            return "The server is full; try again later."
        self.connections.add(conn)
        return None

    def release(self, conn: Connection) -> None:
        self.connections.discard(conn)
        mine = self.by_key.get(conn.login.key)
        if mine is not None:
            mine.discard(conn)
            if not mine:
                del self.by_key[conn.login.key]

    @property
    def logging_in(self) -> dict[Any, None]:
        """The connections logging in, oldest first."""
        return self.gate.pools.logging_in

    @property
    def ssh_connections(self) -> set[Any]:
        """The SSH connections, logging in or logged in."""
        return self.gate.connections

    async def start(self) -> tuple[str, int]:
        """Listen; returns the address and port (the port chosen when 0 was asked). Games in
        progress when the server last stopped wait again for their players."""
        if not self.lock.held:
            self.lock.acquire()  # before anything of the server's files is read
        self.hall.loop = asyncio.get_running_loop()
        self.hall.loop.set_exception_handler(_log_loop_error)
        if not paint.install():  # every screen's frames cheaper, the same bytes
            log.info("frames: this prompt_toolkit's copy and diff are not the ones the server "
                     "saves on; its frames cost what prompt_toolkit's own cost")
        self.notices = keep.prepare()
        store.REVIEWS.reset()
        await asyncio.to_thread(prune_finished, self.settings.keep_finished)
        # what the process holds now (modules, the engine's tables) lives as long as it does:
        # kept out of the cycle collector's full passes, which every screen's key waits for
        gc.collect()
        gc.freeze()
        young, _, old = gc.get_threshold()
        gc.set_threshold(young, MIDDLE_PASSES, old)
        self.pruning = self.hall.loop.create_task(self._prune_daily())
        self.acceptor = await asyncssh.create_server(
            lambda: CuttleSSHServer(self, SESSION_WAIT),
            self.settings.bind,
            self.settings.port,
            tunnel=self.door,
            server_host_keys=[self.host_key],
            login_timeout=LOGIN_TIMEOUT,
            keepalive_interval=KEEPALIVE,
            keepalive_count_max=3,
            allow_scp=False,
            line_editor=False,  # the screens edit their own input line
            agent_forwarding=False,
            x11_forwarding=False,
        )
        # once listening (a port that cannot be had leaves every game as it was), before the
        # loop takes a first connection: resuming does not wait
        self.hall.resume_saved()
        sock = self.acceptor.sockets[0].getsockname()
        self.lock.note(str(sock[0]), int(sock[1]))
        self.address = (str(sock[0]), int(sock[1]))
        self.heartbeat = self.hall.loop.create_task(heartbeat(self.status, self.refusals))
        return self.address

    def status(self) -> dict[str, Any]:
        """The counts ``cuttle serve --status`` shows (``status.py``)."""
        return {
            "pid": os.getpid(), "address": self.address[0], "port": self.address[1],
            "started": self.started, "updated": time.time(),
            "sessions": len(self.connections), "max_sessions": self.settings.max_sessions,
            **self.gate.counts(), "refused": self.refusals.snapshot(),
            "held": len(self.door.held), "max_held": self.door.max_held,
        }

    def fingerprint(self) -> str:
        return fingerprint(self.host_key)

    async def _prune_daily(self) -> None:
        """The finished games past ``--keep-finished`` go once a day while the server runs."""
        while True:
            await asyncio.sleep(PRUNE_EVERY)
            await asyncio.to_thread(prune_finished, self.settings.keep_finished)

    async def stop(self, why: str) -> None:
        """Tell every connection ``why`` in one line (games are saved after every move) and
        close them."""
        if self.acceptor is not None:
            self.acceptor.close()
        if self.pruning is not None:
            self.pruning.cancel()
        self.door.close()
        if self.heartbeat is not None:
            self.heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.heartbeat
        remove_status()
        matches = list(self.hall.matches.values())
        for match in matches:
            match.stop()
        store.REVIEWS.stop(0)  # each review ends at its next move
        self.pool.close()  # a game waiting on the AI gets its move in its own thread
        for match in matches:  # each saves and lets go of its save slot
            await asyncio.to_thread(match.thread.join, 10)
        conns = list(self.connections)
        for conn in conns:  # a player's game is saved; a spectator's or a lobby's is not theirs
            conn.stop(f"{why.rstrip('.')}; your game is saved." if conn.seat else why)
        tasks = [c.task for c in conns if c.task is not None and not c.task.done()]
        if tasks:  # each screen ends and its last line is written after it, not over it
            await asyncio.wait(tasks, timeout=5)
        for conn in conns:
            if conn.chan is not None:
                with contextlib.suppress(Exception):
                    conn.chan.exit(0)
        if self.acceptor is not None:
            await self.acceptor.wait_closed()
        if await asyncio.to_thread(store.REVIEWS.stop, REVIEW_WAIT):  # none writes after this
            self.lock.release()
        else:  # let go when the process ends, not while a review may still write the history
            log.warning("a review still runs %s s after the stop; the lock is kept", REVIEW_WAIT)


def _who(conn: Connection) -> str:
    """A session, for the log: its name and mark."""
    return marked(conn.login.name, conn.login.key)


def _watch_help(match_id: str) -> RenderableType:
    """What a spectator's F1 shows."""
    intro = f"You watch game {match_id}: the table as anyone may see it, no hand, no deck."
    return Group(Text(intro), Text(""), entries_view(WATCH_KEYS))


def _log_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An error no connection caught goes to the server's log, never to its terminal."""
    exc = context.get("exception")
    log.error("%s", context.get("message", "error"), exc_info=exc)


def login_line(host: str, port: int) -> str:
    """What a friend types to come in."""
    where = host if host not in ("0.0.0.0", "::") else "THIS-HOST"
    return f"ssh -p {port} {shlex.quote(where)}"


async def run_server(
    settings: Settings,
    host_key: asyncssh.SSHKey,
    say: Callable[[str], None],
    lock: ServerLock | None = None,
    warn: Callable[[str], None] | None = None,
) -> int:
    """Run until SIGTERM, SIGINT or SIGHUP: prints the address, the fingerprint and the login
    line (before them, through ``warn``, what the start found wrong in the server's files); at
    the end every game is saved and every player told in one line. ``lock``: the server's
    lock on the data directory, when the caller took it already."""
    server = Server(settings, host_key, lock)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # SIGHUP too (the terminal closed), unless the server was started to ignore it (nohup)
    stops = [signal.SIGTERM, signal.SIGINT]
    if signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:
        stops.append(signal.SIGHUP)
    for sig in stops:
        loop.add_signal_handler(sig, stop.set)
    try:
        host, port = await server.start()
        for notice in server.notices:
            (warn or say)(notice)
        say(f"[{host}]:{port}" if ":" in host else f"{host}:{port}")  # IPv6 as ssh writes it
        say(server.fingerprint())
        say(login_line(host, port))
        await stop.wait()
    finally:
        for sig in stops:
            loop.remove_signal_handler(sig)
        await server.stop("The server is stopping.")
    return 0
