"""The game history: every finished game in one SQLite database (``data_dir()/history.db``).

The database uses the standard library's ``sqlite3`` in WAL mode (readers never wait for a
writer), its schema is versioned with ``PRAGMA user_version`` and upgraded by :data:`MIGRATIONS`
in one transaction, and writers wait at most :data:`BUSY_MS` for a lock; an operation that still
finds the database busy is tried again from the start, up to :data:`BUSY_RETRIES` times (SQLite
can say "locked" without waiting: while another process's last connection tidies the WAL files on
closing, say). Recording a game never
raises: a database that cannot be opened or written gives a :class:`HistoryError` message the game
shows (busy, read-only, or not a database), and the file is left as it is.

The database is private: created 0600 (tightened to 0600 if it was readable by others) in a 0700
folder, and never opened through a symbolic link (one checked before and after opening). Every
row read back is data from a file: checked field by field as records are (``gamerows.py``); a row
that does not fit is skipped and :attr:`History.problems` says so in one line naming the database.

Each game is stored once: ``game_key`` (a hash of its record) is unique. The JSON records kept
under ``games/`` that the database lacks (all of them the first time, or one whose game ended
while the database was busy) are added the first time a ``History`` is used; the names looked at
are remembered in ``files_seen`` so each file is read once.

The server's games keep each seat's login key too (``seat_keys``), and ``add``'s ``then`` runs
in the game's own transaction: the server's ratings (``cuttle/serve/ratings.py``) are written
with the game or not at all. The schema's migrations and the filters' SQL are in
``historysql.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Sequence
from contextlib import closing, suppress
from pathlib import Path
from typing import Any, TypeVar

from cuttle.files.gamerows import GameRow, game_row
from cuttle.files.historysql import (
    MAX_SEATS,
    MIGRATIONS,
    SCHEMA_VERSION,
    any_seat,
    controller_sql,
    result_sql,
)
from cuttle.files.safefile import ensure_dir, shown_path
from cuttle.files.storage import (
    CorruptFileError,
    GameRecord,
    data_dir,
    read_record,
)
from cuttle.text.safetext import safe_repr

T = TypeVar("T")

DB_NAME = "history.db"
BUSY_MS = 1000
BUSY_RETRIES = 2
MAX_SQL_INT = 2**63 - 1

COLUMNS = (
    "id, finished_at, rules, preset, variants, seed, player0, player1, controller0, controller1, "
    "outcome, reason, moves, duration, record, more_seats"
)


class HistoryError(Exception):
    """The history database cannot be used; the message names the file and says what to do."""


def db_path() -> Path:
    """Where the history lives: ``$XDG_DATA_HOME/cuttle/history.db``."""
    return data_dir() / DB_NAME


def split_rules(rules: str) -> tuple[str, str]:
    """``"classic+joker+nine-freeze"`` -> ``("classic", "joker+nine-freeze")``."""
    preset, _, variants = rules.partition("+")
    return preset, variants


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def record_key(record_json: str) -> str:
    """The key of a stored game: a hash of its record's JSON text (as ``_insert`` writes it)."""
    return hashlib.sha256(record_json.encode("utf-8", "surrogateescape")).hexdigest()


def _text(data: bytes) -> str:
    """A text column: invalid UTF-8 kept as lone surrogates, which no check lets through."""
    return data.decode("utf-8", "surrogateescape")


class History:
    """The history database at ``path`` (default :func:`db_path`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or db_path()
        #: One line per stored row that was skipped because it does not fit (see the module).
        self.problems: list[str] = []
        self._synced = False
        self._created = False  # the last _open made the file (removed again if never written)

    def _unusable(self, exc: BaseException) -> HistoryError:
        where = f"the game history {shown_path(self.path)}"
        text = str(exc)
        if isinstance(exc, sqlite3.Error) and _busy(exc):
            return HistoryError(f"{where} is busy (another cuttle is using it)")
        if "readonly" in text or "read-only" in text:
            return HistoryError(f"{where} cannot be written (it is read-only)")
        if "disk I/O error" in text or "disk is full" in text:
            return HistoryError(f"{where} cannot be written ({_write_failure(self.path, text)})")
        if isinstance(exc, HistoryError):
            return exc
        return HistoryError(
            f"{where} cannot be used ({safe_repr(text, 120)[1:-1]}); the file was left as it "
            "is for inspection (move it away and a new history starts)"
        )

    def _checked_files(self) -> bool:
        """Refuse a database (or its journal files) that is a symbolic link or not a regular
        file; True when the database does not exist yet."""
        missing = False
        for suffix in ("", "-wal", "-shm", "-journal"):
            path = Path(f"{self.path}{suffix}")
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                missing = missing or suffix == ""
                continue
            except OSError as exc:
                raise self._unusable(exc) from None
            if stat.S_ISLNK(st.st_mode):
                raise HistoryError(
                    f"the game history {shown_path(path)} is a symbolic link; not writing "
                    "through it (replace it with the file itself)"
                )
            if not stat.S_ISREG(st.st_mode):
                raise HistoryError(
                    f"the game history {shown_path(path)} is not a regular file; not using it"
                )
        return missing

    def _open(self) -> sqlite3.Connection:
        """Open the database: created private, never through a symbolic link."""
        try:
            ensure_dir(self.path.parent)
        except OSError as exc:
            raise HistoryError(f"the game history cannot be kept: {exc}") from None
        created = False
        if self._checked_files():
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_NOFOLLOW", 0), 0o600)
                os.close(fd)
                created = True
            except FileExistsError:
                pass  # another process made it a moment ago: checked again below
            except OSError as exc:
                raise self._unusable(exc) from None
        try:
            before = os.lstat(self.path)
            if before.st_mode & 0o077 and before.st_uid == os.getuid():
                os.chmod(self.path, 0o600)  # an older version's 0644 file
            con = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise self._unusable(exc) from None
        con.text_factory = _text
        con.create_function("cuttle_game_key", 1, record_key, deterministic=True)
        try:
            self._checked_files()  # swapped for a link while it was being opened
            after = os.lstat(self.path)
            if (after.st_dev, after.st_ino) != (before.st_dev, before.st_ino):
                raise HistoryError(f"the game history {shown_path(self.path)} changed while it "
                                   "was being opened; not using it")
        except (HistoryError, OSError) as exc:
            con.close()
            raise self._unusable(exc) from None
        self._created = created
        return con

    def _prepare(self, con: sqlite3.Connection) -> None:
        """Set the connection up: lock wait, version check, WAL, migrations, missing records."""
        con.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        _check_version(con)  # before anything is written to a file from elsewhere
        if con.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            con.execute("PRAGMA journal_mode = WAL")
        self._migrate(con)
        if not self._synced:
            self._synced = True
            self._import_records(con)

    def _run(self, op: Callable[[sqlite3.Connection], T]) -> T:
        """``op`` on a fresh, prepared connection, all of it tried again when the database was
        busy (see the module's text); HistoryError if it cannot be done."""
        for attempt in range(BUSY_RETRIES + 1):
            self._created = False
            con = self._open()
            try:
                with closing(con):
                    self._prepare(con)
                    return op(con)
            except sqlite3.Error as exc:
                if not _busy(exc):  # busy: another process has the file open, and uses it
                    self._drop_if_empty()
                if not _busy(exc) or attempt == BUSY_RETRIES:
                    raise self._unusable(exc) from None
            time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    def _drop_if_empty(self) -> None:
        """A database this call created and could not write is removed (not left at 0 bytes,
        where the next run would take it for an empty history). Never one another process
        has begun to write (its journal or WAL is there): the file it has open would be
        unlinked under it, its game lost and its next write a "disk I/O error" (the cause of
        the two-process test's rare failure)."""
        if not self._created:
            return
        try:
            if os.lstat(self.path).st_size == 0 and not any(
                os.path.lexists(f"{self.path}{suffix}") for suffix in ("-wal", "-journal")
            ):
                for suffix in ("", "-wal", "-shm", "-journal"):
                    with suppress(FileNotFoundError):
                        os.unlink(f"{self.path}{suffix}")
        except OSError:
            pass

    @staticmethod
    def _migrate(con: sqlite3.Connection) -> bool:
        """Bring the schema to :data:`SCHEMA_VERSION`; True if a migration ran."""
        if _check_version(con) == SCHEMA_VERSION:
            return False
        con.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while this one waited for the lock.
            version = con.execute("PRAGMA user_version").fetchone()[0]
            for v in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[v].split(";"):
                    if statement.strip():
                        con.execute(statement)
            con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            con.execute("COMMIT")
        except BaseException:
            _rollback(con)
            raise
        return True

    def _import_records(self, con: sqlite3.Connection) -> int:
        """Add the JSON records under ``games/`` that no earlier call looked at; returns how
        many games were added. A database busy or read-only now leaves them for a later call."""
        folder = self.path.parent / "games"
        try:
            names = {e.name for e in os.scandir(folder)
                     if e.name.endswith(".json") and not e.name.startswith(".")}
        except OSError:
            return 0
        try:
            names -= {str(r[0]) for r in con.execute("SELECT name FROM files_seen")}
        except sqlite3.Error:
            return 0
        if not names:
            return 0
        count = 0
        con.execute("PRAGMA busy_timeout = 0")  # busy now: left for a later call, no waiting
        try:
            con.execute("BEGIN IMMEDIATE")
            con.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            try:
                for name in sorted(names):
                    path = folder / name
                    try:
                        record = read_record(path)
                        finished = time.strftime(
                            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(path.stat().st_mtime)
                        )
                    except CorruptFileError:
                        record = None  # not a usable record: left out, and left alone
                    except OSError:
                        continue  # perhaps readable later
                    if record is not None and record.outcome is not None:
                        count += _insert(con, record, finished, None, name)
                    con.execute("INSERT OR IGNORE INTO files_seen (name) VALUES (?)", (name,))
                con.execute("COMMIT")
            except BaseException:
                _rollback(con)
                raise
        except sqlite3.Error:
            return 0
        finally:
            con.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        return count

    # -- writing --------------------------------------------------------------------------------
    def add(self, record: GameRecord, duration: float | None = None,
            source: str | None = None, finished_at: str | None = None,
            keys: Sequence[str | None] | None = None,
            then: Callable[[sqlite3.Connection, int], None] | None = None) -> int:
        """Store a finished game; returns its id. ``source`` (the kept JSON file's name) keeps a
        later import from adding it twice. ``keys``: each seat's login key (None: an AI or
        unknown), kept in ``seat_keys``; ``then(connection, id)`` runs in the same transaction
        (the server's ratings). HistoryError if the database cannot be written."""
        def op(con: sqlite3.Connection) -> int:
            con.execute("BEGIN IMMEDIATE")
            try:
                if _insert(con, record, finished_at or _now(), duration, source):
                    row = con.execute("SELECT last_insert_rowid()").fetchone()
                else:  # stored already (imported from its file, or added before): complete it
                    key = record_key(_record_text(record))
                    con.execute(
                        "UPDATE games SET duration = coalesce(duration, ?),"
                        " source = coalesce(source, ?) WHERE game_key = ?",
                        (duration, source, key))
                    row = con.execute("SELECT id FROM games WHERE game_key = ? OR source = ?",
                                      (key, source)).fetchone()
                if source is not None:
                    con.execute("INSERT OR IGNORE INTO files_seen (name) VALUES (?)", (source,))
                game_id = int(row[0])
                for seat, login in enumerate(keys or ()):
                    if login is not None:
                        con.execute("INSERT OR IGNORE INTO seat_keys (game_id, seat, key)"
                                    " VALUES (?, ?, ?)", (game_id, seat, login))
                if then is not None:
                    then(con, game_id)
                con.execute("COMMIT")
            except BaseException:
                _rollback(con)
                raise
            return game_id

        return self._run(op)

    def set_aside(self, source: str) -> None:
        """Mark the kept record ``source`` (a file under ``games/``) as seen without adding its
        game: a game kept out of the history (a piped one) is not imported later either.
        HistoryError if the database cannot be written."""
        def op(con: sqlite3.Connection) -> None:
            con.execute("INSERT OR IGNORE INTO files_seen (name) VALUES (?)", (source,))

        synced, self._synced = self._synced, True  # the import on opening would add that file
        try:
            self._run(op)
        finally:
            self._synced = synced

    def delete(self, game_id: int) -> bool:
        """Remove game ``game_id`` from the history (its kept record file stays, and is not
        imported again); False when there is no such game. HistoryError if it cannot be done."""
        def op(con: sqlite3.Connection) -> bool:
            con.execute("BEGIN IMMEDIATE")
            try:
                row = con.execute("SELECT source FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is not None:
                    if row[0] is not None:
                        con.execute(
                            "INSERT OR IGNORE INTO files_seen (name) VALUES (?)", (row[0],)
                        )
                    con.execute("DELETE FROM games WHERE id = ?", (game_id,))
                    for table in ("seat_keys", "rated", "rating_steps"):  # its keys, ratings
                        con.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
                con.execute("COMMIT")
            except BaseException:
                _rollback(con)
                raise
            return row is not None

        return self._run(op)

    def write(self, op: Callable[[sqlite3.Connection], T]) -> T:
        """``op`` in one write transaction (all of it or nothing); HistoryError if the
        database cannot be written."""
        def inside(con: sqlite3.Connection) -> T:
            con.execute("BEGIN IMMEDIATE")
            try:
                result = op(con)
                con.execute("COMMIT")
            except BaseException:
                _rollback(con)
                raise
            return result

        return self._run(inside)

    def read(self, op: Callable[[sqlite3.Connection], T]) -> T:
        """``op`` on a connection to the database (what it reads is data from a file: check
        it); HistoryError if the database cannot be used."""
        return self._run(op)

    # -- reading --------------------------------------------------------------------------------
    def games(
        self,
        level: str | None = None,
        rules: str | None = None,
        result: str | None = None,
        limit: int | None = None,
        player: str | None = None,
        records: bool = True,
    ) -> list[GameRow]:
        """Finished games, newest first. ``level``: an AI level, or ``human`` for hot-seat;
        ``rules``: a preset or full rules text; ``result``: ``win``/``loss``/``draw`` for a human
        seat (``player`` picks one by name). ``records=False`` leaves the records out (faster)."""
        where: list[str] = []
        args: list[Any] = []
        if level is not None:
            if level == "human":
                where.append(" AND ".join(f"coalesce({controller_sql(s)}, 'human') = 'human'"
                                          for s in range(MAX_SEATS)))
            else:
                where.append(any_seat(lambda s: f"{controller_sql(s)} = ?"))
                args += [f"ai:{level}"] * MAX_SEATS
        if rules is not None:
            where.append("(rules = ? OR preset = ?)")
            args += [rules, rules]
        if result is not None and result not in ("win", "loss", "draw"):
            raise ValueError(f"result must be win, loss or draw, not {result!r}")
        if player is not None or result is not None:
            where.append(result_sql(result, player))
            if player is not None:
                args += [player] * MAX_SEATS
        columns = COLUMNS if records else COLUMNS.replace("record", "''")
        sql = f"SELECT {columns} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY finished_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(max(0, min(int(limit), MAX_SQL_INT)))
        rows = self._run(lambda con: con.execute(sql, args).fetchall())
        return self._valid(rows)

    def game(self, game_id: int) -> GameRow | None:
        """One game by id, or None (also for a number no row can have, or a row that does not
        fit: :attr:`problems` says why)."""
        if not 0 < game_id <= MAX_SQL_INT:
            return None
        r = self._run(lambda con: con.execute(
            f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone())
        rows = self._valid([] if r is None else [r])
        return rows[0] if rows else None

    def _valid(self, rows: Sequence[Sequence[Any]]) -> list[GameRow]:
        """The rows that fit (:func:`game_row`); one line in :attr:`problems` per row skipped."""
        out = []
        for r in rows:
            try:
                out.append(game_row(r))
            except ValueError as exc:
                self.problems.append(
                    f"the game history {shown_path(self.path)}: skipped a stored game that "
                    f"does not fit ({exc})"
                )
        return out

    def all_games(self) -> list[GameRow]:
        """Every game without its record, oldest first (for the statistics)."""
        return list(reversed(self.games(records=False)))

    # -- saved reviews ----------------------------------------------------------------------------
    def save_review(self, game_key: str, budget: str, data: str) -> None:
        """Keep a review (JSON text) of the game ``game_key`` made with ``budget``, replacing an
        older one with the same budget. HistoryError if the database cannot be written."""
        self._run(lambda con: con.execute(
            "INSERT OR REPLACE INTO reviews (game_key, budget, created, data)"
            " VALUES (?, ?, ?, ?)",
            (game_key, budget, _now(), data),
        ))

    def reviews(self, game_key: str) -> list[tuple[str, str]]:
        """The saved reviews of ``game_key`` as ``(budget, data)``, newest first."""
        rows = self._run(lambda con: con.execute(
            "SELECT budget, data FROM reviews WHERE game_key = ?"
            " ORDER BY created DESC, rowid DESC",
            (game_key,),
        ).fetchall())
        return [(b, d) for b, d in rows if isinstance(b, str) and isinstance(d, str)]


def _busy(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says only that another connection had the database at that moment."""
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _rollback(con: sqlite3.Connection) -> None:
    """Undo the open transaction, if SQLite has not already (a failed write ends it, and a
    ROLLBACK then would replace the real error with "no transaction is active")."""
    if con.in_transaction:
        with suppress(sqlite3.Error):
            con.execute("ROLLBACK")


def _write_failure(path: Path, text: str) -> str:
    """A failed write's reason, naming the file size limit (``ulimit -f``) when one is set:
    SQLite only says "disk I/O error"."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    except (ImportError, OSError, ValueError):
        return text
    if soft != resource.RLIM_INFINITY:
        return f"File too large: the file size limit (ulimit -f) is {soft:,} bytes"
    return "disk full or an I/O error" if "full" in text else text


def _check_version(con: sqlite3.Connection) -> int:
    """The schema version; DatabaseError if it is newer than this program knows."""
    version = int(con.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(
            f"schema version {version} is newer than this program's ({SCHEMA_VERSION})"
        )
    return version


def _record_text(record: GameRecord) -> str:
    """A record as the history stores it (no ``session`` block, compact JSON)."""
    return json.dumps(record.public_json(), separators=(",", ":"))


def _more_seats(record: GameRecord) -> str:
    """Seats 2 and 3 of a game of three or four, as the ``more_seats`` column holds them."""
    more = list(zip(record.players[2:], record.controllers[2:], strict=True))
    return json.dumps(more, separators=(",", ":")) if more else ""


def _insert(con: sqlite3.Connection, record: GameRecord, finished_at: str,
            duration: float | None, source: str | None) -> int:
    """Insert one game (inside the caller's transaction); 0 if it (or ``source``) was already
    stored."""
    text = _record_text(record)
    preset, variants = split_rules(record.rules)
    cur = con.execute(
        "INSERT OR IGNORE INTO games (finished_at, rules, preset, variants, seed, player0, player1,"
        " controller0, controller1, outcome, reason, moves, duration, source, record, game_key,"
        " more_seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            finished_at,
            record.rules,
            preset,
            variants,
            record.seed,
            record.players[0],
            record.players[1],
            record.controllers[0],
            record.controllers[1],
            record.outcome,
            record.reason,
            len(record.moves),
            duration,
            source,
            text,
            record_key(text),
            _more_seats(record),
        ),
    )
    return cur.rowcount


def leave_out(record: GameRecord, duration: float | None = None,
              source: str | None = None) -> tuple[int | None, str | None]:
    """Keep a finished game out of the history (``record_finished``'s stand-in for a piped game):
    its kept record file is set aside so no later import adds it. (None, None), or (None, a
    message) when the file could not be set aside. Never raises."""
    if source is None:
        return None, None
    try:
        History().set_aside(source)
    except HistoryError as exc:
        return None, f"The history could not set this game aside: {exc}."
    except Exception as exc:  # noqa: BLE001 - the game must go on whatever the database does
        return None, f"The history could not set this game aside: {safe_repr(str(exc), 120)[1:-1]}."
    return None, None


def record_finished(record: GameRecord, duration: float | None = None,
                    source: str | None = None) -> tuple[int | None, str | None]:
    """Store a finished game in the history: (its id, None), or (None, a message saying why it
    could not be stored). The game goes on either way: this never raises."""
    later = (" The kept record is added to it the next time the history is opened."
             if source is not None else "")
    try:
        return History().add(record, duration, source), None
    except HistoryError as exc:
        return None, f"Not recorded in the history: {exc}.{later}"
    except Exception as exc:  # noqa: BLE001 - the game must go on whatever the database does
        return None, f"Not recorded in the history: {safe_repr(str(exc), 120)[1:-1]}.{later}"
