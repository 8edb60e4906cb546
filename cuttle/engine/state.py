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
from cuttle.engine.seats import Seating
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
_MOVE_EVENTS: tuple[dict[Move, Event], ...] = ({}, {}, {}, {})

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


def _check_player(player: object, players: int = 2) -> None:
    """``ValueError`` unless ``player`` is an int seat of the game (a bool or 1.0 is refused)."""
    from cuttle.engine.position import check_player

    check_player(player, players=players)


# Helpers for the hot methods: a comprehension there reading one of the method's locals would make
# that local a cell (slower to read, and made anew on every call of every search).
def _without(cards: list[int], drop: list[int]) -> list[int]:
    """The cards of ``cards`` not in ``drop``, in order."""
    return [c for c in cards if c not in drop]


def _all_in(cards: list[int], pool: list[int]) -> bool:
    """Is every card of ``cards`` in ``pool``?"""
    return all(c in pool for c in cards)


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
        "revealed", "phase", "turn_player", "to_move", "passes", "frozen", "known", "links",
        "players", "seats", "outcome", "outcome_reason", "history", "events", "_legal",
        "_freeze_later",
    )

    rules: Rules
    seed: int | None
    hands: list[list[int]]
    points: list[list[int]]
    #: a card -> the jacks (and jokers) on it, bottom to top. ``jacks`` and ``links`` are never
    #: changed in place, only replaced (copy on write): copies of a game share them, so a copy
    #: costs nothing for them, and a move changing a stack builds its game's own.
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
    #: the one record of stacks: for each card of a stack (a card with jacks or jokers on it),
    #: (the seat that played it, the seat it gave the card to); for the bottom card, its first
    #: player twice. The controller of a stack is the receiver of its top card.
    links: dict[int, tuple[int, int]]
    players: int  # seats at the table: 2, 3 or 4
    seats: Seating  # turn order and opponents, of the seats still in
    outcome: str | None
    outcome_reason: str | None
    history: list[tuple[int, Move]]
    events: list[Event]
    _legal: list[Move] | None
    _freeze_later: int

    # ------------------------------------------------------------------ queries
    def score(self, player: int) -> int:
        """Points of the point cards ``player`` controls."""
        if player.__class__ is not int or not 0 <= player < self.players:
            _check_player(player, self.players)
        pts = self.points[player]
        s = len(pts)
        for c in pts:
            s += c >> 2
        return s

    def kings(self, player: int) -> int:
        """Number of kings ``player`` has on the table."""
        if player.__class__ is not int or not 0 <= player < self.players:
            _check_player(player, self.players)
        n = 0
        for c in self.perms[player]:
            if c >> 2 == R_KING:
                n += 1
        return n

    def queens(self, player: int) -> int:
        """Number of queens ``player`` has on the table."""
        if player.__class__ is not int or not 0 <= player < self.players:
            _check_player(player, self.players)
        n = 0
        for c in self.perms[player]:
            if c >> 2 == R_QUEEN:
                n += 1
        return n

    def goal(self, player: int) -> int:
        """Points ``player`` needs to win, given their kings."""
        if player.__class__ is not int or not 0 <= player < self.players:
            _check_player(player, self.players)
        return self.rules.goals[min(self.kings(player), 4)]

    def has_glasses(self, player: int) -> bool:
        """True when ``player`` has an 8 on the table as glasses."""
        if player.__class__ is not int or not 0 <= player < self.players:
            _check_player(player, self.players)
        return any(c >> 2 == R_EIGHT for c in self.perms[player])

    def controller(self, card: int) -> int | None:
        """Who controls point card ``card`` (None if it is not a point card on the table)."""
        for q, pts in enumerate(self.points):
            if card in pts:
                return q
        return None

    def holder(self, card: int) -> int | None:
        """Who controls ``card``, the bottom card of a stack or a card alone on the table (a point
        card or a permanent); None if it is neither."""
        for q in range(self.players):
            if card in self.points[q] or card in self.perms[q]:
                return q
        return None

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The opponents of ``seat`` still in the game, in turn order after it (with two
        players, the other one; in teams, the other team)."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            _check_player(seat, self.players)
        return self.seats.opps[seat]

    @property
    def out(self) -> list[int]:
        """The seats out of a cutthroat game by conceding, e.g. ``[1]``; ``[]`` otherwise."""
        return list(self.seats.out)

    @property
    def own_jacks(self) -> int:
        """Bitmask of the jacks on the table whose player put them on their own card (given to
        another seat): a two-player position's ``own_jacks``."""
        bits = 0
        links = self.links
        for covers in self.jacks.values():
            for j in covers:
                by, to = links[j]
                if by != to:
                    bits |= 1 << j
        return bits

    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The seat that won (0, 1, or 2 in cutthroat); None otherwise (also for a draw, and in
        teams, where a team wins: see ``outcome``)."""
        return {"p0": 0, "p1": 1, "p2": 2}.get(self.outcome or "")

    def _finish(self, outcome: str, reason: str) -> None:
        self.outcome = outcome
        self.outcome_reason = reason
        self.phase = OVER
        self.to_move = None
        self._legal = None
        self.events.append(_new_event(Event, (None, "end", None, ())))

    def _rule_rng(self) -> random.Random:
        """Randomness the rules call for (four-random): a pure function of seed and position."""
        key = f"{self.seed}|{len(self.deck)}|{len(self.scrap)}|" + "|".join(
            str(sorted(h)) for h in self.hands)
        return random.Random(key)

