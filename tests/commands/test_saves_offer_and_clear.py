"""Every quit leaves a save slot: ``cuttle play`` on a terminal offers the newest (y/N, never
when piped), and ``cuttle saves --clear`` deletes them in one command (issue 24 friction)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cuttle

from cuttle.commands import play as play_cmd


def _quit_a_game(home: Path, seed: str) -> None:
    quit_ = run_cuttle(["play", "--seed", seed, "--ai", "easy"], home, "draw\nquit\n")
    assert quit_.returncode == 0, quit_.stderr


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("STATE", "DATA", "CONFIG"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    return tmp_path


def test_play_offers_the_newest_unfinished_game(home: Path) -> None:
    _quit_a_game(home, "4")
    asked: list[str] = []
    assert play_cmd.offer_resume(lambda q: asked.append(q) or "y", print) == "game-1"
    assert asked == [asked[0]] and asked[0].startswith("Resume game-1 (vs AI (easy), classic, ")
    assert asked[0].endswith("? [y/N] ") and "2 moves" in asked[0]
    for answer in ("", "n", "maybe"):
        assert play_cmd.offer_resume(lambda q, a=answer: a, print) is None

    def eof(question: str) -> str:
        raise EOFError

    assert play_cmd.offer_resume(eof, lambda s: None) is None


def test_nothing_to_offer_asks_nothing(home: Path) -> None:
    def never(question: str) -> str:
        raise AssertionError("asked")

    assert play_cmd.offer_resume(never, print) is None


def test_piped_play_never_asks(tmp_path: Path) -> None:
    _quit_a_game(tmp_path, "4")
    again = run_cuttle(["play", "--ai", "easy"], tmp_path, "quit\n")
    assert "Resume " not in again.stdout and "New game" in again.stdout


def test_saves_clear_deletes_every_slot(tmp_path: Path) -> None:
    for seed in ("4", "5"):
        _quit_a_game(tmp_path, seed)
    assert "2 unfinished games" in run_cuttle(["saves"], tmp_path).stdout
    cleared = run_cuttle(["saves", "--clear"], tmp_path)
    assert cleared.returncode == 0 and cleared.stdout == "Deleted 2 saved unfinished games.\n"
    assert "No unfinished games are saved" in run_cuttle(["saves"], tmp_path).stdout
    both = run_cuttle(["saves", "--clear", "--delete", "game-1"], tmp_path)
    assert both.returncode == 2  # one or the other
