"""Where the sighted ``hard`` and the fair one part: for games the sighted one won and the fair
one lost on the same deal, the first move at which the two differ.

Both games are replayed move by move (the arena is deterministic: the same deal, seating and
seeds), the sighted one through ``bench_ai_table_ceiling``'s oracle, and the first ply where the
two choose differently is printed with the hands there. Which own turn of hard that ply is says
what a fair player could have known when it mattered: on its first turn at most two moves of the
others.

    python benchmarks/bench_ai_table_diverge.py --seed 9951 --sees hands --limit 44 \
        benchmarks/arena/modes-seventh-ceiling-hands-9951.jsonl \
        benchmarks/arena/modes-sixth-final-9951.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, replace

import bench_ai_table_ceiling as ceiling

from cuttle import Game, Move
from cuttle.ai.table_arena import TableMatch, play_table_game
from cuttle.cards import card_text
from cuttle.commands.arena import seat_player
from cuttle.engine.phases import MAIN

RULES = ceiling.RULES


@dataclass
class Parting:
    """The first ply at which the sighted and the fair hard chose differently."""

    index: int
    ply: int
    seat: int
    turn: int  # which own turn of hard (0: its first)
    sighted: str
    fair: str
    hands: list[str]


def _replay(match: TableMatch, i: int) -> list[tuple[str, int, Game]]:
    """Game ``i`` of ``match``, decision by decision: the move, its seat, the game before it."""
    out: list[tuple[str, int, Game]] = []

    def keep(g: Game, m: Move) -> None:
        seat = g.to_move
        assert seat is not None
        out.append((str(m), seat, g.copy(history=False)))

    play_table_game(match, i, keep)
    return out


def parting(match: TableMatch, i: int) -> Parting | None:
    """Game ``i``'s first difference between the sighted hard (``match`` with the ceiling's
    factory) and the fair one (``match`` as given), if any."""
    a = _replay(replace(match, factory=ceiling.factory), i)
    b = _replay(match, i)
    me = match.seating(i).index(0)
    turn = 0
    for ply, ((m1, s, g), (m2, _, _)) in enumerate(zip(a, b, strict=False)):  # one may end sooner
        if m1 != m2:
            hands = [" ".join(card_text(c) for c in h) for h in g.hands]
            return Parting(i, ply, s, turn, m1, m2, hands)
        if s == me and g.phase == MAIN and g.turn_player == me:
            turn += 1
    return None


def _wins(path: str) -> dict[int, bool]:
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(x) for x in f if x.strip()]
    return {r["index"]: r["winner"] == 0 for r in rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sighted_log")
    ap.add_argument("fair_log")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--sees", choices=("all", "hands"), default="hands")
    ap.add_argument("--limit", type=int, default=40)
    args = ap.parse_args(argv)
    sighted, fair = _wins(args.sighted_log), _wins(args.fair_log)
    games = [i for i in sorted(sighted) if sighted[i] and i in fair and not fair[i]][: args.limit]
    ceiling.install()
    ceiling._Truth.hands_only = args.sees == "hands"
    match = TableMatch(("hard", "medium", "medium"), ({}, {}, {}), max(sighted) + 1, args.seed,
                       RULES, seat_player)
    turns: Counter[int] = Counter()
    for i in games:
        p = parting(match, i)
        if p is None:
            print(f"game {i}: no difference (the games part in a player's random draw)")
            continue
        turns[p.turn] += 1
        print(f"game {i}: ply {p.ply}, hard's own turn {p.turn + 1} (seat {p.seat}): sighted "
              f"{p.sighted!r}, fair {p.fair!r}; hands {p.hands}", flush=True)
    print(f"{len(games)} games; where they part, by hard's own turn: "
          + ", ".join(f"turn {t + 1}: {n}" for t, n in sorted(turns.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
