"""End-to-end ``cuttle play`` in a pseudo-terminal: whole games through the full-screen app, read
back through a VT100 emulator (``ptyscreen.Term``)."""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path

import pytest

from cuttle import Game

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from ptyscreen import Term  # noqa: E402

# The input line while the game waits for a move (it is blank while the opponent moves).
PROMPT = r"(?m)^(You|Ann|Bob)( \([^)]*\))?> "
MENU = r"Legal moves \("


def finish(t: Term) -> None:
    t.line("n")
    assert t.finish() == 0


def test_game_against_the_ai_to_the_end(tmp_path: Path) -> None:
    t = Term(["play", "--seed", "21", "--ai", "medium", "--pace", "fast"], tmp_path)
    for _ in range(300):
        found = t.wait(PROMPT + "|Rematch with seats swapped", timeout=60)
        if found.group(0).startswith("Rematch"):
            break
        t.line("moves")
        t.wait(MENU)
        t.send("\r")  # the first move of the menu
        t.settle(0.1)
    else:
        pytest.fail("the game did not end")
    assert "Game over" in t.text()
    finish(t)
    assert list((tmp_path / "data" / "cuttle" / "games").glob("*.json"))


def test_hotseat_game_to_the_end_with_handoffs(tmp_path: Path) -> None:
    record = tmp_path / "rec.json"
    t = Term(
        ["play", "--hotseat", "--names", "Ann", "Bob", "--seed", "5", "--record", str(record)],
        tmp_path,
        width=120,
        height=40,
    )
    handoffs = 0
    for _ in range(400):
        found = t.wait(PROMPT + r"|Pass to (Ann|Bob)|Rematch with seats swapped")
        if found.group(0).startswith("Pass to"):
            handoffs += 1
            t.send("\r")
            t.settle(0.1)
            continue
        if found.group(0).startswith("Rematch"):
            break
        moves = json.loads(record.read_text())["moves"] if record.exists() else []
        mirror = Game.new(seed=5)
        for m in moves:
            mirror.play(m)
        legal = mirror.legal_moves()
        points = [m for m in legal if str(m).startswith("points")]
        t.line(str(max(points, key=str) if points else legal[0]))
        t.settle(0.1)
    else:
        pytest.fail("the game did not end")
    finish(t)
    assert handoffs >= 4
    assert json.loads(record.read_text())["outcome"] in ("p0", "p1", "draw")


def test_resume_after_kill(tmp_path: Path) -> None:
    t = Term(["play", "--seed", "9", "--ai", "random"], tmp_path)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("You drew")
    t.wait(PROMPT)
    (slot,) = (tmp_path / "state" / "cuttle" / "saves").glob("*.json")
    saved = json.loads(slot.read_text())
    t.child.kill(signal.SIGKILL)
    t.child.close()
    again = Term(["play", "--resume"], tmp_path)
    again.wait(f"Resuming the saved game {slot.stem}: seed 9, classic, {len(saved['moves'])} mo")
    again.wait(PROMPT)
    again.line("quit")
    assert again.finish() == 0
    assert "Game saved" in again.text()


def test_junk_input_never_crashes(tmp_path: Path) -> None:
    rng = random.Random(7)
    t = Term(["play", "--seed", "13", "--ai", "random", "--pace", "fast"], tmp_path)
    t.wait(PROMPT)
    alphabet = "abcdefghijklmnopqrstuvwxyz 0123456789♣♦♥♠\x01\x02\x05\x0b\x15\x17\x1b[?~"
    junk = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30))) for _ in range(6)]
    junk += ["y" * 3000, "points", "9999", "rules qq", "7z", "\x1bOP", "\x1b[A"]
    for text in junk:
        t.send(text + "\r")
        t.settle(0.05)
        t.send("\x1b")  # closes whatever the junk opened
        t.settle(0.1)
        t.send("\x15")  # Ctrl-U: what the game did not take (it was moving) is cleared
        t.wait(PROMPT)
    # Ctrl-C asks; "n" stays; then the game still answers commands.
    t.send("\x03")
    t.wait(r"Quit\?")
    t.line("n")
    t.wait(PROMPT)
    t.send("\x15log\r")
    t.settle()
    t.send("\x1b\x15quit\r")
    assert t.finish() == 0
    assert "Traceback" not in t.history()
