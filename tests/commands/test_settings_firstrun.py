"""Settings (``cuttle settings``, flags win) and the first-run question (terminal only)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from helpers import cli_env

from cuttle.cli import main
from cuttle.commands.firstrun import ask_first_run, first_time, prepare_play
from cuttle.files.settings import Settings, change, load_settings, save_settings, settings_path


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CONFIG_HOME", "config")):
        monkeypatch.setenv(var, str(tmp_path / sub))


def play_args(**given: object) -> argparse.Namespace:
    base = dict(seed=None, ai=None, hotseat=False, resume=False, ascii=False, no_color=False)
    return argparse.Namespace(**{**base, **given})


def test_settings_round_trip_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings", "ai", "hard"]) == 0
    assert main(["settings", "cards", "ASCII"]) == 0
    assert main(["settings", "colour", "off"]) == 0
    capsys.readouterr()
    assert load_settings() == (Settings(ai="hard", cards="ascii", color=False), [])
    assert main(["settings"]) == 0
    out = capsys.readouterr().out
    assert "  ai        hard" in out and "  color     off" in out
    assert main(["settings", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ai"] == "hard"
    assert main(["settings", "--reset"]) == 0
    assert load_settings()[0] == Settings()


@pytest.mark.parametrize(
    "argv, needle",
    [(["settings", "ai", "superb"], "ai must be one of"), (["settings", "nope", "1"], "no setting"),
     (["settings", "color", "maybe"], "on or off"), (["settings", "nope"], "no setting")],
)
def test_bad_settings_change_nothing(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    save_settings(Settings(ai="easy"))
    before = settings_path().read_bytes()
    assert main(argv) == 2
    assert needle in capsys.readouterr().err
    assert settings_path().read_bytes() == before


@pytest.mark.parametrize(
    "content", ["{oops", "[1, 2]", '{"format": "other"}', "x" * 200_000, '"\\ud800"']
)
def test_unusable_settings_file_gives_defaults_and_is_left_alone(
    content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    settings, warnings = load_settings()
    assert settings == Settings() and warnings
    assert main(["settings", "ai", "hard"]) == 1
    assert "nothing changed" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == content


def test_bad_values_in_the_file_fall_back_one_by_one() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "cuttle-settings/1", "ai": "god", "cards": "ascii",
                                "color": "yes", "extra": 1}))
    settings, warnings = load_settings()
    assert settings == Settings(cards="ascii", color=True)
    assert len(warnings) == 1 and "ai must be one of" in warnings[0]


def test_flags_win_over_settings() -> None:
    save_settings(change(change(Settings(welcomed=True), "ai", "hard"), "cards", "ascii"))
    args = play_args(ai="easy")
    assert prepare_play(args) is None
    assert args.ai == "easy" and args.ascii is True
    args = play_args()
    prepare_play(args)
    assert args.ai == "hard"


def test_first_time_means_nothing_on_disk(tmp_path: Path) -> None:
    assert first_time()
    (tmp_path / "data" / "cuttle" / "games").mkdir(parents=True)
    assert first_time()  # an empty folder says nothing
    (tmp_path / "data" / "cuttle" / "games" / "g.json").write_text("{}")
    assert not first_time()


@pytest.mark.parametrize(
    "answer, ai, stop", [("2", "easy", None), ("", None, None), ("3", None, None)]
)
def test_first_run_answers(answer: str, ai: str | None, stop: int | None) -> None:
    lines: list[str] = []
    args = play_args()
    assert ask_first_run(args, Settings(), lambda p: answer, lines.append) is stop
    assert args.ai == ai and "New to Cuttle?" in lines[0]
    saved, _ = load_settings()
    assert saved.welcomed and saved.ai == (ai or "medium")
    assert not first_time()


def test_piped_play_never_asks(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cuttle", "play"], input="quit\n", capture_output=True,
        text=True, env=cli_env(tmp_path), timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "New to Cuttle" not in proc.stdout and "New game" in proc.stdout
    assert not (tmp_path / "config" / "cuttle" / "settings.json").exists()


pexpect = pytest.importorskip("pexpect")


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = cli_env(home, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1")
    return pexpect.spawn(sys.executable, ["-m", "cuttle", *args], env=env,
                         dimensions=(30, 100), encoding="utf-8", timeout=20, cwd=str(home))


def test_first_play_on_a_terminal_asks_once(tmp_path: Path) -> None:
    child = spawn(["play"], tmp_path)
    child.expect("New to Cuttle\\?")
    child.expect("Enter for 3\\]: ")
    child.sendline("2")
    child.expect("An easy game")
    child.expect("AI \\(easy\\)")
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    saved = json.loads((tmp_path / "config" / "cuttle" / "settings.json").read_text())
    assert saved["welcomed"] is True and saved["ai"] == "easy"
    child = spawn(["play"], tmp_path)  # the second time: straight into the game
    i = child.expect(["New to Cuttle", "AI \\(easy\\)"])
    assert i == 1
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_first_run_can_open_the_lessons(tmp_path: Path) -> None:
    child = spawn(["play"], tmp_path)
    child.expect("Enter for 3\\]: ")
    child.sendline("1")
    child.expect("Cuttle lessons \\(0 of")  # the lessons' menu, full screen
    child.expect("q quits\\)> ")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_end_of_input_at_the_first_run_question_leaves_and_asks_again_next_time() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    lines: list[str] = []
    assert ask_first_run(play_args(), Settings(), eof, lines.append) == 0
    assert first_time()  # nothing saved: the question is not taken as answered


def test_a_settings_warning_is_kept_for_the_full_screen(capsys: pytest.CaptureFixture[str]) -> None:
    from cuttle.files.settings import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"ai": "godlike"}')
    args = play_args(pace=None)
    assert prepare_play(args) is None
    assert "settings file" in capsys.readouterr().err  # said at once (plain and piped games)
    # and kept, for the full screen to say again over what it covers
    assert len(args.startup_notes) == 1 and "settings file" in args.startup_notes[0]


def test_settings_help_names_every_setting_and_its_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # issue 24: the help listed ai, pace, cards and color; coach was missing
    from cuttle.files.settings import describe

    with pytest.raises(SystemExit):
        main(["settings", "--help"])
    text = capsys.readouterr().out
    listed = text[text.index("settings:\n"):]
    for f in fields(Settings):
        assert f"\n  {f.name} " in listed, f.name
        for choice in describe(f.name)[1]:
            assert choice in listed, (f.name, choice)


@pytest.mark.parametrize("args", [["settings"], ["settings", "--help"], ["settings", "pace"]])
@pytest.mark.parametrize("width", [80, 60])
def test_settings_fit_the_terminal_and_break_between_words(
    tmp_path: Path, args: list[str], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On an 80-column terminal the pace line (109 characters), the last line and the help's
    description ran past the edge and the terminal broke them inside words: every line printed
    now fits, and each setting reads whole, continued under its description."""
    pytest.importorskip("pexpect")
    from ptyscreen import Term

    from cuttle.commands.settings import SETTINGS_EPILOG
    from cuttle.files.settings import describe

    for var in ("COLUMNS", "LINES"):  # a shell does not export them: the terminal's size rules
        monkeypatch.delenv(var, raising=False)
    t = Term(args, tmp_path, width, 50)
    assert t.finish() == 0
    printed = t.raw.decode().replace("\r\n", "\n").rstrip("\n").split("\n")
    rows = [row.rstrip() for row in t.screen.display if row.strip()]
    if printed[0].startswith("Settings ("):  # the test's long path: one word, it cannot break
        printed = printed[1:]
        rows = rows[len(rows) - len(printed):]
    assert all(len(line) <= width for line in printed), [ln for ln in printed if len(ln) > width]
    assert rows == [line.rstrip() for line in printed if line.strip()]  # no row the terminal cut
    flat = " ".join(" ".join(rows).split())
    if args[-1] == "--help":
        assert "With NAME VALUE: change it (cuttle settings ai hard)." in flat
        wanted = [line[12:] for line in SETTINGS_EPILOG.splitlines()[1:]]
        listed = rows[rows.index("settings:") + 1:]
    else:
        assert "Change one: cuttle settings NAME VALUE (cuttle settings ai hard)" in flat
        wanted = [describe(name)[0] for name in (["pace"] if args[-1] == "pace" else
                                                 [f.name for f in fields(Settings)])]
        listed = rows[:-2]
    for text in wanted:
        assert text in flat, text
    assert all(row.startswith("  ") for row in listed), listed  # each setting's rows indented
