"""``cuttle serve`` under load, and under one hostile client: another player's key-to-frame time.

The server runs as its own process (``cuttle serve --open --port 0``, private XDG directories,
``--max-sessions 64``); the clients are asyncssh clients in this process, each on an 100x30
terminal. A population is:

- games between two clients (``--people``, default 12: 24 clients), who draw in turn;
- games of one client against the hard AI (``--hard``, default 4), who draws on each turn, so
  the AI thinks most of the time;
- clients in the lobby who type, for the latency (``--typists``, default 4).

Measured:

- key to frame: a typist types one character on its input line and waits for the bytes that
  redraw it (the echo); median and 95th percentile over every sample, taken while the hard AIs
  think and the other games draw; ``lost``: keys whose frame did not come within 10 s (a typist
  gives up after two);
- memory per session: the server's resident memory with every client connected, less the memory
  before the first one, divided by the number of clients (the AI's worker processes, which the
  sessions share, are given apart);
- idle CPU: the server's CPU time over ``--idle`` seconds with every client connected and
  nobody typing, as a percentage of one core.

Runs (each on a server of its own):

- without options: the population above, every figure;
- ``--clients 16,32,64``: populations of that many clients (4 typists, 4 against the hard AI, the
  rest in games between two);
- ``--scenarios paste,flood,resize,half-open`` (or ``all``): the default population while one more
  client attacks, beside the same population without it (``none``): ``paste``: 100 KB pasted
  (bracketed paste) every second; ``flood``: 10 KB a second of keys (letters, deletes, arrow
  keys); ``resize``: 20 window changes a second at 500x200; ``half-open``: 64 TCP connections
  that never log in, from 127.0.0.2 (half silent, half sending a byte a second), with the time
  a new client then takes to reach the lobby (``login_ms``); ``never-started``: 128
  connections of one key that log in and open a session channel never started, reopened as
  they close; ``many-addresses``: four silent connections from each of 64 loopback addresses
  (127.1.N.1, a /24 each), reopened as they close (both with ``login_ms``, and the attacker's
  connections opened: ``attacker_connections``);
- ``--scenarios replay,lobbies,help,unread``: ordinary input within the limits, and clients that
  never read (issue 34, items 3 and 4): ``replay``: three sessions of one key each typing
  ``replay ID``, Enter, ``q`` at 190 characters a second; ``lobbies``: 30 idle lobbies open while
  one client opens and cancels a table at 190 characters a second; ``help``: twelve sessions at
  500x200 each toggling the help (F1) ten times a second; ``unread``: twelve clients at 200x60
  that stop reading (an 8 KB window, then nothing taken) while their screens are made to draw,
  with the server's memory growth (``unread_rss_growth_mb``) and how many it closed
  (``unread_closed``, within 60 s; ``unread_all_closed_s``: when the last one was);
- ``--tables``: 48 clients at tables of two, three and four seats (issue 37): 7 tables of two,
  3 of three people, 2 of three with two people and an AI (put there with ``seat 3 LEVEL``), 2
  of four people, 1 of four with three people and an AI (``seat``), 3 of four with two people
  and two AIs (``fill LEVEL``), and the 4 typists; AIs of ``--table-ai`` (default hard). Each
  person plays the first legal move (Tab, Tab, Enter, Enter) when its screen says it is their
  move, and asks for a rematch at the end. Every figure, memory per session included
  (``tables``: what was seated, and how many moves were tried);
- ``--baseline TREE``: each run made on the source tree TREE too, right after the same run on
  this one (the same machine load for both), side by side;
- ``--profile DIR``: each server runs under cProfile (slower), its profile written in DIR
  (``python -m pstats DIR/paste-tree.prof``): where a frame's time goes.

Targets: median under 50 ms, 95th percentile under 200 ms, under 10 MB per session.

    python benchmarks/bench_serve.py                  # about a minute
    python benchmarks/bench_serve.py --clients 16,32,64 --scenarios all --baseline /tmp/main
    python benchmarks/bench_serve.py --tables          # about two minutes

Exit status 1 when a figure of this tree misses its target (a benchmark, not a test: run it on a
quiet machine).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
ECHO_WAIT = 10.0  # seconds a typist waits for the frame of a key
PASTE = "\x1b[200~" + "p" * 100_000 + "\x1b[201~"
FLOOD_CHUNK = ("ab\x7f\x7f" * 125) + ("\x1b[D\x1b[C" * 83)  # about 1 KB: ten of them a second


class Client(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A player: keeps the text received since the last look, for prompts and echoes."""

    def __init__(self) -> None:
        self.buf = ""
        self.got = asyncio.Event()
        self.chan: Any = None
        self.keep = True  # False: what comes is not looked at (the attacker's 500x200 frames)
        self.lost = False  # the server closed the connection
        self.conn: asyncssh.SSHClientConnection | None = None

    def closed(self) -> bool:
        """The server closed the connection (also told while reading is paused, when the
        session's own close waits behind the data not taken)."""
        return self.lost or (self.conn is not None and self.conn.is_closed())

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True

    def data_received(self, data: str, datatype: Any) -> None:
        if self.keep:
            self.buf = (self.buf + data)[-200_000:]
        self.got.set()

    async def until(self, pattern: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while not re.search(pattern, _plain(self.buf)):
            self.got.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(pattern)
            try:
                await asyncio.wait_for(self.got.wait(), left)
            except asyncio.TimeoutError:
                raise TimeoutError(pattern) from None

    def send(self, text: str) -> None:
        self.chan.write(text)


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", text)


@dataclass
class Run:
    """One server and its clients."""

    port: int = 0
    proc: subprocess.Popen[str] | None = None
    conns: list[asyncssh.SSHClientConnection] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    typists: list[Client] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    clients: int = 0
    home: Path | None = None  # the server's files (its log under s/cuttle/serve.log)
    tables: list[int] = field(default_factory=list)  # the seats of each table seated
    moves: int = 0  # the movers' rounds of keys (and rematches asked) while the run went on
    rematches: int = 0

    async def connect(
        self, name: str, size: tuple[int, int] = (100, 30), key: asyncssh.SSHKey | None = None,
        **session: Any,
    ) -> Client:
        """A client in the lobby (``key``: its login key, a new one by default; ``session``:
        more of asyncssh's session options, ``window=`` say)."""
        key = key or asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect(
            "127.0.0.1", self.port, username=name, client_keys=[key], known_hosts=None,
            agent_path=None,
        )
        self.conns.append(conn)
        try:
            chan, made = await conn.create_session(
                Client, term_type="xterm-256color", term_size=size, **session
            )
        except asyncssh.ChannelOpenError as e:
            raise ServerRefused(name, e.reason, self.home) from None
        client = made if isinstance(made, Client) else Client()
        client.chan = chan
        client.conn = conn
        await client.until("lobby>")
        self.clients += 1
        return client

    def spawn(self, work: Awaitable[None]) -> None:
        self.tasks.append(asyncio.ensure_future(work))


class ServerRefused(Exception):
    """The server closed a connection of the population as its session opened: the
    benchmark cannot measure anything (say why in one line, with the server's log)."""

    def __init__(self, name: str, reason: str, home: Path | None, text: str = "") -> None:
        if text:
            super().__init__(text)
            return
        log = home / "s" / "cuttle" / "serve.log" if home is not None else None
        tail = log.read_text(errors="replace").strip().splitlines()[-3:] if log and \
            log.exists() else []
        super().__init__(
            f"the server closed {name}'s connection as its session opened ({reason}); its "
            f"log {log}: {' | '.join(tail) or 'empty'}. A server that drops every session "
            "without a word is often one missing a dependency: is this environment installed "
            "from this tree's pyproject.toml (pip install -e .)?"
        )


def missing_dependencies(tree: Path) -> list[str]:
    """The packages ``tree``'s pyproject.toml requires that this Python lacks (a server run
    without one starts, then drops each session as it opens: ``confusables`` for the names)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: not checked
        return []
    from importlib import metadata

    text = (tree / "pyproject.toml").read_bytes()
    missing = []
    for requirement in tomllib.loads(text.decode())["project"]["dependencies"]:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement)
        if name is None:
            continue
        try:
            metadata.version(name.group(0))
        except metadata.PackageNotFoundError:
            missing.append(name.group(0))
    return missing


def start_server(
    tree: Path, home: Path, profile: Path | None = None
) -> tuple[subprocess.Popen[str], int]:
    """``cuttle serve`` of ``tree`` (under cProfile, written to ``profile`` when it stops)."""
    env = dict(os.environ, XDG_STATE_HOME=str(home / "s"), XDG_DATA_HOME=str(home / "d"),
               XDG_CONFIG_HOME=str(home / "c"), PYTHONPATH=str(tree))
    profiled = ["-m", "cProfile", "-o", str(profile)] if profile is not None else []
    proc = subprocess.Popen(
        [sys.executable, *profiled, "-m", "cuttle", "serve", "--open", "--port", "0",
         "--max-sessions", "64"],
        env=env, stdout=subprocess.PIPE, text=True, cwd=str(home),
        stderr=(home / "stderr.txt").open("w"),
    )
    assert proc.stdout is not None
    port = int(proc.stdout.readline().rsplit(":", 1)[1])
    proc.stdout.readline()
    proc.stdout.readline()
    return proc, port


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:  # a server whose loop is blocked never reads SIGTERM
        children = children_of(proc.pid)
        proc.kill()
        proc.wait()
        for pid in children:  # its AI workers would live on
            with contextlib.suppress(OSError):
                os.kill(pid, 9)


def children_of(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
    return out


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children_rss_kb(pid: int) -> int:
    """The resident memory of the server's child processes (the AI's workers)."""
    return sum(rss_kb(child) for child in children_of(pid))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def drawer(client: Client, name: str, stop: asyncio.Event) -> None:
    """Draw on every turn until told to stop (or the deck runs out: then just wait)."""
    prompt = rf"(?m){re.escape(name)}> *$|{re.escape(name)}> "
    while not stop.is_set():
        try:
            client.buf = ""
            await client.until(prompt, timeout=5)
        except TimeoutError:
            continue
        client.send("draw\r")
        await asyncio.sleep(0.2)


async def echo_latency(client: Client, samples: int, out: list[float], lost: list[int]) -> None:
    """Type one character, time the frame that shows it, erase it; ``samples`` times (two keys
    without a frame: the server is taken to be stuck, and this typist stops)."""
    for i in range(samples):
        key = "zZ"[i % 2]  # not the last key: a frame that merged its erasing with this key
        client.buf = ""  # shows this one (the same key again would leave the screen as it was)
        client.got.clear()
        start = time.perf_counter()
        client.send(key)
        try:
            await client.until(key, timeout=ECHO_WAIT)
        except TimeoutError:
            lost.append(1)
            if len(lost) >= 2:
                return
            continue
        out.append(time.perf_counter() - start)
        client.send("\x7f")
        await asyncio.sleep(0.25)


async def populate(run: Run, people: int, hard: int, typists: int) -> None:
    for g in range(people):
        a = await run.connect(f"a{g}")
        a.send("new\r")
        await a.until(r"You wait at table (\w+)")
        table = re.findall(r"You wait at table (\w+)", _plain(a.buf))[-1]
        b = await run.connect(f"b{g}")
        b.send(f"join {table}\r")
        run.spawn(drawer(a, f"a{g}", run.stop))
        run.spawn(drawer(b, f"b{g}", run.stop))
    for h in range(hard):
        c = await run.connect(f"h{h}")
        c.send("ai hard\r")
        run.spawn(drawer(c, f"h{h}", run.stop))
    for w in range(typists):
        run.typists.append(await run.connect(f"t{w}"))


# -- tables of two, three and four (issue 37) ------------------------------------------------------
# (seats, people) of each table: the other seats are AIs (one put there with ``seat``, more with
# ``fill``); with the 4 typists, 48 clients
TABLES: list[tuple[int, int]] = (
    [(2, 2)] * 7 + [(3, 3)] * 3 + [(3, 2)] * 2 + [(4, 4)] * 2 + [(4, 3)] + [(4, 2)] * 3
)


def table_clients(tables: list[tuple[int, int]]) -> int:
    return sum(people for _, people in tables)


# what a person's screen says when it is their move: their prompt, or the words above it (a
# prompt redrawn in place is not always sent whole: a frame writes only what changed, and
# "alice (waiting)> " becomes "alice> " by taking "(waiting)" out)
YOUR_TURN = r"Your move|, or resolve|so type resolve|iscard|\(counter\?\)> |royal\?\)> "
UNSTICK = 8.0  # seconds without a sign of one's turn: the keys are typed anyway


async def mover(client: Client, name: str, run: Run) -> None:
    """A person at a table of any size: when its screen says it is their move (their turn, a
    counter window, a 9 against a royal, a discard) it plays the first legal move, as Tab,
    Tab, Enter, Enter do (the first Tab lists the moves, the second takes the first, Enter
    puts it on the line, Enter sends it); at the game's end it asks for a rematch, so the
    table goes on. After ``UNSTICK`` seconds without such a sign it types them anyway (typed
    while others move, the line waits for the prompt)."""
    prompt = rf"{re.escape(name)}(?! \(waiting\))( \([^)]*\))?> "  # not while others move
    while not run.stop.is_set():
        client.buf = ""
        with contextlib.suppress(TimeoutError):
            await client.until(rf"{prompt}|{YOUR_TURN}|Rematch", timeout=UNSTICK)
        if "Rematch" in _plain(client.buf):
            run.rematches += 1
            client.send("y\r")
            await asyncio.sleep(1.0)
            continue
        await asyncio.sleep(0.3)  # a person reads the screen first
        for key in ("\t", "\t", "\r", "\r"):
            client.send(key)
            await asyncio.sleep(0.15)
        run.moves += 1
        await asyncio.sleep(0.5)


async def populate_tables(run: Run, tables: list[tuple[int, int]], level: str,
                          typists: int) -> None:
    """People at ``tables`` (the first opens it, the others join it; AIs of ``level`` in the
    seats left), each playing as ``mover`` does; then the typists."""
    for t, (seats, people) in enumerate(tables):
        names = [f"s{seats}t{t}p{j}" for j in range(people)]
        host = await run.connect(names[0])
        host.send("new\r" if seats == 2 else f"new --players {seats}\r")
        await host.until(r"You wait at table (\w+)")
        table = re.findall(r"You wait at table (\w+)", _plain(host.buf))[-1]
        clients = [host]
        for j, name in enumerate(names[1:], 2):
            guest = await run.connect(name)
            guest.send(f"join {table}\r")
            if j < seats:  # seated before the AIs are (a fill would take this seat first)
                try:
                    await guest.until(r"You wait at table")
                except TimeoutError:
                    raise TimeoutError(f"{name} not seated at {table}: "
                                       f"{_plain(guest.buf)[-600:]!r}") from None
            clients.append(guest)
        if seats - people == 1:  # the seats are taken in order: the last one is free
            host.send(f"seat {seats} {level}\r")
        elif seats > people:
            host.send(f"fill {level}\r")
        for client, name in zip(clients, names, strict=True):
            run.spawn(mover(client, name, run))
        run.tables.append(seats)
    for w in range(typists):
        run.typists.append(await run.connect(f"t{w}"))


# -- the attackers: each runs until the run stops ------------------------------------------------
async def paster(run: Run) -> None:
    m = await run.connect("paste")
    m.keep = False
    while not run.stop.is_set():
        m.send(PASTE)
        await asyncio.sleep(1.0)


async def flooder(run: Run) -> None:
    m = await run.connect("flood")
    m.keep = False
    while not run.stop.is_set():
        m.send(FLOOD_CHUNK)
        await asyncio.sleep(0.1)


async def resizer(run: Run) -> None:
    m = await run.connect("resize", size=(500, 200))
    m.keep = False
    i = 0
    while not run.stop.is_set():
        i += 1
        m.chan.change_terminal_size(500 - i % 2, 200 - i % 2)
        await asyncio.sleep(0.05)


async def half_open(run: Run, found: dict[str, Any]) -> None:
    """64 connections that never log in; then the time a new player takes to reach the lobby."""
    socks: list[asyncio.StreamWriter] = []
    for _ in range(64):
        with contextlib.suppress(OSError):
            _, w = await asyncio.open_connection(  # from an address of their own: the
                "127.0.0.1", run.port, local_addr=("127.0.0.2", 0)  # server limits each one
            )
            socks.append(w)
    start = time.perf_counter()
    try:
        await asyncio.wait_for(run.connect("late"), 60)
        found["login_ms"] = round((time.perf_counter() - start) * 1000, 1)
    except (asyncio.TimeoutError, OSError, asyncssh.Error):
        found["login_ms"] = None
    banner = b"SSH-2.0-drip\r\n"
    k = 0
    while not run.stop.is_set():
        for n, w in enumerate(socks):
            if n % 2:
                with contextlib.suppress(OSError, RuntimeError):
                    w.write(banner[k % len(banner) : k % len(banner) + 1])
        k += 1
        await asyncio.sleep(1.0)
    for w in socks:
        w.close()


async def timed_login(run: Run, found: dict[str, Any], name: str) -> None:
    """The time a new player takes to reach the lobby, while the attack runs."""
    start = time.perf_counter()
    try:
        await asyncio.wait_for(run.connect(name), 60)
        found["login_ms"] = round((time.perf_counter() - start) * 1000, 1)
    except (asyncio.TimeoutError, OSError, asyncssh.Error):
        found["login_ms"] = None


async def never_started(run: Run, found: dict[str, Any]) -> None:
    """128 connections of one key that log in and open a session channel that never starts
    (issue 34 item 1), each reopened as soon as the server closes it; a new player's login."""
    from asyncssh.channel import SSHClientChannel

    key = asyncssh.generate_private_key("ssh-ed25519")
    opened = [0]

    async def one() -> None:
        while not run.stop.is_set():
            try:
                conn = await asyncssh.connect(
                    "127.0.0.1", run.port, username="hold", client_keys=[key],
                    known_hosts=None, agent_path=None)
                chan: Any = SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None,
                                             "strict", 2**21, 32768)
                await chan._open(b"session")
                opened[0] += 1
                await conn.wait_closed()
            except (OSError, asyncssh.Error):
                await asyncio.sleep(0.5)

    tasks = [asyncio.ensure_future(one()) for _ in range(128)]
    steady = 0
    for _ in range(40):  # as many as the server lets in (the key exchanges take a while)
        before = opened[0]
        await asyncio.sleep(1)
        steady = steady + 1 if opened[0] == before and opened[0] else 0
        if steady == 4:
            break
    await timed_login(run, found, "late")
    await run.stop.wait()
    found["attacker_connections"] = opened[0]
    for t in tasks:
        t.cancel()


async def many_addresses(run: Run, found: dict[str, Any]) -> None:
    """Four silent TCP connections from each of 64 loopback addresses, each in a /24 of its
    own (127.1.N.1), reopened as they close (issue 34 item 2); a new player's login."""
    opened = [0]

    async def one(address: str) -> None:
        while not run.stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", run.port, local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            opened[0] += 1
            with contextlib.suppress(OSError):
                await reader.read()  # until the server closes it
            writer.close()

    tasks = [asyncio.ensure_future(one(f"127.1.{n}.1")) for n in range(64) for _ in range(4)]
    await asyncio.sleep(3)
    await timed_login(run, found, "late")
    await run.stop.wait()
    found["attacker_connections"] = opened[0]
    for t in tasks:
        t.cancel()


# -- ordinary input within the limits, and clients that never read (issue 34, items 3 and 4) ------
TYPING = 190.0  # characters a second: just under the server's limit (200)


async def type_at(client: Client, text: str, rate: float, stop: asyncio.Event) -> None:
    """Send ``text`` again and again at ``rate`` characters a second until ``stop``."""
    while not stop.is_set():
        client.send(text)
        await asyncio.sleep(len(text) / rate)


async def finished_game(run: Run, name: str, key: asyncssh.SSHKey) -> tuple[Client, str]:
    """A client of ``key`` with one finished game (against the random AI, conceded), back in
    the lobby; the game's id."""
    c = await run.connect(name, key=key)
    c.send("ai random\r")
    await c.until(rf"{name}( \([^)]*\))?> ")
    c.send("concede\r")
    await c.until(r"\[y/N\]")
    c.send("y\r")
    await c.until("Rematch")
    for _ in range(10):  # Enter until the lobby (the first may only end the last move's step)
        c.buf = ""
        c.send("\r")
        with contextlib.suppress(TimeoutError):
            await c.until("lobby>", timeout=3)
            break
    c.buf = ""
    c.send("games\r")
    await c.until(rf"(\d+)\W+{name} vs AI")
    return c, re.findall(rf"(\d+)\W+{name} vs AI", _plain(c.buf))[-1]


async def replayer(run: Run) -> None:
    """Three sessions of one key, each typing ``replay ID``, Enter, ``q`` at 190 a second."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    first, game = await finished_game(run, "replayer", key)
    clients = [first] + [await run.connect("replayer", key=key) for _ in range(2)]
    for c in clients:
        c.keep = False
        run.spawn(type_at(c, f"replay {game}\rq", TYPING, run.stop))
    await run.stop.wait()


async def lobbies(run: Run) -> None:
    """30 idle lobbies open, and one client opening and cancelling a table at 190 a second."""
    for n in range(30):
        (await run.connect(f"idle{n}")).keep = False
    c = await run.connect("tabler")
    c.keep = False
    await type_at(c, "new\rcancel\r", TYPING, run.stop)


async def helpers(run: Run) -> None:
    """Twelve sessions at 500x200, each toggling the help (F1) ten times a second."""
    clients = [await run.connect(f"help{n}", size=(500, 200)) for n in range(12)]
    for c in clients:
        c.keep = False
        run.spawn(type_at(c, "\x1bOP", 30.0, run.stop))
    await run.stop.wait()


async def unread(run: Run, found: dict[str, Any]) -> None:
    """Twelve clients at 200x60 that stop reading (an 8 KB window, then nothing taken) while
    their screens are made to draw (a window change and the help opened or closed four times a
    second); found: the server's memory growth while they hold on, how many the server closed
    and when the last one was."""
    assert run.proc is not None
    clients = [await run.connect(f"unread{n}", size=(200, 60), window=8192) for n in range(12)]
    for c in clients:
        c.keep = False
        c.chan.pause_reading()
    before = rss_kb(run.proc.pid)
    found["unread_rss_before_mb"] = round(before / 1024, 1)
    i = 0
    start = time.monotonic()
    while time.monotonic() - start < UNREAD_FOR:
        i += 1
        for c in clients:
            with contextlib.suppress(Exception):
                c.chan.change_terminal_size(200 - i % 2, 60)
                c.send("\x1bOP")
        found["unread_rss_growth_mb"] = round((rss_kb(run.proc.pid) - before) / 1024, 1)
        found["unread_closed"] = sum(c.closed() for c in clients)
        if found["unread_closed"] == len(clients):
            found["unread_all_closed_s"] = round(time.monotonic() - start)
            break
        await asyncio.sleep(0.25)


UNREAD_FOR = 60.0  # seconds the unread clients are made to draw (the server closes them after 20)

ATTACKS: dict[str, Callable[[Run, dict[str, Any]], Awaitable[None]]] = {
    "paste": lambda run, found: paster(run),
    "flood": lambda run, found: flooder(run),
    "resize": lambda run, found: resizer(run),
    "half-open": half_open,
    "never-started": never_started,
    "many-addresses": many_addresses,
    "replay": lambda run, found: replayer(run),
    "lobbies": lambda run, found: lobbies(run),
    "help": lambda run, found: helpers(run),
    "unread": unread,
}


async def one_run(
    tree: Path, people: int, hard: int, typists: int, samples: int, scenario: str = "none",
    idle: float = 0.0, profile: Path | None = None, tables: list[tuple[int, int]] | None = None,
    level: str = "hard",
) -> dict[str, Any]:
    """One server of ``tree`` with its population (and attacker): the figures. ``tables``:
    people at tables of 2 to 4 seats instead (AIs of ``level`` in the seats left)."""
    home = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    proc, port = start_server(tree, home, profile)
    run = Run(port=port, proc=proc, home=home)
    found: dict[str, Any] = {}
    try:
        await asyncio.sleep(0.5)
        base = rss_kb(proc.pid)
        if tables is not None:
            await populate_tables(run, tables, level, typists)
        else:
            await populate(run, people, hard, typists)
        attack = None
        if scenario != "none":
            attack = asyncio.ensure_future(ATTACKS[scenario](run, found))
            run.tasks.append(attack)
        await asyncio.sleep(2)  # every game under way: the hard AIs think
        latencies: list[float] = []
        lost: list[int] = []
        cpu0, wall0 = cpu_seconds(proc.pid), time.monotonic()
        await asyncio.gather(*(echo_latency(c, samples, latencies, lost) for c in run.typists))
        # how much of a core the server had while the typists typed (the machine's load shows)
        found["server_cpu_percent"] = round(
            (cpu_seconds(proc.pid) - cpu0) / (time.monotonic() - wall0) * 100)
        if scenario == "unread" and attack is not None:  # until the server closed them all
            await asyncio.wait([attack], timeout=UNREAD_FOR + 5)
        result: dict[str, Any] = {
            "tree": str(tree), "scenario": scenario, "clients": run.clients,
            "games": len(tables) if tables is not None else people + hard,
            **figures(latencies), "lost": len(lost), **found,
        }
        if tables is not None:
            found_ai = sum(seats - p for seats, p in tables)
            result["tables"] = (f"{run.tables.count(2)} of 2, {run.tables.count(3)} of 3, "
                                f"{run.tables.count(4)} of 4; {found_ai} AI seats ({level}); "
                                f"{run.moves} moves tried, {run.rematches} rematches asked")
        if idle:
            full = rss_kb(proc.pid)
            result.update(
                mb_per_session=round((full - base) / 1024 / run.clients, 2),
                server_rss_mb=round(full / 1024, 1),
                ai_workers_rss_mb=round(children_rss_kb(proc.pid) / 1024, 1),
            )
        run.stop.set()
        for t in run.tasks:
            t.cancel()
        if idle:
            await asyncio.sleep(1)
            c0 = cpu_seconds(proc.pid)
            await asyncio.sleep(idle)
            result["idle_cpu_percent"] = round((cpu_seconds(proc.pid) - c0) / idle * 100, 2)
        return result
    finally:
        run.stop.set()
        for t in run.tasks:
            t.cancel()
        for conn in run.conns:
            conn.abort()
        stop_server(proc)


def figures(latencies: list[float]) -> dict[str, Any]:
    lat = sorted(latencies)
    return {
        "samples": len(lat),
        "median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
        # nearest rank (the index of int(0.95 n) - 1 took the fastest of two samples)
        "p95_ms": round(lat[math.ceil(len(lat) * 0.95) - 1] * 1000, 1) if lat else None,
    }


def population(clients: int) -> tuple[int, int, int]:
    """(games between two, games against the hard AI, typists) for ``clients`` clients."""
    return max(0, (clients - 8) // 2), 4, 4


async def bench(args: argparse.Namespace) -> list[dict[str, Any]]:
    trees = [ROOT] + ([Path(args.baseline).resolve()] if args.baseline else [])
    for tree in trees:
        missing = missing_dependencies(tree)
        if missing:
            raise ServerRefused(
                "", "", None, f"{sys.executable} lacks {', '.join(missing)}, which {tree}'s "
                "pyproject.toml requires (the server would drop every session as it opens): "
                f"{sys.executable} -m pip install -e {tree}")
    plans: list[tuple[str, tuple[int, int, int], str, float]] = []
    if not args.clients and not args.scenarios and not args.tables:
        plans.append(("default", (args.people, args.hard, args.typists), "none", args.idle))
    for n in args.clients:
        plans.append((f"{n} clients", population(n), "none", 0.0))
    if args.scenarios:
        plans.append(("no attack", (args.people, args.hard, args.typists), "none", 0.0))
    for s in args.scenarios:
        plans.append((s, (args.people, args.hard, args.typists), s, 0.0))
    if args.tables:
        plans.append(("tables", (0, 0, args.typists), "none", args.idle))
    results: list[dict[str, Any]] = []
    for name, (people, hard, typists), scenario, idle in plans:
        for tree in trees:  # one right after the other: the same load on the machine
            prof = None
            if args.profile:
                tag = "baseline" if tree != ROOT else "tree"
                prof = Path(args.profile) / f"{name.replace(' ', '-')}-{tag}.prof"
            r = await one_run(tree, people, hard, typists, args.samples, scenario, idle, prof,
                              TABLES if name == "tables" else None, args.table_ai)
            r["run"] = name
            r["baseline"] = tree != ROOT
            results.append(r)
            if not args.json:
                print(line_of(r), flush=True)
    return results


def line_of(r: dict[str, Any]) -> str:
    extra = "".join(
        f"  {k} {r[k]}" for k in ("tables", "server_cpu_percent", "login_ms",
                                  "attacker_connections",
                                  "unread_rss_before_mb", "unread_rss_growth_mb",
                                  "unread_closed", "unread_all_closed_s", "mb_per_session",
                                  "server_rss_mb", "ai_workers_rss_mb",
                                  "idle_cpu_percent") if k in r
    )
    which = "baseline" if r["baseline"] else "this tree"
    return (f"{r['run']:>12} {which:>9}: {r['clients']:>3} clients  median {r['median_ms']} ms"
            f"  p95 {r['p95_ms']} ms  ({r['samples']} keys, {r['lost']} lost){extra}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=12, help="games between two clients")
    parser.add_argument("--hard", type=int, default=4, help="games against the hard AI")
    parser.add_argument("--typists", type=int, default=4, help="clients that type in the lobby")
    parser.add_argument("--samples", type=int, default=20, help="keys typed by each typist")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured")
    parser.add_argument("--clients", type=lambda s: [int(x) for x in s.split(",")], default=[],
                        help="scale runs: client counts, comma-separated (16,32,64)")
    parser.add_argument("--scenarios", type=_scenarios, default=[],
                        help="attacks, comma-separated: " + ",".join(ATTACKS) + " (or all)")
    parser.add_argument("--tables", action="store_true",
                        help=f"a run of {table_clients(TABLES) + 4} clients at tables of 2, 3 and "
                        "4 seats, some with AI seats (with the 4 typists)")
    parser.add_argument("--table-ai", default="hard", help="the AI seats' level (--tables)")
    parser.add_argument("--baseline", help="another source tree to run the same on")
    parser.add_argument("--profile", metavar="DIR",
                        help="run each server under cProfile, its profile written in DIR")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        results = asyncio.run(bench(args))
    except ServerRefused as e:
        print(f"bench_serve: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(results))
    ok = all(
        r["median_ms"] is not None and r["median_ms"] < 50 and r["p95_ms"] < 200 and not r["lost"]
        and r.get("mb_per_session", 0) < 10
        for r in results if not r["baseline"]
    )
    return 0 if ok else 1


def _scenarios(text: str) -> list[str]:
    names = list(ATTACKS) if text == "all" else text.split(",")
    for name in names:
        if name not in ATTACKS:
            raise argparse.ArgumentTypeError(f"no scenario {name!r} (one of {', '.join(ATTACKS)})")
    return names


if __name__ == "__main__":
    sys.exit(main())
