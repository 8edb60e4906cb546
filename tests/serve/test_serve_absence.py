"""Served games when a player is away or the game ends: who is told what, a claim that cannot
outlive the absence it answers, a concession from the player who waits, the rematch after a
reconnect and after a no, the server's last line, the spectator's screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sshkit import FakeClock, Player, connect, key, port_of, running
from test_serve_game import (
    LOBBY,
    by_seat,
    concede_to_the_rematch,
    key_fp,
    prompt_of,
    two_at_a_table,
    until,
)

from cuttle.serve.match import Match
from cuttle.serve.server import Connection, Server


async def mover_drops(server: Server) -> tuple[Match, dict[int, Player], int]:
    """alice and bob at a table; the player to move drops. (match, players by seat, mover)."""
    alice, bob, match = await two_at_a_table(server)
    seats = by_seat(match, alice, bob)
    mover = match.session.game.to_move or 0
    await seats[mover].wait(prompt_of(match.session.names[mover]))
    seats[mover].drop()
    await seats[1 - mover].wait("dropped")
    return match, seats, mover


async def back_in(server: Server, match: Match, seat: int) -> Player:
    """The player of ``seat`` logs in again with the same key (back at the table)."""
    n = 0 if match.seat_of(key_fp(0)) == seat else 1
    again = await connect(port_of(server), match.session.names[seat], key(n))
    await until(lambda: match.away() == [], "the seat taken back")
    return again


async def watch(server: Server, match: Match) -> Player:
    carol = await connect(port_of(server), "carol", key(2))
    await carol.wait(LOBBY)
    await carol.line(f"watch {match.id}")
    await carol.wait("Watching")
    return carol


def test_a_claim_on_the_screen_goes_when_the_absent_player_is_back_and_no_longer_concedes(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            match, seats, mover = await mover_drops(server)
            names = match.session.names
            other = seats[1 - mover]
            clock.advance(301)
            await other.wait(r"Claim the game\? \[y/N\]")
            await back_in(server, match, mover)
            await other.wait(rf"{names[mover]} is back\.")
            await until(lambda: "Claim the game" not in other.text(), "the question to go")
            await other.line("y")  # the question is gone: this answers nothing
            await asyncio.sleep(0.5)
            assert match.session.game.outcome is None

    asyncio.run(scenario())


def test_a_claimed_game_says_it_was_claimed_not_conceded(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            match, seats, mover = await mover_drops(server)
            names = match.session.names
            other = seats[1 - mover]
            clock.advance(301)
            await other.wait(r"Claim the game\? \[y/N\]")
            await other.line("y")
            await other.wait(rf"{names[1 - mover]} wins by claim: {names[mover]} was away")
            game = match.session.game
            assert game.outcome == f"p{1 - mover}" and game.outcome_reason == "concession"
            lines = [e.public for e in match.session.log]
            assert f"{names[1 - mover]} claimed the game: {names[mover]} was away" in lines
            assert not any("conceded" in line for line in lines)
            assert "conceded" not in other.text()

    asyncio.run(scenario())


def test_the_player_who_waits_on_an_absent_opponent_may_concede(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats, mover = await mover_drops(server)
            other = seats[1 - mover]
            name = match.session.names[1 - mover]
            await other.wait(rf"{name} \(waiting\)> ")
            await other.line("concede")
            await other.wait(r"concede this game\? \[y/N\]")
            await other.line("n")
            await other.wait("Not conceded; play on.")
            assert match.session.game.outcome is None
            await asyncio.sleep(0.3)  # the input line opens again
            await other.line("concede")
            await other.wait(r"concede this game\? \[y/N\]")
            await other.line("y")
            await until(lambda: match.session.game.outcome is not None, "the concession")
            assert match.session.game.outcome == f"p{mover}"
            assert f"{name} conceded" in [e.public for e in match.session.log]

    asyncio.run(scenario())


def test_the_table_and_the_spectators_are_told_who_dropped_left_and_came_back(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await watch(server, match)
            seats = by_seat(match, alice, bob)
            mover = match.session.game.to_move or 0
            names = match.session.names
            waiter = seats[1 - mover]
            await waiter.wait(rf"{names[1 - mover]} \(waiting\)> ")
            await waiter.line("quit")  # leaves the table: not a dropped connection
            await waiter.wait(LOBBY)
            for player in (seats[mover], carol):
                await player.wait(rf"{names[1 - mover]} left the table \(seat held 4:5\d\)")
                assert "dropped" not in player.text()
            await waiter.line("back")
            for player in (seats[mover], carol):
                await player.wait(rf"{names[1 - mover]} is back\.")
            await until(lambda: "left the table" not in carol.text(), "the note to go")
            seats[mover].drop()
            for player in (waiter, carol):
                await player.wait(rf"{names[mover]} dropped \(seat held 4:5\d\)")

    asyncio.run(scenario())


def test_an_idle_player_is_warned_before_the_opponent_may_claim(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, idle=900.0) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            mover = match.session.game.to_move or 0
            names = match.session.names
            await seats[mover].wait(prompt_of(names[mover]))
            clock.advance(839)
            await asyncio.sleep(0.3)
            assert "You have not moved" not in seats[mover].text()
            clock.advance(1)
            await seats[mover].wait(
                rf"You have not moved for 14 min: at 15 min {names[1 - mover]} may claim"
            )
            assert "Claim the game" not in seats[1 - mover].text()
            clock.advance(60)
            await seats[1 - mover].wait(r"Claim the game\? \[y/N\]")
            await seats[mover].wait(rf"{names[1 - mover]} is asked whether to claim the game")

    asyncio.run(scenario())


def test_a_rematch_after_a_reconnect_seats_both_players(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            a_seat = match.seat_of(key_fp(0))
            assert a_seat is not None
            alice.drop()
            await until(lambda: match.away() == [a_seat], "the drop")
            alice = await back_in(server, match, a_seat)
            await bob.wait(r"alice is back\.")
            seats = {a_seat: alice, 1 - a_seat: bob}
            await concede_to_the_rematch(match, seats)
            await alice.line("y")
            await bob.wait(r"alice wants a rematch")
            await bob.line("y")
            await until(
                lambda: any(m is not match for m in server.hall.matches.values()), "the rematch"
            )
            again = next(m for m in server.hall.matches.values() if m is not match)
            for player in (alice, bob):
                await player.wait(r"Rematch: \S+ moves first")
            await until(lambda: again.away() == [], "both players at the rematch")
            assert "lobby> " not in alice.text()

    asyncio.run(scenario())


@pytest.mark.parametrize("alice_first", ["", "y"])
def test_a_no_to_the_rematch_is_told_to_the_other_who_is_no_longer_asked(
    tmp_path: Path, alice_first: str
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            await concede_to_the_rematch(match, by_seat(match, alice, bob))
            if alice_first:
                await alice.line(alice_first)
                await bob.wait(r"alice wants a rematch")
            await bob.line("n")
            await bob.wait(LOBBY)
            await alice.wait(LOBBY)  # not asked any more
            await alice.wait(r"No rematch: bob said no\.")
            assert not server.hall.matches

    asyncio.run(scenario())


def test_a_player_who_leaves_at_the_rematch_question_is_told_to_the_other(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            await concede_to_the_rematch(match, by_seat(match, alice, bob))
            bob.drop()
            await alice.wait(LOBBY)
            await alice.wait(r"No rematch: bob left\.")

    asyncio.run(scenario())


def test_the_spectators_screen_invites_to_no_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await watch(server, match)
            await carol.wait("You are watching")
            assert "Type a move" not in carol.text() and "Tab" not in carol.text()

    asyncio.run(scenario())


def test_the_stop_line_comes_after_the_screen_and_says_saved_to_players_only(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await watch(server, match)
            dave = await connect(port_of(server), "dave", key(3))
            await dave.wait(LOBBY)
        for player in (alice, bob, carol, dave):
            await player.wait_closed()
            assert player.status == 0
        for player in (alice, bob):
            await player.wait(r"The server is stopping; your game is saved\.")
        for player in (carol, dave):
            await player.wait(r"The server is stopping\.")
            assert "saved" not in player.text()
        for player in (alice, bob, carol, dave):  # on a line of its own, the bar not under it
            lines = [line.rstrip() for line in player.text().splitlines()]
            last = next(line for line in reversed(lines) if line)
            assert last.startswith("The server is stopping"), player.text()
            assert "F1 help" not in last and "pace" not in last

    asyncio.run(scenario())


def test_a_command_without_a_terminal_and_no_input_gets_its_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ssh HOST id </dev/null``: the end of input may come before the session's first word
    (made sure of here: the session starts only once the server has it)."""
    ended = asyncio.Event()
    started, eof = Connection.session_started, Connection.eof_received

    def late_start(self: Connection) -> None:
        async def start() -> None:
            await ended.wait()
            started(self)

        self.server.hall.loop.create_task(start())  # type: ignore[union-attr]

    def eof_first(self: Connection) -> bool:
        answer = eof(self)
        ended.set()
        return answer

    monkeypatch.setattr(Connection, "session_started", late_start)
    monkeypatch.setattr(Connection, "eof_received", eof_first)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            player = await connect(port_of(server), "alice", key(0), command="id", pty=False)
            assert player.chan is not None
            player.chan.write_eof()
            await player.wait_closed()
            assert player.status == 1
            assert "cuttle needs a terminal" in player.raw.decode()

    asyncio.run(scenario())


def test_a_concede_question_of_the_player_who_waits_goes_when_the_turn_moves_on(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            game = match.session.game
            mover = game.to_move or 0
            names = match.session.names
            waiter = seats[1 - mover]
            await waiter.wait(rf"{names[1 - mover]} \(waiting\)> ")
            await waiter.line("concede")
            await waiter.wait(r"concede this game\? \[y/N\]")
            await seats[mover].wait(prompt_of(names[mover]))
            await seats[mover].line("draw")
            await until(lambda: len(game.history) == 1, "the draw")
            await waiter.wait(prompt_of(names[1 - mover]))  # their turn: the question is gone
            assert "concede this game?" not in waiter.text()
            await waiter.line("y")  # not an answer to anything: the game goes on
            await asyncio.sleep(0.3)
            assert game.outcome is None

    asyncio.run(scenario())


def test_quit_with_words_after_it_leaves_the_table_too_and_never_tells_the_seed(
    tmp_path: Path,
) -> None:
    """``quit now`` is a quit: the seat kept, the game still in play for the other player; the
    local game's words for it ("this deal again: cuttle play --seed N") never reach a player."""

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            mover = match.session.game.to_move or 0
            names = match.session.names
            await seats[mover].wait(prompt_of(names[mover]))
            await seats[mover].line("quit now")
            await seats[mover].wait(LOBBY)
            await seats[1 - mover].wait(rf"{names[mover]} left the table")
            assert match.id in server.hall.matches and not match.over
            secret = str(match.session.seed)
            for player in (alice, bob):
                assert secret not in player.raw.decode("utf-8", "replace")
                assert "--seed" not in player.raw.decode("utf-8", "replace")

    asyncio.run(scenario())
