"""The seats of a game on the server: who sits in each, the screen they are on, who is away.

A player whose connection drops keeps the seat (``away_since`` says since when); a screen that
takes a seat (again) is drawn in full at the match's next look (``take_redraw``). Every method may
be called from any thread: the match's lock guards the chairs.
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
    offered: bool = False  # the opponent is being asked whether to claim


class Seats:
    """The match's two chairs and the people's screens (the AI's chair has none)."""

    def __init__(
        self,
        chairs: tuple[Chair, Chair],
        people: list[int],
        lock: threading.RLock,
        clock: Clock,
    ) -> None:
        self.chairs = chairs
        self.people = people
        self.lock = lock
        self.clock = clock
        self.redraw: set[int] = set()  # seats whose screen is drawn in full at the next look

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
            chair.screen = screen
            chair.away_since = None
            self.redraw.add(seat)
        if old is not None and old is not screen:
            adapter.close_screen(old)

    def leave(self, seat: int, screen: Screen) -> None:
        """``screen`` is gone (the connection dropped or the player left): the seat is held."""
        with self.lock:
            chair = self.chairs[seat]
            if chair.screen is not screen:
                return
            chair.screen = None
            chair.away_since = self.clock.now()
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
