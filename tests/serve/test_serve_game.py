"""Games over ``cuttle serve``: the lobby, two players to the end, spectators, resizes, dropped
connections, claims, and hidden cards that never cross the wire."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from sshkit import LOBBY, FakeClock, Player, connect, key, key_fp, port_of, running, until

from cuttle import Game
from cuttle.cards import card_text, full_deck
from cuttle.files.history import History
from cuttle.serve import store
from cuttle.serve.match import Match
from cuttle.serve.server import Server
from cuttle.text.cardtext import CardStyle

ALL_CARDS = [card_text(c) for c in full_deck()]
SHOWN = {c: CardStyle().plain(c) for c in ALL_CARDS}
# any card as a screen shows it, not after a digit (no card's text is the start of another's)
SHOWN_CARD = re.compile(r"(?<![0-9])(?:10|[A2-9JQK])[♣♦♥♠]")
assert {m for v in SHOWN.values() for m in SHOWN_CARD.findall(v)} == set(SHOWN.values())


def seen_in(pos: dict[str, Any]) -> set[str]:
    """Every card a position dict shows (the test's own reading, not the server's)."""
    out: set[str] = set()
    for hand in pos["hands"]:
        out.update(hand)
    for row in pos["points"]:
        for pile in row:
            out.update(pile.split("+"))
    for row in pos["permanents"]:
        out.update(row)
    for field in ("deck", "scrap", "revealed", "known", "frozen"):
        out.update(pos.get(field, []))
    for item in pos.get("stack", []):
        out.update(w for w in str(item["move"]).upper().split() if w in SHOWN)
    out.discard("??")
    return out


ESCAPE = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


class Guard:
    """Fails the test when a card its viewer may not have seen yet, or a secret (the game's
    seed, in decimal digits as a screen would show it), is sent to them: in the bytes of each
    piece received (escape sequences taken out), in everything received so far, and on the
    screen after it."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.allowed: set[str] = set()
        self.secrets: set[str] = set()
        self.digits = ""  # the last digits received (a secret may start in one piece)
        self.leaks: list[str] = []
        player.on_feed = self.check

    def _found(self, text: str) -> list[str]:
        shown = set(SHOWN_CARD.findall(text))  # one pass, not one search a card
        return [card for card in ALL_CARDS if card not in self.allowed and SHOWN[card] in shown]

    def check(self, data: bytes) -> None:
        sent = ESCAPE.sub(" ", data.decode("utf-8", "replace"))
        for card in self._found(sent):
            self.leaks.append(f"{card} sent: {sent[:2000]!r}")
        screen = self.player.text()
        for card in self._found(screen):
            self.leaks.append(f"{card} shown:\n{screen}")
        # every digit received so far too: a number may come in two pieces, or with the
        # cursor moved between its digits by a redraw that writes only what changed
        digits = self.digits + re.sub(r"[^0-9]", "", sent)
        found = {x for x in self.secrets if x in sent or x in screen or x in digits}
        longest = max((len(x) for x in self.secrets), default=1)
        self.digits = digits[-(longest - 1) :] if longest > 1 else ""  # enough to span pieces
        self.secrets -= found  # each told once
        self.leaks.extend(f"secret {x} sent or shown:\n{screen}" for x in sorted(found))


async def two_at_a_table(
    server: Server, a: str = "alice", b: str = "bob", rules: str = ""
) -> tuple[Player, Player, Match]:
    port = port_of(server)
    alice = await connect(port, a, key(0))
    await alice.wait(LOBBY)
    await alice.line(f"new {rules}".strip())
    found = await alice.wait(r"You wait at table (\w+)")
    bob = await connect(port, b, key(1))
    await bob.wait(found.group(1))  # the open table is listed in bob's lobby
    await bob.line(f"join {found.group(1)}")
    await until(lambda: server.hall.matches, "the game to start")
    match = next(iter(server.hall.matches.values()))
    return alice, bob, match


async def back_to_lobby(player: Player) -> None:
    """Enter until the lobby shows (the first may only skip the last move's step)."""
    for _ in range(5):
        await player.line("")
        try:
            await player.wait(LOBBY, timeout=2)
            return
        except AssertionError:
            continue
    await player.wait(LOBBY)


WAITING = "(waiting)> "  # the end of the prompt of a player who waits (tables.waiting)


def prompt_of(name: str) -> str:
    """The input line of the player to move (not the one of the player who waits)."""
    return rf"(?m)^{re.escape(name)}(?! \(waiting\))( \([^)]*\))?> "


async def concede_to_the_rematch(match: Match, seats: dict[int, Player]) -> None:
    """The player to move concedes; both are asked about a rematch."""
    mover = match.session.game.to_move or 0
    await seats[mover].wait(prompt_of(match.session.names[mover]))
    await seats[mover].line("concede")
    await seats[mover].wait(r"\[y/N\]")
    await seats[mover].line("y")
    for player in seats.values():
        await player.wait("Rematch with the seats swapped")


async def away_from_an_ai_game(server: Server) -> tuple[Player, str]:
    """alice starts a game against the random AI and leaves it for the lobby, her seat kept;
    her screen and the game's id."""
    alice = await connect(port_of(server), "alice", key(0))
    await alice.wait(LOBBY)
    await alice.line("ai random")
    await alice.wait(prompt_of("alice"))
    await alice.line("quit")
    found = await alice.wait(r"Your seat in game (\w+) is kept")
    return alice, found.group(1)


def by_seat(match: Match, alice: Player, bob: Player) -> dict[int, Player]:
    return {match.seat_of(key_fp(0)) or 0: alice, match.seat_of(key_fp(1)) or 0: bob}


def by_seat_of(match: Match, n: int) -> int:
    """The seat of the player with the n-th test key."""
    seat = match.seat_of(key_fp(n))
    assert seat is not None
    return seat


def reading(match: Match, seat: int) -> bool:
    """Does the screen at ``seat`` wait for its move (or a command) now, the others' moves
    told? Not the line of a player who waits (``NAME (waiting)> ``): the screen keeps it open
    until the session asks for the move, and a move typed there is refused, not played (the
    race that lost a ``draw`` once in a while)."""
    screen = match.seats.screen(seat)
    return (
        screen is not None
        and screen.mode == "read"
        and screen.ready.is_set()
        and not screen.prompt.endswith(WAITING)
    )


async def at_pace(match: Match, pace: str = "fast", seats: Iterable[int] | None = None) -> None:
    """The screens at ``seats`` (every person's) at ``pace``, as F2 or ``pace fast`` would set
    it. At the normal pace each move another seat made is shown for half a second before the
    next prompt: tests that only need a game played to its end play it at the fast pace (the
    step frames are covered where they are the subject)."""
    chosen = list(match.seats.people if seats is None else seats)
    await until(lambda: all(match.seats.screen(s) for s in chosen), "the screens")
    for s in chosen:
        screen = match.seats.screen(s)
        assert screen is not None
        screen.set_pace(pace)


async def play_random(
    match: Match, players: dict[int, Player], rng: random.Random, guards: dict[int, Guard],
    public: Guard | None = None,
) -> list[str]:
    """Random legal moves typed by the player to move until the game ends; the moves."""
    game: Game = match.session.game
    played: list[str] = []
    await players[0].wait(r"(?m)^\S.*> ")
    while game.outcome is None:
        p = game.to_move
        assert p is not None
        move = rng.choice(game.legal_moves())
        after = game.copy()
        after.play(move)
        for seat, guard in guards.items():  # what the move shows each seat, before it is made
            guard.allowed |= seen_in(after.view(seat))
        if public is not None:
            public.allowed |= seen_in(after.view(0)) & seen_in(after.view(1))
        n = len(game.history)
        played.append(str(move))
        await players[p].wait(prompt_of(match.session.names[p]))
        # and the seat's screen reads a line now: the prompt on the client's screen may still be
        # the last turn's (a loaded server redraws late), and Enter before the read is not a move
        await until(lambda p=p: reading(match, p), f"seat {p} to read a move")
        await players[p].line(str(move))
        await until(lambda n=n: len(game.history) > n or game.outcome is not None, str(move))
    return played


@pytest.mark.parametrize(
    ("rules", "seed", "pace"),
    [
        ("", 7, "fast"),
        ("--rules cuttlecards", 11, "normal"),
        ("--variant eight-oneoff --variant four-random", 5, "fast"),
    ],
)
def test_two_players_meet_in_the_lobby_and_play_to_the_end_without_a_hidden_card_on_the_wire(
    tmp_path: Path, rules: str, seed: int, pace: str
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server, rules=rules)
            seats = by_seat(match, alice, bob)
            await at_pace(match, pace)  # one game keeps the normal pace's step frames
            guards = {s: Guard(p) for s, p in seats.items()}
            for s, guard in guards.items():
                guard.allowed |= seen_in(match.session.game.view(s))
            watcher = await connect(port_of(server), "carol", key(2))
            public = Guard(watcher)
            g = match.session.game
            public.allowed |= seen_in(g.view(0)) & seen_in(g.view(1))
            await watcher.wait(LOBBY)
            await watcher.line(f"watch {match.id}")
            await watcher.wait("Watching")
            secret = str(match.session.seed)  # the whole deal: never sent, in any phase
            assert len(secret) >= 15  # long enough that no other number on a screen is it
            for guard in (*guards.values(), public):
                guard.secrets.add(secret)
            played = await play_random(match, seats, random.Random(seed), guards, public)
            reveals = [m for m in played if re.match(r"oneoff [347]|perm 8|oneoff 8", m)]
            assert reveals, played  # the game showed hidden cards the rules reveal
            await alice.wait("Rematch with the seats swapped")
            # the last move is told at the pace before the game-over window (both must come)
            await alice.wait("Game over|won")
            await back_to_lobby(alice)
            await until(lambda: not server.hall.matches, "the game to leave the list")
            guards[by_seat_of(match, 0)].allowed |= set(ALL_CARDS)  # a replay shows them all
            await alice.line("games")
            game_id = (await alice.wait(r"(?m)^\W*(\d+)\W+\S+ vs ")).group(1)
            await alice.line(f"replay {game_id}")
            await alice.wait(r"Move 0/\d+")
            alice.type("\x1b[F")  # End: the last move, the game over
            await alice.wait(r"Move (\d+)/\1")
            for guard in (*guards.values(), public):
                assert guard.leaks == []
        names = {tuple(row.players) for row in store.history().all_games()}
        assert names == {tuple(match.session.names)}  # the server's own history, both names
        assert History().all_games() == []  # not the host's

    asyncio.run(scenario())


def test_hint_and_undo_are_refused_between_people(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            mover = match.session.game.to_move or 0
            first = seats[mover]
            await first.wait(prompt_of(match.session.names[mover]))
            await first.line("hint")
            await first.wait("hint is not offered in a game between people")
            await first.line("undo")
            await first.wait("undo is not offered")
            await first.line("settings pace fast")
            await first.wait("settings are the server's own")
            await first.line("save /tmp/x.json")
            await first.wait("save and save FILE are the server's own")
            assert match.session.game.history == []

    asyncio.run(scenario())


@pytest.mark.parametrize("processes", [0, 1])
def test_a_game_against_the_ai_from_the_lobby(tmp_path: Path, processes: int) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None, ai_processes=processes) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait(r"alice> ")
            await alice.line("draw")
            match = next(iter(server.hall.matches.values()))
            await until(lambda: len(match.session.game.history) >= 2, "the AI's answer")
            await alice.wait(r"AI \(random\) (drew|played|scrapped|passed)")

    asyncio.run(scenario())


def test_a_line_typed_right_after_esc_keeps_its_first_letter_over_ssh(tmp_path: Path) -> None:
    """Esc, then a line in the same packet, in the lobby and in a game: before, Esc a and Esc l
    were Emacs chords ("ai random" became "i random", "log" became "og")."""
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            alice.type("\x1bai random\r")
            await alice.wait(r"alice> ")
            await alice.line("draw")
            match = next(iter(server.hall.matches.values()))
            await until(lambda: len(match.session.game.history) >= 2, "the AI's answer")
            await alice.wait(r"alice( \([^)]*\))?> ")
            await until(lambda: reading(match, by_seat_of(match, 0)), "alice to be asked")
            alice.type("\x1blog\r")
            await alice.wait("The game so far")

    asyncio.run(scenario())


def test_a_bad_lobby_command_gets_one_line_and_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("join zz")
            await alice.wait("join: no table 'zz' is waiting")
            await alice.line("new --rules nonsense")
            await alice.wait("new: ")
            await alice.line("frobnicate")
            await alice.wait("not a command; type help")
            assert not server.hall.tables and not server.hall.matches
            alice.type("\x1bOP")  # F1
            await alice.wait("open a table and wait")

    asyncio.run(scenario())


def test_join_as_an_ssh_command_goes_straight_to_the_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("new")
            table = (await alice.wait(r"You wait at table (\w+)")).group(1)
            bob = await connect(port, "bob", key(1), command=f"join {table}")
            await bob.wait(r"hand")
            await alice.wait(r"hand")

    asyncio.run(scenario())


def test_a_resize_redraws_the_game_at_the_new_size(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait("alice> ")
            alice.resize(50, 12)
            await alice.wait("The terminal is 50")
            alice.resize(100, 30)
            await alice.wait("alice> ")

    asyncio.run(scenario())


def test_a_dropped_player_keeps_the_seat_and_comes_back_to_the_same_hand(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            a_seat = match.seat_of(key_fp(0))
            assert a_seat is not None
            hand = match.session.game.view(a_seat)["hands"][a_seat]
            alice.drop()
            await bob.wait(r"alice dropped \(seat held 4:5\d\)")
            again = await connect(port_of(server), "alice", key(0))
            await again.wait(r"alice.*> |bob to move")
            text = again.text()
            assert all(SHOWN[c] in text for c in hand)
            await until(lambda: "dropped" not in bob.text(), "the notice to go")

    asyncio.run(scenario())


def test_after_the_hold_the_opponent_may_claim_the_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            game = match.session.game
            mover = game.to_move or 0
            other = 1 - mover
            await seats[mover].wait(prompt_of(match.session.names[mover]))
            seats[mover].drop()
            await seats[other].wait("dropped")
            clock.advance(299)
            await asyncio.sleep(0.3)
            assert "Claim" not in seats[other].text()
            clock.advance(2)
            await seats[other].wait(r"Claim the game\? \[y/N\]")
            await seats[other].line("y")
            await until(lambda: game.outcome is not None, "the claim")
            assert game.outcome == f"p{other}" and game.outcome_reason == "concession"

    asyncio.run(scenario())


def test_idle_on_ones_turn_lets_the_opponent_claim_or_wait(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, idle=900.0) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            game = match.session.game
            mover = game.to_move or 0
            await seats[mover].wait(prompt_of(match.session.names[mover]))
            clock.advance(901)
            await seats[1 - mover].wait(r"has not moved for 15 min\. Claim the game")
            await seats[1 - mover].line("n")
            await asyncio.sleep(0.2)
            assert game.outcome is None
            await seats[mover].line("draw")
            await until(lambda: len(game.history) == 1, "the late move")

    asyncio.run(scenario())


@pytest.mark.parametrize("seed", [3])
def test_a_spectator_sees_no_hand_no_deck_and_no_seed(tmp_path: Path, seed: int) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await connect(port_of(server), "carol", key(2))
            await carol.wait(LOBBY)
            await carol.line("watch")
            await carol.wait("Watching")
            g = match.session.game
            text = carol.text()
            for p in (0, 1):
                assert not any(SHOWN[c] in text for c in g.view(p)["hands"][p])
            assert str(match.session.seed) not in text

    asyncio.run(scenario())


def test_a_game_goes_on_after_the_server_restarts(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            game = match.session.game
            for _ in range(2):
                p = game.to_move or 0
                n = len(game.history)
                await seats[p].wait(prompt_of(match.session.names[p]))
                await seats[p].line("draw")
                await until(lambda n=n: len(game.history) > n, "the draw")
            moves = [str(m) for _, m in game.history]
            a_seat = match.seat_of(key_fp(0))
            assert a_seat is not None
            hand = game.view(a_seat)["hands"][a_seat]
            names = match.session.names
        await alice.wait("The server is stopping")
        async with running(tmp_path, authorized=None) as again:
            assert len(again.hall.matches) == 1
            resumed = next(iter(again.hall.matches.values()))
            assert [str(m) for _, m in resumed.session.game.history] == moves
            assert resumed.session.names == names
            alice2 = await connect(port_of(again), "alice", key(0))
            await alice2.wait(r"alice.*> |bob dropped")
            assert all(SHOWN[c] in alice2.text() for c in hand)

    asyncio.run(scenario())


def test_the_player_who_waits_may_read_the_help_and_leave_with_the_seat_kept(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            mover = match.session.game.to_move or 0
            waiter = seats[1 - mover]
            name = match.session.names[1 - mover]
            await waiter.wait(rf"{name} \(waiting\)> ")
            await waiter.line("draw")
            await waiter.wait(r"It is \w+'s turn\. While you wait")
            assert match.session.game.history == []
            await asyncio.sleep(0.3)  # the input line opens again
            await waiter.line("help")
            await waiter.wait("Help")
            waiter.type("\x1b")
            await asyncio.sleep(0.3)
            await waiter.line("quit")
            await waiter.wait(LOBBY)
            await seats[mover].wait(rf"{name} left the table \(seat held")  # not "dropped"
            assert match.seat_of(key_fp(0 if waiter is alice else 1)) == 1 - mover
            await waiter.line("quit")
            await waiter.wait_closed()
            assert waiter.status == 0

    asyncio.run(scenario())


def test_a_rematch_needs_both_and_swaps_the_first_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await connect(port_of(server), "carol", key(2))
            await carol.wait(LOBBY)
            await carol.line(f"watch {match.id}")
            await carol.wait("Watching")
            seats = by_seat(match, alice, bob)
            await concede_to_the_rematch(match, seats)
            await carol.wait("back to the lobby")
            await alice.line("y")
            await alice.wait("Waiting for your opponent's answer")
            await bob.line("y")
            await until(
                lambda: any(m is not match for m in server.hall.matches.values()), "the rematch"
            )
            again = next(m for m in server.hall.matches.values() if m is not match)
            assert [c.key for c in again.chairs] == [c.key for c in reversed(match.chairs)]
            first = again.session.names[0]
            assert first == match.session.names[1]
            await alice.wait(r"Rematch: \S+ moves first")
            await bob.wait(r"Rematch: \S+ moves first")
            await until(lambda: len(again.spectators) == 1, "the spectator to follow")
            await carol.wait(rf"Watching: {again.session.names[0]} to move")

    asyncio.run(scenario())


def test_a_rematch_declined_sends_both_back_to_the_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            carol = await connect(port_of(server), "carol", key(2))
            await carol.wait(LOBBY)
            await carol.line(f"watch {match.id}")
            await carol.wait("Watching")
            seats = by_seat(match, alice, bob)
            await concede_to_the_rematch(match, seats)
            await alice.line("y")
            await alice.wait("Waiting for your opponent's answer")
            await bob.line("n")
            await bob.wait(LOBBY)
            await alice.wait(LOBBY)
            assert not server.hall.matches
            await carol.wait("back to the lobby")
            await back_to_lobby(carol)

    asyncio.run(scenario())


def test_a_player_lists_and_replays_their_own_finished_games_only(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait(prompt_of("alice"))
            await alice.line("concede")
            await alice.wait(r"\[y/N\]")
            await alice.line("y")
            await alice.wait("Rematch with the seats swapped")
            await back_to_lobby(alice)
            await alice.line("games")
            found = await alice.wait(r"(?m)^\W*(\d+)\W+alice vs AI \(random\)")
            game_id = found.group(1)
            await alice.line(f"replay {game_id}")
            await alice.wait(r"Move 0/\d+")
            alice.type("q")
            await alice.wait(LOBBY)
            await alice.line(f"review {game_id}")
            await alice.wait(r"Move 0/\d+", timeout=60)  # the review's replay
            alice.type("q")
            await alice.wait(LOBBY)
            mallory = await connect(port, "mallory", key(1))
            await mallory.wait(LOBBY)
            await mallory.line(f"replay {game_id}")
            await mallory.wait(f"replay: {game_id} is not one of your games")
            await mallory.line(f"review {game_id}")
            await mallory.wait(f"review: {game_id} is not one of your games")

    asyncio.run(scenario())


def test_one_game_at_a_time_and_back_returns_to_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, game_id = await away_from_an_ai_game(server)
            await alice.line("ai easy")
            await alice.wait(f"ai: you have a seat in game {game_id}: back returns to it")
            await alice.line("new")
            await alice.wait("new: you have a seat in game")
            assert len(server.hall.matches) == 1 and not server.hall.tables
            await alice.line("back")
            await alice.wait(prompt_of("alice"))

    asyncio.run(scenario())


def test_a_game_everyone_left_is_put_away_and_comes_back_at_login(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(tmp_path, authorized=None, clock=clock, hold=300.0) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait(prompt_of("alice"))
            match = next(iter(server.hall.matches.values()))
            game = match.session.game
            await alice.line("draw")
            await until(lambda: len(game.history) >= 2 and game.to_move == 0, "the AI's move")
            moves = [str(m) for _, m in game.history]
            hand = game.view(0)["hands"][0]
            alice.drop()
            await until(lambda: match.away() == [0], "the drop")
            clock.advance(301)
            await until(lambda: not server.hall.matches, "the game to be put away")
            again = await connect(port_of(server), "alice", key(0))
            await again.wait(prompt_of("alice"))
            back = next(iter(server.hall.matches.values()))
            assert [str(m) for _, m in back.session.game.history] == moves
            assert all(SHOWN[c] in again.text() for c in hand)

    asyncio.run(scenario())


def test_an_error_in_a_game_ends_that_game_only_logged_and_not_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    from cuttle import Move
    from cuttle.serve.aipool import AIPool

    def broken(self: AIPool, level: str, game: Game, seed: int, think: float | None) -> Move:
        raise RuntimeError("the AI broke")

    monkeypatch.setattr(AIPool, "choose", broken)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            bob = await connect(port, "bob", key(1))
            await alice.wait(LOBBY)
            await alice.line("ai random")
            await alice.wait(prompt_of("alice"))
            await alice.line("draw")
            await alice.wait("Enter: back to the lobby")  # no rematch after an error
            await back_to_lobby(alice)
            assert not server.hall.matches
            await bob.wait(LOBBY)
            await bob.line("new")
            await bob.wait("You wait at table")

    with caplog.at_level("ERROR", logger="cuttle.serve"):
        asyncio.run(scenario())
    assert "the AI broke" in caplog.text
    out, err = capfd.readouterr()
    assert "the AI broke" not in out + err


def test_an_error_in_a_screens_keys_ends_that_connection_only_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """F2 breaks (on every screen); alice presses it: her connection ends (exit status 1, one
    line, the error in the server's log), her seat is held; bob's game goes on."""
    from cuttle.ui.app import AppIO

    def broken(self: AppIO) -> None:
        raise RuntimeError("the pace key broke")

    monkeypatch.setattr(AppIO, "cycle_pace", broken)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            bob = await connect(port, "bob", key(1))
            for player in (alice, bob):
                await player.wait(LOBBY)
                await player.line("ai random")
            await alice.wait(prompt_of("alice"))
            await bob.wait(prompt_of("bob"))
            alice.type("\x1bOQ")  # F2
            await alice.wait_closed()
            assert alice.status == 1
            assert "an error ended your session" in alice.text()
            mine = next(m for m in server.hall.matches.values() if m.seat_of(key_fp(0)) == 0)
            await until(lambda: mine.away() == [0], "alice's seat held")
            theirs = next(m for m in server.hall.matches.values() if m is not mine)
            await bob.line("draw")
            await until(lambda: len(theirs.session.game.history) >= 2, "the AI's answer to bob")
            await bob.wait(r"AI \(random\) (drew|played|scrapped|passed)")
            await bob.wait(prompt_of("bob"))

    with caplog.at_level("ERROR", logger="cuttle.serve"):
        asyncio.run(scenario())
    assert "the pace key broke" in caplog.text
    out, err = capfd.readouterr()
    assert "the pace key broke" not in out + err


def test_each_player_replays_a_game_between_two_people_from_their_own_seat(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            names = match.session.names
            seats = by_seat(match, alice, bob)
            await concede_to_the_rematch(match, seats)
            await alice.line("n")
            for player in (alice, bob):
                await player.wait(LOBBY)
            for seat, player in seats.items():
                await player.line("games")
                game_id = (await player.wait(r"(?m)^\W*(\d+)\W+\S+ vs ")).group(1)
                await player.line(f"replay {game_id}")
                await player.wait(r"Move 0/\d+")
                rows = player.text().splitlines()
                own = next(i for i, row in enumerate(rows) if row.startswith(names[seat] + " "))
                other = next(i for i, row in enumerate(rows)
                             if row.startswith(names[1 - seat] + " "))
                assert other < own, "\n".join(rows)  # one's own seat below, as in the game
                player.type("q")
                await player.wait(LOBBY)

    asyncio.run(scenario())


def test_the_guard_finds_a_card_sent_or_on_the_screen_and_lets_the_allowed_pass() -> None:
    """The negative control of this file's guard: a card its viewer may not see is a leak,
    sent in pieces or drawn by cursor moves; an allowed one, or a 10 after a digit, is not."""
    player = Player()
    guard = Guard(player)
    guard.allowed |= {"AH"}
    player.feed("A♥ 110♠ ".encode())
    assert guard.leaks == []
    player.feed(b"\x1b[2;1H1")
    player.feed("0\x1b[31m♦\x1b[0m".encode())  # 10♦ in pieces, a colour between
    assert any(leak.startswith("TD shown") for leak in guard.leaks), guard.leaks
    player.feed(" K♣".encode())
    assert any(leak.startswith("KC sent") for leak in guard.leaks), guard.leaks
