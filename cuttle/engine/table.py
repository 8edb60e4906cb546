"""Card movements and the end of a turn: the few ways cards change place, and the check for a
winner, the hand limit and the turn's passing that follows every completed move."""

from __future__ import annotations

from cuttle.engine.phases import HAND_LIMIT, MAIN
from cuttle.engine.state import OUTCOME, R_KING, State


class Table(State):
    """Moving cards between hands, piles and the table; ending a turn."""

    __slots__ = ()

    def _end_turn(self, table_changed: bool = True) -> None:
        """The turn player's move is complete: check for a winner, the hand limit, then pass the
        turn (a frozen card thaws at the end of its holder's next turn).

        Without ``table_changed`` (the move left every point card, jack and permanent where it
        was: a draw, a pass, a discard, a countered one-off...) there is no winner to look for: a
        game goes on only while neither player is at their goal, and scores and goals are made of
        the table alone."""
        # score(), kings() and the turn change inlined: this runs after every move of every search.
        rules = self.rules
        p = self.turn_player
        if table_changed:
            goals = rules.goals
            pts0, pts1 = self.points
            s0 = len(pts0)
            for c in pts0:
                s0 += c >> 2
            s1 = len(pts1)
            for c in pts1:
                s1 += c >> 2
            k0 = k1 = 0  # at most 4: there are four kings
            perms0, perms1 = self.perms
            if perms0:
                for c in perms0:
                    if c >> 2 == R_KING:
                        k0 += 1
            if perms1:
                for c in perms1:
                    if c >> 2 == R_KING:
                        k1 += 1
            w0 = s0 >= goals[k0]
            w1 = s1 >= goals[k1]
            if w0 or w1:
                if w0 and w1:
                    w = p if rules.simultaneous_win == "mover" else 0
                else:
                    w = 0 if w0 else 1
                self._finish(OUTCOME[w], "kings" if (k1 if w else k0) else "points")
                return
        limit = rules.hand_limit
        if limit is not None and len(self.hands[p]) > limit:
            self.phase = HAND_LIMIT
            self.to_move = p
            return
        if self.frozen:
            hand = self.hands[p]
            self.frozen = [c for c in self.frozen if c not in hand]
        if self._freeze_later >= 0:
            self.frozen.append(self._freeze_later)
            self._freeze_later = -1
        self.turn_player = self.to_move = 1 - p
        self.phase = MAIN

    # ------------------------------------------------------------------ card movements
    def _to_hand(self, p: int, card: int) -> None:
        self.hands[p].append(card)
        self.known |= 1 << card

    def _discard(self, p: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
            self.scrap.append(c)
            if c in self.frozen:
                self.frozen.remove(c)

    def _draw(self, p: int, n: int) -> None:
        deck = self.deck
        hand = self.hands[p]
        for _ in range(min(n, len(deck))):
            hand.append(deck.pop())

    def _flip(self, base: int) -> None:
        if base in self.points[0]:
            self.points[0].remove(base)
            self.points[1].append(base)
        else:
            self.points[1].remove(base)
            self.points[0].append(base)

    def _add_jack(self, jack: int, base: int, player: int) -> None:
        bit = 1 << jack
        if base in self.points[player]:  # onto the player's own card (a classic seven's jack)
            self.own_jacks |= bit
        else:
            self.own_jacks &= ~bit
        self.jacks[base] = self.jacks.get(base, ()) + (jack,)
        self._flip(base)

    def _remove_top_jack(self, jack: int) -> int:
        """Take top jack ``jack`` off its point card (control flips back); return the player
        who played it: the one it gave control to, unless it went on its player's own card."""
        for b, js in self.jacks.items():
            if js[-1] == jack:
                owner = 0 if b in self.points[0] else 1
                if self.own_jacks >> jack & 1:
                    owner = 1 - owner
                if len(js) == 1:
                    del self.jacks[b]
                else:
                    self.jacks[b] = js[:-1]
                self._flip(b)
                return owner
        raise AssertionError(f"no jack {jack} on top of a stack")  # pragma: no cover

    def _scuttle(self, p: int, card: int, target: int) -> None:
        self.points[1 - p].remove(target)
        self.scrap.append(target)
        self.scrap.extend(self.jacks.pop(target, ()))
        self.scrap.append(card)
