"""``cuttle serve`` with the real OpenSSH client: the host key checked, an unknown key denied, a
game played, and exit status 0 after ``quit``."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pexpect
import pyte
import pytest
from helpers import cli_env
from sshkit import LOBBY

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed")


class Served:
    def __init__(self, home: Path, port: int, host_key: asyncssh.SSHKey) -> None:
        self.home, self.port, self.host_key = home, port, host_key


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    friend.write_private_key(tmp_path / "friend")
    (tmp_path / "friend").chmod(0o600)
    friend.write_public_key(tmp_path / "friend.pub")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    stranger.write_private_key(tmp_path / "stranger")
    (tmp_path / "stranger").chmod(0o600)
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--port", "0",
         "--authorized-keys", str(tmp_path / "friend.pub")],
        env=cli_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().strip().rsplit(":", 1)[1])
        printed = proc.stdout.readline().strip()
        proc.stdout.readline()
        key_file = tmp_path / "data" / "cuttle" / "serve_host_ed25519"
        key = asyncssh.read_private_key(key_file)
        assert printed == key.get_fingerprint("sha256")
        keygen = shutil.which("ssh-keygen")
        if keygen is not None:  # the fingerprint as ssh-keygen -l shows it
            shown = subprocess.run(
                [keygen, "-l", "-f", str(key_file)], capture_output=True, text=True, timeout=30
            ).stdout.split()
            assert shown[1] == printed
        yield Served(tmp_path, port, key)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.stderr is not None
    assert proc.stderr.read() == ""  # nothing a session did reached the server's terminal
    assert proc.returncode == 0


def known_hosts(s: Served, key: asyncssh.SSHKey) -> Path:
    path = s.home / "known_hosts"
    public = key.export_public_key().decode().split()
    path.write_text(f"[127.0.0.1]:{s.port} {public[0]} {public[1]}\n")
    return path


def ssh_args(s: Served, identity: str, hosts: Path, *command: str) -> list[str]:
    return [
        "-F", "/dev/null", "-p", str(s.port), "-i", str(s.home / identity),
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
        "-o", f"UserKnownHostsFile={hosts}", "-o", "PasswordAuthentication=no",
        "-o", "KbdInteractiveAuthentication=no", "-tt", "-l", "alice", "127.0.0.1", *command,
    ]


def test_a_wrong_host_key_is_refused_by_ssh(served: Served) -> None:
    other = asyncssh.generate_private_key("ssh-ed25519")
    assert SSH is not None
    run = subprocess.run(
        [SSH, *ssh_args(served, "friend", known_hosts(served, other))],
        capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 255
    assert "Host key verification failed" in run.stderr


def test_an_unknown_key_is_denied(served: Served) -> None:
    assert SSH is not None
    run = subprocess.run(
        [SSH, *ssh_args(served, "stranger", known_hosts(served, served.host_key))],
        capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 255
    assert "Permission denied (publickey)" in run.stderr


class Term:
    def __init__(self, args: list[str]) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        assert SSH is not None
        self.child = pexpect.spawn(SSH, args, dimensions=(30, 100), timeout=20)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait(self, pattern: str, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while not re.search(pattern, self.text()):
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r} not on the screen:\n{self.text()}")
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                pass

    def line(self, text: str) -> None:
        self.child.send(text + "\r")
        time.sleep(0.1)


def test_a_game_over_openssh_to_its_end_and_exit_status_0_after_quit(served: Served) -> None:
    term = Term(ssh_args(served, "friend", known_hosts(served, served.host_key)))
    term.wait(LOBBY)
    term.line("ai random")
    term.wait(r"alice( \([^)]*\))?> ")
    term.line("draw")
    term.wait(r"alice drew")
    term.wait(r"alice( \([^)]*\))?> ")
    term.line("concede")
    term.wait(r"\[y/N\]")
    term.line("y")
    term.wait("Rematch with the seats swapped")
    term.line("")
    term.wait(LOBBY)
    term.line("quit")
    term.child.expect(pexpect.EOF, timeout=20)
    term.child.close()
    assert term.child.exitstatus == 0
