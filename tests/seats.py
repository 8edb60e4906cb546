"""Build three- and four-seat games from compact positions, for the tests of the modes (issue 29).

The two-player helpers (``helpers.py``) hold two of everything; these hold one list per seat, as
INTERFACE.md section 5 writes positions, and understand its stack notation (``TS@1+JD@3>0+JC@2``).
Only the public surface is used: ``Game.from_position`` and ``to_position``.

``make(rules, hands=[...], points=[...], permanents=[...], deck=..., scrap=..., turn=0, **extra)``:
each of ``hands``, ``points`` and ``permanents`` is a list with one entry per seat (a string of
cards ``"7D 2C"`` or a list), shorter lists are padded with empty seats; every one of the 54 cards
not listed goes to the bottom of the deck, or, when ``deck`` is given, to the start (oldest end)
of the scrap, or wherever ``"..."`` appears in ``deck`` or ``scrap``.
"""

from __future__ import annotations

import re
from typing import Any

from helpers import (  # noqa: F401 - illegal, moves, play re-exported: one copy serves every seat count
    REST,
    illegal,
    moves,
    place_rest,
    play,
    with_extra,
)

from cuttle import Game
from cuttle.cards import card_text, full_deck, parse_card

SEATS = {"cutthroat": 3, "teams": 4}
#: The two modes under both presets.
MODES = ["classic+cutthroat", "cuttlecards+cutthroat", "classic+teams", "cuttlecards+teams"]
CUTTHROAT = ["classic+cutthroat", "cuttlecards+cutthroat"]
TEAMS = ["classic+teams", "cuttlecards+teams"]
ALL_CARDS = [card_text(c) for c in full_deck(True)]  # the 52 and X1, X2: every mode's 54

_MARK = re.compile(r"^([^@>]+)((?:@\d+)?(?:>\d+)?)$")


def seats_of(rules: str) -> int:
    """How many seats a rules string's mode has (2 without a mode)."""
    return next((n for name, n in SEATS.items() if name in rules.split("+")), 2)


def _canon(entry: str) -> str:
    """``ts@1+jd@0`` -> ``TS@1+JD@0``: each card of a stack in canonical text, marks kept."""
    parts = []
    for part in entry.split("+"):
        match = _MARK.match(part)
        assert match, f"bad stack entry {entry!r}"
        parts.append(card_text(parse_card(match.group(1))) + match.group(2))
    return "+".join(parts)


def stack_cards(entry: str) -> list[str]:
    """The cards of a table entry: ``TS@1+JD@3>0`` -> ``["TS", "JD"]``."""
    return [re.split(r"[@>]", part)[0] for part in entry.split("+")]


def cards(value: str | list[str] | None) -> list[str]:
    """``"7D 2C"`` or ``["7D", "2C"]`` -> ``["7D", "2C"]``; stack entries keep their marks."""
    if value is None:
        return []
    items = value.split() if isinstance(value, str) else [w for v in value for w in v.split()]
    return [t if t == REST else _canon(t) for t in items]


def _per_seat(value: Any, n: int) -> list[list[str]]:
    rows = [cards(v) for v in (value or [])]
    assert len(rows) <= n, f"{len(rows)} seats given for a game of {n}"
    return rows + [[] for _ in range(n - len(rows))]


def position(rules: str, hands: Any = None, points: Any = None, permanents: Any = None,
             deck: Any = None, scrap: Any = None, turn: int = 0, **extra: Any) -> dict[str, Any]:
    """A complete position dict for ``rules`` (see the module doc)."""
    n = seats_of(rules)
    h, pts, perms = (_per_seat(v, n) for v in (hands, points, permanents))
    d = cards(deck) if deck is not None else None
    s = cards(scrap) if scrap is not None else None
    listed: set[str] = set()
    for row in h + pts + perms + [d or [], s or []]:
        for entry in row:
            if entry != REST:
                listed.update(stack_cards(entry))
    for entry in extra.get("stack", []):
        listed.add(card_text(parse_card(entry["move"].split()[1])))  # the card played
    listed.update(cards(extra.get("revealed")))
    d, s = place_rest(d, s, [c for c in ALL_CARDS if c not in listed])
    pos: dict[str, Any] = {
        "rules": rules, "turn_player": turn, "hands": h, "points": pts, "permanents": perms,
        "deck": d, "scrap": s,
    }  # fmt: skip
    return with_extra(pos, extra, cards)


def make(rules: str, hands: Any = None, points: Any = None, permanents: Any = None,
         deck: Any = None, scrap: Any = None, turn: int = 0, **extra: Any) -> Game:
    """A game built from a compact position (see the module doc)."""
    return Game.from_position(position(rules, hands, points, permanents, deck, scrap, turn,
                                       **extra))


def refused(pos: dict[str, Any], *fragments: str) -> str:
    """Assert ``Game.from_position(pos)`` raises ValueError naming every fragment; return it."""
    try:
        Game.from_position(pos)
    except ValueError as exc:
        reason = str(exc)
    else:
        raise AssertionError("the position was accepted")
    assert reason and "\n" not in reason.strip(), f"not one line: {reason!r}"
    for f in fragments:
        assert f.lower() in reason.lower(), f"{reason!r} lacks {f!r}"
    return reason


def answer_all(g: Game, move: str = "resolve") -> Game:
    """Answer ``resolve`` (or ``move``) for as long as the game waits on a counter or a royal's
    answer: everyone asked declines."""
    while g.phase in ("counter", "respond_royal"):
        g.play(move)
    return g


def pos(g: Game) -> dict[str, Any]:
    return g.to_position()


def hand(g: Game, seat: int) -> list[str]:
    return list(g.to_position()["hands"][seat])


def pts(g: Game, seat: int) -> list[str]:
    return list(g.to_position()["points"][seat])


def perms(g: Game, seat: int) -> list[str]:
    return list(g.to_position()["permanents"][seat])


def scrap(g: Game) -> list[str]:
    return list(g.to_position()["scrap"])


def deck(g: Game) -> list[str]:
    return list(g.to_position()["deck"])


def turn(g: Game) -> int:
    """Whose turn it is (the position's ``turn_player``)."""
    return int(g.to_position()["turn_player"])


def table_cards(g: Game, seat: int) -> set[str]:
    """Every card on ``seat``'s side of the table (stacks taken apart)."""
    p = g.to_position()
    return {c for e in p["points"][seat] + p["permanents"][seat] for c in stack_cards(e)}
