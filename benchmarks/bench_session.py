"""The game session's cost per move as a game grows, against another commit, in one run.

Run: ``python benchmarks/bench_session.py [--base-commit c25a433] [--rounds 3] [--plies 320]``.
The base commit is checked out in a temporary ``git worktree`` (removed at the end); each round
starts a fresh interpreter per tree, back to back, the tree going first alternating, so both see
the same load on a shared machine.

The game: a hot-seat game of ``--plies`` plies (classic, seed 42) whose moves are chosen once by a
fixed policy that keeps the game going (one-off threes that fetch each other back from the scrap,
draws up to six cards, anything but points, scuttles and kings), then typed line by line. From
about ply 15 its table stays the same (15 cards in the hands, 2 in the scrap, 33 in the deck):
only the game's length grows, so a cost that grows comes from the length alone.

- plain mode: ``PlainIO`` reading the lines from a stream and writing to a string;
- the full screen: ``AppIO`` on prompt_toolkit's pipe input and an output that draws nowhere
  (80x24), pace ``fast``, a second thread typing each line (and Enter at each handoff) as soon as
  the game waits for it.

A ply's time is the process's CPU time (all threads) from the game asking for one line, the screen
drawn, to it asking for the next with the screen drawn again: everything the session and the
screen do for that move (a handoff screen between hot-seat turns included), whatever else runs on
a shared machine. The report gives the mean over plies 15-25 ("ply 20") and over the last ten
plies ("ply 300"), each tree's median round.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

WORKER = r"""
import json, random, sys, threading, time
from io import StringIO

from cuttle import Game
from cuttle.play.session import GameSession, Options, Seat

SEATS = (Seat("Ann"), Seat("Bob"))
SEED = 42  # with the policy below: the same table (hands, scrap, deck) at ply 20 and ply 300


def pick(g, rng):
    # keeps the game going at a steady table: one-off threes that fetch each other back from
    # the scrap, draws up to six cards, then anything but points, scuttles and kings
    ms = [str(m) for m in g.legal_moves()]
    pos = g.to_position()
    scrap = pos.get("scrap", [])
    hand = pos["hands"][g.to_move]
    threes = [c for c in hand if c.startswith("3")]
    want = []
    if threes and any(c.startswith("3") for c in scrap):
        want.append("oneoff 3")
    want += ["take 3", "resolve"]
    if len(threes) >= 2 and scrap:
        want.append("oneoff 3")
    if len(hand) < 7:
        want.append("draw")
    for prefix in want:
        m = next((m for m in ms if m.startswith(prefix)), None)
        if m:
            return m
    safe = [m for m in ms if not m.startswith(("points", "scuttle", "perm K", "draw"))]
    if safe:
        return rng.choice(safe)
    return next((m for m in ms if m.startswith("draw")), None) or rng.choice(ms)


def script(plies):
    g = Game.new(seed=SEED, rules="classic")
    rng = random.Random(SEED)
    out = []
    while g.outcome is None and len(out) < plies:
        out.append(pick(g, rng))
        g.play(out[-1])
    assert len(out) == plies, f"the game ended after {len(out)} plies"
    return out


class Timed:
    # a stream of lines that notes when each one is asked for
    def __init__(self, lines):
        self.lines = list(lines)
        self.times = []

    def readline(self):
        self.times.append(time.process_time())
        return self.lines.pop(0) + "\n" if self.lines else ""


def plain(moves):
    from cuttle.ui.terminal import PlainIO, make_console

    stream = Timed(moves)
    io = PlainIO(make_console(StringIO(), interactive=False), stream)
    GameSession(SEED, "classic", SEATS, io, Options(save=False)).run()
    t = stream.times
    return [b - a for a, b in zip(t, t[1:])]


def app(moves):
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput
    from cuttle.ui.app import AppIO

    class Out(DummyOutput):
        def get_size(self):
            return Size(rows=24, columns=80)

    times = []
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Out(), pace="fast")
        session = GameSession(SEED, "classic", SEATS, io, Options(save=False))

        def settle():
            # the game waits for a line and the screen has drawn what it was handed
            if not io.ready.wait(60):
                raise TimeoutError
            for _ in range(200):  # the redraw waits for the loop to be idle (up to 10 ms)
                done = threading.Event()
                io.loop.call_soon_threadsafe(done.set)
                done.wait(10)
                if not io.app._invalidated:
                    break
                time.sleep(0.002)

        def typist():
            left = list(moves)
            try:
                while left:
                    settle()
                    if io.mode == "handoff":
                        io.ready.clear()
                        pipe.send_text("\r")
                        continue
                    times.append(time.process_time())
                    io.ready.clear()
                    pipe.send_text(left.pop(0) + "\r")
                settle()
                times.append(time.process_time())
            finally:
                pipe.close()

        t = threading.Thread(target=typist, daemon=True)
        t.start()
        io.run(session.run)
        t.join(30)
    return [b - a for a, b in zip(times, times[1:])]


plies = int(sys.argv[1])
moves = script(plies)
print(json.dumps({"plain": plain(moves), "app": app(moves)}))
"""


def measure(tree: Path, plies: int) -> dict[str, list[float]]:
    """One fresh interpreter on ``tree``: the seconds of each ply, in each mode."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(plies)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir()},
        cwd=tempfile.gettempdir(),
        check=False,
        timeout=1800,
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr[-2000:]}")
    data: dict[str, list[float]] = json.loads(done.stdout.splitlines()[-1])
    return data


def windows(times: list[float]) -> tuple[float, float]:
    """Mean ms per ply around ply 20 (plies 15-25) and over the last ten plies."""
    early = times[14:25]
    late = times[-10:]
    return 1000 * statistics.fmean(early), 1000 * statistics.fmean(late)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-commit", default="c25a433")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--plies", type=int, default=320)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base),
             args.base_commit],
            check=True,
        )
        try:
            trees = {"this tree": ROOT, f"base {args.base_commit}": base}
            rounds: dict[str, list[dict[str, tuple[float, float]]]] = {k: [] for k in trees}
            for r in range(args.rounds):
                order = list(trees) if r % 2 == 0 else list(reversed(trees))
                for name in order:
                    data = measure(trees[name], args.plies)
                    rounds[name].append({mode: windows(t) for mode, t in data.items()})
                    print(f"round {r + 1} {name}: " + ", ".join(
                        f"{mode} {a:.1f} -> {b:.1f} ms" for mode, (a, b) in rounds[name][-1].items()
                    ), flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False)
    print(f"\nms per ply, median of {args.rounds} rounds ({args.plies}-ply hot-seat game):")
    summary: dict[str, Any] = {}
    for name in trees:
        for mode in ("plain", "app"):
            early = statistics.median(x[mode][0] for x in rounds[name])
            late = statistics.median(x[mode][1] for x in rounds[name])
            summary[(name, mode)] = (early, late)
            print(f"  {name:>14} {mode:>5}: ply 20 {early:6.1f}  ply {args.plies - 5} {late:6.1f}"
                  f"  (late/early {late / early:.2f})")
    base_name = f"base {args.base_commit}"
    for mode in ("plain", "app"):
        ratio = summary[(base_name, mode)][1] / summary[("this tree", mode)][1]
        print(f"  {mode}: this tree is {ratio:.1f}x cheaper at the end of the game")


if __name__ == "__main__":
    main()
