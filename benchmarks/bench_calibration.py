"""Are the review's win chances calibrated? Positions rated p% should be won about p% of the time.

    python benchmarks/bench_calibration.py [--games N] [--seed S] [--rules R] [--jobs J]
        [--iterations I] [--bins B] [--out FILE]
    python benchmarks/bench_calibration.py --read FILE ... [--only odd|even] [--calibrate]

Plays N games of ``hard`` against ``hard`` (deals from seeds S .. S + N - 1) in which both
players are the review itself: at each decision the mover plays the move the review's search
finds best (``Judge.best``, the hard search at the review's default budget or ``--iterations``),
and the win chance the review shows for that move (``win_after``, the figure of the chart) is
paired with the game's result for the mover (a win 1, a loss 0, a draw a half). The positions
are put in B bins of predicted chance; for each bin the table gives the positions, the mean
predicted chance, the observed win rate and its 95% Wilson interval, and whether the mean
prediction lies inside it. Then the Brier score and the log-loss against the base rate; the
same table for each player within 3 points of their goal after a move (the "18 of 21" rows,
from that player's side: the mover's chance or one minus it); the bias (mean chance minus mean
result, each game weighing the same) and the shift ``b`` of ``sigmoid(logit(p) + b)`` that fits
the games (what ``cuttle.ai.pimc.CALIBRATION`` holds).

The positions of one game share its result, so they are not independent: the Wilson interval
treats them as if they were and is narrower than the truth. The table also gives each bin's 95%
interval counted by games: the Wilson interval at the bin's effective number of positions, its
positions divided by the design effect a bootstrap over games measures (``BOOTSTRAP``
resamplings of the games with replacement, every position of a game drawn with it, seeded: the
same figures each run; a bin whose games all ended alike counts each game once), and "inside"
is read against it.

``--out FILE`` writes every judged position as one JSON object a line (to bin again without
replaying); ``--read FILE`` bins such files instead of playing (several: together; ``--only odd``
or ``even`` for half the games, ``--calibrate`` for files written before the calibration).

Hard against hard costs CPU: about 0.5 s of CPU a position, 18 s a game on average (a long game
takes 90 positions), so the default 30 games need about 9 minutes of CPU: under 20 minutes with
``--jobs 1`` on a core of its own. On the shared 2-core machine of this session (load 12 to 21)
the wall time was three to five times the CPU time.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

from cuttle import Game
from cuttle.ai.arena import wilson
from cuttle.ai.review import DEFAULT_ITERATIONS, Budget, Judge

CLOSE = 3  # "close to the goal": within this many points of it
BOOTSTRAP = 2000  # resamplings of the games for each bin's interval


def judge_game(job: tuple[int, str, int]) -> list[dict[str, Any]]:
    """One game between two reviews on the deal of ``seed``: at each decision the mover plays
    the move the review's search finds best (``Judge.best``: the hard search at the review's
    budget), and the win chance the review shows for it is kept with the game's result for the
    mover."""
    seed, rules, iterations = job
    judge = Judge(Budget(iterations=iterations))  # its search seed is the review's
    game = Game.new(seed=seed, rules=rules)
    rows: list[dict[str, Any]] = []
    while game.outcome is None:
        mover = game.to_move
        assert mover is not None
        j = judge.best(game)
        rows.append({
            "seed": seed, "ply": j.ply, "mover": mover, "move": j.move, "phase": game.phase,
            "label": j.label, "before": j.win_before, "after": j.win_after,
            "score": game.score(mover), "goal": game.goal(mover),
            "opp_score": game.score(1 - mover), "opp_goal": game.goal(1 - mover),
        })
        game.play(j.move)
    for row in rows:
        won = game.outcome == f"p{row['mover']}"
        row["result"] = 0.5 if game.outcome == "draw" else (1.0 if won else 0.0)
    return rows


def by_games(rows: list[dict[str, Any]], seed: int = 1) -> tuple[float, float]:
    """The 95% interval of the win rate of ``rows`` counted by games: Wilson's at the effective
    number of positions, ``p(1 - p)`` over the rate's variance in a bootstrap over the games
    (each resampling draws the games with replacement, with all their positions), between one
    and the number of positions; the number of games when every resampling agrees."""
    games: dict[int, list[float]] = {}
    for r in rows:
        games.setdefault(r["seed"], []).append(r["result"])
    parts = [(sum(v), len(v)) for v in games.values()]
    n = len(rows)
    rate = sum(w for w, _ in parts) / n
    rng = random.Random(seed)
    rates = []
    for _ in range(BOOTSTRAP):
        drawn = [parts[rng.randrange(len(parts))] for _ in parts]
        rates.append(sum(w for w, _ in drawn) / sum(k for _, k in drawn))
    mean = sum(rates) / len(rates)
    var = sum((x - mean) ** 2 for x in rates) / (len(rates) - 1)
    spread = rate * (1 - rate)
    effective = len(parts) if var <= 0 or spread <= 0 else min(n, max(1.0, spread / var))
    return wilson(rate * effective, effective)  # type: ignore[arg-type]  # fractional counts


def table(rows: list[dict[str, Any]], bins: int, title: str) -> list[str]:
    """The calibration table of ``rows`` in ``bins`` bins of predicted chance."""
    out = [title, f"{'predicted':>11} {'positions':>9} {'games':>5} {'mean':>6} {'observed':>8}"
                  f" {'95% Wilson':>15} {'95% by games':>15}  inside"]
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        mine = [r for r in rows if lo <= r["after"] < hi or (b == bins - 1 and r["after"] == 1)]
        if not mine:
            continue
        n = len(mine)
        wins = sum(r["result"] for r in mine)
        mean = sum(r["after"] for r in mine) / n
        w_lo, w_hi = wilson(wins, n)  # type: ignore[arg-type]  # a draw counts half
        g_lo, g_hi = by_games(mine)
        inside = "yes" if g_lo <= mean <= g_hi else "NO"
        games = len({r["seed"] for r in mine})
        out.append(f"{100 * lo:4.0f}-{100 * hi:3.0f}% {n:>9} {games:>5} {100 * mean:5.1f}% "
                   f"{100 * wins / n:7.1f}% {100 * w_lo:6.1f}-{100 * w_hi:5.1f}% "
                   f"{100 * g_lo:6.1f}-{100 * g_hi:5.1f}%  {inside}")
    return out


def scores(rows: list[dict[str, Any]]) -> str:
    """Brier score and log-loss of the predictions, and of the base rate for comparison."""
    n = len(rows)
    brier = sum((r["after"] - r["result"]) ** 2 for r in rows) / n

    def loss(p: float, y: float) -> float:
        p = min(max(p, 1e-4), 1 - 1e-4)
        return -(y * math.log(p) + (1 - y) * math.log(1 - p))

    base = sum(r["result"] for r in rows) / n
    logloss = sum(loss(r["after"], r["result"]) for r in rows) / n
    base_loss = sum(loss(base, r["result"]) for r in rows) / n
    return (f"{n} positions: Brier {brier:.3f} (base rate {base:.3f}: "
            f"{sum((base - r['result']) ** 2 for r in rows) / n:.3f}), "
            f"log-loss {logloss:.3f} (base rate {base_loss:.3f})")


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def fit(rows: list[dict[str, Any]]) -> float:
    """The shift ``b`` of the calibration ``sigmoid(logit(p) + b)`` that fits the results best
    (maximum likelihood, Newton's method), each game weighing the same (a long game's many
    positions share one result)."""
    per_game: dict[int, int] = {}
    for r in rows:
        per_game[r["seed"]] = per_game.get(r["seed"], 0) + 1
    b = 0.0
    for _ in range(50):
        grad = hess = 0.0
        for r in rows:
            w = 1.0 / per_game[r["seed"]]
            p = 1 / (1 + math.exp(-(logit(r["after"]) + b)))
            grad += w * (p - r["result"])
            hess += w * p * (1 - p)
        b -= grad / hess
    return b


def bias(rows: list[dict[str, Any]]) -> float:
    """Mean predicted chance minus mean result, each game weighing the same."""
    per_game: dict[int, list[float]] = {}
    for r in rows:
        per_game.setdefault(r["seed"], []).append(r["after"] - r["result"])
    return sum(sum(v) / len(v) for v in per_game.values()) / len(per_game)


def near_goal(rows: list[dict[str, Any]], rules: str) -> list[dict[str, Any]]:
    """For each position after a move, from the side of each player within ``CLOSE`` points of
    their goal then (the games replayed from their rows): that player's chance as the review
    shows it (the mover's, or one minus the mover's) and their result."""
    out = []
    by_game: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_game.setdefault(r["seed"], []).append(r)
    for seed, mine in by_game.items():
        game = Game.new(seed=seed, rules=rules)
        for r in sorted(mine, key=lambda r: r["ply"]):
            game.play(r["move"])
            for p in (0, 1):
                if game.outcome is None and game.goal(p) - game.score(p) <= CLOSE:
                    mover = p == r["mover"]
                    out.append({**r, "after": r["after"] if mover else 1 - r["after"],
                                "result": r["result"] if mover else 1 - r["result"]})
    return out


def report(rows: list[dict[str, Any]], bins: int, rules: str = "classic") -> list[str]:
    close = near_goal(rows, rules)
    games = len({r["seed"] for r in rows})
    lines = table(rows, bins, f"All judged positions ({games} games):")
    lines += ["", scores(rows), ""]
    lines += table(close, max(2, bins // 2),
                   f"A player within {CLOSE} points of the goal after the move (their chance):")
    lines += ["", f"Bias (mean chance minus mean result, each game weighing the same): "
                  f"{100 * bias(rows):+.1f} points; the shift that fits these games: "
                  f"calibrated = sigmoid(logit(p) {fit(rows):+.3f})"]
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=70001, help="first deal's seed (default 70001)")
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--bins", type=int, default=10)
    ap.add_argument("--out", type=Path, help="write every judged position here (JSON lines)")
    ap.add_argument("--read", type=Path, nargs="+", help="bin these files instead of playing")
    ap.add_argument("--calibrate", action="store_true",
                    help="with --read: files written before the calibration (raw chances); "
                    "bin them as calibrated now (cuttle.ai.pimc.calibrated)")
    ap.add_argument("--only", choices=("odd", "even"),
                    help="with --read: only the games of odd or even seeds (fit on one half, "
                    "check on the other)")
    args = ap.parse_args()
    if args.read:
        rows = [json.loads(line) for path in args.read for line in path.read_text().splitlines()
                if line.strip()]
        if args.only:
            rows = [r for r in rows if r["seed"] % 2 == (1 if args.only == "odd" else 0)]
        if args.calibrate:
            from cuttle.ai.pimc import calibrated

            rows = [{**r, "before": calibrated(r["before"]), "after": calibrated(r["after"])}
                    for r in rows]
        print("\n".join(report(rows, args.bins, args.rules)))
        return
    start = time.perf_counter()
    jobs = [(args.seed + i, args.rules, args.iterations) for i in range(args.games)]
    rows: list[dict[str, Any]] = []
    out = args.out.open("w") if args.out else None
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for done, game_rows in enumerate(pool.imap_unordered(judge_game, jobs), 1):
            rows += game_rows
            if out is not None:
                out.write("".join(json.dumps(r) + "\n" for r in game_rows))
                out.flush()
            print(f"\r{done}/{args.games} games, {len(rows)} positions, "
                  f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
        pool.close()
        pool.join()  # the workers' CPU time counts once they are waited for
    print(file=sys.stderr)
    if out is not None:
        out.close()
    cpu = sum(getattr(resource.getrusage(who), field) for who in
              (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
              for field in ("ru_utime", "ru_stime"))
    print(f"{args.rules}, hard vs hard, {args.games} games from seed {args.seed}, review budget "
          f"{args.iterations} simulations, --jobs {args.jobs}: "
          f"{time.perf_counter() - start:.0f} s wall, {cpu:.0f} s CPU")
    print("\n".join(report(rows, args.bins, args.rules)))


class _Serial:
    """``Pool.imap`` in this process (``--jobs 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def imap_unordered(fn: Any, items: list[Any]) -> Any:
        return map(fn, items)

    def close(self) -> None:
        return None

    def join(self) -> None:
        return None


if __name__ == "__main__":
    main()
