"""The ``play`` and ``replay`` subcommands of ``cuttle``.

``cuttle --help`` imports this module to build its parser, so the terminal UI (rich,
prompt_toolkit, the session) is imported inside the command functions, not here.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cuttle import Game
from cuttle.ui import players

if TYPE_CHECKING:
    from cuttle.ui.cardtext import CardStyle
    from cuttle.ui.session import GameSession, Options, Seat
    from cuttle.ui.terminal import GameIO

EXIT_OK, EXIT_USAGE, EXIT_INTERRUPT = 0, 2, 130
PACES = ("step", "normal", "fast")  # kept in step with cuttle.ui.app (not imported: slow)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` and ``replay`` to the ``cuttle`` parser."""
    play = subparsers.add_parser(
        "play",
        help="play Cuttle against the AI, or hot-seat for two",
        description="Play Cuttle in the terminal. Without --seed a random seed is chosen and "
        "shown, so any deal can be played again.",
    )
    play.add_argument(
        "--seed", type=int, metavar="N", help="the deal's seed (default: random, shown)"
    )
    play.add_argument(
        "--ai",
        choices=players.LEVELS,
        help="the AI's level (default: medium, or your setting: cuttle settings ai LEVEL)",
    )
    play.add_argument("--hotseat", action="store_true", help="two players at one keyboard")
    play.add_argument(
        "--names",
        nargs=2,
        metavar=("A", "B"),
        help="player names (A is you, or the first hot-seat player)",
    )
    play.add_argument(
        "--rules",
        default="classic",
        metavar="PRESET",
        help="rules preset: classic (default) or cuttlecards",
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
        help="who moves first (default: human)",
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        type=Path,
        help="write the game record (cuttle-game/1 JSON) here after every move",
    )
    play.add_argument("--resume", action="store_true", help="continue the saved game")
    play.add_argument("--ascii", action="store_true", help="draw 7D instead of 7♦")
    play.add_argument("--no-color", action="store_true", help="no colours (NO_COLOR works too)")
    play.add_argument(
        "--think", type=float, metavar="SECONDS", help="time budget per move for the hard AI"
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
    play.set_defaults(func=play_command)

    replay = subparsers.add_parser(
        "replay",
        help="step through a recorded game",
        description="Step through a game record: Enter or n for the next move, b back, q quit. "
        "When output is piped, the whole game is printed as text.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="a cuttle-game/1 record")
    replay.add_argument("--ascii", action="store_true", help="draw 7D instead of 7♦")
    replay.add_argument("--no-color", action="store_true", help="no colours")
    replay.set_defaults(func=replay_command)


def _err(text: str) -> None:
    sys.stderr.write(f"cuttle: {text}\n")


def is_interactive() -> bool:
    """Both ends are a terminal that can draw a screen: the full-screen app (else plain text)."""
    return (
        sys.stdin.isatty()
        and sys.stdout.isatty()
        and os.environ.get("TERM", "") not in ("dumb", "unknown")
    )


def make_io(
    style: CardStyle, color: bool, pace: str | None = None, private: bool = False
) -> GameIO:
    """The full-screen or plain-text I/O for this run."""
    from cuttle.ui.terminal import PlainIO, make_console
    if is_interactive():
        from cuttle.ui.app import AppIO

        return AppIO(style, color=color, pace=pace or "normal", private=private)
    dumb = os.environ.get("TERM", "") == "dumb"
    return PlainIO(make_console(interactive=False), tab=not dumb)


def run_io(io: GameIO, body: Callable[[], int]) -> int:
    """Run the game flow: inside the full-screen app when there is one, else directly."""
    run = getattr(io, "run", None)
    if run is None:
        return body()
    rc = run(body)
    return EXIT_OK if rc is None else int(rc)


def build_seats(args: argparse.Namespace, seed: int) -> tuple[Seat, Seat]:
    """Seats 0 (moves first) and 1 from --hotseat, --names, --ai and --first."""
    from cuttle.ui.session import Seat

    names = list(args.names) if args.names else None
    if args.hotseat:
        a, b = names or ["Player 1", "Player 2"]
        seats = (Seat(a), Seat(b))
        swap = args.first == "random" and random.Random(seed).random() < 0.5
        return (seats[1], seats[0]) if swap else seats
    human = Seat(names[0] if names else "You")
    ai = Seat(names[1] if names else f"AI ({args.ai})", args.ai)
    first = args.first
    if first == "random":
        first = "human" if random.Random(seed).random() < 0.5 else "ai"
    return (human, ai) if first == "human" else (ai, human)


def play_command(args: argparse.Namespace) -> int:
    """``cuttle play``: returns the exit status."""
    from cuttle.ui.cardtext import CardStyle
    from cuttle.ui.describe import Person
    from cuttle.ui.firstrun import prepare_play
    from cuttle.ui.session import GameSession, Options, session_from_record
    from cuttle.ui.storage import CorruptFileError, read_record, save_path

    stop = prepare_play(args)  # settings fill what flags left out; the first-run question
    if stop is not None:
        return stop
    if args.think is not None and args.think <= 0:
        _err("--think needs a positive number of seconds")
        return EXIT_USAGE
    if args.names and any(not n.strip() or len(n) > 30 for n in args.names):
        _err("--names needs two non-empty names of at most 30 characters")
        return EXIT_USAGE
    color = not args.no_color and not os.environ.get("NO_COLOR")
    style = CardStyle(ascii=args.ascii)
    from cuttle.ui.coach import wanted

    options = Options(
        style=style,
        think=args.think,
        record_path=args.record,
        coach=wanted(args.coach),
        show_seed=args.seed is not None,
    )
    io = make_io(style, color, args.pace, private=args.hotseat)
    if args.resume:
        path = save_path()
        if not path.exists():
            _err(f"no saved game to resume ({path} does not exist)")
            return 1
        try:
            record = read_record(path, "save file")
            session = session_from_record(record, io, options)
        except CorruptFileError as exc:
            _err(f"{exc}. The file was left as it is; start a new game with: cuttle play")
            return EXIT_USAGE
        except ValueError as exc:
            _err(f"save file {path}: not usable ({exc}). The file was left as it is.")
            return EXIT_USAGE
        if record.session and record.session.get("think") and args.think is None:
            options.think = float(record.session["think"])
        if record.session and record.session.get("record") and args.record is None:
            options.record_path = Path(str(record.session["record"]))
        seed = record.seed
        options.show_seed = True  # the deal was shown when it began (not in hot-seat)
        seed_words = f"seed {seed}, " if session.seed_visible() else ""
        session.announce(
            f"Resuming the saved game: {seed_words}{record.rules}, "
            f"{len(record.moves)} moves so far."
        )
    else:
        rules = "+".join([args.rules, *args.variant])
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
        try:
            Game.new(seed=seed, rules=rules)
        except ValueError as exc:
            _err(f"play: {exc}")
            return EXIT_USAGE
        seats = build_seats(args, seed)
        replacing = save_path().exists()
        session = GameSession(seed, rules, seats, io, options)
        first = seats[0].name
        seed_words = f", seed {seed}" if session.seed_visible() else ""
        head = f"New game: {rules} rules{seed_words}."
        tail = f"{Person.of(first).does('move', True)} first; type help for the commands."
        if len(head) + len(tail) < 80:
            session.announce(f"{head} {tail}")
        else:
            session.announce(head)
            session.announce(tail)
        if replacing:
            session.announce(
                "Note: an unfinished game is saved; this game replaces it once you move "
                "(to continue that one instead: cuttle play --resume)."
            )
    return run_io(io, lambda: _games(session, io, options, seed))


def _games(session: GameSession, io: GameIO, options: Options, seed: int) -> int:
    """Play games until the player leaves: a rematch swaps the seats and takes the next seed."""
    from cuttle.ui.asking import ask_yes_no
    from cuttle.ui.describe import Person
    from cuttle.ui.session import GameSession

    while True:
        result = session.run()
        if result == "interrupt":
            return EXIT_INTERRUPT
        if result != "over":
            return EXIT_OK
        if not ask_yes_no(io, "Rematch with seats swapped?"):
            return EXIT_OK
        seed += 1
        seats = (session.seats[1], session.seats[0])
        session = GameSession(seed, session.rules, seats, io, options)
        seed_words = f"seed {seed}; " if session.seed_visible() else ""
        session.announce(f"Rematch: {seed_words}{Person.of(seats[0].name).does('move')} first.")


def replay_command(args: argparse.Namespace) -> int:
    """``cuttle replay FILE``: returns the exit status."""
    from cuttle.ui.cardtext import CardStyle
    from cuttle.ui.replay import Replay
    from cuttle.ui.storage import CorruptFileError, read_record
    from cuttle.ui.terminal import make_console

    try:
        record = read_record(args.file)
        replay = Replay(record, CardStyle(ascii=args.ascii), str(args.file))
    except CorruptFileError as exc:
        _err(f"{exc}. The file was left as it is.")
        return EXIT_USAGE
    color = not args.no_color and not os.environ.get("NO_COLOR")
    if is_interactive():
        return replay.interactive(color)
    return replay.as_text(make_console(interactive=False))
