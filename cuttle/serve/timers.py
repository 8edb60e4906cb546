"""The hold and idle timers of a game on the server, and the claim they lead to.

A player whose connection dropped (or who left the table) keeps the seat for ``hold`` seconds;
one who does not move on their turn is idle after ``idle`` seconds, warned a little before. Then
the others are asked whether to claim (``tables/claims.py``). The players at the table and the
spectators see who is away and how long the seat is still held.
``CounterWindows``: how long a person's counter window against the AI stays open at least (its
time must not tell whether the answer was forced). Every call is made on the match's thread.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cuttle.serve import adapter
from cuttle.serve.adapter import Screen

if TYPE_CHECKING:
    from cuttle.serve.seats import Seats


WINDOW_WAIT = (1.5, 4.0)  # seconds (drawn between) a person's counter window against the AI
# stays open at least, answered for them or by them
POLL = 0.05  # seconds between looks at whether the server stops, while a window waits


class CounterWindows:
    """When each counter window may close: a time drawn anew for each (``wait``: low, high
    seconds; from ``random.SystemRandom``, not the game's: no move depends on it), running
    from when the window was first shown, or from its answer when it never was (answered for
    the player). Real time, not the hold's clock: it is what a spectator sees."""

    def __init__(self, wait: tuple[float, float] = WINDOW_WAIT) -> None:
        self.wait = wait
        self._draw = random.SystemRandom()
        self._window: tuple[int, float] | None = None  # (the window's ply, when it may close)

    def shown(self, ply: int) -> float:
        """The window at ``ply`` is shown (again): when it may close (drawn the first time)."""
        if self._window is None or self._window[0] != ply:
            low, high = self.wait
            self._window = (ply, time.monotonic() + self._draw.uniform(low, high))
        return self._window[1]

    def hold(self, ply: int, stopping: Callable[[], bool]) -> bool:
        """Wait until the window at ``ply`` may close; False when ``stopping`` said so first."""
        until = self.shown(ply)
        while (left := until - time.monotonic()) > 0:
            if stopping():
                return False
            time.sleep(min(POLL, left))
        return True


@dataclass
class Clock:
    """Time for the hold and idle timers (a test gives its own)."""

    now: Callable[[], float] = time.monotonic


class Timers:
    """The hold and idle times of one match's seats, and the opponent's claim."""

    def __init__(self, seats: Seats, hold: float, idle: float, clock: Clock) -> None:
        self.seats = seats
        self.hold = hold
        self.idle = idle
        self.clock = clock
        self.notes: dict[Screen, str] = {}  # the absence note each screen shows
        self.why = ""  # why the claim on offer is offered: "was away", "had not moved"
        self.warned: float | None = None  # the idle time (its ``since``) already warned about
        # what the seat to move was told of its idle time or the claim (gone with the turn)
        self.told: list[tuple[Screen, str]] = []
        # the seats out of a cutthroat game that goes on: nobody waits for them, so their
        # absence is neither shown nor counted (the match sets it)
        self.out: Callable[[], set[int]] = set

    def people_in(self) -> list[int]:
        """The people still in the game."""
        out = self.out()
        return [p for p in self.seats.people if p not in out]

    def everyone_gone(self) -> bool:
        """Every player has been away past the hold: the game is put away (saved; the server
        brings it back when one of them logs in) instead of waiting on."""
        now = self.clock.now()
        return all(
            (since := self.seats.away_since(p)) is not None and now - since >= self.hold
            for p in self.people_in()
        )

    def show_absence(self, names: tuple[str, ...], watchers: Sequence[Screen] = ()) -> None:
        """Tell the players at the table and the spectators on ``watchers`` who is away (dropped
        or left the table), and how long the seat is still held."""
        now = self.clock.now()
        words = []
        out = self.out()
        for p, since in self.seats.absent():
            if p in out:
                continue
            left = max(0, int(self.hold - (now - since)))
            held = f"seat held {left // 60}:{left % 60:02d}" if left else "the hold is over"
            how = "left the table" if self.seats.left(p) else "dropped"
            words.append(f"{names[p]} {how} ({held})")
        text = " · ".join(words)
        screens = [screen for _, screen in self.seats.screens()] + list(watchers)
        notes = {screen: self.notes.get(screen, "") for screen in screens}  # those gone forgotten
        for screen in screens:
            if notes[screen] != text:
                notes[screen] = text
                adapter.set_note(screen, text)
        self.notes = notes

    def next_offer(self) -> float:
        """When the claim may be offered again after the opponent said no."""
        return self.clock.now() + min(self.hold, self.idle)

    def late(self, p: int, since: float) -> bool:
        """Away past the hold, or on their turn and idle (since ``since``) past the idle time."""
        now = self.clock.now()
        away_since = self.seats.away_since(p)
        if away_since is not None:
            return now - away_since >= self.hold
        return now - since >= self.idle

    def warn_idle(
        self, p: int, since: float, opponent: str, anyone: bool, two: bool = True
    ) -> None:
        """Tell ``p``, on their turn and idle, once, a little before the claim is offered
        (``anyone``: someone is there to claim; ``two``: the claim is of the game, else of the
        seat)."""
        screen = self.seats.screen(p)
        if screen is None or self.warned == since or self.seats.away_since(p) is not None:
            return
        if not anyone:  # nobody there to claim
            return
        lead = min(60.0, self.idle / 2)
        if self.clock.now() - since < self.idle - lead:
            return
        self.warned = since
        self.tell(screen, f"You have not moved for {_span(self.idle - lead)}: at "
                          f"{_span(self.idle)} {opponent} may claim "
                          f"{'the game' if two else 'your seat'}.")

    def tell(self, screen: Screen, words: str) -> None:
        """A line for the seat to move about its idle time or the claim, until the turn ends."""
        adapter.message(screen, words)
        self.told.append((screen, words))

    def untell(self) -> None:
        """The turn ended (a move, or the claim settled): what ``tell`` said no longer holds."""
        for screen, words in self.told:
            adapter.remove_message(screen, words)
        self.told = []


def _span(seconds: float) -> str:
    """``14 min``, ``1:30 min``, ``45 s``."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole % 60:
        return f"{whole // 60}:{whole % 60:02d} min"
    return f"{whole // 60} min"
