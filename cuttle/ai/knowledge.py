"""What one seat knows: a compact, read-only digest of ``game.view(seat)``.

Every AI decision starts here. :func:`read_view` turns the position dict a seat may see (hidden
cards are ``"??"``) into a :class:`Knowledge` value: the seat's own hand, the opponent's known cards
and hidden-card count, both fields, the scrap, and the *pool* -- every card whose place the seat
cannot see (the opponent's hidden cards and the face-down deck, together). Probabilities about the
opponent's hand are computed from the pool alone, so nothing here can leak hidden state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cuttle.cards import HIDDEN, parse_card
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
    """A point card on the table with the jacks on it (bottom to top)."""

    card: int
    jacks: tuple[int, ...]

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
    hands: tuple[list[int], list[int]]  # known cards of each hand
    hidden: tuple[int, int]  # hidden card count of each hand
    points: tuple[list[PointCard], list[PointCard]]
    perms: tuple[list[int], list[int]]
    deck_size: int
    deck_known: list[int]  # deck cards whose identity is public (top first, as listed)
    scrap: list[int]
    pool: list[int]  # cards whose place this seat cannot see
    frozen: list[int]
    stack: list[tuple[int, str]]
    revealed: list[int]
    outcome: str | None
    passes: int

    @property
    def opp(self) -> int:
        return 1 - self.me

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
        from its known cards and the hidden cards drawn uniformly from the pool."""
        opp = self.opp
        if any(wanted(c) for c in self.hands[opp]):
            return 1.0
        h = self.hidden[opp]
        if h <= 0:
            return 0.0
        k = sum(1 for c in self.pool if wanted(c))
        return p_at_least_one(len(self.pool), k, h)


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


def _point(text: str) -> PointCard:
    parts = text.split("+")
    return PointCard(_card(parts[0]), tuple(_card(p) for p in parts[1:]))


_RULES_CACHE: dict[str, Rules] = {}


def rules_of(text: str) -> Rules:
    r = _RULES_CACHE.get(text)
    if r is None:
        r = _RULES_CACHE[text] = Rules.parse(text)
    return r


def read_view(view: dict[str, Any], me: int) -> Knowledge:
    """Digest the position dict ``view`` (as returned by ``game.view(me)``)."""
    rules = rules_of(view.get("rules", "classic"))
    h0, x0 = _cards(view["hands"][0])
    h1, x1 = _cards(view["hands"][1])
    points = (
        [_point(t) for t in view["points"][0]],
        [_point(t) for t in view["points"][1]],
    )
    perms = (
        [_card(t) for t in view["permanents"][0]],
        [_card(t) for t in view["permanents"][1]],
    )
    deck_known, deck_hidden = _cards(view["deck"])
    scrap = [_card(t) for t in view["scrap"]]
    stack = [(int(e["player"]), str(e["move"])) for e in view.get("stack", [])]
    revealed = [_card(t) for t in view.get("revealed", [])]
    seen: set[int] = set(h0) | set(h1) | set(deck_known) | set(scrap) | set(revealed)
    for side in (0, 1):
        seen.update(perms[side])
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
        hands=(h0, h1),
        hidden=(x0, x1),
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
    )
