"""The legal-move generator: every move of the player to act, per phase, in a stable order.

Two seats or more, one generator: the opponents are ``seats.opps[p]`` (with two players the one
other seat), and the three- and four-seat moves (jacks and jokers naming whom they give a card
to, the 4 naming its victim, royal jokers, the out-of-turn nine) join where the rules add them.
"""

from __future__ import annotations

from collections.abc import Iterable

from cuttle.engine.moves import (
    COUNTER,
    DISCARD1,
    DISCARD2,
    DRAW,
    FOUR_AT,
    JACK,
    JACK_TO,
    JOKER,
    JOKER_TO,
    ONEOFF,
    ONEOFF_T,
    PASS,
    PERM,
    POINTS,
    RESOLVE,
    SCRAP,
    SCUTTLE,
    TAKE,
    Move,
)
from cuttle.engine.phases import (
    COUNTER_PHASE,
    HAND_LIMIT,
    MAIN,
    RESOLVE_FIVE,
    RESOLVE_FOUR,
    RESOLVE_SEVEN,
    RESOLVE_THREE,
    RESPOND_ROYAL,
)
from cuttle.engine.state import R_EIGHT, R_JACK, R_QUEEN, R_THREE, State, _without

_R_NINE = 8


class MoveGen(State):
    """Legal-move generation (``_generate``) and the target rules it shares with the others."""

    __slots__ = ()

    def _generate(self) -> list[Move]:
        phase = self.phase
        p: int = self.to_move  # type: ignore[assignment]  # None only when over
        if phase == MAIN:
            hand = self.hands[p]
            if len(hand) > 1:
                hand = sorted(hand)
            frozen = self.frozen
            if frozen:
                hand = _without(hand, frozen)
            deck = self.deck
            moves = [DRAW if deck else PASS]
            if hand:
                self._plays(p, hand, len(deck), False, moves)
            return moves
        if phase == COUNTER_PHASE:
            frozen = self.frozen
            # Against a scuttle (ten-counters-scuttle) only a 10 answers; otherwise only 2s.
            rank = 9 if len(self.stack) == 1 and self.stack[0][1].kind == "scuttle" else 1
            moves = []
            for c in sorted(self.hands[p]):
                if c >> 2 == rank and c < 52 and c not in frozen:
                    moves.append(COUNTER[c])
            moves.append(RESOLVE)
            return moves
        if phase == RESOLVE_SEVEN:
            moves = []
            n = len(self.deck) + len(self.revealed) - 1
            for c in self.revealed:
                self._plays(p, (c,), n, True, moves)
            if not moves:
                moves = [SCRAP[c] for c in self.revealed]
            return moves
        if phase == RESOLVE_THREE:
            ok3 = self.rules.three_takes_three
            moves = []
            for c in sorted(set(self.scrap)):
                if ok3 or c >> 2 != R_THREE or c >= 52:
                    moves.append(TAKE[c])
            return moves
        if phase in (RESOLVE_FOUR, HAND_LIMIT, RESOLVE_FIVE):
            hand = sorted(self.hands[p])
            if phase == RESOLVE_FIVE:
                n = 1
            elif phase == RESOLVE_FOUR:
                n = min(2, len(hand))
            else:
                n = len(hand) - (self.rules.hand_limit or 0)
            if n == 1:
                return [DISCARD1[c] for c in hand]
            moves = []
            for i, a in enumerate(hand):
                for b in hand[i + 1:]:
                    moves.append(DISCARD2[(a, b)])
            return moves
        if phase == RESPOND_ROYAL:
            frozen = self.frozen
            royal = self.stack[0][1].cards[0]
            moves = []
            for c in sorted(self.hands[p]):
                if c >> 2 == _R_NINE and c < 52 and c not in frozen:
                    moves.append(ONEOFF_T[(c, royal)])
            moves.append(RESOLVE)
            return moves
        return []

    def _targetable(self, p: int, owner: int, card: int) -> bool:
        """Can ``p`` aim a single-target effect (2, 9, jack, 8) at ``owner``'s ``card``?"""
        if owner == p:
            return True
        q = self.queens(owner)
        if q == 0:
            return True
        if card >> 2 == R_QUEEN and card < 52:
            return q == 1 or not self.rules.queens_protect_queens
        return False

    def _perm_targets(self, p: int, points_too: bool) -> list[int]:
        """Kings, queens, glasses and the tops of stacks (and point cards if ``points_too``, and
        then the royals at the bottom of stacks too) that ``p`` may target with a 2 or 9."""
        out: list[int] = []
        jacks = self.jacks
        perms_of = self.perms
        if not points_too and not jacks and not perms_of[0] and not perms_of[1] and (
                self.players == 2 or not any(perms_of)):
            return out  # a table without permanents and jacks, the usual case
        seats = self.seats
        stacked_royals = bool(jacks) and self.rules.royal_jokers
        for q in (seats.around[p] if self.rules.target_own else seats.opps[p]):
            perms = perms_of[q]
            if not perms and not points_too and not jacks:
                continue
            nq = 0  # the owner's queens (one's own never protect against oneself)
            if q != p:
                for c in perms:
                    if c >> 2 == R_QUEEN:
                        nq += 1
            if nq == 0:  # nothing protected: every permanent, top jack (and point card)
                if stacked_royals:
                    self._royal_tops(sorted(perms), points_too, out)
                else:
                    out.extend(sorted(perms))
                for b in sorted(self.points[q]):
                    js = jacks.get(b)
                    if js:
                        out.append(js[-1])
                    if points_too:
                        out.append(b)
            # Queens protect everything else of their owner (see _targetable); one queen is
            # open to attack, and two are too unless queens protect queens.
            elif nq == 1 or not self.rules.queens_protect_queens:
                queens = [c for c in sorted(perms) if c >> 2 == R_QUEEN]
                if stacked_royals:
                    self._royal_tops(queens, points_too, out)
                else:
                    out.extend(queens)
        return out

    def _royal_tops(self, royals: list[int], points_too: bool, out: list[int]) -> None:
        """Append what a 2 or 9 may aim at of each of ``royals``: the top joker of its stack (and,
        with ``points_too``, the royal at the bottom), or the royal alone."""
        jacks = self.jacks
        for c in royals:
            covers = jacks.get(c)
            if covers:
                out.append(covers[-1])
                if points_too:
                    out.append(c)
            else:
                out.append(c)

    def _plays(self, p: int, cards: Iterable[int], deck_len: int, seven: bool,
               moves: list[Move]) -> None:
        """Append every way ``p`` may play each of ``cards`` (from hand, or revealed by a 7)."""
        # Per card: its point play, its scuttles, then what its rank allows. The ranks are tested
        # roughly by how often they decide something; the target lists of 2s and 9s are built
        # once, when the first such card needs them.
        opp = self.seats.opp1[p]  # the opponent; -1 at three or four seats
        if opp >= 0:
            opp_points = self.points[opp]  # only read: sorted when the order can differ
            if len(opp_points) > 1:
                opp_points = sorted(opp_points)
        else:
            opp_points = []
            for q in self.seats.opps[p]:
                opp_points += self.points[q]
            opp_points.sort()
        lowest = opp_points[0] if opp_points else 64  # only a card above it may scuttle
        opp_queens = -1  # counted when a jack needs it
        twos: list[int] | None = None
        nines: list[int] | None = None
        for c in cards:
            r = c >> 2
            if r > 9:  # jack, queen, king or joker
                if r == R_JACK:
                    if opp < 0:
                        self._jacks_of_many(p, c, seven, moves)
                        continue
                    row = JACK[c - 40]
                    if opp_queens < 0:
                        opp_queens = 0
                        for x in self.perms[opp]:
                            if x >> 2 == R_QUEEN:
                                opp_queens += 1
                    # Only on the opponent's point cards. A jack a 7 revealed must be played: with
                    # no opponent's card to take it, it goes on one of the player's own (classic).
                    if opp_queens == 0 and opp_points:
                        for t in opp_points:
                            moves.append(row[t])
                    elif seven and self.rules.target_own:
                        for t in sorted(self.points[p]):
                            moves.append(row[t])
                elif c < 52:
                    moves.append(PERM[c])
                elif self.rules.royal_jokers:
                    self._jokers(p, c, moves)
                elif len(self.hands[p]) > (0 if seven else 1) or self.hands[opp]:
                    moves.append(ONEOFF[c])  # a joker, offered when the swap changes something
                continue
            moves.append(POINTS[c])
            if lowest < c:
                row = SCUTTLE[c]
                for t in opp_points:
                    if t >= c:
                        break
                    moves.append(row[t])
            if r == 9:
                continue
            if r == 0 or r == 5:
                moves.append(ONEOFF[c])
            elif r == 4 or r == 6:
                if deck_len:
                    moves.append(ONEOFF[c])
            elif r == 3:
                if opp < 0:  # the 4 names the opponent (who holds a card) it aims at
                    row = FOUR_AT[c - 12]
                    for q in sorted(self.seats.opps[p]):
                        if self.hands[q]:
                            moves.append(row[q])
                elif self.hands[opp]:
                    moves.append(ONEOFF[c])
            elif r == 1:
                if twos is None:
                    twos = self._perm_targets(p, False)
                for t in twos:
                    moves.append(ONEOFF_T[(c, t)])
            elif r == 8:
                if nines is None:
                    nines = self._perm_targets(p, self.rules.nine_hits_points)
                for t in nines:
                    moves.append(ONEOFF_T[(c, t)])
            elif r == 7:
                moves.append(PERM[c])
                rules = self.rules
                if rules.eight_oneoff:
                    seats = self.seats
                    for q in (seats.around[p] if rules.target_own else seats.opps[p]):
                        for t in sorted(self.perms[q]):
                            if t >> 2 == R_EIGHT and self._targetable(p, q, t):
                                moves.append(ONEOFF_T[(c, t)])
            # A 3. From a 7 the seven joins the scrap before the 3 resolves; whether that
            # counts when deciding if the 3 may be played at all is a rule of its own.
            elif (seven and self.rules.seven_three_sees_seven) or (
                    self.rules.three_takes_three and self.scrap) or any(
                    x >> 2 != R_THREE for x in self.scrap):
                moves.append(ONEOFF[c])

    def _jacks_of_many(self, p: int, j: int, seven: bool, moves: list[Move]) -> None:
        """The moves of jack ``j`` of ``p`` at a table of three or four. Cutthroat: onto an
        opponent's point card (one without a queen), for ``p``; a seven's jack with none, under
        classic, onto one of ``p``'s own, given to an opponent it names. Teams: onto any point
        card ``p`` may target, given to any seat but the one that controls it."""
        points = self.points
        if self.rules.teams:
            found = []
            for q in range(self.players):
                if q == p or not self.queens(q):
                    found += [(t, q) for t in points[q]]
            row_to = JACK_TO[j - 40]
            for t, q in sorted(found):
                for to in range(self.players):
                    if to != q:
                        moves.append(row_to[t][to])
            return
        opps = self.seats.opps[p]
        targets = sorted([t for q in opps if not self.queens(q) for t in points[q]])
        if targets:
            row = JACK[j - 40]
            for t in targets:
                moves.append(row[t])
        elif seven and self.rules.target_own:
            row_to = JACK_TO[j - 40]
            for t in sorted(points[p]):
                for to in sorted(opps):
                    moves.append(row_to[t][to])

    def _jokers(self, p: int, x: int, moves: list[Move]) -> None:
        """The moves of royal joker ``x`` of ``p`` (three or four seats): onto a king, a queen,
        or a stack topped by a jack or joker, named by its bottom card, that ``p`` may target
        (a stack counts as its bottom card before a queen). Cutthroat: an opponent's, for ``p``;
        teams: anyone's, given to any seat but its controller."""
        teams = self.rules.teams
        qpq = self.rules.queens_protect_queens
        jacks = self.jacks
        found = []
        for q in (range(self.players) if teams else self.seats.opps[p]):
            nq = self.queens(q) if q != p else 0
            for b in self.perms[q]:
                if b >> 2 == R_EIGHT:
                    continue  # glasses are not royals
                if nq and not (b >> 2 == R_QUEEN and (nq == 1 or not qpq)):
                    continue
                found.append((b, q))
            if not nq:
                found += [(b, q) for b in self.points[q] if b in jacks]
        if teams:
            row_to = JOKER_TO[x - 52]
            for b, q in sorted(found):
                for to in range(self.players):
                    if to != q:
                        moves.append(row_to[b][to])
        else:
            row = JOKER[x - 52]
            for b, _q in sorted(found):
                moves.append(row[b])
