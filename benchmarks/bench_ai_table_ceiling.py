"""The ceiling hidden information puts on ``hard`` at a table of three: hard that sees the cards.

Not a player (it cheats): during its decisions the search's deals are the true game, so its
simulations play the real hands (``--sees all``: the deck's order too; ``--sees hands``: every
hand, the deck shuffled afresh for each deal). Everything else is today's ``hard``: the same
pruning, budget, model of the other seats and leaf. Against the same opponents on the same deals
as a fair run (the arena is deterministic), the difference is what the cards the seat cannot see
cost it, and so the most a better reading of them (inference from the other seats' moves) could
win back.

    python benchmarks/bench_ai_table_ceiling.py --seed 9951 --games 300 --sees all \
        --log benchmarks/arena/modes-seventh-ceiling-all-9951.jsonl
    python benchmarks/bench_ai_table_ceiling.py --seed 9451 --games 120 --sees all \
        --opponent openspiel:ismcts --log ...

Then ``python benchmarks/bench_ai_modes_pair.py LOG FAIR_LOG`` pairs it with the fair run. Like
``cuttle arena --log``, the log is appended to, never overwritten.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from typing import Any

import cuttle.ai.base as ai_base
import cuttle.ai.pimc as pimc
import cuttle.ai.pimc_table as pimc_table
from cuttle import Game
from cuttle.ai.base import Player
from cuttle.ai.table_arena import (
    TableMatch,
    TableResult,
    labels_of,
    play_table_game,
    summarize_table,
    table_report,
)
from cuttle.commands.arena import parse_seat, seat_player
from cuttle.engine.phases import MAIN

RULES = "classic+cutthroat"


class _Truth:
    """The true game while the oracle decides (None otherwise), and what it sees."""

    game: Game | None = None
    hands_only = False


def _seen(g: Game, rng: random.Random) -> Game:
    c = g.copy(history=False)
    if _Truth.hands_only:
        rng.shuffle(c.deck)
    return c


_fair_simulation = ai_base.simulation
_fair_redeal = Game.redeal


def _simulation(view: Any, rng: random.Random) -> Game:
    g = _Truth.game
    return _seen(g, rng) if g is not None else _fair_simulation(view, rng)


def _redeal(self: Game, seat: int, rng: random.Random) -> Game:
    if _Truth.game is not None:
        return _seen(self, rng)
    return _fair_redeal(self, seat, rng)


def install() -> None:
    """Route the search's deals through :class:`_Truth` (a no-op while nobody cheats)."""
    ai_base.simulation = _simulation  # type: ignore[assignment]
    pimc.simulation = _simulation  # type: ignore[assignment]
    pimc_table.simulation = _simulation  # type: ignore[assignment]
    Game.redeal = _redeal  # type: ignore[method-assign,assignment]


def uninstall() -> None:
    """Undo :func:`install`."""
    ai_base.simulation = _fair_simulation
    pimc.simulation = _fair_simulation
    pimc_table.simulation = _fair_simulation
    Game.redeal = _fair_redeal  # type: ignore[method-assign]


class Oracle:
    """A player whose decisions are searched on the true game, but the first ``blind`` of its
    own turns (decided fairly, as ``--blind-first`` asks)."""

    blind = 0

    def __init__(self, player: Player) -> None:
        self.player = player
        self.turns = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def choose(self, game: Game) -> Any:
        if game.phase == MAIN and game.turn_player == game.to_move:
            self.turns += 1
            if self.turns <= Oracle.blind:
                return self.player.choose(game)
        elif self.turns < Oracle.blind:
            return self.player.choose(game)  # a window before its blind turns are over
        _Truth.game = game
        try:
            return self.player.choose(game)
        finally:
            _Truth.game = None


def factory(name: str, seed: int | None = None, **options: Any) -> Any:
    """The arena's factory: ``hard`` is the oracle, any other seat plays fairly."""
    player = seat_player(name, seed=seed, **options)
    return Oracle(player) if name == "hard" else player


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--sees", choices=("all", "hands"), default="all")
    ap.add_argument("--blind-first", type=int, default=0, metavar="K",
                    help="decide the first K of its own turns fairly (and the windows before "
                         "them): what seeing the cards is worth after the others have moved")
    ap.add_argument("--opponent", default="medium", help="both other seats (a seat spec)")
    ap.add_argument("--player", default="hard",
                    help="the sighted seat: hard with options, e.g. hard:others=race")
    ap.add_argument("--log", required=True)
    args = ap.parse_args(argv)
    name, opts = parse_seat(args.opponent)
    me, mine = parse_seat(args.player)
    if me != "hard":
        ap.error("--player: the sighted seat is hard (with any of its options)")
    install()  # once the arguments are good: nothing is rerouted for a refused run
    _Truth.hands_only = args.sees == "hands"
    Oracle.blind = args.blind_first
    match = TableMatch(("hard", name, name), (mine, opts, opts), args.games, args.seed, RULES,
                       factory)
    results: list[TableResult] = []
    with open(args.log, "a", encoding="utf-8") as f:  # appended to, as `cuttle arena --log`
        for i in range(args.games):
            r = play_table_game(match, i)
            results.append(r)
            f.write(json.dumps(dataclasses.asdict(r)) + "\n")  # as `cuttle arena --log`
            f.flush()
    blind = f", blind for {args.blind_first} turns" if args.blind_first else ""
    labels = labels_of([f"{args.player} (sees {args.sees}{blind})", args.opponent, args.opponent])
    print(table_report(summarize_table(match, results, labels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
