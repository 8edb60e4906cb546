"""``cuttle arena``: the arena of ``cuttle.ai.arena``, with OpenSpiel's bots as seats too.

A seat is an AI level (``hard:iterations=300``) or ``openspiel:BOT`` with options
(``openspiel:ismcts``, ``openspiel:mcts:simulations=200,uct_c=1.4``; docs/env.md), played by
``cuttle.env.bots.OpenSpielPlayer`` from its seat's view. ``cuttle.env`` and OpenSpiel are
imported only when such a seat is asked for, never by ``cuttle --help`` or the game.
"""

from __future__ import annotations

import argparse
from typing import Any

from cuttle.ai import Player, make_player
from cuttle.ai import arena as ai_arena

OPENSPIEL = "openspiel:"
MISSING = ("OpenSpiel bots need the research extra: pip install 'cuttle[research]' "
           "(OpenSpiel is not installed here)")


def parse_seat(spec: str) -> tuple[str, dict[str, Any]]:
    """A seat's spec as ``(name, options)``: a level (``ai.arena.parse_level``) or
    ``openspiel:BOT[:options]``. Raises ValueError naming the problem."""
    if not spec.strip().lower().startswith(OPENSPIEL):
        return ai_arena.parse_level(spec)
    bot, _, rest = spec.strip()[len(OPENSPIEL):].partition(":")
    name = OPENSPIEL + bot.strip().lower()
    options = ai_arena.parse_options(rest, spec)
    seat_player(name, seed=0, **options)  # validate now, in the parent process
    return name, options


def seat_player(name: str, seed: int | None = None, **options: Any) -> Player:
    """The player of a parsed seat (the arena's factory; runs in its worker processes too)."""
    if not name.startswith(OPENSPIEL):
        return make_player(name, seed=seed, **options)
    try:
        from cuttle.env.bots import OpenSpielPlayer
    except ImportError:
        raise ValueError(MISSING) from None
    return OpenSpielPlayer(name[len(OPENSPIEL):], seed=seed, **options)


def run_cli(args: argparse.Namespace) -> int:
    """``cuttle arena`` with OpenSpiel seats, at a table of two, three or four."""
    return ai_arena.run_cli(args, parse=parse_seat, factory=seat_player)


def register(subparsers: Any) -> None:
    """Add the ``arena`` subcommand to the ``cuttle`` parser."""
    parser = ai_arena.register(subparsers)
    parser.description = (parser.description or "") + (
        " A seat may also be an OpenSpiel bot: openspiel:ismcts, openspiel:mcts or "
        "openspiel:random, with options such as openspiel:ismcts:simulations=200 "
        "(needs the research extra; docs/env.md), at any table size."
    )
    parser.set_defaults(func=run_cli)


__all__ = ["parse_seat", "register", "run_cli", "seat_player"]
