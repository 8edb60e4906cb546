"""The history database as data from a stranger: rows checked like records, a private file never
reached through a link, each game stored once, honest messages (issue 25 items 3, 4, 8, 9, 12,
15, 17)."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, cli_env

from cuttle.cli import main
from cuttle.files.history import MIGRATIONS, History, HistoryError, record_finished
from cuttle.files.reviews import game_key, load_review
from cuttle.files.storage import GameRecord, data_dir, keep_finished


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def rec(seed: int = 1, players: tuple[str, str] = ("Ann", "Bot")) -> GameRecord:
    return GameRecord("classic", seed, list(players), ["draw"], "p0", "concession",
                      ["human", "ai:hard"])


INSERT = (
    "INSERT INTO games (finished_at, rules, preset, variants, seed, player0, player1,"
    " controller0, controller1, outcome, reason, moves, duration, record)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
GOOD = ["2026-01-01T00:00:00Z", "classic", "classic", "", 5, "Cy", "Bot", "human", "ai:hard",
        "p0", None, 1, None, json.dumps(rec(5).public_json())]


def bad_row(column: int, value: object) -> list[object]:
    row = list(GOOD)
    row[column] = value
    return row


BAD_ROWS = [
    bad_row(4, "x"),  # seed not an int
    bad_row(11, "many"),  # moves not an int
    bad_row(12, "slow"),  # duration not a number
    bad_row(9, "p9"),  # outcome
    bad_row(9, "x"),
    bad_row(5, "\x1b]0;PWNED\x07\x1b[2J"),  # sets the window title, clears the screen
    bad_row(1, "classic\x1b[5m"),  # rules that blink
]


def hostile_history() -> History:
    h = History()
    h.add(rec(1))
    with sqlite3.connect(h.path) as con:
        for row in BAD_ROWS:
            con.execute(INSERT, row)
        con.execute(INSERT, bad_row(13, "[" * 100_000 + "]" * 100_000))  # the record
        con.execute(INSERT, bad_row(6, b"\xff\xfeBot"))  # not text
    con.close()
    return h


def test_rows_that_do_not_fit_are_skipped_with_one_line_naming_the_database() -> None:
    h = hostile_history()
    rows = h.games()
    assert sorted(r.id for r in rows) == [1, 2 + len(BAD_ROWS)]  # the good and the deep record
    assert len(h.problems) == len(BAD_ROWS) + 1
    assert all(str(h.path) in p and "\n" not in p and "\x1b" not in p for p in h.problems)
    deep = h.game(2 + len(BAD_ROWS))
    assert deep is not None
    with pytest.raises(Exception, match="nested more than"):
        deep.record()


@pytest.mark.parametrize("command", [["history"], ["stats"], ["review", "3"], ["replay", "3"],
                                     ["review", "9"], ["replay", "9"]])
def test_commands_on_hostile_rows_say_one_line_each_and_leak_no_escape(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    hostile_history()
    status = main(command)
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "Traceback" not in err
    assert status in (0, 2)
    if command[0] in ("review", "replay"):
        assert status == 2 and err.strip().splitlines()[-1].startswith("cuttle: ")


def test_game_numbers_beyond_sqlite_and_non_ascii_digits_are_no_game(
    capsys: pytest.CaptureFixture[str]
) -> None:
    History().add(rec(1))
    huge = "9" * 30
    for command in (["review", huge], ["replay", huge]):
        assert main(command) == 2
        assert f"no game {huge} in the history" in capsys.readouterr().err
    assert main(["review", "²"]) == 2
    assert "invalid literal" not in capsys.readouterr().err
    assert main(["history", "--limit", huge]) == 0
    assert "Ann" in capsys.readouterr().out
    assert History().game(10**30) is None


def test_a_saved_review_with_a_huge_budget_is_no_review() -> None:
    h = History()
    h.add(rec(1))
    row = {"ply": 0, "player": 0, "move": "draw", "best": "draw", "label": "best",
           "win_before": 0.5, "win_after": 0.5}
    data = json.dumps({"moves": [row], "summary": {"budget": {"think": int("9" * 400)}}})
    h.save_review(game_key(rec(1)), "think:1", data)
    assert load_review(rec(1)) is None


def test_a_symlinked_database_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE mine (x)")
    con.close()
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    folder = data_dir()
    folder.mkdir(parents=True)
    for target in (other, empty):
        before = target.read_bytes()
        link = folder / "history.db"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        game_id, problem = record_finished(rec(1))
        assert game_id is None and problem is not None and "symbolic link" in problem
        with pytest.raises(HistoryError, match="symbolic link"):
            History().games()
        assert target.read_bytes() == before


def test_the_database_is_private_in_a_private_folder(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        History().add(rec(1))
    finally:
        os.umask(old)
    path = data_dir() / "history.db"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(data_dir().stat().st_mode) == 0o700
    path.chmod(0o644)  # an older version's file is tightened
    History().games()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_each_game_is_stored_once_and_older_duplicates_are_merged(tmp_path: Path) -> None:
    h = History()
    first = h.add(rec(1), duration=3.0)
    assert h.add(rec(1)) == first
    assert h.add(rec(1), source="kept.json") == first
    assert [r.id for r in h.games()] == [first]
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as con:
        for script in MIGRATIONS[:3]:
            con.executescript(script)
        con.execute("PRAGMA user_version = 3")
        for _ in range(3):
            con.execute(INSERT, GOOD)
    con.close()
    assert len(History(old).games()) == 1


def test_a_record_kept_while_the_database_was_busy_is_added_at_the_next_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cuttle.files.history as history

    History().add(rec(1))
    monkeypatch.setattr(history, "BUSY_MS", 20)
    monkeypatch.setattr(history, "BUSY_RETRIES", 0)
    holder = sqlite3.connect(data_dir() / "history.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        kept = keep_finished(rec(2))
        game_id, problem = record_finished(rec(2), 1.0, kept.name)
    finally:
        holder.rollback()
        holder.close()
    assert game_id is None and problem is not None
    assert "is busy" in problem and "move it away" not in problem
    assert "added to it the next time" in problem
    assert sorted(r.seed for r in History().games()) == [1, 2]


def test_a_read_only_database_is_not_called_unusable() -> None:
    h = History()
    readonly = h._unusable(sqlite3.OperationalError("attempt to write a readonly database"))
    assert "read-only" in str(readonly) and "move it away" not in str(readonly)
    corrupt = h._unusable(sqlite3.DatabaseError("file is not a database"))
    assert "move it away" in str(corrupt)


FILE_LIMIT = """
import resource, sys
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
from cuttle.files.history import record_finished
from cuttle.files.storage import GameRecord
r = GameRecord("classic", 1, ["Ann", "Bot"], ["draw"] * 2000, "p0", "concession",
               ["human", "ai:hard"])
print(record_finished(r)[1])
"""


def test_a_file_size_limit_is_named_and_leaves_no_empty_database(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", FILE_LIMIT], env=cli_env(tmp_path), cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert "File too large" in out.stdout, out.stdout + out.stderr
    assert "no transaction is active" not in out.stdout
    db = tmp_path / "data" / "cuttle" / "history.db"
    assert not db.exists() or db.stat().st_size > 0
