"""SIGTERM and SIGHUP in every full-screen command leave the terminal as it was, then exit with
the signal's status, as ``cuttle play`` does (issue 25 item 10)."""

from __future__ import annotations

import json
import signal
import termios
import time
from pathlib import Path

import pytest
from ptyscreen import Term

from cuttle.files.storage import GameRecord

RECORD = GameRecord("classic", 3, ["Ann", "Bot"], ["draw", "draw"], "p0", "concession",
                    ["human", "ai:hard"])


def ended(t: Term) -> None:
    end = time.monotonic() + 20
    while t.pump(0.2):
        assert time.monotonic() < end, t.text()


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
@pytest.mark.parametrize("command", [["rules"], ["learn", "1"], ["replay", "game.json"]],
                         ids=" ".join)
def test_a_signal_in_a_full_screen_command_restores_the_terminal(
    tmp_path: Path, command: list[str], sig: signal.Signals, status: int
) -> None:
    (tmp_path / "game.json").write_text(json.dumps(RECORD.public_json()))
    t = Term(command, tmp_path, 80, 24)
    t.wait(r"\S")
    t.settle()
    assert b"\x1b[?1049h" in t.raw  # on the alternate screen
    t.raw = b""
    t.child.kill(sig)
    ended(t)
    modes = termios.tcgetattr(t.child.child_fd)
    t.child.close()
    assert t.child.exitstatus == status and t.child.signalstatus is None
    assert b"\x1b[?1049l" in t.raw and b"\x1b[?25h" in t.raw  # the shell's screen, a cursor
    assert b"\x1b[?1000l" in t.raw or b"\x1b[?1000h" not in t.raw
    assert modes[3] & termios.ICANON and modes[3] & termios.ECHO  # lines and echo again
    assert f"{signal.Signals(sig).name} received" in t.text()


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1])
@pytest.mark.parametrize("command", [["rules"], ["learn", "1"]], ids=" ".join)
def test_a_signal_while_the_screen_is_still_being_drawn_ends_it_the_same_way(
    tmp_path: Path, command: list[str], delay: float
) -> None:
    """The pager lays out the rest of the rules in a background task after the first screen:
    SIGTERM then landed inside that task, and prompt_toolkit printed a traceback and waited
    for Enter instead of ending."""
    t = Term(command, tmp_path, 80, 24)
    t.wait(r"\S")
    time.sleep(delay)
    t.child.kill(signal.SIGTERM)
    ended(t)
    t.child.close()
    assert t.child.exitstatus == 143 and t.child.signalstatus is None
    assert "Traceback" not in t.history() and "SIGTERM received" in t.text()


MOVES = ["perm KS", "oneoff 6D", "counter 2C", "counter 2H", "resolve", "points 6H",
         "points 8D", "points 4S", "draw", "draw", "points 9H", "points 3D", "draw", "points TC"]


def test_sigterm_at_the_rematch_question_says_the_game_was_kept(tmp_path: Path) -> None:
    import subprocess
    import sys

    from helpers import cli_env

    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "play", "--hotseat", "--seed", "2"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=cli_env(tmp_path, COLUMNS="80"), cwd=tmp_path,
    )
    assert proc.stdin is not None
    proc.stdin.write("\n".join(MOVES) + "\n")
    proc.stdin.flush()  # stdin stays open: the game waits at the rematch question
    games = tmp_path / "data" / "cuttle" / "games"
    end = time.monotonic() + 30
    while not (games.is_dir() and list(games.glob("*.json"))):
        assert time.monotonic() < end and proc.poll() is None
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 143
    assert "could not be saved" not in err and "over and kept" in err, err
