"""What an SSH client sends is not trusted: its terminal's size, its window changes, the lines
typed in the lobby."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from asyncssh.channel import SSHClientChannel
from prompt_toolkit.renderer import Renderer
from sshkit import LOBBY, connect, key, port_of, running

from cuttle.serve.server import MAX_COLUMNS, MAX_ROWS, Connection


def test_a_huge_terminal_is_drawn_at_the_servers_limit_and_others_go_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            bob = await connect(port, "bob", key(1))
            await bob.wait(LOBBY)
            mallory = await connect(port, "mallory", key(0), width=80, height=24)
            await mallory.wait(LOBBY)
            assert mallory.chan is not None
            mallory.chan.change_terminal_size(10_000, 10_000)
            await mallory.line("help")
            await bob.line("help")
            await bob.wait("watch")
            conns = [c for c in server.connections if c.login.name == "mallory"]
            assert len(conns) == 1
            size = Connection._size(conns[0])
            assert (size.columns, size.rows) == (MAX_COLUMNS, MAX_ROWS)

    asyncio.run(scenario())


def test_a_storm_of_window_changes_is_not_a_redraw_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    redraws: list[int] = []
    render = Renderer.render

    def counted(renderer: Renderer, *args: Any, **kwargs: Any) -> None:
        redraws.append(1)
        render(renderer, *args, **kwargs)

    monkeypatch.setattr(Renderer, "render", counted)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            mallory = await connect(port_of(server), "mallory", key(0), width=80, height=24)
            await mallory.wait(LOBBY)
            assert mallory.chan is not None
            await asyncio.sleep(0.2)
            redraws.clear()
            for i in range(500):
                mallory.chan.change_terminal_size(80 + i % 2, 24)
            mallory.chan.change_terminal_size(80, 24)
            await mallory.line("help")  # read after every window change before it
            await mallory.wait("watch")
            # the redraw still due is done (spaced by the key's share, which a loaded machine's
            # clock may have run over while its session started: not within a fixed 0.2 s)
            await until(lambda: redraws)
            await asyncio.sleep(0.2)
            assert 1 <= len(redraws) <= 50

    asyncio.run(scenario())


@pytest.mark.parametrize("game_id", ["\u00b2", "\u0663", "1\u00b2"])
def test_a_game_id_of_digits_other_than_0_to_9_is_one_line_and_the_session_goes_on(
    tmp_path: Path, game_id: str
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line(f"replay {game_id}")
            await alice.wait(r"replay: .*\(see games\)")
            await alice.line("review 7")
            await alice.wait("review: 7 is not one of your games")
            assert not alice.closed

    asyncio.run(scenario())


def test_connections_that_never_log_in_are_limited_with_the_sessions(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None, max_logins=1) as server:
            port = port_of(server)
            first = await asyncio.open_connection("127.0.0.1", port)
            await until(lambda: len(server.logging_in) == 1)
            second = await asyncio.open_connection("127.0.0.1", port)
            # at most max_sessions log in at once: the oldest made room, and is closed
            await asyncio.wait_for(first[0].read(), 20)
            await until(lambda: len(server.logging_in) == 1)
            assert len(server.ssh_connections) == 1
            for _, w in (first, second):
                w.close()

    asyncio.run(scenario())


async def until(cond: Any, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_silent_connections_from_one_address_do_not_keep_a_player_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None, max_sessions=2, max_logins=2) as server:
            port = port_of(server)
            silent = [  # twice max_sessions, from another loopback address, never a word
                await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
                for _ in range(4)
            ]
            assert len(server.logging_in) <= 2
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            for _, w in silent:
                w.close()

    asyncio.run(scenario())


def test_logins_from_one_address_are_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cuttle.serve import login
    from cuttle.serve.server import LOGINS_PER_ADDRESS

    monkeypatch.setattr(login, "HOLD", 0.3)  # a refused connection is held that long

    async def scenario() -> None:
        async with running(tmp_path, authorized=None, max_sessions=64) as server:
            port = port_of(server)
            held = [await asyncio.open_connection("127.0.0.1", port)
                    for _ in range(LOGINS_PER_ADDRESS)]
            await until(lambda: len(server.logging_in) == LOGINS_PER_ADDRESS)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            await asyncio.wait_for(reader.read(), 20)  # held, then closed
            assert len(server.logging_in) == LOGINS_PER_ADDRESS
            for _, w in [*held, (reader, writer)]:
                w.close()

    asyncio.run(scenario())


class _Quiet(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    pass


def test_one_session_a_connection_even_one_never_started(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            conn = await asyncssh.connect(
                "127.0.0.1", port_of(server), username="mallory", client_keys=[key(0)],
                known_hosts=None, agent_path=None, preferred_auth="publickey",
            )
            # a session channel opened and never started (asyncssh's client has no call for
            # it: its channel's own open, as a hostile client would send it)
            first = SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None,
                                     "strict", 2**21, 32768)
            await first._open(b"session")
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_session(_Quiet, term_type="xterm", term_size=(80, 24))
            first.close()
            conn.close()
            assert len(server.connections) == 0

    asyncio.run(scenario())


def test_a_key_has_at_most_a_few_sessions_at_once(tmp_path: Path) -> None:
    from cuttle.serve.server import SESSIONS_PER_KEY

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            players = []
            for n in range(SESSIONS_PER_KEY):
                players.append(await connect(port, f"m{n}", key(0)))
                await players[-1].wait(LOBBY)
            extra = await connect(port, "m", key(0))
            await extra.wait_closed()
            assert extra.status == 1 and b"sessions on this server already" in extra.raw
            players[0].drop()
            await until(lambda: len(server.connections) == SESSIONS_PER_KEY - 1)
            again = await connect(port, "m", key(0))
            await again.wait(LOBBY)
            other = await connect(port, "bob", key(1))  # another key is not counted with it
            await other.wait(LOBBY)

    asyncio.run(scenario())


def test_env_requests_and_agent_forwarding_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            conn = await asyncssh.connect(
                "127.0.0.1", port_of(server), username="mallory", client_keys=[key(0)],
                known_hosts=None, agent_path=str(tmp_path / "agent"), agent_forwarding=True,
                preferred_auth="publickey",
            )
            env = {f"V{i}": "x" * 1000 for i in range(200)}
            chan, _ = await conn.create_session(
                _Quiet, term_type="xterm", term_size=(80, 24), env=env
            )
            await until(lambda: len(server.connections) == 1)
            session = next(iter(server.connections))
            assert session.chan is not None
            assert dict(session.chan.get_environment()) == {}
            assert session.chan.get_agent_path() is None
            chan.close()
            conn.close()

    asyncio.run(scenario())


def test_a_connection_that_logs_in_and_asks_for_no_session_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cuttle.serve import server as server_module

    monkeypatch.setattr(server_module, "SESSION_WAIT", 0.3)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            conn = await asyncssh.connect(
                "127.0.0.1", port_of(server), username="mallory", client_keys=[key(0)],
                known_hosts=None, agent_path=None, preferred_auth="publickey",
            )
            await asyncio.wait_for(conn.wait_closed(), 20)
            await until(lambda: not server.ssh_connections)

    asyncio.run(scenario())
