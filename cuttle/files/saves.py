"""Save slots: every unfinished game has its own save file, locked while a session plays it.

A slot is ``state_dir()/saves/NAME.json`` (a record with a ``session`` block) and its lock
``NAME.lock``. A new game takes a fresh slot (the file appears with the first move), so starting
a game never touches another game's save; ``--resume`` opens the most recent slot no other
session holds, ``--resume NAME`` a chosen one. A finished game's slot is removed once its record
is kept in the history (``storage.keep_finished``).

Locks are ``filelock`` locks (``flock`` on POSIX), released by the OS when a process dies, so a
killed session never leaves a game locked.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from cuttle.files.safefile import (
    CorruptFileError,
    ensure_dir,
    os_reason,
    shown_path,
    sweep_temp_files,
    write_json_atomic,
)
from cuttle.files.storage import GameRecord, keep_finished, read_record, state_dir
from cuttle.text.safetext import safe_repr

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$")
LEGACY_NAME = "game"  # the one save of earlier versions, state_dir()/game.json


class SlotError(Exception):
    """A slot that cannot be opened, deleted or created; the message says why."""


class SlotBusy(SlotError):
    """The slot is held by another running session."""


class StrayLockError(SlotError):
    """The slot's lock file is something else (a directory, a symbolic link): the slot cannot
    be locked, and the message names the file to remove."""


def saves_dir() -> Path:
    """The folder of the save slots."""
    return state_dir() / "saves"


def check_slot_name(name: str) -> str:
    """A slot name as typed (``--resume NAME``), with an optional ``.json``; SlotError if it
    could not be one."""
    if name.endswith(".json"):
        name = name[:-5]
    if not _NAME.match(name) or name.endswith(".lock"):
        raise SlotError(f"{safe_repr(name, 40)} is not a save name (see: cuttle saves)")
    return name


def _lock(path: Path) -> object:
    from filelock import FileLock

    return FileLock(path, timeout=0, mode=0o600, thread_local=False)


class Slot:
    """A save slot this session holds: its lock is taken, its file may not exist yet."""

    def __init__(self, name: str, lock: object, folder: Path | None = None) -> None:
        self.name = name
        self._lock = lock
        self.folder = folder or saves_dir()  # the slots' folder (a server keeps its own)

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}.json"

    def write(self, record: GameRecord) -> None:
        """Save ``record`` (atomically); OSError when it could not be written."""
        write_json_atomic(self.path, record.to_json())

    def exists(self) -> bool:
        return self.path.is_file()

    def remove(self) -> None:
        """Delete the save (the game is finished or was abandoned) and release the slot."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        self._remove_lock_file()
        self.release()

    def _remove_lock_file(self) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.folder / f"{self.name}.lock")

    def release(self) -> None:
        """Let other sessions open this slot (the save file stays; a slot whose game saved
        nothing leaves no file at all)."""
        if not os.path.lexists(self.path):
            self._remove_lock_file()
        release = getattr(self._lock, "release", None)
        if release is not None and getattr(self._lock, "is_locked", False):
            with contextlib.suppress(OSError):
                release()


def _try_lock(name: str, folder: Path | None = None) -> object | None:
    from filelock import Timeout

    folder = folder or saves_dir()
    ensure_dir(folder)
    path = folder / f"{name}.lock"
    with contextlib.suppress(FileNotFoundError):
        mode = os.lstat(path).st_mode
        if not stat.S_ISREG(mode):  # a link is never followed: the lock would be made elsewhere
            what = "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file"
            raise StrayLockError(
                f"the save lock {shown_path(path)} is {what}; remove it to use the save {name}"
            )
    lock = _lock(path)
    try:
        lock.acquire()  # type: ignore[attr-defined]
    except Timeout:
        return None
    except OSError as exc:
        raise SlotError(f"cannot lock the save {name}: {os_reason(exc)}") from None
    return lock


def prepare(folder: Path | None = None) -> None:
    """Open the saves folder (``folder``, default this user's): move an earlier version's single
    save into this user's and remove temporary files left by killed sessions."""
    if folder is not None and folder != saves_dir():
        ensure_dir(folder)
        sweep_temp_files(folder)
        return
    folder = saves_dir()
    ensure_dir(folder)
    legacy = state_dir() / "game.json"
    target = folder / f"{LEGACY_NAME}.json"
    if legacy.is_file() and not legacy.is_symlink() and not os.path.lexists(target):
        with contextlib.suppress(OSError):
            os.rename(legacy, target)  # the bytes are kept as they are
    sweep_temp_files(folder)
    sweep_temp_files(state_dir())


def new_slot(
    seed: int | None = None, folder: Path | None = None, kind: type[Slot] = Slot
) -> Slot:
    """A fresh slot for a new game, locked: ``game-1``, ``game-2``... (the first free number;
    names are deterministic, like the rest of a transcript, and never contain the seed, which
    is the whole deal). ``seed`` is not used: it is accepted for callers' convenience.
    ``folder``: the slots' folder (default this user's, ``saves_dir()``); ``kind`` the class
    of the slot made."""
    folder = folder or saves_dir()
    prepare(folder)
    for n in range(1, 100_000):
        name = f"game-{n}"
        if os.path.lexists(folder / f"{name}.json"):
            continue
        try:
            # a lock file alone is a slot whose game never saved a move
            lock = _try_lock(name, folder)
        except StrayLockError:
            continue  # something else sits where its lock goes: the next name
        if lock is None or os.path.lexists(folder / f"{name}.json"):
            continue
        return kind(name, lock, folder)
    raise SlotError("cannot find a free save name")


@dataclass
class SaveInfo:
    """One saved game as ``cuttle saves`` lists it."""

    name: str
    path: Path
    when: float
    record: GameRecord | None
    problem: str | None
    busy: bool


def list_saves() -> list[SaveInfo]:
    """Every save slot, newest first (unreadable ones too, with their problem)."""
    prepare()
    folder = saves_dir()
    infos: list[SaveInfo] = []
    for entry in os.scandir(folder):
        if not entry.name.endswith(".json") or entry.name.startswith("."):
            continue
        name = entry.name[:-5]
        if not _NAME.match(name):
            continue
        path = folder / entry.name
        try:
            when = entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            when = 0.0
        record: GameRecord | None = None
        problem: str | None = None
        try:
            record = read_record(path, "save")
        except CorruptFileError as exc:
            problem = str(exc)
        infos.append(SaveInfo(name, path, float(when), record, problem, is_busy(name)))
    infos.sort(key=lambda i: (i.when, i.name), reverse=True)
    return infos


def is_busy(name: str) -> bool:
    """True while another session holds the slot (or it cannot be locked at all)."""
    try:
        lock = _try_lock(name)
    except SlotError:
        return True
    if lock is None:
        return True
    lock.release()  # type: ignore[attr-defined]
    return False


class NoSuchSlot(SlotError):
    """There is no save of that name (the slot is gone, not merely busy)."""


def open_slot(name: str, folder: Path | None = None, kind: type[Slot] = Slot) -> Slot:
    """Take the slot ``name`` of an existing save (in ``folder``, default this user's);
    SlotBusy if another session holds it, NoSuchSlot if there is no such save."""
    folder = folder or saves_dir()
    prepare(folder)
    name = check_slot_name(name)
    path = folder / f"{name}.json"
    if not os.path.lexists(path):
        raise NoSuchSlot(f"no saved game called {name} (see: cuttle saves)")
    lock = _try_lock(name, folder)
    if lock is None:
        raise SlotBusy(
            f"the saved game {name} is open in another cuttle session; finish or quit it there"
        )
    return kind(name, lock, folder)


def latest_free() -> tuple[Slot | None, int]:
    """The most recent save no other session holds (taken), and how many are busy."""
    busy = 0
    for info in list_saves():
        if info.busy:
            busy += 1
            continue
        try:
            return open_slot(info.name), busy
        except SlotBusy:
            busy += 1
    return None, busy


def delete_save(name: str) -> Path:
    """Delete the save ``name`` (SlotBusy while a session plays it); return its path."""
    slot = open_slot(name)
    path = slot.path
    slot.remove()
    return path


def describe_path(path: Path) -> str:
    """A path for messages."""
    return shown_path(path)


def keep_finished_save(slot: Slot, record: GameRecord) -> tuple[bool, str]:
    """A save whose game is over (its record could not be kept when it ended): try again to
    keep the record and add it to the history (once: the history keys each game), and remove
    the save if that worked. A finished game is never played on. Returns (kept, what to say);
    the slot is released either way."""
    from cuttle.files.history import record_finished

    try:
        kept = keep_finished(record)
    except OSError as exc:
        slot.release()
        return False, (
            f"the saved game {slot.name} is over; its record still cannot be kept "
            f"({os_reason(exc)}), so it stays saved (it is not played on; drop it with: "
            f"cuttle saves --delete {slot.name})"
        )
    _, problem = record_finished(record, None, kept.name)
    slot.remove()
    words = f"The saved game {slot.name} was over: its record is now kept as {shown_path(kept)}."
    return True, words + (f" {problem}" if problem else "")
