"""Who pays for a frame (issue 34 item 4, issue 37's tables): the key whose input asked for it.

A move at a table redraws every seat's screen, a table opened redraws every lobby: charged to
the screens' owners, a quiet player's own frames waited for a debt others ran up. The charges
are counted (``KeyShare.charge``), never timed."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput
from sshkit import LOBBY, connect, key, key_fp, port_of, running, until
from test_serve_game import by_seat, prompt_of, reading, two_at_a_table
from test_serve_input import hang_guard

from cuttle.serve import adapter
from cuttle.serve.limits import frames
from cuttle.serve.limits.fairshare import ALLOWANCE, KeyShare, Shares
from cuttle.serve.limits.frames import BASE_CELLS, CAUSE, MIN_FRAME, Pacer, Together
from cuttle.serve.server import Server


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Sized(DummyOutput):
    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


class Costs:
    """A pretend clock for the pacer's measure: each frame costs ``cost`` seconds."""

    def __init__(self, cost: float) -> None:
        self.cost = cost
        self.t = 0.0

    def __call__(self) -> float:
        self.t += self.cost  # from one frame's start to its end: ``cost``
        return self.t


def paced(owner: KeyShare, columns: int = 80, rows: int = 24, cost: float = 0.01,
          others_pay: bool = True) -> tuple[Application[None], Pacer, list[int]]:
    """A screen (not running) whose frames the test draws by hand; the frames asked of
    prompt_toolkit are counted."""
    app: Application[None] = Application(output=Sized(columns, rows))
    pacer = Pacer(app, owner, others_pay, measure=Costs(cost))
    asked: list[int] = []
    pacer.draw = lambda: asked.append(1)
    return app, pacer, asked


def render(app: Application[None]) -> None:
    app.before_render.fire()
    app.after_render.fire()


@pytest.fixture
def shares() -> Shares:
    return Shares(Clock())  # the clock stands still: nothing is paid back


# -- the pacer -------------------------------------------------------------------------------------
def test_a_frame_asked_for_by_another_key_is_charged_to_that_key(shares: Shares) -> None:
    owner, mover = shares.of("owner"), shares.of("mover")

    async def scenario() -> None:
        app, pacer, asked = paced(owner)
        CAUSE.set(mover)
        app.invalidate()  # the screen's invalidate is the pacer's
        assert asked == [1]
        render(app)
        assert mover.debt == pytest.approx(0.01) and owner.debt == 0.0
        CAUSE.set(None)
        await asyncio.sleep(MIN_FRAME * 2)
        app.invalidate()  # its own (a key, a window change): its own
        render(app)
        assert owner.debt == pytest.approx(0.01) and mover.debt == pytest.approx(0.01)

    asyncio.run(scenario())


def test_a_frame_that_draws_two_keys_requests_is_split_between_them(shares: Shares) -> None:
    owner, mover = shares.of("owner"), shares.of("mover")

    async def scenario() -> None:
        app, pacer, asked = paced(owner)
        pacer.request()
        CAUSE.set(mover)
        pacer.request()
        render(app)
        assert owner.debt == pytest.approx(0.005) and mover.debt == pytest.approx(0.005)

    asyncio.run(scenario())


def test_a_big_screen_pays_itself_for_its_size_past_the_base(shares: Shares) -> None:
    owner, mover = shares.of("owner"), shares.of("mover")

    async def scenario() -> None:
        app, pacer, asked = paced(owner, columns=250, rows=80, cost=0.1)
        CAUSE.set(mover)
        pacer.request()
        render(app)
        part = BASE_CELLS / (250 * 80)
        assert mover.debt == pytest.approx(0.1 * part)
        assert owner.debt == pytest.approx(0.1 * (1 - part))

    asyncio.run(scenario())


def test_a_spectators_screen_pays_for_its_own_frames(shares: Shares) -> None:
    owner, mover = shares.of("watcher"), shares.of("mover")

    async def scenario() -> None:
        app, pacer, asked = paced(owner, others_pay=False)
        CAUSE.set(mover)
        pacer.request()
        render(app)
        assert owner.debt == pytest.approx(0.01) and mover.debt == 0.0

    asyncio.run(scenario())


def test_a_cause_over_its_share_waits_and_the_owners_own_key_is_drawn_at_once(
    shares: Shares,
) -> None:
    owner, heavy = shares.of("owner"), shares.of("heavy")
    heavy.charge(1.0)  # far over its allowance: its requests wait
    assert heavy.wait() > 1.0 and owner.wait() == 0.0

    async def scenario() -> None:
        app, pacer, asked = paced(owner)
        loop = asyncio.get_running_loop()
        CAUSE.set(heavy)
        pacer.request()
        assert asked == []  # not drawn now: when the heavy key's debt allows
        assert pacer.due == pytest.approx(loop.time() + heavy.wait(), abs=0.05)
        CAUSE.set(None)
        pacer.request()  # the owner types: drawn at once, the heavy change with it
        assert asked == [1] and pacer.timer is None
        render(app)
        assert owner.debt == pytest.approx(0.005) and heavy.debt == pytest.approx(1.005)

    asyncio.run(scenario())


def test_the_owners_frames_are_still_spaced_by_its_own_debt(shares: Shares) -> None:
    owner = shares.of("owner")
    owner.charge(ALLOWANCE * 3)

    async def scenario() -> None:
        app, pacer, asked = paced(owner)
        pacer.request()
        assert asked == [] and pacer.timer is not None  # held: drawn when paid back
        pacer._fire()
        assert asked == [1]

    asyncio.run(scenario())


def test_a_request_from_another_thread_carries_that_threads_cause(shares: Shares) -> None:
    owner, mover = shares.of("owner"), shares.of("mover")

    async def scenario() -> None:
        app, pacer, asked = paced(owner)
        loop = asyncio.get_running_loop()
        app.loop = loop  # as when it runs

        def match_thread() -> None:
            CAUSE.set(mover)
            loop.call_soon_threadsafe(app.invalidate)  # an AppIO post does this

        await asyncio.to_thread(match_thread)
        await until(lambda: asked, "the request")
        render(app)
        assert mover.debt == pytest.approx(0.01) and owner.debt == 0.0

    asyncio.run(scenario())


def test_together_charges_each_changer_by_its_number_of_changes(shares: Shares) -> None:
    a, b = shares.of("a"), shares.of("b")
    Together({a: 3, b: 1}).charge(0.04)
    assert a.debt == pytest.approx(0.03) and b.debt == pytest.approx(0.01)


# -- on the server -------------------------------------------------------------------------------
@pytest.fixture
def charges(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[KeyShare, float]]]:
    """Every charge to a key's share, with the share."""
    got: list[tuple[KeyShare, float]] = []
    charge = KeyShare.charge

    def counting(self: KeyShare, cost: float) -> None:
        got.append((self, cost))
        charge(self, cost)

    monkeypatch.setattr(KeyShare, "charge", counting)
    yield got


def charged(charges: list[tuple[KeyShare, float]], share: KeyShare) -> float:
    return sum(cost for s, cost in charges if s is share)


async def quiet(server: Server) -> None:
    """Until no screen has a frame asked for or a step to show."""

    def still() -> bool:
        for conn in server.connections:
            app = conn.app
            if app is not None and app.invalidated:
                return False
            if conn.screen is not None and conn.screen.current_step() is not None:
                return False
        return True

    await until(still, "the screens to be drawn")


def test_a_move_redraws_the_other_seats_screen_at_the_movers_cost(
    tmp_path: Path, charges: list[tuple[KeyShare, float]]
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            seats = by_seat(match, alice, bob)
            mover = match.session.game.to_move
            assert mover is not None
            other = 1 - mover
            name = match.session.names[mover]
            await seats[mover].wait(prompt_of(name))
            await until(lambda: reading(match, mover), "the mover's line")
            await quiet(server)
            share = {s: server.shares.of(key_fp(0 if seats[s] is alice else 1)) for s in (0, 1)}
            charges.clear()
            n = len(match.session.game.history)
            await seats[mover].line("draw")
            await until(lambda: len(match.session.game.history) > n, "the move")
            await seats[other].wait(prompt_of(match.session.names[other]))
            await quiet(server)
            assert charged(charges, share[mover]) > 0.0
            assert charged(charges, share[other]) == 0.0  # its screen redrew: not its doing

    with hang_guard(90):
        asyncio.run(scenario())


def test_a_table_opened_redraws_the_lobbies_at_the_openers_cost(
    tmp_path: Path, charges: list[tuple[KeyShare, float]]
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            watchers = [await connect(port, f"w{n}", key(3 + n)) for n in range(3)]
            alice = await connect(port, "alice", key(0))
            for p in [*watchers, alice]:
                await p.wait(LOBBY)
            await until(lambda: not server.hall.redraw_due, "the lobbies' redraw")
            await quiet(server)
            charges.clear()
            await alice.line("new")
            found = await alice.wait(r"You wait at table (\w+)")
            for w in watchers:
                await w.wait(found.group(1))  # each lobby redrew
            await quiet(server)
            assert charged(charges, server.shares.of(key_fp(0))) > 0.0
            for n in range(3):
                assert charged(charges, server.shares.of(key_fp(3 + n))) == 0.0

    with hang_guard(90):
        asyncio.run(scenario())


def test_a_line_read_on_the_matchs_thread_makes_its_player_the_cause(shares: Shares) -> None:
    owner = shares.of("owner")
    screen = adapter.make_screen(DummyInput(), DummyOutput())
    frames.pace(screen.app, owner)
    seen: list[object] = []

    def match_thread() -> None:
        seen.append(CAUSE.get())
        assert adapter.answer(screen, 0) is None  # nothing typed: nothing changes
        seen.append(CAUSE.get())
        screen.answers.put("draw")
        assert adapter.answer(screen, 0) == "draw"
        seen.append(CAUSE.get())

    async def scenario() -> None:
        await asyncio.to_thread(match_thread)

    asyncio.run(scenario())
    assert seen == [None, None, owner] and CAUSE.get() is None  # that thread's, not this one's


def test_the_lobbies_redraw_carries_the_changers_each_by_its_changes(
    shares: Shares, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cuttle.serve import hall
    from cuttle.serve.hall import Hall

    monkeypatch.setattr(hall, "LOBBY_SETTLE", 0.0)
    alice, bob = shares.of("alice"), shares.of("bob")

    async def scenario() -> list[object]:
        h = Hall()
        seen: list[object] = []
        h.listeners.update({lambda: seen.append(CAUSE.get()), lambda: seen.append(CAUSE.get())})
        for who in (alice, alice, alice, bob):
            CAUSE.set(who)
            h.changed()
        CAUSE.set(None)
        await until(lambda: len(seen) == 2, "both lobbies")
        return seen

    seen = asyncio.run(scenario())
    assert len({id(c) for c in seen}) == 1  # one round, one payer
    payer = seen[0]
    assert isinstance(payer, Together) and payer.parts == {alice: 3, bob: 1}


def test_the_echo_of_keys_that_waited_their_share_is_not_held_again() -> None:
    clock = Clock()
    shares = Shares(clock)  # the clock stands still: the debt stays
    owner = shares.of("owner")
    owner.charge(ALLOWANCE + 0.002)  # just over: its keys wait 20 ms, its frames as long

    async def scenario() -> tuple[list[int], list[int]]:
        from cuttle.serve.keyboard import KeyboardInput

        app, pacer, asked = paced(owner)
        kb = KeyboardInput(meter=owner)
        echoed: list[int] = []

        def read() -> None:  # the screen reads the keys and asks for their echo
            kb.read_keys()
            pacer.request()
            echoed.append(len(asked))

        with kb.attach(read):
            kb.feed("a")
            await until(lambda: echoed, "the keys read")
        assert owner.wait() > 0 and not owner.excused
        pacer.drawn_at = asyncio.get_running_loop().time()
        pacer.request()  # a frame of its own otherwise: held
        return echoed, asked

    echoed, asked = asyncio.run(scenario())
    assert echoed == [1]  # the echo of the keys that waited: at once
    assert asked == [1]  # the next request of its own waits for the debt
