"""The calibration benchmark's interval counted by games: the positions of one game share its
result, so a bin's interval is as wide as its games allow, not its positions."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_calibration import by_games, table  # noqa: E402

from cuttle.ai.arena import wilson  # noqa: E402


def rows(*games: tuple[int, float]) -> list[dict[str, float]]:
    """Positions (each at a chance of 0.75): ``(count, result)`` for each game."""
    out = []
    for seed, (n, result) in enumerate(games):
        out += [{"seed": seed, "after": 0.75, "result": result} for _ in range(n)]
    return out


def test_two_games_of_ten_positions_count_as_about_two() -> None:
    two = rows((10, 1.0), (10, 0.0))
    lo, hi = by_games(two)
    w_lo, w_hi = wilson(10, 20)
    assert lo < w_lo and hi > w_hi  # wider than twenty independent positions
    assert hi - lo > 0.5


def test_games_that_all_ended_alike_count_once_each() -> None:
    assert by_games(rows((8, 0.0), (5, 0.0), (9, 0.0))) == wilson(0, 3)


def test_many_games_of_one_position_are_wilsons_interval() -> None:
    many = rows(*[(1, float(i % 2)) for i in range(200)])
    lo, hi = by_games(many)
    w_lo, w_hi = wilson(100, 200)
    assert abs(lo - w_lo) < 0.03 and abs(hi - w_hi) < 0.03


def test_the_table_reads_inside_against_the_interval_by_games() -> None:
    line = table(rows((10, 1.0), (10, 0.0)), 4, "t")[-1]
    assert line.split()[-1] == "yes"  # 75% shown, 50% won: inside, counted by games
