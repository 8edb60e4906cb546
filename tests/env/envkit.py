"""Shared by the tests of cuttle.env: every ruleset, and random games to walk through."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cuttle import Game
from cuttle.rules import PRESETS, VARIANTS, Rules


def rulesets() -> list[str]:
    """Every preset alone and with each variant it can take."""
    out = []
    for preset in PRESETS:
        for variant in ("", *VARIANTS):
            try:
                out.append(str(Rules.parse(preset + (f"+{variant}" if variant else ""))))
            except ValueError:
                continue  # a variant that conflicts with the preset
    return out


RULESETS = rulesets()


def random_positions(rules: str, seed: int, limit: int = 400) -> Iterator[Game]:
    """Every position of one random game (the same game for the same seed), start included."""
    rng = random.Random(seed)
    g = Game.new(seed=seed, rules=rules)
    yield g
    for _ in range(limit):
        if g.outcome is not None:
            return
        g.play(rng.choice(g.legal_moves()))
        yield g
