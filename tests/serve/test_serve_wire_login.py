"""A session that fails as it opens (before its screen exists) is logged, not dropped without
a word: a server run without a dependency (``confusables``, read at the first name check) took
every login, dropped each as its session opened and wrote nothing to its log (found by
``benchmarks/bench_serve.py`` on a venv installed before that dependency was declared)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncssh
import pytest
from sshkit import connect, key, port_of, running

from cuttle.serve import login


def test_a_session_that_fails_as_it_opens_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> tuple[str, str]:
        raise RuntimeError("names unreadable")

    monkeypatch.setattr(login, "player_name", broken)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            with caplog.at_level(logging.INFO):
                with pytest.raises(asyncssh.ChannelOpenError):  # refused, as it must be
                    await connect(port_of(server), "alice", key(0))
                await asyncio.sleep(0.2)

    asyncio.run(scenario())
    said = [r for r in caplog.records if r.levelno >= logging.WARNING and
            r.name.startswith("cuttle") and "names unreadable" in f"{r.getMessage()}{r.exc_text}"
            f"{r.exc_info}"]
    assert said, "the server's log says nothing of the failed session"
