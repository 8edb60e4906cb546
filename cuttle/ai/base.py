"""The player interface, and the one place where a player looks at a game.

:meth:`Player.choose` is the only method that touches the real :class:`~cuttle.Game`: it takes the
acting seat's view (``game.view(seat)``) and the seat's own legal moves, and hands those to
:meth:`Player.decide`. Everything a player does after that (evaluation, simulation, search) works
from the view, and simulations run on ``Game.from_view(view, rng)``: a game whose hidden cards are
re-dealt at random. So no level can read a card its seat cannot see.
"""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

from cuttle import Game, Move
from cuttle.ai.options import Spec, check_options
from cuttle.engine.phases import COUNTER_PHASE, RESPOND_ROYAL

View = dict[str, Any]
#: The windows in which being forced (holding no 2, no 9) is not public.
HIDDEN_FORCED = (COUNTER_PHASE, RESPOND_ROYAL)


def seats_refusal(level: str, players: int, most: int = 2) -> str:
    """Why the ``level`` AI, which plays at most ``most`` seats, cannot take a seat at a table
    of ``players``, in one line (``cuttle.ai.levels.levels_for`` lists the levels that can)."""
    if most <= 2:
        return f"the {level} AI plays two-player games only, not a table of {players}"
    return f"the {level} AI plays at most {most} seats, not a table of {players}"


class Player:
    """Base class of the AI players. Subclasses implement :meth:`decide`."""

    level = "base"
    #: The most seats at a table this player can play at (``cuttle.ai.levels.levels_for`` reads
    #: it); a player asked to move at a bigger table refuses before it reads anything.
    max_players = 2
    #: The player thinks over a forced move too where being forced depends on hidden cards (the
    #: windows of answers: no 2, no 9 in hand), so its time does not tell the hand.
    hides_forced = False

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and not isinstance(seed, int):
            raise ValueError(f"seed must be an int or None, not {seed!r}")
        self.seed = seed
        self._entropy = random.Random()
        #: The moves played so far, as ``(player, move)``: public, both players saw them all
        #: (set by :meth:`pick` before :meth:`decide`; empty for a position without history).
        self.public_history: list[tuple[int, Move]] = []

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed!r})"

    # -- the only access to the real game ------------------------------------------------------
    def choose(self, game: Game) -> Move:
        """A legal move for ``game.to_move``, decided from that seat's view only."""
        return self.pick(game)[0]

    def explain(
        self, game: Game, names: tuple[str, ...] = ("you", "the AI")
    ) -> tuple[Move, str]:
        """The move this player picks for ``game.to_move`` and why, in plain words naming the
        position's cards and numbers (``cuttle.ai.explain``); the player's own note follows.
        ``names`` say how the reason calls the seat to move and its opponent; at three or four
        seats a name a seat ("blocks Carol's win"), or the mover's only (the others are then
        ``seat N``)."""
        from cuttle.ai.explain import explain_choice

        move, why = self.pick(game)
        return move, explain_choice(game, move, why, getattr(self, "last_values", None), names)

    def pick(self, game: Game) -> tuple[Move, str]:
        """The move and the player's own short note ("wins now", "best by search: ...")."""
        seat = game.to_move
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        if game.players > self.max_players:
            raise ValueError(seats_refusal(self.level, game.players, self.max_players))
        view = game.view(seat)
        self.public_history = list(game.history)
        moves = game.legal_moves()  # the seat's own options: a function of its view
        if not moves:
            raise ValueError("no legal move in this position")
        if len(moves) == 1:
            if self.hides_forced and game.phase in HIDDEN_FORCED:
                self.decide(view, seat, moves, self.rng_for(view))  # the same work as a choice
            return moves[0], "the only legal move"
        return self.decide(view, seat, moves, self.rng_for(view))

    # -- what subclasses implement ---------------------------------------------------------------
    def decide(
        self, view: View, seat: int, moves: list[Move], rng: random.Random
    ) -> tuple[Move, str]:
        raise NotImplementedError

    def rng_for(self, view: View) -> random.Random:
        """The random source of one decision: a function of the seed and the view when seeded (so
        a seeded player picks the same move in the same situation, whatever came before)."""
        if self.seed is None:
            return random.Random(self._entropy.getrandbits(64))
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        return random.Random((self.seed << 32) ^ zlib.crc32(text.encode()))


def search_options(specs: dict[str, tuple[Spec, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """The ``hard`` level's options merged over the defaults of ``specs``, each checked
    (:func:`cuttle.ai.options.check_options`): unknown names, non-finite or out-of-range values
    raise ValueError naming them."""
    return check_options(specs, options)


def simulation(view: View, rng: random.Random) -> Game:
    """A full game consistent with ``view``: the hidden cards re-dealt at random."""
    return Game.from_view(view, rng)
