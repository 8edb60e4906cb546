"""The game history: every finished game in one SQLite database (``data_dir()/history.db``).

The database uses the standard library's ``sqlite3`` in WAL mode (readers never wait for a
writer), its schema is versioned with ``PRAGMA user_version`` and upgraded by :data:`MIGRATIONS`
in one transaction, and writers wait at most :data:`BUSY_MS` for a lock; an operation that still
finds the database busy is tried again from the start, up to :data:`BUSY_RETRIES` times (SQLite
can say "locked" without waiting: while another process's last connection tidies the WAL files on
closing, say). Recording a game never
raises: a database that cannot be opened or written gives a :class:`HistoryError` message the game
shows, and the file is left as it is for inspection.

The first time the database is created, the JSON records already kept under ``games/`` are
imported (once: the ``imported`` key of the ``meta`` table says it happened).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cuttle.files.storage import CorruptFileError, GameRecord, data_dir, read_record

T = TypeVar("T")

DB_NAME = "history.db"
BUSY_MS = 3000
BUSY_RETRIES = 3
SCHEMA_VERSION = 3

#: ``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1``.
MIGRATIONS: tuple[str, ...] = (
    # 1: the games and a key/value table.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        finished_at TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed INTEGER NOT NULL,
        player0 TEXT NOT NULL,
        player1 TEXT NOT NULL,
        controller0 TEXT NOT NULL,
        controller1 TEXT NOT NULL,
        outcome TEXT,
        reason TEXT,
        moves INTEGER NOT NULL,
        record TEXT NOT NULL
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 2: the preset and variants apart (for filters), the duration, where an imported game came
    # from (so a record is imported once), an index for the newest-first listings.
    """
    ALTER TABLE games ADD COLUMN preset TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN variants TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN duration REAL;
    ALTER TABLE games ADD COLUMN source TEXT;
    UPDATE games SET preset = substr(rules, 1, instr(rules || '+', '+') - 1),
                     variants = substr(rules, instr(rules || '+', '+') + 1);
    CREATE UNIQUE INDEX games_source ON games(source) WHERE source IS NOT NULL;
    CREATE INDEX games_finished ON games(finished_at);
    """,
    # 3: saved game reviews (the analysis of ``cuttle review`` or of the game-over screen), by
    # the game they judge (a hash of rules, seed and moves) and the budget they were made with.
    """
    CREATE TABLE reviews (
        game_key TEXT NOT NULL,
        budget TEXT NOT NULL,
        created TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game_key, budget)
    );
    """,
)

COLUMNS = (
    "id, finished_at, rules, preset, variants, seed, player0, player1, controller0, controller1, "
    "outcome, reason, moves, duration, record"
)


class HistoryError(Exception):
    """The history database cannot be used; the message names the file and says what to do."""


@dataclass(frozen=True)
class GameRow:
    """One finished game as stored."""

    id: int
    finished_at: str
    rules: str
    preset: str
    variants: str
    seed: int
    players: tuple[str, str]
    controllers: tuple[str, str]
    outcome: str | None
    reason: str | None
    moves: int
    duration: float | None
    record_json: str

    def record(self) -> GameRecord:
        """The stored record, validated like any file (CorruptFileError if it is not usable)."""
        try:
            data = json.loads(self.record_json)
        except json.JSONDecodeError as exc:
            raise CorruptFileError(
                f"game {self.id} in the history: not valid JSON ({exc})"
            ) from None
        return GameRecord.from_json(data, f"game {self.id} in the history")

    def level(self, seat: int) -> str | None:
        """The AI level at ``seat``, or None for a human."""
        c = self.controllers[seat]
        return c.split(":", 1)[1] if c.startswith("ai:") else None


def db_path() -> Path:
    """Where the history lives: ``$XDG_DATA_HOME/cuttle/history.db``."""
    return data_dir() / DB_NAME


def split_rules(rules: str) -> tuple[str, str]:
    """``"classic+joker+nine-freeze"`` -> ``("classic", "joker+nine-freeze")``."""
    preset, _, variants = rules.partition("+")
    return preset, variants


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class History:
    """The history database at ``path`` (default :func:`db_path`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or db_path()

    def _unusable(self, exc: BaseException) -> HistoryError:
        return HistoryError(
            f"the game history {self.path} cannot be used ({exc}); the file was left as it is "
            "for inspection (move it away and a new history starts)"
        )

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """An open, migrated connection; HistoryError if the database is not usable."""
        con = self._open()
        with closing(con):
            try:
                self._prepare(con)
            except sqlite3.Error as exc:
                raise self._unusable(exc) from None
            yield con

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise self._unusable(exc) from None

    def _prepare(self, con: sqlite3.Connection) -> None:
        """Set the connection up: lock wait, version check, WAL, migrations, first import."""
        con.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        _check_version(con)  # before anything is written to a file from elsewhere
        if con.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            con.execute("PRAGMA journal_mode = WAL")
        if self._migrate(con):
            self._import_records(con)

    def _run(self, op: Callable[[sqlite3.Connection], T]) -> T:
        """``op`` on a fresh, prepared connection, all of it tried again when the database was
        busy (see the module's text); HistoryError if it cannot be done."""
        for attempt in range(BUSY_RETRIES + 1):
            con = self._open()
            try:
                with closing(con):
                    self._prepare(con)
                    return op(con)
            except sqlite3.Error as exc:
                if not _busy(exc) or attempt == BUSY_RETRIES:
                    raise self._unusable(exc) from None
            time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

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
            con.execute("ROLLBACK")
            raise
        return True

    def _import_records(self, con: sqlite3.Connection) -> int:
        """Import the JSON records under ``games/`` (once per database); returns how many."""
        folder = self.path.parent / "games"
        count = 0
        con.execute("BEGIN IMMEDIATE")
        try:
            done = con.execute("SELECT value FROM meta WHERE key = 'imported'").fetchone()
            if done is None:
                files = sorted(folder.glob("*.json")) if folder.is_dir() else []
                for path in files:
                    try:
                        record = read_record(path)
                        finished = time.strftime(
                            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(path.stat().st_mtime)
                        )
                    except (CorruptFileError, OSError):
                        continue  # not a usable record: left out, and left alone
                    if record.outcome is None:
                        continue
                    count += _insert(con, record, finished, None, path.name)
                con.execute(
                    "INSERT INTO meta (key, value) VALUES ('imported', ?)",
                    (f"{count} records on {_now()}",),
                )
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        return count

    # -- writing --------------------------------------------------------------------------------
    def add(self, record: GameRecord, duration: float | None = None,
            source: str | None = None, finished_at: str | None = None) -> int:
        """Store a finished game; returns its id. ``source`` (the kept JSON file's name) keeps a
        later import from adding it twice. HistoryError if the database cannot be written."""
        def op(con: sqlite3.Connection) -> int:
            con.execute("BEGIN IMMEDIATE")
            try:
                if _insert(con, record, finished_at or _now(), duration, source):
                    row = con.execute("SELECT last_insert_rowid()").fetchone()
                else:  # imported from its JSON file a moment ago: add what the file lacks
                    con.execute("UPDATE games SET duration = ? WHERE source = ?",
                                (duration, source))
                    row = con.execute("SELECT id FROM games WHERE source = ?",
                                      (source,)).fetchone()
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
            return int(row[0])

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
                where.append("controller0 = 'human' AND controller1 = 'human'")
            else:
                where.append("(controller0 = ? OR controller1 = ?)")
                args += [f"ai:{level}", f"ai:{level}"]
        if rules is not None:
            where.append("(rules = ? OR preset = ?)")
            args += [rules, rules]
        if player is not None:
            where.append(
                "((player0 = ? AND controller0 = 'human') OR "
                "(player1 = ? AND controller1 = 'human'))"
            )
            args += [player, player]
        if result is not None:
            if result not in ("win", "loss", "draw"):
                raise ValueError(f"result must be win, loss or draw, not {result!r}")
            where.append(_result_sql(result, player))
            if player is not None:
                args += [player, player]
        columns = COLUMNS if records else COLUMNS.replace("record", "''")
        sql = f"SELECT {columns} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY finished_at DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(int(limit))
        rows = self._run(lambda con: con.execute(sql, args).fetchall())
        return [_row(r) for r in rows]

    def game(self, game_id: int) -> GameRow | None:
        """One game by id, or None."""
        r = self._run(lambda con: con.execute(
            f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone())
        return None if r is None else _row(r)

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
        return [(str(b), str(d)) for b, d in rows]


def _busy(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says only that another connection had the database at that moment."""
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _check_version(con: sqlite3.Connection) -> int:
    """The schema version; DatabaseError if it is newer than this program knows."""
    version = int(con.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(
            f"schema version {version} is newer than this program's ({SCHEMA_VERSION})"
        )
    return version


def _result_sql(result: str, player: str | None) -> str:
    """SQL for games a human seat (named ``player`` if given) won, lost or drew."""
    if result == "draw":
        return "outcome = 'draw'"
    mine = "p0" if result == "win" else "p1"
    theirs = "p1" if result == "win" else "p0"
    if player is None:
        return (
            f"((controller0 = 'human' AND outcome = '{mine}') OR "
            f"(controller1 = 'human' AND outcome = '{theirs}'))"
        )
    return (
        f"((player0 = ? AND controller0 = 'human' AND outcome = '{mine}') OR "
        f"(player1 = ? AND controller1 = 'human' AND outcome = '{theirs}'))"
    )


def _insert(con: sqlite3.Connection, record: GameRecord, finished_at: str,
            duration: float | None, source: str | None) -> int:
    """Insert one game (inside the caller's transaction); 0 if ``source`` was already stored."""
    data = record.to_json()
    data.pop("session", None)
    preset, variants = split_rules(record.rules)
    cur = con.execute(
        "INSERT OR IGNORE INTO games (finished_at, rules, preset, variants, seed, player0, player1,"
        " controller0, controller1, outcome, reason, moves, duration, source, record)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            json.dumps(data, separators=(",", ":")),
        ),
    )
    return cur.rowcount


def _row(r: Sequence[Any]) -> GameRow:
    return GameRow(
        id=int(r[0]),
        finished_at=str(r[1]),
        rules=str(r[2]),
        preset=str(r[3]),
        variants=str(r[4]),
        seed=int(r[5]),
        players=(str(r[6]), str(r[7])),
        controllers=(str(r[8]), str(r[9])),
        outcome=r[10],
        reason=r[11],
        moves=int(r[12]),
        duration=None if r[13] is None else float(r[13]),
        record_json=str(r[14]),
    )


def record_finished(record: GameRecord, duration: float | None = None,
                    source: str | None = None) -> tuple[int | None, str | None]:
    """Store a finished game in the history: (its id, None), or (None, a message saying why it
    could not be stored). The game goes on either way: this never raises."""
    try:
        return History().add(record, duration, source), None
    except HistoryError as exc:
        return None, f"Not recorded in the history: {exc}."
    except Exception as exc:  # noqa: BLE001 - the game must go on whatever the database does
        return None, f"Not recorded in the history {db_path()}: {exc}."
