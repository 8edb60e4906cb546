"""The SQLite game history (cuttle/files/history.py), ``cuttle history`` and ``cuttle stats``."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from io import StringIO
from pathlib import Path

import pytest
from helpers import ROOT, cli_env
from rich.console import Console

from cuttle import Game
from cuttle.ai.arena import wilson
from cuttle.cli import main
from cuttle.files.history import (
    MIGRATIONS,
    SCHEMA_VERSION,
    History,
    HistoryError,
    db_path,
    record_finished,
)
from cuttle.files.stats import LEVEL_RATINGS, compute, expected, fit_rating
from cuttle.files.storage import GameRecord, data_dir, keep_finished
from cuttle.play.session import GameSession, Options, Seat
from cuttle.ui.terminal import PlainIO


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def rec(outcome: str | None = "p0", players: tuple[str, str] = ("You", "AI (medium)"),
        controllers: tuple[str, str] = ("human", "ai:medium"), rules: str = "classic",
        seed: int = 1) -> GameRecord:
    return GameRecord(rules, seed, list(players), ["draw", "draw"], outcome,
                      "points" if outcome in ("p0", "p1") else "stalemate", list(controllers))


def test_a_new_database_from_nothing_and_from_an_empty_file(tmp_path: Path) -> None:
    for path in (tmp_path / "a" / "history.db", tmp_path / "empty.db"):
        if path.name == "empty.db":
            path.write_bytes(b"")
        h = History(path)
        game_id = h.add(rec(rules="classic+joker"), duration=12.5)
        row = h.game(game_id)
        assert row is not None
        assert (row.preset, row.variants, row.duration, row.moves) == ("classic", "joker", 12.5, 2)
        assert row.record().to_json() == {**rec(rules="classic+joker").to_json()}
        with sqlite3.connect(path) as con:
            assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_migration_from_the_previous_schema_keeps_the_games(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    with sqlite3.connect(path) as con:
        con.executescript(MIGRATIONS[0])
        con.execute("PRAGMA user_version = 1")
        data = json.dumps(rec(rules="cuttlecards+nine-freeze").to_json())
        con.execute(
            "INSERT INTO games (finished_at, rules, seed, player0, player1, controller0,"
            " controller1, outcome, reason, moves, record) VALUES"
            " ('2026-01-02T03:04:05Z', 'cuttlecards+nine-freeze', 1, 'You', 'AI (medium)',"
            " 'human', 'ai:medium', 'p0', 'points', 2, ?)",
            (data,),
        )
    rows = History(path).games()
    assert len(rows) == 1
    assert (rows[0].preset, rows[0].variants) == ("cuttlecards", "nine-freeze")
    assert rows[0].duration is None
    assert History(path).games(rules="cuttlecards")[0].id == rows[0].id
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_newer_schema_is_refused_and_left_alone() -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as con:
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    game_id, message = record_finished(rec())
    assert game_id is None
    assert message is not None and "newer than this program" in message and str(path) in message
    with pytest.raises(HistoryError, match="newer than this program"):
        History(path).games()
    assert path.read_bytes() == before


def test_existing_json_records_are_imported_once() -> None:
    keep_finished(rec(seed=5))
    keep_finished(rec(outcome="p1", seed=6))
    unfinished = data_dir() / "games" / "open.json"
    unfinished.write_text(json.dumps(rec(outcome=None).to_json()))
    (data_dir() / "games" / "junk.json").write_text("{oops")
    h = History()
    assert sorted(r.seed for r in h.games()) == [5, 6]
    keep_finished(rec(seed=7))  # a record kept later is not imported by itself
    assert sorted(r.seed for r in h.games()) == [5, 6]
    assert (data_dir() / "games" / "junk.json").read_text() == "{oops"


def test_a_game_kept_and_recorded_is_not_imported_twice() -> None:
    kept = keep_finished(rec(seed=9))
    game_id, problem = record_finished(rec(seed=9), 3.0, kept.name)  # creates the db: imports
    assert (game_id, problem) == (1, None)
    assert [r.seed for r in History().games()] == [9]


WRITER = """
import sys
from cuttle.files.history import record_finished
from cuttle.files.storage import GameRecord
for i in range(int(sys.argv[2])):
    r = GameRecord("classic", int(sys.argv[1]) * 1000 + i, ["You", "AI (easy)"], ["draw"],
                   "p0", "points", ["human", "ai:easy"])
    _, problem = record_finished(r, 1.0)
    if problem:
        print(problem)
        sys.exit(1)
"""


def test_a_database_busy_for_longer_than_the_lock_wait_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    import cuttle.files.history as history

    path = tmp_path / "h.db"
    h = History(path)
    h.add(rec(seed=1))
    monkeypatch.setattr(history, "BUSY_MS", 20)  # each try waits 20 ms for the lock
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")  # another process writing for a while
    threading.Timer(0.12, holder.rollback).start()
    assert h.add(rec(seed=2)) == 2  # the first tries found it locked; a later one got through
    holder.close()
    assert sorted(r.seed for r in h.games()) == [1, 2]
    monkeypatch.setattr(history, "BUSY_RETRIES", 0)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(HistoryError, match="is busy"):
            h.add(rec(seed=3))  # no second try: the lock is still held
    finally:
        holder.rollback()
        holder.close()
    assert record_finished(rec(seed=4))[1] is None


def test_two_processes_finishing_games_at_once(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(k), "20"], env=env, cwd=ROOT,
                         stdout=subprocess.PIPE, text=True)
        for k in (1, 2)
    ]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    rows = History(tmp_path / "data" / "cuttle" / "history.db").games()
    assert sorted(r.seed for r in rows) == sorted(
        k * 1000 + i for k in (1, 2) for i in range(20)
    )


def finish_a_game() -> str:
    """Play a short hot-seat game to its end through a session; return what it printed."""
    out = StringIO()
    console = Console(file=out, width=100, color_system=None, highlight=False)
    g = Game.new(seed=2)
    moves = ["perm KS", "oneoff 6D", "counter 2C", "counter 2H", "resolve", "points 6H",
             "points 8D", "points 4S", "draw", "draw", "points 9H", "points 3D", "draw"]
    for m in moves:
        g.play(m)
    io = PlainIO(console, StringIO("points TC\n"))
    session = GameSession(2, "classic", (Seat("Ann"), Seat("Bob")), io, Options(), moves=moves)
    assert session.run() == "over"
    return out.getvalue()


def test_every_finished_game_is_recorded() -> None:
    finish_a_game()
    rows = History().games()
    assert len(rows) == 1
    row = rows[0]
    assert (row.players, row.controllers, row.outcome, row.moves) == (
        ("Ann", "Bob"), ("human", "human"), "p0", 14)
    assert row.duration is not None and row.duration >= 0
    assert row.record().moves[-1] == "points TC"


def test_a_corrupt_database_never_stops_a_game() -> None:
    path = db_path()
    path.parent.mkdir(parents=True)
    garbage = b"this is not a database" * 100
    path.write_bytes(garbage)
    out = finish_a_game()
    assert "Ann won" in out or "Ann wins" in out
    assert "Not recorded in the history" in out and str(path) in out
    assert "left as it is" in out
    assert path.read_bytes() == garbage
    assert list((data_dir() / "games").glob("*.json"))  # the JSON record was still kept


def test_an_unwritable_place_gives_a_message(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    game_id, message = record_finished(rec())
    assert game_id is None and message is not None and "history" in message


# -- history command ---------------------------------------------------------------------------
def hand_made_history() -> History:
    """15 games with known results (oldest first)."""
    h = History()
    games = [
        # vs medium, classic: W W L D W  -> 3 wins, 1 loss, 1 draw
        ("p0", ("human", "ai:medium"), "classic"),
        ("p1", ("ai:medium", "human"), "classic"),
        ("p0", ("ai:medium", "human"), "classic"),
        ("draw", ("human", "ai:medium"), "classic"),
        ("p0", ("human", "ai:medium"), "classic"),
        # vs hard, cuttlecards: L L W
        ("p1", ("human", "ai:hard"), "cuttlecards"),
        ("p0", ("ai:hard", "human"), "cuttlecards"),
        ("p1", ("ai:hard", "human"), "cuttlecards"),
        # vs easy, classic+joker: W W W W
        ("p0", ("human", "ai:easy"), "classic+joker"),
        ("p0", ("human", "ai:easy"), "classic+joker"),
        ("p1", ("ai:easy", "human"), "classic+joker"),
        ("p0", ("human", "ai:easy"), "classic+joker"),
    ]
    for i, (outcome, ctl, rules) in enumerate(games):
        names = tuple("You" if c == "human" else f"AI ({c[3:]})" for c in ctl)
        h.add(rec(outcome, names, ctl, rules, seed=i),  # type: ignore[arg-type]
              finished_at=f"2026-01-{i + 1:02d}T10:00:00Z")
    # Hot-seat: Ann beats Bob twice, then a draw.
    for i, outcome in enumerate(("p0", "p1", "draw")):
        players = ("Ann", "Bob") if i != 1 else ("Bob", "Ann")
        h.add(rec("p0" if outcome == "p0" else "p1" if outcome == "p1" else "draw", players,
                  ("human", "human"), "classic", seed=100 + i),
              finished_at=f"2026-02-{i + 1:02d}T10:00:00Z")
    return h


def test_history_filters(capsys: pytest.CaptureFixture[str]) -> None:
    h = hand_made_history()
    assert len(h.games()) == 15
    assert len(h.games(level="medium")) == 5
    assert len(h.games(level="human")) == 3
    assert len(h.games(rules="classic")) == 12  # the preset matches classic+joker too
    assert len(h.games(rules="classic+joker")) == 4
    assert len(h.games(level="medium", result="win")) == 3
    assert len(h.games(level="hard", result="loss")) == 2
    assert len(h.games(result="draw")) == 2
    assert len(h.games(player="Ann", result="win")) == 2  # as seat 0, then as seat 1
    assert len(h.games(player="Bob", result="loss")) == 2
    assert [r.seed for r in h.games(limit=2)] == [102, 101]
    assert main(["history", "--ai", "hard", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("cuttlecards") == 2 and "loss" in out and "win" in out
    assert main(["history", "--json", "--result", "draw"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["outcome"] for r in rows} == {"draw"} and len(rows) == 2
    assert main(["history", "--limit", "0"]) == 2


def test_history_on_a_corrupt_database_says_where(capsys: pytest.CaptureFixture[str]) -> None:
    db_path().parent.mkdir(parents=True)
    db_path().write_bytes(b"garbage" * 50)
    assert main(["history"]) == 1
    err = capsys.readouterr().err
    assert str(db_path()) in err and "left as it is" in err
    assert main(["stats"]) == 1


# -- stats -------------------------------------------------------------------------------------
def test_stats_against_a_hand_made_history(capsys: pytest.CaptureFixture[str]) -> None:
    h = hand_made_history()
    you = compute(h.all_games(), "You")
    assert (you["games"], you["wins"], you["losses"], you["draws"]) == (12, 8, 3, 1)
    medium = you["by_opponent"]["medium"]
    assert (medium["games"], medium["wins"], medium["losses"], medium["draws"]) == (5, 3, 1, 1)
    lo, hi = wilson(3, 5)
    assert medium["by_preset"]["classic"]["ci95"] == [round(lo, 4), round(hi, 4)]
    assert medium["by_preset"]["classic"]["win_rate"] == 0.6
    assert you["by_opponent"]["hard"]["by_preset"]["cuttlecards"]["wins"] == 1
    assert you["by_opponent"]["easy"]["by_preset"]["classic"]["games"] == 4
    # ... W, then L L W against hard and W W W W against easy: five wins in a row.
    assert you["streaks"] == {"current": {"kind": "win", "length": 5}, "best_wins": 5}
    # The rating matches the points scored (plus the prior draw against medium).
    tally = {"medium": (3.5, 5), "hard": (1.0, 3), "easy": (4.0, 4)}
    r = fit_rating(tally)
    assert you["rating"] == round(r)
    points = sum(p for p, _ in tally.values()) + 0.5
    exp = sum(n * expected(r, LEVEL_RATINGS[k]) for k, (_, n) in tally.items())
    assert points == pytest.approx(exp + expected(r, LEVEL_RATINGS["medium"]), abs=1e-3)
    assert len(you["rating_curve"]) == 12 and you["rating_curve"][-1][0] == 12

    everyone = compute(h.all_games())
    assert everyone["games"] == 12 + 6  # each hot-seat game counts for both players
    assert everyone["by_opponent"]["human"]["games"] == 6
    ann = compute(h.all_games(), "Ann")
    assert (ann["games"], ann["wins"], ann["losses"], ann["draws"]) == (3, 2, 0, 1)
    assert ann["rating"] is None  # hot-seat games are not rated
    bob = compute(h.all_games(), "Bob")
    assert (bob["wins"], bob["losses"], bob["draws"]) == (0, 2, 1)

    assert main(["stats", "--json", "--player", "You"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"games", "wins", "losses", "draws", "by_opponent"} <= set(data)
    assert data["wins"] == 8
    assert main(["stats", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "Rating" in out and "streak" in out
    # by default: the player who played the AI (hot-seat names do not mix into the streaks)
    assert out.startswith("You: 12 games, 8 wins, 3 losses, 1 draw (")
    assert main(["stats", "--all", "--no-color"]) == 0
    assert capsys.readouterr().out.startswith("Ann, Bob, You: 18 games")


def test_a_player_even_with_medium_is_rated_as_medium() -> None:
    assert fit_rating({"medium": (10.0, 20)}) == pytest.approx(1000.0, abs=0.01)
    hard = LEVEL_RATINGS["hard"] - 1000  # even with hard: near hard, pulled a little to medium
    assert fit_rating({"hard": (10.0, 20)}) == pytest.approx(1000 + hard * 20 / 21, abs=15)
    assert fit_rating({"random": (40.0, 40)}) < fit_rating({"random": (400.0, 400)})


def test_stats_with_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    assert "No finished games" in capsys.readouterr().out
    assert main(["history"]) == 0
    assert "No finished games" in capsys.readouterr().out


def test_stats_of_games_of_three_and_four_name_the_mode_and_why_they_are_unrated(
        capsys: pytest.CaptureFixture[str]) -> None:
    h = History()
    ais = ["human", "ai:medium", "ai:medium", "ai:medium"]
    h.add(GameRecord("classic+cutthroat", 1, ["You", "AI 1 (medium)", "AI 2 (medium)"],
                     ["concede @0", "points TH", "points TD", "points 5S"], "p1", "points",
                     ais[:3]))
    h.add(GameRecord("classic+teams", 1, ["You", "AI 1 (medium)", "Partner (medium)",
                                          "AI 2 (medium)"], ["concede @0"], "team1",
                     "concession", ais))
    assert main(["stats", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "opponent / mode" in out and "\ncutthroat " in out and "\nteams " in out
    assert "games of three or four seats are not rated" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert main(["history"]) == 0
    assert "loss (3rd of 3)" in capsys.readouterr().out


def test_a_new_database_another_process_writes_is_never_removed_under_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34's rare "disk I/O error" of two processes finishing games at once: the one
    that made the (empty) file found it busy and removed it, and the files the other was
    writing with it; that one's game was lost and its next write failed."""
    import cuttle.files.history as history

    path = tmp_path / "h.db"
    monkeypatch.setattr(history, "BUSY_MS", 20)
    monkeypatch.setattr(history, "BUSY_RETRIES", 0)
    h = History(path)
    opened = h._open
    other: list[sqlite3.Connection] = []

    def open_then_another_process_begins() -> sqlite3.Connection:
        con = opened()  # this call made the file (0 bytes)
        if not other:
            other.append(sqlite3.connect(path, isolation_level=None))
            other[0].execute("BEGIN EXCLUSIVE")  # the other process's first write begins
        return con

    monkeypatch.setattr(h, "_open", open_then_another_process_begins)
    with pytest.raises(HistoryError, match="is busy"):
        h.add(rec(seed=1))
    b = other[0]
    b.execute("CREATE TABLE t (x)")
    b.execute("COMMIT")
    b.execute("INSERT INTO t VALUES (1)")  # was: disk I/O error (its files were unlinked)
    b.close()
    with closing(sqlite3.connect(path)) as con:
        assert con.execute("SELECT x FROM t").fetchall() == [(1,)]
