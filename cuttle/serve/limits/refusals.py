"""What the server refused or cut short, and why: counted per cause, logged at a bounded rate.

Every place that turns something away (a connection closed at once, a session refused, a slow
reader closed, input dropped) says so in one call::

    from cuttle.serve.limits import refusals

    server.refusals.note(refusals.SLOW_READER, "alice#3nQk, 300 KB queued")
    refusals.note(refusals.INPUT_DROPPED, "bob#x1Yz")   # the running server's, when the code
                                                        # has no reference to the server

``note(cause, detail)`` never raises and never blocks: it counts the refusal under ``cause`` (any
short string; the constants below are the ones the server uses) and logs it, at most
``LOG_BURST`` lines a cause per ``LOG_INTERVAL`` seconds (a flood writes a few lines, and the
next line logged for that cause says how many were left out). ``tick()``, which the server calls
every ``SUMMARY_INTERVAL`` seconds, logs one line with the counts of the last interval while
anything was refused in it; ``snapshot()`` gives the counts (the last interval's and since the
start) for ``cuttle serve --status``. Safe to call from any thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from cuttle.text.safetext import safe_text

log = logging.getLogger("cuttle.serve")

# The causes, as the log and ``--status`` name them.
SLOTS_FULL = "slots full"  # every session (or authenticated connection) slot taken
PER_ADDRESS = "per-address cap"  # too many logins at once from one network (/24, /64)
LOGINS_FULL = "logins full"  # the pool of connections still logging in is full
PER_KEY = "per-key cap"  # too many sessions or connections with one key
NEVER_STARTED = "session never started"  # logged in, no shell/session within the limit
SLOW_READER = "slow reader closed"  # output piled up for a client that does not read
INPUT_DROPPED = "input dropped"  # keys over the rate or size limits
CAUSES = (SLOTS_FULL, PER_ADDRESS, LOGINS_FULL, PER_KEY, NEVER_STARTED, SLOW_READER,
          INPUT_DROPPED)

LOG_INTERVAL = 10.0  # seconds: at most LOG_BURST lines a cause in each
LOG_BURST = 3
SUMMARY_INTERVAL = 60.0  # seconds between two summary lines (only while anything is refused)
DETAIL_CHARS = 120  # a detail is cut to this many characters (and cleaned of control codes)


class Refusals:
    """The refusals of one server: counts per cause and the rate-limited log lines."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 logger: logging.Logger = log) -> None:
        self.clock = clock
        self.log = logger
        self.total: dict[str, int] = {}  # since the start
        self.recent: dict[str, int] = {}  # since the last tick
        self.last: dict[str, int] = {}  # in the last full interval (what --status shows)
        self._window: dict[str, tuple[float, int, int]] = {}  # cause: (start, logged, left out)
        self._lock = threading.Lock()

    def note(self, cause: str, detail: str = "") -> None:
        """One refusal of ``cause`` (``detail``: who or what, for the log line)."""
        try:
            with self._lock:
                self.total[cause] = self.total.get(cause, 0) + 1
                self.recent[cause] = self.recent.get(cause, 0) + 1
                now = self.clock()
                start, logged, left = self._window.get(cause, (now, 0, 0))
                if now - start >= LOG_INTERVAL:
                    start, logged = now, 0
                if logged >= LOG_BURST:
                    self._window[cause] = (start, logged, left + 1)
                    return
                self._window[cause] = (start, logged + 1, 0)
            more = f" ({left} more not logged)" if left else ""
            shown = safe_text(detail, DETAIL_CHARS)
            self.log.warning("refused (%s)%s%s", cause, f": {shown}" if shown else "", more)
        except Exception:  # counting must never break the caller
            self.log.debug("refusal not counted", exc_info=True)

    def tick(self) -> None:
        """The interval ends: one line with its counts when anything was refused in it."""
        with self._lock:
            self.last, self.recent = self.recent, {}
        if self.last:
            self.log.warning("refused in the last %d s: %s", SUMMARY_INTERVAL,
                             counts_line(self.last))

    def snapshot(self) -> dict[str, dict[str, int]]:
        """The counts: ``total`` since the start, ``last`` of the last full interval, and
        ``now`` of the interval under way."""
        with self._lock:
            return {"total": dict(self.total), "last": dict(self.last),
                    "now": dict(self.recent)}


def counts_line(counts: dict[str, int]) -> str:
    """``slots full 3, per-key cap 1``: the known causes first, in their order."""
    order = [c for c in CAUSES if c in counts] + sorted(c for c in counts if c not in CAUSES)
    return ", ".join(f"{cause} {counts[cause]}" for cause in order) or "nothing"


_active = Refusals()


def activate(refusals: Refusals) -> None:
    """Make ``refusals`` the one ``note`` counts in (the server does, when it starts)."""
    global _active
    _active = refusals


def note(cause: str, detail: str = "") -> None:
    """``Refusals.note`` on the running server's counts (for code that has no server)."""
    _active.note(cause, detail)
