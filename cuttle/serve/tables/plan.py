"""An open table of two to four seats: its size and rules from ``new``'s words, who sits in each
seat (a person, an AI of a level, or nobody yet), and how it reads in the lobby.

The size comes from the terminal's own rules (``cuttle play --players/--rules``,
``play/seating.py``): a mode in ``--rules`` implies its seats, ``--players`` must agree with it,
and a table of three plays cutthroat, of four teams. Seats are numbered from 1 in the lobby, the
host in seat 1; at four, seats 1 and 3 are partners against 2 and 4 (you pick your partner by
sitting across). The game turns the table so that whoever the draw names moves first (seat 0 of
the game), which keeps everyone's neighbours and partners.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cuttle.ai import LEVELS, levels_for
from cuttle.ai.base import seats_refusal
from cuttle.play.seating import MODE_OF, SeatingError, rules_for, table_size
from cuttle.rules import Rules
from cuttle.serve.keys import Login
from cuttle.serve.tables.listing import VS, Name, Segment

FREE = "—"  # an empty seat in the lobby's list
Sitter = Login | str | None  # a person, an AI's level, or nobody yet


class HallError(ValueError):
    """A lobby command that cannot be done; the message says why (one line)."""


def parse_rules(args: list[str]) -> tuple[str, list[str]]:
    """``--rules R`` and ``--variant V`` (any number) out of ``args``: (rules text, the rest)."""
    preset = "classic"
    variants: list[str] = []
    rest: list[str] = []
    it = iter(args)
    for word in it:
        if word in ("--rules", "--variant"):
            value = next(it, None)
            if value is None:
                raise HallError(f"{word} needs a value")
            if word == "--rules":
                preset = value
            else:
                variants.append(value)
        else:
            rest.append(word)
    return "+".join([preset, *variants]), rest


def parse_new(args: list[str]) -> tuple[str, int, list[str]]:
    """``[--players N] [--rules R] [--variant V ...]`` -> (rules with the mode, seats, the rest)."""
    players: int | None = None
    others: list[str] = []
    it = iter(args)
    for word in it:
        if word == "--players":
            value = next(it, None)
            if value is None:
                raise HallError("--players needs a value")
            if value not in ("2", "3", "4"):
                raise HallError(f"--players takes 2, 3 or 4, not {value[:12]!r}")
            players = int(value)
        else:
            others.append(word)
    rules, rest = parse_rules(others)
    try:
        n = table_size(Rules.parse(rules), players, None, 2)
    except SeatingError as exc:
        raise HallError(str(exc)) from None
    except ValueError as exc:
        raise HallError(str(exc)) from None
    return rules_for(rules, n), n, rest


def ai_level(level: str, n: int) -> str:
    """``level`` when an AI of that level plays a table of ``n``; else HallError saying which do."""
    level = level.lower()
    can = levels_for(n)
    if level in can:
        return level
    if level in LEVELS:
        raise HallError(seats_refusal(level, n))
    raise HallError(f"no AI level {level[:12]!r}: {', '.join(can)}")


def seat_number(word: str, n: int) -> int:
    """A seat as typed in the lobby (1 to ``n``) -> its index (0 to n-1)."""
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= n:
        raise HallError(f"a seat is a number from 1 to {n}, not {word[:12]!r}")
    return int(word) - 1


@dataclass
class Table:
    """An open table: its host (seat 1), rules, size, who sits where, since when; each person
    seated waits on their own future, set when the game starts (or cancelled: the table closed)."""

    id: str
    host: Login
    rules: str
    size: int = 2
    since: float = field(default_factory=time.time)
    seats: list[Sitter] = field(default_factory=list)
    futures: dict[str, asyncio.Future[tuple[object, int]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [self.host] + [None] * (self.size - 1)

    @property
    def seated(self) -> asyncio.Future[tuple[object, int]] | None:
        """The host's future (the game's start)."""
        return self.futures.get(self.host.key)

    def people(self) -> list[Login]:
        return [s for s in self.seats if isinstance(s, Login)]

    def seat_of(self, key: str) -> int | None:
        return next((i for i, s in enumerate(self.seats)
                     if isinstance(s, Login) and s.key == key), None)

    def free(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is None]

    def full(self) -> bool:
        return not self.free()

    def taken(self) -> str:
        """``2/4``: the seats taken of all."""
        return f"{self.size - len(self.free())}/{self.size}"

    def sitter(self, i: int) -> Segment:
        """Who sits in seat ``i`` as the lobby lists it: a person's name (with their mark),
        ``AI (LEVEL)``, or ``—``."""
        s = self.seats[i]
        if s is None:
            return FREE
        if isinstance(s, Login):
            return Name(s.name, s.key)
        return f"AI ({s})"

    def who_segments(self) -> tuple[Segment, ...]:
        """Who sits where, as the lobby lists it: ``1 ann · 2 — · 3 bob`` (cutthroat),
        ``1 ann & 3 bob vs 2 — & 4 AI (easy)`` (teams: 1 and 3 partners); two seats: the
        people waiting."""
        if self.size == 2:
            return joined([self.sitter(i) for i in range(2) if self.seats[i] is not None],
                          " · ")
        order: list[int] = [0, 2, 1, 3] if self.size == 4 else list(range(self.size))
        between = ["", " & ", VS, " & "] if self.size == 4 else ["", " · ", " · "]
        return tuple(part for i, before in zip(order, between, strict=True)  # vs: a segment
                     for part in ((before,) if before == VS else ()) + (
                         f"{'' if before == VS else before}{i + 1} ", self.sitter(i)))

    def who(self) -> str:
        """``who_segments`` as one line, every name whole."""
        return text_of(self.who_segments())


def joined(parts: list[Segment], between: str) -> tuple[Segment, ...]:
    """``parts`` with ``between`` between each two."""
    out: list[Segment] = []
    for i, part in enumerate(parts):
        out += [between, part] if i else [part]
    return tuple(out)


def text_of(segments: tuple[Segment, ...]) -> str:
    """Segments as one line, every name whole with its mark."""
    return "".join(s if isinstance(s, str) else s.text() for s in segments)


def players_segments(names: Sequence[Segment | tuple[Segment, ...]],
                     teams: bool) -> tuple[Segment, ...]:
    """A game's players for the lobby (each name a segment or a few): ``a vs b``,
    ``a · b · c``, ``a & c vs b & d``."""
    each = [n if isinstance(n, tuple) else (n,) for n in names]
    if len(each) == 2:
        order, between = [0, 1], ["", VS]
    elif teams and len(each) == 4:
        order, between = [0, 2, 1, 3], ["", " & ", VS, " & "]
    else:
        order, between = list(range(len(each))), ["", *[" · "] * (len(each) - 1)]
    return tuple(part for i, before in zip(order, between, strict=True)
                 for part in ((before,) if before else ()) + each[i])


def players_words(names: tuple[str, ...], teams: bool) -> str:
    """``players_segments`` of plain names, as one line."""
    return text_of(players_segments(names, teams))


def short_rules(rules: str, n: int) -> str:
    """``rules`` as the lobby's lists show them: without the mode a table of ``n`` plays anyway
    (``classic+cutthroat`` at three is ``classic``)."""
    mode = MODE_OF.get(n)
    parts = rules.split("+")
    return "+".join(p for i, p in enumerate(parts) if not (i and p.strip().lower() == mode))


def game_seat(table_seat: int, first: int, n: int) -> int:
    """The game's seat of a table's seat when the draw names table seat ``first`` to move first."""
    return (table_seat - first) % n
