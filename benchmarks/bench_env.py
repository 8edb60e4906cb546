"""Speed of cuttle.env: steps per second of the PettingZoo environment and of ``python_cuttle``.

Run: ``python benchmarks/bench_env.py [--games N] [--rules R]`` (any ruleset: two seats, or
three and four in the modes, ``classic+cutthroat``, ``classic+teams``). Plays the same uniformly
random games (the same seeds, one random source) five ways in one process, so the figures are
for one core and compare within one run: the engine's public API (``legal_moves`` + ``play``,
the baseline), the engine plus ``observe`` of the seat to move (the vector alone), the
PettingZoo AEC environment (``last`` + ``step``: an observation with its mask every step), the
PettingZoo parallel environment (``step`` of every agent's action: every agent's observation and
mask every step), and OpenSpiel's ``python_cuttle`` (``legal_actions`` +
``information_state_tensor`` + ``apply_action``). Steps per
second of the process's CPU time (``time.process_time``), so that the figures mean one core even
when others share it; not a test: the machine is shared and noisy all the same.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from cuttle import Game
from cuttle.env.observation import observe


def engine(rules: str, games: int, with_obs: bool) -> tuple[int, float]:
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    for i in range(games):
        g = Game.new(seed=i, rules=rules)
        while g.outcome is None:
            if with_obs:
                observe(g, g.to_move or 0)
            g.play(rng.choice(g.legal_moves()))
            steps += 1
    return steps, time.process_time() - start


def pettingzoo(rules: str, games: int) -> tuple[int, float]:
    from cuttle.env.pettingzoo import raw_env

    rng = random.Random(1)
    e = raw_env(rules=rules)
    steps = 0
    start = time.process_time()
    for i in range(games):
        e.reset(seed=i)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - start


def parallel(rules: str, games: int) -> tuple[int, float]:
    from cuttle.env.pettingzoo import parallel_env

    rng = random.Random(1)
    p = parallel_env(rules=rules)
    steps = 0
    start = time.process_time()
    for i in range(games):
        obs, _ = p.reset(seed=i)
        while p.agents:
            actions = {}
            for agent in p.agents:
                legal = np.flatnonzero(obs[agent]["action_mask"])
                actions[agent] = int(rng.choice(legal)) if len(legal) else 0
            obs, *_ = p.step(actions)
            steps += 1
    return steps, time.process_time() - start


def openspiel(rules: str, games: int) -> tuple[int, float]:
    import pyspiel

    import cuttle.env.openspiel  # noqa: F401 - registers python_cuttle

    game = pyspiel.load_game("python_cuttle", {"rules": rules})
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_initial_state()
        state.apply_action(i)
        while not state.is_terminal():
            state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rows = [
        ("engine: legal_moves + play (baseline)", engine(args.rules, args.games, False)),
        ("engine + observe()", engine(args.rules, args.games, True)),
        ("PettingZoo AEC env: last + step", pettingzoo(args.rules, args.games)),
        ("PettingZoo parallel env: step", parallel(args.rules, args.games)),
        ("OpenSpiel python_cuttle: tensor + apply", openspiel(args.rules, args.games)),
    ]
    seats = Game.new(seed=0, rules=args.rules).players
    print(f"{args.games} random games, rules {args.rules} ({seats} seats), one process")
    for name, (steps, secs) in rows:
        print(f"  {name:42} {steps / secs:9,.0f} steps per CPU second ({steps} steps, "
              f"{secs:.2f} s)")


if __name__ == "__main__":
    main()
