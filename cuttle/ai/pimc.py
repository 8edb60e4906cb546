"""The ``hard`` level: a determinized (information-set sampling) search.

Each *simulation* takes one determinization of the seat's view -- the cards the seat cannot see
(the opponent's hidden cards and the deck order) re-dealt at random, known cards left where they
are known (``Game.from_view`` once, then ``Game.redeal`` for each new sample) -- and one candidate
move of the seat, and scores it by a shallow search on that deal:

1. the move is played and the rest of the turn is finished: every counter window is searched
   (each side counters exactly when that is better for it), the small follow-up choices (the 3's
   pick, the 7's card, a 4's discards, the 5's discard, the hand limit) are made greedily by the
   evaluation;
2. the opponent replies. With ``opponent="greedy"`` (the default) the opponent model plays the
   reply that is worst for the seat one decision ahead (it looks at the table after its move, as
   a heuristic player does); with ``opponent="minimax"`` every reply is searched against the
   seat's best answer (alpha-beta);
3. the seat's next turn is searched in full (``depth`` counts the main-phase decisions after the
   root: 2 by default, opponent then seat), and the table at the horizon -- with the opponent to
   move -- is scored by :func:`cuttle.ai.learned.evaluate_learned` (log-odds of a win, a logistic
   model fitted on self-play outcomes, read from the determinized game) and mapped to a win chance
   by the logistic function. ``eval="heuristic"`` scores it with the medium evaluation's terms
   instead (:func:`cuttle.ai.fasteval.evaluate_game`, squashed by a sigmoid of ``scale`` 25).

A candidate's value is its mean over simulations (reported calibrated: :func:`calibrated`). All
candidates are scored on the *same* deals (common random numbers: the comparison between two moves
is not blurred by the luck of the deal), and the budget is spent by successive halving: every legal
move is tried on a few deals, the worse half is dropped, the rest get twice as many deals, and so
on. The budget is a number of simulations (``iterations``, reproducible under a seed) or, with
``think``, seconds of wall time.

Fair play: the search starts from ``view`` only. It reads the raw state of games built from that
view, in which every card the seat cannot see was dealt at random.

At a table of three or four the decision goes to :func:`cuttle.ai.pimc_table.decide_table` (the
same search with an opponent model for several opponents, option ``table``); a two-player
decision runs the code below, unchanged.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable
from typing import Any

from cuttle import Game, Move
from cuttle.ai.base import Player, View, search_options, simulation
from cuttle.ai.evaluate import p_opponent_wins_now
from cuttle.ai.fasteval import evaluate_game
from cuttle.ai.heuristic import HeuristicPlayer
from cuttle.ai.inference import (
    before_last_move,
    choice_exclusions,
    new_cards_since_resolve,
    no_excluded,
    no_old_twos,
    no_old_winners,
)
from cuttle.ai.knowledge import read_view
from cuttle.ai.learned import evaluate_learned
from cuttle.ai.options import ITERATIONS, THINK, Spec
from cuttle.ai.pimc_table import LATER, MODELS, TABLE_SCALE, decide_table
from cuttle.engine.phases import COUNTER_PHASE
from cuttle.engine.position import sees_opponent_hand
from cuttle.engine.search import child, push, search_copy
from cuttle.engine.search import moves as legal
from cuttle.words import count

#: The options: name -> (what it accepts, default).
DEFAULTS: dict[str, tuple[Spec, Any]] = {
    "iterations": (ITERATIONS, 400),
    "think": (THINK, None),
    "depth": (Spec("int", 1, 6), 2),
    "scale": (Spec("float", 0, 1e6, open_lo=True, optional=True), None),
    "keep": (Spec("float", 0, 1, open_lo=True, open_hi=True), 0.5),
    "opponent": (Spec("choice", choices=("greedy", "minimax", "medium")), "greedy"),
    "eval": (Spec("choice", choices=("learned", "heuristic")), "learned"),
    "deep": (Spec("int", 0, 10_000), 0),
    "finalists": (Spec("int", 2, 20), 3),
    "reply": (Spec("choice", choices=("learned", "heuristic")), "learned"),
    "mix": (Spec("float", 0, 100), 0.0),
    "blind": (Spec("int", 0, 1), 0),
    "oblind": (Spec("int", 0, 1), 0),
    "infer": (Spec("float", 0, 1), 0.0),
    "model": (Spec("float", 0, 1), 0.0),
    "margin": (Spec("float", 0, 1e6), 0.5),
    # A table of three or four (cuttle.ai.pimc_table): the opponent model.
    "table": (Spec("choice", choices=MODELS), "maxn"),
    # ... the moves searched on its own turn: medium's best few (0: all of them) ...
    "prune": (Spec("int", 0, 100), 4),
    # ... and the leaf: 0 the sigmoid of the lead over the best other side, else the share of
    # the win by exp(standing / share).
    "share": (Spec("float", 0, 1000), 0.0),
    # ... or by medium's evaluation of its view when it is next to move (leaf=medium), or by
    # the fitted chances of cuttle.ai.tablefit (leaf=fit, the default at every table size:
    # pimc_table.table_leaf) ...
    "leaf": (Spec("choice", choices=("table", "medium", "fit"), optional=True), None),
    # ... and what the other seats' moves in a simulation maximise: the hand-set values
    # (table) or the fitted chances (fit), seen or blind as tblind says, or medium's evaluation
    # of the chooser's view (medium), medium's own reply (reply), or the chooser's own standing
    # alone (race); not given: medium at a table of three, table in teams
    # (pimc_table.table_others).
    "others": (Spec("choice", choices=("table", "fit", "medium", "reply", "race"),
                    optional=True),
               None),
    # ... and how much a winning card weighs in the hand of the second seat to move.
    "later": (Spec("float", 0, 1), LATER),
    # ... and how far (in win chance) a searched move must beat medium's first choice to be
    # played instead of it (0: the search's best is played).
    "stick": (Spec("float", 0, 1), 0.0),
    # ... and how sure the other seats' choices are: 0 their best move by the model, else a
    # move drawn with weights exp(value / soft), in the evaluation's points.
    "soft": (Spec("float", 0, 1000), 0.0),
    # ... and whether they judge the table without seeing the hands of the others (1) or
    # seeing the deal's every card (0); not given: 1 at a table of three, 0 in teams ...
    "tblind": (Spec("int", 0, 1, optional=True), None),
    # ... and whether the seat's own next turn in a simulation is chosen seeing the deal (1) or
    # on a fresh deal of the cards it cannot see (0); not given: 0 at three, 1 in teams.
    "peek": (Spec("int", 0, 1, optional=True), None),
    # ... and whether, after the seat's last searched turn, the other seats play one more round
    # before the table is scored (1) or it is scored as soon as that turn is finished (0).
    "tail": (Spec("int", 0, 1), 0),
    # ... and how the seat's own last searched turn is chosen: the search's best by the leaf
    # (leaf) or medium's choice from the seat's view (medium).
    "own": (Spec("choice", choices=("leaf", "medium")), "leaf"),
}

#: The leaf evaluations: name -> (function, default scale of the sigmoid that maps it to a chance).
EVALUATIONS: dict[str, tuple[Callable[[Game, int], float], float]] = {
    "learned": (evaluate_learned, 1.0),
    "heuristic": (evaluate_game, 25.0),
}

MAX_FOLLOW_UP = 60

#: The calibration of the win chances the search reports (its note and ``last_values``: what
#: ``hint``, the coach and ``cuttle review`` show): ``sigmoid(a x logit(p) + b)``. Measured on
#: games of the review against itself, hard against hard (``benchmarks/bench_calibration.py``,
#: docs/ai.md "Are the win chances right?"): the mover's raw chance was about 10 points too high
#: (each side's, so the two added up to more than one). The raw figure is a mean over deals on
#: which the rest of the game is searched seeing the cards, for the best of several noisy
#: estimates: both favour the mover. ``b`` is the shift fitted on those games, each game weighing
#: the same (-0.47 and -0.52 on either half of the games, -0.49 on all); the slope ``a`` stays 1
#: (the halves disagreed: 1.5 and 0.2). The search compares its moves on the raw values; the map
#: is monotone, so the same move is best either way.
CALIBRATION = (1.0, -0.49)


def calibrated(p: float) -> float:
    """The search's raw win chance ``p`` as a chance to win (:data:`CALIBRATION`); 0 and 1 (a
    loss or a win on every deal) stay as they are."""
    if p <= 0.0 or p >= 1.0:
        return p
    a, b = CALIBRATION
    x = a * math.log(p / (1.0 - p)) + b
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


class Searcher:
    """The minimax on one determinized game, from seat ``me``'s side."""

    __slots__ = ("me", "nodes", "killer", "greedy_opponent", "evaluate", "heuristic_reply",
                 "blind_rng", "oblind_rng", "model", "model_rng")

    def __init__(self, me: int, greedy_opponent: bool = False,
                 evaluate: Callable[[Game, int], float] = evaluate_learned,
                 heuristic_reply: bool = False,
                 blind_rng: random.Random | None = None,
                 oblind_rng: random.Random | None = None,
                 model_rng: random.Random | None = None) -> None:
        self.me = me
        self.blind_rng = blind_rng
        self.oblind_rng = oblind_rng
        # ``opponent=medium``: the medium player's own reply, with its random source.
        self.model = HeuristicPlayer(0) if model_rng is not None else None
        self.model_rng = model_rng
        self.evaluate = evaluate
        self.greedy_opponent = greedy_opponent
        self.heuristic_reply = heuristic_reply
        self.nodes = 0
        self.killer: dict[tuple[str, int], Move] = {}  # the last move that cut off, by level

    def value(self, g: Game, horizon: int, alpha: float = -math.inf,
              beta: float = math.inf) -> float:
        """Value for ``me`` of ``g`` (which is consumed), searching ``horizon`` more main-phase
        decisions (alpha-beta); counter windows are searched, other follow-ups are greedy."""
        me = self.me
        for _ in range(MAX_FOLLOW_UP):
            if g.outcome is not None:
                return self.evaluate(g, me)
            phase = g.phase
            if phase == "main" and horizon <= 0:
                return self.evaluate(g, me)
            moves = legal(g)
            if len(moves) == 1:
                push(g, moves[0])
                continue
            maxing = g.to_move == me
            if phase == "main" and not maxing and self.model_rng is not None:
                assert self.model is not None
                push(g, self.model.reply(g, 1 - me, moves, self.model_rng))
                horizon -= 1
                continue
            if phase == "main" and not maxing and self.greedy_opponent:
                # Opponent model: the reply that is worst for the seat one decision ahead.
                best_m = moves[0]
                best_v = math.inf
                on = g
                if self.oblind_rng is not None:
                    # The opponent does not see the seat's hand either: it chooses on a deal of
                    # the cards it cannot see.
                    on = search_copy(g.redeal(1 - me, self.oblind_rng))
                    moves = legal(on)
                for m in moves:
                    self.nodes += 1
                    if self.heuristic_reply:
                        v = -self.reply_value(child(on, m))
                    else:
                        v = self.value(child(on, m), 0)
                    if v < best_v:
                        best_m, best_v = m, v
                push(g, best_m)
                horizon -= 1
                continue
            if phase == "main" and maxing and self.blind_rng is not None:
                # The seat's own later decision, made without peeking: chosen on a fresh deal
                # of the cards it cannot see (so it cannot know whether a one-off will be
                # countered, or what a draw brings), then played on this deal.
                alt = search_copy(g.redeal(me, self.blind_rng))
                best_m = moves[0]
                best_v = -math.inf
                for m in legal(alt):
                    self.nodes += 1
                    v = self.value(child(alt, m), horizon - 1)
                    if v > best_v:
                        best_m, best_v = m, v
                push(g, best_m)
                horizon -= 1
                continue
            if phase == "main" or phase == "counter":
                h = horizon - 1 if phase == "main" else horizon
                key = (phase, horizon)
                k = self.killer.get(key)
                if k is not None and k is not moves[0] and k in moves:
                    moves = moves[:]  # the game's cached list: reorder a copy
                    moves.remove(k)
                    moves.insert(0, k)
                if maxing:
                    best = -math.inf
                    for m in moves:
                        self.nodes += 1
                        v = self.value(child(g, m), h, alpha, beta)
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    self.killer[key] = m
                                    break
                else:
                    best = math.inf
                    for m in moves:
                        self.nodes += 1
                        v = self.value(child(g, m), h, alpha, beta)
                        if v < best:
                            best = v
                            if v < beta:
                                beta = v
                                if alpha >= beta:
                                    self.killer[key] = m
                                    break
                return best
            push(g, self.greedy(g, moves, maxing))
        return self.evaluate(g, me)

    def reply_value(self, g: Game) -> float:
        """The opponent's own view of ``g`` after its reply (the pending parts of the turn
        finished greedily): the medium evaluation's terms from its side."""
        opp = 1 - self.me
        for _ in range(MAX_FOLLOW_UP):
            if g.outcome is not None or g.phase == "main":
                break
            moves = legal(g)
            if len(moves) == 1:
                push(g, moves[0])
                continue
            push(g, self.greedy(g, moves, g.to_move == self.me))
        return evaluate_game(g, opp)

    def greedy(self, g: Game, moves: list[Move], maxing: bool) -> Move:
        """A follow-up choice (3's pick, 7's card, discards) by the evaluation right after it."""
        me = self.me
        best = moves[0]
        best_v = -math.inf
        for m in moves:
            self.nodes += 1
            v = self.evaluate(child(g, m), me)
            if not maxing:
                v = -v
            if v > best_v:
                best, best_v = m, v
        return best


class DeterminizedPlayer(Player):
    """``hard``: determinized minimax over sampled deals. See the module docstring."""

    level = "hard"
    hides_forced = True
    max_players = 4

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        super().__init__(seed)
        cfg = search_options(DEFAULTS, options)
        self.iterations: int = cfg["iterations"]
        self.think: float | None = cfg["think"]
        self.depth: int = cfg["depth"]
        self.evaluate, default_scale = EVALUATIONS[cfg["eval"]]
        self.scale: float = default_scale if cfg["scale"] is None else cfg["scale"]
        self.keep: float = cfg["keep"]
        self.opponent: str = cfg["opponent"]
        self.deep: int = cfg["deep"]
        self.finalists: int = cfg["finalists"]
        self.heuristic_reply: bool = cfg["reply"] == "heuristic"
        self.blind: bool = bool(cfg["blind"])
        self.oblind: bool = bool(cfg["oblind"])
        self.infer: float = cfg["infer"]
        self.model_rate: float = cfg["model"]
        self.margin: float = cfg["margin"]
        # At a table of three or four a simulation plays every other seat's turn: its own
        # default budget, unless one was given (None: pimc_table.table_budget).
        self.table_model: str = cfg["table"]
        self.table_iterations: int | None = (cfg["iterations"] if "iterations" in options
                                             else None)
        self.table_scale: float = TABLE_SCALE if cfg["scale"] is None else cfg["scale"]
        self.table_prune: int = cfg["prune"]
        self.table_share: float = cfg["share"]
        self.table_leaf: str | None = cfg["leaf"]  # None: the table's (pimc_table.table_leaf)
        self.table_others: str | None = cfg["others"]  # None: pimc_table.table_others
        self.table_later: float = cfg["later"]
        self.table_stick: float = cfg["stick"]
        self.table_soft: float = cfg["soft"]
        # None: the default of the table (pimc_table.table_defaults)
        self.table_blind: bool | None = None if cfg["tblind"] is None else bool(cfg["tblind"])
        self.table_peek: bool | None = None if cfg["peek"] is None else bool(cfg["peek"])
        self.table_tail: int = cfg["tail"]
        self.table_own: str = cfg["own"]
        mix: float = cfg["mix"]
        if mix:
            base_eval = self.evaluate
            self.evaluate = lambda g, me: base_eval(g, me) + mix * evaluate_game(g, me) / 25.0
        self.last_iterations = 0
        self.last_values: dict[Move, float] = {}  # each searched move's win chance (game review)

    def decide(
        self, view: View, seat: int, moves: list[Move], rng: random.Random
    ) -> tuple[Move, str]:
        base = search_copy(simulation(view, rng))
        if base.players > 2:
            return decide_table(self, base, seat, moves, rng, view)
        bound = None
        drew = False
        excluded: set[int] = set()
        new_cards = 0
        history = self.public_history
        peeks = sees_opponent_hand(base, seat)
        if (self.infer or self.model_rate) and not peeks:
            infer_rng = random.Random(rng.getrandbits(64))
        if self.infer and not peeks:
            bound = new_cards_since_resolve(history, seat, base.rules.five_draws)
            drew = bool(history) and history[-1][0] != seat and history[-1][1].kind == "draw"
        if self.model_rate and not peeks:
            before = before_last_move(base, seat, history)
            if before is not None:
                last = history[-1][1]
                excluded = choice_exclusions(before, seat, last, infer_rng, self.margin)
                new_cards = 1 if last.kind == "draw" else 0

        def det(g: Game) -> Game:
            """A deal, with the opponent's hand limited by what its choices told (``infer``,
            ``model``)."""
            if bound is not None and infer_rng.random() < self.infer:
                no_old_twos(g, 1 - seat, bound, infer_rng)
            if drew and infer_rng.random() < self.infer:
                no_old_winners(g, 1 - seat, infer_rng)
            if excluded and infer_rng.random() < self.model_rate:
                no_excluded(g, 1 - seat, excluded, new_cards, infer_rng)
            return g

        # A move that wins on the spot, whatever the hidden cards: play it.
        for m in moves:
            c = base.copy(history=False)
            c.play(m)
            if c.outcome == ("p0" if seat == 0 else "p1"):
                return m, "wins now"
        searcher = Searcher(seat, self.opponent != "minimax", self.evaluate,
                            self.heuristic_reply,
                            random.Random(rng.getrandbits(64)) if self.blind else None,
                            random.Random(rng.getrandbits(64)) if self.oblind else None,
                            random.Random(rng.getrandbits(64))
                            if self.opponent == "medium" else None)
        # The last main-phase decision searched is the seat's own, so every leaf is scored with
        # the opponent to move (where the evaluation's threat terms are the cautious ones).
        horizon = self.depth if base.turn_player == seat else max(1, self.depth - 1)
        scale = self.scale
        sums = {m: 0.0 for m in moves}
        counts = {m: 0 for m in moves}
        dets: list[Game] = []

        def run(alive: list[Move], upto: int) -> int:
            """Score every move of ``alive`` on deals ``counts[m] .. upto - 1``."""
            n = 0
            while len(dets) < upto:
                dets.append(det(base) if not dets else det(search_copy(base.redeal(seat, rng))))
            for m in alive:
                for i in range(counts[m], upto):
                    v = searcher.value(child(dets[i], m), horizon)
                    sums[m] += 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -v / scale))))
                    n += 1
                counts[m] = max(counts[m], upto)
            return n

        alive = list(moves)
        rounds = max(1, math.ceil(math.log(len(alive), 1.0 / self.keep)))
        t_start = time.perf_counter()
        if self.think is None:
            budget = self.iterations
            used = 0
        else:
            used = run(alive, 1)
            per_sim = (time.perf_counter() - t_start) / used
            # With a deeper final round, it gets the second half of the time.
            share = 0.5 if self.deep else 1.0
            budget = max(used, int(share * self.think / max(per_sim, 1e-6)))
        spent_rounds = 0
        while True:
            per_move = max(1, (budget - used) // (max(1, rounds - spent_rounds) * len(alive)))
            upto = max(counts[m] for m in alive) + per_move
            used += run(alive, upto)
            spent_rounds += 1
            if len(alive) == 1 or used >= budget:
                break
            alive.sort(key=lambda mv: -sums[mv] / counts[mv])
            alive = alive[: max(1, math.ceil(len(alive) * self.keep))]
            if len(alive) == 1:
                break
        best = max(alive, key=lambda mv: sums[mv] / counts[mv] if counts[mv] else -1.0)
        rate = sums[best] / counts[best]
        deep_values: dict[Move, float] = {}
        if self.deep:
            # The last few candidates (those that survived the most halvings, best first)
            # are compared again one round deeper: the seat's move, the opponent's, the seat's,
            # the opponent's, the seat's.
            ranked = sorted(moves, key=lambda mv: (-counts[mv], -sums[mv] / counts[mv]))
            finals = ranked[: self.finalists]
            # In the counter window the seat may be answering with no choice (no two): the
            # deeper round then does the same work as with ``finalists`` choices.
            width = self.finalists if base.phase == COUNTER_PHASE else len(finals)
            if width > 1:  # never fewer than len(finals): finals is cut at finalists
                best, rate, n, deep_values = self._deeper(finals, dets, base, seat, rng,
                                                          searcher, horizon + 2, t_start, width)
                used += n
        self.last_iterations = used
        # Each searched move's win chance, from the deepest search it had (game review).
        raw = {m: sums[m] / counts[m] for m in moves if counts[m]}
        raw.update(deep_values)
        self.last_values = {m: calibrated(v) for m, v in raw.items()}
        rate = calibrated(rate)
        if len(moves) == 1:
            return best, "the only legal move"
        if base.phase == "main" and self._blocks(view, seat, base, best):
            return best, "blocks the opponent's win"
        sims = count(used, "simulation", digits=True)
        return best, f"best by search: {100 * rate:.0f}% of {sims}"

    def _deeper(self, finals: list[Move], dets: list[Game], base: Game, seat: int,
                rng: random.Random, searcher: Searcher, horizon: int,
                t_start: float, width: int) -> tuple[Move, float, int, dict[Move, float]]:
        """The best of ``finals`` by ``deep`` simulations each at ``horizon`` (the same deals for
        all, taken in turn so that a time budget stops them evenly); its win rate, the number
        of simulations run, and each finalist's win rate. Each round runs ``width``
        simulations (at least one per finalist; more go to the finalists in turn)."""
        sums = dict.fromkeys(finals, 0.0)
        counts = dict.fromkeys(finals, 0)
        n = 0
        for i in range(self.deep):
            if self.think is not None and i and time.perf_counter() - t_start > self.think:
                break
            if i == len(dets):
                dets.append(search_copy(base.redeal(seat, rng)))
            for k in range(width):
                m = finals[k % len(finals)]
                v = searcher.value(child(dets[i], m), horizon)
                sums[m] += 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -v / self.scale))))
                counts[m] += 1
                n += 1
        rates = {m: sums[m] / counts[m] for m in finals}
        best = max(finals, key=lambda mv: rates[mv])
        return best, rates[best], n, rates

    @staticmethod
    def _blocks(view: View, seat: int, base: Game, move: Move) -> bool:
        """Whether the opponent would likely win on their move if the seat passed, and ``move``
        takes that win away (judged from the seat's knowledge before and after it)."""
        k = read_view(view, seat)
        passed = dataclasses.replace(k, turn_player=k.opp, phase="main", to_move=k.opp)
        if p_opponent_wins_now(passed) < 0.5:
            return False
        c = base.copy(history=False)
        c.play(move)
        if c.outcome is not None or c.phase != "main":
            return False
        return p_opponent_wins_now(read_view(c.view(seat), seat)) < 0.5
