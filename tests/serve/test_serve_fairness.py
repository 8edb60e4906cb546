"""Ordinary input within the limits stalls nobody (issue 34, item 4): a key's sessions share one
budget, idle lobbies redraw at most once an interval and one at a time, and what a lobby draws
is drawn once for every lobby that shows it at that width."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from prompt_toolkit.input import DummyInput
from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.output import DummyOutput
from sshkit import LOBBY, connect, key, key_fp, port_of, running, until
from test_serve_input import hang_guard

from cuttle.serve import hall
from cuttle.serve.drawings import DRAWINGS, Drawings
from cuttle.serve.hall import LOBBY_INTERVAL, Hall
from cuttle.serve.keyboard import BURST, KeyboardInput
from cuttle.serve.keys import Login
from cuttle.serve.limits import fairshare
from cuttle.serve.limits.fairshare import ALLOWANCE, SHARE, TOTAL_SHARE, Shares, metered
from cuttle.serve.lobby import Lobby
from cuttle.ui.richpt import rich_lines


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


# -- a key's share --------------------------------------------------------------------------------
def test_the_sessions_of_one_key_share_one_typing_budget() -> None:
    shares = Shares(Clock())
    share = shares.of("SHA256:alice")
    assert shares.of("SHA256:alice") is share and shares.of("SHA256:bob") is not share
    sessions = [KeyboardInput(bucket=share.bucket, meter=share) for _ in range(3)]
    for kb in sessions:
        kb.feed("a" * BURST)
    assert sum(kb.pending() for kb in sessions) == BURST  # not three bursts


def test_a_key_over_its_allowance_waits_and_a_late_loop_shares_half_among_the_active_keys(
) -> None:
    clock = Clock()
    shares = Shares(clock)
    alice = shares.of("alice")
    alice.charge(ALLOWANCE / 2)
    assert alice.wait() == 0.0  # a costly moment now and then delays nothing
    alice.charge(ALLOWANCE)
    assert alice.wait() == pytest.approx((ALLOWANCE / 2) / SHARE)
    clock.t += (ALLOWANCE / 2) / SHARE + 0.01  # paid back at its share
    assert alice.wait() == pytest.approx(0.0)
    keys = [shares.of(f"k{i}") for i in range(20)]
    for share in keys:
        share.charge(2 * ALLOWANCE)
    assert shares.share() == SHARE  # the loop keeps up: each key its own share
    shares.late = 1.0  # it does not: the active keys together get TOTAL_SHARE
    assert shares.count_active() == 21
    assert shares.share() == pytest.approx(TOTAL_SHARE / 21)
    assert keys[0].wait() == pytest.approx(min(fairshare.MAX_WAIT, ALLOWANCE / shares.share()))
    clock.t += fairshare.ACTIVE + 1  # they stopped: only those still paying back count
    assert shares.count_active() == 20
    clock.t += 100.0
    for share in keys:
        share.wait()  # (their debts brought up to date)
    assert shares.count_active() == 0 and shares.share() == SHARE


def test_keys_of_a_key_over_its_share_are_read_later_not_dropped() -> None:
    class Meter:
        def __init__(self) -> None:
            self.charged = 0.0

        def charge(self, cost: float) -> None:
            self.charged += cost

        def wait(self) -> float:
            return 0.3

    async def scenario() -> None:
        meter = Meter()
        kb = KeyboardInput(meter=meter)
        read: list[str] = []
        with kb.attach(lambda: read.extend(k.data for k in kb.read_keys())):
            kb.feed("abc")
            for _ in range(5):
                await asyncio.sleep(0)
            assert read == []  # not on the next turns of the loop
            await asyncio.sleep(0.4)
            assert read == ["a", "b", "c"]
        assert meter.charged > 0.0

    asyncio.run(scenario())


def test_keys_a_screen_left_unread_wait_for_the_next_screens_turn_at_the_keys_share() -> None:
    class Meter:
        def charge(self, cost: float) -> None:
            pass

        def wait(self) -> float:
            return 0.3

    async def scenario() -> None:
        kb = KeyboardInput(meter=Meter())
        with kb.attach(lambda: None):  # a screen ends with "q" unread: prompt_toolkit keeps it
            store_typeahead(kb, [KeyPress("q")])  # for the next screen, to take at its start
        read: list[str] = []
        with kb.attach(lambda: read.extend(k.data for k in kb.read_keys())):
            assert get_typeahead(kb) == []  # the next screen finds nothing at its start ...
            for _ in range(5):
                await asyncio.sleep(0)
            assert read == []
            await asyncio.sleep(0.4)
            assert read == ["q"]  # ... and reads it when the key's share allows

    asyncio.run(scenario())


def busy(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_every_step_of_a_metered_session_is_charged_to_its_key() -> None:
    share = Shares(Clock()).of("alice")  # the clock stands still: nothing is paid back

    async def session() -> int:
        busy(0.02)
        await asyncio.sleep(0)
        busy(0.02)
        return 7

    async def scenario() -> int:
        return await asyncio.get_running_loop().create_task(metered(session(), share))

    assert asyncio.run(scenario()) == 7
    assert share.debt >= 0.04  # both steps


def test_three_sessions_of_one_key_on_the_server_have_one_share(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            players = [await connect(port, "alice", key(0)) for _ in range(3)]
            for p in players:
                await p.wait(LOBBY)
            conns = [c for c in server.connections if c.login.key == key_fp(0)]
            assert len(conns) == 3
            assert len({id(c.share) for c in conns}) == 1
            assert len({id(c.input.filter.bucket) for c in conns}) == 1

    with hang_guard(60):
        asyncio.run(scenario())


# -- the lobbies' redraws ------------------------------------------------------------------------
def test_idle_lobbies_redraw_once_an_interval_one_a_turn_whatever_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hall, "LOBBY_SETTLE", 0.0)

    async def scenario() -> None:
        h = Hall()
        calls: list[int] = []
        listeners = [lambda n=n: calls.append(n) for n in range(30)]
        h.listeners.update(listeners)
        h.changed()
        await asyncio.sleep(0.01)  # the first redraw after a quiet time: at once
        for _ in range(30):
            await asyncio.sleep(0)
        assert sorted(calls) == list(range(30))
        calls.clear()
        for _ in range(50):  # a table opened and cancelled, again and again
            h.changed()
            await asyncio.sleep(0)
        assert calls == []  # within the interval: not yet, however much changed
        await asyncio.sleep(LOBBY_INTERVAL + 0.1)
        for _ in range(30):
            await asyncio.sleep(0)
        assert sorted(calls) == list(range(30))  # once each

    asyncio.run(scenario())


def test_a_lobby_redraw_round_takes_one_lobby_a_turn_of_the_loop() -> None:
    async def scenario() -> None:
        h = Hall()
        calls: list[int] = []
        listeners = [lambda n=n: calls.append(n) for n in range(30)]
        h.listeners.update(listeners)
        loop = asyncio.get_running_loop()
        h._redraw_lobbies(loop)
        assert len(calls) == 1
        for turn in range(2, 31):
            await asyncio.sleep(0)  # other players' keys are read between two lobbies
            assert len(calls) == turn
        calls.clear()
        h._redraw_lobbies(loop)
        gone = next(n for n in range(30) if n not in calls)
        h.listeners.discard(listeners[gone])  # a lobby that closes meanwhile is not called
        for _ in range(31):
            await asyncio.sleep(0)
        assert len(calls) == 29 and gone not in calls

    asyncio.run(scenario())


def test_thirty_lobbies_see_a_new_table_within_the_interval(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            watchers = [await connect(port, f"w{n}", key(3 + n)) for n in range(4)]
            alice = await connect(port, "alice", key(0))
            for p in [*watchers, alice]:
                await p.wait(LOBBY)
            await alice.line("new")
            found = await alice.wait(r"You wait at table (\w+)")
            for w in watchers:
                await w.wait(found.group(1), timeout=LOBBY_INTERVAL + 5)
            await until(lambda: not server.hall.redraw_due, "the lobbies' redraw")

    with hang_guard(60):
        asyncio.run(scenario())


# -- what a lobby draws, drawn once ----------------------------------------------------------------
def lobby_of(h: Hall, name: str, n: int) -> Lobby:
    return Lobby(h, Login(name, f"SHA256:{name}key{n}"), DummyInput(), DummyOutput())


def test_lobbies_at_one_width_draw_the_shared_lists_and_the_help_once() -> None:
    async def scenario() -> None:
        h = Hall()
        alice, bob = lobby_of(h, "alice", 1), lobby_of(h, "bob", 2)
        h.open_table(Login("carol", "SHA256:carolkey"), "classic")
        before = (DRAWINGS.hits, DRAWINGS.misses)
        first = alice._lines(100)
        assert DRAWINGS.misses > before[1]
        misses = DRAWINGS.misses
        assert bob._lines(100) == first  # the same lists: laid out once for both
        assert DRAWINGS.misses == misses
        help_first = alice._help_lines(173)
        misses = DRAWINGS.misses
        assert bob._help_lines(173) == help_first and lobby_of(h, "dan", 4)._help_lines(173)
        assert DRAWINGS.misses == misses
        assert help_first == rich_lines(alice.help_view(), 173)  # as drawn without the cache
        assert first == [ln for part in alice._parts() for ln in rich_lines(part, 100)]

    asyncio.run(scenario())


def test_the_drawings_are_bounded_and_a_renderable_of_unknown_shape_is_drawn_each_time() -> None:
    from rich.text import Text

    cache = Drawings(kept=3)
    for n in range(10):
        cache.lines(Text(f"line {n}"), 40)
    assert len(cache.cache) == 3 and cache.misses == 10
    cache.lines(Text("line 9"), 40)
    assert cache.hits == 1

    class Odd:  # rich draws it; its shape is unknown
        def __rich__(self) -> Text:
            return Text("odd")

    cache.lines(Odd(), 40)
    cache.lines(Odd(), 40)
    assert cache.hits == 1 and len(cache.cache) == 3


def test_the_probe_finds_a_loop_that_runs_late() -> None:
    async def scenario() -> None:
        shares = Shares()
        shares.of("alice")  # starts the probe of the loop
        assert shares.share() == SHARE
        busy(0.15)  # the loop is held: the probe due meanwhile fires late
        await asyncio.sleep(fairshare.PROBE / 2)
        assert shares.late > fairshare.LATE

    asyncio.run(scenario())


def test_a_player_who_types_is_not_held_back_by_many_heavy_keys_on_a_late_loop() -> None:
    clock = Clock()
    shares = Shares(clock)
    heavy = [shares.of(f"heavy{n}") for n in range(24)]  # two dozen screens drawing all the time
    typist = shares.of("typist")
    shares.late = 1.0
    for _ in range(200):  # 20 seconds: each heavy key asks 90 ms a second, the typist 10
        for share in heavy:
            share.charge(0.09)
        typist.charge(0.005)
        typist.charge(0.005)
        shares.count_active()
        clock.t += 1.0
        assert typist.wait() == 0.0  # under its part of the loop: never held
    assert all(share.wait() > 0 for share in heavy)  # over theirs: held


def test_the_level_is_max_min_fair_and_never_below_an_equal_part() -> None:
    assert fairshare.fair_level([], TOTAL_SHARE) == TOTAL_SHARE
    assert fairshare.fair_level([0.01, 0.02], 0.5) == 0.5  # they all fit: nobody is cut
    # the light ones keep theirs, the heavy two share what is left
    assert fairshare.fair_level([0.05, 0.05, 0.9, 0.9], 0.5) == pytest.approx(0.2)
    assert fairshare.fair_level([0.3] * 4, 0.5) == pytest.approx(0.125)  # an equal part


def test_a_typist_among_quiet_keys_and_a_few_heavy_ones_keeps_what_it_asks() -> None:
    clock = Clock()
    shares = Shares(clock)
    quiet = [shares.of(f"quiet{n}") for n in range(20)]  # players at tables, between moves
    heavy = [shares.of(f"heavy{n}") for n in range(4)]
    typist = shares.of("typist")
    shares.late = 1.0
    for _ in range(400):  # 40 seconds, a tenth at a time: the typist asks 3% of the loop,
        for share in quiet:  # more than an equal part of the 25 active keys' half (2%)
            share.charge(0.0005)
        for share in heavy:
            share.charge(0.02)
        typist.charge(0.003)
        shares.count_active()
        clock.t += 0.1
        assert typist.wait() == 0.0  # the quiet keys leave it their part: never held
    assert shares.level > TOTAL_SHARE / 25
    assert all(share.wait() > 0 for share in heavy)
