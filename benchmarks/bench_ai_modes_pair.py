"""Compare two runs of the same table arena (``--log`` files of the same seed, rules and
seating, entrant 0 the player being screened) on the games both played: each one's wins there,
the games won by both, by only one, and McNemar's exact test on the discordant games.

    python benchmarks/bench_ai_modes_pair.py NEW.jsonl BASE.jsonl

Only whole rounds of both are counted (cutthroat: a deal's three rotations; teams: both first
seats; ``--per``), so no seat's advantage favours either run (docs/ai.md, "third pass").
"""

from __future__ import annotations

import argparse
import json
from math import comb

from cuttle.ai.arena_common import wilson


def wins_of(path: str) -> dict[int, bool]:
    """Game index -> whether entrant 0 won it, from a ``--log`` file."""
    out: dict[int, bool] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                out[row["index"]] = row["winner"] == 0
    return out


def mcnemar(b: int, c: int) -> float:
    """The two-sided exact (binomial) McNemar p-value for ``b`` and ``c`` discordant games."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(new: dict[int, bool], base: dict[int, bool], per: int) -> dict[str, object]:
    """The paired comparison of ``new`` and ``base`` on the whole rounds both played."""
    both = set(new) & set(base)
    whole = sorted(i for i in both if all(i - i % per + k in both for k in range(per)))
    n = len(whole)
    a = sum(new[i] for i in whole)
    z = sum(base[i] for i in whole)
    b = sum(new[i] and not base[i] for i in whole)
    c = sum(base[i] and not new[i] for i in whole)
    return {"games": n, "new_wins": a, "base_wins": z, "both": a - b, "only_new": b,
            "only_base": c, "new_share": round(a / n, 4) if n else None,
            "base_share": round(z / n, 4) if n else None,
            "new_ci95": [round(x, 4) for x in wilson(a, n)] if n else None,
            "p_mcnemar": round(mcnemar(b, c), 4)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("base")
    ap.add_argument("--per", type=int, default=3, help="games in a round (3 cutthroat, 2 teams)")
    args = ap.parse_args()
    r = compare(wins_of(args.new), wins_of(args.base), args.per)
    print(json.dumps(r))


if __name__ == "__main__":
    main()
