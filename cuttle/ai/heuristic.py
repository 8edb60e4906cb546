"""The heuristic players: ``medium`` (strong) and ``easy`` (a plainer, more human one).

``medium`` looks one decision ahead. For each legal move it plays the move on a simulated game
(``Game.from_view``: hidden cards re-dealt), lets the pending parts of the turn finish (the opponent
lets one-offs resolve; the seat's own follow-up choices -- the 3's pick, the 7's card, discards --
are made greedily), and scores the table that results with :func:`~cuttle.ai.evaluate.evaluate`.
Three corrections make the one-ply view honest:

* a card drawn in a simulation is a random card: ``draw`` is scored with the drawn card replaced by
  the average worth of an unseen card; the 5, the 7 and the joker are averaged over three deals;
* a one-off may be countered: with the chance that the opponent holds a 2 (none while the seat has a
  queen), the opponent is assumed to counter exactly when the one-off hurts them;
* a counter may be re-countered: the same rule, one level deeper.

See docs/ai.md for the ideas behind the evaluation.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from cuttle import Game, Move
from cuttle.ai.base import Player, View, simulation
from cuttle.ai.evaluate import (
    BASE_HAND_VALUE,
    WIN,
    evaluate,
    hand_value,
    mean_pool_value,
    p_opponent_wins_now,
)
from cuttle.ai.knowledge import KING_RANK, QUEEN_RANK, Knowledge, rank, read_view
from cuttle.engine.phases import COUNTER_PHASE, RESPOND_ROYAL

RANDOM_SAMPLES = 3
MAX_FOLLOW_UP = 40
#: The windows a seat may answer out of turn (a 2 to a one-off, a teams 9 to a royal).
ANSWER_PHASES = (COUNTER_PHASE, RESPOND_ROYAL)
#: The most answers a window can offer (four 2s, four 9s or four 10s) and "let it be": every
#: answer window is given the work of this many moves, so the time taken does not tell how
#: many answers the seat holds, or whether it holds one at all.
ANSWER_WORK = 5


def _rank_is(r: int) -> Callable[[int], bool]:
    return lambda c: rank(c) == r


def _nine_unfrozen(frozen: set[int]) -> Callable[[int], bool]:
    return lambda c: rank(c) == 9 and c not in frozen


def is_royal(m: Move) -> bool:
    """A move that puts a royal on the table (what a teams 9 may answer): a king or a queen, a
    jack or a joker; not glasses."""
    if m.kind in ("jack", "joker"):
        return True
    return m.kind == "perm" and m.card is not None and rank(m.card) in (KING_RANK, QUEEN_RANK)


def likeliest(k: Knowledge, seats: tuple[int, ...], wanted: Callable[[int], bool]) -> int:
    """The seat of ``seats`` most likely to hold such a card (the first in turn order on a tie);
    with two players, the opponent."""
    if len(seats) == 1:
        return seats[0]
    if not seats:
        return k.opp
    return max(seats, key=lambda q: (k.p_holds(q, wanted), -seats.index(q)))


def turn_passed(k: Knowledge, who: int) -> Knowledge:
    """The table as it would be if the seat's move came to nothing and the turn passed on, with
    ``who`` one hidden card the poorer (the card it answered with)."""
    nxt = k.seats.nxt[k.me]
    return dataclasses.replace(
        k,
        turn_player=nxt,
        phase="main",
        to_move=nxt,
        hands=tuple(list(h) for h in k.hands),
        hidden=tuple(max(0, x - (1 if q == who else 0)) for q, x in enumerate(k.hidden)),
    )


def quick_value(card: int) -> float:
    """Context-free worth of a card in hand (for cheap follow-up choices)."""
    r = rank(card)
    return BASE_HAND_VALUE[r] if r > 10 or r == 0 else max(BASE_HAND_VALUE[r], 0.6 * r)


def quick_pick(moves: list[Move]) -> Move:
    """A cheap, sensible choice for a follow-up decision (take / discard / 7's card)."""
    kind = moves[0].kind
    if kind == "discard":
        return min(moves, key=lambda m: sum(quick_value(c) for c in m.cards))
    if kind == "take":
        return max(moves, key=lambda m: quick_value(m.cards[0]))
    best = moves[0]
    best_v = -1.0
    for m in moves:
        if m.kind == "points" and m.card is not None:
            v = 10.0 + rank(m.card)
        elif m.kind == "scuttle" and m.target is not None:
            v = 8.0 + rank(m.target)
        elif m.kind in ("perm", "jack"):
            v = 12.0
        elif m.kind == "resolve":
            v = 5.0
        else:
            v = 1.0
        if v > best_v:
            best, best_v = m, v
    return best


class HeuristicPlayer(Player):
    """``medium``: one-ply lookahead over every legal move with the static evaluation."""

    level = "medium"
    max_players = 4
    hides_forced = True
    threats = True
    plain_rate = 0.0  # chance of playing a plain move (draw or points) instead of the best

    def decide(
        self, view: View, seat: int, moves: list[Move], rng: random.Random
    ) -> tuple[Move, str]:
        k = read_view(view, seat)
        if self.plain_rate and k.phase == "main" and rng.random() < self.plain_rate:
            plain = [m for m in moves if m.kind in ("draw", "points", "pass")]
            if plain:
                return rng.choice(plain), "a plain move"
        sim = simulation(view, rng)
        scored = self.score_moves(view, sim, k, moves, rng)
        best = max(scored, key=lambda mv: mv[0])
        if k.phase in ANSWER_PHASES:
            self.pad_answer_work(sim, k, moves)
        return best[1], self.reason(k, best[0])

    def pad_answer_work(self, sim: Game, k: Knowledge, moves: list[Move]) -> None:
        """In a window the seat may answer out of turn, do the work of ``ANSWER_WORK`` moves
        whatever it holds: letting it be is played out again for each answer it lacks, so the
        time of the decision tells nobody whether it held a 2 (or a 9)."""
        let_be = next((m for m in moves if m.kind == "resolve"), None)
        if let_be is None:
            return
        for _ in range(ANSWER_WORK - len(moves)):
            self.play_out(sim, let_be, k.me, 0)

    def reply(self, sim: Game, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """The heuristic's move for ``seat`` in a *simulated* game (a search's opponent model):
        the evaluation still reads only ``seat``'s view; follow-ups run on ``sim`` itself."""
        view = sim.view(seat)
        k = read_view(view, seat)
        scored = self.score_moves(view, sim, k, moves, rng, samples=1)
        return max(scored, key=lambda mv: mv[0])[1]

    def reason(self, k: Knowledge, value: float) -> str:
        if value >= WIN / 2:
            return "wins now"
        if k.phase == "main" and self.threats:
            nxt = k.seats.nxt[k.me]
            passed = dataclasses.replace(k, turn_player=nxt, phase="main", to_move=nxt)
            if p_opponent_wins_now(passed) >= 0.5:
                return "blocks the opponent's win" if k.players == 2 else "blocks a win"
        return "best by the heuristic"

    # -- scoring -----------------------------------------------------------------------------------
    def score_moves(
        self,
        view: View,
        sim: Game,
        k: Knowledge,
        moves: list[Move],
        rng: random.Random,
        samples: int = RANDOM_SAMPLES,
    ) -> list[tuple[float, Move]]:
        out: list[tuple[float, Move]] = []
        resolve_value: float | None = None
        if k.phase == "counter":
            for m in moves:
                if m.kind == "resolve":
                    resolve_value = self.score_move(view, sim, k, m, rng, None, samples)
                    out.append((resolve_value, m))
        for m in moves:
            if k.phase == "counter" and m.kind == "resolve":
                continue
            out.append((self.score_move(view, sim, k, m, rng, resolve_value, samples), m))
        return out

    def score_move(
        self,
        view: View,
        sim: Game,
        k: Knowledge,
        m: Move,
        rng: random.Random,
        resolve_value: float | None,
        samples: int = RANDOM_SAMPLES,
    ) -> float:
        me = k.me
        if m.kind == "oneoff" and m.card is not None and rank(m.card) in (0, 5, 7):
            sims = [sim] + [simulation(view, rng) for _ in range(samples - 1)]
            value = sum(self.play_out(s, m, me, 0)[0] for s in sims) / len(sims)
        else:
            value, child_k = self.play_out(sim, m, me, 0)
            if m.kind == "draw" and child_k is not None and child_k.outcome is None:
                drawn = [c for c in child_k.hands[me] if c not in k.hands[me]]
                if len(drawn) == 1:
                    child_k.hands[me].remove(drawn[0])
                    child_k.pool.append(drawn[0])
                    if k.players == 2:
                        value = self.value(child_k) + mean_pool_value(k, me)
                    else:
                        # The card drawn counts as an unseen one in the seat's own hand, inside
                        # the evaluation (cutthroat's shares are not in point units).
                        child_k.hidden = tuple(
                            x + (q == me) for q, x in enumerate(child_k.hidden))
                        value = self.value(child_k)
        # The opponent may answer a one-off (or a counter) with a 2 of their own.
        if m.kind in ("oneoff", "counter") and value < WIN / 2 or (
            m.kind == "scuttle" and k.rules.ten_counters_scuttle
        ):
            value = self.counter_risk(k, m, value, resolve_value)
        # Teams: a royal played on the seat's turn may be sent back by an opponent's 9.
        if k.rules.teams and k.phase == "main" and is_royal(m):
            value = self.nine_risk(k, m, value)
        return value

    def counter_risk(
        self, k: Knowledge, m: Move, value: float, resolve_value: float | None
    ) -> float:
        me = k.me
        if k.queens(me):
            return value  # a queen's owner cannot be countered (both presets)
        counter_rank = 10 if m.kind == "scuttle" else 2
        wanted = _rank_is(counter_rank)
        p = k.p_opp_holds(wanted)
        who = likeliest(k, k.opps, wanted)
        if k.phase == "counter" and m.kind == "counter":
            # p: they hold a second 2. Re-countered: the one-off resolves, both lose a 2.
            if resolve_value is None or m.card is None:
                return value
            countered = resolve_value - hand_value(m.card, k, me) + mean_pool_value(k, who)
        else:
            if p <= 0.0 or m.card is None:
                return value
            passed = turn_passed(k, who)
            if m.card in passed.hands[me]:
                passed.hands[me].remove(m.card)
            countered = self.value(passed) + 0.5 * mean_pool_value(k, who)
        return (1.0 - p) * value + p * min(value, countered)

    def nine_risk(self, k: Knowledge, m: Move, value: float) -> float:
        """Teams: a royal may be answered out of turn by an opponent's 9 (none while the seat has
        a queen): the royal comes back to hand and the turn is over. The opponents are assumed
        to answer exactly when the royal hurts them."""
        me = k.me
        if k.queens(me) or m.card is None:
            return value
        frozen = set(k.frozen)
        wanted = _nine_unfrozen(frozen)
        p = k.p_opp_holds(wanted)
        if p <= 0.0:
            return value
        who = likeliest(k, k.opps, wanted)
        answered = self.value(turn_passed(k, who)) + 0.5 * mean_pool_value(k, who)
        return (1.0 - p) * value + p * min(value, answered)

    def value(self, k: Knowledge) -> float:
        return evaluate(k, self.threats)

    def play_out(
        self, sim: Game, m: Move, me: int, depth: int
    ) -> tuple[float, Knowledge | None]:
        """Play ``m`` on a copy of ``sim``, finish the pending parts of the turn, evaluate."""
        child = sim.copy()
        child.play(m)
        self.follow_up(child, me, depth)
        ck = read_view(child.view(me), me)
        return self.value(ck), ck

    def follow_up(self, g: Game, me: int, depth: int) -> None:
        """Finish the decisions pending after a move, up to the next main phase."""
        for _ in range(MAX_FOLLOW_UP):
            if g.outcome is not None or g.phase == "main":
                return
            moves = g.legal_moves()
            if not moves:
                return
            if g.phase == "counter":
                choice = next((m for m in moves if m.kind == "resolve"), moves[0])
            elif len(moves) == 1:
                choice = moves[0]
            elif g.to_move == me and depth == 0 and g.phase in ("resolve_seven", "resolve_three"):
                choice = max(moves, key=lambda mv: self.play_out(g, mv, me, depth + 1)[0])
            else:
                choice = quick_pick(moves)
            g.play(choice)


class EasyPlayer(HeuristicPlayer):
    """``easy``: the same evaluation without looking at next-turn threats, and half the time
    a plain draw or points card instead of the best move."""

    level = "easy"
    threats = False
    plain_rate = 0.5
