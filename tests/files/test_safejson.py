"""The careful JSON reader every file goes through (``cuttle.safejson``)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cuttle.safejson import MAX_DEPTH, loads_limited, value_depth


class _TooSlow(Exception):
    pass


@contextmanager
def _cap(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (a hang guard, far above the real cost)."""

    def stop(signum: int, frame: object) -> None:
        raise _TooSlow

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_a_quote_followed_by_escaped_quotes_is_refused_in_one_pass() -> None:
    # The old guard's string pattern backtracked on this: 64 KB took 24 s, 200 KB minutes.
    hostile = '{"a": "' + '\\"' * 100_000
    with _cap(10.0), pytest.raises(ValueError, match="not valid JSON"):
        loads_limited(hostile)
    many = '["' + '\\"' * 100_000 + '"' + ', "\\"' * 20_000 + "]"
    with _cap(10.0), pytest.raises(ValueError):
        loads_limited(many)


def test_nesting_is_counted_on_the_value_and_strings_do_not_count() -> None:
    assert loads_limited("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(ValueError, match="nested more than"):
        loads_limited("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(ValueError, match="nested more than"):
        loads_limited('{"a":' * 100_000 + "1" + "}" * 100_000)
    assert loads_limited('{"a": "[[[[[[{{{{{{\\"]]]]"}') == {"a": '[[[[[[{{{{{{"]]]]'}
    assert value_depth({"a": [1, {"b": []}]}) == 4
    assert value_depth(7) == 0


def test_bad_text_is_one_value_error() -> None:
    with pytest.raises(ValueError, match="UTF-8"):
        loads_limited(b"\xff\xfe")
    with pytest.raises(ValueError, match="not usable JSON"):
        loads_limited("1" * 5000)
