"""Who is who in the game's words, and what moves and positions say about seats.

``Person`` is a player as a sentence names them: the seat named ``You`` (or the player a line
speaks to) is "you", with a verb to agree and "your" for a possessive. The readers below take the
move notation and the position dicts (docs/notation.md) apart: the seat words of three and four
players (``>2``, ``@1``), how many seats, teams, each seat's opponents, where a table card is, the
stack's royal under a 9 (teams). ``describe`` builds its sentences on them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cuttle.text.cardtext import split_stack

Position = dict[str, Any]

ROYAL_VERBS = ("perm", "jack", "joker")  # a move whose card is a royal on the stack (teams)
_NUMBERED_AI = re.compile(r"AI (\d+) \(")  # ``AI 2 (easy)``: the number an AI seat has taken


def ai_seat_names(
    levels: Sequence[str | None],
    names: Sequence[str | None] | None = None,
    *,
    partner: int | None = None,
) -> list[str | None]:
    """Each seat's name at a table, the AI seats named, the one way every screen names them:
    ``names[i]`` when given (a person's, or a seat named before); else seat ``i`` with an AI
    of level ``levels[i]`` is ``AI (LEVEL)`` at two seats, ``Partner (LEVEL)`` when it is the
    ``partner`` seat (the one person's partner across a table of four, at the terminal), and
    otherwise ``AI N (LEVEL)``, N the lowest number no name given holds, in seat order (so an
    AI that takes a seat over, or fills one for a rematch, never repeats a number). A person's
    seat left unnamed stays None."""
    shown: list[str | None] = list(names) if names is not None else [None] * len(levels)
    taken = {int(m.group(1)) for n in shown if n and (m := _NUMBERED_AI.match(n))}
    for i, level in enumerate(levels):
        if shown[i] is not None or level is None:
            continue
        if len(levels) == 2:
            shown[i] = f"AI ({level})"
        elif i == partner:
            shown[i] = f"Partner ({level})"
        else:
            number = next(k for k in range(1, len(levels) + len(taken) + 1) if k not in taken)
            taken.add(number)
            shown[i] = f"AI {number} ({level})"
    return shown


def parse_move_text(text: str) -> tuple[str, list[str]]:
    """``scuttle 9C 7H`` -> (``scuttle``, [``9C``, ``7H``]); the seat words of three and four
    players (``>2``, ``@1``) are left out (``move_seats`` reads them)."""
    parts = text.split()
    cards = [p.upper() for p in parts[1:] if p[:1] not in ("@", ">")]
    return (parts[0].lower() if parts else ""), cards


def move_seats(text: str) -> tuple[int | None, int | None]:
    """The seats a move names: (``@N``, whom its effect aims at; ``>N``, whom its card goes to)."""
    at = to = None
    for part in text.split()[1:]:
        if part[:1] in ("@", ">") and part[1:].isdigit():
            if part[0] == "@":
                at = int(part[1:])
            else:
                to = int(part[1:])
    return at, to


def seat_count(pos: Position) -> int:
    """How many seats the position has (2, 3 or 4)."""
    return len(pos.get("hands", [[], []]))


def is_teams(pos: Position) -> bool:
    """The position is a game of teams (seats 0 and 2 against 1 and 3)."""
    return "teams" in rules_parts(str(pos.get("rules", "classic")))[1]


def opponents_of(pos: Position, player: int) -> list[int]:
    """``player``'s opponents still in, clockwise after them (teams: the other team)."""
    n = seat_count(pos)
    out = set(pos.get("out", ()))
    seats = [(player + r) % n for r in range(1, n)]
    if is_teams(pos):
        seats = [p for p in seats if p % 2 != player % 2]
    return [p for p in seats if p not in out]


def rules_parts(rules: str) -> tuple[str, set[str]]:
    """``classic+joker`` -> (``classic``, {``joker``})."""
    parts = [p for p in rules.split("+") if p]
    return (parts[0] if parts else "classic"), set(parts[1:])


YOU = "You"
_IRREGULAR = {"be": ("are", "is"), "have": ("have", "has"), "do": ("do", "does")}


@dataclass(frozen=True)
class Person:
    """A player as a sentence names them: ``you`` (the seat named ``You``) or by name.

    Every sentence about a player goes through this, so the verb agrees with the subject
    ("you discard", "Ann discards") and the possessive reads right ("your", "Ann's").
    """

    name: str
    you: bool = False

    @classmethod
    def of(cls, name: str, *, addressed: bool = False) -> Person:
        """``name`` as a person; ``addressed``: the sentence speaks to this player (``you``)."""
        return cls(name, addressed or name == YOU)

    def subject(self, start: bool = False) -> str:
        """``You``/``you`` or the name."""
        if self.you:
            return "You" if start else "you"
        return self.name

    def object(self) -> str:
        """``you`` or the name."""
        return "you" if self.you else self.name

    def possessive(self, start: bool = False) -> str:
        """``Your``/``your``, ``Ann's``."""
        if self.you:
            return "Your" if start else "your"
        return self.name + "'s"

    def their(self) -> str:
        """The possessive pronoun, once the name has been said: ``your`` or ``their``."""
        return "your" if self.you else "their"

    def verb(self, base: str) -> str:
        """``discard`` -> ``discard`` for you, ``discards`` for a name (present tense)."""
        if base in _IRREGULAR:
            return _IRREGULAR[base][0 if self.you else 1]
        return base if self.you else third_person(base)

    def does(self, base: str, start: bool = False) -> str:
        """Subject and verb: ``you discard``, ``AI discards``."""
        return f"{self.subject(start)} {self.verb(base)}"


def third_person(verb: str) -> str:
    """``discard`` -> ``discards``, ``pass`` -> ``passes``, ``carry`` -> ``carries``."""
    if verb.endswith(("s", "x", "z", "ch", "sh", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def capitalize(text: str) -> str:
    """The first letter upper-cased, the rest untouched (``your 2♣`` -> ``Your 2♣``)."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """``You`` -> ``your``; ``Alice`` -> ``Alice's``."""
    return Person.of(name).possessive()


def other(player: int) -> int:
    """The other seat."""
    return 1 - player


def locate(card: str, pos: Position) -> tuple[str, int, str]:
    """Where a table card is: (zone, player, base). zone is ``points``, ``jack``, ``perm``, ``?``.

    For a jack on a point card, ``player`` controls the point card and ``base`` is that card; a
    royal under a joker (three and four seats) is a ``perm`` of its controller, the joker a
    ``jack`` on it.
    """
    points = pos.get("points", [[], []])
    perms = pos.get("permanents", [[], []])
    for p in range(len(points)):
        for entry in points[p]:
            base, jacks = split_stack(entry)
            if base == card:
                return "points", p, base
            if card in jacks:
                return "jack", p, base
        for entry in perms[p]:
            base, jokers = split_stack(entry)
            if base == card:
                return "perm", p, card
            if card in jokers:
                return "jack", p, base
    return "?", -1, card


def answered(stack: list[dict[str, Any]]) -> int:
    """Where the one-off the counters answer sits on the stack: 0, or 1 when a royal lies under
    the 9 played against it (teams)."""
    if len(stack) > 1 and parse_move_text(str(stack[0].get("move", "")))[0] in ROYAL_VERBS:
        return 1
    return 0
