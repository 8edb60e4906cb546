"""Static evaluation of a position from one seat's knowledge (see docs/ai.md, "The heuristic").

The score is in *point units*: roughly 1.4 per table point of progress towards a 21 goal, a few
units per useful card in hand, and +-100 for a win the next player to act is sure (or likely) to
take on their move. Only :class:`~cuttle.ai.knowledge.Knowledge` is read, so an evaluation can never
depend on a card the seat cannot see.

At three or four seats (docs/ai.md, "Three and four seats: easy and medium") the same terms are
summed over *sides*: the seat and, in teams, its partner count for it (a team's progress is the
partner closer to the goal, the other partner's a little), each opponent against it, weighted by
how close it is to its goal (the closest in full, the others by ``OTHER_OPPONENT``); the threats
are taken in turn order from the next seat to act, each seat's chance to win on its move counted
while nobody before it has won. With two players every sum has one term and the score is the
two-player one, to the last bit. In cutthroat, medium (the evaluation with threats) scores the
seat's share of the win instead (:func:`win_share`): each seat's standing by the same terms, the
threats in turn order, the rest shared by standing.
"""

from __future__ import annotations

import math

from cuttle.ai.knowledge import (
    JACK_RANK,
    KING_RANK,
    QUEEN_RANK,
    Knowledge,
    p_at_least_one,
    rank,
)

WIN = 1000.0
THREAT = 100.0
PRESSURE = 12.0
PER_POINT = 30.0 / 21.0

# Worth of a card kept in hand, by rank (index 0 = joker).
BASE_HAND_VALUE = (3.0, 2.5, 5.0, 2.5, 3.0, 3.5, 2.5, 3.0, 4.5, 5.0, 6.0, 3.5, 5.0, 6.0)


def hand_value(card: int, k: Knowledge, owner: int) -> float:
    """What ``card`` is worth in ``owner``'s hand, given the table."""
    r = rank(card)
    v = BASE_HAND_VALUE[r]
    if r == 1:  # ace: a board wipe is worth the opponents' lead
        lead = max(k.score(o) for o in k.opponents(owner)) if k.opponents(owner) else 0
        v = max(v, 0.45 * PER_POINT * (lead - k.score(owner)))
    elif r == 6:  # six: worth the opponents' permanents
        v += 1.5 * sum(len(k.perms[o]) for o in k.opponents(owner)) + sum(
            1.0 for pc in k.points[owner] if len(pc.jacks) % 2 == 1
        )
    elif r == JACK_RANK:
        best = max((pc.value for o in k.opponents(owner) if not k.queens(o)
                    for pc in k.points[o]), default=0)
        v += 0.25 * best * PER_POINT
    elif r <= 10:
        v = max(v, 0.6 * r)
    return v


#: A card's worth in hand by rank where it does not depend on the table (:func:`hand_value`
#: for the other ranks: the ace, the six and the jack), None where it does.
FIXED_HAND_VALUE: tuple[float | None, ...] = tuple(
    None if r in (1, 6, JACK_RANK) else max(v, 0.6 * r) if r <= 10 else v
    for r, v in enumerate(BASE_HAND_VALUE))


def mean_pool_value(k: Knowledge, owner: int) -> float:
    """Average hand value of an unseen card for ``owner`` (hand values depend on rank only)."""
    if not k.pool:
        return 3.5
    counts = [0] * 14
    for c in k.pool:
        counts[c // 4 + 1 if c < 52 else 0] += 1  # rank(c), inline: the hottest loop of medium
    total = 0.0
    for r, n in enumerate(counts):
        if n:
            v = FIXED_HAND_VALUE[r]
            total += n * (hand_value(4 * (r - 1) if r else 52, k, owner) if v is None else v)
    return total / len(k.pool)


def winning_ranks(k: Knowledge, p: int) -> set[int]:
    """Ranks of the cards with which ``p`` wins in one move from this table (on their turn)."""
    need = k.need(p)
    if need <= 0:
        return set()
    out: set[int] = set()
    for r in range(max(1, need), 11):
        out.add(r)
    score = k.score(p)
    if k.rules.goal(k.kings(p) + 1) <= score:
        out.add(KING_RANK)
    for other in k.opponents(p):
        if k.queens(other):
            continue
        best = max((pc.value for pc in k.points[other]), default=0)
        if best >= need:
            out.add(JACK_RANK)
        # Taking back a jacked card: a 2 or a 9 on the top jack gives control back to p.
        for pc in k.points[other]:
            if pc.jacks and pc.value >= need and pc.back == p:
                out.add(2)
                out.add(9)
                break
    return out


def can_win_now(k: Knowledge, p: int) -> bool:
    """Whether ``p`` (this seat) holds a card that wins on their next move."""
    ranks = winning_ranks(k, p)
    if not ranks:
        return False
    frozen = set(k.frozen)
    return any(rank(c) in ranks and c not in frozen for c in k.hands[p])


def p_wins_now(k: Knowledge, p: int) -> float:
    """Probability that seat ``p`` (another than ``k.me``) holds a card that wins on its move:
    its known cards, then its hidden ones drawn from the pool."""
    ranks = winning_ranks(k, p)
    if not ranks:
        return 0.0
    if any(rank(c) in ranks for c in k.hands[p]):
        return 1.0
    h = k.hidden[p]
    if h <= 0:
        return 0.0
    good = sum(1 for c in k.pool if rank(c) in ranks)
    prob = p_at_least_one(len(k.pool), good, h)
    if ranks <= {2, 9} and not k.queens(p) and any(rank(c) == 2 for c in k.hands[k.me]):
        prob *= 0.3  # only a one-off wins, and we hold a 2 to counter it
    return prob


def p_opponent_wins_now(k: Knowledge) -> float:
    """Probability that the opponent holds a card that wins on their next move (at three or four
    seats: that one of the opponents does)."""
    opps = k.opps
    if len(opps) == 1:
        return p_wins_now(k, opps[0])
    miss = 1.0
    for o in opps:
        miss *= 1.0 - p_wins_now(k, o)
    return 1.0 - miss


def permanents_value(k: Knowledge, p: int) -> float:
    v = 0.0
    queens = 0
    for c in k.perms[p]:
        r = rank(c)
        if r == QUEEN_RANK:
            queens += 1
            v += 4.0 if queens == 1 else 1.5
        elif r == KING_RANK:
            v += 1.5
        else:  # glasses
            v += 2.0
    return v


def progress(k: Knowledge, p: int) -> float:
    need = k.need(p)
    v = PER_POINT * (21 - need)
    if need <= 7:
        v += 0.6 * (7 - need)
    return v


#: At three or four seats: what an opponent further from its goal than the closest one weighs.
OTHER_OPPONENT = 0.5
#: In teams: what the partner further from the goal adds to the team's progress.
OTHER_PARTNER = 0.3


def opponent_weights(k: Knowledge) -> list[tuple[int, float]]:
    """The seat's opponents with their weights: the one closest to its goal first, in full."""
    opps = sorted(k.opps, key=k.need)
    return [(o, 1.0 if i == 0 else OTHER_OPPONENT) for i, o in enumerate(opps)]


def side_progress(k: Knowledge, seats: tuple[int, ...]) -> float:
    """A side's progress: its best player's, plus a little of its partner's."""
    values = sorted((progress(k, p) for p in seats), reverse=True)
    return values[0] + sum(OTHER_PARTNER * v for v in values[1:])


def threat_value(k: Knowledge) -> float:
    """The next-move threats, in turn order from the seat to act: the first seat's chance to
    win counts ``THREAT``, each later one's before this seat's next turn too (while nobody
    before it has won), and this seat's and those after it ``PRESSURE``."""
    me = k.me
    nxt = k.turn_player if k.phase == "main" else k.to_move
    if nxt is None:
        return 0.0
    order = (nxt,) + tuple(s for s in k.seats.around[nxt] if s != nxt)
    friends = k.friends(me)
    v = 0.0
    alive = 1.0
    urgent = True  # until this seat's own turn: the seats that move before it can answer
    for i, s in enumerate(order):
        if s == me:
            p = float(can_win_now(k, s))
            urgent = i == 0
        else:
            p = p_wins_now(k, s)
        weight = THREAT * alive if urgent else PRESSURE
        v += weight * p if s in friends else -(weight * p)
        if s == me:
            urgent = False
        elif urgent:
            alive *= 1.0 - p
    return v


#: Cutthroat: the temperature of the shares (in point units: 12 more in strength is about e
#: times the share), the weight of a later seat's win on its move, and the scale of a share.
SHARE_TEMPERATURE = 12.0
LATER_WIN = 0.6
SHARE_SCALE = 300.0
#: Cutthroat: how often an opponent holding a winning card is counted as playing it (a seat
#: between may stop it, a weaker player may not see it; see docs/ai.md for what it measured).
OPPONENT_TAKES = 0.5


def strength(k: Knowledge, p: int) -> float:
    """Seat ``p``'s standing in point units: progress, cards in hand (hidden ones at the pool's
    average), permanents."""
    v = progress(k, p) + sum(hand_value(c, k, p) for c in k.hands[p])
    if k.hidden[p]:
        v += k.hidden[p] * mean_pool_value(k, p)
    return v + permanents_value(k, p)


def win_share(k: Knowledge) -> float:
    """Cutthroat: the seat's chance to win, roughly. In turn order from the seat to act, each
    seat wins on its move with its chance of holding a winning card (an opponent's counted
    ``OPPONENT_TAKES``, a later seat's ``LATER_WIN``: the seats before it may stop it), while
    nobody before it has; what is left
    is shared by strength, ``exp(strength / SHARE_TEMPERATURE)``. So a move that weakens one
    opponent is worth what it takes from the leader's share, not from a sum, and a threat
    counts by how soon it comes."""
    me = k.me
    nxt = k.turn_player if k.phase == "main" else k.to_move
    live = [p for p in range(k.players) if p not in k.seats.out]
    now = dict.fromkeys(live, 0.0)
    alive = 1.0
    if nxt is not None:
        order = (nxt,) + tuple(s for s in k.seats.around[nxt] if s != nxt)
        for i, s in enumerate(order):
            q = float(can_win_now(k, s)) if s == me else OPPONENT_TAKES * p_wins_now(k, s)
            if i:
                q *= LATER_WIN
            now[s] = alive * q
            alive *= 1.0 - q
    standing = {p: strength(k, p) for p in live}
    top = max(standing.values())
    weights = {p: math.exp((standing[p] - top) / SHARE_TEMPERATURE) for p in live}
    total = sum(weights.values())
    return sum(now[p] + alive * weights[p] / total for p in k.friends(me) if p in now)


def evaluate(k: Knowledge, threats: bool = True) -> float:
    """Score of the table for seat ``k.me`` (higher is better)."""
    me = k.me
    if k.outcome is not None:
        if k.outcome == "draw":
            return 0.0
        return WIN if k.outcome == k.side_of(me) else -WIN
    if threats and k.players > 2 and not k.seats.teams:
        # Cutthroat: the share of the win, in point units (a sure win next turn 200, none -100).
        return SHARE_SCALE * win_share(k) - 100.0
    friends = k.friends(me)
    opps = opponent_weights(k)
    v = side_progress(k, friends) - sum(w * progress(k, o) for o, w in opps)
    for p in friends:
        v += sum(hand_value(c, k, p) for c in k.hands[p])
        if k.hidden[p]:  # a partner's hand; the seat's own only for a card it is yet to draw
            v += k.hidden[p] * mean_pool_value(k, p)
    for o, w in opps:
        v -= w * sum(hand_value(c, k, o) for c in k.hands[o])
        v -= w * (k.hidden[o] * mean_pool_value(k, o))
    v += sum(permanents_value(k, p) for p in friends) - sum(
        w * permanents_value(k, o) for o, w in opps)
    if threats:
        v += threat_value(k)
    return v
