"""``cuttle serve`` while connections that never log in press on it (issue 28 item 11).

The server runs as its own process (``cuttle serve --open --port 0 --max-sessions N``, private
XDG directories). An attacker opens twice ``N`` TCP connections from another loopback address
(127.0.0.2, so that the server sees two sources as it would on a network): half of them silent,
half dripping one byte a second, and opens a new one each time the server closes one (the
attacker reconnects at once). Meanwhile real players log in from 127.0.0.1.

Measured, first without the attacker (the baseline of the same run), then with it:

- login: from the TCP connect to the lobby's prompt, for ``--logins`` players one after the
  other (a login that fails or takes more than 20 s counts as failed);
- key to frame: a player in the lobby types one character and waits for the frame that shows
  it; median and 95th percentile.

    python benchmarks/bench_logins.py                 # about half a minute
    python benchmarks/bench_logins.py --sessions 16 --json

Exit status 1 when a login failed under the attack (a benchmark, not a test: the figures are
the machine's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
ATTACKER = "127.0.0.2"


class Client(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A player: the text received since the last look."""

    def __init__(self) -> None:
        self.buf = ""
        self.got = asyncio.Event()
        self.chan: Any = None

    def data_received(self, data: str, datatype: Any) -> None:
        self.buf = (self.buf + data)[-100_000:]
        self.got.set()

    async def until(self, pattern: str, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while not re.search(pattern, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", self.buf)):
            self.got.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(pattern)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.got.wait(), left)


async def login(port: int, n: int) -> tuple[float | None, Any, Client | None]:
    """One player's login time (None: failed), its connection and its client."""
    start = time.perf_counter()
    try:
        conn = await asyncio.wait_for(asyncssh.connect(
            "127.0.0.1", port, username=f"p{n}", known_hosts=None, agent_path=None,
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        ), 20)
        chan, client = await conn.create_session(
            Client, term_type="xterm-256color", term_size=(100, 30)
        )
        client.chan = chan
        await client.until("lobby>")
    except (OSError, asyncssh.Error, TimeoutError, asyncio.TimeoutError):
        return None, None, None
    return time.perf_counter() - start, conn, client


async def echo(client: Client, samples: int) -> list[float]:
    out: list[float] = []
    for _ in range(samples):
        client.buf = ""
        start = time.perf_counter()
        client.chan.write("z")
        try:
            await client.until("z", timeout=10)
        except TimeoutError:
            continue
        out.append(time.perf_counter() - start)
        client.chan.write("\x7f")
        await asyncio.sleep(0.1)
    return out


async def attacker(port: int, count: int, stop: asyncio.Event) -> list[int]:
    """``count`` connections from ATTACKER that never log in, each reopened when closed; the
    number opened, in a one-item list (so the caller reads it after the stop)."""
    opened = [0]

    async def one(drip: bool) -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(ATTACKER, 0)
                )
            except OSError:
                await asyncio.sleep(0.05)
                continue
            opened[0] += 1
            try:
                while not stop.is_set() and not reader.at_eof():
                    if drip:
                        writer.write(b"S")
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(reader.read(4096), 1.0)
            except OSError:
                pass
            finally:
                writer.close()

    tasks = [asyncio.create_task(one(i % 2 == 1)) for i in range(count)]
    await stop.wait()
    for t in tasks:
        t.cancel()
    return opened


def figures(logins: list[float | None], lat: list[float]) -> dict[str, Any]:
    done = sorted(t for t in logins if t is not None)
    lat = sorted(lat)
    return {
        "logins": f"{len(done)}/{len(logins)}",
        "login_median_ms": round(statistics.median(done) * 1000, 1) if done else None,
        "login_max_ms": round(done[-1] * 1000, 1) if done else None,
        "key_median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
        "key_p95_ms": round(lat[max(0, int(len(lat) * 0.95) - 1)] * 1000, 1) if lat else None,
    }


async def phase(port: int, args: argparse.Namespace, typist: Client, first: int) -> dict[str, Any]:
    times: list[float | None] = []
    lat_task = asyncio.create_task(echo(typist, args.samples))
    for n in range(args.logins):
        t, conn, _ = await login(port, first + n)
        times.append(t)
        if conn is not None:  # its session ends: the next player has the slot
            conn.close()
            await conn.wait_closed()
    lat = await lat_task
    return figures(times, lat)


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="bench-logins-"))
    env = dict(os.environ, XDG_STATE_HOME=str(home / "s"), XDG_DATA_HOME=str(home / "d"),
               XDG_CONFIG_HOME=str(home / "c"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--open", "--port", "0",
         "--max-sessions", str(args.sessions)],
        env=env, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().rsplit(":", 1)[1])
        _, _, typist = await login(port, 0)
        assert typist is not None, "the typist could not log in"
        result: dict[str, Any] = {"max_sessions": args.sessions}
        result["baseline"] = await phase(port, args, typist, 100)
        stop = asyncio.Event()
        attack = asyncio.create_task(attacker(port, 2 * args.sessions, stop))
        await asyncio.sleep(2)  # every attacking socket open
        result["attack"] = await phase(port, args, typist, 200)
        stop.set()
        result["attack"]["attacker_connections"] = (await attack)[0]
        return result
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=8, help="the server's --max-sessions")
    parser.add_argument("--logins", type=int, default=10, help="players who log in a phase")
    parser.add_argument("--samples", type=int, default=30, help="keys typed a phase")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(bench(args))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"max_sessions: {result['max_sessions']}")
        for name in ("baseline", "attack"):
            print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in result[name].items()))
    done, total = result["attack"]["logins"].split("/")
    return 0 if done == total else 1


if __name__ == "__main__":
    sys.exit(main())
