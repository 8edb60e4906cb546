"""A fitted leaf for ``hard`` at a table of three or four (``hard:leaf=fit``): every side's chance
to win a *determinized* game, a softmax over the sides of linear scores.

A side is a seat in cutthroat, a team in teams. :func:`features` describes each side by a short
vector (:data:`NAMES`): its progress to the goal (in teams the partner nearer their own goal),
its permanents, the cards in its hands by rank, a jack's worth against the best point card it
could steal, whether it holds a card that wins on its move and how soon it moves. The chance of
side ``s`` is ``exp(w . f_s) / sum over sides exp(w . f_t)``, with the weights ``w`` fitted per
rule set by maximum likelihood on the outcomes of self-play games
(``python benchmarks/tune_table_eval.py``, which writes :data:`WEIGHTS` below).

:func:`fit_values` gives the search its values in the units of
:func:`cuttle.ai.fasteval.table_values` (``25 * log-odds`` of the side's chance, so the
search's sigmoid of scale 25 gives the chance back), and :func:`fit_value_blind` a seat's value
when it judges without seeing the other hands (each unseen card counted by a mean card's
weight, a winning card by the chance that a hand of that size holds one).

Fair play: like :mod:`cuttle.ai.fasteval`, the search calls it only on games built from the
seat's view, in which every card the seat cannot see was dealt at random.
"""

from __future__ import annotations

import math

from cuttle import Game
from cuttle.ai.evaluate import WIN
from cuttle.ai.fasteval import final_chance, final_value
from cuttle.rules import Rules

_JACK = 10  # rank index (card >> 2): 0 = ace ... 12 = king
_QUEEN = 11
_KING = 12

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "X")
#: The features of a side, in order (the weight lists hold one weight per name).
NAMES: tuple[str, ...] = (
    "need", "reach10", "reach6", "reach3",
    "queen", "queens2", "kings", "glasses",
    *(f"hand_{r}" for r in RANKS),
    "jack_best", "win_next", "win_second", "win_later", "next", "second",
)
N = len(NAMES)
_HAND = NAMES.index("hand_A")
_REST = NAMES.index("jack_best")
#: The scale of the search's sigmoid (pimc_table.TABLE_SCALE): a chance p is handed to the
#: search as ``SCALE * log(p / (1 - p))``.
SCALE = 25.0
_CLIP = 1e-6


#: The fitted weights: one list per rule set (preset and mode), one weight per feature in the order
#: of :data:`NAMES`. Written by ``python benchmarks/tune_table_eval.py`` (each rule set's command:
#: docs/ai.md, "fourth pass"), between these two marker lines. A rule set without its own
#: weights (cuttlecards+teams: its fit did not finish in the session) uses classic's.
# -- weights: begin --
WEIGHTS: dict[str, list[float]] = {
    "classic+cutthroat": [
        0.8009,  # need
        0.8252,  # reach10
        0.0912,  # reach6
        0.1958,  # reach3
        0.5718,  # queen
        0.0,  # queens2
        0.3332,  # kings
        -0.9303,  # glasses
        0.1417,  # hand_A
        0.1501,  # hand_2
        -0.1418,  # hand_3
        -0.1335,  # hand_4
        0.0172,  # hand_5
        0.2207,  # hand_6
        0.206,  # hand_7
        0.299,  # hand_8
        0.5188,  # hand_9
        0.413,  # hand_T
        0.5561,  # hand_J
        -0.1208,  # hand_Q
        0.0082,  # hand_K
        0.263,  # hand_X
        0.1021,  # jack_best
        4.7474,  # win_next
        1.6879,  # win_second
        1.0645,  # win_later
        0.4672,  # next
        0.2209,  # second
    ],
    "cuttlecards+cutthroat": [
        0.5628,  # need
        0.7397,  # reach10
        -0.0696,  # reach6
        0.3701,  # reach3
        0.5406,  # queen
        0.0,  # queens2
        0.6833,  # kings
        0.2891,  # glasses
        -0.0656,  # hand_A
        0.079,  # hand_2
        -0.2298,  # hand_3
        -0.1593,  # hand_4
        -0.0779,  # hand_5
        0.1615,  # hand_6
        0.2852,  # hand_7
        0.2447,  # hand_8
        0.3476,  # hand_9
        0.31,  # hand_T
        0.4343,  # hand_J
        -0.1491,  # hand_Q
        0.0467,  # hand_K
        0.1048,  # hand_X
        0.0559,  # jack_best
        4.7762,  # win_next
        1.6676,  # win_second
        1.0336,  # win_later
        0.4763,  # next
        0.2305,  # second
    ],
    "classic+teams": [
        -1.1845,  # need
        0.046,  # reach10
        0.0188,  # reach6
        -0.0551,  # reach3
        0.153,  # queen
        0.5901,  # queens2
        0.0193,  # kings
        0.1999,  # glasses
        0.2144,  # hand_A
        0.4952,  # hand_2
        0.2409,  # hand_3
        0.1798,  # hand_4
        0.2229,  # hand_5
        0.2222,  # hand_6
        0.1512,  # hand_7
        0.231,  # hand_8
        0.2994,  # hand_9
        0.3249,  # hand_T
        0.4769,  # hand_J
        0.0481,  # hand_Q
        0.1807,  # hand_K
        0.5775,  # hand_X
        0.2801,  # jack_best
        3.2653,  # win_next
        0.6149,  # win_second
        0.3999,  # win_later
        0.1361,  # next
        0.0,  # second
    ],
}
# -- weights: end --


def weights_key(rules: Rules) -> str:
    """The key of ``rules``'s weights in :data:`WEIGHTS`: the preset
    and the mode (``classic+cutthroat``, ``cuttlecards+teams``); the house rules on top use
    their preset's."""
    return f"{rules.preset}+{rules.mode}"


_CACHE: dict[int, tuple[Rules, list[float]]] = {}
_TEAMS: list[tuple[int, ...]] = [(0, 2), (1, 3)]


def weights_for(rules: Rules) -> list[float]:
    """The weights for ``rules`` (:func:`weights_key`; a preset without its own, classic's)."""
    # Looked up by the Rules object's id: hashing a Rules on every leaf would cost as much as
    # the leaf. The object is kept in the entry, so a recycled id cannot match.
    entry = _CACHE.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    w = WEIGHTS.get(weights_key(rules)) or WEIGHTS[f"classic+{rules.mode}"]
    _CACHE[id(rules)] = (rules, w)
    return w


def _seat(g: Game, p: int) -> tuple[int, int, int, int, int]:
    """(points still needed, kings, queens, glasses, score) of seat ``p``."""
    kings = queens = glasses = 0
    for c in g.perms[p]:
        r = c >> 2
        if r == _QUEEN:
            queens += 1
        elif r == _KING:
            kings += 1
        else:
            glasses += 1
    score = 0
    for c in g.points[p]:
        score += (c >> 2) + 1
    need = g.rules.goals[min(kings, 4)] - score
    return (need if need > 0 else 0), kings, queens, glasses, score


def _context(g: Game) -> tuple[list[tuple[int, int, int, int, int]], list[int], list[int]]:
    """Every seat's :func:`_seat`, the best point card an opposing jack could steal from each
    seat's opponents (0 behind a queen), and how soon each seat moves (0: next; a seat out 9)."""
    n = g.players
    seats = g.seats
    tabs = [_seat(g, p) for p in range(n)]
    best = [0] * n
    for p in range(n):
        if not tabs[p][2]:
            b = 0
            for c in g.points[p]:
                if (c >> 2) + 1 > b:
                    b = (c >> 2) + 1
            best[p] = b
    steal = [0] * n
    for p in range(n):
        b = 0
        for o in seats.opps[p]:
            if best[o] > b:
                b = best[o]
        steal[p] = b
    return tabs, steal, _soon(g, n)


def _soon(g: Game, n: int) -> list[int]:
    """How soon each seat moves: 0 the seat to move, then 1, 2... around the table; 9 a seat
    out (or nobody to move)."""
    seats = g.seats
    nxt = g.turn_player if g.phase == "main" else g.to_move
    soon = [9] * n
    if nxt is not None:
        soon[nxt] = 0
        i = 1
        for q in seats.around[nxt]:
            if q != nxt:
                soon[q] = i
                i += 1
    return soon


def _win_ranks(g: Game, tab: tuple[int, int, int, int, int], steal: int) -> tuple[int, bool,
                                                                                     bool]:
    """What wins on a seat's move: (lowest point rank number that wins, or 99; a king wins; a
    jack wins)."""
    need, kings, _q, _g, score = tab
    if need <= 0:
        return 99, False, False
    low = need if need <= 10 else 99
    king = g.rules.goals[min(kings + 1, 4)] <= score
    return low, king, steal >= need


def _members(g: Game) -> list[tuple[int, ...]]:
    """The sides still in: seats in cutthroat, the two teams' seats in teams."""
    seats = g.seats
    if seats.teams:
        return _TEAMS
    return [(p,) for p in range(g.players) if p not in seats.out]


def features(g: Game) -> list[list[float]]:
    """The feature vector (:data:`NAMES`) of every side still in of the unfinished ``g``, seeing
    every hand: in cutthroat one per seat still in (seat order), in teams team 0 then team 1."""
    tabs, steals, soon = _context(g)
    seats = g.seats
    goal0 = g.rules.goals[0]
    frozen = g.frozen
    out: list[list[float]] = []
    for members in _members(g):
        f = [0.0] * N
        need = tabs[members[0]][0] if len(members) == 1 else min(tabs[members[0]][0],
                                                                  tabs[members[1]][0])
        f[0] = need / goal0
        f[1] = float(need <= 10)
        f[2] = float(need <= 6)
        f[3] = float(need <= 3)
        win_soon = 9
        for p in members:
            _n, kings, queens, glasses, _s = tabs[p]
            f[4] += queens > 0
            f[5] += max(0, queens - 1)
            f[6] += kings
            f[7] += glasses
            steal = steals[p]
            low, king, jack = _win_ranks(g, tabs[p], steal)
            wins = False
            for c in g.hands[p]:
                if c >= 52:
                    f[_HAND + 13] += 1
                    continue
                r = c >> 2
                f[_HAND + r] += 1
                if r == _JACK:
                    f[_REST] += steal / 10
                if not wins and not (frozen and c in frozen):
                    if r < 10 and r + 1 >= low or r == _KING and king or r == _JACK and jack:
                        wins = True
            if wins:
                win_soon = min(win_soon, soon[p])
        if win_soon < 9:
            f[_REST + 1 + min(win_soon, 2)] = 1.0
        first = soon[members[0]] if len(members) == 1 else min(soon[members[0]],
                                                                soon[members[1]])
        f[_REST + 4] = float(first == 0)
        f[_REST + 5] = float(first == 1 and not seats.teams)
        out.append(f)
    return out


def _scores(g: Game, w: list[float], blind: int) -> list[float]:
    """``w . features`` of every side still in (the order of :func:`features`); with ``blind``
    a seat, every other seat's hand counted unseen (a mean card's weight each, a winning card
    by the chance a hand of that size holds one). The terms of :func:`features`, computed
    inline: the search calls this on every table it scores."""
    n = g.players
    seats = g.seats
    goals = g.rules.goals
    perms = g.perms
    points = g.points
    need_ = [0] * n
    kings_ = [0] * n
    score_ = [0] * n
    best_ = [0] * n
    queens_ = [0] * n
    glasses_ = [0] * n
    for p in range(n):
        k = q = gl = 0
        for c in perms[p]:
            r = c >> 2
            if r == _QUEEN:
                q += 1
            elif r == _KING:
                k += 1
            else:
                gl += 1
        sc = b = 0
        for c in points[p]:
            v = (c >> 2) + 1
            sc += v
            if v > b:
                b = v
        nd = goals[k if k < 4 else 4] - sc
        need_[p] = nd if nd > 0 else 0
        kings_[p] = k
        score_[p] = sc
        best_[p] = 0 if q else b
        queens_[p] = q
        glasses_[p] = gl
    opps = seats.opps
    soon = _soon(g, n)
    goal0 = goals[0]
    frozen = g.frozen
    hands = g.hands
    hand_w = w[_HAND:_HAND + 14]
    joker_w = hand_w[13]
    jack_w = w[_REST]
    win_w = w[_REST + 1:_REST + 4]
    w_next = w[_REST + 4]
    w_second = 0.0 if seats.teams else w[_REST + 5]
    mean_card = sum(hand_w[:13]) / 13
    out: list[float] = []
    for members in _members(g):
        # the terms added in the order of the reference (floating point: the same sums)
        need = need_[members[0]] if len(members) == 1 else min(need_[members[0]],
                                                                 need_[members[1]])
        s = w[0] * need / goal0
        if need <= 10:
            s += w[1]
            if need <= 6:
                s += w[2]
                if need <= 3:
                    s += w[3]
        first = 9
        win_soon = 9
        unseen_win = 0.0  # chance that an unseen hand of the side wins, by its holder's turn
        for p in members:
            sp = soon[p]
            if sp < first:
                first = sp
            q = queens_[p]
            if q:
                s += w[4] + w[5] * (q - 1)
            s += w[6] * kings_[p] + w[7] * glasses_[p]
            nd = need_[p]
            steal = 0
            for o in opps[p]:
                if best_[o] > steal:
                    steal = best_[o]
            if nd <= 0:
                low, king, jack = 99, False, False
            else:
                low = nd if nd <= 10 else 99
                k = kings_[p] + 1
                king = goals[k if k < 4 else 4] <= score_[p]
                jack = steal >= nd
            hand = hands[p]
            if blind >= 0 and p != blind:
                m = len(hand)
                s += m * (mean_card + jack_w * steal / 130)
                ranks = (max(0, 11 - low) if low <= 10 else 0) + king + jack
                if ranks:
                    x = (1.0 - (1.0 - ranks / 13) ** m) * win_w[sp if sp < 2 else 2]
                    if x > unseen_win:
                        unseen_win = x
                continue
            wins = False
            for c in hand:
                if c >= 52:
                    s += joker_w
                    continue
                r = c >> 2
                s += hand_w[r]
                if r == _JACK:
                    s += jack_w * steal / 10
                if not wins and not (frozen and c in frozen):
                    if r < 10 and r + 1 >= low or r == _KING and king or r == _JACK and jack:
                        wins = True
            if wins and sp < win_soon:
                win_soon = sp
        if win_soon < 9:
            s += win_w[win_soon if win_soon < 2 else 2]
        s += unseen_win
        if first == 0:
            s += w_next
        elif first == 1:
            s += w_second
        out.append(s)
    return out


def chances(g: Game, w: list[float] | None = None, blind: int = -1) -> list[float]:
    """Each seat's chance to win ``g`` by the fitted softmax (partners share their team's; a
    seat out 0; a finished game 1 for its winners, 0 for the others, a draw one half).
    ``blind``: as seat ``blind`` judges it without seeing the other hands."""
    n = g.players
    seats = g.seats
    if g.outcome is not None:
        return [final_chance(g, s) for s in range(n)]
    if w is None:
        w = weights_for(g.rules)
    sc = _scores(g, w, blind)
    top = max(sc)
    ex = [math.exp(x - top) for x in sc]
    total = sum(ex)
    if seats.teams:
        return [ex[s & 1] / total for s in range(n)]
    res = [0.0] * n
    for (p,), e in zip(_members(g), ex, strict=True):
        res[p] = e / total
    return res


def _value(p: float) -> float:
    """A chance as a search value: ``SCALE`` times its log-odds (clipped short of a win)."""
    p = _CLIP if p < _CLIP else 1.0 - _CLIP if p > 1.0 - _CLIP else p
    return SCALE * math.log(p / (1.0 - p))


def fit_values(g: Game) -> list[float]:
    """Each seat's value of ``g`` for the table search (the units of
    :func:`~cuttle.ai.fasteval.table_values`): ``WIN``/``-WIN``/0 for a finished game, a seat
    out ``-WIN``, else the log-odds of its side's fitted chance times ``SCALE``."""
    n = g.players
    seats = g.seats
    if g.outcome is not None:
        return [final_value(g, s) for s in range(n)]
    sc = _scores(g, weights_for(g.rules), -1)
    top = max(sc)
    ex = [math.exp(x - top) for x in sc]
    total = sum(ex)
    if seats.teams:
        v0 = _value(ex[0] / total)
        v1 = _value(ex[1] / total)
        return [v0, v1, v0, v1]
    res = [-WIN] * n
    for (p,), e in zip(_members(g), ex, strict=True):
        res[p] = _value(e / total)
    return res


def fit_value_blind(g: Game, seat: int) -> float:
    """``seat``'s value of ``g`` as :func:`fit_values` gives it, but with every other seat's
    hand (a partner's too) counted unseen."""
    if g.outcome is not None:
        return final_value(g, seat)
    return _value(chances(g, blind=seat)[seat])


__all__ = ["NAMES", "chances", "features", "fit_value_blind", "fit_values", "weights_for",
           "weights_key"]
