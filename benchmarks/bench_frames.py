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
  help opened at 500x200;
- ``--table``: instead, a whole table as the server runs it: a real ``Match`` of 2, 3 and 4
  people on real screens (100x30), each playing the first legal move (a point card when it
  can) when it is theirs, ``--gap`` seconds apart; the CPU of every seat's frames together
  per move, the frames per seat and move, and the boards built (``Board``) and rich layouts
  made (``rich_lines``) per move. ``--baseline TREE`` measures another source tree the same
  way, alternately (each in a process of its own)::

      python benchmarks/bench_frames.py --table --baseline MAIN_TREE   # about a minute

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


async def table_moves(seats: int, seed: int, gap: float, moves: int) -> dict[str, float]:
    """One table of ``seats`` people on a real ``Match`` (the server's paint installed): CPU
    of all its screens' frames per move, frames per seat and move, boards and layouts per
    move."""
    import contextlib

    from prompt_toolkit.application.current import create_app_session

    from cuttle.serve import adapter
    from cuttle.serve.limits import paint
    from cuttle.serve.match import Match
    from cuttle.serve.seats import Chair
    from cuttle.ui import layout, richpt
    from cuttle.ui import screen as board_module

    paint.install()
    counts = {"Board": 0, "rich_lines": 0}
    init, lay_out = board_module.Board.__init__, richpt.rich_lines

    def board(self: Any, *a: Any, **k: Any) -> None:
        counts["Board"] += 1
        init(self, *a, **k)

    def rich_lines(*a: Any) -> Any:
        counts["rich_lines"] += 1
        return lay_out(*a)

    board_module.Board.__init__ = board  # type: ignore[method-assign]
    richpt.rich_lines = layout.rich_lines = rich_lines
    cpu = [0.0]
    frames = [0]
    chairs = tuple(Chair(NAMES[i], f"SHA256:bench{i}") for i in range(seats))
    match = Match("bench", seed, RULES[seats], chairs, (None,) * seats, window_wait=(0, 0))
    with contextlib.ExitStack() as stack:
        pipes, screens = [], []
        for i in range(seats):
            pipe = stack.enter_context(create_pipe_input())
            out = Vt100_Output(cast(Any, Sink()), lambda: Size(rows=30, columns=100),
                               term="xterm-256color", enable_cpr=False)
            screen = adapter.make_screen(pipe, out)
            started = [0.0]

            def before(_: object, started: list[float] = started) -> None:
                started[0] = time.thread_time()

            def after(_: object, started: list[float] = started) -> None:
                cpu[0] += time.thread_time() - started[0]
                frames[0] += 1

            screen.app.before_render += before
            screen.app.after_render += after
            pipes.append(pipe)
            screens.append(screen)
            match.sit(i, screen)

        async def run(screen: Any) -> None:
            with create_app_session(input=screen.app.input, output=screen.app.output):
                await adapter.run_screen(screen)

        tasks = [asyncio.ensure_future(run(s)) for s in screens]
        await asyncio.sleep(0.2)
        match.start()
        played, last = 0, -1
        cpu[0], frames[0] = 0.0, 0
        counts.update(Board=0, rich_lines=0)
        while played < moves and not match.over:
            game, p = match.session.game, match.acting
            if (p is not None and len(game.history) != last and game.to_move == p
                    and screens[p].mode == "read"):
                legal = [str(m) for m in game.legal_moves()]
                last = len(game.history)
                pipes[p].send_text(next((m for m in legal if m.startswith("points")),
                                        legal[0]) + "\r")
                played += 1
                await asyncio.sleep(gap)
            await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)  # the last move's steps told
        match.stop()
        for s in screens:
            adapter.close_screen(s)
        await asyncio.gather(*tasks, return_exceptions=True)
    played = max(1, played)
    return {"moves": played, "ms per move": cpu[0] * 1000 / played,
            "frames per seat and move": frames[0] / played / seats,
            "boards per move": counts["Board"] / played,
            "layouts per move": counts["rich_lines"] / played}


def table_main(args: argparse.Namespace) -> int:
    """``--table``: this tree (and ``--baseline``'s) at tables of 2, 3 and 4, alternately."""
    import os
    import subprocess
    import tempfile

    if args.one is not None:  # a child: one table, printed as JSON
        seats, seed = args.one
        with tempfile.TemporaryDirectory() as home:
            for kind in ("STATE", "DATA", "CONFIG", "CACHE"):
                os.environ[f"XDG_{kind}_HOME"] = f"{home}/{kind.lower()}"
            print(json.dumps(asyncio.run(table_moves(seats, seed, args.gap, args.moves))))
        return 0
    trees = {"this tree": ROOT, **({"baseline": Path(args.baseline)} if args.baseline else {})}
    results: dict[tuple[str, int], list[dict[str, float]]] = {}
    for seats in (2, 3, 4):
        for seed in range(11, 11 + args.repeat):
            for name, tree in trees.items():
                out = subprocess.run(
                    [sys.executable, str(Path(__file__).resolve()), "--table", "--one",
                     str(seats), str(seed), "--gap", str(args.gap), "--moves", str(args.moves)],
                    capture_output=True, text=True, check=True,
                    env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree,
                )
                results.setdefault((name, seats), []).append(json.loads(out.stdout))
    table: list[dict[str, Any]] = []
    for (name, seats), runs in results.items():
        moves = sum(r["moves"] for r in runs)
        row: dict[str, Any] = {"tree": name, "seats": seats, "moves": moves}
        for k in ("ms per move", "frames per seat and move", "boards per move",
                  "layouts per move"):
            row[k] = round(sum(r[k] * r["moves"] for r in runs) / moves, 2)
        show(row, table, args)
    return finish(table, args)


def show(row: dict[str, Any], table: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """One row kept for the report, and printed now on a terminal run (not with --json)."""
    table.append(row)
    if not args.json:
        print("  ".join(f"{k} {v}" for k, v in row.items()), flush=True)


def finish(table: list[dict[str, Any]], args: argparse.Namespace) -> int:
    """The rows as JSON at the end with --json; the exit status."""
    if args.json:
        print(json.dumps(table, indent=1))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--table", action="store_true",
                        help="a whole table's frames per move (see the module)")
    parser.add_argument("--baseline", help="another source tree (--table)")
    parser.add_argument("--gap", type=float, default=0.6,
                        help="seconds between a move and the next one's keys (--table)")
    parser.add_argument("--moves", type=int, default=40, help="moves a table at most (--table)")
    parser.add_argument("--one", type=int, nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.table:
        return table_main(args)
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
            show(row, table, args)
    return finish(table, args)


if __name__ == "__main__":
    raise SystemExit(main())
