"""The lobby and the paths between screens: the same key on two connections, spectators who
leave, the names players are shown by, the help and the invitation."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from sshkit import WAIT, connect, key, port_of, running
from test_serve_game import (
    LOBBY,
    SHOWN,
    away_from_an_ai_game,
    by_seat,
    key_fp,
    prompt_of,
    two_at_a_table,
    until,
)

from cuttle.serve import adapter
from cuttle.serve.hall import Hall, HallError
from cuttle.serve.keys import Login
from cuttle.serve.names import (
    confusable,
    mark,
    marked,
    player_name,
    seat_names,
    suspicious,
)


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
            await older.wait(LOBBY)
            await older.wait("which has your seat")
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
                carol.type("\x15")  # what followed the q of quit may have reached the lobby
            await carol.line("help")
            await carol.wait("open a table and wait")
            assert not match.over

    asyncio.run(scenario())


def test_a_player_cannot_watch_their_own_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, game_id = await away_from_an_ai_game(server)
            await alice.line(f"watch {game_id}")
            await alice.wait(f"watch: you play in game {game_id}, you do not watch it")
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
            names += ("cancel ", "quit ", "seat ", "fill ", "quick ")
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


@pytest.mark.parametrize(
    ("user", "name", "refused"),
    [
        ("alice", "alice", False),
        ("Alice", "Alice", False),  # as typed
        ("\u3164", "player", False),  # a Hangul filler shows nothing
        ("\u3164alice\u2800", "alice", False),
        ("a\ufe0fb\u115fc", "ab c", False),
        ("bob#8xZp", "bob8xZp", False),  # "#" joins a name to its mark only
        ("[bold red]Dave", "[bold red]Dave", False),
        ("AI (hard)", "player", True),
        ("ai(easy)", "player", True),
        ("Al (hard)", "player", True),  # a lower-case L
        ("\u0410I (medium)", "player", True),  # a Cyrillic A
        ("You", "player", True),
        ("AI: easy", "player", True),
        ("Al", "Al", False),
        ("Ai", "Ai", False),  # a name: the AI is always "AI (LEVEL)"
        ("Ai Tanaka", "Ai Tanaka", False),
        ("Aiden (hard)", "Aiden (hard)", False),
    ],
)
def test_a_name_is_kept_as_typed_without_what_shows_nothing_and_never_reads_as_the_ai(
    user: str, name: str, refused: bool
) -> None:
    shown, why = player_name(user)
    assert shown == name
    assert bool(why) == refused


def test_confusable_and_mixed_script_names_are_told_apart_by_the_marks() -> None:
    ka, kb = "SHA256:3nQkAAAA", "SHA256:x8ZpBBBB"
    assert mark(ka) == "3nQk" and marked("alice", ka) == "alice#3nQk"
    assert marked(marked("alice", ka), ka) == "alice#3nQk"
    assert marked("AI (hard)", None) == "AI (hard)"
    assert confusable("alice", "\u0430lice") and confusable("alice", "aIice")
    assert confusable("alice", "\uff41lice") and not confusable("alice", "alicia")
    assert suspicious("\u0430lice") and suspicious("b\u03bfb")
    assert not suspicious("\u0414\u043c\u0438\u0442\u0440\u0438\u0439")  # all Cyrillic
    assert not suspicious("Tanaka \u5c71\u7530\u3042\u304d\u3089")  # Latin, Han and kana
    assert seat_names(("alice", ka), ("bob", kb)) == ("alice", "bob")
    assert seat_names(("alice", ka), ("alice", kb)) == ("alice#3nQk", "alice#x8Zp")
    assert seat_names(("alice", ka), ("\u0430lice", kb)) == ("alice#3nQk", "\u0430lice#x8Zp")
    assert seat_names(("b\u03bfb", ka), ("AI (easy)", None)) == ("b\u03bfb#3nQk", "AI (easy)")
    assert seat_names(("alice", ka), ("alice", ka)) == ("alice#3nQk (1)", "alice#3nQk (2)")


def test_two_players_of_one_name_are_shown_with_their_marks_everywhere(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            m0, m1 = mark(key_fp(0)), mark(key_fp(1))
            alice, other, match = await two_at_a_table(server, "alice", "alice")
            assert set(match.session.names) == {f"alice#{m0}", f"alice#{m1}"}
            for player in (alice, other):
                await player.wait(rf"alice#{re.escape(m0)}|alice#{re.escape(m1)}")
                await player.wait(r"alice#\S+ vs alice#\S+: alice#\S+ moves first")
            carol = await connect(port_of(server), "carol", key(2))
            await carol.wait(re.escape(f"alice#{m0} vs alice#{m1}"))

    asyncio.run(scenario())


def test_the_open_tables_show_the_mark_and_a_mixed_script_name_keeps_it_in_the_game(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            fake = "\u0430lice"  # a Cyrillic a
            host = await connect(port_of(server), fake, key(0))
            await host.wait(LOBBY)
            await host.wait(re.escape(f"you are {fake}#{mark(key_fp(0))}"))
            await host.line("new")
            bob = await connect(port_of(server), "bob", key(1))
            await bob.wait(re.escape(f"{fake}#{mark(key_fp(0))}"))  # who waits, in the list
            table = (await host.wait(r"join (\w+)")).group(1)
            await bob.line(f"join {table}")
            await until(lambda: server.hall.matches, "the game")
            match = next(iter(server.hall.matches.values()))
            assert set(match.session.names) == {f"{fake}#{mark(key_fp(0))}", "bob"}

    asyncio.run(scenario())


def test_a_name_that_reads_as_the_ai_is_refused_with_a_word(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            mallory = await connect(port_of(server), "AI (hard)", key(0), width=50)
            await mallory.wait(LOBBY)
            await mallory.wait(re.escape(f"you are player#{mark(key_fp(0))}"))
            await mallory.wait("could be taken for the AI")
            await mallory.wait("you play as player")  # the message folds: none of it is cut

    asyncio.run(scenario())


def test_markup_in_a_name_is_shown_as_typed_and_names_keep_their_case(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            dave, bob, match = await two_at_a_table(server, "[bold red]Dave", "bob")
            await dave.wait(re.escape("[bold red]Dave"))
            assert set(match.session.names) == {"[bold red]Dave", "bob"}
            seats = by_seat(match, dave, bob)
            mover = match.session.game.to_move
            assert mover is not None
            loser, winner = match.session.names[mover], match.session.names[1 - mover]
            await seats[mover].wait(prompt_of(loser))
            await seats[mover].line("concede")
            await seats[mover].wait(r"\[y/N\]")
            await seats[mover].line("y")
            headline = f"{winner} wins ({loser} conceded)"
            for player in (dave, bob):
                await player.wait(re.escape(headline))
                assert headline[0].upper() + headline[1:] not in player.text()

    asyncio.run(scenario())
