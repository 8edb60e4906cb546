"""Moves: immutable, interned values with a canonical text form.

Every move the engine can ever list is created once; ``Move.parse`` and the legal-move generator
return those same objects, so moves compare (and hash) by identity at full speed, and
``str(move)`` is free.

With three or four players a move may end in a seat, as its own word: ``>N`` names whom a jack or
joker gives its card to, ``@N`` whom a 4 aims at (``jack JD 7H >2``, ``oneoff 4S @1``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import cast

from cuttle.cards import card_text, parse_card

KINDS = (
    "draw", "pass", "points", "scuttle", "oneoff", "perm", "jack",
    "counter", "resolve", "take", "discard", "scrap", "joker", "concede",
)
#: the highest seat a move may name (four players: seats 0 to 3)
MAX_SEAT = 3
_NO_CARD = ("draw", "pass", "resolve")
_ONE_CARD = ("points", "perm", "counter", "take", "scrap")
_TWO_CARDS = ("scuttle", "jack", "joker")


class Move:
    """One move. Attributes: ``kind`` (see KINDS), ``card`` and ``target`` (ints or None),
    ``cards`` (all cards the move names, in order) and ``seat`` (the seat a ``>N`` or ``@N``
    names, or None). Build with :meth:`parse` or :func:`move`."""

    __slots__ = ("kind", "card", "target", "cards", "seat", "_text")

    kind: str
    card: int | None
    target: int | None
    cards: tuple[int, ...]
    seat: int | None

    def __init__(self, kind: str, cards: tuple[int, ...], text: str,
                 seat: int | None = None) -> None:
        self.kind = kind
        self.cards = cards
        self.card = cards[0] if cards else None
        self.target = cards[1] if len(cards) > 1 and kind != "discard" else None
        self.seat = seat
        self._text = text

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.parse, (self._text,))

    def __lt__(self, other: Move) -> bool:
        return self._text < other._text

    @staticmethod
    def parse(text: str) -> Move:
        """Parse move text (any case, ``10`` for ``T``, suit symbols). Checks syntax only; raises
        ValueError naming the input when it is not a move."""
        if not isinstance(text, str):
            raise ValueError(f"a move is text like 'points 7D', not {type(text).__name__}")
        words = text.split()
        if not words:
            raise ValueError("empty move")
        kind = words[0].lower()
        if kind not in KINDS:
            raise ValueError(
                f"unknown move {text.strip()!r}: moves start with one of {', '.join(KINDS)}"
            )
        rest = words[1:]
        seat: int | None = None
        if rest and rest[-1][:1] in ("@", ">"):
            mark, number = rest[-1][0], rest[-1][1:]
            if not (number.isascii() and number.isdigit() and int(number) <= MAX_SEAT):
                raise ValueError(f"bad move {text.strip()!r}: a seat is written {mark}0 to "
                                 f"{mark}{MAX_SEAT}")
            if _SEAT_MARK.get(kind) != mark:
                raise ValueError(f"bad move {text.strip()!r}: {_seat_hint(kind)}")
            seat = int(number)
            rest = rest[:-1]
        try:
            cards = tuple(parse_card(w) for w in rest)
        except ValueError as exc:
            raise ValueError(f"bad move {text.strip()!r}: {exc}") from None
        if kind == "discard" and len(cards) == 2 and cards[0] > cards[1]:
            cards = (cards[1], cards[0])
        found = _TABLE.get((kind, cards, seat))
        if found is None:
            raise ValueError(f"bad move {text.strip()!r}: {_shape_hint(kind)}")
        return found


# Which moves may name a seat, and with which mark: whom a card is given to, whom a 4 aims at.
_SEAT_MARK = {"jack": ">", "joker": ">", "oneoff": "@", "concede": "@"}


def _seat_hint(kind: str) -> str:
    mark = _SEAT_MARK.get(kind)
    if mark is None:
        return f"'{kind}' names no seat"
    if mark == ">":
        return f"'{kind}' names the seat it gives the card to with '>', e.g. '>2'"
    return "a one-off names the seat it aims at with '@', e.g. 'oneoff 4S @1'"


def _shape_hint(kind: str) -> str:
    return {
        "draw": "'draw' takes no card",
        "pass": "'pass' takes no card",
        "resolve": "'resolve' takes no card",
        "points": "write 'points CARD' with a card A–10, e.g. 'points 7D'",
        "perm": "write 'perm CARD' with an 8, queen or king, e.g. 'perm KS'",
        "counter": "write 'counter CARD' with a 2 (or a 10 against a scuttle), e.g. 'counter 2D'",
        "take": "write 'take CARD', e.g. 'take 7S'",
        "scrap": "write 'scrap CARD', e.g. 'scrap JC'",
        "scuttle": "write 'scuttle CARD TARGET' with cards A–10, e.g. 'scuttle 9C 7H'",
        "jack": "write 'jack JACK TARGET', e.g. 'jack JD 7H'",
        "joker": "write 'joker JOKER TARGET', e.g. 'joker X1 KD'",
        "concede": "write 'concede @SEAT', e.g. 'concede @1'",
        "oneoff": "write 'oneoff CARD [TARGET]', e.g. 'oneoff AS' or 'oneoff 2C KH'",
        "discard": "write 'discard CARD [CARD]' with two different cards, e.g. 'discard 5C 9H'",
    }[kind]


_TABLE: dict[tuple[str, tuple[int, ...], int | None], Move] = {}


def _make(kind: str, cards: tuple[int, ...], seat: int | None = None) -> Move:
    words = [kind] + [card_text(c) for c in cards]
    if seat is not None:
        words.append(f"{_SEAT_MARK[kind]}{seat}")
    m = Move(kind, cards, " ".join(words), seat)
    _TABLE[(kind, cards, seat)] = m
    return m


ALL_CARDS = range(54)
POINT_CARDS = range(40)  # A–10
DRAW = _make("draw", ())
PASS = _make("pass", ())
RESOLVE = _make("resolve", ())
def _row(kind: str, ok: Callable[[int], bool]) -> list[Move]:
    """``kind c`` for every card c; the slots of cards where ``ok(c)`` is false hold None and
    are never read (the generator only indexes cards that can make that move)."""
    return cast("list[Move]", [_make(kind, (c,)) if ok(c) else None for c in ALL_CARDS])


POINTS = _row("points", lambda c: c < 40)
PERM = _row("perm", lambda c: c < 52 and c // 4 in (7, 11, 12))
COUNTER = _row("counter", lambda c: c < 52 and c // 4 in (1, 9))
TAKE = _row("take", lambda c: True)
SCRAP = _row("scrap", lambda c: True)
ONEOFF = _row("oneoff", lambda c: c >= 52 or c // 4 in (0, 2, 3, 4, 5, 6, 9))
# Every pair of distinct point cards parses (the generator lists only t < c), so that an
# illegal scuttle such as "scuttle 7D 7H" reaches the rules and gets a reason ("hearts outrank
# diamonds") instead of a syntax error.
SCUTTLE = [
    cast("list[Move]", [_make("scuttle", (c, t)) if t != c else None for t in POINT_CARDS])
    for c in POINT_CARDS
]
JACK = [[_make("jack", (j, t)) for t in POINT_CARDS] for j in range(40, 44)]
# Targeted one-offs: 2 and 9 on kings, queens, 8s and jacks; 9 (cuttlecards) on point cards;
# 8 on glasses (eight-oneoff).
_PERMANENT_TARGETS = [t for t in range(28, 52) if t // 4 in (7, 10, 11, 12)]
ONEOFF_T: dict[tuple[int, int], Move] = {}
for _c in range(4, 8):
    for _t in _PERMANENT_TARGETS:
        ONEOFF_T[(_c, _t)] = _make("oneoff", (_c, _t))
for _c in range(32, 36):
    for _t in list(POINT_CARDS) + _PERMANENT_TARGETS:
        ONEOFF_T[(_c, _t)] = _make("oneoff", (_c, _t))
for _c in range(28, 32):
    for _t in range(28, 32):
        if _t != _c:
            ONEOFF_T[(_c, _t)] = _make("oneoff", (_c, _t))
# Three and four players: a jack given to a seat (JACK_TO[j - 40][t][seat]); a 4 aimed at a seat
# (FOUR_AT[c - 12][seat]); a joker onto the bottom card of a stack, to its player (JOKER[x - 52][t])
# or to a seat (JOKER_TO[x - 52][t][seat]); 2s and 9s may also target a joker on top of a stack.
_SEATS = range(MAX_SEAT + 1)
JACK_TO = [[[_make("jack", (j, t), s) for s in _SEATS] for t in POINT_CARDS] for j in range(40, 44)]
FOUR_AT = [[_make("oneoff", (c,), s) for s in _SEATS] for c in range(12, 16)]
_JOKER_TARGETS = [t for t in range(52) if t < 40 or t // 4 in (11, 12)]
JOKER = [cast("list[Move]", [_make("joker", (x, t)) if t in _JOKER_TARGETS else None
                             for t in range(52)]) for x in (52, 53)]
JOKER_TO = [cast("list[list[Move]]", [[_make("joker", (x, t), s) for s in _SEATS]
                                      if t in _JOKER_TARGETS else None for t in range(52)])
            for x in (52, 53)]
for _c in list(range(4, 8)) + list(range(32, 36)):
    for _t in (52, 53):
        ONEOFF_T[(_c, _t)] = _make("oneoff", (_c, _t))
#: a concession of a seat, as records of three and four players write it (``concede @1``)
CONCEDE = [_make("concede", (), s) for s in _SEATS]
DISCARD1 = [_make("discard", (c,)) for c in ALL_CARDS]
DISCARD2 = {(a, b): _make("discard", (a, b)) for a, b in combinations(ALL_CARDS, 2)}


def move(text: str) -> Move:
    """Shorthand for :meth:`Move.parse`."""
    return Move.parse(text)
