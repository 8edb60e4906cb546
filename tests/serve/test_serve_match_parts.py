"""A served game's parts on their own: the seats and their screens, the hold and idle timers and
the claim, the rematch question (screens that are not running: their answers are put by hand)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from sshkit import FakeClock

from cuttle.serve import adapter
from cuttle.serve.adapter import Screen
from cuttle.serve.rematch import ask_rematch
from cuttle.serve.seats import Chair, Seats
from cuttle.serve.spectators import Spectators
from cuttle.serve.tables.claims import Claims
from cuttle.serve.timers import Timers

NAMES = ("alice", "bob")


@pytest.fixture
def screens() -> Iterator[list[Screen]]:
    with create_pipe_input() as pipe:
        yield [adapter.make_screen(pipe, DummyOutput()) for _ in range(4)]


def closed(screen: Screen) -> bool:
    """The screen was told to close (a game waiting on it gets Gone)."""
    try:
        adapter.answer(screen, 0)
    except adapter.Gone:
        return True
    return False


def two_seats(clock: FakeClock, people: list[int] | None = None) -> Seats:
    chairs = (Chair("alice", "ka"), Chair("bob", "kb" if people is None else None))
    return Seats(chairs, [0, 1] if people is None else people, threading.RLock(), clock)


def test_a_seat_is_taken_back_on_a_new_screen_and_held_when_it_drops(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    seats = two_seats(clock)
    first, second, other = screens[:3]
    assert seats.seat_of("kb") == 1 and seats.seat_of("kz") is None
    assert seats.away() == [0, 1]
    seats.sit(0, first)
    seats.sit(1, other)
    assert sorted(seats.take_redraw()) == [0, 1] and seats.take_redraw() == []
    seats.sit(0, second)  # a reconnect: the old screen is closed, the new one drawn in full
    assert closed(first) and not closed(second)
    assert seats.take_redraw() == [0]
    seats.leave(0, first)  # not the seat's screen any more: nothing changes
    assert seats.screen(0) is second and seats.away() == []
    clock.advance(7)
    seats.leave(0, second)
    assert closed(second)
    assert seats.away() == [0] and seats.absent() == [(0, clock.t)]
    assert seats.screens() == [(1, other)]
    seats.redraw_all()
    assert seats.take_redraw() == [1]  # only the seats with a screen


def test_the_opponent_is_offered_the_claim_after_the_hold_and_may_decline(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    seats = two_seats(clock)
    timers = Timers(seats, hold=60, idle=600, clock=clock)
    claims = Claims(timers, 2, teams=False)
    away, there = screens[:2]
    seats.sit(0, away)
    seats.sit(1, there)
    seats.leave(0, away)
    since = clock.t
    assert claims.step(0, since, NAMES) is None and claims.asked == {}
    assert not timers.everyone_gone()
    clock.advance(60)
    assert claims.step(0, since, NAMES) is None and claims.asked == {1: there}
    assert claims.step(0, since, NAMES) is None and claims.asked == {1: there}  # no answer yet
    there.answers.put("n")
    assert claims.step(0, since, NAMES) is None and claims.asked == {}
    assert claims.offer_after == clock.t + 60
    assert claims.step(0, since, NAMES) is None and claims.asked == {}  # not again at once
    clock.advance(60)
    claims.step(0, since, NAMES)
    there.answers.put("y")
    assert claims.step(0, since, NAMES) == ("claim", 1, "")


def test_an_idle_player_can_be_claimed_against_and_no_claim_against_the_ai(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    seats = two_seats(clock)
    claims = Claims(Timers(seats, hold=60, idle=600, clock=clock), 2, teams=False)
    seats.sit(0, screens[0])
    seats.sit(1, screens[1])
    since = clock.t
    clock.advance(599)
    assert claims.step(0, since, NAMES) is None and claims.asked == {}
    clock.advance(1)
    assert claims.step(0, since, NAMES) is None and claims.asked == {1: screens[1]}
    against_ai = Timers(two_seats(clock, people=[0]), hold=60, idle=600, clock=clock)
    alone = Claims(against_ai, 2, teams=False)
    assert alone.step(0, since, NAMES) is None and alone.asked == {}


def test_every_player_gone_past_the_hold_puts_the_game_away(screens: list[Screen]) -> None:
    clock = FakeClock()
    seats = two_seats(clock)
    timers = Timers(seats, hold=60, idle=600, clock=clock)
    for p in (0, 1):
        seats.sit(p, screens[p])
        seats.leave(p, screens[p])
        clock.advance(30)
    assert not timers.everyone_gone()
    clock.advance(30)
    assert timers.everyone_gone()


def test_the_rematch_needs_both_and_spectators_who_answer_go_to_the_lobby(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    alice, bob, carol, dave = screens
    gone: list[Screen] = []
    for s in (alice, bob, carol):
        s.answers.put("y" if s is not carol else "")
    agreed = ask_rematch(
        {alice: 0, bob: 1}, [carol, dave], [0, 1], True,
        until=clock.t + 600, clock=clock, stopping=lambda: False, went_to_lobby=gone.append,
    )
    assert agreed and gone == [carol]
    assert not closed(alice) and not closed(bob) and closed(carol) and not closed(dave)


def test_one_no_calls_the_rematch_off_for_both(screens: list[Screen]) -> None:
    clock = FakeClock()
    alice, bob = screens[:2]
    alice.answers.put("y")
    bob.answers.put("n")
    agreed = ask_rematch(
        {alice: 0, bob: 1}, [], [0, 1], True,
        until=clock.t + 600, clock=clock, stopping=lambda: False, went_to_lobby=print,
    )
    assert not agreed and closed(alice) and closed(bob)


def test_without_an_offer_or_past_the_time_there_is_no_rematch(screens: list[Screen]) -> None:
    clock = FakeClock()
    alice, bob = screens[:2]
    alice.answers.put("y")
    bob.answers.put("y")
    assert not ask_rematch(
        {alice: 0, bob: 1}, [], [0, 1], False,
        until=clock.t + 600, clock=clock, stopping=lambda: False, went_to_lobby=print,
    )
    assert not ask_rematch(
        {screens[2]: 0, screens[3]: 1}, [], [0, 1], True,
        until=clock.t, clock=clock, stopping=lambda: False, went_to_lobby=print,
    )


def test_spectators_are_drawn_in_full_once_then_updated(screens: list[Screen]) -> None:
    spectators = Spectators(threading.RLock())
    a, b = screens[:2]
    spectators.add(a)
    assert spectators.drawn() == [] and spectators.take_fresh() == [a]
    spectators.add(b)
    assert spectators.take_fresh() == [b] and spectators.drawn() == [a, b]
    spectators.redraw_all()
    assert spectators.take_fresh() == [a, b]
    spectators.remove(a)
    assert len(spectators) == 1
    spectators.went_to_lobby(b)
    assert spectators.chose_lobby(b) and not spectators.chose_lobby(a)
    assert spectators.take_all() == [b] and len(spectators) == 0


def test_a_claim_answered_after_the_absent_player_came_back_claims_nothing(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    seats = two_seats(clock)
    claims = Claims(Timers(seats, hold=60, idle=600, clock=clock), 2, teams=False)
    away, there, again = screens[:3]
    seats.sit(0, away)
    seats.sit(1, there)
    seats.leave(0, away)
    clock.advance(60)
    claims.step(0, clock.t, NAMES)
    assert claims.asked == {1: there}
    seats.sit(0, again)  # alice is back; bob's yes arrives before the question is withdrawn
    there.answers.put("y")
    assert seats.take_returned() == [0] and seats.take_returned() == []
    assert claims.step(0, clock.t, NAMES) is None and claims.asked == {}
    assert adapter.answer(there, 0) is None  # the answer was for a question no longer asked


def test_a_player_who_left_the_table_is_told_apart_from_one_who_dropped(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    seats = two_seats(clock)
    seats.sit(0, screens[0])
    seats.sit(1, screens[1])
    seats.leave(0, screens[0], left=True)
    seats.leave(1, screens[1])
    assert seats.left(0) and not seats.left(1)
    seats.sit(0, screens[2])
    assert not seats.left(0)


def test_the_idle_player_is_warned_once_and_only_when_someone_could_claim(
    screens: list[Screen], monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[tuple[Screen, str]] = []
    monkeypatch.setattr(adapter, "message", lambda screen, text: told.append((screen, text)))
    clock = FakeClock()
    seats = two_seats(clock)
    claims = Claims(Timers(seats, hold=60, idle=600, clock=clock), 2, teams=False)
    mover, other = screens[:2]
    seats.sit(0, mover)
    seats.sit(1, other)
    since = clock.t
    clock.advance(539)
    claims.step(0, since, NAMES)
    assert told == []
    clock.advance(1)
    for _ in range(2):
        claims.step(0, since, NAMES)
    assert told == [(mover, "You have not moved for 9 min: at 10 min bob may claim the game.")]
    seats.leave(1, other)  # bob is away: nobody could claim, so no warning
    told.clear()
    claims.step(0, clock.t - 550, NAMES)  # a new idle time
    assert told == []


def four_seats(clock: FakeClock) -> Seats:
    chairs = tuple(Chair(n, f"k{n}") for n in ("ann", "bob", "cy", "dee"))
    return Seats(chairs, [0, 1, 2, 3], threading.RLock(), clock)


def test_at_three_or_four_every_other_person_is_asked_and_only_the_partner_may_answer_ai(
    screens: list[Screen],
) -> None:
    clock = FakeClock()
    names = ("ann", "bob", "cy", "dee")
    seats = four_seats(clock)
    claims = Claims(Timers(seats, hold=60, idle=600, clock=clock), 4, teams=True)
    for p, screen in enumerate(screens):
        seats.sit(p, screen)
    seats.leave(0, screens[0])
    clock.advance(60)
    claims.step(0, clock.t, names)
    assert claims.asked == {1: screens[1], 2: screens[2], 3: screens[3]}
    screens[1].answers.put("ai")  # not bob's to choose: a no
    assert claims.step(0, clock.t, names) is None and 1 not in claims.asked
    screens[2].answers.put("ai")  # cy, ann's partner, lets an AI play on
    assert claims.step(0, clock.t, names) == ("ai", 2, "medium") and claims.asked == {}
    three = Seats(tuple(Chair(n, f"k{n}") for n in names[:3]), [0, 1, 2], threading.RLock(),
                  clock)
    cutthroat = Claims(Timers(three, hold=60, idle=600, clock=clock), 3, teams=False)
    for p in range(3):
        three.sit(p, screens[p])
    three.leave(1, screens[1])
    clock.advance(60)
    cutthroat.step(1, clock.t, names[:3])
    assert set(cutthroat.asked) == {0, 2}
    screens[2].answers.put("y")
    assert cutthroat.step(1, clock.t, names[:3]) == ("claim", 2, "")
