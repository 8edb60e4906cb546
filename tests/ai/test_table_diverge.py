"""``benchmarks/bench_ai_table_diverge.py``: where the sighted and the fair hard part (the eighth
pass, docs/ai.md)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_ai_table_ceiling as ceiling  # noqa: E402
import bench_ai_table_diverge as diverge  # noqa: E402

from cuttle.ai.table_arena import TableMatch  # noqa: E402
from cuttle.commands.arena import seat_player  # noqa: E402


def test_the_parting_is_a_move_of_hard_where_the_two_choose_differently() -> None:
    match = TableMatch(("hard", "medium", "medium"), ({}, {}, {}), 30, 9951, diverge.RULES,
                       seat_player)
    ceiling.install()
    ceiling._Truth.hands_only = True
    try:
        fair = diverge._replay(match, 16)
        assert [m for m, _, _ in diverge._replay(match, 16)] == [m for m, _, _ in fair]
        p = diverge.parting(match, 16)  # a game the sighted hard won and the fair one lost
    finally:
        ceiling._Truth.hands_only = False
        ceiling.uninstall()
    assert p is not None
    me = match.seating(16).index(0)
    assert p.seat == me and p.sighted != p.fair
    assert fair[p.ply][0] == p.fair  # the fair game's own move there
    assert all(m == fair[k][0] for k, (m, _, _) in enumerate(fair[: p.ply]))
    own = [k for k, (_, s, g) in enumerate(fair[: p.ply]) if s == me and g.turn_player == me
           and g.phase == "main"]
    assert p.turn == len(own)
    assert len(p.hands) == 3 and all(p.hands)
