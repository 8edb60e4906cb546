"""What an opponent keeps in hand: by rank, how much more (or less) often a card the seat cannot
see is in the opponent's hand than in the deck (``hard``'s ``prior`` option).

A player does not keep its cards at random: a 9 or a 10 is soon played for points, a queen or a 3
is kept. The table holds, for each preset and stage of the game (the deck's size), the ratio of
the times a card of each rank the seat could not see was in the opponent's hand to the times a
uniform deal puts it there, counted at the seat's decisions over many games (written by
``python benchmarks/fit_hand_prior.py``). Being constants, they read nothing of a game.
"""

from __future__ import annotations

from cuttle.rules import Rules

#: The deck sizes from which each stage starts: early (30 cards or more), middle (15 or more), late.
STAGES = (30, 15)

#: preset -> one row per stage of 13 ratios, ace to king.
PRIOR: dict[str, tuple[tuple[float, ...], ...]] = {
    "classic": (
        (1.36, 1.26, 1.50, 0.80, 0.92, 0.89, 0.92, 0.65, 0.52, 0.41, 1.26, 1.72, 0.63),
        (1.62, 1.52, 2.24, 0.37, 0.43, 0.72, 0.32, 0.41, 0.28, 0.31, 1.32, 1.98, 0.38),
        (1.06, 1.27, 1.57, 0.78, 0.59, 0.64, 0.58, 0.48, 0.37, 0.46, 1.11, 1.55, 0.72),
    ),
    "cuttlecards": (
        (1.27, 1.21, 1.40, 0.82, 0.64, 0.86, 0.76, 0.86, 0.60, 0.47, 1.29, 1.91, 0.74),
        (1.59, 1.33, 1.65, 0.38, 0.47, 0.61, 0.39, 0.36, 0.37, 0.33, 1.59, 2.54, 0.67),
        (1.51, 1.34, 1.27, 0.55, 0.48, 0.72, 0.48, 0.77, 0.45, 0.48, 1.09, 1.74, 0.86),
    ),
}


def stage(deck_size: int) -> int:
    """The stage of the game (a row of :data:`PRIOR`) for a deck of ``deck_size`` cards."""
    return sum(deck_size < s for s in STAGES)


def rank_weights(rules: Rules, deck_size: int, strength: float = 1.0) -> list[float]:
    """The weight of each rank (ace to king, then the jokers at 1) for a deal under ``rules``
    with ``deck_size`` cards in the deck: the table's ratio raised to ``strength`` (0: uniform).
    Rule sets other than the presets use their preset's table."""
    rows = PRIOR.get(rules.preset) or PRIOR["classic"]
    return [r ** strength for r in rows[stage(deck_size)]] + [1.0]
