"""``--record FILE``: where a game's record may be written, and where a rematch's goes.

A record file never replaces an existing file unless ``--force`` is given, is never one of the
game's own save files, and a rematch records to the next free name (``g.json``, ``g-2.json``,
``g-3.json``...). A save remembers its record path, but a save is a file too: on ``--resume``
the path is used only if it still holds this very game's record, so a crafted save cannot point
the game at another file (``~/.bashrc``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from cuttle.files.safefile import CorruptFileError, os_reason, shown_path
from cuttle.files.saves import saves_dir
from cuttle.files.storage import GameRecord, read_record


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def record_target_problem(path: Path, force: bool) -> str | None:
    """Why ``--record path`` cannot be used (None when it can)."""
    shown = shown_path(path)
    if path.name in ("", ".", ".."):
        return f"--record {shown}: not a file name"
    if _inside(path, saves_dir()):
        return f"--record {shown}: that is where the game's saves live; choose another file"
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"--record {shown}: cannot be checked ({os_reason(exc)})"
    if not stat.S_ISREG(st.st_mode):
        return f"--record {shown}: exists and is not a regular file; choose another file"
    if not force:
        return f"--record {shown}: the file exists; add --force to replace it, or choose another"
    return None


def next_record_path(path: Path) -> Path:
    """The first of ``g-2.json``, ``g-3.json``... (for ``path`` ``g.json``) that does not exist."""
    stem, suffix = path.stem, path.suffix
    base = stem.rsplit("-", 1)[0] if stem.rsplit("-", 1)[-1].isdigit() and "-" in stem else stem
    n = 2
    while True:
        candidate = path.with_name(f"{base}-{n}{suffix}")
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def adopt_record_path(value: Any, record: GameRecord) -> tuple[Path | None, str | None]:
    """The record path a save names, if it may be written: the file holds this game's record
    (same rules and seed, its moves the start of the save's). Returns (path, notice)."""
    if value is None:
        return None, None
    if not isinstance(value, str) or not value or len(value) > 4096 or "\0" in value:
        return None, "The save names a record file that is not a path; not writing one."
    path = Path(value)
    try:
        kept = read_record(path)
    except CorruptFileError:
        return None, (
            f"The save names the record file {shown_path(path)}, which does not hold this "
            "game's record; it is not written."
        )
    same = (
        kept.seed == record.seed
        and kept.rules == record.rules
        and record.moves[: len(kept.moves)] == kept.moves
        and not _inside(path, saves_dir())
    )
    if not same:
        return None, (
            f"The record file {shown_path(path)} holds another game; it is not written."
        )
    return path, None
