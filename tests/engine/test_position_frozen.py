"""A position whose frozen card is not known is refused at load: it would tell the other seat
which of its hidden cards is frozen (issue 25 item 18)."""

from __future__ import annotations

import pytest

from cuttle import Game


def test_a_frozen_card_must_be_known() -> None:
    pos = Game.new(seed=4, rules="classic+nine-freeze").to_position()
    card = pos["hands"][1][0]
    pos["frozen"] = [card]
    pos["known"] = []
    with pytest.raises(ValueError, match="frozen card .* is not in known"):
        Game.from_position(pos)
    pos["known"] = [card]
    game = Game.from_position(pos)
    assert game.view(0)["frozen"] == [card] and card in game.view(0)["hands"][1]


@pytest.mark.parametrize("rules", ["classic+nine-freeze", "cuttlecards"])
def test_a_frozen_card_counts_as_known_when_known_is_left_out(rules: str) -> None:
    """Issue 28 item 23: ``known`` may be left out (docs/notation.md), and a frozen card is public
    by rule, so a position without ``known`` is read with its frozen cards known."""
    pos = Game.new(seed=4, rules=rules).to_position()
    card = pos["hands"][1][0]
    pos["frozen"] = [card]
    del pos["known"]
    game = Game.from_position(pos)
    assert game.to_position()["known"] == [card]
    assert game.view(0)["frozen"] == [card] and card in game.view(0)["hands"][1]
    pos["known"] = None  # null reads as left out
    assert Game.from_position(pos).to_position()["known"] == [card]
