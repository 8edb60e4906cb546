"""The frames due on the loop are drawn a few a turn, those of the keys who owe least first
(issue 34 item 4: twelve help screens drawn in one turn held every key read in it for a quarter
of a second). Counted in turns and in order, never timed."""

from __future__ import annotations

import asyncio

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_serve_input import hang_guard

from cuttle.serve.limits import frames
from cuttle.serve.limits.fairshare import KeyShare, Shares
from cuttle.serve.limits.frames import CAUSE, TURN, Pacer, Painter, Together


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Drawn:
    """Screens whose frames the painter draws: each one's frame is recorded, with ``cost``
    seconds of the painter's clock (a pretend one)."""

    def __init__(self, painter: Painter, clock: Clock, cost: float) -> None:
        self.painter = painter
        self.clock = clock
        self.cost = cost
        self.events: list[str] = []

    def screen(self, name: str, owner: KeyShare) -> Pacer:
        pacer = Pacer(Application(output=DummyOutput()), owner)

        def paint() -> None:
            self.events.append(name)
            self.clock.t += self.cost

        pacer.paint = paint  # type: ignore[method-assign]
        return pacer


@pytest.fixture
def shares() -> Shares:
    return Shares(Clock())  # the clock stands still: nothing is paid back


def test_frames_due_together_are_drawn_a_turn_at_a_time_with_keys_read_between(
    shares: Shares,
) -> None:
    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(Painter(loop, clock), clock, cost=TURN * 4)  # a 500x200 help's frame
        helpers = [drawn.screen(f"help{n}", shares.of(f"help{n}")) for n in range(4)]
        for pacer in helpers:
            drawn.painter.add(pacer)
        # a key arrives as the first frame is drawn: read before the next frame
        loop.call_soon(lambda: loop.call_soon(lambda: drawn.events.append("key")))
        while drawn.painter.due or drawn.painter.scheduled:
            await asyncio.sleep(0)
        assert drawn.painter.turns == 4
        return drawn.events

    events = asyncio.run(scenario())
    assert events.index("key") < events.index("help2")  # not after all four frames
    assert sorted(e for e in events if e != "key") == ["help0", "help1", "help2", "help3"]


def test_cheap_frames_share_a_turn(shares: Shares) -> None:
    async def scenario() -> int:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(Painter(loop, clock), clock, cost=TURN / 4)
        for n in range(8):
            drawn.painter.add(drawn.screen(f"s{n}", shares.of(f"k{n}")))
        while drawn.painter.due or drawn.painter.scheduled:
            await asyncio.sleep(0)
        assert len(drawn.events) == 8
        return drawn.painter.turns

    assert asyncio.run(scenario()) == 2  # four a turn


def test_the_frame_of_a_key_that_owes_least_is_drawn_first(shares: Shares) -> None:
    heavy, typist, changers = shares.of("heavy"), shares.of("typist"), shares.of("changers")
    heavy.charge(0.3)
    typist.charge(0.001)
    changers.charge(0.05)

    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(Painter(loop, clock), clock, cost=TURN * 2)
        first = drawn.screen("heavy", heavy)
        second = drawn.screen("lobby", heavy)
        CAUSE.set(Together({changers: 1}))
        second.request()  # a lobby redrawn for a change in the hall: the changers pay
        CAUSE.set(None)
        second.draw = lambda: None
        third = drawn.screen("typist", typist)
        for pacer in (first, second, third):
            drawn.painter.add(pacer)
        while drawn.painter.due or drawn.painter.scheduled:
            await asyncio.sleep(0)
        return drawn.events

    assert asyncio.run(scenario()) == ["typist", "lobby", "heavy"]


def test_a_screen_drawn_another_way_is_no_longer_due(shares: Shares) -> None:
    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(frames.painter(loop), clock, cost=0.0)
        pacer = drawn.screen("s", shares.of("k"))
        pacer.app.loop = loop
        drawn.painter.add(pacer)
        pacer.app.before_render.fire()  # its start draws it whole
        pacer.app.after_render.fire()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return drawn.events

    assert asyncio.run(scenario()) == []


def test_a_due_frame_of_a_running_screen_goes_to_the_loops_painter(shares: Shares) -> None:
    async def scenario() -> tuple[bool, bool]:
        with create_pipe_input() as pipe:
            return await running(pipe)

    async def running(pipe: PipeInput) -> tuple[bool, bool]:
        app: Application[None] = Application(input=pipe, output=DummyOutput())
        Pacer(app, shares.of("k"))
        painter = frames.painter(asyncio.get_running_loop())
        task = asyncio.ensure_future(app.run_async(set_exception_handler=False,
                                                   handle_sigint=False))
        while not app.is_running:
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)  # past MIN_FRAME since its first frame
        app.invalidate()
        queued = bool(painter.due) and app.invalidated
        while painter.due or painter.scheduled:
            await asyncio.sleep(0)
        drawn = not app.invalidated
        app.exit()
        await task
        return queued, drawn

    with hang_guard(20):
        assert asyncio.run(scenario()) == (True, True)
