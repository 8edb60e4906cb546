"""A learned evaluation of a *determinized* game: a logistic model of the chance to win.

:func:`features` describes a table from one seat's side as a short vector of numbers (progress to
the goal, permanents, the cards in each hand by rank, what those cards could do on this table,
who holds a winning card now, what each table is exposed to, and how close each hand brings its
player to the goal: two cards that reach it, the points held, a goal three points away).
:func:`evaluate_learned` returns ``w . features``: the log-odds that the seat wins, with weights
fitted per preset (and per preset with jokers) by logistic regression on the outcomes of
self-play games (``python benchmarks/tune_eval.py``, see docs/ai.md). The
``hard`` search scores its leaves with it.

Fair play: like :mod:`cuttle.ai.fasteval`, the search calls it only on games built from the seat's
view, in which every card the seat cannot see was dealt at random.
"""

from __future__ import annotations

from cuttle import Game
from cuttle.ai.fasteval import _table, _threats
from cuttle.ai.learned_weights import WEIGHTS
from cuttle.rules import Rules

_JACK = 10
_SIX = 5
_ACE = 0

#: The names of the features, in order (the weight files list one weight per name).
NAMES: tuple[str, ...] = (
    "me_next",
    "need_me", "need_op", "near_me", "near_op",
    "queen_me", "queen_op", "queens2_me", "queens2_op",
    "kings_me", "kings_op", "glasses_me", "glasses_op",
    *(f"hand_me_{r}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
                               "X")),
    *(f"hand_op_{r}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
                               "X")),
    "ace_lead_me", "ace_lead_op", "six_perms_me", "six_perms_op",
    "jack_best_me", "jack_best_op",
    "win_me_next", "win_me_later", "win_op_next", "win_op_later",
    "deck",
    "exposed_me", "exposed_op", "perms_exposed_me", "perms_exposed_op",
    "win2_me", "win2_op", "jack_qhand_me", "jack_qhand_op", "pts_hand_me", "pts_hand_op",
    "need_small_me", "need_small_op",
)
N = len(NAMES)
_HAND_ME = NAMES.index("hand_me_A")
_HAND_OP = NAMES.index("hand_op_A")
_REST = NAMES.index("ace_lead_me")
_EXPOSED = NAMES.index("exposed_me")
_TEMPO = NAMES.index("win2_me")
_QUEEN = 11


def _exposure(g: Game, me: int) -> tuple[float, float, int, int]:
    """What each side's table is exposed to from the other's hand: the points (rank numbers,
    over 7) of the point cards the other could scuttle with its highest point card, and how
    many permanents its 2s and 9s could remove (queens' protection aside). Returned as
    (points of ``me`` exposed, of the opponent, permanents of ``me``, of the opponent)."""
    out: list[float] = []
    perms_out: list[int] = []
    for p in (me, 1 - me):
        high = -1
        removers = 0
        for c in g.hands[1 - p]:
            if c < 40:
                if c > high:
                    high = c
                if c >> 2 == 1 or c >> 2 == 8:
                    removers += 1
        pts = 0
        if high > 0:
            for t in g.points[p]:
                if t < high:
                    pts += (t >> 2) + 1
        out.append(pts / 7.0)
        n = len(g.perms[p])
        perms_out.append(removers if removers < n else n)
    return out[0], out[1], perms_out[0], perms_out[1]


def _tempo(g: Game, p: int, need: int) -> tuple[float, float, float]:
    """How close ``p``'s hand brings it to its goal: (1 when its two best point cards reach the
    goal but no single one does, the points in hand up to what it needs over 7, 1 when it needs
    3 points or fewer). Frozen cards do not count."""
    if need <= 0:
        return 0.0, 0.0, 0.0
    frozen = g.frozen
    first = second = total = 0
    for c in g.hands[p]:
        if c < 40 and not (frozen and c in frozen):
            n = (c >> 2) + 1
            total += n
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
    two = 1.0 if second and first < need <= first + second else 0.0
    return two, (total if total < need else need) / 7.0, 1.0 if need <= 3 else 0.0


def _jack_behind_queen(g: Game, p: int, queens_other: int, best_other: int) -> float:
    """``p``'s jacks in hand times the other side's best point card (over 7), when the other
    side has no queen on the table but holds one in hand (it can still protect its points)."""
    if queens_other or not best_other:
        return 0.0
    other = g.hands[1 - p]
    if not any(c < 52 and c >> 2 == _QUEEN for c in other):
        return 0.0
    jacks = sum(1 for c in g.hands[p] if c < 52 and c >> 2 == _JACK)
    return jacks * best_other / 7.0


def features(g: Game, me: int) -> list[float]:
    """The feature vector of ``g`` (not over) from seat ``me``'s side."""
    opp = 1 - me
    t_me = _table(g, me)
    t_op = _table(g, opp)
    s_me, k_me, q_me, gl_me, _, need_me, best_me = t_me
    s_op, k_op, q_op, gl_op, _, need_op, best_op = t_op
    nxt = g.turn_player if g.phase == "main" else g.to_move
    f = [0.0] * N
    f[0] = 1.0 if nxt == me else -1.0
    f[1] = need_me / 7.0
    f[2] = need_op / 7.0
    f[3] = max(0, 7 - need_me) / 7.0
    f[4] = max(0, 7 - need_op) / 7.0
    f[5] = 1.0 if q_me else 0.0
    f[6] = 1.0 if q_op else 0.0
    f[7] = max(0, q_me - 1)
    f[8] = max(0, q_op - 1)
    f[9] = k_me
    f[10] = k_op
    f[11] = gl_me
    f[12] = gl_op
    counts = [[0] * 14, [0] * 14]
    for side, p in ((0, me), (1, opp)):
        row = counts[side]
        for c in g.hands[p]:
            row[13 if c >= 52 else c >> 2] += 1
    for r in range(14):
        f[_HAND_ME + r] = counts[0][r]
        f[_HAND_OP + r] = counts[1][r]
    i = _REST
    f[i] = counts[0][_ACE] * max(0, s_op - s_me) / 7.0
    f[i + 1] = counts[1][_ACE] * max(0, s_me - s_op) / 7.0
    f[i + 2] = counts[0][_SIX] * len(g.perms[opp])
    f[i + 3] = counts[1][_SIX] * len(g.perms[me])
    f[i + 4] = counts[0][_JACK] * best_op / 7.0 if not q_op else 0.0
    f[i + 5] = counts[1][_JACK] * best_me / 7.0 if not q_me else 0.0
    mine, theirs = _threats(g, me, t_me, t_op, g.frozen)
    if nxt == me:
        f[i + 6] = 1.0 if mine else 0.0
        f[i + 8] = theirs
    else:
        f[i + 7] = 1.0 if mine else 0.0
        f[i + 9] = theirs
    f[i + 10] = len(g.deck) / 13.0
    f[_EXPOSED:_EXPOSED + 4] = _exposure(g, me)
    two_me, pts_me, small_me = _tempo(g, me, need_me)
    two_op, pts_op, small_op = _tempo(g, opp, need_op)
    j = _TEMPO
    f[j:j + 8] = [two_me, two_op, _jack_behind_queen(g, me, q_op, best_op),
                  _jack_behind_queen(g, opp, q_me, best_me), pts_me, pts_op, small_me, small_op]
    return f


def evaluate_learned(g: Game, me: int) -> float:
    """Log-odds that seat ``me`` wins ``g``: ``w . features(g, me)`` with the preset's weights
    (computed without building the vector); +-30 for a game that is over, 0 for a draw."""
    out = g.outcome
    if out is not None:
        if out == "draw":
            return 0.0
        return 30.0 if out == ("p0" if me == 0 else "p1") else -30.0
    w = weights_for(g.rules)
    opp = 1 - me
    t_me = _table(g, me)
    t_op = _table(g, opp)
    s_me, k_me, q_me, gl_me, _, need_me, best_me = t_me
    s_op, k_op, q_op, gl_op, _, need_op, best_op = t_op
    nxt = g.turn_player if g.phase == "main" else g.to_move
    v = w[0] if nxt == me else -w[0]
    v += (w[1] * need_me + w[2] * need_op + w[3] * max(0, 7 - need_me)
          + w[4] * max(0, 7 - need_op)) / 7.0
    if q_me:
        v += w[5] + w[7] * (q_me - 1)
    if q_op:
        v += w[6] + w[8] * (q_op - 1)
    v += w[9] * k_me + w[10] * k_op + w[11] * gl_me + w[12] * gl_op
    i = _REST
    for p, base, sign in ((me, _HAND_ME, 0), (opp, _HAND_OP, 1)):
        for c in g.hands[p]:
            if c >= 52:
                v += w[base + 13]
                continue
            r = c >> 2
            v += w[base + r]
            if r == _ACE:
                lead = s_op - s_me if sign == 0 else s_me - s_op
                if lead > 0:
                    v += w[i + sign] * lead / 7.0
            elif r == _SIX:
                v += w[i + 2 + sign] * len(g.perms[opp if sign == 0 else me])
            elif r == _JACK:
                if sign == 0 and not q_op:
                    v += w[i + 4] * best_op / 7.0
                elif sign == 1 and not q_me:
                    v += w[i + 5] * best_me / 7.0
    mine, theirs = _threats(g, me, t_me, t_op, g.frozen)
    if mine:
        v += w[i + 6] if nxt == me else w[i + 7]
    if theirs:
        v += theirs * (w[i + 8] if nxt == me else w[i + 9])
    v += w[i + 10] * len(g.deck) / 13.0
    e_me, e_op, pe_me, pe_op = _exposure(g, me)
    j = _EXPOSED
    v += w[j] * e_me + w[j + 1] * e_op + w[j + 2] * pe_me + w[j + 3] * pe_op
    j = _TEMPO
    if not any(w[j:j + 8]):
        return v  # rule sets fitted without the tempo features
    two, pts, small = _tempo(g, me, need_me)
    v += w[j] * two + w[j + 4] * pts + w[j + 6] * small
    two, pts, small = _tempo(g, opp, need_op)
    v += w[j + 1] * two + w[j + 5] * pts + w[j + 7] * small
    v += w[j + 2] * _jack_behind_queen(g, me, q_op, best_op)
    return v + w[j + 3] * _jack_behind_queen(g, opp, q_me, best_me)


def weights_key(rules: Rules) -> str:
    """The name of the weights for ``rules``: the preset, plus ``+joker`` when jokers are in
    the deck (the other variants change moves, not what a table is worth, and use their
    preset's weights)."""
    return rules.preset + ("+joker" if "joker" in rules.variants else "")


def weights_for(rules: Rules) -> list[float]:
    """The weights for ``rules`` (see :func:`weights_key`), falling back to the preset's."""
    # Looked up once per Rules object: hashing a Rules on every evaluation would cost as much
    # as the evaluation itself. The object is kept in the entry, so a recycled id cannot match.
    entry = _CACHE.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    w = _WEIGHTS.get(weights_key(rules)) or _WEIGHTS.get(rules.preset) or _WEIGHTS["classic"]
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(rules)] = (rules, w)
    return w


_CACHE: dict[int, tuple[Rules, list[float]]] = {}


def _check_weights() -> dict[str, list[float]]:
    for preset, row in WEIGHTS.items():
        if len(row) != N:
            raise RuntimeError(f"learned_weights: {preset} has {len(row)} weights, not {N}")
    return WEIGHTS


_WEIGHTS = _check_weights()
