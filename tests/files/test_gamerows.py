"""A row of the history read back is checked field by field, as a record from a file is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cuttle.files.gamerows import MAX_MOVES, GameRow, game_row

GOOD: tuple[Any, ...] = (
    7, "2026-12-01T10:00:00Z", "classic", "classic", "", 42, "Ann", "Bob", "human", "ai:easy",
    "p0", "points", 12, 61.5, json.dumps({"format": "cuttle-game"}),
)


def test_a_stored_row_that_fits_is_read_back() -> None:
    row = game_row(GOOD)
    assert isinstance(row, GameRow)
    assert (row.id, row.players, row.moves, row.duration) == (7, ("Ann", "Bob"), 12, 61.5)
    assert row.level(0) is None and row.level(1) == "easy"


@pytest.mark.parametrize(
    ("index", "value", "said"),
    [
        (0, True, "id"),
        (1, "yesterday", "finished at"),
        (2, "\x1b[31m", "rules"),
        (6, "", "player"),
        (10, "p7", "outcome"),
        (12, MAX_MOVES + 1, "moves"),
        (13, float("nan"), "duration"),
        (14, b"{}", "the record is not text"),
    ],
)
def test_a_row_that_does_not_fit_says_which_field(index: int, value: Any, said: str) -> None:
    bad = list(GOOD)
    bad[index] = value
    with pytest.raises(ValueError, match=said):
        game_row(bad)
