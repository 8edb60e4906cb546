"""How well ``hard``'s model of another seat at a table predicts a real ``medium``: on the
main-phase decisions of self-play games of mediums (every hand and the deck as dealt), the share
of decisions where each judge of :class:`cuttle.ai.pimc_table.TableSearcher` picks the move the
medium played, and its cost a decision.

    python benchmarks/bench_ai_reply_model.py --rules classic+cutthroat --games 60

The judges: ``blind`` (the default at three seats: the hand-set values with the other hands
unseen), ``fitblind`` (the fitted chances, blind: ``others=fit``), ``seen`` (the hand-set values,
every hand seen), ``fitseen`` (the fitted chances, every hand seen), ``medium1`` (medium's own
evaluation of the chooser's view of the settled table, :func:`pimc_table.medium_chance`:
``others=medium``), ``leafblind`` (the fitted leaf for the windows, the hand-set values blind
for the choice: the fourth pass's default) and ``reply`` (medium's own reply from the chooser's
view, :func:`pimc_table.medium_policy`: ``others=reply``, sixth pass).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.fasteval import table_values
from cuttle.ai.pimc_table import TableSearcher, medium_chance, medium_policy
from cuttle.ai.tablefit import fit_value_blind, fit_values
from cuttle.engine.search import moves as legal
from cuttle.engine.search import search_copy

Judge = Callable[[Game, int], float]


def judges() -> dict[str, tuple[Callable[[Game], list[float]], Judge | None, bool]]:
    """name -> (the searcher's values, its judge of another seat, blind)."""
    return {
        "blind": (table_values, None, True),
        "fitblind": (fit_values, fit_value_blind, True),
        "seen": (table_values, None, False),
        "fitseen": (fit_values, lambda g, s: fit_values(g)[s], False),
        "medium1": (fit_values, medium_chance, True),
        "leafblind": (fit_values, None, True),
        "reply": (fit_values, None, True),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="classic+cutthroat")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5_300_000)
    args = ap.parse_args()
    js = judges()
    agree = dict.fromkeys(js, 0)
    secs = dict.fromkeys(js, 0.0)
    n = 0
    for i in range(args.games):
        seed = args.seed + i
        g = Game.new(seed=seed, rules=args.rules)
        bots = [make_player("medium", seed=seed * 8 + s) for s in range(g.players)]
        for _ in range(400):
            if g.outcome is not None:
                break
            mover = g.to_move
            assert mover is not None
            move = bots[mover].choose(g)
            if g.phase == "main" and len(g.legal_moves()) > 1:
                s = search_copy(g)
                moves = legal(s)
                n += 1
                for name, (values, judge, blind) in js.items():
                    me = g.seats.nxt[mover]
                    ts = TableSearcher(me, False, g.seats.teams, values,
                                       rng=random.Random(seed))
                    ts.blind = blind
                    ts.judge = judge
                    if name == "reply":
                        ts.policy = medium_policy(random.Random(seed))
                    t0 = time.perf_counter()
                    picked, _got = ts.reply_of(s, moves, mover)
                    secs[name] += time.perf_counter() - t0
                    agree[name] += picked == move
            g.play(move)
    print(f"{args.rules}: {n} main-phase decisions of mediums with a choice, {args.games} games")
    for name in js:
        print(f"  {name:10s} agrees {100 * agree[name] / max(1, n):5.1f}%"
              f"  {1000 * secs[name] / max(1, n):6.2f} ms a reply")


if __name__ == "__main__":
    main()
