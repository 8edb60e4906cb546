"""The lobby: the full-screen frame where a player opens a table, joins one, plays the AI or
watches a game, with typed commands, Tab completion and a help window (F1).

``Lobby.run`` returns what the player chose: ``("play", match, seat)``, ``("watch", match)``,
``("replay", record, review or None, the viewer's seat or None)`` or ``("quit",)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import Output
from prompt_toolkit.widgets import Frame
from rich.console import Group, RenderableType
from rich.text import Text

from cuttle.ai import LEVELS, levels_for
from cuttle.files.history import GameRow
from cuttle.files.safefile import CorruptFileError
from cuttle.files.storage import GameRecord
from cuttle.rules import PRESETS, VARIANTS
from cuttle.serve import keep, ratings, standings, store
from cuttle.serve.drawings import DRAWINGS
from cuttle.serve.hall import Hall, HallError
from cuttle.serve.keys import Login
from cuttle.serve.match import Match
from cuttle.serve.names import marked
from cuttle.serve.tables import notices
from cuttle.serve.tables.listing import Cell, Column, Name, Segment, cut_end, listing
from cuttle.serve.tables.plan import (
    Table,
    parse_new,
    parse_rules,
    players_segments,
    seat_number,
    short_rules,
)
from cuttle.text.helptext import entries_view
from cuttle.text.intent import MAX_LINE
from cuttle.ui.keytiming import escape_at_once, time_keys
from cuttle.ui.overlay import STYLE
from cuttle.ui.richpt import LinesControl
from cuttle.words import count

log = logging.getLogger("cuttle.serve")

STATUS = " F1 help · Tab completes · new · join · quick · ai · watch · top · quit"
COMMANDS = ("new", "join", "quick", "seat", "fill", "ai", "watch", "back", "games", "replay",
            "review", "top", "me", "help", "quit")
MAX_REVIEWS = 2  # reviews computed at once on the server (each keeps a core busy)
SHOWN_GAMES = 15  # finished games listed by ``games``
HELP: list[tuple[str, str]] = [
    ("new [--players N] [--rules R] [--variant V ...]",
     "open a table and wait for the others (N: 2 to 4 seats; 3 play cutthroat, 4 teams)"),
    ("join [ID [SEAT]]", "sit at a table (no ID: the one waiting longest; SEAT: 1 to 4, "
     "1 and 3 partners at four)"),
    ("seat SEAT LEVEL", "an AI in a free seat of the table you opened"),
    ("fill LEVEL", "AIs in every free seat of the table you opened"),
    ("quick [--players N]", "a seat at the table of N waiting longest, or a new one"),
    ("ai [LEVEL] [--rules R]", "play the AI here (levels: {levels})"),
    ("watch [ID]", "watch a game in play (no ID: the latest; q leaves)"),
    ("back", "back to your game in progress (one at a time)"),
    ("games", "your finished games on this server"),
    ("replay ID", "step through one of them (every card face up; q leaves)"),
    ("review ID", "the same with every move judged by the hard AI"),
    ("top", "the best players by rating (from finished games between people)"),
    ("me", "your rating, your place and your latest games (why one was not rated)"),
    ("cancel", "leave the table you opened"),
    ("quit", "leave the server"),
]
HELP_END = """\
Rules: {presets}. Variants: {variants}.
Tab completes commands and ids; F1 or help shows this; Esc closes it.
An invitation is one line: {invite} join ID"""

Choice = tuple[Any, ...]
# the lobby's lists: one line a table or game, fitted to the width (``tables/listing.py``)
TABLE_COLUMNS = [Column("id"), Column("seats"), Column("who sits where"),
                 Column("rules", cut=True), Column("since")]
GAME_COLUMNS = [Column("id"), Column("players"), Column("rules", cut=True), Column("since")]
FINISHED_COLUMNS = [Column("id"), Column("players"), Column("result"), Column("moves"),
                    Column("finished")]
RESULT_NAME = 8  # cells of a winner's name in the result of a game whose seats are not known
TAKEN_OVER_NOTE = "* left the game; an AI finished that seat."


class LobbyCompleter(Completer):
    """Commands, then the ids, levels, rules and variants that fit where the cursor is."""

    def __init__(self, hall: Hall, mine: Callable[[], list[int]], key: str = "") -> None:
        self.hall = hall
        self.mine = mine
        self.key = key  # the player's own: the table they opened

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        words = text.split()
        word = "" if text.endswith(" ") or not words else words[-1]
        before = words[:-1] if word else words
        options: list[str]
        if not before:
            options = list(COMMANDS)
        elif before[-1] == "--rules":
            options = list(PRESETS)
        elif before[-1] == "--variant":
            options = list(VARIANTS)
        elif before[-1] == "--players":
            options = ["2", "3", "4"]
        elif before[0] == "join" and len(before) == 1:
            options = list(self.hall.tables)
        elif before[0] == "join" and len(before) == 2:
            table = self.hall.tables.get(before[1].lower())
            options = [str(i + 1) for i in table.free()] if table is not None else []
        elif before[0] == "seat" and len(before) == 1:
            options = [str(i + 1) for i in self._my_free_seats()]
        elif before[0] in ("seat", "fill"):
            options = list(levels_for(self._my_size()))
        elif before[0] == "quick":
            options = ["--players"]
        elif before[0] == "watch":
            options = list(self.hall.matches)
        elif before[0] in ("replay", "review"):
            options = [str(i) for i in self.mine()]
        elif before[0] == "ai":
            options = [*LEVELS, "--rules"]
        elif before[0] == "new":
            options = ["--players", "--rules", "--variant"]
        else:
            options = []
        for option in options:
            if option.startswith(word):
                yield Completion(option, start_position=-len(word))


    def _my_table(self) -> Table | None:
        return next((t for t in self.hall.tables.values() if t.host.key == self.key), None)

    def _my_free_seats(self) -> list[int]:
        table = self._my_table()
        return table.free() if table is not None else []

    def _my_size(self) -> int:
        table = self._my_table()
        return table.size if table is not None else 2


def help_view(invite: str) -> RenderableType:
    """The lobby's help: the commands (each one's words wrapped in their own column), the
    rules' names and the invitation line."""
    rows = [(cmd, what.format(levels=", ".join(LEVELS))) for cmd, what in HELP]
    end = HELP_END.format(presets=", ".join(PRESETS), variants=", ".join(VARIANTS), invite=invite)
    return Group(entries_view(rows), Text(""), Text(end))


def _result(row: GameRow, room: int | None = None) -> str:
    """Who won a finished game, at any size: ``ann won (points)``, ``ann & cy won (kings)``
    (``room``: each name cut to so many cells)."""
    why = f" ({row.reason or 'points'})"
    n = len(row.players)
    players = [p if room is None else cut_end(p, room) for p in row.players]
    if row.outcome == "draw":
        return "draw"
    if row.outcome in [f"p{s}" for s in range(n)]:
        return f"{players[int(row.outcome[1])]} won{why}"
    if n == 4 and row.outcome in ("team0", "team1"):
        t = int(row.outcome[4])
        return f"{players[t]} & {players[t + 2]} won{why}"
    return "-"


def finished_table(
    rows: list[GameRow], keys: dict[int, dict[int, str]] | None = None, mine: str = ""
) -> RenderableType:
    """``games``: a player's finished games, one line each fitted to the width: every seat
    named, the result as ``mine`` played it (``keys``: each game's seats with a login key;
    else who won), when. A seat an AI took over from its player is marked ``*``, said under
    the list (the player who left sees the game too: they played part of it)."""
    if not rows:
        return Text("You have no finished game on this server yet.")
    lines: list[list[Cell]] = []
    marked_any = False
    for row in rows:
        people = (keys or {}).get(row.id, {})
        left = {s for s in people if s < len(row.controllers) and row.controllers[s] != "human"}
        marked_any = marked_any or bool(left)
        names = tuple((Name(n, None), "*") if s in left  # an AI's name is never cut
                      else n if row.controllers[s] != "human" else Name(n, None)
                      for s, n in enumerate(row.players))
        lines.append([str(row.id), players_segments(names, row.mode == "teams"),
                      _result_for(row, next((s for s, k in people.items() if k == mine), None)),
                      str(row.moves), row.finished_at[:16].replace("T", " ")])
    return listing("Your finished games (replay ID)", FINISHED_COLUMNS, lines,
                   TAKEN_OVER_NOTE if marked_any else "")


def _result_for(row: GameRow, seat: int | None) -> str:
    """A finished game's result as the player of ``seat`` played it (``team lost (kings)``,
    ``2nd of 3 (points)``), or who won when the seat is not known."""
    if seat is None or row.outcome is None:
        return _result(row, RESULT_NAME)
    record = ratings.record_of(row.id, row.record_json)
    words = ratings.result_words(row.outcome, seat, record)
    return words if row.outcome == "draw" else f"{words} ({row.reason or 'points'})"


def since_words(then: float, now: float) -> str:
    """How long a table has waited or a game been played: ``now``, ``12 min``, ``3 h``."""
    mins = int(max(0.0, now - then) // 60)
    return "now" if mins < 1 else f"{mins} min" if mins < 60 else f"{mins // 60} h"


def _seat(name: str, key: str | None) -> Segment:
    """A seat of a game in play: a person's name that may be cut (its mark kept), or an AI's
    name as it is."""
    return Name(name, key) if key is not None else name


class Lobby:
    """One player's lobby screen on their connection."""

    def __init__(
        self,
        hall: Hall,
        login: Login,
        pt_input: Input,
        pt_output: Output,
        notice: str = "",
        invite: str = "ssh -t -p PORT HOST",
    ) -> None:
        """``invite``: the command a friend types to come in, before ``join ID``."""
        self.hall = hall
        self.login = login
        self.invite = invite
        self.me = marked(login.name, login.key)  # the name others see in the lists
        # and what happened meanwhile in a game that went on without them
        self.messages: list[str] = [*([notice] if notice else []), *notices.take(login.key)]
        self.waiting: Table | None = None
        self.help_open = False
        self.finished: RenderableType | None = None  # shown after ``games`` (made once)
        self.board: RenderableType | None = None  # shown after ``top`` or ``me``
        self.reviewing = False
        # the lists last drawn: (width, the hall's version, minutes shown), what of this lobby
        # they show, the rows
        self._kept: tuple[tuple[Any, ...], tuple[Any, ...], list[StyleAndTextTuples]] | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.buffer = Buffer(
            completer=LobbyCompleter(hall, lambda: keep.finished(login.key), login.key),
            complete_while_typing=False,
            multiline=False,
            accept_handler=self._accept,
            on_text_changed=self._limit,
        )
        self.body = LinesControl(self._lines)
        self.help_control = LinesControl(self._help_lines)
        self.help_control.focusable = True
        kb = KeyBindings()
        help_open = Condition(lambda: self.help_open)

        @kb.add("f1")
        def _help(event: KeyPressEvent) -> None:
            self.help_open = not self.help_open

        @kb.add("escape", filter=help_open)
        @kb.add("q", filter=help_open)
        def _close(event: KeyPressEvent) -> None:
            self.help_open = False

        @kb.add("c-c")
        @kb.add("c-d")
        def _leave(event: KeyPressEvent) -> None:
            self._run_line("quit")

        @kb.add("tab")
        def _complete(event: KeyPressEvent) -> None:
            buf = event.app.current_buffer
            if buf.complete_state:
                buf.complete_next()
            else:
                buf.start_completion(insert_common_part=True)

        self.app: Application[Choice] = Application(
            layout=Layout(self._layout()),
            key_bindings=escape_at_once(kb),
            style=STYLE,
            full_screen=True,
            input=pt_input,
            output=pt_output,
        )
        time_keys(self.app)

    def help_view(self) -> RenderableType:
        """The commands (each one's words wrapped in their own column) and the rules' names."""
        return help_view(self.invite)

    def _help_lines(self, width: int) -> list[StyleAndTextTuples]:
        """The help as drawn at ``width``: once for every lobby with the same invitation."""
        return DRAWINGS.lines(self.help_view(), width, key=("lobby help", self.invite))

    def _lines(self, width: int) -> list[StyleAndTextTuples]:
        """The lists, each part drawn once for every lobby that shows it at this width; kept
        while nothing they show moves (a key typed redraws the input line, not the lists)."""
        now = time.time()
        hall = self.hall
        minutes = (  # how long each table has waited and each game been played, as shown
            tuple(since_words(t.since, now) for t in hall.tables.values()),
            tuple(since_words(m.started_at, now) for m in hall.matches.values()),
        )
        mine = (self.waiting, self.finished, self.board)
        kept = self._kept
        if (kept is not None and kept[0] == (width, hall.version, minutes)
                and all(a is b for a, b in zip(kept[1], mine, strict=True))):
            return kept[2]
        lines = [line for part in self._parts(now) for line in DRAWINGS.lines(part, width)]
        self._kept = ((width, hall.version, minutes), mine, lines)
        return lines

    def _limit(self, buffer: Buffer) -> None:
        if len(buffer.text) > MAX_LINE:
            buffer.text = buffer.text[:MAX_LINE]

    def _layout(self) -> FloatContainer:
        title = Window(
            FormattedTextControl(
                lambda: [("bold", f" Cuttle · the lobby · you are {self.me}")]
            ),
            height=1,
        )
        messages = Window(  # as high as the last three messages, folded to the width
            FormattedTextControl(lambda: "\n".join(self.messages[-3:])),
            wrap_lines=True,
            dont_extend_height=True,
        )
        prompt = BeforeInput(lambda: [("class:prompt", "lobby> ")])
        self.input_window = Window(BufferControl(self.buffer, input_processors=[prompt]), height=1)
        status = Window(
            FormattedTextControl(
                lambda: [("class:status", STATUS)]
            ),
            height=1,
            style="class:status",
        )
        help_frame = ConditionalContainer(
            Frame(Window(self.help_control), title=" Help (Esc closes) "),
            filter=Condition(lambda: self.help_open),
        )
        return FloatContainer(
            HSplit([title, Window(self.body), messages, self.input_window, status]),
            floats=[
                Float(help_frame, top=1, left=1, right=1),
                Float(CompletionsMenu(max_height=8), xcursor=True, ycursor=True),
            ],
        )

    def _lists(self, width: int) -> RenderableType:
        """What the lobby shows above the messages, as one renderable."""
        return Group(*self._parts())

    def _parts(self, now: float | None = None) -> list[RenderableType]:
        """The lobby's lists (each line of a list fitted to the width it is drawn at)."""
        now = time.time() if now is None else now
        parts: list[RenderableType] = []
        held = self.hall.seat_of(self.login)
        if held is not None:
            match, seat = held
            where = (
                "is played on another connection with your key: back brings it here"
                if match.seats.screen(seat) is not None
                else "is kept: back returns to it"
            )
            parts.append(Text(f"Your seat in game {match.id} {where}.", style="bold"))
        if self.waiting is not None:
            table = self.waiting
            mine = table.host.key == self.login.key
            sits = table.seat_of(self.login.key) or 0
            where = "" if table.size == 2 else f", seat {sits + 1} of {table.size}"
            ais = " seat SEAT LEVEL or fill LEVEL puts AIs in free seats." if (
                mine and table.size > 2) else ""
            parts.append(
                Text(
                    f"You wait at table {table.id} ({table.rules}{where}); cancel leaves it."
                    f"{ais} A friend joins it with this line:",
                    style="bold yellow",
                )
            )
            # on a line of its own, never folded: it is copied and pasted whole
            parts.append(Text(f"  {self.invite} join {table.id}", no_wrap=True, overflow="ignore"))
        tables = sorted(self.hall.tables.values(), key=lambda t: t.since)
        if not tables:
            parts.append(Text("No table is waiting: open one with new, or play the AI with ai."))
        else:
            parts.append(listing("Open tables", TABLE_COLUMNS, [
                [t.id, t.taken(), t.who_segments(), short_rules(t.rules, t.size),
                 since_words(t.since, now)] for t in tables]))
        if self.hall.matches:
            parts.append(listing("Games in play", GAME_COLUMNS, [
                [m.id, players_segments(tuple(_seat(c.name, c.key) for c in m.chairs),
                                        m.session.game.rules.teams),
                 short_rules(m.rules, len(m.chairs)), since_words(m.started_at, now)]
                for m in self.hall.matches.values()]))
        else:
            parts.append(Text("No game is being played."))
        if self.finished is not None:
            parts.append(self.finished)
        if self.board is not None:
            parts.append(self.board)
        return parts

    def _accept(self, buffer: Buffer) -> bool:
        line = buffer.text
        buffer.reset()
        self._run_line(line)
        return True

    def say(self, text: str) -> None:
        self.messages = [*self.messages, text][-6:]
        self.app.invalidate()

    def _finish(self, choice: Choice) -> None:
        if self.waiting is not None and choice[0] != "play":
            self.hall.leave_table(self.waiting, self.login)
            self.waiting = None
        if self.app.is_running and not self.app.is_done:
            self.app.exit(result=choice)

    def _run_line(self, line: str) -> None:
        """One typed command; bad input gets one line and changes nothing."""
        words = " ".join("".join(ch for ch in line if ch.isprintable()).split()).split()
        if not words:
            return
        cmd, args = words[0].lower(), words[1:]
        try:
            self._command(cmd, args)
        except HallError as exc:
            self.say(f"{cmd}: {exc}")
        except Exception as exc:  # a bug: it ends this player's session (and is logged) only
            if self.app.is_running and not self.app.is_done:
                self.app.exit(exception=exc)

    def _command(self, cmd: str, args: list[str]) -> None:
        if cmd in ("help", "?", "h"):
            self.help_open = True
        elif cmd in ("quit", "exit", "q"):
            self._finish(("quit",))
        elif cmd == "cancel":
            if self.waiting is None:
                raise HallError("you wait at no table")
            table, self.waiting = self.waiting, None
            self.hall.leave_table(table, self.login)
            self.say(f"Table {table.id} closed." if table.host.key == self.login.key
                     else f"You left table {table.id}.")
        elif self.waiting is not None and cmd in ("new", "join", "ai", "watch", "quick"):
            raise HallError(f"you wait at table {self.waiting.id}: cancel it first")
        elif cmd == "new":
            rules, n, rest = parse_new(args)
            if rest:
                raise HallError(f"unexpected {' '.join(rest)[:30]!r}")
            self.waiting = self.hall.open_table(self.login, rules, n)
            self._wait_for(self.waiting)
        elif cmd == "join":
            if len(args) > 2:
                raise HallError("join takes a table id and a seat")
            seat: int | None = None
            if len(args) == 2:
                at = self.hall.tables.get(args[0].lower())
                if at is None:
                    raise HallError(f"no table {args[0][:12]!r} is waiting (see the list)")
                seat = seat_number(args[1], at.size)
            self._seated(self.hall.join(self.login, args[0] if args else None, seat))
        elif cmd == "seat":
            mine = self.waiting
            if mine is None or mine.host.key != self.login.key:
                raise HallError("seat puts an AI at the table you opened (new opens one)")
            if len(args) != 2:
                raise HallError("seat takes a seat and an AI level: seat 3 easy")
            self._seated(self.hall.seat_ai(self.login, seat_number(args[0], mine.size),
                                           args[1]))
        elif cmd == "fill":
            if self.waiting is None or self.waiting.host.key != self.login.key:
                raise HallError("fill puts AIs at the table you opened (new opens one)")
            if len(args) != 1:
                raise HallError("fill takes an AI level: fill easy")
            self._seated(self.hall.seat_ai(self.login, None, args[0]))
        elif cmd == "quick":
            if args and (len(args) != 2 or args[0] != "--players"):
                raise HallError("quick takes --players N (2, 3 or 4) or nothing")
            if args and args[1] not in ("2", "3", "4"):
                raise HallError(f"--players takes 2, 3 or 4, not {args[1][:12]!r}")
            self._seated(self.hall.quick(self.login, int(args[1]) if args else 2))
        elif cmd == "ai":
            rules, rest = parse_rules(args)
            if len(rest) > 1:
                raise HallError("ai takes one level")
            level = rest[0].lower() if rest else "medium"
            match, seat = self.hall.play_ai(self.login, level, rules)
            self._finish(("play", match, seat))
        elif cmd == "back":
            held = self.hall.seat_of(self.login)
            if held is None:
                raise HallError("you have no game in progress")
            self._finish(("play", *held))
        elif cmd == "games":
            self.finished, self.board = self._my_games(), None
        elif cmd in ("top", "me"):
            self.finished, self.board = None, standings.lobby_view(cmd, args, self.login)
        elif cmd in ("replay", "review"):
            if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()):  # not int('²')
                raise HallError(f"{cmd} takes the id of one of your games (see games)")
            game_id = int(args[0])
            if game_id not in keep.finished(self.login.key):
                raise HallError(f"{args[0][:12]} is not one of your games (see games)")
            record = self._record(game_id)
            own = keep.seat_in_finished(self.login.key, game_id)  # drawn below in the replay
            if cmd == "replay":
                self._finish(("replay", record, None, own))
            else:
                self._start_review(game_id, record, own)
        elif cmd == "watch":
            if len(args) > 1:
                raise HallError("watch takes one game id")
            self._finish(("watch", self.hall.watch(args[0] if args else None, self.login)))
        else:
            raise HallError("not a command; type help")

    def _start_review(self, game_id: int, record: GameRecord, own: int | None) -> None:
        """Judge every move in a worker thread (progress in the messages), then replay it with
        ``own`` (the viewer's seat, when known) drawn below."""
        if self.reviewing:
            raise HallError("one review at a time")
        if self.hall.reviews >= MAX_REVIEWS:
            raise HallError("the server is busy with other reviews; try again in a minute")
        self.reviewing = True
        self.hall.reviews += 1
        loop = asyncio.get_running_loop()
        total = len(record.moves)
        self.say(f"Reviewing game {game_id}: 0/{count(total, 'move', digits=True)}…")

        def step(done: int, of: int) -> None:
            text = f"Reviewing game {game_id}: {done}/{count(of, 'move', digits=True)}…"
            loop.call_soon_threadsafe(self._progress, text)

        async def work() -> None:
            try:
                review = await asyncio.to_thread(store.review, record, step)
            except store.ReviewCancelled:  # the server stops
                return
            except Exception as exc:  # noqa: BLE001 - a review that fails is one message
                log.exception("review of game %s", game_id)
                self.say("review: " + store.unsaid(f"game {game_id} could not be reviewed", exc))
                return
            finally:
                self.reviewing = False
                self.hall.reviews -= 1
            self._finish(("replay", record, review, own))

        self.tasks.add(loop.create_task(work()))

    def _progress(self, text: str) -> None:
        if self.messages and self.messages[-1].startswith("Reviewing game"):
            self.messages = [*self.messages[:-1], text]
            self.app.invalidate()
        else:
            self.say(text)

    def _my_games(self) -> RenderableType:
        """``games``: this player's latest finished games."""
        from cuttle.files.history import HistoryError

        rows: list[GameRow] = []
        try:
            history = store.history()
            ids = keep.finished(self.login.key)[:SHOWN_GAMES]
            for game_id in ids:
                row = history.game(game_id)
                if row is not None:
                    rows.append(row)
            keys = history.read(lambda con: ratings.seat_keys(con, ids)) if rows else {}
        except (HistoryError, OSError) as exc:
            raise HallError(store.unsaid("the history cannot be read", exc)) from None
        return finished_table(rows, keys, self.login.key)

    def _record(self, game_id: int) -> GameRecord:
        from cuttle.files.history import HistoryError

        try:
            row = store.history().game(game_id)
            if row is None:
                raise HallError(f"game {game_id} is no longer in the history")
            return row.record()
        except (HistoryError, OSError, CorruptFileError) as exc:
            raise HallError(store.unsaid(f"game {game_id} cannot be read", exc)) from None

    def _seated(self, got: tuple[Match, int] | Table) -> None:
        """The game started (play it), or the player waits at the table for the others."""
        if isinstance(got, Table):
            if self.waiting is not got:
                self.waiting = got
                self._wait_for(got)
            return
        self.waiting = None
        self._finish(("play", *got))

    def _wait_for(self, table: Table) -> None:
        fut = table.futures.get(self.login.key)
        assert fut is not None

        def seated(fut: asyncio.Future[tuple[object, int]]) -> None:
            if self.waiting is not table:
                return
            self.waiting = None
            if fut.cancelled():  # the host closed the table
                self.say(f"Table {table.id} was closed by its host.")
                return
            match, seat = fut.result()
            self._finish(("play", match, seat))

        fut.add_done_callback(seated)

    async def run(self, first: str | None = None) -> Choice:
        """Show the lobby until the player chooses; ``first``: a command to run at once."""
        listener = self.app.invalidate
        self.hall.listeners.add(listener)
        try:
            if first:
                self.app.pre_run_callables.append(lambda: self._run_line(first))
            result = await self.app.run_async(set_exception_handler=False, handle_sigint=False)
            return result
        except EOFError:
            return ("quit",)
        finally:
            self.hall.listeners.discard(listener)
            if self.waiting is not None:
                self.hall.leave_table(self.waiting, self.login)
                self.waiting = None

    def close(self) -> None:
        """The connection is gone."""
        with contextlib.suppress(Exception):
            self._finish(("quit",))
