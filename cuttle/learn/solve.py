"""Exhaustive search over the rest of one turn: can a seat force a condition against any reply?

A Cuttle turn is short (one main move, then counter windows and the choices its effect asks for),
so the tree is small and the answer exact. The lessons check their tasks with it and the threat
line's tests check their claims against it. Pure engine use: no AI, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from cuttle import Game, Move

Check = Callable[[Game], bool]
NODE_LIMIT = 200_000


class SearchTooLarge(Exception):
    """The turn had more positions than NODE_LIMIT (never for a real table: a safety net)."""


def side_won(game: Game, seat: int) -> bool:
    """``seat`` has won: itself, or its team (teams: seats 0 and 2 are ``team0``)."""
    outcome = game.outcome
    return outcome == f"p{seat}" or (game.rules.teams and outcome == f"team{seat % 2}")


def opponent_won(game: Game, seat: int) -> bool:
    """The game is over and neither ``seat`` nor its partner won it (nor was it drawn)."""
    return game.outcome not in (None, "draw") and not side_won(game, seat)


def turn_over(game: Game, start: int) -> bool:
    """The turn that ``start`` was playing is over: the game ended or the other seat is to play."""
    return game.outcome is not None or (game.phase == "main" and game.turn_player != start)


def can_force(game: Game, seat: int, check: Check, nodes: list[int] | None = None) -> bool:
    """Whether ``seat`` can make ``check`` true when the current turn ends, against any replies.

    The turn is the one of ``game.turn_player``; ``seat`` chooses its own moves, every other
    seat (at three or four, a partner too: the lesson must not count on its help) chooses
    adversarially. ``game`` is not changed.
    """
    counter = nodes if nodes is not None else [0]
    return _force(game, seat, check, game.turn_player, counter)


def _force(game: Game, seat: int, check: Check, start: int, nodes: list[int]) -> bool:
    if turn_over(game, start):
        return check(game)
    nodes[0] += 1
    if nodes[0] > NODE_LIMIT:
        raise SearchTooLarge(f"more than {NODE_LIMIT} positions in one turn")
    mine = game.to_move == seat
    for move in game.legal_moves():
        child = game.copy(history=False)
        child.play(move)
        good = _force(child, seat, check, start, nodes)
        if mine and good:
            return True
        if not mine and not good:
            return False
    return not mine


def winning_moves(game: Game) -> list[Move]:
    """The moves of the seat to play now that force its win before its turn ends."""
    seat = game.to_move
    if seat is None:
        return []
    found = []
    for move in game.legal_moves():
        child = game.copy(history=False)
        child.play(move)
        if _force(child, seat, lambda g: side_won(g, seat), game.turn_player, [0]):
            found.append(move)
    return found


def wins_next_turn(game: Game, seat: int) -> bool:
    """At the start of ``seat``'s turn (main phase, ``seat`` to play): can it force a win now?"""
    if game.outcome is not None:
        return side_won(game, seat)
    return can_force(game, seat, lambda g: side_won(g, seat))


def refutation(game: Game, seat: int, check: Check) -> Move | None:
    """For the other seat, now to move: a reply after which ``seat`` cannot force ``check``."""
    for move in game.legal_moves():
        child = game.copy(history=False)
        child.play(move)
        if not _force(child, seat, check, game.turn_player, [0]):
            return move
    return None
