"""The lobby and the paths between screens: the same key on two connections, spectators who
leave, the names players are shown by, the help and the invitation."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from sshkit import WAIT, connect, key, port_of, running
from test_serve_game import LOBBY, SHOWN, by_seat, key_fp, prompt_of, two_at_a_table, until

from cuttle.serve import adapter
from cuttle.serve.hall import Hall, HallError
from cuttle.serve.keys import Login


def test_the_same_key_twice_the_newer_connection_takes_the_seat_and_the_older_is_told(
    tmp_path: Path,
) -> None:
    """Each connection that takes the seat (logging in, then ``back``) gets the whole table
    and the input line; the one it was taken from goes to its lobby and reads why; the game
    goes on for the opponent."""

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            game = match.session.game
            a_seat = match.seat_of(key_fp(0))
            assert a_seat is not None
            name = match.session.names[a_seat]
            await alice.wait(rf"(?m)^{name}( \(waiting\))?> ")
            older = alice
            newer = await connect(port_of(server), "alice", key(0))
            for _ in range(3):
                hand = game.view(a_seat)["hands"][a_seat]
                await newer.wait(rf"(?m)^{name}( \(waiting\))?> ")
                shown = [SHOWN[c] for c in hand]
                await until(lambda n=newer, s=shown: all(c in n.text() for c in s), "the hand")
                await older.wait(LOBBY)
                await older.wait(rf"another connection, which has your seat in game {match.id}")
                await older.wait(f"Your seat in game {match.id} is played on another connection")
                await older.line("back")
                older, newer = newer, older
            mover = game.to_move
            assert mover is not None
            player = newer if mover == a_seat else seats[mover]
            await player.wait(prompt_of(match.session.names[mover]))
            await player.line("draw")
            await until(lambda: len(game.history) == 1, "the move")
            await older.line("help")
            await older.wait("open a table and wait")

    asyncio.run(scenario())


def test_what_a_game_screen_is_sent_before_it_runs_is_shown_once_it_runs() -> None:
    """A game may draw a screen that is about to start (a seat taken on a connection): the
    calls wait for the screen, a close too (before, they were lost: a blank screen that never
    ended)."""

    async def scenario() -> None:
        with create_pipe_input() as pipe:
            screen = adapter.make_screen(pipe, DummyOutput())
            adapter.message(screen, "drawn before it ran")
            adapter.close_screen(screen)
            await asyncio.wait_for(adapter.run_screen(screen), WAIT)
            assert "drawn before it ran" in screen.messages

    asyncio.run(scenario())


def test_a_key_waiting_at_a_table_on_one_connection_starts_no_game_on_another() -> None:
    alice, bob = Login("alice", "ka"), Login("bob", "kb")

    async def scenario() -> None:
        hall = Hall(rng=random.Random(1))
        table = hall.open_table(alice, "classic")
        other = hall.open_table(bob, "classic")
        starts = [lambda: hall.join(alice, other.id), lambda: hall.play_ai(alice, "random", "")]
        for start in starts:
            with pytest.raises(HallError, match=f"you wait at table {table.id} \\(on another"):
                start()
        assert set(hall.tables) == {table.id, other.id} and not hall.matches

    asyncio.run(scenario())


def test_a_spectator_leaves_with_q_or_esc_and_f1_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await connect(port_of(server), "carol", key(2))
            await carol.wait(LOBBY)
            for leave in ("q", "\x1b", "quit"):
                await carol.line(f"watch {match.id}")
                await carol.wait("Watching")
                await until(lambda: len(match.spectators) == 1, "carol to watch")
                carol.type("\x1bOP")  # F1
                await carol.wait("q or Esc +back to the lobby")
                carol.type("\x1b")  # closes the help first
                await until(lambda: "q or Esc" not in carol.text(), "the help to close")
                carol.type(leave)
                await carol.wait(LOBBY)
                await until(lambda: len(match.spectators) == 0, "carol to leave")
            await carol.line("help")
            await carol.wait("open a table and wait")
            assert not match.over

    asyncio.run(scenario())


def test_a_player_cannot_watch_their_own_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait(prompt_of("alice"))
            await alice.line("quit")
            found = await alice.wait(r"Your seat in game (\w+) is kept")
            await alice.line(f"watch {found.group(1)}")
            await alice.wait(f"watch: you play in game {found.group(1)}, you do not watch it")
            await alice.line("watch")
            await alice.wait("watch: no game but yours is being played")
            match = next(iter(server.hall.matches.values()))
            assert len(match.spectators) == 0
            await alice.line("back")
            await alice.wait(prompt_of("alice"))

    asyncio.run(scenario())


@pytest.mark.parametrize("width", [60, 80])
def test_the_lobby_help_wraps_each_command_in_its_own_column(tmp_path: Path, width: int) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0), width=width, height=50)
            await alice.wait(LOBBY)
            alice.type("\x1bOP")  # F1
            await alice.wait("Rules: ")
            inside = [
                line.split("│")[1] for line in alice.text().splitlines() if line.count("│") >= 2
            ]
            commands = inside[: next(i for i, t in enumerate(inside) if t.startswith("Rules:"))]
            names = ("new ", "join ", "ai ", "watch ", "back ", "games ", "replay ", "review ")
            names += ("cancel ", "quit ")
            folded = [t for t in commands if t.strip() and not t.startswith((*names, "  "))]
            assert folded == [], alice.text()
            assert any(t.startswith("  ") and t.strip() for t in commands)  # some did wrap

    asyncio.run(scenario())


def test_the_lobby_shows_the_whole_invitation_line_and_it_works(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("new")
            found = await alice.wait(r"ssh -t -p (\d+) (\S+) join (\w+)")
            assert (int(found.group(1)), found.group(2)) == (port, "127.0.0.1")
            bob = await connect(int(found.group(1)), "bob", key(1), command=f"join {found[3]}")
            await bob.wait(r"hand")
            await until(lambda: len(server.hall.matches) == 1, "the game")

    asyncio.run(scenario())


def test_an_invitation_used_during_a_game_of_ones_own_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait(prompt_of("alice"))
            game = next(iter(server.hall.matches))
            alice.drop()
            bob = await connect(port, "bob", key(1))
            await bob.wait(LOBBY)
            await bob.line("new")
            table = (await bob.wait(r"join (\w+)")).group(1)
            again = await connect(port, "alice", key(0), command=f"join {table}")
            await again.wait(f"join: you have a seat in game {game}: back returns to it")
            await again.wait(LOBBY)
            assert list(server.hall.tables) == [table] and len(server.hall.matches) == 1
            await again.line("back")
            await again.wait(prompt_of("alice"))

    asyncio.run(scenario())
