"""``AppIO`` run on an event loop it shares (a server's): its public calls from other threads
(open the line, ask, withdraw, the thinking line, the answers, close) and the screen's own hook
for an error in its key bindings."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from appdriver import Output80x24
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from cuttle.ui.app import AppIO
from cuttle.ui.appwiring import guard_keys

F2 = "\x1bOQ"


async def until(check: Callable[[], bool]) -> None:
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


async def settle() -> None:
    """The posted calls and the keys sent so far are handled (and Esc's short timeout over)."""
    await asyncio.sleep(0.15)


def test_a_screen_on_a_shared_loop_is_driven_by_public_calls() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Output80x24())

        async def scenario() -> None:
            shown = asyncio.create_task(io.run_async())
            await until(lambda: io.running)
            io.begin_read("alice> ")
            await settle()
            assert (io.mode, io.prompt) == ("read", "alice> ")
            pipe.send_text("draw\r")
            assert await asyncio.to_thread(io.answers.poll, 5) == "draw"
            io.begin_ask("Claim the game? [y/N]")
            await settle()
            assert (io.mode, io.prompt) == ("ask", "Claim the game? [y/N] ")
            pipe.send_text("ye")
            await settle()
            io.withdraw()  # the question is gone: the line closes, what was typed with it
            await settle()
            assert io.mode == "idle" and io.buffer.text == ""
            assert io.answers.poll(0) is None
            io.set_thinking("AI is thinking…")
            await settle()
            assert io.thinking_text == "AI is thinking…"
            io.answers.put("late")
            io.answers.put("later")
            io.answers.clear()
            assert io.answers.poll(0) is None
            io.answers.put(EOFError())
            with pytest.raises(EOFError):
                io.answers.poll(0)
            io.close()
            io.close()  # twice (two parts of a server may each close it): no error
            await asyncio.wait_for(shown, 5)

        asyncio.run(scenario())


def test_closing_with_an_error_raises_it_where_the_screen_runs() -> None:
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Output80x24())

        async def scenario() -> None:
            shown = asyncio.create_task(io.run_async())
            await until(lambda: io.running)
            io.close(RuntimeError("that connection's end"))
            with pytest.raises(RuntimeError, match="that connection's end"):
                await asyncio.wait_for(shown, 5)

        asyncio.run(scenario())


def test_an_error_in_a_key_binding_goes_to_the_screens_hook_not_the_loop() -> None:
    errors: list[Exception] = []
    loop_errors: list[dict[str, Any]] = []

    def broken() -> None:
        raise RuntimeError("the pace key broke")

    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Output80x24(), on_error=errors.append)
        io.cycle_pace = broken  # type: ignore[method-assign]

        async def scenario() -> None:
            asyncio.get_running_loop().set_exception_handler(lambda _, c: loop_errors.append(c))
            shown = asyncio.create_task(io.run_async())
            await until(lambda: io.running)
            pipe.send_text(F2)
            await until(lambda: len(errors) == 1)
            assert io.running  # the hook decides what follows; this one only keeps the error
            pipe.send_text(F2)
            await until(lambda: len(errors) == 2)
            io.close()
            await asyncio.wait_for(shown, 5)

        asyncio.run(scenario())
    assert [str(e) for e in errors] == ["the pace key broke"] * 2
    assert loop_errors == []


def test_without_a_hook_a_key_bindings_error_reaches_the_loop_as_before() -> None:
    loop_errors: list[dict[str, Any]] = []

    def broken() -> None:
        raise RuntimeError("the pace key broke")

    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Output80x24())
        io.cycle_pace = broken  # type: ignore[method-assign]

        async def scenario() -> None:
            asyncio.get_running_loop().set_exception_handler(lambda _, c: loop_errors.append(c))
            shown = asyncio.create_task(io.run_async())
            await until(lambda: io.running)
            pipe.send_text(F2)
            await until(lambda: bool(loop_errors))
            io.close()
            await asyncio.wait_for(shown, 5)

        asyncio.run(scenario())
    assert "the pace key broke" in str(loop_errors[0].get("exception"))


def test_guarded_keys_keep_each_binding_and_catch_an_async_handlers_error() -> None:
    kb = KeyBindings()
    calls: list[str] = []

    @kb.add("x", eager=True)
    def _fine(event: KeyPressEvent) -> None:
        calls.append("x")

    @kb.add("c-x", "c-y")
    async def _broken(event: KeyPressEvent) -> None:
        raise ValueError("async and broken")

    errors: list[Exception] = []
    guarded = guard_keys(kb, errors.append)
    fine, broken = guarded.bindings
    assert fine.keys == ("x",) and broken.keys == ("c-x", "c-y")
    assert fine.eager() and not broken.eager()
    fine.handler(None)  # type: ignore[arg-type]
    assert calls == ["x"] and errors == []
    result = broken.handler(None)  # type: ignore[arg-type]
    assert asyncio.run(result) is None  # type: ignore[arg-type]
    assert [str(e) for e in errors] == ["async and broken"]


def test_reading_on_a_shared_loop_makes_no_stand_in_application(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The input line's history is loaded in the screen's own context: prompt_toolkit's
    ``get_app()`` outside it made a whole ``DummyApplication`` (its own default key bindings, about
    2,000 objects for the cycle collector) for every screen of a server."""
    from prompt_toolkit.application import dummy

    made: list[object] = []
    original = dummy.DummyApplication.__init__

    def counted(self: Any) -> None:
        made.append(self)
        original(self)

    monkeypatch.setattr(dummy.DummyApplication, "__init__", counted)
    with create_pipe_input() as pipe:
        io = AppIO(pt_input=pipe, pt_output=Output80x24())

        async def scenario() -> None:
            async def show() -> None:
                with create_app_session(input=pipe, output=io.app.output):  # as a server does
                    await io.run_async()

            shown = asyncio.create_task(show())
            await until(lambda: io.running)
            await asyncio.to_thread(io.begin_read, "alice> ")  # as a session's thread does
            await settle()
            pipe.send_text("draw\r")
            assert await asyncio.to_thread(io.answers.poll, 5) == "draw"
            await asyncio.to_thread(io.begin_read, "alice> ")
            await settle()
            pipe.send_text("\x1b[A")  # the history holds the line sent
            await settle()
            assert io.buffer.text == "draw"
            io.close()
            await asyncio.wait_for(shown, 5)

        asyncio.run(scenario())
    assert made == []
