"""Shared by the tests of cuttle.env: every ruleset, and random games to walk through."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cuttle import Game
from cuttle.rules import MODES, PRESETS, VARIANTS, Rules


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


#: The games of three and four seats: each preset in each mode (RULES.md section 4).
MODE_RULESETS = [str(Rules.parse(f"{preset}+{mode}")) for mode in MODES for preset in PRESETS]
#: Every preset alone and with each variant (two seats), then the modes (their variants are
#: the presets' own code, tested at two seats: the modes add seats, not rules of a card).
RULESETS = rulesets() + MODE_RULESETS


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
