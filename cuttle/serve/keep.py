"""What the server remembers across a restart: which save slot holds which game in progress and
the login keys of its seats (the save itself is the game's own, written after every move by the
session), and which finished games of the history each key played. ``games.json`` in the data
directory's ``serve`` folder."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from cuttle.files.safefile import CorruptFileError, read_json_file, write_json_atomic
from cuttle.files.storage import data_dir

log = logging.getLogger("cuttle.serve")
FORMAT = "cuttle-serve-games/1"
MAX_FINISHED = 200  # finished games remembered per key (the newest)
_lock = threading.Lock()


def games_path() -> Path:
    return data_dir() / "serve" / "games.json"


def _read() -> dict[str, Any]:
    """The whole file; an unreadable one is logged and counts as empty."""
    path = games_path()
    if not path.exists():
        return {}
    try:
        data = read_json_file(path, "the server's games")
    except (OSError, CorruptFileError) as exc:
        log.warning("cannot read %s: %s", path, exc)
        return {}
    return data if isinstance(data, dict) else {}


def load() -> dict[str, dict[str, Any]]:
    """Slot name -> {"id", "keys"} of the games in progress."""
    games = _read().get("games")
    if not isinstance(games, dict):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for name, info in games.items():
        if (
            isinstance(name, str)
            and isinstance(info, dict)
            and isinstance(info.get("id"), str)
            and isinstance(info.get("keys"), list)
            and len(info["keys"]) == 2
            and all(k is None or isinstance(k, str) for k in info["keys"])
        ):
            out[name] = info
    return out


def finished(key: str) -> list[int]:
    """The history ids of the finished games played with ``key``, newest first."""
    done = _read().get("finished")
    ids = done.get(key) if isinstance(done, dict) else None
    if not isinstance(ids, list):
        return []
    return [i for i in ids if isinstance(i, int) and not isinstance(i, bool)]


def _write(games: dict[str, dict[str, Any]], done: dict[str, list[int]] | None = None) -> None:
    if done is None:
        old = _read().get("finished")
        done = old if isinstance(old, dict) else {}
    write_json_atomic(games_path(), {"format": FORMAT, "games": games, "finished": done})


def add_finished(keys: list[str], game_id: int) -> None:
    """The history's game ``game_id`` was played with these keys."""
    with _lock:
        old = _read().get("finished")
        done: dict[str, list[int]] = old if isinstance(old, dict) else {}
        for key in keys:
            done[key] = [game_id, *[i for i in done.get(key, []) if i != game_id]][:MAX_FINISHED]
        try:
            _write(load(), done)
        except OSError as exc:
            log.warning("cannot write %s: %s", games_path(), exc)


def remember(slot: str, match_id: str, keys: list[str | None]) -> None:
    """The game in save ``slot`` is ``match_id``, its seats' login keys ``keys``."""
    with _lock:
        games = load()
        games[slot] = {"id": match_id, "keys": keys}
        try:
            _write(games)
        except OSError as exc:
            log.warning("cannot write %s: %s", games_path(), exc)


def forget(slot: str) -> None:
    """The game in ``slot`` is over."""
    with _lock:
        games = load()
        if games.pop(slot, None) is not None:
            try:
                _write(games)
            except OSError as exc:
                log.warning("cannot write %s: %s", games_path(), exc)
