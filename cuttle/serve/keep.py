"""What the server remembers of its games in progress across a restart: which save slot holds
which game, and the login keys of its seats (the save itself is the game's own, written after
every move by the session). ``games.json`` in the data directory's ``serve`` folder."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from cuttle.files.safefile import CorruptFileError, read_json_file, write_json_atomic
from cuttle.files.storage import data_dir

log = logging.getLogger("cuttle.serve")
FORMAT = "cuttle-serve-games/1"
_lock = threading.Lock()


def games_path() -> Path:
    return data_dir() / "serve" / "games.json"


def load() -> dict[str, dict[str, Any]]:
    """Slot name -> {"id", "keys", "ai"}; an unreadable file is logged and counts as empty."""
    path = games_path()
    if not path.exists():
        return {}
    try:
        data = read_json_file(path, "the server's games")
    except (OSError, CorruptFileError) as exc:
        log.warning("cannot read %s: %s", path, exc)
        return {}
    games = data.get("games") if isinstance(data, dict) else None
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


def _write(games: dict[str, dict[str, Any]]) -> None:
    write_json_atomic(games_path(), {"format": FORMAT, "games": games})


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
