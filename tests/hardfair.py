"""The fair-play check every option of ``hard`` at a table passes (docs/ai.md, "Fair play")."""

from __future__ import annotations

import random
from typing import Any

from cuttle import Game
from cuttle.ai import make_player


def same_move_when_redealt(g: Game, opts: dict[str, Any], rng: random.Random) -> None:
    """``hard`` with ``opts`` makes one move on ``g`` under one seed, twice, and the same move
    again after every card its seat cannot see is re-dealt (the seat's view unchanged)."""
    seat = g.to_move
    assert seat is not None
    first = make_player("hard", seed=3, **opts).choose(g)
    assert make_player("hard", seed=3, **opts).choose(g) is first
    other = g.redeal(seat, rng)
    other.history = g.history[:]
    assert other.view(seat) == g.view(seat)
    assert make_player("hard", seed=3, **opts).choose(other) is first
