"""What a frame of the full screen costs at two, three and four seats, late in a long game.

Run: ``python benchmarks/bench_board.py [--plies 300] [--keys 200] [--rounds 5] [--size 80x24]``.

For each table size a game of ``--plies`` moves is played with a fixed policy that keeps it going
(one-off threes that fetch each other back from the scrap, draws up to six cards, no points,
scuttles, kings, jacks or jokers; the first seed from 0 that lasts), and described move by move
as seat 0 reads it. Its table, with that whole log, is handed to the full screen (``AppIO`` on a
pipe input and an output that draws nowhere, of ``--size``), and the screen is drawn as
prompt_toolkit draws it (the layout written into a screen buffer):

- **per key**: one character typed into the input line, then the frame drawn (the board's
  drawings are kept: only what a key changes is drawn again), ``--keys`` times;
- **new table**: the table of the move before and that of the last move handed over in turn,
  every drawing forgotten (a move came: the board, the log, the messages and the bar drawn
  again; each log entry's rows are kept, as in a game), then the frame drawn.

Times are CPU time of this process, the median of ``--rounds`` rounds of each measure's median.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable

from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition
from prompt_toolkit.output import DummyOutput

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import describe_play
from cuttle.text.render import TableModel
from cuttle.text.tablemodel import game_model
from cuttle.ui.app import AppIO

RULES = {2: "classic", 3: "classic+cutthroat", 4: "classic+teams"}
NAMES = ("Ann", "Bob", "Carol", "Dan")
STYLE = CardStyle()


def pick(g: Game, rng: random.Random) -> str:
    """A move that keeps the game going at a steady table."""
    ms = [str(m) for m in g.legal_moves()]
    pos = g.to_position()
    scrap = pos.get("scrap", [])
    hand = pos["hands"][g.to_move or 0]
    threes = [c for c in hand if c.startswith("3")]
    want = []
    if threes and any(c.startswith("3") for c in scrap):
        want.append("oneoff 3")
    want += ["take 3", "resolve"]
    if len(threes) >= 2 and scrap:
        want.append("oneoff 3")
    if len(hand) < 6:
        want.append("draw")
    for prefix in want:
        m = next((m for m in ms if m.startswith(prefix)), None)
        if m:
            return m
    banned = ("points", "scuttle", "perm K", "draw", "pass", "jack", "joker")
    safe = [m for m in ms if not m.startswith(banned)]
    if safe:
        return rng.choice(safe)
    return next((m for m in ms if m.startswith("draw")), None) or rng.choice(ms)


def long_game(seats: int, plies: int) -> tuple[TableModel, TableModel]:
    """The tables at plies ``plies - 1`` and ``plies`` of a game of ``seats`` seats, with the
    whole log, as seat 0 sees them."""
    for seed in range(500):
        g = Game.new(seed=seed, rules=RULES[seats])
        rng = random.Random(seed)
        names = NAMES[:seats]
        log: list[str] = []
        before_last: TableModel | None = None
        while g.outcome is None and len(log) < plies:
            if len(log) == plies - 1:
                before_last = game_model(g, 0, names, STYLE, events=list(log))
            before, p = g.to_position(), g.to_move
            move = pick(g, rng)
            g.play(move)
            assert p is not None
            entry = describe_play(before, g.to_position(), p, move, names, STYLE, len(log))
            log.append(entry.text_for(0))
        if len(log) == plies and g.outcome is None and before_last is not None:
            return before_last, game_model(g, 0, names, STYLE, events=log)
    raise SystemExit(f"no seed lasts {plies} plies at {seats} seats")


class Sized(DummyOutput):
    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def frame(io: AppIO, columns: int, rows: int) -> None:
    """The screen drawn once, as the application draws a frame (no terminal)."""
    app = io.app
    app.render_counter += 1
    screen = Screen()

    async def write() -> None:
        with set_app(app):
            app.layout.container.write_to_screen(
                screen, MouseHandlers(), WritePosition(0, 0, columns, rows), "", True, None
            )
            screen.draw_all_floats()

    asyncio.run(write())


def median_cost(times: int, before: Callable[[], None], draw: Callable[[], None]) -> float:
    """The median CPU seconds of ``draw`` after ``before``, over ``times`` runs."""
    costs = []
    for _ in range(times):
        before()
        t0 = time.process_time()
        draw()
        costs.append(time.process_time() - t0)
    return statistics.median(costs)


def measure(models: tuple[TableModel, TableModel], columns: int, rows: int,
            keys: int) -> tuple[float, float]:
    """(per key, new table) in seconds for these tables on a screen of this size."""
    with create_pipe_input() as pipe:
        io = AppIO(STYLE, pt_input=pipe, pt_output=Sized(columns, rows))
        io.tbl = models[0]
        io.mode = "read"
        io.prompt = "Ann> "
        io.fresh = 1

        def draw() -> None:
            frame(io, columns, rows)

        draw()  # the first frame: every log entry drawn once
        io.tbl = models[1]
        io.forget()
        draw()

        def key() -> None:
            if len(io.buffer.text) > 60:
                io.buffer.text = ""
            io.buffer.insert_text("x")

        per_key = median_cost(keys, key, draw)

        def new_table_came() -> None:
            io.tbl = models[0] if io.tbl is models[1] else models[1]
            io.forget()

        new_table = median_cost(max(5, keys // 10), new_table_came, draw)
    return per_key, new_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=300)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    columns, rows = (int(x) for x in args.size.split("x"))
    models = {seats: long_game(seats, args.plies) for seats in (2, 3, 4)}
    results: dict[int, list[tuple[float, float]]] = {seats: [] for seats in models}
    for r in range(args.rounds):
        order = list(models) if r % 2 == 0 else list(reversed(models))
        for seats in order:
            results[seats].append(measure(models[seats], columns, rows, args.keys))
    print(f"full screen {columns}x{rows}, ply {args.plies}, median of {args.rounds} rounds "
          "(CPU ms):")
    base = None
    for seats, runs in results.items():
        per_key = 1000 * statistics.median(k for k, _ in runs)
        new = 1000 * statistics.median(n for _, n in runs)
        base = base or per_key
        print(f"  {seats} seats: per key {per_key:6.2f}   new table {new:6.2f}   "
              f"(per key x{per_key / base:.2f} of two seats)")


if __name__ == "__main__":
    main()
