"""Text forms: move notation and position JSON (docs/notation.md).

The engine owns the formats (``cuttle.engine.moves`` and ``cuttle.engine.position``); this module
is the one place a client needs for reading and writing them as text.
"""

from __future__ import annotations

import json
from typing import Any

from cuttle.cards import card_text, parse_card, pretty
from cuttle.engine.moves import Move
from cuttle.engine.position import FORMAT as POSITION_FORMAT
from cuttle.safejson import loads_limited

__all__ = [
    "POSITION_FORMAT",
    "card_text",
    "dump_position",
    "load_position",
    "parse_card",
    "parse_move",
    "pretty",
]


def parse_move(text: str) -> Move:
    """Parse move text (aliases allowed) into the canonical Move; ValueError if malformed."""
    return Move.parse(text)


def dump_position(position: dict[str, Any]) -> str:
    """A position dict as compact, stable JSON text."""
    return json.dumps(position, ensure_ascii=False, separators=(", ", ": "))


def load_position(text: str) -> dict[str, Any]:
    """Parse position JSON text into a dict; ValueError with the reason if it is not JSON."""
    try:
        value = loads_limited(text)
    except ValueError as exc:
        raise ValueError(f"bad position: {exc}") from None
    if not isinstance(value, dict):
        raise ValueError("bad position: expected a JSON object")
    return value
