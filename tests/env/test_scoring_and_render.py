"""Returns of a finished game, and the table as text."""

from __future__ import annotations

import random
import re

import pytest

from cuttle import Game
from cuttle.cards import card_text, pretty
from cuttle.env.render import table_text
from cuttle.env.scoring import returns, winners
from cuttle.text.cardtext import CardStyle


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


@pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+teams"])
def test_three_and_four_seats_draw_every_seat_and_hide_what_the_viewer_cannot_see(
        rules: str) -> None:
    rng = random.Random(rules)
    style = CardStyle(ascii=True)
    g = Game.new(seed=5, rules=rules)
    names = [f"player_{i}" for i in range(g.players)]
    hidden_seen = 0
    for _ in range(40):
        if g.outcome is not None:
            break
        for viewer in range(g.players):
            text = table_text(g, viewer, names, ascii=True)
            heads = [line for line in text.splitlines()[:-1] if line.startswith("player_")]
            # every seat once, the viewer last (at the bottom), the others from its left
            order = [(viewer + r) % g.players for r in range(1, g.players)] + [viewer]
            assert [h.split()[0] for h in heads] == [names[p] for p in order]
            assert text.endswith(f"{names[g.to_move or 0]} to move ({g.phase})\n")
            view = g.view(viewer)
            tokens = set(re.split(r"[\s\[\]]+", text))
            for p in range(g.players):
                shown = heads[order.index(p)].split(" hand ")[1].rsplit(" (", 1)[0].split()
                assert shown == [style.plain(c) for c in view["hands"][p]]
                for card in g.hands[p]:
                    if card_text(card) not in view["hands"][p]:  # the viewer cannot see it
                        assert pretty(card, ascii=True) not in tokens
                        hidden_seen += 1
        g.play(rng.choice(g.legal_moves()))
    assert hidden_seen > 100
