"""``cuttle serve``: host games over SSH; a friend needs nothing but ``ssh``.

Light at import time (no asyncssh, rich or prompt_toolkit): ``cuttle --help`` registers it.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cuttle.commands.common import EXIT_ERROR, EXIT_USAGE, err

if TYPE_CHECKING:
    import logging

DEFAULT_PORT = 2222
LOG_NAME = "serve.log"
SWITCH_INTERVAL = 0.001  # seconds (Python's default is 0.005)
AI_PROCESSES = 2  # worker processes the AI thinks in (hard searches for seconds)
MAX_FILES = 8192  # open files the server asks for (its hard limit allowing)


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of minutes") from None
    if not 0 < value <= 24 * 60:
        raise argparse.ArgumentTypeError("minutes must be more than 0 and at most 1440")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port (0 to 65535)")
    return int(text)


def _sessions(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10_000:
        raise argparse.ArgumentTypeError("--max-sessions takes a number from 1 to 10000")
    return int(text)


def _days(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of days") from None
    if not 0 < value <= 36_500:
        raise argparse.ArgumentTypeError("days must be more than 0 and at most 36500")
    return value


def _logins(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10_000:
        raise argparse.ArgumentTypeError("--max-logins takes a number from 1 to 10000")
    return int(text)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``cuttle`` parser."""
    cmd = subparsers.add_parser(
        "serve",
        help="host games over SSH: a friend plays with ssh -p 2222 HOST",
        description="Serve the game over SSH. Friends log in with a public key (listed in an "
        "authorized_keys file, or any key with --open); the SSH user name is their name. "
        "See docs/serve.md.",
    )
    cmd.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                     help="the address to listen on (default 127.0.0.1: this machine only)")
    cmd.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar="N",
                     help=f"the port (default {DEFAULT_PORT}; 0 picks a free one)")
    who = cmd.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", type=Path, metavar="FILE",
                     help="the public keys that may log in (OpenSSH authorized_keys format; "
                     "default: authorized_keys in the config directory, when present)")
    who.add_argument("--open", action="store_true",
                     help="let any key in (a player is known by the key's fingerprint)")
    cmd.add_argument("--hold", type=_minutes, default=5.0, metavar="M",
                     help="minutes a dropped player's seat is kept (default 5)")
    cmd.add_argument("--idle", type=_minutes, default=15.0, metavar="M",
                     help="minutes idle on one's turn before the opponent may claim (default 15)")
    cmd.add_argument("--max-sessions", type=_sessions, default=64, metavar="N",
                     help="connections at once (default 64)")
    cmd.add_argument("--keep-finished", type=_days, default=365.0, metavar="DAYS",
                     help="days the server keeps its finished games (default 365)")
    cmd.add_argument("--max-logins", type=_logins, default=32, metavar="N",
                     help="connections still logging in at once, at most 4 from one network "
                     "(default 32; logged-in players are never counted with them)")
    cmd.add_argument("--status", action="store_true",
                     help="show the running server's counts (sessions, logins, what it "
                     "refused and why) and end")
    cmd.set_defaults(func=serve_command)


def serve_command(args: argparse.Namespace) -> int:
    """Run ``cuttle serve``; returns the exit status."""
    if getattr(args, "status", False):
        return status_command()
    import asyncio
    import logging

    from cuttle.files.safefile import ensure_dir, os_reason
    from cuttle.files.storage import NoHomeError, config_dir, state_dir
    from cuttle.serve.keys import (
        AUTHORIZED_KEYS_NAME,
        KeyProblem,
        default_authorized_keys,
        load_authorized_keys,
        load_host_key,
    )
    from cuttle.serve.server import Settings, run_server
    from cuttle.serve.store import ServerBusy, ServerLock

    lock = ServerLock()
    try:
        lock.acquire()  # one server a data directory: before any of its files is touched
        keys_file: Path | None = args.authorized_keys
        if keys_file is None and not args.open:
            keys_file = default_authorized_keys()
        if keys_file is None and not args.open:
            err(
                "serve: nobody could log in. Give --authorized-keys FILE (the public keys of "
                f"your friends), put them in {config_dir() / AUTHORIZED_KEYS_NAME}, or let any "
                "key in with --open"
            )
            lock.release()
            return EXIT_USAGE
        warnings: list[str] = []
        authorized = (
            load_authorized_keys(keys_file, warnings.append) if keys_file is not None else None
        )
        host_key = load_host_key()
        ensure_dir(state_dir())
        log_path = state_dir() / LOG_NAME
        handler = route_logs(log_path)
    except (KeyProblem, NoHomeError, ServerBusy) as exc:
        lock.release()
        err(f"serve: {exc}")
        return EXIT_ERROR
    except OSError as exc:
        lock.release()
        err(f"serve: {os_reason(exc)}")
        return EXIT_ERROR
    log = logging.getLogger("cuttle.serve")
    for line in warnings:  # once on the terminal, once in the log
        err(f"serve: {line}")
        log.warning("%s", line)
    settings = Settings(
        bind=args.bind,
        port=args.port,
        authorized=authorized,
        hold=args.hold * 60,
        idle=args.idle * 60,
        max_sessions=args.max_sessions,
        max_logins=args.max_logins,
        ai_processes=AI_PROCESSES,
        keep_finished=args.keep_finished,
    )

    # The AI searches in the games' threads: a short switch interval gives the event loop, which
    # draws every screen, the interpreter back sooner while they think.
    sys.setswitchinterval(SWITCH_INTERVAL)
    more_descriptors()

    def say(line: str) -> None:
        print(line, flush=True)

    try:
        return asyncio.run(
            run_server(settings, host_key, say, lock, lambda line: err(f"serve: {line}"))
        )
    except OSError as exc:
        err(f"serve: cannot listen on {args.bind}:{args.port}: {os_reason(exc)}")
        return EXIT_ERROR
    finally:
        lock.release()
        handler.close()


def more_descriptors() -> None:
    """Raise the process's limit of open files to its hard limit (at most ``MAX_FILES``): a
    flood's refused connections are held a while (``serve/login.py``), a quarter of it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = MAX_FILES if hard == resource.RLIM_INFINITY else min(hard, MAX_FILES)
    if soft != resource.RLIM_INFINITY and soft < want:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def status_command() -> int:
    """``cuttle serve --status``: the counts the running server wrote (``serve/limits/status.py``);
    1 when no server runs on this data directory."""
    from cuttle.files.storage import NoHomeError
    from cuttle.serve.limits.status import StatusError, read_status, status_lines

    try:
        lines = status_lines(read_status())
    except (StatusError, NoHomeError) as exc:
        err(f"serve: {exc}")
        return EXIT_ERROR
    for line in lines:
        print(line)
    return 0


def route_logs(path: Path) -> logging.Handler:
    """Every log record of the server's process into ``path`` (serve.log), none to its
    terminal: the root logger gets the file, so a library's warning (asyncio's "socket.send()
    raised exception." when a client vanished, say) never falls through to stderr; Python's
    warnings and an error no thread caught are logged there too. OSError when the file cannot
    be opened."""
    import logging
    import threading

    from cuttle.serve.store import LogFile

    handler = LogFile(path)  # a link put there is refused, never written through
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level > logging.WARNING or root.level == logging.NOTSET:
        root.setLevel(logging.WARNING)
    logging.getLogger("cuttle.serve").setLevel(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    logging.captureWarnings(True)

    def thread_error(args: threading.ExceptHookArgs) -> None:
        name = args.thread.name if args.thread is not None else "a thread"
        logging.getLogger("cuttle.serve").error("error in %s", name, exc_info=args.exc_value)

    threading.excepthook = thread_error
    return handler
