"""The observation vector of one seat: a fixed layout of floats read from that seat's view only.

:func:`observe` takes any :class:`~cuttle.Game` and a seat and reads ``game.view(seat)``, the
engine's one definition of what a seat may see, so no hidden card can reach the vector (of the
game itself it reads only the rules, for the goals). Seats are relative:
block ``r`` describes the seat ``r`` places after the observer (``r = 0`` is the observer), so one
policy serves every seat. The layout for ``n`` seats (:func:`layout`; docs/env.md draws it):

1. ``cards``: ``(4n + 7) x 54`` zeros and ones, one plane of 54 cards (``cuttle.cards`` numbers:
   A-K by suit, jokers 52 and 53) after another: the hand of each relative seat (the observer's
   whole hand; of the others, the cards the observer sees), the point cards each seat controls,
   each seat's permanents, the jacks (and jokers) on the stacks each seat controls, then the
   scrap, the counter stack, the target of the stack's one-off, the cards a seven revealed, the
   deck cards the observer knows, the frozen cards, and the cards the observer cannot place.
2. ``seats``: 8 numbers per relative seat: hand size / 54, score / 220, goal / 21, kings / 4,
   queens / 4, glasses (0 or 1), point cards / 40, out (1 for a cutthroat seat that conceded).
3. ``table``: the phase one-hot (``PHASES``, 12 slots, 3 of them spare), whose move it is and
   whose turn (one-hot over relative seats each), the deck / 54, the scrap / 54, the stack's
   length / 10, the passes / 5, and who played the stack's bottom card (one-hot, zeros if none).

Every number is divided by the largest value it can reach (54 cards in a hand, 220 points: every
point card, 40 point cards, a goal of 21, the 5 passes that end a table of four), so all lie in
[0, 1] unclipped and no two reachable values look alike.

Two seats: 810 + 16 + 22 = 848 numbers. Three and four seats have the same blocks, one per seat
where the blocks are per seat (``layout(n)`` gives the offsets): 1,075 and 1,302 numbers.
"""

from __future__ import annotations

from functools import lru_cache
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
SEAT_FEATURES = ("hand", "score", "goal", "kings", "queens", "glasses", "point_cards", "out")
#: The largest value of each scaled number: a hand of every card, the points of every point card
#: (4 x (1 + ... + 10)), the highest goal, every point card, the stack of a one-off and its eight
#: counters (under ten-counters-scuttle) with room, the passes that end a table of four.
MAX_HAND, MAX_SCORE, MAX_GOAL, MAX_POINT_CARDS, MAX_STACK, MAX_PASSES = 54, 220, 21, 40, 10, 5
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


@lru_cache(maxsize=8)
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


@lru_cache(maxsize=8)
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
    """The vector of a view ``seat`` holds; of ``game`` it reads only the rules (the goals)."""
    out = np.zeros(size(n), dtype=np.float32)
    ones: list[int] = []  # flat indices of the card planes set to 1
    add = ones.append
    shared = 4 * n * CARDS

    def rel(p: int) -> int:
        return (p - seat) % n

    for p in range(n):
        r = rel(p)
        for text in view["hands"][p]:
            if text != HIDDEN:
                add(r * CARDS + _card(text))
        for zone, plane in (("points", n + r), ("permanents", 2 * n + r)):
            for entry in view[zone][p]:
                base, *on_top = entry.split("+")
                add(plane * CARDS + _card(base))
                for jack in on_top:
                    add((3 * n + r) * CARDS + _card(jack))
    for text in view["scrap"]:
        add(shared + _card(text))
    for i, item in enumerate(view["stack"]):
        words = [w for w in item["move"].split()[1:] if w[0] not in "@>"]
        if words:
            add(shared + CARDS + _card(words[0]))
        if i == 0 and len(words) > 1:
            add(shared + 2 * CARDS + _card(words[1]))
    for text in view["revealed"]:
        add(shared + 3 * CARDS + _card(text))
    for text in view["deck"]:
        if text != HIDDEN:
            add(shared + 4 * CARDS + _card(text))
    for text in view["frozen"]:
        add(shared + 5 * CARDS + _card(text))
    # The cards the view places nowhere: every plane above but the frozen (they are in hand).
    seen = {i % CARDS for i in ones}
    total = CARDS if game.rules.jokers or n > 2 else 52
    ones += [shared + 6 * CARDS + c for c in range(total) if c not in seen]
    out[np.array(ones, dtype=np.intp)] = 1  # an index array: a list index is 30 times slower

    at = (4 * n + len(SHARED_PLANES)) * CARDS
    goals = game.rules.goals
    outs = view.get("out") or ()
    for p in range(n):
        base = at + rel(p) * len(SEAT_FEATURES)
        perms = [_card(e.split("+")[0]) // 4 for e in view["permanents"][p]]
        points = [_card(e.split("+")[0]) // 4 + 1 for e in view["points"][p]]
        kings = perms.count(12)
        out[base:base + len(SEAT_FEATURES)] = (
            len(view["hands"][p]) / MAX_HAND, sum(points) / MAX_SCORE,
            goals[min(kings, 4)] / MAX_GOAL, kings / 4, perms.count(11) / 4,
            1.0 if 7 in perms else 0.0, len(points) / MAX_POINT_CARDS,
            1.0 if p in outs else 0.0,
        )
    at += n * len(SEAT_FEATURES)
    out[at + PHASES.index(view["phase"])] = 1
    at += len(PHASES)
    if view.get("to_move") is not None:
        out[at + rel(view["to_move"])] = 1
    at += n
    out[at + rel(view["turn_player"])] = 1
    at += n
    out[at:at + 4] = (len(view["deck"]) / CARDS, len(view["scrap"]) / CARDS,
                      len(view["stack"]) / MAX_STACK, view.get("passes", 0) / MAX_PASSES)
    at += 4
    if view["stack"]:
        out[at + rel(view["stack"][0]["player"])] = 1
    return out


__all__ = ["MAX_HAND", "MAX_PASSES", "MAX_POINT_CARDS", "MAX_SCORE", "PHASES", "SEAT_FEATURES",
           "SHARED_PLANES", "encode_view", "layout", "observe", "seats_of", "size"]
