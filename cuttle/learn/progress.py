"""Which lessons are done: a small JSON file in the data directory, read like any other file."""

from __future__ import annotations

import os
from pathlib import Path

from cuttle.files import storage
from cuttle.files.safefile import locked, os_reason, shown_path
from cuttle.files.settings import read_json, write_json

PROGRESS_FORMAT = "cuttle-lessons/1"


def progress_path() -> Path:
    """``data_dir()/lessons.json``."""
    return storage.data_dir() / "lessons.json"


def load_done() -> tuple[set[str], str | None]:
    """The slugs of the lessons solved so far, and a warning if the file could not be used."""
    path = progress_path()
    if not os.path.lexists(path):
        return set(), None
    try:
        data = read_json(path, "lesson progress file")
    except ValueError as exc:
        return set(), f"{exc} (progress is not saved until it is fixed or removed)"
    done = data.get("done") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("format") != PROGRESS_FORMAT
        or not isinstance(done, list)
        or not all(isinstance(s, str) and len(s) <= 40 for s in done)
    ):
        return set(), (
            f"lesson progress file {shown_path(path)}: not a {PROGRESS_FORMAT} file "
            "(progress is not saved until it is fixed or removed)"
        )
    return set(done), None


def mark_done(slug: str) -> str | None:
    """Remember one solved lesson; returns a message if it could not be saved. The file is
    locked from the read to the write: lessons solved at once in several programs are all kept."""
    path = progress_path()
    try:
        with locked(path):
            done, warning = load_done()
            if warning is not None:
                return warning
            if slug in done:
                return None
            write_json(path, {"format": PROGRESS_FORMAT, "done": sorted(done | {slug})})
    except OSError as exc:
        return f"could not save your progress to {shown_path(path)}: {os_reason(exc)}"
    return None
