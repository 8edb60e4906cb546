"""Add up ``cuttle arena ... --json`` runs played in chunks (one file each): the total of games,
wins and draws, the win rate with its 95% Wilson interval, and the games-weighted means.

Run: ``python benchmarks/arena_total.py FILE...``; each file's last line is the arena's JSON (a
file without it, a run still going, is named on stderr and left out).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cuttle.ai.arena import wilson


def total(paths: list[str]) -> dict[str, object]:
    runs = []
    for p in paths:
        lines = Path(p).read_text(encoding="utf-8").strip().splitlines()
        if not lines or not lines[-1].startswith("{"):
            print(f"skipped, not finished: {p}", file=sys.stderr)
            continue
        runs.append(json.loads(lines[-1]))
    games = sum(r["games"] for r in runs)
    wins = sum(r["wins_a"] for r in runs)
    lo, hi = wilson(wins, games)

    def mean(key: str) -> float:
        return sum(r[key] * r["games"] for r in runs) / games

    return {
        "a": runs[0]["a"], "b": runs[0]["b"], "runs": len(runs), "games": games,
        "wins_a": wins, "wins_b": sum(r["wins_b"] for r in runs),
        "draws": sum(r["draws"] for r in runs), "win_rate_a": round(wins / games, 4),
        "ci95_a": [round(lo, 4), round(hi, 4)], "mean_plies": round(mean("mean_plies"), 1),
        "sec_per_move_a": round(mean("sec_per_move_a"), 4),
        "sec_per_move_b": round(mean("sec_per_move_b"), 4),
    }


if __name__ == "__main__":
    print(json.dumps(total(sys.argv[1:])))
