"""The end of a game on the server: the rematch question, then every screen back to the lobby.

Every person at the table must agree to a rematch (the hall then moves the dealer one seat
clockwise: with two, the seats swapped); one who says no,
leaves or does not answer within the idle time sends everyone back to the lobby. Every answer is
told to the other player: a yes on their screen, a no (or a departure) as the first line of their
lobby (``parted``), since the rematch being off sends them there at once. Spectators are asked
only to press Enter: those who do go back to the lobby, those still watching follow the rematch.
Called on the match's thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cuttle.play.asking import answer_of
from cuttle.serve import adapter
from cuttle.serve.adapter import Gone, Screen
from cuttle.serve.timers import Clock
from cuttle.text.people import ai_seat_names

if TYPE_CHECKING:
    from cuttle.serve.match import Match

POLL = 0.05  # seconds between looks at the screens while the answers are awaited
QUESTION = "Rematch with the seats swapped? [y/N]"
QUESTION_TABLE = "Rematch, the deal one seat on? [y/N]"  # three or four seats
BACK = "Enter: back to the lobby."
LINE = 78  # characters of a question that fit the input line at 80 columns, with the cursor


def gone_question(names: tuple[str, ...], gone: list[int], level: str) -> tuple[str, str]:
    """The rematch question when the people of ``gone`` (out, in the lobby) are not waited
    for, an AI of ``level`` in their seats, and the line said before it ("" when it fits the
    input line: one line of the screen, so a long name's question says its why above it)."""
    who = " and ".join(f"{names[p]}'s" for p in gone)
    seat = "seat" if len(gone) == 1 else "seats"
    question = f"Rematch, the deal one seat on, an AI ({level}) in {who} {seat}? [y/N]"
    if len(question) <= LINE:
        return question, ""
    return ("Rematch, the deal one seat on, with that AI? [y/N]" if len(gone) == 1 else
            "Rematch, the deal one seat on, with those AIs? [y/N]",
            f"A rematch has an AI ({level}) in {who} {seat}.")


def ask_rematch(
    players: dict[Screen, int],
    watchers: list[Screen],
    people: list[int],
    offered: bool,
    *,
    until: float,
    clock: Clock,
    stopping: Callable[[], bool],
    went_to_lobby: Callable[[Screen], None],
    names: tuple[str, ...] = ("Your opponent", "Your opponent"),
    parted: Callable[[int, str], None] = lambda seat, words: None,
    question: str | None = None,
    said: str = "",
) -> bool:
    """Ask the players on ``players`` (screen -> seat) whether to play again when ``offered``
    (else, and the spectators on ``watchers`` always, only to press Enter), until the clock
    reaches ``until`` or the server stops. True when every one of ``people`` agreed; the screens
    of those who answered otherwise are closed, and so are the others' once the rematch is off,
    each told why through ``parted`` (seat, words; ``names``: the seats' names; ``question``:
    the question asked, when not the usual one; ``said``: a line said before it)."""
    everyone = offered
    question = question or (QUESTION if len(names) == 2 else QUESTION_TABLE)
    for screen in players:
        if said and everyone:
            adapter.message(screen, said)
        adapter.begin_ask(screen, question if everyone else BACK)
    for screen in watchers:  # a question: Enter answers it even with the result's window open
        adapter.begin_ask(screen, BACK)
    agreed: set[int] = set()
    waiting: list[Screen] = [*players, *watchers]
    while waiting and clock.now() < until and not stopping():
        if everyone and agreed == set(people):
            break  # both said yes: the spectators still here follow the rematch
        for screen in list(waiting):
            if screen not in waiting:
                continue  # sent to the lobby by another's answer in this round
            try:
                got = adapter.answer(screen, POLL / len(waiting))
                left = False
            except (Gone, KeyboardInterrupt, EOFError):
                got, left = "n", True
            if got is None:
                continue
            waiting.remove(screen)
            seat = players.get(screen)
            if seat is None:
                went_to_lobby(screen)
            if seat is not None and everyone and answer_of(got, False):
                agreed.add(seat)
                adapter.message(screen, "Waiting for your opponent's answer…" if len(names) == 2
                                else "Waiting for the others' answers…")
                _tell_others(players, screen, f"{names[seat]} wants a rematch (y to play again).")
                continue
            adapter.close_screen(screen)
            if seat is not None and everyone:  # the rematch is off: the other players leave too
                everyone = False
                why = "left" if left else "said no"
                words = f"No rematch: {names[seat]} {why}."
                for other, p in players.items():
                    if other is not screen and (p in agreed or other in waiting):
                        parted(p, words)
                        adapter.close_screen(other)
                        if other in waiting:
                            waiting.remove(other)
                agreed.clear()
    return everyone and agreed == set(people)


def _tell_others(players: dict[Screen, int], screen: Screen, words: str) -> None:
    """One line on every other player's screen."""
    for other in players:
        if other is not screen:
            adapter.message(other, words)


def seat_ais(m: Match, gone: list[int], level: str) -> None:
    """The game is over and recorded, its rematch agreed: an AI of ``level`` sits in each seat
    of ``gone`` (people out who left), and every AI seat (one an AI took over in the game too)
    keeps no key and is named as an AI, since the rematch is made from the chairs (a key there
    would be waited for, and counted as busy, in a game it has no seat in)."""
    with m.lock:
        m.ai = tuple(level if s in gone else a for s, a in enumerate(m.ai))
        for p in gone:
            m.people.remove(p)
        # a chair with a key and an AI (a person's, the AI in it now) is named anew: the AIs
        # are numbered across levels, never twice (AI 1 (easy), AI 2 (hard))
        names = ai_seat_names(m.ai, [None if a is not None and c.key is not None else c.name
                                     for a, c in zip(m.ai, m.chairs, strict=True)])
        for chair, ai, name in zip(m.chairs, m.ai, names, strict=True):
            if ai is not None:
                chair.name, chair.key = name or chair.name, None
