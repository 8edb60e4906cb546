"""Undo that reveals nothing: may a player go back to an earlier decision?

Going back is refused when a card that was hidden from the player at that decision has been
shown to them since (a card they drew, a card the opponent played from hand, a 7's reveal,
glasses): with undo they could look at a hidden card and take the look back. What the player
has seen is every card named in their view (``Game.view``): hands, table, scrap, stack, the
revealed cards and the deck cards whose identity is public.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.text.describe import YOU, LogEntry


def seen_cards(view: dict[str, Any]) -> set[str]:
    """Every card identity a player's view shows."""
    seen: set[str] = set()

    def add(items: Iterable[Any]) -> None:
        for item in items:
            if isinstance(item, str) and item != HIDDEN:
                # a stack's cards carry who played them and whom they gave control to (TS@1,
                # JD@3>0) at three and four seats; a seat named in a move (>2, @1) is no card
                seen.update(c.split("@")[0] for c in item.split("+") if c[:1] not in ">@")

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


def _said(log: Sequence[LogEntry], ply: int, viewer: int) -> str:
    """The log's line for move ``ply`` (1-based) as ``viewer`` read it, mid-sentence ("you drew
    6♣"); ``move N`` when the log does not hold it (a long game resumed keeps only its end)."""
    for entry in log:
        if entry.ply == ply and entry.move != "concede":
            text = entry.text_for(viewer)
            return YOU.lower() + text[len(YOU) :] if text.startswith(YOU + " ") else text
    return f"move {ply}"


def refusal(log: Sequence[LogEntry], shown: int, target: int, viewer: int) -> str:
    """Why undo is refused, citing the log's lines as the screen shows them (the full screen's log
    has no numbers): the decision it would go back to and the move that showed a hidden card."""
    decision = _said(log, target + 1, viewer)
    if shown == target + 1:
        why = f"your last decision ({decision}) showed you a card that was hidden before it"
    else:
        why = (
            f"since your last decision ({decision}), a card hidden then was shown to you "
            f"({_said(log, shown, viewer)})"
        )
    return f"Cannot undo: {why}; undo never lets you see a hidden card and take it back."


def undone(log: Sequence[LogEntry], target: int, viewer: int) -> str:
    """What undo went back over, in the log's words (``log``: the game before the undo)."""
    return f"Undone: back to your decision before {_said(log, target + 1, viewer)}."
