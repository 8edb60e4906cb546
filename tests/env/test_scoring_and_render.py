"""Returns of a finished game, and the table as text."""

from __future__ import annotations

import pytest

from cuttle import Game
from cuttle.cards import pretty
from cuttle.env.render import table_text
from cuttle.env.scoring import returns, winners


@pytest.mark.parametrize(("outcome", "seats", "won"), [
    ("p0", 2, {0}), ("p1", 2, {1}), ("draw", 2, set()), (None, 2, set()),
    ("p2", 3, {2}), ("team0", 4, {0, 2}), ("team1", 4, {1, 3}),
])
def test_winners(outcome: str | None, seats: int, won: set[int]) -> None:
    assert winners(outcome, seats) == won


def test_returns_of_two_seats() -> None:
    g = Game.new(seed=1)
    assert returns(g) == [0.0, 0.0]
    g.concede(0)
    assert returns(g) == [-1.0, 1.0]
    g = Game.new(seed=1, rules="cuttlecards")  # its rules have draw offers
    g.agree_draw()
    assert returns(g) == [0.0, 0.0]


def test_the_table_as_seat_one_sees_it() -> None:
    g = Game.new(seed=2, rules="cuttlecards")
    text = table_text(g, 1, ascii=True)
    assert text.endswith("player_0 to move (main)\n")
    assert all(line == line.rstrip() for line in text.splitlines())
    assert all(pretty(c, ascii=True) in text for c in g.hands[1])
    assert not any(pretty(c, ascii=True) in text for c in g.hands[0])
    g.concede(1)
    assert table_text(g, 0).endswith("game over: p0\n")
