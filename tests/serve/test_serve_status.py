"""``cuttle serve --status``: the running server's counts, read from the file it writes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import cli_env
from sshkit import hang_guard

from cuttle.serve.limits import refusals
from cuttle.serve.limits.admission import LOGINS_PER_PREFIX
from cuttle.serve.limits.status import (
    StatusError,
    read_status,
    remove_status,
    status_lines,
    write_status,
)


def status_of(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "pid": os.getpid(), "address": "127.0.0.1", "port": 2222, "started": 1000.0,
        "updated": 4000.0, "sessions": 3, "max_sessions": 64, "logged_in": 4,
        "max_logged_in": 128, "logging_in": 2, "max_logins": 32, "held": 5, "max_held": 1024,
        "refused": {"total": {refusals.PER_ADDRESS: 7, refusals.NEVER_STARTED: 1},
                    "last": {refusals.PER_ADDRESS: 5}, "now": {}},
        "networks": [["127.1.0.0/24", 6.5]],
    }
    data.update(changes)
    return data


def test_the_status_says_the_counts_and_what_was_refused_by_cause(tmp_path: Path) -> None:
    path = tmp_path / "status.json"
    write_status(status_of(), path)
    lines = status_lines(read_status(path), now=4002.0)
    assert lines[0].startswith(f"cuttle serve, pid {os.getpid()}, on 127.0.0.1:2222, up 50 min")
    assert lines[1] == ("sessions: 3 of 64; logged-in connections: 4 of 128; logging in: 2 of "
                        "32; refused connections held before they are closed: 5 of 1024")
    assert "refused in the last minute: per-address cap 5" in lines
    assert ("refused since the start: per-address cap 7, session never started 1") in lines
    assert "networks with the most failed logins: 127.1.0.0/24 (6.5)" in lines
    stuck = status_lines(read_status(path), now=4100.0)[0]
    assert "not updated for 100 s" in stuck


def test_a_status_whose_server_is_gone_or_a_damaged_one_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "status.json"
    with pytest.raises(StatusError, match="no server runs"):
        read_status(path)
    write_status(status_of(pid=2**22 + 12345), path)  # no such process
    with pytest.raises(StatusError, match="no server runs"):
        status_lines(read_status(path))
    path.write_text("[1, 2]")
    with pytest.raises(StatusError, match="not a status"):
        read_status(path)
    path.write_text(json.dumps(status_of(sessions="many", refused={"total": {"x\x1b[2J": 1}},
                                         networks=[["\x1b]0;t\x07", 1]])))
    lines = status_lines(read_status(path), now=4000.0)
    assert "sessions: 0 of 64" in lines[1] and "\x1b" not in "".join(lines)


def test_the_status_file_is_never_a_symbolic_link_read_or_written(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    link = tmp_path / "status.json"
    link.symlink_to(target)
    with pytest.raises(OSError, match="symbolic link"):
        write_status(status_of(), link)
    with pytest.raises(StatusError, match="symbolic link"):
        read_status(link)
    remove_status(link)
    assert link.is_symlink() and target.read_text() == "keep"


def test_the_heartbeat_writes_the_status_and_a_summary_line_while_anything_is_refused(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from cuttle.serve.limits import status

    monkeypatch.setattr(status, "STATUS_INTERVAL", 0.02)
    monkeypatch.setattr(status, "SUMMARY_INTERVAL", 0.1)
    counts = refusals.Refusals()
    counts.note(refusals.SLOTS_FULL, "alice#3nQk")

    async def beat() -> None:
        task = asyncio.create_task(status.heartbeat(lambda: status_of(), counts))
        await asyncio.sleep(0.5)
        task.cancel()

    with caplog.at_level("WARNING", logger="cuttle.serve"), hang_guard():
        asyncio.run(beat())
    summaries = [r.getMessage() for r in caplog.records if "in the last" in r.getMessage()]
    assert len(summaries) == 1 and "slots full 1" in summaries[0]  # nothing refused since
    assert read_status()["sessions"] == 3


def test_serve_status_reads_the_running_servers_refusals(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    status = [sys.executable, "-m", "cuttle", "serve", "--status"]
    none = subprocess.run(status, env=env, capture_output=True, text=True, timeout=60)
    assert none.returncode == 1 and "no server runs" in none.stderr
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--open", "--port", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().strip().rsplit(":", 1)[1])

        async def refused() -> None:  # one more login from one network than it may have
            held = [await asyncio.open_connection("127.0.0.1", port,
                                                  local_addr=(f"127.4.0.{n + 1}", 0))
                    for n in range(LOGINS_PER_PREFIX + 1)]
            await asyncio.sleep(0.5)  # the last one is refused (held, then closed)
            for _, w in held:
                w.close()

        with hang_guard():
            asyncio.run(refused())
        end = time.monotonic() + 30
        while True:  # the status is written every few seconds
            shown = subprocess.run(status, env=env, capture_output=True, text=True, timeout=60)
            if "per-address cap 1" in shown.stdout or time.monotonic() > end:
                break
            time.sleep(0.5)
        assert shown.returncode == 0, shown.stderr
        assert "refused since the start: per-address cap 1" in shown.stdout
        assert f"on 127.0.0.1:{port}" in shown.stdout
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    gone = subprocess.run(status, env=env, capture_output=True, text=True, timeout=60)
    assert gone.returncode == 1 and "no server runs" in gone.stderr
    log = (tmp_path / "state" / "cuttle" / "serve.log")
    assert "refused (per-address cap): 127.4.0.5 (127.4.0.0/24)" in log.read_text()
