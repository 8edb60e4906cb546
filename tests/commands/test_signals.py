"""Signals and broken output: the game is saved first, then one line, then the exit status;
and a crash-safety run that kills ``cuttle play`` with SIGKILL at random points."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import cli_env

SCRIPT = "moves\n1\n" * 300


def saves(home: Path) -> Path:
    return home / "state" / "cuttle" / "saves"


def start(args: list[str], home: Path, **kw: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "cuttle", *args],
        stdin=subprocess.PIPE,
        stdout=kw.pop("stdout", subprocess.PIPE),
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(home, COLUMNS="80"),
        cwd=home,
        **kw,
    )


def wait_for_save(home: Path, timeout: float = 20) -> Path:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = list(saves(home).glob("*.json")) if saves(home).is_dir() else []
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError("no save appeared")


@pytest.mark.parametrize(
    ("sig", "status", "name"),
    [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGHUP, 129, "SIGHUP")],
)
def test_sigterm_and_sighup_save_and_leave_with_one_line(
    tmp_path: Path, sig: signal.Signals, status: int, name: str
) -> None:
    proc = start(["play", "--seed", "3", "--ai", "random"], tmp_path)
    assert proc.stdin is not None
    proc.stdin.write("draw\n")
    proc.stdin.flush()  # stdin stays open: the game waits at the prompt
    path = wait_for_save(tmp_path)
    time.sleep(0.3)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == status, err
    assert err.strip().splitlines() == [
        f"cuttle: {name} received: Game saved as game-1 (continue it with: cuttle play --resume)."
    ]
    assert json.loads(path.read_text())["moves"][0] == "draw"


def test_ctrl_c_in_a_piped_game_saves_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from io import StringIO

    from rich.console import Console

    from cuttle.play.session import GameSession, Options, Seat
    from cuttle.ui.terminal import PlainIO

    class Keys(StringIO):
        def readline(self, *args: object) -> str:
            line = super().readline()
            if not line:
                raise KeyboardInterrupt  # Ctrl-C at the prompt, after the first move
            return line

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    out = StringIO()
    io = PlainIO(Console(file=out, width=200), Keys("draw\n"))
    session = GameSession(3, "classic", (Seat("You"), Seat("AI", "random")), io, Options())
    assert session.run() == "interrupt"
    assert "Interrupted. Game saved as game-1 (continue it with: cuttle play --resume)." in (
        out.getvalue()
    )
    (path,) = saves(tmp_path).glob("*.json")
    assert json.loads(path.read_text())["moves"][0] == "draw"


def test_ctrl_c_while_the_parser_loads_is_an_exit_status_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cuttle import cli

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert cli.main(["play"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_during_a_hint_cancels_the_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from io import StringIO

    from rich.console import Console

    from cuttle.play import players
    from cuttle.play.session import GameSession, Options, Seat
    from cuttle.ui.terminal import PlainIO

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(players, "hint_move", interrupted)
    out = StringIO()
    io = PlainIO(Console(file=out, width=80), StringIO("hint\ndraw\nquit\n"))
    session = GameSession(3, "classic", (Seat("You"), Seat("AI", "random")), io, Options())
    assert session.run() == "quit"
    assert "Hint cancelled." in out.getvalue()
    assert session.game.history and str(session.game.history[0][1]) == "draw"


def test_a_full_stdout_saves_first_and_reports_on_stderr(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        proc = start(["play", "--seed", "3", "--ai", "random"], tmp_path, stdout=full)
        _, err = proc.communicate("draw\ndraw\n", timeout=30)
    assert proc.returncode == 1, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines == ["cuttle: cannot write the output (No space left on device)"]


def test_the_move_is_saved_before_the_screen_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output fails while the first move is reported: the move is in the save already."""
    import errno
    from io import StringIO

    from rich.console import Console

    from cuttle.play.session import GameSession, Options, Seat
    from cuttle.ui.terminal import PlainIO

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    session: GameSession | None = None

    class Full(StringIO):
        def write(self, text: str) -> int:
            if session is not None and session.game.history:
                raise OSError(errno.ENOSPC, "No space left on device")
            return super().write(text)

    io = PlainIO(Console(file=Full(), width=80), StringIO("draw\n"))
    session = GameSession(3, "classic", (Seat("You"), Seat("AI", "random")), io, Options())
    with pytest.raises(OSError, match="No space"):
        session.run()
    (path,) = saves(tmp_path).glob("*.json")
    assert json.loads(path.read_text())["moves"][0] == "draw"


def test_a_closed_pipe_saves_first_and_reports_on_stderr(tmp_path: Path) -> None:
    proc = start(["play", "--seed", "3", "--ai", "random"], tmp_path)
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.close()  # the reader went away (cuttle play | head -0)
    try:
        proc.stdin.write("draw\ndraw\ndraw\n")
        proc.stdin.close()
    except BrokenPipeError:
        pass
    proc.wait(timeout=30)
    err = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == 1, err
    assert "Traceback" not in err and "cannot write the output" in err


def reference_moves(home: Path) -> list[str]:
    """The moves of the whole game played without interruption."""
    home.mkdir()
    r = subprocess.run(
        [sys.executable, "-m", "cuttle", "play", "--seed", "21", "--ai", "random",
         "--record", str(home / "ref.json")],
        input=SCRIPT + "n\n", capture_output=True, text=True, env=cli_env(home), timeout=120,
        cwd=home,
    )
    assert r.returncode == 0, r.stderr
    return list(json.loads((home / "ref.json").read_text())["moves"])


def test_sigkill_at_random_points_never_costs_more_than_the_move_in_progress(
    tmp_path: Path,
) -> None:
    ref = reference_moves(tmp_path / "ref")
    rng = random.Random(11)
    for i in range(4):
        home = tmp_path / f"k{i}"
        home.mkdir()
        proc = start(["play", "--seed", "21", "--ai", "random"], home)
        assert proc.stdin is not None
        proc.stdin.write(SCRIPT)
        proc.stdin.flush()
        time.sleep(rng.uniform(0.4, 1.2))
        proc.kill()
        proc.communicate(timeout=20)
        found = list(saves(home).glob("*.json")) if saves(home).is_dir() else []
        if not found:
            continue  # killed before the first move was saved: nothing was there to lose
        (path,) = found
        saved = json.loads(path.read_text())  # never a partial file
        assert saved["moves"] == ref[: len(saved["moves"])]
        again = subprocess.run(
            [sys.executable, "-m", "cuttle", "play", "--resume"], input="quit\n",
            capture_output=True, text=True, env=cli_env(home), timeout=60, cwd=home,
        )
        assert again.returncode == 0, again.stderr
        assert f"{len(saved['moves'])} moves so far" in again.stdout
        leftovers = [p.name for p in saves(home).iterdir() if p.name.endswith(".tmp")]
        assert leftovers == []
