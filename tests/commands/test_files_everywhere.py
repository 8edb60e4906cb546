"""What every command does when the game's folders cannot be had: no home directory, a folder
that is a file; and output encodings that cannot show the game's symbols (issue 25 items 2, 5,
6, 7)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, cli_env

from cuttle.cli import main
from cuttle.files.history import History
from cuttle.files.storage import GameRecord, keep_finished


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)


def finished(seed: int = 3, names: tuple[str, str] = ("Ann", "Bot")) -> GameRecord:
    return GameRecord("classic", seed, list(names), ["draw"], "p0", "concession",
                      ["human", "ai:hard"])


COMMANDS = [["history"], ["stats"], ["settings"], ["settings", "ai", "hard"], ["learn", "--list"],
            ["learn", "1"], ["review"], ["replay"], ["saves"], ["saves", "--delete", "game-1"],
            ["play", "--seed", "1"], ["play", "--resume"]]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_no_home_directory_is_one_line_in_every_command(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import platformdirs

    for kind in ("data", "state", "config"):
        monkeypatch.setattr(platformdirs, f"user_{kind}_dir", lambda *a, **k: "~/nowhere")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(command)
    err = capsys.readouterr().err
    assert status != 0
    assert err.count("\n") == 1 and "home directory" in err, err


def test_replay_of_a_file_and_rules_need_no_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = keep_finished(finished())
    import platformdirs

    for kind in ("data", "state", "config"):
        monkeypatch.setattr(platformdirs, f"user_{kind}_dir", lambda *a, **k: "")
    assert main(["replay", str(path)]) == 0
    assert main(["rules", "7"]) == 0
    assert "home directory" not in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["file", "dangling link", "fifo", "state is a file"])
@pytest.mark.parametrize("command", [["play", "--seed", "1"], ["saves"], ["play", "--resume"],
                                     ["saves", "--delete", "game-1"]], ids=" ".join)
def test_a_saves_folder_that_is_not_a_folder_is_named_in_one_line(
    kind: str, command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = tmp_path / "state"
    saves = state / "cuttle" / "saves"
    saves.parent.mkdir(parents=True)
    if kind == "file":
        saves.write_text("x")
    elif kind == "dangling link":
        saves.symlink_to(tmp_path / "gone")
    elif kind == "fifo":
        os.mkfifo(saves)
    else:
        saves.parent.rmdir()
        saves.parent.write_text("x")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(command)
    err = capsys.readouterr().err
    assert status != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "not a folder" in err, err
    assert str(saves if kind != "state is a file" else saves.parent) in err


def test_stats_and_history_show_names_literally(capsys: pytest.CaptureFixture[str]) -> None:
    History().add(finished(1, ("[/b]", "Bot")))
    History().add(finished(2, ("[link=x.y]M[/link]", "Bot")))
    History().add(finished(4, ("[blink red]x", "Bot")))
    for command in (["stats", "--all"], ["history"]):
        assert main(command) == 0
        out = capsys.readouterr().out
        assert "[/b]" in out and "[link=x.y]M" in out and "[blink red]x" in out
        assert "\x1b]8;" not in out


def run(
    args: list[str], home: Path, encoding: str, stdin: str = ""
) -> subprocess.CompletedProcess[bytes]:
    env = cli_env(home, PYTHONIOENCODING=encoding, COLUMNS="80", TERM="dumb")
    return subprocess.run([sys.executable, "-m", "cuttle", *args], input=stdin.encode(),
                          capture_output=True, env=env, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_output_that_cannot_show_the_symbols_gets_ascii(tmp_path: Path, encoding: str) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(finished(3).public_json()))
    for args, stdin in ((["play", "--seed", "1", "--ai", "random"], "draw\nquit\ny\n"),
                        (["replay", str(record)], ""), (["rules", "7"], ""),
                        (["learn", "1"], "quit\n"), (["settings"], ""),
                        (["review", str(record), "--iterations", "10"], "")):
        out = run(args, tmp_path, encoding, stdin)
        assert b"Traceback" not in out.stderr, (args, out.stderr.decode(errors="replace"))
        assert out.stdout.isascii() and out.stderr.isascii(), args


def test_ascii_asks_for_ascii_in_every_command(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(finished(3).public_json()))
    for args, stdin in ((["play", "--seed", "1", "--ai", "random", "--ascii"], "draw\nquit\ny\n"),
                        (["replay", str(record), "--ascii"], ""),
                        (["learn", "1", "--ascii"], "quit\n"),
                        (["review", str(record), "--iterations", "10", "--ascii"], "")):
        out = run(args, tmp_path, "utf-8", stdin)
        assert out.stdout.isascii(), (args, [c for c in out.stdout.decode() if ord(c) > 127][:5])
