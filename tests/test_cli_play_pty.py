"""End-to-end ``cuttle play`` in a pseudo-terminal (pexpect): prompt_toolkit and rich for real."""

from __future__ import annotations

import json
import random
import signal
import sys
from pathlib import Path

import pytest
from helpers import cli_env

from cuttle import Game

pexpect = pytest.importorskip("pexpect")

# The status line of every decision a human can face, then the prompt.
STATUS = (
    r"Your move: |Counter .* with a 2|A 4 hit you|Your 3: |Your 5: |Your 7 revealed|"
    r"Too many cards"
)
PROMPT = r"[\w)]> "


def spawn(args: list[str], home: Path, width: int = 80, height: int = 24) -> pexpect.spawn:
    env = cli_env(home, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    return pexpect.spawn(
        sys.executable,
        ["-m", "cuttle", *args],
        env=env,
        dimensions=(height, width),
        encoding="utf-8",
        timeout=20,
        cwd=str(home),
    )


def finish(child: pexpect.spawn) -> str:
    child.expect("Rematch with seats swapped")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return str(child.before)


def test_game_against_the_ai_to_the_end(tmp_path: Path) -> None:
    child = spawn(["play", "--seed", "21", "--ai", "medium"], tmp_path)
    for _ in range(300):
        i = child.expect([STATUS, "Game over"])
        if i == 1:
            break
        child.expect(PROMPT)
        child.sendline("moves")  # a bare number picks only from a list on the screen
        child.expect("Legal moves")
        child.expect(PROMPT)
        child.sendline("1")
    else:
        pytest.fail("the game did not end")
    finish(child)
    assert list((tmp_path / "data" / "cuttle" / "games").glob("*.json"))


def test_hotseat_game_to_the_end_with_handoffs(tmp_path: Path) -> None:
    record = tmp_path / "rec.json"
    child = spawn(
        ["play", "--hotseat", "--names", "Ann", "Bob", "--seed", "5", "--record", str(record)],
        tmp_path,
        width=120,
        height=40,
    )
    handoffs = 0
    for _ in range(300):
        i = child.expect([r"Pass to (Ann|Bob)", STATUS, "Game over"])
        if i == 0:
            handoffs += 1
            child.expect("press Enter")
            child.sendline("")
            continue
        if i == 2:
            break
        child.expect(PROMPT)
        moves = json.loads(record.read_text())["moves"] if record.exists() else []
        mirror = Game.new(seed=5)
        for m in moves:
            mirror.play(m)
        legal = mirror.legal_moves()
        points = [m for m in legal if str(m).startswith("points")]
        child.sendline(str(max(points, key=str) if points else legal[0]))
    else:
        pytest.fail("the game did not end")
    finish(child)
    assert handoffs >= 4
    assert json.loads(record.read_text())["outcome"] in ("p0", "p1", "draw")


def test_resume_after_kill(tmp_path: Path) -> None:
    child = spawn(["play", "--seed", "9", "--ai", "random"], tmp_path)
    child.expect(STATUS)
    child.expect(PROMPT)
    child.sendline("draw")
    child.expect("You drew")
    child.expect(STATUS)
    child.expect(PROMPT)
    saved = json.loads((tmp_path / "state" / "cuttle" / "game.json").read_text())
    child.kill(signal.SIGKILL)
    child.close()
    again = spawn(["play", "--resume"], tmp_path)
    again.expect(f"Resuming the saved game: seed 9, classic, {len(saved['moves'])} moves")
    again.expect(STATUS)  # the status line sits just above the prompt, under the notices
    again.expect(PROMPT)
    again.sendline("quit")
    again.expect("Game saved")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_junk_input_never_crashes(tmp_path: Path) -> None:
    rng = random.Random(7)
    child = spawn(["play", "--seed", "13", "--ai", "random"], tmp_path)
    child.expect(STATUS)
    child.expect(PROMPT)
    alphabet = "abcdefghijklmnopqrstuvwxyz 0123456789♣♦♥♠\x01\x02\x05\x0b\x15\x17\x1b[?~"
    junk = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30))) for _ in range(25)]
    junk += ["y" * 3000, "points", "9999", "rules qq", "7z", "\x1bOP", "\x1b[A"]
    for text in junk:
        child.send(text + "\r")
    # Ctrl-C asks; "n" stays; then the game still answers commands.
    child.send("\x15\x03")
    child.expect("Quit\\?")
    child.sendline("n")
    child.send("\x15log\r")
    child.send("\x15quit\r")
    child.expect(pexpect.EOF, timeout=30)
    child.close()
    assert child.exitstatus == 0
    out = str(child.before)
    assert "Traceback" not in out
