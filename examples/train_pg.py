"""A masked policy gradient (REINFORCE with a baseline) in numpy alone, on cuttle/Cuttle-v0.

    python examples/train_pg.py --games 3000        # two-player classic against our random

A linear softmax policy over the legal moves only (the mask from ``info``): move ``a`` scores
``W[a] @ obs + b[a]``. After each game every move of the learner is pushed up or down by the
game's reward less a running baseline. The learner's seat rotates game by game. It prints the
win rate against ``--opponent`` over the same ``--eval`` deals (draws count half) of the
untrained policy (uniform over the legal moves: a random player) and of the trained one,
greedy (its most likely move).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np

import cuttle.env  # noqa: F401  # registers cuttle/Cuttle-v0

Array = np.ndarray


def act(W: Array, b: Array, obs: Array, mask: Array, rng: np.random.Generator,
        greedy: bool) -> tuple[Array, Array, int]:
    """The legal moves, their probabilities and the index of the one chosen."""
    legal = np.flatnonzero(mask)
    z = W[legal] @ obs + b[legal]
    p = np.exp(z - z.max())
    p /= p.sum()
    return legal, p, int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))


def play(env: Any, W: Array, b: Array, rng: np.random.Generator, seed: int, greedy: bool = False,
         trace: list[Any] | None = None) -> float:
    """One game; the learner's (obs, legal, probabilities, choice) go to ``trace``."""
    obs, info = env.reset(seed=seed)
    while True:
        legal, p, i = act(W, b, obs, info["action_mask"], rng, greedy)
        if trace is not None:
            trace.append((obs, legal, p, i))
        obs, reward, terminated, truncated, info = env.step(int(legal[i]))
        if terminated or truncated:
            return float(reward)


def win_rate(env: Any, W: Array, b: Array, games: int, seed: int, greedy: bool) -> float:
    """The share of ``games`` won (a draw half) on deals ``10**6``, ``10**6 + 1``, ..."""
    rng = np.random.default_rng(seed)
    rewards = [play(env, W, b, rng, 10**6 + g, greedy) for g in range(games)]
    return float(np.mean([1.0 if r > 0 else 0.5 if r == 0 else 0.0 for r in rewards]))


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", type=int, default=3000, help="training games")
    parser.add_argument("--eval", type=int, default=400, help="games to measure the win rate")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    env: Any = gymnasium.make("cuttle/Cuttle-v0", rules=args.rules, opponents=args.opponent)
    W = np.zeros((env.action_space.n, env.observation_space.shape[0]), np.float32)
    b = np.zeros(env.action_space.n, np.float32)
    before = win_rate(env, W, b, args.eval, args.seed, greedy=False)
    rng, baseline, start = np.random.default_rng(args.seed), 0.0, time.perf_counter()
    for game in range(args.games):
        trace: list[Any] = []
        reward = play(env, W, b, rng, args.seed * 10**6 + game, trace=trace)
        advantage, baseline = reward - baseline, 0.99 * baseline + 0.01 * reward
        for obs, legal, p, i in trace:
            grad = -p
            grad[i] += 1.0  # d log p[i] / d scores
            W[legal] += args.lr * advantage * np.outer(grad, obs)
            b[legal] += args.lr * advantage * grad
    seconds = time.perf_counter() - start
    after = win_rate(env, W, b, args.eval, args.seed, greedy=True)
    print(f"{args.games} games in {seconds:.0f} s; win rate against {args.opponent} over "
          f"{args.eval} games: {before:.1%} untrained (random), {after:.1%} trained (greedy)")
    return {"before": before, "after": after, "seconds": seconds}


if __name__ == "__main__":
    main()
