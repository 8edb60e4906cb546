"""Undo that reveals nothing: may a player go back to an earlier decision?

Going back is refused when a card that was hidden from the player at that decision has been
shown to them since (a card they drew, a card the opponent played from hand, a 7's reveal,
glasses): with undo they could look at a hidden card and take the look back. What the player
has seen is every card named in their view (``Game.view``): hands, table, scrap, stack, the
revealed cards and the deck cards whose identity is public.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cuttle import Game
from cuttle.cards import HIDDEN


def seen_cards(view: dict[str, Any]) -> set[str]:
    """Every card identity a player's view shows."""
    seen: set[str] = set()

    def add(items: Iterable[Any]) -> None:
        for item in items:
            if isinstance(item, str) and item != HIDDEN:
                seen.update(item.split("+"))

    for key in ("hands", "points", "permanents"):
        for row in view.get(key, []):
            add(row)
    for key in ("deck", "scrap", "revealed", "known"):
        add(view.get(key, []))
    for entry in view.get("stack", []):
        move = str(entry.get("move", "")).split()
        add(move[1:])
    return seen


def first_reveal(seed: int, rules: str, moves: list[str], target: int, viewer: int) -> int | None:
    """The first ply after ``target`` (1-based: the move whose result showed it) at which
    ``viewer`` saw a card that was hidden from them just before move ``target + 1``; None when
    going back to ``target`` moves would hide nothing they have seen."""
    game = Game.new(seed=seed, rules=rules)
    for move in moves[:target]:
        game.play(move)
    before = seen_cards(game.view(viewer))
    for ply, move in enumerate(moves[target:], start=target + 1):
        game.play(move)
        if not seen_cards(game.view(viewer)) <= before:
            return ply
    return None
