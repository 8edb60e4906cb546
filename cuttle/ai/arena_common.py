"""What the arena of two seats (:mod:`cuttle.ai.arena`) and of three or four
(:mod:`cuttle.ai.table_arena`) share: the seeds of deals and players, the 95% interval, the
longest game."""

from __future__ import annotations

import math
import random

MAX_PLIES = 5000  # a safety net: a game this long is scored as a draw


def _derive(seed: int, *parts: object) -> int:
    return random.Random(":".join(map(str, (seed,) + parts))).getrandbits(31)


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``wins / n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


__all__ = ["MAX_PLIES", "wilson"]
