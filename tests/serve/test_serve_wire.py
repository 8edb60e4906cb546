"""Hidden information over the wire, at tables of 2, 3 and 4 seats (issue 37).

Random games on an in-process server (people's seats typed by the test, random AIs in the
others), with every reveal the rules have (glasses, 3s, 4s, 7s, 9s, jokers): every byte sent to
each seat and to a spectator, and the screen it draws (pyte), holds no card the receiver may not
know at that moment: no card of another hand (a partner's included), of the deck, nor the seed.

What a seat may know is decided by the engine's own ``Game.view(seat)`` (taken before any test
patches it), on a copy of the game replayed move by move from its seed and the served game's
history, so every state the server went through is known, also those of moves the AIs made
between two looks of the test: a seat may show a card it has seen in any of them (a card once
shown, in the scrap say, is told again in the log). A spectator may show what every seat's
view shows outside the hands (the fields, the scrap, the stack, a 7's cards), and the cards in
hands every seat knows (taken by a 3, returned by a 9). The companion tests send a partner's
hand (in the view the server draws from, and in bytes the screen does not show) and see the
same checks fail.
"""

from __future__ import annotations

import asyncio
import codecs
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sshkit import LOBBY, WAIT, Player, connect, key, key_fp, port_of, running, until
from test_serve_game import reading

from cuttle import Game
from cuttle.cards import SUIT_SYMBOLS, SUITS
from cuttle.engine.moves import CONCEDE
from cuttle.serve import server as server_module
from cuttle.serve.limits import fairshare
from cuttle.serve.match import Match
from cuttle.serve.server import Server
from cuttle.serve.timers import CounterWindows
from cuttle.text.cardtext import split_stack
from cuttle.ui import actions

REFERENCE_VIEW = Game.view  # the engine's: what a seat may know (a companion test patches it)

# a card as a screen draws it (7♦, 10♠), as the notation writes it (7D, TS), or a joker (X1)
GLYPH = re.compile(rf"(?<![0-9A-Za-z])(10|[2-9AJQK])([{SUIT_SYMBOLS}])")
NOTATION = re.compile(r"\b([2-9TJQKA][CDHS]|X[12])\b")
TO_SUIT = dict(zip(SUIT_SYMBOLS, SUITS, strict=True))
# escape sequences: a CSI or a lone escape is taken out; the text inside an OSC or DCS (a title,
# say, which no screen shows) is kept, for every byte counts
CSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[^\[\]P]")
STRING = re.compile(r"\x1b[\]P]([^\x07\x1b]*)(\x07|\x1b\\)")
SIZE = {"width": 80, "height": 24}  # a terminal's common size: smaller frames, a faster test
REVEALS = ("perm 8", "oneoff 8", "oneoff 3", "oneoff 4", "oneoff 7", "oneoff 9", "joker")


def cards_in(text: str) -> set[str]:
    """Every card a text names, in the notation (``TS``, ``X1``)."""
    found = {("T" if rank == "10" else rank) + TO_SUIT[suit] for rank, suit in GLYPH.findall(text)}
    return found | set(NOTATION.findall(text))


def entry_cards(entry: str) -> set[str]:
    base, covers = split_stack(entry)  # TS@1+JD@0: the ten and the jack
    return {base, *covers}


def outside_hands(view: dict[str, Any]) -> set[str]:
    """The cards a view shows outside the hands (fields, scrap, stack, deck, a 7's cards)."""
    out: set[str] = set()
    for row in [*view["points"], *view["permanents"]]:
        for entry in row:
            out |= entry_cards(entry)
    for zone in ("deck", "scrap", "revealed", "frozen"):
        out.update(view.get(zone, []))
    for item in view.get("stack", []):
        out |= {w for w in str(item["move"]).upper().split() if NOTATION.fullmatch(w)}
    out.discard("??")
    return out


def shown_to(view: dict[str, Any]) -> set[str]:
    """Every card a seat's view shows."""
    out = outside_hands(view) | set(view.get("known", []))
    for hand in view["hands"]:
        out.update(hand)
    out.discard("??")
    return out


class Knowledge:
    """What each seat, and anyone watching, may know of the served game so far: the engine's
    views of every state of a copy replayed from the game's seed and history."""

    def __init__(self, server: Server, host: str) -> None:
        self.server = server
        self.host = host  # the key of a person at the table: how its match is found
        self.match: Match | None = None
        self.copy: Game | None = None
        self.seats: dict[int, set[str]] = {}
        self.public: set[str] = set()

    def find(self) -> Match | None:
        if self.match is None:
            self.match = next((m for m in list(self.server.hall.matches.values())
                               if m.seat_of(self.host) is not None), None)
        return self.match

    def sync(self) -> Game | None:
        """The copy, brought to the served game's last move (None before the game starts)."""
        match = self.find()
        if match is None:
            return None
        live: Game = match.session.game
        if self.copy is None:
            self.copy = Game.new(seed=live.seed, rules=live.rules)
            self._note()
        history = list(live.history)  # the move is in it before its frame is drawn
        while len(self.copy.history) < len(history):
            seat, move = history[len(self.copy.history)]
            if move is CONCEDE[seat]:
                self.copy.concede(seat)
            else:
                self.copy.play(move)
            self._note()
        return self.copy

    def _note(self) -> None:
        g = self.copy
        assert g is not None
        views = [REFERENCE_VIEW(g, s) for s in range(g.players)]
        for s, view in enumerate(views):
            self.seats.setdefault(s, set()).update(shown_to(view))
        common = set.intersection(*(outside_hands(v) for v in views))
        known = set.intersection(*(set(v.get("known", [])) for v in views))
        self.public |= common | known

    def may_know(self, viewer: int | None) -> set[str]:
        """What seat ``viewer`` (None: a spectator) may have been shown by now."""
        self.sync()
        return self.public if viewer is None else self.seats.get(viewer, set())


@dataclass
class Guard:
    """One client's bytes and screen, checked as they come against what it may know."""

    player: Player
    knowledge: Knowledge
    who: Callable[[], int | None]  # its seat (None: a spectator, or not seated yet)
    secrets: set[str] = field(default_factory=set)
    leaks: list[str] = field(default_factory=list)
    text: str = ""  # what was received, decoded (a sequence may span two pieces)
    checked: int = 0  # how much of it was looked at
    tail: str = ""  # the end of the last text looked at (a card split between two pieces)
    digits: str = ""

    def __post_init__(self) -> None:
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.player.on_feed = self.check

    def check(self, data: bytes) -> None:
        self.text += self.decoder.decode(data)
        # up to the last escape, when it may not be complete yet
        end = self.text.rfind("\x1b")
        if end < 0 or end < len(self.text) - 4096 or CSI.match(self.text, end) or \
                STRING.match(self.text, end):
            end = len(self.text)
        fresh = CSI.sub(" ", STRING.sub(lambda m: f" {m.group(1)} ", self.text[self.checked:end]))
        piece, self.tail = self.tail + fresh, (self.tail + fresh)[-16:]
        self.checked = end
        if len(self.text) > 65536:  # what was looked at goes
            self.text, self.checked = self.text[end:], 0
        allowed = self.knowledge.may_know(self.who())
        for card in sorted(cards_in(piece) - allowed):
            self.leaks.append(f"{card} sent to {self.player_name()}: {piece[-1500:]!r}")
        screen = self.player.text()
        for card in sorted(cards_in(screen) - allowed):
            self.leaks.append(f"{card} shown to {self.player_name()}:\n{screen}")
        digits = self.digits + re.sub(r"[^0-9]", "", fresh)
        for secret in [s for s in self.secrets if s in digits or s in screen]:
            self.secrets.discard(secret)
            self.leaks.append(f"the seed {secret} sent to {self.player_name()}:\n{screen}")
        self.digits = digits[-32:]

    def player_name(self) -> str:
        seat = self.who()
        return "a spectator" if seat is None else f"seat {seat}"


@dataclass(frozen=True)
class Table:
    """A table of the test: its seats, its rules (the lobby's words) and who sits there."""

    players: int
    rules: str = ""
    people: int = 0  # seats of people (the test types their moves); the others: random AIs
    seed: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "people", self.people or self.players)


async def seat_everyone(server: Server, table: Table) -> list[Player]:
    """The people at ``table`` (key n for the n-th), in the lobby's order; the AIs seated."""
    port = port_of(server)
    host = await connect(port, "p0", key(0), **SIZE)
    await host.wait(LOBBY)
    size = f"--players {table.players} " if table.players > 2 else ""
    await host.line(f"new {size}{table.rules}".strip())
    found = await host.wait(r"You wait at table (\w+)")
    people = [host]
    for n in range(1, table.people):
        guest = await connect(port, f"p{n}", key(n), **SIZE)
        await guest.wait(found.group(1))
        await guest.line(f"join {found.group(1)}")
        people.append(guest)
    if table.people < table.players:
        await host.line("fill random")
    await until(lambda: any(m.seat_of(key_fp(0)) is not None
                            for m in server.hall.matches.values()), "the game to start")
    return people


def pick(rng: random.Random, moves: list[Any]) -> Any:
    """A random legal move, a revealing one most of the time when there is one."""
    reveal = [m for m in moves if str(m).startswith(REVEALS)]
    if reveal and rng.random() < 0.7:
        return rng.choice(reveal)
    return rng.choice(moves)


async def play_out(match: Match, knowledge: Knowledge, people: dict[int, Player],
                   rng: random.Random, most: int = 30) -> list[str]:
    """People's moves typed at random until the game ends (past ``most`` of them the person to
    move concedes); the game's moves."""
    live: Game = match.session.game
    typed = 0
    while live.outcome is None:
        g = knowledge.sync()
        assert g is not None
        p = g.to_move
        if p not in people or len(live.history) != len(g.history) or not reading(match, p):
            await asyncio.sleep(0.01)
            continue
        n = len(live.history)
        if typed >= most:
            await people[p].line("concede")
            await people[p].wait(r"\[y/N\]")
            await people[p].line("y")
            move = "concede"
        else:
            move = str(pick(rng, g.legal_moves()))
            await people[p].line(move)
        typed += 1
        await played(live, n, people[p], f"{move!r} of seat {p}")
    return [str(move) for _, move in live.history]


async def played(live: Game, n: int, player: Player, what: str) -> None:
    """Until the game has more than ``n`` moves. An Enter that came before the screen asked
    (its mode read from the last question) leaves the line typed: Enter again, as a person
    would."""
    for _ in range(int(WAIT)):
        try:
            await until(lambda: len(live.history) > n or live.outcome is not None, what, 1.0)
            return
        except AssertionError:
            player.type("\r")
    raise AssertionError(f"{what} not played:\n{player.text()}")


def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Others' moves told at once, counter windows against the AI not held open, and no key
    held to a share of the loop (the clients run on the server's loop here): their time is
    other tests'."""
    monkeypatch.setattr(actions, "PACE_DELAY", 0.01)
    monkeypatch.setattr(fairshare, "ALLOWANCE", 1e9)
    opened = CounterWindows.__init__

    def no_wait(self: CounterWindows, wait: tuple[float, float] = (0.0, 0.0)) -> None:
        opened(self, (0.0, 0.0))

    monkeypatch.setattr(CounterWindows, "__init__", no_wait)


def seat_is(seat: int) -> Callable[[], int | None]:
    return lambda: seat


async def guarded_game(
    server: Server, table: Table, stop: Callable[[list[Guard]], bool] | None = None
) -> tuple[list[Guard], Match, list[str]]:
    """A game of ``table`` with a guard on every person and a spectator; played out at random
    (or until ``stop`` says so). The guards, the match and the game's moves."""
    knowledge = Knowledge(server, key_fp(0))
    people = await seat_everyone(server, table)
    match = knowledge.find()
    assert match is not None
    seats: dict[int, Player] = {}
    for n, player in enumerate(people):
        seat = match.seat_of(key_fp(n))
        assert seat is not None
        seats[seat] = player
    guards = [Guard(player, knowledge, seat_is(seat)) for seat, player in seats.items()]
    watcher = await connect(port_of(server), "watcher", key(9), **SIZE)
    spectator = Guard(watcher, knowledge, lambda: None)
    guards.append(spectator)
    await watcher.wait(LOBBY)
    await watcher.line(f"watch {match.id}")
    await watcher.wait("Watching|over")
    secret = str(match.session.seed)
    assert len(secret) >= 9  # long enough that no other number on a screen is it
    for guard in guards:
        guard.secrets.add(secret)
        guard.digits = ""
    for guard, player in zip(guards, [*seats.values(), watcher], strict=True):
        # what came before the guard was set (the lobby, the first frames), looked at now
        guard.text, guard.checked, guard.tail = player.raw.decode("utf-8", "replace"), 0, ""
        guard.check(b"")
    if stop is not None:
        await until(lambda: stop(guards), "the leak to be seen")
        return guards, match, []
    moves = await play_out(match, knowledge, seats, random.Random(table.seed))
    for player in seats.values():
        await player.wait("Rematch")
    await asyncio.sleep(0.3)  # the last frames
    for guard in guards:
        guard.check(b"")
    copy = knowledge.sync()
    assert copy is not None and copy.history == match.session.game.history
    return guards, match, moves


TABLES = [
    pytest.param(Table(2, "--variant eight-oneoff --variant four-random --variant joker", seed=5),
                 id="two-jokers"),
    pytest.param(Table(3, "--rules cuttlecards", people=2, seed=4), id="cutthroat-ai"),
    pytest.param(Table(4, "", seed=2), id="teams"),
    pytest.param(Table(4, "--rules cuttlecards", people=2, seed=6), id="teams-two-ais"),
]


@pytest.mark.parametrize("table", TABLES)
def test_no_hidden_card_crosses_the_wire(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    fast(monkeypatch)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None, seed=table.seed) as server:
            guards, match, moves = await guarded_game(server, table)
            assert [m for m in moves if m.startswith(REVEALS)], moves
            for guard in guards:
                assert guard.leaks == [], guard.leaks[0]

    asyncio.run(scenario())


def partner(seat: int, players: int) -> int:
    """The seat whose hand is leaked to ``seat``: the partner at four, the next seat else (the
    opponent at two)."""
    return (seat + 2) % 4 if players == 4 else (seat + 1) % players


@pytest.mark.parametrize("table", [Table(4, "", seed=2), Table(3, "", people=2, seed=3),
                                   Table(2, "", seed=7)], ids=["teams", "cutthroat-ai", "two"])
def test_the_guard_sees_a_partners_hand_in_the_view_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """The negative control: the server draws each seat's screen from a view that shows the
    partner's hand (at three, the next seat's); the guards find its cards."""
    fast(monkeypatch)

    def leaky(game: Game, seat: int) -> dict[str, Any]:
        view = REFERENCE_VIEW(game, seat)
        other = partner(seat, game.players)
        view["hands"][other] = REFERENCE_VIEW(game, other)["hands"][other]
        return view

    monkeypatch.setattr(Game, "view", leaky)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None, seed=table.seed) as server:
            guards, match, _ = await guarded_game(server, table, stop=every_person_saw_one)
            g = match.session.game
            for guard in guards[:-1]:
                seat = guard.who()
                assert seat is not None
                if not g.hands[partner(seat, g.players)]:
                    continue
                assert any(" shown to " in leak for leak in guard.leaks), seat

    asyncio.run(scenario())


def every_person_saw_one(guards: list[Guard]) -> bool:
    """Every person's guard (the last is the spectator's) found a card on its screen."""
    return all(any(" shown to " in leak for leak in guard.leaks) for guard in guards[:-1])


@pytest.mark.parametrize("table", [Table(4, "", seed=2)], ids=["teams"])
def test_the_guard_reads_every_byte_not_only_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    """The negative control of the bytes: each frame also carries the partner's hand in a window
    title, which no screen shows; the guards find it."""
    fast(monkeypatch)
    servers: list[Server] = []
    write = server_module._ChannelOut.write

    def titled(self: Any, data: str) -> int:
        for match in list(servers[0].hall.matches.values()):
            seat = match.seat_of(self.conn.login.key)
            if seat is not None:
                g = match.session.game
                other = partner(seat, g.players)
                data += "\x1b]2;" + " ".join(REFERENCE_VIEW(g, other)["hands"][other]) + "\x07"
        return write(self, data)

    monkeypatch.setattr(server_module._ChannelOut, "write", titled)

    def every_person_was_sent_one(guards: list[Guard]) -> bool:
        return all(any(" sent to " in leak for leak in guard.leaks) for guard in guards[:-1])

    async def scenario() -> None:
        async with running(tmp_path, authorized=None, seed=table.seed) as server:
            servers.append(server)
            guards, _, _ = await guarded_game(server, table, stop=every_person_was_sent_one)
            for guard in guards[:-1]:
                assert not any(" shown to " in leak for leak in guard.leaks)  # bytes only
            assert guards[-1].leaks == []  # the spectator's frames carry none

    asyncio.run(scenario())
