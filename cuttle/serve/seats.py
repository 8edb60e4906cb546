"""The seats of a game on the server: who sits in each, the screen they are on, who is away.

A player whose connection drops, or who leaves the table with ``quit``, keeps the seat
(``away_since`` says since when, ``left`` which of the two); a screen that takes a seat (again) is
drawn in full at the match's next look (``take_redraw``), and one that takes it back after an
absence is told to the others (``take_returned``). Every method may be called from any thread: the
match's lock guards the chairs.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from cuttle.serve import adapter
from cuttle.serve.adapter import Screen
from cuttle.serve.timers import Clock


@dataclass
class Chair:
    """A seat at the match: who sits there and the screen they are on (None: away)."""

    name: str
    key: str | None  # the login key's fingerprint (None: the AI)
    screen: Screen | None = None
    away_since: float | None = None
    left: bool = False  # away by their own choice (quit), not by a dropped connection
    offered: bool = False  # the opponent is being asked whether to claim


class Seats:
    """The match's chairs (two to four) and the people's screens (an AI's chair has none)."""

    def __init__(
        self,
        chairs: tuple[Chair, ...],
        people: list[int],
        lock: threading.RLock,
        clock: Clock,
    ) -> None:
        self.chairs = chairs
        self.people = people
        self.lock = lock
        self.clock = clock
        self.redraw: set[int] = set()  # seats whose screen is drawn in full at the next look
        self.returned: set[int] = set()  # seats taken back after an absence, not told yet

    def seat_of(self, key: str) -> int | None:
        """The seat of the player logged in with ``key``, if they play here."""
        for p in self.people:
            if self.chairs[p].key == key:
                return p
        return None

    def sit(self, seat: int, screen: Screen) -> None:
        """A player takes (or takes back) their seat on ``screen``: the table is drawn in full."""
        with self.lock:
            chair = self.chairs[seat]
            old = chair.screen
            if chair.away_since is not None:
                self.returned.add(seat)
            chair.screen = screen
            chair.away_since = None
            chair.left = False
            self.redraw.add(seat)
        if old is not None and old is not screen:
            adapter.close_screen(old)

    def leave(self, seat: int, screen: Screen, left: bool = False) -> None:
        """``screen`` is gone (the connection dropped; ``left``: the player left the table): the
        seat is held."""
        with self.lock:
            chair = self.chairs[seat]
            if chair.screen is not screen:
                return
            chair.screen = None
            chair.away_since = self.clock.now()
            chair.left = left
        adapter.close_screen(screen)

    def away(self) -> list[int]:
        """The people's seats with no screen."""
        with self.lock:
            return [p for p in self.people if self.chairs[p].screen is None]

    def away_since(self, seat: int) -> float | None:
        with self.lock:
            return self.chairs[seat].away_since

    def absent(self) -> list[tuple[int, float]]:
        """The people away, with since when."""
        with self.lock:
            return [(p, s) for p in self.people if (s := self.chairs[p].away_since)]

    def left(self, seat: int) -> bool:
        """The seat's player is away because they left the table (quit), not dropped."""
        with self.lock:
            return self.chairs[seat].left

    def take_returned(self) -> list[int]:
        """The seats taken back after an absence since the last look (each once)."""
        with self.lock:
            seats = sorted(self.returned)
            self.returned.clear()
        return seats

    def screen(self, seat: int) -> Screen | None:
        with self.lock:
            return self.chairs[seat].screen

    def screens(self) -> list[tuple[int, Screen]]:
        """The people's seats that have a screen, with it."""
        with self.lock:
            return [(p, c.screen) for p in self.people if (c := self.chairs[p]).screen is not None]

    def redraw_all(self) -> None:
        """Every person's screen is drawn in full at the next look (a new game)."""
        with self.lock:
            self.redraw.update(self.people)

    def take_redraw(self) -> list[int]:
        """The seats to draw in full now (each once), those with a screen."""
        with self.lock:
            seats = [p for p in self.redraw if self.chairs[p].screen is not None]
            self.redraw.clear()
        return seats
