"""The game state and the rules that move it: legal-move generation, applying moves, the stack.

State is kept compact (lists of card ints, a dict of jack stacks, an int bitmask) so that
``copy()`` is a handful of list copies and search can afford millions of them. Reading a
position (``to_position``, ``view``) and building one (``from_position``) live in
:mod:`cuttle.engine.position`; this module only knows the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, NamedTuple

from cuttle.cards import full_deck
from cuttle.engine.errors import IllegalMoveError
from cuttle.engine.moves import (
    COUNTER,
    DISCARD1,
    DISCARD2,
    DRAW,
    JACK,
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
    OVER,
    PHASES,
    RESOLVE_FIVE,
    RESOLVE_FOUR,
    RESOLVE_SEVEN,
    RESOLVE_THREE,
)
from cuttle.rules import Rules

# Rank indexes (card >> 2): 0 = ace … 12 = king.
_R_THREE, _R_EIGHT, _R_JACK, _R_QUEEN, _R_KING = 2, 7, 10, 11, 12
_OUTCOME = ("p0", "p1", "draw")


class Event(NamedTuple):
    """One entry of the game's event log, for people reading what happened.

    ``kind`` is ``"move"`` (``player`` played ``move``), ``"resolved"`` (the one-off or scuttle
    ``move`` of ``player`` took effect after its counter window), ``"countered"`` (it was
    cancelled), ``"discarded"`` (a random 4 discarded ``cards`` from ``player``'s hand),
    ``"returned"`` (a card a 7 revealed went back on top of the deck), or ``"end"``.
    """

    player: int | None
    kind: str
    move: Move | None = None
    cards: tuple[int, ...] = ()


# Event(...) runs namedtuple's Python-level __new__; building the tuple directly gives the same
# Event at half the cost, and the checked path logs one per move.
_new_event = tuple.__new__

# The event of each move played, by player and move: an Event is an immutable tuple, so games
# share them, and looking one up costs a seventh of building it.
_MOVE_EVENTS: tuple[dict[Move, Event], dict[Move, Event]] = ({}, {})

# Rules.parse of a rules string, remembered: a Rules is frozen, so games may share one, and
# parsing (a dataclass replace) cost a quarter of dealing a new game.
_PARSED_RULES: dict[str, Rules] = {}


def _parse_rules(rules: Rules | str | None) -> Rules:
    """``Rules.parse(rules)``, from the cache for a rules string seen before."""
    if rules.__class__ is not str:
        return Rules.parse(rules)
    parsed = _PARSED_RULES.get(rules)  # type: ignore[arg-type]
    if parsed is None:
        parsed = Rules.parse(rules)
        if len(_PARSED_RULES) < 64:
            _PARSED_RULES[rules] = parsed  # type: ignore[index]
    return parsed


# For each deck size, the steps of random.shuffle: swap slot i with a slot drawn below n = i + 1,
# a draw being getrandbits(k), k = n.bit_length(), retried while it is n or more.
_SHUFFLE_STEPS = {size: tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
                  for size in (52, 54)}


def _shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)`` for a full deck: the same draws and swaps, without random.shuffle's
    two Python calls per card (they were a third of dealing a game). The deal of a seed must never
    change: ``tests/engine/test_search.py`` checks it against random.shuffle."""
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _check_player(player: object) -> None:
    """``ValueError`` unless ``player`` is the int 0 or 1 (a bool or 1.0 is refused)."""
    from cuttle.engine.position import check_player

    check_player(player)


def _bits(cards: Iterable[int]) -> int:
    b = 0
    for c in cards:
        b |= 1 << c
    return b


class Game:
    """A game of Cuttle. Create with :meth:`new` or :meth:`from_position`; see docs/api.md."""

    __slots__ = (
        "rules", "seed", "hands", "points", "jacks", "perms", "deck", "scrap", "stack",
        "revealed", "phase", "turn_player", "to_move", "passes", "frozen", "known", "own_jacks",
        "outcome", "outcome_reason", "history", "events", "_legal", "_freeze_later",
    )

    rules: Rules
    seed: int | None
    hands: list[list[int]]
    points: list[list[int]]
    jacks: dict[int, tuple[int, ...]]
    perms: list[list[int]]
    deck: list[int]  # top of the deck is the END of this list
    scrap: list[int]
    stack: list[tuple[int, Move]]
    revealed: list[int]  # first = was on top
    phase: str
    turn_player: int
    to_move: int | None
    passes: int
    frozen: list[int]
    known: int  # bitmask of cards in hands/deck whose identity is public
    own_jacks: int  # bitmask of jacks on the table that their player put on their own card
    outcome: str | None
    outcome_reason: str | None
    history: list[tuple[int, Move]]
    events: list[Event]

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules | str | None = None) -> None:
        """An empty table; use :meth:`new` or :meth:`from_position` instead."""
        self.rules = _parse_rules(rules)
        self.seed = None
        self.hands = [[], []]
        self.points = [[], []]
        self.jacks = {}
        self.perms = [[], []]
        self.deck = []
        self.scrap = []
        self.stack = []
        self.revealed = []
        self.phase = MAIN
        self.turn_player = 0
        self.to_move = 0
        self.passes = 0
        self.frozen = []
        self.known = 0
        self.own_jacks = 0
        self.outcome = None
        self.outcome_reason = None
        self.history = []
        self.events = []
        self._legal: list[Move] | None = None
        self._freeze_later = -1

    @classmethod
    def new(cls, seed: int | None = None, rules: Rules | str | None = "classic") -> Game:
        """A shuffled, dealt game. Player 0 (five cards) moves first; the dealer, player 1,
        holds six. ``seed=None`` picks a random seed (kept in ``game.seed``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        g = cls(rules)
        g.seed = seed
        cards = full_deck(g.rules.jokers)
        _shuffle(cards, random.Random(seed))
        # cards[0] is the top of the deck; deal alternately, player 0 first.
        g.hands = [cards[0:10:2], cards[1:10:2] + [cards[10]]]
        for h in g.hands:
            h.sort()
        g.deck = cards[11:][::-1]
        return g

    @classmethod
    def from_position(cls, position: dict[str, Any] | str,
                      rules: Rules | str | None = None) -> Game:
        """Build a game from a position (dict or JSON text, docs/notation.md). Raises ValueError
        naming the problem when it is not a legal table."""
        from cuttle.engine.position import game_from_position

        return game_from_position(cls, position, rules)

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> Game:
        """A complete game consistent with a player's view: every hidden card (``"??"``) is
        dealt at random from the cards that view cannot place. Known cards stay put."""
        from cuttle.engine.position import game_from_view

        return game_from_view(cls, view, rng)

    def to_position(self) -> dict[str, Any]:
        """The whole position as a JSON-ready dict (docs/notation.md, plus ``known``, ``seed``)."""
        from cuttle.engine.position import position_of

        return position_of(self, None)

    def view(self, player: int) -> dict[str, Any]:
        """The position as ``player`` may see it: every card they cannot see is ``"??"``."""
        from cuttle.engine.position import check_player, position_of

        return position_of(self, check_player(player))

    def copy(self, history: bool = True) -> Game:
        """An independent copy; with ``history=False`` the copy starts with an empty
        ``history`` and ``events`` (what search wants: the cost stays flat as a game goes on)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seed = self.seed
        h0, h1 = self.hands
        g.hands = [h0[:], h1[:]]
        p0, p1 = self.points
        g.points = [p0[:], p1[:]]
        g.jacks = self.jacks.copy()
        q0, q1 = self.perms
        g.perms = [q0[:], q1[:]]
        g.deck = self.deck[:]
        g.scrap = self.scrap[:]
        g.stack = self.stack[:]
        g.revealed = self.revealed[:]
        g.phase = self.phase
        g.turn_player = self.turn_player
        g.to_move = self.to_move
        g.passes = self.passes
        g.frozen = self.frozen[:]
        g.known = self.known
        g.own_jacks = self.own_jacks
        g.outcome = self.outcome
        g.outcome_reason = self.outcome_reason
        if history:
            g.history = self.history[:]
            g.events = self.events[:]
        else:
            g.history = []
            g.events = []
        g._legal = self._legal
        g._freeze_later = self._freeze_later
        return g

    __copy__ = copy

    def redeal(self, viewer: int, rng: random.Random) -> Game:
        """A copy in which every card ``viewer`` cannot see (the opponent's hidden hand cards
        and the deck's hidden cards) is shuffled among those same hidden places. The copy has
        no history (see :meth:`copy`).

        On a game built by :meth:`from_view` this is a fresh determinization of the same view
        at the cost of a copy, which is what search needs many times per decision.
        """
        from cuttle.engine.position import sees_opponent_hand

        g = self.copy(history=False)
        g._legal = None
        known = self.known
        opp = 1 - viewer
        hand = g.hands[opp]
        if sees_opponent_hand(self, viewer):
            kept, pool = hand, []
        else:
            kept = [c for c in hand if known >> c & 1]
            pool = [c for c in hand if not known >> c & 1]
        deck = g.deck
        slots = [i for i, c in enumerate(deck) if not known >> c & 1]
        pool += [deck[i] for i in slots]
        rng.shuffle(pool)
        n_hand = len(hand) - len(kept)
        g.hands[opp] = kept + pool[:n_hand]
        for i, c in zip(slots, pool[n_hand:], strict=True):
            deck[i] = c
        return g

    def __repr__(self) -> str:
        return (f"<Game rules={self.rules} turn={self.turn_player} phase={self.phase} "
                f"to_move={self.to_move} score={self.score(0)}-{self.score(1)}>")

    # ------------------------------------------------------------------ queries
    def score(self, player: int) -> int:
        """Points of the point cards ``player`` controls."""
        if player.__class__ is not int or not 0 <= player <= 1:
            _check_player(player)
        pts = self.points[player]
        s = len(pts)
        for c in pts:
            s += c >> 2
        return s

    def kings(self, player: int) -> int:
        """Number of kings ``player`` has on the table."""
        if player.__class__ is not int or not 0 <= player <= 1:
            _check_player(player)
        n = 0
        for c in self.perms[player]:
            if c >> 2 == _R_KING:
                n += 1
        return n

    def queens(self, player: int) -> int:
        """Number of queens ``player`` has on the table."""
        if player.__class__ is not int or not 0 <= player <= 1:
            _check_player(player)
        n = 0
        for c in self.perms[player]:
            if c >> 2 == _R_QUEEN:
                n += 1
        return n

    def goal(self, player: int) -> int:
        """Points ``player`` needs to win, given their kings."""
        if player.__class__ is not int or not 0 <= player <= 1:
            _check_player(player)
        return self.rules.goals[min(self.kings(player), 4)]

    def has_glasses(self, player: int) -> bool:
        """True when ``player`` has an 8 on the table as glasses."""
        if player.__class__ is not int or not 0 <= player <= 1:
            _check_player(player)
        return any(c >> 2 == _R_EIGHT for c in self.perms[player])

    def controller(self, card: int) -> int | None:
        """Who controls point card ``card`` (None if it is not a point card on the table)."""
        if card in self.points[0]:
            return 0
        if card in self.points[1]:
            return 1
        return None

    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """0 or 1 once a player has won; None otherwise (also for a draw)."""
        return {"p0": 0, "p1": 1}.get(self.outcome or "")

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Move]:
        """Every legal move of ``to_move``, each once, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal[:]

    def _generate(self) -> list[Move]:
        phase = self.phase
        p: int = self.to_move  # type: ignore[assignment]  # None only when over
        if phase == MAIN:
            hand = self.hands[p]
            if len(hand) > 1:
                hand = sorted(hand)
            frozen = self.frozen
            if frozen:
                hand = [c for c in hand if c not in frozen]
            deck = self.deck
            moves = [DRAW if deck else PASS]
            if hand:
                self._plays(p, hand, len(deck), False, moves)
            return moves
        if phase == COUNTER_PHASE:
            frozen = self.frozen
            # Against a scuttle (ten-counters-scuttle) only a 10 answers; otherwise only 2s.
            rank = 9 if len(self.stack) == 1 and self.stack[0][1].kind == "scuttle" else 1
            moves = [COUNTER[c] for c in sorted(self.hands[p])
                     if c >> 2 == rank and c < 52 and c not in frozen]
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
            return [TAKE[c] for c in sorted(set(self.scrap))
                    if ok3 or c >> 2 != _R_THREE or c >= 52]
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
            return [DISCARD2[(a, b)] for i, a in enumerate(hand) for b in hand[i + 1:]]
        return []

    def _targetable(self, p: int, owner: int, card: int) -> bool:
        """Can ``p`` aim a single-target effect (2, 9, jack, 8) at ``owner``'s ``card``?"""
        if owner == p:
            return True
        q = self.queens(owner)
        if q == 0:
            return True
        if card >> 2 == _R_QUEEN and card < 52:
            return q == 1 or not self.rules.queens_protect_queens
        return False

    def _perm_targets(self, p: int, points_too: bool) -> list[int]:
        """Kings, queens, glasses and top jacks (and point cards if ``points_too``) that ``p``
        may target with a 2 or 9."""
        out: list[int] = []
        jacks = self.jacks
        perms_of = self.perms
        if not points_too and not jacks and not perms_of[0] and not perms_of[1]:
            return out  # a table without permanents and jacks, the usual case
        for q in ((1 - p, p) if self.rules.target_own else (1 - p,)):
            perms = perms_of[q]
            if not perms and not points_too and not jacks:
                continue
            nq = 0  # the owner's queens (one's own never protect against oneself)
            if q != p:
                for c in perms:
                    if c >> 2 == _R_QUEEN:
                        nq += 1
            if nq == 0:  # nothing protected: every permanent, top jack (and point card)
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
                for c in sorted(perms):
                    if c >> 2 == _R_QUEEN:
                        out.append(c)
        return out

    def _plays(self, p: int, cards: Iterable[int], deck_len: int, seven: bool,
               moves: list[Move]) -> None:
        """Append every way ``p`` may play each of ``cards`` (from hand, or revealed by a 7)."""
        # Per card: its point play, its scuttles, then what its rank allows. The ranks are tested
        # roughly by how often they decide something; the target lists of 2s and 9s are built
        # once, when the first such card needs them.
        opp = 1 - p
        opp_points = self.points[opp]  # only read: sorted when the order can differ
        if len(opp_points) > 1:
            opp_points = sorted(opp_points)
        lowest = opp_points[0] if opp_points else 64  # only a card above it may scuttle
        opp_queens = -1  # counted when a jack needs it
        twos: list[int] | None = None
        nines: list[int] | None = None
        for c in cards:
            r = c >> 2
            if r > 9:  # jack, queen, king or joker
                if r == _R_JACK:
                    row = JACK[c - 40]
                    if opp_queens < 0:
                        opp_queens = 0
                        for x in self.perms[opp]:
                            if x >> 2 == _R_QUEEN:
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
                if self.hands[opp]:
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
                    for q in ((opp, p) if rules.target_own else (opp,)):
                        for t in sorted(self.perms[q]):
                            if t >> 2 == _R_EIGHT and self._targetable(p, q, t):
                                moves.append(ONEOFF_T[(c, t)])
            # A 3. From a 7 the seven joins the scrap before the 3 resolves; whether that
            # counts when deciding if the 3 may be played at all is a rule of its own.
            elif (seven and self.rules.seven_three_sees_seven) or (
                    self.rules.three_takes_three and self.scrap) or any(
                    x >> 2 != _R_THREE for x in self.scrap):
                moves.append(ONEOFF[c])

    # ------------------------------------------------------------------ playing
    def play(self, move: Move | str) -> None:
        """Play ``move`` (a Move or its text) for ``to_move``. Raises IllegalMoveError, leaving
        the game unchanged, when it is not legal now; ValueError when the text is not a move."""
        if not isinstance(move, Move):
            move = Move.parse(move)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        # A move is one interned object: look for that object. (``move in legal`` would call
        # Move's Python-level comparison once per other move: it was a tenth of a random ply.)
        for listed in legal:
            if listed is move:
                break
        else:
            raise IllegalMoveError(self._why_illegal(move))
        self._legal = None
        p: int = self.to_move  # type: ignore[assignment]  # a legal move means not over
        self.history.append((p, move))
        events = _MOVE_EVENTS[p]
        event = events.get(move)
        if event is None:
            event = events[move] = Event(p, "move", move)
        self.events.append(event)
        self._apply(p, move)

    def concede(self, player: int) -> None:
        """``player`` concedes: the other player wins."""
        if self.outcome is not None:
            raise IllegalMoveError("the game is already over")
        _check_player(player)
        self._finish(_OUTCOME[1 - player], "concession")

    def agree_draw(self) -> None:
        """End the game as a draw both players agreed to (rules with draw offers only), in the
        main phase: cuttle.cards takes a stalemate request only between turns' moves, never while
        a one-off, a counter or an effect's choice is pending."""
        if self.outcome is not None:
            raise IllegalMoveError("the game is already over")
        if not self.rules.draw_offers:
            raise IllegalMoveError(f"draws by agreement are not part of the {self.rules} rules")
        if self.phase != MAIN:
            raise IllegalMoveError("a draw may be agreed only in the main phase of a turn, not "
                                   f"while the {self.phase.replace('_', ' ')} phase waits")
        self._finish("draw", "agreement")

    def _finish(self, outcome: str, reason: str) -> None:
        self.outcome = outcome
        self.outcome_reason = reason
        self.phase = OVER
        self.to_move = None
        self._legal = None
        self.events.append(_new_event(Event, (None, "end", None, ())))

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
            if c >> 2 == _R_QUEEN:
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
            if t >> 2 == _R_JACK:
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
            if tr == _R_JACK:
                owner = self._remove_top_jack(t)
            elif tr in (_R_EIGHT, _R_QUEEN, _R_KING) and (t in self.perms[0] or t in self.perms[1]):
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
                    if c >> 2 == _R_KING:
                        k0 += 1
            if perms1:
                for c in perms1:
                    if c >> 2 == _R_KING:
                        k1 += 1
            w0 = s0 >= goals[k0]
            w1 = s1 >= goals[k1]
            if w0 or w1:
                if w0 and w1:
                    w = p if rules.simultaneous_win == "mover" else 0
                else:
                    w = 0 if w0 else 1
                self._finish(_OUTCOME[w], "kings" if (k1 if w else k0) else "points")
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

    def _rule_rng(self) -> random.Random:
        """Randomness the rules call for (four-random): a pure function of seed and position."""
        key = (f"{self.seed}|{len(self.deck)}|{len(self.scrap)}|"
               f"{sorted(self.hands[0])}|{sorted(self.hands[1])}")
        return random.Random(key)

    # ------------------------------------------------------------------ explanations
    def _why_illegal(self, m: Move) -> str:
        from cuttle.engine.explain import why_illegal

        return why_illegal(self, m)



__all__ = ["Event", "Game", "PHASES"]
