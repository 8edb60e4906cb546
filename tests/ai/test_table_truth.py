"""``benchmarks/bench_ai_table_truth.py``: hard's decisions at a table of three judged against
rollouts (the seventh pass, docs/ai.md)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_ai_table_truth import (  # noqa: E402
    collect,
    judge,
    main,
    own_turns,
    rollout_value,
    truth,
)

from cuttle import Game  # noqa: E402


def test_positions_are_the_levels_own_turns_and_rebuild() -> None:
    rows = collect(2, seed=5, spec="medium")
    assert rows
    for r in rows:
        g = Game.from_position(r["position"])
        assert g.to_move == r["seat"] == g.turn_player
        assert len(g.legal_moves()) > 1


def test_rollout_values_replay_and_a_win_now_is_one() -> None:
    rows = collect(1, seed=6, spec="medium")
    r = rows[0]
    g = Game.from_position(r["position"])
    move = str(g.legal_moves()[0])
    v = rollout_value(r["position"], r["seat"], move, 6)
    assert 0.0 <= v <= 1.0
    assert rollout_value(r["position"], r["seat"], move, 6) == v  # the same deals and players
    # a table where the seat wins with its move: every rollout is a win
    for row in collect(6, seed=7, spec="medium"):
        game = Game.from_position(row["position"])
        for m in game.legal_moves():
            c = game.copy()
            c.play(m)
            if c.outcome == f"p{row['seat']}":
                assert rollout_value(row["position"], row["seat"], str(m), 3) == 1.0
                return
    raise AssertionError("no table with a winning move in six games")


def test_judge_pairs_the_variants_position_by_position() -> None:
    rows = truth(collect(1, seed=8, spec="medium")[:2], top=2, rollouts=2, jobs=1)
    assert all(len(r["values"]) <= 2 and r["rollouts"] == 2 for r in rows)
    report = judge(rows, ["medium", "medium"], jobs=1)
    assert f"{len(rows)} positions, 2 rollouts a move" in report
    assert "medium - medium: +0.0000 (SE 0.0000), different moves in 0 positions" in report
    assert "1st turn (1): value" in report and "2nd turn (1): value" in report


def test_own_turns_count_each_seats_turns_of_a_game_by_ply() -> None:
    rows = [{"game": 0, "seat": 1, "ply": 7}, {"game": 0, "seat": 0, "ply": 3},
            {"game": 0, "seat": 1, "ply": 1}, {"game": 1, "seat": 1, "ply": 4},
            {"game": 0, "seat": 1, "ply": 10}]
    assert own_turns(rows) == [1, 0, 0, 0, 2]


def test_an_existing_output_is_never_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "kept.jsonl"
    out.write_text("a run\n")
    assert main(["collect", "--games", "1", "--seed", "1", "--out", str(out)]) == 2
    assert main(["truth", str(out), "--out", str(out)]) == 2
    assert out.read_text() == "a run\n"
