"""The claim against a seat whose player is away past the hold, or idle past ``--idle`` on their
move or answer: it is offered to every other person at the table who is there.

With two seats the opponent is asked to claim the game (won against the absent player). In
cutthroat every other person may claim: the absent player concedes and is out, the game goes on.
In teams the opponents may claim the game (the absent player's team concedes); the partner is
asked too, and may answer ``ai [LEVEL]``: an AI of that level (``medium`` when none is named)
takes the seat and the game goes on (``y``: the team concedes); a level that is not one is
said in one line and the question asked again. A question whose reason is gone (the player is
back, or typed) is withdrawn, and an answer counts only while the reason holds.
Called on the match's thread.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Literal

from cuttle.ai import levels_for
from cuttle.play.asking import answer_of
from cuttle.play.session import Seat
from cuttle.serve import adapter
from cuttle.serve.adapter import Gone, Screen
from cuttle.serve.tables import notices
from cuttle.serve.tables.waiting import takeover_level
from cuttle.serve.timers import Timers
from cuttle.text.people import ai_seat_names

if TYPE_CHECKING:
    from cuttle.serve.match import Match

# what was chosen, by which seat, and the AI's level (``ai``; "" for a claim)
Verdict = tuple[Literal["claim", "ai"], int, str]


class Claims:
    """The claim on offer against the seat to move (one at a time), and who is asked."""

    def __init__(self, timers: Timers, n: int, teams: bool) -> None:
        self.timers = timers
        self.seats = timers.seats
        self.n = n
        self.teams = teams
        self.asked: dict[int, Screen] = {}  # seat -> the screen asked
        self.questions: dict[int, str] = {}  # seat -> the question it was asked
        self.said: dict[Screen, str] = {}  # the line said before a question (gone with it)
        self.offer_after = 0.0  # when the claim may be offered again after every no
        self.against: int | None = None  # the seat the questions open are about

    def partner(self, p: int, o: int) -> bool:
        return self.teams and (o - p) % 4 == 2

    def withdraw(self) -> None:
        """The turn moved on: no question of it stays open, nor what was said before it."""
        for screen in self.asked.values():
            adapter.stop_asking(screen)
            adapter.drain(screen)
        for screen, said in self.said.items():
            adapter.remove_message(screen, said)
        self.asked, self.said = {}, {}
        self.timers.untell()

    def reset(self) -> None:
        """A new move or answer is awaited."""
        self.offer_after = 0.0

    def step(self, p: int, since: float, names: tuple[str, ...],
             busy: Collection[int] = ()) -> Verdict | None:
        """Past the hold (away) or the idle time (on their move, since ``since``), the others
        of ``p`` may claim: the verdict once one of them chose, else None. ``p``, idle, is
        warned a little before the others are asked; a seat in ``busy`` (its own question open:
        "Concede this game?") is asked once it answered, not over it (a "y" to conceding would
        have claimed another's seat)."""
        late = self.timers.late(p, since)
        if self.asked:
            return self._answers(late)
        others = [o for o in self.timers.people_in() if o != p and o not in busy
                  and self.seats.screen(o) is not None]
        if self.n == 2:
            opponent = names[1 - p]
        else:
            opponent = "the others"
        self.timers.warn_idle(p, since, opponent, bool(others), self.n == 2)
        now = self.timers.clock.now()
        if not late or not others or now < self.offer_after:
            return None
        away_since = self.seats.away_since(p)
        self.timers.why = "was away" if away_since is not None else "had not moved"
        why = "has been away" if away_since is not None else "has not moved"
        minutes = int((now - (away_since if away_since is not None else since)) // 60)
        head = f"{names[p]} {why} for {minutes} min." if minutes else (
            f"{names[p]} {why} for under a minute.")
        self.against = p
        for o in others:
            screen = self.seats.screen(o)
            assert screen is not None
            said, self.questions[o] = self._question(p, o, names, head)
            if said:
                adapter.message(screen, said)
                self.said[screen] = said
            adapter.begin_ask(screen, self.questions[o])
            self.asked[o] = screen
        mine = self.seats.screen(p)
        if mine is not None:
            told = (f"{opponent} is asked whether to claim the game" if self.n == 2
                    else "The others are asked whether to claim your seat")
            self.timers.tell(mine, f"{told}: move to go on.")
        return None

    def _question(self, p: int, o: int, names: tuple[str, ...], head: str) -> tuple[str, str]:
        """(the line said before the question, or "", the question): the input line shows one
        line, so a question that would not fit in 80 columns says its why as a message."""
        if self.partner(p, o):
            levels = ", ".join(levels_for(self.n))
            return (f"{head} ai [LEVEL]: an AI takes {names[p]}'s seat ({takeover_level(self.n)}"
                    f" unless you name one: {levels}); y: your team concedes; n: wait.",
                    f"{names[p]}'s seat: ai [LEVEL], y or n? [ai/y/N]")
        if self.n == 3:
            return head, f"Claim: {names[p]} concedes and is out, the game goes on? [y/N]"
        return "", f"{head} Claim the game? [y/N]"

    def _answers(self, late: bool) -> Verdict | None:
        """Poll the questions open; every no (or departure) closes one, the last no puts the
        next offer off."""
        for o, screen in list(self.asked.items()):
            if self.seats.screen(o) is not screen:
                del self.asked[o]
                continue
            if not late:  # back, or typing again: no claim to answer any more
                self.withdraw()
                return None
            try:
                got = adapter.answer(screen, 0)
            except (Gone, KeyboardInterrupt, EOFError):
                got = "n"
            if got is None:
                continue
            words = got.lower().split()
            if words[:1] == ["ai"] and self._is_partner_of_late(o):
                level, why = self._level(words[1:])
                if level is None:  # said in one line; the same question again
                    adapter.message(screen, why)
                    adapter.begin_ask(screen, self.questions[o])
                    continue
                adapter.stop_asking(screen)
                self.withdraw()
                return ("ai", o, level)
            adapter.stop_asking(screen)
            del self.asked[o]
            if answer_of(got, False):
                self.withdraw()
                return ("claim", o, "")
            if not self.asked:
                self.offer_after = self.timers.next_offer()
        return None

    def _level(self, words: list[str]) -> tuple[str | None, str]:
        """The level of ``ai [LEVEL]`` (the takeover's own when none is named), or None and
        the one line that says why not."""
        can = levels_for(self.n)
        if not words:
            return takeover_level(self.n), ""
        if len(words) == 1 and words[0] in can:
            return words[0], ""
        said = " ".join(words)[:20]
        return None, f"ai takes one level ({', '.join(can)}), not {said!r}: ai, ai hard, y or n."

    def _is_partner_of_late(self, o: int) -> bool:
        return self.against is not None and self.partner(self.against, o)


def settle(m: Match, p: int, verdict: str, by: int, level: str = "") -> None:
    """The claim against ``p`` was answered by ``by``: ``ai`` (teams: the partner lets an AI of
    ``level`` take the seat) or a claim (two seats: the game is won; cutthroat: ``p`` is out;
    teams: ``p``'s team concedes)."""
    names = m.session.names
    teams = m.session.game.rules.teams
    if verdict == "ai":
        _ai_takes(m, p, by, level or takeover_level(len(names)))
        return
    if len(names) == 2 or (teams and (by - p) % 2):
        words = f"{names[by]} claimed the game: {names[p]} {m.timers.why}"
    elif teams:  # the partner's yes: the team concedes
        words = f"{names[by]} conceded for the team: {names[p]} {m.timers.why}"
    else:
        words = f"{names[by]} claimed {names[p]}'s seat: {names[p]} {m.timers.why}"
    if len(names) == 2 or teams:
        m.claimed = (p, by)
    m.session.conceded(p, words)
    m.session.dirty = True


def _ai_takes(m: Match, p: int, by: int, level: str) -> None:
    """An AI of ``level`` takes seat ``p`` (its player away): the seat is the AI's to the end,
    named as the AI it is (``AI N (LEVEL)``, as the hall and the rematch name AI seats) on
    every screen from now on, its player's screen (if any) back to the lobby. What was said
    before keeps the player's name (the log of their moves), the line said now names both,
    and the finished game is listed for that player too (``Match.played_keys``)."""
    names = m.session.names
    was = names[p]
    with m.lock:
        m.ai = tuple(level if s == p else a for s, a in enumerate(m.ai))
        m.people.remove(p)
        chair = m.chairs[p]
        screen, key = chair.screen, chair.key
        now = ai_seat_names(m.ai, [None if s == p else n for s, n in enumerate(names)])[p]
        assert now is not None
        chair.screen, chair.name, chair.key = None, now, None
        if key is not None:
            m.session.replaced[p] = (key, was)
    m.session.seats = tuple(
        Seat(now, level) if i == p else s for i, s in enumerate(m.session.seats)
    )
    m.session.names = tuple(now if i == p else n for i, n in enumerate(names))
    if m.session.home == was:  # the result starts from the first person still at the table
        m.session.home = next((s.name for s in m.session.seats if s.ai is None), now)
    m.kept = None  # the save's keys are noted again: the seat is the AI's
    if m.on_change is not None:  # the lobbies' list of games names the AI now
        m.on_change()
    words = f"{names[by]} let an AI ({level}) take your seat in game {m.id}."
    if screen is not None:  # idle at the table: their lobby says why, now
        m.part(p, words)
        adapter.close_screen(screen)
    elif key is not None:  # away: told in their next lobby
        notices.tell(key, words)
    # under the table every seat is drawn again with (a message as well said it twice); the
    # spectators' table has no such line: a message tells them
    said = f"{names[by]} let {now} take {was}'s seat."
    m.session.announce(said)
    for watcher in m.spectators.drawn():
        adapter.message(watcher, said)
    m.session.dirty = True
