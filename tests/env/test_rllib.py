"""The RLlib example trains: a short smoke run of examples/train_rllib.py (slow; needs ray)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_rllib.py"


@pytest.mark.slow
def test_two_iterations_of_self_play_then_a_match_against_our_levels(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_rllib", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_rllib"] = module
    spec.loader.exec_module(module)
    summary = module.main(["--iterations", "2", "--batch", "256", "--epochs", "1",
                           "--env-runners", "0", "--eval-games", "2", "--against", "random",
                           "--out", str(tmp_path / "ckpt")])
    assert summary["env_steps"] >= 256
    assert 0.0 <= summary["win_rate"]["random"] <= 1.0
    assert (tmp_path / "ckpt").exists()
