"""The observation vector of one seat: a fixed layout of floats read from that seat's view only.

:func:`observe` takes any :class:`~cuttle.Game` and a seat and reads ``game.view(seat)``, the
engine's one definition of what a seat may see, so no hidden card can reach the vector; the
scores and goals it adds are public (functions of the cards on the table). Seats are relative:
block ``r`` describes the seat ``r`` places after the observer (``r = 0`` is the observer), so one
policy serves every seat. The layout for ``n`` seats (:func:`layout`; docs/env.md draws it):

1. ``cards``: ``(4n + 7) x 54`` zeros and ones, one plane of 54 cards (``cuttle.cards`` numbers:
   A-K by suit, jokers 52 and 53) after another: the hand of each relative seat (the observer's
   whole hand; of the others, the cards the observer sees), the point cards each seat controls,
   each seat's permanents, the jacks (and jokers) on the stacks each seat controls, then the
   scrap, the counter stack, the target of the stack's one-off, the cards a seven revealed, the
   deck cards the observer knows, the frozen cards, and the cards the observer cannot place.
2. ``seats``: 7 numbers per relative seat: hand size / 8, score / 21, goal / 21, kings / 4,
   queens / 4, glasses (0 or 1), point cards / 10.
3. ``table``: the phase one-hot (``PHASES``, 12 slots, 3 of them spare), whose move it is and
   whose turn (one-hot over relative seats each), the deck / 54, the scrap / 54, the stack's
   length / 10, the passes / 3, and who played the stack's bottom card (one-hot, zeros if none).

Two seats: 810 + 14 + 22 = 846 numbers. Three and four seats append blocks; nothing else moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cuttle import Game
from cuttle.cards import HIDDEN, parse_card

PHASES = (
    "main", "counter", "resolve_three", "resolve_four", "resolve_five", "resolve_seven",
    "hand_limit", "over", "respond_royal", "spare_1", "spare_2", "spare_3",
)
CARDS = 54
SEAT_FEATURES = ("hand", "score", "goal", "kings", "queens", "glasses", "point_cards")
SHARED_PLANES = ("scrap", "stack", "stack_target", "revealed", "deck_known", "frozen", "unseen")

_CARD: dict[str, int] = {}


def _card(text: str) -> int:
    """A card of a view entry, seat marks (``@1``, ``>0``) dropped."""
    found = _CARD.get(text)
    if found is None:
        found = _CARD[text] = parse_card(text.split("@")[0].split(">")[0])
    return found


def seats_of(game: Game) -> int:
    """The number of seats of ``game`` (2 on an engine without ``Game.players``)."""
    return int(getattr(game, "players", 2))


def layout(seats: int = 2) -> list[tuple[str, int, int]]:
    """``(name, start, length)`` of each block of the vector for ``seats`` seats."""
    planes = [f"{zone}_{r}" for zone in ("hand", "points", "permanents", "jacks")
              for r in range(seats)] + list(SHARED_PLANES)
    out: list[tuple[str, int, int]] = []
    at = 0
    for name in planes:
        out.append((f"cards.{name}", at, CARDS))
        at += CARDS
    for r in range(seats):
        for feature in SEAT_FEATURES:
            out.append((f"seats.{r}.{feature}", at, 1))
            at += 1
    for name, size in (("phase", len(PHASES)), ("to_move", seats), ("turn", seats),
                       ("deck", 1), ("scrap", 1), ("stack", 1), ("passes", 1),
                       ("stack_player", seats)):
        out.append((f"table.{name}", at, size))
        at += size
    return out


def size(seats: int = 2) -> int:
    """The length of the vector for ``seats`` seats (846 for two)."""
    name, start, length = layout(seats)[-1]
    return start + length


def observe(game: Game, seat: int) -> npt.NDArray[np.float32]:
    """The observation of ``seat`` in ``game`` (any phase, also once it is over)."""
    view = game.view(seat)
    n = seats_of(game)
    return encode_view(view, seat, n, game)


def encode_view(view: dict[str, Any], seat: int, n: int, game: Game) -> npt.NDArray[np.float32]:
    """The vector of a view ``seat`` holds; ``game`` gives the public scores and goals."""
    out = np.zeros(size(n), dtype=np.float32)
    cards = out[: (4 * n + len(SHARED_PLANES)) * CARDS].reshape(-1, CARDS)

    def rel(p: int) -> int:
        return (p - seat) % n

    for p in range(n):
        r = rel(p)
        for text in view["hands"][p]:
            if text != HIDDEN:
                cards[r, _card(text)] = 1
        for entry in view["points"][p]:
            base, *on_top = entry.split("+")
            cards[n + r, _card(base)] = 1
            for jack in on_top:
                cards[3 * n + r, _card(jack)] = 1
        for entry in view["permanents"][p]:
            base, *on_top = entry.split("+")
            cards[2 * n + r, _card(base)] = 1
            for joker in on_top:
                cards[3 * n + r, _card(joker)] = 1
    shared = 4 * n
    for text in view["scrap"]:
        cards[shared, _card(text)] = 1
    for i, item in enumerate(view["stack"]):
        words = [w for w in item["move"].split()[1:] if w[0] not in "@>"]
        if words:
            cards[shared + 1, _card(words[0])] = 1
        if i == 0 and len(words) > 1:
            cards[shared + 2, _card(words[1])] = 1
    for text in view["revealed"]:
        cards[shared + 3, _card(text)] = 1
    for text in view["deck"]:
        if text != HIDDEN:
            cards[shared + 4, _card(text)] = 1
    for text in view["frozen"]:
        cards[shared + 5, _card(text)] = 1
    seen = cards[: shared + 5].max(axis=0)  # every zone above: what the view places
    total = CARDS if game.rules.jokers or n > 2 else 52
    cards[shared + 6, :total] = 1 - seen[:total]

    at = cards.size
    for p in range(n):
        r = rel(p)
        base = at + r * len(SEAT_FEATURES)
        perms = [_card(e.split("+")[0]) for e in view["permanents"][p]]
        out[base] = len(view["hands"][p]) / 8
        out[base + 1] = game.score(p) / 21
        out[base + 2] = game.goal(p) / 21
        out[base + 3] = sum(1 for c in perms if c // 4 == 12) / 4
        out[base + 4] = sum(1 for c in perms if c // 4 == 11) / 4
        out[base + 5] = 1.0 if any(c // 4 == 7 for c in perms) else 0.0
        out[base + 6] = len(view["points"][p]) / 10
    at += n * len(SEAT_FEATURES)
    out[at + PHASES.index(view["phase"])] = 1
    at += len(PHASES)
    if view.get("to_move") is not None:
        out[at + rel(view["to_move"])] = 1
    at += n
    out[at + rel(view["turn_player"])] = 1
    at += n
    out[at] = len(view["deck"]) / CARDS
    out[at + 1] = len(view["scrap"]) / CARDS
    out[at + 2] = len(view["stack"]) / 10
    out[at + 3] = view.get("passes", 0) / 3
    at += 4
    if view["stack"]:
        out[at + rel(view["stack"][0]["player"])] = 1
    return out


__all__ = ["PHASES", "SEAT_FEATURES", "SHARED_PLANES", "encode_view", "layout", "observe",
           "seats_of", "size"]
