"""The game's state and what can be read from it: the slots every part of the engine shares,
the queries (scores, kings, goals), the event log entry, and the deal's shuffle.

The state is kept compact (lists of card ints, a dict of jack stacks, an int bitmask) so that
``Game.copy()`` is a handful of list copies and search can afford millions of them. The rules that
move it are split by concern: the legal-move generator (:mod:`~cuttle.engine.movegen`), card
movements and the end of a turn (:mod:`~cuttle.engine.table`), the windows of answers
(:mod:`~cuttle.engine.windows`), the moves and their effects (:mod:`~cuttle.engine.effects`);
:class:`cuttle.engine.game.Game` joins them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from cuttle.engine.moves import Move
from cuttle.engine.phases import OVER
from cuttle.rules import Rules

# Rank indexes (card >> 2): 0 = ace … 12 = king.
R_THREE, R_EIGHT, R_JACK, R_QUEEN, R_KING = 2, 7, 10, 11, 12
OUTCOME = ("p0", "p1", "draw")


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


class State:
    """The state of one game and the queries on it (the part of :class:`Game` every rules
    module reads)."""

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
    _legal: list[Move] | None
    _freeze_later: int

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
            if c >> 2 == R_KING:
                n += 1
        return n

    def queens(self, player: int) -> int:
        """Number of queens ``player`` has on the table."""
        if player.__class__ is not int or not 0 <= player <= 1:
            _check_player(player)
        n = 0
        for c in self.perms[player]:
            if c >> 2 == R_QUEEN:
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
        return any(c >> 2 == R_EIGHT for c in self.perms[player])

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

    def _finish(self, outcome: str, reason: str) -> None:
        self.outcome = outcome
        self.outcome_reason = reason
        self.phase = OVER
        self.to_move = None
        self._legal = None
        self.events.append(_new_event(Event, (None, "end", None, ())))

    def _rule_rng(self) -> random.Random:
        """Randomness the rules call for (four-random): a pure function of seed and position."""
        key = (f"{self.seed}|{len(self.deck)}|{len(self.scrap)}|"
               f"{sorted(self.hands[0])}|{sorted(self.hands[1])}")
        return random.Random(key)

