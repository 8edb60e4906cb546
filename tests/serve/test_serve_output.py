"""A client that never reads costs the server a bounded amount and is closed (issue 34, item 3).

What waits to be sent to one connection stays under ``outflow.CAP``; no frame is drawn while
the client grants no window for more than ``outflow.UNGRANTED`` bytes or more than ``outflow.HIGH``
waits (the next one supersedes it); a connection that stays held for
``outflow.STALL_LIMIT`` seconds is closed and counted as a refusal. Every test of a server runs
under ``hang_guard`` (a stalled loop fails instead of hanging).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from sshkit import LOBBY, Player, _Sink, connect, key, port_of, running, until
from test_serve_input import hang_guard

from cuttle.serve.limits import outflow, refusals
from cuttle.serve.limits.outflow import Outflow
from cuttle.serve.server import Connection, Server


class FakeChannel:
    """What ``Outflow`` uses of an SSH channel: a send buffer that only the test empties."""

    def __init__(self) -> None:
        self.waiting = 0
        self.written: list[str] = []

    def write(self, data: str) -> None:
        self.written.append(data)
        self.waiting += len(data.encode())

    def get_write_buffer_size(self) -> int:
        return self.waiting

    def set_write_buffer_limits(self, high: int, low: int) -> None:
        pass

    def get_connection(self) -> object:
        return object()  # no transport to look at


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_nothing_is_queued_past_the_cap_and_the_next_frame_is_owed_whole() -> None:
    flow = Outflow()
    chan = FakeChannel()
    flow.attach(chan)
    frame = "x" * (40 * 1024)
    for _ in range(20):  # 800 KB written by a screen whose client reads nothing
        flow.write(frame)
        assert flow.buffered() <= outflow.CAP
    assert flow.owed and flow.bytes_dropped > 0
    assert flow.held()  # over HIGH: no frame now


def test_a_held_connection_draws_again_when_its_output_is_sent_and_closes_when_it_is_not() -> None:
    async def scenario() -> None:
        clock = Clock()
        stalled: list[bool] = []
        flow = Outflow(lambda: stalled.append(True), now=clock)
        chan = FakeChannel()
        flow.attach(chan)
        flow.write("y" * (outflow.HIGH + 1))
        assert flow.held()
        chan.waiting = outflow.UNGRANTED  # the client read: the next look lets frames through
        flow._look()
        assert not flow.held()
        flow.write("z" * (outflow.HIGH + 1))
        assert flow.held() and not stalled
        clock.t += outflow.STALL_LIMIT
        flow._look()
        assert stalled == [True] and flow.closed
        flow.write("more")
        assert chan.written[-1] != "more"  # a closed outflow writes nothing

    asyncio.run(scenario())


def test_a_frame_waits_as_soon_as_the_client_grants_no_window_for_the_last_one() -> None:
    """Not only past ``HIGH``: each frame drawn into a channel nobody reads costs the loop a
    whole frame, so one that stops reading costs the few frames that fill ``UNGRANTED``."""
    flow = Outflow()
    chan = FakeChannel()
    flow.attach(chan)
    flow.write("x" * 1000)
    assert not flow.held()  # a client that reads finds little waiting: frames go on
    chan.waiting = outflow.UNGRANTED + 1
    assert flow.held() and flow.held_since is not None  # and the stall's clock runs
    chan.waiting = 0
    flow._look()
    assert not flow.held()


def server_conn(server: Server, name: str) -> Connection:
    found = [c for c in server.connections if c.login.name == name]
    assert len(found) == 1
    return found[0]


async def connect_unread(port: int, name: str, n: int, width: int, height: int) -> Player:
    """A client that grants the server a tiny window and, once in the lobby, reads no more."""
    player = Player(width, height)
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key(n)], known_hosts=None,
        agent_path=None, preferred_auth="publickey",
    )
    player.conn = conn
    chan, _ = await conn.create_session(
        lambda: _Sink(player), encoding=None, term_type="xterm-256color",
        term_size=(width, height), window=4096,
    )
    player.chan = chan
    return player


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same mechanism at sizes a test reaches in a second."""
    monkeypatch.setattr(outflow, "CAP", 24 * 1024)
    monkeypatch.setattr(outflow, "HIGH", 8 * 1024)
    monkeypatch.setattr(outflow, "LOW", 2 * 1024)
    monkeypatch.setattr(outflow, "STALL_LIMIT", 1.5)


async def make_it_draw(mallory: Player, seconds: float) -> None:
    """Window changes (each one a whole frame) and keys, for ``seconds``."""
    assert mallory.chan is not None
    end = asyncio.get_running_loop().time() + seconds
    i = 0
    while asyncio.get_running_loop().time() < end:
        i += 1
        mallory.chan.change_terminal_size(120 + i % 2, 40 + i % 2)
        mallory.chan.write(b"zZ\x7f\x7f")
        await asyncio.sleep(0.05)


def test_a_client_that_never_reads_is_bounded_then_closed_and_others_go_on(
    tmp_path: Path, small_limits: None
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            bob = await connect(port, "bob", key(1))
            mallory = await connect_unread(port, "mallory", 0, 120, 40)
            await bob.wait(LOBBY)
            await mallory.wait(LOBBY)
            assert mallory.chan is not None
            mallory.chan.pause_reading()  # from now on nothing is taken: no window granted
            conn = server_conn(server, "mallory")
            peak = [0]

            async def watch() -> None:
                while not mallory.closed:
                    peak[0] = max(peak[0], conn.outflow.buffered())
                    await asyncio.sleep(0.01)

            watcher = asyncio.ensure_future(watch())
            drawing = asyncio.ensure_future(make_it_draw(mallory, 30.0))
            for ch in "hello":  # bob types meanwhile and sees each key
                bob.type(ch)
                await asyncio.sleep(0.1)
            await bob.wait("lobby> hello")
            await mallory.wait_closed(timeout=25)
            drawing.cancel()
            await watcher
            assert 0 < peak[0] <= outflow.CAP
            assert conn.outflow.frames_held > 0  # frames were not drawn while it was held
            assert server.refusals.total.get(refusals.SLOW_READER) == 1
            await until(lambda: all(c.login.name != "mallory" for c in server.connections),
                        "mallory's session to end")
            bob.type("!")
            await bob.wait("lobby> hello!")

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_client_that_reads_again_gets_the_newest_screen_whole(
    tmp_path: Path, small_limits: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outflow, "STALL_LIMIT", 60.0)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect_unread(port_of(server), "alice", 0, 120, 40)
            await alice.wait(LOBBY)
            assert alice.chan is not None
            alice.chan.pause_reading()
            conn = server_conn(server, "alice")
            drawing = asyncio.ensure_future(make_it_draw(alice, 30.0))
            await until(lambda: conn.outflow.frames_held > 0, "a frame held back")
            drawing.cancel()
            alice.chan.write(b"\x15games")  # the line as it ends up
            await asyncio.sleep(0.3)
            alice.resize(121, 41)  # the size the client's screen has (its last change)
            alice.chan.resume_reading()
            await alice.wait("lobby> games", timeout=10)
            assert not alice.closed
            fresh = await connect(port_of(server), "carol", key(2), width=121, height=41)
            await fresh.wait(LOBBY)
            # the screen after the backlog is the lobby as a new client sees it, line by line
            assert [ln.rstrip() for ln in alice.screen.display[1:-4]] == [
                ln.rstrip() for ln in fresh.screen.display[1:-4]
            ]

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_channel_closed_under_the_outflow_counts_what_it_still_holds() -> None:
    class Closed(FakeChannel):
        def get_connection(self) -> object:
            raise AssertionError("no connection")  # asyncssh's, once the channel is closed

    flow = Outflow()
    chan = Closed()
    flow.attach(chan)
    flow.write("abc")
    assert flow.buffered() == 3
