"""A heavy frame (a 500x200 help's, 20 ms) is drawn alone in a turn of the loop, and not before
the keys of a key who owes less that are about to be read (issue 34 item 4: a typist's echo
takes two turns, and each turn drew one 20 ms help frame first); a big screen's frames are
spaced. Counted in turns and in order, never timed."""

from __future__ import annotations

import asyncio
import io
from typing import Any, cast

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from test_serve_limits_painter import Clock, Drawn

from cuttle.serve.keyboard import KeyboardInput
from cuttle.serve.limits.fairshare import KeyShare, Shares
from cuttle.serve.limits.frames import (
    BIG_FRAME,
    HEAVY_WAIT,
    MIN_FRAME,
    TURN,
    Pacer,
    Painter,
)


def heavy_screens(drawn: Drawn, shares: Shares, n: int) -> list[Pacer]:
    """``n`` help screens whose last frame took four turns' worth, their keys far over their
    share."""
    screens = []
    for i in range(n):
        owner = shares.of(f"help{i}")
        owner.charge(1.0)
        pacer = drawn.screen(f"help{i}", owner)
        pacer.cost = TURN * 4
        screens.append(pacer)
    return screens


async def settle(painter: Painter) -> None:
    while painter.due or painter.scheduled:
        await asyncio.sleep(0)


def test_a_typists_echo_goes_before_the_heavy_frames_due_when_its_key_came() -> None:
    shares = Shares(Clock())

    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(Painter(loop, clock), clock, cost=TURN * 4)
        typist = shares.of("typist")
        echo = drawn.screen("echo", typist)
        kb = KeyboardInput(meter=typist)

        def read() -> None:  # the typist's screen reads its key and asks for its echo
            kb.read_keys()
            drawn.painter.add(echo)

        with kb.attach(read):
            for pacer in heavy_screens(drawn, shares, 3):  # due from an earlier turn
                drawn.painter.add(pacer)
            loop.call_soon(kb.feed, "z")  # the key read from its socket on this turn
            await settle(drawn.painter)
        return drawn.events

    events = asyncio.run(scenario())
    # the turn before the key came drew one help; none after it until its echo (the turn
    # before its read, and the one after it, drew a help each: 40 ms at 500x200)
    assert events[:2] == ["help0", "echo"]
    assert sorted(events[2:]) == ["help1", "help2"]


def test_a_heavy_frame_has_a_turn_of_its_own() -> None:
    shares = Shares(Clock())

    async def scenario() -> tuple[list[str], int]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(Painter(loop, clock), clock, cost=TURN / 10)
        (help0,) = heavy_screens(drawn, shares, 1)
        drawn.painter.add(drawn.screen("echo", shares.of("typist")))
        drawn.painter.add(help0)
        await settle(drawn.painter)
        return drawn.events, drawn.painter.turns

    # the echo took a tenth of a turn: the help's frame waits for the next (not 20 ms more now)
    assert asyncio.run(scenario()) == (["echo", "help0"], 2)


def test_the_keys_of_keys_who_owe_more_hold_no_heavy_frame() -> None:
    shares = Shares(Clock())

    async def scenario() -> list[str]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        flooder = shares.of("flooder")
        flooder.charge(5.0)  # owes more than the helper: its keys are no reason to wait
        drawn = Drawn(Painter(loop, clock, waiting=lambda: [flooder, None]), clock, cost=0)
        (help0,) = heavy_screens(drawn, shares, 1)
        drawn.painter.add(help0)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return drawn.events

    assert asyncio.run(scenario()) == ["help0"]


def test_keys_that_never_stop_coming_do_not_starve_a_heavy_frame() -> None:
    shares = Shares(Clock())
    typist = KeyShare(shares, Clock())  # owes nothing, its keys always about to be read

    async def scenario() -> tuple[list[str], float]:
        loop = asyncio.get_running_loop()
        clock = Clock()
        drawn = Drawn(Painter(loop, clock, waiting=lambda: [typist]), clock, cost=0)
        (help0,) = heavy_screens(drawn, shares, 1)
        start = loop.time()
        drawn.painter.add(help0)
        await settle(drawn.painter)
        return drawn.events, loop.time() - start

    events, waited = asyncio.run(scenario())
    assert events == ["help0"]
    assert waited >= HEAVY_WAIT  # it gave way that long, and no longer than the keys kept coming


def test_a_big_screen_draws_four_frames_a_second_at_most_and_a_usual_one_sixty() -> None:
    shares = Shares(Clock())

    async def scenario(size: tuple[int, int]) -> float:
        app: Application[None] = Application(output=Vt100_Output(
            cast(Any, io.StringIO()), lambda: Size(rows=size[1], columns=size[0]),
            term="xterm-256color", enable_cpr=False))
        pacer = Pacer(app, shares.of(f"k{size}"))
        loop = asyncio.get_running_loop()
        pacer.drawn_at = loop.time()  # a frame just drawn; the next one asked at once
        pacer.request()
        due = pacer.due - pacer.drawn_at
        pacer._cancel()
        return due

    assert asyncio.run(scenario((500, 200))) == pytest.approx(BIG_FRAME)
    assert asyncio.run(scenario((250, 80))) == pytest.approx(MIN_FRAME)
    assert asyncio.run(scenario((100, 30))) == pytest.approx(MIN_FRAME)
