"""One client's input cannot stop or slow the others: a paste, a typing flood, a flood of
control sequences, a storm of window changes (issue 28, items 1 and 14).

The server and the clients share this test's event loop, so a server that blocks its loop
blocks the test too: ``hang_guard`` turns that into a failure instead of a hung test run.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import vt100_parser
from prompt_toolkit.keys import Keys
from prompt_toolkit.renderer import Renderer
from sshkit import LOBBY, connect, hang_guard, key, port_of, running

from cuttle.serve import keyboard
from cuttle.serve.keyboard import (
    MAX_PASTE,
    PASTE_CUT,
    PASTE_END,
    PASTE_START,
    TOO_FAST,
    KeyboardInput,
    TokenBucket,
)
from cuttle.serve.server import RESIZE_INTERVAL

HUGE = 100_000  # characters: more than an OS pipe holds (64 KiB)


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def keys_of(kb: KeyboardInput) -> list[Any]:
    """Everything the app would read: ``read_keys`` until nothing is left, then a flush."""
    out: list[Any] = []
    while kb.queue:
        out += kb.read_keys()
    return out + kb.flush_keys()


# -- the input, on its own ----------------------------------------------------------------------
def test_the_token_bucket_refuses_what_is_over_and_says_so_once_a_burst() -> None:
    clock = FakeTime()
    said: list[str] = []
    kb = KeyboardInput(said.append, TokenBucket(rate=10, burst=20, now=clock))
    kb.feed("a" * 50)
    assert [k.data for k in keys_of(kb)] == ["a"] * 20
    assert said == [TOO_FAST]
    kb.feed("b" * 5)  # still over: dropped, not said again
    assert keys_of(kb) == [] and said == [TOO_FAST]
    clock.t += 1.0  # 10 tokens back
    kb.feed("c" * 10)
    assert [k.data for k in keys_of(kb)] == ["c"] * 10
    clock.t += 5.0  # the bucket is full again: the burst is over
    kb.feed("d")
    kb.feed("e" * 30)
    assert len(keys_of(kb)) == 20
    assert said == [TOO_FAST, TOO_FAST]


def test_a_paste_keeps_its_first_characters_whatever_its_size_and_pieces() -> None:
    said: list[str] = []
    kb = KeyboardInput(said.append, TokenBucket(rate=0, burst=10**9))
    text = PASTE_START + "x" * HUGE + PASTE_END + "q"
    for i in range(0, len(text), 997):  # the end mark straddles two pieces somewhere
        kb.feed(text[i : i + 997])
    keys = keys_of(kb)
    assert [k.key for k in keys] == [Keys.BracketedPaste, "q"]
    assert keys[0].data == "x" * MAX_PASTE
    assert said == [PASTE_CUT]
    kb.feed(PASTE_START + "short" + PASTE_END)  # a paste that fits is kept whole, unsaid
    assert [k.data for k in keys_of(kb)] == ["short"] and said == [PASTE_CUT]


def test_keys_and_escape_sequences_go_through_as_typed() -> None:
    kb = KeyboardInput(bucket=TokenBucket(rate=0, burst=10**6))
    for piece in ["ab", "\x1b[", "A", "\x1b", "[1;5C", "\x1bx", "\x1b[<0;3;4M", "\x1b"]:
        kb.feed(piece)
    keys = keys_of(kb)
    assert [k.key for k in keys] == [
        "a", "b", Keys.Up, Keys.ControlRight, Keys.Escape, "x", Keys.Vt100MouseEvent,
        Keys.Escape,
    ]


def test_an_overlong_escape_sequence_is_dropped_and_not_kept_by_the_parser() -> None:
    before = len(vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE)  # every prefix it tried
    kb = KeyboardInput(bucket=TokenBucket(rate=0, burst=10**6))
    kb.feed("\x1b[" + "1;" * 2000)
    kb.feed("7" * 3000 + "R" + "ok")
    kb.feed("\x1b\x1b[" + "9" * 5000 + "~z")
    keys = keys_of(kb)
    assert [k.data for k in keys if k.key not in (Keys.Escape,)] == ["o", "k", "z"]
    assert len(vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE) - before <= 2 * keyboard.MAX_ESCAPE


def test_what_waits_for_a_screen_to_read_it_is_bounded_too() -> None:
    said: list[str] = []
    kb = KeyboardInput(said.append, TokenBucket(rate=0, burst=10**9))
    for _ in range(100):  # nobody reads: no screen is up
        kb.feed("w" * 4000)
    queued = kb.pending()
    assert 0 < queued <= keyboard.MAX_QUEUED
    assert said == [TOO_FAST]
    assert len(keys_of(kb)) == queued and kb.pending() == 0


def test_keys_typed_as_one_screen_gives_way_to_the_next_reach_the_next() -> None:
    async def scenario() -> None:
        kb = KeyboardInput(bucket=TokenBucket(rate=0, burst=1000))
        lobby: list[Any] = []
        game: list[Any] = []
        with kb.attach(lambda: lobby.extend(kb.read_keys())):
            kb.feed("x")  # read on the next turn of the loop: the lobby is gone by then
        with kb.attach(lambda: game.extend(kb.read_keys())):
            for _ in range(3):
                await asyncio.sleep(0)
        assert lobby == [] and [k.data for k in game] == ["x"]

    asyncio.run(scenario())


def test_the_app_reads_a_long_burst_a_batch_a_turn() -> None:
    kb = KeyboardInput(bucket=TokenBucket(rate=0, burst=10**6))
    kb.feed("y" * (3 * keyboard.BATCH + 5))
    assert len(kb.read_keys()) == keyboard.BATCH
    assert kb.pending() == 2 * keyboard.BATCH + 5


# -- over the wire --------------------------------------------------------------------------------
FLOODS = {
    "a paste": (PASTE_START + "p" * HUGE + PASTE_END, PASTE_CUT),
    "a paste without the paste mode": ("p" * HUGE, TOO_FAST),
    "arrow keys": ("\x1b[A" * (HUGE // 3), TOO_FAST),
    "mouse clicks": ("\x1b[<0;10;10M" * (HUGE // 11), TOO_FAST),
}


@pytest.mark.parametrize("flood", FLOODS, ids=list(FLOODS))
def test_a_flood_from_one_client_leaves_the_others_typing(tmp_path: Path, flood: str) -> None:
    payload, word = FLOODS[flood]

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            bob = await connect(port, "bob", key(1))
            mallory = await connect(port, "mallory", key(0))
            await bob.wait(LOBBY)
            await mallory.wait(LOBBY)
            assert mallory.chan is not None
            mallory.chan.write(payload.encode())  # asyncssh sends it as the window allows
            mallory.chan.write(payload.encode())
            bob.type("zq")
            await bob.wait(r"lobby> zq")
            await mallory.wait(word.split(":")[0])
            carol = await connect(port, "carol", key(2))  # logins still work
            await carol.wait(LOBBY)
            mallory.type("\x15help\r")  # Ctrl-U, then a command: mallory's screen works
            await mallory.wait("watch")

    with hang_guard():
        asyncio.run(scenario())


def test_a_storm_of_window_changes_costs_a_bounded_number_of_redraws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renders: list[float] = []
    render = Renderer.render

    def counted(self: Renderer, *args: Any, **kwargs: Any) -> None:
        renders.append(time.monotonic())
        render(self, *args, **kwargs)

    monkeypatch.setattr(Renderer, "render", counted)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            mallory = await connect(port_of(server), "mallory", key(0), width=500, height=200)
            await mallory.wait(LOBBY)
            assert mallory.chan is not None
            await asyncio.sleep(0.3)
            renders.clear()
            start = time.monotonic()
            for i in range(60):  # 20 window changes a second
                mallory.chan.change_terminal_size(500 - i % 2, 200)
                await asyncio.sleep(0.05)
            elapsed = time.monotonic() - start
            # one redraw for the changes of each RESIZE_INTERVAL at most (and the last one)
            assert 1 <= len(renders) <= elapsed / RESIZE_INTERVAL + 2
            mallory.resize(80, 24)
            await mallory.line("help")
            await mallory.wait("watch")

    asyncio.run(scenario())
