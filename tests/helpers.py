"""Build games from compact positions for the rule tests.

``make(hands=..., points=..., permanents=..., deck=..., scrap=..., rules=...)`` builds a game with
:meth:`Game.from_position`; every card not listed is put somewhere so that all cards are in play:

- at the bottom of the deck when ``deck`` is not given;
- otherwise at the start (oldest end) of the scrap when ``scrap`` is not given;
- or wherever ``"..."`` appears in ``deck`` or ``scrap`` (e.g. ``deck=["5H", "..."]``: 5H on top,
  every other unlisted card below it).

Card lists may be written as lists or as one string: ``"7D 2C"``; player pairs as a tuple of two.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuttle import Game, IllegalMoveError
from cuttle.cards import card_text, full_deck, parse_card
from cuttle.engine.moves import Move
from cuttle.rules import Rules

REST = "..."


def cards(value: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """``"7D 2C"`` or ``["7D", "2C"]`` -> ``["7D", "2C"]`` (card text canonicalised)."""
    if value is None:
        return []
    items = value.split() if isinstance(value, str) else [w for v in value for w in v.split()]
    return [t if t == REST else "+".join(card_text(parse_card(x)) for x in t.split("+"))
            for t in items]


def _pair(value: Any) -> list[list[str]]:
    if value is None:
        return [[], []]
    a, b = value
    return [cards(a), cards(b)]


def position(hands: Any = None, points: Any = None, permanents: Any = None,
             deck: Any = None, scrap: Any = None, rules: str = "classic", turn: int = 0,
             **extra: Any) -> dict[str, Any]:
    """A complete position dict (see module doc); ``extra`` keys are copied as given."""
    h = _pair(hands)
    pts = _pair(points)
    perms = _pair(permanents)
    d = cards(deck) if deck is not None else None
    s = cards(scrap) if scrap is not None else None
    listed: set[str] = set()
    for row in h + perms + [d or [], s or []]:
        listed.update(t for t in row if t != REST)
    for row in pts:
        for entry in row:
            listed.update(entry.split("+"))
    for entry in extra.get("stack", []):
        listed.add(card_text(Move.parse(entry["move"]).card))  # type: ignore[arg-type]
    listed.update(cards(extra.get("revealed")))
    r = Rules.parse(rules)
    rest = [card_text(c) for c in full_deck(r.jokers) if card_text(c) not in listed]
    d, s = place_rest(d, s, rest)
    pos: dict[str, Any] = {
        "rules": str(r),
        "turn_player": turn,
        "hands": h,
        "points": pts,
        "permanents": perms,
        "deck": d,
        "scrap": s,
    }
    return with_extra(pos, extra, cards)


def place_rest(d: list[str] | None, s: list[str] | None,
               rest: list[str]) -> tuple[list[str], list[str]]:
    """Deck and scrap with the unlisted cards ``rest`` put in (see the module doc): at the
    ``"..."`` of either, else at the bottom of the deck when it is not given, else at the start
    of the scrap when that is not given."""
    if REST not in (d or []) and REST not in (s or []):
        if d is None:
            d = [REST]
        elif s is None:
            s = [REST]
    d = d or []
    if REST in d:
        i = d.index(REST)
        d[i:i + 1] = rest
    elif s and REST in s:
        i = s.index(REST)
        s[i:i + 1] = rest
    elif rest:
        raise AssertionError(f"cards not placed: {rest} (use '...' in deck or scrap)")
    return d, s or []


def with_extra(pos: dict[str, Any], extra: dict[str, Any],
               cards: Callable[[Any], list[str]]) -> dict[str, Any]:
    """``pos`` with the ``extra`` keys copied in (card lists read by ``cards``); frozen cards
    are known to every seat unless ``known`` is given."""
    for key, value in extra.items():
        pos[key] = cards(value) if key in ("frozen", "known", "revealed") else value
    if pos.get("frozen") and "known" not in extra:  # a frozen card came back in view of all
        pos["known"] = list(pos["frozen"])
    return pos


def make(hands: Any = None, points: Any = None, permanents: Any = None, deck: Any = None,
         scrap: Any = None, rules: str = "classic", turn: int = 0, **extra: Any) -> Game:
    """A game built from a compact position (see module doc)."""
    return Game.from_position(position(hands, points, permanents, deck, scrap, rules, turn,
                                       **extra))


def moves(g: Game) -> set[str]:
    """The legal moves of ``g`` as a set of canonical texts."""
    return {str(m) for m in g.legal_moves()}


def play(g: Game, *texts: str) -> Game:
    """Play several moves in order; return the game."""
    for t in texts:
        g.play(t)
    return g


def illegal(g: Game, move: str, *fragments: str) -> str:
    """Assert ``move`` is illegal in ``g`` with a reason containing every fragment (case
    insensitive) and that the game is unchanged; return the reason."""
    before = g.to_position()
    legal = moves(g)
    try:
        g.play(move)
    except IllegalMoveError as exc:
        reason = str(exc)
    else:
        raise AssertionError(f"{move!r} was accepted")
    for f in fragments:
        assert f.lower() in reason.lower(), f"{reason!r} lacks {f!r}"
    assert g.to_position() == before
    assert moves(g) == legal
    return reason


def hand(g: Game, p: int) -> list[str]:
    return g.to_position()["hands"][p]


def pts(g: Game, p: int) -> list[str]:
    return g.to_position()["points"][p]


def perms(g: Game, p: int) -> list[str]:
    return g.to_position()["permanents"][p]


def scrap(g: Game) -> list[str]:
    return g.to_position()["scrap"]


def deck(g: Game) -> list[str]:
    return g.to_position()["deck"]


ROOT = Path(__file__).resolve().parent.parent


def cli_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a ``python -m cuttle`` subprocess that keeps its saves and records
    under ``home`` (XDG dirs), imports this checkout, and shows colour (``NO_COLOR`` removed)."""
    env = dict(os.environ)
    env.update(
        XDG_STATE_HOME=str(home / "state"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PYTHONPATH=str(ROOT),
        **extra,
    )
    env.pop("NO_COLOR", None)
    return env


def run_cuttle(
    args: list[str], home: Path, stdin: str = "", *, columns: str = "80", timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``python -m cuttle ARGS`` with ``stdin`` piped in, its files kept under ``home``."""
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "cuttle", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=cli_env(home, COLUMNS=columns),
        timeout=timeout,
        cwd=home,
    )
