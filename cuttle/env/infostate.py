"""What a seat saw, for OpenSpiel's observers: the public part of a position, the private part a
seat adds to it, and a seat's perfect-recall history (docs/env.md).

Everything here is read from views (``game.view(seat)``), the engine's one definition of what a
seat sees:

- :func:`public_view`: what every seat sees, the same dict for all of them (a hand's cards that
  every seat sees; a deck card that every seat knows).
- :func:`private_part`: what one seat's view adds to the public view (its own hand, a hand its
  glasses show, deck cards only it knows).
- :class:`Recall`: one seat's history of what it saw, in order: its view at the start, then for
  every move the mover and the move and what changed in its view. Two histories are equal
  exactly when the seat saw the same things in the same order (perfect recall), and the history
  of a later position extends that of an earlier one. ``memory`` sums it up at a fixed size:
  every card the seat has ever seen in each hand (relative seats), on the deck, or revealed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.cards import parse_card as _parse
from cuttle.env.observation import CARDS

#: The planes of :attr:`Recall.memory` after the hands' (one per relative seat).
MEMORY_PLANES = ("deck_known", "revealed")


_NUMBERS: dict[str, int] = {}


def parse_card(text: str) -> int:
    """A card's number (``cuttle.cards.parse_card``, remembered: a view names the same cards
    again and again)."""
    found = _NUMBERS.get(text)
    if found is None:
        found = _NUMBERS[text] = _parse(text)
    return found


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _seen_in_every(hands: Sequence[Sequence[str]]) -> list[str]:
    """The cards of one zone that every one of the given views shows (a multiset meet)."""
    common = [c for c in hands[0] if c != HIDDEN]
    for other in hands[1:]:
        rest = list(other)
        kept = []
        for card in common:
            if card in rest:
                rest.remove(card)
                kept.append(card)
        common = kept
    return common


def public_view(game: Game) -> dict[str, Any]:
    """The position as every seat sees it: a seat's view with each hand and the deck cut down
    to the cards that every seat sees there (the rest ``"??"``)."""
    views = [game.view(s) for s in range(game.players)]
    public = dict(views[0])
    hands = []
    for p, hand in enumerate(views[0]["hands"]):
        shown = _seen_in_every([v["hands"][p] for v in views])
        hands.append(shown + [HIDDEN] * (len(hand) - len(shown)))
    public["hands"] = hands
    public["deck"] = [c if all(v["deck"][i] == c for v in views) else HIDDEN
                      for i, c in enumerate(views[0]["deck"])]
    return public


def private_part(view: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """What ``view`` shows beyond ``public``: per hand the cards it sees that not every seat
    does, and the deck cards (top first, with their places) only it knows."""
    hands = []
    for mine, shared in zip(view["hands"], public["hands"], strict=True):
        rest = [c for c in shared if c != HIDDEN]
        extra = []
        for card in mine:
            if card == HIDDEN:
                continue
            if card in rest:
                rest.remove(card)
            else:
                extra.append(card)
        hands.append(extra)
    deck = [[i, c] for i, (c, p) in enumerate(zip(view["deck"], public["deck"], strict=True))
            if c != HIDDEN and p == HIDDEN]
    return {"hands": hands, "deck": deck}


class Recall:
    """One seat's history of what it saw. The positions a move left (the state's copies, never
    changed) are folded in once: ``covered`` of them, ``memory`` the cards seen in them (flat
    indices into ``memory_size(n)``), their texts made when first asked for (``pending`` until
    then: the move to the position and the seat's view there). The present position is read
    afresh whenever the state's game may have changed (``current``, for the ``key`` it was read
    at), so a state whose game is replaced (a re-deal, a resample) never shows an old view."""

    __slots__ = ("_last", "_text", "covered", "current", "entries", "key", "memory", "pending",
                 "written")

    def __init__(self) -> None:
        self.entries: list[str] = []
        self.pending: list[tuple[str, dict[str, Any]]] = []
        self.written: dict[str, Any] | None = None  # the view of the last entry made
        self._text: str | None = None  # the entries joined, kept until the next entry
        self.covered = 0
        self.current: dict[str, Any] | None = None
        self.key: tuple[int, int] | None = None
        self.memory: set[int] = set()
        # The last whole string and how many moves it was made for, until the present is read
        # afresh (``extend``): OpenSpiel's ISMCTS asks a state for its key up to three times.
        self._last: tuple[int, str] | None = None

    def copy(self) -> Recall:
        other = Recall()
        other.entries = self.entries[:]
        other.pending = self.pending[:]  # a view is never changed once made: shared
        other.written = self.written
        other._text = self._text
        other.covered = self.covered
        other.current = self.current
        other.key = self.key
        other.memory = set(self.memory)
        other._last = self._last
        return other

    def extend(self, seat: int, before: Sequence[Game], game: Game,
               moves: Sequence[tuple[int, str]], epoch: int) -> None:
        """Fold in the copies of ``before`` not yet covered and read the present, ``game``, if
        it is not the one read last (``epoch`` counts the times the state's game was replaced).
        Position ``k`` of ``before + [game]`` follows the move ``moves[len(moves) -
        len(before) - 1 + k]``."""
        offset = len(moves) - len(before) - 1
        n = game.players
        for k in range(self.covered, len(before)):
            # The present read at (k, epoch) is the game this copy was taken from.
            view = self.current if self.key == (k, epoch) else before[k].view(seat)
            assert view is not None
            self.pending.append((self._label(moves, offset + k), view))
            self._remember(view, seat, n)
        self.covered = len(before)
        key = (len(before), epoch)
        if self.key != key:
            self.current = game.view(seat)
            self.key = key
            self._last = None  # a present read afresh: the string is made afresh

    def _label(self, moves: Sequence[tuple[int, str]], at: int) -> str:
        """The entry's head: the move to position ``at + 1``; none for the first position."""
        if not (self.entries or self.pending) or at < 0:
            return ""
        mover, move = moves[at]
        return f"{mover}:{move}"

    def text(self, seat: int, moves: Sequence[tuple[int, str]]) -> str:
        """The history as one string: ``p<seat>``, the seat's first view (JSON), then for every
        move `` | <mover>:<move> {what changed in the view}``, the present last (made once
        for a present and its moves: asked again, the same string)."""
        last = self._last
        if last is not None and not self.pending and last[0] == len(moves):
            return last[1]
        if self.pending:
            for label, view in self.pending:
                self.entries.append(self._entry(label, view))
                self.written = view
            self.pending = []
            self._text = None
        if self._text is None:
            self._text = f"p{seat} " + " | ".join(self.entries)
        assert self.current is not None
        now = self._entry(self._label(moves, len(moves) - 1), self.current)
        text = f"{self._text} | {now}" if self.entries else f"{self._text}{now}"
        self._last = (len(moves), text)
        return text

    def _entry(self, label: str, view: dict[str, Any]) -> str:
        last = self.written
        if last is None:
            return _compact(view)
        changed = {k: v for k, v in view.items() if last.get(k) != v}
        return f"{label} {_compact(changed)}"

    def _remember(self, view: dict[str, Any], seat: int, n: int,
                  into: set[int] | None = None) -> None:
        add = (self.memory if into is None else into).add
        for p, hand in enumerate(view["hands"]):
            base = (p - seat) % n * CARDS
            for card in hand:
                if card != HIDDEN:
                    add(base + parse_card(card))
        for card in view["deck"]:
            if card != HIDDEN:
                add(n * CARDS + parse_card(card))
        for card in view["revealed"]:
            add((n + 1) * CARDS + parse_card(card))

    def memory_vector(self, seat: int, n: int) -> npt.NDArray[np.float32]:
        """Every card the seat has seen where, the present included, as zeros and ones."""
        seen = set(self.memory)
        if self.current is not None:
            self._remember(self.current, seat, n, seen)
        out = np.zeros(memory_size(n), dtype=np.float32)
        if seen:
            out[np.fromiter(seen, dtype=np.intp)] = 1
        return out


def memory_size(n: int) -> int:
    """The length of :meth:`Recall.memory_vector` for ``n`` seats."""
    return (n + len(MEMORY_PLANES)) * CARDS


__all__ = ["MEMORY_PLANES", "Recall", "memory_size", "private_part", "public_view"]
