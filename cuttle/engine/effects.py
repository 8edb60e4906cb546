"""Playing a move: what each kind of move does, and the effects of the one-offs."""

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
)
from cuttle.engine.state import R_EIGHT, R_JACK, R_KING, R_QUEEN, Event, _bits
from cuttle.engine.windows import Windows


class Effects(Windows):
    """Applying a legal move (``_apply``) and the one-offs' effects."""

    __slots__ = ()

    def _apply(self, p: int, m: Move) -> None:
        """Carry out legal move ``m`` of ``p`` (no check, nothing logged but its consequences)."""
        kind = m.kind
        phase = self.phase
        if phase == MAIN:
            if kind == "pass":
                self.passes += 1
                if self.passes >= 3:
                    self._finish("draw", "stalemate")
                else:
                    self._end_turn(False)
                return
            self.passes = 0  # three passes in a row end the game; any other move breaks the row
            if kind == "draw":
                self.hands[p].append(self.deck.pop())
                self._end_turn(False)
            else:
                self.hands[p].remove(m.cards[0])
                self._apply_play(p, m)
        elif phase == COUNTER_PHASE:
            if m is RESOLVE:
                self._resolve_stack()
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
            self.perms[p].append(c)
            self._end_turn()
        elif kind == "jack":
            self._add_jack(c, m.cards[1], p)
            self._end_turn()
        else:  # oneoff
            self.stack = [(p, m)]
            self._open_window()

    def _effect(self, p: int, m: Move) -> None:
        """The effect of one-off ``m`` of player ``p`` (its counters already resolved)."""
        c: int = m.cards[0]
        r = c >> 2
        opp = 1 - p
        rules = self.rules
        if c >= 52:  # joker: swap hands
            h = self.hands
            h[0], h[1] = h[1], h[0]
            self.known |= _bits(h[0]) | _bits(h[1])
            self.frozen = []
        elif r == 0:  # ace
            for q in (0, 1):
                for b in self.points[q]:
                    self.scrap.append(b)
                    self.scrap.extend(self.jacks.pop(b, ()))
                self.points[q] = []
        elif r == 1 or r == 7:  # 2 (or eight-oneoff 8) on a permanent or top jack
            t: int = m.cards[1]
            if t >> 2 == R_JACK:
                self._remove_top_jack(t)
            else:
                self.perms[0 if t in self.perms[0] else 1].remove(t)
            self.scrap.append(t)
        elif r == 2:  # 3
            self.phase = RESOLVE_THREE
            self.to_move = p
            return
        elif r == 3:  # 4
            hand = self.hands[opp]
            if hand:
                if rules.four_random:
                    rng = self._rule_rng()
                    picked = tuple(sorted(rng.sample(sorted(hand), min(2, len(hand)))))
                    self._discard(opp, picked)
                    self.events.append(Event(opp, "discarded", None, picked))
                else:
                    self.phase = RESOLVE_FOUR
                    self.to_move = opp
                    return
        elif r == 4:  # 5
            if rules.five_discards and self.hands[p]:
                self.phase = RESOLVE_FIVE
                self.to_move = p
                return
            self._draw(p, rules.five_draws)
        elif r == 5:  # 6
            for q in (0, 1):
                self.scrap.extend(self.perms[q])
                self.perms[q] = []
            for b, js in list(self.jacks.items()):
                self.scrap.extend(js)
                if len(js) % 2:
                    self._flip(b)
            self.jacks = {}
        elif r == 6:  # 7
            n = min(rules.seven_reveals, len(self.deck))
            self.revealed = [self.deck.pop() for _ in range(n)]
            self.phase = RESOLVE_SEVEN
            self.to_move = p
            return
        elif r == 8:  # 9
            t = m.cards[1]
            tr = t >> 2
            if tr == R_JACK:
                owner = self._remove_top_jack(t)
            elif tr in (R_EIGHT, R_QUEEN, R_KING) and (t in self.perms[0] or t in self.perms[1]):
                owner = 0 if t in self.perms[0] else 1
                self.perms[owner].remove(t)
            else:  # a point card (cuttlecards): back to its controller, its jacks scrapped
                owner = 0 if t in self.points[0] else 1
                self.points[owner].remove(t)
                self.scrap.extend(self.jacks.pop(t, ()))
            if rules.nine_to_deck:
                self.deck.append(t)
                self.known |= 1 << t
            else:
                self._to_hand(owner, t)
                if rules.nine_freezes:
                    if owner == self.turn_player:
                        self._freeze_later = t
                    else:
                        self.frozen.append(t)
        self._finish_oneoff()

    def _finish_oneoff(self, table_changed: bool = True) -> None:
        """The one-off on the stack has done its work: scrap it and end the turn."""
        self.scrap.append(self.stack[0][1].cards[0])
        self.stack = []
        self.phase = MAIN
        self._end_turn(table_changed)
