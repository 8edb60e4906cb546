"""``cuttle arena`` at a table of three or four: cutthroat (one player per seat) and teams.

- **Cutthroat** (``cuttle arena A B C --rules classic+cutthroat``): three entrants, one a seat.
  The games come in rounds of three on the same deal, the entrants rotated one seat each game
  (game ``3k + r`` seats entrant ``i`` at seat ``(i + r) % 3``), so every entrant plays every
  seat of every deal and no seat's advantage favours one of them.
- **Teams** (``cuttle arena A B --rules classic+teams``): two entrants, each a team of two
  players of that spec (each seat its own player, its own seed). The games come in pairs on the
  same deal: A's team at seats 0 and 2 (A moves first), then at seats 1 and 3.

The report gives each entrant's wins and win share with its 95% Wilson interval, draws, the
share from each seat it took (cutthroat) or from moving first and second (teams), the mean plies,
and each entrant's mean and median seconds per decision. ``--json`` prints one JSON object
(keys :data:`JSON_KEYS`) as the last line.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cuttle import Game, Move
from cuttle.ai import Player, make_player
from cuttle.ai.arena_common import MAX_PLIES, _derive, wilson
from cuttle.ai.base import seats_refusal
from cuttle.rules import Rules
from cuttle.words import count

JSON_KEYS = (
    "entrants", "rules", "seed", "games", "wins", "draws", "win_share", "ci95", "seat_win_share",
    "mean_plies", "sec_per_move", "median_sec_per_move",
)


@dataclass(frozen=True)
class TableMatch:
    """A match at a table of three (cutthroat: three entrants) or four (teams: two entrants, each
    a team of two). ``names[i]`` and ``options[i]`` are entrant ``i``'s; ``factory`` builds a
    player (a module-level function, so that worker processes receive it)."""

    names: tuple[str, ...]
    options: tuple[dict[str, Any], ...]
    games: int
    seed: int
    rules: str
    factory: Callable[..., Player] = make_player

    @property
    def players(self) -> int:
        return Rules.parse(self.rules).players

    def seating(self, index: int) -> tuple[int, ...]:
        """Game ``index``'s entrant at each seat."""
        n = len(self.names)
        if Rules.parse(self.rules).teams:
            first = index % 2  # A's team at seats 0 and 2, then at 1 and 3
            return tuple(0 if (s & 1) == first else 1 for s in range(4))
        r = index % n
        return tuple((s - r) % n for s in range(n))

    def deal(self, index: int) -> int:
        """The seed of game ``index``'s deal (one deal for each round of rotations)."""
        per = 2 if Rules.parse(self.rules).teams else len(self.names)
        return _derive(self.seed, "deal", index // per)


@dataclass(frozen=True)
class TableResult:
    index: int
    seating: tuple[int, ...]  # the entrant at each seat
    winner: int | None  # the winning entrant, None for a draw
    plies: int
    times: tuple[tuple[float, ...], ...] = field(default=())  # each entrant's decision times


def entrants_refusal(rules: Rules, given: int) -> str | None:
    """Why ``given`` entrants cannot play ``rules`` at the table, or None."""
    if rules.teams:
        if given != 2:
            return (f"{rules} is played by two teams: give two players, A's team and B's "
                    f"(each plays both seats of its team), not {given}")
        return None
    if given != rules.players:
        letters = " ".join("ABCD"[:rules.players])
        return (f"{rules} is played by {rules.players} seats: give one player a seat "
                f"({letters}), not {given}")
    return None


def play_table_game(match: TableMatch, index: int,
                    watch: Callable[[Game, Move], None] | None = None) -> TableResult:
    """Game ``index`` of ``match``: its deal, its seating, one player per seat. ``watch``, when
    given, sees each decision: the game before the move, and the move chosen."""
    seating = match.seating(index)
    game = Game.new(seed=match.deal(index), rules=match.rules)
    seats = [match.factory(match.names[e], seed=_derive(match.seed, "seat", index, s),
                           **match.options[e]) for s, e in enumerate(seating)]
    times: list[list[float]] = [[] for _ in match.names]
    plies = 0
    while game.outcome is None and plies < MAX_PLIES:
        seat = game.to_move
        assert seat is not None
        t0 = time.perf_counter()
        move = seats[seat].choose(game)
        times[seating[seat]].append(time.perf_counter() - t0)
        if watch is not None:
            watch(game, move)
        game.play(move)
        plies += 1
    winner: int | None = None
    outcome = game.outcome or "draw"
    if outcome.startswith("team"):
        team = int(outcome[4:])
        winner = seating[team]  # seat `team` is on that team (0 or 1)
    elif outcome.startswith("p"):
        winner = seating[int(outcome[1:])]
    return TableResult(index, seating, winner, plies, tuple(tuple(t) for t in times))


def summarize_table(match: TableMatch, results: list[TableResult],
                    labels: tuple[str, ...]) -> dict[str, Any]:
    """The statistics of a table match (keys :data:`JSON_KEYS`)."""
    n = len(results)
    k = len(labels)
    teams = Rules.parse(match.rules).teams
    wins = [sum(1 for r in results if r.winner == e) for e in range(k)]
    draws = n - sum(wins)
    share = [round(w / n, 4) if n else 0.0 for w in wins]
    ci = [[round(x, 4) for x in wilson(w, n)] for w in wins]
    seat_share: list[dict[str, float | None]] = []
    for e in range(k):
        mine: dict[str, float | None] = {}
        for s in range(2 if teams else k):
            there = [r for r in results if r.seating[s] == e]
            key = ("first" if s == 0 else "second") if teams else f"p{s}"
            mine[key] = (round(sum(1 for r in there if r.winner == e) / len(there), 4)
                         if there else None)
        seat_share.append(mine)
    all_times = [[t for r in results for t in r.times[e]] for e in range(k)]
    return {
        "entrants": list(labels),
        "rules": match.rules,
        "seed": match.seed,
        "games": n,
        "wins": wins,
        "draws": draws,
        "win_share": share,
        "ci95": ci,
        "seat_win_share": seat_share,
        "mean_plies": round(sum(r.plies for r in results) / n, 2) if n else 0.0,
        "sec_per_move": [round(sum(t) / len(t), 6) if t else 0.0 for t in all_times],
        "median_sec_per_move": [round(_median(t), 6) if t else 0.0 for t in all_times],
    }


def _median(xs: list[float]) -> float:
    """The median of ``xs`` (not empty)."""
    ys = sorted(xs)
    k = len(ys) // 2
    return ys[k] if len(ys) % 2 else (ys[k - 1] + ys[k]) / 2


def table_report(s: dict[str, Any]) -> str:
    """The summary in lines of text."""
    labels = s["entrants"]
    teams = "teams" in s["rules"]

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f}%"

    who = " vs ".join(f"{x}'s team" if teams else x for x in labels)
    lines = [
        f"{who}: {count(s['games'], 'game', digits=True)}, rules {s['rules']}, seed {s['seed']}",
        "  wins: " + ", ".join(f"{x} {w}" for x, w in zip(labels, s["wins"], strict=True))
        + f", draws {s['draws']}",
    ]
    for e, x in enumerate(labels):
        lo, hi = s["ci95"][e]
        seats = s["seat_win_share"][e]
        if teams:
            where = f"moving first {pct(seats['first'])}, second {pct(seats['second'])}"
        else:
            where = ", ".join(f"seat {key[1:]} {pct(v)}" for key, v in seats.items())
        lines.append(f"  {x}{' team' if teams else ''} win share {pct(s['win_share'][e])} "
                     f"(95% CI {pct(lo)} to {pct(hi)}); {where}")
    lines.append(f"  mean plies per game {s['mean_plies']:.1f}")
    for x, m, d in zip(labels, s["sec_per_move"], s["median_sec_per_move"], strict=True):
        lines.append(f"  seconds per decision: {x} mean {m:.4f}, median {d:.4f}")
    return "\n".join(lines)


def labels_of(specs: list[str]) -> tuple[str, ...]:
    """The entrants' names in the report: their specs, with ``(A)``, ``(B)``... added to tell
    apart specs that are the same."""
    letters = "ABCD"
    return tuple(f"{x} ({letters[i]})" if specs.count(x) > 1 else x
                 for i, x in enumerate(specs))




def table_match(args: Any, specs: list[str], rules: Rules,
                parse: Callable[[str], tuple[str, dict[str, Any]]],
                factory: Callable[..., Player]) -> tuple[TableMatch, tuple[str, ...]]:
    """The match the command line asks for, and its entrants' labels. Raises ValueError (one
    line) for the wrong number of entrants, a bad spec, or a player that cannot take a seat at
    this table."""
    refusal = entrants_refusal(rules, len(specs))
    if refusal is not None:
        raise ValueError(refusal)
    parsed = [parse(x) for x in specs]
    for name, options in parsed:
        player = factory(name, seed=0, **options)
        if player.max_players < rules.players:
            raise ValueError(seats_refusal(player.level, rules.players, player.max_players))
    match = TableMatch(tuple(n for n, _ in parsed), tuple(o for _, o in parsed), args.games,
                       args.seed, str(rules), factory)
    return match, labels_of(specs)


def run_table(args: Any, match: TableMatch, labels: tuple[str, ...],
              progress: Callable[..., list[Any]]) -> int:
    """Play ``match`` and print its report (and ``--json``). ``progress`` runs the games
    (``cuttle.ai.arena.with_progress``: a progress bar on a terminal)."""
    tally = [0] * (len(labels) + 1)

    def score(r: TableResult) -> str:
        tally[-1 if r.winner is None else r.winner] += 1
        return "-".join(map(str, tally))

    teams = Rules.parse(match.rules).teams
    what = " vs ".join(f"{x}'s team" if teams else x for x in labels)
    results = progress(what, match, args.jobs, score, play=play_table_game,
                       log=getattr(args, "log", None))
    summary = summarize_table(match, results, labels)
    print(table_report(summary))
    if args.json:
        print(json.dumps({k: summary[k] for k in JSON_KEYS}))
    return 0


__all__ = ["JSON_KEYS", "TableMatch", "TableResult", "entrants_refusal", "labels_of",
           "play_table_game", "run_table", "summarize_table", "table_match", "table_report"]
