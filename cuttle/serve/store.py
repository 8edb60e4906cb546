"""The server's own files, apart from the host's, and the lock that allows one server on them.

Everything ``cuttle serve`` keeps is under ``serve/`` in the data directory: ``server.lock``
(held while a server runs, with an ``flock`` on the data directory itself, which deleting the
lock file does not undo) and ``server.json`` (its pid and address, to name it to a second
one), the games list (``keep.py``), the save slots of its games in progress (``saves/``), the
records of its finished games (``games/``) and their history (``history.db``). The host's own
``cuttle saves``, ``cuttle play`` and ``cuttle history`` never read them, and a server game
is never offered to the host as one of theirs.

A failure to write one of these files is logged in full (with its path) and told to a remote
player in words without the path: the host's directories are not the players' business. A
symbolic link where the server writes (its files and folders, its log) is refused at the start,
in one line naming it: the server would write through it into another file.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cuttle import Game, Move
from cuttle.files import saves
from cuttle.files.history import History, HistoryError
from cuttle.files.safefile import (
    CorruptFileError,
    UnsafeTargetError,
    ensure_dir,
    read_json_file,
    shown_path,
    write_json_atomic,
)
from cuttle.files.saves import Slot
from cuttle.files.storage import GameRecord, data_dir, keep_finished, state_dir
from cuttle.play.places import Places

if TYPE_CHECKING:
    from cuttle.ai.review import Review

log = logging.getLogger("cuttle.serve")
LOCK_NAME = "server.lock"
INFO_NAME = "server.json"
UNSAID = "the server's log says why"  # what a player is told instead of a path
LOG_NAME = "serve.log"  # in the state directory
# what the server writes in its folder (the folders' own entries are looked at too)
WRITTEN = ("games.json", INFO_NAME, LOCK_NAME, "history.db", "history.db-journal",
           "history.db-wal", "history.db-shm")
FOLDERS = ("saves", "games", "seats", "finished")
MAX_LOOKED_AT = 20_000  # entries of one folder looked at for links


class ServerBusy(Exception):
    """Another server runs on this data directory; the message names it (one line)."""


def serve_dir() -> Path:
    """The server's folder: ``serve`` in the data directory."""
    return data_dir() / "serve"


def saves_folder() -> Path:
    """The save slots of the server's games in progress."""
    return serve_dir() / "saves"


def history_path() -> Path:
    """The server's history database (its kept records beside it, in ``games/``)."""
    return serve_dir() / "history.db"


def history() -> History:
    """The history of the games played on the server."""
    return History(history_path())


def unsaid(what: str, exc: BaseException) -> str:
    """``what`` failed because of ``exc``: logged in full, and the words for a player."""
    log.warning("%s: %s", what, exc)
    return f"{what} ({UNSAID})"


class ServerLock:
    """The lock of one server on this data directory: an ``flock`` on the data directory
    itself (deleting ``server.lock`` does not undo it) and ``filelock`` on ``server.lock`` (as
    earlier servers took it); the OS lets go of both when the process dies, so a killed
    server never keeps the next one out."""

    def __init__(self) -> None:
        self._lock: Any = None
        self._dir_fd: int | None = None

    def acquire(self) -> None:
        """Take the lock before anything is read or written; ServerBusy when a server holds it,
        OSError when the folder cannot be used (a symbolic link where the server writes
        included: UnsafeTargetError, its message names it)."""
        from filelock import FileLock, Timeout

        folder = serve_dir()
        refuse_link(folder, "the server's folder")
        ensure_dir(folder)
        self._dir_fd = _lock_dir(data_dir())
        if self._dir_fd is None:
            raise ServerBusy(_busy())
        path = folder / LOCK_NAME
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(path).st_mode):  # a link is never followed
                self._let_go()
                raise OSError(f"{shown_path(path)} is not a regular file; remove it")
        lock = FileLock(path, timeout=0, mode=0o600, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            self._let_go()
            raise ServerBusy(_busy()) from None
        self._lock = lock
        try:
            check_links()
        except OSError:
            self.release()
            raise
        self.note(None, None)

    def note(self, host: str | None, port: int | None) -> None:
        """Say who holds the lock (this process, and where it listens once it does)."""
        info = {"pid": os.getpid(), "address": host, "port": port}
        try:
            write_json_atomic(serve_dir() / INFO_NAME, info)
        except OSError as exc:
            log.warning("cannot write %s: %s", serve_dir() / INFO_NAME, exc)

    @property
    def held(self) -> bool:
        return self._lock is not None

    def release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                os.unlink(serve_dir() / INFO_NAME)
            with contextlib.suppress(OSError):
                self._lock.release()
            self._lock = None
        self._let_go()

    def _let_go(self) -> None:
        if self._dir_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._dir_fd)  # closing it lets go of the flock
            self._dir_fd = None


def _lock_dir(folder: Path) -> int | None:
    """An exclusive ``flock`` on ``folder`` itself: its descriptor, None when another process
    holds it (-1 where directories cannot be locked: the lock file alone then)."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock, and no directory to open
        return -1
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:  # a file system without flock: the lock file alone
        return fd
    return fd


def _busy() -> str:
    return (f"{_running()} uses {shown_path(data_dir())}; stop it first, or run this one "
            "with another data directory (XDG_DATA_HOME)")


def refuse_link(path: Path, what: str) -> None:
    """UnsafeTargetError when ``path`` is a symbolic link: the server writes there."""
    if os.path.islink(path):
        raise UnsafeTargetError(
            f"{what} {shown_path(path)} is a symbolic link; the server does not write through "
            "links: replace it with the file or folder itself"
        )


def check_links() -> None:
    """Refuse (UnsafeTargetError, naming it) a symbolic link where the server writes: its
    files and folders in ``serve/``, their entries, and its log."""
    folder = serve_dir()
    for name in WRITTEN:
        refuse_link(folder / name, "the server's file")
    for name in FOLDERS:
        refuse_link(folder / name, "the server's folder")
        links: list[str] = []
        with contextlib.suppress(OSError), os.scandir(folder / name) as entries:
            for n, entry in enumerate(entries):
                if n >= MAX_LOOKED_AT or links:
                    break
                if entry.is_symlink():
                    links.append(entry.path)
        for link in links:
            refuse_link(Path(link), "the server's file")
    refuse_link(log_path(), "the server's log")


def log_path() -> Path:
    """The server's log: ``serve.log`` in the state directory."""
    return state_dir() / LOG_NAME


class LogFile(logging.FileHandler):
    """The server's log, opened without following a link (``O_NOFOLLOW``): one put there after
    the start's check is refused (OSError), never written through."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8")

    def _open(self) -> Any:
        flags = getattr(os, "O_NOFOLLOW", 0)

        def opener(name: str, mode: int) -> int:
            return os.open(name, mode | flags, 0o600)

        return open(self.baseFilename, self.mode, encoding=self.encoding, opener=opener)


def _running() -> str:
    """The running server as a second one names it: its pid and address when it said them."""
    try:
        info = read_json_file(serve_dir() / INFO_NAME, "the running server's note", 10_000)
    except CorruptFileError:
        info = None
    if not isinstance(info, dict):
        return "another cuttle serve"
    pid, host, port = info.get("pid"), info.get("address"), info.get("port")
    parts = [f"pid {pid}"] if isinstance(pid, int) and not isinstance(pid, bool) else []
    if isinstance(host, str) and isinstance(port, int) and not isinstance(port, bool):
        parts.append(f"listening on {shown_path(host)[:60]}:{port}")
    return "another cuttle serve" + (f" ({', '.join(parts)})" if parts else "")


class ServerSlot(Slot):
    """A save slot of the server: a failed write names no path (it is logged)."""

    def write(self, record: GameRecord) -> None:
        try:
            super().write(record)
        except OSError as exc:
            raise OSError(exc.errno, unsaid("the save could not be written", exc)) from None


def new_slot(seed: int | None = None) -> Slot:
    """A fresh save slot among the server's own."""
    try:
        return saves.new_slot(seed, saves_folder(), ServerSlot)
    except saves.SlotError as exc:
        raise saves.SlotError(unsaid("no save slot could be made", exc)) from None


def open_slot(name: str) -> Slot:
    """The server's save slot ``name`` (SlotBusy, NoSuchSlot as ``saves.open_slot``); a game
    an earlier server kept among the host's saves is moved here first."""
    if not os.path.lexists(saves_folder() / f"{saves.check_slot_name(name)}.json"):
        move_host_slot(name)
    return saves.open_slot(name, saves_folder(), ServerSlot)


def keep_record(record: GameRecord) -> Path:
    """A finished game's record kept among the server's (OSError without a path)."""
    try:
        return keep_finished(record, serve_dir() / "games")
    except OSError as exc:
        raise OSError(exc.errno, unsaid("the record could not be kept", exc)) from None


def record_finished(
    record: GameRecord, duration: float | None, source: str | None,
    keys: Sequence[str | None] | None = None,
) -> tuple[int | None, str | None]:
    """Into the server's history: (its id, None), or (None, the words for the players).
    ``keys``: each seat's login key (None for an AI seat): kept with the game, and the
    people's ratings moved in the same transaction (``ratings.py``)."""
    rate = _rate if keys is not None and any(k is not None for k in keys) else None
    try:
        return history().add(record, duration, source, keys=keys, then=rate), None
    except HistoryError as exc:
        return None, unsaid("Not recorded in the server's history", exc) + "."
    except Exception as exc:  # noqa: BLE001 - the game must go on whatever the database does
        return None, unsaid("Not recorded in the server's history", exc) + "."


def _rate(con: sqlite3.Connection, game_id: int) -> None:
    """The ratings after game ``game_id`` (inside the history's transaction). A failure is
    logged and leaves the ratings as they were, never the game out of the history: the next
    rated game finds it unrated and rebuilds them all (``ratings.update``)."""
    from cuttle.serve import ratings

    con.execute("SAVEPOINT rating")
    try:
        ratings.update(con, game_id)
    except Exception:  # noqa: BLE001 - the game is recorded whatever the ratings do
        log.exception("the ratings after game %s could not be made", game_id)
        con.execute("ROLLBACK TO rating")
    con.execute("RELEASE rating")


def rebuild_ratings() -> int:
    """Every rating made again from the server's history (``ratings.rebuild``); returns how
    many games were rated. HistoryError if the database cannot be written."""
    from cuttle.serve import ratings

    return history().write(ratings.rebuild)


def recover_seat_keys() -> tuple[int, int]:
    """The games recorded before the history kept each seat's key (schema 6) get them back
    from the server's own entry of each finished game, when it can be trusted
    (``ratings.recovered_keys``), and every rating is made again with them; returns (games
    given their keys back, games left without). HistoryError if the history cannot be used."""
    from cuttle.serve import ratings

    if not history_path().exists():  # a new server: nothing recorded yet
        return 0, 0
    games = history().read(ratings.unkeyed)
    found: dict[int, list[str | None]] = {}
    for game_id, finished_at, seats in games:
        entry = serve_dir() / "finished" / f"{game_id}.json"
        try:
            info = read_json_file(entry, "a server games entry", 100_000)
            written = entry.stat().st_mtime
        except (CorruptFileError, OSError):
            continue
        keys = ratings.recovered_keys(info.get("keys") if isinstance(info, dict) else None,
                                      seats, written, finished_at)
        if keys is not None:
            found[game_id] = keys
    if found:
        rated = history().write(lambda con: ratings.add_keys(con, found))
        log.info("the seats' keys of %d games recorded before the history kept them were "
                 "found again; %d games rated in all", len(found), rated)
    return len(found), len(games) - len(found)


class ReviewCancelled(Exception):
    """The server stops: a review in progress ends at its next move, and is not saved."""


class Reviews:
    """The reviews being computed (in threads of their own), so that the server's stop ends
    them at their next move, before its lock is let go: none writes the history after."""

    def __init__(self) -> None:
        self._stopping = threading.Event()
        self._done = threading.Condition()
        self.running = 0

    def review(self, record: GameRecord, on_step: Callable[[int, int], None]) -> Review:
        """The hard AI's review of a finished game (the saved one when there is one), kept in
        the server's history; ReviewCancelled when the server stops meanwhile."""
        from cuttle.ai.review import Budget
        from cuttle.files.reviews import review_record

        def step(done: int, of: int) -> None:
            if self._stopping.is_set():
                raise ReviewCancelled  # before the next move is judged, and before the save
            on_step(done, of)

        with self._done:
            if self._stopping.is_set():
                raise ReviewCancelled
            self.running += 1
        try:
            return review_record(record, Budget(), step, history())
        finally:
            with self._done:
                self.running -= 1
                self._done.notify_all()

    def stop(self, timeout: float) -> bool:
        """No review starts any more and those running end at their next move: True once they
        all have, False if some still run after ``timeout`` seconds."""
        self._stopping.set()
        with self._done:
            return self._done.wait_for(lambda: self.running == 0, timeout)

    def reset(self) -> None:
        """A server starts (in this process): reviews may run again."""
        self._stopping.clear()


REVIEWS = Reviews()  # one server a process


def review(record: GameRecord, on_step: Callable[[int, int], None]) -> Review:
    """A review computed on the server (``Reviews.review``): call it in a thread of its own."""
    return REVIEWS.review(record, on_step)


def places(
    choose_move: Callable[[str, Game, int, float | None], Move] | None = None,
    finished: Callable[
        [GameRecord, float | None, str | None], tuple[int | None, str | None]
    ] | None = None,
) -> Places:
    """Where a server game saves, keeps and records: the server's own folder. ``finished``
    replaces ``record_finished`` (to learn the history id); ``choose_move`` where the AI
    thinks."""
    extra: dict[str, Any] = {}
    if choose_move is not None:
        extra["choose_move"] = choose_move
    return Places(
        new_slot=new_slot,
        keep_finished=keep_record,
        record_finished=finished or record_finished,
        **extra,
    )


def move_host_slot(name: str) -> None:
    """A game of an earlier server kept among the host's own save slots is moved into the
    server's (its lock held meanwhile). Nothing to move is no error; SlotError when it is
    there but cannot be moved now (it stays where it is)."""
    if os.path.lexists(saves_folder() / f"{name}.json"):
        return
    try:
        old = saves.open_slot(name)
    except saves.NoSuchSlot:
        return
    try:
        ensure_dir(saves_folder())
        os.rename(old.path, saves_folder() / f"{name}.json")
    except OSError as exc:
        raise saves.SlotError(unsaid(f"the save {name} cannot be moved", exc)) from None
    finally:
        old.release()
    log.info("the server's game %s moved from the host's saves into %s", name, saves_folder())


def copy_host_game(game_id: int) -> int | None:
    """A finished game of an earlier server in the host's history: added to the server's;
    its id there (None when it cannot be read or written)."""
    try:
        row = History().game(game_id)
        if row is None:
            return None
        return history().add(row.record(), row.duration, None, row.finished_at)
    except (HistoryError, CorruptFileError, OSError) as exc:
        log.warning("finished game %s not copied from the host's history: %s", game_id, exc)
        return None


__all__ = [
    "LogFile",
    "REVIEWS",
    "ReviewCancelled",
    "Reviews",
    "ServerBusy",
    "ServerLock",
    "check_links",
    "history",
    "history_path",
    "log_path",
    "new_slot",
    "open_slot",
    "places",
    "rebuild_ratings",
    "record_finished",
    "recover_seat_keys",
    "refuse_link",
    "review",
    "saves_folder",
    "serve_dir",
    "unsaid",
]
