"""Speed of the game history: ``cuttle stats`` and ``cuttle history`` over many games.

    python benchmarks/bench_stats.py [--games N]

Fills a fresh history database (in a temporary directory) with N random finished games against
the AI levels and in hot-seat (one transaction), then times: recording one more game the way a
finished game is recorded, ``cuttle stats --json``, ``cuttle history`` (20 games, filtered), and
opening the database.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import tempfile
import time
from pathlib import Path

from cuttle.cli import main as cli
from cuttle.files.history import History, _insert, record_finished
from cuttle.files.storage import GameRecord

LEVELS = ("random", "easy", "medium", "hard")
MOVES = ["draw"] * 40


def fake_game(rng: random.Random, i: int) -> GameRecord:
    preset = rng.choice(("classic", "cuttlecards", "classic+joker"))
    if rng.random() < 0.1:
        players, controllers = ["Ann", "Bob"], ["human", "human"]
    else:
        level = rng.choice(LEVELS)
        players, controllers = ["You", f"AI ({level})"], ["human", f"ai:{level}"]
        if rng.random() < 0.5:
            players.reverse()
            controllers.reverse()
    outcome = rng.choice(("p0", "p1", "p0", "p1", "draw"))
    return GameRecord(preset, i, players, list(MOVES), outcome, "points", controllers)


def timed(label: str, fn: object, repeat: int = 3) -> None:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t0)
    print(f"  {label:<44} {best * 1000:9.1f} ms (best of {repeat})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp
        h = History()
        rng = random.Random(1)
        t0 = time.perf_counter()
        with h.connect() as con:
            con.execute("BEGIN")
            for i in range(args.games):
                _insert(con, fake_game(rng, i), f"2026-01-01T00:00:{i:06d}Z", 600.0, None)
            con.execute("COMMIT")
        fill = time.perf_counter() - t0
        size = Path(h.path).stat().st_size / 1e6
        print(f"{args.games} games stored in {fill:.2f} s (one transaction); db {size:.1f} MB")
        timed("record one finished game (record_finished)",
              lambda: record_finished(fake_game(rng, 0), 1.0))
        timed("open the database (migrated, WAL)", lambda: History().games(limit=1))
        timed("cuttle stats --json", lambda: cli(["stats", "--json"]))
        timed("cuttle stats", lambda: cli(["stats", "--no-color"]))
        timed("cuttle history (20 newest)", lambda: cli(["history"]))
        timed("cuttle history --ai hard --result win", lambda: cli(
            ["history", "--ai", "hard", "--result", "win"]))


if __name__ == "__main__":
    main()
