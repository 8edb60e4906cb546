"""The ``review``, ``history`` and ``stats`` subcommands of ``cuttle``.

This module is imported to build the parser, so it imports nothing heavy at the top: rich, the
search and the database are imported inside the command functions.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from cuttle.ai.review import Review
    from cuttle.files.storage import GameRecord

from cuttle.ai import LEVELS
from cuttle.commands.common import EXIT_ERROR, EXIT_OK, EXIT_USAGE, err
from cuttle.text.reviewtext import review_text
from cuttle.text.safetext import one_line, safe_repr, safe_text

LEVEL_CHOICES = (*LEVELS, "human")
RESULTS = ("win", "loss", "draw")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``review``, ``history`` and ``stats`` to the ``cuttle`` parser."""
    review = subparsers.add_parser(
        "review",
        help="go over a finished game: every move judged by the hard AI",
        description="Replay a finished game and judge every decision with the hard AI's search, "
        "from what the mover could see at that moment: win chance before and after, the best "
        "move found, and a label (best, good, inaccuracy, mistake, blunder, forced). "
        "Default: your last finished game.",
    )
    review.add_argument(
        "game", nargs="?", metavar="FILE|ID",
        help="a game record file, or a game number from: cuttle history",
    )
    budget = review.add_mutually_exclusive_group()
    budget.add_argument(
        "--think", type=float, metavar="SECONDS",
        help="search time per decision (default: a fixed budget of about a second)",
    )
    budget.add_argument(
        "--iterations", type=int, metavar="N",
        help="search simulations per decision (reproducible; default 1800)",
    )
    review.add_argument("--json", action="store_true", help="print the analysis as JSON")
    review.add_argument("--ascii", action="store_true", help="plain ASCII chart")
    review.add_argument("--no-color", action="store_true", help="no colours")
    review.set_defaults(func=review_command)

    history = subparsers.add_parser(
        "history",
        help="list your finished games",
        description="List finished games from the history database, newest first.",
    )
    history.add_argument("--ai", choices=LEVEL_CHOICES, metavar="LEVEL",
                         help="only games against this AI level (or human: hot-seat)")
    history.add_argument("--rules", metavar="RULES", help="only games with these rules or preset")
    history.add_argument("--result", choices=RESULTS, help="only games you won, lost or drew")
    history.add_argument("--player", metavar="NAME", help="only games of this (human) player")
    history.add_argument("--limit", type=int, default=20, metavar="N",
                         help="at most N games (default 20)")
    history.add_argument("--json", action="store_true", help="print the games as JSON")
    history.add_argument(
        "--delete", metavar="ID",
        help="remove game ID from the history, the statistics and the rating (its record file "
        "stays where it is)",
    )
    history.set_defaults(func=history_command)

    stats = subparsers.add_parser(
        "stats",
        help="your results against each AI level, streaks and rating",
        description="Games, wins, losses and draws; the win rate against each AI level per rules "
        "preset with a 95% confidence interval; streaks; a rating from the results against the "
        "AI levels, and its chart over time. Hot-seat games count for both named players.",
    )
    who = stats.add_mutually_exclusive_group()
    who.add_argument(
        "--player", metavar="NAME",
        help="only this (human) player's games (default: whoever played the AI most)",
    )
    who.add_argument("--all", action="store_true", help="every human player's games together")
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("--ascii", action="store_true", help="plain ASCII chart")
    stats.add_argument("--no-color", action="store_true", help="no colours")
    stats.set_defaults(func=stats_command)


def _console(no_color: bool = False, stderr: bool = False) -> Console:
    from rich.console import Console

    color = not no_color and not os.environ.get("NO_COLOR")
    # Names, rules and levels come from files: a string is never read as markup or emoji
    # codes ("[link=...]", "[/b]"); the review's own styles are Text objects.
    return Console(stderr=stderr, no_color=not color, highlight=False, soft_wrap=False,
                   markup=False, emoji=False)


def say_problems(history: Any) -> None:
    """The history's skipped rows, one line each (at most three, then how many more)."""
    problems = history.problems
    for line in problems[:3]:
        err(line)
    if len(problems) > 3:
        err(f"... and {len(problems) - 3} more stored games skipped")
    problems.clear()


def game_number(target: str) -> int | None:
    """``target`` as a history game number (ASCII digits only), or None."""
    return int(target) if target.isascii() and target.isdecimal() else None


# -- review ------------------------------------------------------------------------------------
def find_game(target: str | None, verb: str = "review") -> tuple[GameRecord, str]:
    """The record to review (or ``verb``) and a name for it: a file, a history id, or (None) the
    last finished game. Raises ValueError with a message for the user."""
    from cuttle.files.history import History, HistoryError
    from cuttle.files.storage import CorruptFileError, data_dir, read_record

    number = None if target is None else game_number(target)
    if target is not None and (number is None or os.path.lexists(target)):
        try:
            return read_record(Path(target)), target
        except CorruptFileError as exc:
            kept = ". The file was left as it is." if os.path.lexists(target) else ""
            raise ValueError(f"{exc}{kept}") from None
    history = History()
    try:
        if number is not None:
            row = history.game(number)
            say_problems(history)
            if row is None:
                raise ValueError(
                    f"no game {safe_text(target, 30)} in the history (list them: cuttle history)"
                )
            return row.record(), f"game {row.id}"
        rows = history.games(limit=1)
        say_problems(history)
        if rows:
            return rows[0].record(), f"game {rows[0].id}"
    except HistoryError as exc:
        if target is not None:
            raise ValueError(str(exc)) from None
        err(f"{exc}; looking in the games folder instead")
    except CorruptFileError as exc:
        raise ValueError(str(exc)) from None
    folder = data_dir() / "games"
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else (
        [])
    for path in reversed(files):
        try:
            record = read_record(path)
        except CorruptFileError:
            continue
        if record.outcome is not None:
            return record, str(path)
    raise ValueError(f"no finished game to {verb} yet (play one: cuttle play)")


def review_command(args: argparse.Namespace) -> int:
    """``cuttle review [FILE|ID]``."""
    from cuttle.ai.review import Budget
    from cuttle.files.storage import CorruptFileError, rebuild

    try:
        budget = (
            Budget(think=args.think) if args.think is not None
            else Budget(iterations=args.iterations) if args.iterations is not None
            else Budget()
        )
    except ValueError as exc:
        err(f"review: {exc}")
        return EXIT_USAGE
    try:
        record, where = find_game(args.game)
        rebuild(record, where)
    except (ValueError, CorruptFileError) as exc:
        err(str(exc))
        return EXIT_USAGE
    if record.outcome is None:
        err(f"{where}: the game is not finished; only finished games are reviewed "
             "(a review would show the cards still hidden)")
        return EXIT_USAGE
    from cuttle.files.reviews import review_refusal

    refused = review_refusal(record)
    if refused is not None:
        target = f" {args.game}" if args.game else ""
        err(f"{where}: not reviewed: {refused} (cuttle replay{target} shows it)")
        return EXIT_USAGE
    review = _analyse(record, budget)
    if args.json:
        print(json.dumps(review_json(review, record, where)))
        return EXIT_OK
    print_lines(_console(args.no_color), review_text(review, record, where, ascii=args.ascii))
    return EXIT_OK


def review_json(review: Review, record: GameRecord, where: str) -> dict[str, Any]:
    """``review --json``: the review (``Review.to_json``; each move's ``ply`` still the index in
    the record's moves) with each move's ``number`` as the text numbers it (``ply + 1``) and the
    ``game`` it judges: where it came from (``game 12`` and its history ``id``, or the file),
    rules, seed, players, controllers, outcome, reason and the number of moves."""
    out = review.to_json()
    for entry in out.get("moves", []):
        entry["number"] = int(entry["ply"]) + 1
    number = game_number(where[len("game "):]) if where.startswith("game ") else None
    game = {
        "source": where,
        "id": number,
        "rules": record.rules,
        "seed": record.seed,
        "players": list(record.players),
        "controllers": list(record.controllers),
        "outcome": record.outcome,
        "reason": record.reason,
        "moves": len(record.moves),
    }
    return {"game": game, **out}


def print_lines(console: Console, lines: list[Any]) -> None:
    """Print ``lines`` (strings or rich renderables) with no spaces at the ends of the lines
    (rich pads wrapped and padded lines to the width: a piped review or stats ended every line
    in spaces)."""
    for line in lines:
        with console.capture() as captured:
            console.print(line, highlight=False)
        console.file.write("\n".join(row.rstrip(" ") for row in captured.get().split("\n")))
    console.file.flush()


def _analyse(record: GameRecord, budget: Any) -> Review:
    """The review (a saved one with the same reproducible budget, else computed now and saved),
    with a progress bar on the terminal (none when stderr is not one)."""
    from cuttle.files.reviews import review_record

    if not sys.stderr.isatty():
        return review_record(record, budget)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("Analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=_console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("review", total=len(record.moves))
        return review_record(
            record, budget, on_step=lambda done, total: bar.update(task, completed=done)
        )


# -- history -----------------------------------------------------------------------------------
def _result_word(row: Any, player: str | None) -> str:
    """The result from the human seat's side (the first human, or ``player``); in teams the
    team's result, in cutthroat the place."""
    seats = [s for s in range(len(row.players)) if row.controllers[s] == "human"
             and (player is None or row.players[s] == player)]
    if row.outcome == "draw":
        return "draw"
    if row.outcome is None:
        return "-"
    if row.outcome.startswith("team"):
        team = int(row.outcome[4:])
        winners = " & ".join(one_line(row.players[s], 20) for s in (team, team + 2))
        if len({s % 2 for s in seats}) != 1:
            return f"{winners} won"
        return "team win" if seats[0] % 2 == team else "team loss"
    if len(seats) != 1:
        return f"{one_line(row.players[int(row.outcome[1])], 20)} won"
    if len(row.players) > 2:
        from cuttle.files.gamerows import cutthroat_place
        from cuttle.files.storage import CorruptFileError

        try:
            moves = row.record().moves
        except (CorruptFileError, ValueError):
            moves = []
        place = cutthroat_place(row.outcome, moves, seats[0], len(row.players))
        return ("win" if row.outcome == f"p{seats[0]}" else "loss") + f" ({place})"
    return "win" if row.outcome == f"p{seats[0]}" else "loss"


def history_command(args: argparse.Namespace) -> int:
    """``cuttle history``."""
    from cuttle.files.history import History, HistoryError

    if args.limit < 1:
        err("history: --limit needs a positive number")
        return EXIT_USAGE
    history = History()
    if args.delete is not None:
        return _delete_game(history, args.delete)
    try:
        rows = history.games(level=args.ai, rules=args.rules, result=args.result,
                             limit=args.limit, player=args.player)
    except HistoryError as exc:
        err(str(exc))
        return EXIT_ERROR
    say_problems(history)
    if args.json:
        print(json.dumps([
            {"id": r.id, "finished_at": r.finished_at, "rules": r.rules, "seed": r.seed,
             "players": list(r.players), "controllers": list(r.controllers),
             "outcome": r.outcome, "reason": r.reason, "moves": r.moves,
             "duration": r.duration} for r in rows
        ]))
        return EXIT_OK
    if not rows:
        print("No games in the history match." if any(
            (args.ai, args.rules, args.result, args.player)) else
            "No finished games yet: play one with: cuttle play")
        return EXIT_OK
    for line in history_lines(rows, args.player, shutil.get_terminal_size((80, 24)).columns):
        print(line)
    print("Review one with: cuttle review ID")
    return EXIT_OK


def history_lines(rows: list[Any], player: str | None, width: int) -> list[str]:
    """The history as a table that fits ``width``: players, rules and results wrap between
    words (the players before "vs", a rules name before each ``+``), never inside one; a name
    past 20 characters ends in "…" (names are the one thing abbreviated)."""
    from cuttle.text.columns import Column, fit_table, rules_parts, words

    columns = [
        Column("id", right=True),
        Column("finished (UTC)", wraps=True),
        Column("rules", wraps=True, joiner=""),
        Column("players", wraps=True),
        Column("result", wraps=True),
        Column("moves", right=True),
    ]
    cells = []
    for r in rows:
        seat = [
            one_line(r.players[s], 20) + (f" ({r.level(s)})" if r.level(s)
                                       and str(r.level(s)) not in r.players[s] else "")
            for s in range(len(r.players))
        ]
        if len(seat) == 4:  # teams: partners together (seats 0 and 2, 1 and 3)
            who = [f"{seat[0]} &", seat[2], f"vs {seat[1]} &", seat[3]]
        else:
            who = [seat[0], *(f"vs {s}" for s in seat[1:])]
        cells.append([
            [str(r.id)],
            r.finished_at[:16].split("T"),
            rules_parts(one_line(r.rules, 60)),
            who,
            words(_result_word(r, player)),
            [str(r.moves)],
        ])
    return fit_table(columns, cells, width)


def _delete_game(history: Any, target: str) -> int:
    """``cuttle history --delete ID``: one line saying what was removed, or why nothing was."""
    from cuttle.files.history import HistoryError

    number = game_number(target)
    if number is None:
        err(f"history: --delete needs a game number from cuttle history, not "
            f"{safe_repr(target, 30)}")
        return EXIT_USAGE
    try:
        row = history.game(number)
        if row is None or not history.delete(number):
            err(f"no game {number} in the history (list them: cuttle history)")
            return EXIT_USAGE
    except HistoryError as exc:
        err(str(exc))
        return EXIT_ERROR
    who = " vs ".join(one_line(p, 20) for p in row.players)
    print(f"Deleted game {number} ({who}, {one_line(row.rules, 40)}, "
          f"{row.finished_at[:16].replace('T', ' ')}) from the history; its statistics and "
          "rating no longer count it.")
    return EXIT_OK


# -- stats -------------------------------------------------------------------------------------
def stats_command(args: argparse.Namespace) -> int:
    """``cuttle stats``."""
    from cuttle.files.history import History, HistoryError
    from cuttle.files.stats import compute

    history = History()
    try:
        rows = history.all_games()
    except HistoryError as exc:
        err(str(exc))
        return EXIT_ERROR
    say_problems(history)
    player = args.player if args.player is not None or args.all else main_player(rows)
    figures = compute(rows, player)
    if args.json:
        print(json.dumps(figures))
        return EXIT_OK
    print_lines(_console(args.no_color), stats_text(figures, ascii=args.ascii))
    return EXIT_OK


def main_player(rows: Any) -> str | None:
    """The human who played the AI most (the one ``cuttle stats`` is about by default, so
    hot-seat names do not mix into your streaks); None when nobody played the AI."""
    from collections import Counter

    seen: Counter[str] = Counter()
    for row in rows:
        humans = [s for s, c in enumerate(row.controllers) if c == "human"]
        if len(humans) == 1:
            seen[row.players[humans[0]]] += 1
    return seen.most_common(1)[0][0] if seen else None


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


#: How ``cuttle stats`` counts the games of three and four seats (in the opponent column).
TABLE_MODES = ("cutthroat", "teams")


def stats_text(figures: dict[str, Any], ascii: bool = False, width: int = 80) -> list[str]:
    """``cuttle stats`` as plain lines (at most ``width`` columns)."""
    from cuttle.text.chart import line_chart
    from cuttle.words import count

    f = figures
    if not f["games"]:
        return ["No finished games with a human player yet: play one with: cuttle play"]
    # games of three or four are counted by their mode (cutthroat, teams), not by an opponent
    tables = any(opp in TABLE_MODES for opp in f["by_opponent"])
    head, wide = ("opponent / mode", 15) if tables else ("opponent", 10)
    room = 36 - wide  # the rules column gives the wider head its room: a row stays in 80
    who = ", ".join(one_line(p, 20) for p in f["players"][:4])
    who += "…" if len(f["players"]) > 4 else ""
    lines = [
        f"{who}: {count(f['games'], 'game', digits=True)}, "
        f"{count(f['wins'], 'win', digits=True)}, {count(f['losses'], 'loss', digits=True)}, "
        f"{count(f['draws'], 'draw', digits=True)} "
        f"({_pct(f['win_rate'])} won)",
        "",
        f"{head:<{wide}} {'rules':<{room}} {'games':>5} {'W':>4} {'L':>4} {'D':>3} "
        f"{'win rate':>8}  95% CI",
    ]
    for opp, data in f["by_opponent"].items():
        for rules, c in data["by_preset"].items():
            ci = c["ci95"]
            lines.append(
                f"{opp:<{wide}} {one_line(rules, room):<{room}} {c['games']:>5} {c['wins']:>4} "
                f"{c['losses']:>4} {c['draws']:>3} {_pct(c['win_rate']):>8}  "
                f"{_pct(ci[0])}–{_pct(ci[1])}"
            )
    s = f["streaks"]
    cur = s["current"]
    kind = str(cur["kind"]) if cur["kind"] in ("win", "loss", "draw") else ""
    streak = count(cur["length"], kind, digits=True) if kind else f"{cur['length']}"
    lines += [
        "",
        f"Current streak: {streak}; "
        f"best winning streak: {s['best_wins']}",
    ]
    if f["rating"] is None:
        lines.append("Rating: games of three or four seats are not rated: play the AI at two."
                     if tables else
                     "Rating: play the AI to get one (hot-seat games are not rated).")
        return lines
    levels = ", ".join(f"{k} {v:.0f}" for k, v in f["level_ratings"].items())
    lines += [
        f"Rating: {f['rating']} (from your results; the AI levels: {levels})",
        "",
        "Rating over time",
    ]
    curve = [v for _, v in f["rating_curve"]]
    lo = min(min(curve), 400.0)
    hi = max(max(curve), 1200.0)
    lines += line_chart(curve, lo, hi, height=6, width=width, fmt=lambda v: f"{v:.0f}",
                        reference=1000.0, ascii=ascii,
                        x_label=f"rated game 1 … {f['rating_curve'][-1][0]}")
    return lines
