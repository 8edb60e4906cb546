"""Who pays for a frame the server draws, and when it is drawn (each key's share: ``fairshare``).

A frame is not always its screen's owner's doing: a move at a table of four redraws four
screens, a table opened redraws every lobby. Charged to the owner, a quiet player's frames would
wait for a debt that others ran up. So each request for a frame carries its **cause**, the payer
in ``CAUSE`` (a context variable) where the request is made:

- a connection's own work (its keys, its session: ``caused_by`` at its start) is its key's;
- the match's thread makes each line it reads from a screen the cause of what follows
  (``typed_on``): the mover's, for every seat's redraw of that move, and the AI's moves after it
  (the person whose move handed the AI its turn);
- the hall's lobby redraw is the changers' since the last one, each by its number of changes
  (``Together``).

The variable travels with the work: ``call_soon_threadsafe`` (a screen's post from the match's
thread) and ``call_later`` run their callback in a copy of the caller's context. ``pace`` takes
over a screen's ``invalidate``: a request is drawn no sooner than ``MIN_FRAME`` after the last
frame, nor before its cause's debt allows (``KeyShare.wait``), so a cause held to its share
delays only what it caused, and a later request from someone not held (the owner's own key)
draws at once. A frame's cost is split among the payers whose requests it drew; of a cause's
part, the cause pays for at most ``BASE_CELLS`` of the screen, the owner for the rest (its size is
its own choice: a 250x80 window must not make every move of its opponents cost four times as
much). Nothing here is taken from a client: a cause is the key whose input was read, never
something it says.

A frame that is due is drawn by the loop's ``Painter``, not at once: every screen's frames due on
one loop wait in one queue, and each turn of the loop draws those of the payers who owe least
first, for at most ``TURN`` seconds (one frame at least), then lets the loop read the sockets
again. Drawn as prompt_toolkit draws them (each screen its own redraw as soon as it can), the
frames that came due together were drawn in one turn, twelve 20 ms frames in a row: every key
read in that turn waited a quarter of a second, its echo as long again. Now a key waits for one
turn's frames at most, and its echo goes before the frames of those who owe more.

A **heavy** frame (a screen whose last frame took more than ``TURN``: a help at 500x200 took
20 ms) is drawn only as the first of a turn, and not while keys that arrived are about to be read
(``keyboard.waiting``) for a key who owes less than its payers: a key's echo takes two turns of
the loop (its keys read, then its frame), and "one frame at least" drew a heavy frame in each,
40 ms before the echo. A heavy frame gives way for ``HEAVY_WAIT`` at most (keys that never stop
coming do not starve it). A **big** screen (more than ``BIG_CELLS``, 300x100) draws at most
one frame every ``BIG_FRAME`` (a quarter of a second): its frames cost the loop by the cell,
twelve of them toggling the help ten times a second took two fifths of it even once each frame
was made cheap, and the screens of the usual sizes are not touched. (A turn stays a
``call_soon``, before the loop reads the sockets: run after them, as a timer due at once, it
also ran after the fair shares' probe of the loop's lateness, which then missed the frames'
time, and the helps drew twice as often.)
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import math
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol

from prompt_toolkit.application import Application

from cuttle.serve import keyboard

MIN_FRAME = 1 / 60  # seconds at least between two redraws of one screen
BASE_CELLS = 120 * 40  # of a screen drawn for another key's input, what that key pays for
TURN = 0.005  # seconds of frames at most drawn in one turn of the loop (one frame at least)
HEAVY_WAIT = 0.1  # seconds at most a heavy frame gives way to others' keys
BIG_CELLS = 300 * 100  # a screen of more cells is big: its frames are spaced by BIG_FRAME
BIG_FRAME = 0.25  # seconds at least between two frames of a big screen


class Payer(Protocol):
    """What a frame's cost is charged to (a key's share, or several keys together)."""

    def charge(self, cost: float) -> None: ...

    def wait(self) -> float: ...

    def frame_wait(self) -> float: ...

    def owing(self) -> float: ...


# who pays for what is asked to be drawn in this context (None: each screen's owner)
CAUSE: contextvars.ContextVar[Payer | None] = contextvars.ContextVar("cause", default=None)
_OWNERS: weakref.WeakKeyDictionary[Application[Any], Payer] = weakref.WeakKeyDictionary()


def caused_by(payer: Payer | None) -> None:
    """What this context asks to be drawn from now on is ``payer``'s doing."""
    CAUSE.set(payer)


def carried() -> contextvars.Context:
    """A new context holding only this one's cause (for a thread this context starts)."""
    context = contextvars.Context()
    context.run(CAUSE.set, CAUSE.get())
    return context


def typed_on(app: Application[Any]) -> None:
    """A line was read from ``app``'s screen: what follows in this context (the match's
    thread) is its owner's doing (nothing changes for a screen that is not paced)."""
    owner = _OWNERS.get(app)
    if owner is not None:
        CAUSE.set(owner)


class Together:
    """Several payers who asked for one round of redraws, each paying in proportion to its
    number of requests (``parts``); a frame waits as long as their waits, so weighted."""

    def __init__(self, parts: dict[Payer, int]) -> None:
        self.parts = dict(parts)
        self.total = max(1, sum(parts.values()))

    def charge(self, cost: float) -> None:
        for payer, n in self.parts.items():
            payer.charge(cost * n / self.total)

    def wait(self) -> float:
        return sum(payer.wait() * n for payer, n in self.parts.items()) / self.total

    def frame_wait(self) -> float:
        return self.wait()

    def owing(self) -> float:
        return sum(payer.owing() * n for payer, n in self.parts.items()) / self.total


class Painter:
    """The frames due on one loop, drawn a few a turn, those of the payers who owe least first,
    a heavy frame alone and after the keys about to be read (see the module)."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 measure: Callable[[], float] = time.perf_counter,
                 waiting: Callable[[], list[keyboard.Meter | None]] = keyboard.waiting) -> None:
        self.loop = loop
        self.measure = measure
        self.waiting = waiting  # the meters of the keys read on the next turn
        self.due: dict[Pacer, int] = {}  # the screens with a frame due, in the order they came
        self.since: dict[Pacer, float] = {}  # when each came due (the loop's time)
        self.order = itertools.count()
        self.scheduled = False
        self.turns = 0  # turns of the loop that drew frames (for tests)

    def add(self, pacer: Pacer) -> None:
        """``pacer``'s screen has a frame due: drawn on a coming turn of the loop."""
        if pacer not in self.due:
            self.due[pacer] = next(self.order)
            self.since[pacer] = self.loop.time()
        self._schedule()

    def _schedule(self) -> None:
        if not self.scheduled:
            self.scheduled = True
            self.loop.call_soon(self._turn)

    def _turn(self) -> None:
        self.scheduled = False
        self.turns += 1
        end = self.measure() + TURN
        first = True
        while self.due:
            owing = {pacer: pacer.owing() for pacer in self.due}
            pacer = next((p for p in sorted(self.due, key=lambda p: (owing[p], self.due[p]))
                          if not p.heavy() or first and self._may_draw_heavy(p, owing[p])),
                         None)
            if pacer is None:  # only heavy frames, which wait for a turn of their own
                break
            del self.due[pacer]
            del self.since[pacer]
            first = False
            try:
                pacer.paint()
            except Exception as exc:  # noqa: BLE001 - one screen's error: logged, not everyone's
                self.loop.call_exception_handler(
                    {"message": "a frame could not be drawn", "exception": exc})
            if self.measure() >= end:
                break
        if self.due:
            self._schedule()

    def _may_draw_heavy(self, pacer: Pacer, owing: float) -> bool:
        """A heavy frame may go now: no key who owes less than its payers is about to be read
        (or it has given way long enough)."""
        if self.loop.time() - self.since[pacer] >= HEAVY_WAIT:
            return True
        return not any(meter is not None and meter.owing() < owing
                       for meter in self.waiting())

    def discard(self, pacer: Pacer) -> None:
        """``pacer``'s screen was drawn another way (its start, say): nothing is due."""
        self.due.pop(pacer, None)
        self.since.pop(pacer, None)


_PAINTERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Painter] = (
    weakref.WeakKeyDictionary()
)


def painter(loop: asyncio.AbstractEventLoop) -> Painter:
    """The painter of ``loop`` (one for every screen on it)."""
    found = _PAINTERS.get(loop)
    if found is None:
        found = _PAINTERS[loop] = Painter(loop)
    return found


class Pacer:
    """One screen's frames: when each is drawn and who pays for it (see the module)."""

    def __init__(
        self,
        app: Application[Any],
        owner: Payer,
        others_pay: bool = True,
        measure: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.app = app
        self.owner = owner
        self.others_pay = others_pay  # False: every frame is the owner's (a spectator's)
        self.measure = measure
        self.invalidate = app.invalidate  # prompt_toolkit's own: a frame as soon as it can
        self.draw: Callable[[], None] = self._queue  # a frame due: the loop's painter draws it
        self.payers: dict[Payer, None] = {}  # whose requests the next frame draws, in order
        self.timer: asyncio.TimerHandle | None = None
        self.due = math.inf  # when the timer draws
        self.drawn_at = -math.inf  # the loop's time of the last frame
        self.started = 0.0
        self.cost = 0.0  # seconds its last frame took
        app.min_redraw_interval = None  # the spacing is the pacer's
        app.invalidate = self.request  # type: ignore[method-assign]
        app.before_render += self._before
        app.after_render += self._after

    def request(self) -> None:
        """A frame is asked for (from any thread: made on the screen's loop, with the cause
        of the thread that asked)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        home = self.app.loop
        if loop is None or (home is not None and loop is not home):
            if home is not None and not home.is_closed():
                home.call_soon_threadsafe(self.request)  # the caller's context goes along
            return
        payer = CAUSE.get() if self.others_pay else None
        payer = payer or self.owner
        self.payers[payer] = None
        now = loop.time()
        due = max(self.drawn_at + self.spacing(), now + payer.frame_wait())
        if due <= now:
            self._cancel()
            self.draw()
        elif due < self.due:
            self._cancel()
            self.due = due
            self.timer = loop.call_at(due, self._fire)

    def _fire(self) -> None:
        self.timer = None
        self.due = math.inf
        self.draw()

    def _queue(self) -> None:
        loop = self.app.loop
        if loop is None or loop.is_closed() or not self.app.is_running:
            return  # a screen not running draws nothing (its start draws it whole)
        self.app._invalidated = True  # a frame is on its way (prompt_toolkit's ``invalidated``)
        painter(loop).add(self)

    def owing(self) -> float:
        """What the payers of the frame due owe (the least of them: the owner's own key's
        echo goes before a heavy change that came with it)."""
        return min((payer.owing() for payer in self.payers), default=self.owner.owing())

    def paint(self) -> None:
        """The frame due, drawn now (prompt_toolkit's own redraw, else its invalidate)."""
        app = self.app
        app._invalidated = False
        redraw = getattr(app, "_redraw", None)
        if not app.is_running:
            return
        if redraw is None:  # a prompt_toolkit without it: a frame as soon as it can
            self.invalidate()
            return
        redraw()

    def _cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        self.due = math.inf

    def spacing(self) -> float:
        """Seconds at least between two of its frames: ``BIG_FRAME`` for a screen of more than
        ``BIG_CELLS`` (a help at 500x200 is 100,000 cells: four frames a second at most,
        whatever its key's share allows), ``MIN_FRAME`` for the others."""
        size = self.app.output.get_size()
        return BIG_FRAME if size.rows * size.columns > BIG_CELLS else MIN_FRAME

    def heavy(self) -> bool:
        """Its last frame took more than a turn's frames may (the next is taken to as well)."""
        return self.cost > TURN

    def _before(self, _: object) -> None:
        self.started = self.measure()

    def _after(self, _: object) -> None:
        self.cost = self.measure() - self.started
        self.charge(self.cost)
        with_loop = self.app.loop
        self.drawn_at = with_loop.time() if with_loop is not None else time.monotonic()
        self._cancel()  # every request so far is drawn
        if with_loop is not None and with_loop in _PAINTERS:
            _PAINTERS[with_loop].discard(self)
            self.app._invalidated = False

    def charge(self, cost: float) -> None:
        """A frame cost ``cost`` seconds: its payers pay it (those whose requests it drew)."""
        payers = list(self.payers) or [self.owner]
        self.payers.clear()
        size = self.app.output.get_size()
        part = min(1.0, BASE_CELLS / max(1, size.rows * size.columns))
        each = cost / len(payers)
        own = 0.0
        for payer in payers:
            if payer is self.owner:
                own += each
            else:
                payer.charge(each * part)
                own += each * (1 - part)
        if own:
            self.owner.charge(own)


def pace(app: Application[Any], owner: Payer, others_pay: bool = True) -> Application[Any]:
    """Pace ``app``'s frames and charge them to those who asked for them (``owner``: the key
    whose screen it is; ``others_pay``: False for a screen whose every frame is its owner's,
    a spectator's, who chose to watch however many moves others make)."""
    _OWNERS[app] = owner
    Pacer(app, owner, others_pay)
    return app
