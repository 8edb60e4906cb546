"""``cuttle arena A B``: play two AI levels against each other and measure the result.

Games are played in pairs on the same deal with the seats swapped (A moves first in one game and
second in the other), in ``--jobs`` worker processes. A level may carry options for ``hard``:
``hard:iterations=300`` or ``hard:think=0.5``.

The report gives wins and draws, A's win rate (wins / games) with a 95% Wilson interval, A's win
rate from each seat, the mean plies per game and the mean seconds per decision of each side; with
``--json`` the last line is one JSON object (keys in :data:`JSON_KEYS`).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import queue
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from cuttle import Game
from cuttle.ai import LEVELS, Player, make_player
from cuttle.ai.arena_common import MAX_PLIES, _derive, wilson
from cuttle.rules import Rules
from cuttle.words import count

JSON_KEYS = (
    "a", "b", "games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95_a",
    "seat_win_rate_a", "mean_plies", "sec_per_move_a", "sec_per_move_b",
)


# -- levels with options ---------------------------------------------------------------------
def parse_level(spec: str) -> tuple[str, dict[str, Any]]:
    """``"hard:iterations=300,think=0.5"`` -> ``("hard", {"iterations": 300, "think": 0.5})``.
    Raises ValueError naming the problem."""
    name, _, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in LEVELS:
        raise ValueError(f"unknown AI level {spec!r}: choose one of {', '.join(LEVELS)}")
    options = parse_options(rest, spec)
    make_player(name, seed=0, **options)  # validate now, in the parent process
    return name, options


def parse_options(text: str, spec: str) -> dict[str, Any]:
    """``"iterations=300,think=0.5"`` (the part of ``spec`` after the name) as a dict."""
    options: dict[str, Any] = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bad option {item!r} in {spec!r}: write name=value")
        options[key.strip()] = _number(value.strip())
    return options


def _number(text: str) -> Any:
    """An int or finite float when ``text`` is one; otherwise the text itself (so that
    ``1e400`` or ``nan`` reach the option check, and its message, as the player wrote them)."""
    for kind in (int, float):
        try:
            x = kind(text)
        except ValueError:
            continue
        return x if math.isfinite(x) else text
    return text


# -- one game ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    index: int
    a_seat: int
    winner: str | None  # "a", "b" or None (draw)
    plies: int
    time_a: float
    moves_a: int
    time_b: float
    moves_b: int


@dataclass(frozen=True)
class Match:
    a: str
    b: str
    games: int
    seed: int
    rules: str
    options_a: dict[str, Any] = field(default_factory=dict)
    options_b: dict[str, Any] = field(default_factory=dict)
    #: Builds a player from a name, a seed and options (a module-level function, so that worker
    #: processes receive it): ``make_player``, or a command's own that knows more kinds of seat.
    factory: Callable[..., Player] = make_player


def play_game(match: Match, index: int) -> GameResult:
    """Game ``index`` of a match: pair ``index // 2``'s deal, A in seat ``index % 2``."""
    a_seat = index % 2
    game = Game.new(seed=_derive(match.seed, "deal", index // 2), rules=match.rules)
    pa = match.factory(match.a, seed=_derive(match.seed, "a", index), **match.options_a)
    pb = match.factory(match.b, seed=_derive(match.seed, "b", index), **match.options_b)
    seats = {a_seat: pa, 1 - a_seat: pb}
    spent = [0.0, 0.0]
    count = [0, 0]
    plies = 0
    while game.outcome is None and plies < MAX_PLIES:
        seat = game.to_move
        assert seat is not None
        t0 = time.perf_counter()
        move = seats[seat].choose(game)
        spent[seat] += time.perf_counter() - t0
        count[seat] += 1
        game.play(move)
        plies += 1
    winner: str | None = None
    if game.outcome in ("p0", "p1"):
        winner = "a" if game.outcome == f"p{a_seat}" else "b"
    return GameResult(
        index, a_seat, winner, plies,
        spent[a_seat], count[a_seat], spent[1 - a_seat], count[1 - a_seat],
    )


def _quiet_worker() -> None:
    """A worker leaves signals to the parent: Ctrl-C (sent to the whole process group) is
    ignored, SIGTERM ends it at once, without a traceback (the parent stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)


def run_match(
    match: Any, jobs: int = 1, on_result: Callable[[Any], None] | None = None,
    play: Callable[[Any, int], Any] | None = None,
) -> list[Any]:
    """Play every game of ``match`` (in at most ``jobs`` processes, never more than there are
    games); results in game order. The games are handed out as workers free up (at most a few
    per worker waiting), so the work list is never built whole. ``play`` plays one game
    (``play(match, index)``, a module-level function): :func:`play_game` by default, the table
    arena's for three or four seats."""
    results: list[Any] = []
    if play is None:
        play = play_game

    def take(r: Any) -> None:
        if isinstance(r, BaseException):
            raise r
        results.append(r)
        if on_result:
            on_result(r)

    jobs = max(1, min(jobs, match.games))
    if jobs == 1:
        for i in range(match.games):
            take(play(match, i))
    else:
        import multiprocessing  # here, not at the top: cuttle --help registers this module

        ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else None)
        done: queue.SimpleQueue[Any] = queue.SimpleQueue()
        window = 4 * jobs
        with ctx.Pool(jobs, initializer=_quiet_worker) as pool:
            pending = 0
            for i in range(match.games):
                while pending >= window:
                    take(done.get())
                    pending -= 1
                pool.apply_async(play, (match, i), callback=done.put,
                                 error_callback=done.put)
                pending += 1
            while pending:
                take(done.get())
                pending -= 1
    results.sort(key=lambda r: r.index)
    return results


# -- statistics ------------------------------------------------------------------------------
def summarize(
    match: Match, results: list[GameResult], label_a: str, label_b: str
) -> dict[str, Any]:
    n = len(results)
    wins_a = sum(1 for r in results if r.winner == "a")
    wins_b = sum(1 for r in results if r.winner == "b")
    seat: dict[str, float | None] = {}
    for s in (0, 1):
        mine = [r for r in results if r.a_seat == s]
        seat[f"p{s}"] = (
            round(sum(1 for r in mine if r.winner == "a") / len(mine), 4) if mine else None
        )
    lo, hi = wilson(wins_a, n)
    moves_a = sum(r.moves_a for r in results)
    moves_b = sum(r.moves_b for r in results)
    return {
        "a": label_a,
        "b": label_b,
        "games": n,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": n - wins_a - wins_b,
        "win_rate_a": round(wins_a / n, 4) if n else 0.0,
        "ci95_a": [round(lo, 4), round(hi, 4)],
        "seat_win_rate_a": seat,
        "mean_plies": round(sum(r.plies for r in results) / n, 2) if n else 0.0,
        "sec_per_move_a": round(sum(r.time_a for r in results) / moves_a, 6) if moves_a else 0.0,
        "sec_per_move_b": round(sum(r.time_b for r in results) / moves_b, 6) if moves_b else 0.0,
        "rules": match.rules,
        "seed": match.seed,
    }


def report(s: dict[str, Any]) -> str:
    a, b = s["a"], s["b"]
    lo, hi = s["ci95_a"]
    seat = s["seat_win_rate_a"]

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f}%"

    return "\n".join([
        f"{a} vs {b}: {count(s['games'], 'game', digits=True)}, rules {s['rules']}, "
        f"seed {s['seed']}",
        f"  wins: {a} {s['wins_a']}, {b} {s['wins_b']}, draws {s['draws']}",
        f"  {a} win rate {pct(s['win_rate_a'])} (95% CI {pct(lo)} to {pct(hi)})",
        f"  {a} by seat: moving first {pct(seat['p0'])}, moving second {pct(seat['p1'])}",
        f"  mean plies per game {s['mean_plies']:.1f}",
        f"  seconds per decision: {a} {s['sec_per_move_a']:.4f}, {b} {s['sec_per_move_b']:.4f}",
    ])


# -- command line ------------------------------------------------------------------------------
def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to the ``cuttle`` parser (and return its parser)."""
    p = subparsers.add_parser(
        "arena",
        help="play two AI levels against each other and report the statistics",
        description=(
            "Play AI A against AI B in pairs of games on the same deal with seats swapped. "
            "At three seats (--rules classic+cutthroat) give A B C, one player a seat, every "
            "rotation of the seats played on each deal; in teams (--rules classic+teams) A's "
            "team takes seats 0 and 2, then the teams swap the first seat. "
            f"Levels: {', '.join(LEVELS)}; 'hard' takes options, e.g. hard:iterations=300 "
            "or hard:think=0.5."
        ),
    )
    p.add_argument("a", metavar="AI_A", help="first AI level")
    p.add_argument("b", metavar="AI_B", help="second AI level")
    p.add_argument("more", metavar="AI_C", nargs="*",
                   help="the third seat's AI level in cutthroat (one player a seat)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and players (default 1)")
    p.add_argument("--rules", default="classic", help="preset[+variant...] (default classic)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print a JSON summary as the last line")
    p.add_argument("--log", metavar="FILE",
                   help="append each game's result to FILE as one JSON line as it finishes")
    p.set_defaults(func=run_cli)
    return p  # type: ignore[no-any-return]


class _Stopped(Exception):
    """SIGTERM or SIGHUP reached the arena's main process."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Stopped(signum)


def run_cli(
    args: argparse.Namespace,
    parse: Callable[[str], tuple[str, dict[str, Any]]] = parse_level,
    factory: Callable[..., Player] = make_player,
) -> int:
    """``cuttle arena``; SIGTERM or SIGHUP stops the workers and ends with one line (and the
    shell's status for the signal). ``parse`` reads a seat's spec and ``factory`` builds its
    player (``cuttle.commands.arena`` passes its own, which also seat OpenSpiel bots)."""
    old = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                old[sig] = signal.signal(sig, _stop)
            except ValueError:  # not the main thread
                pass
    try:
        return _run_cli(args, parse, factory)
    except _Stopped as stop:
        print(f"cuttle arena: {signal.Signals(stop.signum).name} received; stopped",
              file=sys.stderr)
        return 128 + stop.signum
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def with_progress(description: str, match: Any, jobs: int, score: Callable[[Any], str],
                  play: Callable[[Any, int], Any] | None = None,
                  log: str | None = None) -> list[Any]:
    """:func:`run_match`, with a progress bar on a terminal (``score`` gives the tally to show
    after each result); with ``log``, each game's result is appended to that file as one JSON
    line as soon as it is in (so a long run stopped early keeps what it played)."""
    sink = open(log, "a", encoding="utf-8") if log else None  # noqa: SIM115 - closed below
    try:
        return _with_progress(description, match, jobs, score, play, sink)
    finally:
        if sink is not None:
            sink.close()


def _with_progress(description: str, match: Any, jobs: int, score: Callable[[Any], str],
                   play: Callable[[Any, int], Any] | None, sink: Any) -> list[Any]:
    def logged(r: Any) -> None:
        if sink is not None:
            sink.write(json.dumps(dataclasses.asdict(r)) + "\n")
            sink.flush()

    if not sys.stdout.isatty():
        return run_match(match, jobs, logged if sink is not None else None, play=play)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[score]}"),
        TimeRemainingColumn(),
        transient=True,
    ) as progress:
        task = progress.add_task(description, total=match.games, score="")

        def tick(r: Any) -> None:
            logged(r)
            progress.update(task, advance=1, score=score(r))

        return run_match(match, jobs, tick, play=play)


def _run_cli(args: argparse.Namespace, parse: Callable[[str], tuple[str, dict[str, Any]]],
             factory: Callable[..., Player]) -> int:
    more = list(getattr(args, "more", None) or [])
    table = None
    try:
        a, opts_a = parse(args.a)
        b, opts_b = parse(args.b)
        if args.games <= 0:
            raise ValueError(f"--games must be at least 1, not {args.games}")
        if args.jobs <= 0:
            raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
        parsed = Rules.parse(args.rules)
        rules = str(parsed)
        if parsed.players > 2 or more:
            from cuttle.ai.table_arena import table_match  # only for a table of 3 or 4

            table = table_match(args, [args.a, args.b, *more], parsed, parse, factory)
    except ValueError as exc:
        print(f"cuttle arena: error: {exc}", file=sys.stderr)
        return 2
    if table is not None:
        from cuttle.ai.table_arena import run_table

        return run_table(args, *table, progress=with_progress)
    match = Match(a, b, args.games, args.seed, rules, opts_a, opts_b, factory)
    label_a, label_b = args.a, args.b
    if label_a == label_b:
        label_a, label_b = f"{label_a} (A)", f"{label_b} (B)"
    tally = {"a": 0, "b": 0, None: 0}

    def score(r: GameResult) -> str:
        tally[r.winner] += 1
        return f"{tally['a']}-{tally['b']}-{tally[None]}"

    results = with_progress(f"{label_a} vs {label_b}", match, args.jobs, score,
                            log=getattr(args, "log", None))
    summary = summarize(match, results, label_a, label_b)
    print(report(summary))
    if args.json:
        print(json.dumps({k: summary[k] for k in JSON_KEYS}))
    return 0
