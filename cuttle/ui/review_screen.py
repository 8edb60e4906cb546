"""The review of a finished game from the full screen's game-over screen.

When a game ends the session hands the record to the screen (``AppIO.offer_review``) and a line
offers the review. ``r`` on the game-over question (an empty line) runs the analysis of
``cuttle review`` (same search, same default budget, so the same labels; the review is saved for
``cuttle replay`` and a later ``cuttle review``) on a worker thread while a window shows the
progress; Esc cancels. The review then opens over the whole screen: the per-player summary, the
win-chance chart, every move with its label and a reason for each worse move, scrolled with the
window keys. Closing it (Esc, q) gives back the game-over screen and its question (the rematch).

Nothing here is new information: the game is over and its record (seed and moves) is kept, so the
review shows what ``cuttle review`` of that record shows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from cuttle.text.cardtext import CardStyle
from cuttle.ui.overlay import Overlay

if TYPE_CHECKING:
    from cuttle.ai.review import Budget, Review
    from cuttle.files.storage import GameRecord

PROGRESS_TITLE = "Reviewing"
REVIEW_TITLE = "Review"
CANCELLED = "Review cancelled (r starts it again)."
WIDE = 130  # from this width the moves and the summary sit side by side
WORDS = ("r", "review")  # sent as a line on the game-over question: the review, not an answer


class _Cancelled(Exception):
    """Raised inside the analysis to stop it (Esc, a new game, the screen closed)."""


@dataclass
class _Job:
    """One run of the analysis: its progress (set on the screen's thread) and a stop flag."""

    done: int = 0
    total: int = 0
    cancelled: bool = False


class ProgressView:
    """The progress window's text: how far the analysis is, a bar, how to cancel."""

    def __init__(self, job: _Job, style: CardStyle) -> None:
        self.job = job
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        job = self.job
        say = self.style.say
        now = min(job.done + 1, job.total)
        yield Text(say(f"Analysing move {now} of {job.total}: each decision judged by the "
                       "hard AI's search, from what the mover could see."))
        width = max(10, min(60, options.max_width - 8))
        filled = width * job.done // max(1, job.total)
        full, empty = ("#", "-") if self.style.ascii else ("━", "─")
        yield Text.assemble((full * filled, "bold cyan"), (empty * (width - filled), "dim"),
                            f" {100 * job.done // max(1, job.total):3d}%")
        yield Text(say("Esc cancels (the question below stays open)."), style="dim")


class ReviewView:
    """A whole review laid out for the width it gets: one column at 80 columns (summary and
    chart first, then the moves); from 130 columns the moves beside the summary and chart."""

    def __init__(self, review: Review, record: GameRecord, where: str, style: CardStyle) -> None:
        self.review = review
        self.record = record
        self.where = where
        self.style = style

    def _lines(self, lines: Iterable[Any]) -> Group:
        return Group(*(_say(line, self.style) for line in lines))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from cuttle.text.reviewtext import review_parts

        width = options.max_width
        wide = width >= WIDE
        side = width - 66 if wide else width
        from cuttle.ui.replay import bottom_seat

        # the chart follows the one human wherever the seats put them (after a rematch, seat 2)
        parts = review_parts(self.review, self.record, self.where, self.style.ascii,
                             width=min(side, 120), player=bottom_seat(self.record))
        moves = [Text("Moves", style="bold"), *parts["moves"]]
        overview = [*parts["summary"], Text(""), *parts["chart"]]
        yield self._lines(parts["head"])
        yield Text("")
        if not wide:
            yield self._lines([*overview, Text(""), *moves])
            return
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=64)
        grid.add_column(width=side)
        grid.add_row(self._lines(moves), self._lines(overview))
        yield grid


def _say(line: Any, style: CardStyle) -> Any:
    """A line in this style's characters (``--ascii``: ``->`` for ``→``), colours kept."""
    if isinstance(line, Padding):
        return Padding(_say(line.renderable, style), (0, 0, 0, line.left))
    if not style.ascii or not isinstance(line, Text):
        return line
    cuts = sorted({s.start for s in line.spans} | {s.end for s in line.spans})
    out = Text(style=line.style)
    for part in line.divide(cuts):
        out.append(style.say(part.plain), style=part.spans[0].style if part.spans else None)
    return out


class ReviewHost(Protocol):
    """What the review needs of the screen it runs on (``AppIO``): its actions, never its lists."""

    style: CardStyle
    mode: str
    buffer: Buffer

    @property
    def running(self) -> bool: ...

    def post(self, fn: Callable[[], None]) -> None: ...

    def changed(self) -> None: ...

    def add_message(self, text: str) -> None: ...

    def remove_message(self, text: str) -> None: ...

    def open_overlay(self, overlay: Overlay, focus: bool = False) -> None: ...

    def close_overlays(self, title: str) -> None: ...

    def replace_overlay_body(self, title: str, body: Any) -> None: ...


class GameReview:
    """The review offered on one screen's game-over question (its state lives on the screen's
    thread; the analysis runs on a worker thread and reports through ``io.post``)."""

    def __init__(self, io: ReviewHost, budget: Budget | None = None) -> None:
        self.io = io
        self.budget = budget
        self.record: GameRecord | None = None
        self.where = "this game"
        self.review: Review | None = None
        self.job: _Job | None = None
        self.problem = ""

    # -- the screen's thread ------------------------------------------------------------------
    def offer(self, record: GameRecord, where: str, later: str | None) -> None:
        """The game is over: offer its review in the messages (with ``later``, the command that
        reviews it afterwards)."""
        self.reset()
        self.record = record
        self.where = where
        self.io.add_message("r: go over every move now" + (f" (later: {later})" if later else "."))

    def reset(self) -> None:
        """A new game (or none): stop an analysis, forget the offer."""
        self.cancel(quiet=True)
        self.record = None
        self.review = None

    def offered(self) -> bool:
        """The game-over question is open and a review can be asked for."""
        return self.record is not None and self.io.mode == "ask"

    def start(self) -> None:
        """``r``: show the review, computing it first (with a progress window) if needed."""
        if self.record is None:
            return
        if self.review is not None:
            self.show()
            return
        if self.job is not None:
            return
        self.io.remove_message(CANCELLED)
        from cuttle.ai.review import Budget

        job = self.job = _Job(total=len(self.record.moves))
        progress = Overlay(PROGRESS_TITLE, ProgressView(job, self.io.style), on_close=self.cancel)
        self.io.open_overlay(progress, focus=True)  # Esc or q cancels, typing answers
        record, budget = self.record, self.budget or Budget()
        threading.Thread(target=self._work, args=(job, record, budget),
                         name="cuttle-review", daemon=True).start()

    def cancel(self, quiet: bool = False) -> None:
        """Stop the analysis (the worker stops at its next move) and close its window."""
        job, self.job = self.job, None
        if job is None:
            return
        job.cancelled = True
        self.io.close_overlays(PROGRESS_TITLE)
        if not quiet:
            self.io.add_message(CANCELLED)

    def show(self) -> None:
        """The review in a window over the whole screen, with the keys."""
        assert self.review is not None and self.record is not None
        self.io.close_overlays(PROGRESS_TITLE)
        view = ReviewView(self.review, self.record, self.where, self.io.style)
        self.io.open_overlay(Overlay(REVIEW_TITLE, view, full=True), focus=True)

    def _finished(self, job: _Job, review: Review | None, problem: str) -> None:
        if job is not self.job:  # cancelled, or another game since
            return
        self.job = None
        if review is None:
            self.io.close_overlays(PROGRESS_TITLE)
            self.io.add_message(f"The review failed: {problem}")
            return
        self.review = review
        self.show()

    def _progress(self, job: _Job, done: int, total: int) -> None:
        job.done, job.total = done, total
        # a new view: the screen redraws a window on a new body
        self.io.replace_overlay_body(PROGRESS_TITLE, ProgressView(job, self.io.style))

    # -- the worker thread --------------------------------------------------------------------
    def _work(self, job: _Job, record: GameRecord, budget: Budget) -> None:
        from cuttle.files.reviews import review_record

        def step(done: int, total: int) -> None:
            if job.cancelled or not self.io.running:
                raise _Cancelled
            self.io.post(lambda: self._progress(job, done, total))

        try:
            review = review_record(record, budget, on_step=step)
        except _Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - told on the screen, the game-over screen stays
            problem = str(exc)[:200]
            self.io.post(lambda: self._finished(job, None, problem))
            return
        self.io.post(lambda: self._finished(job, review, ""))


def review_keys(review: GameReview) -> KeyBindings:
    """``r`` on the game-over question (an empty line); ``r`` or ``review`` sent as a line there
    (pasted, or typed after a space) does the same rather than ask the question again."""
    kb = KeyBindings()
    io = review.io
    offered = Condition(review.offered)
    empty = Condition(lambda: not io.buffer.text)
    typed = Condition(lambda: io.buffer.text.strip().lower() in WORDS)

    def run(event: KeyPressEvent) -> None:
        io.buffer.reset()
        review.start()
        io.changed()

    kb.add("r", filter=offered & empty)(run)
    kb.add("enter", filter=offered & typed)(run)
    return kb


__all__ = ["GameReview", "ProgressView", "ReviewHost", "ReviewView", "review_keys"]
