"""The search path: legal moves and moves applied without the checks and the logs of the public
API, for code that explores many positions (the AI's search, perft, random playouts).

:meth:`Game.play <cuttle.engine.game.Game.play>` checks that a move is legal, records it in
``history`` and ``events`` and hands back copies of its lists; a search plays millions of moves it
took from the legal-move list a moment before, on copies it throws away. Here:

- :func:`moves` is the legal-move list itself (cached on the game until the next move; the caller
  must not change it), generated once per position;
- :func:`push` applies a move of that list for ``to_move`` with no legality check and no history;
- :func:`child` is a copy without history that has had ``move`` pushed, what a search expands;
- :func:`search_copy` makes the copy of a game a search starts from: no history, and an event log
  that discards what it is given, so nothing the search does is logged.

The positions and legal moves are exactly those of the checked path (the same rules code runs;
``tests/engine/test_search.py`` plays random games of every preset and variant both ways and
compares them move for move). Playing a move that is not legal here is undefined: use
:meth:`Game.play` for anything that comes from a person or a file.
"""

from __future__ import annotations

from cuttle.engine.game import Event, Game
from cuttle.engine.moves import Move


class _Discard(list[Event]):
    """An event log that keeps nothing (a search copy's events are never read)."""

    __slots__ = ()

    def append(self, item: Event) -> None:  # noqa: D102 - list.append, doing nothing
        pass


def moves(g: Game) -> list[Move]:
    """The legal moves of ``g.to_move`` in the order of :meth:`Game.legal_moves` (empty when the
    game is over). The list is the game's cache: read it, do not change it."""
    legal = g._legal
    if legal is None:
        legal = g._legal = g._generate()
    return legal


def push(g: Game, move: Move) -> None:
    """Apply ``move`` (taken from :func:`moves` of ``g``) for ``g.to_move``: no legality check,
    nothing recorded in ``history``."""
    g._legal = None
    g._apply(g.to_move, move)  # type: ignore[arg-type]  # a legal move means not over


def search_copy(g: Game) -> Game:
    """A copy of ``g`` for search: no history, and an event log that keeps nothing."""
    c = g.copy(history=False)
    c.events = _Discard()
    return c


def child(g: Game, move: Move) -> Game:
    """A copy of ``g`` (no history; its log, like ``g``'s, as :func:`search_copy` left it) with
    ``move`` pushed."""
    c = g.copy(history=False)
    c.events = g.events if isinstance(g.events, _Discard) else _Discard()
    c._legal = None
    c._apply(c.to_move, move)  # type: ignore[arg-type]
    return c


__all__ = ["child", "moves", "push", "search_copy"]
