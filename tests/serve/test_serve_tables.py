"""Tables of three and four on ``cuttle serve``: the lobby's ``new --players``, ``join ID SEAT``,
AI seats (``seat``, ``fill``), ``quick``; games played to their end by three clients, and by two
people with two AIs; every seat's own screen, the windows asked of every person, a spectator,
claims in cutthroat and teams, the rematch turning the deal one seat on, and a four-seat game
resumed after a restart. Every test runs under ``hang_guard``."""

from __future__ import annotations

import asyncio
import random
import re
from io import StringIO
from pathlib import Path

import pytest
from prompt_toolkit.document import Document
from rich.console import Console
from sshkit import (
    LOBBY,
    FakeClock,
    Player,
    connect,
    hang_guard,
    key,
    key_fp,
    port_of,
    running,
    until,
)
from test_serve_game import (
    at_pace,
    by_seat,
    concede_to_the_rematch,
    prompt_of,
    reading,
    two_at_a_table,
)

from cuttle import Game
from cuttle.ai import levels_for
from cuttle.serve import store
from cuttle.serve.hall import Hall
from cuttle.serve.keys import Login
from cuttle.serve.lobby import LobbyCompleter
from cuttle.serve.match import Match
from cuttle.serve.names import marked
from cuttle.serve.server import Server
from cuttle.serve.tables import notices
from cuttle.serve.tables.plan import HallError, Table, ai_level, parse_new
from cuttle.serve.tables.waiting import TAKEOVER, takeover_level

NAMES = ("alice", "bob", "carol", "dave")
RANKS = "A23456789TJQK"


def quick_move(game: Game, rng: random.Random) -> str:
    """A move that ends a game soon: the highest points card, now and then a one-off (a window
    for the others), ``resolve`` in a window; else a draw."""
    legal = [str(m) for m in game.legal_moves()]
    if game.phase != "main":
        return "resolve" if "resolve" in legal else legal[0]
    oneoffs = [m for m in legal if m.startswith("oneoff")]
    if oneoffs and rng.random() < 0.3:
        return rng.choice(oneoffs)
    points = [m for m in legal if m.startswith("points")]
    if points:
        return max(points, key=lambda m: RANKS.index(m.split()[1][0]))
    return "draw" if "draw" in legal else rng.choice(legal)


async def play_quick(match: Match, players: dict[int, Player], seed: int = 3) -> list[str]:
    """Quick moves typed by the person to move until the game ends (AIs move by themselves);
    every line goes to the seat the game asks, in its windows too."""
    rng = random.Random(seed)
    game = match.session.game
    played: list[str] = []
    await at_pace(match, seats=players)
    while game.outcome is None:
        p = game.to_move
        assert p is not None
        if p not in players:  # an AI's seat
            n = len(game.history)
            await until(lambda n=n: len(game.history) > n or game.outcome is not None
                        or game.to_move in players, "the AI to move")
            continue
        move = quick_move(game, rng)
        n = len(game.history)
        await players[p].wait(prompt_of(match.session.names[p]))
        await until(lambda p=p: reading(match, p), f"seat {p} to read a move")
        await players[p].line(move)
        played.append(move)
        await until(lambda n=n: len(game.history) > n or game.outcome is not None, move)
    return played


async def person_to_move(match: Match, seats: dict[int, Player]) -> int:
    """The seat of the first person (not an AI) to move, once one is."""
    game = match.session.game
    await until(lambda: game.to_move in seats, "a person to move")
    return game.to_move or 0


async def open_table(server: Server, args: str) -> tuple[Player, str]:
    alice = await connect(port_of(server), "alice", key(0))
    await alice.wait(LOBBY)
    await alice.line(f"new {args}")
    found = await alice.wait(r"You wait at table (\w+)")
    return alice, found.group(1)


async def sit(server: Server, n: int, command: str) -> Player:
    """The n-th test player logs in and types ``command`` in the lobby."""
    player = await connect(port_of(server), NAMES[n], key(n))
    await player.wait(LOBBY)
    await player.line(command)
    return player


async def table_of_three(server: Server) -> tuple[Match, dict[int, Player]]:
    alice, tid = await open_table(server, "--players 3")
    await alice.wait(r"1/3")
    bob = await sit(server, 1, f"join {tid} 3")
    await alice.wait(r"1 alice#\S+ · 2 — · 3 bob#")  # the list says who sits where
    carol = await sit(server, 2, "join")
    await until(lambda: server.hall.matches, "the game to start")
    match = next(iter(server.hall.matches.values()))
    people = (alice, bob, carol)
    return match, {match.seat_of(key_fp(i)) or 0: p for i, p in enumerate(people)}


def test_a_table_of_three_filled_by_three_clients_plays_to_its_end_watched(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats = await table_of_three(server)
            assert match.session.game.players == 3 and "cutthroat" in match.rules
            assert sorted(seats) == [0, 1, 2] and match.keys() == [
                key_fp(NAMES.index(n)) for n in match.names()]
            dave = await sit(server, 3, f"watch {match.id}")
            await dave.wait("Watching")
            for p, player in seats.items():  # each hand on its own screen, and no other
                await player.wait(prompt_of(match.session.names[p]) + "|waiting")
            played = await play_quick(match, seats)
            assert match.session.game.outcome is not None and played
            for player in seats.values():
                await player.wait("Rematch, the deal one seat on")
            await dave.wait("back to the lobby")
            for player in seats.values():  # every person says yes: the deal moves one seat on
                await player.line("y")
            await until(lambda: any(m is not match for m in server.hall.matches.values()),
                        "the rematch")
            again = next(m for m in server.hall.matches.values() if m is not match)
            old = match.names()
            assert again.names() == (*old[1:], old[0])
            await until(lambda: not again.away(), "every person at the rematch")

    with hang_guard(60):
        asyncio.run(scenario())


async def two_and_two_ais(server: Server, level: str = "random") -> tuple[Match, dict[int, Player]]:
    """alice opens a table of four, bob sits across (her partner), two AIs fill the rest."""
    alice, tid = await open_table(server, "--rules teams")
    bob = await sit(server, 1, f"join {tid} 3")
    await alice.wait(r"1 alice#\S+ & 3 bob#\S+ vs 2 — & 4 —")
    await alice.line(f"fill {level}")
    await until(lambda: server.hall.matches, "the game to start")
    match = next(iter(server.hall.matches.values()))
    return match, {match.seat_of(key_fp(0)) or 0: alice, match.seat_of(key_fp(1)) or 0: bob}


def test_two_friends_play_a_2v2_against_two_ai_seats_to_the_end(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats = await two_and_two_ais(server)
            a, b = sorted(seats)
            assert (b - a) == 2 and match.session.game.rules.teams  # partners, across
            assert [k is None for k in match.keys()] == [s not in seats for s in range(4)]
            assert sorted(n for n in match.names() if n.startswith("AI")) == [
                "AI 1 (random)", "AI 2 (random)"]
            await play_quick(match, seats, seed=5)
            for player in seats.values():
                await player.wait("Rematch, the deal one seat on")

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_dropped_player_in_cutthroat_is_claimed_out_and_the_game_goes_on_with_two(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            match, seats = await table_of_three(server)
            game = match.session.game
            mover = game.to_move or 0
            names = match.session.names
            await seats[mover].wait(prompt_of(names[mover]))
            seats[mover].drop()
            others = [p for p in seats if p != mover]
            for p in others:  # the others see the seat held, and its countdown
                await seats[p].wait(rf"{names[mover]} dropped \(seat held 5:00\)")
            clock.advance(301)
            for p in others:
                await seats[p].wait(rf"Claim: {names[mover]} concedes and is out")
            await seats[others[1]].line("y")
            await until(lambda: mover in game.seats.out, "the absent seat to be out")
            assert game.outcome is None and game.to_move != mover
            await seats[game.to_move or 0].wait(prompt_of(names[game.to_move or 0]))
            await until(lambda: "Claim:" not in seats[others[0]].text(), "the other question to go")

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_dropped_player_in_2v2_is_replaced_by_an_ai_when_the_partner_says_ai(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            match, seats = await two_and_two_ais(server)
            game = match.session.game
            mover = await person_to_move(match, seats)
            partner = (mover + 2) % 4
            names = match.session.names
            await seats[mover].wait(prompt_of(names[mover]))
            dave = await sit(server, 3, f"watch {match.id}")
            await dave.wait("Watching")
            seats[mover].drop()
            await seats[partner].wait(rf"{names[mover]} dropped")
            clock.advance(301)
            # the question fits one line of 80 columns; its why is said above it
            await seats[partner].wait(re.escape(f"{names[mover]}'s seat: ai [LEVEL], y or n? "
                                                "[ai/y/N]"))
            said = (f"ai [LEVEL]: an AI takes {names[mover]}'s seat (medium unless you name one: "
                    "random, easy, medium, hard); y: your team concedes; n: wait.")
            await seats[partner].wait(r"\s+".join(re.escape(w) for w in said.split()))
            await seats[partner].line("ai wizard")  # one line, and the question again
            await seats[partner].wait(r"ai takes one level \(random, easy, medium, hard\), "
                                      r"not 'wizard'")
            assert match.ai[mover] is None and game.outcome is None
            await until(lambda: "[ai/y/N]" in seats[partner].text(), "the question again")
            await seats[partner].line("ai easy")
            await until(lambda: match.ai[mover] is not None, "the AI to take the seat")
            await until(lambda: "your team concedes; n: wait" not in seats[partner].text(),
                        "the line said before the question to go with it")
            assert match.ai[mover] == "easy" and match.session.seats[mover].ai == "easy"
            assert match.keys()[mover] is None and mover not in match.people
            # the seat is named as the AI it is, numbered after the AIs already there, on
            # every screen (the board, the status line, the lobby's list); the line said now
            # names both, and the game is still the person's who left (games, me)
            ai_name = "AI 3 (easy)"
            assert match.names()[mover] == ai_name == match.chairs[mover].name
            assert match.played_keys()[mover] == key_fp(NAMES.index(names[mover]))
            assert match.session.replaced == {mover: (key_fp(NAMES.index(names[mover])),
                                                      names[mover])}
            words = f"{names[partner]} let {ai_name} take {names[mover]}'s seat."
            await seats[partner].wait(re.escape(words))
            await asyncio.sleep(0.3)
            assert seats[partner].text().count(words) == 1  # said once (it was twice)
            await dave.wait(re.escape(words))  # and the spectators are told
            await until(lambda: len(game.history) > 0 or game.to_move != mover, "the AI to move")
            assert game.outcome is None
            for screen in (seats[partner], dave):
                await screen.wait(re.escape(f"{ai_name} 0/21") + "|" + re.escape(ai_name)
                                  + r" \d+/21")
                # nowhere but the line said now: the notice of the drop goes too, drawn in a
                # frame of its own (it may come a moment after the status line's)
                try:
                    await until(lambda s=screen: names[mover] not in s.text().replace(words, ""),
                                "the absent name to go", timeout=5)
                except AssertionError:
                    raise AssertionError(screen.text()) from None
            n = NAMES.index(names[mover])  # back: the lobby says why the seat is gone
            back = await connect(port_of(server), NAMES[n], key(n))
            await back.wait(LOBBY)
            await back.wait(re.escape(f"{names[partner]} let an AI (easy) take your seat in "
                                      f"game {match.id}."))
            await back.wait(re.escape(ai_name))  # the games in play name the AI
            playing = back.text().split("Games in play")[1]
            assert f"{names[mover]}#" not in playing, playing

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_four_seat_game_goes_on_after_the_server_restarts(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats = await two_and_two_ais(server)
            game = match.session.game
            p = await person_to_move(match, seats)
            n = len(game.history)
            await seats[p].wait(prompt_of(match.session.names[p]))
            await until(lambda: reading(match, p), "the move to be read")
            await seats[p].line("draw")
            await until(lambda: len(game.history) > n, "the draw")
            await until(lambda: match.kept is not None, "the save")
            moves = [str(m) for _, m in game.history]
            names, keys = match.names(), match.keys()
        await seats[p].wait("The server is stopping")
        async with running(tmp_path, authorized=None) as again:
            assert len(again.hall.matches) == 1
            resumed = next(iter(again.hall.matches.values()))
            assert resumed.session.game.players == 4
            assert [str(m) for _, m in resumed.session.game.history][: len(moves)] == moves
            assert resumed.names() == names and resumed.keys() == keys
            alice = await connect(port_of(again), "alice", key(0))
            await until(lambda: resumed.seats.screen(keys.index(key_fp(0))) is not None,
                        "alice back in her seat")
            await alice.wait(r"bob dropped")

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_rematch_seat_whose_yes_connection_closed_is_not_queued_after_its_game(
    tmp_path: Path,
) -> None:
    """Issue 34's leftover: alice says yes and drops; bob's yes makes the rematch, alice's seat
    in it queued for a connection that is gone. Once that game is over the queue forgets it, so
    alice's next game is not followed by a seat at a finished one."""

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            await concede_to_the_rematch(match, by_seat(match, alice, bob))
            await alice.line("y")
            await alice.wait("Waiting for your opponent's answer")
            alice.drop()
            await until(lambda: match.seats.screen(match.seat_of(key_fp(0)) or 0) is None,
                        "alice's connection to close")
            await bob.line("y")
            await until(lambda: key_fp(0) in server.hall.rematches, "the rematch")
            again = server.hall.rematches[key_fp(0)][0]
            b = again.seat_of(key_fp(1)) or 0
            await bob.wait(prompt_of(again.session.names[b]) + "|waiting")
            await bob.line("concede")  # the rematch ends without alice ever coming back
            await bob.wait(r"\[y/N\]")
            await bob.line("y")
            await until(lambda: again.over, "the rematch to end")
            await until(lambda: key_fp(0) not in server.hall.rematches, "the seat to be forgotten")

    with hang_guard(60):
        asyncio.run(scenario())


def test_new_reads_players_and_rules_as_the_terminal_does_and_says_a_contradiction() -> None:
    assert parse_new(["--players", "3"]) == ("classic+cutthroat", 3, [])
    assert parse_new(["--rules", "teams", "--variant", "nine-freeze"]) == (
        "teams+nine-freeze", 4, [])
    assert parse_new(["--players", "4", "--rules", "cuttlecards"])[:2] == (
        "cuttlecards+teams", 4)
    assert parse_new([]) == ("classic", 2, [])
    said = r"--players 3 contradicts --rules classic\+teams \(a game of 4\); a table of 3 plays"
    with pytest.raises(HallError, match=said):
        parse_new(["--rules", "teams", "--players", "3"])
    with pytest.raises(HallError, match="2, 3 or 4"):
        parse_new(["--players", "5"])
    with pytest.raises(HallError, match="no AI level"):
        ai_level("wizard", 3)


def test_the_hall_seats_chosen_seats_ais_and_quick_and_the_lobby_completes_them() -> None:
    alice, bob, carol = (Login(n, key_fp(i)) for i, n in enumerate(NAMES[:3]))

    async def scenario() -> None:
        hall = Hall(rng=random.Random(1))
        table = hall.open_table(alice, "classic+teams", 4)
        assert (table.taken(), table.who()) == ("1/4", f"1 {marked('alice', alice.key)} & 3 — "
                                                 "vs 2 — & 4 —")
        assert hall.join(bob, table.id, 2) is table
        with pytest.raises(HallError, match=r"seat 3 at table \w+ is taken: free seats 2, 4"):
            hall.join(carol, table.id, 2)
        done = LobbyCompleter(hall, list, alice.key)
        said = [c.text for c in done.get_completions(Document(f"join {table.id} "), None)]
        assert said == ["2", "4"]
        assert [c.text for c in done.get_completions(Document("seat "), None)] == ["2", "4"]
        assert "random" in [c.text for c in done.get_completions(Document("fill "), None)]
        assert {"quick", "seat", "fill"} <= {c.text for c in done.get_completions(Document(""),
                                                                                   None)}
        with pytest.raises(HallError, match="you have opened no table"):
            hall.seat_ai(bob, 1, "random")
        assert hall.seat_ai(alice, 1, "random") is table  # seat 2
        match, seat = hall.seat_ai(alice, None, "random")  # fill: seat 4, the game starts
        assert match.session.game.players == 4 and match.seat_of(alice.key) == seat
        assert (match.seat_of(bob.key) - seat) % 4 == 2  # partners, across the table
        fut = table.futures[bob.key]
        assert fut.done() and fut.result() == (match, match.seat_of(bob.key))
        match.stop()
        quick = hall.quick(carol, 3)  # no table of three waits: one opens
        assert isinstance(quick, Table) and quick.size == 3 and quick.rules == "classic+cutthroat"
        dave = Login("dave", key_fp(3))
        assert hall.quick(dave, 3) is quick and quick.taken() == "2/3"
        await asyncio.to_thread(match.thread.join, 10)

    with hang_guard(30):
        asyncio.run(scenario())


def test_the_ai_that_takes_a_seat_over_plays_that_table_size() -> None:
    for n in (2, 3, 4):
        assert takeover_level(n) in levels_for(n)
    assert takeover_level(4) == TAKEOVER


def test_a_claim_by_an_opponent_in_2v2_ends_the_game_for_the_absent_players_team(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            alice, tid = await open_table(server, "--players 4")
            bob = await sit(server, 1, f"join {tid} 2")  # beside alice: her opponent
            await alice.wait(r"2 bob#")
            await alice.line("fill random")
            await until(lambda: server.hall.matches, "the game to start")
            match = next(iter(server.hall.matches.values()))
            seats = {match.seat_of(key_fp(0)) or 0: alice, match.seat_of(key_fp(1)) or 0: bob}
            game = match.session.game
            mover = await person_to_move(match, seats)
            other = next(p for p in seats if p != mover)
            names = match.session.names
            await seats[mover].wait(prompt_of(names[mover]))
            seats[mover].drop()
            await seats[other].wait(rf"{names[mover]} dropped")
            clock.advance(301)
            await seats[other].wait(r"Claim the game\? \[y/N\]")
            await seats[other].line("y")
            await until(lambda: game.outcome is not None, "the game to end")
            winners = f"{names[(mover + 1) % 4]} and {names[(mover + 3) % 4]}"
            await seats[other].wait(re.escape(f"{winners} win by claim: {names[mover]} was away"))

    with hang_guard(60):
        asyncio.run(scenario())


def test_what_waits_for_an_absent_player_is_told_once_and_kept_bounded() -> None:
    for i in range(notices.MAX_KEYS + 5):
        notices.tell(f"k{i}", "first")
    notices.tell("k6", "second")
    assert notices.take("k0") == []  # the oldest keys forgotten first
    for n in range(notices.MAX_LINES + 1):
        notices.tell("k6", f"more {n}")
    assert len(notices.take("k6")) == notices.MAX_LINES and notices.take("k6") == []
    for i in range(notices.MAX_KEYS + 5):
        notices.take(f"k{i}")


def test_the_games_list_names_every_seat_and_who_won_at_three_and_four() -> None:
    """``games`` listed ``ann vs bob`` and ``-`` for a game of three won by the third seat
    or a game of teams (it knew only two seats)."""
    from cuttle.files.gamerows import GameRow
    from cuttle.serve.lobby import _result, finished_table

    def row(players: tuple[str, ...], outcome: str) -> GameRow:
        return GameRow(1, "2026-12-06T09:05:00Z", "classic", "classic", "", 1, players,
                       ("human",) * len(players), outcome, "points", 9, 1.0, "{}")

    three, four = row(("ann", "bob", "cy"), "p2"), row(("ann", "bob", "cy", "dee"), "team1")
    assert _result(three) == "cy won (points)"
    assert _result(four) == "bob & dee won (points)"
    assert _result(row(("ann", "bob"), "p1")) == "bob won (points)"
    assert _result(row(("ann", "bob", "cy"), "draw")) == "draw"
    out = StringIO()
    Console(file=out, width=120, color_system=None).print(finished_table([three, four]))
    assert "ann · bob · cy" in out.getvalue() and "ann & cy vs bob & dee" in out.getvalue()


def test_the_player_an_ai_replaced_finds_the_game_in_games_and_me(tmp_path: Path) -> None:
    """Issue 37's play-test: the person whose 2v2 seat an AI finished played part of the game
    but never saw it in ``games`` or ``me`` (their key was dropped with the seat). Now it is
    listed for them, marked, their name kept in the history's record (the AI in its
    controller), and the lobbies' list of games names the AI as soon as it sits."""

    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            match, seats = await two_and_two_ais(server)
            game = match.session.game
            mover = await person_to_move(match, seats)
            partner = (mover + 2) % 4
            name = match.session.names[mover]
            carol = await sit(server, 2, "games")  # in the lobby meanwhile
            await carol.wait("(?s)Games in play.*" + re.escape(name))
            await seats[mover].wait(prompt_of(name))
            seats[mover].drop()
            await seats[partner].wait(rf"{name} dropped")
            clock.advance(301)
            await seats[partner].wait(r"\[ai/y/N\]")
            await seats[partner].line("ai")
            await until(lambda: match.ai[mover] == "medium", "the AI to take the seat")
            ai_name = match.names()[mover]
            saved = match.session.record()  # the save: the AI plays the seat, who it was kept
            assert saved.players[mover] == ai_name and saved.session is not None
            assert saved.session["replaced"] == [[mover, key_fp(NAMES.index(name)), name]]
            await carol.wait(re.escape(ai_name))  # the lobbies' list is drawn again
            assert f"{name}#" not in carol.text().split("Games in play")[1]
            rng = random.Random(11)  # the one person left: the AIs may answer for them
            await at_pace(match, seats=[partner])
            while game.outcome is None:
                if game.to_move == partner and reading(match, partner):
                    n = len(game.history)
                    await seats[partner].line(quick_move(game, rng))
                    await until(lambda n=n: len(game.history) > n or game.outcome is not None
                                or not reading(match, partner), "the move")
                await asyncio.sleep(0.05)
            await until(lambda: match.finished_id is not None, "the game in the history")
            row = store.history().game(match.finished_id)
            assert row is not None and row.players[mover] == name  # who sat there
            assert row.controllers[mover] == "ai:medium"  # and who finished
            n = NAMES.index(name)
            back = await connect(port_of(server), NAMES[n], key(n))
            await back.wait(LOBBY)
            await back.line("games")
            await back.wait(rf"(?m)^{match.finished_id}\s+.*{re.escape(name)}\*")
            await back.wait(re.escape("* left the game; an AI finished that seat."))
            await back.line("me")
            await back.wait(rf"(?m)^{match.finished_id}\s+.*team (won|lost)\*")
            await back.wait(re.escape("* you left; an AI finished your seat."))
            await back.wait(r"not rated: the people were all on one side")
            await back.line(f"replay {match.finished_id}")  # one of their games: it replays
            await back.wait(r"Move 0/\d+")

    with hang_guard(90):
        asyncio.run(scenario())


def test_the_hall_numbers_its_ai_seats_in_the_lobbys_seat_order() -> None:
    """The AIs were numbered in the game's seat order, after the draw turned the table: the
    lobby's seat 2 could become AI 2. Now seat 2's AI is AI 1 whoever moves first, as the
    terminal numbers them from its first seat (``text.people.ai_seat_names``)."""
    alice, bob = (Login(n, key_fp(i)) for i, n in enumerate(NAMES[:2]))

    async def scenario() -> None:
        for seed in range(6):
            hall = Hall(rng=random.Random(seed))
            table = hall.open_table(alice, "classic+teams", 4)
            hall.join(bob, table.id, 2)
            hall.seat_ai(alice, 1, "medium")
            match, _ = hall.seat_ai(alice, 3, "easy")
            assert sorted(match.names()) == ["AI 1 (medium)", "AI 2 (easy)", "alice", "bob"]
            first = match.names().index("alice")  # the lobby's seat 1, wherever it sits now
            assert match.names()[(first + 1) % 4] == "AI 1 (medium)"
            match.stop()
            await asyncio.to_thread(match.thread.join, 10)

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_seat_an_ai_took_over_outlives_a_restart_in_the_save() -> None:
    """The person whose seat an AI took over is kept in the save (``replaced``), so a game
    resumed after a restart still lists the game for them at its end; a save whose list does
    not fit gives nothing back."""
    from cuttle.files.storage import GameRecord
    from cuttle.serve.hall import replaced_seats

    ai = (None, "medium", None, "easy")
    record = GameRecord("classic+teams", 5, ["ann", "AI 2 (medium)", "cy", "AI 1 (easy)"],
                        session={"replaced": [[1, "SHA256:bob", "bob"]]})
    assert replaced_seats(record, ai) == {1: ("SHA256:bob", "bob")}
    for bad in ([[0, "k", "ann"]], [[1, 7, "bob"]], [[9, "k", "bob"]], [[1, "k", ""]], "x",
                [[1, "k"]], [[1, "k", "b\x1bob"]]):
        record.session = {"replaced": bad}
        assert replaced_seats(record, ai) == {}, bad


def test_what_an_idle_player_was_told_goes_once_the_others_claimed_the_seat(
    tmp_path: Path,
) -> None:
    """Issue 37's play-test: claimed out of a cutthroat game for idling, a player still read
    "You have not moved for 1 min..." and "The others are asked whether to claim your seat:
    move to go on." to the game's end, under "You are out of this game"."""

    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, idle=600.0) as server:
            match, seats = await table_of_three(server)
            game = match.session.game
            mover = game.to_move or 0
            names = match.session.names
            await seats[mover].wait(prompt_of(names[mover]))
            await until(lambda: reading(match, mover), "the move to be read")
            clock.advance(541)
            await seats[mover].wait(r"You have not moved for 9 min: at 10 min the others")
            clock.advance(60)
            await seats[mover].wait(r"The others are asked whether to claim your seat")
            other = next(p for p in seats if p != mover)
            await seats[other].wait(rf"Claim: {names[mover]} concedes and is out")
            await seats[other].line("y")
            await until(lambda: mover in game.seats.out, "the seat claimed")
            await seats[mover].wait(r"You are out of this game")
            await until(lambda: "move to go on" not in seats[mover].text()
                        and "You have not moved" not in seats[mover].text(),
                        "what no longer holds to go")

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_claim_is_not_asked_over_an_open_concede_question(tmp_path: Path) -> None:
    """Issue 37's play-test: bob typed concede, and before he answered, the claim against the
    idle player to move took his input line: his "y" claimed her seat instead of conceding."""

    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, idle=600.0) as server:
            match, seats = await table_of_three(server)
            game = match.session.game
            mover = game.to_move or 0
            names = match.session.names
            bob, carol = (p for p in sorted(seats) if p != mover)
            await seats[mover].wait(prompt_of(names[mover]))
            await seats[bob].wait(r"\(waiting\)> ")
            def waits() -> bool:
                screen = match.seats.screen(bob)
                return screen is not None and screen.mode in ("read", "ask") \
                    and screen.ready.is_set()

            await until(waits, "bob's line")
            await seats[bob].line("concede")
            await seats[bob].wait(r"Concede this game\? You are out")
            await until(waits, "bob's question")
            clock.advance(601)
            await seats[carol].wait(rf"Claim: {names[mover]} concedes and is out")
            await asyncio.sleep(0.3)
            assert "Claim:" not in seats[bob].text()  # his own question stays his
            await until(waits, "bob's question")
            await seats[bob].line("y")
            await until(lambda: bob in game.seats.out, "bob's concession")
            assert mover not in game.seats.out

    with hang_guard(60):
        asyncio.run(scenario())
