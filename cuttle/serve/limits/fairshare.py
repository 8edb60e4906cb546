"""Each key's share of the server's one event loop, whatever number of sessions it opens.

Every player's keys are read and every screen is drawn on the loop they all share, so what one
player makes it do delays everyone else. A ``KeyShare`` belongs to a login key and is shared by
all the sessions of that key (three terminals of one key get one share, not three):

- its typing budget: one ``TokenBucket`` of characters a second for the key's sessions together;
- its loop time: the CPU time its screens took to draw, to handle its keys and to run its
  session (``metered``: building a lobby or a replay, say) is a debt, paid
  back at ``share()`` of the loop's time. Once the debt is over ``ALLOWANCE`` (a costly frame now
  and then delays nothing), the key's frames are spaced and its keys wait (they are read later,
  not dropped) until the debt is paid back.

``share()`` is ``SHARE`` for a key alone over its allowance, and less when many are: together
the keys over their allowance take at most ``TOTAL_SHARE`` of the loop, so the rest is always
left for the players who only type now and then (a key under its allowance pays back at
``SHARE``, however many others are over theirs). Costs are CPU time (a wait for a core is not a
screen's cost) paid back with the clock's time, so on a machine whose other work leaves the
server only part of a core the shares would add up to more than it has: while the loop runs
late (a probe every ``PROBE`` seconds fires more than ``LATE`` seconds after its time), the
keys over their allowance pay back at ``LATE_FACTOR`` of their share.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable, Coroutine, Generator
from typing import Any, TypeVar

from prompt_toolkit.application import Application

from cuttle.serve.keyboard import BURST, RATE, TokenBucket

SHARE = 0.1  # of the loop's time one key's drawing and keys may take, once over ALLOWANCE
TOTAL_SHARE = 0.5  # ... all the keys over their allowance together
ALLOWANCE = 0.1  # seconds of CPU a key may spend at once before it is held to its share
MIN_FRAME = 1 / 60  # seconds at least between two redraws of one screen
MAX_WAIT = 1.0  # seconds at most a frame (or a key) waits, whatever the debt
PROBE = 0.05  # seconds between two looks at how late the loop runs
LATE = 0.02  # seconds late: the loop is behind (others' keys wait)
LATE_FACTOR = 0.25  # of its share a key over its allowance pays back while the loop is late


class KeyShare:
    """One login key's typing budget and loop time (see the module's docstring)."""

    def __init__(self, shares: Shares, now: Callable[[], float] = time.monotonic) -> None:
        self.shares = shares
        self.now = now
        self.bucket = TokenBucket(RATE, BURST, now)
        self.debt = 0.0  # CPU seconds not paid back yet
        self.at = now()  # when the debt was last brought up to date

    def _settle(self) -> float:
        """The debt now: paid back at ``SHARE`` while under the allowance (a player who types
        never waits for the others), at ``share()`` once over it."""
        t = self.now()
        rate = self.shares.share() if self in self.shares.heavy else SHARE
        self.debt = max(0.0, self.debt - (t - self.at) * rate)
        self.at = t
        return self.debt

    def charge(self, cost: float) -> None:
        """``cost`` seconds of CPU spent on the loop for this key."""
        self._settle()
        self.debt += max(0.0, cost)
        if self.debt > ALLOWANCE:
            self.shares.heavy.add(self)

    def over(self) -> bool:
        """The key has spent more than its allowance and not paid it back yet."""
        return self._settle() > ALLOWANCE

    def wait(self) -> float:
        """Seconds the key's next piece of work should wait (0: none)."""
        over = self._settle() - ALLOWANCE
        if over <= 0:
            return 0.0
        return min(MAX_WAIT, over / self.shares.share())

    def frame_interval(self) -> float:
        """Seconds at least between two frames of this key's screens now."""
        return max(MIN_FRAME, self.wait())


class Shares:
    """The shares of a server's keys: one per key while any session of it is open."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.by_key: weakref.WeakValueDictionary[str, KeyShare] = weakref.WeakValueDictionary()
        self.heavy: weakref.WeakSet[KeyShare] = weakref.WeakSet()  # over their allowance lately
        self.rate = SHARE  # the share last worked out
        self.late = 0.0  # seconds the last probe of the loop fired after its time
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
        """Of the loop's time, what one key over its allowance may take now."""
        now = self.now()
        heavy = 0
        for share in list(self.heavy):  # each one's debt now, paid back at the last rate
            if share.debt - (now - share.at) * self.rate > ALLOWANCE:
                heavy += 1
            else:
                self.heavy.discard(share)
        self.rate = min(SHARE, TOTAL_SHARE / max(1, heavy))
        if self.late > LATE:
            self.rate *= LATE_FACTOR
        return self.rate

    def _probe(self) -> None:
        """Look, every ``PROBE`` seconds, at how late the loop runs (``late``)."""
        if self._probing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test of the shares alone): never late
            return
        self._probing = True

        def look(due: float) -> None:
            self.late = max(0.0, loop.time() - due)
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
        started = time.thread_time()
        try:
            return self.coro.send(value)
        finally:
            self.share.charge(time.thread_time() - started)

    def throw(self, *args: Any) -> Any:
        started = time.thread_time()
        try:
            return self.coro.throw(*args)
        finally:
            self.share.charge(time.thread_time() - started)

    def close(self) -> None:
        self.coro.close()

    def __await__(self) -> Generator[Any, None, T]:
        return self.coro.__await__()


def metered(coro: Coroutine[Any, Any, T], share: KeyShare) -> Coroutine[Any, Any, T]:
    """``coro`` as a task's coroutine whose steps are charged to ``share`` (a session's own
    work on the loop: the screens it builds between two keys)."""
    return _Metered(coro, share)


def pace(app: Application[Any], share: KeyShare) -> Application[Any]:
    """Charge ``app``'s frames to ``share`` and space them as its share asks."""
    app.min_redraw_interval = MIN_FRAME
    started = [0.0]

    def before(_: object) -> None:
        started[0] = time.thread_time()

    def after(_: object) -> None:
        # CPU time: a wait for a core on a busy machine is not the screen's cost
        share.charge(time.thread_time() - started[0])
        app.min_redraw_interval = share.frame_interval()

    app.before_render += before
    app.after_render += after
    return app
