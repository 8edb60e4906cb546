"""The one writer (safefile.write_bytes_atomic): atomic, durable, exclusive temp files, 0600/0700,
refusing targets that are not regular files, cleaning up on every failure path."""

from __future__ import annotations

import errno
import os
import stat
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from cuttle.files import safefile
from cuttle.files.safefile import (
    UnsafeTargetError,
    read_json_file,
    sweep_temp_files,
    write_bytes_atomic,
    write_json_atomic,
)
from cuttle.play.session import GameSession, Options, Seat
from cuttle.ui.terminal import PlainIO


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_written_files_are_0600_and_new_directories_0700(tmp_path: Path) -> None:
    target = tmp_path / "new" / "dir" / "settings.json"
    write_json_atomic(target, {"a": 1})
    assert read_json_file(target, "settings file") == {"a": 1}
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o700
    assert leftovers(target.parent) == []


def test_a_symlink_at_the_target_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    link = tmp_path / "save.json"
    link.symlink_to(victim)
    with pytest.raises(UnsafeTargetError, match="symbolic link"):
        write_json_atomic(link, {"x": 1})
    assert victim.read_text() == "precious" and link.is_symlink()
    assert leftovers(tmp_path) == []


def test_a_planted_symlink_at_the_old_predictable_temp_name_is_not_followed(
    tmp_path: Path,
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / f".game.json.{os.getpid()}.tmp").symlink_to(victim)
    write_json_atomic(tmp_path / "game.json", {"ok": True})
    assert victim.read_text() == "precious"
    assert read_json_file(tmp_path / "game.json", "save") == {"ok": True}


@pytest.mark.parametrize("kind", ["directory", "fifo", "device"])
def test_targets_that_are_not_regular_files_are_refused(tmp_path: Path, kind: str) -> None:
    if kind == "directory":
        target = tmp_path / "d"
        target.mkdir()
    elif kind == "fifo":
        target = tmp_path / "f"
        os.mkfifo(target)
    else:
        target = Path("/dev/null")
    before = os.lstat(target)
    with pytest.raises(UnsafeTargetError, match="not replacing it"):
        write_json_atomic(target, {"x": 1})
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("name", [".", "/", ".."])
def test_names_that_are_not_files_are_refused(name: str) -> None:
    with pytest.raises(UnsafeTargetError, match="not a file name"):
        write_json_atomic(Path(name), {})


def test_replace_false_never_replaces(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    target.write_bytes(b"old")
    with pytest.raises(UnsafeTargetError, match="already exists"):
        write_bytes_atomic(target, b"new", replace=False)
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failed_write_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "save.json"
    target.write_bytes(b"old save")

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":
        monkeypatch.setattr(safefile, "json_bytes", lambda data: b"x" * 10)
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, fd: int, mode: str) -> None:
                self.f = real_fdopen(fd, mode)

            def __enter__(self) -> Full:
                return self

            def __exit__(self, *exc: object) -> None:
                self.f.close()

            def write(self, data: bytes) -> None:
                self.f.write(data[:3])  # a partial file, then the disk is full
                self.f.flush()
                boom()

        monkeypatch.setattr(safefile.os, "fdopen", Full)
    elif failing == "fsync":
        monkeypatch.setattr(safefile.os, "fsync", boom)
    else:
        monkeypatch.setattr(safefile.os, "replace", boom)
    with pytest.raises(OSError, match="No space"):
        write_json_atomic(target, {"new": 1})
    assert target.read_bytes() == b"old save"
    assert leftovers(tmp_path) == []


def test_an_interrupt_during_the_write_removes_the_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(safefile.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_json_atomic(tmp_path / "save.json", {"x": 1})
    assert list(tmp_path.iterdir()) == []


def test_temp_files_of_dead_processes_are_swept(tmp_path: Path) -> None:
    dead = tmp_path / ".save.json.999999999.abc123.tmp"
    dead.write_text("partial")
    mine = tmp_path / f".save.json.{os.getpid()}.abc123.tmp"
    mine.write_text("in progress")
    other = tmp_path / "notes.tmp"
    other.write_text("not ours")
    assert sweep_temp_files(tmp_path) == 1
    assert not dead.exists() and mine.exists() and other.exists()


def plain_session(lines: list[str], seed: int = 7) -> tuple[GameSession, str]:
    out = StringIO()
    io = PlainIO(Console(file=out, width=300), StringIO("".join(f"{x}\n" for x in lines)))
    session = GameSession(seed, "classic", (Seat("You"), Seat("AI", "random")), io, Options())
    session.run()
    return session, out.getvalue()


@pytest.mark.parametrize("target", [".", "/", "/dev/null"])
def test_in_game_save_to_a_directory_or_device_is_a_message(target: str) -> None:
    session, out = plain_session(["draw", f"save {target}", "quit"])
    assert "Not saved:" in out and "Traceback" not in out
    assert "Game saved as game-1" in out


def test_in_game_save_file_replaces_only_a_game_record(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    session, out = plain_session(["draw", f"save {notes}", f"save {tmp_path / 'g.json'}",
                                  "draw", f"save {tmp_path / 'g.json'}", "quit"])
    assert notes.read_text() == "my notes"
    assert "already exists (only a cuttle game record is replaced)" in out
    assert out.count(f"Saved to {tmp_path / 'g.json'}") == 2
    assert stat.S_IMODE((tmp_path / "g.json").stat().st_mode) == 0o600


def test_save_failures_are_told_every_time_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cuttle.files import saves

    def full(self: object, record: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.Slot, "write", full)
    session, out = plain_session(["draw", "draw", "draw"])
    # after every move, and once more on leaving
    assert out.count("Could not save the game (No space left on device)") == len(
        session.game.history
    ) + 1
    assert "Game saved" not in out and "the game is saved" not in out
    assert "The game could not be saved (No space left on device)" in out
