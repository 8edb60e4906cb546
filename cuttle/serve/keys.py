"""Who the server is and who may come in: the host key, the authorized keys, the login.

The host key (ed25519) is made once in the data directory, mode 0600, and read again at every
start, so a friend's ``ssh`` knows the server after the first visit. Players log in with a public
key only: the keys of an ``authorized_keys`` file, or any key with ``--open`` (the player is then
known by the key's fingerprint).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from cuttle.files.safefile import (
    CorruptFileError,
    os_reason,
    read_bytes,
    shown_path,
    write_bytes_atomic,
)
from cuttle.files.storage import config_dir, data_dir

HOST_KEY_NAME = "serve_host_ed25519"
AUTHORIZED_KEYS_NAME = "authorized_keys"
MAX_KEYS_FILE = 1_000_000


class KeyProblem(Exception):
    """A host key or authorized keys file that cannot be used; the message says why."""


def host_key_path() -> Path:
    """Where the server's host key is kept (the data directory)."""
    return data_dir() / HOST_KEY_NAME


def default_authorized_keys() -> Path | None:
    """The config directory's ``authorized_keys`` when there is something by that name (a
    directory or a FIFO too: loading it says what is wrong), else None."""
    path = config_dir() / AUTHORIZED_KEYS_NAME
    return path if os.path.lexists(path) else None


def load_host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The server's host key: read from ``path``, or made there (ed25519, 0600) the first time."""
    path = path or host_key_path()
    if path.exists():
        if path.is_symlink() or not path.is_file():
            raise KeyProblem(f"the host key {shown_path(path)} is not a regular file")
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            raise KeyProblem(
                f"the host key {shown_path(path)} may be read by others (mode {mode:o}): "
                f"chmod 600 it, or delete it to make a new one"
            )
        try:
            return asyncssh.import_private_key(read_bytes(path, "host key", 100_000))
        except CorruptFileError as exc:
            raise KeyProblem(str(exc)) from None
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise KeyProblem(f"cannot read the host key {shown_path(path)}: {exc}") from None
        except OSError as exc:
            why = os_reason(exc)
            raise KeyProblem(f"cannot read the host key {shown_path(path)}: {why}") from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="cuttle serve")
    try:
        write_bytes_atomic(path, key.export_private_key(), replace=False)
        os.chmod(path, 0o600)
    except OSError as exc:
        why = os_reason(exc)
        raise KeyProblem(f"cannot write the host key {shown_path(path)}: {why}") from None
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's fingerprint as ``ssh-keygen -l`` shows it: ``SHA256:...``."""
    return str(key.get_fingerprint("sha256"))


def load_authorized_keys(
    path: Path, warn: Callable[[str], None] | None = None
) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an OpenSSH ``authorized_keys`` file; KeyProblem when it cannot be used (not
    a regular file, too large, writable by others, no usable key: nobody could log in). A line
    with an option the server does not honour (anything but ``from=``: ``command=``,
    ``restrict``, ``no-pty``, ``expiry-time``...) is refused, with a warning through ``warn``:
    its key does not log in, rather than logging in without the limit the line asks for."""
    with contextlib.suppress(OSError):
        mode = os.stat(path).st_mode
        if stat.S_ISREG(mode) and mode & 0o022:
            raise KeyProblem(
                f"{shown_path(path)} may be changed by others (mode {mode & 0o777:o}): "
                "chmod 600 it"
            )
    try:
        text = read_bytes(path, "authorized keys", MAX_KEYS_FILE).decode("utf-8", "replace")
    except CorruptFileError as exc:
        raise KeyProblem(str(exc)) from None
    except OSError as exc:
        raise KeyProblem(f"cannot read {shown_path(path)}: {os_reason(exc)}") from None
    kept: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{shown_path(path)} line {number}"
        try:
            options = key_options(line)
        except ValueError:
            _say(warn, f"{where} is not a public key; it is ignored")
            continue
        refused = [o for o in options if o != "from"]
        if refused:
            _say(warn, f"{where}: option {', '.join(refused)[:80]} is not supported by cuttle "
                       "serve; the key on that line is refused")
            continue
        kept.append(line)
    if not kept:
        raise KeyProblem(
            f"{shown_path(path)} lists no usable key: nobody could log in. Put your friends' "
            "public keys in it (one a line, as in ~/.ssh/id_ed25519.pub), or use --open"
        )
    return asyncssh.import_authorized_keys("\n".join(kept) + "\n")


def _say(warn: Callable[[str], None] | None, line: str) -> None:
    if warn is not None:
        warn(line)


def key_options(line: str) -> list[str]:
    """The names of the options of an ``authorized_keys`` line, read by asyncssh's own parser
    (the one that lets the key in: a line is first tried as a bare key, then as options before
    a key), so no option is hidden from the check; [] for a bare key. ValueError when the line
    is no public key (an X.509 subject pattern, which cuttle serve does not take, included)."""
    from asyncssh.auth_keys import _SSHAuthorizedKeyEntry

    try:
        entry = _SSHAuthorizedKeyEntry(line)
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise ValueError(str(exc)) from None
    if entry.key is None:
        raise ValueError("not a public key")
    return [str(name).lower() for name in entry.options]


@dataclass(frozen=True)
class Login:
    """Who is connected: the display name (``names.player_name``) and the key's fingerprint
    (their identity)."""

    name: str
    key: str
