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
from dataclasses import dataclass

import bench_ai_table_ceiling as ceiling

from cuttle import Game
from cuttle.ai.table_arena import MAX_PLIES, TableMatch, _derive
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


def _replay(match: TableMatch, i: int, sighted: bool) -> list[tuple[str, int, Game]]:
    seating = match.seating(i)
    g = Game.new(seed=match.deal(i), rules=match.rules)
    seats = []
    for k, e in enumerate(seating):
        p = seat_player(match.names[e], seed=_derive(match.seed, "seat", i, k),
                        **match.options[e])
        seats.append(ceiling.Oracle(p) if sighted and e == 0 else p)
    out: list[tuple[str, int, Game]] = []
    while g.outcome is None and len(out) < MAX_PLIES:
        s = g.to_move
        assert s is not None
        before = g.copy(history=False)
        m = seats[s].choose(g)
        out.append((str(m), s, before))
        g.play(m)
    return out


def parting(match: TableMatch, i: int) -> Parting | None:
    """Game ``i``'s first difference between the sighted and the fair hard, if any."""
    a = _replay(match, i, True)
    b = _replay(match, i, False)
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
