"""Perft regression: move-tree sizes from fixed positions must not change by accident.

The counts in tests/data/perft.json come from ``python benchmarks/perft.py --write``; a rule
change that alters them is regenerated deliberately, with the reason in its commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuttle import Game
from cuttle.engine.perft import perft

CASES = json.loads((Path(__file__).parents[1] / "data" / "perft.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[f"{c['rules']}-{i}" for i, c in enumerate(CASES)])
def test_perft_counts_match_the_stored_data(case: dict) -> None:
    game = Game.from_position(case["position"])
    assert perft(game, case["depth"]) == case["nodes"]


def test_perft_of_depth_one_is_the_number_of_legal_moves() -> None:
    game = Game.new(seed=11)
    assert perft(game, 1) == len(game.legal_moves())
    assert perft(game, 0) == 1
