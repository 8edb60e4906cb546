"""AI players for Cuttle, and the arena that measures them (docs/ai.md).

>>> from cuttle import Game
>>> from cuttle.ai import make_player
>>> g = Game.new(seed=1)
>>> bot = make_player("medium", seed=7)
>>> move = bot.choose(g)            # a legal move for g.to_move, decided from its view only
>>> move, why = bot.explain(g)      # the same move, and a few words saying why

Levels: ``random`` (uniform), ``easy`` (a plain heuristic), ``medium`` (the strong heuristic),
``hard`` (a search over sampled deals of the cards it cannot see: ``cuttle.ai.pimc``).
``levels_for(players)`` names the levels that play a table of that many seats.
"""

from __future__ import annotations

from typing import Any

from cuttle.ai.base import Player
from cuttle.ai.levels import LEVELS, levels_for, player_class
from cuttle.words import plural

__all__ = ["LEVELS", "Player", "levels_for", "make_player"]


def make_player(level: str, seed: int | None = None, **options: Any) -> Player:
    """A player of the given level. ``seed`` makes its choices reproducible.

    Options (``hard`` only): ``iterations`` (search budget in simulations, default 400),
    ``think`` (seconds per decision instead of an iteration budget), ``depth``, ``deep`` and
    ``finalists`` (the last candidates searched one round deeper, ``deep`` simulations each;
    ``deep`` is 0, off, by default),
    ``opponent``, ``eval`` (``"learned"``, the default, or ``"heuristic"``), ``scale``, ``keep``,
    and ``method`` (``"minimax"``, the default search, or ``"ismcts"``, the older tree search
    with its own options). See docs/ai.md.
    Raises ValueError for an unknown level or option, or a value out of its range.
    """
    name = str(level).strip().lower()
    if name not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")
    if name == "hard":
        method = options.pop("method", "minimax")
        if method == "ismcts":
            from cuttle.ai.ismcts import SearchPlayer

            return SearchPlayer(seed=seed, **options)
        if method != "minimax":
            raise ValueError(f"method must be 'minimax' or 'ismcts', not {method!r}")
        return player_class("hard")(seed=seed, **options)
    if options:
        raise ValueError(
            f"unknown {plural('option', len(options))} for AI level {name!r}: "
            f"{', '.join(sorted(options))}"
            " (only 'hard' takes options)"
        )
    return player_class(name)(seed)
