"""``build_application``: the full screen's application built from its layout and keys on the input
and output it is handed (never the process's terminal), so two run side by side in one process,
each on its own pipe, without seeing each other's keys."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest
from appdriver import Driver
from prompt_toolkit.application import create_app_session
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import ColorDepth
from screenkit import SizedOutput, table

from cuttle.text.cardtext import CardStyle
from cuttle.ui.app import AppIO
from cuttle.ui.appwiring import ESC_WAIT, KEY_WAIT, build_application
from cuttle.ui.keytiming import escape_at_once
from cuttle.ui.layout import ScreenLayout
from cuttle.ui.overlay import STYLE
from cuttle.ui.screenstate import ScreenState


class Screen:
    """One screen's parts: its state, input line, layout, the keys it was given, its application."""

    def __init__(self, pipe: PipeInput, color: bool = False) -> None:
        self.output = SizedOutput(80, 24)
        self.state = ScreenState(CardStyle(), "normal", self.output)
        self.state.tbl = table(0, ["draw"])
        self.state.mode = "read"
        self.buffer = Buffer(multiline=False)
        self.layout = ScreenLayout(self.state, self.buffer, lambda i: None, lambda d: None)
        self.lines: list[str] = []
        self.f2 = 0
        keys = KeyBindings()

        @keys.add("enter")
        def _send(event: KeyPressEvent) -> None:
            self.lines.append(self.buffer.text)
            self.buffer.reset()
            if self.lines[-1] == "quit":
                event.app.exit()

        more = KeyBindings()

        @more.add("f2")
        def _f2(event: KeyPressEvent) -> None:
            self.f2 += 1

        self.app = build_application(
            self.layout, [keys, more], color=color, pt_input=pipe, pt_output=self.output
        )


@contextmanager
def pipes(n: int) -> Iterator[list[PipeInput]]:
    with ExitStack() as stack:
        yield [stack.enter_context(create_pipe_input()) for _ in range(n)]


def test_the_application_runs_on_the_input_and_output_it_is_handed() -> None:
    with pipes(1) as (pipe,):
        screen = Screen(pipe)
        app = screen.app
        assert app.input is pipe and app.output is screen.output
        assert app.full_screen and app.mouse_support()
        assert app.layout.current_window is screen.layout.input_window  # the input line has keys
        assert app.style is STYLE
        assert app.ttimeoutlen == ESC_WAIT and app.timeoutlen == KEY_WAIT
        assert app.color_depth == ColorDepth.MONOCHROME
        assert Screen(pipe, color=True).app.color_depth == screen.output.get_default_color_depth()


def test_the_keys_of_every_binding_given_reach_the_screen() -> None:
    with pipes(1) as (pipe,):
        screen = Screen(pipe)
        pipe.send_text("draw\r\x1bOQpoints 9S\rquit\r")  # F2 between the lines
        screen.app.run(handle_sigint=False)
    assert screen.lines == ["draw", "points 9S", "quit"]
    assert screen.f2 == 1


def test_two_screens_in_one_process_each_read_their_own_pipe() -> None:
    with pipes(2) as (one_pipe, two_pipe):
        one, two = Screen(one_pipe), Screen(two_pipe)
        one_pipe.send_text("draw\rquit\r")
        two_pipe.send_text("points 9S\r\x1bOQpass\rquit\r")

        async def run(screen: Screen) -> None:
            # prompt_toolkit keeps the running application in its app session: one each
            with create_app_session(input=screen.app.input, output=screen.output):
                await screen.app.run_async(handle_sigint=False)

        async def both() -> None:
            await asyncio.gather(run(one), run(two))

        asyncio.run(both())
    assert one.lines == ["draw", "quit"] and one.f2 == 0
    assert two.lines == ["points 9S", "pass", "quit"] and two.f2 == 1
    assert one.state.screen_size() == two.state.screen_size() == (80, 24)


def test_two_full_screens_on_two_threads_each_read_their_own_pipe() -> None:
    """``AppIO.run`` on two threads of one process (a server's sessions): each line typed on a
    screen's pipe reaches that screen's game, and only it."""
    with pipes(2) as (one_pipe, two_pipe):
        ios = [AppIO(pt_input=p, pt_output=SizedOutput(80, 24)) for p in (one_pipe, two_pipe)]
        got: dict[int, object] = {}

        def run(i: int) -> None:
            io = ios[i]
            got[i] = io.run(lambda: (io.read("> "), io.read("> ")))

        threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in (0, 1)]
        for t in threads:
            t.start()
        for word in ("first", "second"):
            for io, pipe, who in zip(ios, (one_pipe, two_pipe), ("one", "two"), strict=True):
                Driver(io, pipe.send_text).keys(f"{who} {word}\r")
        for t in threads:
            t.join(30)
    assert got == {0: ("one first", "one second"), 1: ("two first", "two second")}


class EscScreen(Screen):
    """A screen whose Esc does something only while ``armed`` (as a window to close does), bound
    without ``eager`` as a screen might."""

    def __init__(self, pipe: PipeInput) -> None:
        super().__init__(pipe)
        self.armed = False
        self.closed = 0
        keys = KeyBindings()

        @keys.add("escape", filter=Condition(lambda: self.armed))
        def _close(event: KeyPressEvent) -> None:
            self.closed += 1
            self.armed = False

        @keys.add("f3")
        def _arm(event: KeyPressEvent) -> None:
            self.armed = True

        self.app = build_application(self.layout, [self.app.key_bindings, keys], color=False,
                                     pt_input=pipe, pt_output=self.output)


@pytest.mark.parametrize("line", ["log", "draw", "7D", "undo", "bye", "text", "yes", "abc"])
def test_the_key_after_esc_is_a_key_of_its_own(line: str) -> None:
    """Esc then a line, in one piece (as fast as a terminal sends it): before, prompt_toolkit's
    Emacs chords took the letter after Esc (Esc l lowered a word: ``log`` became ``og``; Esc 7
    made ``7D`` ``DDDDDDD``)."""
    with pipes(1) as (pipe,):
        screen = EscScreen(pipe)
        pipe.send_text(f"\x1b{line}\r\x1bOR\x1b{line}\rquit\r")  # F3 arms the screen's Esc
        screen.app.run(handle_sigint=False)
    assert screen.lines == [line, line, "quit"]
    assert screen.closed == 1  # Esc still does the screen's job, at once


def test_a_chord_that_starts_with_esc_is_refused() -> None:
    keys = KeyBindings()
    keys.add("escape", "x")(lambda event: None)
    with pytest.raises(ValueError, match="starts with Esc"):
        escape_at_once(keys)


def test_every_full_screen_reads_one_set_of_default_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """prompt_toolkit's default bindings are made once for the process, not copied by every
    screen: on a server they were more than half of what a screen held, for the cycle collector
    to walk at each full pass."""
    import gc

    from prompt_toolkit.output import DummyOutput

    from cuttle.ui import keytiming

    def screens() -> tuple[float, bool]:
        """Objects each new screen holds (its first key's merged set built), and whether the
        screens read one set of default keys."""
        with create_pipe_input() as pipe:
            AppIO(pt_input=pipe, pt_output=DummyOutput())  # what is made once made
            gc.collect()
            before = len(gc.get_objects())
            made = [AppIO(pt_input=pipe, pt_output=DummyOutput()) for _ in range(5)]
            for s in made:
                assert s.app.key_processor._bindings._key_bindings is not None  # type: ignore[attr-defined]
            gc.collect()
            per_screen = (len(gc.get_objects()) - before) / len(made)
            one = all(s.app._default_bindings is made[0].app._default_bindings for s in made)
            return per_screen, one

    shared, one_set = screens()
    monkeypatch.setattr(keytiming, "share_default_keys", lambda app: None)
    copied, own_sets = screens()
    assert one_set and not own_sets
    assert copied - shared > 1000
