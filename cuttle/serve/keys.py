"""Who the server is and who may come in: the host key, the authorized keys, the display name.

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
from cuttle.text.safetext import is_unsafe_char

HOST_KEY_NAME = "serve_host_ed25519"
AUTHORIZED_KEYS_NAME = "authorized_keys"
MAX_DISPLAY_NAME = 20
MAX_KEYS_FILE = 1_000_000
MARKUP = "[]<>\\`*"  # rich markup and what reads as formatting: never part of a name
KEY_TYPES = ("ssh-", "ecdsa-", "sk-", "x509v3-", "rsa-")  # how a key (not an option) starts


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
        refused = [o for o in key_options(line) if o != "from"]
        where = f"{shown_path(path)} line {number}"
        if refused:
            _say(warn, f"{where}: option {', '.join(refused)[:80]} is not supported by cuttle "
                       "serve; the key on that line is refused")
            continue
        try:
            asyncssh.import_authorized_keys(line)
        except ValueError:
            _say(warn, f"{where} is not a public key; it is ignored")
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
    """The names of the options an ``authorized_keys`` line starts with (OpenSSH's grammar:
    comma-separated, values in double quotes, before the key type); [] for a bare key."""
    first = line.split(None, 1)[0] if line.split() else ""
    if first.startswith(KEY_TYPES):
        return []
    names: list[str] = []
    name, quoted, in_value = "", False, False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "," or ch.isspace():
            names.append(name)
            name, in_value = "", False
            if ch.isspace():
                break
        elif ch == "=":
            in_value = True
        elif not in_value:
            name += ch.lower()
    return [n for n in names if n]


def display_name(user: str) -> str:
    """The SSH user name as a player's name: no control characters, no markup, at most 20
    characters ("player" when nothing is left)."""
    kept = "".join(
        " " if ch.isspace() or is_unsafe_char(ch) else ch for ch in user if ch not in MARKUP
    )
    name = " ".join(kept.split())[:MAX_DISPLAY_NAME].strip()
    return name or "player"


@dataclass(frozen=True)
class Login:
    """Who is connected: the display name and the key's fingerprint (their identity)."""

    name: str
    key: str
