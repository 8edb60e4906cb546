"""Save slots against odd files: a finished game kept in its slot is never played on and is
recorded once; a stray lock that is a directory or a link does not stop saving (issue 25
items 8, 13)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import run_cuttle

from cuttle import Game
from cuttle.files.history import History
from cuttle.files.saves import SlotError, StrayLockError, new_slot, open_slot, saves_dir
from cuttle.files.storage import GameRecord


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def finished_save(reason: str) -> GameRecord:
    """A save of a game that ended (conceded after two moves, or won on points)."""
    if reason == "concession":
        moves = ["draw", "draw"]
        return GameRecord("classic", 3, ["You", "AI (random)"], moves, "p1", "concession",
                          ["human", "ai:random"],
                          {"seats": [{"name": "You", "ai": None},
                                     {"name": "AI (random)", "ai": "random"}]})
    g = Game.new(seed=2)
    moves = ["perm KS", "oneoff 6D", "counter 2C", "counter 2H", "resolve", "points 6H",
             "points 8D", "points 4S", "draw", "draw", "points 9H", "points 3D", "draw",
             "points TC"]
    for m in moves:
        g.play(m)
    assert g.outcome == "p0"
    return GameRecord("classic", 2, ["Ann", "Bob"], moves, "p0", g.outcome_reason,
                      ["human", "human"])


@pytest.mark.parametrize("reason", ["concession", "points"])
def test_a_finished_save_is_kept_not_played_and_recorded_once(tmp_path: Path, reason: str) -> None:
    record = finished_save(reason)
    History().add(record)  # the history took it when the game ended; games/ did not
    slot = new_slot()
    slot.write(record)
    slot.release()
    save = slot.path
    games = tmp_path / "data" / "cuttle" / "games"
    games.write_text("not a folder")  # the records cannot be kept
    for _ in range(3):
        out = run_cuttle(["play", "--resume"], tmp_path, "draw\nmoves\n" * 5)
        assert out.returncode == 1, out.stdout + out.stderr
        assert "is over" in out.stderr and "not played on" in out.stderr
        assert "Your turn" not in out.stdout and "Traceback" not in out.stderr
        assert json.loads(save.read_text())["moves"] == record.moves
    assert len(History().games()) == 1
    games.unlink()
    out = run_cuttle(["play", "--resume"], tmp_path, "draw\n")
    assert out.returncode == 0 and "is now kept as" in out.stdout, out.stdout + out.stderr
    assert not save.exists() and len(list(games.glob("*.json"))) == 1
    assert len(History().games()) == 1


@pytest.mark.parametrize("kind", ["directory", "symlink"])
def test_a_stray_lock_is_passed_over_by_a_new_game_and_named_otherwise(
    tmp_path: Path, kind: str
) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    stray = folder / "game-1.lock"
    target = tmp_path / "elsewhere"
    if kind == "directory":
        stray.mkdir()
    else:
        stray.symlink_to(target)
    slot = new_slot()
    assert slot.name == "game-2"
    slot.release()
    assert not target.exists()  # the link was not followed
    (folder / "game-1.json").write_text("{}")
    with pytest.raises(StrayLockError, match="game-1.lock"):
        open_slot("game-1")
    out = run_cuttle(["play", "--seed", "1", "--ai", "random"], tmp_path, "draw\n")
    assert "Could not save" not in out.stdout, out.stdout
    assert (folder / "game-2.json").exists() or (folder / "game-3.json").exists()
    assert issubclass(StrayLockError, SlotError) and os.path.islink(stray) == (kind == "symlink")
