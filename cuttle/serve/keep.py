"""What the server remembers across a restart: which save slot holds which game in progress and
the login keys of its seats (the save itself is the game's own, written after every move by the
session), and which finished games of the server's history each key played.

``games.json`` in the server's folder (``store.serve_dir()``) is the index. Each entry is also
written on its own (``seats/SLOT.json`` while the game is in progress, ``finished/ID.json`` once
it is in the history), so a damaged index is rebuilt from them: ``prepare`` (at the server's start,
under its lock) sets a damaged file aside as ``games.json.damaged-TIME``, as it was, and says so.
An entry leaves the index only when its game is over or its save is gone, never because the
save could not be opened at the moment.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from cuttle.files.safefile import CorruptFileError, read_bytes, read_json_file, write_json_atomic
from cuttle.files.saves import SlotError
from cuttle.safejson import loads_limited
from cuttle.serve import store
from cuttle.text.safetext import safe_text

log = logging.getLogger("cuttle.serve")
FORMAT = "cuttle-serve-games/2"
OLD_FORMAT = "cuttle-serve-games/1"  # an earlier server's: slots and history ids of the host's
MAX_FINISHED = 200  # finished games remembered per key (the newest)
MAX_BYTES = 5_000_000
MAX_ENTRIES = 20_000  # entry files read when rebuilding
_SLOT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$")
_lock = threading.Lock()


class Unreadable(Exception):
    """The index exists but cannot be read now (permissions, I/O): it is not written over."""


def games_path() -> Path:
    return store.serve_dir() / "games.json"


def _seats_dir() -> Path:
    return store.serve_dir() / "seats"


def _finished_dir() -> Path:
    return store.serve_dir() / "finished"


def _entry(info: Any) -> dict[str, Any] | None:
    """A game in progress as the index holds it: {"id", "keys"}; None when it is not one."""
    if (
        isinstance(info, dict)
        and isinstance(info.get("id"), str)
        and isinstance(info.get("keys"), list)
        and 2 <= len(info["keys"]) <= 4  # one a seat, at a table of two to four
        and all(k is None or isinstance(k, str) for k in info["keys"])
    ):
        return {"id": info["id"], "keys": list(info["keys"])}
    return None


def _parse(data: bytes) -> dict[str, Any]:
    """The index's contents; ValueError when they are damaged."""
    value = loads_limited(data)
    if not isinstance(value, dict) or value.get("format", FORMAT) not in (FORMAT, OLD_FORMAT):
        raise ValueError("not the server's games list")
    if not isinstance(value.get("games", {}), dict) or not isinstance(
        value.get("finished", {}), dict
    ):
        raise ValueError("its games or finished games are not lists")
    return value


def _read() -> dict[str, Any]:
    """The whole index ({} when there is none); Unreadable when it cannot be read, a damaged
    one set aside and rebuilt first."""
    path = games_path()
    if not os.path.lexists(path):
        return {}
    try:
        data = read_bytes(path, "the server's games list", MAX_BYTES)
    except CorruptFileError as exc:
        if "too large" not in str(exc):
            raise Unreadable(str(exc)) from None
        return _recover(str(exc))
    try:
        value = _parse(data)
    except ValueError as exc:
        return _recover(safe_text(str(exc), 120))
    bad = _invalid(value) if value.get("format", FORMAT) == FORMAT else []  # an earlier
    if bad:  # server's list is brought over by ``prepare``, its ids the host's
        shown = ", ".join(safe_text(b, 40) for b in bad[:5]) + (", ..." if len(bad) > 5 else "")
        why = f"{len(bad)} not valid ({shown})"
        return _recover(why, _valid_part(value))
    return value


def _invalid(value: dict[str, Any]) -> list[str]:
    """The entries of a parsed index that do not validate (each named: a slot, or a key's
    finished games)."""
    bad = [f"game {name}" for name, info in value.get("games", {}).items()
           if not _SLOT.match(name) or _entry(info) is None]
    for key, ids in value.get("finished", {}).items():
        if not isinstance(ids, list) or not all(_is_id(i) for i in ids):
            bad.append(f"finished games of {key}")
    return bad


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _valid_part(value: dict[str, Any]) -> dict[str, Any]:
    """What of a parsed index validates (the rest is rebuilt from the entries' files)."""
    games = {n: e for n, i in value.get("games", {}).items()
             if _SLOT.match(n) and (e := _entry(i)) is not None}
    return {"format": FORMAT, "games": games, "finished": _finished_of(value)}


def _recover(why: str, kept: dict[str, Any] | None = None) -> dict[str, Any]:
    """Set the damaged index aside, rebuild it from the entries' own files (with ``kept``,
    what of it still validates), write it; the notice is logged and kept for the server's
    start."""
    path = games_path()
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = aside.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
    try:
        os.rename(path, aside)
    except OSError as exc:
        raise Unreadable(f"{path} is damaged ({why}) and cannot be set aside: {exc}") from None
    data = rebuild()
    if kept is not None:
        data = _merged(kept, data)
    _write_all(data)
    playing, done = len(data["games"]), len({i for ids in data["finished"].values() for i in ids})
    notice = (
        f"the server's games list was damaged ({why}): kept as {aside.name}; rebuilt from the "
        f"save slots and the finished games: {playing} in progress, {done} finished"
    )
    log.warning("%s", notice)
    NOTICES.append(notice)
    return data


NOTICES: list[str] = []  # what ``prepare`` found, for the server's start


def _merged(kept: dict[str, Any], built: dict[str, Any]) -> dict[str, Any]:
    """The valid part of a damaged index with what the entries' files give for the rest."""
    games = {**built["games"], **kept["games"]}
    done: dict[str, list[int]] = {}
    for key in {*kept["finished"], *built["finished"]}:
        ids = sorted({*kept["finished"].get(key, []), *built["finished"].get(key, [])},
                     reverse=True)
        done[key] = ids[:MAX_FINISHED]
    return {"format": FORMAT, "games": games, "finished": done}


def rebuild() -> dict[str, Any]:
    """The index as the entries' own files give it: the games whose save is still there, the
    finished games of each key (newest first)."""
    games: dict[str, dict[str, Any]] = {}
    for name, info in _entry_files(_seats_dir()):
        entry = _entry(info)
        if entry is not None and (store.saves_folder() / f"{name}.json").is_file():
            games[name] = entry
    for save in sorted(store.saves_folder().glob("*.json"))[:MAX_ENTRIES]:
        if save.stem not in games:
            log.warning("save %s: its players' keys are not known; it stays in %s",
                        save.stem, save.parent)
    done: dict[str, list[int]] = {}
    finished = sorted(
        ((int(name), info) for name, info in _entry_files(_finished_dir()) if name.isdigit()),
        reverse=True,
    )
    for game_id, info in finished:
        keys = info.get("keys") if isinstance(info, dict) else None
        if isinstance(keys, list):
            for key in keys:
                if isinstance(key, str) and len(done.setdefault(key, [])) < MAX_FINISHED:
                    done[key].append(game_id)
    return {"format": FORMAT, "games": games, "finished": done}


def _entry_files(folder: Path) -> list[tuple[str, Any]]:
    """(name, value) of each readable ``NAME.json`` in ``folder`` (the others are skipped)."""
    out: list[tuple[str, Any]] = []
    try:
        names = sorted(os.listdir(folder))[:MAX_ENTRIES]
    except OSError:
        return out
    for file in names:
        name = file[:-5]
        if not file.endswith(".json") or not _SLOT.match(name):
            continue
        try:
            out.append((name, read_json_file(folder / file, "a server games entry", 100_000)))
        except CorruptFileError as exc:
            log.warning("%s", exc)
    return out


def prepare() -> list[str]:
    """At the server's start (its lock held): the index checked (a damaged one set aside and
    rebuilt), an earlier server's index brought over (its saves and finished games into the
    server's own folder), every entry's own file written; returns what to tell the host."""
    NOTICES.clear()
    _recover_seat_keys()  # before an entry missing is made again below (its keys in no order)
    with _lock:
        try:
            data = _read()
        except Unreadable as exc:
            log.warning("%s", exc)
            NOTICES.append(f"the server's games list cannot be read: {safe_text(str(exc), 200)}")
            return list(NOTICES)
        if not data and _has_entries():  # the list is gone, its entries are not
            data = rebuild()
            notice = (f"the server's games list was missing: rebuilt from the save slots and "
                      f"the finished games: {len(data['games'])} in progress")
            log.warning("%s", notice)
            NOTICES.append(notice)
        if data.get("format") == OLD_FORMAT:
            data = _from_old(data)
        games = {n: e for n, i in data.get("games", {}).items() if (e := _entry(i)) is not None}
        done = _finished_of(data)
        if data or games or done:
            _write_all({"format": FORMAT, "games": games, "finished": done})
    return list(NOTICES)


def _recover_seat_keys() -> None:
    """Games of the history recorded before it kept their seats' keys are given them back from
    their entries, where those can be trusted, and rated (``store.recover_seat_keys``); a
    failure is logged and the server starts all the same."""
    from cuttle.files.history import HistoryError

    try:
        store.recover_seat_keys()
    except (HistoryError, OSError, sqlite3.Error):
        log.exception("the seats' keys of the earlier games could not be looked for")


def _has_entries() -> bool:
    for folder in (_seats_dir(), _finished_dir()):
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            if any(e.name.endswith(".json") for e in entries):
                return True
    return False


def _from_old(data: dict[str, Any]) -> dict[str, Any]:
    """An earlier server's index: its slots among the host's saves and its finished games in
    the host's history are copied into the server's folder (the ids renumbered)."""
    for name in list(data.get("games", {})):
        try:
            store.move_host_slot(name)
        except SlotError as exc:  # tried again when the game is resumed
            log.warning("%s", exc)
    ids: dict[int, int | None] = {}
    done: dict[str, list[int]] = {}
    for key, old in _finished_of(data).items():
        for i in old:
            if i not in ids:
                ids[i] = store.copy_host_game(i)
            new = ids[i]
            if new is not None:
                done.setdefault(key, []).append(new)
    log.info("an earlier server's games list brought into %s", store.serve_dir())
    return {"format": FORMAT, "games": data.get("games", {}), "finished": done}


def _finished_of(data: dict[str, Any]) -> dict[str, list[int]]:
    done = data.get("finished")
    if not isinstance(done, dict):
        return {}
    return {
        k: [i for i in ids if isinstance(i, int) and not isinstance(i, bool)]
        for k, ids in done.items()
        if isinstance(k, str) and isinstance(ids, list)
    }


def _write_all(data: dict[str, Any]) -> None:
    """The index and every entry's own file (those missing: an earlier version wrote none)."""
    _write_index(data)
    for name, entry in data["games"].items():
        if not (_seats_dir() / f"{name}.json").exists():
            _write_entry(_seats_dir() / f"{name}.json", entry)
    keys_of: dict[int, list[str]] = {}
    for key, ids in data["finished"].items():
        for i in ids:
            keys_of.setdefault(i, []).append(key)
    for i, keys in keys_of.items():
        if not (_finished_dir() / f"{i}.json").exists():
            _write_entry(_finished_dir() / f"{i}.json", {"keys": keys})


def _write_index(data: dict[str, Any]) -> None:
    try:
        write_json_atomic(games_path(), data)
    except OSError as exc:
        log.warning("cannot write %s: %s", games_path(), exc)


def _write_entry(path: Path, value: Any) -> None:
    try:
        write_json_atomic(path, value)
    except OSError as exc:
        log.warning("cannot write %s: %s", path, exc)


def _current() -> dict[str, Any] | None:
    """The index to change, or None (logged) when it cannot be read now: it is not replaced."""
    try:
        data = _read()
    except Unreadable as exc:
        log.warning("the server's games list is not changed: %s", exc)
        return None
    return {"format": FORMAT, "games": data.get("games", {}), "finished": _finished_of(data)}


def load() -> dict[str, dict[str, Any]]:
    """Slot name -> {"id", "keys"} of the games in progress."""
    with _lock:
        data = _current() or {}
    games = data.get("games", {})
    return {n: e for n, i in games.items() if isinstance(n, str) and (e := _entry(i)) is not None}


def finished(key: str) -> list[int]:
    """The history ids of the finished games played with ``key``, newest first."""
    with _lock:
        data = _current() or {}
    return list(_finished_of(data).get(key, []))


def seat_in_finished(key: str, game_id: int) -> int | None:
    """The seat ``key`` played in finished game ``game_id`` (the keys of a game are kept in
    seat order, None for an AI's seat); None when that is not known (an earlier server kept
    only the people's keys of a game against the AI)."""
    try:
        info = read_json_file(_finished_dir() / f"{game_id}.json", "a server games entry", 100_000)
    except (CorruptFileError, OSError):
        return None
    keys = info.get("keys") if isinstance(info, dict) else None
    if not isinstance(keys, list) or not 2 <= len(keys) <= 4 or keys.count(key) != 1:
        return None
    return keys.index(key)


def add_finished(keys: list[str | None], game_id: int) -> None:
    """The server's history's game ``game_id`` was played with these keys (in seat order; None
    for an AI's seat)."""
    with _lock:
        _write_entry(_finished_dir() / f"{game_id}.json", {"keys": keys})
        data = _current()
        if data is None:
            return
        done = data["finished"]
        for key in keys:
            if key is None:
                continue
            done[key] = [game_id, *[i for i in done.get(key, []) if i != game_id]][:MAX_FINISHED]
        _write_index(data)


def remember(slot: str, match_id: str, keys: list[str | None]) -> None:
    """The game in save ``slot`` is ``match_id``, its seats' login keys ``keys``."""
    with _lock:
        entry = {"id": match_id, "keys": keys}
        _write_entry(_seats_dir() / f"{slot}.json", entry)
        data = _current()
        if data is None:
            return
        data["games"][slot] = entry
        _write_index(data)


def forget(slot: str) -> None:
    """The game in ``slot`` is over, or its save is gone."""
    with _lock:
        with contextlib.suppress(OSError):
            os.unlink(_seats_dir() / f"{slot}.json")
        data = _current()
        if data is not None and data["games"].pop(slot, None) is not None:
            _write_index(data)


def drop_finished(game_ids: list[int]) -> None:
    """The finished games ``game_ids`` are no longer kept (``--keep-finished``): their entry
    files and their ids in every key's list go."""
    if not game_ids:
        return
    gone = set(game_ids)
    with _lock:
        for i in gone:
            with contextlib.suppress(OSError):
                os.unlink(_finished_dir() / f"{i}.json")
        data = _current()
        if data is None:
            return
        done = data["finished"]
        for key in list(done):
            done[key] = [i for i in done[key] if i not in gone]
            if not done[key]:
                del done[key]
        _write_index(data)
