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
    players: tuple[str, ...]
    controllers: tuple[str, ...]
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

    @property
    def mode(self) -> str:
        """``cutthroat`` or ``teams`` for a game of three or four; empty for two."""
        return {3: "cutthroat", 4: "teams"}.get(len(self.players), "")

    def seat_score(self, seat: int) -> float:
        """The game from ``seat``'s side: 1 won (itself or its team), 0.5 drawn, 0 lost."""
        return seat_score(self.outcome, seat)

    def level(self, seat: int) -> str | None:
        """The AI level at ``seat``, or None for a human."""
        c = self.controllers[seat]
        return c.split(":", 1)[1] if c.startswith("ai:") else None


def _short_text(value: Any, limit: int, what: str) -> str:
    if not isinstance(value, str) or len(value) > limit or not printable(value):
        raise ValueError(f"{what} {safe_repr(value, 30)}")
    return value


def seat_score(outcome: str | None, seat: int) -> float:
    """A game's ``outcome`` from ``seat``'s side: 1 won (``p{seat}``, or the team of seats
    0 and 2 / 1 and 3 as ``team0`` / ``team1``), 0.5 drawn or unfinished, 0 lost."""
    if outcome is None or outcome == "draw":
        return 0.5
    if outcome.startswith("team"):
        return 1.0 if outcome == f"team{seat % 2}" else 0.0
    return 1.0 if outcome == f"p{seat}" else 0.0


def cutthroat_place(outcome: str | None, moves: Sequence[str], seat: int, seats: int = 3) -> str:
    """``seat``'s place in a finished cutthroat game, out of how many: ``1st of 3`` for the
    winner; a seat that conceded went out below those still in (the first out is last); the
    others share a place (``2nd of 3, tied``)."""
    if outcome is None or outcome == "draw" or not outcome.startswith("p"):
        return ""
    if outcome == f"p{seat}":
        return f"1st of {seats}"
    out = [int(m.split("@")[1]) for m in moves
           if m.startswith("concede @") and m.split("@")[1].isdecimal()]
    still_in = [s for s in range(seats) if s not in out and f"p{s}" != outcome]
    ordinal = ("1st", "2nd", "3rd", "4th")
    if seat in out:
        return f"{ordinal[seats - 1 - out.index(seat)]} of {seats}"
    return f"{ordinal[1]} of {seats}" + (", tied" if len(still_in) > 1 else "")


def _more_seats(text: Any, where: str) -> list[tuple[str, str]]:
    """The ``more_seats`` column: seats 2 and 3 as ``[[name, controller], ...]``, checked."""
    if text == "" or text is None:
        return []
    try:
        data = loads_limited(text) if isinstance(text, str) else None
    except ValueError:
        data = None
    if not isinstance(data, list) or len(data) > 2:
        raise ValueError(f"{where} more seats {safe_repr(text, 30)}")
    out = []
    for item in data:
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"{where} a seat {safe_repr(item, 30)}")
        try:
            name = check_name(item[0], "a player name")
        except ValueError as exc:
            raise ValueError(f"{where} {exc}") from None
        out.append((name, _short_text(item[1], MAX_NAME, f"{where} controller")))
    return out


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
    more = _more_seats(r[15] if len(r) > 15 else "", where)
    return GameRow(
        id=game_id,
        finished_at=finished,
        rules=rules,
        preset=preset,
        variants=variants,
        seed=seed,
        players=(*players, *(name for name, _ in more)),
        controllers=(*controllers, *(ctl for _, ctl in more)),
        outcome=r[10],
        reason=r[11],
        moves=moves,
        duration=None if duration is None else float(duration),
        record_json=record_json,
    )
