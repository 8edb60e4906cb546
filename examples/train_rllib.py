"""Self-play PPO on RLlib for Cuttle's PettingZoo environment, one machine or a Ray cluster.

    pip install -e '.[ray]'
    python examples/train_rllib.py --iterations 50                       # this machine
    python examples/train_rllib.py --address auto --env-runners 64       # a Ray cluster, unchanged

Every seat shares one policy (self-play): RLlib's action-masking PPO module over the seat's
observation vector, its logits masked by the legal moves. ``--address`` joins a running cluster
(``ray start``; ``auto`` or ``RAY_ADDRESS``); without it Ray starts on this machine. After
training, the policy plays ``--eval-games`` games against each of ``--against`` (our levels, from
their own views, the policy's seat moving game by game; at three and four seats only ``random``
plays, checked before training) and the script prints its win rates and the environment steps
it trained on per hour and per core.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper

from cuttle.env.pettingzoo import env as cuttle_env
from cuttle.env.pettingzoo import raw_env
from cuttle.env.players import LevelPolicy

POLICY = "shared"


class MaskedObservations(BaseWrapper):  # type: ignore[misc]
    """The observation dict under the keys RLlib's action-masking module reads
    (``observations``, ``action_mask``)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        inner = self.env.observation_space(agent)
        return spaces.Dict({"observations": inner["observation"],
                            "action_mask": inner["action_mask"]})

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.env.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}


def make_env(config: dict[str, Any]) -> Any:
    """The RLlib environment of one ruleset (``config["rules"]``)."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    return PettingZooEnv(MaskedObservations(cuttle_env(rules=config.get("rules", "classic"))))


def build_config(args: argparse.Namespace) -> Any:
    """The PPO configuration: one shared masked policy for every seat."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    return (
        PPOConfig()
        # RLlib's check steps random actions, which a masked game refuses: checked by
        # PettingZoo's own api_test instead (tests/env/test_pettingzoo.py).
        .environment("cuttle", env_config={"rules": args.rules}, disable_env_checking=True)
        .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1)
        .multi_agent(policies={POLICY},
                     policy_mapping_fn=lambda agent_id, episode, **kw: POLICY)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            POLICY: RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                 model_config={"head_fcnet_hiddens": [256, 256]}),
        }))
        .training(train_batch_size_per_learner=args.batch, minibatch_size=min(128, args.batch),
                  num_epochs=args.epochs, lr=3e-4)
        .debugging(seed=args.seed)
    )


def sampled_steps(result: dict[str, Any], before: int) -> int:
    """The environment steps sampled so far, from one ``algo.train()`` result: RLlib's lifetime
    count under ``env_runners``, or, where it reports none (ray 2.60 with remote env runners
    left it at 0 here), ``before`` plus this iteration's count."""
    runners = result.get("env_runners", {})
    lifetime = runners.get("num_env_steps_sampled_lifetime") or 0
    if lifetime > before:
        return int(lifetime)
    return before + int(runners.get("num_env_steps_sampled") or 0)


def greedy_action(module: Any, obs: dict[str, np.ndarray]) -> int:
    """The policy's most likely legal action."""
    import torch

    batch = {"obs": {"observations": torch.as_tensor(obs["observation"][None]),
                     "action_mask": torch.as_tensor(obs["action_mask"][None])}}
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
    logits = np.where(obs["action_mask"] > 0, logits, -np.inf)
    return int(np.argmax(logits))


def evaluate(module: Any, level: str, games: int, rules: str, seed: int) -> float:
    """The trained policy's win rate against one of our levels (draws count half)."""
    e = raw_env(rules=rules)
    seats = len(e.possible_agents)
    score = 0.0
    for i in range(games):
        ours = LevelPolicy(level, seed=seed + i, rules=rules)  # every other seat
        mine = f"player_{i % seats}"
        e.reset(seed=seed + i // seats)  # each deal once from every seat
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                if agent == mine:
                    score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                e.step(None)
                continue
            e.step(greedy_action(module, obs) if agent == mine else ours(e, agent))
    return score / games


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--env-runners", type=int, default=1, help="processes collecting games")
    parser.add_argument("--batch", type=int, default=4000, help="environment steps per iteration")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--address", default=None, help="a Ray cluster (auto, or host:port)")
    parser.add_argument("--out", default="cuttle_ppo", help="where the checkpoint goes")
    parser.add_argument("--against", default="random,medium", help="our levels to play after")
    parser.add_argument("--eval-games", type=int, default=100)
    args = parser.parse_args(argv)
    against = [lvl for lvl in args.against.split(",") if lvl]
    try:
        for lvl in against:  # a level that cannot play the rules: refused before training
            LevelPolicy(lvl, rules=args.rules)
    except ValueError as exc:
        parser.error(str(exc))

    import ray
    from ray.tune.registry import register_env

    ray.init(address=args.address, ignore_reinit_error=True, include_dashboard=False)
    register_env("cuttle", make_env)
    algo = build_config(args).build_algo()
    steps = 0
    start = time.perf_counter()
    for i in range(args.iterations):
        result = algo.train()
        steps = sampled_steps(result, steps)
        print(f"iteration {i + 1}: {steps} environment steps, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    path = algo.save_to_path(os.path.abspath(args.out))
    module = algo.get_module(POLICY)
    cores = max(1, int(ray.cluster_resources().get("CPU", 1)))
    summary: dict[str, Any] = {
        "iterations": args.iterations,
        "env_steps": steps,
        "seconds": round(elapsed, 1),
        "env_steps_per_hour_per_core": round(steps / elapsed * 3600 / cores),
        "cores": cores,
        "checkpoint": str(path),
        "win_rate": {lvl: evaluate(module, lvl, args.eval_games, args.rules, args.seed)
                     for lvl in against},
    }
    print(json.dumps(summary))
    algo.stop()
    ray.shutdown()
    return summary


if __name__ == "__main__":
    main()
