"""Which levels play at a table of three or four: ``levels_for`` reads each level's own
``max_players``; those that do play every mode to the end; a level that does not (none, once
every level plays the modes) refuses at once, in one line, before reading anything of the game."""

from __future__ import annotations

import random

import pytest

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.levels import LEVELS, levels_for
from cuttle.ai.simple import RandomPlayer

MODES = ["classic+cutthroat", "cuttlecards+cutthroat", "classic+teams", "cuttlecards+teams"]
CHEAP_HARD = {"iterations": 24}


def test_every_level_plays_two_and_levels_for_agrees_with_the_players() -> None:
    assert levels_for(2) == LEVELS
    assert {"random", "easy", "medium"} <= set(levels_for(3)) and levels_for(3) == levels_for(4)
    for players in (2, 3, 4):
        for level in LEVELS:
            can = make_player(level, seed=1).max_players >= players
            assert can == (level in levels_for(players))


@pytest.mark.parametrize("rules", MODES)
def test_the_levels_for_the_modes_play_them_to_the_end(rules: str) -> None:
    g = Game.new(seed=5, rules=rules)
    # hard on a small budget: what is tested is that each level plays the mode to the end, not
    # how well (at its default budget this one game of teams cost more CPU than whole
    # directories of tests)
    bots = [make_player(level, seed=s, **(CHEAP_HARD if level == "hard" else {})) for s, level in
            enumerate(random.Random(rules).choices(levels_for(g.players), k=g.players))]
    for _ in range(3000):
        if g.outcome is not None:
            break
        g.play(bots[g.to_move].choose(g))  # type: ignore[index]
    assert g.outcome is not None


class _TwoSeatsOnly(RandomPlayer):
    """A player made for this test that sits at two seats only (every real level now plays
    every table, so none is left to show the refusal)."""

    level = "pair"
    max_players = 2


@pytest.mark.parametrize("rules", MODES)
def test_a_two_player_level_refuses_a_bigger_table_with_a_reason(rules: str) -> None:
    g = Game.new(seed=2, rules=rules)
    before = g.to_position()
    with pytest.raises(ValueError) as refused:
        _TwoSeatsOnly(seed=1).choose(g)
    text = str(refused.value)
    assert text == f"the pair AI plays two-player games only, not a table of {g.players}"
    assert g.to_position() == before


def test_a_player_of_fewer_seats_refuses_in_one_line() -> None:
    from cuttle.ai.heuristic import HeuristicPlayer

    class Threes(HeuristicPlayer):
        max_players = 3

    g = Game.new(seed=2, rules="classic+teams")
    with pytest.raises(ValueError, match=r"^the medium AI plays at most 3 seats, not a table of "
                                         r"4$"):
        Threes(1).choose(g)
    assert Threes(1).choose(Game.new(seed=2, rules="classic+cutthroat")) is not None


def test_a_level_joins_the_modes_by_its_class_saying_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from cuttle.ai.levels import player_class

    hard = player_class("hard")
    monkeypatch.setattr(hard, "max_players", 4)
    assert levels_for(3) == levels_for(4) == LEVELS
    monkeypatch.setattr(hard, "max_players", 2)
    assert "hard" not in levels_for(3) and levels_for(2) == LEVELS
    with pytest.raises(ValueError, match="unknown AI level 'grandmaster'"):
        player_class("grandmaster")
