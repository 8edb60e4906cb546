"""The ``hard`` level: single-observer information-set Monte Carlo tree search.

After Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search". Each iteration

1. *determinizes*: the cards the seat cannot see (the opponent's hidden cards and the deck order)
   are re-dealt at random; known cards stay where they are known. The first deal comes from
   ``Game.from_view(view, rng)``, the next ones from ``Game.redeal`` (a copy and a shuffle);
2. *selects* down the tree, restricted to the moves legal in this determinization, with UCB1 on
   *availability* counts (a child's exploration term counts the iterations in which it was legal);
   each node remembers who acted there, so a player acting twice in a row (a 7, a 4's victim, a
   counter chain) backs up its own reward at each of its nodes;
3. *expands* one untried move, taken in the heuristic's order of preference;
4. *plays out* a few plies with an epsilon-greedy heuristic policy, then scores the table with the
   heuristic's evaluation from the seat's own view (a sigmoid maps it into a win chance);
5. *backs up* the result: each node adds the reward of the player who acted there.

Root moves also get a progressive bias from the ``medium`` heuristic's one-ply scores, which orders
the search and keeps small budgets sensible. The budget is a number of iterations (reproducible) or,
with ``think``, seconds of wall time.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from cuttle import Game, Move
from cuttle.ai.base import Player, View, search_options, simulation
from cuttle.ai.evaluate import WIN, evaluate
from cuttle.ai.heuristic import HeuristicPlayer, quick_value
from cuttle.ai.knowledge import Knowledge, rank, read_view
from cuttle.ai.options import ITERATIONS, THINK, Spec
from cuttle.words import count

#: The options: name -> (what it accepts, default).
DEFAULTS: dict[str, tuple[Spec, Any]] = {
    "iterations": (ITERATIONS, 1000),
    "think": (THINK, None),
    "exploration": (Spec("float", 0, 100), 0.7),
    "epsilon": (Spec("float", 0, 1), 0.1),
    "playout_depth": (Spec("int", 0, 50), 2),
    "bias": (Spec("float", 0, 1e6), 1.0),
    "scale": (Spec("float", 0, 1e6, open_lo=True), 25.0),
    "top_k": (Spec("int", 1, 1000), 8),
    "opponent": (Spec("choice", choices=("model", "tree")), "tree"),
    "depth": (Spec("int", 0, 6), 1),
}


class Node:
    """A node of the search tree: reached by ``move``, played by ``player``."""

    __slots__ = ("move", "player", "children", "visits", "reward", "avail", "prior")

    def __init__(self, move: Move | None, player: int, prior: float = 0.0) -> None:
        self.move = move
        self.player = player
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.prior = prior


def playout_prior(g: Game, m: Move, p: int) -> float:
    """Cheap preference of player ``p`` for move ``m`` in a simulated game ``g``."""
    kind = m.kind
    card = m.card
    if kind == "draw":
        return 3.0
    if kind == "resolve":
        return 3.5
    if kind == "pass":
        return 0.0
    assert card is not None
    r = rank(card)
    need = g.goal(p) - g.score(p)
    if kind == "points":
        return 100.0 if r >= need else 3.0 + 0.4 * r
    if kind == "perm":
        if r == 13:
            return 100.0 if g.rules.goal(g.kings(p) + 1) <= g.score(p) else 5.0
        return 4.0 if r == 12 else 1.5
    if kind == "jack":
        t = m.target
        assert t is not None
        if g.controller(t) == p:  # a 7's jack no opponent's card could take: give the least
            return -5.0 - rank(t)
        gain = rank(t)
        return 100.0 if gain >= need else 3.0 + 0.4 * gain
    if kind == "scuttle":
        t = m.target
        assert t is not None
        return 2.0 + 0.5 * rank(t) - 0.3 * r
    if kind == "counter":
        return 3.0
    if kind == "discard":
        return -sum(quick_value(c) for c in m.cards)
    if kind in ("take", "scrap"):
        return quick_value(card)
    # one-offs
    o = 1 - p
    if r == 1:
        return 0.5 * (g.score(o) - g.score(p))
    if r == 6:
        return 1.5 * (g.kings(o) + g.queens(o) - g.kings(p) - g.queens(p))
    if m.target is not None:
        t = m.target
        return 4.0 if g.controller(t) == o or t in g.perms[o] else -5.0
    return 2.5


def playout_move(g: Game, rng: random.Random, epsilon: float) -> Move:
    moves = g.legal_moves()
    if len(moves) == 1 or rng.random() < epsilon:
        return moves[0] if len(moves) == 1 else rng.choice(moves)
    p = g.to_move
    assert p is not None
    return max(moves, key=lambda m: playout_prior(g, m, p) + rng.random())


class SearchPlayer(Player):
    """``hard``: ISMCTS guided by the heuristic. See the module docstring."""

    level = "hard"

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        super().__init__(seed)
        cfg = search_options(DEFAULTS, options)
        self.iterations = int(cfg["iterations"])
        self.think = None if cfg["think"] is None else float(cfg["think"])
        self.exploration = float(cfg["exploration"])
        self.epsilon = float(cfg["epsilon"])
        self.playout_depth = int(cfg["playout_depth"])
        self.bias = float(cfg["bias"])
        self.scale = float(cfg["scale"])
        self.top_k = int(cfg["top_k"])
        self.opponent = str(cfg["opponent"])
        if self.opponent not in ("model", "tree"):
            raise ValueError(f"opponent must be 'model' or 'tree', not {self.opponent!r}")
        self.depth = int(cfg["depth"])
        self.heuristic = HeuristicPlayer(seed)
        self.last_iterations = 0

    def decide(
        self, view: View, seat: int, moves: list[Move], rng: random.Random
    ) -> tuple[Move, str]:
        k = read_view(view, seat)
        sim = simulation(view, rng)
        scored = self.heuristic.score_moves(view, sim, k, moves, rng)
        best_v, best_m = max(scored, key=lambda vm: vm[0])
        if best_v >= WIN / 2:
            return best_m, "wins now"
        root = Node(None, 1 - seat)
        lo = min(v for v, _ in scored)
        span = max(best_v - lo, 1e-9)
        scored.sort(key=lambda vm: -vm[0])
        for v, m in scored[: max(1, self.top_k)]:
            root.children[m] = Node(m, seat, (v - lo) / span)
        n = self.search(root, sim, seat, rng)
        self.last_iterations = n
        child = max(
            root.children.values(), key=lambda c: (c.visits, c.prior)
        )
        assert child.move is not None
        rate = child.reward / child.visits if child.visits else 0.0
        why = f"best by search: {100 * rate:.0f}% of {count(n, 'simulation', digits=True)}"
        if child.move is best_m and self.heuristic.reason(k, best_v) != "best by the heuristic":
            why = self.heuristic.reason(k, best_v)
        return child.move, why

    # -- the search ----------------------------------------------------------------------------
    def search(self, root: Node, sim: Game, seat: int, rng: random.Random) -> int:
        """Run the iterations; ``sim`` is one determinization of the seat's view, re-dealt
        (``Game.redeal``: only the cards the seat cannot see move) for every iteration."""
        deadline = None if self.think is None else time.perf_counter() + self.think
        n = 0
        while True:
            if deadline is None:
                if n >= self.iterations:
                    break
            elif n > 0 and time.perf_counter() >= deadline:
                break
            if self.opponent == "model":
                self.iterate_model(root, sim.redeal(seat, rng), seat, rng)
            else:
                self.iterate(root, sim.redeal(seat, rng), seat, rng)
            n += 1
        return n

    def iterate(self, root: Node, g: Game, seat: int, rng: random.Random) -> None:
        node = root
        path: list[Node] = []
        while g.outcome is None:
            moves = g.legal_moves()
            actor = g.to_move
            assert actor is not None
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried and node is not root:
                m = max(untried, key=lambda mv: playout_prior(g, mv, actor) + rng.random())
                child = children[m] = Node(m, actor)
                g.play(m)
                path.append(child)
                break
            best = self.ucb(children, moves)
            assert best.move is not None
            g.play(best.move)
            path.append(best)
            node = best
            if best.visits == 0:
                break
        for _ in range(self.playout_depth):
            if g.outcome is not None:
                break
            g.play(playout_move(g, rng, self.epsilon))
        r0 = self.result(g, seat)
        for nd in path:
            nd.visits += 1
            nd.reward += r0 if nd.player == seat else 1.0 - r0
        root.visits += 1

    def select(self, node: Node, moves: list[Move], g: Game, seat: int, rng: random.Random) -> Node:
        """UCB1 with availability over the children legal now; expand an untried move first."""
        children = node.children
        untried = [m for m in moves if m not in children]
        if untried and node.move is not None:
            m = max(untried, key=lambda mv: playout_prior(g, mv, seat) + rng.random())
            child = children[m] = Node(m, seat)
            return child
        return self.ucb(children, moves)

    def ucb(self, children: dict[Move, Node], moves: list[Move]) -> Node:
        """UCB1 with availability counts (and the heuristic prior as a fading bias) over the
        children whose moves are legal in this determinization; counts their availability."""
        best: Node | None = None
        best_u = -math.inf
        c = self.exploration
        for m in moves:
            ch = children.get(m)
            if ch is None:
                continue
            ch.avail += 1
            if ch.visits == 0:
                u = 1e9 + ch.prior
            else:
                u = (
                    ch.reward / ch.visits
                    + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    + self.bias * ch.prior / (ch.visits + 1)
                )
            if u > best_u:
                best, best_u = ch, u
        assert best is not None
        return best

    def iterate_model(self, root: Node, g: Game, seat: int, rng: random.Random) -> None:
        """One iteration with the seat's decisions in the tree and the opponent's decisions made
        by the heuristic from the opponent's own view of this determinization (an opponent
        model), down to the seat's ``depth``-th next turn."""
        node = root
        path: list[Node] = []
        turns = 0
        model = self.heuristic
        while g.outcome is None:
            actor = g.to_move
            assert actor is not None
            moves = g.legal_moves()
            if actor == seat:
                if node is not root and g.phase == "main" and g.turn_player == seat:
                    turns += 1
                    if turns >= self.depth:
                        break
                child = self.select(node, moves, g, seat, rng) if len(moves) > 1 or (
                    node is root
                ) else None
                if child is None:
                    g.play(moves[0])
                    continue
                assert child.move is not None
                g.play(child.move)
                path.append(child)
                node = child
            elif len(moves) == 1:
                g.play(moves[0])
            else:
                g.play(model.reply(g, actor, moves, rng))
        r0 = self.result(g, seat)
        for nd in path:
            nd.visits += 1
            nd.reward += r0
        root.visits += 1

    def result(self, g: Game, seat: int) -> float:
        """Win chance of ``seat`` at the end of a simulation."""
        if g.outcome is not None:
            if g.outcome == "draw":
                return 0.5
            return 1.0 if g.outcome == f"p{seat}" else 0.0
        k: Knowledge = read_view(g.view(seat), seat)
        v = evaluate(k)
        return 1.0 / (1.0 + math.exp(-v / self.scale))
