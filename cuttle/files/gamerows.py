"""A finished game as the history stores it (``GameRow``), and a row read back from the
database checked field by field as a record's (``game_row``): every row is data from a file.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cuttle.files.storage import (
    MAX_FILE_BYTES,
    MAX_NAME,
    MAX_RULES,
    OUTCOMES,
    REASONS,
    CorruptFileError,
    GameRecord,
    check_name,
    check_seed,
)
from cuttle.safejson import loads_limited
from cuttle.text.safetext import printable, safe_repr, safe_text

MAX_MOVES = 1_000_000
_STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


@dataclass(frozen=True)
class GameRow:
    """One finished game as stored."""

    id: int
    finished_at: str
    rules: str
    preset: str
    variants: str
    seed: int
    players: tuple[str, str]
    controllers: tuple[str, str]
    outcome: str | None
    reason: str | None
    moves: int
    duration: float | None
    record_json: str

    def record(self) -> GameRecord:
        """The stored record, validated like any file (CorruptFileError if it is not usable)."""
        try:
            data = loads_limited(self.record_json)
        except ValueError as exc:
            raise CorruptFileError(
                f"game {self.id} in the history: {safe_text(str(exc), 120)}"
            ) from None
        return GameRecord.from_json(data, f"game {self.id} in the history")

    def level(self, seat: int) -> str | None:
        """The AI level at ``seat``, or None for a human."""
        c = self.controllers[seat]
        return c.split(":", 1)[1] if c.startswith("ai:") else None


def _short_text(value: Any, limit: int, what: str) -> str:
    if not isinstance(value, str) or len(value) > limit or not printable(value):
        raise ValueError(f"{what} {safe_repr(value, 30)}")
    return value


def game_row(r: Sequence[Any]) -> GameRow:
    """A stored game, every field checked as a record's (ValueError saying which is wrong)."""
    game_id = r[0]
    if isinstance(game_id, bool) or not isinstance(game_id, int):
        raise ValueError(f"id {safe_repr(game_id, 30)}")
    where = f"game {game_id}:"
    finished = r[1]
    if not isinstance(finished, str) or not _STAMP.match(finished):
        raise ValueError(f"{where} finished at {safe_repr(finished, 30)}")
    rules = _short_text(r[2], MAX_RULES, f"{where} rules")
    preset = _short_text(r[3], MAX_RULES, f"{where} preset")
    variants = _short_text(r[4], MAX_RULES, f"{where} variants")
    try:
        seed = check_seed(r[5])
        players = (check_name(r[6], "a player name"), check_name(r[7], "a player name"))
    except ValueError as exc:
        raise ValueError(f"{where} {exc}") from None
    controllers = (_short_text(r[8], MAX_NAME, f"{where} controller"),
                   _short_text(r[9], MAX_NAME, f"{where} controller"))
    if r[10] not in OUTCOMES:
        raise ValueError(f"{where} outcome {safe_repr(r[10], 20)}")
    if r[11] not in REASONS:
        raise ValueError(f"{where} reason {safe_repr(r[11], 20)}")
    moves = r[12]
    if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= MAX_MOVES:
        raise ValueError(f"{where} moves {safe_repr(moves, 30)}")
    duration = r[13]
    if duration is not None and (
        isinstance(duration, bool) or not isinstance(duration, (int, float))
        or not math.isfinite(duration) or duration < 0
    ):
        raise ValueError(f"{where} duration {safe_repr(duration, 30)}")
    record_json = r[14]
    if not isinstance(record_json, str) or len(record_json) > MAX_FILE_BYTES:
        raise ValueError(f"{where} the record is not text")
    return GameRow(
        id=game_id,
        finished_at=finished,
        rules=rules,
        preset=preset,
        variants=variants,
        seed=seed,
        players=players,
        controllers=controllers,
        outcome=r[10],
        reason=r[11],
        moves=moves,
        duration=None if duration is None else float(duration),
        record_json=record_json,
    )
