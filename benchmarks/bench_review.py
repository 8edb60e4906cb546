"""Seconds per decision of ``cuttle review`` (the game analysis) at a budget, on real games.

    python benchmarks/bench_review.py [--games N] [--rules R] [--iterations I] [--compare-seed S]

Plays N medium-vs-medium games (seeds 1..N) and reviews each with the default budget (or
``--iterations``), timing every decision: forced moves, wins in one and moves the first pass
already finds best cost less than the others, so the median, mean and max are all reported.
With ``--compare-seed S`` the games are reviewed once more with the analysis seed S instead of
the fixed one, and the agreement of the two reviews is printed (how much the labels depend on the
sampled deals).
"""

from __future__ import annotations

import argparse
import statistics
import time

import cuttle.ai.review as review
from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.review import BAD, DEFAULT_ITERATIONS, Budget, Judge, Judgement


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
    ap.add_argument("--compare-seed", type=int, default=None)
    args = ap.parse_args()
    first: list[Judgement] = []
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
            first.append(j)
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
    if args.compare_seed is not None:
        review.REVIEW_SEED = args.compare_seed
        again = Judge(Budget(iterations=args.iterations))
        pairs = []
        k = 0
        for seed in range(1, args.games + 1):
            g = Game.new(seed=seed, rules=args.rules)
            for ply, m in enumerate(game_moves(seed, args.rules)):
                pairs.append((first[k], again.judge(g, m, ply)))
                g.play(m)
                k += 1
        chosen = [(a, b) for a, b in pairs if a.label != "forced"]
        same = sum(a.label == b.label for a, b in chosen)
        flips = sum((a.label in BAD) != (b.label in BAD) for a, b in chosen)
        diff = statistics.mean(abs(a.loss - b.loss) for a, b in chosen)
        print(f"analysis seed {args.compare_seed}: {len(chosen)} decisions not forced, same label"
              f" {same / len(chosen):.0%}, mean |loss difference| {100 * diff:.1f} points,"
              f" mistake-or-worse verdict differs on {flips}")


if __name__ == "__main__":
    main()
