"""Steps per second of the Gymnasium environment (cuttle/Cuttle-v0) under gymnasium.vector.

    python benchmarks/bench_env_vector.py --steps 4000 --envs 1,2,8 --modes sync,async

Each run makes ``gymnasium.make_vec("cuttle/Cuttle-v0", num_envs=N, vectorization_mode=M)``
(the learner against ``--opponents`` in every other seat), resets it with a seed, then steps a
uniformly random legal action in every environment (from ``info["action_mask"]``) until the
environments have taken ``--steps`` learner steps in all; the vector resets each finished game
itself (Gymnasium's next-step autoreset, whose step takes no action). It prints the learner's
steps per wall-clock second (what a trainer gets; the opponents' moves inside a step included)
and per CPU second, one line a run: the CPU seconds of this process and, for ``async``, which
runs each environment in a process of its own, of its workers too (counted once they have
exited, at ``close``), so that the two modes compare on a loaded machine too.
"""

from __future__ import annotations

import argparse
import resource
import time

import gymnasium
import numpy as np

import cuttle.env  # noqa: F401  # registers cuttle/Cuttle-v0


def run(rules: str, opponents: str, envs: int, mode: str, steps: int, seed: int
        ) -> dict[str, float]:
    """One vector of ``envs`` environments stepped for ``steps`` learner steps in all."""
    vec = gymnasium.make_vec("cuttle/Cuttle-v0", num_envs=envs, vectorization_mode=mode,
                             rules=rules, opponents=opponents)
    rng = np.random.default_rng(seed)
    obs, info = vec.reset(seed=seed)
    taken = games = 0
    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    wall, cpu, workers = time.perf_counter(), time.process_time(), children()
    while taken < steps:
        masks = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, reward, terminated, truncated, info = vec.step(actions)
        taken += int(sum(m.any() for m in masks))  # an autoreset step takes no action
        games += int(np.sum(terminated | truncated))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    vec.close()
    cpu += children() - workers  # async: the workers' CPU, theirs once they have exited
    return {"steps": taken, "games": games, "per_s": taken / wall, "per_cpu_s": taken / cpu}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--envs", default="1,2,8")
    parser.add_argument("--modes", default="sync,async")
    parser.add_argument("--steps", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for mode in args.modes.split(","):
        for n in (int(x) for x in args.envs.split(",")):
            r = run(args.rules, args.opponents, n, mode, args.steps, args.seed)
            cpu = f"{r['per_cpu_s']:8.0f}"
            print(f"{args.rules:18} {mode:5} envs={n}  {r['steps']:6d} steps {r['games']:4d} "
                  f"games  {r['per_s']:8.0f} steps/s  {cpu} steps/CPU s", flush=True)


if __name__ == "__main__":
    main()
