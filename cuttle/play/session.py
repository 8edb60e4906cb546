"""One game at the terminal: the loop, the commands, hot-seat handoffs, saving after every move.

``GameSession`` never prints: it hands renderables to its ``GameIO`` (``terminal.py``). The game
itself is only ever changed through ``Game.play`` and ``Game.concede``; bad input changes nothing.
"""

from __future__ import annotations

import contextlib
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rich.console import Group, RenderableType
from rich.text import Text

from cuttle import Game, Move
from cuttle.files.history import record_finished
from cuttle.files.safefile import CorruptFileError, UnsafeTargetError, os_reason, shown_path
from cuttle.files.saves import Slot, SlotError, new_slot
from cuttle.files.storage import (
    GameRecord,
    check_name,
    keep_finished,
    read_record,
    write_json,
)
from cuttle.play import players
from cuttle.play.asking import ask_yes_no
from cuttle.play.io import GameIO
from cuttle.play.undo import first_reveal
from cuttle.text import intent
from cuttle.text.cardtext import CardStyle, is_card_text
from cuttle.text.describe import (
    LogEntry,
    concede_question,
    describe_play,
    move_meta,
    outcome_words,
    parse_move_text,
    phase_sentence,
    possessive,
)
from cuttle.text.helptext import card_rules, cards_view, help_view
from cuttle.text.intent import normalize_input
from cuttle.text.render import (
    GameOverView,
    HandoffView,
    MoveListView,
    TableModel,
    changed_cards,
)
from cuttle.text.safetext import safe_repr

if TYPE_CHECKING:
    from cuttle.play.coach import Coach

Result = Literal["over", "quit", "eof", "interrupt"]
MAX_LINE = 200
# The phase in words, for the prompt and the toolbar.
PHASE_LABEL = {
    "main": "your turn",
    "counter": "counter?",
    "resolve_three": "3: take a card",
    "resolve_four": "4: discard",
    "resolve_five": "5: discard one",
    "resolve_seven": "7: play a card",
    "hand_limit": "hand limit",
}
PACES = ("step", "normal", "fast")  # the opponent's turn on the full screen
# Commands that put something else on the screen than the numbered list of moves.
SHOWS_ANOTHER_VIEW = ("help", "?", "h", "rules", "scrap", "log", "hint", "undo")
LOG_REPLAY = 400  # moves described when a game is rebuilt; earlier ones are only replayed
VERBS = (
    "draw",
    "pass",
    "points",
    "scuttle",
    "oneoff",
    "perm",
    "jack",
    "counter",
    "resolve",
    "take",
    "discard",
    "scrap",
)


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human (``ai`` is None) or an AI of a level."""

    name: str
    ai: str | None = None

    @property
    def controller(self) -> str:
        return "human" if self.ai is None else f"ai:{self.ai}"


@dataclass
class Options:
    """Session options that outlive one game (and go into the save file)."""

    style: CardStyle = field(default_factory=CardStyle)
    think: float | None = None
    record_path: Path | None = None
    save: bool = True
    coach: bool = False
    show_seed: bool = True  # against the AI: the seed was chosen (--seed), so it may be shown
    record_force: bool = False  # the first write of record_path may replace an existing file


def clean_line(line: str) -> str:
    """Input with control characters removed and spaces collapsed."""
    kept = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in line)
    return " ".join(kept.split())


class GameSession:
    """Runs one game between two seats through a GameIO."""

    def __init__(
        self,
        seed: int,
        rules: str,
        seats: tuple[Seat, Seat],
        io: GameIO,
        options: Options | None = None,
        moves: list[str] | None = None,
    ) -> None:
        self.seed = seed
        self.rules = rules
        self.seats = seats
        self.io = io
        self.options = options or Options()
        self.style = self.options.style
        self.names = (seats[0].name, seats[1].name)
        self.game = Game.new(seed=seed, rules=rules)
        self.log: list[LogEntry] = []
        self.turns = 0
        self.choices: list[int] = []  # plies where a human had more than one legal move
        self.numbered: list[Move] | None = None
        self.dirty = True
        self.shown_to: int | None = None
        self.printed_log = 0
        self.notices: list[str] = []
        self.started = time.monotonic()
        self.coach = _make_coach(self.options.coach and len(self.humans) == 1)
        self.slot: Slot | None = None  # the save slot, taken at the first save (or on resume)
        self.save_problem: str | None = None  # why the last save failed, until one succeeds
        self._record_started = False
        self._replay_moves(moves or [])
        self.printed_log = len(self.log)

    def _replay_moves(self, moves: list[str]) -> None:
        """Rebuild a resumed or undone game: every move played, only the last ones described
        (a long game resumes in about the time the engine needs to replay it)."""
        fast = max(0, len(moves) - LOG_REPLAY)
        g = self.game
        for move in moves[:fast]:
            p = g.to_move
            if p is None:
                raise ValueError("a move comes after the end of the game")
            legal = g.legal_moves()
            if self.seats[p].ai is None and len(legal) > 1:
                self.choices.append(len(g.history))
            if g.phase == "main":
                self.turns += 1
            g.play(move)
        for move in moves[fast:]:
            if g.to_move is None:
                raise ValueError("a move comes after the end of the game")
            self._apply(g.to_move, move, quiet=True)

    # -- who is who --------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [p for p in (0, 1) if self.seats[p].ai is None]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) == 2

    def perspective(self, actor: int | None = None) -> int | None:
        """Whose eyes the shared output uses: the one human, or the acting player in hot-seat."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return None
        return actor if actor is not None else self.game.to_move

    # -- applying moves ----------------------------------------------------------------------
    def _apply(self, player: int | None, move: Move | str, quiet: bool = False) -> LogEntry:
        assert player is not None
        before = self.game.to_position()
        watcher = None if quiet else self._watcher(player)
        seen = self.game.view(watcher) if watcher is not None else None
        legal = self.game.legal_moves()
        ply = len(self.game.history)
        forced = self._forced_resolve(player, legal)
        why = self._no_counter_reason(player) if forced else ""
        coached = self.game.copy() if self.coach and not quiet and player in self.humans else None
        self.game.play(move)  # raises IllegalMoveError with the game unchanged
        if self.seats[player].ai is None and len(legal) > 1:
            self.choices.append(ply)
        if before.get("phase") == "main":
            self.turns += 1
        after = self.game.to_position()
        entry = describe_play(
            before,
            after,
            player,
            str(move if isinstance(move, Move) else Move.parse(move)),
            self.names,
            self.style,
            ply + 1,
        )
        if forced:  # resolved by itself (also when a resumed or undone game is rebuilt)
            prefix = f"{self.names[player]} could not counter ({why})"
            entry.public = _reword_resolve(entry.public, self.names[player], prefix)
            entry.private = {
                k: _reword_resolve(v, self.names[player], prefix) for k, v in entry.private.items()
            }
        self.log.append(entry)
        self.numbered = None
        self.dirty = True
        if watcher is not None and seen is not None:
            self._event(watcher, player, seen)
        if not quiet:
            self._after_move()
        if coached is not None and self.coach and (remark := self.coach.remark(coached, move)):
            # a message, not a notice under the next table: on the full screen the opponent's
            # turn redraws the table at once and a notice would go with it unseen
            self.say(remark)
        return entry

    def _watcher(self, actor: int) -> int | None:
        """Who is shown a move step by step: the human (hot-seat: the other player)."""
        if not self.io.interactive:
            return None
        if self.hotseat:
            return 1 - actor
        return self.perspective(actor)

    def _event(self, viewer: int, actor: int, seen: dict[str, Any]) -> None:
        """Hand the screen the table just after a move, the cards it moved marked."""
        model = self.model(viewer, status="")
        model.highlight = changed_cards(seen, model.pos)
        self.io.event(model, viewer == actor)

    def _after_move(self) -> None:
        self.save()  # before anything is written to the screen, which may fail
        if not self.io.interactive:
            viewer = self.perspective(self.log[-1].actor)
            for entry in self.log[self.printed_log :]:
                self.io.message(entry.text_for(viewer))
            self.printed_log = len(self.log)

    # -- records -----------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (with the session, for the save file)."""
        return GameRecord(
            rules=str(self.game.rules),
            seed=self.seed,
            players=list(self.names),
            moves=[str(m) for _, m in self.game.history],
            outcome=self.game.outcome,
            reason=self.game.outcome_reason,
            controllers=[s.controller for s in self.seats],
            session={
                "seats": [{"name": s.name, "ai": s.ai} for s in self.seats],
                "think": self.options.think,
                "record": str(self.options.record_path) if self.options.record_path else None,
                # whether the player chose the seed: a resumed game shows it only then
                "seed_shown": self.options.show_seed,
            },
        )

    def save(self) -> bool:
        """Write the ``--record`` file and the save slot. A failed write is told to the player
        (every time) and the game goes on. True when the game is safely saved, or there is
        nothing to save yet (no move made) or any more (the game is over: ``finish`` keeps it).
        """
        rec = self.record()
        self.write_record_file(rec)
        if not self.options.save or not rec.moves or self.game.outcome is not None:
            return self.save_problem is None
        try:
            if self.slot is None:
                self.slot = new_slot(self.seed)
            self.slot.write(rec)
        except (OSError, SlotError) as exc:
            self.save_problem = os_reason(exc) if isinstance(exc, OSError) else str(exc)
            self.announce(
                f"Could not save the game ({self.save_problem}); play goes on and the next "
                "move tries again."
            )
            return False
        self.save_problem = None
        return True

    def write_record_file(self, rec: GameRecord) -> None:
        """Write ``--record`` FILE; the first write replaces nothing unless ``--force``."""
        path = self.options.record_path
        if path is None:
            return
        replace = self._record_started or self.options.record_force
        try:
            write_json(path, rec.public_json(), replace=replace)
        except OSError as exc:
            self.announce(f"Could not write the record {shown_path(path)}: {os_reason(exc)}")
            return
        self._record_started = True

    def leave_words(self) -> str:
        """What the player is told on leaving: saved (and how to continue), or why not."""
        if not self.options.save:
            return "The game was not saved."
        if not self.game.history:
            return (
                "No move was made, so there is nothing to save (this deal again: "
                f"cuttle play --seed {self.seed})."
            )
        if self.save_problem is not None or self.slot is None or not self.slot.exists():
            why = self.save_problem or "no save was written"
            return f"The game could not be saved ({why}); it ends here."
        return f"Game saved as {self.slot.name} (continue it with: cuttle play --resume)."

    def resumable(self) -> bool:
        """The game is saved and can be continued with ``cuttle play --resume``."""
        return (
            self.options.save
            and bool(self.game.history)
            and self.save_problem is None
            and self.slot is not None
            and self.slot.exists()
        )

    def close(self) -> None:
        """Release the save slot (the session ends; the save stays for --resume)."""
        if self.slot is not None:
            self.slot.release()

    # -- screens -----------------------------------------------------------------------------
    def model(self, viewer: int | None, status: str | None = None) -> TableModel:
        g = self.game
        pos = g.to_position() if viewer is None else g.view(viewer)
        pos.setdefault("rules", str(g.rules))
        legal = [str(m) for m in g.legal_moves()] if g.outcome is None else []
        if status is None:
            status = (
                phase_sentence(pos, viewer, self.names, legal, self.style)
                if viewer is not None
                else ""
            )
        events = [e.text_for(viewer) for e in self.log] if self.io.interactive else []
        return TableModel(
            pos=pos,
            viewer=viewer,
            names=self.names,
            scores=(g.score(0), g.score(1)),
            goals=(g.goal(0), g.goal(1)),
            status=status,
            events=events,
            seed=self.seed if self.seed_visible() else None,
            style=self.style,
            bottom_seat=self.perspective() if viewer is None else None,
        )

    def seed_visible(self) -> bool:
        """The seed is the whole deal: shown in hot-seat only at the end, against the AI only
        when the player chose it (or at the end)."""
        if self.game.outcome is not None:
            return True
        return self.options.show_seed and not self.hotseat

    def render(self, viewer: int | None, status: str | None = None) -> None:
        model = self.model(viewer, status)
        model.footer = "\n".join(self.notices)
        self.notices = []
        self.io.table(model)
        self.dirty = False

    def move_items(self, moves: list[Move]) -> list[tuple[str, str]]:
        g = self.game
        p = g.to_move if g.to_move is not None else 0
        pos = g.view(p)
        pos.setdefault("rules", str(g.rules))
        return [
            (
                self.style.words(str(m)),
                self.style.say(move_meta(str(m), pos, p, self.names, self.style)),
            )
            for m in moves
        ]

    def completions(self) -> list[tuple[str, str]]:
        g = self.game
        if g.outcome is not None or g.to_move is None or self.seats[g.to_move].ai is not None:
            return []
        moves = g.legal_moves()
        return [(str(m), meta) for m, (_, meta) in zip(moves, self.move_items(moves), strict=True)]

    def announce(self, text: str) -> None:
        """A message for the start of the game: printed now (plain), or under the next table."""
        if self.io.interactive:
            self.notices.append(text)
        else:
            self.say(text)

    def panel(self, title: str, body: RenderableType) -> None:
        """Something to read (help, rules, the scrap, the log): a window over the board on the
        full screen, printed in plain mode."""
        self.io.panel(title, body)

    def say(self, text: str) -> None:
        self.io.message(self.style.say(text))

    def leave(self, head: str = "") -> None:
        """Tell the player what becomes of the game on leaving (``head`` first, on the line). When
        it can be continued, the screen keeps the words for after it closes."""
        words = f"{head}{self.leave_words()}"
        if self.resumable():
            self.io.farewell([self.style.say(words)])
        else:
            self.say(words)

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> Result:
        """Play until the game ends or the player leaves."""
        self.io.start_game(self.completions)
        while True:
            g = self.game
            if g.outcome is not None:
                self.finish()
                return "over"
            p = g.to_move
            assert p is not None
            seat = self.seats[p]
            try:
                if seat.ai is not None:
                    self.ai_turn(p, seat.ai)
                    continue
                if self.auto_resolve(p):
                    continue
                if self.hotseat and self.io.interactive and self.shown_to != p:
                    self.handoff(p)
                self.shown_to = p
                if self.dirty:
                    self.render(p)
                line = self.io.read(self.prompt(p))
            except EOFError:
                if not self.io.interactive:
                    self.save()
                    self.leave("End of input. ")
                    return "eof"
                if self.ask_quit():
                    return "quit"
                continue
            except KeyboardInterrupt:
                if not self.io.interactive:
                    self.save()
                    self.leave("Interrupted. ")
                    return "interrupt"
                if self.ask_quit():
                    return "quit"
                continue
            outcome = self.handle(line, p)
            if outcome is not None:
                return outcome

    def prompt(self, p: int) -> str:
        phase = self.game.phase
        tag = "" if phase == "main" else f" ({PHASE_LABEL.get(phase, phase.replace('_', ' '))})"
        return f"{self.names[p]}{tag}> "

    def ask_quit(self) -> bool:
        """Ctrl-C / Ctrl-D at the prompt: quit? The game is saved either way."""
        saved = self.save() and bool(self.game.history) and self.options.save
        question = "Quit? The game is saved either way." if saved else "Quit?"
        quit_now = ask_yes_no(self.io, question, if_interrupted=True, extra_yes=("q", "quit"))
        if quit_now:
            self.save()
            self.leave()
            return True
        self.dirty = True
        return False

    def handoff(self, p: int) -> None:
        note = ""
        if self.log:
            note = "Last: " + self.log[-1].public
        self.io.wait(HandoffView(self.names[p], note, self.style))
        self.dirty = True

    def auto_resolve(self, p: int) -> bool:
        """Against the AI, a counter window with nothing but ``resolve`` resolves by itself."""
        legal = self.game.legal_moves()
        if not self._forced_resolve(p, legal):
            return False
        self._apply(p, legal[0])
        return True

    def _forced_resolve(self, p: int, legal: list[Move]) -> bool:
        """A human's counter window against the AI where ``resolve`` is the only move."""
        return (
            not self.hotseat
            and self.seats[p].ai is None
            and self.game.phase == "counter"
            and len(legal) == 1
            and str(legal[0]) == "resolve"
        )

    def _no_counter_reason(self, p: int) -> str:
        """Why the player at ``p`` has nothing but ``resolve`` in this counter window."""
        pos = self.game.view(p)
        stack = pos.get("stack", [])
        verb = parse_move_text(str(stack[0].get("move", "")))[0] if stack else ""
        need = "10" if verb == "scuttle" and len(stack) == 1 else "2"
        rank = "T" if need == "10" else "2"
        hand = pos["hands"][p]
        if any(c[:1] == rank for c in hand):
            opp = self.names[1 - p]
            return f"{possessive(opp)} queen prevents it"
        return f"no {need} in hand"

    def ai_turn(self, p: int, level: str) -> None:
        viewer = self.perspective()
        if self.io.interactive and self.dirty and viewer is not None:
            self.render(viewer, status=f"{self.names[p]} is thinking…")
        cm = (
            self.io.thinking(self.style.say(f"{self.names[p]} is thinking…"))
            if self.io.interactive
            else contextlib.nullcontext()
        )
        with cm:
            move = players.choose_move(level, self.game, self.seed, self.options.think)
        self._apply(p, move)

    # -- commands ----------------------------------------------------------------------------
    def handle(self, raw: str, p: int) -> Result | None:
        """One line from the player at seat ``p``. Bad input changes nothing."""
        if len(raw) > MAX_LINE:
            self.say(f"That line is too long ({len(raw)} characters); type help for the commands.")
            return None
        line = clean_line(raw)
        if not line:
            return None
        words = line.split()
        cmd, rest = words[0].lower(), words[1:]
        if cmd in SHOWS_ANOTHER_VIEW:
            self.numbered = None  # the numbered list is no longer what the player sees
        if cmd in ("help", "?", "h"):
            self.panel("Help", help_view())
        elif cmd in ("moves", "m", "ls"):
            self.list_moves(self.game.legal_moves(), "Legal moves")
        elif cmd == "rules":
            self.show_rules(" ".join(rest))
        elif cmd == "scrap" and not rest:
            self.show_scrap()
        elif cmd == "log":
            self.show_log(p)
        elif cmd in ("legend", "threat"):
            from cuttle.text.threat import legend_for, threat_line

            view = self.game.view(p)
            threat = self.style.say(threat_line(view, p, self.names))
            if cmd == "threat":
                self.say(threat)
            else:
                self.panel("Legend", Text("\n".join([*legend_for(view)[1:], "", threat])))
        elif cmd == "hint":
            self.hint()
        elif cmd == "settings":
            from cuttle.play.settings_game import settings_command

            settings_command(self, rest)
        elif cmd == "pace":
            self.change_pace(rest)
        elif cmd == "undo":
            self.undo(p)
        elif cmd == "save":
            self.save_as(" ".join(rest) if rest else None)
        elif cmd == "concede":
            return self.concede(p)
        elif cmd in ("quit", "exit", "q"):
            self.save()
            self.leave()
            return "quit"
        elif cmd.isdigit() and not rest:
            self.play_number(int(cmd))
        else:
            self.try_move(line, p)
        return None

    def change_pace(self, words: list[str]) -> None:
        """``pace step|normal|fast``: the opponent's turn from now on, in this game only (the
        ``pace`` setting keeps one for every game)."""
        pace = words[0].lower() if len(words) == 1 else ""
        if pace not in PACES:
            self.say("pace takes step, normal or fast.")
            return
        self.io.set_pace(pace)
        if self.io.interactive:
            self.say(f"Pace: {pace}.")
        else:
            self.say(f"Pace: {pace} (plain output never pauses; it applies on the full screen).")

    def list_moves(self, moves: list[Move], title: str) -> None:
        self.numbered = list(moves)
        max_rows = None
        if self.io.interactive:
            max_rows = max(10, self.io.size()[1] - 14)
        self.io.show_moves(
            MoveListView(self.move_items(moves), title, max_rows), [str(m) for m in moves]
        )

    def play_number(self, n: int) -> None:
        """A bare number: a pick from the numbered list on screen, else "what can my fives do"."""
        if self.io.menus:
            self.numbered = None  # the full-screen menu took its own numbers; this one is a rank
        p = self.game.to_move
        hand = self.game.view(p)["hands"][p] if p is not None else []
        self.act(intent.read_number(n, self.numbered, self.game.legal_moves(), hand))

    def act(self, what: intent.Intent) -> None:
        """Carry out what a typed line meant."""
        if what.kind == "play" and what.move is not None:
            self._apply(self.game.to_move, what.move)
        elif what.kind == "list":
            self.list_moves(what.moves, what.title)
        else:
            self.say(what.text)

    def card_moves(self, card: str) -> None:
        moves = [m for m in self.game.legal_moves() if card in str(m).split()[1:2]]
        shown = self.style.plain(card)
        if not moves:
            p = self.game.to_move
            hand = self.game.view(p)["hands"][p] if p is not None else []
            frozen = self.game.view(p).get("frozen", []) if p is not None else []
            why = (
                "you do not hold it"
                if card not in hand
                else "it is frozen this turn (a 9 returned it)"
                if card in frozen
                else "it has no legal move now"
            )
            self.say(f"{shown} cannot be played now: {why}.")
            return
        self.list_moves(moves, f"What {shown} can do")

    def try_move(self, line: str, p: int) -> None:
        text = normalize_input(line).strip()
        words = text.split()
        verb = words[0] if words else ""
        exact: Move | None = None
        with contextlib.suppress(ValueError):
            exact = Move.parse(text)
        if exact is None:  # not the notation: perhaps a looser form (10h, play 10H, points 10)
            loose = intent.read_move(text, self.game.legal_moves(), self.style.plain)
            if loose is not None:
                self.act(loose)
                return
            if len(words) == 1 and is_card_text(words[0].upper()) and verb not in VERBS:
                self.card_moves(words[0].upper())
                return
        try:
            move = Move.parse(text)
        except ValueError as exc:
            if verb in VERBS:
                options = [m for m in self.game.legal_moves() if str(m).startswith(verb)]
                if options and len(text.split()) == 1:
                    self.list_moves(options, f"Your {verb} moves")
                    return
                hint = (
                    f" (legal now: {len(options)} {verb} move(s); type {verb} alone)"
                    if options
                    else f" ({verb} is not possible now)"
                )
                self.say(f"{_short(str(exc))}{hint}")
                return
            self.say(f"Not a move or command: {_short(line)!r}. Type help, or moves.")
            return
        try:
            self._apply(p, move)
        except ValueError as exc:
            self.say(f"Illegal: {_short(str(exc))}")

    def show_rules(self, card: str) -> None:
        if not card:
            self.panel("Rules", cards_view(str(self.game.rules)))
            return
        try:
            if self.style.ascii or not self.io.interactive:
                width = self.io.size()[0]
                text = card_rules(card, False, width)
                assert isinstance(text, Text)
                self.panel(f"Rules: {card[:20]}", Text(self.style.say(text.plain)))
            else:
                self.panel(f"Rules: {card[:20]}", card_rules(card, True))
        except ValueError as exc:
            self.say(_short(str(exc)))
        except (ImportError, OSError):
            self.say("The rules text is not available; see: cuttle rules")

    def show_scrap(self) -> None:
        scrap = self.game.to_position().get("scrap", [])
        if not scrap:
            self.say("The scrap is empty.")
            return
        body = Text.assemble(
            (f"Scrap ({len(scrap)}, oldest first): ", "bold"), self.style.cards(list(scrap))
        )
        self.panel("Scrap", body)

    def show_log(self, p: int) -> None:
        if not self.log:
            self.say("No moves yet.")
            return
        lines = [Text(self.style.say(f"{e.ply:3d}. {e.text_for(p)}")) for e in self.log]
        self.panel("Log", Group(Text("The game so far", style="bold"), *lines))

    def hint(self) -> None:
        try:
            with self.io.thinking(self.style.say("Looking for a hint…")):
                p = self.game.to_move if self.game.to_move is not None else 0
                opponent = self.names[1 - p] if self.hotseat else "the AI"
                move, level, why = players.hint_move(
                    self.game, self.seed, self.options.think, opponent
                )
        except KeyboardInterrupt:  # Ctrl-C while the AI looks: no hint, the game goes on
            self.say("Hint cancelled.")
            return
        meta = self.move_items([move])[0][1]
        extra = f" — {why}" if why else ""
        self.say(f"Hint ({level} AI): {self.style.words(str(move))}  [{meta}]{extra}")

    def undo(self, p: int) -> None:
        if self.hotseat:
            self.say("undo works only against the AI.")
            return
        ply = len(self.game.history)
        earlier = [c for c in self.choices if c < ply]
        if not earlier:
            self.say("Nothing to undo: you have made no decision yet.")
            return
        target = earlier[-1]
        moves = [str(m) for _, m in self.game.history]
        shown = first_reveal(self.seed, self.rules, moves, target, p)
        if shown is not None:
            self.say(
                f"Cannot undo: move {shown} showed you a card that was hidden at your decision "
                f"at move {target + 1} (undo never lets you see a hidden card and take it back)."
            )
            return
        kept = moves[:target]
        fresh = GameSession(self.seed, self.rules, self.seats, self.io, self.options, kept)
        self.game, self.log, self.turns = fresh.game, fresh.log, fresh.turns
        self.choices, self.numbered, self.dirty = fresh.choices, None, True
        self.printed_log = len(self.log)
        self.save()
        self.announce(f"Undone: back to your decision at move {target + 1}.")

    def save_as(self, name: str | None) -> None:
        """``save`` (the game's own save) or ``save FILE`` (a copy of the record there)."""
        saved = self.save()
        if name is None:
            if saved and self.slot is not None and self.slot.exists():
                self.say(f"Saved as {self.slot.name} ({shown_path(self.slot.path)}).")
            else:
                self.say(self.leave_words())
            return
        path = Path(name).expanduser()
        try:
            replace = _holds_a_record(path)
            write_json(path, self.record().public_json(), replace=replace)
        except UnsafeTargetError as exc:
            self.say(f"Not saved: {exc} (only a cuttle game record is replaced).")
            return
        except OSError as exc:
            self.say(f"Could not save to {shown_path(name)}: {os_reason(exc)}")
            return
        if self.game.outcome is None:
            self.say(f"Saved to {shown_path(path)} (the game so far).")
        else:
            shown = shown_path(path)
            self.say(f"Saved to {shown} (watch it with: cuttle replay {shown}).")

    def concede(self, p: int) -> Result | None:
        if not ask_yes_no(self.io, concede_question(self.names[p])):
            self.say("Not conceded; play on.")
            return None
        self.game.concede(p)
        self.log.append(LogEntry(len(self.game.history), p, "concede", f"{self.names[p]} conceded"))
        self.save()
        return None

    # -- the end -----------------------------------------------------------------------------
    def finish(self) -> Path | None:
        """Game over: the final table (all cards shown), the result, the record kept."""
        g = self.game
        headline = outcome_words({"outcome": g.outcome}, self.names, g.outcome_reason)
        self.render(None, status="")
        if not self.io.interactive:
            for entry in self.log[self.printed_log :]:
                self.io.message(entry.text_for(self.perspective(entry.actor)))
            self.printed_log = len(self.log)
        self.io.game_over(
            GameOverView(
                headline[0].upper() + headline[1:],
                self.names,
                (g.score(0), g.score(1)),
                (g.goal(0), g.goal(1)),
                self.turns,
                self.seed,
                self.style,
            )
        )
        self.save()
        kept: Path | None = None
        game_id: int | None = None
        if self.options.save:
            try:
                kept = keep_finished(self.record())
            except OSError as exc:
                self.keep_in_slot(os_reason(exc))
            else:
                if self.slot is not None:
                    self.slot.remove()
                    self.slot = None
            game_id, problem = record_finished(
                self.record(), time.monotonic() - self.started, kept.name if kept else None
            )
            if problem:
                self.say(problem)
        later = f"cuttle review {game_id}" if game_id is not None and not problem else None
        where = f"game {game_id}" if game_id is not None else "this game"
        self.io.offer_review(self.record(), where, later)
        if self.options.record_path is not None and self._record_started:
            self.say(f"Record written to {shown_path(self.options.record_path)}.")
        if kept is not None and self.io.interactive:
            self.io.farewell(
                [
                    self.style.say("Record kept; watch the game again with:"),
                    self.style.say(f"  cuttle replay {shown_path(kept)}"),
                ]
            )
        return kept

    def keep_in_slot(self, why: str) -> None:
        """The history could not take the finished game: leave it in its save slot instead."""
        try:
            if self.slot is None:
                self.slot = new_slot(self.seed)
            self.slot.write(self.record())
        except (OSError, SlotError):
            self.say(f"Could not keep the game record ({why}).")
            return
        self.say(f"Could not keep the game record ({why}); it stays saved as {self.slot.name}.")


def _holds_a_record(path: Path) -> bool:
    """True when ``path`` is a cuttle game record (which ``save FILE`` may replace)."""
    if not path.exists():
        return False
    try:
        read_record(path)
    except CorruptFileError:
        return False
    return True


def _make_coach(wanted: bool) -> Coach | None:
    """The coach (imported only when asked for: it loads the search)."""
    if not wanted:
        return None
    from cuttle.play.coach import Coach

    return Coach()


def _reword_resolve(text: str, name: str, prefix: str) -> str:
    """``You let it resolve: X`` -> ``You could not counter (no 2 in hand): X``."""
    head = f"{name} let it resolve"
    if text.startswith(head):
        return prefix + text[len(head) :]
    return f"{prefix}: {text}"


def _short(text: str, limit: int = 120) -> str:
    text = clean_line(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def session_from_record(
    record: GameRecord,
    io: GameIO,
    options: Options,
) -> GameSession:
    """A session continuing a saved game (seats from its ``session`` block)."""
    info: dict[str, Any] = record.session or {}
    seats_data = info.get("seats")
    seats: list[Seat] = []
    if isinstance(seats_data, list) and len(seats_data) == 2:
        for s in seats_data:
            if not isinstance(s, dict):
                raise ValueError("each seat must be an object with a name")
            name = check_name(s.get("name"), "a seat's name")
            ai = s.get("ai")
            if ai is not None and (not isinstance(ai, str) or ai not in players.LEVELS):
                raise ValueError(f"unknown AI level {safe_repr(ai, 20)}")
            seats.append(Seat(name, ai))
    else:
        for name, ctl in zip(record.players, record.controllers, strict=True):
            level = ctl.split(":", 1)[1] if ctl.startswith("ai:") else None
            seats.append(Seat(name, level if level in players.LEVELS else None))
    return GameSession(
        record.seed, record.rules, (seats[0], seats[1]), io, options, moves=record.moves
    )


__all__ = ["GameSession", "Options", "Seat", "clean_line", "parse_move_text", "session_from_record"]
