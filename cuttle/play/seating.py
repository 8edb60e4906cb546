"""Who sits where at a table of two to four: ``cuttle play``'s ``--players``, ``--seats``,
``--hotseat``, ``--names``, ``--ai``, ``--first`` and ``--rules`` made into the rules of one game
and its seats, or one line saying what does not fit.

Two seats are the same table as three or four (N = 2): the seats are listed from the first person
round the table ("you, then the others in turn order"), named, and turned so that whoever moves
first sits at seat 0. A series of games turns the table one seat on each game (``next_table``):
the dealer moves one seat clockwise, which with two players is the old swap of seats.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cuttle.ai import LEVELS, levels_for
from cuttle.ai.base import seats_refusal
from cuttle.play.state import Seat
from cuttle.rules import MODES, Rules
from cuttle.text.people import ai_seat_names
from cuttle.words import count

#: The mode a table of three or four plays (RULES.md section 4).
MODE_OF = {3: "cutthroat", 4: "teams"}
HUMAN = "human"
MAX_NAME = 30


class SeatingError(ValueError):
    """Options that do not make one table; the message is the one line the player reads."""


@dataclass(frozen=True)
class Table:
    """The rules of one game and who sits at each seat (seat 0 moves first)."""

    rules: str
    seats: tuple[Seat, ...]


def parse_seats(text: str) -> list[str]:
    """``human,hard,human,medium`` -> one word a seat: ``human`` or an AI level."""
    words = [w.strip().lower() for w in text.split(",")]
    for word in words:
        if word != HUMAN and word not in LEVELS:
            shown = word[:20] or "an empty seat"
            raise SeatingError(
                f"--seats takes human or an AI level ({', '.join(LEVELS)}) for each seat, "
                f"not {shown!r}"
            )
    if not 2 <= len(words) <= 4:
        raise SeatingError(f"--seats lists 2 to 4 seats, not {len(words)}")
    return words


def table_size(
    rules: Rules, players: int | None, listed: list[str] | None, default: int
) -> int:
    """How many sit at the table: what the rules' mode, ``--players`` and ``--seats`` say (they
    must agree), else ``default`` (the ``players`` setting; 2 when the rules are for two)."""
    said: list[tuple[int, str]] = []
    if rules.mode:
        said.append((rules.players, f"--rules {rules} (a game of {rules.players})"))
    if players is not None:
        said.append((players, f"--players {players}"))
    if listed is not None:
        said.append((len(listed), f"--seats with {count(len(listed), 'seat')}"))
    for n, why in said[1:]:
        if n != said[0][0]:
            first = said[0][1]
            hint = "" if n == 2 else f"; a table of {n} plays {MODE_OF[n]}"
            raise SeatingError(f"{why} contradicts {first}{hint}")
    return said[0][0] if said else default


def rules_for(rules: str, n: int) -> str:
    """``rules`` with the mode a table of ``n`` plays, when the rules do not name it already."""
    parts = rules.split("+")
    if n == 2 or any(p.strip().lower() in MODES for p in parts):
        return rules
    return "+".join([parts[0], MODE_OF[n], *parts[1:]])


def check_names(names: list[str], n: int) -> list[str]:
    """``--names``: one name a seat, each 1 to 30 printable characters, all different."""
    if len(names) != n or any(
        not name.strip() or len(name) > MAX_NAME or not name.isprintable() for name in names
    ):
        raise SeatingError(
            f"--names needs {count(n, 'name')} of 1 to 30 printable characters"
            + ("" if n == 2 else " (one a seat, the first yours)")
        )
    folded = [name.strip().casefold() for name in names]
    if len(set(folded)) != n:
        what = "two different names" if n == 2 else f"{count(n, 'different name')}"
        raise SeatingError(f"--names needs {what} (every message says who did what)")
    if n > 2 and any(name.strip().isdecimal() for name in names):
        raise SeatingError("--names: a name cannot be a number (>2 and @2 name seat 2)")
    return names


def ai_level(level: str, n: int, chosen: bool) -> str:
    """The level of the AI seats: ``level`` when it plays a table of ``n`` (else a refusal if the
    player chose it, or the strongest level that does when it came from the settings)."""
    can = levels_for(n)
    if level in can:
        return level
    if chosen:
        raise SeatingError(seats_refusal(level, n))
    return can[-1]


def _default_names(kinds: list[str], n: int) -> list[str]:
    """Names for seats listed from the first person: ``You`` and ``AI (medium)`` for two,
    ``Player 1``... in hot-seat, numbered AIs (and ``Partner``) at a bigger table
    (``text.people.ai_seat_names``, as the server names its AI seats)."""
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    people: list[str | None] = [
        None if k != HUMAN else "You" if len(humans) == 1 else f"Player {humans.index(i) + 1}"
        for i, k in enumerate(kinds)
    ]
    partner = (humans[0] + 2) % 4 if n == 4 and len(humans) == 1 else None
    named = ai_seat_names([None if k == HUMAN else k for k in kinds], people, partner=partner)
    return [name or "" for name in named]


def plan_table(
    *,
    rules: str,
    players: int | None = None,
    seats: str | None = None,
    hotseat: bool = False,
    ai: str = "medium",
    ai_chosen: bool = True,
    names: list[str] | None = None,
    first: str = "human",
    seed: int = 0,
    default_players: int = 2,
) -> Table:
    """The game ``cuttle play``'s options ask for; ``SeatingError`` (one line) when they do
    not fit, ``ValueError`` for rules that do not parse."""
    parsed = Rules.parse(rules)
    listed = parse_seats(seats) if seats is not None else None
    if listed is not None and hotseat:
        raise SeatingError("--hotseat or --seats, not both: --seats says who sits where "
                           "(human,human,human for three at one keyboard)")
    n = table_size(parsed, players, listed, default_players)
    if n not in (2, 3, 4):
        raise SeatingError(f"--players takes 2, 3 or 4, not {n}")
    if listed is None:
        level = ai_level(ai, n, ai_chosen)
        listed = [HUMAN] * n if hotseat else [HUMAN] + [level] * (n - 1)
    else:
        for kind in listed:
            if kind != HUMAN:
                ai_level(kind, n, True)
    if HUMAN not in listed:
        raise SeatingError("--seats needs at least one human seat (cuttle arena plays AIs "
                           "against each other)")
    chosen = check_names(names, n) if names else _default_names(listed, n)
    table = [Seat(name, None if kind == HUMAN else kind)
             for name, kind in zip(chosen, listed, strict=True)]
    return Table(rules_for(rules, n), tuple(_turn(table, first, seed)))


def _turn(table: list[Seat], first: str, seed: int) -> list[Seat]:
    """The table turned so that whoever ``--first`` names moves first (seat 0). ``random``
    decides from the seed, as it always has with two."""
    n = len(table)
    people = sum(1 for s in table if s.ai is None)
    k = 0
    if first == "random":
        k = int(random.Random(seed).random() * n)
        if people == n:  # hot-seat: the draw read the other way round with two
            k = n - 1 - k
    elif first == "ai":
        k = next((i for i, s in enumerate(table) if s.ai is not None), 0)
    return table[k:] + table[:k]


def next_table(seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats of the next game of a series: the dealer moves one seat clockwise, so the
    player after the last first mover moves first (with two: the seats swapped)."""
    return seats[1:] + seats[:1]


def seats_line(seats: tuple[Seat, ...]) -> str:
    """``Seats: 0 You · 1 AI 1 (random) · 2 AI 2 (random).`` (a table of three or four: moves
    name seats by number or name); the partner marked in teams."""
    return "Seats: " + " · ".join(f"{i} {s.name}" for i, s in enumerate(seats)) + "."


__all__ = [
    "MODE_OF",
    "SeatingError",
    "Table",
    "next_table",
    "plan_table",
    "rules_for",
    "seats_line",
]
