"""A connection's keys: what its SSH channel receives, handed to the screen's app in-process.

Every player's input arrives on the one event loop they all share, so nothing here may wait or
take long (an OS pipe fed from that loop blocked it for good once the pipe was full):

- ``feed`` never blocks: the text goes into a bounded queue and the app is told on the next turn
  of the loop; the app then reads at most ``BATCH`` characters a turn, so a long burst is taken a
  piece at a time with everyone else's keys in between;
- a token bucket (``TokenBucket``), one per login key for all its sessions together, limits the
  characters a second one player can make the server read; what is over is dropped and the
  player told, once a burst;
- a ``Meter`` (the key's share of the loop, ``fairshare.KeyShare``) is charged the time its
  keys take to handle; while the key is over its share, its keys wait to be read (not dropped),
  and once they have waited, their echo is drawn at once (``excused``: not held a second time
  for the debt their own handling just added);
- a paste (the terminal's bracketed paste) keeps its first ``MAX_PASTE`` characters (no line
  holds more), the rest is dropped as it arrives, found by one ``str.find`` a piece;
- an escape sequence longer than any key's (``MAX_ESCAPE``) is dropped: prompt_toolkit's parser
  would try each of its prefixes, and keep them all;
- keys that arrived and are read on the next turn are ``waiting()``: the loop's painter draws no
  heavy frame before them (``limits.frames``: a 20 ms frame drawn first would hold their echo);
- keys a screen read and left when it ended (prompt_toolkit's typeahead, which the next screen
  would take at its start, unmetered) are taken back and read like the others: a chain of
  screens typed ahead (``replay 1``, Enter, ``q``, again and again) goes at the key's share.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from typing import Protocol

from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import get_typeahead
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress

from cuttle.text.intent import MAX_LINE

RATE = 200.0  # characters a second a connection may send, on average (a key costs the loop ~0.5 ms)
BURST = 2000  # ... and at once (a paste of a few lines, without the terminal's paste mode)
BATCH = 512  # characters the app reads in one turn of the loop
MAX_QUEUED = 16 * BURST  # characters waiting for an app to read them (none runs: they wait)
MAX_PASTE = 4 * MAX_LINE  # characters of one paste kept (the line cuts it again, saying so)
MAX_ESCAPE = 32  # characters of an escape sequence (a key's or a mouse click's are shorter)
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
TOO_FAST = "Too much at once: what you typed past that was dropped."
PASTE_CUT = f"A paste holds at most {MAX_PASTE} characters: the rest was dropped."

# a control sequence (ESC [, parameters, intermediates, the final byte), or its start at the end
_CSI = re.compile(r"\x1b\[[0-?]*[ -/]*([@-~]|\Z)")
_CSI_REST = re.compile(r"[0-?]*[ -/]*([@-~]|\Z)")
_ids = itertools.count(1)


class Meter(Protocol):
    """Where the time of handling a connection's keys is charged (its key's loop share)."""

    excused: bool  # set while keys that waited are read (their echo does not wait again)

    def charge(self, cost: float) -> None: ...

    def wait(self) -> float: ...

    def owing(self) -> float: ...


# the connections whose keys arrived and are read on the loop's next turn (not those held to
# their key's share: they wait on purpose)
_READ_NEXT: weakref.WeakSet[KeyboardInput] = weakref.WeakSet()


def waiting() -> list[Meter | None]:
    """The meters of the connections whose keys arrived and are read on the next turn of the
    loop (one turn at most: the read is on its way)."""
    return [found.meter for found in list(_READ_NEXT)]


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved: ``take(n)`` gives what it can of n."""

    def __init__(
        self, rate: float, burst: int, now: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.now = now
        self.tokens = float(burst)
        self.at = now()

    def _refill(self) -> None:
        t = self.now()
        self.tokens = min(float(self.burst), self.tokens + (t - self.at) * self.rate)
        self.at = t

    def full(self) -> bool:
        """No token has been taken that is not back yet (a burst is over)."""
        self._refill()
        return self.tokens >= self.burst

    def take(self, n: int) -> int:
        """Take up to ``n`` tokens; returns how many were there."""
        self._refill()
        got = min(n, int(self.tokens))
        self.tokens -= got
        return got


class _Filter:
    """What of a stream of typed text reaches the parser: pastes cut to ``MAX_PASTE``, overlong
    escape sequences dropped, the rest charged to the bucket (dropped when it is empty).

    ``run`` takes each piece as it arrives and returns the text for the parser. The start of an
    escape sequence at a piece's end is held back (``held``) for the next piece or a flush, and
    so are a paste's last characters (``tail``: the end mark may straddle two pieces)."""

    def __init__(self, bucket: TokenBucket) -> None:
        self.bucket = bucket
        self.held = ""
        self.tail = ""
        self.paste: bool | None = None  # in a paste: None outside; True passed on; False dropped
        self.pasted = 0  # characters of this paste passed on
        self.skipping = False  # inside an overlong escape sequence: drop up to its final byte
        self.dropped = False  # the bucket refused something of the last piece
        self.cut = False  # the last piece cut a paste

    def run(self, data: str) -> str:
        self.dropped = self.cut = False
        out: list[str] = []
        text, self.held = self.held + data, ""
        i = 0
        while i < len(text):
            if self.paste is not None:
                i = self._in_paste(text, i, out)
            elif self.skipping:
                m = _CSI_REST.match(text, i)
                assert m is not None  # the pattern matches the empty string
                i = m.end()
                self.skipping = not m.group(1)
            else:
                i = self._outside(text, i, out)
        return "".join(out)

    def release(self) -> str:
        """The escape sequence held back, when no more of it came (the app's Esc timeout)."""
        held, self.held = self.held, ""
        out: list[str] = []
        if held:
            self._charge(held, out, whole=True)
        return "".join(out)

    def _charge(self, piece: str, out: list[str], whole: bool = False) -> None:
        got = self.bucket.take(len(piece))
        if got < len(piece):
            self.dropped = True
            if whole:  # an escape sequence goes in whole or not at all
                return
            piece = piece[:got]
        out.append(piece)

    def _outside(self, text: str, i: int, out: list[str]) -> int:
        j = text.find("\x1b", i)
        if j < 0:
            self._charge(text[i:], out)
            return len(text)
        if j > i:
            self._charge(text[i:j], out)
        m = _CSI.match(text, j)
        if m is None:  # ESC before anything but "[": the parser reads it (Alt+key, SS3)
            if j + 1 == len(text):
                self.held = text[j:]
            else:
                self._charge(text[j], out, whole=True)
            return j + 1
        seq = m.group(0)
        if len(seq) > MAX_ESCAPE:
            self.skipping = not m.group(1)
        elif not m.group(1):  # unfinished: the next piece may finish it
            self.held = seq
        elif seq == PASTE_START:
            self.paste = self.bucket.take(len(seq)) == len(seq)
            self.dropped = self.dropped or not self.paste
            self.pasted, self.tail = 0, ""
            if self.paste:
                out.append(seq)
        else:
            self._charge(seq, out, whole=True)
        return m.end()

    def _in_paste(self, text: str, i: int, out: list[str]) -> int:
        look = self.tail + text[i:]
        end = look.find(PASTE_END)
        if end < 0:
            keep = max(0, len(look) - (len(PASTE_END) - 1))
            body, self.tail = look[:keep], look[keep:]
            after = len(text)
        else:
            body, self.tail = look[:end], ""
            after = len(text) - (len(look) - end - len(PASTE_END))
        if self.paste and body:
            piece = body[: max(0, MAX_PASTE - self.pasted)]
            self.cut = self.cut or len(piece) < len(body)
            got = self.bucket.take(len(piece))
            self.dropped = self.dropped or got < len(piece)
            self.pasted += got
            out.append(piece[:got])
        if end >= 0:
            if self.paste:
                out.append(PASTE_END)
            self.paste = None
        return after


class KeyboardInput(Input):
    """A prompt_toolkit ``Input`` fed by the SSH session (``feed``), read by the app on the
    loop: no file descriptor, no thread. ``on_refused`` tells the player what was dropped;
    ``bucket``: the typing budget (its key's, shared by its sessions); ``meter``: where the time
    the keys take is charged, and how long they wait to be read."""

    def __init__(
        self,
        on_refused: Callable[[str], None] = lambda text: None,
        bucket: TokenBucket | None = None,
        meter: Meter | None = None,
    ) -> None:
        self.on_refused = on_refused
        self.meter = meter
        self.filter = _Filter(bucket or TokenBucket(RATE, BURST))
        self.queue: deque[str] = deque()
        self.queued = 0  # characters in the queue
        self.keys: list[KeyPress] = []
        self.parsed: list[KeyPress] = []  # read by a screen that ended before it took them
        self.parser = Vt100Parser(self.keys.append)
        self.callbacks: list[Callable[[], None] | None] = []
        self.scheduled = False
        self._closed = False
        self.refusing = False  # the player was told; told again after the bucket filled up
        self.pasting_cut = False  # the paste going on was cut (and the player told)
        self._id = next(_ids)

    # -- the session's side ------------------------------------------------------------------
    def feed(self, data: str) -> None:
        """What the client sent; returns at once (the app reads it on a later turn)."""
        if self._closed:
            return
        if self.filter.bucket.full():  # a burst after the last one ended
            self.refusing = False
        text = self.filter.run(data)
        if self.filter.dropped and not self.refusing:
            self.refusing = True
            self.on_refused(TOO_FAST)
        if self.filter.cut and not self.pasting_cut:
            self.on_refused(PASTE_CUT)
        self.pasting_cut = self.filter.paste is not None and (self.filter.cut or self.pasting_cut)
        if text and self.queued + len(text) > MAX_QUEUED:  # no screen reads them
            text = ""
            if not self.refusing:
                self.refusing = True
                self.on_refused(TOO_FAST)
        if text:
            self.queue.append(text)
            self.queued += len(text)
            self._wake()
        elif self.filter.held:  # a lone Esc: the app reads nothing now, and flushes it after
            self._wake()  # its Esc timeout (not woken, it never flushed: Esc did nothing)

    def pending(self) -> int:
        """Characters received and not read yet."""
        return self.queued

    def _wake(self) -> None:
        """Have the app that reads the keys then (one screen may give way to the next) read
        them on the next turn of the loop, or once the key's share of the loop allows."""
        if self.scheduled or not self.callbacks or self.callbacks[-1] is None:
            return
        self.scheduled = True
        meter = self.meter

        def call() -> None:
            self.scheduled = False
            _READ_NEXT.discard(self)
            current = self.callbacks[-1] if self.callbacks else None
            if current is not None and (self.queue or self.parsed or self.filter.held):
                started = time.perf_counter()
                if meter is not None and delay > 0:  # they waited: their echo does not
                    meter.excused = True
                try:
                    current()
                finally:
                    if meter is not None:
                        meter.excused = False
                if meter is not None:
                    meter.charge(time.perf_counter() - started)

        loop = asyncio.get_running_loop()
        delay = meter.wait() if meter is not None and not self._closed else 0.0
        if delay > 0:
            loop.call_later(delay, call)
        else:
            _READ_NEXT.add(self)
            loop.call_soon(call)

    # -- prompt_toolkit's side ---------------------------------------------------------------
    def read_keys(self) -> list[KeyPress]:
        if self.parsed:  # what the last screen left: alone (it may end this screen too)
            keys, self.parsed = self.parsed, []
            if self.queue:
                self._wake()
            return keys
        taken = 0
        while self.queue and taken < BATCH:
            text = self.queue.popleft()
            if taken + len(text) > BATCH:
                text, rest = text[: BATCH - taken], text[BATCH - taken :]
                self.queue.appendleft(rest)
            taken += len(text)
            self.queued -= len(text)
            self.parser.feed(text)
        if self.queue:  # the rest on the next turn: others' keys go first
            self._wake()
        keys, self.keys[:] = list(self.keys), []
        return keys

    def flush_keys(self) -> list[KeyPress]:
        held = self.filter.release()
        if held:
            self.parser.feed(held)
        self.parser.flush()
        keys, self.keys[:] = list(self.keys), []
        return keys

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """The connection ended: the app reading it ends (``EOFError``), what it did not read
        yet is dropped."""
        self._closed = True
        self.queue.clear()
        self.queued = 0
        self.parsed = []
        callback = self.callbacks[-1] if self.callbacks else None
        if callback is not None:
            with contextlib.suppress(RuntimeError):  # no loop running: nobody reads any more
                asyncio.get_running_loop().call_soon(callback)

    def fileno(self) -> int:
        raise NotImplementedError("a connection's keys have no file descriptor")

    def typeahead_hash(self) -> str:
        return f"cuttle-serve-{self._id}"

    def raw_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def cooked_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    @contextlib.contextmanager
    def _using(self, callback: Callable[[], None] | None) -> Iterator[None]:
        self.callbacks.append(callback)
        try:
            if callback is not None and (self.queue or self.parsed):
                self._wake()
            elif callback is not None and self._closed:
                asyncio.get_running_loop().call_soon(callback)
            yield
        finally:
            self.callbacks.pop()
            # the screen that ends stored what it did not take: it waits here for the next one
            self.parsed += get_typeahead(self)
            if self.callbacks and self.callbacks[-1] is not None and (self.queue or self.parsed):
                self._wake()

    def attach(
        self, input_ready_callback: Callable[[], None]
    ) -> contextlib.AbstractContextManager[None]:
        """Keys go to ``input_ready_callback`` (the app that runs now) until the block ends."""
        return self._using(input_ready_callback)

    def detach(self) -> contextlib.AbstractContextManager[None]:
        """No app reads the keys until the block ends (they wait)."""
        return self._using(None)
