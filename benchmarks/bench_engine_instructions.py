"""Engine cost against another checkout in machine instructions, counted by valgrind's
cachegrind: the same figure on a busy machine as on a quiet one, where CPU time on a shared
machine wanders by more than the few percent a change is judged by.

Run: ``python benchmarks/bench_engine_instructions.py --base /tmp/base [--games 300]
[--rules R ...]`` (``git worktree add --detach /tmp/base COMMIT``; needs ``valgrind``). For each
tree, rules and path it runs one program twice under cachegrind, once only dealing ``games``
games (imports included) and once dealing them and then doing the work, and reports the
difference: the instructions of the work alone. The paths are those of
``bench_engine_compare.py``: random playouts through the public API (``legal_moves`` + ``play``)
and the search path (``moves`` + ``push``), and 100 ``Game.copy()`` of each dealt game. Both trees
play the same games (seeds 0 to games - 1, moves from one seeded generator) with
``PYTHONHASHSEED=0``. Instructions are not time (a cache miss costs more than an add), so this
complements the CPU-time comparison rather than replacing it. It takes about a minute per tree and
rules at 300 games: valgrind runs Python some fifty times slower.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

WORK = r"""
import random, sys
from cuttle import Game
rules, games, what = sys.argv[1], int(sys.argv[2]), sys.argv[3]
dealt = [Game.new(seed=i, rules=rules) for i in range(games)]
rng = random.Random(1)
if what == "search":
    from cuttle.engine.search import moves, push, search_copy
    for g in dealt:
        g = search_copy(g)
        while g.outcome is None:
            push(g, rng.choice(moves(g)))
elif what == "public":
    for g in dealt:
        while g.outcome is None:
            g.play(rng.choice(g.legal_moves()))
elif what == "copy":
    for g in dealt:
        for _ in range(100):
            g.copy()
"""
PATHS = ("public", "search", "copy")


def instructions(tree: Path, rules: str, games: int, what: str) -> int:
    """Instructions (cachegrind's ``I refs``) of one run of ``WORK`` in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", WORK, rules, str(games), what],
        env=env, cwd=tree, capture_output=True, text=True, check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if out.returncode != 0 or not found:
        raise SystemExit(f"valgrind failed in {tree}: {out.stderr.strip()[-500:]}")
    return int(found.group(1).replace(",", ""))


def work(tree: Path, rules: str, games: int, what: str) -> int:
    """Instructions of ``what`` alone: the run with it, less the run that only deals."""
    return instructions(tree, rules, games, what) - instructions(tree, rules, games, "deal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, required=True, help="checkout to compare with")
    parser.add_argument("--new", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rules", action="append", help="rules string (repeatable)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_engine_instructions: valgrind is not installed")
    for rules in args.rules or ["classic", "cuttlecards"]:
        print(f"{rules}: {args.games} games, instructions of the work alone (millions)")
        for what in PATHS:
            base = work(args.base, rules, args.games, what)
            new = work(args.new, rules, args.games, what)
            print(f"  {what:>6}  base {base / 1e6:8.1f}  new {new / 1e6:8.1f}  "
                  f"new/base x{new / base:.3f}")


if __name__ == "__main__":
    main()
