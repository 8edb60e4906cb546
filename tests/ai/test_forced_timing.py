"""The hard AI's time in the counter window does not tell whether it holds a two: a forced
"resolve" (no two) is searched like a real choice (issue 25 item 14). Work is counted in
simulations, not timed."""

from __future__ import annotations

import pytest
from helpers import make

from cuttle.ai.pimc import DeterminizedPlayer


def counter_window(answer_card: str):  # type: ignore[no-untyped-def]
    g = make(hands=("AS 5C", f"7H 8H {answer_card}"), points=(["9D"], ["TH"]))
    g.play("oneoff AS")
    assert g.phase == "counter" and g.to_move == 1
    return g


@pytest.mark.parametrize("options", [{"iterations": 60}, {"iterations": 60, "deep": 3},
                                     {"iterations": 90, "deep": 2, "finalists": 4}])
def test_the_same_public_position_with_and_without_a_two_takes_the_same_work(
    options: dict[str, int],
) -> None:
    work = {}
    for card in ("3C", "2C"):
        g = counter_window(card)
        moves = g.legal_moves()
        assert len(moves) == (1 if card == "3C" else 2)
        player = DeterminizedPlayer(seed=5, **options)
        move, note = player.pick(g)
        assert move in moves
        work[card] = player.last_iterations
        if card == "3C":
            assert note == "the only legal move"
    assert work["3C"] == work["2C"] > 0


def test_a_forced_move_whose_forcing_is_public_is_not_searched() -> None:
    g = make(hands=("", "7H 8H"), points=(["9D"], ["TH"]), deck=[], scrap=["..."])
    assert [str(m) for m in g.legal_moves()] == ["pass"]  # an empty hand, an empty deck
    player = DeterminizedPlayer(seed=5, iterations=60)
    assert player.pick(g) == (g.legal_moves()[0], "the only legal move")
    assert player.last_iterations == 0
