"""Static evaluation of a position from one seat's knowledge (see docs/ai.md, "The heuristic").

The score is in *point units*: roughly 1.4 per table point of progress towards a 21 goal, a few
units per useful card in hand, and +-100 for a win the next player to act is sure (or likely) to
take on their move. Only :class:`~cuttle.ai.knowledge.Knowledge` is read, so an evaluation can never
depend on a card the seat cannot see.
"""

from __future__ import annotations

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
    other = 1 - owner
    if r == 1:  # ace: a board wipe is worth the opponent's lead
        v = max(v, 0.45 * PER_POINT * (k.score(other) - k.score(owner)))
    elif r == 6:  # six: worth the opponent's permanents
        v += 1.5 * len(k.perms[other]) + sum(
            1.0 for pc in k.points[owner] if len(pc.jacks) % 2 == 1
        )
    elif r == JACK_RANK:
        best = max((pc.value for pc in k.points[other]), default=0)
        v += 0.25 * best * PER_POINT if not k.queens(other) else 0.0
    elif r <= 10:
        v = max(v, 0.6 * r)
    return v


def mean_pool_value(k: Knowledge, owner: int) -> float:
    """Average hand value of an unseen card for ``owner`` (hand values depend on rank only)."""
    if not k.pool:
        return 3.5
    counts = [0] * 14
    for c in k.pool:
        counts[rank(c)] += 1
    total = 0.0
    for r, n in enumerate(counts):
        if n:
            total += n * hand_value(4 * (r - 1) if r else 52, k, owner)
    return total / len(k.pool)


def winning_ranks(k: Knowledge, p: int) -> set[int]:
    """Ranks of the cards with which ``p`` wins in one move from this table (on their turn)."""
    need = k.need(p)
    if need <= 0:
        return set()
    other = 1 - p
    out: set[int] = set()
    for r in range(max(1, need), 11):
        out.add(r)
    score = k.score(p)
    if k.rules.goal(k.kings(p) + 1) <= score:
        out.add(KING_RANK)
    if not k.queens(other):
        best = max((pc.value for pc in k.points[other]), default=0)
        if best >= need:
            out.add(JACK_RANK)
        # Taking back a jacked card: a 2 or a 9 on the top jack flips control to p.
        for pc in k.points[other]:
            if pc.jacks and pc.value >= need:
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


def p_opponent_wins_now(k: Knowledge) -> float:
    """Probability that the opponent holds a card that wins on their next move."""
    opp = k.opp
    ranks = winning_ranks(k, opp)
    if not ranks:
        return 0.0
    if any(rank(c) in ranks for c in k.hands[opp]):
        return 1.0
    h = k.hidden[opp]
    if h <= 0:
        return 0.0
    good = sum(1 for c in k.pool if rank(c) in ranks)
    p = p_at_least_one(len(k.pool), good, h)
    if ranks <= {2, 9} and not k.queens(k.opp) and any(rank(c) == 2 for c in k.hands[k.me]):
        p *= 0.3  # only a one-off wins, and we hold a 2 to counter it
    return p


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


def evaluate(k: Knowledge, threats: bool = True) -> float:
    """Score of the table for seat ``k.me`` (higher is better)."""
    me, opp = k.me, k.opp
    if k.outcome is not None:
        if k.outcome == "draw":
            return 0.0
        return WIN if k.outcome == f"p{me}" else -WIN
    v = progress(k, me) - progress(k, opp)
    v += sum(hand_value(c, k, me) for c in k.hands[me])
    v -= sum(hand_value(c, k, opp) for c in k.hands[opp])
    v -= k.hidden[opp] * mean_pool_value(k, opp)
    v += permanents_value(k, me) - permanents_value(k, opp)
    if threats:
        nxt = k.turn_player if k.phase == "main" else k.to_move
        mine = can_win_now(k, me)
        theirs = p_opponent_wins_now(k)
        if nxt == me:
            v += THREAT * mine - PRESSURE * theirs
        else:
            v += PRESSURE * mine - THREAT * theirs
    return v
