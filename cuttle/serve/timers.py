"""The hold and idle timers of a game on the server, and the claim they lead to.

A player whose connection dropped keeps the seat for ``hold`` seconds; one who does not move on
their turn is idle after ``idle`` seconds. Then the opponent is asked whether to claim the game
(the absent player concedes); the players at the table see who is away and how long the seat is
still held. Every call is made on the match's thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cuttle.play.asking import answer_of
from cuttle.serve import adapter
from cuttle.serve.adapter import Gone, Screen

if TYPE_CHECKING:
    from cuttle.serve.seats import Seats


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
        self.notes: dict[int, tuple[Screen, str]] = {}  # the absence note each seat's screen has

    def everyone_gone(self) -> bool:
        """Every player has been away past the hold: the game is put away (saved; the server
        brings it back when one of them logs in) instead of waiting on."""
        now = self.clock.now()
        return all(
            (since := self.seats.away_since(p)) is not None and now - since >= self.hold
            for p in self.seats.people
        )

    def show_absence(self, names: tuple[str, str]) -> None:
        """Tell the players at the table who is away, and how long the seat is still held."""
        now = self.clock.now()
        words = []
        for p, since in self.seats.absent():
            left = max(0, int(self.hold - (now - since)))
            held = f"seat held {left // 60}:{left % 60:02d}" if left else "the hold is over"
            words.append(f"{names[p]} dropped ({held})")
        text = " · ".join(words)
        for p, screen in self.seats.screens():
            if self.notes.get(p, (screen, "")) != (screen, text):
                self.notes[p] = (screen, text)
                adapter.set_note(screen, text)

    def next_offer(self) -> float:
        """When the claim may be offered again after the opponent said no."""
        return self.clock.now() + min(self.hold, self.idle)

    def offer_claim(
        self, p: int, name: str, since: float, asked: Screen | None, offer_after: float
    ) -> tuple[Screen | None, bool | None]:
        """Past the hold (away) or the idle time (on their turn, since ``since``), the opponent
        of ``p`` (called ``name``) may claim: (the screen asked, if any; True: claimed, False:
        declined, None: not yet)."""
        o = 1 - p
        if o not in self.seats.people:
            return asked, None
        other = self.seats.screen(o)
        if asked is not None:
            if asked is not other:
                return None, None
            try:
                got = adapter.answer(asked, 0)
            except (Gone, KeyboardInterrupt, EOFError):
                return None, False
            if got is None:
                return asked, None
            adapter.stop_asking(asked)
            return None, bool(answer_of(got, False))
        now = self.clock.now()
        away_since = self.seats.away_since(p)
        late = (
            away_since is not None
            and now - away_since >= self.hold
            or away_since is None
            and now - since >= self.idle
        )
        if not late or other is None or now < offer_after:
            return None, None
        why = "has been away" if away_since is not None else "has not moved"
        minutes = int((now - (away_since if away_since is not None else since)) // 60)
        adapter.begin_ask(other, f"{name} {why} for {minutes} min. Claim the game? [y/N]")
        return other, None
