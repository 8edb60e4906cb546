"""Fit the weights of the learned evaluation (cuttle/ai/learned.py) by logistic regression.

For each rule set (the two presets, and each with jokers: the weights are looked up by
``learned.weights_key``) plays self-play games (``--players``, medium against medium by default; a
small share of random moves, ``--explore``, so the data also covers the odd tables a search looks
at; several pairs, ``"medium/medium;hard:iterations=40/medium"``, take the games in turn),
records the feature vector of every main-phase table from both seats with the seat's final
result, and fits ``P(win) = sigmoid(w . features)`` by Newton's method with a small L2 penalty.
Prints the weights, the log-loss on held-out games, and with ``--write`` stores them in
cuttle/ai/learned_weights.py.

The deals come from seeds 10**9 + i, far from the seeds of the arena runs in docs/ai.md.
Needs numpy (not a dependency of cuttle: ``pip install numpy``).

    python benchmarks/tune_eval.py --games 10000 --jobs 2 --write
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.arena import parse_level
from cuttle.ai.learned import NAMES, features, weights_key
from cuttle.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS_FILE = ROOT / "cuttle" / "ai" / "learned_weights.py"
SEED_BASE = 10**9
DEFAULT_RULES = ("classic", "cuttlecards", "classic+joker", "cuttlecards+joker")


def play(job: tuple[str, int, str, float]) -> list[tuple[list[float], float]]:
    """One self-play game: (features, result for that seat) for every main-phase table."""
    rules, index, players, explore = job
    seed = SEED_BASE + index
    g = Game.new(seed=seed, rules=rules)
    pairs = players.split(";")
    a, b = pairs[index // 2 % len(pairs)].split("/")
    (na, oa), (nb, ob) = parse_level(a), parse_level(b)
    bots = [make_player(na, seed=seed, **oa), make_player(nb, seed=seed + 1, **ob)]
    if index % 2:
        bots.reverse()
    rng = random.Random(seed)
    rows: list[tuple[list[float], int]] = []
    for _ in range(2000):
        if g.outcome is not None:
            break
        if g.phase == "main":
            rows.append((features(g, 0), 0))
            rows.append((features(g, 1), 1))
        moves = g.legal_moves()
        if rng.random() < explore:
            move = rng.choice(moves)
        else:
            move = bots[g.to_move].choose(g)
        g.play(move)
    out = g.outcome
    result = {0: 0.5, 1: 0.5}
    if out in ("p0", "p1"):
        w = int(out[1])
        result = {w: 1.0, 1 - w: 0.0}
    return [(f, result[seat]) for f, seat in rows]


def fit(x, y, l2: float):  # type: ignore[no-untyped-def]
    """Logistic regression by Newton's method; returns the weights."""
    import numpy as np

    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def antisymmetric(w: list[float]) -> list[float]:
    """The weights with each pair of features (the seat's and the opponent's) made exactly
    opposite, and the features both seats share (the deck) set to 0: every table is in the data
    from both seats, so the fit is already nearly so; this removes the rounding noise."""
    named = dict(zip(NAMES, w, strict=True))
    pairs = [(n, n.replace("_me", "_op")) for n in NAMES if "_me" in n and not n.startswith("win_")]
    pairs += [("win_me_next", "win_op_later"), ("win_me_later", "win_op_next")]
    for a, b in pairs:
        if b in named and a != b:
            half = round((named[a] - named[b]) / 2, 4)
            named[a], named[b] = half, -half
    named["deck"] = 0.0
    return [named[n] for n in NAMES]


def log_loss(x, y, w) -> float:  # type: ignore[no-untyped-def]
    import numpy as np

    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10000, help="self-play games per rule set")
    ap.add_argument("--rules", default=",".join(DEFAULT_RULES),
                    help="comma-separated rule sets, one set of weights each")
    ap.add_argument("--players", default="medium/medium",
                    help="two levels, A/B (options as in the arena: hard:iterations=40/medium);"
                         " several pairs separated by ';' share the games in turn")
    ap.add_argument("--explore", type=float, default=0.05, help="share of random moves")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="store the weights in the package")
    args = ap.parse_args(argv)
    weights: dict[str, list[float]] = {}
    for rules in args.rules.split(","):
        preset = weights_key(Rules.parse(rules))
        jobs = [(rules, i, args.players, args.explore) for i in range(args.games)]
        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(play, jobs, chunksize=50)
        cut = len(games) * 4 // 5  # hold out the last fifth of the games
        train = [r for gm in games[:cut] for r in gm]
        test = [r for gm in games[cut:] for r in gm]
        xt = np.array([f for f, _ in train])
        yt = np.array([v for _, v in train])
        xv = np.array([f for f, _ in test])
        yv = np.array([v for _, v in test])
        w = fit(xt, yt, args.l2)
        base = log_loss(xv, yv, np.zeros(len(NAMES)))
        print(f"{preset}: {len(train)} training tables, {len(test)} held out;"
              f" held-out log-loss {log_loss(xv, yv, w):.4f} (a coin: {base:.4f})")
        for name, value in zip(NAMES, w, strict=True):
            print(f"  {name:14s} {value:+.3f}")
        w = fit(np.vstack([xt, xv]), np.concatenate([yt, yv]), args.l2)
        weights[preset] = antisymmetric([round(float(v), 4) for v in w])
    if args.write:
        from cuttle.ai.learned_weights import WEIGHTS

        old = dict(WEIGHTS)
        old.update(weights)
        lines = [
            '"""Weights of the learned evaluation (:mod:`cuttle.ai.learned`): one list per preset,'
            " one weight",
            "per feature in the order of ``learned.NAMES``. Written by",
            f"``python benchmarks/tune_eval.py {' '.join(sys.argv[1:])}``.",
            '"""',
            "",
            "WEIGHTS: dict[str, list[float]] = {",
        ]
        for preset, row in old.items():
            lines.append(f"    {preset!r}: [".replace("'", '"'))
            lines += [f"        {v!r},  # {name}" for name, v in zip(NAMES, row, strict=True)]
            lines.append("    ],")
        lines.append("}")
        text = "\n".join(lines) + "\n"
        WEIGHTS_FILE.write_text(text)
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
