"""Engine speed against another checkout of the project, in one run (so the ratio survives a
noisy, shared machine).

Run: ``python benchmarks/bench_engine_compare.py --base /tmp/base [--rounds 7] [--games 300]
[--rules R ...]`` where ``/tmp/base`` is a checkout of the commit to compare with (``git worktree
add --detach /tmp/base HEAD~1``). Each round starts a fresh interpreter per tree and asks both
for the same measurements, back to back, the tree going first alternating from round to round;
each measurement is timed in that process's CPU time, from a collected heap. So both trees see the
same load, whatever the machine's other work does from one moment to the next, and no tree keeps
one process's luck (memory layout, hash seed) for the whole run. The report gives each tree's best
round and median round, and the median of the rounds' own ratios (each ratio from two measurements
taken a moment apart).

Measured: random playouts through the public API (``legal_moves`` + ``play``), random playouts
through the search path (``cuttle.engine.search``: ``moves`` + ``push``; only where the tree has it,
compared with the base tree's search path when it has one too, and always with its public-API
playouts), and microseconds per ``Game.copy()`` of a position 20 plies in. Both trees play the
same games (seeds 0 to games - 1, moves drawn from one seeded generator), so with the same rules
they play the same plies and plies/s compares time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

WORKER = r"""
import gc, json, random, sys, time
from cuttle import Game
try:
    from cuttle.engine.search import moves, push, search_copy
except ImportError:
    moves = None

def playouts(rules, games, fast):
    rng = random.Random(1)
    plies = 0
    t0 = time.process_time()
    for i in range(games):
        g = Game.new(seed=i, rules=rules)
        if fast:
            g = search_copy(g)
            while g.outcome is None:
                push(g, rng.choice(moves(g)))
                plies += 1
        else:
            while g.outcome is None:
                g.play(rng.choice(g.legal_moves()))
                plies += 1
    return plies / (time.process_time() - t0)

def copy_cost(rules, samples):
    rng = random.Random(3)
    while True:
        g = Game.new(seed=rng.randrange(10**6), rules=rules)
        for _ in range(20):
            if g.outcome is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.outcome is None:
            break
    t0 = time.process_time()
    for _ in range(samples):
        g.copy()
    return (time.process_time() - t0) / samples * 1e6

print(json.dumps(moves is not None), flush=True)
for line in sys.stdin:
    what, rules, n = line.split()
    gc.collect()  # each measurement starts from a collected heap, whatever ran before it
    if what == "copy_us":
        value = copy_cost(rules, int(n))
    else:
        value = playouts(rules, int(n), what == "search")
    print(json.dumps(value), flush=True)
"""


class Worker:
    """An interpreter running the code of one tree, measuring on request."""

    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER], env=env, cwd=tree, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        self.has_search: bool = json.loads(self._line())

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the worker for {self.proc.args} stopped (see its error above)")
        return line

    def ask(self, what: str, rules: str, n: int) -> float:
        """One measurement: ``what`` is public, search (plies/s) or copy_us (µs per copy)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{what} {rules} {n}\n")
        self.proc.stdin.flush()
        value: float = json.loads(self._line())
        return value

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def compare(trees: dict[str, Path], rules: str, rounds: int,
            games: int) -> dict[str, dict[str, list[float]]]:
    """Every round's measurements of both trees, by tree and measurement."""
    runs: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for r in range(rounds):
        workers = {name: Worker(tree) for name, tree in trees.items()}
        try:
            kinds = ["public", "copy_us"] + (["search"] if workers["new"].has_search else [])
            for w in workers.values():  # warm up: first imports, first allocations
                for k in kinds:
                    if k != "search" or w.has_search:
                        w.ask(k, rules, 20 if k != "copy_us" else 1000)
            for k in kinds:
                order = ["base", "new"] if (r + kinds.index(k)) % 2 == 0 else ["new", "base"]
                for name in order:
                    if k != "search" or workers[name].has_search:
                        n = games if k != "copy_us" else 100_000
                        runs[name].setdefault(k, []).append(workers[name].ask(k, rules, n))
        finally:
            for w in workers.values():
                w.close()
    return runs


def report(rules: str, rounds: int, games: int, runs: dict[str, dict[str, list[float]]]) -> None:
    """Print best round, median round and median paired ratio of each measurement."""
    b, n = runs["base"], runs["new"]
    print(f"{rules}: {rounds} rounds of {games} games, CPU time; both trees measured back to "
          "back in each round")
    stats: list[tuple[str, Any, Any]] = [
        ("best round", max, min), ("median round", statistics.median, statistics.median)]
    for stat, pick, pick_copy in stats:
        print(f"  [{stat}]")
        bp, np_ = pick(b["public"]), pick(n["public"])
        print(f"  public API playouts  base {bp:9.0f} plies/s  new {np_:9.0f}  x{np_ / bp:.2f}")
        if "search" in n:
            ns = pick(n["search"])
            if b.get("search"):
                bs = pick(b["search"])
                print(f"  search path playouts base {bs:9.0f} plies/s  new {ns:9.0f}  "
                      f"x{ns / bs:.2f}, x{ns / bp:.2f} of base public")
            else:
                print(f"  search path playouts                          new {ns:9.0f}  "
                      f"x{ns / bp:.2f} of base public")
        bc, nc = pick_copy(b["copy_us"]), pick_copy(n["copy_us"])
        print(f"  Game.copy()          base {bc:9.2f} µs       new {nc:9.2f}  "
              f"x{bc / nc:.2f} (speed)")
    print("  [median of the rounds' own ratios, new / base]")
    pairs = statistics.median(x / y for x, y in zip(n["public"], b["public"], strict=True))
    line = f"  public x{pairs:.2f}"
    if "search" in n:
        base_search = b.get("search") or b["public"]
        what = "search" if b.get("search") else "base public"
        ratio = statistics.median(x / y for x, y in zip(n["search"], base_search, strict=True))
        line += f"  search path x{ratio:.2f} (of {what})"
        if b.get("search"):
            ratio = statistics.median(x / y for x, y in zip(n["search"], b["public"], strict=True))
            line += f", x{ratio:.2f} of base public"
    copy = statistics.median(y / x for x, y in zip(n["copy_us"], b["copy_us"], strict=True))
    print(line + f"  copy x{copy:.2f} (speed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    parser.add_argument("--new", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rules", action="append", help="rules string (repeatable)")
    args = parser.parse_args()
    for rules in args.rules or ["classic", "cuttlecards"]:
        runs = compare({"base": args.base, "new": args.new}, rules, args.rounds, args.games)
        report(rules, args.rounds, args.games, runs)


if __name__ == "__main__":
    main()
