"""Fit the weights of the fitted table leaf (cuttle/ai/tablefit.py, ``hard:leaf=fit``) by
maximum likelihood on the outcomes of self-play games at three and four seats.

For each rule set (``classic+cutthroat``, ``cuttlecards+cutthroat``, ``classic+teams``,
``cuttlecards+teams``) plays self-play games (``--players``: one level per seat, ``medium`` at
every seat by default, with a small share of random moves, ``--explore``, so the data also covers
the odd tables a search looks at), records every main-phase table (seeing every hand: the leaf
scores determinized games) with the side that won in the end, and fits the multinomial logit
``P(side s wins) = exp(w . f_s) / sum_t exp(w . f_t)`` (one weight vector shared by every side)
by Newton's method with a small L2 penalty. A drawn game counts as an equal share for every
side. Prints, on the held-out last fifth of the games: the fitted leaf's log-loss and accuracy
(the side it rates highest won), against the hand-set leaf (``fasteval.table_values``'
standings, turned into chances by a softmax whose temperature is fitted on the training games)
and against a coin (every side alike). With ``--write`` stores the weights (fitted again on all
the games) in cuttle/ai/tablefit.py (``WEIGHTS``, between its marker lines).

The deals come from seeds 7_700_000 + 100_000 * k + i (k the rule set's place in the list), far
from the seeds of the arena runs in docs/ai.md (their deals are derived by a hash, see
``arena_common._derive``; ``--check-seeds`` lists any arena deal of the given seeds that a
training game shares). Needs numpy (the ``dev`` extra; never imported by the game).

    python benchmarks/tune_table_eval.py --games 3000 --jobs 2 --write
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
from pathlib import Path

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.arena import parse_level
from cuttle.ai.arena_common import _derive
from cuttle.ai.fasteval import _standings
from cuttle.ai.tablefit import NAMES, features, weights_key
from cuttle.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS_FILE = ROOT / "cuttle" / "ai" / "tablefit.py"
BEGIN, END = "# -- weights: begin --\n", "# -- weights: end --\n"
SEED_BASE = 7_700_000
DEFAULT_RULES = ("classic+cutthroat", "cuttlecards+cutthroat", "classic+teams",
                 "cuttlecards+teams")

Row = tuple[list[list[float]], list[float], list[float]]


def seed_of(k: int, i: int) -> int:
    """The deal of training game ``i`` of the ``k``-th rule set."""
    return SEED_BASE + 100_000 * k + i


def play(job: tuple[str, int, int, str, float]) -> list[Row]:
    """One self-play game: (every side's features, the result by side, the hand-set standings by
    side) for every main-phase table of it."""
    rules, k, index, players, explore = job
    seed = seed_of(k, index)
    g = Game.new(seed=seed, rules=rules)
    n = g.players
    specs = players.split(",")
    specs = [specs[s % len(specs)] for s in range(n)]
    shift = index % n  # every level sits at every seat in turn
    bots = []
    for s in range(n):
        name, opts = parse_level(specs[(s + shift) % n])
        bots.append(make_player(name, seed=seed * 8 + s, **opts))
    rng = random.Random(seed)
    rows: list[tuple[list[list[float]], list[float]]] = []
    for _ in range(3000):
        if g.outcome is not None:
            break
        if g.phase == "main" and not g.seats.out:
            st = _standings(g)
            rows.append((features(g), st))
        moves = g.legal_moves()
        if rng.random() < explore:
            move = rng.choice(moves)
        else:
            move = bots[g.to_move].choose(g)
        g.play(move)
    out = g.outcome
    sides = 2 if g.seats.teams else n
    if out is None or out == "draw":
        y = [1.0 / sides] * sides
    else:
        w = int(out[-1])
        y = [float(s == w) for s in range(sides)]
    return [(f, y, st) for f, st in rows]


def fit(x, y, l2: float):  # type: ignore[no-untyped-def]
    """The conditional (multinomial) logit by Newton's method: ``x`` (tables, sides, features),
    ``y`` (tables, sides) the results; returns the weights."""
    import numpy as np

    w = np.zeros(x.shape[2])
    for _ in range(40):
        s = x @ w
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ts,tsf->tf", p, x)
        grad = np.einsum("ts,tsf->f", p - y, x) + l2 * w
        hess = (np.einsum("ts,tsf,tsg->fg", p, x, x) - mean.T @ mean
                + l2 * np.eye(x.shape[2]))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def probs(scores):  # type: ignore[no-untyped-def]
    import numpy as np

    s = scores - scores.max(axis=1, keepdims=True)
    p = np.exp(s)
    return p / p.sum(axis=1, keepdims=True)


def log_loss(p, y) -> float:  # type: ignore[no-untyped-def]
    import numpy as np

    return float(-(y * np.log(np.clip(p, 1e-9, 1.0))).sum(axis=1).mean())


def accuracy(p, y) -> float:  # type: ignore[no-untyped-def]
    """The share of decided tables whose highest-rated side won."""
    decided = y.max(axis=1) == 1.0
    return float((p[decided].argmax(axis=1) == y[decided].argmax(axis=1)).mean())


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000, help="self-play games per rule set")
    ap.add_argument("--rules", default=",".join(DEFAULT_RULES),
                    help="comma-separated rule sets, one set of weights each")
    ap.add_argument("--players", default="medium",
                    help="levels by seat, comma-separated (options as in the arena), repeated"
                         " round the table; the seats turn from game to game")
    ap.add_argument("--explore", type=float, default=0.05, help="share of random moves")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check-seeds", default="",
                    help="comma-separated arena seeds: report training deals they share")
    ap.add_argument("--write", action="store_true", help="store the weights in the package")
    args = ap.parse_args(argv)
    rule_list = args.rules.split(",")
    if args.check_seeds:
        train = {seed_of(k, i) for k in range(len(DEFAULT_RULES)) for i in range(args.games)}
        for s in args.check_seeds.split(","):
            shared = [i for i in range(1000) if _derive(int(s), "deal", i) in train]
            print(f"arena seed {s}: {len(shared)} of its first 1000 deals are training deals")
    weights: dict[str, list[float]] = {}
    for rules in rule_list:
        key = weights_key(Rules.parse(rules))
        k = DEFAULT_RULES.index(rules) if rules in DEFAULT_RULES else len(DEFAULT_RULES)
        jobs = [(rules, k, i, args.players, args.explore) for i in range(args.games)]
        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(play, jobs, chunksize=20)
        cut = len(games) * 4 // 5  # hold out the last fifth of the games

        def arrays(gs):  # type: ignore[no-untyped-def]
            rows = [r for gm in gs for r in gm]
            return (np.array([f for f, _, _ in rows]), np.array([y for _, y, _ in rows]),
                    np.array([s for _, _, s in rows]))

        xt, yt, st = arrays(games[:cut])
        xv, yv, sv = arrays(games[cut:])
        w = fit(xt, yt, args.l2)
        pv = probs(xv @ w)
        temps = [2.0 * 1.25**i for i in range(25)]
        best_t = min(temps, key=lambda t: log_loss(probs(st / t), yt))
        ph = probs(sv / best_t)
        coin = np.full_like(yv, 1.0 / yv.shape[1])
        print(f"{key}: {len(xt)} training tables ({cut} games), {len(xv)} held out"
              f" ({len(games) - cut} games)")
        print(f"  held-out log-loss: fitted {log_loss(pv, yv):.4f}, hand-set (temperature"
              f" {best_t:.1f}) {log_loss(ph, yv):.4f}, a coin {log_loss(coin, yv):.4f}")
        print(f"  held-out accuracy: fitted {accuracy(pv, yv):.3f}, hand-set"
              f" {accuracy(ph, yv):.3f}, a coin {1 / yv.shape[1]:.3f}")
        for name, value in zip(NAMES, w, strict=True):
            print(f"  {name:12s} {value:+.3f}")
        print(end="", flush=True)
        w = fit(np.vstack([xt, xv]), np.concatenate([yt, yv]), args.l2)
        weights[key] = [round(float(v), 4) for v in w]
    if args.write:
        from cuttle.ai.tablefit import WEIGHTS

        old = dict(WEIGHTS)
        old.update(weights)
        lines = ["WEIGHTS: dict[str, list[float]] = {"]
        for key, row in old.items():
            lines.append(f'    "{key}": [')
            lines += [f"        {v!r},  # {name}" for name, v in zip(NAMES, row, strict=True)]
            lines.append("    ],")
        lines.append("}")
        text = WEIGHTS_FILE.read_text()
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        WEIGHTS_FILE.write_text(head + BEGIN + "\n".join(lines) + "\n" + END + tail)
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
