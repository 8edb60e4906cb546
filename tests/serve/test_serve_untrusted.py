"""What an SSH client sends is not trusted: its terminal's size, its window changes, the lines
typed in the lobby."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.renderer import Renderer
from sshkit import connect, key, port_of, running

from cuttle.serve.server import MAX_COLUMNS, MAX_ROWS, Connection

LOBBY = r"(?m)^lobby> "


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
            await asyncio.sleep(0.2)  # a redraw still due is done
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
        async with running(tmp_path, authorized=None, max_sessions=1) as server:
            port = port_of(server)
            idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            await asyncio.wait_for(reader.read(), 20)  # the server closes it at once
            assert len(server.ssh_connections) == 2
            for _, w in [*idle, (reader, writer)]:
                w.close()

    asyncio.run(scenario())
