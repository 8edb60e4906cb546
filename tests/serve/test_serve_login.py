"""Who may log in to ``cuttle serve``, the host key, display names, and the command's start."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from helpers import cli_env
from sshkit import LOBBY, authorized, connect, key, port_of, running

from cuttle.serve.keys import (
    KeyProblem,
    fingerprint,
    key_options,
    load_authorized_keys,
    load_host_key,
)
from cuttle.serve.names import player_name


def test_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "host"
    first = load_host_key(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert fingerprint(load_host_key(path)) == fingerprint(first)
    assert fingerprint(first).startswith("SHA256:")


def test_a_host_key_others_may_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "host"
    load_host_key(path)
    os.chmod(path, 0o644)
    with pytest.raises(KeyProblem, match="chmod 600"):
        load_host_key(path)


@pytest.mark.parametrize(
    ("user", "name"),
    [
        ("alice", "alice"),
        ("\x1b]52;c;evil\x07bob", "]52;c;evil bob"),  # the escape and the bell go
        ("[bold]carol[/bold]", "[bold]carol[/bold]"),  # shown as typed, never as markup
        ("x" * 40, "x" * 20),
        ("\x1b\x07", "player"),
        ("  dan \u202e  ", "dan"),
    ],
)
def test_display_name_has_no_control_characters_and_20_characters_and_keeps_brackets(
    user: str, name: str
) -> None:
    assert player_name(user)[0] == name


def test_an_authorized_key_logs_in_and_an_unknown_key_is_denied(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=authorized(key(0))) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            assert "you are alice" in alice.text()
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, "mallory", key(1))

    asyncio.run(scenario())


def test_passwords_and_keyboard_interactive_are_never_accepted(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.connect(
                    "127.0.0.1", port_of(server), username="alice", password="secret",
                    known_hosts=None, client_keys=None, agent_path=None,
                    preferred_auth="password,keyboard-interactive",
                )

    asyncio.run(scenario())


def test_open_lets_any_key_in_and_quit_ends_with_status_0(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            bob = await connect(port_of(server), "bob", key(2))
            await bob.wait(LOBBY)
            await bob.line("quit")
            await bob.wait_closed()
            assert bob.status == 0

    asyncio.run(scenario())


def test_without_a_terminal_the_player_is_told_to_use_ssh_t(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            bob = await connect(port_of(server), "bob", key(2), pty=False)
            await bob.wait_closed()
            assert b"ssh -t" in bob.raw
            assert bob.status == 1

    asyncio.run(scenario())


def test_max_sessions_turns_the_next_connection_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None, max_sessions=1) as server:
            port = port_of(server)
            first = await connect(port, "a", key(0))
            await first.wait(LOBBY)
            second = await connect(port, "b", key(1))
            await second.wait_closed()
            assert b"full" in second.raw
            assert server.refusals.snapshot()["total"] == {"slots full": 1}

    asyncio.run(scenario())


def test_serve_refuses_to_start_when_nobody_could_log_in(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cuttle", "serve", "--port", "0"],
        env=cli_env(tmp_path), capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 2
    assert "--authorized-keys" in run.stderr and "--open" in run.stderr


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_serve_prints_address_fingerprint_and_login_line_then_stops_on_sigterm(
    tmp_path: Path, stop: signal.Signals
) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--open", "--port", "0"],
        env=cli_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        address = proc.stdout.readline().strip()
        printed = proc.stdout.readline().strip()
        line = proc.stdout.readline().strip()
        host, port = address.rsplit(":", 1)
        assert host == "127.0.0.1" and port.isdigit()
        assert printed.startswith("SHA256:")
        assert line == f"ssh -p {port} 127.0.0.1"
        proc.send_signal(stop)
        assert proc.wait(timeout=30) == 0
        assert proc.stderr is not None and proc.stderr.read() == ""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_an_error_in_one_session_ends_that_session_only_and_is_logged_not_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    from cuttle.serve.lobby import Lobby

    real = Lobby._command

    def command(self: Lobby, cmd: str, args: list[str]) -> None:
        if cmd == "boom":
            raise RuntimeError("a bug")
        real(self, cmd, args)

    monkeypatch.setattr(Lobby, "_command", command)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            bob = await connect(port, "bob", key(1))
            await alice.wait(LOBBY)
            await bob.wait(LOBBY)
            await alice.line("boom")
            await alice.wait_closed()
            assert alice.status == 1 and b"an error ended your session" in alice.raw
            await bob.line("new")
            await bob.wait("You wait at table")

    with caplog.at_level("ERROR", logger="cuttle.serve"):
        asyncio.run(scenario())
    assert "a bug" in caplog.text
    out, err = capfd.readouterr()
    assert "a bug" not in out + err


def test_the_config_directorys_authorized_keys_is_the_default(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "cuttle"
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_bytes(key(0).export_public_key())
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--port", "0"],
        env=cli_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().strip().rsplit(":", 1)[1])

        async def scenario() -> None:
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(port, "mallory", key(1))

        asyncio.run(scenario())
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def test_an_unreadable_authorized_keys_file_is_one_line_and_no_server(tmp_path: Path) -> None:
    bad = tmp_path / "keys"
    bad.write_text("this is not a key\n")
    run = subprocess.run(
        [sys.executable, "-m", "cuttle", "serve", "--port", "0", "--authorized-keys", str(bad)],
        env=cli_env(tmp_path), capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 1
    assert run.stderr.startswith("cuttle: serve: ") and run.stderr.count("\n") == 1
    assert "Traceback" not in run.stderr and run.stdout == ""


def test_tab_completes_the_lobby_commands_and_the_table_ids(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("new")
            table = (await alice.wait(r"You wait at table (\w+)")).group(1)
            bob = await connect(port, "bob", key(1))
            await bob.wait(LOBBY)
            bob.type("jo\t")
            await bob.wait(r"(?m)^lobby> join")
            bob.type(" \t")
            await bob.wait(rf"(?m)^lobby> join {table}")
            bob.type("\r")
            await until_match(server)

    async def until_match(server: Any) -> None:
        for _ in range(500):
            if server.hall.matches:
                return
            await asyncio.sleep(0.02)
        raise AssertionError("no game started")

    asyncio.run(scenario())



def public(n: int) -> str:
    return key(n).export_public_key().decode().strip()


def test_an_authorized_keys_line_with_an_option_the_server_does_not_honour_is_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "keys"
    path.write_text(
        f'command="/bin/sh" {public(0)}\n'
        f"restrict {public(1)}\n"
        f'no-pty,expiry-time="20990101" {public(2)}\n'
        f'from="127.0.0.1" {public(3)}\n'
        f"# a comment\n{public(4)}\n"
    )
    warnings: list[str] = []
    keys = load_authorized_keys(path, warnings.append)
    assert len(warnings) == 3
    assert "command" in warnings[0] and "line 1" in warnings[0]
    assert "restrict" in warnings[1] and "no-pty, expiry-time" in warnings[2]

    async def scenario() -> None:
        async with running(tmp_path, authorized=keys) as server:
            port = port_of(server)
            for n in (0, 1, 2):  # not let in without the limit their line asks for
                with pytest.raises(asyncssh.PermissionDenied):
                    await connect(port, "mallory", key(n))
            for n in (3, 4):
                player = await connect(port, f"p{n}", key(n))
                await player.wait(LOBBY)

    asyncio.run(scenario())


def test_key_options_are_read_as_openssh_writes_them() -> None:
    assert key_options(public(0)) == []
    assert key_options(f'from="10.0.0.1,10.0.0.2",no-pty {public(0)}') == ["from", "no-pty"]
    assert key_options(f'command="echo a, b" {public(0)}') == ["command"]
    assert key_options(f"RESTRICT {public(0)}") == ["restrict"]


def test_a_keys_file_others_may_change_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "keys"
    path.write_text(public(0) + "\n")
    os.chmod(path, 0o666)
    with pytest.raises(KeyProblem, match="may be changed by others"):
        load_authorized_keys(path)
    os.chmod(path, 0o644)
    load_authorized_keys(path)


@pytest.mark.parametrize("kind", ["missing", "huge", "fifo", "directory", "empty", "comments"])
def test_a_keys_path_that_cannot_be_used_is_a_key_problem(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "keys"
    if kind == "huge":
        path.write_text((public(0) + "\n") * 20_000)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "empty":
        path.write_text("")
    elif kind == "comments":
        path.write_text("# nobody yet\n\n")
    with pytest.raises(KeyProblem) as problem:
        load_authorized_keys(path)
    assert "\n" not in str(problem.value)
    if kind in ("empty", "comments"):
        assert "nobody could log in" in str(problem.value)


@pytest.mark.parametrize("kind", ["missing", "fifo", "empty"])
def test_serve_with_a_keys_path_that_cannot_be_used_ends_in_one_line(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "keys"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "empty":
        path.write_text("")
    run = subprocess.run(
        [sys.executable, "-m", "cuttle", "serve", "--port", "0", "--authorized-keys", str(path)],
        env=cli_env(tmp_path), capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.startswith("cuttle: serve: ") and run.stderr.count("\n") == 1
    assert "Traceback" not in run.stderr


def test_a_default_keys_path_that_is_not_a_file_is_said_not_passed_over(tmp_path: Path) -> None:
    (tmp_path / "config" / "cuttle" / "authorized_keys").mkdir(parents=True)
    run = subprocess.run(
        [sys.executable, "-m", "cuttle", "serve", "--port", "0"],
        env=cli_env(tmp_path), capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 1 and run.stderr.count("\n") == 1
    assert "a directory" in run.stderr and "authorized_keys" in run.stderr


@pytest.mark.parametrize("kind", ["huge", "fifo"])
def test_a_host_key_that_cannot_be_read_is_a_key_problem(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "host"
    if kind == "huge":
        path.write_bytes(b"x" * 200_000)
        os.chmod(path, 0o600)
    else:
        os.mkfifo(path, 0o600)
    with pytest.raises(KeyProblem):
        load_host_key(path)
