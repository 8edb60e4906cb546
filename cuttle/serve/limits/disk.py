"""What the server's games may take of the host's disk: how fast one key starts new games, and
how long finished games are kept.

Each game started writes a save slot while it is played and a record, a history row and an entry
file once it is over (about 4 KB in all). ``NewGames`` lets a key start ``BURST`` games at once,
then one every ``60 / PER_HOUR`` minutes (a token bucket per key): a script that starts and
concedes games in a loop is told to wait instead of filling the disk. ``prune_finished``
removes the finished games older than ``--keep-finished DAYS`` (default ``KEEP_DAYS``): their
history rows, records and entries; the server runs it at its start and once a day.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable

from cuttle.files.history import HistoryError
from cuttle.serve import keep, store

log = logging.getLogger("cuttle.serve")

BURST = 10  # games a key may start at once
PER_HOUR = 30  # ... and then this many an hour
KEEP_DAYS = 365  # days a finished game is kept (``--keep-finished``)
MAX_KEYS = 10_000  # keys whose starts are remembered (the full buckets are forgotten first)
PRUNE_EVERY = 24 * 3600.0  # seconds between two prunes while the server runs


class NewGames:
    """The per-key rate of new games (a token bucket; ``clock`` in seconds)."""

    def __init__(
        self,
        burst: int = BURST,
        per_hour: float = PER_HOUR,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.rate = per_hour / 3600.0  # games a second
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)
        self._lock = threading.Lock()

    def _tokens(self, key: str, now: float) -> float:
        tokens, when = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - when) * self.rate)

    def refused(self, key: str) -> str | None:
        """Why ``key`` may not start a game now (one line), or None: it may, and the start is
        counted."""
        with self._lock:
            now = self.clock()
            tokens = self._tokens(key, now)
            if tokens < 1:
                wait = (1 - tokens) / self.rate
                minutes = max(1, round(wait / 60))
                return (f"you started {self.burst} games in a short time: the next one in "
                        f"{minutes} min (the server keeps every game it starts)")
            self._buckets[key] = (tokens - 1, now)
            if len(self._buckets) > MAX_KEYS:
                self._forget(now)
            return None

    def _forget(self, now: float) -> None:
        """The keys whose bucket is full again (nothing to remember), then the oldest."""
        for key in [k for k in self._buckets if self._tokens(k, now) >= self.burst]:
            del self._buckets[key]
        while len(self._buckets) > MAX_KEYS:
            del self._buckets[next(iter(self._buckets))]


def prune_finished(days: float, now: float | None = None) -> int:
    """Remove the server's finished games older than ``days``: their rows in its history,
    their kept records (``games/``), their entries (``finished/``) and their ids in the games
    list; returns how many games left the history (logged). A failure is logged, never
    raised: the server goes on."""
    now = time.time() if now is None else now
    cutoff = now - days * 86400.0
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(cutoff))
    removed: list[int] = []
    try:
        if store.history_path().exists():
            history = store.history()
            old = [row.id for row in history.games(records=False) if row.finished_at < stamp]
            for game_id in old:
                if history.delete(game_id):
                    removed.append(game_id)
    except (HistoryError, OSError) as exc:
        log.warning("finished games not pruned from the server's history: %s", exc)
    keep.drop_finished(removed)
    records = 0
    with contextlib.suppress(OSError), os.scandir(store.serve_dir() / "games") as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < cutoff:
                    os.unlink(entry.path)
                    records += 1
    if removed or records:
        log.info("finished games older than %g days removed: %d from the history, %d records",
                 days, len(removed), records)
    return len(removed)


__all__ = ["BURST", "KEEP_DAYS", "PER_HOUR", "NewGames", "prune_finished"]
