"""Reading and writing the game's files safely: the one reader and the one writer.

Reading (``read_bytes``, ``read_text``, ``read_json_file``): every file is untrusted. Only
regular files are read (checked with ``os.stat`` before opening, so a FIFO, a device or a
directory is refused at once, and again with ``fstat`` on what was opened); at most
``max_bytes`` are read (the size the file claims is never trusted); JSON nesting is limited.
Every problem is a ``CorruptFileError`` whose message names the file and the problem, and a file
is never changed by reading it.

Writing (``write_bytes_atomic``, ``write_json_atomic``): a temporary file created exclusively in
the target's directory (``tempfile.mkstemp``, mode 0600), written, flushed and fsynced, then
renamed over the target (``os.replace``) and the directory fsynced, so a crash leaves either the
old file or the new one. The temporary file is removed on every failure path. A target that
exists and is not a regular file (a directory, device, FIFO or symlink) is refused; with
``replace=False`` an existing file is refused too, atomically (the new file is linked into
place). Directories the game creates are 0700.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cuttle.safejson import MAX_DEPTH, loads_limited
from cuttle.text.safetext import safe_text

DEFAULT_MAX_BYTES = 5_000_000
FILE_MODE = 0o600
DIR_MODE = 0o700
# Temporary files are ".NAME.PID.RANDOM.tmp": the PID lets a later run remove the leftovers of
# a killed process, the random part (mkstemp, O_EXCL) makes the name unguessable.
_TEMP_NAME = re.compile(r"^\..*\.(\d+)\.[A-Za-z0-9_]+\.tmp$")


class FilesError(Exception):
    """A problem with where the game keeps its files that no command can work around (no home
    directory, a folder that is a file): the message says what and where, in one line, and
    ``cuttle`` ends with it whatever the command."""


class CorruptFileError(Exception):
    """A file that cannot be used; the message says why and names the file."""


class UnsafeTargetError(OSError):
    """A write refused before anything was written: the target is not a regular file, or it
    exists and replacing was not allowed."""


class TargetExistsError(UnsafeTargetError):
    """A write with ``replace=False`` found something at the target's name."""


class FolderError(UnsafeTargetError, FilesError):
    """A folder the game needs is not a folder (a file, a FIFO, a dangling symbolic link), or
    cannot be created; the message names the path."""


def shown_path(path: Path | str) -> str:
    """A path as messages show it: control characters escaped, long paths shortened."""
    return safe_text(str(path), 160)


def os_reason(exc: BaseException) -> str:
    """The short reason of an OS error ("No space left on device"), without the path."""
    if isinstance(exc, UnsafeTargetError):
        return str(exc)
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return safe_text(str(exc), 120) or type(exc).__name__


# -- reading --------------------------------------------------------------------------------
def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: Path | str, what: str, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ``CorruptFileError`` otherwise."""
    where = f"{what} {shown_path(path)}"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise CorruptFileError(f"{where}: no such file") from None
    except (OSError, ValueError) as exc:
        raise CorruptFileError(f"{where}: cannot be read ({os_reason(exc)})") from None
    if not stat.S_ISREG(st.st_mode):
        raise CorruptFileError(f"{where}: {_kind(st.st_mode)}, not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise CorruptFileError(f"{where}: cannot be read ({os_reason(exc)})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between stat and open
            raise CorruptFileError(f"{where}: not a regular file")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise CorruptFileError(f"{where}: cannot be read ({os_reason(exc)})") from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise CorruptFileError(f"{where}: larger than {max_bytes:,} bytes, too large to use")
    return b"".join(chunks)


def read_text(path: Path | str, what: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """A regular UTF-8 text file of at most ``max_bytes``; ``CorruptFileError`` otherwise."""
    data = read_bytes(path, what, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CorruptFileError(f"{what} {shown_path(path)}: not UTF-8 text") from None


def read_json_file(
    path: Path | str,
    what: str,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """The JSON value in a file (checked as ``read_bytes`` does, nesting at most ``max_depth``).

    ``what`` names the kind of file in messages ("settings file", "record"). The caller checks
    the value's fields; this only guarantees well-formed, bounded JSON.
    """
    data = read_bytes(path, what, max_bytes)
    try:
        return loads_limited(data, max_depth)
    except ValueError as exc:
        raise CorruptFileError(f"{what} {shown_path(path)}: {safe_text(str(exc), 160)}") from None


# -- writing --------------------------------------------------------------------------------
def ensure_dir(folder: Path) -> None:
    """Create ``folder`` and its missing parents, each 0700 (``Path.mkdir(parents=True)`` would
    make the parents with the umask's mode: a 0755 folder around private files). ``FolderError``
    naming the path when it, or a folder above it, is something else or cannot be made."""
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        pass
    except OSError as exc:  # NotADirectoryError: something above it is a file
        raise _folder_error(folder, exc) from None
    else:
        if stat.S_ISDIR(st.st_mode):
            return
        raise _folder_error(folder, None)
    for step in [*reversed(folder.parents), folder]:
        try:
            os.mkdir(step, DIR_MODE)
        except FileExistsError:
            if not os.path.isdir(step):
                raise _folder_error(step, None) from None
        except OSError as exc:
            raise _folder_error(step, exc) from None


def _folder_error(folder: Path, exc: OSError | None) -> FolderError:
    """Why ``folder`` cannot be used as one: the first step of its path that is not a folder."""
    for step in [*reversed(folder.parents), folder]:
        try:
            st = os.lstat(step)
        except OSError:
            break
        if stat.S_ISLNK(st.st_mode):
            if os.path.isdir(step):
                continue
            return FolderError(
                f"{shown_path(step)} is a symbolic link to nowhere, not a folder; the game "
                "needs a folder there"
            )
        if not stat.S_ISDIR(st.st_mode):
            what = "a file" if stat.S_ISREG(st.st_mode) else _kind(st.st_mode)
            return FolderError(
                f"{shown_path(step)} is {what}, not a folder; the game needs a folder there"
            )
    why = os_reason(exc) if exc is not None else "not a folder"
    return FolderError(f"cannot create the folder {shown_path(folder)} ({why})")


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows opening directories)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def check_target(path: Path, replace: bool = True) -> None:
    """Refuse (``UnsafeTargetError``) a target that is not a file name, exists as anything but a
    regular file, or exists at all when ``replace`` is False."""
    if path.name in ("", ".", ".."):
        raise UnsafeTargetError(f"{shown_path(path)} is not a file name")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        why = os_reason(exc)
        raise UnsafeTargetError(f"{shown_path(path)} cannot be checked ({why})") from None
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeTargetError(f"{shown_path(path)} is a symbolic link; not replacing it")
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeTargetError(f"{shown_path(path)} is {_kind(st.st_mode)}; not replacing it")
    if not replace:
        raise TargetExistsError(f"{shown_path(path)} already exists")


def write_bytes_atomic(path: Path | str, data: bytes, *, replace: bool = True) -> None:
    """Write ``data`` to ``path`` atomically and durably (see the module doc).

    Raises ``UnsafeTargetError`` (an ``OSError``) for a refused target and ``OSError`` for a
    failed write; in both cases the target is as it was and no temporary file is left.
    """
    path = Path(path)
    check_target(path, replace)
    folder = path.parent
    ensure_dir(folder)
    fd, tmp = tempfile.mkstemp(
        dir=folder, prefix=f".{path.name[:60]}.{os.getpid()}.", suffix=".tmp"
    )
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
        _fsync_dir(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _link_new(tmp: str, path: Path) -> None:
    """Put ``tmp`` at ``path`` only if nothing is there (atomically where links exist)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise TargetExistsError(f"{shown_path(path)} already exists") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                             errno.EMLINK, errno.ENOSYS):
            raise
        if os.path.lexists(path):  # no hard links on this file system
            raise TargetExistsError(f"{shown_path(path)} already exists") from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)


@contextlib.contextmanager
def locked(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold the lock of ``path`` (the file ``.NAME.lock`` beside it, a ``filelock`` lock the OS
    releases if the process dies) for a read-modify-write: two processes changing the same file
    at once each see the other's change. ``UnsafeTargetError`` when the lock file is not a
    regular file; ``OSError`` when the lock is not had within ``timeout`` seconds."""
    from filelock import FileLock, Timeout

    ensure_dir(path.parent)
    lock_path = path.parent / f".{path.name}.lock"
    check_target(lock_path)
    lock = FileLock(lock_path, timeout=timeout, mode=FILE_MODE, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise OSError(errno.EAGAIN, f"{shown_path(path)} is being changed by another cuttle") \
            from None
    try:
        yield
    finally:
        lock.release()


def json_bytes(data: Any) -> bytes:
    """The bytes the game writes for a JSON value (indented, ASCII, ending in a newline)."""
    return (json.dumps(data, indent=1) + "\n").encode("ascii")


def write_json_atomic(path: Path | str, data: Any, *, replace: bool = True) -> None:
    """Write a JSON value to ``path`` with ``write_bytes_atomic``."""
    write_bytes_atomic(path, json_bytes(data), replace=replace)


def sweep_temp_files(folder: Path) -> int:
    """Remove temporary files left in ``folder`` by processes that no longer run (a kill during
    a save); return how many were removed."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        m = _TEMP_NAME.match(name)
        if not m or _alive(int(m.group(1))):
            continue
        target = folder / name
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(target).st_mode):
                os.unlink(target)
                removed += 1
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # cannot tell: leave it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True
