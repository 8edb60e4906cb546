"""Seconds per decision of each AI level (median and mean) on positions from real games.

Wall-clock figures, and the same in process CPU time (what the decision costs when the machine
is shared: on a loaded machine the wall clock also counts the time other programs ran).

    python benchmarks/bench_ai_speed.py [--positions N] [--rules R] [--level L ...]
        [--hard-iterations I ...]

A level may carry options as in the arena (``--level hard:peek=0``).

``--rules classic+cutthroat`` or ``classic+teams`` measures the levels at a table of three or
four (docs/ai.md, "Three and four seats: hard").
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from typing import Any

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.arena import parse_level


def positions(rules: str, count: int) -> list[Game]:
    """Positions from games of medium in every seat (realistic, every phase; a table of three
    or four under a mode's rules)."""
    out: list[Game] = []
    seed = 0
    bots = [make_player("medium", seed=1 + s) for s in range(Game.new(0, rules).players)]
    while len(out) < count:
        g = Game.new(seed=seed, rules=rules)
        seed += 1
        while g.outcome is None and len(out) < count:
            if len(g.legal_moves()) > 1:
                out.append(g.copy())
            seat = g.to_move
            assert seat is not None
            g.play(bots[seat].choose(g))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--level", nargs="*", default=["random", "easy", "medium", "hard"])
    ap.add_argument("--hard-iterations", type=int, nargs="*", default=[])
    args = ap.parse_args()
    games = positions(args.rules, args.positions)
    specs: list[tuple[str, dict[str, Any]]] = [parse_level(lvl) for lvl in args.level]
    specs += [("hard", {"iterations": n}) for n in args.hard_iterations]
    for level, opts in specs:
        bot = make_player(level, seed=3, **opts)
        times = []
        cpu = []
        for g in games:
            t0 = time.perf_counter()
            c0 = time.process_time()
            bot.choose(g)
            cpu.append(time.process_time() - c0)
            times.append(time.perf_counter() - t0)
        label = level + (" (" + ",".join(f"{k}={v}" for k, v in opts.items()) + ")"
                         if opts else "")
        print(
            f"{label:28s} median {statistics.median(times) * 1000:8.2f} ms"
            f"  mean {statistics.mean(times) * 1000:8.2f} ms  max {max(times) * 1000:8.1f} ms"
            f"   CPU: median {statistics.median(cpu) * 1000:8.2f} ms"
            f"  max {max(cpu) * 1000:8.1f} ms"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
