"""``cuttle arena`` within bounds: no more workers than games, the work handed out as workers
free up, SIGTERM ends it with one line (issue 25 item 16)."""

from __future__ import annotations

import multiprocessing
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, cli_env

from cuttle.ai.arena import Match, run_match


def test_no_more_workers_than_games(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real = multiprocessing.get_context

    class Context:
        def __init__(self, ctx: Any) -> None:
            self.ctx = ctx

        def Pool(self, n: int, **kw: Any) -> Any:  # noqa: N802 - the context's own name
            sizes.append(n)
            return self.ctx.Pool(n, **kw)

    # arena imports multiprocessing where it forks (not at import: cuttle --help registers it)
    monkeypatch.setattr(multiprocessing, "get_context", lambda *a: Context(real(*a)))
    assert len(run_match(Match("random", "random", 1, 1, "classic"), jobs=8)) == 1
    assert sizes == []  # one game: played here
    results = run_match(Match("random", "random", 3, 1, "classic"), jobs=8)
    assert [r.index for r in results] == [0, 1, 2] and sizes == [3]


STREAM = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.RLIM_INFINITY))
import cuttle.ai.arena as arena
handed = []
real = arena.play_game
def counted(match, index):
    handed.append(index)
    if len(handed) > 3:
        print(handed)
        sys.exit(0)
    return real(match, index)
arena.play_game = counted
arena.run_match(arena.Match("random", "random", 10**14, 1, "classic"), jobs=1)
"""


def test_the_work_list_is_never_built_whole(tmp_path: Path) -> None:
    # In a process limited to 1 GB: the list of 10**14 games the arena used to build first
    # ends in MemoryError there, not in the test's process.
    out = subprocess.run([sys.executable, "-c", STREAM], env=cli_env(tmp_path), cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "[0, 1, 2, 3]", out.stderr[-300:]


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_sigterm_stops_a_huge_match_quietly(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "arena", "random", "random", "--games",
         "99999999999999", "--jobs", "4"],
        env=cli_env(tmp_path), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # Wait for the worker processes (started after the arena set its signal handlers), not a
    # fixed time: on a loaded machine the start-up alone can take longer than a few seconds.
    deadline = time.monotonic() + 60
    while not _children(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1)
    status = Path(f"/proc/{proc.pid}/status")
    if status.exists():
        rss = next(int(line.split()[1]) for line in status.read_text().splitlines()
                   if line.startswith("VmRSS"))
        assert rss < 400_000  # kB: the whole work list took 2.1 GB
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 143
    assert err.strip().splitlines() == ["cuttle arena: SIGTERM received; stopped"], err
