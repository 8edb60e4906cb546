"""The people put out of a cutthroat game that goes on (they conceded, or were claimed out).

Such a player is told, once, that they are out and that the others play on, and chooses: ``lobby``
(or ``quit``) goes back to the lobby, the seat let go (no hold, no countdown on the others'
screens, free to open or join another game at once; ``watch ID`` follows this one), or they stay
and watch. While out, their screen shows only what is public (the spectators' board, with their
own seat still below). At the end a person out who went to the lobby (or whose connection is gone)
is not waited for: the others are asked for a rematch with an AI in that seat.
Called on the match's thread, but for ``released`` (any thread).
"""

from __future__ import annotations

import dataclasses
import threading

from cuttle import Game
from cuttle.play.session import GameSession
from cuttle.serve.spectators import public_model
from cuttle.text.render import TableModel

LOBBY = ("lobby", "quit", "exit", "q")  # an out player's way back to the lobby, whatever follows


def out_words(names: tuple[str, ...], p: int, game: Game) -> str:
    """What the player of ``p`` is told once out: who plays on, and the two ways on."""
    playing = [names[q] for q in range(len(names)) if q not in game.seats.out]
    on = " and ".join(playing) if len(playing) == 2 else ", ".join(playing)
    return (f"You are out of this game; {on} play on. Type lobby to go back to the lobby, or stay "
            "and watch: you see what anyone watching sees.")


def prompt(name: str) -> str:
    """The input line of an out player (it says the way out)."""
    return f"{name} (out · lobby leaves)> "


class OutSeats:
    """Who is out of the game, who of them was told, and who went back to the lobby."""

    def __init__(self, session: GameSession, lock: threading.RLock) -> None:
        self.session = session
        self.lock = lock
        self.told: dict[int, str] = {}  # told they are out (on the screen they had then): how
        self.gone: set[int] = set()  # went back to the lobby: the seat let go

    def seats(self, people: list[int]) -> set[int]:
        """The people's seats out of the game while it goes on (none once it is over)."""
        g = self.session.game
        if g.players < 3 or g.rules.teams or g.outcome is not None:
            return set()
        return {p for p in g.seats.out if p in people}

    def released(self, seat: int) -> bool:
        """The seat's player was out and went back to the lobby (any thread)."""
        with self.lock:
            return seat in self.gone

    def release(self, seat: int) -> None:
        with self.lock:
            self.gone.add(seat)

    def model(self, p: int) -> TableModel:
        """What the out seat ``p`` sees: the public table, their own seat below."""
        g = self.session.game
        status = (f"You are out · {self.session.names[g.to_move]} to move…"
                  if g.to_move is not None else "You are out.")
        return dataclasses.replace(public_model(self.session), bottom_seat=p, status=status)

    def event_model(self, p: int, highlight: frozenset[str]) -> TableModel:
        """A step of the game as the out seat ``p`` sees it (public, like a spectator)."""
        return dataclasses.replace(self.model(p), highlight=public_model(
            self.session, highlight).highlight)

    def left_at_the_end(self, people: list[int], there: set[int]) -> list[int]:
        """The people out of the game who are not at the table at its end (went to the lobby,
        or their connection is gone): not waited for by a rematch."""
        g = self.session.game
        if g.players < 3 or g.rules.teams:
            return []
        return [p for p in people if p in g.seats.out and p not in there]
