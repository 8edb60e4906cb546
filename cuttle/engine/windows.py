"""The windows of answers: after a card goes on the stack, who may counter it, and the stack
resolving once nobody will."""

from __future__ import annotations

from collections.abc import Callable

from cuttle.engine.moves import Move
from cuttle.engine.phases import COUNTER_PHASE, MAIN
from cuttle.engine.state import R_QUEEN, Event, _new_event
from cuttle.engine.table import Table


class Windows(Table):
    """The counter window and the stack's resolution."""

    __slots__ = ()

    #: the one-off's effect, once its counters resolved (:class:`~cuttle.engine.effects.Effects`)
    _effect: Callable[[int, Move], None]

    def _window_open(self) -> bool:
        """May the player facing the top of the stack answer it, as far as anyone can see? They
        need a card in hand that is not frozen, and no queen may protect the top of the stack
        (a classic queen protects one-offs and counters, not a scuttle)."""
        top, top_move = self.stack[-1]
        hand = self.hands[1 - top]
        frozen = self.frozen
        if not hand or (frozen and all(c in frozen for c in hand)):
            return False
        queens = 0
        for c in self.perms[top]:
            if c >> 2 == R_QUEEN:
                queens += 1
        if queens:
            return top_move.kind == "scuttle" and not self.rules.queens_block_all_counters
        return True

    def _open_window(self) -> None:
        """After a one-off or counter: let the other player answer, if they publicly could."""
        if self._window_open():
            self.phase = COUNTER_PHASE
            self.to_move = 1 - self.stack[-1][0]
        else:
            self._resolve_stack()

    def _resolve_stack(self) -> None:
        stack = self.stack
        base_p, base = stack[0]
        scrap = self.scrap
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
