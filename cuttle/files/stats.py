"""Statistics of the game history: results per AI level and preset, streaks, and a rating.

Each human seat of a game is one result for that player (a hot-seat game is a win for one named
player and a loss for the other). The rating is the Elo-scale strength that best explains the
player's results against the AI levels, whose own ratings (:data:`LEVEL_RATINGS`) were fitted to
the ``cuttle arena`` results of docs/ai.md (the "Game review" section says how).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cuttle.ai.arena import wilson
from cuttle.files.history import GameRow

#: Elo-scale ratings of the AI levels, medium anchored at 1000: fitted to the arena ladder of
#: docs/ai.md ("The level ratings") by ``benchmarks/fit_level_ratings.py``.
LEVEL_RATINGS: dict[str, float] = {"random": 419.0, "easy": 797.0, "medium": 1000.0, "hard": 1250.0}
#: The rating starts from one virtual draw against medium, so that a few games (or only wins)
#: give a finite figure.
PRIOR_LEVEL = "medium"


@dataclass(frozen=True)
class Result:
    """One game from one human player's side."""

    game_id: int
    finished_at: str
    player: str
    preset: str
    opponent: str  # an AI level, or "human"; the mode (cutthroat, teams) of three or four
    score: float  # 1 win, 0.5 draw, 0 loss

    @property
    def kind(self) -> str:
        return "win" if self.score == 1.0 else "loss" if self.score == 0.0 else "draw"


def results(rows: Iterable[GameRow], player: str | None = None) -> list[Result]:
    """The human seats' results, in the order of ``rows`` (oldest first for the rating)."""
    out: list[Result] = []
    for row in rows:
        for seat in range(len(row.players)):
            if row.controllers[seat] != "human":
                continue
            if player is not None and row.players[seat] != player:
                continue
            # a table of three or four is its mode (no level is rated there): one result each
            other = row.mode or row.level(1 - seat) or "human"
            score = row.seat_score(seat)
            out.append(Result(row.id, row.finished_at, row.players[seat], row.preset, other, score))
    return out


def expected(rating: float, opponent: float) -> float:
    """The Elo expected score of ``rating`` against ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def fit_rating(tally: dict[str, tuple[float, int]]) -> float:
    """The rating whose expected scores match the scores in ``tally`` (level -> (points, games)),
    plus the prior draw against medium: the maximum-likelihood Elo rating (Newton's method)."""
    terms = [(LEVEL_RATINGS[lvl], pts, n) for lvl, (pts, n) in tally.items() if n]
    terms.append((LEVEL_RATINGS[PRIOR_LEVEL], 0.5, 1))
    r = LEVEL_RATINGS[PRIOR_LEVEL]
    k = math.log(10.0) / 400.0
    for _ in range(50):
        grad = 0.0
        hess = 0.0
        for opp, pts, n in terms:
            e = expected(r, opp)
            grad += pts - n * e
            hess += n * e * (1.0 - e) * k
        step = max(-400.0, min(400.0, grad / hess))  # hess > 0: the prior is always there
        r += step
        if abs(step) < 0.01:
            break
    return r


def rating_curve(res: Sequence[Result], points: int = 60) -> list[tuple[int, float]]:
    """(games played, rating after them) at up to ``points`` places along the history; only games
    against the AI count."""
    tally: dict[str, list[float]] = {}
    rated = [r for r in res if r.opponent in LEVEL_RATINGS]
    if not rated:
        return []
    marks = {max(1, round(len(rated) * i / points)) for i in range(1, points + 1)}
    curve: list[tuple[int, float]] = []
    for i, r in enumerate(rated, start=1):
        t = tally.setdefault(r.opponent, [0.0, 0])
        t[0] += r.score
        t[1] += 1
        if i in marks:
            curve.append((i, fit_rating({k: (v[0], int(v[1])) for k, v in tally.items()})))
    return curve


def streaks(res: Sequence[Result]) -> dict[str, Any]:
    """The current streak (kind and length, of the latest results) and the best winning streak."""
    best = run = 0
    for r in res:
        run = run + 1 if r.kind == "win" else 0
        best = max(best, run)
    current_kind = res[-1].kind if res else None
    current = 0
    for r in reversed(res):
        if r.kind != current_kind:
            break
        current += 1
    return {"current": {"kind": current_kind, "length": current}, "best_wins": best}


def _counts(res: Sequence[Result]) -> dict[str, Any]:
    wins = sum(1 for r in res if r.kind == "win")
    losses = sum(1 for r in res if r.kind == "loss")
    draws = len(res) - wins - losses
    out: dict[str, Any] = {"games": len(res), "wins": wins, "losses": losses, "draws": draws}
    if res:
        lo, hi = wilson(wins, len(res))
        out["win_rate"] = round(wins / len(res), 4)
        out["ci95"] = [round(lo, 4), round(hi, 4)]
    else:
        out["win_rate"] = None
        out["ci95"] = None
    return out


def compute(rows: Iterable[GameRow], player: str | None = None) -> dict[str, Any]:
    """Every figure of ``cuttle stats`` as a JSON-ready dict (``rows`` oldest first)."""
    res = results(rows, player)
    out = _counts(res)
    by: dict[str, dict[str, Any]] = {}
    for opponent in sorted({r.opponent for r in res}, key=_level_order):
        mine = [r for r in res if r.opponent == opponent]
        presets = {p: _counts([r for r in mine if r.preset == p])
                   for p in sorted({r.preset for r in mine})}
        by[opponent] = {**_counts(mine), "by_preset": presets}
    out["by_opponent"] = by
    out["players"] = sorted({r.player for r in res})
    out["streaks"] = streaks(res)
    curve = rating_curve(res)
    out["rating"] = round(curve[-1][1]) if curve else None
    out["rating_curve"] = [[n, round(v, 1)] for n, v in curve]
    out["level_ratings"] = dict(LEVEL_RATINGS)
    return out


def _level_order(name: str) -> tuple[int, str]:
    order = list(LEVEL_RATINGS)
    return (order.index(name) if name in order else len(order), name)
