"""Engine speed: random playouts through the public API, and the cost of copying a game.

Run: ``python benchmarks/bench_engine.py [--games N] [--rules R]``. Reports games/s and plies/s of
uniformly random games through the public API (``legal_moves`` + ``play``) and through the search
path (:mod:`cuttle.engine.search`: ``moves`` + ``push``, what the AI's search uses), and µs per
``Game.copy()`` of a mid-game position. Single process, so the figures are for one core. Not a
test: machines here are noisy (``bench_engine_compare.py`` compares two commits in one run).
"""

from __future__ import annotations

import argparse
import random
import time

from cuttle import Game
from cuttle.engine.search import moves, push, search_copy


def playouts(rules: str, games: int, seed: int = 1,
             fast: bool = False) -> tuple[float, float, float]:
    """Play ``games`` random games (on the search path when ``fast``); return (games/s,
    plies/s, mean plies per game)."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for i in range(games):
        g = Game.new(seed=i, rules=rules)
        if fast:
            g = search_copy(g)
            while g.outcome is None:
                push(g, rng.choice(moves(g)))
                plies += 1
            continue
        while g.outcome is None:
            g.play(rng.choice(g.legal_moves()))
            plies += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed, plies / games


def copy_cost(rules: str, samples: int = 200_000) -> float:
    """Mean µs per copy of a game some 20 plies in."""
    rng = random.Random(3)
    while True:
        g = Game.new(seed=rng.randrange(10**6), rules=rules)
        for _ in range(20):
            if g.outcome is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.outcome is None:
            break
    start = time.perf_counter()
    for _ in range(samples):
        g.copy()
    return (time.perf_counter() - start) / samples * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rules", action="append", help="rules string (repeatable)")
    args = parser.parse_args()
    for rules in args.rules or ["classic", "cuttlecards"]:
        gps, pps, mean = playouts(rules, args.games)
        _, fast_pps, _ = playouts(rules, args.games, fast=True)
        print(f"{rules:<24} {gps:8.0f} games/s {pps:9.0f} plies/s "
              f"({mean:.1f} plies/game)  search path {fast_pps:9.0f} plies/s  "
              f"copy {copy_cost(rules):.2f} µs")


if __name__ == "__main__":
    main()
