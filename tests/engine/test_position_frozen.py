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
