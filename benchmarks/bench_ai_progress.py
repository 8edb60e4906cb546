"""An arena run that prints the running win rate every 10 games (for tuning runs).

    python benchmarks/bench_ai_progress.py SPEC_A SPEC_B GAMES SEED RULES JOBS
    e.g. python benchmarks/bench_ai_progress.py hard:opponent=minimax medium 100 101 classic 2

Same games as ``cuttle arena A B --games GAMES --seed SEED --rules RULES`` (pairs, seats swapped).
"""

from __future__ import annotations

import sys
import time

from cuttle.ai.arena import GameResult, Match, parse_level, run_match, wilson


def main() -> None:
    a, b, games, seed, rules, jobs = sys.argv[1:7]
    na, oa = parse_level(a)
    nb, ob = parse_level(b)
    match = Match(na, nb, int(games), int(seed), rules, oa, ob)
    total = int(games)
    n = wins = moves = plies = 0
    spent = 0.0
    t0 = time.time()

    def on_result(r: GameResult) -> None:
        nonlocal n, wins, moves, plies, spent
        n += 1
        wins += r.winner == "a"
        spent += r.time_a
        moves += r.moves_a
        plies += r.plies
        if n % 10 == 0 or n == total:
            lo, hi = wilson(wins, n)
            print(
                f"{n:4d} games  A {wins / n:.3f} [{lo:.3f},{hi:.3f}]"
                f"  s/dec {spent / max(1, moves):.3f}  plies {plies / n:.1f}"
                f"  {time.time() - t0:.0f}s",
                flush=True,
            )

    run_match(match, int(jobs), on_result)


if __name__ == "__main__":
    main()
