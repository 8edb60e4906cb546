"""The windows of answers: after a card goes on the stack, who may counter it, asked one opponent
at a time in turn order; in teams, the opponents who may answer a royal with a 9; and the stack
resolving once nobody will."""

from __future__ import annotations

from collections.abc import Callable

from cuttle.engine.moves import Move
from cuttle.engine.phases import COUNTER_PHASE, MAIN, RESPOND_ROYAL, ROYAL_KINDS
from cuttle.engine.state import R_QUEEN, Event, _all_in, _new_event
from cuttle.engine.table import Table


class Windows(Table):
    """The counter window, the royal's window (teams) and the stack's resolution."""

    __slots__ = ()

    #: the one-off's effect, once its counters resolved (:class:`~cuttle.engine.effects.Effects`)
    _effect: Callable[[int, Move], None]
    #: a royal taking effect: a permanent, a jack or a joker put on the table
    _royal_effect: Callable[[int, Move], None]

    def _can_answer(self, q: int) -> bool:
        """Could ``q`` answer, as far as anyone can see: a card in hand that is not frozen."""
        hand = self.hands[q]
        frozen = self.frozen
        return bool(hand) and not (frozen and _all_in(hand, frozen))

    def _shielded(self, top: int, counter: bool) -> bool:
        """Does a queen of ``top`` stop every answer to what ``top`` put on the stack? (A classic
        queen protects one-offs, counters and royals, not a scuttle.)"""
        for c in self.perms[top]:
            if c >> 2 == R_QUEEN:
                return not (counter and self.stack[-1][1].kind == "scuttle"
                            and not self.rules.queens_block_all_counters)
        return False

    def _next_asked(self, top: int, after: int, counter: bool = True) -> int | None:
        """The next opponent of ``top`` after seat ``after`` (in turn order, ``top`` first) who
        could answer what ``top`` played, or None when every one has been asked."""
        if self.players == 2:
            q = 1 - top
            if after != top or not self._can_answer(q) or self._shielded(top, counter):
                return None
            return q
        if self._shielded(top, counter):
            return None
        stack = self.stack
        if counter and len(stack) == 1 and stack[0][1].kind == "scuttle":
            # ten-counters-scuttle: "its controller may respond with a 10", no other opponent
            owner = self.controller(stack[0][1].cards[1])
            if after != top or owner is None or not self._can_answer(owner):
                return None
            return owner
        seats = self.seats
        n = seats.players
        gone = (after - top) % n
        bits = seats.opp_bits[top]
        for q in seats.around[top]:
            if (q - top) % n > gone and bits >> q & 1 and self._can_answer(q):
                return q
        return None

    def _window_open(self) -> bool:
        """May anyone answer the top of the stack, as far as anyone can see? (With two players:
        the one other seat, who needs a card in hand that is not frozen, and no queen may
        protect the top of the stack.)"""
        top, top_move = self.stack[-1]
        if self.players != 2:
            return self._next_asked(top, top) is not None
        hand = self.hands[1 - top]  # inlined: this runs after every one-off of every search
        frozen = self.frozen
        if not hand or (frozen and _all_in(hand, frozen)):
            return False
        for c in self.perms[top]:
            if c >> 2 == R_QUEEN:
                return top_move.kind == "scuttle" and not self.rules.queens_block_all_counters
        return True

    def _open_window(self) -> None:
        """After a one-off or counter: let the opponents answer, one at a time, if they publicly
        could."""
        if self.players == 2:
            if self._window_open():
                self.phase = COUNTER_PHASE
                self.to_move = 1 - self.stack[-1][0]
            else:
                self._resolve_stack()
            return
        top = self.stack[-1][0]
        q = self._next_asked(top, top)
        if q is None:
            self._resolve_stack()
        else:
            self.phase = COUNTER_PHASE
            self.to_move = q

    def _decline(self) -> None:
        """The seat asked lets the top of the stack be: ask the next, or resolve the stack."""
        q = self._next_asked(self.stack[-1][0], self.to_move)  # type: ignore[arg-type]
        if q is None:
            self._resolve_stack()
        else:
            self.to_move = q

    def _resolve_stack(self) -> None:
        stack = self.stack
        base_p, base = stack[0]
        scrap = self.scrap
        if self.rules.teams and base.kind in ROYAL_KINDS:
            self._resolve_nine()
            return
        for _, counter in stack[1:]:
            scrap.append(counter.cards[0])
        self.phase = MAIN
        self.to_move = self.turn_player
        if (len(stack) - 1) % 2:
            scrap.append(base.cards[0])
            self.stack = []
            self.events.append(_new_event(Event, (base_p, "countered", base, ())))
            self._end_turn(False)
            return
        self.events.append(_new_event(Event, (base_p, "resolved", base, ())))
        self.stack = [stack[0]]
        if base.kind == "scuttle":
            self.stack = []
            self._scuttle(base_p, base.cards[0], base.cards[1])
            self._end_turn()
        else:
            self._effect(base_p, base)

    # ------------------------------------------------------------------ a royal's window (teams)
    def _ask_royal(self, p: int, m: Move) -> bool:
        """Teams: open the window in which ``p``'s opponents may answer royal ``m`` with a 9.
        False (nothing opened) when no opponent could, or a queen keeps ``p`` safe."""
        q = self._next_asked(p, p, counter=False)
        if q is None:
            return False
        self.stack = [(p, m)]
        self.phase = RESPOND_ROYAL
        self.to_move = q
        return True

    def _pass_royal(self) -> None:
        """The seat asked lets the royal be: ask the next opponent, or the royal takes effect."""
        p, m = self.stack[0]
        q = self._next_asked(p, self.to_move, counter=False)  # type: ignore[arg-type]
        if q is not None:
            self.to_move = q
            return
        self.stack = []
        self.phase = MAIN
        self.to_move = self.turn_player
        self._royal_effect(p, m)

    def _resolve_nine(self) -> None:
        """The stack of a royal, the 9 that answered it and the 2s on that 9: a 9 that stands
        sends the royal back to its player's hand (not frozen) and ends their turn; a 9
        countered lets the royal take effect."""
        stack = self.stack
        royal_p, royal = stack[0]
        nine_p, nine = stack[1]
        scrap = self.scrap
        for _, counter in stack[2:]:
            scrap.append(counter.cards[0])
        scrap.append(nine.cards[0])
        self.stack = []
        self.phase = MAIN
        self.to_move = self.turn_player
        if (len(stack) - 2) % 2:
            self.events.append(_new_event(Event, (nine_p, "countered", nine, ())))
            self._royal_effect(royal_p, royal)
            return
        self.events.append(_new_event(Event, (nine_p, "resolved", nine, ())))
        self._to_hand(royal_p, royal.cards[0])
        self._end_turn(False)
