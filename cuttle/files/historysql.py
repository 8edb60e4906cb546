"""The history database's SQL: its schema, version by version (:data:`MIGRATIONS`), and the
filters of ``History.games`` over every seat of a game (seats 0 and 1 are columns of their
own, seats 2 and 3 of a game of three or four are in the JSON of ``more_seats``).
"""

from __future__ import annotations

from collections.abc import Callable

SCHEMA_VERSION = 6
MAX_SEATS = 4  # the most seats a game has (cutthroat: 3, teams: 4)

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
    # 4: each game once (a game whose record could not be kept was added again at every
    # resume), and the kept records' file names looked at (so one kept while the database was
    # busy is added later).
    """
    ALTER TABLE games ADD COLUMN game_key TEXT;
    UPDATE games SET game_key = cuttle_game_key(record);
    DELETE FROM games WHERE id NOT IN (SELECT MIN(id) FROM games GROUP BY game_key);
    CREATE UNIQUE INDEX games_game ON games(game_key) WHERE game_key IS NOT NULL;
    CREATE TABLE files_seen (name TEXT PRIMARY KEY);
    INSERT OR IGNORE INTO files_seen SELECT source FROM games WHERE source IS NOT NULL;
    """,
    # 5: the seats after the second of a game of three or four (``[[name, controller], ...]``
    # as JSON; empty for two players), so a listing names every player without its record.
    """
    ALTER TABLE games ADD COLUMN more_seats TEXT NOT NULL DEFAULT '';
    """,
    # 6: who sat where by login key (the server's games: ``seat_keys``), and the server's
    # ratings made from them (``cuttle/serve/ratings.py``): each key's rating, each game's
    # decision (rated or why not) and each rated person's rating after it.
    """
    CREATE TABLE seat_keys (
        game_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seat_keys_key ON seat_keys(key, game_id);
    CREATE TABLE ratings (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL
    );
    CREATE TABLE rated (
        game_id INTEGER PRIMARY KEY,
        counted INTEGER NOT NULL,
        why TEXT NOT NULL,
        people TEXT NOT NULL,
        day TEXT NOT NULL
    );
    CREATE INDEX rated_people ON rated(people, day);
    CREATE TABLE rating_steps (
        game_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        place INTEGER NOT NULL,
        before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        PRIMARY KEY (game_id, key)
    );
    """,
)


def name_sql(seat: int) -> str:
    """SQL for the name at ``seat`` (NULL where the game has no such seat, or its
    ``more_seats`` is not JSON: that row is skipped when read, see ``gamerows``)."""
    return f"player{seat}" if seat < 2 else _more_seat(seat, 0)


def controller_sql(seat: int) -> str:
    """SQL for the controller at ``seat`` (``human`` or ``ai:LEVEL``; NULL as ``name_sql``)."""
    return f"controller{seat}" if seat < 2 else _more_seat(seat, 1)


def _more_seat(seat: int, field: int) -> str:
    """SQL for the name (``field`` 0) or controller (1) of seat 2 or 3 in ``more_seats``."""
    return (f"(CASE WHEN json_valid(more_seats) THEN json_extract(more_seats, "
            f"'$[{seat - 2}][{field}]') END)")


def any_seat(condition: Callable[[int], str]) -> str:
    """SQL true when ``condition`` holds at one of the seats (0 to 3)."""
    return "(" + " OR ".join(f"({condition(seat)})" for seat in range(MAX_SEATS)) + ")"


def _seat_result(result: str | None, seat: int) -> str:
    """SQL for ``seat`` winning (``p{seat}``, or its team: seats 0 and 2 are ``team0``),
    losing (another seat or team won) or drawing; TRUE for any result (None)."""
    won = f"outcome IN ('p{seat}', 'team{seat % 2}')"
    if result == "win":
        return won
    if result == "loss":
        return f"outcome IS NOT NULL AND outcome != 'draw' AND NOT {won}"
    if result == "draw":
        return "outcome = 'draw'"
    return "1"


def result_sql(result: str | None, player: str | None) -> str:
    """SQL for games where a human seat (named ``player`` if given: one ``?`` a seat) won,
    lost or drew (``result``; None: any result), whichever of the seats it sat at."""
    def seat(s: int) -> str:
        named = f"{name_sql(s)} = ? AND " if player is not None else ""
        return f"{named}{controller_sql(s)} = 'human' AND {_seat_result(result, s)}"

    return any_seat(seat)
