"""One level against others at three and four seats, by the real arena (``cuttle arena``).

Cutthroat: level A against two of level B (``cuttle arena A B B``): each deal is played three
times, A at seat 0, 1 and 2, so no seat's advantage favours A. Teams: A's team against B's
(``cuttle arena A B``): each deal twice, A's team at seats 0 and 2, then at 1 and 3. The arena
prints A's win share with its 95% Wilson interval, draws, the share by seat and the seconds per
decision of each entrant; ``--deals`` counts deals (the games are the deals times the rotations).
This script only builds the arena's command line (:func:`arena_argv`) and runs it, so the
figures come from the same games ``cuttle arena`` plays (``cuttle.ai.table_arena``).

    python benchmarks/bench_modes_levels.py medium random --rules classic+cutthroat --deals 100
    python benchmarks/bench_modes_levels.py medium easy --rules classic+teams --deals 150 --jobs 2
    python benchmarks/bench_modes_levels.py hard medium --rules classic+cutthroat --deals 100 \\
        --log benchmarks/arena/modes-hard-medium-medium-cutthroat-S.jsonl --json
"""

from __future__ import annotations

import argparse
import sys

from cuttle.cli import main as cuttle_main
from cuttle.rules import Rules


def arena_argv(a: str, b: str, rules: str, deals: int, seed: int, jobs: int,
               log: str | None = None, json: bool = False) -> list[str]:
    """The ``cuttle`` arguments of the match: A against two of B in cutthroat, A's team against
    B's in teams, ``deals`` deals in every rotation."""
    r = Rules.parse(rules)
    entrants = [a, b] if r.teams else [a] + [b] * (r.players - 1)
    rotations = 2 if r.teams else r.players
    argv = ["arena", *entrants, "--rules", rules, "--games", str(deals * rotations),
            "--seed", str(seed), "--jobs", str(jobs)]
    if log:
        argv += ["--log", log]
    if json:
        argv.append("--json")
    return argv


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("a", help="the level measured (e.g. hard, hard:prune=4)")
    ap.add_argument("b", help="its opponents' level")
    ap.add_argument("--rules", default="classic+cutthroat")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", default=None, help="the arena's --log FILE (one JSON line a game)")
    ap.add_argument("--json", action="store_true", help="the arena's JSON summary last")
    args = ap.parse_args(argv)
    return cuttle_main(arena_argv(args.a, args.b, args.rules, args.deals, args.seed, args.jobs,
                                  args.log, args.json))


if __name__ == "__main__":
    sys.exit(main())
