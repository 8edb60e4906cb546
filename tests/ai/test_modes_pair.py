"""``benchmarks/bench_ai_modes_pair.py``: two runs of a table arena compared game by game (the
third pass's screens, docs/ai.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_ai_modes_pair import compare, mcnemar, wins_of  # noqa: E402


def test_mcnemar_is_the_exact_two_sided_binomial() -> None:
    assert mcnemar(0, 0) == 1.0
    assert mcnemar(5, 5) == 1.0
    assert abs(mcnemar(0, 7) - 2 / 2**7) < 1e-12
    assert abs(mcnemar(40, 25) - mcnemar(25, 40)) < 1e-12
    assert 0.08 < mcnemar(40, 25) < 0.09


def test_compare_counts_whole_rounds_both_runs_played(tmp_path: Path) -> None:
    def log(name: str, winners: dict[int, int]) -> str:
        path = tmp_path / name
        path.write_text("".join(json.dumps({"index": i, "winner": w}) + "\n"
                                for i, w in winners.items()))
        return str(path)

    # games 0-5 in both (two rounds of three), game 6 only in the new run (half a round)
    new = wins_of(log("new.jsonl", {0: 0, 1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 0}))
    base = wins_of(log("base.jsonl", {0: 0, 1: 2, 2: 0, 3: 2, 4: 1, 5: 1}))
    r = compare(new, base, per=3)
    assert r["games"] == 6
    assert (r["new_wins"], r["base_wins"], r["both"]) == (3, 2, 1)
    assert (r["only_new"], r["only_base"]) == (2, 1)
