"""The refusal counts and their rate-limited log lines (``cuttle/serve/limits/refusals.py``)."""

from __future__ import annotations

import logging

import pytest

from cuttle.serve.limits import refusals
from cuttle.serve.limits.refusals import LOG_BURST, LOG_INTERVAL, Refusals


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_each_refusal_is_counted_and_a_flood_logs_a_few_lines(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    counts = Refusals(clock)
    with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
        for n in range(50):
            counts.note(refusals.PER_ADDRESS, f"127.0.0.{n}")
        counts.note(refusals.SLOTS_FULL, "alice#3nQk")
    lines = [r.getMessage() for r in caplog.records]
    assert len([x for x in lines if "per-address cap" in x]) == LOG_BURST
    assert "refused (slots full): alice#3nQk" in lines
    assert counts.snapshot()["total"] == {"per-address cap": 50, "slots full": 1}
    caplog.clear()
    clock.t += LOG_INTERVAL
    with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
        counts.note(refusals.PER_ADDRESS, "127.0.0.9")
    assert caplog.records[0].getMessage() == (
        f"refused (per-address cap): 127.0.0.9 ({50 - LOG_BURST} more not logged)"
    )


def test_the_summary_line_comes_only_while_anything_is_refused(
    caplog: pytest.LogCaptureFixture,
) -> None:
    counts = Refusals(Clock())
    with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
        counts.tick()
        assert not caplog.records
        counts.note(refusals.NEVER_STARTED, "")
        counts.note(refusals.NEVER_STARTED, "")
        counts.note("something new", "")
        caplog.clear()
        counts.tick()
    assert caplog.records[0].getMessage() == (
        "refused in the last 60 s: session never started 2, something new 1"
    )
    snap = counts.snapshot()
    assert snap["last"] == {"session never started": 2, "something new": 1}
    assert snap["now"] == {}


def test_a_detail_is_one_clean_line_and_the_module_note_reaches_the_active_counts(
    caplog: pytest.LogCaptureFixture,
) -> None:
    counts = Refusals(Clock())
    refusals.activate(counts)
    with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
        refusals.note(refusals.INPUT_DROPPED, "mallory\nrefused (slots full): forged")
    assert "\n" not in caplog.records[0].getMessage()
    assert counts.snapshot()["total"] == {"input dropped": 1}
    refusals.activate(Refusals())
