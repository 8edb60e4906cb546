"""Judge ``hard``'s decisions at a table of three against rollouts, not against whole games.

A game's result hangs on the deal far more than on any one decision, so two variants of the
search that differ in a few decisions a game need thousands of games to be told apart. This
bench measures the decisions themselves:

1. ``collect``: plays games of ``hard`` against two mediums and keeps every position where hard
   chose on its own turn among two moves or more (the position JSON and the seat), one JSON line
   each;
2. ``truth``: for each position, the **rollout value** of each of medium's best ``--top`` moves
   (and of any move a variant chose outside them): the share of ``--rollouts`` games the seat
   wins when it plays that move and every seat, itself included, plays ``medium`` from then on,
   on fresh deals of every card the seat cannot see (``Game.from_view``). Every move of a
   position is played out on the same deals by the same players (common random numbers), so the
   differences between moves are far less noisy than the values;
3. ``judge``: each variant (a ``hard`` spec, e.g. ``hard:iterations=160``) decides every position;
   prints the mean rollout value of the moves it chose, its mean regret (the best move's value
   minus its move's), and for each pair of variants the mean difference with its standard error
   over the positions.

The rollout value is a proxy, not the truth: the seat plays medium's moves after the one judged
(its real later play is hard's), and the cards it cannot see are dealt as if nothing had been
learnt of them. It measures what the search estimates (the chance after a move, other seats
playing as medium plays) with many more samples than the search can afford in a decision.

    python benchmarks/bench_ai_table_truth.py collect --games 40 --seed 9971 --out P.jsonl
    python benchmarks/bench_ai_table_truth.py truth P.jsonl --rollouts 200 --jobs 2 --out T.jsonl
    python benchmarks/bench_ai_table_truth.py judge T.jsonl hard hard:iterations=160
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from cuttle import Game, Move
from cuttle.ai import make_player
from cuttle.ai.arena import parse_level
from cuttle.ai.arena_common import _derive
from cuttle.ai.pimc_table import medium_ranking
from cuttle.ai.table_arena import MAX_PLIES, TableMatch, play_table_game
from cuttle.engine.phases import MAIN

RULES = "classic+cutthroat"
T = TypeVar("T")
U = TypeVar("U")


def collect(games: int, seed: int, spec: str) -> list[dict[str, Any]]:
    """Every own-turn decision with a choice of ``spec`` in ``games`` games against two
    mediums (every seat in turn)."""
    name, opts = parse_level(spec)
    match = TableMatch((name, "medium", "medium"), (opts, {}, {}), games, seed, RULES)
    out: list[dict[str, Any]] = []
    for index in range(games):
        me = match.seating(index).index(0)

        def keep(game: Game, move: Move, index: int = index, me: int = me) -> None:
            s = game.to_move
            if (s == me and game.phase == MAIN and game.turn_player == s
                    and len(game.legal_moves()) > 1):
                out.append({"game": index, "ply": len(game.history), "seat": s,
                            "position": game.to_position()})

        play_table_game(match, index, keep)
    return out


def rollout_value(position: dict[str, Any], seat: int, move: str, rollouts: int) -> float:
    """The share of ``rollouts`` games ``seat`` wins after ``move``, medium at every seat,
    every unseen card dealt afresh (deal ``i`` and its players the same for every move)."""
    game = Game.from_position(position)
    view = game.view(seat)
    wins = 0.0
    for i in range(rollouts):
        g = Game.from_view(view, random.Random(1_000 + i))
        players = [make_player("medium", seed=5_000 + 3 * i + k) for k in range(g.players)]
        g.play(move)
        plies = 0
        while g.outcome is None and plies < MAX_PLIES:
            g.play(players[g.to_move].choose(g))  # type: ignore[index]
            plies += 1
        if g.outcome == f"p{seat}":
            wins += 1
        elif g.outcome is None or g.outcome == "draw":
            wins += 1 / g.players
    return wins / rollouts


def _map(fn: Callable[[T], U], work: list[T], jobs: int) -> list[U]:
    """``fn`` over ``work`` in order: in this process, or in ``jobs`` worker processes."""
    if jobs <= 1:
        return [fn(w) for w in work]
    with multiprocessing.Pool(jobs) as pool:
        return list(pool.imap(fn, work))


def _truth_job(job: tuple[dict[str, Any], int, int]) -> dict[str, Any]:
    row, top, rollouts = job
    game = Game.from_position(row["position"])
    seat = row["seat"]
    ranked = medium_ranking(game.view(seat), seat, game.legal_moves(), random.Random(1))
    values = {str(m): rollout_value(row["position"], seat, str(m), rollouts)
              for m in ranked[:top]}
    return {**row, "rollouts": rollouts, "values": values}


def truth(rows: list[dict[str, Any]], top: int, rollouts: int, jobs: int) -> list[dict[str, Any]]:
    """Each position of ``rows`` with the rollout values of medium's best ``top`` moves."""
    return _map(_truth_job, [(r, top, rollouts) for r in rows], jobs)


def _decide(job: tuple[str, dict[str, Any]]) -> str:
    spec, row = job
    name, opts = parse_level(spec)
    game = Game.from_position(row["position"])
    player = make_player(name, seed=_derive(0, "truth", row["game"], row["ply"]), **opts)
    return str(player.choose(game))


#: The buckets of :func:`judge`'s breakdown: the seat's first own turn of the game (it has seen
#: at most two moves of the others), its second, and the later ones.
TURNS = ("1st turn", "2nd turn", "later")


def own_turns(rows: list[dict[str, Any]]) -> list[int]:
    """For each row, which of its seat's own turns of that game it is (0 for the first), by
    ply: a position a variant judges is only as well informed as the moves before it."""
    plies: dict[tuple[int, int], list[int]] = {}
    for r in rows:
        plies.setdefault((r["game"], r["seat"]), []).append(r["ply"])
    return [sorted(plies[r["game"], r["seat"]]).index(r["ply"]) for r in rows]


def judge(rows: list[dict[str, Any]], specs: list[str], jobs: int) -> str:
    """The report: each variant's mean rollout value and regret (also by the seat's own turn:
    :data:`TURNS`), and the paired differences."""
    chosen: dict[str, list[str]] = {}
    for spec in specs:
        chosen[spec] = _map(_decide, [(spec, r) for r in rows], jobs)
    # a move no variant's candidates held is valued too (once, for every variant)
    for i, r in enumerate(rows):
        for spec in specs:
            m = chosen[spec][i]
            if m not in r["values"]:
                r["values"][m] = rollout_value(r["position"], r["seat"], m, r["rollouts"])
    lines = [f"{len(rows)} positions, {rows[0]['rollouts'] if rows else 0} rollouts a move"]
    got: dict[str, list[float]] = {}
    bucket = [min(t, len(TURNS) - 1) for t in own_turns(rows)]
    for spec in specs:
        vals = [r["values"][chosen[spec][i]] for i, r in enumerate(rows)]
        regret = [max(r["values"].values()) - v for r, v in zip(rows, vals, strict=True)]
        got[spec] = vals
        lines.append(f"  {spec}: mean value {sum(vals) / len(vals):.4f}, "
                     f"mean regret {sum(regret) / len(regret):.4f}")
        parts = []
        for k, name in enumerate(TURNS):
            mine = [i for i in range(len(rows)) if bucket[i] == k]
            if mine:
                parts.append(f"{name} ({len(mine)}): value "
                             f"{sum(vals[i] for i in mine) / len(mine):.4f}, regret "
                             f"{sum(regret[i] for i in mine) / len(mine):.4f}")
        lines.append("    " + "; ".join(parts))
    for a in range(len(specs)):
        for b in range(a + 1, len(specs)):
            d = [x - y for x, y in zip(got[specs[a]], got[specs[b]], strict=True)]
            mean = sum(d) / len(d)
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1))
            differ = sum(1 for i in range(len(rows)) if chosen[specs[a]][i] != chosen[specs[b]][i])
            se = sd / math.sqrt(len(d))
            lines.append(f"  {specs[a]} - {specs[b]}: {mean:+.4f} (SE {se:.4f}), "
                         f"different moves in {differ} positions")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=40)
    c.add_argument("--seed", type=int, required=True)
    c.add_argument("--level", default="hard")
    c.add_argument("--out", required=True)
    t = sub.add_parser("truth")
    t.add_argument("positions")
    t.add_argument("--top", type=int, default=5)
    t.add_argument("--rollouts", type=int, default=200)
    t.add_argument("--jobs", type=int, default=1)
    t.add_argument("--out", required=True)
    j = sub.add_parser("judge")
    j.add_argument("truth")
    j.add_argument("specs", nargs="+")
    j.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.cmd != "judge" and Path(args.out).exists():
        print(f"{args.out} exists: give another --out (a run is never overwritten)",
              file=sys.stderr)
        return 2
    if args.cmd == "collect":
        rows = collect(args.games, args.seed, args.level)
    elif args.cmd == "truth":
        with open(args.positions, encoding="utf-8") as f:
            rows = truth([json.loads(x) for x in f], args.top, args.rollouts, args.jobs)
    else:
        with open(args.truth, encoding="utf-8") as f:
            rows = [json.loads(x) for x in f]
        print(judge(rows, args.specs, args.jobs))
        return 0
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"{len(rows)} rows written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
