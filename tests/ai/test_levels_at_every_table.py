"""Which levels play at a table of three or four: the one that does plays every mode to the end;
the others refuse at once, with a reason naming the levels that can, before reading anything of
the game (no traceback from deep inside a two-player evaluation)."""

from __future__ import annotations

import random

import pytest

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.levels import LEVELS, levels_for

MODES = ["classic+cutthroat", "cuttlecards+cutthroat", "classic+teams", "cuttlecards+teams"]


def test_every_level_plays_two_and_levels_for_agrees_with_the_players() -> None:
    assert levels_for(2) == LEVELS
    for players in (2, 3, 4):
        for level in LEVELS:
            can = make_player(level, seed=1).max_players >= players
            assert can == (level in levels_for(players))


@pytest.mark.parametrize("rules", MODES)
def test_the_levels_for_the_modes_play_them_to_the_end(rules: str) -> None:
    g = Game.new(seed=5, rules=rules)
    bots = [make_player(level, seed=s) for s, level in
            enumerate(random.Random(rules).choices(levels_for(g.players), k=g.players))]
    for _ in range(3000):
        if g.outcome is not None:
            break
        g.play(bots[g.to_move].choose(g))  # type: ignore[index]
    assert g.outcome is not None


@pytest.mark.parametrize("rules", MODES)
@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv not in levels_for(3)])
def test_a_two_player_level_refuses_a_bigger_table_with_a_reason(rules: str, level: str) -> None:
    g = Game.new(seed=2, rules=rules)
    before = g.to_position()
    with pytest.raises(ValueError) as refused:
        make_player(level, seed=1).choose(g)
    text = str(refused.value)
    assert text.startswith(f"the {level} AI plays two-player games only, not a table of "
                           f"{g.players}")
    assert "random" in text and "\n" not in text
    assert g.to_position() == before
