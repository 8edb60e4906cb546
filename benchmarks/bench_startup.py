"""How long ``cuttle`` takes to start, as whole processes: the time a player waits.

Times, over several runs (median, min and max, in milliseconds):

- ``cuttle --help``, ``cuttle --version`` and ``cuttle rules`` (output to a pipe): from spawn to
  exit;
- the first frame of ``cuttle play``: spawned in a pseudo-terminal (80x24, ``TERM=xterm-256color``)
  and timed until the board is on the screen (the status line "Your move"), then killed;
- the first screen of the rules pager (``cuttle rules`` in the same pseudo-terminal), and of the
  pager opened at a section half-way down (``cuttle rules counters``);
- in-process, without a process around it (``--only render``): the pager's first screen (the
  pieces it renders before the first frame) against rendering the whole document at once, as the
  pager did before it rendered lazily.

Each run is a fresh interpreter from this virtual environment, with its own empty config and data
directories (so no save file or first-run question gets in the way and nothing of yours is touched).
Targets on this project's 2-core machine: ``--help`` under 150 ms, first frame under 400 ms.

    python benchmarks/bench_startup.py            # 15 runs each
    python benchmarks/bench_startup.py --runs 30 --json
    python benchmarks/bench_startup.py --only pager render      # just the rules pager

Exit status 1 when a median misses its target (a benchmark, not a test: run it on a quiet machine).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

TARGETS_MS = {"--help": 150.0, "first frame": 400.0}
BOARD = r"Your move"


def cuttle_command() -> list[str]:
    """The installed ``cuttle`` script next to this interpreter, else ``python -m cuttle``."""
    script = Path(sys.executable).parent / "cuttle"
    return [str(script)] if script.exists() else [sys.executable, "-m", "cuttle"]


def clean_env(home: Path) -> dict[str, str]:
    """The environment of a fresh user: empty config/data directories, no colour overrides."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "CUTTLE_"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
        PYTHONDONTWRITEBYTECODE="",
    )
    return env


def time_process(args: list[str], env: dict[str, str]) -> float:
    """Seconds from spawn to exit of ``cuttle ARGS`` with output to a pipe."""
    start = time.perf_counter()
    result = subprocess.run(
        [*cuttle_command(), *args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"cuttle {' '.join(args)} failed: {result.stderr.decode()[-500:]}")
    return elapsed


def time_first_frame(env: dict[str, str], marker: str, args: list[str]) -> float:
    """Seconds from spawning ``cuttle ARGS`` in a pty until ``marker`` is on the screen."""
    import pexpect

    command = cuttle_command()
    env = dict(env, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    start = time.perf_counter()
    child = pexpect.spawn(
        command[0],
        [*command[1:], *args],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
    )
    try:
        child.expect(marker)
        elapsed = time.perf_counter() - start
    finally:
        child.terminate(force=True)
        child.close()
    return elapsed


def time_render(first_screen: bool) -> float:
    """Seconds to render the pager's first 80x24 screen (or the whole text at once), in this
    process: the rich rendering alone, no start-up or terminal around it."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cuttle.rulesdoc import rules_text
    from cuttle.ui.pager import RulesPager, render_lines

    class Output80x24(DummyOutput):
        def get_size(self) -> Size:
            return Size(rows=24, columns=80)

    text = rules_text()
    start = time.perf_counter()
    if first_screen:
        with create_pipe_input() as pipe:
            RulesPager(text, pt_input=pipe, pt_output=Output80x24()).layout_text()
    else:
        render_lines(text, 80)
    return time.perf_counter() - start


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(name: str, runs: int, once: Callable[[], float]) -> dict[str, float | str | int]:
    """Wall time (what the player waits) and CPU time (what the process costs: on a machine
    shared with other jobs, closer to what an idle machine's wall time would be)."""
    once()  # warm the file cache and the bytecode; not counted
    times, cpu = [], []
    for _ in range(runs):
        before = children_cpu()
        times.append(once() * 1000)
        cpu.append((children_cpu() - before) * 1000)
    row: dict[str, float | str | int] = {
        "what": name,
        "runs": runs,
        "median_ms": round(statistics.median(times), 1),
        "min_ms": round(min(times), 1),
        "max_ms": round(max(times), 1),
        "cpu_median_ms": round(statistics.median(cpu), 1),
    }
    if name in TARGETS_MS:
        row["target_ms"] = TARGETS_MS[name]
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per measurement (default 15)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--seed", type=int, default=1, help="the deal of the first-frame game")
    parser.add_argument(
        "--marker", default=BOARD, help=f"regex that means the board is drawn ({BOARD!r})"
    )
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="WHAT",
        choices=("help", "version", "piped", "frame", "pager", "render"),
        help="measure only these: help version piped frame pager render (default: all)",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    home = Path(tempfile.mkdtemp(prefix="cuttle-bench-"))
    try:
        env = clean_env(home)
        plan: list[tuple[str, str, Callable[[], float]]] = [
            ("help", "--help", lambda: time_process(["--help"], env)),
            ("version", "--version", lambda: time_process(["--version"], env)),
            ("piped", "rules (piped)", lambda: time_process(["rules"], env)),
            (
                "frame",
                "first frame",
                lambda: time_first_frame(env, args.marker, ["play", "--seed", str(args.seed)]),
            ),
            (
                "pager",
                "rules pager",
                lambda: time_first_frame(env, "The rules in one screen", ["rules"]),
            ),
            (
                "pager",
                "pager counters",
                lambda: time_first_frame(env, r"Counters \(the stack\)", ["rules", "counters"]),
            ),
            ("render", "render 1st scr", lambda: time_render(True)),
            ("render", "render all", lambda: time_render(False)),
        ]
        rows = [
            measure(name, args.runs, once)
            for key, name, once in plan
            if args.only is None or key in args.only
        ]
    finally:
        shutil.rmtree(home, ignore_errors=True)
    missed = [r for r in rows if "target_ms" in r and r["median_ms"] > r["target_ms"]]
    if args.json:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        print(json.dumps({"cpus": os.cpu_count(), "load": load, "results": rows}, indent=2))
    else:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"cuttle start-up, {args.runs} runs each, {os.cpu_count()} CPUs, "
            f"load {load:.1f} (milliseconds; cpu = user + system time of the process)"
        )
        print(f"{'what':<16}{'median':>9}{'min':>9}{'max':>9}{'cpu':>9}{'target':>9}")
        for r in rows:
            target = f"{r['target_ms']:.0f}" if "target_ms" in r else "-"
            print(
                f"{r['what']!s:<16}{r['median_ms']:>9.1f}{r['min_ms']:>9.1f}"
                f"{r['max_ms']:>9.1f}{r['cpu_median_ms']:>9.1f}{target:>9}"
            )
        for r in missed:
            print(f"MISSED: {r['what']} median {r['median_ms']} ms > {r['target_ms']:.0f} ms")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
