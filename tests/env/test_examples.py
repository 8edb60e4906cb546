"""The numpy policy-gradient example trains and measures itself (a short run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_pg.py"


def test_the_policy_gradient_example_trains_and_reports_its_win_rates(
        capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_pg", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_pg"] = module
    spec.loader.exec_module(module)
    summary = module.main(["--games", "20", "--eval", "6"])
    assert 0.0 <= summary["before"] <= 1.0 and 0.0 <= summary["after"] <= 1.0
    assert "20 games in" in capsys.readouterr().out


def test_the_module_form_of_the_environment_id_needs_no_import() -> None:
    import gymnasium

    e = gymnasium.make("cuttle.env:cuttle/Cuttle-v0", rules="classic+cutthroat")
    obs, info = e.reset(seed=1)
    assert obs.shape == (1075,) and info["action_mask"].any()
