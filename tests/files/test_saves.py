"""Saves that cannot be lost: one slot per game, locks, --record that never clobbers, the
saves command, and "saved" said only when it is true."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import cli_env, run_cuttle


def cuttle(args: list[str], home: Path, stdin: str = "") -> Any:
    return run_cuttle(args, home, stdin, columns="400", timeout=90)


def saves(home: Path) -> Path:
    return home / "state" / "cuttle" / "saves"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))}


def test_quit_before_the_first_move_touches_no_save(tmp_path: Path) -> None:
    first = cuttle(["play", "--seed", "101", "--ai", "random"], tmp_path, "draw\nquit\n")
    assert first.returncode == 0 and "Game saved as game-1" in first.stdout
    before = snapshot(saves(tmp_path))
    second = cuttle(["play", "--seed", "102", "--ai", "random"], tmp_path, "quit\n")
    assert second.returncode == 0
    assert "No move was made, so there is nothing to save" in second.stdout
    assert "Game saved" not in second.stdout
    assert "your other unfinished game stays saved" in second.stdout
    assert "cuttle saves --clear" in " ".join(second.stdout.split())  # how to be rid of them
    assert snapshot(saves(tmp_path)) == before


def test_eof_with_no_move_does_not_claim_a_save(tmp_path: Path) -> None:
    r = cuttle(["play", "--seed", "102", "--ai", "random"], tmp_path, "")
    assert r.returncode == 0
    assert "nothing to save" in r.stdout and "saved" not in r.stdout.replace("nothing to save", "")
    assert not saves(tmp_path).exists() or not list(saves(tmp_path).glob("*.json"))


def test_every_game_has_its_own_slot_and_resume_takes_the_latest(tmp_path: Path) -> None:
    cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\n")
    cuttle(["play", "--seed", "6", "--ai", "random"], tmp_path, "draw\n")
    cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\n")
    names = sorted(p.stem for p in saves(tmp_path).glob("*.json"))
    assert names == ["game-1", "game-2", "game-3"]
    os.utime(saves(tmp_path) / "game-2.json", (2e9, 2e9))  # the most recent
    r = cuttle(["play", "--resume"], tmp_path, "quit\n")
    assert "Resuming the saved game game-2: seed 6" in r.stdout
    r = cuttle(["play", "--resume", "game-3"], tmp_path, "quit\n")
    assert "Resuming the saved game game-3: seed 5" in r.stdout
    listing = cuttle(["saves"], tmp_path)
    assert listing.returncode == 0
    assert "3 unfinished games, newest first:" in listing.stdout
    assert listing.stdout.index("game-2") < listing.stdout.index("game-1")
    assert "classic  vs AI (random)" in listing.stdout and "score 0-0" in listing.stdout


def test_saves_delete_removes_one_and_refuses_unknown_names(tmp_path: Path) -> None:
    cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\n")
    cuttle(["play", "--seed", "6", "--ai", "random"], tmp_path, "draw\n")
    keep = (saves(tmp_path) / "game-2.json").read_bytes()
    r = cuttle(["saves", "--delete", "game-1"], tmp_path)
    assert r.returncode == 0 and "Deleted the saved game game-1" in r.stdout
    assert "PosixPath" not in r.stdout and "game-1.json)." in r.stdout
    assert sorted(p.stem for p in saves(tmp_path).glob("*.json")) == ["game-2"]
    assert (saves(tmp_path) / "game-2.json").read_bytes() == keep
    r = cuttle(["saves", "--delete", "game-99"], tmp_path)
    assert r.returncode == 2 and "no saved game called game-99" in r.stderr


def test_a_locked_save_is_not_opened_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\n")
    before = snapshot(saves(tmp_path))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    from cuttle.files.saves import open_slot

    held = open_slot("game-1")  # another session plays it
    try:
        r = cuttle(["play", "--resume", "game-1"], tmp_path, "draw\nquit\n")
        assert r.returncode == 1
        assert "the saved game game-1 is open in another cuttle session" in r.stderr
        r = cuttle(["play", "--resume"], tmp_path, "draw\nquit\n")
        assert r.returncode == 1 and "(1 open in other cuttle sessions)" in r.stderr
        r = cuttle(["saves", "--delete", "game-1"], tmp_path)
        assert r.returncode == 1 and "open in another cuttle session" in r.stderr
        assert "(open in another session)" in cuttle(["saves"], tmp_path).stdout
        assert snapshot(saves(tmp_path)) == before
    finally:
        held.release()
    r = cuttle(["play", "--resume"], tmp_path, "quit\n")
    assert r.returncode == 0 and "Resuming the saved game game-1" in r.stdout


def test_two_sessions_at_once_keep_both_games(tmp_path: Path) -> None:
    env = cli_env(tmp_path, COLUMNS="80")
    a = subprocess.Popen([sys.executable, "-m", "cuttle", "play", "--seed", "5", "--ai", "random"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, cwd=tmp_path)
    b = subprocess.Popen([sys.executable, "-m", "cuttle", "play", "--seed", "5", "--ai", "random"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, cwd=tmp_path)
    a.communicate("draw\ndraw\n", timeout=60)
    b.communicate("draw\n", timeout=60)
    games = {p.stem: json.loads(p.read_text()) for p in saves(tmp_path).glob("*.json")}
    assert sorted(games) == ["game-1", "game-2"]
    assert sorted(len(g["moves"]) for g in games.values())[0] < max(
        len(g["moves"]) for g in games.values()
    )


def test_record_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    rec.write_text("my precious notes")
    r = cuttle(["play", "--seed", "4", "--record", str(rec)], tmp_path, "draw\n")
    assert r.returncode == 2 and "the file exists; add --force" in r.stderr
    assert rec.read_text() == "my precious notes"
    r = cuttle(["play", "--seed", "4", "--ai", "random", "--record", str(rec), "--force"],
               tmp_path, "draw\n")
    assert r.returncode == 0 and json.loads(rec.read_text())["seed"] == 4


def test_record_refuses_an_unreadable_file_and_a_directory(tmp_path: Path) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text("x")
    locked.chmod(0)
    r = cuttle(["play", "--seed", "4", "--record", str(locked)], tmp_path, "draw\n")
    assert r.returncode == 2 and "the file exists" in r.stderr
    locked.chmod(0o600)
    assert locked.read_text() == "x"
    r = cuttle(["play", "--seed", "4", "--record", str(tmp_path)], tmp_path, "draw\n")
    assert r.returncode == 2 and "not a regular file" in r.stderr


def test_record_cannot_be_a_save(tmp_path: Path) -> None:
    cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\n")
    save = saves(tmp_path) / "game-1.json"
    before = save.read_bytes()
    r = cuttle(["play", "--seed", "6", "--record", str(save), "--force"], tmp_path, "draw\n")
    assert r.returncode == 2 and "where the game's saves live" in r.stderr
    assert save.read_bytes() == before


def test_a_rematch_records_to_a_new_file(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    r = cuttle(["play", "--seed", "5", "--ai", "random", "--record", str(rec)], tmp_path,
               "concede\ny\ny\nconcede\ny\nn\n")
    assert r.returncode == 0, r.stderr
    first = json.loads(rec.read_text())
    second = json.loads((tmp_path / "g-2.json").read_text())
    assert first["seed"] == 5 and first["reason"] == "concession"
    assert second["seed"] == 6
    # plain output wraps at 80 columns, inside a long path too: compare without any whitespace
    out = "".join(r.stdout.split())
    second_path = tmp_path / "g-2.json"
    for line in (f"Record written to {rec}.", f"Recording to {second_path}.",
                 f"Record written to {second_path}."):
        assert "".join(line.split()) in out, line


def test_a_finished_game_leaves_the_slots_for_the_history(tmp_path: Path) -> None:
    r = cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\nconcede\ny\nn\n")
    assert r.returncode == 0
    assert list(saves(tmp_path).glob("*")) == [] or not list(saves(tmp_path).glob("*.json"))
    kept = list((tmp_path / "data" / "cuttle" / "games").glob("*.json"))
    assert len(kept) == 1 and oct(kept[0].stat().st_mode)[-3:] == "600"


def test_files_and_folders_are_private(tmp_path: Path) -> None:
    cuttle(["play", "--seed", "5", "--hotseat"], tmp_path, "draw\n")
    (save,) = saves(tmp_path).glob("*.json")
    assert oct(save.stat().st_mode)[-3:] == "600"
    assert oct(saves(tmp_path).stat().st_mode)[-3:] == "700"


def test_an_old_single_save_is_moved_into_the_slots_unchanged(tmp_path: Path) -> None:
    cuttle(["play", "--seed", "5", "--ai", "random"], tmp_path, "draw\n")
    (save,) = saves(tmp_path).glob("*.json")
    data = save.read_bytes()
    legacy = tmp_path / "state" / "cuttle" / "game.json"
    save.rename(legacy)
    r = cuttle(["saves"], tmp_path)
    assert "game " in r.stdout or "  game" in r.stdout
    assert (saves(tmp_path) / "game.json").read_bytes() == data and not legacy.exists()


def test_no_home_directory_is_one_clear_line(tmp_path: Path) -> None:
    env = {k: v for k, v in cli_env(tmp_path).items() if not k.startswith("XDG_")}
    env.pop("HOME", None)
    # no passwd entry either: run as a user id that has none
    r = subprocess.run(
        [sys.executable, "-c",
         "import os, sys; os.environ.pop('HOME', None);"
         "import pwd; pwd.getpwuid = lambda uid: (_ for _ in ()).throw(KeyError(uid));"
         "from cuttle.cli import main; sys.exit(main(['play', '--seed', '3']))"],
        input="draw\n", capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "cannot find a home directory" in r.stderr


def test_a_resumed_game_keeps_a_seed_nobody_chose_hidden(tmp_path: Path) -> None:
    # The seed is the whole deal: a game begun without --seed must not show it when resumed.
    cuttle(["play", "--ai", "random"], tmp_path, "draw\nquit\n")
    (save,) = saves(tmp_path).glob("*.json")
    seed = json.loads(save.read_text())["seed"]
    r = cuttle(["play", "--resume"], tmp_path, "quit\n")
    assert r.returncode == 0 and "Resuming the saved game game-1: classic, " in r.stdout
    assert "seed" not in r.stdout and str(seed) not in r.stdout
    # A chosen seed is shown again, as when the game began.
    cuttle(["play", "--seed", "7", "--ai", "random"], tmp_path, "draw\nquit\n")
    r = cuttle(["play", "--resume", "game-2"], tmp_path, "quit\n")
    assert "Resuming the saved game game-2: seed 7, classic" in r.stdout
