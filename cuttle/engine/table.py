"""Card movements and the end of a turn: the few ways cards change place (stacks of jacks and
jokers included), and the check for a winner, the hand limit and the turn's passing that follows
every completed move."""

from __future__ import annotations

from cuttle.engine.phases import HAND_LIMIT, MAIN
from cuttle.engine.state import OUTCOME, R_KING, State, _without

_R_TEN = 9  # rank index of the ten: a card above it is a royal (or a joker)


class Table(State):
    """Moving cards between hands, piles and the table; ending a turn."""

    __slots__ = ()

    def _end_turn(self, table_changed: bool = True) -> None:
        """The turn player's move is complete: check for a winner, the hand limit, then pass the
        turn (a frozen card thaws at the end of its holder's next turn).

        Without ``table_changed`` (the move left every point card, jack and permanent where it
        was: a draw, a pass, a discard, a countered one-off...) there is no winner to look for: a
        game goes on only while no player is at their goal, and scores and goals are made of
        the table alone."""
        # score(), kings() and the turn change inlined: this runs after every move of every search.
        rules = self.rules
        p = self.turn_player
        if table_changed:
            if self.players != 2:
                if self._check_goals(p):
                    return
            else:
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
            self.frozen = _without(self.frozen, hand)
        if self._freeze_later >= 0:
            self.frozen.append(self._freeze_later)
            self._freeze_later = -1
        self.turn_player = self.to_move = self.seats.nxt[p]
        self.phase = MAIN

    def _check_goals(self, p: int) -> bool:
        """Three or four seats: finish the game if a player is at their goal. Of several, the turn
        player's side wins if it is among them, else the first of them in turn order after ``p``
        (RULES.md section 4)."""
        # score(), kings() and goal() inlined, as in _end_turn: this runs after most moves.
        goals = self.rules.goals
        points = self.points
        perms = self.perms
        seats = self.seats
        reached = []
        for q in seats.around[p]:
            pts = points[q]
            s = len(pts)
            for c in pts:
                s += c >> 2
            k = 0  # at most 4: there are four kings
            for c in perms[q]:
                if c >> 2 == R_KING:
                    k += 1
            if s >= goals[k]:
                reached.append(q)
        if not reached:
            return False
        w = reached[0]
        mine = seats.side(p)
        for q in reached:
            if seats.side(q) == mine:
                w = q
                break
        self._finish(seats.side(w), "kings" if self.kings(w) else "points")
        return True

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

    def _row(self, base: int, seat: int) -> list[int]:
        """The list ``seat`` keeps ``base`` in: its point cards, or its permanents (an 8 may be
        either)."""
        if base >= 40:
            return self.perms[seat]
        row = self.points[seat]
        return row if base in row else self.perms[seat]

    def _add_cover(self, card: int, base: int, by: int, to: int, prev: int) -> None:
        """Seat ``by`` puts jack or joker ``card`` on the stack of ``base``, which seat ``prev``
        controls, giving it to ``to``."""
        jacks = self.jacks = self.jacks.copy()  # never in place: copies of the game share them
        links = self.links = self.links.copy()
        covers = jacks.get(base)
        if covers is None:
            links[base] = (prev, prev)
            jacks[base] = (card,)
        else:
            jacks[base] = covers + (card,)
        links[card] = (by, to)
        if to != prev:
            rows = self.points if base < 40 else self.perms  # a stack's bottom: A–10, K or Q
            rows[prev].remove(base)
            rows[to].append(base)

    def _remove_top(self, card: int) -> int:
        """Take ``card``, the top jack or joker of a stack, off it: control goes back to whoever
        held the stack before it (to the scrap, with the rest of the stack, if that seat is
        out). Return the seat that played ``card``."""
        b = next(base for base, covers in self.jacks.items() if covers[-1] == card)
        jacks = self.jacks = self.jacks.copy()  # never in place (see _add_cover)
        links = self.links = self.links.copy()
        covers = jacks[b]
        by, now = links.pop(card)
        if len(covers) == 1:
            del jacks[b]
            back = links.pop(b)[1]
        else:
            jacks[b] = covers[:-1]
            back = links[covers[-2]][1]
        if back != now:
            rows = self.points if b < 40 else self.perms
            rows[now].remove(b)
            if back in self.seats.out:
                self._scrap_stack(b)
            else:
                rows[back].append(b)
        return by

    #: the AI's inference takes a jack back through this name (cuttle/ai/inference.py)
    _remove_top_jack = _remove_top

    def _scrap_stack(self, base: int) -> None:
        """``base`` (already off its row) goes to the scrap with the jacks and jokers on it."""
        self.scrap.append(base)
        self._unstack(base)

    def _unstack(self, base: int) -> None:
        """Scrap the jacks and jokers on ``base`` (it stays where it is)."""
        covers = self.jacks.get(base)
        if covers:
            self.scrap.extend(covers)
            self._unlink(base, covers)

    def _unlink(self, base: int, covers: tuple[int, ...]) -> None:
        """Forget the stack of ``base`` (``covers`` on it), which left the table."""
        jacks = self.jacks = self.jacks.copy()  # never in place (see _add_cover)
        del jacks[base]
        links = self.links = self.links.copy()
        del links[base]
        for c in covers:
            del links[c]

    def _scuttle(self, p: int, card: int, target: int) -> None:
        if self.players == 2:
            owner: int | None = 1 - p
        else:
            owner = self.controller(target)
            if owner is None:  # its controller conceded meanwhile: the scuttle hits nothing
                self.scrap.append(card)
                return
        self.points[owner].remove(target)  # type: ignore[index]
        scrap = self.scrap
        scrap.append(target)
        if self.jacks:  # inlined _scrap_stack: a scuttle is one ply in fourteen
            covers = self.jacks.get(target)
            if covers:
                scrap.extend(covers)
                self._unlink(target, covers)
        scrap.append(card)
