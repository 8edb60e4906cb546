"""Game review: every decision of a finished game judged by the ``hard`` AI's search.

For each move of a record the position before it is rebuilt and the mover's *view* is taken (the
cards that player could see at that moment, nothing else). From that view the hard search
(:mod:`cuttle.ai.pimc`) scores every legal move as a chance to win; then the best move found and
the move actually played are scored again side by side on the same sampled deals, so the two
figures are directly comparable. ``win_before`` is the chance with the best move, ``win_after``
the chance with the move played, and the label comes from the difference (the win chance the move
gave away, see :data:`THRESHOLDS`):

=============  =======================================================
``forced``     the only legal move
``best``       the best move found, or within 1 point of it
``good``       gave away less than 5 points of win chance
``inaccuracy`` less than 10 points
``mistake``    less than 20 points
``blunder``    20 points or more, or a win in one move missed
=============  =======================================================

A player's accuracy (:func:`accuracy`) scores each decision by its loss, halving the score for
every 10 points given away beyond the search's noise, and takes the mean of the plain and the
harmonic mean of those scores, so that blunders are not diluted by easy moves. The win chances
are the search's calibrated ones (:func:`cuttle.ai.pimc.calibrated`).

Everything is reproducible: the search runs with a fixed seed and an iteration budget (a
``think`` budget in seconds trades that for a bound on time).

At a table of three or four the same judge works from the mover's view: the hard search there is
:mod:`cuttle.ai.pimc_table` (every hand the mover cannot see re-dealt, its partner's too), a win
is the mover's side's (in teams, the team's), and a player's win curve is read from their own
and their partner's decisions. Its chances are the search's raw ones (the calibration was fitted
on two-player games).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from cuttle import Game, Move
from cuttle.ai import make_player
from cuttle.ai.base import simulation
from cuttle.ai.evaluate import p_opponent_wins_now
from cuttle.ai.explain import reason_for
from cuttle.ai.knowledge import read_view

#: Labels from best to worst, then ``forced``.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder", "forced")
#: A move that gave away less than this much win chance gets this label (else ``blunder``).
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("best", 0.01),
    ("good", 0.05),
    ("inaccuracy", 0.10),
    ("mistake", 0.20),
)
#: The labels the coach speaks up for.
BAD = ("mistake", "blunder")
#: Accuracy: a decision's score halves for every ``HALVING`` of win chance it gave away beyond
#: ``NOISE`` (the search cannot tell moves apart by less; see :func:`decision_score`).
NOISE = 0.01
HALVING = 0.10
#: Simulations per decision: two thirds for the first pass (every legal move), one third for the
#: second (the best move found against the move played). About a second at the start of a game,
#: a third of that in a typical position (benchmarks/bench_review.py).
DEFAULT_ITERATIONS = 1800
WIDE, PAIR = 2 / 3, 1 / 3
#: The analysis seed: a fixed number, so the same record and budget give the same labels.
REVIEW_SEED = 1313
#: Which win chances a saved review holds: 1 the search's raw ones, 2 calibrated
#: (:func:`cuttle.ai.pimc.calibrated`). A review saved with raw chances is made again.
CHANCES = 2


def hard_deep() -> int:
    """The hard AI's own deeper final round (simulations per finalist; 0: none), which the
    review uses in full at its default budget."""
    from cuttle.ai.pimc import DEFAULTS

    return int(DEFAULTS["deep"][1])


@dataclass(frozen=True)
class Budget:
    """Search budget per decision: ``iterations`` simulations (reproducible) or ``think`` seconds
    (at most; a decision uses less when the first pass settles it)."""

    iterations: int = DEFAULT_ITERATIONS
    think: float | None = None

    def __post_init__(self) -> None:
        if self.think is not None and not 0 < self.think <= 600:
            raise ValueError(f"think must be between 0 and 600 seconds, not {self.think}")
        if self.think is None and not 3 <= self.iterations <= 1_000_000:
            raise ValueError(f"iterations must be between 3 and 1000000, not {self.iterations}")

    def share(self, fraction: float) -> dict[str, Any]:
        """The hard player's budget option for a pass that gets ``fraction`` of the budget."""
        if self.think is not None:
            return {"think": self.think * fraction}
        # The search's deeper final round costs the same whatever the iterations: it shrinks
        # with a smaller budget (the coach's, a test's) so that the whole search does.
        full = hard_deep()
        deep = min(full, self.iterations * full // DEFAULT_ITERATIONS)
        return {"iterations": max(1, int(self.iterations * fraction)), "deep": deep}

    def to_json(self) -> dict[str, Any]:
        return {"iterations": None if self.think is not None else self.iterations,
                "think": self.think}

    def key(self) -> str:
        """The budget as a short text, to file a saved review under (``iterations=1800;
        chances=2``). ``chances`` is :data:`CHANCES`: a review saved with other figures is not
        read back for this budget, it is made again."""
        if self.think is not None:
            return f"think={self.think:g};chances={CHANCES}"
        return f"iterations={self.iterations};chances={CHANCES}"


@dataclass(frozen=True)
class Judgement:
    """One decision: who moved, what they played, what the search preferred, and the verdict."""

    ply: int
    player: int
    move: str
    best: str
    win_before: float
    win_after: float
    label: str
    reason: str = ""
    options: int = 1

    def __post_init__(self) -> None:
        # Kept as written to JSON (4 decimals), so that a saved review read back sums up to
        # exactly the same summary as the one just made.
        object.__setattr__(self, "win_before", round(self.win_before, 4))
        object.__setattr__(self, "win_after", round(self.win_after, 4))

    @property
    def loss(self) -> float:
        """The win chance the move gave away (0 for the best move)."""
        return max(0.0, self.win_before - self.win_after)

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "move": self.move,
            "best": self.best,
            "win_before": self.win_before,
            "win_after": self.win_after,
            "label": self.label,
            "reason": self.reason,
        }


@dataclass
class Review:
    """The judgements of a whole game and the budget they were made with."""

    names: tuple[str, ...]  # one name a seat
    judgements: list[Judgement] = field(default_factory=list)
    budget: Budget = field(default_factory=Budget)

    def summary(self) -> dict[str, Any]:
        """Per player: decisions, counts per label, mean loss, accuracy (:func:`summarise`)."""
        return summarise(self.judgements, self.names)

    def to_json(self) -> dict[str, Any]:
        return {
            "moves": [j.to_json() for j in self.judgements],
            "summary": {**self.summary(), "budget": self.budget.to_json()},
        }

    @classmethod
    def from_json(cls, data: Any, names: tuple[str, ...], moves: list[str]) -> Review:
        """A review read back from :meth:`to_json` (a saved review: untrusted data), checked
        against the game's ``moves``: every move judged once, in order, with known labels and
        chances between 0 and 1. ValueError if anything does not fit."""
        if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
            raise ValueError("not a review")
        rows = data["moves"]
        if len(rows) != len(moves):
            raise ValueError("the review does not judge every move of this game")
        budget_data = (data.get("summary") or {}).get("budget") if isinstance(
            data.get("summary"), dict) else None
        budget = _budget_of(budget_data)
        judgements = []
        for ply, (row, played) in enumerate(zip(rows, moves, strict=True)):
            if not isinstance(row, dict):
                raise ValueError("a move of the review is not an object")
            ok = (
                row.get("ply") == ply
                and row.get("player") in range(max(2, len(names)))
                and row.get("move") == played
                and isinstance(row.get("best"), str) and len(row["best"]) <= 40
                and row.get("label") in LABELS
                and isinstance(row.get("reason", ""), str) and len(row.get("reason", "")) <= 600
                and row.get("reason", "").isprintable()
                and all(isinstance(row.get(k), (int, float)) and not isinstance(row.get(k), bool)
                        and 0.0 <= row[k] <= 1.0 for k in ("win_before", "win_after"))
            )
            if not ok:
                raise ValueError(f"move {ply + 1} of the review does not fit this game")
            best = str(Move.parse(row["best"]))  # ValueError unless a move's text
            judgements.append(Judgement(ply, int(row["player"]), played, best,
                                        float(row["win_before"]), float(row["win_after"]),
                                        row["label"], row.get("reason", "")))
        return cls(names, judgements, budget)

    def win_curve(self, player: int = 0) -> list[float]:
        """``player``'s win chance after each move (each judged from the mover's view). With two
        players the other's chance is the complement; at a table of three or four a move of
        ``player`` or of their partner gives the side's chance, and another seat's move leaves
        the last one known (a fair share of the sides before any)."""
        seats = len(self.names)
        if seats <= 2:
            return [j.win_after if j.player == player else 1.0 - j.win_after
                    for j in self.judgements]
        teams = seats == 4
        last = 0.5 if teams else 1.0 / seats
        curve = []
        for j in self.judgements:
            if j.player == player or (teams and j.player == player ^ 2):
                last = j.win_after
            curve.append(last)
        return curve


def _budget_of(data: Any) -> Budget:
    """The budget a saved review names (the default when it names none that is valid)."""
    if isinstance(data, dict):
        think, iterations = data.get("think"), data.get("iterations")
        try:
            if isinstance(think, (int, float)) and not isinstance(think, bool):
                return Budget(think=float(think))
            if isinstance(iterations, int) and not isinstance(iterations, bool):
                return Budget(iterations=iterations)
        except ValueError:
            pass
    return Budget()


def label_for(loss: float, missed_win: bool = False) -> str:
    """The label of a move that gave away ``loss`` win chance (0..1)."""
    if missed_win:
        return "blunder"
    for name, limit in THRESHOLDS:
        if loss < limit:
            return name
    return "blunder"


def decision_score(loss: float) -> float:
    """One decision's score, 0 to 1: 1 for a move that gave away less than ``NOISE`` of win
    chance, halved for every ``HALVING`` more (5 points: 0.76, 10: 0.54, 20: 0.27, 40: 0.07)."""
    return float(0.5 ** (max(0.0, loss - NOISE) / HALVING))


def accuracy(losses: Iterable[float]) -> float | None:
    """A player's accuracy, 0 to 100, from the win chance each of their decisions gave away:
    the mean of the arithmetic and the harmonic mean of :func:`decision_score`. The harmonic
    mean weighs the worst decisions most, so blunders cannot hide behind easy moves (one
    20-point blunder among nine best moves: 85.6; a game of mistakes stays near their 54,
    not the 90 of the old "100 minus the mean loss"). None without a decision."""
    scores = [decision_score(x) for x in losses]
    if not scores:
        return None
    mean = sum(scores) / len(scores)
    harmonic = len(scores) / sum(1.0 / x for x in scores)
    return round(100.0 * (mean + harmonic) / 2, 1)


def summarise(judgements: Iterable[Judgement], names: tuple[str, ...]) -> dict[str, Any]:
    """Per player: ``moves`` (all), ``decisions`` (not forced), ``counts`` per label, ``mean_loss``
    over decisions, and ``accuracy`` (:func:`accuracy` of their decisions' losses)."""
    players: list[dict[str, Any]] = []
    rows = list(judgements)
    for p in range(max(2, len(names))):
        mine = [j for j in rows if j.player == p]
        counts = {label: 0 for label in LABELS}
        for j in mine:
            counts[j.label] += 1
        decisions = [j for j in mine if j.label != "forced"]
        mean_loss = sum(j.loss for j in decisions) / len(decisions) if decisions else 0.0
        players.append(
            {
                "player": p,
                "name": names[p],
                "moves": len(mine),
                "decisions": len(decisions),
                "counts": counts,
                "mean_loss": round(mean_loss, 4),
                "accuracy": accuracy(j.loss for j in decisions),
            }
        )
    return {"players": players}


class Judge:
    """Judges single decisions with the hard search under one budget (reused across a game)."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        # prune=0: at a table the judge values every legal move, not only medium's best few
        # (what hard searches when it plays), so the move played always has a value; leaf=table:
        # the hand-set leaf its labels were set on (hard's fitted one is not measured here);
        # others=table: the other seats judged as when the labels were set (hard's medium judge
        # triples a simulation's cost, and is not measured here either).
        self._wide = make_player("hard", seed=REVIEW_SEED, prune=0, leaf="table",
                                 others="table", **self.budget.share(WIDE))
        self._pair = make_player("hard", seed=REVIEW_SEED, prune=0, leaf="table",
                                 others="table", **self.budget.share(PAIR))

    def _values(self, player: Any, view: dict[str, Any], seat: int,
                moves: list[Move]) -> tuple[Move, str, dict[Move, float]]:
        player.last_values = {}
        best, why = player.decide(view, seat, moves, player.rng_for(view))
        values = dict(getattr(player, "last_values", {}) or {})
        return best, why, values

    def judge(self, game: Game, played: Move | str, ply: int | None = None,
              names: tuple[str, ...] = ("you", "the opponent")) -> Judgement:
        """The verdict on ``played`` for ``game.to_move`` (``game`` is not changed). Only the
        mover's view and their own legal moves are read. ``names`` (the mover, the opponent; at
        three or four seats one a seat) are how the reasons call them (the hint's words: "you",
        "the opponent")."""
        seat = game.to_move
        if seat is None:
            raise ValueError("the game is over: there is no decision to judge")
        move = played if isinstance(played, Move) else Move.parse(played)
        legal = game.legal_moves()
        if move not in legal:
            raise ValueError(f"{move} is not a legal move here")
        view = game.view(seat)
        ply = len(game.history) if ply is None else ply
        text = str(move)
        if len(legal) == 1:
            _, _, values = self._values(self._pair, view, seat, legal)
            w = values.get(move, 0.5)
            return Judgement(ply, seat, text, text, w, w, "forced", "the only legal move", 1)
        winners = wins_now(view, seat, legal)
        if move in winners:
            return Judgement(ply, seat, text, text, 1.0, 1.0, "best", "wins now", len(legal))
        if winners:
            _, _, values = self._values(self._pair, view, seat, [move])
            after = values.get(move, 0.0)
            win = str(winners[0])
            try:
                how = f" ({reason_for(view, winners[0], seat, names)})"
            except (ValueError, KeyError, IndexError):
                how = ""
            return Judgement(ply, seat, text, win, 1.0, after, "blunder",
                             f"it misses a win in one move: {win}{how}", len(legal))
        best, why, wide = self._values(self._wide, view, seat, legal)
        if best is move:
            w = wide.get(move, 0.5)
            return Judgement(ply, seat, text, text, w, w, "best", _hint_words(view, seat, move,
                                                                              why, names),
                             len(legal))
        _, _, pair = self._values(self._pair, view, seat, [best, move])
        before = pair.get(best, wide.get(best, 0.5))
        after = pair.get(move, wide.get(move, 0.0))
        if after >= before:
            # Side by side on the same deals the played move did as well: it is a best move.
            return Judgement(ply, seat, text, text, after, after, "best",
                             _hint_words(view, seat, move, why, names), len(legal))
        label = label_for(before - after)
        reason = "" if label == "best" else self._reason(view, seat, move, best, names)
        return Judgement(ply, seat, text, str(best), before, after, label, reason, len(legal))

    def best(self, game: Game, ply: int | None = None) -> Judgement:
        """The search's own choice for ``game.to_move`` and its judgement, as :meth:`judge` would
        give it had that move been played (the first pass only: a best move needs no second).
        What a game between two reviews looks like: ``benchmarks/bench_calibration.py`` plays
        such games to check the win chances against the results."""
        seat = game.to_move
        if seat is None:
            raise ValueError("the game is over: there is no decision to judge")
        legal = game.legal_moves()
        view = game.view(seat)
        if len(legal) == 1:
            return self.judge(game, legal[0], ply)
        winners = wins_now(view, seat, legal)
        if winners:
            return self.judge(game, winners[0], ply)
        move, _, wide = self._values(self._wide, view, seat, legal)
        w = wide.get(move, 0.5)
        ply = len(game.history) if ply is None else ply
        return Judgement(ply, seat, str(move), str(move), w, w, "best", "", len(legal))

    @staticmethod
    def _reason(view: dict[str, Any], seat: int, move: Move, best: Move,
                names: tuple[str, ...]) -> str:
        """Words for a worse move: what it allowed, then the better move's reason in the words of
        ``hint`` (:func:`cuttle.ai.explain.reason_for`, from the mover's view)."""
        try:
            better = reason_for(view, best, seat, names)
        except (ValueError, KeyError, IndexError):
            better = f"{best} keeps more chances to win"
        if view.get("phase") == "main" and _gives_win(view, seat, move):
            return f"it leaves the opponent a likely win on their next move; better: {better}"
        return better


def _hint_words(view: dict[str, Any], seat: int, move: Move, why: str,
                names: tuple[str, ...]) -> str:
    """The hint's reason for a best move: its words, then the search's note."""
    try:
        return f"{reason_for(view, move, seat, names)} ({why})"
    except (ValueError, KeyError, IndexError):
        return why


def advice(j: Judgement) -> str:
    """What to say about a worse move: its reason when that starts with what the move did,
    else the better move and why it is better."""
    if j.reason.startswith("it "):
        return j.reason
    return f"better: {j.best} ({j.reason})"


def wins_now(view: dict[str, Any], seat: int, legal: list[Move]) -> list[Move]:
    """The moves that win on the spot, whatever the cards the mover cannot see."""
    base = simulation(view, random.Random(0))
    out = []
    side = base.seats.side(seat)  # p0.. or, in teams, the seat's team
    for m in legal:
        c = base.copy(history=False)
        c.play(m)
        if c.outcome == side:
            out.append(m)
    return out


def _gives_win(view: dict[str, Any], seat: int, move: Move) -> bool:
    """Whether, as far as the mover can tell, the opponent likely wins on their next move after
    ``move`` (and did not before it). Two players only: at a table of three or four the
    reason is the better move's."""
    base = simulation(view, random.Random(0))
    if base.players > 2:
        return False
    before = p_opponent_wins_now(read_view(view, seat))
    c = base.copy(history=False)
    c.play(move)
    if c.outcome is not None or c.phase != "main":
        return False
    return p_opponent_wins_now(read_view(c.view(seat), seat)) >= 0.5 > before


def review_game(
    rules: str,
    seed: int,
    moves: list[str],
    names: tuple[str, ...] = ("player 1", "player 2"),
    budget: Budget | None = None,
    on_step: Callable[[int, int], None] | None = None,
) -> Review:
    """Judge every move of the game dealt by ``seed`` under ``rules`` and played as ``moves``;
    ``on_step(done, total)`` reports progress. ValueError if a move is not legal. ``names``
    has one name a seat (at a table of three or four, the seats' own or "seat N")."""
    judge = Judge(budget)
    game = Game.new(seed=seed, rules=rules)
    if len(names) < game.players:
        names = (*names, *(f"seat {q}" for q in range(len(names), game.players)))
    review = Review(names, budget=judge.budget)
    total = len(moves)
    for ply, text in enumerate(moves):
        if game.outcome is not None:
            raise ValueError(f"move {ply + 1} {text!r} comes after the end of the game")
        if text.startswith("concede"):
            # a seat leaving a table of three or four: no decision of the turn, not judged
            seat = Move.parse(text).seat
            if seat is None:
                raise ValueError(f"move {ply + 1} {text!r} names no seat")
            game.concede(seat)
            review.judgements.append(
                Judgement(ply, seat, text, text, 0.0, 0.0, "forced", "conceded"))
            if on_step is not None:
                on_step(ply + 1, total)
            continue
        mover = game.to_move if game.to_move is not None else 0
        # each reason speaks of the mover by name ("you" for a player named You)
        # (two players: the mover's and the opponent's; three or four: one a seat, by seat)
        seen = (names[mover], names[1 - mover]) if game.players == 2 else names
        said = tuple("you" if n.lower() == "you" else n for n in seen)
        review.judgements.append(judge.judge(game, text, ply, said))
        game.play(text)
        if on_step is not None:
            on_step(ply + 1, total)
    return review


def labels_by_ply(review: Review) -> dict[int, str]:
    """Each move's label by its index in the record (for a replay to show beside the moves)."""
    return {j.ply: j.label for j in review.judgements}


__all__ = [
    "BAD",
    "Budget",
    "DEFAULT_ITERATIONS",
    "Judge",
    "Judgement",
    "LABELS",
    "Review",
    "THRESHOLDS",
    "accuracy",
    "advice",
    "decision_score",
    "label_for",
    "labels_by_ply",
    "review_game",
    "summarise",
    "wins_now",
]
