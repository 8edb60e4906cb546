"""The running server's counts in a file, for ``cuttle serve --status``.

The server writes ``status.json`` in its folder (``serve/`` in the data directory, beside
``server.json``: one server a data directory, so one status) every ``STATUS_INTERVAL`` seconds
and removes it when it stops. Written atomically (a new file, then renamed over the old one;
a symbolic link or anything but a regular file at its name is refused, never followed); read
with ``O_NOFOLLOW``, at most ``MAX_BYTES``, every field checked (the file is untrusted: anyone
who can write the folder could have put it there).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuttle.files.safefile import shown_path, write_json_atomic
from cuttle.safejson import loads_limited
from cuttle.serve.limits.refusals import SUMMARY_INTERVAL, Refusals, counts_line
from cuttle.serve.store import serve_dir
from cuttle.text.safetext import safe_text

log = logging.getLogger("cuttle.serve")
STATUS_NAME = "status.json"
STATUS_INTERVAL = 5.0  # seconds between two writes
MAX_BYTES = 64_000


class StatusError(Exception):
    """No status to show; the message says why in one line."""


def status_path() -> Path:
    return serve_dir() / STATUS_NAME


def write_status(data: dict[str, Any], path: Path | None = None) -> None:
    """Write the server's counts (OSError when the file cannot be written)."""
    write_json_atomic(path or status_path(), data)


async def heartbeat(counts: Callable[[], dict[str, Any]], refusals: Refusals) -> None:
    """Until cancelled: the status file (``counts()``) every ``STATUS_INTERVAL`` seconds, and
    the refusals' summary line in the log every ``SUMMARY_INTERVAL`` (while any are refused)."""
    summary_at = time.monotonic() + SUMMARY_INTERVAL
    warned = False
    while True:
        try:
            await asyncio.to_thread(write_status, counts())
            warned = False
        except OSError as exc:
            if not warned:  # once, not every few seconds
                log.warning("cannot write the status file: %s", exc)
            warned = True
        if time.monotonic() >= summary_at:
            summary_at += SUMMARY_INTERVAL
            refusals.tick()
        await asyncio.sleep(STATUS_INTERVAL)


def remove_status(path: Path | None = None) -> None:
    """The server stops: its status goes (a symbolic link there is left alone)."""
    target = path or status_path()
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.lstat(target).st_mode):
            os.unlink(target)


def read_status(path: Path | None = None) -> dict[str, Any]:
    """The status the server wrote: a dict, or StatusError (one line)."""
    target = path or status_path()
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(target, flags)
    except FileNotFoundError:
        raise StatusError(f"no server runs on this data directory (no {shown_path(target)})") \
            from None
    except OSError as exc:  # ELOOP: a symbolic link
        raise StatusError(f"{shown_path(target)} cannot be read ({exc.strerror}); a symbolic "
                          "link is never followed") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StatusError(f"{shown_path(target)} is not a regular file")
        data = os.read(fd, MAX_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise StatusError(f"{shown_path(target)} is too large to be a status")
    try:
        value = loads_limited(data, 6)
    except ValueError:
        raise StatusError(f"{shown_path(target)} is not a status the server wrote") from None
    if not isinstance(value, dict):
        raise StatusError(f"{shown_path(target)} is not a status the server wrote")
    return value


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _num(data: dict[str, Any], name: str) -> float:
    value = data.get(name)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return 0.0


def _counts(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        return {}
    return {safe_text(str(k), 40): v for k, v in list(value.items())[:20]
            if isinstance(v, int) and not isinstance(v, bool) and v > 0}


def _ago(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 2 * 3600:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (one of another user counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def status_lines(data: dict[str, Any], now: float | None = None) -> list[str]:
    """What ``cuttle serve --status`` prints; StatusError when the server that wrote it no
    longer runs."""
    now = time.time() if now is None else now
    pid = _int(data, "pid")
    if not alive(pid):
        raise StatusError(f"no server runs on this data directory (the last one, pid {pid}, "
                          f"wrote its status {_ago(now - _num(data, 'updated'))} ago)")
    host = safe_text(str(data.get("address", "")), 60)
    age = now - _num(data, "updated")
    late = f" (not updated for {_ago(age)}: the server may be stuck)" if \
        age > 3 * STATUS_INTERVAL else ""
    lines = [
        f"cuttle serve, pid {pid}, on {host}:{_int(data, 'port')}, up "
        f"{_ago(now - _num(data, 'started'))}; counts of {_ago(age)} ago{late}",
        f"sessions: {_int(data, 'sessions')} of {_int(data, 'max_sessions')}; logged-in "
        f"connections: {_int(data, 'logged_in')} of {_int(data, 'max_logged_in')}; logging in: "
        f"{_int(data, 'logging_in')} of {_int(data, 'max_logins')}; refused connections "
        f"held before they are closed: {_int(data, 'held')} of {_int(data, 'max_held')}",
    ]
    refused = data.get("refused") if isinstance(data.get("refused"), dict) else {}
    assert isinstance(refused, dict)
    last, current, total = (_counts(refused.get(k)) for k in ("last", "now", "total"))
    if last:
        lines.append(f"refused in the last minute: {counts_line(last)}")
    if current:
        lines.append(f"refused in this minute so far: {counts_line(current)}")
    lines.append(f"refused since the start: {counts_line(total)}")
    networks = data.get("networks")
    if isinstance(networks, list):
        shown = [f"{safe_text(str(n[0]), 45)} ({n[1]})" for n in networks[:5]
                 if isinstance(n, list) and len(n) == 2 and isinstance(n[1], (int, float))]
        if shown:
            lines.append("networks with the most failed logins: " + ", ".join(shown))
    return lines
