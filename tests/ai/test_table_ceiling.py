"""``benchmarks/bench_ai_table_ceiling.py``: hard that sees the cards, the ceiling of the seventh
pass (docs/ai.md). It cheats only while it decides; every other player is untouched."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_ai_table_ceiling as ceiling  # noqa: E402

import cuttle.ai.pimc as pimc  # noqa: E402
from cuttle import Game  # noqa: E402
from cuttle.ai import make_player  # noqa: E402


def _table() -> Game:
    g = Game.new(seed=12, rules="classic+cutthroat")
    g.play(make_player("medium", seed=1).choose(g))
    return g


def test_fair_players_decide_as_before_and_the_oracle_searches_the_true_deal() -> None:
    g = _table()
    seat = g.to_move
    assert seat is not None and len(g.legal_moves()) > 1
    fair = str(make_player("hard", seed=3).choose(g))
    ceiling.install()
    try:
        # nobody cheating: the deals are the fair ones, the same move
        assert str(make_player("hard", seed=3).choose(g)) == fair
        fair_deal = pimc.simulation(g.view(seat), random.Random(1))
        assert fair_deal.hands != g.hands
        oracle = ceiling.factory("hard", seed=3)
        seen: list[Game] = []
        real = pimc.simulation

        def spy(view, rng):  # type: ignore[no-untyped-def]
            seen.append(real(view, rng))
            return seen[-1]

        pimc.simulation = spy
        try:
            oracle.choose(g)
        finally:
            pimc.simulation = real
        assert seen and seen[0].hands == g.hands and seen[0].deck == g.deck
        assert ceiling._Truth.game is None  # the truth is gone once it has chosen
        for i in range(3):  # every further deal of its search is the true one too
            ceiling._Truth.game = g
            try:
                assert g.copy().redeal(seat, random.Random(i)).hands == g.hands
            finally:
                ceiling._Truth.game = None
        ceiling._Truth.game, ceiling._Truth.hands_only = g, True
        try:
            dealt = pimc.simulation(g.view(seat), random.Random(1))
        finally:
            ceiling._Truth.game, ceiling._Truth.hands_only = None, False
        assert dealt.hands == g.hands and sorted(dealt.deck) == sorted(g.deck)
        assert dealt.deck != g.deck  # with --sees hands the deck's order is not seen
    finally:
        ceiling.uninstall()
    assert Game.redeal is ceiling._fair_redeal
    assert pimc.simulation is ceiling._fair_simulation


def test_blind_first_turns_are_decided_fairly_and_later_ones_see() -> None:
    g = Game.new(seed=12, rules="classic+cutthroat")
    seat = g.to_move
    assert seat is not None
    seen: list[bool] = []
    ceiling.install()
    real = pimc.simulation

    def spy(view, rng):  # type: ignore[no-untyped-def]
        seen.append(ceiling._Truth.game is not None)
        return real(view, rng)

    pimc.simulation = spy
    ceiling.Oracle.blind = 1
    try:
        oracle = ceiling.factory("hard", seed=3)
        assert str(oracle.choose(g)) == str(make_player("hard", seed=3).choose(g))
        assert seen and not any(seen)  # its first turn: fair deals only
        seen.clear()
        oracle.choose(g)  # the same position, its second turn: the true deal
        assert seen and all(seen)
    finally:
        ceiling.Oracle.blind = 0
        pimc.simulation = real
        ceiling.uninstall()


def test_the_sighted_seat_is_hard_with_its_options(tmp_path: Path) -> None:
    oracle = ceiling.factory("hard", seed=3, others="race")
    assert isinstance(oracle, ceiling.Oracle) and oracle.player.table_others == "race"
    log = tmp_path / "log.jsonl"
    with pytest.raises(SystemExit) as exc:
        ceiling.main(["--seed", "1", "--games", "1", "--player", "medium", "--log", str(log)])
    assert exc.value.code == 2 and not log.exists()
    assert pimc.simulation is ceiling._fair_simulation  # a refused run reroutes nothing
