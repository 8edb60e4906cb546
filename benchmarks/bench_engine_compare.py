"""Engine speed against another checkout of the project, in one run (so the ratio survives a
noisy, shared machine).

Run: ``python benchmarks/bench_engine_compare.py --base /tmp/base [--rounds 7] [--games 300]``
where ``/tmp/base`` is a checkout of the commit to compare with (``git worktree add --detach
/tmp/base HEAD~1``). Each round runs the same measurements in a fresh interpreter on each tree,
alternately, and times them in process CPU time; the report gives each tree's best round and
median round, and the ratios. Measured: random playouts through the public API (``legal_moves``
+ ``play``), random playouts through the search path (``cuttle.engine.search``: ``moves`` +
``push``; only where the tree has it, compared with the base tree's search path when it has one
too, and always with its public-API playouts), and microseconds per ``Game.copy()`` of a position
20 plies in.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

DRIVER = r"""
import json, random, sys, time
from cuttle import Game
games, rules = int(sys.argv[1]), sys.argv[2]

def playouts(fast):
    if fast:
        from cuttle.engine.search import moves, push, search_copy
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

def copy_cost(samples=100_000):
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

out = {"public": playouts(False), "copy_us": copy_cost()}
try:
    import cuttle.engine.search
except ImportError:
    pass
else:
    out["search"] = playouts(True)
print(json.dumps(out))
"""


def measure(tree: Path, games: int, rules: str) -> dict[str, float]:
    """One fresh interpreter's measurements of the code in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(games), rules],
        env=env, cwd=tree, capture_output=True, text=True, check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    parser.add_argument("--new", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rules", action="append", help="rules string (repeatable)")
    args = parser.parse_args()
    for rules in args.rules or ["classic", "cuttlecards"]:
        runs: dict[str, list[dict[str, float]]] = {"base": [], "new": []}
        for _ in range(args.rounds):
            for name, tree in (("base", args.base), ("new", args.new)):
                runs[name].append(measure(tree, args.games, rules))
        print(f"{rules}: {args.rounds} rounds of {args.games} games, CPU time; "
              "best round (median round)")
        for stat, pick in (("best", max), ("median", statistics.median)):
            m = {name: {k: pick(r[k] for r in rs) for k in rs[0]} for name, rs in runs.items()}
            if stat == "best":  # the best copy time is the smallest
                for name, rs in runs.items():
                    m[name]["copy_us"] = min(r["copy_us"] for r in rs)
            b, n = m["base"], m["new"]
            print(f"  [{stat}]")
            print(f"  public API playouts  base {b['public']:9.0f} plies/s  new "
                  f"{n['public']:9.0f}  x{n['public'] / b['public']:.2f}")
            if "search" in n and "search" in b:
                print(f"  search path playouts base {b['search']:9.0f} plies/s  new "
                      f"{n['search']:9.0f}  x{n['search'] / b['search']:.2f}, "
                      f"x{n['search'] / b['public']:.2f} of base public")
            elif "search" in n:
                print(f"  search path playouts                          new "
                      f"{n['search']:9.0f}  x{n['search'] / b['public']:.2f} of base public")
            print(f"  Game.copy()          base {b['copy_us']:9.2f} µs       new "
                  f"{n['copy_us']:9.2f}  x{b['copy_us'] / n['copy_us']:.2f} (speed)")

if __name__ == "__main__":
    main()
