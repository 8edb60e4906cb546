"""Playing a move: what each kind of move does, the effects of the one-offs and of the royals,
and a concession (in cutthroat, a seat going out while the game goes on)."""

from __future__ import annotations

from cuttle.engine.moves import RESOLVE, Move
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
from cuttle.engine.seats import seating
from cuttle.engine.state import R_EIGHT, R_JACK, Event, _bits, _without
from cuttle.engine.windows import Windows


class Effects(Windows):
    """Applying a legal move (``_apply``), the one-offs' and royals' effects, concessions."""

    __slots__ = ()

    def _apply(self, p: int, m: Move) -> None:
        """Carry out legal move ``m`` of ``p`` (no check, nothing logged but its consequences)."""
        kind = m.kind
        phase = self.phase
        if phase == MAIN:
            if kind == "pass":
                self.passes += 1
                # N + 1 passes in a row end the game (three with two players), N the seats in.
                if self.passes > len(self.seats.around[p]):
                    self._finish("draw", "stalemate")
                else:
                    self._end_turn(False)
                return
            self.passes = 0  # any other move breaks the row of passes
            if kind == "draw":
                self.hands[p].append(self.deck.pop())
                self._end_turn(False)
            else:
                self.hands[p].remove(m.cards[0])
                self._apply_play(p, m)
        elif phase == COUNTER_PHASE:
            if m is RESOLVE:
                if self.players == 2:  # the one opponent declined
                    self._resolve_stack()
                else:
                    self._decline()
            else:
                self.hands[p].remove(m.cards[0])
                self.stack.append((p, m))
                self._open_window()
        elif phase == RESOLVE_SEVEN:
            c: int = m.cards[0]
            rev = self.revealed
            rev.remove(c)
            for other in reversed(rev):  # what was not chosen goes back on top, public
                self.deck.append(other)
                self.known |= 1 << other
                self.events.append(Event(p, "returned", None, (other,)))
            rev.clear()
            self.scrap.append(self.stack.pop()[1].cards[0])
            self.phase = MAIN
            if kind == "scrap":
                self.scrap.append(c)
                self._end_turn(False)
            else:
                self._apply_play(p, m)
        elif phase == RESOLVE_THREE:
            self.scrap.remove(m.cards[0])
            self._to_hand(p, m.cards[0])
            self._finish_oneoff(False)
        elif phase == RESOLVE_FOUR:
            self._discard(p, m.cards)
            self._finish_oneoff(False)
        elif phase == RESOLVE_FIVE:
            self._discard(p, m.cards)
            self._draw(p, self.rules.five_draws)
            self._finish_oneoff(False)
        elif phase == HAND_LIMIT:
            self._discard(p, m.cards)
            self._end_turn(False)  # a discard is one or two cards: check the limit again
        elif phase == RESPOND_ROYAL:
            if m is RESOLVE:
                self._pass_royal()
            else:  # an out-of-turn 9: a one-off, with its own counter window
                self.hands[p].remove(m.cards[0])
                self.stack.append((p, m))
                self._open_window()

    def _apply_play(self, p: int, m: Move) -> None:
        """Carry out a card play whose card has already left the hand (or the 7's reveal)."""
        kind = m.kind
        c: int = m.cards[0]
        if kind == "points":
            self.points[p].append(c)
            self._end_turn()
        elif kind == "scuttle":
            if self.rules.ten_counters_scuttle:
                self.stack = [(p, m)]
                self._open_window()
            else:
                self._scuttle(p, c, m.cards[1])
                self._end_turn()
        elif kind == "perm":
            # Teams: a royal (not glasses) may be answered by a 9 before it takes effect.
            if self.rules.teams and c >> 2 != R_EIGHT and self._ask_royal(p, m):
                return
            self.perms[p].append(c)
            self._end_turn()
        elif kind == "jack" or kind == "joker":
            if self.rules.teams and self._ask_royal(p, m):
                return
            self._royal_effect(p, m)
        else:  # oneoff
            self.stack = [(p, m)]
            self._open_window()

    def _royal_effect(self, p: int, m: Move) -> None:
        """A permanent, a jack or a joker of ``p`` takes effect; the turn ends."""
        c: int = m.cards[0]
        kind = m.kind
        if kind == "perm":
            self.perms[p].append(c)
        else:
            base: int = m.cards[1]
            to = m.seat
            if self.players == 2:  # a jack on a point card: it was the other seat's, or p's own
                prev = 0 if base in self.points[0] else 1
                if to is None:  # to its player; a jack on one's own card: to the other
                    to = 1 - p if prev == p else p
            else:
                prev = self.holder(base)  # type: ignore[assignment]
                if to is None:
                    to = p
            self._add_cover(c, base, p, to, prev)
        self._end_turn()

    def _effect(self, p: int, m: Move) -> None:
        """The effect of one-off ``m`` of player ``p`` (its counters already resolved)."""
        c: int = m.cards[0]
        r = c >> 2
        rules = self.rules
        if c >= 52:  # joker (variant, two players): swap hands
            h = self.hands
            h[0], h[1] = h[1], h[0]
            self.known |= _bits(h[0]) | _bits(h[1])
            self.frozen = []
        elif r == 0:  # ace
            gone: list[int] = []
            jacks = self.jacks
            for q in range(self.players):
                for b in self.points[q]:
                    gone.append(b)
                    if jacks:
                        covers = jacks.get(b)
                        if covers:
                            gone.extend(covers)
                            self._unlink(b, covers)
                self.points[q] = []
            # sorted: cards that go at once enter the scrap in one order, however the table
            # was built (by moves, or read from a position)
            self.scrap.extend(sorted(gone))
        elif r == 1 or r == 7:  # 2 (or eight-oneoff 8) on a permanent or the top of a stack
            t: int = m.cards[1]
            if not self.seats.out or self._on_table(t):
                if t >> 2 == R_JACK or t >= 52:
                    self._remove_top(t)
                else:
                    for row in self.perms:
                        if t in row:
                            row.remove(t)
                            break
                self.scrap.append(t)
        elif r == 2:  # 3
            self.phase = RESOLVE_THREE
            self.to_move = p
            return
        elif r == 3:  # 4
            victim = 1 - p if m.seat is None else m.seat
            hand = self.hands[victim]
            if hand and victim not in self.seats.out:
                if rules.four_random:
                    rng = self._rule_rng()
                    picked = tuple(sorted(rng.sample(sorted(hand), min(2, len(hand)))))
                    self._discard(victim, picked)
                    self.events.append(Event(victim, "discarded", None, picked))
                else:
                    self.phase = RESOLVE_FOUR
                    self.to_move = victim
                    return
        elif r == 4:  # 5
            if rules.five_discards and self.hands[p]:
                self.phase = RESOLVE_FIVE
                self.to_move = p
                return
            self._draw(p, rules.five_draws)
        elif r == 5:  # 6
            self._six()
        elif r == 6:  # 7
            n = min(rules.seven_reveals, len(self.deck))
            deck = self.deck
            self.revealed = revealed = []
            for _ in range(n):
                revealed.append(deck.pop())
            self.phase = RESOLVE_SEVEN
            self.to_move = p
            return
        elif r == 8:  # 9
            self._nine(m.cards[1])
        self._finish_oneoff()

    def _six(self) -> None:
        """Every permanent, jack and joker to the scrap (royals under jokers too); each point
        card goes back to the seat that first played it (to the scrap if that seat is out)."""
        scrap: list[int] = []
        for q in range(self.players):
            scrap.extend(self.perms[q])
            self.perms[q] = []
        links = self.links
        out = self.seats.out
        for b, covers in list(self.jacks.items()):
            scrap.extend(covers)
            if b < 40:
                now = links[covers[-1]][1]
                first = links[b][0]
                if now != first:
                    self.points[now].remove(b)
                    if first in out:
                        scrap.append(b)
                    else:
                        self.points[first].append(b)
        self.jacks = {}
        self.links = {}
        self.scrap.extend(sorted(scrap))  # in one order however the table was built (see ace)

    def _nine(self, t: int) -> None:
        """The 9's target goes back to a hand: a jack or joker on top of a stack to the seat
        that played it (control going back), a permanent or (cuttlecards) a point card to its
        controller, the jacks and jokers on it scrapped."""
        if self.seats.out and not self._on_table(t):
            return  # its holder conceded meanwhile: the 9 finds nothing
        rules = self.rules
        if t >> 2 == R_JACK or t >= 52:
            owner = self._remove_top(t)
        else:
            owner = self.holder(t)  # type: ignore[assignment]
            self._row(t, owner).remove(t)
            self._unstack(t)
        if rules.nine_to_deck:
            self.deck.append(t)
            self.known |= 1 << t
        elif owner in self.seats.out:
            self.scrap.append(t)
        else:
            self._to_hand(owner, t)
            if rules.nine_freezes:
                if owner == self.turn_player:
                    self._freeze_later = t
                else:
                    self.frozen.append(t)

    def _on_table(self, t: int) -> bool:
        """Is ``t`` still where a targeted effect found it: the top of a stack, or a card on
        the table (a concession may have scrapped it while the stack waited)?"""
        if t >> 2 == R_JACK or t >= 52:
            return any(covers[-1] == t for covers in self.jacks.values())
        return self.holder(t) is not None

    def _finish_oneoff(self, table_changed: bool = True) -> None:
        """The one-off on the stack has done its work: scrap it and end the turn."""
        self.scrap.append(self.stack[0][1].cards[0])
        self.stack = []
        self.phase = MAIN
        self._end_turn(table_changed)

    # ------------------------------------------------------------------ concessions
    def _drop_pending(self) -> None:
        """What the turn left waiting is dropped: the cards on the stack go to the scrap, the
        cards a 7 revealed back on top of the deck (face up: they were seen)."""
        for _, m in self.stack:
            self.scrap.append(m.cards[0])
        self.stack = []
        for c in reversed(self.revealed):
            self.deck.append(c)
            self.known |= 1 << c
        self.revealed = []

    def _end_by_concession(self, outcome: str) -> None:
        """The game ends on a concession, whatever was waiting (a one-off's choice, a window):
        what waited is dropped, so the finished game is a table a position can hold."""
        self._drop_pending()
        self._finish(outcome, "concession")

    def _drop_out(self, q: int) -> None:
        """Cutthroat: seat ``q`` concedes and is out. Their hand and everything they control go
        to the scrap; the game goes on with the others (the last one left wins). Mid-turn
        (RULES.md section 4): on their own turn the rest of it is dropped; while they were asked,
        the asking moves on; an effect aimed at them or their cards will do nothing."""
        seats = self.seats
        after = seats.nxt[q]
        self.seats = seating(seats.players, seats.teams, tuple(sorted((*seats.out, q))))
        scrap = self.scrap
        hand = self.hands[q]
        scrap.extend(hand)
        self.frozen = _without(self.frozen, hand)
        if self._freeze_later in hand:
            self._freeze_later = -1
        self.hands[q] = []
        for row in (self.points[q], self.perms[q]):
            for b in row:
                self._scrap_stack(b)
            row.clear()
        self.passes = 0
        self._legal = None
        inside = self.seats.around[after]
        if len(inside) == 1:
            self._end_by_concession(self.seats.side(inside[0]))
            if self.turn_player == q:
                self.turn_player = inside[0]
            return
        if self.turn_player == q:  # the rest of their turn is dropped
            self._drop_pending()
            self.phase = MAIN
            self.turn_player = self.to_move = self.seats.nxt[q]
        elif self.to_move == q:
            if self.phase == COUNTER_PHASE:
                nxt = self._next_asked(self.stack[-1][0], q)
                if nxt is None:
                    self._resolve_stack()
                else:
                    self.to_move = nxt
            elif self.phase == RESPOND_ROYAL:
                self._pass_royal()
            elif self.phase == RESOLVE_FOUR:  # the 4 aimed at them does nothing
                self._finish_oneoff(False)
