"""Game records (``"format": "cuttle-game/1"``), their validation, and where the game's files live.

A record is the seed, the rules and every move in canonical notation, so the game is rebuilt by
replaying the moves (the engine is deterministic). A save is a record with one more key,
``session`` (who plays which seat); saves live in slots under ``state_dir() / "saves"``
(``saves.py``), records of finished games under ``data_dir() / "games"``.

Records are meant to be shared, so a record is data from a stranger: ``read_record`` reads it
with the safe reader (``safefile.py``) and checks every field for type and range; ``rebuild``
replays every move with the engine's legality checks. Reading never modifies a file: anything
unusable raises ``CorruptFileError`` with a one-line message naming the file and the problem.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuttle import Game, Move, Rules
from cuttle.files.safefile import (
    CorruptFileError,
    FilesError,
    UnsafeTargetError,
    ensure_dir,
    json_bytes,
    read_json_file,
    shown_path,
    write_bytes_atomic,
    write_json_atomic,
)
from cuttle.text.safetext import printable, safe_repr

RECORD_FORMAT = "cuttle-game/1"
MAX_FILE_BYTES = 5_000_000
MAX_SEED = 2**63  # seeds are 0 <= seed < MAX_SEED


def fresh_seed() -> int:
    """A seed nobody can guess: drawn from the whole range, so that a player cannot find the deal
    (the other hand, the deck order) by trying every seed against their own hand."""
    return random.SystemRandom().randrange(1, MAX_SEED)
MAX_NAME = 40
MAX_RULES = 200
MAX_MOVE_TEXT = 80
MIN_THINK, MAX_THINK = 0.01, 600.0
OUTCOMES = (None, "p0", "p1", "p2", "team0", "team1", "draw")
REASONS = (None, "points", "kings", "stalemate", "concession", "agreement", "position")
APP = "cuttle"

__all__ = [
    "MAX_FILE_BYTES",
    "RECORD_FORMAT",
    "CorruptFileError",
    "GameRecord",
    "NoHomeError",
    "check_think",
    "config_dir",
    "data_dir",
    "games_dir",
    "keep_finished",
    "read_record",
    "rebuild",
    "replay_games",
    "state_dir",
    "write_json",
]


class NoHomeError(RuntimeError, FilesError):
    """No home directory (HOME unset and no passwd entry): nowhere to keep the game's files."""


def _user_dir(kind: str) -> Path:
    """The per-user ``kind`` directory of the game (platformdirs: XDG on Linux, native
    elsewhere); ``NoHomeError`` when it cannot be placed."""
    import platformdirs

    getter = {
        "state": platformdirs.user_state_dir,
        "data": platformdirs.user_data_dir,
        "config": platformdirs.user_config_dir,
    }[kind]
    try:
        where = getter(APP, appauthor=False)
    except (RuntimeError, KeyError, OSError) as exc:
        raise NoHomeError(_no_home(kind)) from exc
    if not where or not os.path.isabs(where) or where.startswith("~"):
        raise NoHomeError(_no_home(kind))
    return Path(where)


def _no_home(kind: str) -> str:
    var = {"state": "XDG_STATE_HOME", "data": "XDG_DATA_HOME", "config": "XDG_CONFIG_HOME"}[kind]
    return (
        f"cannot find a home directory for the game's {kind} files: set HOME "
        f"(or {var}) to an absolute path"
    )


def state_dir() -> Path:
    """Saves: ``$XDG_STATE_HOME/cuttle`` on Linux (default ``~/.local/state/cuttle``)."""
    return _user_dir("state")


def data_dir() -> Path:
    """Kept records: ``$XDG_DATA_HOME/cuttle`` on Linux (default ``~/.local/share/cuttle``)."""
    return _user_dir("data")


def config_dir() -> Path:
    """Settings: ``$XDG_CONFIG_HOME/cuttle`` on Linux (default ``~/.config/cuttle``)."""
    return _user_dir("config")


def games_dir() -> Path:
    """Where the records of finished games are kept."""
    return data_dir() / "games"


def check_think(value: Any) -> float:
    """A think budget in seconds: a finite number from 0.01 to 600; ``ValueError`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"the think time must be a number of seconds, not {safe_repr(value)}")
    seconds = float(value)
    if not math.isfinite(seconds) or not MIN_THINK <= seconds <= MAX_THINK:
        raise ValueError(
            f"the think time must be from {MIN_THINK:g} to {MAX_THINK:g} seconds, "
            f"not {safe_repr(value, 20)}"
        )
    return seconds


def check_seed(value: Any) -> int:
    """A seed: an integer from 0 to 2**63 - 1; ``ValueError`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEED:
        raise ValueError(
            f"the seed must be a whole number from 0 to {MAX_SEED - 1}, not {safe_repr(value, 30)}"
        )
    return value


def check_name(value: Any, what: str = "a name") -> str:
    """A player name: text of 1 to 40 printable characters; ``ValueError`` otherwise."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {safe_repr(value, 30)}")
    if not value.strip() or len(value) > MAX_NAME or not printable(value):
        raise ValueError(
            f"{what} must be 1 to {MAX_NAME} printable characters, not {safe_repr(value, 30)}"
        )
    return value


@dataclass
class GameRecord:
    """A game as data: enough to rebuild it move by move."""

    rules: str
    seed: int
    players: list[str]
    moves: list[str] = field(default_factory=list)
    outcome: str | None = None
    reason: str | None = None
    controllers: list[str] = field(default_factory=lambda: ["human", "human"])
    session: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": self.rules,
            "seed": self.seed,
            "players": list(self.players),
            "controllers": list(self.controllers),
            "moves": list(self.moves),
            "outcome": self.outcome,
            "reason": self.reason,
        }
        if self.session is not None:
            data["session"] = self.session
        return data

    def public_json(self) -> dict[str, Any]:
        """The record without the ``session`` block (what ``--record`` and the history keep)."""
        data = self.to_json()
        data.pop("session", None)
        return data

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """Validate every field and build; raises CorruptFileError naming ``where`` and the
        problem. (The moves' legality is ``rebuild``'s job.)"""

        def bad(why: str) -> CorruptFileError:
            return CorruptFileError(f"{where}: not a usable cuttle game record ({why})")

        if not isinstance(data, dict):
            raise bad("expected a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise bad(f"format is {safe_repr(data.get('format'), 40)}, expected {RECORD_FORMAT!r}")
        rules, seed, moves = data.get("rules"), data.get("seed"), data.get("moves")
        if not isinstance(rules, str) or not rules:
            raise bad("missing rules")
        if len(rules) > MAX_RULES or not printable(rules):
            raise bad(f"rules {safe_repr(rules, 40)} are not a rules name")
        try:
            seed = check_seed(seed)
        except ValueError as exc:
            raise bad(str(exc)) from None
        if not isinstance(moves, list) or not all(
            isinstance(m, str) and len(m) <= MAX_MOVE_TEXT for m in moves
        ):
            raise bad("moves must be a list of move texts")
        seats = _seats_of(rules)
        players = data.get("players", [f"player {i + 1}" for i in range(seats)])
        if not isinstance(players, list) or len(players) != seats:
            raise bad("players must be two names" if seats == 2 else
                      f"players must be {seats} names, one per seat")
        try:
            for p in players:
                check_name(p, "a player name")
        except ValueError as exc:
            raise bad(str(exc)) from None
        controllers = data.get("controllers", ["human"] * seats)
        if (
            not isinstance(controllers, list)
            or len(controllers) != seats
            or not all(
                isinstance(c, str) and 0 < len(c) <= MAX_NAME and printable(c)
                for c in controllers
            )
        ):
            raise bad("controllers must be two short texts" if seats == 2 else
                      f"controllers must be {seats} short texts, one per seat")
        outcome = data.get("outcome")
        if outcome not in OUTCOMES:
            raise bad(f"unknown outcome {safe_repr(outcome, 20)}")
        reason = data.get("reason")
        if reason not in REASONS:
            raise bad(f"unknown reason {safe_repr(reason, 20)}")
        session = data.get("session")
        if session is not None and not isinstance(session, dict):
            raise bad("session must be an object")
        return cls(
            rules=rules,
            seed=seed,
            players=list(players),
            moves=list(moves),
            outcome=outcome,
            reason=reason,
            controllers=list(controllers),
            session=session,
        )


def _seats_of(rules: str) -> int:
    """The seats a record's rules play with (2 when the rules are not known: ``new_game``
    refuses those with its own reason)."""
    try:
        return Rules.parse(rules).players
    except ValueError:
        return 2


def read_record(path: Path, what: str = "record") -> GameRecord:
    """Read and validate a record (or save) file without touching it."""
    data = read_json_file(path, what, MAX_FILE_BYTES)
    return GameRecord.from_json(data, f"{what} {shown_path(path)}")


def new_game(record: GameRecord, where: str = "record") -> Game:
    """The dealt game a record starts from; CorruptFileError for rules the engine refuses."""
    try:
        return Game.new(seed=record.seed, rules=record.rules)
    except ValueError as exc:
        raise CorruptFileError(
            f"{where}: unknown rules {safe_repr(record.rules, 40)} ({safe_repr(str(exc), 80)})"
        ) from None


def play_recorded(game: Game, move: str) -> int:
    """Play one move of a record on ``game``, a concession of three or four seats (``concede
    @1``, not a move of the turn) included; returns the seat that made it. ValueError (the game
    unchanged) when it is not legal there."""
    if move.startswith("concede"):
        seat = Move.parse(move).seat
        if seat is None:
            raise ValueError(f"{move!r} names no seat")
        game.concede(seat)
        return seat
    player = game.to_move
    if player is None:
        raise ValueError("a move comes after the end of the game")
    game.play(move)
    return player


def replay_games(
    record: GameRecord, where: str = "record", game: Game | None = None
) -> Iterator[tuple[int, str, Game]]:
    """Play a record's moves one by one with every legality check, yielding ``(ply, move,
    game)`` after each (the same Game object, changed in place); CorruptFileError at the first
    move that is not legal. Memory stays flat however long the record is. ``game``: the dealt
    game to play them on (default: a new one)."""
    if game is None:
        game = new_game(record, where)
    for i, move in enumerate(record.moves, start=1):
        if game.outcome is not None:
            raise CorruptFileError(f"{where}: move {i} comes after the end of the game")
        try:
            play_recorded(game, move)  # three or four seats: "concede @1" where it happened
        except ValueError as exc:
            raise CorruptFileError(
                f"{where}: move {i} {safe_repr(move, 30)} is not legal ({safe_repr(str(exc), 80)})"
            ) from None
        yield i, move, game


def finish_record(game: Game, record: GameRecord, where: str = "record") -> None:
    """Apply what a record says happened after its last move (a concession, an agreed draw) and
    check its outcome agrees with the moves; CorruptFileError otherwise."""
    claimed = record.outcome
    if game.outcome is None and claimed is not None:
        if record.reason == "concession" and claimed in ("p0", "p1"):
            game.concede(1 - int(claimed[1]))
        elif record.reason == "agreement" and claimed == "draw" and game.rules.draw_offers:
            game.agree_draw()
        else:
            raise CorruptFileError(
                f"{where}: outcome {claimed!r} with reason {record.reason!r} does not match the "
                "moves (the game is still in play after them)"
            )
    elif claimed is not None and claimed != game.outcome:
        raise CorruptFileError(
            f"{where}: outcome {claimed!r} does not match the moves (they end in "
            f"{game.outcome!r})"
        )


def rebuild(record: GameRecord, where: str = "record") -> Game:
    """The game of a record, every move replayed with the legality checks; CorruptFileError if
    the moves do not fit or the outcome disagrees with them."""
    game = new_game(record, where)
    for _ in replay_games(record, where, game):
        pass
    finish_record(game, record, where)
    return game


def write_json(path: Path, data: dict[str, Any], *, replace: bool = True) -> None:
    """Write JSON atomically and durably (``safefile.write_json_atomic``)."""
    write_json_atomic(path, data, replace=replace)


def keep_finished(record: GameRecord, folder: Path | None = None) -> Path:
    """Store a finished game's record under the data directory (or in ``folder``); return its
    path. Never replaces anything: the next name is taken when one is in use. OSError
    (``FolderError`` naming the folder when the records folder is not one) if it cannot be
    kept."""
    folder = folder or games_dir()
    ensure_dir(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    data = json_bytes(record.public_json())
    for n in range(1, 1001):
        suffix = "" if n == 1 else f"-{n}"
        path = folder / f"{stamp}-seed{record.seed}{suffix}.json"
        try:
            write_bytes_atomic(path, data, replace=False)
            return path
        except UnsafeTargetError:
            if not os.path.lexists(path):  # refused for another reason than the name's use
                raise
    raise UnsafeTargetError(f"{shown_path(folder)}: no free name for the record")
