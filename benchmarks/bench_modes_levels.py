"""easy and medium at three and four seats: one level against others, every seat rotation.

Cutthroat: level A against two of level B; each deal is played three times, A at seat 0, 1 and 2
(so no seat's advantage favours A). Teams: A's team against B's; each deal twice, A's team at
seats 0 and 2, then at 1 and 3. Prints A's win share with its 95% Wilson interval, draws, the
share by seat and the seconds per decision of each side. A bounded loop over ``Game`` and
``make_player`` (``cuttle arena`` seats two); deals from ``--seed`` on.

    python benchmarks/bench_modes_levels.py medium random --rules classic+cutthroat --deals 100
    python benchmarks/bench_modes_levels.py medium easy --rules classic+teams --deals 150 --jobs 2
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from cuttle import Game, Rules
from cuttle.ai import make_player
from cuttle.ai.arena import wilson

MAX_PLIES = 3000


def seats_of_a(players: int, rotation: int) -> tuple[int, ...]:
    """The seats A plays in one rotation: one seat in cutthroat, a team in teams."""
    return (rotation,) if players == 3 else (rotation, rotation + 2)


def play(job: tuple[str, str, str, int, int]) -> tuple[int, int, str, float, int, float, int]:
    """One game: (rotation, plies, outcome for A: win/loss/draw, A's seconds, A's decisions,
    B's seconds, B's decisions)."""
    a, b, rules, seed, rotation = job
    g = Game.new(seed=seed, rules=rules)
    mine = seats_of_a(g.players, rotation)
    bots = [make_player(a if s in mine else b, seed=seed * 10 + s) for s in range(g.players)]
    spent = [0.0, 0.0]
    decisions = [0, 0]
    plies = 0
    while g.outcome is None and plies < MAX_PLIES:
        seat = g.to_move
        assert seat is not None
        side = 0 if seat in mine else 1
        t = time.perf_counter()
        move = bots[seat].choose(g)
        spent[side] += time.perf_counter() - t
        decisions[side] += 1
        g.play(move)
        plies += 1
    outcome = g.outcome or "draw"
    sides = {f"p{s}" for s in mine} | ({f"team{mine[0] & 1}"} if g.players == 4 else set())
    result = "draw" if outcome == "draw" else ("win" if outcome in sides else "loss")
    return rotation, plies, result, spent[0], decisions[0], spent[1], decisions[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--rules", default="classic+cutthroat")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    players = Rules.parse(args.rules).players
    rotations = players if players == 3 else 2
    jobs = [(args.a, args.b, args.rules, args.seed + d, r)
            for d in range(args.deals) for r in range(rotations)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, jobs, chunksize=4))
    n = len(results)
    wins = sum(1 for r in results if r[2] == "win")
    draws = sum(1 for r in results if r[2] == "draw")
    lo, hi = wilson(wins, n)
    by_seat = [sum(1 for r in results if r[0] == s and r[2] == "win") /
               max(1, sum(1 for r in results if r[0] == s)) for s in range(rotations)]
    sec_a = sum(r[3] for r in results) / max(1, sum(r[4] for r in results))
    sec_b = sum(r[5] for r in results) / max(1, sum(r[6] for r in results))
    plies = sum(r[1] for r in results) / n
    print(f"{args.a} vs {args.b} ({args.rules}), {n} games ({args.deals} deals x {rotations} "
          f"rotations, seeds {args.seed}..{args.seed + args.deals - 1}): {args.a} wins {wins}, "
          f"draws {draws}, win share {100 * wins / n:.1f}% (95% CI {100 * lo:.1f}-"
          f"{100 * hi:.1f}%); by rotation "
          + " / ".join(f"{100 * x:.1f}%" for x in by_seat)
          + f"; {plies:.1f} plies a game; s/decision {args.a} {sec_a:.4f}, {args.b} {sec_b:.4f}")


if __name__ == "__main__":
    main()
