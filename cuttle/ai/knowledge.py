"""What one seat knows: a compact, read-only digest of ``game.view(seat)``.

Every AI decision starts here. :func:`read_view` turns the position dict a seat may see (hidden
cards are ``"??"``) into a :class:`Knowledge` value: the seat's own hand, every other hand's known
cards and hidden-card count, every field, the scrap, and the *pool* -- every card whose place the
seat cannot see (the other hands' hidden cards, a partner's included, and the face-down deck,
together). Probabilities about a hand are computed from the pool alone, so nothing here can leak
hidden state. A two-player table is the N-seat table with N = 2 (``opp`` is then ``1 - me``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cuttle.cards import HIDDEN, parse_card
from cuttle.engine.seats import Seating, seating
from cuttle.rules import Rules

JACK_RANK = 11
QUEEN_RANK = 12
KING_RANK = 13
EIGHT_RANK = 8


def rank(card: int) -> int:
    """Rank number 1 (ace) .. 13 (king); 0 for a joker."""
    return card // 4 + 1 if card < 52 else 0


@dataclass(frozen=True, slots=True)
class PointCard:
    """A point card on the table with the jacks (and jokers) on it, bottom to top. ``back`` is
    the seat its control goes back to when the top one goes (a 2, a 9), -1 with nothing on it."""

    card: int
    jacks: tuple[int, ...]
    back: int = -1

    @property
    def value(self) -> int:
        return rank(self.card)


@dataclass(slots=True)
class Knowledge:
    """Everything seat ``me`` can see, with cards as ints. Built by :func:`read_view`."""

    me: int
    rules: Rules
    phase: str
    to_move: int | None
    turn_player: int
    hands: tuple[list[int], ...]  # known cards of each hand, one list a seat
    hidden: tuple[int, ...]  # hidden card count of each hand
    points: tuple[list[PointCard], ...]
    perms: tuple[list[int], ...]  # kings, queens, glasses a seat controls (a stolen royal too)
    deck_size: int
    deck_known: list[int]  # deck cards whose identity is public (top first, as listed)
    scrap: list[int]
    pool: list[int]  # cards whose place this seat cannot see
    frozen: list[int]
    stack: list[tuple[int, str]]
    revealed: list[int]
    outcome: str | None
    passes: int
    #: the table's seats: turn order, opponents, partners (``cuttle.engine.seats``)
    seats: Seating

    @property
    def players(self) -> int:
        return self.seats.players

    @property
    def opp(self) -> int:
        """The opponent (two players); at three or four seats the next opponent in turn order."""
        opps = self.seats.opps[self.me]
        return opps[0] if opps else 1 - self.me

    @property
    def opps(self) -> tuple[int, ...]:
        """This seat's opponents still in, in turn order after it."""
        return self.seats.opps[self.me]

    def opponents(self, p: int) -> tuple[int, ...]:
        """``p``'s opponents still in, in turn order after ``p``."""
        return self.seats.opps[p]

    @property
    def partner(self) -> int | None:
        """This seat's partner in teams (still in), None otherwise."""
        return self.seats.partner(self.me)

    def friends(self, p: int) -> tuple[int, ...]:
        """``p`` and, in teams, ``p``'s partner: the seats whose win is ``p``'s."""
        q = self.seats.partner(p)
        return (p,) if q is None else (p, q)

    def side_of(self, p: int) -> str:
        """The outcome that means ``p``'s side won (``p0``, or ``team0`` in teams)."""
        return self.seats.side(p)

    def score(self, p: int) -> int:
        return sum([pc.card // 4 + 1 for pc in self.points[p]])

    def kings(self, p: int) -> int:
        return sum(1 for c in self.perms[p] if rank(c) == KING_RANK)

    def queens(self, p: int) -> int:
        return sum(1 for c in self.perms[p] if rank(c) == QUEEN_RANK)

    def glasses(self, p: int) -> bool:
        return any(rank(c) == EIGHT_RANK for c in self.perms[p])

    def goal(self, p: int) -> int:
        return self.rules.goal(self.kings(p))

    def need(self, p: int) -> int:
        """Points player ``p`` still needs (0 when the goal is reached)."""
        return max(0, self.goal(p) - self.score(p))

    def hand_size(self, p: int) -> int:
        return len(self.hands[p]) + self.hidden[p]

    def p_opp_holds(self, wanted: Callable[[int], bool]) -> float:
        """Probability that the opponent holds at least one card satisfying ``wanted``,
        from its known cards and the hidden cards drawn uniformly from the pool; at three or
        four seats, that one of the opponents does."""
        return self.p_any_holds(self.opps or (self.opp,), wanted)

    def p_holds(self, p: int, wanted: Callable[[int], bool]) -> float:
        """Probability that seat ``p`` holds at least one card satisfying ``wanted``."""
        if any(wanted(c) for c in self.hands[p]):
            return 1.0
        h = self.hidden[p]
        if h <= 0:
            return 0.0
        k = sum(1 for c in self.pool if wanted(c))
        return p_at_least_one(len(self.pool), k, h)

    def p_any_holds(self, seats: Iterable[int], wanted: Callable[[int], bool]) -> float:
        """Probability that one of ``seats`` holds such a card (the hands taken as independent
        draws from the pool: close enough for a heuristic)."""
        seats = tuple(seats)
        if len(seats) == 1:
            return self.p_holds(seats[0], wanted)
        miss = 1.0
        for p in seats:
            miss *= 1.0 - self.p_holds(p, wanted)
        return 1.0 - miss


@lru_cache(maxsize=4096)
def p_at_least_one(pool: int, good: int, drawn: int) -> float:
    """Hypergeometric: chance that ``drawn`` cards from ``pool`` include one of ``good``."""
    if good <= 0 or drawn <= 0 or pool <= 0:
        return 0.0
    if drawn > pool - good:
        return 1.0
    miss = 1.0
    for i in range(drawn):
        miss *= (pool - good - i) / (pool - i)
    return 1.0 - miss


_CARD_CACHE: dict[str, int] = {}


def _card(text: str) -> int:
    c = _CARD_CACHE.get(text)
    if c is None:
        c = _CARD_CACHE[text] = parse_card(text)
    return c


def _cards(texts: Iterable[str]) -> tuple[list[int], int]:
    known: list[int] = []
    hidden = 0
    for t in texts:
        if t == HIDDEN:
            hidden += 1
        else:
            known.append(_card(t))
    return known, hidden


def _point(text: str, side: int, players: int) -> PointCard:
    """A table entry: ``TS+JD`` (two players: control alternates) or, at three or four seats,
    ``TS@1+JD@3>0``: each card with the seat that played it and whom it gave control to."""
    parts = text.split("+")
    if players == 2:
        return PointCard(_card(parts[0]), tuple(_card(p) for p in parts[1:]),
                         1 - side if len(parts) > 1 else -1)
    cards = []
    control = -1
    back = -1
    for part in parts:
        card, _, seats = part.partition("@")
        by, _, to = seats.partition(">")
        cards.append(_card(card))
        back = control
        control = int(to or by) if by else side
    return PointCard(cards[0], tuple(cards[1:]), back)


def _base(text: str) -> tuple[int, list[int]]:
    """A permanent's entry: its card and the jokers on it (``KS@1+X1@2>0`` at three or four)."""
    parts = [_card(p.partition("@")[0]) for p in text.split("+")]
    return parts[0], parts[1:]


_RULES_CACHE: dict[str, Rules] = {}


def rules_of(text: str) -> Rules:
    r = _RULES_CACHE.get(text)
    if r is None:
        r = _RULES_CACHE[text] = Rules.parse(text)
    return r


def read_view(view: dict[str, Any], me: int) -> Knowledge:
    """Digest the position dict ``view`` (as returned by ``game.view(me)``)."""
    rules = rules_of(view.get("rules", "classic"))
    players = len(view["hands"])
    seen_hands = [_cards(h) for h in view["hands"]]
    points = tuple(
        [_point(t, side, players) for t in view["points"][side]] for side in range(players)
    )
    if players == 2:
        perms: tuple[list[int], ...] = tuple([_card(t) for t in row] for row in view["permanents"])
        bases: list[list[tuple[int, list[int]]]] = []
    else:
        bases = [[_base(t) for t in view["permanents"][side]] for side in range(players)]
        perms = tuple([c for c, _ in row] for row in bases)
    deck_known, deck_hidden = _cards(view["deck"])
    scrap = [_card(t) for t in view["scrap"]]
    stack = [(int(e["player"]), str(e["move"])) for e in view.get("stack", [])]
    revealed = [_card(t) for t in view.get("revealed", [])]
    seen: set[int] = set(deck_known) | set(scrap) | set(revealed)
    for known, _ in seen_hands:
        seen.update(known)
    for side in range(players):
        seen.update(perms[side])
    for row in bases:
        for _, jokers in row:
            seen.update(jokers)
    for side in range(players):
        for pc in points[side]:
            seen.add(pc.card)
            seen.update(pc.jacks)
    for _, mv in stack:
        for w in mv.split()[1:2]:
            seen.add(_card(w))
    total = 54 if rules.jokers else 52
    pool = [c for c in range(total) if c not in seen]
    return Knowledge(
        me=me,
        rules=rules,
        phase=view.get("phase", "main"),
        to_move=view.get("to_move", view["turn_player"]),
        turn_player=int(view["turn_player"]),
        hands=tuple(known for known, _ in seen_hands),
        hidden=tuple(hidden for _, hidden in seen_hands),
        points=points,
        perms=perms,
        deck_size=len(deck_known) + deck_hidden,
        deck_known=deck_known,
        scrap=scrap,
        pool=pool,
        frozen=[_card(t) for t in view.get("frozen", [])],
        stack=stack,
        revealed=revealed,
        outcome=view.get("outcome"),
        passes=int(view.get("passes", 0)),
        seats=seating(players, rules.teams, tuple(view.get("out", ()))),
    )
