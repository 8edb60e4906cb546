"""``hard`` at a table of three or four: the determinized search of :mod:`cuttle.ai.pimc` with an
opponent model for more than one opponent.

One simulation is one candidate move of the seat on one determinization: every card the seat
cannot see -- each opponent's hidden cards, its partner's in teams, the deck order -- re-dealt at
random (``Game.from_view`` once, ``Game.redeal`` after). On that deal:

1. the move is played and the rest of the turn finished: every window of answers (a counter, a
   teams' out-of-turn nine) is searched, each seat asked answering as its model says (below);
   the small follow-up choices (a 3's pick, a 4's discards, the hand limit...) are made greedily;
2. every other seat, in turn order, plays its turn: the move its model prefers one decision
   ahead (its turn finished the same way, the table scored by :func:`table_values`);
3. with ``depth`` 2 (the default) the seat's own next turn is searched in full, and the table
   is scored when the next seat is to move (``depth`` 1 stops before the seat's next turn).

The **opponent model** (``table``) says what each other seat prefers:

- ``maxn`` (max-n): every seat plays for its own side, by the same evaluation from its own seat
  (its side's standing minus the best other side's: each player goes after the leader among
  the others, and a partner plays for the team);
- ``paranoid``: every opponent plays against the seat (the move worst for it), the partner for
  it -- the two-player model's reading of a table of several.

On its own turn the seat searches only ``medium``'s best ``prune`` moves (4 by default; 0:
every move), ranked by medium's one-ply evaluation of its view (:func:`medium_ranking`): on
fresh deals that won about ten points more against two mediums than searching every move
(docs/ai.md, "second pass"). Windows and follow-ups are never pruned.

At a table of three the other seats in a simulation judge the table without seeing the hands
(``tblind``, :func:`~cuttle.ai.fasteval.table_value_blind`) and the seat's own next turn is
chosen on a fresh deal of the cards it cannot see, then played on the simulation's deal
(``peek=0``): on fresh deals that won about five points more against two mediums than seeing
every card, a gain likely but not proven at the 5% level (docs/ai.md, "third pass"). In teams
both stay off by default (not measured there, and a teams decision has little time to
spare): :func:`table_defaults`.

The leaf (``leaf``): by default the fitted chances of :mod:`cuttle.ai.tablefit` (a softmax over
the sides fitted on self-play outcomes), at both sizes: on the same deals against two mediums, and
against a medium team, it won more games than the hand-set :func:`table_values` (docs/ai.md,
"fourth pass"); ``leaf=table`` is the hand-set leaf. ``others=fit`` makes the other seats judge by
the fitted chances too (blind with ``tblind``); screened, not the default.

What the other seats judge by (``others``): at a table of three, by default, ``medium``'s own
evaluation of the chooser's view of the table after each of its moves (:func:`medium_chance`;
the windows too), with :data:`MEDIUM_ITERATIONS` simulations (a reply costs about three times
as much): it picks the move a real medium plays far more often than the search's own values
(85% of its decisions against 67%); against two mediums it won about three points more on 600
fresh deals (ten on the deals it was chosen on; docs/ai.md, "fifth pass"). In teams the
hand-set values (``others=table``) and :data:`TABLE_ITERATIONS`, as before:
:func:`table_others`, :func:`table_budget`.

Options kept for measuring: ``stick`` (play medium's first choice unless a searched move beats
it by that much win chance) and ``soft`` (the other seats' moves drawn by ``exp(value / soft)``
instead of their best); and, screened in the sixth pass and no better than the default on the
same deals (docs/ai.md, "sixth pass"): ``others=reply`` (the other seats' moves are ``medium``'s
own reply from their view, :func:`medium_policy`: 95% of a real medium's moves), ``own=medium``
(the seat's own last searched turn chosen so too) and ``tail=1`` (one more round of the other
seats before the leaf, scored when the seat is to move again); and, from the seventh pass,
``model`` (every other seat's last plain move read by medium's judgement, as with two
players: :func:`model_deals`; within the noise in 600 games); and, from the eighth pass,
``others=race`` (each other seat plays for its own standing alone and leaves the leader to the
others, as a search by random rollouts nearly does: :func:`~cuttle.ai.fasteval.race_value`; no
better than the default against two ISMCTS in 240 games, worse against two mediums).

The default is the one the measurements in docs/ai.md chose. The leaf value is mapped to a win
chance by a sigmoid of ``scale`` (25 points). The moves are compared on the same deals and the
budget spent by successive halving, as with two players (:meth:`DeterminizedPlayer.decide`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from cuttle import Game, Move
from cuttle.ai.base import View, simulation
from cuttle.ai.evaluate import SHARE_SCALE, THREAT, evaluate
from cuttle.ai.fasteval import (
    final_chance,
    race_value,
    table_shares,
    table_value_blind,
    table_values,
)
from cuttle.ai.heuristic import HeuristicPlayer
from cuttle.ai.inference import before_last_move, choice_exclusions, no_excluded
from cuttle.ai.knowledge import read_view
from cuttle.ai.tablefit import fit_value_blind, fit_values
from cuttle.engine.phases import COUNTER_PHASE, MAIN, RESPOND_ROYAL
from cuttle.engine.search import child, push, search_copy
from cuttle.engine.search import moves as legal
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.ai.pimc import DeterminizedPlayer

MAX_FOLLOW_UP = 60
#: The windows in which a seat answers another's card (searched, not chosen greedily).
WINDOWS = (COUNTER_PHASE, RESPOND_ROYAL)
MODELS = ("maxn", "paranoid")
#: The default budget at a table of three or four (simulations per decision): each simulation
#: plays every other seat's turn, so it costs about (seats - 1) times a two-player one.
TABLE_ITERATIONS = 160
#: The default budget at a table of three when the other seats are judged by medium's evaluation
#: (``others=medium``, the default there): a reply costs about three times as much, and on the
#: tuning deals 80 simulations won as many games as 160 (docs/ai.md, "fifth pass").
MEDIUM_ITERATIONS = 80
TABLE_SCALE = 25.0
#: A winning card's weight in the hand of the second seat to move, the next one's being 1 (the
#: third's is half of it).
LATER = 0.4

Values = list[float]


class TableSearcher:
    """The search on one determinized game of three or four seats, for seat ``me``."""

    __slots__ = ("me", "paranoid", "nodes", "team", "values", "end", "soft", "rng", "blind",
                 "peek_rng", "judge", "tail", "policy", "own")

    def __init__(self, me: int, paranoid: bool, teams: bool,
                 values: Callable[[Game], Values] = table_values, soft: float = 0.0,
                 rng: random.Random | None = None) -> None:
        self.me = me
        self.soft = soft
        self.rng = rng
        self.blind = False  # the other seats judge by table_value_blind (max-n only)
        # When set, what the other seats judge by instead (max-n only): (game, chooser) -> value
        self.judge: Callable[[Game, int], float] | None = None
        # When set, the other seats' moves are chosen by it (max-n only): (game, moves, chooser)
        # -> the move; only the move chosen is settled.
        self.policy: Callable[[Game, list[Move], int], Move] | None = None
        # When set, the seat's own last searched turn is the move it chooses (from the seat's
        # view: medium's, :func:`medium_policy`), not the search's best.
        self.own: Callable[[Game, list[Move], int], Move] | None = None
        # When set, the seat's own last searched turn is chosen on a fresh deal of the cards
        # it cannot see (no peeking at the deal), then played on this one.
        self.peek_rng: random.Random | None = None
        # When set, after the seat's last searched turn the other seats play one more round
        # by the model, and the table is scored when the seat is to move again.
        self.tail = False
        self.paranoid = paranoid
        self.team = teams
        self.nodes = 0
        self.values = values
        self.end: Game | None = None  # the game at the horizon of the last play_out

    def util(self, vals: Values, chooser: int) -> float:
        """What ``chooser`` makes of the values ``vals`` under the model."""
        if not self.paranoid:
            return vals[chooser]
        v = vals[self.me]
        if chooser == self.me or (self.team and (chooser ^ self.me) == 2):
            return v
        return -v

    def settle(self, g: Game) -> tuple[Values, Game]:
        """Play ``g`` (consumed) to the start of the next main-phase turn or the end: windows
        searched, other follow-ups greedy. The values there, and the game reached."""
        for _ in range(MAX_FOLLOW_UP):
            if g.outcome is not None or g.phase == MAIN:
                return self.values(g), g
            moves = legal(g)
            if len(moves) == 1:
                push(g, moves[0])
                continue
            chooser = g.to_move
            assert chooser is not None
            if g.phase in WINDOWS:
                return self.best_reply(g, moves, chooser)
            best_m = moves[0]
            best_u = -math.inf
            for m in moves:
                self.nodes += 1
                u = self.util(self.values(child(g, m)), chooser)
                if u > best_u:
                    best_m, best_u = m, u
            push(g, best_m)
        return self.values(g), g

    def best_reply(self, g: Game, moves: list[Move], chooser: int) -> tuple[Values, Game]:
        """The move of ``moves`` best for ``chooser`` by the model, each settled: its values
        and the game after it (the first of equals)."""
        if self.soft and not self.ally(chooser):
            return self.soft_reply(g, moves, chooser)
        return self.reply_of(g, moves, chooser)[1]

    def reply_of(self, g: Game, moves: list[Move], chooser: int
                 ) -> tuple[Move, tuple[Values, Game]]:
        """The move of ``moves`` best for ``chooser`` by the model (the first of equals), and
        its values and the game after it, settled."""
        other = not self.paranoid and not self.ally(chooser)
        if other and self.policy is not None:
            self.nodes += 1
            m = self.policy(g, moves, chooser)
            return m, self.settle(child(g, m))
        judge = self.judge if other else None
        blind = self.blind and other
        best: tuple[Move, tuple[Values, Game]] | None = None
        best_u = -math.inf
        for m in moves:
            self.nodes += 1
            got = self.settle(child(g, m))
            u = (judge(got[1], chooser) if judge is not None
                 else table_value_blind(got[1], chooser) if blind else self.util(got[0], chooser))
            if u > best_u:
                best, best_u = (m, got), u
        assert best is not None
        return best

    def ally(self, seat: int) -> bool:
        """Whether ``seat`` is the searching seat or its partner."""
        return seat == self.me or (self.team and (seat ^ self.me) == 2)

    def soft_reply(self, g: Game, moves: list[Move], chooser: int) -> tuple[Values, Game]:
        """An opponent's move drawn with weights ``exp(value / soft)`` (its values by the model),
        not always the best: the real player does not see the cards the simulation shows it,
        so it does not play that deal's best move every time."""
        got: list[tuple[Values, Game]] = []
        us: list[float] = []
        for m in moves:
            self.nodes += 1
            r = self.settle(child(g, m))
            got.append(r)
            us.append(self.util(r[0], chooser))
        top = max(us)
        weights = [math.exp(max(-60.0, (u - top) / self.soft)) for u in us]
        assert self.rng is not None
        return self.rng.choices(got, weights)[0]

    def last(self, g: Game) -> Values:
        """The values after the seat's last searched move, just pushed on ``g`` (consumed):
        scored once its turn is finished, or (``tail``) once the other seats have played one
        more round and the seat is to move again."""
        return self.play_out(g, 0) if self.tail else self.settle(g)[0]

    def play_out(self, g: Game, mine_left: int) -> Values:
        """The values at the horizon after the move just pushed on ``g`` (consumed): the turn
        finished, the other seats' turns played by the model until the seat's own turn; then,
        while ``mine_left`` turns of its own remain, its turn searched (the last one scored as
        soon as it is finished)."""
        me = self.me
        vals, g = self.settle(g)
        while g.outcome is None:
            t = g.turn_player
            moves = legal(g)
            if t == me:
                if mine_left <= 0:
                    self.end = g
                    return vals
                if mine_left == 1 and self.own is not None:
                    self.nodes += 1
                    return self.last(child(g, self.own(g, moves, me)))
                if mine_left == 1 and self.peek_rng is not None:
                    alt = search_copy(g.redeal(me, self.peek_rng))
                    pick = max(legal(alt), key=lambda m: self.settle(child(alt, m))[0][me])
                    self.nodes += len(moves)
                    return self.last(child(g, pick))
                best_v: Values = vals
                best_u = -math.inf
                for m in moves:
                    self.nodes += 1
                    # the seat's last searched move is scored once its turn is finished, the
                    # next seat to move (as with two players: the cautious threat terms)
                    if mine_left == 1:
                        v = self.last(child(g, m))
                    else:
                        v = self.play_out(child(g, m), mine_left - 1)
                    if v[me] > best_u:
                        best_v, best_u = v, v[me]
                return best_v
            if len(moves) == 1:
                vals, g = self.settle(child(g, moves[0]))
                continue
            vals, g = self.best_reply(g, moves, t)
            if mine_left <= 0 and g.outcome is None and g.turn_player == me:
                self.end = g
                return vals
        self.end = g
        return vals


def _fit_seen(g: Game, seat: int) -> float:
    """``seat``'s fitted value of ``g``, every hand seen (:func:`.tablefit.fit_values`)."""
    return fit_values(g)[seat]


def medium_chance(g: Game, seat: int) -> float:
    """``seat``'s chance in ``g`` by ``medium``'s evaluation of the seat's view of it (other
    hands weighed by the pool, as medium does): in cutthroat its share of the win, in teams the
    sigmoid of its score; a finished game 1 for the winners, 0 for the others, a draw one half."""
    if g.outcome is not None:
        return final_chance(g, seat)
    v = evaluate(read_view(g.view(seat), seat))
    if g.seats.teams:
        return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -v / TABLE_SCALE))))
    return min(1.0, max(0.0, (v + 100.0) / SHARE_SCALE))


def medium_policy(rng: random.Random) -> Callable[[Game, list[Move], int], Move]:
    """The other seats' moves in a simulation as ``medium`` itself chooses them: its
    one-ply scoring (counter and nine risks included) of each move from the chooser's view of
    the simulated table (:meth:`HeuristicPlayer.reply`)."""
    med = HeuristicPlayer()

    def policy(g: Game, moves: list[Move], chooser: int) -> Move:
        return med.reply(g, chooser, moves, rng)

    return policy


def medium_ranking(view: View, seat: int, moves: list[Move], rng: random.Random) -> list[Move]:
    """``moves`` best first by ``medium``'s one-ply evaluation from the seat's view (a tie in
    the order given)."""
    k = read_view(view, seat)
    sim = simulation(view, rng)
    scored = HeuristicPlayer().score_moves(view, sim, k, moves, rng)
    value = {m: v for v, m in scored}
    order = {m: i for i, m in enumerate(moves)}
    return sorted(moves, key=lambda m: (-value[m], order[m]))


def table_defaults(player: DeterminizedPlayer, teams: bool) -> tuple[bool, bool]:
    """(``tblind``, ``peek``) of ``player`` at this table: as given, else the defaults -- at a
    table of three the other seats judge without seeing the hands and the seat's own next turn
    is chosen without peeking (measured better against two mediums, docs/ai.md "third pass");
    in teams, not measured there and short of time, the second pass's search."""
    blind = player.table_blind if player.table_blind is not None else not teams
    peek = player.table_peek if player.table_peek is not None else teams
    return blind, peek


def table_others(player: DeterminizedPlayer, teams: bool) -> str:
    """What the other seats judge by in ``player``'s simulations at this table: as given, else
    at a table of three medium's evaluation of the chooser's view (:func:`medium_chance`: it
    picks a real medium's move far more often than the search's own values, and won about
    three points more against two mediums on fresh deals, docs/ai.md "fifth pass"); in teams,
    not measured there and short of time, the hand-set values."""
    if player.table_others is not None:
        return player.table_others
    return "table" if teams else "medium"


def table_budget(player: DeterminizedPlayer, teams: bool) -> int:
    """``player``'s simulations a decision at this table: as given (``iterations``), else
    :data:`MEDIUM_ITERATIONS` when the other seats are judged or played by medium,
    :data:`TABLE_ITERATIONS` otherwise."""
    if player.table_iterations is not None:
        return player.table_iterations
    medium = table_others(player, teams) in ("medium", "reply")
    return MEDIUM_ITERATIONS if medium else TABLE_ITERATIONS


def table_leaf(player: DeterminizedPlayer, teams: bool) -> str:
    """``player``'s leaf at this table: as given, else the default, the fitted chances
    (:mod:`cuttle.ai.tablefit`) at three seats and in teams: against mediums it won more
    games than the hand-set values on the same deals at both sizes (docs/ai.md, "fourth
    pass"). ``teams`` is kept for a size-dependent default."""
    if player.table_leaf is not None:
        return player.table_leaf
    return "fit"


def model_deals(player: DeterminizedPlayer, base: Game, seat: int,
                rng: random.Random) -> Callable[[Game], Game]:
    """What the search does to each deal (``model=R``, off by default): each other seat's last
    move since the seat's own, latest first, while each was made in plain sight (a draw, points,
    a permanent, a jack) and can be taken back: the cards with which ``medium`` in that seat's
    place would have made a clearly better move (:func:`~cuttle.ai.inference.choice_exclusions`)
    are kept out of its hidden hand but the card it drew since, in a share ``R`` of the deals.
    Reads only the seat's deal and the public moves."""
    if not player.model_rate:
        return _same
    history = player.public_history
    reads: list[tuple[int, set[int], int]] = []  # (the seat read, its excluded cards, new cards)
    infer_rng: random.Random | None = None
    g, mover = base, seat
    for back in range(base.players - 1):
        before = before_last_move(g, mover, history[: len(history) - back])
        if before is None:
            break
        last = history[len(history) - 1 - back][1]
        if infer_rng is None:
            infer_rng = random.Random(rng.getrandbits(64))
        opp = before.turn_player
        excluded = choice_exclusions(before, seat, last, infer_rng, player.margin)
        if excluded:
            reads.append((opp, excluded, 1 if last.kind == "draw" else 0))
        g, mover = before, opp
    if not reads:
        return _same
    assert infer_rng is not None
    pick = infer_rng
    rate = player.model_rate

    def det(d: Game) -> Game:
        for opp, excluded, new in reads:
            if pick.random() < rate:
                no_excluded(d, opp, excluded, new, pick)
        return d

    return det


def _same(g: Game) -> Game:
    return g


def decide_table(player: DeterminizedPlayer, base: Game, seat: int, moves: list[Move],
                 rng: random.Random, view: View) -> tuple[Move, str]:
    """``hard``'s decision at a table of three or four, from ``base`` (a game built from the
    seat's view ``view``, its hidden cards dealt at random): see the module docstring."""
    side = base.seats.side(seat)
    for m in moves:
        c = base.copy(history=False)
        c.play(m)
        if c.outcome == side:
            return m, "wins now"
    share = player.table_share
    later = player.table_later
    weights = (THREAT, later * THREAT, 0.5 * later * THREAT)
    leaf = table_leaf(player, base.seats.teams)
    values: Callable[[Game], Values] = (
        fit_values if leaf == "fit"
        else (table_values if later == LATER else lambda g: table_values(g, weights))
        if not share else lambda g: table_shares(g, share))
    soft = player.table_soft
    searcher = TableSearcher(seat, player.table_model == "paranoid", base.seats.teams, values,
                             soft, random.Random(rng.getrandbits(64)) if soft else None)
    blind, peek = table_defaults(player, base.seats.teams)
    searcher.blind = blind
    others = table_others(player, base.seats.teams)
    if others == "fit":
        searcher.judge = fit_value_blind if blind else _fit_seen
    elif others == "medium":
        searcher.judge = medium_chance
    elif others == "reply":
        searcher.policy = medium_policy(random.Random(rng.getrandbits(64)))
    elif others == "race":
        searcher.judge = race_value
    searcher.tail = bool(player.table_tail)
    if player.table_own == "medium":
        searcher.own = medium_policy(random.Random(rng.getrandbits(64)))
    if not peek:
        searcher.peek_rng = random.Random(rng.getrandbits(64))
    mine = base.phase == MAIN and base.turn_player == seat
    all_moves = moves
    prune = mine and player.table_prune and len(moves) > player.table_prune
    stick = player.table_stick if mine and len(moves) > 1 else 0.0
    first: Move | None = None  # medium's first choice, when the search must beat it by stick
    if prune or stick:
        ranked = medium_ranking(view, seat, moves, random.Random(rng.getrandbits(64)))
        if prune:
            moves = ranked[: player.table_prune]
        if stick:
            first = ranked[0]
    mine_left = player.depth - 1 if mine else max(1, player.depth - 1)
    det = model_deals(player, base, seat, rng)
    medium_leaf = leaf == "medium"
    if medium_leaf:
        mine_left = 0  # scored by medium when the seat is next to move
    scale = player.table_scale
    sums = dict.fromkeys(moves, 0.0)
    counts = dict.fromkeys(moves, 0)
    dets: list[Game] = []

    def run(alive: list[Move], upto: int) -> int:
        n = 0
        while len(dets) < upto:
            dets.append(det(base) if not dets else det(search_copy(base.redeal(seat, rng))))
        for m in alive:
            for i in range(counts[m], upto):
                v = searcher.play_out(child(dets[i], m), mine_left)[seat]
                if medium_leaf:
                    assert searcher.end is not None
                    sums[m] += medium_chance(searcher.end, seat)
                    n += 1
                    continue
                sums[m] += v if share else 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -v / scale))))
                n += 1
            counts[m] = max(counts[m], upto)
        return n

    alive = list(moves)
    keep = player.keep
    rounds = max(1, math.ceil(math.log(len(alive), 1.0 / keep)))
    t_start = time.perf_counter()
    if player.think is None:
        budget = table_budget(player, base.seats.teams)
        used = 0
    else:
        used = run(alive, 1)
        per_sim = (time.perf_counter() - t_start) / used
        budget = max(used, int(player.think / max(per_sim, 1e-6)))
    spent = 0
    while True:
        per_move = max(1, (budget - used) // (max(1, rounds - spent) * len(alive)))
        upto = max(counts[m] for m in alive) + per_move
        used += run(alive, upto)
        spent += 1
        if len(alive) == 1 or used >= budget:
            break
        alive.sort(key=lambda mv: -sums[mv] / counts[mv])
        alive = alive[: max(1, math.ceil(len(alive) * keep))]
        if len(alive) == 1:
            break
    best = max(alive, key=lambda mv: sums[mv] / counts[mv])
    if (first is not None and first != best and counts[first]
            and sums[best] / counts[best] - sums[first] / counts[first] < stick):
        best = first  # the search's doubt is not worth leaving medium's judgement for
    player.last_iterations = used
    # Raw, not calibrated: the calibration of two-player chances (pimc.CALIBRATION) was fitted
    # on two-player games; these values have not been measured against results yet.
    player.last_values = {m: sums[m] / counts[m] for m in moves if counts[m]}
    if len(all_moves) == 1:
        return best, "the only legal move"
    rate = sums[best] / counts[best]
    return best, f"best by search: {100 * rate:.0f}% of {count(used, 'simulation', digits=True)}"


__all__ = ["MEDIUM_ITERATIONS", "MODELS", "TABLE_ITERATIONS", "TableSearcher", "decide_table",
           "table_budget", "table_defaults", "table_leaf", "table_others"]
