"""Fit the AI levels' Elo-scale ratings (``LEVEL_RATINGS`` in ``cuttle/files/stats.py``)
to arena runs.

    python benchmarks/fit_level_ratings.py [FILE ...] [--draws-lost] [--check]

Each FILE is the output of ``cuttle arena A B ...`` (``benchmarks/arena/*.txt``) with its JSON
summary line. Only matches between two plain levels (random, easy, medium, hard at their
defaults) count. Each match gives an Elo difference ``400 log10(p / (1 - p))`` for A's score
``p``: a draw counts half, as in the player's rating (``--draws-lost`` counts it as a loss, as
the first ratings did), and ``p`` is kept inside [0.5/games, 1 - 0.5/games] so a
clean sweep stays finite. The ratings are the least-squares fit of those differences weighted
by the number of games, with medium anchored at 1000. Prints the matches, the fit and the
``LEVEL_RATINGS`` line; ``--check`` exits 1 when the fit differs from ``LEVEL_RATINGS`` by more
than a point. Without FILE: the runs the current ratings were fitted to (seed 8161).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

LEVELS = ("random", "easy", "medium", "hard")
ANCHOR = ("medium", 1000.0)
ARENA = Path(__file__).resolve().parent / "arena"
#: The runs behind the current LEVEL_RATINGS (docs/ai.md, "The level ratings"): the ladder of
#: issue 14's final measurements, 400 fresh deals (seed 8161) per match and preset.
DEFAULT_GLOB = "*-400-seed8161.txt"


def read_match(path: Path) -> dict[str, object] | None:
    """The JSON summary of one arena run, with its rules; None when it is not a plain-level
    match (a tuned or other-budget player, a file without a summary)."""
    text = path.read_text(encoding="utf-8")
    rules = re.search(r"rules (\S+?),", text)
    for line in text.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            if data.get("a") in LEVELS and data.get("b") in LEVELS:
                data["rules"] = rules.group(1) if rules else "?"
                data["file"] = path.name
                return dict(data)
    return None


def elo_difference(score: float, games: int) -> float:
    """A's Elo advantage for a score share ``score`` over ``games`` games."""
    eps = 0.5 / games
    p = min(1 - eps, max(eps, score))
    return 400.0 * math.log10(p / (1 - p))


def score_of(m: dict[str, object], draw: float = 0.5) -> float:
    """A's share of the points in a match (a draw worth ``draw``)."""
    return (int(str(m["wins_a"])) + draw * int(str(m["draws"]))) / int(str(m["games"]))


def fit(matches: list[dict[str, object]], draw: float = 0.5) -> dict[str, float]:
    """Weighted least squares of the rating differences, the anchor fixed (normal equations)."""
    free = [lv for lv in LEVELS if lv != ANCHOR[0] and any(
        lv in (m["a"], m["b"]) for m in matches)]
    index = {lv: i for i, lv in enumerate(free)}
    n = len(free)
    ata = [[0.0] * n for _ in range(n)]
    atb = [0.0] * n
    for m in matches:
        games = int(str(m["games"]))
        d = elo_difference(score_of(m, draw), games)
        row = [0.0] * n
        rhs = d
        for name, sign in ((m["a"], 1.0), (m["b"], -1.0)):
            if name == ANCHOR[0]:
                rhs -= sign * ANCHOR[1]
            else:
                row[index[str(name)]] += sign
        for i in range(n):
            atb[i] += games * row[i] * rhs
            for j in range(n):
                ata[i][j] += games * row[i] * row[j]
    solution = _solve(ata, atb)
    out = {lv: solution[index[lv]] for lv in free}
    out[ANCHOR[0]] = ANCHOR[1]
    return {lv: out[lv] for lv in LEVELS if lv in out}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a few unknowns)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise ValueError("the matches do not connect every level to the anchor")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="arena outputs")
    parser.add_argument("--draws-lost", action="store_true",
                        help="count a draw as a loss (how the first ratings were fitted)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless LEVEL_RATINGS matches the fit (within a point)")
    args = parser.parse_args()
    paths = args.files or sorted(ARENA.glob(DEFAULT_GLOB))
    matches = [m for m in (read_match(p) for p in paths) if m is not None]
    if not matches:
        print("no plain-level arena matches in the files given", file=sys.stderr)
        return 2
    draw = 0.0 if args.draws_lost else 0.5
    for m in matches:
        games = int(str(m["games"]))
        score = score_of(m, draw)
        print(f"{m['a']:>6} vs {m['b']:<6} {str(m['rules']):<12} {games:>5} games  "
              f"score {100 * score:5.1f}%  Elo {elo_difference(score, games):+6.0f}  ({m['file']})")
    ratings = fit(matches, draw)
    print("fit: " + ", ".join(f"{lv} {r:.0f}" for lv, r in ratings.items()))
    body = ", ".join(f'"{lv}": {r:.1f}' for lv, r in ((lv, round(r)) for lv, r in ratings.items()))
    print(f"LEVEL_RATINGS: dict[str, float] = {{{body}}}")
    if args.check:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from cuttle.files.stats import LEVEL_RATINGS

        off = {lv: LEVEL_RATINGS.get(lv, math.nan) - r for lv, r in ratings.items()}
        if any(not abs(d) <= 1.0 for d in off.values()):
            print("LEVEL_RATINGS differs from the fit: " + ", ".join(
                f"{lv} {d:+.0f}" for lv, d in off.items()), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
