"""``cuttle serve`` under load: 32 SSH clients in 16 games, some of them against the hard AI.

The server runs as its own process (``cuttle serve --open --port 0``, private XDG directories);
the clients are asyncssh clients in this process, each on an 100x30 terminal. Games:

- ``--people`` games between two clients (default 12: 24 clients), who draw in turn;
- ``--hard`` games of one client against the hard AI (default 4), who draws on each turn, so the
  AI thinks most of the time;
- ``--typists`` clients in the lobby (default 4) who type, for the latency.

Measured:

- key to frame: a typist types one character on its input line and waits for the bytes that
  redraw it (the echo); median and 95th percentile over every sample, taken while the hard AIs
  think and the other games draw;
- memory per session: the server's resident memory with every client connected, less the memory
  before the first one, divided by the number of clients (the AI's worker processes, which the
  sessions share, are given apart);
- idle CPU: the server's CPU time over ``--idle`` seconds with every client connected and
  nobody typing, as a percentage of one core.

Targets: median under 50 ms, 95th percentile under 200 ms, under 10 MB per session.

    python benchmarks/bench_serve.py                  # about a minute
    python benchmarks/bench_serve.py --samples 40 --json

Exit status 1 when a figure misses its target (a benchmark, not a test: run it on a quiet machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parents[1]


class Client(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A player: keeps the text received since the last look, for prompts and echoes."""

    def __init__(self) -> None:
        self.buf = ""
        self.got = asyncio.Event()
        self.chan: Any = None

    def data_received(self, data: str, datatype: Any) -> None:
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


async def connect(port: int, name: str, key: asyncssh.SSHKey) -> Client:
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
    )
    chan, client = await conn.create_session(
        Client, term_type="xterm-256color", term_size=(100, 30)
    )
    client.chan = chan
    await client.until("lobby>")
    return client


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children_rss_kb(pid: int) -> int:
    """The resident memory of the server's child processes (the AI's workers)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += rss_kb(int(stat.parent.name))
    return total


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


async def echo_latency(client: Client, samples: int, out: list[float]) -> None:
    """Type one character, time the frame that shows it, erase it; ``samples`` times."""
    for _ in range(samples):
        client.buf = ""
        client.got.clear()
        start = time.perf_counter()
        client.send("z")
        try:
            await client.until("z", timeout=10)
        except TimeoutError:
            continue
        out.append(time.perf_counter() - start)
        client.send("\x7f")
        await asyncio.sleep(0.25)


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    env = dict(os.environ, XDG_STATE_HOME=str(home / "s"), XDG_DATA_HOME=str(home / "d"),
               XDG_CONFIG_HOME=str(home / "c"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--open", "--port", "0",
         "--max-sessions", "100"],
        env=env, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().split(":")[1])
        proc.stdout.readline()
        proc.stdout.readline()
        await asyncio.sleep(0.5)
        base = rss_kb(proc.pid)
        stop = asyncio.Event()
        tasks: list[asyncio.Task[None]] = []
        echo_clients: list[Client] = []
        n = 0
        for g in range(args.people):
            a = await connect(port, f"a{g}", asyncssh.generate_private_key("ssh-ed25519"))
            a.send("new\r")
            await a.until(r"You wait at table (\w+)")
            table = re.findall(r"You wait at table (\w+)", _plain(a.buf))[-1]
            b = await connect(port, f"b{g}", asyncssh.generate_private_key("ssh-ed25519"))
            b.send(f"join {table}\r")
            n += 2
            tasks += [asyncio.create_task(drawer(a, f"a{g}", stop)),
                      asyncio.create_task(drawer(b, f"b{g}", stop))]
        for h in range(args.hard):
            c = await connect(port, f"h{h}", asyncssh.generate_private_key("ssh-ed25519"))
            c.send("ai hard\r")
            n += 1
            tasks.append(asyncio.create_task(drawer(c, f"h{h}", stop)))
        for w in range(args.typists):
            v = await connect(port, f"t{w}", asyncssh.generate_private_key("ssh-ed25519"))
            n += 1
            echo_clients.append(v)
        await asyncio.sleep(2)  # every game under way: the hard AIs think
        everyone = n
        latencies: list[float] = []
        await asyncio.gather(*(echo_latency(c, args.samples, latencies) for c in echo_clients))
        full = rss_kb(proc.pid)
        workers = children_rss_kb(proc.pid)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.sleep(1)
        c0 = cpu_seconds(proc.pid)
        await asyncio.sleep(args.idle)
        idle = (cpu_seconds(proc.pid) - c0) / args.idle * 100
        lat = sorted(latencies)
        return {
            "clients": everyone,
            "games": args.people + args.hard,
            "samples": len(lat),
            "median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
            "p95_ms": round(lat[int(len(lat) * 0.95) - 1] * 1000, 1) if lat else None,
            "mb_per_session": round((full - base) / 1024 / everyone, 2),
            "server_rss_mb": round(full / 1024, 1),
            "ai_workers_rss_mb": round(workers / 1024, 1),
            "idle_cpu_percent": round(idle, 2),
        }
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=12, help="games between two clients")
    parser.add_argument("--hard", type=int, default=4, help="games against the hard AI")
    parser.add_argument("--typists", type=int, default=4, help="clients that type in the lobby")
    parser.add_argument("--samples", type=int, default=20, help="keys typed by each typist")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(bench(args))
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>18}: {v}")
    ok = (
        result["median_ms"] is not None
        and result["median_ms"] < 50
        and result["p95_ms"] < 200
        and result["mb_per_session"] < 10
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
