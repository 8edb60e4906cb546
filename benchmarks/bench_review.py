"""Seconds per decision of ``cuttle review`` (the game analysis) at a budget, on real games.

    python benchmarks/bench_review.py [--games N] [--rules R] [--iterations I]

Plays N medium-vs-medium games (seeds 1..N) and reviews each with the default budget (or
``--iterations``), timing every decision: forced moves, wins in one and moves the first pass
already finds best cost less than the others, so the median, mean and max are all reported.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.review import DEFAULT_ITERATIONS, Budget, Judge


def game_moves(seed: int, rules: str) -> list[str]:
    g = Game.new(seed=seed, rules=rules)
    bots = [make_player("medium", seed=seed), make_player("medium", seed=seed + 1)]
    while g.outcome is None:
        seat = g.to_move
        assert seat is not None
        g.play(bots[seat].choose(g))
    return [str(m) for _, m in g.history]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    args = ap.parse_args()
    judge = Judge(Budget(iterations=args.iterations))
    times: list[float] = []
    by_label: dict[str, list[float]] = {}
    per_game: list[float] = []
    for seed in range(1, args.games + 1):
        moves = game_moves(seed, args.rules)
        g = Game.new(seed=seed, rules=args.rules)
        start = time.perf_counter()
        for ply, m in enumerate(moves):
            t0 = time.perf_counter()
            j = judge.judge(g, m, ply)
            dt = time.perf_counter() - t0
            times.append(dt)
            by_label.setdefault(j.label, []).append(dt)
            g.play(m)
        per_game.append(time.perf_counter() - start)
    print(
        f"{args.rules}, {args.iterations} simulations, {args.games} games, {len(times)} decisions:"
        f" median {statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s,"
        f" max {max(times):.2f} s per decision; {statistics.mean(per_game):.1f} s per game"
    )
    for label, ts in sorted(by_label.items()):
        print(f"  {label:<11} {len(ts):4d} decisions, mean {statistics.mean(ts):.3f} s")


if __name__ == "__main__":
    main()
