"""Who the server is and who may come in: the host key, the authorized keys, the login.

The host key (ed25519) is made once in the data directory, mode 0600, and read again at every
start, so a friend's ``ssh`` knows the server after the first visit. Players log in with a public
key only: the keys of an ``authorized_keys`` file, or any key with ``--open`` (the player is then
known by the key's fingerprint).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from cuttle.files.safefile import os_reason, read_bytes, shown_path, write_bytes_atomic
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
    """The config directory's ``authorized_keys`` when it exists, else None."""
    path = config_dir() / AUTHORIZED_KEYS_NAME
    return path if path.is_file() else None


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


def load_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an OpenSSH ``authorized_keys`` file; KeyProblem when it cannot be used."""
    try:
        text = read_bytes(path, "authorized keys", MAX_KEYS_FILE).decode("utf-8", "replace")
    except OSError as exc:
        raise KeyProblem(f"cannot read {shown_path(path)}: {os_reason(exc)}") from None
    try:
        keys = asyncssh.import_authorized_keys(text)
    except ValueError as exc:
        raise KeyProblem(f"{shown_path(path)} is not an authorized_keys file: {exc}") from None
    return keys


@dataclass(frozen=True)
class Login:
    """Who is connected: the display name (``names.player_name``) and the key's fingerprint
    (their identity)."""

    name: str
    key: str
