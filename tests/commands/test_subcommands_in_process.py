"""The subcommands in this process: each registers its parser and its function, shares one
one-line error and one set of exit statuses, and does its job without a terminal."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from cuttle.cli import build_parser
from cuttle.commands import learn as learn_commands
from cuttle.commands import play as play_commands
from cuttle.commands import settings as settings_commands
from cuttle.commands.common import (
    EXIT_ERROR,
    EXIT_INTERRUPT,
    EXIT_OK,
    EXIT_USAGE,
    err,
    is_interactive,
)
from cuttle.commands.signals import Hangup, exit_status, trap


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))


def test_the_exit_statuses_are_distinct_and_the_shells() -> None:
    assert (EXIT_OK, EXIT_ERROR, EXIT_USAGE) == (0, 1, 2)
    assert EXIT_INTERRUPT == exit_status(signal.SIGINT) == 130


def test_an_error_is_one_line_with_anything_unsafe_escaped(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    err("no such save: \x1b[2Jname\nsecond")
    assert capsys.readouterr().err == "cuttle: no such save: \\x1b[2Jname\\x0asecond\n"


def test_only_two_terminals_that_can_draw_make_the_full_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert is_interactive()
    monkeypatch.setenv("TERM", "dumb")
    assert not is_interactive()
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr("sys.stdout.isatty", lambda: False)
    assert not is_interactive()


def test_each_subcommand_registers_its_own_function() -> None:
    parser = build_parser()
    assert parser.parse_args(["play", "--seed", "3"]).func is play_commands.play_command
    assert parser.parse_args(["replay", "g.json"]).func is play_commands.replay_command
    assert parser.parse_args(["saves"]).func is play_commands.saves_command
    assert parser.parse_args(["learn", "--list"]).func is learn_commands.learn_command
    assert parser.parse_args(["settings"]).func is settings_commands.settings_command
    args = parser.parse_args(["play", "--seed", "7", "--think", "0.5", "--pace", "fast"])
    assert (args.seed, args.think, args.pace) == (7, 0.5, "fast")


@pytest.mark.parametrize("argv", [["play", "--seed", "-1"], ["play", "--think", "0"],
                                  ["play", "--pace", "slow"], ["play", "--ai", "expert"]])
def test_bad_play_options_stop_at_the_parser(argv: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(argv)
    assert stop.value.code == EXIT_USAGE
    assert argv[1] in capsys.readouterr().err


def test_settings_change_show_and_reset(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()

    def run(*argv: str) -> tuple[int, str, str]:
        args = parser.parse_args(["settings", *argv])
        status = args.func(args)
        out = capsys.readouterr()
        return status, out.out, out.err

    status, out, _ = run("pace", "fast")
    assert status == EXIT_OK and out.startswith("pace: fast (saved in ")
    status, out, _ = run("--json")
    assert json.loads(out)["pace"] == "fast"
    status, _, error = run("pace", "sideways")
    assert status == EXIT_USAGE and error.startswith("cuttle: ") and error.count("\n") == 1
    status, _, error = run("nosuch")
    assert status == EXIT_USAGE and "nosuch" in error
    status, _, error = run("--reset", "pace")
    assert status == EXIT_USAGE and "--reset takes no setting name" in error
    status, out, _ = run("--reset")
    assert status == EXIT_OK and "defaults" in out
    status, out, _ = run("pace")
    assert status == EXIT_OK and "normal" in out


def test_learn_lists_the_lessons_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["learn", "--list", "--json"])
    assert args.func(args) == EXIT_OK
    lessons = json.loads(capsys.readouterr().out)
    assert len(lessons) >= 16


def test_sigterm_becomes_a_hangup_inside_the_trap_only() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Hangup) as caught, trap():
        signal.raise_signal(signal.SIGTERM)
    assert caught.value.name == "SIGTERM" and exit_status(caught.value.signum) == 143
    assert signal.getsignal(signal.SIGTERM) is before
