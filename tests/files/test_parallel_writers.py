"""Several programs changing the settings or the lesson progress at once keep every change
(issue 25 item 11); paths with escapes are shown escaped (item 17)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from cuttle.cli import main
from cuttle.files.settings import load_settings
from cuttle.learn.progress import load_done

CHANGES = [("ai", "hard"), ("pace", "fast"), ("cards", "ascii"), ("color", "off"),
           ("coach", "on")]


def _env(home: Path) -> None:
    import os

    os.environ["XDG_CONFIG_HOME"] = str(home / "config")
    os.environ["XDG_DATA_HOME"] = str(home / "data")
    os.environ["XDG_STATE_HOME"] = str(home / "state")


def _change(home: Path, start: object, name: str, value: str) -> None:
    import contextlib
    import io

    _env(home)
    start.wait()  # type: ignore[attr-defined]
    with contextlib.redirect_stdout(io.StringIO()):
        main(["settings", name, value])


def _solve(home: Path, start: object, slug: str) -> None:
    from cuttle.learn.progress import mark_done

    _env(home)
    start.wait()  # type: ignore[attr-defined]
    assert mark_done(slug) is None


def _all_at_once(target: object, jobs: list[tuple[object, ...]]) -> None:
    ctx = multiprocessing.get_context("fork")
    start = ctx.Barrier(len(jobs))
    procs = [ctx.Process(target=target, args=(job[0], start, *job[1:])) for job in jobs]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0


def test_five_settings_changed_at_once_are_all_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for round_ in range(3):
        home = tmp_path / str(round_)
        _all_at_once(_change, [(home, name, value) for name, value in CHANGES])
        monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
        settings, warnings = load_settings()
        assert not warnings
        assert (settings.ai, settings.pace, settings.cards, settings.color, settings.coach) == (
            "hard", "fast", "ascii", False, True)


def test_sixteen_lessons_solved_at_once_are_all_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slugs = [f"lesson-{i}" for i in range(16)]
    _all_at_once(_solve, [(tmp_path, slug) for slug in slugs])
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert load_done() == (set(slugs), None)


def test_settings_messages_show_a_path_with_escapes_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c\x1b]0;x\x07"))
    assert main(["settings"]) == 0
    assert main(["settings", "ai", "hard"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b]0;x\\x07" in out
