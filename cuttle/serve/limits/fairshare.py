"""Each key's share of the server's one event loop, whatever number of sessions it opens.

Every player's keys are read and every screen is drawn on the loop they all share, so what one
player makes it do delays everyone else. A ``KeyShare`` belongs to a login key and is shared by
all the sessions of that key (three terminals of one key get one share, not three):

- its typing budget: one ``TokenBucket`` of characters a second for the key's sessions together;
- its loop time: the time its screens took to draw, to handle its keys and to run its session
  (``metered``: building a lobby or a replay, say) is a debt, paid back at ``share()`` of the
  clock's time. Once the debt is over ``ALLOWANCE`` (a costly frame now and then delays
  nothing), the key's frames are spaced and its keys wait (they are read later, not dropped)
  until the debt is paid back.

The time counted is the loop's, the clock's (a frame drawn while the machine gives the server
no core holds the loop as long). ``share()`` is ``SHARE`` while the loop keeps up; once it runs
late (a probe every ``PROBE`` seconds fires more than ``LATE`` seconds after its time: the keys
together ask more than it has), each key pays back at its part of ``TOTAL_SHARE``, shared by the
keys active in the last ``ACTIVE`` seconds (or still paying back): those that ask more than
their part wait, and the rest of the loop is left for the players who only type now and then.
The parts are max-min fair (``level``): a key that uses less than an equal part (its ``rate``,
the loop's time it took a second over the last ``RATE_WINDOW``) leaves the rest to the others,
so a typist among quiet players and a few heavy keys keeps what it asks while the heavy ones
share what is left; the level is never below an equal part.
"""

from __future__ import annotations

import asyncio
import math
import time
import weakref
from collections.abc import Callable, Coroutine, Generator
from typing import Any, TypeVar

from cuttle.serve.keyboard import BURST, RATE, TokenBucket

SHARE = 0.1  # of the loop's time one key's drawing and keys may take, once over ALLOWANCE
TOTAL_SHARE = 0.5  # ... all the active keys together, while the loop runs late
ALLOWANCE = 0.1  # seconds of the loop a key may take at once before it is held to its share
MAX_WAIT = 3.0  # seconds at most a frame (or a key) waits, whatever the debt (twelve keys
# drawing 25 ms frames each once a second would take 30% of a core whatever their share)
PROBE = 0.05  # seconds between two looks at how late the loop runs
LATE = 0.02  # seconds late: the loop is behind (others' keys wait)
ACTIVE = 1.0  # seconds since a key's last cost: it counts among the active keys (as does a
# key over its allowance)
RATE_WINDOW = 2.0  # seconds over which a key's rate (of the loop's time it takes) is reckoned


class KeyShare:
    """One login key's typing budget and loop time (see the module's docstring)."""

    def __init__(self, shares: Shares, now: Callable[[], float] = time.monotonic) -> None:
        self.shares = shares
        self.now = now
        self.bucket = TokenBucket(RATE, BURST, now)
        self.debt = 0.0  # seconds of the loop not paid back yet
        self.at = now()  # when the debt was last brought up to date
        self.last = float("-inf")  # when the key last cost anything
        self.spent = 0.0  # its rate's sum: its costs, each fading over RATE_WINDOW
        self.spent_at = self.at
        self.excused = False  # keys that waited their share are read now: their echo goes out

    def _settle(self) -> float:
        """The debt now (paid back since the last look, at the share of now)."""
        t = self.now()
        self.debt = max(0.0, self.debt - (t - self.at) * self.shares.share())
        self.at = t
        return self.debt

    def charge(self, cost: float) -> None:
        """``cost`` seconds of the loop spent for this key."""
        self._settle()
        self.debt += max(0.0, cost)
        self.last = self.at
        self.rate()
        self.spent += max(0.0, cost)

    def frame_wait(self) -> float:
        """Seconds a frame it asks for should wait: none for the echo of keys that waited their
        share already (their cost is still its debt: its next keys wait the longer)."""
        return 0.0 if self.excused else self.wait()

    def rate(self) -> float:
        """Of the loop's time, what the key took of late (a share: 0.05 is 5%)."""
        t = self.now()
        self.spent *= math.exp(-(t - self.spent_at) / RATE_WINDOW)
        self.spent_at = t
        return self.spent / RATE_WINDOW

    def owing(self) -> float:
        """Seconds of the loop it owes now (its frames are drawn after those of keys who owe
        less: ``frames.Painter``)."""
        return self._settle()

    def wait(self) -> float:
        """Seconds the key's next piece of work should wait (0: none)."""
        over = self._settle() - ALLOWANCE
        if over <= 0:
            return 0.0
        return min(MAX_WAIT, over / self.shares.share())


def fair_level(rates: list[float], total: float) -> float:
    """The most each of ``rates`` may take so that together they take at most ``total``, those
    under it keeping what they take (max-min fair: water filling); never less than an equal
    part. ``total`` itself when they all fit."""
    left, n = total, len(rates)
    for i, rate in enumerate(sorted(rates)):
        if rate * (n - i) >= left:
            return max(left / (n - i), total / n)
        left -= rate
    return total


class Shares:
    """The shares of a server's keys: one per key while any session of it is open."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.by_key: weakref.WeakValueDictionary[str, KeyShare] = weakref.WeakValueDictionary()
        self.late = 0.0  # seconds the last probe of the loop fired after its time
        self.active = 0  # keys that cost anything in the last ACTIVE seconds (at that probe)
        self.level = TOTAL_SHARE  # each active key's part of TOTAL_SHARE (at that probe)
        self._probing = False

    def of(self, key: str) -> KeyShare:
        """The share of ``key`` (the same object for every session of it)."""
        self._probe()
        share = self.by_key.get(key)
        if share is None:
            share = KeyShare(self, self.now)
            self.by_key[key] = share
        return share

    def share(self) -> float:
        """Of the loop's time, what one key may take now."""
        if self.late > LATE:
            return min(SHARE, self.level)
        return SHARE

    def count_active(self) -> int:
        """The keys that cost anything in the last ``ACTIVE`` seconds, or wait to pay back
        what they did (a key held to its share is still asking); and their part (``level``)."""
        now = self.now()
        active = [
            s for s in list(self.by_key.values()) if now - s.last < ACTIVE or s.debt > ALLOWANCE
        ]
        self.active = len(active)
        self.level = fair_level([s.rate() for s in active], TOTAL_SHARE)
        return self.active

    def _probe(self) -> None:
        """Look, every ``PROBE`` seconds, at how late the loop runs (``late``) and how many
        keys are active."""
        if self._probing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test of the shares alone): never late
            return
        self._probing = True

        def look(due: float) -> None:
            self.late = max(0.0, loop.time() - due)
            self.count_active()
            if not loop.is_closed():
                loop.call_at(loop.time() + PROBE, look, loop.time() + PROBE)

        loop.call_at(loop.time() + PROBE, look, loop.time() + PROBE)


T = TypeVar("T")


class _Metered(Coroutine[Any, Any, T]):
    """A coroutine whose every step (each turn of the loop it runs in) is charged to a share."""

    def __init__(self, coro: Coroutine[Any, Any, T], share: KeyShare) -> None:
        self.coro = coro
        self.share = share

    def send(self, value: Any) -> Any:
        started = time.perf_counter()
        try:
            return self.coro.send(value)
        finally:
            self.share.charge(time.perf_counter() - started)

    def throw(self, *args: Any) -> Any:
        started = time.perf_counter()
        try:
            return self.coro.throw(*args)
        finally:
            self.share.charge(time.perf_counter() - started)

    def close(self) -> None:
        self.coro.close()

    def __await__(self) -> Generator[Any, None, T]:
        return self.coro.__await__()


def metered(coro: Coroutine[Any, Any, T], share: KeyShare) -> Coroutine[Any, Any, T]:
    """``coro`` as a task's coroutine whose steps are charged to ``share`` (a session's own
    work on the loop: the screens it builds between two keys)."""
    return _Metered(coro, share)
