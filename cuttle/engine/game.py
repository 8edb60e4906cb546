"""The game: :class:`Game`, the public surface of the engine (docs/api.md).

``Game`` joins the parts of the rules, each in its own module: the state and its queries
(:mod:`~cuttle.engine.state`), the legal-move generator (:mod:`~cuttle.engine.movegen`), card
movements and the end of a turn (:mod:`~cuttle.engine.table`), the windows of answers
(:mod:`~cuttle.engine.windows`) and the effects of moves (:mod:`~cuttle.engine.effects`). Reading
a position (``to_position``, ``view``) and building one (``from_position``) live in
:mod:`cuttle.engine.position`.
"""

from __future__ import annotations

import random
from typing import Any

from cuttle.cards import full_deck
from cuttle.engine.effects import Effects
from cuttle.engine.errors import IllegalMoveError
from cuttle.engine.movegen import MoveGen
from cuttle.engine.moves import CONCEDE, Move
from cuttle.engine.phases import MAIN, PHASES
from cuttle.engine.seats import TWO, seating
from cuttle.engine.state import (  # _PARSED_RULES: tests read the cache through this module
    _MOVE_EVENTS,
    _PARSED_RULES,  # noqa: F401
    OUTCOME,
    Event,
    _check_player,
    _parse_rules,
    _shuffle,
)
from cuttle.rules import Rules


class Game(Effects, MoveGen):
    """A game of Cuttle. Create with :meth:`new` or :meth:`from_position`; see docs/api.md."""

    __slots__ = ()

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules | str | None = None) -> None:
        """An empty table; use :meth:`new` or :meth:`from_position` instead."""
        self.rules = r = _parse_rules(rules)
        self.seed = None
        n = self.players = r.players
        if n == 2:
            self.seats = TWO
            self.hands = [[], []]
            self.points = [[], []]
            self.perms = [[], []]
        else:
            self.seats = seating(n, r.teams)
            self.hands = [[] for _ in range(n)]
            self.points = [[] for _ in range(n)]
            self.perms = [[] for _ in range(n)]
        self.jacks = {}
        self.links = {}
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
        self.outcome = None
        self.outcome_reason = None
        self.history = []
        self.events = []
        self._legal: list[Move] | None = None
        self._freeze_later = -1

    @classmethod
    def new(cls, seed: int | None = None, rules: Rules | str | None = "classic") -> Game:
        """A shuffled, dealt game. Player 0 (five cards) moves first; with two players the
        dealer, player 1, holds six; with three or four (a mode in ``rules``) every seat holds
        five. ``seed=None`` picks a random seed (kept in ``game.seed``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        g = cls(rules)
        g.seed = seed
        cards = full_deck(g.rules.jokers)
        _shuffle(cards, random.Random(seed))
        n = g.players
        if n == 2:
            # cards[0] is the top of the deck; deal alternately, player 0 first.
            g.hands = [cards[0:10:2], cards[1:10:2] + [cards[10]]]
            dealt = 11
        else:  # five each, one at a time from seat 0 (left of the dealer, seat N-1)
            g.hands = [cards[q:5 * n:n] for q in range(n)]
            dealt = 5 * n
        for h in g.hands:
            h.sort()
        g.deck = cards[dealt:][::-1]
        return g

    @classmethod
    def from_position(cls, position: dict[str, Any] | str,
                      rules: Rules | str | None = None) -> Game:
        """Build a game from a position (dict or JSON text, docs/notation.md). Raises ValueError
        naming the problem when it is not a legal table."""
        from cuttle.engine.posread import game_from_position

        return game_from_position(cls, position, rules)

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> Game:
        """A complete game consistent with a player's view: every hidden card (``"??"``) is
        dealt at random from the cards that view cannot place. Known cards stay put."""
        from cuttle.engine.posread import game_from_view

        return game_from_view(cls, view, rng)

    def to_position(self) -> dict[str, Any]:
        """The whole position as a JSON-ready dict (docs/notation.md, plus ``known``, ``seed``)."""
        from cuttle.engine.position import position_of

        return position_of(self, None)

    def view(self, player: int) -> dict[str, Any]:
        """The position as ``player`` may see it: every card they cannot see is ``"??"``."""
        from cuttle.engine.position import check_player, position_of

        return position_of(self, check_player(player, players=self.players))

    def copy(self, history: bool = True) -> Game:
        """An independent copy; with ``history=False`` the copy starts with an empty
        ``history`` and ``events`` (what search wants: the cost stays flat as a game goes on)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seed = self.seed
        g.players = n = self.players
        g.seats = self.seats
        if n == 2:
            h0, h1 = self.hands
            g.hands = [h0[:], h1[:]]
            p0, p1 = self.points
            g.points = [p0[:], p1[:]]
            q0, q1 = self.perms
            g.perms = [q0[:], q1[:]]
        else:
            copy = list.copy  # map, not a comprehension: no frame per copy
            g.hands = list(map(copy, self.hands))
            g.points = list(map(copy, self.points))
            g.perms = list(map(copy, self.perms))
        g.jacks = self.jacks  # shared: never changed in place (Table._add_cover)
        g.links = self.links
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
        """A copy in which every card ``viewer`` cannot see (the hidden cards of every hand it
        cannot see, and the deck's hidden cards) is shuffled among those same hidden places.
        The copy has no history (see :meth:`copy`).

        On a game built by :meth:`from_view` this is a fresh determinization of the same view
        at the cost of a copy, which is what search needs many times per decision.
        """
        from cuttle.engine.position import sees_hand

        g = self.copy(history=False)
        g._legal = None
        known = self.known
        hidden: list[int] = []  # the seats whose hand cards are shuffled, each one's count
        counts: list[int] = []
        pool: list[int] = []
        for q in self.seats.around[viewer] if self.players != 2 else (1 - viewer,):
            if q == viewer or sees_hand(self, viewer, q):
                continue
            hand = g.hands[q]
            kept = [c for c in hand if known >> c & 1]
            pool += [c for c in hand if not known >> c & 1]
            g.hands[q] = kept
            hidden.append(q)
            counts.append(len(hand) - len(kept))
        deck = g.deck
        slots = [i for i, c in enumerate(deck) if not known >> c & 1]
        pool += [deck[i] for i in slots]
        rng.shuffle(pool)
        start = 0
        for q, k in zip(hidden, counts, strict=True):
            g.hands[q] += pool[start:start + k]
            start += k
        for i, c in zip(slots, pool[start:], strict=True):
            deck[i] = c
        return g

    def __repr__(self) -> str:
        scores = "-".join(str(self.score(q)) for q in range(self.players))
        return (f"<Game rules={self.rules} turn={self.turn_player} phase={self.phase} "
                f"to_move={self.to_move} score={scores}>")

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Move]:
        """Every legal move of ``to_move``, each once, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal[:]

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
        """``player`` concedes. Two players: the other wins; teams: the other team wins;
        cutthroat: ``player`` is out and the game goes on while two remain (the last one left
        wins). Logged in ``history`` as ``concede @N`` at three and four seats."""
        if self.outcome is not None:
            raise IllegalMoveError("the game is already over")
        n = self.players
        if player.__class__ is not int or not 0 <= player < n:
            _check_player(player, n)
        if n == 2:
            self._end_by_concession(OUTCOME[1 - player])
            return
        if player in self.seats.out:
            raise IllegalMoveError(f"seat {player} is already out of the game")
        self.history.append((player, CONCEDE[player]))
        self.events.append(Event(player, "conceded"))
        self._legal = None
        if self.rules.teams:
            self._end_by_concession(self.seats.side(player ^ 1))
        else:
            self._drop_out(player)

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

    # ------------------------------------------------------------------ explanations
    def _why_illegal(self, m: Move) -> str:
        from cuttle.engine.explain import why_illegal

        return why_illegal(self, m)



__all__ = ["Event", "Game", "PHASES"]
