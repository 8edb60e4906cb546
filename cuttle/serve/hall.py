"""The server's rooms: the open tables waiting for an opponent and the games in play.

The hall is touched only on the server's event loop. A table of two to four seats is opened with
``new`` and waits (``tables/plan.py``); ``join`` seats a player, ``seat``/``fill`` an AI, and the
``Match`` starts once every seat is taken; ``quick`` joins the table of a size waiting longest or
opens one; ``ai`` starts a game against the AI at once.
A player is known by the fingerprint of their login key, so a reconnect finds their seat.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import threading
from collections.abc import Callable
from typing import Any

from cuttle import Game
from cuttle.ai import LEVELS
from cuttle.files.saves import Slot
from cuttle.files.storage import MAX_SEED, GameRecord, check_name
from cuttle.serve import keep
from cuttle.serve.aipool import AIPool
from cuttle.serve.keys import Login
from cuttle.serve.limits.disk import NewGames
from cuttle.serve.limits.frames import CAUSE, Payer, Together
from cuttle.serve.match import Match
from cuttle.serve.names import marked, seat_names, table_names
from cuttle.serve.seats import Chair
from cuttle.serve.tables.plan import HallError, Table, ai_level, game_seat, players_words
from cuttle.serve.timers import Clock
from cuttle.text.people import ai_seat_names

log = logging.getLogger("cuttle.serve")

LOBBY_INTERVAL = 1.0  # seconds at least between two redraws of a lobby for what the hall shows
LOBBY_SETTLE = 0.05  # seconds from a first change to the lobbies' redraw (what follows: the same)


class Hall:
    """The open tables and the games in play."""

    def __init__(
        self,
        *,
        hold: float = 300.0,
        idle: float = 900.0,
        clock: Clock | None = None,
        rng: random.Random | None = None,
        pool: AIPool | None = None,
    ) -> None:
        self.hold = hold
        self.idle = idle
        self.clock = clock or Clock()
        self.rng = rng or random.Random()
        self.pool = pool or AIPool(0)  # where the AI thinks
        self.tables: dict[str, Table] = {}
        self.matches: dict[str, Match] = {}
        self.listeners: set[Callable[[], None]] = set()
        self.ids = itertools.count(1)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.rematches: dict[str, tuple[Match, int]] = {}  # login key -> the seat to take
        self.reviews = 0  # reviews being computed now (the lobby limits them)
        self.following: dict[str, Match] = {}  # a game's id -> its rematch (for its spectators)
        self.new_games = NewGames(clock=self.clock.now)  # each key's rate of new games (disk)
        self.redraw_due = False  # the lobbies' redraw is scheduled
        self.redrawn_at = -LOBBY_INTERVAL  # when the last one began (the loop's time)
        self.changers: dict[Payer, int] = {}  # whose changes the next redraw shows, how many
        self.version = 0  # one more at each change (a lobby's lists are kept until it moves)

    def changed(self) -> None:
        """Every lobby redraws its lists: at most once a ``LOBBY_INTERVAL`` whatever changed
        meanwhile, one lobby a turn of the loop (others' keys go in between). The redraw is
        paid for by those who changed the hall since the last one, not by the lobbies' owners
        (``frames.Together``)."""
        self.version += 1
        cause = CAUSE.get()
        if cause is not None:
            self.changers[cause] = self.changers.get(cause, 0) + 1
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (nothing is drawn): told at once
            self.changers.clear()
            for listener in list(self.listeners):
                listener()
            return
        if self.redraw_due:
            return
        self.redraw_due = True
        wait = max(LOBBY_SETTLE, self.redrawn_at + LOBBY_INTERVAL - loop.time())
        loop.call_later(wait, self._redraw_lobbies, loop)

    def _redraw_lobbies(self, loop: asyncio.AbstractEventLoop) -> None:
        self.redraw_due = False
        self.redrawn_at = loop.time()
        due = list(self.listeners)
        changers, self.changers = self.changers, {}

        def next_one() -> None:
            while due:
                listener = due.pop()
                if listener in self.listeners:  # still in its lobby
                    listener()
                    break
            if due:
                loop.call_soon(next_one)

        # each lobby's request, and each turn of the loop to the next lobby, carries the changers
        cause = CAUSE.set(Together(changers) if changers else None)
        try:
            next_one()
        finally:
            CAUSE.reset(cause)

    def _new_id(self) -> str:
        while True:
            n = next(self.ids)
            tid = f"{n:x}{self.rng.randrange(16 * 16):02x}"
            if tid not in self.tables and tid not in self.matches:
                return tid

    @staticmethod
    def check_rules(rules: str) -> str:
        try:
            Game.new(seed=1, rules=rules)
        except ValueError as exc:
            raise HallError(str(exc)) from None
        return rules

    def open_table(self, host: Login, rules: str, size: int = 2) -> Table:
        """``new``: a table of ``size`` seats, its host in seat 1, waiting for the others."""
        self.held_seat(host)
        self.check_rules(rules)
        for t in self.tables.values():
            if t.seat_of(host.key) is not None:
                raise HallError(f"you already wait at table {t.id}")
        loop = asyncio.get_running_loop()
        table = Table(self._new_id(), host, rules, size)
        table.futures[host.key] = loop.create_future()
        self.tables[table.id] = table
        self.changed()
        return table

    def close_table(self, table: Table) -> None:
        """The host left before every seat was taken: the others at it are told (their futures
        cancelled)."""
        if self.tables.pop(table.id, None) is not None:
            for fut in table.futures.values():
                if not fut.done():
                    fut.cancel()
            self.changed()

    def leave_table(self, table: Table, login: Login) -> None:
        """A player who is not the host leaves the table: their seat is free again."""
        if login.key == table.host.key:
            self.close_table(table)
            return
        seat = table.seat_of(login.key)
        if seat is not None:
            table.seats[seat] = None
            table.futures.pop(login.key, None)
            self.changed()

    def waiting_at(self, login: Login) -> Table | None:
        """The open table this player has a seat at, if any."""
        return next((t for t in self.tables.values() if t.seat_of(login.key) is not None), None)

    def join(
        self, login: Login, table_id: str | None, seat: int | None = None
    ) -> tuple[Match, int] | Table:
        """``join [ID [SEAT]]``: sit at that table (no id: the one waiting longest), in ``seat``
        (an index; None: the next free one). The game starts when every seat is taken: (the
        match, this player's seat); else the table, where the player waits."""
        self.held_seat(login)
        open_tables = sorted(self.tables.values(), key=lambda t: t.since)
        if table_id is None:
            candidates = [t for t in open_tables if t.host.key != login.key]
            if not candidates:
                raise HallError("no table is waiting; open one with new")
            table = candidates[0]
        else:
            found = self.tables.get(table_id.lower())
            if found is None:
                raise HallError(f"no table {table_id[:12]!r} is waiting (see the list)")
            table = found
        if table.host.key == login.key:
            raise HallError("that is your own table: wait for the others")
        self.free_to_play(login)
        if seat is None:
            seat = table.free()[0]
        elif table.seats[seat] is not None:
            raise HallError(f"seat {seat + 1} at table {table.id} is taken: "
                            f"free seats {', '.join(str(i + 1) for i in table.free())}")
        if len(table.free()) == 1:  # this seat starts the game: it counts
            self.count_new_game(login)
        table.seats[seat] = login
        if not table.full():
            table.futures[login.key] = asyncio.get_running_loop().create_future()
            self.changed()
            return table
        return self._seat_everyone(table, login)

    def seat_ai(self, login: Login, seat: int | None, level: str) -> tuple[Match, int] | Table:
        """``seat SEAT LEVEL`` (``seat`` an index) or ``fill LEVEL`` (None: every free seat) at
        the table ``login`` opened: an AI sits there; the game starts once every seat is taken."""
        table = next((t for t in self.tables.values() if t.host.key == login.key), None)
        if table is None:
            raise HallError("you have opened no table: new opens one")
        level = ai_level(level, table.size)
        if seat is not None and table.seats[seat] is not None:
            raise HallError(f"seat {seat + 1} is taken")
        seats = table.free() if seat is None else [seat]
        if not seats:
            raise HallError("every seat is taken")
        if not [i for i in table.free() if i not in seats]:
            self.count_new_game(login)  # the game starts now: it counts for the host
        for i in seats:
            table.seats[i] = level
        if not table.full():
            self.changed()
            return table
        return self._seat_everyone(table, login)

    def quick(self, login: Login, size: int) -> tuple[Match, int] | Table:
        """``quick [--players N]``: a seat at the table of ``size`` waiting longest, or a new
        table of ``size`` (the classic rules) when none waits."""
        self.free_to_play(login)
        waiting = sorted((t for t in self.tables.values() if t.size == size and t.free()
                          and t.host.key != login.key), key=lambda t: t.since)
        if waiting:
            return self.join(login, waiting[0].id)
        from cuttle.play.seating import rules_for

        return self.open_table(login, rules_for("classic", size), size)

    def _seat_everyone(self, table: Table, by: Login) -> tuple[Match, int]:
        """Every seat is taken: the game starts, turned so the draw's first mover has seat 0;
        each person waiting at the table learns their seat; ``by``'s is returned."""
        del self.tables[table.id]
        n = table.size
        seed = self.rng.randrange(1, MAX_SEED)
        first = self.rng.randrange(n)  # who moves first is drawn
        order = [table.seats[(g + first) % n] for g in range(n)]  # the game's seats
        ai = tuple(s if isinstance(s, str) else None for s in order)
        # the AIs are named (and numbered) in the lobby's seat order, as the list showed them
        ais = ai_seat_names([s if isinstance(s, str) else None for s in table.seats])
        named = [ais[(g + first) % n] for g in range(n)]
        people = [(s.name, s.key) if isinstance(s, Login) else (named[g] or "", None)
                  for g, s in enumerate(order)]
        shown = table_names(people)
        chairs = tuple(Chair(shown[g], s.key if isinstance(s, Login) else None)
                       for g, s in enumerate(order))
        match = self._start(table.id, seed, table.rules, chairs, ai)
        mine = 0
        for i, s in enumerate(table.seats):
            if not isinstance(s, Login):
                continue
            where = game_seat(i, first, n)
            if s.key == by.key:
                mine = where
            fut = table.futures.get(s.key)
            if fut is not None and not fut.done() and s.key != by.key:
                fut.set_result((match, where))
        return match, mine

    def play_ai(self, login: Login, level: str, rules: str) -> tuple[Match, int]:
        """``ai [LEVEL]``: a game against the AI on the server, the player moving first."""
        self.free_to_play(login)
        if level not in LEVELS:
            raise HallError(f"no AI level {level[:12]!r}: {', '.join(LEVELS)}")
        self.check_rules(rules)
        self.count_new_game(login)
        seed = self.rng.randrange(1, MAX_SEED)
        names = seat_names((login.name, login.key), (ai_seat_names([None, level])[1] or "", None))
        chairs = (Chair(names[0], login.key), Chair(names[1], None))
        match = self._start(self._new_id(), seed, rules, chairs, (None, level))
        return match, 0

    def count_new_game(self, login: Login) -> None:
        """A game starts for ``login``: HallError when its key started too many of late."""
        why = self.new_games.refused(login.key)
        if why is not None:
            raise HallError(why)

    def _start(
        self,
        match_id: str,
        seed: int,
        rules: str,
        chairs: tuple[Chair, ...],
        ai: tuple[str | None, ...],
        moves: list[str] | None = None,
        slot: Slot | None = None,
        notice: str | None = None,
        replaced: dict[int, tuple[str, str]] | None = None,
    ) -> Match:
        loop = asyncio.get_running_loop()

        def ended(match: Match) -> None:
            loop.call_soon_threadsafe(self._ended, match)

        def rematch(match: Match) -> None:  # on the match's thread: wait for the new game
            made = threading.Event()

            def make() -> None:
                try:
                    self._rematch(match)
                finally:
                    made.set()

            loop.call_soon_threadsafe(make)
            made.wait(10)

        match = Match(
            match_id, seed, rules, chairs, ai,
            hold=self.hold, idle=self.idle, clock=self.clock, moves=moves, on_end=ended,
            on_rematch=rematch, pool=self.pool,
            on_change=lambda: self._changed_from(loop),
        )
        match.session.replaced.update(replaced or {})
        if slot is not None:  # a resumed game: its players are away until they come back
            match.session.slot = slot
            match.kept = slot.name
            now = self.clock.now()
            for chair in chairs:
                if chair.key is not None:
                    chair.away_since = now
            match.session.announce("The game goes on where it was when the server stopped.")
        else:
            first = match.session.names[0]
            teams = match.session.game.rules.teams
            who = players_words(tuple(marked(c.name, c.key) for c in chairs), teams)  # once
            match.session.announce(notice or f"{who}: {first} moves first.")
        self.matches[match.id] = match
        match.start()
        self.changed()
        return match

    def _changed_from(self, loop: asyncio.AbstractEventLoop) -> None:
        """``changed``, called from a match's thread."""
        loop.call_soon_threadsafe(self.changed)

    def resume_saved(self) -> int:
        """Games between people in progress when the server stopped wait again for their
        players (their seats held); returns how many. A game against the AI waits for its
        player to log in (``resume_for``)."""
        resumed = 0
        for name, info in keep.load().items():
            people = [k for k in info["keys"] if k is not None]
            if len(people) > 1 and self._resume(name, info) is not None:
                resumed += 1
        return resumed

    def resume_for(self, login: Login) -> tuple[Match, int] | None:
        """This player's game kept on disk (the server restarted, or it was put away when they
        stayed away), resumed; None when there is none."""
        playing = {m.kept for m in self.matches.values()}
        for name, info in keep.load().items():
            if login.key in info["keys"] and name not in playing:
                match = self._resume(name, info)
                if match is not None:
                    return match, info["keys"].index(login.key)
        return None

    def _resume(self, name: str, info: dict[str, Any]) -> Match | None:
        """The game in save slot ``name`` as a match again (None, logged, when it cannot be)."""
        from cuttle.files.safefile import CorruptFileError
        from cuttle.files.saves import NoSuchSlot, SlotError
        from cuttle.files.storage import read_record, rebuild
        from cuttle.serve.store import open_slot

        try:
            slot = open_slot(name)
        except SlotError as exc:  # busy or unreadable now: it stays in the list for later
            log.warning("game %s not resumed: %s", name, exc)
            if isinstance(exc, NoSuchSlot):  # gone: the one case it leaves the list
                keep.forget(name)
            return None
        try:
            record = read_record(slot.path, "save")
            rebuild(record, f"save {slot.name}")
            seats = (record.session or {}).get("seats") or []
            ai = tuple(s.get("ai") if isinstance(s, dict) else None for s in seats)
            keys = info["keys"]
            if not 2 <= len(ai) == len(keys) <= 4 or record.outcome is not None:
                raise ValueError("not a game in progress of its seats")
            chairs = tuple(Chair(name, k) for name, k in zip(record.players, keys, strict=True))
            match_id = str(info["id"])
            if match_id in self.matches or match_id in self.tables:
                match_id = self._new_id()
            match = self._start(
                match_id, record.seed, record.rules, chairs,
                ai, moves=record.moves, slot=slot, replaced=replaced_seats(record, ai),
            )
        except (OSError, CorruptFileError, ValueError, KeyError) as exc:
            log.warning("game %s not resumed (it stays saved): %s", name, exc)
            slot.release()
            return None
        log.info("game %s resumed from save %s", match.id, name)
        return match

    def held_seat(self, login: Login) -> None:
        """HallError when this player already has a seat in a game in progress (one at a time)."""
        held = self.seat_of(login)
        if held is not None:
            raise HallError(f"you have a seat in game {held[0].id}: back returns to it")

    def free_to_play(self, login: Login) -> None:
        """HallError when this player has a game in progress or waits at a table (the same key
        on another connection too): one game at a time."""
        self.held_seat(login)
        for t in self.tables.values():
            if t.seat_of(login.key) is not None:
                raise HallError(f"you wait at table {t.id} (on another connection): cancel it")

    def _rematch(self, old: Match) -> None:
        """Both players agreed: a new game, the seats swapped, a new deal; none when a player's
        key started a game or opened a table meanwhile, on another connection (one game a
        key: each player is told why in the lobby)."""
        busy = [c for c in old.chairs if c.key is not None and self._busy(c.key)]
        if busy:
            for seat, chair in enumerate(old.chairs):
                if chair.key is not None:
                    who = "you have" if chair in busy else f"{busy[0].name} has"
                    old.part(seat, f"No rematch: {who} a game in progress or a table on "
                                   "another connection.")
            return
        for seat, chair in enumerate(old.chairs):  # a rematch is a new game: it counts
            why = self.new_games.refused(chair.key) if chair.key is not None else None
            if why is not None:
                for other, c in enumerate(old.chairs):
                    if c.key is not None:
                        words = why if other == seat else f"{chair.name} may start no more now"
                        old.part(other, f"No rematch: {words}.")
                return
        # the dealer moves one seat clockwise (with two: the seats swapped)
        turned = [*old.chairs[1:], old.chairs[0]]
        chairs = tuple(Chair(c.name, c.key) for c in turned)
        seed = self.rng.randrange(1, MAX_SEED)
        match = self._start(
            self._new_id(), seed, old.rules, chairs, (*old.ai[1:], old.ai[0]),
            notice=f"Rematch: {chairs[0].name} moves first.",
        )
        for seat, chair in enumerate(chairs):
            if chair.key is not None:
                self.rematches[chair.key] = (match, seat)
        self.following[old.id] = match

    def _busy(self, key: str) -> bool:
        """Has ``key`` a game in progress or a table waiting (on any connection)?"""
        playing = any(m.seat_of(key) is not None and not m.over for m in self.matches.values())
        return playing or any(t.seat_of(key) is not None for t in self.tables.values())

    def _ended(self, match: Match) -> None:
        self.following = {k: m for k, m in self.following.items() if m is not match}
        # a rematch seat nobody took (the key's "yes" connection closed): not queued for ever
        self.rematches = {k: s for k, s in self.rematches.items() if s[0] is not match}
        if self.matches.get(match.id) is match:
            del self.matches[match.id]
            self.changed()

    def watch(self, match_id: str | None, login: Login | None = None) -> Match:
        """``watch [ID]``: a game in play (no id: the one started last), never one ``login``
        plays in (a spectator's screen is not theirs: they would sit there, seat held)."""
        mine = [m for m in self.matches.values() if login and m.seat_of(login.key) is not None]
        if match_id is None:
            others = [m for m in self.matches.values() if m not in mine]
            if not others:
                if mine:
                    raise HallError("no game but yours is being played")
                raise HallError("no game is being played")
            return others[-1]
        match = self.matches.get(match_id.lower())
        if match is None:
            raise HallError(f"no game {match_id[:12]!r} is being played (see the list)")
        if match in mine:
            raise HallError(f"you play in game {match.id}, you do not watch it: back returns to it")
        return match

    def seat_of(self, login: Login) -> tuple[Match, int] | None:
        """The game this player has a seat in (to go back to it on reconnect)."""
        for match in self.matches.values():
            seat = match.seat_of(login.key)
            if seat is not None and not match.over:
                return match, seat
        return None


def replaced_seats(record: GameRecord, ai: tuple[str | None, ...]) -> dict[int, tuple[str, str]]:
    """The seats an AI took over in a saved game, with the key and the name of the person
    who played each until then (the save's ``replaced``; what does not fit is left out)."""
    found: dict[int, tuple[str, str]] = {}
    listed = (record.session or {}).get("replaced")
    for item in listed if isinstance(listed, list) else []:
        if not (isinstance(item, list) and len(item) == 3):
            continue
        p, key, name = item
        if (isinstance(p, int) and 0 <= p < len(ai) and ai[p] is not None
                and isinstance(key, str) and 0 < len(key) <= 200 and isinstance(name, str)):
            try:
                found[p] = (key, check_name(name, "a player name"))
            except ValueError:
                continue
    return found
