"""The ``play``, ``replay`` and ``saves`` subcommands of ``cuttle``.

Registering them imports nothing heavy (no rich, no prompt_toolkit, no screen): only the
choices and limits the parser checks (the AI's levels, the paces, the seed and think limits),
whose modules import the engine, which ``cuttle`` itself imports anyway. Each command function
imports what it needs, so ``cuttle --help`` stays fast.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cuttle.ai import LEVELS
from cuttle.commands.common import (
    EXIT_ERROR,
    EXIT_INTERRUPT,
    EXIT_OK,
    EXIT_USAGE,
    err,
    is_interactive,
)
from cuttle.commands.saves import offer_resume, saves_command
from cuttle.commands.signals import restores_terminal
from cuttle.files.safefile import os_reason
from cuttle.files.settings import PACES
from cuttle.files.storage import MAX_SEED, MAX_THINK, MIN_THINK, fresh_seed

if TYPE_CHECKING:
    from cuttle.play.io import GameIO
    from cuttle.play.places import Places
    from cuttle.play.session import GameSession, Options
    from cuttle.text.cardtext import CardStyle

_STDOUT_ERRNOS = (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", -1))


def seed_arg(text: str) -> int:
    """argparse type of ``--seed``: a whole number from 0 to 2**63 - 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number") from None
    if not 0 <= value < MAX_SEED:
        raise argparse.ArgumentTypeError(f"the seed must be from 0 to {MAX_SEED - 1}")
    return value


def think_arg(text: str) -> float:
    """argparse type of ``--think``: a finite number of seconds from 0.01 to 600."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a number of seconds") from None
    if not math.isfinite(value) or not MIN_THINK <= value <= MAX_THINK:
        raise argparse.ArgumentTypeError(
            f"the think time must be from {MIN_THINK:g} to {MAX_THINK:g} seconds, "
            f"not {text[:30]!r}"
        )
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play``, ``replay`` and ``saves`` to the ``cuttle`` parser."""
    play = subparsers.add_parser(
        "play",
        help="play Cuttle against the AI, or hot-seat; two, three or four at a table",
        description="Play Cuttle in the terminal. Without --seed a random seed is chosen and "
        "shown, so any deal can be played again. Every game is saved after every move in its "
        "own slot (see: cuttle saves). Three players play cutthroat, four play two teams "
        "(--players, --seats).",
    )
    play.add_argument(
        "--seed", type=seed_arg, metavar="N", help="the deal's seed (default: random, shown)"
    )
    play.add_argument(
        "--ai",
        choices=LEVELS,
        help="the AI's level (default: medium, or your setting: cuttle settings ai LEVEL)",
    )
    play.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        help="seats at the table: 2 (default, or your setting: cuttle settings players N), "
        "3 (you and two AIs, cutthroat), 4 (you and an AI partner against two AIs, teams)",
    )
    play.add_argument(
        "--seats",
        metavar="LIST",
        help="who sits where, seat 0 first: human or an AI level for each seat, "
        "e.g. human,hard,human,medium",
    )
    play.add_argument(
        "--hotseat", action="store_true", help="everyone at one keyboard (two, or --players N)"
    )
    play.add_argument(
        "--names",
        nargs="+",
        metavar="NAME",
        help="one name a seat, yours (or the first hot-seat player's) first, then round the "
        "table",
    )
    play.add_argument(
        "--rules",
        default="classic",
        metavar="PRESET",
        help="rules preset: classic (default) or cuttlecards; +cutthroat (three players) or "
        "+teams (four) names the mode",
    )
    play.add_argument(
        "--variant",
        action="extend",
        nargs="+",
        metavar="NAME",
        default=[],
        help="house rules on top of the preset (see: cuttle rules)",
    )
    play.add_argument(
        "--first",
        choices=("human", "ai", "random"),
        default="human",
        help="who moves first (default: human, the first seat listed)",
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        type=Path,
        help="write the game record (cuttle-game/1 JSON) here after every move; an existing "
        "file is replaced only with --force, a rematch records to FILE-2, FILE-3...",
    )
    play.add_argument(
        "--force", action="store_true", help="let --record replace an existing file"
    )
    play.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="NAME",
        help="continue the most recent unfinished game, or the saved game NAME (cuttle saves)",
    )
    play.add_argument("--ascii", action="store_true", help="draw 7D instead of 7♦")
    play.add_argument("--no-color", action="store_true", help="no colours (NO_COLOR works too)")
    play.add_argument(
        "--think",
        type=think_arg,
        metavar="SECONDS",
        help="time budget per move for the hard AI (0.01 to 600)",
    )
    play.add_argument(
        "--coach",
        action=argparse.BooleanOptionalAction,
        help="after each of your moves, say if it was a mistake (default: the coach setting)",
    )
    play.add_argument(
        "--pace",
        choices=PACES,
        help="the opponent's turn: step (a key after each action), normal (a short pause, "
        "the default, or your setting: cuttle settings pace ...), fast (no pause); "
        "F2 changes it in the game",
    )
    play.add_argument(
        "--history",
        action="store_true",
        help="put a piped (non-interactive) game into the history, statistics and rating; a "
        "game played on the terminal always goes in, a piped one only with this flag",
    )
    play.set_defaults(func=play_command)

    replay = subparsers.add_parser(
        "replay",
        help="step through a recorded game",
        description="Step through a game record: Enter or n for the next move, b back, q quit. "
        "When output is piped, the whole game is printed as text. A record is data from "
        "whoever wrote it: it is checked move by move and nothing in it reaches the terminal raw.",
    )
    replay.add_argument(
        "file", nargs="?", metavar="FILE|ID",
        help="a cuttle-game/1 record, or a game number from cuttle history (default: your last "
        "finished game)",
    )
    replay.add_argument(
        "--review",
        action="store_true",
        help="show each move's review label (best ... blunder) and the reason for mistakes: "
        "a saved review of this game (from cuttle review or the game-over screen) is shown "
        "anyway; --review analyses the game now when none was saved with this budget",
    )
    replay.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help="with --review: search simulations per decision (default 1800, as cuttle review)",
    )
    replay.add_argument(
        "--reveal",
        action="store_true",
        help="replay a game that is not finished: every hand face up, so the cards still "
        "hidden in that game are shown (without it an unfinished record is refused)",
    )
    replay.add_argument("--ascii", action="store_true", help="draw 7D instead of 7♦")
    replay.add_argument("--no-color", action="store_true", help="no colours")
    replay.set_defaults(func=replay_command)

    saves = subparsers.add_parser(
        "saves",
        help="list the unfinished games, or delete one",
        description="List the saved unfinished games, newest first (continue one with: "
        "cuttle play --resume NAME), or delete one.",
    )
    what = saves.add_mutually_exclusive_group()
    what.add_argument("--delete", metavar="NAME", help="delete the saved game NAME")
    what.add_argument(
        "--clear", action="store_true",
        help="delete every saved unfinished game (not one open in another session)",
    )
    saves.set_defaults(func=saves_command)


def make_io(
    style: CardStyle, color: bool, pace: str | None = None, private: bool = False
) -> GameIO:
    """The full-screen or plain-text I/O for this run."""
    from cuttle.ui.terminal import PlainIO, make_console
    if is_interactive():
        from cuttle.ui.app import AppIO

        return AppIO(style, color=color, pace=pace or "normal", private=private)
    return PlainIO(make_console(interactive=False))


def run_io(io: GameIO, body: Callable[[], int]) -> int:
    """Run the game flow: inside the full-screen app when there is one, else directly."""
    rc = io.run(body)
    return EXIT_OK if rc is None else int(rc)


def _mute_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail again."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError):
        pass


def play_command(args: argparse.Namespace) -> int:
    """``cuttle play``: returns the exit status."""
    from cuttle.commands.firstrun import prepare_play
    from cuttle.commands.signals import trap
    from cuttle.files.storage import NoHomeError

    try:
        stop = prepare_play(args)  # settings fill what flags left out; the first-run question
        # a plain `cuttle play` on a terminal offers the newest unfinished game (never piped:
        # a script's input is its moves, and its transcript stays what it was)
        if stop is None and is_interactive() and _no_game_asked(args):
            args.resume = offer_resume()
    except NoHomeError as exc:
        err(str(exc))
        return EXIT_ERROR
    if stop is not None:
        return stop
    try:
        with trap():
            return _play(args)
    except NoHomeError as exc:
        err(str(exc))
        return EXIT_ERROR
    except OSError as exc:  # the output broke before the first move: nothing to save yet
        if not isinstance(exc, BrokenPipeError) and exc.errno not in _STDOUT_ERRNOS:
            raise
        _mute_stdout()
        err(f"cannot write the output ({os_reason(exc)})")
        return EXIT_ERROR


def _open_resumed(args: argparse.Namespace, io: GameIO, options: Any) -> tuple[
    GameSession | None, int
]:
    """The session of ``--resume [NAME]``, or (None, exit status) after a message."""
    from cuttle.files.recordfile import adopt_record_path
    from cuttle.files.safefile import shown_path
    from cuttle.files.saves import SlotError, keep_finished_save, latest_free, open_slot
    from cuttle.files.storage import CorruptFileError, check_think, read_record, rebuild
    from cuttle.play.session import session_from_record
    from cuttle.words import count

    busy = 0
    try:
        found = open_slot(args.resume) if args.resume else None
        if found is None:
            found, busy = latest_free()
    except SlotError as exc:
        err(str(exc))
        return None, EXIT_ERROR
    if found is None:
        extra = f" ({busy} open in other cuttle sessions)" if busy else ""
        err(f"no saved game to resume{extra}; start one with: cuttle play")
        return None, EXIT_ERROR
    slot = found
    where = f"save {slot.name}"
    try:
        record = read_record(slot.path, "save")
        rebuild(record, f"save {slot.path}")
        if record.outcome is not None:  # kept here when its record could not be: keep it now
            kept, words = keep_finished_save(slot, record)
            if kept:
                print(words)
            else:
                err(words)
            return None, EXIT_OK if kept else EXIT_ERROR
        info: dict[str, Any] = record.session or {}
        if info.get("think") is not None:
            think = check_think(info["think"])
            if options.think is None:
                options.think = think
        session = session_from_record(record, io, options, _places(args))
    except CorruptFileError as exc:
        slot.release()
        err(f"{exc}. The file was left as it is; delete it with: cuttle saves --delete "
            f"{slot.name}, or start a new game with: cuttle play")
        return None, EXIT_USAGE
    except ValueError as exc:
        slot.release()
        err(f"{where} ({shown_path(slot.path)}): not usable ({exc}). The file was left as it is; "
            f"delete it with: cuttle saves --delete {slot.name}")
        return None, EXIT_USAGE
    session.slot = slot
    if args.record is None:
        path, notice = adopt_record_path(info.get("record"), record)
        if path is not None:
            options.record_path = path
            options.record_force = True
        if notice:
            session.announce(notice)
    # The seed is the whole deal: shown again only if the player chose it (older saves did not
    # say, so they keep it hidden); never in hot-seat.
    options.show_seed = info.get("seed_shown") is True
    seed_words = f"seed {record.seed}, " if session.seed_visible() else ""
    session.announce(
        f"Resuming the saved game {slot.name}: {seed_words}{record.rules}, "
        f"{count(len(record.moves), 'move', digits=True)} so far."
    )
    return session, EXIT_OK


def _hotseat(args: argparse.Namespace) -> bool:
    """More than one person at this table (``--hotseat``, or ``--seats`` with two humans)."""
    if args.hotseat:
        return True
    listed = (args.seats or "").lower().split(",")
    return sum(1 for word in listed if word.strip() == "human") > 1


def _places(args: argparse.Namespace) -> Places:
    """Where the game keeps its files: a piped game (a script, a test) stays out of the history,
    the statistics and the rating unless ``--history`` asks for it."""
    from cuttle.play.places import Places

    if is_interactive() or getattr(args, "history", False):
        return Places()
    return Places.off_the_history()


def _play(args: argparse.Namespace) -> int:
    from cuttle import Game
    from cuttle.commands.signals import Hangup, exit_status
    from cuttle.files.recordfile import record_target_problem
    from cuttle.files.saves import prepare, saves_dir
    from cuttle.play.session import GameSession, Options
    from cuttle.text.cardtext import CardStyle
    from cuttle.text.describe import Person

    if args.record is not None:
        problem = record_target_problem(args.record, args.force)
        if problem:
            err(problem)
            return EXIT_USAGE
    color = not args.no_color and not os.environ.get("NO_COLOR")
    style = CardStyle(ascii=args.ascii)
    from cuttle.play.coach import wanted

    options = Options(
        style=style,
        think=args.think,
        record_path=args.record,
        record_force=args.force,
        coach=wanted(args.coach),
        show_seed=args.seed is not None,
    )
    io = make_io(style, color, args.pace, private=_hotseat(args))
    if args.resume is not None:
        resumed, status = _open_resumed(args, io, options)
        if resumed is None:
            return status
        session = resumed
        seed = session.seed
    else:
        from cuttle.play.seating import SeatingError, plan_table, seats_line

        seed = args.seed if args.seed is not None else fresh_seed()
        try:
            table = plan_table(
                rules="+".join([args.rules, *args.variant]),
                players=args.players,
                seats=args.seats,
                hotseat=args.hotseat,
                ai=args.ai,
                ai_chosen=not getattr(args, "ai_from_settings", False),
                names=args.names,
                first=args.first,
                seed=seed,
                default_players=getattr(args, "default_players", 2),
            )
        except SeatingError as exc:
            err(str(exc))
            return EXIT_USAGE
        except ValueError as exc:
            err(f"play: {exc}")
            return EXIT_USAGE
        rules, seats = table.rules, table.seats
        try:
            Game.new(seed=seed, rules=rules)
        except ValueError as exc:
            err(f"play: {exc}")
            return EXIT_USAGE
        prepare()
        others = sum(1 for p in saves_dir().glob("*.json"))
        session = GameSession(seed, rules, seats, io, options, places=_places(args))
        first = seats[0].name
        seed_words = f", seed {seed}" if session.seed_visible() else ""
        head = f"New game: {rules} rules{seed_words}."
        tail = f"{Person.of(first).does('move', True)} first; type help for the commands."
        if len(head) + len(tail) < 80:
            session.announce(f"{head} {tail}")
        else:
            session.announce(head)
            session.announce(tail)
        if len(seats) > 2:
            session.announce(seats_line(seats))
        refused = session.search_refusal("the coach") if options.coach else None
        if refused is not None and len(session.humans) == 1:
            session.announce(f"No coach in this game: {refused}.")
        if others:
            session.announce(
                (f"Note: your {others} other unfinished games stay" if others > 1
                 else "Note: your other unfinished game stays")
                + " saved (cuttle play --resume continues the latest; cuttle saves --clear"
                " deletes them)."
            )
    if io.interactive:  # on the full screen: what went to stderr before it opened
        for note in getattr(args, "startup_notes", ()):
            session.announce(f"Note: {note}")
    current = [session]  # the session being played (a rematch replaces it)
    try:
        return run_io(io, lambda: _games(current, io, options, seed))
    except KeyboardInterrupt:
        return _leave(current[0], "interrupted", EXIT_INTERRUPT)
    except Hangup as sig:
        return _leave(current[0], f"{sig.name} received", exit_status(sig.signum))
    except OSError as exc:
        if not isinstance(exc, BrokenPipeError) and exc.errno not in _STDOUT_ERRNOS:
            raise
        _mute_stdout()
        return _leave(current[0], f"cannot write the output ({os_reason(exc)})", EXIT_ERROR)
    finally:
        current[0].close()


def _games(current: list[GameSession], io: GameIO, options: Options, seed: int) -> int:
    """Play games until the player leaves: a rematch swaps the seats, takes the next seed (a
    fresh one when the player did not choose the seed: the finished game showed its seed, and the
    next one would give both hands away) and records to the next free record file."""
    from cuttle.files.recordfile import next_record_path
    from cuttle.play.asking import ask_yes_no
    from cuttle.play.seating import next_table, seats_line
    from cuttle.play.session import GameSession
    from cuttle.text.describe import Person

    while True:
        session = current[0]
        result = session.run()
        session.close()
        if result == "interrupt":
            return EXIT_INTERRUPT
        if result != "over":
            return EXIT_OK
        two = len(session.seats) == 2
        question = ("Rematch with seats swapped?" if two
                    else "Rematch, the deal moving one seat on?")
        if not ask_yes_no(io, question):
            return EXIT_OK
        seed = (seed + 1) % MAX_SEED if options.show_seed else fresh_seed()
        if options.record_path is not None:
            options.record_path = next_record_path(options.record_path)
            options.record_force = False
        seats = next_table(session.seats)
        home = session.home
        session = current[0] = GameSession(
            seed, session.rules, seats, io, options, places=session.places
        )
        session.home = home  # the result lists the same person first after every deal
        seed_words = f"seed {seed}; " if session.seed_visible() else ""
        session.announce(f"Rematch: {seed_words}{Person.of(seats[0].name).does('move')} first.")
        if len(seats) > 2:
            session.announce(seats_line(seats))
        if options.record_path is not None:
            session.announce(f"Recording to {options.record_path}.")


def _leave(session: GameSession, why: str, status: int) -> int:
    """Save and say so on stderr in one line (the screen may be gone)."""
    try:
        session.save()
        words = _over_words(session) or session.leave_words()
    except BaseException:  # noqa: BLE001 - a second signal while saving: still one line
        words = "the game may not be saved"
    err(f"{why}: {words}")
    return status


def _over_words(session: GameSession) -> str | None:
    """What leaving says once the game is over (it was kept when it ended, or stays in its
    save slot when its record could not be): None while it is in play."""
    if session.game.outcome is None or not session.options.save:
        return None
    if session.slot is not None and session.slot.exists():
        return (f"The game is over; its record could not be kept, so it stays saved as "
                f"{session.slot.name} (cuttle play --resume keeps it).")
    return "The game is over and kept (see: cuttle history)."


@restores_terminal
def replay_command(args: argparse.Namespace) -> int:
    """``cuttle replay FILE``: returns the exit status."""
    from cuttle.commands.review import find_game
    from cuttle.files.storage import CorruptFileError, NoHomeError
    from cuttle.text.cardtext import CardStyle
    from cuttle.ui.replay import Replay
    from cuttle.ui.terminal import make_console

    try:
        record, where = find_game(args.file, "replay")
        replay = Replay(record, CardStyle(ascii=args.ascii), where)
    except ValueError as exc:
        err(str(exc))
        return EXIT_USAGE
    except CorruptFileError as exc:
        err(f"{exc}. The file was left as it is.")
        return EXIT_USAGE
    except NoHomeError as exc:
        err(str(exc))
        return EXIT_ERROR
    if record.outcome is None and not (args.reveal or args.review):  # --review says why
        # A replay shows every hand: of a game still in play (a save, a --record file being
        # written) that would show the cards the players still hide from each other.
        err(f"replay: {where}: the game is not finished, and a replay shows "
             "every hand. Continue it with cuttle play --resume; replay it when it is over "
             "(or with --reveal, if nobody is playing it).")
        return EXIT_USAGE
    color = not args.no_color and not os.environ.get("NO_COLOR")
    status = _replay_review(args, replay)
    if status is not None:
        return status
    try:
        if is_interactive():
            return replay.interactive(color)
        return replay.as_text(make_console(interactive=False))
    except OSError as exc:
        if not isinstance(exc, BrokenPipeError) and exc.errno not in _STDOUT_ERRNOS:
            raise
        _mute_stdout()
        if not isinstance(exc, BrokenPipeError):  # `| head` closing early is not an error to tell
            err(f"replay: cannot write the output ({os_reason(exc)})")
        return EXIT_ERROR


def _replay_review(args: argparse.Namespace, replay: Any) -> int | None:
    """The review whose labels the replay shows: a saved one, or (``--review``) one made now
    with a progress bar. An exit status when the options are refused, else None."""
    from cuttle.ai.review import Budget
    from cuttle.files.reviews import load_review

    if args.iterations is not None and not args.review:
        err("replay: --iterations goes with --review")
        return EXIT_USAGE
    record = replay.record
    try:
        budget = Budget(iterations=args.iterations) if args.iterations is not None else Budget()
    except ValueError as exc:
        err(f"replay: {exc}")
        return EXIT_USAGE
    if record.outcome is None:
        if args.review:
            err(f"replay: {replay.where}: the game is not finished; only finished games "
                 "are reviewed (a review would show the cards still hidden)")
            return EXIT_USAGE
        return None
    if not args.review:
        replay.review = load_review(record)
        return None
    from cuttle.commands.review import _analyse
    from cuttle.files.reviews import review_refusal

    refused = review_refusal(record)
    if refused is not None:
        err(f"replay: {replay.where}: no review: {refused}")
        return EXIT_USAGE

    try:
        replay.review = _analyse(record, budget)
    except KeyboardInterrupt:
        err("replay: review cancelled; the replay goes on without labels")
    return None


def _no_game_asked(args: argparse.Namespace) -> bool:
    """``cuttle play`` without a game in mind: no --resume, --seed, --record, --hotseat,
    --players or --seats."""
    return (args.resume is None and args.seed is None and args.record is None
            and not args.hotseat and args.players is None and args.seats is None)
