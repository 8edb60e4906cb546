"""Who may hold a connection (issue 34 items 1 and 2): sessions that never start, connections
per key, the logins' pool by network, a player never kept out by connections that do not log in.

Every test runs under ``hang_guard``: a stalled server fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from asyncssh.channel import SSHClientChannel
from sshkit import LOBBY, authorized, connect, hang_guard, key, port_of, running, until

from cuttle.serve.limits import refusals
from cuttle.serve.limits.admission import LOGINS_PER_PREFIX, Pools, prefixes
from cuttle.serve.login import CuttleSSHServer


async def logged_in(port: int, n: int, local: str | None = None) -> asyncssh.SSHClientConnection:
    """A connection of key ``n`` that logs in and opens no session."""
    return await asyncssh.connect(
        "127.0.0.1", port, username=f"k{n}", client_keys=[key(n)], known_hosts=None,
        agent_path=None, preferred_auth="publickey",
        local_addr=(local, 0) if local is not None else None,
    )


async def never_started(conn: asyncssh.SSHClientConnection) -> SSHClientChannel[bytes]:
    """A session channel opened and never started (no pty, no shell asked for): asyncssh's
    client has no call for it, so its channel's own open, as a hostile client sends it."""
    chan: SSHClientChannel[bytes] = SSHClientChannel(
        conn, asyncio.get_running_loop(), "strict", None, "strict", 2**21, 32768)
    await chan._open(b"session")
    return chan


# -- item 1: sessions that never start, connections per key -----------------------------------
def test_a_session_channel_never_started_is_closed_after_the_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cuttle.serve import server as server_module

    monkeypatch.setattr(server_module, "SESSION_WAIT", 0.3)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            conn = await logged_in(port_of(server), 0)
            await never_started(conn)
            await asyncio.wait_for(conn.wait_closed(), 10)
            await until(lambda: not server.ssh_connections, "the connection gone")
            assert server.refusals.snapshot()["total"] == {refusals.NEVER_STARTED: 1}

    with hang_guard():
        asyncio.run(scenario())


def test_a_connection_whose_session_ended_or_whose_channel_closed_is_closed(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("quit")
            assert alice.conn is not None
            await asyncio.wait_for(alice.conn.wait_closed(), 10)  # not only its channel
            conn = await logged_in(port, 1)
            chan = await never_started(conn)
            chan.close()
            await asyncio.wait_for(conn.wait_closed(), 10)
            await until(lambda: not server.ssh_connections, "every connection gone")

    with hang_guard():
        asyncio.run(scenario())


def test_one_key_holds_a_few_connections_and_never_every_slot(tmp_path: Path) -> None:
    from cuttle.serve.server import CONNECTIONS_PER_KEY

    async def scenario() -> None:
        async with running(tmp_path, authorized=authorized(key(0), key(1)),
                           max_sessions=4) as server:
            port = port_of(server)
            held = []
            refused = 0
            for _ in range(3 * CONNECTIONS_PER_KEY):  # every slot, as the 128 did
                conn = await logged_in(port, 0)
                with contextlib.suppress(asyncssh.Error, OSError):
                    await never_started(conn)
                    await asyncio.sleep(0.05)
                if conn.is_closed() or await _closed_soon(conn):
                    refused += 1
                else:
                    held.append(conn)
            assert len(held) == CONNECTIONS_PER_KEY
            assert refused == 2 * CONNECTIONS_PER_KEY
            bob = await connect(port, "bob", key(1))  # another friend still gets in
            await bob.wait(LOBBY)
            assert server.refusals.snapshot()["total"][refusals.PER_KEY] == refused
            for conn in held:
                conn.close()

    with hang_guard():
        asyncio.run(scenario())


async def _closed_soon(conn: asyncssh.SSHClientConnection) -> bool:
    try:
        await asyncio.wait_for(conn.wait_closed(), 0.5)
    except asyncio.TimeoutError:
        return False
    return True


def test_the_key_over_its_connections_reads_why_in_the_disconnect(tmp_path: Path) -> None:
    from cuttle.serve.server import CONNECTIONS_PER_KEY

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            held = [await logged_in(port, 0) for _ in range(CONNECTIONS_PER_KEY)]
            told: list[Exception | None] = []

            class Told(asyncssh.SSHClient):
                def connection_lost(self, exc: Exception | None) -> None:
                    told.append(exc)

            extra = await asyncssh.connect(
                "127.0.0.1", port, username="m", client_keys=[key(0)], known_hosts=None,
                agent_path=None, preferred_auth="publickey", client_factory=Told)
            await asyncio.wait_for(extra.wait_closed(), 10)
            assert isinstance(told[0], asyncssh.DisconnectError)
            assert "connections to this server already" in told[0].reason
            for conn in held:
                conn.close()

    with hang_guard():
        asyncio.run(scenario())


# -- item 2: many addresses ---------------------------------------------------------------------
async def silent_flood(port: int, networks: int, each: int, stop: asyncio.Event,
                       opened: list[int]) -> None:
    """``each`` silent TCP connections from 127.1.N.1 for N below ``networks`` (one /24 each,
    all in 127.1.0.0/16), each reopened as soon as the server closes it."""

    async def one(address: str) -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(0.01)
                continue
            opened[0] += 1
            try:
                while not stop.is_set() and not reader.at_eof():
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(reader.read(4096), 0.2)
            except OSError:
                pass
            finally:
                writer.close()

    tasks = [asyncio.create_task(one(f"127.1.{n}.1"))
             for n in range(networks) for _ in range(each)]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def test_silent_logins_from_many_networks_never_keep_a_listed_key_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=authorized(key(0)), max_sessions=8,
                           max_logins=8) as server:
            port = port_of(server)
            stop = asyncio.Event()
            opened = [0]
            flood = asyncio.create_task(silent_flood(port, 32, 2, stop, opened))
            await until(lambda: opened[0] >= 64, "the flood under way")
            for n in range(3):  # one after the other, each while the flood goes on
                alice = await connect(port, f"alice{n}", key(0), local="127.0.0.1")
                await alice.wait(LOBBY)
                assert len(server.logging_in) <= 8
                assert all(isinstance(p, CuttleSSHServer) for p in server.logging_in)
                alice.drop()
            assert opened[0] > 64  # the flood was closed and came back meanwhile
            stop.set()
            await flood
            total = server.refusals.snapshot()["total"]
            assert total.get(refusals.LOGINS_FULL, 0) > 0

    with hang_guard():
        asyncio.run(scenario())


def test_logins_are_counted_by_network_not_by_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cuttle.serve import login

    monkeypatch.setattr(login, "HOLD", 0.3)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            held = [await asyncio.open_connection("127.0.0.1", port,
                                                  local_addr=(f"127.2.0.{n + 1}", 0))
                    for n in range(LOGINS_PER_PREFIX)]
            await until(lambda: len(server.logging_in) == LOGINS_PER_PREFIX, "held")
            reader, writer = await asyncio.open_connection(  # another address, same /24
                "127.0.0.1", port, local_addr=("127.2.0.200", 0))
            assert await asyncio.wait_for(reader.read(), 10) == b""  # held, not a word, closed
            other = await asyncio.open_connection(  # another /24
                "127.0.0.1", port, local_addr=("127.2.1.1", 0))
            await until(lambda: len(server.logging_in) == LOGINS_PER_PREFIX + 1, "let in")
            assert server.refusals.snapshot()["total"] == {refusals.PER_ADDRESS: 1}
            for _, w in [*held, (reader, writer), other]:
                w.close()

    with hang_guard():
        asyncio.run(scenario())


def test_a_player_in_a_game_is_not_counted_with_the_logins(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None, max_sessions=2, max_logins=2) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            bob = await connect(port, "bob", key(1), local="127.0.0.2")
            await bob.wait(LOBBY)
            silent = [await asyncio.open_connection("127.0.0.1", port,
                                                    local_addr=(f"127.3.{n}.1", 0))
                      for n in range(6)]
            await until(lambda: len(server.logging_in) == 2, "the logins' pool full")
            await alice.line("new")  # both logged in, both still answered
            await alice.wait("You wait at table")
            assert len(server.connections) == 2 and not alice.closed and not bob.closed
            for _, w in silent:
                w.close()

    with hang_guard():
        asyncio.run(scenario())


def test_a_refused_connection_is_held_unread_then_closed_and_the_holds_are_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cuttle.serve import login

    monkeypatch.setattr(login, "HOLD", 60)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            server.door.max_held = 2
            port = port_of(server)
            held = [await asyncio.open_connection("127.0.0.1", port,
                                                  local_addr=("127.5.0.1", 0))
                    for _ in range(LOGINS_PER_PREFIX)]
            await until(lambda: len(server.logging_in) == LOGINS_PER_PREFIX, "held")
            over = [await asyncio.open_connection("127.0.0.1", port,
                                                  local_addr=("127.5.0.2", 0))
                    for _ in range(3)]
            await until(lambda: len(server.door.held) == 2, "two held")
            first = over[0][0]  # the oldest of three held went: closed without a word
            assert await asyncio.wait_for(first.read(), 10) == b""
            over[1][1].write(b"SSH-2.0-x\r\n" * 100)  # a held one is not read
            await asyncio.sleep(0.2)
            assert len(server.door.held) == 2 and not server.ssh_connections - set(
                server.logging_in)
            for _, w in [*held, *over]:
                w.close()
        assert not server.door.held  # the server stopped: every held connection closed

    with hang_guard():
        asyncio.run(scenario())


# -- the pools, alone ---------------------------------------------------------------------------
class FakePeer:
    def __init__(self, address: str, arrived: float, stage: int = 0) -> None:
        self.address = address
        self.prefix, self.wide = prefixes(address)
        self.arrived = arrived
        self.stage = stage
        self.closed = False

    def progress(self) -> int:
        return self.stage

    def close(self) -> None:
        self.closed = True


def test_prefixes_are_a_24_for_ipv4_and_a_64_for_ipv6() -> None:
    assert prefixes("127.0.1.5") == ("127.0.1.0/24", "127.0.0.0/16")
    assert prefixes("2001:db8:1:2:3:4:5:6") == ("2001:db8:1:2::/64", "2001:db8:1::/48")
    assert prefixes("::ffff:10.1.2.3") == ("10.1.2.0/24", "10.1.0.0/16")
    assert prefixes("fe80::1%eth0")[0] == "fe80::/64"
    assert prefixes("") == ("", "")


def test_a_full_pool_makes_room_from_the_network_with_a_record_first() -> None:
    now = [0.0]
    pools = Pools(max_logins=2, max_logged_in=10, clock=lambda: now[0])
    pools.records.add("10.0.0.0/24", 5.0)  # logins that failed from there
    y, w = FakePeer("10.1.0.1", 0.0, stage=1), FakePeer("10.2.0.1", 1.0)
    assert pools.enter(y) is None and pools.enter(w) is None
    now[0] = 2.0
    assert pools.enter(FakePeer("10.0.0.2", 2.0)) == ("full", None)  # the worst: refused
    x = FakePeer("10.3.0.1", 2.0)  # a clean network: the login that got least far goes
    assert pools.enter(x) == ("made room", w)
    assert pools.records.of("10.2.0.0/24") == 1.0  # w ended without logging in
    assert list(pools.logging_in) == [y, x]


def test_a_full_pool_makes_room_from_the_network_holding_most_then_the_oldest() -> None:
    now = [0.0]
    pools = Pools(max_logins=3, max_logged_in=10, clock=lambda: now[0])
    b1, a1, a2 = FakePeer("10.1.0.1", 0.0), FakePeer("10.0.0.1", 1.0), FakePeer("10.0.0.2", 2.0)
    for peer in (b1, a1, a2):
        assert pools.enter(peer) is None
    now[0] = 3.0
    assert pools.enter(FakePeer("10.2.0.1", 3.0)) == ("made room", a1)  # not b1, older
    assert pools.enter(FakePeer("10.3.0.1", 3.0)) == ("made room", a2)  # a record now
    assert pools.enter(FakePeer("10.4.0.1", 3.0)) == ("made room", b1)  # the oldest of equals


def test_a_network_over_its_logins_is_refused_and_its_record_fades() -> None:
    now = [0.0]
    pools = Pools(max_logins=100, max_logged_in=10, clock=lambda: now[0])
    peers = [FakePeer(f"2001:db8::{n}", 0.0) for n in range(LOGINS_PER_PREFIX + 1)]
    for peer in peers[:-1]:
        assert pools.enter(peer) is None
    assert pools.enter(peers[-1]) == ("per-prefix", None)
    assert pools.records.of("2001:db8::/64") == 1.0
    now[0] = 600.0  # ten half-lives
    assert pools.records.of("2001:db8::/64") < 0.001


def test_a_logged_in_key_leaves_the_logins_and_counts_per_key() -> None:
    pools = Pools(max_logins=1, max_logged_in=3)
    peers = [FakePeer("10.0.0.1", 0.0) for _ in range(4)]
    for peer in peers[:3]:
        assert pools.enter(peer) is None
        assert pools.logged_in_with(peer, "SHA256:k", per_key=2) in (None, "per-key")
    assert not pools.logging_in  # the logins' pool is free again
    assert pools.per_key == {"SHA256:k": 2}
    pools.leave(peers[0])
    assert pools.per_key == {"SHA256:k": 1}
    assert pools.records.of(peers[0].prefix) == 0  # logged in: no record
    other: Any = FakePeer("10.0.0.2", 0.0)
    assert pools.enter(other) is None
    assert pools.logged_in_with(other, "SHA256:o", per_key=2) is None
    last: Any = FakePeer("10.0.0.3", 0.0)
    pools.enter(last)
    pools.logged_in_with(FakePeer("10.0.0.4", 0.0), "SHA256:p", per_key=2)
    assert pools.logged_in_with(last, "SHA256:q", per_key=2) == "full"


def test_the_server_asks_for_more_open_files_where_the_system_allows() -> None:
    import resource

    from cuttle.commands.serve import MAX_FILES, more_descriptors

    more_descriptors()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert soft == resource.RLIM_INFINITY or soft >= min(hard, MAX_FILES)
