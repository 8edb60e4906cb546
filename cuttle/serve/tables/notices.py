"""What a player away from the server is told in their next lobby: a game that went on without
them (an AI took their seat while their connection was gone). Kept in memory, a few lines a key,
for a bounded number of keys (the oldest forgotten first); any thread."""

from __future__ import annotations

import threading
from collections import OrderedDict

MAX_KEYS = 1024  # keys with something to be told, at most
MAX_LINES = 3  # lines kept for one key (the newest)

_lock = threading.Lock()
_waiting: OrderedDict[str, list[str]] = OrderedDict()


def tell(key: str, words: str) -> None:
    """``words`` for the next lobby of the player logged in with ``key``."""
    with _lock:
        lines = _waiting.pop(key, [])
        _waiting[key] = [*lines, words][-MAX_LINES:]
        while len(_waiting) > MAX_KEYS:
            _waiting.popitem(last=False)


def take(key: str) -> list[str]:
    """What waits for ``key`` (each line once)."""
    with _lock:
        return _waiting.pop(key, [])
