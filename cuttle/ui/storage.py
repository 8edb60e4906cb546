"""The save file and game records (``"format": "cuttle-game/1"``).

A record is the seed, the rules and every move in canonical notation, so the game is rebuilt by
replaying the moves (the engine is deterministic). The save file is a record with one more key,
``session`` (who plays which seat), and lives under ``$XDG_STATE_HOME/cuttle/``; records of
finished games are kept under ``$XDG_DATA_HOME/cuttle/games/``.

Reading never modifies a file: a file that is not valid JSON, not a ``cuttle-game/1`` record, or
whose moves are not legal raises ``CorruptFileError`` with a message for the user.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuttle import Game

RECORD_FORMAT = "cuttle-game/1"
MAX_FILE_BYTES = 5_000_000


class CorruptFileError(Exception):
    """A save or record file that cannot be used; the message says why and names the file."""


def _xdg(var: str, default: str) -> Path:
    value = os.environ.get(var, "")
    base = Path(value) if value and os.path.isabs(value) else Path.home() / default
    return base / "cuttle"


def state_dir() -> Path:
    """``$XDG_STATE_HOME/cuttle`` (default ``~/.local/state/cuttle``)."""
    return _xdg("XDG_STATE_HOME", ".local/state")


def data_dir() -> Path:
    """``$XDG_DATA_HOME/cuttle`` (default ``~/.local/share/cuttle``)."""
    return _xdg("XDG_DATA_HOME", ".local/share")


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/cuttle`` (default ``~/.config/cuttle``): settings."""
    return _xdg("XDG_CONFIG_HOME", ".config")


def save_path() -> Path:
    """The one game in progress."""
    return state_dir() / "game.json"


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

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """Validate and build; raises CorruptFileError naming ``where`` and the problem."""

        def bad(why: str) -> CorruptFileError:
            return CorruptFileError(f"{where}: not a usable cuttle game record ({why})")

        if not isinstance(data, dict):
            raise bad("expected a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise bad(f"format is {data.get('format')!r}, expected {RECORD_FORMAT!r}")
        rules, seed, moves = data.get("rules"), data.get("seed"), data.get("moves")
        if not isinstance(rules, str):
            raise bad("missing rules")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad("missing or non-integer seed")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise bad("moves must be a list of move texts")
        players = data.get("players", ["player 1", "player 2"])
        if (
            not isinstance(players, list)
            or len(players) != 2
            or not all(isinstance(p, str) for p in players)
        ):
            raise bad("players must be two names")
        controllers = data.get("controllers", ["human", "human"])
        if (
            not isinstance(controllers, list)
            or len(controllers) != 2
            or not all(isinstance(c, str) for c in controllers)
        ):
            raise bad("controllers must be two strings")
        outcome = data.get("outcome")
        if outcome not in (None, "p0", "p1", "draw"):
            raise bad(f"unknown outcome {outcome!r}")
        reason = data.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise bad("reason must be text")
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


def read_record(path: Path, what: str = "record") -> GameRecord:
    """Read and validate a record (or save) file without touching it."""
    where = f"{what} {path}"
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise CorruptFileError(f"{where}: too large to be a game record")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CorruptFileError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CorruptFileError(f"{where}: cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptFileError(f"{where}: not valid JSON ({exc})") from None
    return GameRecord.from_json(data, where)


def rebuild(record: GameRecord, where: str = "record") -> Game:
    """The game of a record, every move replayed; CorruptFileError if the moves do not fit."""
    try:
        game = Game.new(seed=record.seed, rules=record.rules)
    except ValueError as exc:
        raise CorruptFileError(f"{where}: unknown rules {record.rules!r} ({exc})") from None
    for i, move in enumerate(record.moves, start=1):
        try:
            game.play(move)
        except ValueError as exc:
            raise CorruptFileError(f"{where}: move {i} {move!r} is not legal ({exc})") from None
    if record.reason == "concession" and game.outcome is None and record.outcome in ("p0", "p1"):
        game.concede(1 - int(record.outcome[1]))
    return game


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write atomically (temp file + rename) so a kill never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def keep_finished(record: GameRecord) -> Path:
    """Store a finished game's record under the data directory; return its path."""
    folder = data_dir() / "games"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-seed{record.seed}.json"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-seed{record.seed}-{n}.json"
        n += 1
    data = record.to_json()
    data.pop("session", None)
    write_json(path, data)
    return path
