"""The seats that wait while another moves or answers: each may still type ``help``, ``rules``,
``concede`` (asked first) or ``quit`` (the seat is kept). A player out of a cutthroat game that
goes on (``out.py``) reads ``help`` and ``rules``, watches, or types ``lobby`` (or ``quit``) to go
back to the lobby, the seat let go. Called on the match's thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cuttle import Game
from cuttle.ai import levels_for
from cuttle.play.asking import answer_of
from cuttle.serve import adapter
from cuttle.serve.adapter import Gone, Screen
from cuttle.serve.tables.out import LOBBY, prompt
from cuttle.text.describe import concede_question_at
from cuttle.text.helptext import cards_view, help_view
from cuttle.text.safetext import clean_line

if TYPE_CHECKING:
    from cuttle.serve.match import Match

QUIT = ("quit", "exit", "q")
# the level of an AI that takes over an absent player's seat (teams) when the partner names
# none: it plays a sound hand at once (hard's search keeps the table waiting at every move of
# the seat, and random or easy would throw away the game the partner chose to play on)
TAKEOVER = "medium"


def takeover_level(n: int) -> str:
    """The AI that takes a seat over at a table of ``n``: ``TAKEOVER`` when it plays that size."""
    can = levels_for(n)
    return TAKEOVER if TAKEOVER in can else can[-1]


def own_concede_question(game: Game, names: Sequence[str], p: int) -> str:
    """``concede_question_at`` as asked of ``p`` on their own screen: at three and four seats
    "Concede this game?" (a name before it, as in hot-seat, pushed a long name's question past
    the input line's 80 columns); two seats as they always were."""
    return concede_question_at(
        game, ["You" if q == p and len(names) > 2 else n for q, n in enumerate(names)], p)


class Waiting:
    """The waiting seats' input lines and their concede questions, while one seat acts."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.open: dict[int, Screen] = {}  # seat -> the screen whose waiting line is open
        self.conceding: dict[int, Screen] = {}  # the waiting seats asked "Concede?"

    def close(self) -> None:
        """The turn moved on: no line or question of it stays open."""
        for screen in {*self.open.values(), *self.conceding.values()}:
            adapter.stop_asking(screen)
            adapter.drain(screen)
        self.open.clear()
        self.conceding.clear()

    def lines(self, p: int, asked: set[Screen]) -> int | None:
        """Read what the seats other than ``p`` typed (those on ``asked`` answer a claim):
        the seat that conceded is returned."""
        m = self.match
        for o in list(m.people):
            if o == p:
                continue
            screen = m.seats.screen(o)
            if screen is None or screen in asked:
                self.open.pop(o, None)
                self.conceding.pop(o, None)
                continue
            if self.conceding.get(o) is screen:
                if self._concede_answer(o, screen):
                    return o
                continue
            if self.open.get(o) is not screen:
                name = m.session.names[o]
                out = o in m.out.seats(m.people)
                adapter.begin_read(screen, prompt(name) if out else f"{name} (waiting)> ")
                self.open[o] = screen
            try:
                got = adapter.answer(screen, 0)
            except Gone:
                self.open.pop(o, None)
                continue
            except (KeyboardInterrupt, EOFError):
                got = ""
            if got is None:
                continue
            self.open.pop(o, None)  # the line is read again after the answer
            self._command(o, p, screen, got)
        return None

    def _command(self, o: int, p: int, screen: Screen, got: str) -> None:
        m = self.match
        words = clean_line(got).lower().split()
        cmd = words[0] if words else ""
        names = m.session.names
        out = o in m.out.seats(m.people)
        if out and cmd in LOBBY:
            m.release(o, screen)
        elif cmd in QUIT:
            m.leave(o, screen, left=True)
        elif cmd == "concede" and len(words) == 1 and out:
            adapter.message(screen, "You are out of this game already: lobby goes back to the "
                                    "lobby.")
        elif cmd == "concede" and len(words) == 1:
            question = own_concede_question(m.session.game, names, o)
            adapter.begin_ask(screen, question + " [y/N]")
            self.conceding[o] = screen
        elif cmd in ("help", "?", "h"):
            adapter.panel(screen, "Help", help_view())
        elif cmd == "rules" and len(words) == 1:
            adapter.panel(screen, "Rules", cards_view(m.rules))
        elif cmd and out:
            adapter.message(screen, f"You are out; {names[p]} is to move. lobby: back to the "
                                    "lobby; or stay and watch (help, rules).")
        elif cmd:
            adapter.message(
                screen,
                f"It is {names[p]}'s turn. While you wait: help, rules, "
                "concede, or quit (your seat is kept).",
            )

    def _concede_answer(self, o: int, screen: Screen) -> bool:
        """The waiting seat ``o`` was asked whether to concede: True once it said yes."""
        try:
            got = adapter.answer(screen, 0)
        except (Gone, KeyboardInterrupt, EOFError):
            got = ""
        if got is None:
            return False
        del self.conceding[o]
        adapter.stop_asking(screen)
        if answer_of(got, False):
            return True
        adapter.message(screen, "Not conceded; play on.")
        return False
