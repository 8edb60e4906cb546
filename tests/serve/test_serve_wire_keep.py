"""The server's games list keeps a table of three or four (found by ``bench_serve --tables``:
each new game of three or four seats made the server set its whole list aside as damaged,
log it, and drop that game from the list it rebuilt: "its players' keys are not known", so
the game would not come back after a restart; fixed by srvtables in 6ee28da: this test failed
before it)."""

from __future__ import annotations

import pytest

from cuttle.serve import keep


@pytest.mark.parametrize("keys", [["k1", "k2", "k3"], ["k1", None, "k2", None]],
                         ids=["three", "four-with-ais"])
def test_a_table_of_three_or_four_stays_in_the_games_list(keys: list[str | None]) -> None:
    keep.remember("game-1", "a1", keys)
    keep.remember("game-2", "a2", ["k5", "k6"])  # the list read again, and written
    assert keep.load() == {"game-1": {"id": "a1", "keys": keys},
                           "game-2": {"id": "a2", "keys": ["k5", "k6"]}}
    assert not list(keep.games_path().parent.glob("games.json.damaged-*"))
