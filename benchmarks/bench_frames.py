"""CPU per frame of the served screens, by screen and size: what one redraw costs the server.

Each screen is the real one (``AppIO``, the game screen a seat or a spectator sees; the replay
screen), running on an event loop as the server runs it, on a pipe for its keys and a VT100
output into memory of the size measured; ``time.thread_time`` is taken around each render
(prompt_toolkit's ``before_render`` / ``after_render``), so the figure is CPU, not the clock's
time, and holds on a loaded machine. Frames measured:

- ``key``: a key typed on the input line (its echo: the screen's own keys, two thirds of the
  frames at the tables);
- ``move``: another seat's move, a new table handed to the screen (a third of them);
- ``help``: the help window opened at 500x200 (F1), then ``help-key`` a key under it;
- ``lobby``: a key typed in the lobby (eight tables open), at 100x30 and 200x60; the lobby's
  help opened at 500x200.

Every frame of a kind is timed ``--rounds`` times; the lower quartile per frame is printed, in
ms, by screen and size (2, 3 and 4 seats at 80x24, 100x30, 200x60)::

    python benchmarks/bench_frames.py            # about 20 s
    python benchmarks/bench_frames.py --json

Two columns: ``before``, prompt_toolkit's own paths; ``after``, with the server's frame savings
on (``cuttle.serve.limits.paint.install``, as the server has them), measured alternately
(``--repeat`` times each, the lowest kept: a loaded machine only adds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cuttle import Game  # noqa: E402
from cuttle.play.state import Options, Seat, SessionState  # noqa: E402
from cuttle.text.cardtext import CardStyle  # noqa: E402
from cuttle.text.render import TableModel  # noqa: E402
from cuttle.ui.app import AppIO  # noqa: E402

RULES = {2: "classic", 3: "classic+cutthroat", 4: "classic+teams"}
NAMES = ("Ann", "Bob", "Carol", "Dan")
SIZES = ((80, 24), (100, 30), (200, 60))


class Sink:
    """A terminal that takes every byte and keeps none (counts them)."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.count = 0

    def write(self, data: str) -> int:
        self.count += len(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no file")


def grow(app: Any) -> None:
    """``app`` drawn from now on to a terminal of 500×200 (the biggest the server draws), all
    of it at the next frame."""
    out = Vt100_Output(cast(Any, Sink()), lambda: Size(rows=200, columns=500),
                       term="xterm-256color", enable_cpr=False)
    app.output = out
    app.renderer.output = out
    app.renderer.reset()
    app.invalidate()


def moves_of(seats: int, n: int, seed: int = 7) -> list[str]:
    """The first ``n`` moves of a game (each the first legal move but a pass where others fit)."""
    g = Game.new(seed, RULES[seats])
    out: list[str] = []
    while len(out) < n and g.outcome is None:
        legal = [str(m) for m in g.legal_moves()]
        pick = next((m for m in legal if m.startswith("points")), legal[0])
        g.play(pick)
        out.append(pick)
    return out


def models_of(seats: int, count: int) -> list[TableModel]:
    """``count`` tables of one game in play, as seat 0 sees it, one move apart."""
    moves = moves_of(seats, 12 + count)
    io = types.SimpleNamespace(interactive=True)
    out = []
    for k in range(12, 12 + count):
        state = SessionState(7, RULES[seats], tuple(Seat(n) for n in NAMES[:seats]),
                             cast(Any, io), Options(save=False), moves[:k])
        out.append(state.model(0))
    return out


def low(costs: list[float]) -> float:
    """The lower quartile of a frame's costs: what it costs when the machine lets it (a loaded
    machine only adds to the CPU time of a frame, through caches and a shared core)."""
    # the default ("exclusive") quartile reaches below the smallest cost with few rounds
    return max(min(costs), statistics.quantiles(costs, n=4)[0]) if len(costs) > 1 else costs[0]


class Timed:
    """A running screen whose renders are timed (CPU of this thread)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.costs: list[float] = []
        self.rendered = asyncio.Event()
        self.started = 0.0
        app.before_render += self._before
        app.after_render += self._after

    def _before(self, _: object) -> None:
        self.started = time.thread_time()

    def _after(self, _: object) -> None:
        self.costs.append(time.thread_time() - self.started)
        self.rendered.set()

    async def frame(self, act: Callable[[], None]) -> float:
        """Do ``act`` and wait for the frame it asks for: its CPU time."""
        self.rendered.clear()
        before = len(self.costs)
        act()
        while len(self.costs) == before:
            await asyncio.wait_for(self.rendered.wait(), 5)
            self.rendered.clear()
        return self.costs[-1]


async def game_frames(seats: int, size: tuple[int, int], rounds: int) -> dict[str, float]:
    columns, rows = size
    models = models_of(seats, rounds + 1)
    with create_pipe_input() as pipe:
        out = Vt100_Output(cast(Any, Sink()), lambda: Size(rows=rows, columns=columns),
                           term="xterm-256color", enable_cpr=False)
        screen = AppIO(CardStyle(), pt_input=pipe, pt_output=out)
        timed = Timed(screen.app)
        task = asyncio.ensure_future(screen.run_async())
        await timed.frame(lambda: screen.table(models[0]))
        await timed.frame(lambda: screen.begin_read("Ann> "))
        keys, moves, helps, help_keys = [], [], [], []
        for i in range(rounds):
            keys.append(await timed.frame(lambda i=i: pipe.send_text("zZ"[i % 2])))
            model = models[i + 1]
            moves.append(await timed.frame(lambda m=model: screen.table(m)))  # type: ignore[misc]
        figures = {"key": low(keys), "move": low(moves)}
        if size == (200, 60) and seats == 2:
            await timed.frame(lambda: grow(screen.app))
            for i in range(rounds):
                helps.append(await timed.frame(lambda: pipe.send_bytes(b"\x1bOP")))  # F1
                help_keys.append(await timed.frame(lambda i=i: pipe.send_text("zZ"[i % 2])))
                await timed.frame(lambda: pipe.send_bytes(b"\x1b"))  # Esc closes it
                await timed.frame(lambda: pipe.send_bytes(b"\x7f"))
            figures["help 500x200"] = low(helps)
            figures["help-key 500x200"] = low(help_keys)
        screen.close()
        await asyncio.wait_for(task, 5)
    return figures


async def lobby_frames(size: tuple[int, int], rounds: int) -> dict[str, float]:
    from cuttle.serve.hall import Hall
    from cuttle.serve.keys import Login
    from cuttle.serve.lobby import Lobby

    columns, rows = size
    hall = Hall()
    for n in range(8):
        hall.open_table(Login(f"host{n}", f"SHA256:host{n}"), "classic", 2 + n % 3)
    with create_pipe_input() as pipe:
        out = Vt100_Output(cast(Any, Sink()), lambda: Size(rows=rows, columns=columns),
                           term="xterm-256color", enable_cpr=False)
        lobby = Lobby(hall, Login("ann", "SHA256:annkey"), pipe, out)
        timed = Timed(lobby.app)
        task = asyncio.ensure_future(lobby.run())
        await timed.frame(lambda: None)
        keys, helps = [], []
        for i in range(rounds):
            keys.append(await timed.frame(lambda i=i: pipe.send_text("zZ"[i % 2])))
            await timed.frame(lambda: pipe.send_bytes(b"\x7f"))
        figures = {"lobby key": low(keys)}
        if size == (200, 60):
            await timed.frame(lambda: grow(lobby.app))
            for _ in range(rounds):
                helps.append(await timed.frame(lambda: pipe.send_bytes(b"\x1bOP")))  # F1
                await timed.frame(lambda: pipe.send_bytes(b"\x1b"))  # Esc closes it
            figures["lobby help 500x200"] = low(helps)
        lobby.app.exit(result=("quit",))
        await asyncio.wait_for(task, 5)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from cuttle.serve.limits import paint

    table: list[dict[str, Any]] = []
    for seats in (2, 3, 4):
        for size in SIZES:
            best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
            for _ in range(args.repeat):
                for mode in ("before", "after"):
                    if mode == "after":
                        paint.install()
                    try:
                        figures = asyncio.run(game_frames(seats, size, args.rounds))
                        if seats == 2 and size != (80, 24):
                            figures.update(asyncio.run(lobby_frames(size, args.rounds)))
                    finally:
                        paint.uninstall()
                    for k, v in figures.items():
                        best[mode][k] = min(v, best[mode].get(k, v))
            row: dict[str, Any] = {"seats": seats, "size": f"{size[0]}x{size[1]}"}
            for k in best["before"]:
                row[k] = f"{best['before'][k] * 1000:.2f} -> {best['after'][k] * 1000:.2f}"
            table.append(row)
            if not args.json:
                print("  ".join(f"{k} {v}" for k, v in row.items()), flush=True)
    if args.json:
        print(json.dumps(table, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
