"""``hard`` at a table, the eighth pass (docs/ai.md, "eighth pass"): ``others=race``, the other
seats in a simulation playing for their own standing alone (a model of a search by random
rollouts, which leaves the leader to the others); off by default."""

from __future__ import annotations

import random

import pytest
from hardfair import same_move_when_redealt
from test_modes_players import random_positions as positions

import cuttle.ai.pimc_table as pimc_table
from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.fasteval import _SOON, _standings, final_value, race_value, table_value_blind

FAST = {"iterations": 16}


@pytest.mark.parametrize("rules", ["classic+cutthroat", "classic+teams"])
def test_race_value_is_the_seats_own_standing_not_its_lead(rules: str) -> None:
    for g in positions(rules, 6, seed=61):
        for seat in range(g.players):
            st = _standings(g, _SOON, seat)
            mine = seat & 1 if g.seats.teams else seat
            assert race_value(g, seat) == st[mine]
            best_other = (st[1 - mine] if g.seats.teams
                          else max(st[q] for q in range(g.players) if q != seat))
            assert table_value_blind(g, seat) == pytest.approx(st[mine] - best_other)


def test_a_finished_game_is_won_or_lost() -> None:
    g = Game.new(seed=3, rules="classic+cutthroat")
    while g.outcome is None:
        g.play(make_player("medium", seed=1).choose(g))
    for seat in range(3):
        assert race_value(g, seat) == final_value(g, seat)


def test_race_is_what_the_other_seats_judge_by_and_only_when_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def spy(g: Game, seat: int) -> float:
        calls.append(seat)
        return race_value(g, seat)

    monkeypatch.setattr(pimc_table, "race_value", spy)
    g = positions("classic+cutthroat", 1, seed=67)[0]
    me = g.to_move
    make_player("hard", seed=2, **FAST).choose(g)
    assert not calls  # the default: medium's judgement
    make_player("hard", seed=2, others="race", **FAST).choose(g)
    assert calls and me not in calls  # the other seats, never the searching one


def test_race_is_reproducible_and_fair_at_a_table() -> None:
    rng = random.Random(71)
    opts = {"others": "race", **FAST}
    for g in positions("classic+cutthroat", 4, seed=73) + positions("classic+teams", 2, seed=73):
        same_move_when_redealt(g, opts, rng)
